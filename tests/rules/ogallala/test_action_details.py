"""What each Ogallala action leaves on the table, in the details the other scenario tests pass by:
which spaces a conquest empties, in what order a raid's catch and an attack come, what strength
a shaman's second attack tells."""

from games.rules.ogallala.cards import info
from games.rules.ogallala.engine import ENGINE

from .helpers import act, draw, fresh, grab, kinds, lay, legal, place


def one(events, type_):
    (found,) = [e for e in events if e["type"] == type_]
    return found


def test_one_conquest_empties_the_conquered_section_and_nothing_else_of_its_row():
    """I: the conquered section's Red Indians go to the box and the rest are the spoils: its
    spaces are emptied, the victim's other cards in that row stay where they are; the box keeps
    what was removed from play before."""
    s = fresh()
    s["removed"].append(grab(s, "axe"))
    lay(s, 0, 0, 0, "bow", "chieftain", "furs")
    lay(s, 1, 1, 0, "furs", ".", "warrior3", "tobacco", ".", "tent")
    draw(s, 0, "stern")
    place(s, 0, 0, 3)
    act(s, 0, "attack", target=1, row=1, start=2)
    assert kinds(s, 1, 1)[:6] == ["furs", ".", ".", ".", ".", "tent"]
    assert [info(c).kind for c in s["removed"]] == ["axe", "warrior3"]
    assert [info(c).kind for c in s["hand"]] == ["tobacco"]


def test_two_conquest_empties_the_warriors_spaces_and_leaves_the_rest_to_take():
    """II: "All Red Indian Cards of the conquered boat are placed face down on the discard stack";
    the other cards stay with their owner until the attacker takes them."""
    s = fresh("II")
    s["discard"].append(grab(s, "furs"))
    lay(s, 0, 0, 0, "bow", "chieftain")
    lay(s, 1, 2, 0, "tent", ".", "warrior2", "bear_front", ".", "furs")
    draw(s, 0, "stern")
    place(s, 0, 0, 2)
    act(s, 0, "attack", target=1, row=2, start=2)
    assert kinds(s, 1, 2)[:6] == ["tent", ".", ".", "bear_front", ".", "furs"]
    assert [info(c).kind for c in s["discard"]] == ["furs", "warrior2"]
    assert ENGINE.current_step(s) == "take"
    place(s, 0, 1, 0)
    assert kinds(s, 1, 2)[:6] == ["tent", ".", ".", ".", ".", "furs"]
    assert kinds(s, 0, 1)[0] == "bear_front"


def test_lassoed_card_is_placed_before_the_lasso_throwers_new_boat_attacks():
    """Lasso: "catch one card ... and place it on your own river display", only "immediately
    after placing the lasso card"; a boat the lasso card completed attacks after that."""
    s = fresh()
    lay(s, 0, 0, 0, "bow", ".", "stern")
    lay(s, 1, 0, 0, "furs")
    lay(s, 1, 2, 0, "tent")
    draw(s, 0, "lasso")
    place(s, 0, 0, 1)  # completes bow-lasso-stern
    assert ENGINE.current_step(s) == "lasso"
    act(s, 0, "lasso", target=1, row=0, col=0)
    assert ENGINE.current_step(s) == "place" and info(s["hand"][0]).kind == "furs"
    place(s, 0, 1, 0)
    assert ENGINE.current_step(s) == "attack"
    assert legal(s, 0, "attack") == [{"type": "attack", "target": 1, "row": 2, "start": 0}]


def test_two_shaman_second_attack_tells_the_strength_left_to_it():
    """II, Special Rule: a boat with a Shaman "may attack two different boats ... The attacker may
    divide his combat strength between the attacks": the first takes what beats its target, the
    second attack is made with the rest."""
    s = fresh("II", seats=3)
    lay(s, 0, 0, 0, "bow", "shaman")  # strength 10
    lay(s, 1, 0, 0, "warrior3")  # 3: takes 4 of the 10
    lay(s, 2, 0, 0, "chieftain")  # 5: the 6 left beat it
    draw(s, 0, "stern")
    place(s, 0, 0, 2)
    first = one(act(s, 0, "attack", target=1, row=0, start=0), "attack")
    assert first["public"]["attacker_strength"] == 10
    second = one(act(s, 0, "attack", target=2, row=0, start=0), "attack")
    assert second["public"]["attacker_strength"] == 6
    assert second["public"]["text"].startswith(
        "Player 1's boat in row 1 (strength 6) conquers Player 3's section in row 1 (strength 5)"
    )


def test_two_boat_without_a_shaman_attacks_once_whatever_strength_it_has_left():
    """II: "Once a boat is completed, it can attack one incomplete boat of another player"; only
    a Shaman's boat "may attack two different boats"."""
    s = fresh("II")
    lay(s, 0, 0, 0, "bow", "chieftain")  # strength 5
    lay(s, 1, 0, 0, "warrior1")  # 1
    lay(s, 1, 1, 0, "warrior1")  # 1: the 3 left would beat it
    draw(s, 0, "stern")
    place(s, 0, 0, 2)
    act(s, 0, "attack", target=1, row=0, start=0)
    assert legal(s, 0, "attack") == []
    assert ENGINE.current_step(s) == "draw" and kinds(s, 1, 1)[0] == "warrior1"


def test_two_shaman_second_attack_spares_what_is_left_of_the_first_target():
    """II: the Shaman's boat "may attack two different boats": what the attacker left of the
    conquered section is no second target; another section of that row is."""
    s = fresh("II")
    lay(s, 0, 0, 0, "bow", "shaman")  # strength 10
    lay(s, 1, 0, 0, "warrior1", ".", "tent", "warrior2")  # sections of 1 and of 2
    draw(s, 0, "stern")
    place(s, 0, 0, 2)
    act(s, 0, "attack", target=1, row=0, start=2)  # takes 3 of the 10
    assert ENGINE.current_step(s) == "take"
    act(s, 0, "leave")
    assert kinds(s, 1, 0)[:4] == ["warrior1", ".", "tent", "."]
    assert legal(s, 0, "attack") == [{"type": "attack", "target": 1, "row": 0, "start": 0}]


def test_two_shaman_attacks_twice_and_no_more():
    """II: a Shaman's boat "may attack two different boats", not three, however much strength
    it has left."""
    s = fresh("II")
    lay(s, 0, 0, 0, "bow", "shaman")  # strength 10
    for r in range(3):
        lay(s, 1, r, 0, "warrior1")  # three sections of 1
    draw(s, 0, "stern")
    place(s, 0, 0, 2)
    act(s, 0, "attack", target=1, row=0, start=0)
    act(s, 0, "attack", target=1, row=1, start=0)  # 6 of the 10 left after it
    assert legal(s, 0, "attack") == []
    assert ENGINE.current_step(s) == "draw" and kinds(s, 1, 2)[0] == "warrior1"


def test_two_shaman_second_attack_with_one_strength_left_beats_a_section_without_warriors():
    """II: the attacker "may divide his combat strength between the attacks as he desires": 1
    left over is more than the 0 of a section without Red Indians."""
    s = fresh("II")
    lay(s, 0, 0, 0, "bow", "shaman")  # strength 10
    lay(s, 1, 0, 0, "warrior3", "chieftain")  # 8: takes 9 of the 10
    lay(s, 1, 1, 0, "furs")  # 0
    draw(s, 0, "stern")
    place(s, 0, 0, 2)
    act(s, 0, "attack", target=1, row=0, start=0)
    assert legal(s, 0, "attack") == [{"type": "attack", "target": 1, "row": 1, "start": 0}]


def test_one_hunter_placed_hunts_nothing():
    """The hunters' raid ("he may now immediately take the corresponding cards ... from other
    players' boats") is Ogallala II's; in I a hunter is a booty card like the others."""
    s = fresh()
    lay(s, 1, 0, 0, "bear_front")
    draw(s, 0, "bear_hunter")
    place(s, 0, 0, 5)
    assert legal(s, 0, "hunt") == []
    assert ENGINE.current_step(s) == "draw" and ENGINE.to_act(s) == [0]  # booty: draw on
    assert kinds(s, 1, 0)[0] == "bear_front"


def test_one_boat_completed_by_a_spoil_attacks_before_the_next_spoil_is_placed():
    """I: "A completed boat only has one attack, and only immediately after its completion";
    "if you can complete another boat using the bits and pieces of a conquered boat you get
    another attack with that new boat"."""
    s = fresh()
    lay(s, 0, 0, 0, "bow", "chieftain")  # 5 once the stern is on
    lay(s, 0, 1, 0, "bow", "warrior3")  # 3 once a stern is on
    lay(s, 1, 0, 0, "warrior1", "stern", "furs")  # 1: its stern and furs are the spoils
    lay(s, 1, 2, 0, "warrior2")  # 2: the second victim
    draw(s, 0, "stern")
    place(s, 0, 0, 2)
    act(s, 0, "attack", target=1, row=0, start=0)
    assert [info(c).kind for c in s["hand"]] == ["stern", "furs"]
    place(s, 0, 1, 2)  # the stern completes bow-warrior3-stern
    assert ENGINE.current_step(s) == "attack" and [info(c).kind for c in s["hand"]] == ["furs"]
    act(s, 0, "attack", target=1, row=2, start=0)
    assert ENGINE.current_step(s) == "place" and [info(c).kind for c in s["hand"]] == ["furs"]


def test_one_end_is_offered_once_however_many_boats_the_turn_completes():
    """I: "A player may end the game once he has completed 3 boats ... He may, however, chose to
    continue playing": one choice for the turn, made once its spoils are placed."""
    s = fresh()
    lay(s, 0, 2, 0, "bow", "stern")
    lay(s, 0, 0, 0, "bow", "chieftain")
    lay(s, 0, 1, 0, "bow", "warrior3")
    lay(s, 1, 0, 0, "warrior1", "stern")  # its stern completes the third boat
    draw(s, 0, "stern")
    place(s, 0, 0, 2)  # the second boat
    act(s, 0, "attack", target=1, row=0, start=0)
    place(s, 0, 1, 2)  # the third
    assert ENGINE.current_step(s) == "end_offer"
    act(s, 0, "continue")
    assert ENGINE.current_step(s) == "draw" and ENGINE.to_act(s) == [0]  # an empty stern: draw on


def test_the_placed_card_is_shown_with_where_it_went():
    """The table sees each card placed ("places it face up on an empty space")."""
    s = fresh()
    draw(s, 0, "tent")
    placed = one(place(s, 0, 2, 6), "placed")
    assert placed["public"]["card"]["kind"] == "tent"
    assert (placed["public"]["row"], placed["public"]["col"]) == (2, 6)


def test_one_suite_move_that_swaps_two_cards_names_both_moves_left_to_right():
    """I, Special Rule: "cards may be moved to allow assembly of the suite", one space each: a rear
    and a front placed the wrong way round trade places for the person's suite."""
    s = fresh()
    lay(s, 0, 0, 3, "bear_rear", "bear_front")
    draw(s, 0, "bear_hunter")
    moves = [[0, 3, 4], [0, 4, 3]]
    assert {"type": "place", "row": 0, "col": 2, "moves": moves} in legal(s, 0, "place")
    events = ENGINE.apply(s, 0, {"type": "place", "row": 0, "col": 2, "moves": moves})
    assert one(events, "placed")["public"]["text"] == (
        "Player 1 places Bear hunter at row 1, space 3 (moving Bear (rear) to space 5, Bear (front) to space 4)."
    )
    assert kinds(s, 0, 0)[2:5] == ["bear_hunter", "bear_front", "bear_rear"]


def test_crazy_axe_leaves_the_card_right_after_the_sunk_boat():
    """Crazy Axe: "This boat sinks immediately. All its cards, including Crazy Axe, are removed":
    a card of the row right after its stern is no card of that boat, and stays."""
    s = fresh()
    lay(s, 0, 1, 2, "bow", "warrior1", "stern", "furs")
    draw(s, 0, "axe")
    act(s, 0, "sink", row=1, start=2)
    assert kinds(s, 0, 1)[:7] == [".", ".", ".", ".", ".", "furs", "."]
    assert sorted(info(c).kind for c in s["removed"]) == ["axe", "bow", "stern", "warrior1"]


def test_two_shaman_second_attack_may_hit_a_section_after_the_first_target_in_its_row():
    """II: the Shaman's boat "may attack two different boats which may also belong to different
    players": a section further along the row of the first target is one of them."""
    s = fresh("II")
    lay(s, 0, 0, 0, "bow", "shaman")  # strength 10
    lay(s, 1, 0, 0, "tent", "warrior2", ".", "warrior1")  # sections of 2 and of 1
    draw(s, 0, "stern")
    place(s, 0, 0, 2)
    act(s, 0, "attack", target=1, row=0, start=0)  # takes 3 of the 10
    act(s, 0, "leave")  # the tent stays, the first target's remains
    assert legal(s, 0, "attack") == [{"type": "attack", "target": 1, "row": 0, "start": 3}]
