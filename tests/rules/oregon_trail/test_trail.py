"""Forging, rivers, moving along the trail, trimming and winning."""

import pytest

from games.rules.base import IllegalAction
from games.rules.oregon_trail.engine import ENGINE
from games.rules.oregon_trail.state import trail_length

from .helpers import (
    act,
    blank,
    give_calamity,
    give_hand,
    give_supplies,
    held,
    lay_length,
    lay_trail,
    place_town,
    set_draws,
    stack_calamity,
    types,
)


def _forges(state, seat, cid):
    return [a for a in ENGINE.legal_actions(state, seat) if a["type"] == "forge" and a["card"] == cid]


def test_forge_must_start_where_the_previous_card_ends():
    state = blank(players=2)
    lay_trail(state, 0, [("bottom", "top")])
    cid = give_hand(state, 0, "plain", "middle", "bottom")
    # only turned does (middle, bottom) start at the top: (top, middle)
    assert _forges(state, 0, cid) == [{"type": "forge", "card": cid, "turned": True}]
    with pytest.raises(IllegalAction, match="does not match the trail: it must start at the top"):
        act(state, 0, {"type": "forge", "card": cid, "turned": False})


def test_forge_turned_card_swaps_its_ends_and_top_and_bottom_trade_places():
    state = blank(players=2)
    lay_trail(state, 0, [("bottom", "top")])
    cid = give_hand(state, 0, "plain", "middle", "bottom")
    events = act(state, 0, {"type": "forge", "card": cid, "turned": True})
    front = state["players"][0]["trail"][-1]
    assert (front["left"], front["right"], front["turned"]) == ("top", "middle", True)
    assert state["players"][0]["pos"] == 2 and "trail_forged" in types(events)
    assert ENGINE.action_label(state, 0, {"type": "scout"})


def test_first_card_after_independence_may_start_at_any_height():
    state = blank(players=2)
    cid = give_hand(state, 0, "plain", "middle", "bottom")
    assert len(_forges(state, 0, cid)) == 2


def test_card_after_a_town_may_start_at_any_height():
    state = blank(players=2)
    lay_trail(state, 0, [("middle", "top"), ("top", "top")])
    cid = give_hand(state, 0, "plain", "middle", "bottom")
    assert len(_forges(state, 0, cid)) == 1
    place_town(state, "town", 2, founder=1)
    assert len(_forges(state, 0, cid)) == 2


def test_symmetric_card_is_offered_once_and_labels_say_turned():
    state = blank(players=2)
    cid = give_hand(state, 0, "plain", "top", "bottom")  # turned it is the same shape
    assert _forges(state, 0, cid) == [{"type": "forge", "card": cid, "turned": False}]
    other = give_hand(state, 0, "river_supply", "top", "middle")
    labels = [ENGINE.action_label(state, 0, a) for a in _forges(state, 0, other)]
    assert labels == [
        "Forge River (odd: lose a supply) (top→middle)",
        "Forge River (odd: lose a supply) (middle→bottom), turned",
    ]


def test_cannot_forge_with_a_broken_wagon_or_away_from_the_front():
    state = blank(players=2)
    lay_length(state, 0, 3)
    cid = give_hand(state, 0, "plain", "middle", "middle")
    give_calamity(state, 0, "broken_axle", deadline=1)
    assert _forges(state, 0, cid) == []
    with pytest.raises(IllegalAction, match="mend the broken wagon or dead oxen"):
        act(state, 0, {"type": "forge", "card": cid, "turned": False})
    state["players"][0]["calamities"] = []
    state["players"][0]["pos"] = 2
    assert _forges(state, 0, cid) == []
    with pytest.raises(IllegalAction, match="front of your trail"):
        act(state, 0, {"type": "forge", "card": cid, "turned": False})


# -- rivers ------------------------------------------------------------------------------------
def _forge_river(state, kind, *rolls):
    cid = give_hand(state, 0, kind, "middle")
    set_draws(state, *rolls)
    return act(state, 0, {"type": "forge", "card": cid, "turned": False})


def test_river_even_roll_fords_on_the_free_first_attempt():
    state = blank(players=2)
    lay_length(state, 0, 2)
    events = _forge_river(state, "river_supply", 4)
    p = state["players"][0]
    assert not p["stuck"] and p["pos"] == 3 and "river_forded" in types(events)
    assert state["actions_left"] == 3  # the forge was the action; the attempt was free


def test_river_odd_roll_loses_one_supply_card_that_the_player_picks():
    state = blank(players=2)
    lay_length(state, 0, 2)
    give_supplies(state, 0, "food", "oxen")
    events = _forge_river(state, "river_supply", 3)
    assert "river_failed" in types(events) and state["players"][0]["stuck"]
    assert ENGINE.to_act(state) == [0]
    assert ENGINE.legal_actions(state, 0) == [
        {"type": "lose_supply", "supply": "food"},
        {"type": "lose_supply", "supply": "oxen"},
    ]
    bank = len(state["supply_bank"])
    act(state, 0, {"type": "lose_supply", "supply": "oxen"})
    assert held(state, 0) == ["food"] and len(state["supply_bank"]) == bank + 1


def test_drowning_river_a_one_drowns_a_member_three_or_five_nothing():
    state = blank(players=2)
    lay_length(state, 0, 2)
    give_supplies(state, 0, "food")
    events = _forge_river(state, "river_drown", 1)
    assert state["players"][0]["members"] == 3 and "member_died" in types(events)
    state2 = blank(players=2)
    lay_length(state2, 0, 2)
    give_supplies(state2, 0, "food")
    events = _forge_river(state2, "river_drown", 5)
    assert state2["players"][0]["members"] == 4 and held(state2, 0) == ["food"]
    assert state2["players"][0]["stuck"] and not state2["pending"]


def test_revised_stuck_in_the_river_may_mend_but_not_forge_move_or_use_a_town():
    state = blank(players=2)
    lay_length(state, 0, 2)
    place_town(state, "town", 3)
    give_hand(state, 0, "plain", "middle")
    give_hand(state, 0, "fort")
    give_supplies(state, 0, "food")
    give_calamity(state, 0, "starvation", deadline=2)
    _forge_river(state, "river_drown", 3)
    kinds = {a["type"] for a in ENGINE.legal_actions(state, 0)}
    assert kinds == {"ford", "scout", "mend", "end_turn"}
    with pytest.raises(IllegalAction, match="You are stuck in the river: ford it first."):
        act(state, 0, {"type": "step_back"})
    cal = state["players"][0]["calamities"][0]["card"]
    act(state, 0, {"type": "mend", "calamity": cal})
    assert state["players"][0]["calamities"] == []


def test_revised_further_ford_attempts_cost_an_action_each():
    state = blank(players=2)
    lay_length(state, 0, 2)
    _forge_river(state, "river_drown", 3)
    assert state["actions_left"] == 3
    set_draws(state, 5)
    act(state, 0, {"type": "ford"})
    assert state["actions_left"] == 2 and state["players"][0]["stuck"]
    set_draws(state, 6)
    events = act(state, 0, {"type": "ford"})
    assert "river_forded" in types(events) and state["actions_left"] == 1
    assert {"type": "step_back"} in ENGINE.legal_actions(state, 0)


def test_classic_stuck_in_the_river_fording_is_the_only_action():
    state = blank("classic", players=2)
    lay_length(state, 0, 2)
    give_supplies(state, 0, "food")
    give_calamity(state, 0, "starvation", deadline=8)
    _forge_river(state, "river_drown", 3)
    act(state, 1, {"type": "scout"})
    assert ENGINE.legal_actions(state, 0) == [{"type": "ford"}]
    with pytest.raises(IllegalAction, match="stuck in the river"):
        act(state, 0, {"type": "scout"})
    set_draws(state, 2)
    act(state, 0, {"type": "ford"})
    assert not state["players"][0]["stuck"] and ENGINE.to_act(state) == [1]


# -- moving --------------------------------------------------------------------------------------
def test_revised_step_back_at_most_four_steps_and_forward_again():
    state = blank(players=2)
    state["players"][0]["members"] = 4
    state["actions_left"] = 10
    lay_length(state, 0, 6)
    for _ in range(4):
        act(state, 0, {"type": "step_back"})
    assert state["players"][0]["pos"] == 2
    assert {"type": "step_back"} not in ENGINE.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="more than 4 steps back"):
        act(state, 0, {"type": "step_back"})
    act(state, 0, {"type": "step_forward"})
    assert state["players"][0]["pos"] == 3


def test_revised_a_short_trail_is_stepped_back_to_independence_and_no_further():
    """Revised: "you can move backwards along the trail you have created": from the first card back
    to Independence, where the trail begins."""
    state = blank(players=2)
    lay_length(state, 0, 1)
    act(state, 0, {"type": "step_back"})
    assert state["players"][0]["pos"] == 0
    assert {"type": "step_back"} not in ENGINE.legal_actions(state, 0)


def test_moving_is_allowed_with_a_broken_wagon():
    state = blank(players=2)
    lay_length(state, 0, 3)
    give_calamity(state, 0, "dead_oxen", deadline=1)
    assert {"type": "step_back"} in ENGINE.legal_actions(state, 0)


def test_classic_cannot_step_back_past_a_town_everyone_has_passed():
    state = blank("classic", players=2)
    lay_length(state, 0, 3)
    lay_length(state, 1, 3)
    place_town(state, "town", 2)
    cid = give_hand(state, 0, "plain", "middle", "middle")
    events = act(state, 0, {"type": "forge", "card": cid, "turned": False})
    assert "trail_trimmed" in types(events)
    assert state["floor"] == 2
    assert [p["trimmed"] for p in state["players"]] == [2, 2]
    assert [trail_length(p) for p in state["players"]] == [4, 3]
    act(state, 1, {"type": "step_back"})
    assert state["players"][1]["pos"] == 2 and state["players"][1]["in_town"]
    act(state, 0, {"type": "scout"})
    assert {"type": "step_back"} not in ENGINE.legal_actions(state, 1)
    with pytest.raises(IllegalAction, match="past a town everyone has passed"):
        act(state, 1, {"type": "step_back"})


def test_revised_trims_cards_more_than_four_behind_the_front_and_keeps_the_count():
    state = blank(players=2)
    lay_length(state, 0, 5)
    first = state["players"][0]["trail"][0]["card"]
    cid = give_hand(state, 0, "plain", "middle", "middle")
    act(state, 0, {"type": "forge", "card": cid, "turned": False})
    p = state["players"][0]
    assert p["trimmed"] == 1 and len(p["trail"]) == 5 and trail_length(p) == 6
    assert first in state["trail_discard"]


def test_revised_town_goes_when_no_living_player_can_stand_at_it():
    state = blank(players=2)
    lay_length(state, 0, 5)
    lay_length(state, 1, 5)
    town = place_town(state, "town", 1)
    act(state, 0, {"type": "forge", "card": give_hand(state, 0, "plain", "middle", "middle"), "turned": False})
    assert town in state["towns"]  # player 2 may still walk back to it
    act(state, 0, {"type": "end_turn"})
    act(state, 1, {"type": "forge", "card": give_hand(state, 1, "plain", "middle", "top"), "turned": False})
    assert town not in state["towns"] and town["card"] in state["trail_discard"]


# -- winning -------------------------------------------------------------------------------------
def test_revised_forging_the_nth_card_wins():
    state = blank(players=2, trail_length=10)
    lay_length(state, 0, 9)
    events = act(state, 0, {"type": "forge", "card": give_hand(state, 0, "plain", "middle", "middle"), "turned": False})
    res = ENGINE.result(state)
    assert res["winners"] == [0] and res["ranking"] == [0, 1] and res["reason"]
    assert "game_over" in types(events) and ENGINE.to_act(state) == []


def test_revised_calamity_trigger_as_nth_card_draws_nothing():
    state = blank(players=2, trail_length=10)
    lay_length(state, 0, 9)
    deck = len(state["calamity_deck"])
    act(state, 0, {"type": "forge", "card": give_hand(state, 0, "trigger", "middle"), "turned": False})
    assert ENGINE.result(state)["winners"] == [0]
    assert len(state["calamity_deck"]) == deck


def test_revised_river_as_nth_card_must_be_forded_first():
    state = blank(players=2, trail_length=10)
    lay_length(state, 0, 9)
    _forge_river(state, "river_drown", 3)
    assert ENGINE.result(state) is None
    set_draws(state, 2)
    act(state, 0, {"type": "ford"})
    assert ENGINE.result(state)["winners"] == [0]


def test_classic_reaching_the_nth_card_goes_to_willamette_and_calamities_must_be_mended():
    state = blank("classic", players=2)
    lay_length(state, 0, 19)
    cal = give_calamity(state, 0, "starvation", deadline=8)
    events = act(state, 0, {"type": "forge", "card": give_hand(state, 0, "plain", "middle", "middle"), "turned": False})
    assert "reached_willamette" in types(events)
    assert ENGINE.result(state) is None and state["players"][0]["at_end"]
    act(state, 1, {"type": "scout"})
    legal = ENGINE.legal_actions(state, 0)
    assert {"type": "mend_any", "calamity": cal["card"]} in legal
    assert not any(a["type"] in ("forge", "scout", "step_back") for a in legal)
    act(state, 0, {"type": "mend_any", "calamity": cal["card"]})
    assert ENGINE.result(state)["winners"] == [0]


def test_classic_reaching_willamette_without_calamities_wins_at_once():
    state = blank("classic", players=2)
    lay_length(state, 0, 19)
    act(state, 0, {"type": "forge", "card": give_hand(state, 0, "plain", "middle", "middle"), "turned": False})
    assert ENGINE.result(state)["winners"] == [0]


def test_last_wagon_with_anyone_alive_wins():
    state = blank(players=2)
    lay_length(state, 0, 3)
    state["players"][1]["members"] = 1
    act(state, 0, {"type": "forge", "card": give_hand(state, 0, "trigger", "middle"), "turned": False})
    stack_calamity(state, "dysentery")
    events = act(state, 0, {"type": "victim", "seat": 1})
    assert {"member_died", "player_out", "game_over"} <= set(types(events))
    assert ENGINE.result(state)["winners"] == [0]


def test_last_wagons_dying_together_means_nobody_wins():
    state = blank(players=2)
    lay_length(state, 0, 3)
    state["players"][0]["members"] = 1
    state["players"][1]["members"] = 1
    give_calamity(state, 0, "cholera")
    act(state, 0, {"type": "forge", "card": give_hand(state, 0, "trigger", "middle"), "turned": False})
    stack_calamity(state, "cholera")
    act(state, 0, {"type": "victim", "seat": 1})
    res = ENGINE.result(state)
    assert res["winners"] == [] and "nobody" in res["reason"]


def test_player_out_of_three_leaves_the_game_and_the_turn_skips_them():
    state = blank(players=3)
    lay_length(state, 0, 3)
    state["players"][1]["members"] = 1
    act(state, 0, {"type": "forge", "card": give_hand(state, 0, "trigger", "middle"), "turned": False})
    stack_calamity(state, "snake_bite")
    act(state, 0, {"type": "victim", "seat": 1})
    assert not state["players"][1]["alive"] and ENGINE.result(state) is None
    act(state, 0, {"type": "end_turn"})
    assert ENGINE.to_act(state) == [2]
    assert ENGINE.result(state) is None


def test_classic_trail_deck_and_discards_empty_scouting_is_not_possible_and_no_trail_is_trimmed():
    # ruling: classic trails are trimmed only before a town every living player has passed;
    # "If the trail deck and its discards are both empty, scouting is not possible."
    state = blank("classic", players=2)
    lay_length(state, 0, 8)
    lay_length(state, 1, 6)
    state["players"][1]["hand"] = state["trail_deck"]
    state["trail_deck"] = []
    legal = ENGINE.legal_actions(state, 0)
    assert {"type": "scout"} not in legal and {"type": "end_turn"} in legal
    with pytest.raises(IllegalAction, match="scouting is not possible"):
        act(state, 0, {"type": "scout"})
    events = act(state, 0, {"type": "end_turn"})
    assert "trail_trimmed" not in types(events)
    assert [p["trimmed"] for p in state["players"]] == [0, 0]
    assert [len(p["trail"]) for p in state["players"]] == [8, 6]
    assert state["trail_discard"] == []
