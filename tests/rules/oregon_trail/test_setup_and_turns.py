"""Setup, options, turn length and scouting."""

from collections import Counter

import pytest

from games.rules.base import BadOptions, IllegalAction
from games.rules.oregon_trail.cards import CALAMITY_CARDS, SUPPLY_CARDS, TRAIL_CARDS
from games.rules.oregon_trail.engine import ENGINE

from .helpers import act, blank, give_calamity, give_hand, held, lay_length, set_draws, types


def test_trail_deck_has_56_cards_with_nine_shapes_spread_evenly():
    kinds = Counter(c["kind"] for c in TRAIL_CARDS.values())
    assert len(TRAIL_CARDS) == 56
    assert kinds == {"plain": 10, "river_supply": 8, "river_drown": 4, "trigger": 22, "town": 6, "fort": 6}
    shapes = Counter((c["left"], c["right"]) for c in TRAIL_CARDS.values() if c["left"])
    assert len(shapes) == 9 and sum(shapes.values()) == 44
    assert set(shapes.values()) <= {4, 5}
    assert len(SUPPLY_CARDS) == 26 and Counter(SUPPLY_CARDS.values())["bullets"] == 2
    assert len(CALAMITY_CARDS) == 32 and set(Counter(CALAMITY_CARDS.values()).values()) == {2}


@pytest.mark.parametrize("players,supplies", [(2, 6), (3, 4), (4, 4), (5, 3), (6, 3)])
def test_classic_setup_deals_five_trail_cards_four_members_and_supplies_by_player_count(players, supplies):
    state = ENGINE.new_state({"ruleset": "classic"}, players, "s")
    for p in state["players"]:
        assert len(p["hand"]) == 5 and p["members"] == 4
        assert len(p["supplies"]) == supplies
    assert len(state["trail_deck"]) == 56 - 5 * players
    assert len(state["supply_deck"]) == 26 - supplies * players
    assert ENGINE.to_act(state) == [0]


def test_revised_setup_drafts_supplies_from_the_bank_in_reverse_seat_order():
    state = ENGINE.new_state({}, 3, "s")
    assert state["phase"] == "draft"
    seen = []
    for _ in range(3 * 4):
        seat = ENGINE.to_act(state)[0]
        seen.append(seat)
        legal = ENGINE.legal_actions(state, seat)
        assert legal == [
            {"type": "draft", "supply": k}
            for k in sorted({SUPPLY_CARDS[c] for c in state["supply_bank"]}, key=list(SUPPLY_CARDS.values()).index)
        ]
        act(
            state,
            seat,
            {"type": "draft", "supply": "bullets"} if {"type": "draft", "supply": "bullets"} in legal else legal[0],
        )
    assert seen == [2, 1, 0] * 4
    assert state["phase"] == "play" and ENGINE.to_act(state) == [0]
    assert [len(p["supplies"]) for p in state["players"]] == [4, 4, 4]
    assert len(state["supply_bank"]) == 26 - 12
    # the two bullets went to the first two drafters; then the bank had none left
    assert held(state, 2).count("bullets") == 1 and held(state, 1).count("bullets") == 1
    assert state["actions_left"] == 4


def test_revised_draft_offers_only_kinds_left_in_the_bank():
    state = ENGINE.new_state({}, 2, "s")
    act(state, 1, {"type": "draft", "supply": "bullets"})
    act(state, 0, {"type": "draft", "supply": "bullets"})
    assert {"type": "draft", "supply": "bullets"} not in ENGINE.legal_actions(state, 1)
    with pytest.raises(IllegalAction, match="not left in the bank"):
        act(state, 1, {"type": "draft", "supply": "bullets"})


@pytest.mark.parametrize(
    "options",
    [
        {"trail_length": 9},
        {"trail_length": 31},
        {"ruleset": "classic", "trail_length": 19},
        {"ruleset": "classic", "trail_length": 26},
        {"ruleset": "modern"},
        {"classic_thief": "hang"},
    ],
)
def test_options_reject_trail_lengths_and_values_the_ruleset_does_not_allow(options):
    with pytest.raises(BadOptions):
        ENGINE.normalize_options(options, 3)


def test_options_defaults_and_allowed_lengths():
    assert ENGINE.normalize_options({}, 2) == {"ruleset": "revised", "trail_length": 20, "classic_thief": "cancel"}
    assert ENGINE.normalize_options({"trail_length": "10"}, 2)["trail_length"] == 10
    assert ENGINE.normalize_options({"ruleset": "classic", "trail_length": 25}, 2)


def test_revised_actions_per_turn_equal_living_members():
    state = blank(players=2)
    state["players"][0]["members"] = 3
    state["actions_left"] = 3
    for _ in range(3):
        assert ENGINE.to_act(state) == [0]
        act(state, 0, {"type": "scout"})
    assert ENGINE.to_act(state) == [1]
    assert state["actions_left"] == 4
    assert len(state["players"][0]["hand"]) == 3


def test_revised_member_lost_in_a_turn_costs_an_action_from_the_next_turn_on():
    state = blank(players=2)
    lay_length(state, 0, 2)
    give_hand(state, 0, "river_drown", "middle")
    set_draws(state, 1)  # the free attempt drowns a member
    cid = state["players"][0]["hand"][0]
    act(state, 0, {"type": "forge", "card": cid, "turned": False})
    assert state["players"][0]["members"] == 3
    assert state["actions_left"] == 3  # no action lost in this turn
    act(state, 0, {"type": "end_turn"})
    act(state, 1, {"type": "end_turn"})
    assert ENGINE.to_act(state) == [0] and state["actions_left"] == 3


def test_revised_player_may_end_the_turn_early():
    state = blank(players=3)
    events = act(state, 0, {"type": "end_turn"})
    assert "turn_ended" in types(events)
    assert ENGINE.to_act(state) == [1] and state["actions_left"] == 4


def test_classic_one_action_per_turn():
    state = blank("classic", players=2)
    act(state, 0, {"type": "scout"})
    assert ENGINE.to_act(state) == [1]
    assert {"type": "end_turn"} not in ENGINE.legal_actions(state, 1)  # no passing in classic


def test_scout_draws_the_top_trail_card():
    state = blank(players=2)
    top = state["trail_deck"][-1]
    events = act(state, 0, {"type": "scout"})
    assert state["players"][0]["hand"] == [top]
    assert events[0]["private"]["0"]["card"] == top and "card" not in events[0]["public"]


def test_scout_reshuffles_the_trail_discards_only_when_the_deck_is_empty():
    state = blank(players=2)
    state["trail_discard"] = state["trail_deck"][:-1]
    state["trail_deck"] = state["trail_deck"][-1:]
    act(state, 0, {"type": "scout"})
    assert state["trail_deck"] == [] and len(state["trail_discard"]) > 0
    before = len(state["trail_discard"])
    events = act(state, 0, {"type": "scout"})
    assert "trail_reshuffled" in types(events)
    assert state["trail_discard"] == [] and len(state["trail_deck"]) == before - 1


def test_scouting_is_not_possible_when_deck_and_discards_are_empty():
    state = blank(players=2)
    state["players"][1]["hand"] = state["trail_deck"]
    state["trail_deck"] = []
    assert {"type": "scout"} not in ENGINE.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="scouting is not possible"):
        act(state, 0, {"type": "scout"})


def test_revised_turn_with_no_actions_passes_at_once():
    state = blank(players=2)
    state["players"][1]["members"] = 1
    give_calamity(state, 1, "broken_arm", fewer=2)
    events = act(state, 0, {"type": "end_turn"})
    assert "turn_lost" in types(events)
    assert ENGINE.to_act(state) == [0]
