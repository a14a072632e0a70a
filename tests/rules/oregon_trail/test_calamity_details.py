"""Calamities, the details mutation testing (#31) found untested: where each card goes, who is
told what, the count-downs of each ruleset."""

import pytest

from games.rules.oregon_trail.cards import CALAMITY_NAMES
from games.rules.oregon_trail.engine import ENGINE

from .helpers import act, blank, give_calamity, give_supplies, held, logged, set_draws, types
from .test_calamities import cal, kinds, send


def test_hunting_bullets_kept_the_card_goes_to_the_calamity_discard():
    state = blank(players=2)
    give_supplies(state, 1, "bullets")
    events = send(state, "hunting", 1)
    cid = next(e["public"]["card"] for e in events if e["type"] == "calamity")
    assert state["revealed"] == [cid]
    act(state, 1, {"type": "bullets", "use": False})
    assert held(state, 1) == ["bullets"] and state["revealed"] == []
    assert state["calamity_discard"][-1] == cid
    assert ENGINE.to_act(state) == [0]


def test_thief_bullets_not_fired_the_thief_draws_one_of_the_victims_supplies():
    state = blank(players=2)
    give_supplies(state, 1, "bullets", "food")
    send(state, "thief", 1)
    assert ENGINE.decision_kind(state, 1) == "thief_bullets"
    set_draws(state, (2, 1))
    events = act(state, 1, {"type": "bullets", "use": False})
    assert held(state, 0) == ["food"] and held(state, 1) == ["bullets"]
    assert events == [
        logged(
            "theft",
            0,
            "Player 1 steals a supply from Player 2.",
            audience=[1],
            private={
                "0": {"supply": "food", "text": "You take Food."},
                "1": {"supply": "food", "text": "You lose Food."},
            },
        )
    ]


def test_classic_thief_dies_variant_tells_the_member_shot_as_a_thief():
    state = blank("classic", players=3, classic_thief="thief_dies")
    give_supplies(state, 1, "bullets")
    send(state, "thief", 1)
    events = act(state, 1, {"type": "bullets", "use": True})
    assert events[-1] == logged(
        "member_died",
        0,
        "Player 1 loses 1 wagon member (shot as a thief); 3 left.",
        audience=[0],
        victim=0,
        count=1,
        cause="shot as a thief",
        members_left=3,
    )


def test_a_dead_wagon_before_the_holder_does_not_hide_the_first_cholera():
    state = blank(players=4)
    state["players"][1].update(alive=False, members=0)
    state["out"] = [1]
    give_calamity(state, 2, "cholera")
    send(state, "cholera", 3)
    assert [p["members"] for p in state["players"]] == [4, 0, 3, 3]
    assert kinds(state, 2) == [] and kinds(state, 3) == []


def test_classic_count_down_of_a_one_member_wagon_is_one_turn():
    state = blank("classic", players=2)
    state["players"][1]["members"] = 1
    send(state, "dead_oxen", 1)
    assert cal(state, 1, "dead_oxen")["deadline"] == 1


def test_classic_second_grass_gives_each_holder_turns_by_their_own_members():
    state = blank("classic", players=3)
    state["players"][2]["members"] = 3
    state["players"][1]["members"] = 2
    first = give_calamity(state, 2, "inadequate_grass")
    send(state, "inadequate_grass", 1)
    assert first["oxen_dead"] and first["deadline"] == 3
    assert cal(state, 1, "inadequate_grass")["deadline"] == 2


def test_the_forgers_own_grass_turned_dead_oxen_counts_from_their_next_turn():
    """Dead oxen not mended "by the end of your next turn" kill the party: the forger who holds
    the first grass and sends the second still has the whole next turn."""
    state = blank(players=2)
    first = give_calamity(state, 0, "inadequate_grass")
    send(state, "inadequate_grass", 1)
    assert first["oxen_dead"] and first["deadline"] == 1 and first["fresh"]
    act(state, 0, {"type": "end_turn"})
    assert state["players"][0]["members"] == 4 and first in state["players"][0]["calamities"]
    assert first["deadline"] == 1 and not first["fresh"]


def test_one_mend_of_two_dead_oxen_causes_names_both():
    state = blank(players=2)
    give_calamity(state, 0, "dead_oxen", deadline=1)
    give_calamity(state, 0, "inadequate_grass", oxen_dead=True, deadline=1)
    give_supplies(state, 0, "oxen")
    events = act(state, 0, {"type": "mend", "calamity": cal(state, 0, "dead_oxen")["card"]})
    mended = next(e for e in events if e["type"] == "calamity_mended")
    assert mended["public"]["text"] == "Player 1 mends Dead Oxen, Inadequate Grass with Oxen."


def test_broken_part_roll_of_exactly_four_is_shrugged_off_and_the_card_discarded():
    state = blank(players=2)
    events = send(state, "broken_tongue", 1, 4)
    cid = next(e["public"]["card"] for e in events if e["type"] == "calamity")
    assert kinds(state, 1) == [] and "calamity_avoided" in types(events)
    assert state["calamity_discard"][-1] == cid


def test_a_second_cholera_discards_both_cards():
    state = blank(players=3)
    first = give_calamity(state, 2, "cholera")
    events = send(state, "cholera", 1)
    cid = next(e["public"]["card"] for e in events if e["type"] == "calamity")
    assert state["calamity_discard"][-2:] == [first["card"], cid]


@pytest.mark.parametrize("kind", ["dysentery", "snake_bite"])
def test_a_calamity_that_kills_at_once_is_told_by_name_and_discarded(kind):
    state = blank(players=2)
    events = send(state, kind, 1)
    cid = next(e["public"]["card"] for e in events if e["type"] == "calamity")
    name = CALAMITY_NAMES[kind]
    assert events[-1] == logged(
        "member_died",
        1,
        f"Player 2 loses 1 wagon member ({name}); 3 left.",
        audience=[1],
        victim=1,
        count=1,
        cause=name,
        members_left=3,
    )
    assert state["calamity_discard"][-1] == cid


def test_thief_card_is_discarded_once_drawn():
    state = blank(players=2)
    events = send(state, "thief", 1)
    cid = next(e["public"]["card"] for e in events if e["type"] == "calamity")
    assert state["calamity_discard"][-1] == cid


def test_classic_measles_avoided_with_medicine_is_discarded():
    state = blank("classic", players=2)
    give_supplies(state, 1, "medicine")
    events = send(state, "measles", 1)
    cid = next(e["public"]["card"] for e in events if e["type"] == "calamity")
    act(state, 1, {"type": "measles", "choice": "medicine"})
    assert state["calamity_discard"][-1] == cid and state["revealed"] == []


def test_classic_measles_declined_while_the_other_copy_is_out_costs_both_holders_a_member():
    state = blank("classic", players=3)
    give_calamity(state, 2, "measles")
    give_supplies(state, 1, "medicine")
    send(state, "measles", 1)
    events = act(state, 1, {"type": "measles", "choice": "decline"})
    assert "pair_struck" in types(events)
    assert [p["members"] for p in state["players"]] == [4, 3, 3]
    assert kinds(state, 1) == [] and kinds(state, 2) == []


def test_classic_hunt_with_bullets_discards_the_hunting_card():
    state = blank("classic", players=2)
    give_supplies(state, 1, "bullets")
    events = send(state, "hunting", 1)
    cid = next(e["public"]["card"] for e in events if e["type"] == "calamity")
    act(state, 1, {"type": "bullets", "use": True})
    assert held(state, 1) == ["food"] and state["calamity_discard"][-1] == cid


def test_classic_thief_shot_with_the_last_member_leaves_the_race():
    state = blank("classic", players=3, classic_thief="thief_dies")
    state["players"][0]["members"] = 1
    give_supplies(state, 1, "bullets")
    send(state, "thief", 1)
    events = act(state, 1, {"type": "bullets", "use": True})
    assert "player_out" in types(events)
    assert not state["players"][0]["alive"] and state["out"] == [0]
    assert state["result"] is None and ENGINE.to_act(state) == [1]


def _kept_hunting_card(state, seat):
    """Seat keeps a hunting card as food with its bullets (revised); returns the card."""
    give_supplies(state, seat, "bullets")
    send(state, "hunting", seat)
    act(state, seat, {"type": "bullets", "use": True})
    (cid,) = [c for c in state["players"][seat]["supplies"] if c.startswith("C")]
    return cid


def test_a_food_mend_spends_a_bank_food_before_a_kept_hunting_card():
    """With a bank food and a kept hunting card (held after it), mending starvation spends the bank
    card, back to the bank; the hunting card stays food in the wagon."""
    state = blank(players=2)
    give_supplies(state, 1, "food")
    (food,) = state["players"][1]["supplies"]
    hunt = _kept_hunting_card(state, 1)
    give_calamity(state, 1, "starvation", deadline=2)
    act(state, 0, {"type": "end_turn"})
    act(state, 1, {"type": "mend", "calamity": cal(state, 1, "starvation")["card"]})
    assert state["players"][1]["supplies"] == [hunt]
    assert food in state["supply_bank"] and hunt not in state["calamity_discard"]


def test_a_food_mend_finds_the_kept_hunting_card_among_other_supplies():
    """The kept hunting card, the only food, held before another supply: the mend spends it (to
    the calamity discard) and leaves the other."""
    state = blank(players=2)
    hunt = _kept_hunting_card(state, 1)
    give_supplies(state, 1, "clothes")
    others = state["players"][1]["supplies"][1:]
    give_calamity(state, 1, "starvation", deadline=2)
    act(state, 0, {"type": "end_turn"})
    act(state, 1, {"type": "mend", "calamity": cal(state, 1, "starvation")["card"]})
    assert state["players"][1]["supplies"] == others
    assert hunt in state["calamity_discard"] and hunt not in state["supply_bank"]


@pytest.mark.parametrize("held_ids", [[], ["S05", "S09"]])
def test_taking_a_kind_the_wagon_does_not_hold_is_a_key_error_naming_it(held_ids):
    """supplies.take_supply's contract: a kind not held raises KeyError(kind), an empty wagon too."""
    from games.rules.oregon_trail.supplies import take_supply

    p = {"supplies": list(held_ids)}
    with pytest.raises(KeyError) as raised:
        take_supply(p, "medicine")
    assert raised.value.args == ("medicine",) and p["supplies"] == held_ids
