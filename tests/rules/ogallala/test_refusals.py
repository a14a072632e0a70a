"""Why an Ogallala move is refused: the sentence of the check that stops it (menus.refusal, which
explain_illegal says), one scenario per check, and each refused move leaves the state as it was."""

import json

import pytest

from games.rules import checks
from games.rules.base import IllegalAction
from games.rules.ogallala.engine import ENGINE

from .helpers import draw, fresh, lay, legal

NOT_ALLOWED = "That move is not allowed now."
NO_TAKE = "That card cannot be taken now."
NO_ATTACK = (
    "You can only attack right after completing a boat, and only a weaker boat or "
    "section of another player without a totem pole."
)
NO_END = "You may end the game only right after completing a boat, with 3 or more boats."


def refused(s, seat, action):
    """Returns the refusal's sentence; checks that applying the action raises it and changes nothing."""
    before = json.dumps(s, sort_keys=True)
    why = ENGINE.explain_illegal(s, seat, action)
    with pytest.raises(IllegalAction) as raised:
        ENGINE.apply(s, seat, action)
    assert str(raised.value) == why and json.dumps(s, sort_keys=True) == before
    return why


def test_nobody_moves_out_of_turn_or_after_the_end():
    """ "Game will proceed clockwise": only the active player moves; nobody once the game ended."""
    s = fresh()
    assert ENGINE.explain_illegal(s, 1, {"type": "draw", "stack": 0}) == "It is not your turn."
    s["result"] = {"reason": "over", "scores": [0, 0], "winners": [0, 1], "ranking": [0, 1]}
    assert ENGINE.explain_illegal(s, 0, {"type": "draw", "stack": 0}) == "The game is over."


@pytest.mark.parametrize("stack", [3, -1, "0", None])
def test_one_draws_only_from_one_of_its_three_stacks(stack):
    """I: "laid out in 3 face-down stacks", drawn from "a deck of his choice": 0, 1 or 2."""
    s = fresh()
    assert refused(s, 0, {"type": "draw", "stack": stack}) == "That stack is empty or does not exist."


def test_a_stack_is_named_by_its_number_not_by_a_truth_value():
    """The check refuses true as a stack (apply's menu lookup does not: True == 1 in Python)."""
    s = fresh()
    assert ENGINE.explain_illegal(s, 0, {"type": "draw", "stack": True}) == "That stack is empty or does not exist."


def test_one_draws_not_from_an_empty_stack():
    """I: a stack run out holds nothing to draw; the others still do."""
    s = fresh()
    s["removed"], s["stacks"][1] = s["stacks"][1], []
    assert refused(s, 0, {"type": "draw", "stack": 1}) == "That stack is empty or does not exist."
    assert ENGINE.explain_illegal(s, 0, {"type": "draw", "stack": 2}) != "That stack is empty or does not exist."


def test_steps_out_of_their_time_are_refused_with_their_reason():
    """Before drawing there is no card to place or discard, nothing to raid, attack or end:
    each of those is a step that follows a card's placing."""
    s = fresh()
    assert refused(s, 0, {"type": "place", "row": 0, "col": 0}) == "You have no card to place now."
    assert refused(s, 0, {"type": "discard"}) == "You may only discard a card that has no free space."
    assert refused(s, 0, {"type": "sink", "row": 0, "start": 0}) == NOT_ALLOWED
    for raid in ("lasso", "shoot", "hunt"):
        assert refused(s, 0, {"type": raid, "target": 1, "row": 0, "col": 0}) == NO_TAKE
    for step in ("leave", "pass", "no_attack", "fly"):
        assert refused(s, 0, {"type": step}) == NOT_ALLOWED
    assert refused(s, 0, {"type": "attack", "target": 1, "row": 0, "start": 0}) == NO_ATTACK
    assert refused(s, 0, {"type": "end_game"}) == NO_END
    assert refused(s, 0, {"type": "continue"}) == NO_END


def test_one_a_drawn_card_goes_on_a_free_space_before_anything_else():
    """ "takes up one card ... and places it face up on an empty space"; "A card once placed may
    not be moved later"; a card is discarded only when no space is free."""
    s = fresh()
    lay(s, 0, 0, 0, "furs")
    draw(s, 0, "tent")
    assert refused(s, 0, {"type": "draw", "stack": 0}) == "Finish placing or deciding before you draw again."
    taken = "That space is taken or off the display; cards never move once placed."
    assert refused(s, 0, {"type": "place", "row": 0, "col": 0}) == taken
    assert refused(s, 0, {"type": "place", "row": 0, "col": 14}) == taken
    assert refused(s, 0, {"type": "place", "row": 0, "col": 1, "moves": []}) == taken
    assert refused(s, 0, {"type": "discard"}) == "You may only discard a card that has no free space."


def test_two_refuses_a_second_card_of_a_kind_in_one_row():
    """II: "The same card may never be placed twice in the same row"."""
    s = fresh("II")
    lay(s, 0, 0, 0, "furs")
    draw(s, 0, "furs")
    assert refused(s, 0, {"type": "place", "row": 0, "col": 3}) == (
        "That space is taken, off the display, or that row already holds such a card."
    )


def test_two_tribes_refuses_mixing_red_and_blue():
    """Two tribes: "In any one boat only Red Indians of one colour may be placed"."""
    s = fresh("I", two_tribes=True)
    lay(s, 0, 0, 0, "warrior1:r")
    draw(s, 0, "warrior1:b")
    assert refused(s, 0, {"type": "place", "row": 0, "col": 1}) == (
        "That space is taken, off the display, or would mix red and blue warriors."
    )


def test_one_crazy_axe_is_not_placed_but_sinks_a_complete_boat_of_his_owner():
    """Crazy Axe: "you must place it on an own, complete boat. This boat sinks immediately"."""
    s = fresh()
    lay(s, 0, 0, 0, "bow", "stern")
    draw(s, 0, "axe")
    assert refused(s, 0, {"type": "place", "row": 0, "col": 3}) == (
        "The Crazy Axe is not placed: he sinks one of your complete boats."
    )
    assert refused(s, 0, {"type": "discard"}) == "You may only discard a card that has no free space."
    assert refused(s, 0, {"type": "sink", "row": 0, "start": 1}) == NOT_ALLOWED
    assert refused(s, 0, {"type": "sink", "row": 1, "start": 0}) == NOT_ALLOWED
    assert ENGINE.explain_illegal(s, 0, {"type": "sink", "row": 0, "start": 0}) != NOT_ALLOWED


def _positions():
    """Positions at each kind of step: a draw, a placing with suite moves, a lasso, an attack,
    a hunt, and II's unplaceable archer."""
    s = fresh()
    yield s
    s = fresh()
    lay(s, 0, 0, 3, "bear_front", ".", "bear_rear")
    draw(s, 0, "bear_hunter")
    yield s
    s = fresh()
    lay(s, 1, 0, 0, "bow", "furs")
    draw(s, 0, "lasso")
    ENGINE.apply(s, 0, {"type": "place", "row": 1, "col": 5})
    yield s
    s = fresh()
    lay(s, 0, 0, 0, "bow", "chieftain")
    lay(s, 1, 0, 0, "warrior3", "tobacco")
    draw(s, 0, "stern")
    ENGINE.apply(s, 0, {"type": "place", "row": 0, "col": 2})
    yield s
    s = fresh("II")
    lay(s, 1, 0, 0, "bear_front")
    draw(s, 0, "bear_hunter")
    ENGINE.apply(s, 0, {"type": "place", "row": 0, "col": 5})
    yield s
    s = fresh("II")
    for r in range(3):
        lay(s, 0, r, 0, "archer")
    lay(s, 1, 0, 3, "warrior2")
    draw(s, 0, "archer")
    yield s


def test_every_move_of_the_menu_passes_its_check():
    """The menu and the refusals are one set of checks: what the menu offers is never refused."""
    phases = []
    for s in _positions():
        phases.append(ENGINE.current_step(s))
        for action in legal(s, 0):
            assert ENGINE.explain_illegal(s, 0, action) == checks.SAME_MOVE, action
    assert phases == ["draw", "place", "lasso", "attack", "hunt", "place"]


def test_a_suite_move_not_on_the_menu_is_refused():
    """I, Special Rule: placed suite cards "may be moved to allow assembly of the suite", one space
    each; any other move of placed cards is refused ("A card once placed may not be moved")."""
    s = fresh()
    lay(s, 0, 0, 3, "bear_front", ".", "bear_rear")
    draw(s, 0, "bear_hunter")
    assert {"type": "place", "row": 0, "col": 2, "moves": [[0, 5, 4]]} in legal(s, 0, "place")
    action = {"type": "place", "row": 0, "col": 2, "moves": [[0, 5, 6]]}
    assert refused(s, 0, action) == "That space is taken or off the display; cards never move once placed."


def test_a_lasso_at_a_card_out_of_its_reach_is_refused():
    """I: the lasso "may not take a card from a complete boat"."""
    s = fresh()
    lay(s, 1, 0, 0, "bow", "furs", "stern")
    lay(s, 1, 1, 0, "tent")
    draw(s, 0, "lasso")
    ENGINE.apply(s, 0, {"type": "place", "row": 0, "col": 5})
    assert ENGINE.current_step(s) == "lasso"
    assert refused(s, 0, {"type": "lasso", "target": 1, "row": 0, "col": 1}) == NO_TAKE


def test_an_attack_on_a_section_as_strong_is_refused():
    """ "You can only conquer a boat or section with a lesser combat strength"."""
    s = fresh()
    lay(s, 0, 0, 0, "bow", "warrior3")
    lay(s, 1, 0, 0, "warrior3")  # 3: as strong
    lay(s, 1, 1, 0, "warrior2")  # 2: weaker
    draw(s, 0, "stern")
    ENGINE.apply(s, 0, {"type": "place", "row": 0, "col": 2})
    assert legal(s, 0, "attack") == [{"type": "attack", "target": 1, "row": 1, "start": 0}]
    assert refused(s, 0, {"type": "attack", "target": 1, "row": 0, "start": 0}) == NO_ATTACK


def test_the_player_not_to_move_has_no_menu():
    """Only the active player moves: the others' menus are empty."""
    s = fresh(seats=3)
    assert legal(s, 1) == [] and legal(s, 2) == [] and legal(s, 0) != []


def test_the_boat_just_completed_attacks_with_its_own_strength_beside_another_boat_in_its_row():
    """ "A boat that has just been completed may conquer another boat - if the combat strength of
    that boat is inferior": the new boat's strength, not that of an older boat in the row."""
    s = fresh()
    lay(s, 0, 0, 0, "bow", "stern", ".", "bow", "chieftain")  # strength 0, then 5
    lay(s, 1, 0, 0, "warrior3")  # 3
    draw(s, 0, "stern")
    ENGINE.apply(s, 0, {"type": "place", "row": 0, "col": 5})
    assert legal(s, 0, "attack") == [{"type": "attack", "target": 1, "row": 0, "start": 0}]


def test_a_suite_move_may_use_the_first_space_of_the_row():
    """I, Special Rule: a suite card may move one space to make room for its person, to the
    river's first space too; and the person may land there."""
    s = fresh()
    lay(s, 0, 0, 0, ".", "bear_rear", "furs")  # rear-hunter needs the rear one space left
    draw(s, 0, "bear_hunter")
    assert [a for a in legal(s, 0, "place") if a.get("moves")] == [
        {"type": "place", "row": 0, "col": 1, "moves": [[0, 1, 0]]}
    ]
    s = fresh()
    lay(s, 0, 0, 0, ".", ".", "bear_front", "furs")  # hunter-front with the front one space left
    draw(s, 0, "bear_hunter")
    assert [a for a in legal(s, 0, "place") if a.get("moves")] == [
        {"type": "place", "row": 0, "col": 0, "moves": [[0, 2, 1]]}
    ]


def test_a_suite_card_on_the_last_space_never_moves_off_the_river():
    """I, Special Rule: suite cards may move one space each, along the row: a card on the river's
    last space moves left or stays, and the menu still offers the person's places."""
    s = fresh()
    lay(s, 0, 0, 13, "bear_front")
    draw(s, 0, "bear_hunter")
    places = legal(s, 0, "place")
    assert {"type": "place", "row": 0, "col": 12} in places
    assert {"type": "place", "row": 0, "col": 11, "moves": [[0, 13, 12]]} in places
    assert all(m[2] < 14 for a in places for m in a.get("moves", []))


def test_with_two_tribes_a_suite_move_never_joins_red_and_blue_warriors():
    """Two tribes: "In any one boat only Red Indians of one colour may be placed": moving the bear rear
    next to the red warrior puts the hunter beside the blue one, one section of both colours, so
    neither that suite move nor the hunter between them is offered (the game without the variant
    offers both). Away from any warrior both of the Special Rule's moves are offered, from the left."""
    s = fresh(two_tribes=True)
    lay(s, 0, 0, 0, "warrior1:r", ".", "bear_rear", "warrior1:b")
    draw(s, 0, "bear_hunter")
    assert [a for a in legal(s, 0, "place") if a["row"] == 0 and (a["col"] < 4 or "moves" in a)] == []
    action = {"type": "place", "row": 0, "col": 2, "moves": [[0, 2, 1]]}
    assert refused(s, 0, action) == "That space is taken, off the display, or would mix red and blue warriors."
    s = fresh(two_tribes=True)
    lay(s, 0, 0, 5, "bear_rear")
    draw(s, 0, "bear_hunter")
    assert [a for a in legal(s, 0, "place") if a.get("moves")] == [
        {"type": "place", "row": 0, "col": 5, "moves": [[0, 5, 4]]},
        {"type": "place", "row": 0, "col": 7, "moves": [[0, 5, 6]]},
    ]


def test_without_two_tribes_a_suite_move_ignores_the_colours_in_its_row():
    """Only the two-tribes variant keeps red and blue warriors apart; without it a row holding
    both still allows the Special Rule's suite move."""
    s = fresh()
    lay(s, 0, 0, 0, "warrior1:r", "warrior1:b", ".", ".", "bear_rear", "furs")
    draw(s, 0, "bear_hunter")
    shifted = [a for a in legal(s, 0, "place") if a.get("moves")]
    assert shifted == [{"type": "place", "row": 0, "col": 4, "moves": [[0, 4, 3]]}]
