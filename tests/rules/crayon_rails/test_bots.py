"""The engine's bot (bots.py) in exact positions: each choice checked against the strategy its
docstrings describe (found by mutation testing, issue #31: only the whole bot games reached it)."""

from games.rules.crayon_rails import bots
from games.rules.crayon_rails.board import CITY_INDEX, CITY_LIST, MAJORS, NEIGHBOURS, SOURCES, node
from games.rules.crayon_rails.cards import DEMANDS
from games.rules.crayon_rails.deckgen import cheapest_track
from games.rules.crayon_rails.engine import ENGINE

from .helpers import at, blank, event_card, lay, legal, link, lock, to_hand, to_pool

MAJOR_NAMES = {CITY_LIST[m]["name"] for m in MAJORS}


def choice(state, seat=0):
    action = bots.choose(ENGINE, state, seat)
    assert action in ENGINE.legal_actions(state, seat)  # a bot always plays a legal move
    return action


def derailed(state, seat=0):
    state["pending"] = [{"seat": seat, "kind": "derailment", "card": event_card("derailment")}]


def test_a_lone_legal_action_is_played():
    s = blank("standard", 2)
    derailed(s)
    s["players"][0].update(pos=at("Larkmere"), loads=["Grain"])
    assert choice(s) == {"type": "lose_load", "good": "Grain"}


def test_a_derailed_bot_loses_a_free_load_before_a_locked_one():
    s = blank("public", 2)
    to_pool(s, "D001")
    s["players"][0].update(pos=at("Larkmere"), loads=["Iron", "Coal"])
    lock(s, 0, "D001", 0)  # Iron to Jessamy
    derailed(s)
    assert choice(s) == {"type": "lose_load", "good": "Coal"}


def test_a_derailed_bot_without_a_free_load_loses_the_one_worth_least_and_keeps_its_card_private():
    s = blank("public", 2)
    to_pool(s, "D001")
    to_hand(s, 0, "D003")
    s["players"][0].update(pos=at("Larkmere"), loads=["Iron", "Grain"])
    lock(s, 0, "D001", 0)  # Iron to Jessamy: 37
    lock(s, 0, "D003", 2, private=True)  # Grain to Calder Mills: 33
    derailed(s)
    assert choice(s) == {"type": "lose_load", "good": "Grain", "card": "D003", "release": False}
    s["players"][0]["locks"][1]["demand"] = 1  # Oil to Catterby: 62
    s["players"][0]["locks"][1]["good"] = "Oil"
    s["players"][0]["loads"] = ["Iron", "Oil"]
    assert choice(s) == {"type": "lose_load", "good": "Iron", "card": "D001"}


def test_the_bot_delivers_the_best_paying_demand_it_can():
    s = blank("standard", 2)
    to_hand(s, 0, "D005", "D010")  # Grain to Quarry End pays 17, Cheese to Quarry End 32
    s["players"][0].update(pos=at("Quarry End"), loads=["Grain", "Cheese"])
    assert choice(s) == {"type": "deliver", "card": "D010", "demand": 2}


def calder_line(mode="standard", **p0):
    """Seat 0's track runs from Larkmere (which supplies Grain) to Calder Mills."""
    s = blank(mode, 2)
    link(s, 0, "Larkmere", "Calder Mills")
    s["players"][0].update(p0)
    return s


def test_the_bot_picks_up_the_load_of_its_best_job_at_its_source():
    s = calder_line(pos=at("Larkmere"))
    to_hand(s, 0, "D003")  # Grain to Calder Mills (33), along its own track
    assert choice(s) == {"type": "pickup", "good": "Grain"}


def test_the_bot_drops_a_load_no_job_wants_and_picks_up_none_without_room():
    s = calder_line(pos=at("Larkmere"), loads=["Fish", "Wool"])
    to_hand(s, 0, "D003")
    assert choice(s)["type"] == "drop"  # no room for the Grain, and nothing wants Fish or Wool


def test_the_bot_heads_for_the_city_that_wants_its_load():
    s = calder_line(pos=at("Larkmere"), loads=["Grain"])
    to_hand(s, 0, "D003")
    action = choice(s)
    assert action["type"] == "move" and action["toward"] == "Calder Mills"
    assert len(action["path"]) == 10  # as far as a freight's 9 mileposts take it along the line


def test_the_bot_places_its_train_where_its_best_job_starts_on_its_track():
    s = calder_line()
    to_hand(s, 0, "D003")
    assert choice(s) == {"type": "place_train", "city": "Larkmere"}


def test_the_bot_locks_its_free_load_onto_a_pool_demand_for_it():
    s = calder_line("public", pos=at("Larkmere"), loads=["Grain"])
    to_pool(s, "D003")
    assert choice(s) == {"type": "lock", "card": "D003", "demand": 2, "good": "Grain"}


def test_with_the_cash_to_win_the_public_bot_takes_on_no_new_load():
    s = calder_line("public", pos=at("Larkmere"), loads=["Grain"])
    to_pool(s, "D003")
    s["players"][0]["cash"] = s["cash_to_win"]
    assert choice(s) == {"type": "drop", "good": "Grain"}  # no lock: a locked load bars the win
    s["players"][0]["loads"] = []
    assert choice(s)["type"] != "pickup"


def test_with_no_job_worth_working_the_bot_gives_its_cards_up():
    s = blank("standard", 2)
    to_hand(s, 0, "D003")
    s["players"][0].update(pos=at("Larkmere"), cash=0)  # no track: every demand needs building
    assert choice(s) == {"type": "discard_hand"}
    s = blank("public", 2)
    to_pool(s, "D001", "D002")
    to_hand(s, 0, "D003")
    s["players"][0].update(pos=at("Larkmere"), cash=0)
    assert choice(s) == {"type": "pitch"}


def test_the_bot_upgrades_a_freight_at_70_and_to_a_super_freight_at_120():
    s = blank("standard", 2)
    s["players"][0].update(pos=at("Larkmere"), cash=70)
    assert choice(s) == {"type": "upgrade", "train": "fast"}
    s["players"][0]["cash"] = 69
    assert choice(s) == {"type": "end_turn"}
    s["players"][0].update(train="heavy", cash=120)
    assert choice(s) == {"type": "upgrade", "train": "super"}
    s["players"][0]["cash"] = 119
    assert choice(s) == {"type": "end_turn"}


def test_the_draft_bot_keeps_the_cards_whose_best_demand_pays_most_over_its_track():
    """Worth: a demand's payoff less the cheapest track from a source of its good to its city,
    on the empty map. D056's Cheese to Fellhaven pays 53 for 32 of track (21 clear), D018's
    Cattle to Fellhaven 38 for 22 (16); D060's best clears 14, D091's 14."""
    s = ENGINE.new_state({"mode": "public"}, 2, "draft")
    assert s["draft"] == {"seat": 0, "offer": ["D056", "D060", "D091", "D018"]}
    for demand in (1, 2):
        good, city, pay = DEMANDS["D056"][demand]
        assert pay - _cheapest(good, city) == {1: 21, 2: 10}[demand]
    assert pay_less_track("D018") == 16 and pay_less_track("D060") == 14 and pay_less_track("D091") == 14
    first = choice(s)
    assert first == {"type": "keep", "card": "D056", "demand": 1}
    ENGINE.apply(s, 0, first)
    assert choice(s) == {"type": "keep", "card": "D018", "demand": 0}


def _cheapest(good, city):
    dest = CITY_LIST[CITY_INDEX[city]]["posts"]
    return min(min(cheapest_track(CITY_LIST[s]["posts"]).get(m, 10**9) for m in dest) for s in SOURCES[good])


def pay_less_track(cid):
    return max(pay - _cheapest(good, city) for good, city, pay in DEMANDS[cid])


def test_in_the_building_turns_the_bot_builds_toward_its_best_job():
    s = ENGINE.new_state({"mode": "standard"}, 2, "build")
    assert s["phase"] == "build" and s["players"][0]["hand"] == ["D069", "D030", "D021"]
    top = bots.jobs(s, 0)[0]
    assert (top.card, top.demand) == ("D021", 0)  # Coal to Harrowgate, 21, Varrow's Coal nearby
    action = choice(s)
    assert action["type"] == "build" and action["toward"] == "Varrow"


def test_a_demand_another_player_locked_rates_lower():
    s = calder_line("public", pos=at("Larkmere"))
    to_pool(s, "D003")
    free = next(j for j in bots.jobs(s, 0) if (j.card, j.demand) == ("D003", 2))
    s["players"][1]["loads"] = ["Grain"]
    lock(s, 1, "D003", 2)
    taken = next(j for j in bots.jobs(s, 0) if (j.card, j.demand) == ("D003", 2))
    assert taken.locked and not free.locked
    assert 0 < taken.score < free.score


def test_the_bot_fetches_a_load_on_the_way_when_its_source_is_nearer_than_the_delivery():
    """Six mileposts back to Larkmere's Grain, twelve on to Calder Mills, which wants both the
    Timber on the train and the Grain: fetch first."""
    s = calder_line(pos=node(22, 13), loads=["Timber"])
    to_hand(s, 0, "D003", "D030")  # Grain to Calder Mills 33, Timber to Calder Mills 38
    action = choice(s)
    assert action["type"] == "move" and action["toward"] == "Larkmere"
    assert node(*action["path"][-1]) == at("Larkmere")


def test_the_bot_places_its_train_on_its_network_nearest_the_source_it_needs():
    """D030's Timber to Calder Mills: Oakhurst's Timber is off the track, 7 mileposts from
    Larkmere and 18 from Calder Mills, the two cities on it."""
    s = calder_line()
    to_hand(s, 0, "D030")
    assert choice(s) == {"type": "place_train", "city": "Larkmere"}


def test_a_bot_with_loads_keeps_its_cards_however_poor():
    s = blank("standard", 2)
    to_hand(s, 0, "D003")
    s["players"][0].update(pos=at("Larkmere"), cash=0, loads=["Fish"])
    assert choice(s) == {"type": "drop", "good": "Fish"}  # not discard_hand


def test_no_trip_to_a_source_whose_loads_are_all_on_trains():
    s = calder_line(pos=node(22, 13))
    to_hand(s, 0, "D003")  # Grain to Calder Mills
    assert choice(s)["toward"] == "Larkmere"
    s["players"][1]["loads"] = ["Grain"] * 5  # every Grain chip
    action = choice(s)
    assert action.get("toward") != "Larkmere"


def test_at_60_percent_of_the_cash_to_win_the_bot_builds_toward_a_major_city_first():
    s = calder_line(pos=at("Larkmere"), cash=149)
    to_hand(s, 0, "D003")  # Marble from Quillon to Korvin is its best job off the track
    s["players"][1]["loads"] = ["Grain"] * 5  # no Grain to fetch
    assert s["cash_to_win"] == 250
    assert choice(s)["toward"] in ("Quillon", "Korvin")
    s["players"][0]["cash"] = 150
    assert choice(s)["toward"] in MAJOR_NAMES


def test_with_no_job_to_build_for_the_bot_builds_toward_a_major_city_from_40():
    s = calder_line(pos=at("Larkmere"), cash=39)
    assert choice(s) == {"type": "end_turn"}
    s["players"][0]["cash"] = 40
    assert choice(s)["toward"] in MAJOR_NAMES


def test_a_full_train_heads_for_its_deliveries_not_for_more_loads():
    s = calder_line(pos=node(22, 13), loads=["Timber", "Salt"])
    to_hand(s, 0, "D003", "D030", "D097")  # Grain, Timber and Salt to Calder Mills
    action = choice(s)
    assert action["type"] == "move" and action["toward"] == "Calder Mills"  # not Larkmere's Grain


def test_the_last_chip_of_a_good_is_still_worth_the_trip():
    s = calder_line(pos=node(22, 13))
    to_hand(s, 0, "D003")
    s["players"][1]["loads"] = ["Grain"] * 4  # one Grain chip left of 5
    assert choice(s)["toward"] == "Larkmere"


def test_a_train_on_others_track_keeps_12_for_the_fees_home_when_building():
    s = calder_line(pos=at("Larkmere"))
    to_hand(s, 0, "D003")  # Marble from Quillon to Korvin: build toward Quillon
    s["players"][1]["loads"] = ["Grain"] * 5  # no Grain to fetch
    lay(s, 1, (22, 7), (23, 7), (24, 7))
    s["players"][0]["pos"] = node(24, 7)  # on Player 2's track
    toward = next(a for a in legal(s, 0, "build") if a["toward"] == "Quillon" and len(a["path"]) == 4)
    cost = ENGINE.build_cost(s, 0, toward)
    s["players"][0]["cash"] = 12 + cost
    assert choice(s) == toward
    s["players"][0]["cash"] = 11 + cost
    assert choice(s) == {"type": "end_turn"}
    s["players"][0]["pos"] = node(22, 13)  # on its own track: no reserve
    assert choice(s)["type"] == "build"


def test_the_milepost_counts_between_cities_are_shortest_hops():
    """_bfs counts mileposts from a city (its `_tables` are computed once and cached): 0 on the
    city, and one more than the nearest neighbour's count everywhere else it reaches."""
    start = CITY_LIST[CITY_INDEX["Larkmere"]]["posts"]
    seen = bots._bfs(start)
    assert all(seen[m] == 0 for m in start)
    assert len(seen) == len(NEIGHBOURS)  # every milepost
    for m, n in seen.items():
        if m not in start:
            assert n == 1 + min(seen[v] for v in NEIGHBOURS[m] if v in seen)
    assert seen[at("Calder Mills")] == 18  # the Larkmere line's 18 mileposts are a shortest way


def test_a_job_is_worth_working_when_its_track_costs_at_most_5_more_than_the_cash():
    """No track: D003's cheapest job to build for is Marble from Quillon to Korvin, 25 of track."""
    s = blank("standard", 2)
    to_hand(s, 0, "D003")
    s["players"][0].update(pos=at("Larkmere"), cash=20)
    assert min(j.build for j in bots.jobs(s, 0)) == 25
    assert choice(s)["type"] != "discard_hand"
    s["players"][0]["cash"] = 19
    assert choice(s) == {"type": "discard_hand"}


def test_a_building_turn_with_nothing_to_build_for_ends():
    s = ENGINE.new_state({"mode": "standard"}, 2, "build")
    s["players"][0].update(hand=[], cash=30)  # no job, and too poor to build toward the majors
    assert choice(s) == {"type": "end_turn"}
