"""Crayon Rails' answers to the engine contract (engine.py) that the scenario tests did not read:
the seat count, the standing order for a derailment, what others see of an action, where every
card is, which places a seat may not see and where on the table each action is played (found by
mutation testing, issue #31)."""

import pytest

from games.rules.base import BadOptions, IllegalAction, Rng
from games.rules.crayon_rails.board import CITY_INDEX, MAJOR_POSTS, map_data, xy
from games.rules.crayon_rails.cards import DEMANDS, demand_text, demands, is_event
from games.rules.crayon_rails.engine import ENGINE
from games.rules.crayon_rails.network import track_nodes
from games.rules.crayon_rails.places import city_place

from .helpers import at, blank, demand_cards, event_card, link, lock, plain_cards, posts, to_hand, to_pool


def test_two_to_six_players():
    for seats in (1, 7):
        with pytest.raises(BadOptions, match=r"^Crayon Rails is for 2 to 6 players\.$"):
            ENGINE.check_options({}, seats)
    for seats in (2, 6, None):
        ENGINE.check_options({}, seats)
    assert ENGINE.map_data({}) == map_data()


def test_a_new_game_checks_its_seat_count_too():
    for seats in (1, 7):
        with pytest.raises(BadOptions, match=r"^Crayon Rails is for 2 to 6 players\.$"):
            ENGINE.new_state({}, seats, "contract")


def test_setup_deals_the_first_drafter_four_cards_or_each_hand_three():
    public = ENGINE.new_state({"mode": "public"}, 3, "contract")
    assert public["phase"] == "draft" and public["draft"]["seat"] == 0 and len(public["draft"]["offer"]) == 4
    assert all(p["hand"] == [] for p in public["players"])
    standard = ENGINE.new_state({"mode": "standard"}, 3, "contract")
    assert standard["phase"] == "build" and not standard["draft"]
    assert [len(p["hand"]) for p in standard["players"]] == [3, 3, 3]


def derailed(mode="public"):
    """Seat 1 derailed in seat 0's turn, choosing which of its loads to lose."""
    s = blank(mode, 2)
    s["players"][1].update(pos=at("Larkmere"), loads=["Grain", "Coal"])
    s["pending"] = [{"seat": 1, "kind": "derailment", "card": event_card("derailment")}]
    return s


def test_the_derailment_is_the_only_decision_and_only_for_the_seat_choosing():
    s = derailed()
    assert ENGINE.decision_kind(s, 1) == "derailment"
    assert ENGINE.decision_kind(s, 0) is None  # the turn's seat waits, it decides nothing
    s["result"] = {"winners": [0]}
    assert ENGINE.decision_kind(s, 1) is None
    assert ENGINE.decision_kind(blank("public", 2), 0) is None


def test_the_standing_order_loses_a_load_that_locks_nothing():
    s = derailed()
    grain_card, demand = demand_cards(good="Grain")[0]
    to_pool(s, grain_card, *plain_cards(3, exclude=[grain_card]))
    lock(s, 1, grain_card, demand)
    # Coal locks nothing: it goes, not the locked Grain
    assert ENGINE.standing_action(s, 1, "derailment", "unlocked_first") == {"type": "lose_load", "good": "Coal"}
    assert ENGINE.standing_action(s, 1, "derailment", "other") is None
    assert ENGINE.standing_action(s, 1, "tax", "unlocked_first") is None
    assert ENGINE.standing_action(s, 0, "derailment", "unlocked_first") is None  # not the seat choosing
    # every load locks a card: the order does not choose
    s["players"][1]["loads"] = ["Grain"]
    assert ENGINE.standing_action(s, 1, "derailment", "unlocked_first") is None


def test_others_see_neither_the_card_a_drafter_keeps_nor_a_private_card_kept_after_a_derailment():
    assert ENGINE.public_action({"type": "keep", "card": "D001", "demand": 2}) == {"type": "keep"}
    kept = {"type": "lose_load", "good": "Grain", "card": "D003", "release": False}
    assert ENGINE.public_action(kept) == {"type": "lose_load", "good": "Grain"}
    released = {"type": "lose_load", "good": "Grain", "card": "D003", "release": True}
    assert ENGINE.public_action(released) == released
    locked = {"type": "lose_load", "good": "Grain", "card": "D003"}
    assert ENGINE.public_action(locked) == locked
    assert ENGINE.public_action({"type": "end_turn"}) == {"type": "end_turn"}


def test_every_card_has_its_place_and_a_seat_sees_only_its_own_hand_and_offer():
    s = ENGINE.new_state({"mode": "public"}, 3, "contract")
    offer = list(s["draft"]["offer"])
    places = ENGINE.card_places(s)
    assert places["draft"] == offer and places["deck"] == s["deck"] and places["pool"] == []
    assert places["set_aside"] == s["set_aside"] and places["discard"] == []
    assert {places[f"hand:{seat}"] == [] for seat in range(3)} == {True}
    assert set(places) == {"deck", "discard", "pool", "set_aside", "draft", "hand:0", "hand:1", "hand:2"}
    assert ENGINE.hidden_places(s, 0) == {"deck", "set_aside", "hand:1", "hand:2"}
    assert ENGINE.hidden_places(s, 1) == {"deck", "set_aside", "hand:0", "hand:2", "draft"}
    assert ENGINE.hidden_places(s, None) == {"deck", "set_aside", "hand:0", "hand:1", "hand:2", "draft"}
    s = blank("standard", 2)
    to_hand(s, 1, "D010")
    s["discard"] = [s["deck"].pop()]
    places = ENGINE.card_places(s)
    assert places["hand:1"] == ["D010"] and places["discard"] == s["discard"] and places["draft"] == []
    # the lists are copies: changing them changes nothing in the game
    places["hand:1"].append("X")
    places["deck"].clear()
    assert s["players"][1]["hand"] == ["D010"] and s["deck"]
    assert ENGINE.hidden_places(s, 1) == {"deck", "set_aside", "hand:0", "draft"}


def test_the_glossary_is_the_same_in_both_modes():
    """Every kind of event card of shared/rules/README.md (derailment, snow, flood, excess profit tax,
    the strike in its three forms) and every train, explained the same way in both modes."""
    public, standard = ENGINE.glossary({}), ENGINE.glossary({"mode": "standard"})
    assert public == standard
    assert list(public) == [
        "Derailment",
        "Snow",
        "floods",
        "Dock strike",
        "Strike",
        "Rail strike",
        "Excess profit tax",
        "Freight",
        "Fast Freight",
        "Heavy Freight",
        "Superfreight",
    ]
    assert (
        "9 mileposts a turn, 2 loads" in public["Freight"] and "12 mileposts a turn, 3 loads" in public["Superfreight"]
    )


def test_a_cards_demands_are_its_three_good_city_payoff_triples():
    assert demands("D003") == DEMANDS["D003"] and len(demands("D003")) == 3
    assert demand_text("D003", 2) == "{} to {} for {}".format(*DEMANDS["D003"][2])
    assert is_event(event_card("tax")) and not is_event("D003")


def test_each_action_is_played_on_its_mileposts_city_or_card_or_from_the_bar():
    s = blank("public", 2)
    path = [[21, 3], [22, 4], [22, 5]]
    assert ENGINE.place(s, 0, {"type": "build", "path": path, "toward": "Velmora"}) == "mp:21,3 mp:22,4 mp:22,5"
    assert ENGINE.place(s, 0, {"type": "move", "path": path[:2]}) == "mp:21,3 mp:22,4"
    assert ENGINE.place(s, 0, {"type": "place_train", "city": "Kestrel Bay"}) == "city:Kestrel_Bay"
    assert city_place("Port Brannock") == "city:Port_Brannock" and city_place("Velmora") == "city:Velmora"
    for kind in ("keep", "deliver", "lock"):
        assert ENGINE.place(s, 0, {"type": kind, "card": "D003", "demand": 2, "good": "Grain"}) == "card:D003"
    for action in (
        {"type": "pickup", "good": "Grain"},
        {"type": "drop", "good": "Grain"},
        {"type": "upgrade", "train": "fast"},
        {"type": "pitch"},
        {"type": "discard_hand"},
        {"type": "lose_load", "good": "Grain"},
        {"type": "keep_done"},
        {"type": "end_turn"},
    ):
        assert ENGINE.place(s, 0, action) == "bar", action
    assert ENGINE.place_kinds()["mp"] == {"tap": "draw your route on the map", "route": True}
    assert set(ENGINE.place_kinds()) == {"card", "city", "mp"}


def test_any_build_the_rules_allow_is_accepted_a_refused_one_is_not_and_an_unreadable_one_raises():
    s = blank("standard", 2)
    menu = ENGINE.build_menu(s, 0)
    # a path off the menu that the rules allow: the first section of a ready-made build alone
    own = {"type": "build", "path": menu[0]["path"][:2]}
    assert own not in menu and ENGINE.accepts(s, 0, own)
    assert not ENGINE.accepts(s, 0, {"type": "build", "path": [[0, 0], [1, 0]]})  # nowhere near a major city
    for path in ([[1]], "x"):
        with pytest.raises(IllegalAction) as caught:
            ENGINE.accepts(s, 0, {"type": "build", "path": path})
        assert caught.value.code == "MALFORMED_ACTION"
    # anything else only from the menu
    assert ENGINE.accepts(s, 0, {"type": "end_turn"}) and not ENGINE.accepts(s, 0, {"type": "pickup", "good": "Grain"})


def test_the_engines_path_helpers_bots_and_labels_answer_for_the_seat_and_action_asked():
    """The engine hands the bots, the reply commands and the pages paths.py's searches, the bot's
    choice and words.py's labels: each for the seat, city and action it is given."""
    s = blank("standard", 2)
    link(s, 0, "Harrowgate", "Kestrel Bay")
    s["players"][0]["pos"] = at("Harrowgate")
    builds = ENGINE.build_menu(s, 0)
    assert builds and all(ENGINE.accepts(s, 0, b) for b in builds)
    toward = ENGINE.build_toward(s, 0, CITY_INDEX["Oakhurst"])  # from its network, as far as 20 pays
    build = {"type": "build", "path": [xy(n) for n in toward]}
    assert ENGINE.accepts(s, 0, build) and 0 < ENGINE.build_cost(s, 0, build) <= ENGINE.build_budget(s, 0) == 20
    assert toward[0] in track_nodes(s["players"][0]["track"]) | MAJOR_POSTS
    assert ENGINE.move_routes(s, 0) == [(CITY_INDEX["Kestrel Bay"], ENGINE.parse_path(ENGINE.move_menu(s, 0)[0]))]
    move = ENGINE.move_menu(s, 0)[0]
    path = ENGINE.parse_path(move)
    assert path[0] == at("Harrowgate") and path[-1] in posts("Kestrel Bay") and move["toward"] == "Kestrel Bay"
    assert ENGINE.check_move(s, 0, path) == [] and ENGINE.takes_path(s, move)
    assert not ENGINE.takes_path(s, {"type": "end_turn"})
    assert ENGINE.bot_action(s, 0, Rng.stream(1)) in ENGINE.legal_actions(s, 0)
    assert ENGINE.action_label(s, 0, move) == "Move 4 mileposts to Kestrel Bay"
    assert ENGINE.action_label(s, 0, {"type": "end_turn"}) == "End your turn"
    label = ENGINE.action_label(s, 0, builds[0])
    assert label.endswith(f" (costs {ENGINE.build_cost(s, 0, builds[0])})") and label.startswith("Build ")
    # seat 1 has no train on the map: nothing to move
    assert ENGINE.move_menu(s, 1) == [] and ENGINE.move_routes(s, 1) == []
