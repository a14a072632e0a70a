"""The engine's bot (bots.py) in exact positions, its rating of the demands (`jobs`), its turn's
order (`_turn`), its building (`_build`) and the costs it builds on (`_connection`), each
checked against the strategy the module's docstrings describe (issue #31).

The costs in these tests, on seat 0's track from Larkmere to Calder Mills (`calder_line`):
building to Quillon costs 5, Korvin 13, Brindle 16, Catterby 24, Ebbridge 6, Quarry End 18;
on the empty map, Quillon to Korvin costs 20, Brindle to Catterby 38, Ebbridge to Quarry End
16; Larkmere is 7 mileposts from Quillon, 15 from Brindle, 14 from Ebbridge, 18 from Calder
Mills; Quillon 16 from Korvin, Brindle 30 from Catterby, Ebbridge 11 from Quarry End.
"""

import pytest

from games.rules.crayon_rails import bots
from games.rules.crayon_rails import network as net
from games.rules.crayon_rails.board import CITY_INDEX, node, xy
from games.rules.crayon_rails.engine import ENGINE

from .helpers import at, blank, flood, fresh_caches, lay, legal, link, lock, to_hand, to_pool  # noqa: F401 (fresh_caches: autouse)
from .test_bots import calder_line, choice, derailed

Q, K = CITY_INDEX["Quillon"], CITY_INDEX["Korvin"]


def rating(pay, build, mileposts, speed=9):
    """The rating of jobs' docstring, before the cash, lock and load-aboard terms."""
    return (pay - build / 2) / (build / 20 + mileposts / speed + 0.7)


def job(state, card, demand, seat=0):
    return next(j for j in bots.jobs(state, seat) if (j.card, j.demand) == (card, demand))


def test_the_costs_these_tests_use():
    """The figures of this file's docstring: costs from the Larkmere line and on the empty map."""
    s = calder_line(pos=at("Larkmere"))
    conn = bots._connection(s, 0)
    cost, hops, _nearest = bots._tables()
    L, B, C, E, QE, CM = (
        CITY_INDEX[n] for n in ("Larkmere", "Brindle", "Catterby", "Ebbridge", "Quarry End", "Calder Mills")
    )
    assert [conn[c] for c in (L, Q, K, B, C, E, QE, CM)] == [0, 5, 13, 16, 24, 6, 18, 0]
    assert (cost[Q][K], cost[B][C], cost[E][QE]) == (20, 38, 16)
    assert (hops[L][Q], hops[L][B], hops[L][E], hops[L][CM]) == (7, 15, 14, 18)
    assert (hops[Q][K], hops[B][C], hops[E][QE]) == (16, 30, 11)


def test_a_demand_rates_its_payoff_less_half_the_track_per_turn_it_takes():
    """D003: Grain from Larkmere to Calder Mills (33) needs no track, 18 mileposts; Marble from
    Quillon to Korvin (35) track to both, 5 + 13, and 7 + 16 mileposts; Oil from Brindle to
    Catterby (62) 16 + 24 of track, 15 + 30 mileposts. Best first."""
    s = calder_line(pos=at("Larkmere"))
    to_hand(s, 0, "D003")
    rated = [(j.card, j.demand, j.good, j.source, j.dest, j.build) for j in bots.jobs(s, 0)]
    assert rated == [
        ("D003", 2, "Grain", CITY_INDEX["Larkmere"], CITY_INDEX["Calder Mills"], 0),
        ("D003", 0, "Marble", Q, K, 18),
        ("D003", 1, "Oil", CITY_INDEX["Brindle"], CITY_INDEX["Catterby"], 40),
    ]
    scores = [j.score for j in bots.jobs(s, 0)]
    assert scores == pytest.approx([rating(33, 0, 18), rating(35, 18, 23), rating(62, 40, 45)])
    assert [(j.pay, j.have, j.mine, j.locked) for j in bots.jobs(s, 0)] == [
        (p, False, True, False) for p in (33, 35, 62)
    ]


def test_a_source_and_city_near_each_other_build_to_the_nearer_and_on_between_them():
    """D004's Wine to Quarry End (29): Ebbridge's Wine is 6 from the track and 16 from Quarry
    End (22), cheaper than 6 + 18 to both from the track; the other Wine cities cost more."""
    s = calder_line(pos=at("Larkmere"))
    to_hand(s, 0, "D004")
    wine = job(s, "D004", 1)
    assert (wine.source, wine.build) == (CITY_INDEX["Ebbridge"], 22)
    assert wine.score == pytest.approx(rating(29, 22, 14 + 11))


def test_track_the_cash_does_not_cover_costs_a_quarter_of_it_more():
    s = calder_line(pos=at("Larkmere"), cash=30)
    to_hand(s, 0, "D003")
    assert job(s, "D003", 1).score == pytest.approx(rating(62, 40, 45) - 10 / 4)
    assert job(s, "D003", 0).score == pytest.approx(rating(35, 18, 23))  # 18 is covered


def test_a_faster_train_rates_the_mileposts_by_its_speed():
    s = calder_line(pos=at("Larkmere"), train="fast")
    to_hand(s, 0, "D003")
    assert job(s, "D003", 0).score == pytest.approx(rating(35, 18, 23, speed=12))


def test_before_the_train_is_placed_only_the_way_from_the_source_counts():
    s = calder_line()
    to_hand(s, 0, "D003")
    assert job(s, "D003", 0).score == pytest.approx(rating(35, 18, 16))
    s["players"][0]["loads"] = ["Marble"]  # aboard: nothing to travel, only Korvin to build to
    marble = job(s, "D003", 0)
    assert (marble.source, marble.build, marble.have) == (None, 13, True)
    assert marble.score == pytest.approx(rating(35, 13, 0) + 3)


def test_a_load_aboard_needs_no_source_and_rates_3_more():
    """Standard: a Marble load aboard is D003's Marble, 13 of track to Korvin, 16 mileposts from
    Quillon where the train stands."""
    s = calder_line(pos=at("Quillon"), loads=["Marble"])
    to_hand(s, 0, "D003")
    marble = job(s, "D003", 0)
    assert (marble.source, marble.build, marble.have) == (None, 13, True)
    assert marble.score == pytest.approx(rating(35, 13, 16) + 3)
    assert not job(s, "D003", 1).have


def test_with_no_track_the_way_is_built_from_a_major_city_or_from_the_train():
    """No track: every major city is a start (Quillon costs 8 from the nearest, Korvin 5), so
    Marble costs 5 to Korvin and 20 on to Quillon; a load aboard builds from the train's city
    to the demand's on the empty map (Larkmere to Korvin: 27, 23 mileposts)."""
    s = blank("standard", 2)
    s["players"][0]["pos"] = at("Larkmere")
    to_hand(s, 0, "D003")
    conn = bots._connection(s, 0)
    assert (conn[Q], conn[K]) == (8, 5)
    marble = job(s, "D003", 0)
    assert (marble.source, marble.build) == (Q, 25)
    assert marble.score == pytest.approx(rating(35, 25, 7 + 16))
    s["players"][0]["loads"] = ["Marble"]
    aboard = job(s, "D003", 0)
    assert (aboard.source, aboard.build) == (None, 27)
    assert aboard.score == pytest.approx(rating(35, 27, 23) + 3)
    s["players"][0]["loads"] = []
    s["players"][0]["pos"] = None  # not placed yet: only Quillon's 16 mileposts to Korvin
    assert job(s, "D003", 0).score == pytest.approx(rating(35, 25, 16))
    s["players"][0]["loads"] = ["Marble"]  # and aboard: only the build to Korvin from a major
    unplaced = job(s, "D003", 0)
    assert (unplaced.build, unplaced.score) == (5, pytest.approx(rating(35, 5, 0) + 3))


def test_equal_ratings_go_by_card():
    """D050's Oil to Catterby pays 62 like D003's: the same rating, D003 first whatever the hand's order."""
    s = calder_line(pos=at("Larkmere"))
    to_hand(s, 0, "D050", "D003")
    oil = [(j.card, j.demand) for j in bots.jobs(s, 0) if j.good == "Oil"]
    assert oil == [("D003", 1), ("D050", 2)]
    assert job(s, "D003", 1).score == job(s, "D050", 2).score


def test_public_a_free_load_or_the_load_of_a_lock_is_aboard():
    """Public: a free Grain aboard serves D003's Grain demand in the pool; so does a Grain
    locked onto it; a Grain locked onto another card does not."""
    s = calder_line("public", pos=at("Larkmere"), loads=["Grain"])
    to_pool(s, "D003", "D005")  # D005: Grain to Quarry End (17)
    grain = job(s, "D003", 2)
    assert (grain.have, grain.source, grain.locked) == (True, None, False)
    assert grain.score == pytest.approx(rating(33, 0, 18) + 3)
    lock(s, 0, "D005", 2)  # the Grain is D005's now
    assert not job(s, "D003", 2).have
    s["players"][0]["locks"] = []
    lock(s, 0, "D003", 2)  # its own public lock: aboard, and not locked by another
    mine = job(s, "D003", 2)
    assert (mine.have, mine.locked) == (True, False)
    assert mine.score == pytest.approx(rating(33, 0, 18) + 3)


def test_public_a_private_card_has_its_load_aboard_once_loaded():
    s = calder_line("public", pos=at("Larkmere"))
    to_hand(s, 0, "D003")
    lock(s, 0, "D003", 2, private=True, loaded=False)
    waiting = job(s, "D003", 2)
    assert (waiting.have, waiting.source, waiting.mine) == (False, CITY_INDEX["Larkmere"], True)
    s["players"][0]["loads"] = ["Grain"]
    s["players"][0]["locks"][0]["loaded"] = True
    loaded = job(s, "D003", 2)
    assert (loaded.have, loaded.source) == (True, None)
    assert loaded.score == pytest.approx(rating(33, 0, 18) + 3)


def test_a_demand_another_player_locked_rates_six_tenths():
    s = calder_line("public", pos=at("Larkmere"))
    to_pool(s, "D003")
    s["players"][1]["loads"] = ["Grain"]
    lock(s, 1, "D003", 2)
    taken = job(s, "D003", 2)
    assert taken.locked
    assert taken.score == pytest.approx(0.6 * rating(33, 0, 18))


def korvin_full(mode="standard"):
    """Seats 1 and 2 both built into Korvin, a small city: seat 0 (on the Larkmere line) may
    build there no more. D003 in its hand (standard) or the pool (public)."""
    s = blank(mode, 3)
    link(s, 0, "Larkmere", "Calder Mills")
    s["players"][0]["pos"] = at("Larkmere")
    lay(s, 1, (35, 25), (36, 25))
    lay(s, 2, (36, 24), (36, 25))
    if mode == "standard":
        to_hand(s, 0, "D003")
    else:
        to_pool(s, "D003")
    return s


def test_a_city_closed_to_our_building_is_no_destination_and_no_source():
    s = korvin_full()
    assert bots._connection(s, 0)[K] >= net.INF
    assert [j.demand for j in bots.jobs(s, 0)] == [2, 1]  # no Marble to Korvin
    s = blank("standard", 3)
    link(s, 0, "Larkmere", "Calder Mills")
    s["players"][0]["pos"] = at("Larkmere")
    lay(s, 1, (25, 14), (26, 14))
    lay(s, 2, (27, 14), (26, 14))  # Quillon full: its Marble is out of reach
    to_hand(s, 0, "D003")
    assert job(s, "D003", 0).source == CITY_INDEX["Quarry End"]


def test_a_closed_source_listed_first_leaves_the_others():
    """Marble comes from Quarry End or Quillon: with seats 1 to 3 in Quarry End, a medium city,
    seat 0 still fetches D003's Marble from Quillon; with Quillon full too (seats 1 and 2), the
    Marble is no job, and D003's other demands still are."""
    s = blank("standard", 4)
    link(s, 0, "Larkmere", "Calder Mills")
    s["players"][0]["pos"] = at("Larkmere")
    for seat, end in ((1, (10, 20)), (2, (12, 20)), (3, (10, 19))):
        lay(s, seat, end, (11, 20))
    to_hand(s, 0, "D003")
    assert bots._connection(s, 0)[CITY_INDEX["Quarry End"]] >= net.INF
    marble = job(s, "D003", 0)
    assert (marble.source, marble.build) == (Q, 18)
    lay(s, 1, (25, 14), (26, 14))
    lay(s, 2, (27, 14), (26, 14))  # Quillon full too: no Marble to fetch, the other demands stay
    assert [(j.card, j.demand) for j in bots.jobs(s, 0)] == [("D003", 2), ("D003", 1)]


def test_a_closed_city_others_track_leads_to_costs_nothing_to_reach():
    """Seat 1's track runs from Larkmere to Korvin: seat 0's train gets there on it."""
    s = korvin_full()
    link(s, 1, "Larkmere", "Korvin")
    assert bots._connection(s, 0)[K] == 0
    marble = job(s, "D003", 0)
    assert (marble.source, marble.build) == (Q, 5)
    assert marble.score == pytest.approx(rating(35, 5, 23))


def test_the_costs_are_remembered_per_seat_tracks_and_events():
    """The memo of _connection: another seat, more track, a strike each give their own costs."""
    from .helpers import event_card

    s = korvin_full()
    link(s, 1, "Larkmere", "Korvin")
    assert bots._connection(s, 0)[K] == 0
    assert bots._connection(s, 1)[CITY_INDEX["Calder Mills"]] > 0  # seat 1's own costs
    assert bots._connection(s, 0)[Q] == 5
    link(s, 0, "Larkmere", "Quillon")
    assert bots._connection(s, 0)[Q] == 0
    cid = event_card("strike", kind="rail")
    s["events"] = [{"card": cid, "type": "strike", "kind": "rail", "drawer": 1, "turns_left": 2}]
    assert bots._connection(s, 0)[K] >= net.INF  # seat 1's track is on strike: no way there
    s = calder_line(pos=at("Larkmere"))
    assert bots._connection(s, 0)[K] == 13
    s["events"] = [flood("Tamsin")]  # its crossings closed: the way round costs 22
    assert bots._connection(s, 0)[K] == 22


def no_grain(s):
    """Every Grain chip is on seat 1's train: D003's Marble from Quillon to Korvin is the job."""
    s["players"][1]["loads"] = ["Grain"] * 5
    return s


def test_a_rich_bot_builds_toward_the_major_city_nearest_its_network_first():
    """At 150 (60% of 250) with no major linked: Ondrey costs 5 from the Larkmere line, the
    least of the six (Velmora 7, Saltmere 12, Caskerton 17, Port Brannock 20, Harrowgate 25)."""
    s = no_grain(calder_line(pos=at("Larkmere"), cash=150))
    to_hand(s, 0, "D003")
    assert choice(s)["toward"] == "Ondrey"


def test_with_the_majors_to_win_linked_a_rich_bot_builds_for_its_jobs():
    """Five of the six majors linked (all the win needs): Harrowgate is not built toward."""
    s = no_grain(calder_line(pos=at("Larkmere"), cash=150))
    to_hand(s, 0, "D003")
    link(s, 0, "Larkmere", "Ondrey", "Velmora", "Saltmere", "Caskerton", "Port Brannock")
    assert net.connected_majors(s["players"][0]["track"]) == 5
    assert choice(s)["toward"] == "Quillon"


def test_a_train_not_yet_placed_keeps_no_reserve_for_fees():
    """The first building turn: the bot spends its last cash on the way to Varrow."""
    s = ENGINE.new_state({"mode": "standard"}, 2, "build")
    first = choice(s)
    assert first["toward"] == "Varrow"
    s["players"][0]["cash"] = ENGINE.build_cost(s, 0, first)
    assert choice(s) == first


def test_the_bot_locks_its_load_onto_the_best_rated_demand():
    """Public: a free Grain, D003's Grain to Calder Mills (33, on its track) and D005's to
    Quarry End (17): the lock goes to D003, also just short of the cash to win."""
    s = calder_line("public", pos=at("Larkmere"), loads=["Grain"])
    to_pool(s, "D005", "D003")
    best = {"type": "lock", "card": "D003", "demand": 2, "good": "Grain"}
    assert choice(s) == best
    s["players"][0]["cash"] = s["cash_to_win"] - 1
    assert choice(s) == best


def test_a_demand_rated_below_nothing_is_locked_only_after_a_pitch():
    """D047's Grain to Morrowfen needs 29 of track with no cash: rated below 0, so not locked
    (bots.py: the turn goes on); after a pitch the turn is only locking or ending: it locks
    (_turn's docstring)."""
    s = calder_line("public", pos=at("Larkmere"), cash=0, loads=["Grain"])
    to_pool(s, "D047")
    assert job(s, "D047", 0).score < 0
    assert choice(s) == {"type": "end_turn"}
    s["players"][0]["stage"] = "pitched"
    assert choice(s) == {"type": "lock", "card": "D047", "demand": 0, "good": "Grain"}


def test_the_cash_to_win_closes_nothing_in_the_standard_mode():
    """Only a public locked load bars a win: with 250 a standard bot still picks up its Grain."""
    s = calder_line("standard", pos=at("Larkmere"), cash=250)
    to_hand(s, 0, "D003")
    assert choice(s) == {"type": "pickup", "good": "Grain"}


def test_of_two_legal_actions_the_bot_chooses_rather_than_play_the_first():
    """choose plays a lone legal action as it is; with two, it weighs them: derailed with two
    locked loads, it loses the Iron (D001, 37), listed second, not the Oil (D003, 62)."""
    s = blank("public", 2)
    to_pool(s, "D001", "D003")
    s["players"][0].update(pos=at("Larkmere"), loads=["Oil", "Iron"])
    lock(s, 0, "D003", 1)
    lock(s, 0, "D001", 0)
    derailed(s)
    assert [a["good"] for a in ENGINE.legal_actions(s, 0)] == ["Oil", "Iron"]
    assert choice(s) == {"type": "lose_load", "good": "Iron", "card": "D001"}


def test_the_bot_builds_for_the_loads_it_carries_however_poor_but_public_only_for_locked_ones():
    """D047: Grain to Morrowfen (29 of track, rated just below 0 with 12 in cash) for the Grain
    aboard, Cheese from Calder Mills to Port Brannock (20) its one job worth anything. Standard:
    the load aboard comes first, build toward Morrowfen. Public: a free load may yet be locked
    onto any demand: it builds for the Cheese."""
    morrowfen = CITY_INDEX["Morrowfen"]
    s = calder_line("standard", pos=at("Larkmere"), cash=12, loads=["Grain"], moves=0)
    to_hand(s, 0, "D047")
    assert job(s, "D047", 0).score < 0 < job(s, "D047", 1).score
    action = choice(s)
    assert [list(xy(n)) for n in ENGINE.build_toward(s, 0, morrowfen)] == action["path"]
    s = calder_line("public", pos=at("Larkmere"), cash=12, loads=["Grain"], moves=0)
    to_pool(s, "D047")
    assert choice(s)["toward"] == "Port Brannock"


def two_jobs_on_the_track(cash):
    """A building turn, the track from Calder Mills through Larkmere to Quillon: D024's Grain
    from Larkmere to Quillon and D003's Grain to Calder Mills, the two best jobs, need no
    track; D024's Wine from Ebbridge to Velmora, the third, needs 13."""
    s = calder_line("standard", cash=cash)
    s["phase"] = "build"
    link(s, 0, "Larkmere", "Quillon")
    to_hand(s, 0, "D024", "D003")
    assert [(j.card, j.demand, j.build) for j in bots.jobs(s, 0)[:3]] == [
        ("D024", 2, 0),
        ("D003", 2, 0),
        ("D024", 1, 13),
    ]
    return s


def test_the_bot_builds_only_for_its_two_best_jobs():
    """The third job is not built for; with 30 (below 40), no major either: the turn ends."""
    assert choice(two_jobs_on_the_track(30)) == {"type": "end_turn"}


def test_jobs_needing_no_track_leave_nothing_to_build_for_so_from_40_a_major():
    """The cities already on the track are not built toward: nothing to build for, and with
    40, the nearest major city (Ondrey, 5) comes first."""
    assert choice(two_jobs_on_the_track(40))["toward"] == "Ondrey"


def test_a_linked_major_city_is_not_built_toward_again():
    """Ondrey linked: the rich bot builds toward Velmora (7), the next cheapest."""
    s = no_grain(calder_line(pos=at("Larkmere"), cash=150))
    to_hand(s, 0, "D003")
    link(s, 0, "Larkmere", "Ondrey")
    assert choice(s)["toward"] == "Velmora"


def test_a_lock_onto_a_demand_it_cannot_rate_waits_for_the_rated_one():
    """Public, Korvin closed to seat 0: D003's Marble to Korvin is no job, so its lock is not
    rated; the Grain lock onto D003's Calder Mills demand is taken, and with the Marble alone
    no lock is (it picks up Grain for the Calder Mills demand)."""
    s = korvin_full(mode="public")
    s["players"][0]["loads"] = ["Marble", "Grain"]
    assert [(j.card, j.demand) for j in bots.jobs(s, 0)] == [("D003", 2), ("D003", 1)]
    assert choice(s) == {"type": "lock", "card": "D003", "demand": 2, "good": "Grain"}
    s["players"][0]["loads"] = ["Marble"]
    assert legal(s, 0, "lock") == [{"type": "lock", "card": "D003", "demand": 0, "good": "Marble"}]
    assert choice(s) == {"type": "pickup", "good": "Grain"}


def test_a_lock_rated_just_above_nothing_is_taken():
    """D047's Grain to Morrowfen with 14 in cash rates about 0.5: above 0, locked."""
    s = calder_line("public", pos=at("Larkmere"), cash=14, loads=["Grain"])
    to_pool(s, "D047")
    assert 0 < job(s, "D047", 0).score < 1
    assert choice(s) == {"type": "lock", "card": "D047", "demand": 0, "good": "Grain"}


def test_with_nothing_to_pitch_a_bot_with_no_job_worth_working_plays_on():
    """Public: every pool card locked (D003, by seat 1), no track and no cash: nothing is worth
    working, but a pitch is refused (nothing to pitch): the bot ends its turn instead."""
    s = blank("public", 2)
    to_pool(s, "D003")
    s["players"][0].update(pos=at("Larkmere"), cash=0)
    s["players"][1]["loads"] = ["Grain"]
    lock(s, 1, "D003", 2)
    assert not legal(s, 0, "pitch")
    assert choice(s) == {"type": "end_turn"}


def test_of_two_sources_rated_alike_the_first_listed_is_taken():
    """D040's Cattle to Quarry End rates the same from Brackenfield and from Oskel (the board
    lists Thornwick, Brackenfield, Fenwick, Oskel): Brackenfield."""
    s = calder_line(pos=at("Larkmere"))
    to_hand(s, 0, "D040")
    assert job(s, "D040", 2).source == CITY_INDEX["Brackenfield"]


def test_a_job_rated_just_above_nothing_is_still_built_for():
    """A building turn with 10 in cash: D060's Cattle from Oskel to Hobbsford rates about 0.8
    (the track it needs costs more than the cash), its best job worth anything: build toward Oskel."""
    s = calder_line("standard", cash=10)
    s["phase"] = "build"
    to_hand(s, 0, "D060")
    top = bots.jobs(s, 0)[0]
    assert (top.card, top.demand, top.source) == ("D060", 0, CITY_INDEX["Oskel"]) and 0 < top.score < 1
    assert choice(s)["toward"] == "Oskel"


def test_a_job_rated_just_above_nothing_is_still_fetched_for():
    """Mid-turn at Calder Mills with 5: D041's Grain from Larkmere to Pikeholm rates about 0.9,
    its one job worth anything: the train heads for Larkmere's Grain."""
    s = calder_line("standard", pos=at("Calder Mills"), cash=5, stage="move")
    to_hand(s, 0, "D041")
    top = bots.jobs(s, 0)[0]
    assert (top.card, top.source) == ("D041", CITY_INDEX["Larkmere"]) and 0 < top.score < 1
    action = choice(s)
    assert action["type"] == "move" and action["toward"] == "Larkmere"


def test_the_train_fetches_for_its_best_jobs_not_only_the_best():
    """Ten mileposts down the line from Larkmere, eight from Calder Mills: D003's Grain from
    Larkmere rates best, D004's Wool from Calder Mills to Nettlecombe next; both are among the
    jobs the train fetches for, and the nearer source comes first: Calder Mills."""
    s = calder_line("standard", pos=node(24, 17))
    to_hand(s, 0, "D003", "D004")
    best = [(j.card, j.demand, j.source) for j in bots.jobs(s, 0)[:2]]
    assert best == [("D003", 2, CITY_INDEX["Larkmere"]), ("D004", 0, CITY_INDEX["Calder Mills"])]
    action = choice(s)
    assert action["type"] == "move" and action["toward"] == "Calder Mills"


def test_with_the_cash_to_win_the_bot_drops_a_free_load_and_keeps_its_locked_one():
    """Public, the cash to win reached: only the locked loads' deliveries count now (a locked
    load bars the win until delivered), so the free Wool, which no such job wants, is dropped
    and the Grain locked onto D003 stays."""
    s = calder_line("public", pos=at("Larkmere"), loads=["Grain", "Wool"])
    to_pool(s, "D003", "D004")
    lock(s, 0, "D003", 2)
    s["players"][0]["cash"] = s["cash_to_win"]
    assert choice(s) == {"type": "drop", "good": "Wool"}


def test_a_train_not_placed_after_building_stays_off_the_map():
    """No train may be placed once the turn has built: the bot builds on (toward Quillon's Marble)."""
    s = calder_line("standard", stage="build", built=3)
    to_hand(s, 0, "D003")
    assert not legal(s, 0, "place_train")
    assert choice(s)["toward"] == "Quillon"


def test_with_the_cash_to_win_a_pitched_bot_locks_nothing():
    """A lock would bar the win: after a pitch, with the cash to win, the bot ends its turn."""
    s = calder_line("public", pos=at("Larkmere"), loads=["Grain"], stage="pitched")
    to_pool(s, "D003")
    s["players"][0]["cash"] = s["cash_to_win"]
    assert legal(s, 0, "lock")
    assert choice(s) == {"type": "end_turn"}


def test_the_train_fetches_only_for_as_many_best_jobs_as_it_holds_and_one_more():
    """A freight (2 loads) at Larkmere with a Marble aboard: its three best jobs are D003's three
    demands, the Marble's (to Korvin, off the track) and two others of a card the Marble
    already serves, so nothing to fetch for; D100's Wool from Calder Mills to Eastwold, the
    fourth, is not fetched: the bot builds toward Korvin instead."""
    s = calder_line("standard", pos=at("Larkmere"), loads=["Marble"])
    to_hand(s, 0, "D003", "D100")
    rated = [(j.card, j.source) for j in bots.jobs(s, 0)[:4]]
    assert rated[:3] == [("D003", CITY_INDEX["Larkmere"]), ("D003", None), ("D003", CITY_INDEX["Brindle"])]
    assert rated[3] == ("D100", CITY_INDEX["Calder Mills"])
    assert choice(s)["toward"] == "Korvin"
