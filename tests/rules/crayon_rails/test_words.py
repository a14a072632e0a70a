"""What a Crayon Rails player reads, checked against the position and the rule texts
(shared/rules/README.md: the trains, the upgrade's price, the building costs and limit; the demands
of the cards): words.py's menu labels (`action_label`), refusal fallback (`explain_illegal`) and
table lines `test_table_text.py` does not reach; page.py's board figures (the map's building costs,
the tracks, where the trains stand, the running cost's limits, where the map opens)."""

import json
import random
import re

import pytest

from games.rules import checks
from games.rules.base import IllegalAction
from games.rules.crayon_rails import page
from games.rules.crayon_rails.board import CITY_LIST, CITY_OF, GOODS, node, place_name
from games.rules.crayon_rails.cards import DEMANDS
from games.rules.crayon_rails.engine import ENGINE
from games.rules.crayon_rails.picture import coord, xy
from games.rules.drawing.common import seat_colour

from .helpers import act, at, blank, event_card, lay, legal, lock, on_top, plain_cards, posts, to_hand, to_pool
from .test_events import DERAIL, deliver_drawing
from .test_public_pool import GRAIN, grain_demand
from .test_table_text import CARDS, card_text, flat, position, section, text

VELMORA_LARKMERE = [[21, 3], [22, 4], [22, 5], [22, 6], [22, 7]]


def label(state, seat, action):
    return ENGINE.action_label(state, seat, action)


def demand(cid, d):
    good, city, pay = DEMANDS[cid][d]
    return f"{good} to {city} for {pay}"


def test_the_draft_labels_name_the_card_and_the_demand_it_is_committed_to():
    s = ENGINE.new_state({"mode": "public"}, 3, "draft")
    keeps = legal(s, 0, "keep")
    for a in keeps:
        good, city, pay = DEMANDS[a["card"]][a["demand"]]
        assert label(s, 0, a) == f"Keep card {a['card']}, committed to {good} to {city} for {pay}"
    assert label(s, 0, {"type": "keep_done"}) == "Keep no more cards; pass the rest on"


def test_the_upgrades_read_the_rule_texts_trains_and_price():
    s = blank("standard", 2)
    s["players"][0]["pos"] = at("Velmora")
    # shared/rules/README.md: fast freight (12, 2), heavy freight (9, 3), superfreight (12, 3), for 20
    assert label(s, 0, {"type": "upgrade", "train": "fast"}) == (
        "Upgrade to Fast Freight (12 mileposts, 2 loads) for 20 instead of building"
    )
    assert label(s, 0, {"type": "upgrade", "train": "heavy"}) == (
        "Upgrade to Heavy Freight (9 mileposts, 3 loads) for 20 instead of building"
    )
    s["players"][0]["train"] = "heavy"
    assert {"type": "upgrade", "train": "super"} in legal(s, 0, "upgrade")
    assert label(s, 0, {"type": "upgrade", "train": "super"}).endswith(
        "(12 mileposts, 3 loads) for 20 instead of building"
    )


def test_a_build_label_counts_the_new_sections_and_says_what_it_costs():
    s = blank("standard", 2)
    builds = legal(s, 0, "build")
    to_city = next(a for a in builds if CITY_OF.get(node(*a["path"][-1])) is not None)
    to_post = next(a for a in builds if CITY_OF.get(node(*a["path"][-1])) is None)
    for a in (to_city, to_post):
        text = label(s, 0, a)
        before = s["players"][0]["cash"]
        t = blank("standard", 2)
        act(t, 0, "build", **{k: v for k, v in a.items() if k != "type"})
        cost, sections = before - t["players"][0]["cash"], len(t["players"][0]["track"])
        assert text.startswith(f"Build {sections} sections to ") and text.endswith(f" (costs {cost})"), text
    city = CITY_OF[node(*to_city["path"][-1])]
    assert f" to {CITY_LIST[city]['name']} (costs" in label(s, 0, to_city)
    assert "toward" not in label(s, 0, to_city)
    x, y = to_post["path"][-1]
    assert f" to {place_name(node(x, y))}, toward {to_post['toward']} (costs" in label(s, 0, to_post)
    assert f"{x},{y}" not in label(s, 0, to_post)  # a milepost is named as the table names it, never by x,y
    # a build over track already laid counts only the new sections
    act(s, 0, "build", path=to_city["path"][:4])
    laid = len(s["players"][0]["track"])
    t = blank("standard", 2)
    act(t, 0, "build", path=to_city["path"])
    assert label(s, 0, to_city).startswith(f"Build {len(t['players'][0]['track']) - laid} sections to ")


def test_a_build_the_checks_refuse_says_no_cost():
    s = blank("standard", 2)
    text = label(s, 0, {"type": "build", "path": [[12, 7], [12, 8]]})  # not from a major city nor own track
    assert text == f"Build 0 sections to {place_name(node(12, 8))}" and "costs" not in text


def test_a_move_label_counts_mileposts_and_names_where_it_ends():
    s = blank("standard", 2)
    lay(s, 0, (22, 4), (22, 5), (22, 6), (22, 7))
    act(s, 0, "place_train", city="Velmora")
    moves = legal(s, 0, "move")
    assert {"type": "move", "path": VELMORA_LARKMERE, "toward": "Larkmere"} in moves
    assert (
        label(s, 0, {"type": "move", "path": VELMORA_LARKMERE, "toward": "Larkmere"}) == "Move 4 mileposts to Larkmere"
    )
    # (22, 4) is a milepost of Velmora; (22, 6) lies between the two cities
    assert label(s, 0, {"type": "move", "path": VELMORA_LARKMERE[:2]}) == "Move 1 milepost to Velmora"
    assert label(s, 0, {"type": "move", "path": VELMORA_LARKMERE[:4], "toward": "Larkmere"}) == (
        f"Move 3 mileposts to {place_name(node(22, 6))}, toward Larkmere"
    )
    assert (
        label(s, 0, {"type": "move", "path": VELMORA_LARKMERE[:3]}) == f"Move 2 mileposts to {place_name(node(22, 5))}"
    )


def test_a_move_through_a_city_toward_another_says_where_it_leads():
    # (22, 4) is a milepost of Velmora: a move ending there on its way to Larkmere says so, as one
    # ending between the cities does; toward the city it ends at, it says nothing more
    s = blank("standard", 2)
    lay(s, 0, (22, 4), (22, 5), (22, 6), (22, 7))
    act(s, 0, "place_train", city="Velmora")
    to_velmora = {"type": "move", "path": VELMORA_LARKMERE[:2]}
    assert label(s, 0, {**to_velmora, "toward": "Larkmere"}) == "Move 1 milepost to Velmora, toward Larkmere"
    assert label(s, 0, {**to_velmora, "toward": "Velmora"}) == "Move 1 milepost to Velmora"


@pytest.mark.parametrize("mode", ["public", "standard"])
def test_no_menu_of_a_seeded_game_offers_two_moves_under_one_label(mode):
    """A player picks a move by its label (a button, a numbered line of an email): two moves of one
    menu never read the same, e.g. two routes of one length to two mileposts of one major city."""
    state = ENGINE.new_state(ENGINE.normalize_options({"mode": mode, "max_rounds": 10}, 3), 3, f"labels:{mode}")
    rnd = random.Random(mode)
    while ENGINE.result(state) is None:
        seat = ENGINE.to_act(state)[0]
        labels = [label(state, seat, a) for a in ENGINE.legal_actions(state, seat)]
        assert len(set(labels)) == len(labels), sorted(x for x in labels if labels.count(x) > 1)
        ENGINE.apply(state, seat, ENGINE.bot_action(state, seat, rnd))


def test_the_loads_and_cards_labels_name_the_good_the_card_and_its_demand():
    s = blank("standard", 2)
    cid = plain_cards(1)[0]
    to_hand(s, 0, cid)
    good, city, pay = DEMANDS[cid][1]
    s["players"][0].update(pos=at(city), loads=[good])
    assert {"type": "deliver", "card": cid, "demand": 1} in legal(s, 0, "deliver")
    assert (
        label(s, 0, {"type": "deliver", "card": cid, "demand": 1}) == f"Deliver {good} to {city} for {pay} (card {cid})"
    )
    assert label(s, 0, {"type": "drop", "good": good}) == f"Drop {good}"
    assert label(s, 0, {"type": "pickup", "good": "Coal"}) == "Pick up Coal"
    assert label(s, 0, {"type": "place_train", "city": "Velmora"}) == "Put your train on Velmora"
    assert (
        label(s, 0, {"type": "discard_hand"}) == "Give up the turn: discard your demand cards and draw three new ones"
    )
    assert label(s, 0, {"type": "end_turn"}) == "End your turn"
    s["phase"] = "build"
    assert label(s, 0, {"type": "end_turn"}) == "End this building turn"


def test_the_pool_labels_lock_and_pitch():
    s = blank("public", 2)
    cid = GRAIN[0]
    d = grain_demand(cid)
    to_pool(s, cid, *plain_cards(5, exclude=GRAIN))
    s["players"][0].update(pos=at("Velmora"), loads=["Grain"])
    a = {"type": "lock", "card": cid, "demand": d, "good": "Grain"}
    assert a in legal(s, 0, "lock")
    assert label(s, 0, a) == f"Lock card {cid} with your Grain: {demand(cid, d)}"
    assert label(s, 0, {"type": "pitch"}) == "Give up the turn: pitch three random unlocked pool cards"


def test_the_lost_load_labels_say_what_happens_to_its_card():
    s = blank("public", 2)
    cid, private = GRAIN[0], GRAIN[1]
    lock(s, 1, cid, grain_demand(cid))
    assert label(s, 1, {"type": "lose_load", "good": "Coal"}) == "Lose a Coal that locks no card"
    assert label(s, 1, {"type": "lose_load", "good": "Grain", "card": cid}) == (
        f"Lose the Grain locking card {cid} (it may unlock)"
    )
    assert label(s, 1, {"type": "lose_load", "good": "Grain", "card": private, "release": True}) == (
        f"Lose the Grain for private card {private} and release the card into the pool"
    )
    assert label(s, 1, {"type": "lose_load", "good": "Grain", "card": private, "release": False}) == (
        f"Lose the Grain for private card {private} and keep the card"
    )


def test_an_unknown_action_reads_as_its_type_and_a_menu_action_written_otherwise_says_so():
    s = blank("standard", 2)
    assert label(s, 0, {"type": "wave"}) == "wave"
    s["players"][0]["pos"] = at("Velmora")
    # a legal action the refusals let through: the words say it is on the menu written another way
    assert ENGINE.explain_illegal(s, 0, {"type": "end_turn"}) == checks.SAME_MOVE
    assert ENGINE.explain_illegal(s, 0, {"type": "drop", "good": "Coal"}) == (
        "You may drop only a load you carry that locks no card."
    )


# -- table_text: the lines test_table_text.py's position does not reach ----------------------------
def test_a_derailed_seat_a_building_seat_and_a_pending_choice_read_so():
    s = position("standard")
    s["players"][0]["built"] = 7
    t = text(s, 0)
    # shared/rules/README.md: at most 20 of building per turn
    assert "  Built this turn: 7 of 20." in t
    assert "Derailed" not in section(t, "You:")
    t = text(s, 2)  # derailed: its next turn is lost
    assert "  Derailed: you lose 1 more turn." in t and "Built this turn" not in t
    assert "Mileposts left to move" not in t  # not its turn
    s["players"][2]["lost_turns"] = 2
    assert "  Derailed: you lose 2 more turns." in text(s, 2)
    assert "derailed, loses 2 more turns" in flat(section(text(s, 0), "Trains:"))
    s["pending"].append({"seat": 2, "kind": "derailment"})
    t = text(s, 0)
    assert "Player 1's turn. Waiting for Player 3." in t
    assert "Player 3 was derailed and must choose a load to lose." in t


def test_an_event_drawn_this_turn_and_one_drawn_by_nobody():
    s = position("standard")
    snow = s["events"][0]
    snow["drawer"] = 0  # Player 1 drew it, and it is Player 1's turn: the snow ends with this one
    assert "(drawn by Player 1; ends with this turn)" in flat(section(text(s, 1), "Events in force:"))
    snow["turns_left"] = 2
    assert "(drawn by Player 1; ends with Player 1's next turn)" in flat(section(text(s, 1), "Events in force:"))
    snow["drawer"] = None
    events = section(text(s, 1), "Events in force:")
    assert "Snow around Caskerton" in events and "drawn by" not in events and "(" not in events
    s["events"] = []
    assert section(text(s, 1), "Events in force:") == "  none"


def test_the_last_lines_count_the_deck_the_discards_and_the_goods_run_out():
    s = position("standard")
    s["discard"] = s["deck"][:2]
    s["deck"] = s["deck"][2:]
    t = text(s, None)
    assert t.endswith(f"Deck: {len(s['deck'])} cards; discard pile: 2.")
    assert "No loads left of" not in t
    # every Wine chip on a train: none left to pick up (loads are limited by their chips)
    s["players"][1]["loads"] = ["Wine"] * GOODS["Wine"]
    assert "No loads left of: Wine." in text(s, None).splitlines()


def test_a_game_won_by_two_and_the_phases_of_the_setup():
    s = position("standard")
    s["result"] = {"winners": [0, 2], "ranking": [0, 2, 1], "reason": "A tie.", "cash": [260, 112, 260]}
    t = text(s, 1)
    assert "Game over: Player 1 and Player 3 win. A tie." in t and "'s turn" not in t
    s = position("standard")
    s["phase"] = "build"
    assert "Player 1's turn (a building turn)." in text(s, 1)
    assert "Mileposts left to move" not in text(s, 0)  # no moving in a building turn


def test_the_draft_shows_the_offer_to_its_seat_alone():
    s = ENGINE.new_state({"mode": "public"}, 3, "draft")
    offer = s["draft"]["offer"]
    t = text(s, 0)
    assert "Player 1's turn (the setup draft)." in t
    mine = section(t, "Your draft offer (keep up to 2, committing each to one demand):")
    for cid in offer:
        assert all(d in mine for d in card_text(cid))
        lines = [line for line in mine.splitlines() if cid in line]
        assert len(lines) == 1 and lines[0].startswith(f"  {cid}  ")
    # a card's second and third demands sit under its first, not under its id
    first = mine.splitlines()
    assert first[1] == " " * (len(offer[0]) + 4) + card_text(offer[0])[1]
    assert "draft offer" not in text(s, 1) and not any(cid in text(s, 1) for cid in offer)
    assert "with no locked loads." in t


def test_public_mode_counts_each_seats_private_cards_and_names_a_loaded_private_lock():
    s = position("public")
    t = text(s, 1)
    assert "; 1 private demand card." in flat(section(t, "Trains:"))
    p0 = s["players"][0]
    p0["locks"][0]["loaded"] = True
    p0["loads"] = ["Grain", DEMANDS[CARDS[9]][1][0]]
    mine = text(s, 0)
    assert f"  {CARDS[9]}: only you may deliver its {DEMANDS[CARDS[9]][1][0]}, load on your train." in mine
    assert f"(locks {CARDS[9]})" in mine
    to_hand(s, 0, CARDS[8])
    assert "; 2 private demand cards." in flat(section(text(s, 1), "Trains:"))
    s["pool"] = []
    assert section(text(s, 1), "The pool:") == "  empty"


# -- page.py: what the board draws beyond the view ---------------------------------------------------
def table(state, seat, **more):
    moves = [{"action": a, "label": ENGINE.action_label(state, seat, a)} for a in ENGINE.legal_actions(state, seat)]
    return {"view": ENGINE.view(state, seat), "seat": seat, "moves": moves, **more}


def step_cost(costs, p, q):
    """What crayon-rails.js adds for one section: its edge's cost if listed, else the milepost's."""
    key = f"{p[0]},{p[1]}>{q[0]},{q[1]}"
    return costs["edge"].get(key, costs["into"].get(f"{q[0]},{q[1]}", 1))


def test_the_running_cost_of_a_route_is_what_the_engine_charges():
    """The map's costs (board_static) let the page add up a route as it is drawn: each milepost
    entered costs its "into" (clear: 1), an edge listed under "edge" costs that instead."""
    static = ENGINE.board_static(ENGINE.map_data({}))
    costs = json.loads(static["costs"])
    assert static["svg"].startswith('<rect class="cr-land"') and {"w", "h", "s", "margin"} <= set(static)
    # shared/rules/README.md: mountain 2, alpine 5, small or medium city 3, major city 5; clear is 1
    assert sorted(set(costs["into"].values())) == [2, 3, 5]
    x, y = posts("Velmora")[0] % 40, posts("Velmora")[0] // 40
    assert costs["into"][f"{x},{y}"] == 5
    s = blank("standard", 2)
    builds = legal(s, 0, "build")
    assert len(builds) >= 3
    for a in builds:
        path = [tuple(p) for p in a["path"]]
        running = sum(step_cost(costs, p, q) for p, q in zip(path, path[1:]))
        t = blank("standard", 2)
        act(t, 0, "build", path=a["path"])
        assert running == 50 - t["players"][0]["cash"], a
    # a river crossed costs 2 more than the milepost entered; a major city's own track costs nothing
    edges = costs["edge"]
    a, b = posts("Velmora")[:2]
    key = f"{a % 40},{a // 40}>{b % 40},{b // 40}"
    assert edges.get(key, edges.get(f"{b % 40},{b // 40}>{a % 40},{a // 40}")) == 0
    assert any(v == costs["into"].get(k.split(">")[1], 1) + 2 for k, v in edges.items())


def test_the_board_draws_each_track_and_says_where_each_train_stands():
    s = blank("standard", 3)
    lay(s, 1, *VELMORA_LARKMERE[1:])
    s["players"][1]["pos"] = at("Larkmere")
    s["players"][2]["pos"] = node(22, 5)
    out = page.board_context(table(s, 0))
    assert [(t["seat"], t["colour"]) for t in out["tracks"]] == [(1, seat_colour(1))]
    assert out["tracks"][0]["name"] == "Player 2"
    assert out["tracks"][0]["d"] == page.track_d(ENGINE.view(s, 0)["players"][1]["track"])
    assert out["at"] == {1: "Larkmere", 2: "near Velmora"}
    assert {t["seat"]: t["where"] for t in out["trains"]} == {1: "Larkmere", 2: "near Velmora"}
    assert out["hit_track"] == ""
    assert json.loads(out["turn"]) == {"left": 20, "cash": 50, "me": 0}
    # seat 0 has no track nor train: the map opens at the first build its menu offers
    first = next(m["action"]["path"][0] for m in table(s, 0)["moves"] if m["action"]["type"] == "build")
    assert out["start"] == f"{first[0]},{first[1]}"
    assert page.board_context(table(s, 1))["start"] == ""  # it has track
    assert page.board_context(table(s, 2))["start"] == ""  # its train is on the map


def test_the_track_a_flood_washed_away_is_drawn_from_the_hit_places():
    places = {"track:18,13|17,13", "cash", "train", "track:16,13|17,13", "load:Grain", "track:1,x|2,2"}
    assert page.hit_sections(places) == [[[16, 13], [17, 13]], [[18, 13], [17, 13]]]
    s = blank("standard", 2)
    out = page.board_context(table(s, 0, hit_places=places))
    assert out["hit_track"] == page.track_d([[[16, 13], [17, 13]], [[18, 13], [17, 13]]])
    assert page.board_context({"view": {}, "seat": None}) == {
        "tracks": [],
        "trains": [],
        "at": {},
        "hit_track": "",
        "turn": json.dumps({"left": None, "cash": None, "me": None}, separators=(",", ":")),
        "start": "",
    }


def test_where_names_a_city_or_the_nearest_one():
    city = posts("Caskerton")[0]
    assert page.where(city % 40, city // 40) == "Caskerton"
    assert CITY_OF.get(node(22, 6)) is None
    assert page.where(22, 6) == "near Larkmere" and page.where("22", "5") == "near Velmora"
    assert page.where("x", 3) == "x,3" and page.where(None, 3) == "None,3"


def test_the_running_cost_is_checked_against_what_is_left_to_build_and_the_cash():
    s = blank("standard", 2)
    s["players"][1]["cash"] = 77
    act(s, 0, "build", path=VELMORA_LARKMERE)
    built = s["players"][0]["built"]
    assert 0 < built < 20
    view = ENGINE.view(s, 0)
    assert json.loads(page.turn_limits(view, 0)) == {"left": 20 - built, "cash": s["players"][0]["cash"], "me": 0}
    # not its turn: all of the 20 (shared/rules/README.md) is left for its next
    assert json.loads(page.turn_limits(ENGINE.view(s, 1), 1)) == {"left": 20, "cash": 77, "me": 1}
    assert page.turn_limits(view, 0) == json.dumps(json.loads(page.turn_limits(view, 0)), separators=(",", ":"))
    assert json.loads(page.turn_limits(view, None)) == {"left": None, "cash": None, "me": None}


def test_the_map_opens_at_the_first_build_not_at_another_move():
    s = blank("standard", 2)
    view = ENGINE.view(s, 0)
    moves = [
        {"action": {"type": "place_train", "city": "Velmora"}},
        {"action": {"type": "move", "path": [[1, 1], [2, 2]]}},
        {"action": {"type": "build", "path": []}},
        {"action": {"type": "build", "path": [[21, 3], [22, 4]]}},
        {"action": {"type": "build", "path": [[5, 5], [5, 6]]}},
    ]
    assert page.opening_milepost(moves, view, 0) == "21,3"
    assert page.opening_milepost(moves[:3], view, 0) == ""
    assert page.opening_milepost(moves, view, None) == "21,3"


# -- explain_hit: the cases test_explain_hit.py does not reach -------------------------------------
def hit(state, events, seat, type_):
    ev = next(e for e in events if e["type"] == type_ and seat in (e.get("audience") or ()))
    return ENGINE.explain_hit(state, ev, seat)


def test_a_derailed_drawer_with_two_loads_chooses_then_its_turn_ends():
    s = blank("standard", 2)
    s["players"][0].update(pos=at("Wyvern Gap"), loads=["Coal", "Iron"])
    to_hand(s, 0, "D003")
    on_top(s, DERAIL, *plain_cards(3, exclude=["D003"]))
    events = act(s, 0, "discard_hand")
    does, _, by_when = hit(s, events, 0, "derailed")
    assert does == "Your train loses one load, and you choose which. Your turn ends once you have chosen."
    assert by_when == "Now: your choice is needed, then your turn ends."
    act(s, 0, "lose_load", good="Iron")
    assert ENGINE.to_act(s) == [1]  # as said: chosen, the turn is over
    assert hit(s, events, 0, "derailed")[2] == "Nothing more to do: it is over."


def test_two_derailments_say_two_turns_are_lost():
    s = blank("standard", 2)
    s["players"][1].update(pos=at("Wyvern Gap"), loads=["Iron"], lost_turns=1)
    events = deliver_drawing(s, 0, DERAIL, plain_cards(1, exclude=["D003"])[0])
    assert s["players"][1]["lost_turns"] == 2
    does, _, by_when = hit(s, events, 1, "derailed")
    assert (
        does == "Your train loses one load, if it carries any: it carries nothing now. You also lose your next 2 turns."
    )
    assert by_when == "It is over once your next 2 turns have been skipped."


def test_a_flood_its_victim_drew_outside_its_turn_lasts_to_its_next_turn_but_one():
    s = blank("standard", 2)
    lay(s, 1, (19, 13), (18, 13), (17, 13), (16, 13))
    events = deliver_drawing(s, 0, event_card("flood", river="Amber"), plain_cards(1, exclude=["D003"])[0])
    flood = next(e for e in s["events"] if e["type"] == "flood")
    flood["drawer"] = 1  # as when Player 2's choice after a derailment made the draw, in Player 1's turn
    ev = next(e for e in events if e["type"] == "washed_away")
    said = [ENGINE.explain_hit(s, ev, 1)[2]]
    for seat in (0, 1, 0):
        act(s, seat, "end_turn")
        said.append(ENGINE.explain_hit(s, ev, 1)[2])
    assert said == [
        "The flood lasts until the end of your next but one turn.",
        "The flood lasts until the end of your next turn.",
        "The flood lasts until the end of your next turn.",
        "The flood lasts until the end of your current turn.",
    ]
    with pytest.raises(IllegalAction, match="in flood"):
        act(s, 1, "build", path=[[18, 13], [17, 13]])
    act(s, 1, "end_turn")
    assert ENGINE.explain_hit(s, ev, 1)[2] == "The flood is over already."


def test_nothing_is_explained_after_the_end_to_no_seat_or_for_no_river():
    s = blank("standard", 2)
    s["players"][1]["cash"] = 160
    events = deliver_drawing(s, 0, event_card("tax"), plain_cards(1, exclude=["D003"])[0])
    tax = next(e for e in events if e["type"] == "tax")
    assert len(ENGINE.explain_hit(s, tax, 1)) == 3
    assert ENGINE.explain_hit(s, tax, 2) == [] and ENGINE.explain_hit(s, tax, -1) == []
    assert ENGINE.explain_hit(s, {"type": "snow"}, 1) == []
    dry = {"type": "washed_away", "public": {"sections": [[[22, 4], [22, 5]]]}}  # no river there
    assert ENGINE.explain_hit(s, dry, 1) == []
    s["result"] = {"winners": [1], "ranking": [1, 0], "reason": "Rich and linked.", "cash": [40, 260]}
    assert ENGINE.explain_hit(s, tax, 1) == []


def test_a_train_derailed_beside_one_that_must_choose_has_nothing_to_choose():
    s = blank("standard", 3)
    s["players"][1].update(pos=at("Wyvern Gap"), loads=["Iron"])
    s["players"][2].update(pos=at("Wyvern Gap"), loads=["Iron", "Copper"])
    events = deliver_drawing(s, 0, DERAIL, plain_cards(1, exclude=["D003"])[0])
    assert ENGINE.to_act(s) == [2]  # Player 3 chooses; Player 2's one load went without a question
    does, _, by_when = hit(s, events, 1, "derailed")
    assert does == "Your train loses one load, if it carries any: it carries nothing now. You also lose your next turn."
    assert by_when == "It is over once your next turn has been skipped."
    assert hit(s, events, 2, "derailed")[0].startswith("Your train loses one load, and you choose which.")


def test_each_flood_is_explained_by_its_own_drawer_and_count():
    s = blank("standard", 2)
    lay(s, 1, (19, 13), (18, 13), (17, 13), (16, 13))
    events = deliver_drawing(s, 0, event_card("flood", river="Amber"), plain_cards(1, exclude=["D003"])[0])
    amber = next(e for e in events if e["type"] == "washed_away")
    act(s, 0, "end_turn")
    deliver_drawing(s, 1, event_card("flood", river="Wend"), plain_cards(1, exclude=["D003", *s["discard"]])[0])
    assert [e.get("river") for e in s["events"]] == ["Amber", "Wend"]
    # the Amber's flood is Player 1's, one turn end left: the Wend's, drawn later by Player 2, is not it
    assert ENGINE.explain_hit(s, amber, 1)[2] == "The flood lasts until the end of Player 1's next turn."


def test_after_the_choice_the_derailed_train_names_the_loads_it_kept():
    s = blank("standard", 2)
    s["players"][1].update(train="heavy", pos=at("Wyvern Gap"), loads=["Iron", "Copper", "Coal"])
    events = deliver_drawing(s, 0, DERAIL, plain_cards(1, exclude=["D003"])[0])
    act(s, 1, "lose_load", good="Iron")
    does, _, by_when = hit(s, events, 1, "derailed")
    assert (
        does
        == "Your train loses one load, if it carries any: it carries Copper, Coal now. You also lose your next turn."
    )
    assert by_when == "It is over once your next turn has been skipped."


def test_a_demand_locked_by_two_players_names_both():
    """The variant (shared/rules/003): several players may lock the same demand of a pool card."""
    s = position("public")
    good = DEMANDS[CARDS[0]][0][0]
    s["players"][2]["loads"] = [good]
    lock(s, 2, CARDS[0], 0)
    assert "[locked by Player 2, Player 3]" in section(text(s, 0), "The pool:")
    assert "[locked by you, Player 3]" in section(text(s, 1), "The pool:")


def test_the_heading_lines_say_the_mode_the_round_and_the_goal():
    # shared/rules/README.md: 250 in cash and all but one of the major cities linked; in the variant,
    # no locked loads either
    for mode, name, goal_end in (("standard", "standard", "."), ("public", "public pool", ", with no locked loads.")):
        s = position(mode)
        s["round"] = 3
        lines = ENGINE.table_text(s, 0)
        majors = ENGINE.view(s, 0)["majors_to_win"]
        assert majors == len([c for c in CITY_LIST if c["size"] == "major"]) - 1
        assert lines[0] == f"Crayon Rails, {name} mode: round 3 of {s['max_rounds']}."
        assert lines[2] == f"To win: 250 in cash and {majors} major cities linked by your track{goal_end}"
        assert lines[3] == "" and lines[4] == "You: Player 1"
        assert ("Your demand cards:" in lines) == (mode == "standard")
        assert ("Your demand cards (privately locked for you):" in lines) == (mode == "public")
    s["result"] = {"winners": [1], "ranking": [1, 0, 2], "reason": "Rich and linked.", "cash": [63, 260, 41]}
    lines = ENGINE.table_text(s, 0)
    assert lines[:2] == [
        f"Crayon Rails, public pool mode: round 3 of {s['max_rounds']}.",
        "Game over: Player 2 wins. Rich and linked.",
    ]


def test_the_loads_line_says_the_room_left_and_which_load_locks_a_card():
    s = position("public")
    p0 = s["players"][0]
    private_good = DEMANDS[CARDS[9]][1][0]
    p0.update(train="heavy", loads=[private_good, "Coal"])  # the private card's load not picked up: this one is free
    assert f"  Loads: {private_good}, Coal (room for 1 more)." in text(s, 0).splitlines()
    assert "Loads: none (room for 2 more)." in text(s, 2)


def read_back(d):
    """Returns the sections an SVG path of track_d draws, as crayon-rails.js reads them (each "L"
    point with the point before it), by their mileposts, and the number of runs ("M")."""
    points = {(round(x, 1), round(y, 1)): (mx, my) for mx in range(40) for my in range(30) for x, y in [xy(mx, my)]}
    read, prev = [], None
    for op, x, y in re.findall(r"([ML])(-?[\d.]+) (-?[\d.]+)", d):
        here = points[(round(float(x), 1), round(float(y), 1))]
        if op == "L":
            read.append(frozenset((prev, here)))
        prev = here
    return read, d.count("M")


def test_a_track_is_drawn_as_few_runs_that_read_back_as_its_sections():
    line = [[[5, 4], [6, 4]], [[4, 4], [5, 4]], [[6, 4], [6, 5]]]  # one line, given out of order
    read, runs = read_back(page.track_d(line))
    assert sorted(read, key=sorted) == sorted((frozenset(map(tuple, s)) for s in line), key=sorted) and runs == 1
    assert page.track_d(line).startswith("M")
    # a run starts at a dead end: the line is drawn from one of its ends, not from its middle
    first = re.match(r"M(-?[\d.]+) (-?[\d.]+)", page.track_d(line))
    ends = {(coord(xy(*p)[0]), coord(xy(*p)[1])) for p in ((4, 4), (6, 5))}
    assert (first[1], first[2]) in ends
    # a branch (no single run draws it: two) and a separate piece: three runs, every section once
    track = [*line, [[5, 4], [5, 5]], [[10, 10], [11, 10]]]
    read, runs = read_back(page.track_d(track))
    assert len(read) == len(track) and set(read) == {frozenset(map(tuple, s)) for s in track} and runs == 3
    # a closed loop has no dead end: it is still drawn, once, as one run
    loop = [[[4, 4], [5, 4]], [[5, 4], [5, 5]], [[5, 5], [4, 4]]]
    read, runs = read_back(page.track_d(loop))
    assert len(read) == 3 and set(read) == {frozenset(map(tuple, s)) for s in loop} and runs == 1
    # what is not a section is skipped; nothing draws nothing
    assert page.track_d([*line, [[1, 1]], None, [[1, 2], [3]]]) == page.track_d(line)
    assert page.track_d(None) == page.track_d([]) == ""


def test_the_maps_costs_are_compact_json():
    static = page.board_static(ENGINE.map_data({}))
    assert static["costs"] == json.dumps(json.loads(static["costs"]), separators=(",", ":"))


def test_the_sections_of_the_table_each_read_exactly():
    s = position("standard")
    s["players"][1]["hand"] = []
    lines = ENGINE.table_text(s, 1)
    at_cards = lines.index("Your demand cards:")
    assert lines[at_cards + 1 : at_cards + 3] == ["  none", ""]
    at_trains = lines.index("Trains:")
    assert (
        lines[at_trains - 1] == "" and lines[at_trains + 5] == "  Player 3: not on the map yet; Freight (9, 2 loads)."
    )
    # Player 3 carries nothing and holds 3 cards; Player 2 (reading) holds none, which its own line never counts
    majors = ENGINE.view(s, 1)["majors_to_win"]
    figures = f"loads: none; cash 41; 0 of {majors} majors linked; 3 demand cards; derailed, loses 1 more turn."
    assert lines[at_trains + 6].startswith("    loads: ") and lines[at_trains + 7].startswith("      ")
    assert " ".join(line.strip() for line in lines[at_trains + 6 : at_trains + 8]) == figures
    assert "demand card" not in lines[at_trains + 4]
    at_events = lines.index("Events in force:")
    assert lines[at_events - 1] == ""
    s["events"][0]["drawer"] = None
    lines = ENGINE.table_text(s, 1)
    snow = "Snow around Caskerton: trains within 4 mileposts move at half speed; no building into mountain or alpine mileposts there."
    assert flat(section("\n".join(lines), "Events in force:")) == snow
    s["out"].append(2)  # Player 3 has left: its line says so, with no turn to lose
    s["players"][2]["lost_turns"] = 0
    assert f"    loads: none; cash 41; 0 of {majors} majors linked; 3 demand cards; resigned." in ENGINE.table_text(
        s, 1
    )


def test_the_public_tables_blank_lines_private_loads_and_counted_cards():
    s = position("public")
    lines = ENGINE.table_text(s, 0)
    pool = next(i for i, line in enumerate(lines) if line.startswith("The pool:"))
    assert lines[pool - 1] == ""
    good = DEMANDS[CARDS[9]][1][0]
    assert f"  {CARDS[9]}: only you may deliver its {good}, load not picked up yet." in lines
    trains = "\n".join(lines[lines.index("Trains:") :])
    assert "Player 3: not on the map yet" in trains and "demand card" not in section(trains, "Player 3:")
    # a long line of figures goes on under its first, indented further
    p1 = s["players"][1]
    p1.update(train="super", lost_turns=2)
    p1["loads"].append("Marble")
    to_hand(s, 1, CARDS[8])
    lines = ENGINE.table_text(s, 0)
    i = lines.index("  Player 2: at the milepost 3 steps south-west of Varrow; Superfreight (12, 3 loads).")
    assert len(lines[i + 1]) > 60 and lines[i + 1].startswith("    loads: ") and lines[i + 2].startswith("      ")
    assert "loses 2 more turns." in lines[i + 2]


def test_goods_run_out_only_when_no_chip_is_left():
    s = position("standard")
    s["players"][1]["loads"] = ["Wine"] * (GOODS["Wine"] - 1)
    assert not any(line.startswith("No loads left") for line in ENGINE.table_text(s, None))
    s["players"][1]["loads"] = ["Wine"] * GOODS["Wine"] + ["Salt"] * GOODS["Salt"]
    lines = ENGINE.table_text(s, None)
    assert lines[0].startswith("Crayon Rails, standard mode")
    assert lines[-2:] == ["No loads left of: Wine, Salt.", f"Deck: {len(s['deck'])} cards; discard pile: 0."]


def test_the_draft_offers_heading_reads_exactly():
    s = ENGINE.new_state({"mode": "public"}, 3, "draft")
    lines = ENGINE.table_text(s, 0)
    assert "Your draft offer (keep up to 2, committing each to one demand):" in lines


def test_the_map_lists_an_edge_only_where_it_costs_otherwise_than_its_milepost():
    costs = json.loads(page.board_static(ENGINE.map_data({}))["costs"])
    assert costs["edge"] and all(v != costs["into"].get(k.split(">")[1], 1) for k, v in costs["edge"].items())


def test_a_player_with_track_or_a_train_on_the_map_opens_it_where_it_is():
    s = blank("standard", 3)
    lay(s, 1, *VELMORA_LARKMERE[1:])
    s["players"][2]["pos"] = node(22, 5)
    moves = table(s, 0)["moves"]  # builds from a major city
    assert any(m["action"]["type"] == "build" for m in moves)
    for seat in (1, 2):
        view = ENGINE.view(s, seat)
        assert page.opening_milepost(moves, view, seat) == ""
        assert page.board_context({"view": view, "seat": seat, "moves": moves})["start"] == ""


def test_a_branch_is_drawn_as_two_runs_each_from_its_own_start():
    # a line (4,4)-(5,4)-(6,4) and a branch (5,4)-(5,5): the second run starts again at (5,4)
    track = [[[4, 4], [5, 4]], [[5, 4], [6, 4]], [[5, 4], [5, 5]]]
    read, runs = read_back(page.track_d(track))
    assert sorted(read, key=sorted) == sorted((frozenset(map(tuple, s)) for s in track), key=sorted) and runs == 2
    # a line whose middle is its lowest milepost is still one run, from an end
    vee = [[[5, 4], [4, 4]], [[4, 4], [4, 5]]]
    read, runs = read_back(page.track_d(vee))
    assert set(read) == {frozenset(map(tuple, s)) for s in vee} and runs == 1
    d = page.track_d([None, *track])  # a malformed section first: the rest is drawn all the same
    assert d == page.track_d(track) and re.fullmatch(r"(?:[ML]-?[\d.]+ -?[\d.]+)+", d)
