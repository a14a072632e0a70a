"""What a finished Oregon Trail Race tells the standings (games/rules/base.py's contract, the
engine's standings.py): a wagon that did not win is placed by whether it is alive, when it went
out, its members and its trail (as the result's ranking, turns.finish); the figures count the
calamities played by name and the wagon members lost by cause, from the moves' events."""

from games.rules.oregon_trail.engine import ENGINE

from .helpers import act, blank, give_calamity, give_hand, lay_length, set_draws
from .test_calamities import send


def test_the_measure_is_alive_out_order_members_and_trail_length():
    """A trail's length is its cards picked up plus those still on the table (towns never count)."""
    state = blank(players=3)
    lay_length(state, 0, 3)
    state["players"][0]["trimmed"] = 2
    state["players"][0]["members"] = 3
    lay_length(state, 1, 1)
    state["players"][2].update(alive=False, out_order=0, members=0)
    result = {"winners": [], "ranking": [0, 1, 2]}
    assert ENGINE.finishing_measure(state, result, 0) == ("trail", True, None, 3, 5)
    assert ENGINE.finishing_measure(state, result, 1) == ("trail", True, None, 4, 1)
    assert ENGINE.finishing_measure(state, result, 2) == ("trail", False, 0, 0, 0)


def test_without_the_seats_wagon_the_measure_is_the_seat_alone():
    """{} (no final state at hand), a seat the state has no wagon for, or a record that is no
    wagon: each seat is its own, the ranking strict."""
    state = blank(players=2)
    assert ENGINE.finishing_measure({}, {}, 1) == ("seat", 1)
    assert ENGINE.finishing_measure(state, {}, 2) == ("seat", 2)
    assert ENGINE.finishing_measure({"players": [None, {"seat": 1}]}, {}, 1) == ("seat", 1)
    wagon = state["players"][1]
    assert ENGINE.finishing_measure({"players": ["x", wagon]}, {}, 1) == ("trail", True, None, 4, 0)


def test_wagons_level_in_every_measure_share_a_place_and_one_more_card_parts_them():
    state = blank(players=4)
    for seat in (1, 2, 3):
        lay_length(state, seat, 2)
    result = {"winners": [0], "ranking": [0, 1, 2, 3]}
    assert ENGINE.finishing_places(state, result, set()) == {0: 1, 1: 2, 2: 2, 3: 2}
    state["players"][3]["trimmed"] = 1
    result = {"winners": [0], "ranking": [0, 3, 1, 2]}
    assert ENGINE.finishing_places(state, result, set()) == {0: 1, 3: 2, 1: 3, 2: 3}


def test_figures_count_calamities_by_name_and_members_lost_by_cause():
    """A dysentery and a snake bite each kill a member at once; dead oxen not mended in time kill
    the whole party (its three members); a drowning river's 1 drowns one. Other events count
    nothing."""
    state = blank(players=3)
    moves = [send(state, "dysentery", 1), send(state, "snake_bite", 2)]
    give_calamity(state, 2, "dead_oxen", deadline=1)
    for seat in (0, 1, 2):
        moves.append(act(state, seat, {"type": "end_turn"}))
    assert not state["players"][2]["alive"]
    moves.append(act(state, 0, {"type": "end_turn"}))
    lay_length(state, 1, 2)
    cid = give_hand(state, 1, "river_drown", "middle")
    set_draws(state, 1)
    moves.append(act(state, 1, {"type": "forge", "card": cid, "turned": False}))
    assert state["players"][1]["members"] == 2
    assert ENGINE.count_figures(state, moves) == {
        "calamities": {"Dysentery": 1, "Snake Bite": 1},
        "deaths": {"Dysentery": 1, "Snake Bite": 1, "Dead Oxen": 3, "Drowned in the river": 1},
    }


def test_figures_of_events_with_parts_missing():
    """A kind the cards do not name keeps its own word; a death without its count is one member;
    a calamity without its kind, a death without its cause and an event without public facts
    count nothing."""
    moves = [
        [
            {"type": "calamity", "public": {"calamity": "locusts"}},
            {"type": "calamity", "public": {"calamity": "cholera"}},
            {"type": "calamity", "public": {"victim": 1}},
            {"type": "member_died", "public": {"cause": "shot as a thief"}},
            {"type": "member_died", "public": {"count": 2}},
            {"type": "member_died"},
        ],
        [{"type": "calamity", "public": {"calamity": "cholera"}}],
    ]
    assert ENGINE.count_figures({}, moves) == {
        "calamities": {"locusts": 1, "Cholera": 2},
        "deaths": {"Shot as a thief": 1},
    }
    assert ENGINE.count_figures({}, []) == {}
