"""Calamities (both rulesets), mending and trading."""

import pytest

from games.rules.base import IllegalAction
from games.rules.oregon_trail.cards import SUPPLY_CARDS
from games.rules.oregon_trail.engine import ENGINE

from .helpers import (
    act,
    blank,
    give_calamity,
    give_hand,
    give_supplies,
    held,
    lay_length,
    set_draws,
    stack_calamity,
    types,
)


def send(state, kind, victim=1, *draws, forger=0):
    """Forger forges a calamity trigger, picks the victim; the stacked calamity comes up."""
    p = state["players"][forger]
    if not p["trail"]:
        lay_length(state, forger, 2)
    cid = give_hand(state, forger, "trigger", p["trail"][-1]["right"])
    act(state, forger, {"type": "forge", "card": cid, "turned": False})
    stack_calamity(state, kind)
    if draws:
        set_draws(state, *draws)
    return act(state, forger, {"type": "victim", "seat": victim})


def cal(state, seat, kind):
    return next(c for c in state["players"][seat]["calamities"] if c["kind"] == kind)


def kinds(state, seat):
    return sorted(c["kind"] for c in state["players"][seat]["calamities"])


def end_turns(state, *seats):
    for s in seats:
        assert ENGINE.to_act(state) == [s]
        act(state, s, {"type": "end_turn"} if state["ruleset"] == "revised" else {"type": "scout"})


# -- drawing a calamity ------------------------------------------------------------------------
def test_forger_picks_a_victim_among_the_others_before_the_calamity_is_revealed():
    state = blank(players=3)
    lay_length(state, 0, 2)
    state["players"][2]["members"] = 0
    state["players"][2]["alive"] = False
    cid = give_hand(state, 0, "trigger", "middle")
    deck = list(state["calamity_deck"])
    act(state, 0, {"type": "forge", "card": cid, "turned": False})
    assert ENGINE.to_act(state) == [0]
    assert ENGINE.legal_actions(state, 0) == [{"type": "victim", "seat": 1}]
    assert state["calamity_deck"] == deck  # nothing revealed yet
    stack_calamity(state, "starvation")
    events = act(state, 0, {"type": "victim", "seat": 1})
    ev = next(e for e in events if e["type"] == "calamity")
    assert ev["public"]["calamity"] == "starvation"
    assert ev["public"]["victim"] == 1 and ev["public"]["by"] == 0 and ev["audience"] == [1]
    assert kinds(state, 1) == ["starvation"]


def test_calamity_deck_refills_from_its_discards_only_when_empty():
    state = blank(players=2)
    state["calamity_discard"] = state["calamity_deck"]
    state["calamity_deck"] = []
    lay_length(state, 0, 2)
    act(state, 0, {"type": "forge", "card": give_hand(state, 0, "trigger", "middle"), "turned": False})
    events = act(state, 0, {"type": "victim", "seat": 1})
    drawn = next(e for e in events if e["type"] == "calamity")["public"]["card"]
    assert len(state["calamity_deck"]) == 31 and drawn not in state["calamity_deck"]


# -- broken wagon, dead oxen, grass, water ------------------------------------------------------
def test_broken_part_roll_of_four_to_six_discards_it():
    state = blank(players=2)
    events = send(state, "broken_wheel", 1, 5)
    assert kinds(state, 1) == [] and "calamity_avoided" in types(events)


def test_broken_part_roll_of_one_to_three_stops_forging_until_mended():
    state = blank(players=2)
    send(state, "broken_axle", 1, 2)
    assert kinds(state, 1) == ["broken_axle"]
    act(state, 0, {"type": "end_turn"})
    lay_length(state, 1, 1)
    give_hand(state, 1, "plain", "middle")
    give_supplies(state, 1, "spare_parts")
    assert not any(a["type"] == "forge" for a in ENGINE.legal_actions(state, 1))
    events = act(state, 1, {"type": "mend", "calamity": cal(state, 1, "broken_axle")["card"]})
    assert "calamity_mended" in types(events) and held(state, 1) == []
    assert any(a["type"] == "forge" for a in ENGINE.legal_actions(state, 1))


def test_revised_broken_part_not_mended_by_the_end_of_the_next_turn_kills_the_party():
    state = blank(players=3)
    send(state, "broken_tongue", 1, 1)
    act(state, 0, {"type": "end_turn"})
    events = act(state, 1, {"type": "end_turn"})
    assert "player_out" in types(events) and not state["players"][1]["alive"]
    assert ENGINE.to_act(state) == [2]


def test_classic_broken_part_gives_as_many_turns_as_wagon_members():
    state = blank("classic", players=2)
    state["players"][1]["members"] = 2
    send(state, "broken_wheel", 1, 3)
    assert cal(state, 1, "broken_wheel")["deadline"] == 2
    end_turns(state, 1, 0)
    assert state["players"][1]["alive"]
    act(state, 1, {"type": "scout"})
    assert not state["players"][1]["alive"] and ENGINE.result(state)["winners"] == [0]


def test_dead_oxen_stop_forging_and_are_mended_with_oxen():
    state = blank(players=2)
    send(state, "dead_oxen")
    act(state, 0, {"type": "end_turn"})
    give_supplies(state, 1, "oxen")
    assert (
        ENGINE.action_label(state, 1, {"type": "mend", "calamity": cal(state, 1, "dead_oxen")["card"]})
        == "Mend Dead Oxen (1 turn left) with Oxen"
    )
    act(state, 1, {"type": "mend", "calamity": cal(state, 1, "dead_oxen")["card"]})
    assert kinds(state, 1) == []


def test_oxen_die_only_once_one_mend_cures_every_dead_oxen_cause():
    state = blank(players=3)
    give_calamity(state, 1, "dead_oxen", deadline=1)
    give_calamity(state, 2, "inadequate_grass")
    send(state, "inadequate_grass", 1)
    assert all(c["deadline"] == 1 for c in state["players"][1]["calamities"])
    act(state, 0, {"type": "end_turn"})
    give_supplies(state, 1, "oxen", "oxen")
    mends = [a for a in ENGINE.legal_actions(state, 1) if a["type"] == "mend"]
    assert len(mends) == 1
    act(state, 1, mends[0])
    assert kinds(state, 1) == [] and held(state, 1) == ["oxen"]


def test_inadequate_grass_does_nothing_until_the_other_copy_then_both_holders_have_dead_oxen():
    state = blank(players=3)
    send(state, "inadequate_grass", 2)
    grass = cal(state, 2, "inadequate_grass")
    assert grass["deadline"] is None
    give_supplies(state, 2, "oxen")
    assert not any(a["type"] in ("mend", "trade") for a in ENGINE.legal_actions(state, 0))
    events = send(state, "inadequate_grass", 1)
    assert "oxen_died" in types(events)
    assert grass["oxen_dead"] and cal(state, 1, "inadequate_grass")["oxen_dead"]
    assert grass["deadline"] == 1
    state["players"][1]["calamities"] = []
    state["turn"] = 2
    lay_length(state, 2, 1)
    give_hand(state, 2, "plain", "middle")
    legal = ENGINE.legal_actions(state, 2)
    assert not any(a["type"] == "forge" for a in legal)
    assert {"type": "mend", "calamity": grass["card"]} in legal  # oxen mend it now


def test_bad_water_is_mended_by_clean_water_before_the_other_copy_comes():
    state = blank(players=2)
    send(state, "bad_water")
    act(state, 0, {"type": "end_turn"})
    give_supplies(state, 1, "clean_water")
    act(state, 1, {"type": "mend", "calamity": cal(state, 1, "bad_water")["card"]})
    assert kinds(state, 1) == [] and held(state, 1) == []


# -- measles, cholera, sickness ------------------------------------------------------------------
def test_revised_measles_costs_one_action_on_the_victims_next_turn():
    state = blank(players=2)
    send(state, "measles")
    act(state, 0, {"type": "end_turn"})
    assert state["actions_left"] == 3
    act(state, 1, {"type": "end_turn"})
    act(state, 0, {"type": "end_turn"})
    assert state["actions_left"] == 4  # only the first turn after receiving it


def test_revised_measles_mended_with_medicine_in_that_turn_costs_no_extra_action():
    state = blank(players=2)
    send(state, "measles")
    give_supplies(state, 1, "medicine")
    act(state, 0, {"type": "end_turn"})
    assert state["actions_left"] == 3
    act(state, 1, {"type": "mend", "calamity": cal(state, 1, "measles")["card"]})
    assert state["actions_left"] == 3 and kinds(state, 1) == []


def test_measles_second_copy_costs_a_member_of_each_holder_and_both_are_discarded():
    state = blank(players=3)
    first = give_calamity(state, 2, "measles", fewer=0)
    send(state, "measles", 1)
    assert [p["members"] for p in state["players"]] == [4, 3, 3]
    assert kinds(state, 1) == [] and kinds(state, 2) == []
    assert first["card"] in state["calamity_discard"]


def test_measles_both_copies_on_one_player_cost_two_members():
    state = blank(players=2)
    give_calamity(state, 1, "measles", fewer=0)
    send(state, "measles", 1)
    assert state["players"][1]["members"] == 2


def test_classic_measles_victim_decides_about_medicine_out_of_turn():
    state = blank("classic", players=2)
    give_supplies(state, 1, "medicine", "food")
    send(state, "measles", 1)
    assert ENGINE.to_act(state) == [1]
    assert ENGINE.decision_kind(state, 1) == "measles_medicine"
    assert ENGINE.legal_actions(state, 0) == []
    answer = ENGINE.standing_action(state, 1, "measles_medicine", "always")
    assert answer == {"type": "measles", "choice": "medicine"}
    act(state, 1, answer)
    assert kinds(state, 1) == [] and held(state, 1) == ["food"]
    assert ENGINE.to_act(state) == [1]  # now it is player 2's own turn


def test_classic_measles_not_avoided_loses_the_next_turn():
    state = blank("classic", players=2)
    give_supplies(state, 1, "food")
    send(state, "measles", 1)
    assert ENGINE.standing_action(state, 1, "measles_medicine", "always") is None
    act(state, 1, {"type": "measles", "choice": "decline"})
    assert kinds(state, 1) == ["measles"]
    assert ENGINE.to_act(state) == [0]  # player 2's turn was lost
    act(state, 0, {"type": "scout"})
    assert ENGINE.to_act(state) == [1]
    assert kinds(state, 1) == ["measles"]  # still to be mended


def test_classic_measles_trade_for_medicine_fails_on_odd_and_may_be_retried():
    state = blank("classic", players=2)
    give_supplies(state, 1, "food", "oxen")
    lay_length(state, 0, 2)
    act(state, 0, {"type": "forge", "card": give_hand(state, 0, "trigger", "middle"), "turned": False})
    stack_calamity(state, "measles")
    act(state, 0, {"type": "victim", "seat": 1})
    set_draws(state, 3)
    act(state, 1, {"type": "measles", "choice": "trade", "give": "food"})
    assert ENGINE.to_act(state) == [1] and held(state, 1) == ["oxen"]
    set_draws(state, 4)
    act(state, 1, {"type": "measles", "choice": "trade", "give": "oxen"})
    assert kinds(state, 1) == [] and held(state, 1) == []


def test_cholera_has_no_effect_until_the_other_copy_then_holder_and_receiver_lose_a_member():
    state = blank(players=3)
    send(state, "cholera", 2)
    assert kinds(state, 2) == ["cholera"] and state["players"][2]["members"] == 4
    events = send(state, "cholera", 1)
    assert [p["members"] for p in state["players"]] == [4, 3, 3]
    assert kinds(state, 2) == [] and types(events).count("member_died") == 2


def test_cholera_is_mended_with_two_medicine_in_one_action():
    state = blank(players=2)
    send(state, "cholera")
    act(state, 0, {"type": "end_turn"})
    give_supplies(state, 1, "medicine", "medicine")
    act(state, 1, {"type": "mend", "calamity": cal(state, 1, "cholera")["card"]})
    assert kinds(state, 1) == [] and state["actions_left"] == 3


@pytest.mark.parametrize("kind", ["dysentery", "snake_bite"])
def test_dysentery_and_snake_bite_kill_a_member_at_once(kind):
    state = blank(players=2)
    events = send(state, kind)
    assert state["players"][1]["members"] == 3 and kinds(state, 1) == []
    died = next(e for e in events if e["type"] == "member_died")
    assert died["audience"] == [1]


def test_revised_starvation_gives_two_turns_to_mend_with_food():
    state = blank(players=2)
    send(state, "starvation")
    end_turns(state, 0, 1, 0)
    assert state["players"][1]["members"] == 4
    end_turns(state, 1)
    assert state["players"][1]["members"] == 3 and kinds(state, 1) == []


def test_classic_starvation_gives_two_rounds_times_wagon_members():
    state = blank("classic", players=2)
    state["players"][1]["members"] = 3
    send(state, "starvation")
    assert cal(state, 1, "starvation")["deadline"] == 6


def test_revised_extreme_cold_must_be_mended_with_clothes_on_the_next_turn():
    state = blank(players=2)
    send(state, "extreme_cold")
    end_turns(state, 0, 1)
    assert state["players"][1]["members"] == 3
    state2 = blank(players=2)
    send(state2, "extreme_cold")
    give_supplies(state2, 1, "clothes")
    end_turns(state2, 0)
    act(state2, 1, {"type": "mend", "calamity": cal(state2, 1, "extreme_cold")["card"]})
    end_turns(state2, 1)
    assert state2["players"][1]["members"] == 4


def test_revised_typhoid_uncured_on_the_first_turn_costs_a_member():
    state = blank(players=2)
    send(state, "typhoid")
    give_supplies(state, 1, "clean_water", "medicine")
    end_turns(state, 0)
    mend = {"type": "mend", "calamity": cal(state, 1, "typhoid")["card"]}
    assert ENGINE.action_label(state, 1, mend) == "Mend Typhoid (1 turn left) with Clean Water and Medicine"
    end_turns(state, 1)
    assert state["players"][1]["members"] == 3 and kinds(state, 1) == []


def test_revised_broken_arm_one_action_fewer_on_each_of_the_next_two_turns():
    state = blank(players=2)
    send(state, "broken_arm")
    end_turns(state, 0)
    assert state["actions_left"] == 3
    end_turns(state, 1, 0)
    assert state["actions_left"] == 3 and kinds(state, 1) == []
    end_turns(state, 1, 0)
    assert state["actions_left"] == 4


def test_classic_broken_arm_no_action_on_the_next_two_turns_while_countdowns_run():
    state = blank("classic", players=2)
    give_calamity(state, 1, "starvation", deadline=5)
    send(state, "broken_arm")
    assert ENGINE.to_act(state) == [0]  # player 2's turn was skipped
    act(state, 0, {"type": "scout"})
    assert ENGINE.to_act(state) == [0]  # and the next one
    act(state, 0, {"type": "scout"})
    assert ENGINE.to_act(state) == [1]
    assert cal(state, 1, "starvation")["deadline"] == 3
    assert kinds(state, 1) == ["starvation"]


# -- thief and hunting ---------------------------------------------------------------------------
def test_revised_thief_draws_a_random_supply_from_the_victim():
    state = blank(players=2)
    give_supplies(state, 1, "food", "oxen")
    events = send(state, "thief", 1, (2, 1))
    assert held(state, 0) == ["oxen"] and held(state, 1) == ["food"]
    theft = next(e for e in events if e["type"] == "theft")
    assert theft["private"]["0"] == {"supply": "oxen", "text": "You take Oxen."}
    assert theft["private"]["1"] == {"supply": "oxen", "text": "You lose Oxen."}
    assert "supply" not in theft["public"] and "Oxen" not in theft["public"]["text"]


def test_revised_thief_reversal_chain_victim_and_thief_answer_with_bullets():
    state = blank(players=2)
    give_supplies(state, 1, "bullets", "food")
    give_supplies(state, 0, "bullets", "oxen")
    send(state, "thief", 1)
    assert ENGINE.to_act(state) == [1] and ENGINE.decision_kind(state, 1) == "thief_bullets"
    act(state, 1, {"type": "bullets", "use": True})
    assert ENGINE.to_act(state) == [0] and ENGINE.decision_kind(state, 0) == "thief_bullets"
    act(state, 0, {"type": "bullets", "use": True})
    # both bullets spent; the theft points at the victim again and they have none left
    assert held(state, 0) == ["food", "oxen"] and held(state, 1) == []
    assert sum(1 for c in state["supply_bank"] if c in ("S25", "S26")) == 2


def test_revised_thief_reversed_once_the_victim_steals_from_the_thief():
    state = blank(players=2)
    give_supplies(state, 1, "bullets")
    give_supplies(state, 0, "oxen")
    send(state, "thief", 1)
    act(state, 1, {"type": "bullets", "use": True})
    assert held(state, 1) == ["oxen"] and held(state, 0) == []


def test_thief_standing_orders_answer_always_and_never():
    state = blank(players=2)
    give_supplies(state, 1, "bullets", "food")
    send(state, "thief", 1)
    assert ENGINE.standing_action(state, 1, "thief_bullets", "always") == {"type": "bullets", "use": True}
    assert ENGINE.standing_action(state, 1, "thief_bullets", "never") == {"type": "bullets", "use": False}
    assert ENGINE.standing_action(state, 0, "thief_bullets", "always") is None
    assert ENGINE.standing_action(state, 1, "hunting_bullets", "always") is None


@pytest.mark.parametrize(
    "variant,victim_bullets,thief_members", [("cancel", [], 4), ("keep_bullets", ["bullets"], 4), ("thief_dies", [], 3)]
)
def test_classic_thief_bullets_stop_the_theft_with_each_variant(variant, victim_bullets, thief_members):
    state = blank("classic", players=2, classic_thief=variant)
    give_supplies(state, 1, "bullets", "food")
    send(state, "thief", 1)
    assert ENGINE.to_act(state) == [1]
    act(state, 1, {"type": "bullets", "use": True})
    assert held(state, 0) == []
    assert held(state, 1) == sorted(["food"] + victim_bullets)
    assert state["players"][0]["members"] == thief_members


def test_classic_thief_without_bullets_steals():
    state = blank("classic", players=2)
    give_supplies(state, 1, "food")
    send(state, "thief", 1)
    assert held(state, 0) == ["food"] and held(state, 1) == []


def test_revised_hunting_bullets_keep_the_card_as_food_then_it_goes_to_the_calamity_discard():
    state = blank(players=2)
    give_supplies(state, 1, "bullets")
    send(state, "hunting", 1)
    assert ENGINE.to_act(state) == [1] and ENGINE.decision_kind(state, 1) == "hunting_bullets"
    act(state, 1, {"type": "bullets", "use": True})
    hunt = state["players"][1]["supplies"]
    assert len(hunt) == 1 and hunt[0].startswith("C") and held(state, 1) == ["food"]
    give_calamity(state, 1, "starvation", deadline=2)
    end_turns(state, 0)
    act(state, 1, {"type": "mend", "calamity": cal(state, 1, "starvation")["card"]})
    assert state["players"][1]["supplies"] == []
    assert any(c.startswith("C") for c in state["calamity_discard"])
    assert not any(c.startswith("C") for c in state["supply_bank"])


def test_hunting_without_bullets_has_no_effect():
    state = blank(players=2)
    events = send(state, "hunting", 1)
    assert ENGINE.to_act(state) == [0] and kinds(state, 1) == []
    assert "calamity" in types(events)


def test_classic_hunting_trades_bullets_for_a_food_from_the_supply_discard():
    state = blank("classic", players=2)
    give_supplies(state, 1, "bullets")
    food = next(c for c in state["supply_deck"] if c.startswith("S0") and c <= "S04")
    state["supply_deck"].remove(food)
    state["supply_discard"].append(food)
    send(state, "hunting", 1)
    act(state, 1, {"type": "bullets", "use": True})
    assert state["players"][1]["supplies"] == [food]


def test_classic_hunting_takes_a_food_from_the_deck_when_the_discard_has_none():
    state = blank("classic", players=2)
    give_supplies(state, 1, "bullets")
    assert not any(SUPPLY_CARDS[c] == "food" for c in state["supply_discard"])
    deck_food = sum(SUPPLY_CARDS[c] == "food" for c in state["supply_deck"])
    send(state, "hunting", 1)
    act(state, 1, {"type": "bullets", "use": True})
    assert held(state, 1) == ["food"]
    assert sum(SUPPLY_CARDS[c] == "food" for c in state["supply_deck"]) == deck_food - 1


def no_food_to_hunt(state, holder=2):
    """Classic: every Food card is held by `holder`, none in the supply discard or deck."""
    give_supplies(state, holder, *["food"] * 4)
    assert not any(SUPPLY_CARDS[c] == "food" for c in state["supply_deck"] + state["supply_discard"])


@pytest.mark.parametrize("discarded", [False, True])
def test_classic_hunting_with_no_food_in_the_discard_or_the_deck_keeps_the_bullets_and_asks_nothing(discarded):
    """Issue #25, item 1: "look through the supply discard pile, or failing that the deck, for a
    food card": with none in either, nothing can be had for the bullets, so nothing is asked (and
    no timeout's default move can throw them away); the Hunting card is discarded."""
    state = blank("classic", players=3)
    no_food_to_hunt(state)
    give_supplies(state, 1, "bullets")
    if discarded:  # some other supply in the discard, still no food
        give_supplies(state, 0, "oxen")
        state["supply_discard"].append(state["players"][0]["supplies"].pop())
    events = send(state, "hunting", 1)
    cid = next(e["public"]["card"] for e in events if e["type"] == "calamity")
    assert state["pending"] == [] and ENGINE.decision_kind(state, 1) is None
    assert held(state, 1) == ["bullets"] and kinds(state, 1) == []
    assert cid in state["calamity_discard"] and state["revealed"] == []
    assert "hunted" not in types(events)
    # the forger's one action is spent: the turn goes on to the victim, who plays their own turn
    assert ENGINE.to_act(state) == [1] and {"type": "bullets", "use": True} not in ENGINE.legal_actions(state, 1)
    assert ENGINE.default_action(state, 1)["type"] != "bullets"


def test_revised_hunting_needs_no_food_anywhere_the_card_itself_is_the_food():
    state = blank("revised", players=3)
    give_supplies(state, 2, *["food"] * 4)
    give_supplies(state, 1, "bullets")
    send(state, "hunting", 1)
    assert ENGINE.decision_kind(state, 1) == "hunting_bullets"
    act(state, 1, {"type": "bullets", "use": True})
    assert held(state, 1) == ["food"]


# -- mending and trading -------------------------------------------------------------------------
def _with_cal(ruleset="revised", kind="starvation", supplies=()):
    state = blank(ruleset, players=2)
    rec = give_calamity(state, 0, kind, deadline=2)
    give_supplies(state, 0, *supplies)
    return state, rec["card"]


def test_mend_spends_the_remedy_and_one_action():
    state, cid = _with_cal(supplies=["food", "oxen"])
    act(state, 0, {"type": "mend", "calamity": cid})
    assert held(state, 0) == ["oxen"] and state["actions_left"] == 3
    assert cid in state["calamity_discard"]


def test_revised_trade_even_roll_succeeds_and_spends_an_action():
    state, cid = _with_cal(supplies=["oxen"])
    assert {"type": "trade", "calamity": cid, "give": ["oxen"]} in ENGINE.legal_actions(state, 0)
    set_draws(state, 2)
    act(state, 0, {"type": "trade", "calamity": cid, "give": ["oxen"]})
    assert held(state, 0) == [] and state["players"][0]["calamities"] == []
    assert state["actions_left"] == 3


def test_revised_trade_odd_loses_card_and_spends_no_action():
    state, cid = _with_cal(supplies=["oxen", "clothes"])
    set_draws(state, 1)
    events = act(state, 0, {"type": "trade", "calamity": cid, "give": ["oxen"]})
    assert "trade_failed" in types(events)
    assert held(state, 0) == ["clothes"] and state["actions_left"] == 4
    assert len(state["players"][0]["calamities"]) == 1


def test_trade_for_one_of_two_supplies_keeps_the_other_when_it_fails():
    state, cid = _with_cal(kind="typhoid", supplies=["medicine", "food"])
    legal = [a for a in ENGINE.legal_actions(state, 0) if a["type"] == "trade"]
    assert legal == [{"type": "trade", "calamity": cid, "give": ["food"]}]
    set_draws(state, 3)
    act(state, 0, {"type": "trade", "calamity": cid, "give": ["food"]})
    assert held(state, 0) == ["medicine"]
    assert state["players"][0]["calamities"]


def test_a_second_card_of_the_remedy_held_is_spare_to_trade_for_the_other():
    """Typhoid needs clean water and medicine: of two clean waters one covers the remedy and the
    other is a spare supply to trade for the missing medicine."""
    state, cid = _with_cal(kind="typhoid", supplies=["clean_water", "clean_water"])
    legal = [a for a in ENGINE.legal_actions(state, 0) if a["type"] in ("mend", "trade")]
    assert legal == [{"type": "trade", "calamity": cid, "give": ["clean_water"]}]


def test_each_calamity_has_its_own_mend_or_trades():
    """Starvation is mended with the food held, so no trade is offered for it; typhoid's clean
    water and medicine are both missing, so two of the other supplies are traded for them."""
    state, starving = _with_cal(supplies=["food", "oxen", "clothes"])
    typhoid = give_calamity(state, 0, "typhoid", deadline=1)["card"]
    legal = [a for a in ENGINE.legal_actions(state, 0) if a["type"] in ("mend", "trade")]
    assert legal == [
        {"type": "mend", "calamity": starving},
        {"type": "trade", "calamity": typhoid, "give": ["food", "clothes"]},
        {"type": "trade", "calamity": typhoid, "give": ["food", "oxen"]},
        {"type": "trade", "calamity": typhoid, "give": ["clothes", "oxen"]},
    ]
    # two of one kind may be traded together only when both are held
    state, typhoid = _with_cal(kind="typhoid", supplies=["food", "food"])
    legal = [a for a in ENGINE.legal_actions(state, 0) if a["type"] in ("mend", "trade")]
    assert legal == [{"type": "trade", "calamity": typhoid, "give": ["food", "food"]}]


def test_double_trade_rolls_once_and_both_succeed_or_fail_together():
    state, cid = _with_cal(kind="cholera", supplies=["food", "oxen"])
    set_draws(state, 4)
    counter = state["rng"]["counter"]
    act(state, 0, {"type": "trade", "calamity": cid, "give": ["food", "oxen"]})
    assert state["rng"]["counter"] == counter + 1
    assert held(state, 0) == [] and state["players"][0]["calamities"] == []
    state, cid = _with_cal(kind="cholera", supplies=["food", "oxen", "clothes"])
    set_draws(state, 5)
    act(state, 0, {"type": "trade", "calamity": cid, "give": ["food", "oxen"]})
    assert held(state, 0) == ["clothes"] and state["actions_left"] == 4


def test_classic_trade_failure_leaves_the_turn_to_try_again():
    state, cid = _with_cal("classic", supplies=["oxen", "clothes"])
    set_draws(state, 3)
    act(state, 0, {"type": "trade", "calamity": cid, "give": ["oxen"]})
    assert ENGINE.to_act(state) == [0]
    set_draws(state, 6)
    act(state, 0, {"type": "trade", "calamity": cid, "give": ["clothes"]})
    assert ENGINE.to_act(state) == [1] and state["players"][0]["calamities"] == []


def test_a_calamity_without_a_remedy_cannot_be_mended_with_supplies():
    state, cid = _with_cal(kind="inadequate_grass", supplies=["oxen"])
    assert not any(a["type"] in ("mend", "trade") for a in ENGINE.legal_actions(state, 0))
    with pytest.raises(IllegalAction, match="cannot mend"):
        act(state, 0, {"type": "mend", "calamity": cid})


def test_revised_bullets_cannot_be_obtained_by_trading_against_a_thief():
    state = blank(players=2)
    give_supplies(state, 1, "food", "oxen")
    send(state, "thief", 1, (2, 0))
    # no decision: a victim without real bullets cannot trade for them
    assert ENGINE.to_act(state) == [0] and held(state, 0) == ["food"]


@pytest.mark.parametrize("members, arm", [(1, False), (2, True)])
def test_revised_measles_mend_with_medicine_is_offered_when_it_would_take_the_only_action(members, arm):
    # "one action fewer, unless you spend an action mending it with medicine": the mend is
    # offered even when the measles' lost action is the wagon's only one left this turn
    state = blank(players=2)
    state["players"][1]["members"] = members
    if arm:
        give_calamity(state, 1, "broken_arm", fewer=2)
    send(state, "measles")
    give_supplies(state, 1, "medicine")
    act(state, 0, {"type": "end_turn"})
    assert ENGINE.to_act(state) == [1] and state["actions_left"] == 0
    measles = cal(state, 1, "measles")["card"]
    legal = ENGINE.legal_actions(state, 1)
    assert {"type": "mend", "calamity": measles} in legal
    assert {"type": "scout"} not in legal  # the lost action mends the measles or nothing
    act(state, 1, {"type": "mend", "calamity": measles})
    assert "measles" not in kinds(state, 1) and held(state, 1) == []
    assert ENGINE.to_act(state) == [0]  # that action was the turn


def test_revised_measles_without_a_remedy_still_takes_the_only_action():
    state = blank(players=2)
    state["players"][1]["members"] = 1
    send(state, "measles")
    events = act(state, 0, {"type": "end_turn"})
    assert "turn_lost" in types(events) and ENGINE.to_act(state) == [0]
    assert kinds(state, 1) == ["measles"]
