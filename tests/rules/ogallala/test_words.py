"""The words a player reads (words.py): menu labels, the table's lines, a raid's explanation,
checked against the rule texts and the position, not copied from the code's output."""

from games.rules.ogallala.cards import info
from games.rules.ogallala.engine import ENGINE
from games.rules.ogallala.words import TEXT_WIDTH

from .helpers import draw, fill_two_display, fresh, lay, legal, place
from .test_game_end import _last_card_drawn_and_placed, _two_boats_and_a_bow
from .test_table_text import row_items, section


def labels(state, seat=0):
    """Returns the menu's labels, in its order."""
    return [ENGINE.action_label(state, seat, a) for a in legal(state, seat)]


def turn_line(state, seat):
    """Returns the table's line saying whose turn it is and what they do."""
    return next(line for line in ENGINE.table_text(state, seat) if "turn: " in line)


def conquest(victim_row, start=0):
    """Edition I: Player 1 completes a boat of strength 5 (chieftain) and conquers what Player 2
    has in row 2 from space `start`; returns the state and Player 2's explanation."""
    s = fresh("I")
    lay(s, 0, 0, 0, "bow", "chieftain", "furs")
    lay(s, 1, 1, start, *victim_row)
    draw(s, 0, "stern")
    place(s, 0, 0, 3)
    events = ENGINE.apply(s, 0, {"type": "attack", "target": 1, "row": 1, "start": start})
    hit = next(e for e in events if 1 in (e.get("audience") or ()))
    return s, ENGINE.explain_hit(s, hit, 1)


def test_edition_ones_draws_name_its_three_stacks():
    # the rules' overview: the three stacks are bows and sterns, the other warriors, the booty
    s = fresh()
    labels = sorted(ENGINE.action_label(s, 0, a) for a in ENGINE.legal_actions(s, 0))
    assert labels == [
        "Draw from the booty stack",
        "Draw from the bows and sterns stack",
        "Draw from the warriors stack",
    ]


# -- explain_hit: a conquest's warriors and spoils counted as the rules count them ----------------


def test_a_conquest_of_one_warrior_and_three_booty_or_canoe_cards():
    # "Take all Red Indian Cards ... out of the game. The spoils are yours": bow, furs, tobacco
    _, (does, _, _) = conquest(["bow", "warrior1", "furs", "tobacco"])
    assert does.startswith("Its 1 warrior card is out of the game. Its other 3 cards go to Player 1, ")


def test_a_conquest_of_a_section_without_warriors_names_no_warrior_lost():
    _, (does, _, _) = conquest(["bow", "furs"])
    assert does.startswith("It held no warrior cards. Its other 2 cards go to Player 1, ")


def test_a_conquest_of_warriors_alone_gives_no_spoils():
    _, (does, _, _) = conquest(["warrior2", "warrior1"], start=2)
    assert does == "Its 2 warrior cards are out of the game. Those spaces in your river are empty now."


def test_one_card_left_in_the_stacks_is_one_card():
    s = fresh("I")
    lay(s, 1, 0, 0, "bow", "furs")
    draw(s, 0, "lasso")
    place(s, 0, 1, 5)
    keep = s["stacks"][2][-1]
    s["stacks"] = [[], [], [keep]]  # the stacks nearly played out: one booty card left
    events = ENGINE.apply(s, 0, {"type": "lasso", "target": 1, "row": 0, "col": 1})
    hit = next(e for e in events if 1 in (e.get("audience") or ()))
    assert ENGINE.explain_hit(s, hit, 1)[2].endswith(" 1 card left in the stacks.")


def test_a_raid_is_not_explained_once_the_game_is_over():
    s = fresh("I")
    lay(s, 1, 0, 0, "bow", "furs")
    draw(s, 0, "lasso")
    place(s, 0, 1, 5)
    events = ENGINE.apply(s, 0, {"type": "lasso", "target": 1, "row": 0, "col": 1})
    hit = next(e for e in events if 1 in (e.get("audience") or ()))
    assert ENGINE.explain_hit(s, hit, 1)  # explained while the game goes on
    ENGINE.resign(s, 0)  # the raider leaves: Player 2, alone, has won
    assert ENGINE.result(s) is not None
    assert ENGINE.explain_hit(s, hit, 1) == []  # nothing is left to mend


# -- the table: whose turn, and what they are to do ----------------------------------------------


def test_the_turn_line_names_each_step_of_a_turn():
    # a completed boat "may go a-pirating": the attack step names the boat
    s = fresh("I")
    lay(s, 0, 0, 0, "bow", "chieftain", "furs")
    lay(s, 1, 1, 0, "bow", "warrior1")
    draw(s, 0, "stern")
    place(s, 0, 0, 3)
    assert turn_line(s, 0) == "Your turn: attack with the boat in row 1, spaces 1-4, or not."
    assert turn_line(s, 1) == "Player 1's turn: attack with the boat in row 1, spaces 1-4, or not."
    # the lasso and the bow and arrow may be used or not
    for kind, step in (("lasso", "use the lasso or not"), ("archer", "shoot with the bow and arrow or not")):
        s = fresh("I")
        lay(s, 1, 0, 0, "bow", "warrior3")
        draw(s, 0, kind)
        place(s, 0, 1, 5)
        assert turn_line(s, 1) == f"Player 1's turn: {step}."
    # II: a hunter may take a hunting card
    s = fresh("II")
    lay(s, 1, 0, 0, "bear_front", "furs")
    draw(s, 0, "bear_hunter")
    place(s, 0, 0, 0)
    assert turn_line(s, 0) == "Your turn: take a hunting card or not."


def test_the_turn_line_offers_the_end_to_a_player_with_three_boats():
    s = fresh()
    _two_boats_and_a_bow(s)
    draw(s, 0, "stern")
    place(s, 0, 0, 2)
    assert legal(s, 0) == [{"type": "end_game"}, {"type": "continue"}]
    assert turn_line(s, 0) == "Your turn: end the game now or play on."


def test_two_the_conquerors_spoils_are_named_as_he_takes_them():
    s = fresh("II")
    lay(s, 0, 0, 0, "bow", "chieftain", "furs")
    lay(s, 1, 0, 0, "bow_warrior", "warrior3", "tobacco")
    draw(s, 0, "stern")
    place(s, 0, 0, 3)
    ENGINE.apply(s, 0, {"type": "attack", "target": 1, "row": 0, "start": 0})
    assert ENGINE.current_step(s) == "take"
    assert turn_line(s, 1) == "Player 1's turn: take Tobacco as spoils and place it."


def test_two_a_card_without_a_space_is_a_face_down_discard_to_the_others():
    # "When a newly-drawn card can not be placed it is discarded face down": only its drawer sees it
    s = fresh("II")
    fill_two_display(s, 0)
    draw(s, 0, "tent")
    assert turn_line(s, 1) == "Player 1's turn: discard a drawn card that has no space, face down."
    assert turn_line(s, None) == "Player 1's turn: discard a drawn card that has no space, face down."
    assert "Tent" not in "\n".join(ENGINE.table_text(s, 1))


def test_two_tribes_are_named_and_their_colours_shown_on_the_card_and_the_boats():
    t = fresh(two_tribes=True)
    lay(t, 0, 0, 0, "bow_warrior:r", "warrior2:r")
    lay(t, 0, 1, 0, "bow", "totem", "stern")
    lay(t, 0, 2, 2, "bow")
    draw(t, 0, "warrior2:b")
    cid = t["pending"][0]["card"]
    lines = ENGINE.table_text(t, 1)
    assert lines[0] == f"Ogallala I, rows of {t['row_length']} spaces, two tribes"
    # the card to place: its combat value's number in its colour
    assert turn_line(t, 1) == f"Player 1's turn: place {info(cid).name} (2 blue)."
    river = section(lines, "Player 1's river:")
    assert row_items(river, 2) == ["1 Bow", "2 Totem pole", "3 Stern"]
    assert "    Boat: row 2, spaces 1-3, strength 0, totem pole" in river
    assert "    Incomplete: row 1, spaces 1-2, strength 3, red" in river  # 1 + 2, both red
    assert "    Incomplete: row 3, space 3, strength 0" in river  # a lone bow: one space


def test_a_row_goes_on_a_second_line_only_when_it_does_not_fit():
    s = fresh()
    lay(s, 0, 0, 0, "warrior1", "warrior1", "warrior3", "chieftain")
    lay(s, 0, 1, 0, "warrior2", "warrior1", "warrior3", "chieftain")
    mine = section(ENGINE.table_text(s, 0), "Your river:")
    one = [line for line in mine if line.startswith("  Row 1")]
    assert one == ["  Row 1: 1 Warrior (1) · 2 Warrior (1) · 3 Warriors (3) · 4 Chieftain (5)"]
    assert len(one[0]) - len("  Row 1: ") == TEXT_WIDTH - 24  # just fits
    two = [line for line in mine if line.startswith("  Row 2")]  # one letter more
    assert len(two) == 2 and two[1].startswith("  Row 2 (more): ")
    assert row_items(mine, 2) == ["1 Warriors (2)", "2 Warrior (1)", "3 Warriors (3)", "4 Chieftain (5)"]


# -- the menu's labels ---------------------------------------------------------------------------


def test_a_suite_move_is_labelled_with_the_card_that_moves_and_its_new_space():
    # I, Special Rule: placed cards of a suite "may move one space each" to complete it
    s = fresh()
    lay(s, 0, 0, 3, "bear_front", ".", "bear_rear")  # spaces 4 and 6
    draw(s, 0, "bear_hunter")
    assert "Place Bear hunter at row 1, space 3, moving Bear (rear) to space 5" in labels(s)
    assert "Place Bear hunter at row 1, space 7, moving Bear (front) to space 5" in labels(s)


def test_the_crazy_axe_is_labelled_with_the_boat_he_sinks():
    # "you must place it on an own, complete boat. This boat sinks immediately"
    s = fresh()
    lay(s, 0, 1, 2, "bow", "stern")
    draw(s, 0, "axe")
    assert labels(s) == ["Let the Crazy Axe sink your boat in row 2 (from space 3)"]


def test_the_raids_are_labelled_with_the_card_its_owner_and_its_space_and_can_be_declined():
    s = fresh("I")
    lay(s, 1, 1, 0, "bow", "warrior3")
    draw(s, 0, "lasso")
    place(s, 0, 2, 5)
    assert "Lasso Three warriors from Player 2's row 2, space 2" in labels(s)
    assert labels(s)[-1] == "Do not use the lasso"
    s = fresh("I")
    lay(s, 1, 1, 0, "bow", "warrior3")
    draw(s, 0, "archer")
    place(s, 0, 2, 5)
    assert labels(s) == ["Shoot Three warriors from Player 2's row 2, space 2", "Do not shoot"]
    s = fresh("II")  # II's hunter takes a hunting card, or stops
    lay(s, 1, 0, 0, "bear_front", "furs")
    draw(s, 0, "bear_hunter")
    place(s, 0, 0, 0)
    assert labels(s) == ["Take Bear (front) from Player 2's row 1, space 1", "Take nothing more"]


def test_two_an_unplaceable_lasso_thrower_may_be_discarded_unused():
    s = fresh("II")
    for r in range(3):
        lay(s, 0, r, 0, "lasso")  # II: never a second card of a kind in a row
    lay(s, 1, 0, 3, "warrior2")
    draw(s, 0, "lasso")
    assert labels(s) == [
        "Discard Warrior with lasso face down without using it (no free space)",
        "Lasso Two warriors from Player 2's row 1, space 4",
    ]


def test_one_an_attack_names_a_section_or_a_boat_with_its_spaces_and_strength():
    # "one complete boat from another player, or one section ... of an incomplete boat", of a
    # lesser strength than the completed boat's 5 (chieftain)
    s = fresh("I")
    lay(s, 0, 0, 0, "bow", "chieftain", "furs")
    lay(s, 1, 1, 0, "bow", "warrior1")
    lay(s, 1, 2, 2, "bow", "stern")
    draw(s, 0, "stern")
    place(s, 0, 0, 3)
    assert labels(s) == [
        "Attack Player 2's section in row 2, spaces 1-2 (strength 1)",
        "Attack Player 2's boat in row 3, spaces 3-4 (strength 0)",
        "Do not attack",
    ]


def test_two_a_shamans_boat_spends_part_of_its_strength_on_an_attack():
    # "the player may attack two different boats ... divide his combat strength between the
    # attacks": conquering strength 1 takes 2 of the boat's 10
    s = fresh("II")
    lay(s, 0, 0, 0, "bow", "shaman", "furs")
    lay(s, 1, 1, 0, "bow", "warrior1")
    draw(s, 0, "stern")
    place(s, 0, 0, 3)
    assert labels(s) == [
        "Attack Player 2's section in row 2, spaces 1-2 (strength 1), using 2 of your strength",
        "Do not attack",
    ]


def test_the_end_of_the_game_is_offered_in_words():
    s = fresh()
    _two_boats_and_a_bow(s)
    draw(s, 0, "stern")
    place(s, 0, 0, 2)
    assert labels(s) == ["End the game now", "Play on"]


def test_two_spoils_left_stay_with_their_owner_and_empty_cards_in_the_box():
    # "whatever they leave stays in your river"
    s = fresh("II")
    lay(s, 0, 0, 0, "bow", "chieftain", "furs")
    lay(s, 1, 0, 0, "bow_warrior", "warrior3", "tobacco")
    draw(s, 0, "stern")
    place(s, 0, 0, 3)
    ENGINE.apply(s, 0, {"type": "attack", "target": 1, "row": 0, "start": 0})
    assert labels(s)[-1] == "Leave Tobacco to Player 2"
    # the variant's empty cards come from the box, and one left goes back there
    s = fresh("II", spoils_canoes=True)
    lay(s, 0, 0, 0, "bow_warrior", "chieftain")
    lay(s, 1, 0, 0, "bow_warrior", "warrior2", "tent")
    draw(s, 0, "stern")
    place(s, 0, 0, 2)
    ENGINE.apply(s, 0, {"type": "attack", "target": 1, "row": 0, "start": 0})
    place(s, 0, 1, 0)  # the tent
    assert labels(s)[-1] == "Leave Empty bow in the box"
    # the box's spare cards: 4 bows and 4 sterns (one is the bow now on offer)
    lines = ENGINE.table_text(s, 1)
    assert "In the box for conquered warriors: 8 empty cards" in lines
    assert "Discard: 2 cards (face down)" in lines  # the two warrior cards conquered


# -- the table: the cards held, the discard, the rivers, the end ---------------------------------


def test_one_the_conquerors_spoils_still_to_place_are_listed_after_the_one_he_places():
    s = fresh("I")
    lay(s, 0, 0, 0, "bow", "chieftain", "furs")
    lay(s, 1, 1, 0, "bow", "warrior1", "furs", "tobacco")
    draw(s, 0, "stern")
    place(s, 0, 0, 3)
    ENGINE.apply(s, 0, {"type": "attack", "target": 1, "row": 1, "start": 0})
    # three spoils: the empty bow to place first, furs and tobacco after it
    theirs = ENGINE.table_text(s, 1)
    assert "Player 1's turn: place Empty bow." in theirs
    assert "Player 1 holds next: Furs, Tobacco" in theirs
    assert "You hold next: Furs, Tobacco" in ENGINE.table_text(s, 0)


def test_one_the_open_discard_is_counted_and_listed():
    # README ruling: "A drawn card that has no empty space to go to is discarded." (I: face up)
    s = fresh()
    lay(s, 0, 0, 0, *["chieftain"] * 8, *["bow_warrior"] * 6)
    lay(s, 0, 1, 0, *["warrior1"] * 7, *["warrior2"] * 7)
    lay(s, 0, 2, 0, *["warrior3"] * 7, *["furs"] * 7)
    draw(s, 0, "tent")
    assert labels(s) == ["Discard Tent (no free space)"]
    ENGINE.apply(s, 0, {"type": "discard"})
    lines = ENGINE.table_text(s, 1)
    at = lines.index("Discard: 1 card")
    assert lines[at + 1] == "  Tent"


def test_each_seat_reads_its_own_river_first_then_the_others_in_seat_order():
    s = fresh(seats=3)
    titles = [line for line in ENGINE.table_text(s, 1) if line.endswith("river:")]
    assert titles == ["Your river:", "Player 1's river:", "Player 3's river:"]
    titles = [line for line in ENGINE.table_text(s, None) if line.endswith("river:")]
    assert titles == ["Player 1's river:", "Player 2's river:", "Player 3's river:"]


def test_a_player_who_left_is_marked_on_their_river():
    s = fresh(seats=3)
    ENGINE.resign(s, 1)
    assert ENGINE.result(s) is None  # two players play on
    rivers = [line for line in ENGINE.table_text(s, 2) if "river:" in line]
    assert rivers == ["Your river:", "Player 1's river:", "Player 2's river: (left the game)"]


def test_one_players_level_on_points_are_named_together_as_winners():
    # "The player who scored most points at the end of the game wins": Players 1 and 3, 2 each
    s = fresh(seats=3)
    lay(s, 0, 0, 0, "bow", "stern")
    lay(s, 2, 1, 3, "bow", "stern")
    _last_card_drawn_and_placed(s, 0)
    lines = ENGINE.table_text(s, 2)
    at = lines.index("Game over: All three stacks are empty.")
    assert lines[at - 1] == ""
    assert lines[at + 1 :] == ["Winners: Player 1 and You", "Scores: Player 1 2, You 2, Player 2 0"]


def test_a_suite_move_of_two_cards_names_both():
    # "he may move the placed cards of the suite one space each": Bear (front) on space 1 and
    # Bear (rear) on space 4 close up to spaces 2 and 3, behind the hunter on space 1
    s = fresh()
    lay(s, 0, 0, 0, "bear_front", ".", ".", "bear_rear")
    draw(s, 0, "bear_hunter")
    assert "Place Bear hunter at row 1, space 1, moving Bear (front) to space 2, Bear (rear) to space 3" in labels(s)


def test_two_tribes_the_open_discard_shows_a_warriors_colour():
    s = fresh(two_tribes=True)
    lay(s, 0, 0, 0, *["chieftain"] * 8, *["bow_warrior"] * 6)
    lay(s, 0, 1, 0, *["warrior1"] * 7, *["warrior2"] * 7)
    lay(s, 0, 2, 0, *["warrior3"] * 7, *["furs"] * 7)
    draw(s, 0, "warrior2:r")
    ENGINE.apply(s, 0, {"type": "discard"})
    lines = ENGINE.table_text(s, 1)
    assert lines[lines.index("Discard: 1 card") + 1] == "  Two warriors (2 red)"
