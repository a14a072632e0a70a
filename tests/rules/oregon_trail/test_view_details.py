"""The view field by field (view.py): each fact a seat or a spectator reads of a precise position,
its board columns, and the secrets it keeps (another seat's hand and supplies, the decks' order)."""

import json

from games.rules.oregon_trail.cards import CALAMITY_CARDS, SUPPLY_CARDS, TRAIL_CARDS
from games.rules.oregon_trail.engine import ENGINE
from games.rules.oregon_trail.view import card_col, town_col

from .helpers import blank, give_calamity, give_hand, give_supplies, lay_trail, place_town


def _calamity(state, seat, kind, **extra):
    """The view's entry for a calamity of that kind given to the seat."""
    rec = give_calamity(state, seat, kind, **extra)
    entry = next(c for c in ENGINE.view(state, None)["players"][seat]["calamities"] if c["card"] == rec["card"])
    return rec, entry


def test_a_calamity_shows_its_name_its_count_down_and_nothing_it_does_not_have():
    state = blank(players=2)
    rec, entry = _calamity(state, 1, "starvation", deadline=2)
    # starvation: two turns to mend with food (the revised calamity details)
    assert entry == {
        "card": rec["card"],
        "kind": "starvation",
        "name": "Starvation",
        "turns_left": 2,
        "dead_oxen": False,
    }


def test_a_broken_arm_shows_its_turns_of_one_action_fewer_revised_and_its_lost_turns_classic():
    state = blank(players=2)
    _, entry = _calamity(state, 0, "broken_arm", fewer=2)
    assert entry["name"] == "Broken Arm" and entry["fewer_actions_turns"] == 2 and "lost_turns" not in entry
    assert entry["turns_left"] is None and "dormant" not in entry
    state = blank("classic", players=2)
    _, entry = _calamity(state, 0, "broken_arm", skip=1)
    assert entry["lost_turns"] == 1 and "fewer_actions_turns" not in entry


def test_the_paired_calamities_show_dormant_until_they_strike_and_dead_oxen_once_they_have():
    state = blank(players=3)
    for kind in ("inadequate_grass", "bad_water", "cholera"):
        _, entry = _calamity(state, 1, kind)
        assert entry["dormant"] is True and entry["dead_oxen"] is False, kind
    # measles and typhoid have no "no effect for now": never dormant
    for kind in ("measles", "typhoid"):
        _, entry = _calamity(state, 2, kind)
        assert "dormant" not in entry, kind
    # the other copy of the grass came up: both holders' oxen are dead, one turn to mend
    _, entry = _calamity(state, 2, "inadequate_grass", oxen_dead=True, deadline=1)
    assert entry["dead_oxen"] is True and entry["turns_left"] == 1 and "dormant" not in entry
    _, entry = _calamity(state, 0, "dead_oxen", deadline=1)
    assert entry["dead_oxen"] is True and entry["name"] == "Dead Oxen"


def test_the_board_columns_put_towns_between_card_columns_and_the_goal_after_the_last_card():
    assert [card_col(n) for n in (1, 2, 3)] == [4, 6, 8]  # column 1 names the wagon
    assert [town_col(p) for p in (0, 1, 2)] == [3, 5, 7]  # a town after card p: between p and p + 1
    state = blank(players=2, trail_length=12)
    assert ENGINE.view(state, None)["goal_col"] == card_col(12) + 2 == 28


def test_each_trail_card_of_a_track_shows_its_shape_number_column_and_kind():
    state = blank(players=2)
    lay_trail(state, 0, [("middle", "top"), ("top", "bottom")], kind="trigger")
    lay_trail(state, 0, [("bottom", "bottom")], kind="river_drown")
    p = state["players"][0]
    p["trail"][1]["turned"] = True
    p["stuck"] = True  # in the river of the front card
    track = ENGINE.view(state, 1)["players"][0]["track"]
    assert [(x["card"], x["number"], x["col"]) for x in track] == [
        (p["trail"][0]["card"], 1, 4),
        (p["trail"][1]["card"], 2, 6),
        (p["trail"][2]["card"], 3, 8),
    ]
    assert [(x["left"], x["right"], x["turned"]) for x in track] == [
        ("middle", "top", False),
        ("top", "bottom", True),
        ("bottom", "bottom", False),
    ]
    assert [x["kind"] for x in track] == ["trigger", "trigger", "river_drown"]
    assert [x["name"] for x in track] == ["Calamity trail", "Calamity trail", "River (a 1 drowns)"]
    assert [x["trigger"] for x in track] == [True, True, False]
    assert [x["river"] for x in track] == [False, False, True]
    assert [x["in_river"] for x in track] == [False, False, True]
    assert [x["marker"] for x in track] == [False, False, True] and {x["type"] for x in track} == {"card"}


def test_a_river_forded_or_behind_the_front_is_not_one_the_wagon_stands_in():
    state = blank(players=2)
    lay_trail(state, 0, [("middle", "middle")], kind="river_supply")
    track = ENGINE.view(state, 0)["players"][0]["track"]
    assert track[0]["river"] is True and track[0]["in_river"] is False  # forded: stuck is false
    lay_trail(state, 0, [("middle", "middle")], kind="plain")
    track = ENGINE.view(state, 0)["players"][0]["track"]
    assert [x["river"] for x in track] == [True, False] and [x["in_river"] for x in track] == [False, False]


def test_a_dead_wagon_shows_no_marker_on_its_trail():
    state = blank(players=2)
    lay_trail(state, 1, [("middle", "middle")] * 2)
    state["players"][1]["alive"] = False
    view = ENGINE.view(state, 0)
    assert [x["marker"] for x in view["players"][1]["track"]] == [False, False]
    assert view["players"][1]["alive"] is False and view["players"][1]["at_independence"] is False


def test_towns_sit_in_every_track_after_their_point_and_never_carry_a_marker():
    state = blank(players=2)
    lay_trail(state, 0, [("middle", "middle")] * 3)
    fort = place_town(state, "fort", 1, founder=1)
    town = place_town(state, "town", 3)
    state["players"][0]["pos"] = 1  # stands at the fort's point: the marker is on the card before it
    view = ENGINE.view(state, None)
    track = view["players"][0]["track"]
    assert [(x["type"], x.get("number", x.get("point"))) for x in track] == [
        ("card", 1),
        ("fort", 1),
        ("card", 2),
        ("card", 3),
        ("town", 3),
    ]
    assert track[1] == {"type": "fort", "card": fort["card"], "point": 1, "col": 5, "marker": False}
    assert track[4] == {"type": "town", "card": town["card"], "point": 3, "col": 9, "marker": False}
    assert [x["marker"] for x in track] == [True, False, False, False, False]
    # seat 1 has forged nothing: it meets neither yet
    assert view["players"][1]["track"] == []
    assert view["towns"] == [
        {"card": fort["card"], "kind": "fort", "point": 1, "founder": 1, "col": 5, "pool": [], "waiting": []},
        {"card": town["card"], "kind": "town", "point": 3, "founder": 0, "col": 9, "pool": [], "waiting": []},
    ]


def test_classic_a_town_before_a_trimmed_trail_starts_the_track_and_holds_the_marker_stepped_back():
    state = blank("classic", players=2)
    lay_trail(state, 0, [("middle", "middle")] * 2)
    p = state["players"][0]
    p["trimmed"] = 1  # the card before the town is gone: the trail starts at the town
    town = place_town(state, "town", 1)
    town["pool"] = [next(c for c, k in SUPPLY_CARDS.items() if k == "clothes" and c in state["supply_deck"])]
    town["waiting"] = [1]
    p["pos"] = 1
    p["in_town"] = True
    view = ENGINE.view(state, 1)
    track = view["players"][0]["track"]
    assert [(x["type"], x.get("number", x.get("point"))) for x in track] == [("town", 1), ("card", 2), ("card", 3)]
    assert [x["marker"] for x in track] == [True, False, False] and track[0]["col"] == 3 + 2
    row = view["players"][0]
    assert (row["length"], row["trimmed"], row["pos"], row["at_front"], row["in_town"]) == (3, 1, 1, False, True)
    assert view["towns"][0]["pool"] == ["clothes"] and view["towns"][0]["waiting"] == [1]
    p["pos"] = 3
    track = ENGINE.view(state, 1)["players"][0]["track"]
    assert [x["marker"] for x in track] == [False, False, True]


def test_a_town_at_independence_starts_the_track_without_the_marker():
    state = blank(players=2)
    town = place_town(state, "town", 0)
    lay_trail(state, 0, [("middle", "middle")])
    state["players"][0]["pos"] = 0
    row = ENGINE.view(state, 0)["players"][0]
    assert row["track"][0] == {"type": "town", "card": town["card"], "point": 0, "col": 3, "marker": False}
    assert row["at_independence"] is True and row["at_front"] is False
    assert [x["marker"] for x in row["track"]] == [False, False]


def test_each_players_row_tells_its_public_facts():
    state = blank("classic", players=3)
    lay_trail(state, 1, [("middle", "middle")] * 2)
    give_hand(state, 1, "plain")
    give_supplies(state, 1, "food", "oxen", "medicine")
    state["players"][1]["members"] = 3
    state["players"][1]["stuck"] = True
    state["players"][2]["at_end"] = True
    state["turn"] = 1
    rows = ENGINE.view(state, 2)["players"]
    assert [r["seat"] for r in rows] == [0, 1, 2] and [r["row"] for r in rows] == [1, 2, 3]
    assert [r["members"] for r in rows] == [4, 3, 4] and [r["alive"] for r in rows] == [True] * 3
    assert [r["length"] for r in rows] == [0, 2, 0] and [r["pos"] for r in rows] == [0, 2, 0]
    assert [r["at_front"] for r in rows] == [True, True, True]
    assert [r["at_independence"] for r in rows] == [True, False, True]
    assert [r["stuck"] for r in rows] == [False, True, False] and [r["at_end"] for r in rows] == [False, False, True]
    assert [r["in_town"] for r in rows] == [False] * 3
    assert [r["hand_size"] for r in rows] == [0, 1, 0] and [r["supply_count"] for r in rows] == [0, 3, 0]
    assert [r["is_me"] for r in rows] == [False, False, True]
    assert [r["is_turn"] for r in rows] == [False, True, False]
    state["result"] = {"winners": [1]}
    assert [r["is_turn"] for r in ENGINE.view(state, 2)["players"]] == [False, False, False]


def test_the_table_tells_the_turn_the_decks_sizes_and_the_top_of_the_calamity_discard():
    state = blank(players=3)
    state["turn"] = 2
    state["turn_number"] = 7
    state["actions_left"] = 3
    cal = next(c for c, k in CALAMITY_CARDS.items() if k == "typhoid")
    state["calamity_deck"].remove(cal)
    state["calamity_discard"].append(cal)
    state["trail_discard"].append(state["trail_deck"].pop())
    view = ENGINE.view(state, None)
    assert (view["ruleset"], view["trail_length"], view["phase"]) == ("revised", 20, "play")
    assert (view["turn"], view["turn_number"], view["actions_left"], view["to_act"]) == (2, 7, 3, [2])
    assert view["decks"] == {
        "trail": len(state["trail_deck"]),
        "trail_discard": 1,
        "calamity": 31,
        "calamity_discard": 1,
        "supply": 0,
        "supply_discard": 0,
    }
    assert view["calamity_discard_top"] == "Typhoid" and view["revealed"] == []
    assert view["pending"] is None and view["result"] is None
    state["result"] = {"winners": [0]}
    view = ENGINE.view(state, None)
    assert view["phase"] == "over" and view["result"] == {"winners": [0]} and view["to_act"] == []


def test_the_draft_has_no_actions_left_and_an_empty_discard_no_top():
    state = ENGINE.new_state({}, 2, "draft")
    view = ENGINE.view(state, 1)
    assert view["phase"] == "draft" and view["actions_left"] is None and view["calamity_discard_top"] is None


def test_revised_the_bank_counts_each_supply_kind_classic_has_no_bank():
    state = blank(players=2)
    give_supplies(state, 0, "food", "food", "bullets")
    bank = ENGINE.view(state, 1)["supply_bank"]
    # the bank starts with every supply card (26): food 4, clothes 4, ... bullets 2
    assert bank == [
        {"kind": "food", "name": "Food", "count": 2},
        {"kind": "clothes", "name": "Clothes", "count": 4},
        {"kind": "oxen", "name": "Oxen", "count": 4},
        {"kind": "spare_parts", "name": "Spare Parts", "count": 4},
        {"kind": "medicine", "name": "Medicine", "count": 4},
        {"kind": "clean_water", "name": "Clean Water", "count": 4},
        {"kind": "bullets", "name": "Bullets", "count": 1},
    ]
    state["supply_bank"] = [c for c in state["supply_bank"] if SUPPLY_CARDS[c] != "clothes"]
    assert {b["kind"]: b["count"] for b in ENGINE.view(state, 1)["supply_bank"]}["clothes"] == 0
    classic = blank("classic", players=2)
    view = ENGINE.view(classic, 0)
    assert view["supply_bank"] == [] and view["decks"]["supply"] == 26


def test_a_revealed_calamity_shows_its_kind():
    state = blank(players=2)
    cal = next(c for c, k in CALAMITY_CARDS.items() if k == "thief")
    state["calamity_deck"].remove(cal)
    state["revealed"].append(cal)
    assert ENGINE.view(state, 0)["revealed"] == [{"card": cal, "kind": "thief"}]


def test_a_pending_decision_shows_its_kind_seat_and_the_thief_taker_giver_or_town_only():
    state = blank(players=3)
    state["pending"] = [
        {"kind": "thief_bullets", "seat": 2, "thief": 0, "taker": 0, "giver": 2, "secret": "x"},
        {"kind": "victim", "seat": 0},
    ]
    view = ENGINE.view(state, 1)
    assert view["pending"] == {"kind": "thief_bullets", "seat": 2, "thief": 0, "taker": 0, "giver": 2}
    assert view["to_act"] == [2]
    state["pending"] = [{"kind": "town_pick", "seat": 1, "town": "T45", "other": 3}]
    assert ENGINE.view(state, 0)["pending"] == {"kind": "town_pick", "seat": 1, "town": "T45"}


def test_a_seat_sees_its_own_hand_and_supplies_by_name_and_shape_and_no_one_elses():
    state = blank(players=2)
    river = give_hand(state, 0, "river_supply", "bottom", "top")
    fort = give_hand(state, 0, "fort")
    give_supplies(state, 0, "spare_parts")
    hunt = next(c for c, k in CALAMITY_CARDS.items() if k == "hunting")
    state["calamity_deck"].remove(hunt)
    state["players"][0]["supplies"].append(hunt)  # a hunting card kept with bullets counts as food
    other = give_hand(state, 1, "plain")
    give_supplies(state, 1, "clean_water")
    view = ENGINE.view(state, 0)
    assert view["hand"] == [
        {"card": river, "kind": "river_supply", "name": "River (odd: lose a supply)", "left": "bottom", "right": "top"},
        {"card": fort, "kind": "fort", "name": "Fort", "left": None, "right": None},
    ]
    parts = state["players"][0]["supplies"][0]
    assert view["supplies"] == [
        {"card": parts, "kind": "spare_parts", "name": "Spare Parts"},
        {"card": hunt, "kind": "food", "name": "Food"},
    ]
    assert TRAIL_CARDS[river]["left"] == "bottom"
    dumped = json.dumps(view)
    assert other not in dumped and state["players"][1]["supplies"][0] not in dumped
    assert json.dumps(ENGINE.view(state, 1)).count(river) == 0
