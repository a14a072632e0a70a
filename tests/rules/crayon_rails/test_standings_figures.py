"""What a finished Crayon Rails tells the standings (standings.py, games/rules/base.py's contract):
seats placed by the major cities one network links and their cash, and the deliveries by good and
a delivery's payoff over the game as its figures (found by mutation testing, issue #31: no test of
the package read them)."""

from games.rules.crayon_rails.cards import DEMANDS
from games.rules.crayon_rails.engine import ENGINE

from .helpers import act, at, blank, link, to_hand


def test_the_measure_is_the_majors_one_network_links_at_most_as_many_as_win_then_the_cash():
    """The win needs the cash and all major cities but one linked (MAJORS_TO_WIN, 5 of 6): seats
    not winning are told apart by the majors linked, counted up to those 5, then by cash."""
    s = blank("standard", 3)
    link(s, 0, "Harrowgate", "Velmora")
    link(s, 1, "Harrowgate", "Velmora", "Caskerton", "Ondrey", "Saltmere", "Port Brannock")
    result = {"winners": [2], "cash": [80, 95, 260]}
    assert [ENGINE.finishing_measure(s, result, seat) for seat in range(3)] == [
        ("cash", 2, 80),
        ("cash", 5, 95),  # all six linked count as the five that win
        ("cash", 0, 260),
    ]
    # a seat the result gives no cash, and a state not at hand (no players, or a player without track)
    assert ENGINE.finishing_measure(s, {"cash": [80]}, 1) == ("cash", 5, None)
    assert ENGINE.finishing_measure(s, {}, 0) == ("cash", 2, None)
    assert ENGINE.finishing_measure({}, result, 1) == ("cash", None, 95)
    assert ENGINE.finishing_measure({"players": [{}, {"cash": 3}]}, result, 1) == ("cash", None, 95)
    assert ENGINE.finishing_measure({"players": [{"track": []}]}, result, 1) == ("cash", None, 95)


def test_level_seats_share_a_place_only_when_majors_and_cash_are_equal():
    s = blank("standard", 4)
    for seat in (1, 2, 3):
        link(s, seat, "Harrowgate", "Velmora")
    result = {"winners": [0], "ranking": [0, 1, 2, 3], "cash": [300, 90, 90, 89]}
    assert ENGINE.finishing_places(s, result, set()) == {0: 1, 1: 2, 2: 2, 3: 4}


def test_the_figures_count_deliveries_by_good_and_the_payoffs_by_tenth_of_the_game():
    s = blank("standard", 2)
    to_hand(s, 0, "D003")  # its demand 2: Grain to Calder Mills
    s["players"][0].update(pos=at("Calder Mills"), loads=["Grain"])
    delivered = act(s, 0, "deliver", card="D003", demand=2)
    pay = DEMANDS["D003"][2][2]
    other = {"type": "deliver", "public": {"good": "Coal", "payoff": 30}}
    no_good = {"type": "deliver", "public": {"payoff": 99}}  # no good: nothing counted
    no_pay = {"type": "deliver", "public": {"good": "Coal"}}  # no payoff: a delivery that paid nothing
    moves = [
        delivered,
        [],
        [{"type": "tax", "public": {"tax": 10}}],
        [],
        [],
        [],
        [],
        [],
        [],
        [other, dict(other), no_pay],
    ]
    moves[5] = [no_good, {"type": "pool_card", "public": {"good": "Wine"}}]
    figures = ENGINE.count_figures(s, moves)
    assert figures == {
        "deliveries": {"Grain": 1, "Coal": 3},
        "payoffs": {"1": pay, "10": 60},
        "payoff_deliveries": {"1": 1, "10": 3},
    }
    assert ENGINE.count_figures(s, []) == {} and ENGINE.count_figures(s, [[{"public": None}]]) == {}
