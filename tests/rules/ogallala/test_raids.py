"""Lasso, bow and arrow, Crazy Axe, totem pole, the hunters, attacks and the two tribes."""

import pytest

from games.rules.base import IllegalAction
from games.rules.ogallala.cards import info
from games.rules.ogallala.engine import ENGINE

from .helpers import draw, fresh, grab, kinds, lay, legal, place


# -- lasso ----------------------------------------------------------------------------------------
def test_lasso_takes_one_card_from_another_players_incomplete_boat():
    s = fresh()
    lay(s, 1, 0, 0, "bow", "furs")
    lay(s, 1, 1, 0, "bow", "tent", "stern")
    draw(s, 0, "lasso")
    place(s, 0, 0, 5)
    assert ENGINE.current_step(s) == "lasso"
    targets = {(a["row"], a["col"]) for a in legal(s, 0, "lasso")}
    assert targets == {(0, 0), (0, 1)}  # never from the complete boat in row 2
    events = ENGINE.apply(s, 0, {"type": "lasso", "target": 1, "row": 0, "col": 1})
    lasso = next(e for e in events if e["type"] == "lasso")
    assert lasso["audience"] == [1] and "Furs" in lasso["public"]["text"]
    assert ENGINE.current_step(s) == "place" and info(s["hand"][0]).kind == "furs"
    place(s, 0, 0, 6)
    assert kinds(s, 1, 0)[:2] == ["bow", "."]
    assert kinds(s, 0, 0)[5:7] == ["lasso", "furs"]
    assert ENGINE.to_act(s) == [1]


def test_lasso_is_optional():
    s = fresh()
    lay(s, 1, 0, 0, "furs")
    draw(s, 0, "lasso")
    place(s, 0, 0, 5)
    ENGINE.apply(s, 0, {"type": "pass"})
    assert kinds(s, 1, 0)[0] == "furs" and ENGINE.to_act(s) == [1]


def test_lasso_in_edition_two_is_thrown_even_if_the_lasso_card_has_no_space():
    s = fresh("II")
    for r in range(3):
        lay(s, 0, r, 0, "lasso")
    lay(s, 1, 0, 3, "tent")
    draw(s, 0, "lasso")
    assert legal(s, 0) == [{"type": "discard"}, {"type": "lasso", "target": 1, "row": 0, "col": 3}]
    events = ENGINE.apply(s, 0, {"type": "lasso", "target": 1, "row": 0, "col": 3})
    assert [e["type"] for e in events] == ["discarded", "lasso"]
    assert info(s["discard"][-1]).kind == "lasso" and info(s["hand"][0]).kind == "tent"


def test_lasso_catches_only_the_totem_pole_itself_from_a_guarded_section():
    s = fresh()
    lay(s, 1, 0, 0, "bow", "totem", "furs")
    lay(s, 1, 1, 0, "bow", "totem", "stern")
    draw(s, 0, "lasso")
    place(s, 0, 2, 0)
    assert [(a["row"], a["col"]) for a in legal(s, 0, "lasso")] == [(0, 1)]


def test_two_lasso_reaches_complete_boats_but_not_a_guarded_one():
    # II: "take a card of your choice from another player's boat"; a boat with the Totem Pole
    # "is immune to all attacks, even if incomplete", and the pole itself may be caught only
    # from an incomplete boat
    s = fresh("II")
    lay(s, 1, 0, 0, "bow", "tent", "stern")
    lay(s, 1, 1, 0, "bow", "totem", "furs", "stern")
    lay(s, 1, 2, 0, "totem", "warrior1")
    draw(s, 0, "lasso")
    place(s, 0, 0, 5)
    targets = {(a["row"], a["col"]) for a in legal(s, 0, "lasso")}
    assert targets == {(0, 0), (0, 1), (0, 2), (2, 0)}
    ENGINE.apply(s, 0, {"type": "lasso", "target": 1, "row": 0, "col": 1})
    place(s, 0, 0, 6)
    assert kinds(s, 1, 0)[:3] == ["bow", ".", "stern"] and kinds(s, 0, 0)[6] == "tent"


# -- bow and arrow --------------------------------------------------------------------------------
def test_arrow_removes_one_warrior_card_from_an_incomplete_boat_out_of_play():
    s = fresh()
    lay(s, 1, 0, 0, "bow_warrior", "chieftain", "furs")
    lay(s, 1, 1, 0, "bow", "warrior3", "stern")
    draw(s, 0, "archer")
    place(s, 0, 0, 0)
    assert {(a["row"], a["col"]) for a in legal(s, 0, "shoot")} == {(0, 0), (0, 1)}
    events = ENGINE.apply(s, 0, {"type": "shoot", "target": 1, "row": 0, "col": 1})
    arrow = next(e for e in events if e["type"] == "arrow")
    assert arrow["audience"] == [1]
    assert kinds(s, 1, 0)[:3] == ["bow_warrior", ".", "furs"]
    assert info(s["removed"][-1]).kind == "chieftain"


def test_arrow_in_edition_two_flies_even_if_the_archer_cannot_be_placed():
    s = fresh("II")
    for r in range(3):
        lay(s, 0, r, 0, "archer")
    lay(s, 1, 0, 3, "warrior2")
    draw(s, 0, "archer")
    # the archer is used, or discarded face down without showing it, in one decision
    assert legal(s, 0) == [{"type": "discard"}, {"type": "shoot", "target": 1, "row": 0, "col": 3}]
    ENGINE.apply(s, 0, {"type": "shoot", "target": 1, "row": 0, "col": 3})
    assert kinds(s, 1, 0)[3] == "."
    assert {info(c).kind for c in s["discard"]} == {"archer", "warrior2"}
    assert ENGINE.to_act(s) == [1]


def test_two_arrow_reaches_complete_boats_but_not_a_guarded_one():
    # II: "take one Red Indian Card out of another player's boat", complete or not
    s = fresh("II")
    lay(s, 1, 0, 0, "bow_warrior", "chieftain", "stern")
    lay(s, 1, 1, 0, "bow", "totem", "warrior3", "stern")
    lay(s, 1, 2, 0, "warrior2", "furs")
    draw(s, 0, "archer")
    place(s, 0, 0, 0)
    targets = {(a["row"], a["col"]) for a in legal(s, 0, "shoot")}
    assert targets == {(0, 0), (0, 1), (2, 0)}
    ENGINE.apply(s, 0, {"type": "shoot", "target": 1, "row": 0, "col": 1})
    assert kinds(s, 1, 0)[:3] == ["bow_warrior", ".", "stern"]
    assert info(s["discard"][-1]).kind == "chieftain"


# -- crazy axe ------------------------------------------------------------------------------------
def test_crazy_axe_sinks_one_of_your_complete_boats_even_with_a_totem():
    s = fresh()
    lay(s, 0, 0, 0, "bow", "furs", "stern")
    lay(s, 0, 1, 2, "bow", "totem", "warrior1", "stern")
    draw(s, 0, "axe")
    assert legal(s, 0) == [{"type": "sink", "row": 0, "start": 0}, {"type": "sink", "row": 1, "start": 2}]
    events = ENGINE.apply(s, 0, {"type": "sink", "row": 1, "start": 2})
    assert any(e["type"] == "sunk" for e in events)
    assert kinds(s, 0, 1) == ["."] * 14
    assert sorted(info(c).kind for c in s["removed"]) == ["axe", "bow", "stern", "totem", "warrior1"]
    assert ENGINE.to_act(s) == [1]


def test_crazy_axe_without_a_complete_boat_sinks_himself():
    s = fresh()
    lay(s, 0, 0, 0, "bow", "furs")
    events = draw(s, 0, "axe")
    assert any(e["type"] == "sunk" for e in events)
    assert info(s["removed"][-1]).kind == "axe"
    assert kinds(s, 0, 0)[:2] == ["bow", "furs"] and ENGINE.to_act(s) == [1]


# -- attacks --------------------------------------------------------------------------------------
def _raider(s, seat=0, row=0, *inside):
    lay(s, seat, row, 0, "bow", *inside)
    return len(inside) + 1


def test_completed_boat_attacks_a_weaker_section_or_boat_of_another_player():
    s = fresh()
    col = _raider(s, 0, 0, "chieftain", "furs")  # strength 5 once the stern is on
    lay(s, 1, 0, 0, "bow_warrior", "warrior3", "tobacco")  # section, strength 4
    lay(s, 1, 1, 0, "chieftain")  # section, strength 5: not weaker
    lay(s, 1, 2, 0, "bow", "warrior1", "stern")  # complete boat, strength 1
    draw(s, 0, "stern")
    events = place(s, 0, 0, col)
    assert any(e["type"] == "boat_completed" for e in events)
    attacks = legal(s, 0, "attack")
    assert {(a["row"], a["start"]) for a in attacks} == {(0, 0), (2, 0)}
    assert {"type": "no_attack"} in legal(s, 0)
    events = ENGINE.apply(s, 0, {"type": "attack", "target": 1, "row": 0, "start": 0})
    attack = next(e for e in events if e["type"] == "attack")
    assert attack["audience"] == [1]
    assert kinds(s, 1, 0)[:3] == [".", ".", "."]
    assert sorted(info(c).kind for c in s["removed"]) == ["bow_warrior", "warrior3"]
    # the spoils (the tobacco) are placed by the winner on a space of their choice
    assert ENGINE.current_step(s) == "place" and info(s["hand"][0]).kind == "tobacco"
    place(s, 0, 2, 7)
    assert kinds(s, 0, 2)[7] == "tobacco"
    assert ENGINE.current_step(s) == "draw" and ENGINE.to_act(s) == [0]  # the stern was empty


def test_attack_is_optional_and_only_right_after_completion():
    s = fresh()
    col = _raider(s, 0, 0, "chieftain")
    lay(s, 1, 0, 0, "warrior1")
    draw(s, 0, "stern")
    place(s, 0, 0, col)
    ENGINE.apply(s, 0, {"type": "no_attack"})
    assert ENGINE.current_step(s) == "draw"
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 0, {"type": "attack", "target": 1, "row": 0, "start": 0})


def test_totem_pole_guards_its_boat_and_section_from_attacks_and_arrows():
    s = fresh()
    col = _raider(s, 0, 0, "shaman")
    lay(s, 1, 0, 0, "bow", "totem", "furs", "warrior1")
    lay(s, 1, 1, 0, "bow", "totem", "stern")
    draw(s, 0, "stern")
    place(s, 0, 0, col)
    assert legal(s, 0, "attack") == []
    assert ENGINE.current_step(s) == "draw"
    draw(s, 0, "archer")
    place(s, 0, 2, 0)
    assert legal(s, 0, "shoot") == []


def test_two_totem_pole_guards_even_an_incomplete_boat():
    s = fresh("II")
    col = _raider(s, 0, 0, "shaman")
    lay(s, 1, 0, 0, "totem", "bear_front", "warrior1")
    lay(s, 1, 1, 0, "bear_rear")
    draw(s, 0, "stern")
    place(s, 0, 0, col)
    assert legal(s, 0, "attack") == [{"type": "attack", "target": 1, "row": 1, "start": 0}]
    ENGINE.apply(s, 0, {"type": "no_attack"})
    draw(s, 0, "bear_hunter")
    place(s, 0, 2, 0)
    assert legal(s, 0, "hunt") == [{"type": "hunt", "target": 1, "row": 1, "col": 0}]


def test_spoils_without_a_free_space_are_discarded():
    s = fresh()
    lay(s, 0, 1, 0, *["warrior1"] * 7, *["warrior2"] * 7)
    lay(s, 0, 2, 0, *["warrior3"] * 7, *["furs"] * 7)
    lay(s, 0, 0, 0, "bow", "chieftain", *["warrior3"] * 3, *["furs"] * 5, *["warrior2"] * 3)
    lay(s, 1, 0, 0, "bow", "tobacco")
    draw(s, 0, "stern")
    place(s, 0, 0, 13)
    ENGINE.apply(s, 0, {"type": "attack", "target": 1, "row": 0, "start": 0})
    assert legal(s, 0) == [{"type": "discard"}]
    ENGINE.apply(s, 0, {"type": "discard"})
    ENGINE.apply(s, 0, {"type": "discard"})
    assert sorted(info(c).kind for c in s["discard"]) == ["bow", "tobacco"]


def test_a_boat_completed_from_the_spoils_attacks_again():
    s = fresh()
    col = _raider(s, 0, 0, "chieftain")
    lay(s, 0, 1, 0, "bow", "warrior3")
    lay(s, 1, 0, 0, "warrior1", "stern")  # strength 1: its stern is the spoils
    lay(s, 1, 2, 5, "warrior2")  # strength 2: the second victim
    draw(s, 0, "stern")
    place(s, 0, 0, col)
    ENGINE.apply(s, 0, {"type": "attack", "target": 1, "row": 0, "start": 0})
    place(s, 0, 1, 2)  # the captured stern completes bow-warrior3-stern
    assert ENGINE.current_step(s) == "attack"
    assert legal(s, 0, "attack") == [{"type": "attack", "target": 1, "row": 2, "start": 5}]


def test_two_attack_takes_only_cards_the_attacker_lacks_and_can_place():
    s = fresh("II")
    col = _raider(s, 0, 0, "chieftain")
    lay(s, 0, 2, 0, "furs")
    lay(s, 1, 0, 0, "furs", "tent", "warrior2")  # incomplete, strength 2
    lay(s, 1, 1, 0, "bow", "warrior1", "stern")  # complete: II attacks incomplete boats only
    draw(s, 0, "stern")
    place(s, 0, 0, col)
    assert legal(s, 0, "attack") == [{"type": "attack", "target": 1, "row": 0, "start": 0}]
    ENGINE.apply(s, 0, {"type": "attack", "target": 1, "row": 0, "start": 0})
    # the furs (already on the attacker's display) is skipped; the tent is offered
    assert ENGINE.current_step(s) == "take" and {"type": "leave"} in legal(s, 0)
    place(s, 0, 1, 9)
    assert kinds(s, 1, 0)[:3] == ["furs", ".", "."]
    assert kinds(s, 0, 1)[9] == "tent"
    assert info(s["discard"][-1]).kind == "warrior2"
    assert ENGINE.to_act(s) == [1]  # spoils taken: the turn is over


def test_two_attack_without_usable_spoils_gives_a_free_draw():
    s = fresh("II")
    col = _raider(s, 0, 0, "chieftain")
    lay(s, 0, 2, 0, "furs")
    lay(s, 1, 0, 0, "furs", "warrior2")
    lay(s, 0, 1, 5, "stern")
    draw(s, 0, "stern")  # already on the display: this draw ends the turn...
    place(s, 0, 0, col)
    ENGINE.apply(s, 0, {"type": "attack", "target": 1, "row": 0, "start": 0})
    # ...but nothing of the spoils could be used, so the attacker draws again
    assert ENGINE.to_act(s) == [0] and ENGINE.current_step(s) == "draw"


def test_two_shaman_splits_the_attack_between_two_boats():
    s = fresh("II", seats=3)
    col = _raider(s, 0, 0, "shaman")  # strength 10
    lay(s, 1, 0, 0, "warrior3")  # 3: takes 4 of the 10
    lay(s, 2, 0, 0, "chieftain")  # 5: the 6 left beat it
    lay(s, 2, 1, 0, "chieftain", "warrior1")  # 6: not with 6 left
    draw(s, 0, "stern")
    place(s, 0, 0, col)
    first = {"type": "attack", "target": 1, "row": 0, "start": 0}
    assert first in legal(s, 0)
    assert "using 4" in ENGINE.action_label(s, 0, first)
    ENGINE.apply(s, 0, first)
    assert legal(s, 0, "attack") == [{"type": "attack", "target": 2, "row": 0, "start": 0}]
    ENGINE.apply(s, 0, {"type": "attack", "target": 2, "row": 0, "start": 0})
    assert kinds(s, 2, 0)[0] == "." and kinds(s, 2, 1)[0] == "chieftain"


def test_two_hunter_takes_his_two_cards_from_other_players_boats():
    s = fresh("II")
    lay(s, 1, 0, 0, "bear_front", "furs")
    lay(s, 1, 1, 0, "bow", "bear_rear", "stern")
    draw(s, 0, "bear_hunter")
    place(s, 0, 0, 0)
    assert {(a["row"], a["col"]) for a in legal(s, 0, "hunt")} == {(0, 0), (1, 1)}
    events = ENGINE.apply(s, 0, {"type": "hunt", "target": 1, "row": 0, "col": 0})
    assert next(e for e in events if e["type"] == "hunt")["audience"] == [1]
    place(s, 0, 0, 1)
    ENGINE.apply(s, 0, {"type": "hunt", "target": 1, "row": 1, "col": 1})
    place(s, 0, 0, 2)
    assert kinds(s, 0, 0)[:3] == ["bear_hunter", "bear_front", "bear_rear"]
    assert kinds(s, 1, 1)[:3] == ["bow", ".", "stern"]


def test_two_hunter_may_not_take_cards_he_cannot_place():
    s = fresh("II")
    filler = [
        "stern",
        "stern_warrior",
        "furs",
        "warrior1",
        "warrior2",
        "warrior3",
        "chieftain",
        "lasso",
        "archer",
        "canoe",
        "furs",
        "warrior1",
        "bow",
        "bow_warrior",
    ]
    lay(s, 0, 0, 1, *filler[:13])
    lay(s, 0, 1, 0, *filler)
    lay(s, 0, 2, 0, *filler)
    lay(s, 1, 0, 0, "gold_front", "gold_rear")
    draw(s, 0, "gold_digger")
    place(s, 0, 0, 0)  # the last free space: the gold cannot be placed, so it cannot be taken
    assert ENGINE.current_step(s) == "draw"
    assert kinds(s, 1, 0)[:2] == ["gold_front", "gold_rear"]


# -- two tribes -----------------------------------------------------------------------------------
def test_two_tribes_a_boat_holds_warriors_of_one_colour():
    s = fresh("I", two_tribes=True)
    lay(s, 0, 0, 0, "bow_warrior:r", "warrior1:r")
    lay(s, 0, 1, 0, "warrior1:r", ".", "warrior1:b")
    draw(s, 0, "warrior2:b")
    spaces = {(a["row"], a["col"]) for a in legal(s, 0)}
    assert (0, 2) not in spaces and (1, 1) not in spaces and (0, 4) in spaces
    place(s, 0, 0, 4)
    assert kinds(s, 0, 0)[4] == "warrior2"


def test_two_tribes_a_colourless_card_may_not_join_red_and_blue():
    s = fresh("I", two_tribes=True)
    lay(s, 0, 1, 0, "warrior1:r", ".", "warrior1:b")
    draw(s, 0, "furs")
    spaces = {(a["row"], a["col"]) for a in legal(s, 0)}
    assert (1, 1) not in spaces and (1, 3) in spaces


def test_two_tribes_a_boat_attacks_only_the_other_colour_or_colourless():
    s = fresh("I", two_tribes=True)
    col = _raider(s, 0, 0, "chieftain:r")
    lay(s, 1, 0, 0, "warrior3:r")
    lay(s, 1, 1, 0, "warrior3:b")
    lay(s, 1, 2, 0, "furs")
    draw(s, 0, "stern")
    place(s, 0, 0, col)
    assert {a["row"] for a in legal(s, 0, "attack")} == {1, 2}


def test_without_two_tribes_colours_are_ignored():
    s = fresh("I")
    col = _raider(s, 0, 0, "chieftain:r")
    lay(s, 0, 0, col + 2, "warrior1:b")
    lay(s, 1, 0, 0, "warrior3:r")
    draw(s, 0, "stern")
    place(s, 0, 0, col)
    assert {a["row"] for a in legal(s, 0, "attack")} == {0}


def test_ogallala_ii_attacker_who_leaves_usable_spoils_does_not_draw_again():
    # "the attacker may take those he does not have himself and which he can place ... Then,
    # it's the next player's turn. If the attacker cannot use any of the cards he may begin to
    # draw": leaving a usable card is his choice, not a reason for a free turn
    s = fresh("II")
    col = _raider(s, 0, 0, "chieftain")
    lay(s, 1, 0, 0, "tent", "warrior2")  # incomplete, strength 2; the tent is usable
    lay(s, 0, 1, 5, "stern")
    draw(s, 0, "stern")  # already on the display: this draw ends the turn
    place(s, 0, 0, col)
    ENGINE.apply(s, 0, {"type": "attack", "target": 1, "row": 0, "start": 0})
    assert ENGINE.current_step(s) == "take"
    ENGINE.apply(s, 0, {"type": "leave"})
    assert kinds(s, 1, 0)[:2] == ["tent", "."]
    assert ENGINE.to_act(s) == [1] and ENGINE.current_step(s) == "draw"


def test_ogallala_ii_shaman_free_draw_only_when_no_spoils_of_either_attack_were_usable():
    s = fresh("II", seats=3)
    col = _raider(s, 0, 0, "shaman")  # strength 10
    lay(s, 0, 2, 0, "furs")
    lay(s, 1, 0, 0, "tent", "warrior2")  # usable spoils: the tent
    lay(s, 2, 0, 0, "furs", "warrior1")  # nothing usable: the attacker has furs
    lay(s, 0, 1, 5, "stern")
    draw(s, 0, "stern")  # already on the display: this draw ends the turn
    place(s, 0, 0, col)
    ENGINE.apply(s, 0, {"type": "attack", "target": 1, "row": 0, "start": 0})
    ENGINE.apply(s, 0, {"type": "leave"})
    assert ENGINE.current_step(s) == "attack"
    ENGINE.apply(s, 0, {"type": "attack", "target": 2, "row": 0, "start": 0})
    assert ENGINE.to_act(s) == [1] and ENGINE.current_step(s) == "draw"


def test_a_lasso_with_nothing_to_catch_asks_nothing():
    """Lasso: "catch one card from an incomplete boat" of another player: with no such card on
    the table there is nothing to decide, and the lasso thrower's drawing ends (a Red Indian)."""
    s = fresh()
    lay(s, 1, 0, 0, "bow", "furs", "stern")  # complete: out of the lasso's reach
    draw(s, 0, "lasso")
    place(s, 0, 0, 5)
    assert ENGINE.to_act(s) == [1] and ENGINE.current_step(s) == "draw"


def test_an_arrow_with_nobody_to_shoot_asks_nothing():
    """Bow and arrow: "shoot one Red Indian from an incomplete boat": with no warrior card in
    another player's incomplete boat there is nothing to decide."""
    s = fresh()
    lay(s, 1, 0, 0, "bow", "furs")  # incomplete, but no warrior
    lay(s, 1, 1, 0, "bow", "warrior3", "stern")  # a warrior, in a complete boat
    draw(s, 0, "archer")
    place(s, 0, 0, 5)
    assert ENGINE.to_act(s) == [1] and ENGINE.current_step(s) == "draw"


def test_crazy_axe_sinks_only_the_boat_chosen_of_two_in_its_row():
    """Crazy Axe: "This boat sinks immediately. All its cards, including Crazy Axe, are removed
    from play": the other boat and the loose card of that row stay, as does what was removed
    before."""
    s = fresh()
    s["removed"].append(grab(s, "tent"))
    lay(s, 0, 1, 0, "bow", "stern", ".", "furs", ".", "bow", "warrior1", "stern")
    draw(s, 0, "axe")
    ENGINE.apply(s, 0, {"type": "sink", "row": 1, "start": 5})
    assert kinds(s, 0, 1)[:9] == ["bow", "stern", ".", "furs", ".", ".", ".", ".", "."]
    assert sorted(info(c).kind for c in s["removed"]) == ["axe", "bow", "stern", "tent", "warrior1"]


def test_the_next_player_starts_a_turn_free_to_draw_on():
    """ "The player may continue to draw and place cards as long as the drawn card is" a bow or
    stern without a Red Indian or a booty card: a turn begins with that right whole, whatever
    ended the turn before (the view tells it)."""
    s = fresh()
    draw(s, 0, "warrior2")
    assert ENGINE.view(s, 0)["keep_drawing"] is False
    place(s, 0, 0, 0)
    assert ENGINE.to_act(s) == [1] and ENGINE.view(s, 1)["keep_drawing"] is True


def test_two_hunter_who_completes_a_boat_hunts_and_places_his_catch_before_attacking():
    """II: the hunter "may now immediately take the corresponding cards ... and place them in
    his own boats"; a boat just completed "can attack": the hunt comes first, its catch placed
    at once, and the attack waits for it."""
    s = fresh("II")
    lay(s, 0, 0, 0, "bow", "chieftain", ".", "stern")
    lay(s, 1, 1, 0, "bear_front")
    lay(s, 1, 2, 0, "warrior1")
    draw(s, 0, "bear_hunter")
    place(s, 0, 0, 2)  # completes bow-chieftain-hunter-stern
    assert ENGINE.current_step(s) == "hunt"
    ENGINE.apply(s, 0, {"type": "hunt", "target": 1, "row": 1, "col": 0})
    assert ENGINE.current_step(s) == "place" and info(s["hand"][0]).kind == "bear_front"
    place(s, 0, 1, 4)
    assert ENGINE.current_step(s) == "attack"
    assert legal(s, 0, "attack") == [{"type": "attack", "target": 1, "row": 2, "start": 0}]


def test_two_a_spoil_the_hunter_from_the_same_spoils_already_took_is_no_longer_offered():
    """II: the conqueror "may take" the conquered section's other cards; a hunter taken among them
    "may now immediately take the corresponding cards", here the bear front still lying among those
    spoils. Once hunted, that card is in the conqueror's river: its space offers nothing more, and
    the turn passes on (no free draw: the conqueror could use the spoils)."""
    s = fresh("II")
    lay(s, 0, 0, 0, "bow", "chieftain")
    lay(s, 1, 0, 0, "bear_hunter", "bear_front", "warrior1")
    draw(s, 0, "stern")
    place(s, 0, 0, 2)
    ENGINE.apply(s, 0, {"type": "attack", "target": 1, "row": 0, "start": 0})
    assert ENGINE.current_step(s) == "take" and info(ENGINE.view(s, 0)["pending"]["card"]["id"]).kind == "bear_hunter"
    place(s, 0, 1, 0)
    assert legal(s, 0, "hunt") == [{"type": "hunt", "target": 1, "row": 0, "col": 1}]
    ENGINE.apply(s, 0, {"type": "hunt", "target": 1, "row": 0, "col": 1})
    place(s, 0, 1, 1)
    assert kinds(s, 0, 1)[:2] == ["bear_hunter", "bear_front"] and kinds(s, 1, 0)[:3] == [".", ".", "."]
    assert s["pending"] == [] and ENGINE.to_act(s) == [1] and ENGINE.current_step(s) == "draw"


def test_two_lasso_reaches_only_cards_the_thrower_can_place():
    """II: "The same card may never be placed twice in the same row": a thrower with furs in every
    row cannot place a lassoed furs, so only the victim's other card of that section may be taken,
    whatever the two cards' copy numbers."""
    s = fresh("II")
    for r in range(3):
        lay(s, 0, r, 5, "furs")
    for col, cid in enumerate(["furs#1", "tent#1"]):  # the same copy number, on purpose
        s["stacks"][0].remove(cid)
        s["displays"][1][0][col] = cid
    draw(s, 0, "lasso")
    place(s, 0, 0, 0)
    assert legal(s, 0, "lasso") == [{"type": "lasso", "target": 1, "row": 0, "col": 1}]
