"""Views, labels, defaults, standing orders, the bot and whole simulated games."""

import json

import pytest

from games.rules.base import Rng
from games.rules.oregon_trail.engine import ENGINE
from games.rules.simulate import play_one, simulate

from .helpers import act, blank, give_calamity, give_hand, give_supplies, lay_length, place_town


def test_view_shows_own_hand_and_supplies_but_only_sizes_of_others():
    state = ENGINE.new_state({"ruleset": "classic"}, 3, "view-seed-7f3a")
    view = ENGINE.view(state, 0)
    dumped = json.dumps(view)
    me = state["players"][0]
    assert [c["card"] for c in view["hand"]] == me["hand"]
    assert [c["card"] for c in view["supplies"]] == me["supplies"]
    assert "me" not in view and [p["is_me"] for p in view["players"]] == [True, False, False]
    for other in state["players"][1:]:
        for cid in other["hand"] + other["supplies"]:
            assert cid not in dumped
    assert [p["hand_size"] for p in view["players"]] == [5, 5, 5]
    assert [p["supply_count"] for p in view["players"]] == [4, 4, 4]
    assert all(cid not in dumped for cid in state["trail_deck"] + state["supply_deck"])
    assert state["rng"]["seed"] not in dumped and "rng" not in view


def test_spectator_view_has_public_information_only():
    state = ENGINE.new_state({}, 2, "v")
    view = ENGINE.view(state, None)
    assert "hand" not in view and "supplies" not in view
    assert view["phase"] == "draft" and view["to_act"] == [1]
    assert {b["kind"]: b["count"] for b in view["supply_bank"]}["bullets"] == 2
    assert [p["seat"] for p in view["players"]] == [0, 1]
    dumped = json.dumps(view)
    assert not any(cid in dumped for p in state["players"] for cid in p["hand"])


def test_open_view_shows_each_hand_and_supplies_under_hands_only():
    state = ENGINE.new_state({"ruleset": "revised"}, 3, "view-seed-7f3a")
    table = ENGINE.open_view(state)
    assert "hand" not in table and "supplies" not in table  # the spectator's table gains no hand
    assert [set(h) for h in table["hands"]] == [{"seat", "hand", "supplies"}] * 3
    assert [[c["card"] for c in h["hand"]] for h in table["hands"]] == [p["hand"] for p in state["players"]]
    assert [[s["card"] for s in h["supplies"]] for h in table["hands"]] == [p["supplies"] for p in state["players"]]


def test_view_shows_trails_towns_markers_and_calamity_countdowns():
    state = blank(players=2)
    lay_length(state, 0, 3)
    place_town(state, "fort", 2)
    give_calamity(state, 1, "starvation", deadline=2)
    state["players"][0]["pos"] = 2
    view = ENGINE.view(state, 1)
    track = view["players"][0]["track"]
    assert [x["type"] for x in track] == ["card", "card", "fort", "card"]
    assert [x["marker"] for x in track] == [False, True, False, False]
    assert track[0]["left"] == "middle" and track[0]["number"] == 1
    assert view["players"][1]["calamities"][0]["turns_left"] == 2
    assert view["towns"][0]["point"] == 2
    assert view["decks"]["trail"] == len(state["trail_deck"])


def test_view_pending_decision_names_the_deciding_seat():
    state = blank(players=2)
    give_supplies(state, 1, "bullets")
    lay_length(state, 0, 2)
    act(state, 0, {"type": "forge", "card": give_hand(state, 0, "trigger", "middle"), "turned": False})
    view = ENGINE.view(state, 0)
    assert view["pending"] == {"kind": "victim", "seat": 0}
    assert ENGINE.decision_kind(state, 0) is None  # the forger's own choice, not a standing order


def _labels_distinct(state, seat):
    legal = ENGINE.legal_actions(state, seat)
    labels = [ENGINE.action_label(state, seat, a) for a in legal]
    assert len(set(labels)) == len(labels), labels
    assert all(isinstance(x, str) and x for x in labels)


@pytest.mark.parametrize("ruleset", ["revised", "classic"])
def test_action_labels_are_distinct_for_every_seat_throughout_games(ruleset):
    for g in range(6):

        def check(state, seat, action):
            if ENGINE.result(state) is None:
                _labels_distinct(state, ENGINE.to_act(state)[0])

        play_one(ENGINE, players=2 + g % 5, seed=f"labels:{g}", options={"ruleset": ruleset}, on_step=check)


def test_default_action_is_safe():
    state = blank(players=2)
    assert ENGINE.default_action(state, 0) == {"type": "end_turn"}
    state = blank("classic", players=2)
    assert ENGINE.default_action(state, 0) in ENGINE.legal_actions(state, 0)
    state = blank(players=2)
    give_supplies(state, 1, "bullets")
    lay_length(state, 0, 2)
    act(state, 0, {"type": "forge", "card": give_hand(state, 0, "trigger", "middle"), "turned": False})
    assert ENGINE.default_action(state, 0)["type"] == "victim"


def test_bot_sends_calamities_to_the_leader_and_mends_when_it_can():
    state = blank(players=3)
    lay_length(state, 0, 2)
    lay_length(state, 2, 6)
    act(state, 0, {"type": "forge", "card": give_hand(state, 0, "trigger", "middle"), "turned": False})
    assert ENGINE.bot_action(state, 0, Rng.stream(1)) == {"type": "victim", "seat": 2}
    state = blank(players=2)
    rec = give_calamity(state, 0, "starvation", deadline=1)
    give_supplies(state, 0, "food")
    assert ENGINE.bot_action(state, 0, Rng.stream(1)) == {"type": "mend", "calamity": rec["card"]}


def test_every_card_is_in_exactly_one_place():
    state = ENGINE.new_state({}, 4, "places")
    cards = [c for cs in ENGINE.card_places(state).values() for c in cs]
    assert len(cards) == len(set(cards)) == 56 + 26 + 32


@pytest.mark.parametrize(
    "options",
    [
        {"ruleset": "revised"},
        {"ruleset": "classic"},
        {"ruleset": "revised", "trail_length": 10},
        {"ruleset": "classic", "classic_thief": "thief_dies"},
    ],
)
def test_simulate_plays_50_games_to_the_end_without_errors(options):
    for players in (2, 4, 6):
        report = simulate(ENGINE, games=17, players=players, seed="t", options=options)
        assert report["errors"] == 0, report.get("first_error")
        assert report["illegal_actions"] == 0
        assert report["unfinished"] == 0 and report["finished"] == 17
