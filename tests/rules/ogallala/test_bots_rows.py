"""How the Ogallala bot rates a row (`row_value`) and a placement, against what its module says:
complete boats first, then sections that start with a bow and have room to grow, booty guarded;
and what a card is worth to take (`_card_worth`) when a lasso picks one.

The rows are 14 spaces (the default); `row_value`'s docstring gives each weight checked here."""

import pytest

from games.rules.base import Rng
from games.rules.ogallala.bots import row_value
from games.rules.ogallala.cards import info
from games.rules.ogallala.engine import ENGINE

from .helpers import draw, fresh, lay, legal, place


def choices(s, seat=0, streams=6):
    """Returns the bot's actions for a seat over several random streams (ties would differ)."""
    return [ENGINE.bot_action(s, seat, Rng.stream(k)) for k in range(streams)]


def value(*specs, col=0, edition="I"):
    """Returns row_value of a row holding the cards laid from `col` ("." an empty space)."""
    s = fresh(edition)
    lay(s, 0, 0, col, *specs)
    return row_value(s["displays"][0][0], edition)


def drawn(s, seat, spec):
    """Draws a card of that kind for the seat; returns its id."""
    draw(s, seat, spec)
    return s["pending"][0]["card"]


# -- completing a boat ----------------------------------------------------------------------
def test_the_stern_completes_an_open_boat_rather_than_lie_alone():
    """ "A boat is completed when it has a bow and a stern": the stern that closes the bow,
    warrior and furs section (it then scores, is safe from lassos and arrows, and attacks) beats
    a lone stern with room to its left, which was rated as high before (2.0 each)."""
    s = fresh()
    lay(s, 0, 0, 0, "bow", "warrior1", "furs")
    drawn(s, 0, "stern")
    assert {(a["type"], a["row"], a["col"]) for a in choices(s)} == {("place", 0, 3)}


def test_a_bare_bow_is_completed_too():
    """The smallest boat, a bow and a stern: completing it (3 + 1.3 x 2 - 2.6 = 3.0) beats a
    lone stern (0.8 + 4 x 0.3 = 2.0)."""
    s = fresh()
    lay(s, 0, 1, 5, "bow")
    drawn(s, 0, "stern")
    assert {(a["row"], a["col"]) for a in choices(s)} == {(1, 6)}


def test_a_bow_completes_a_stern_section_rather_than_start_a_boat():
    """A bow laid left of a warrior and stern completes a boat (3 + 1.3 x 3 + 0.1 - 0.8 x 2 -
    0.3 x 4 = 4.2), better than a lone bow with room to grow (1 + 0.4 x 4 = 2.6)."""
    s = fresh()
    lay(s, 0, 2, 8, "warrior1", "stern")
    drawn(s, 0, "bow")
    assert {(a["row"], a["col"]) for a in choices(s)} == {(2, 7)}


def test_an_ogallala_i_boat_counts_three_its_tally_and_its_strength():
    """I: 3 for being complete, 1.3 per point of its tally (4 cards, the furs +1: 5), 0.1 per
    point of combat strength (the chieftain's 5); its furs guarded by 5: +0.5."""
    assert value("bow", "chieftain", "furs", "stern") == pytest.approx(3 + 1.3 * 5 + 0.5 + 0.5)


def test_an_ogallala_ii_boat_counts_four_its_cards_and_its_size_bonus():
    """II: 4, 1.5 per card and a twentieth of the size bonus (5 cards: 50); no booty."""
    assert value("bow", "warrior2", "canoe", "warrior1", "stern", edition="II") == pytest.approx(4 + 1.5 * 5 + 50 / 20)


def test_a_row_is_worth_what_its_boats_and_sections_are_worth_together():
    """The value is a sum over the row, 0 for an empty row: a boat beside a section adds up."""
    assert value(".") == 0
    boat = value("bow", "stern")
    section = value("warrior1", col=8)
    assert boat == pytest.approx(3 + 1.3 * 2)
    assert section == pytest.approx(0.6)
    assert value("bow", "stern", ".", ".", ".", ".", ".", ".", "warrior1") == pytest.approx(boat + section)
    assert value("warrior1", ".", "bow", "stern") == pytest.approx(0.3 + boat)
    assert value("warrior1", ".", "bow", "stern", edition="II") == pytest.approx(0.3 + 4 + 1.5 * 2)
    assert value("warrior1", col=8) + value("bow", "furs", "stern") == pytest.approx(
        value("bow", "furs", "stern", ".", ".", ".", ".", ".", "warrior1")
    )


# -- sections: how likely to become a boat, room to grow -------------------------------------
def test_a_bow_counts_its_room_to_the_right_up_to_four_spaces():
    """A section that starts with a bow: 1.0 per card, 0.4 per empty space to its right, four
    at most (the 13 spaces after col 0 count as 4, the 4 and the 2 spaces after cols 9 and 11 as
    themselves)."""
    assert value("bow") == pytest.approx(1 + 0.4 * 4)
    assert value("bow", col=8) == pytest.approx(1 + 0.4 * 4)
    assert value("bow", col=9) == pytest.approx(1 + 0.4 * 4)
    assert value("bow", col=10) == pytest.approx(1 + 0.4 * 3)
    assert value("bow", col=11) == pytest.approx(1 + 0.4 * 2)
    assert value("bow", "warrior1", col=0) == pytest.approx(2 + 0.4 * 4)


def test_a_stern_counts_its_room_to_the_left():
    """A section that ends with a stern: 0.8 per card, 0.3 per empty space to its left (4 at
    most)."""
    assert value("stern", col=13) == pytest.approx(0.8 + 0.3 * 4)
    assert value("stern", col=4) == pytest.approx(0.8 + 0.3 * 4)
    assert value("stern", col=3) == pytest.approx(0.8 + 0.3 * 3)
    assert value("stern", col=1) == pytest.approx(0.8 + 0.3 * 1)
    assert value("warrior1", "stern", col=6) == pytest.approx(1.6 + 0.3 * 4)


def test_a_section_with_neither_counts_its_room_on_both_sides_or_one():
    """Neither a bow first nor a stern last: 0.6 per card with room on both sides, 0.3 with room
    on one side only, no growth."""
    assert value("warrior1", col=6) == pytest.approx(0.6)
    assert value("warrior1", "warrior2", col=6) == pytest.approx(1.2)
    assert value("warrior1") == pytest.approx(0.3)
    assert value("warrior1", col=13) == pytest.approx(0.3)


def test_a_section_without_room_where_it_grows_is_worth_a_tenth():
    """A bow at the row's right end, a stern at its left end, a section filling a row between
    its ends: 0.1 per card."""
    assert value("bow", col=13) == pytest.approx(0.1)
    assert value("stern") == pytest.approx(0.1)
    assert value("bow", "warrior1", col=12) == pytest.approx(0.2)
    assert value(*["warrior2"] * 7, *["warrior3"] * 7) == pytest.approx(0.1 * 14)


def test_a_bow_or_stern_out_of_place_cuts_a_section_to_forty_percent():
    """A bow after a section's first card or a stern before its last: the section must be split
    to make a boat, its factor is 40%."""
    assert value("warrior1", "bow", col=6) == pytest.approx(0.4 * 0.6 * 2)
    assert value("warrior1", "warrior2", "bow", col=6) == pytest.approx(0.4 * 0.6 * 3)
    assert value("warrior1", "stern", "warrior2", col=6) == pytest.approx(0.4 * 0.6 * 3)
    assert value("stern", "warrior1", col=6) == pytest.approx(0.4 * 0.6 * 2)
    assert value("bow", "stern", "warrior1", col=6) == pytest.approx(3 + 1.3 * 2 + 0.3 * 1)


def test_the_bot_lays_a_bow_where_it_has_room_to_grow():
    """A bow at the left of an empty row (room 4 or more: 2.6) rather than next to a stern-less
    section's end with less room: every empty row's spaces 0 to 9 are as good."""
    s = fresh()
    lay(s, 0, 0, 0, "warrior1", "warrior1", "warrior1", "warrior1", "warrior1", "warrior1", "warrior1")
    lay(s, 0, 0, 7, "warrior2", "warrior2", "warrior2", "warrior2", "warrior2", "warrior2", ".")
    lay(s, 0, 1, 0, "warrior3", "warrior3", "warrior3", "warrior3", "warrior3", "warrior3", "warrior3")
    lay(s, 0, 1, 7, "warrior3", "warrior3", "warrior3", ".", ".", ".", ".")
    drawn(s, 0, "bow")
    picks = {(a["row"], a["col"]) for a in choices(s, streams=12)}
    assert picks <= {(2, c) for c in range(10)} and len(picks) > 1


def test_a_placement_beside_a_boat_is_rated_by_what_it_adds():
    """I: a placement is worth the change of its row's value, each read with I's tally: the
    furs beside a bow with a warrior (+2.1: guarded) beat those beside a lone bow (+2.0) though
    their row holds a complete boat, which the placement leaves as it is."""
    s = fresh()
    lay(s, 0, 0, 0, "bow", "stern", ".", ".", ".", "bow", "warrior1")
    lay(s, 0, 1, 0, "bow")
    drawn(s, 0, "furs")
    assert {(a["row"], a["col"]) for a in choices(s)} == {(0, 7)}


def test_a_placement_beside_a_boat_is_not_preferred_for_the_boat():
    """The other way round: the guarded bow's row has no boat, and the furs go there (+2.1)
    rather than beside the lone bow that shares its row with a complete boat (+2.0)."""
    s = fresh()
    lay(s, 0, 0, 0, "bow", "stern", ".", ".", ".", "bow")
    lay(s, 0, 1, 0, "bow", "warrior1")
    drawn(s, 0, "furs")
    assert {(a["row"], a["col"]) for a in choices(s)} == {(1, 2)}


# -- booty and its guards ---------------------------------------------------------------------
def test_booty_counts_its_points_with_the_cards():
    """Booty adds its I points to the section's cards: a bow and two kinds of booty (1 each)."""
    assert value("bow", "furs", "tobacco") == pytest.approx(1.0 * (3 + 2) + 0.4 * 4)
    assert value("bow", "furs", "furs") == pytest.approx(1.0 * (3 + 4) + 0.4 * 4)


def test_booty_is_worth_more_guarded_by_warriors_up_to_ten():
    """0.1 more per booty point for each point of strength around it, counted up to 10."""
    assert value("bow", "chieftain", "furs", "tobacco") == pytest.approx(1.0 * (4 + 2) + 1.6 + 0.1 * 5 * 2)
    assert value("bow", "shaman", "chieftain", "furs", "tobacco") == pytest.approx(1.0 * (5 + 2) + 1.6 + 0.1 * 10 * 2)


def test_booty_is_worth_one_more_a_point_beside_a_totem_pole():
    """A totem pole guards the booty of its section: 1 more per booty point."""
    assert value("bow", "totem", "furs", "tobacco") == pytest.approx(1.0 * (4 + 2) + 1.6 + 1.0 * 2)
    assert value("bow", "totem", "furs") == pytest.approx(1.0 * (3 + 1) + 1.6 + 1.0)


def test_the_bot_lays_furs_beside_its_totem_pole():
    """Of two sections started with a bow, the furs go into the one with the totem pole."""
    s = fresh()
    lay(s, 0, 0, 0, "bow", "warrior1")
    lay(s, 0, 1, 0, "bow", "totem")
    drawn(s, 0, "furs")
    assert {(a["row"], a["col"]) for a in choices(s)} == {(1, 2)}


# -- suite moves (Ogallala I) -----------------------------------------------------------------
def test_the_bot_shifts_a_suite_half_to_lay_the_pair_behind_its_bow():
    """A suite's placed card may move one space to complete the suite: the gun's front moves
    next to the bow, the rear takes its space (bow, front, rear: a section worth its pair)."""
    s = fresh()
    lay(s, 0, 0, 3, "bow", ".", "gun_front")
    drawn(s, 0, "gun_rear")
    assert legal(s, 0, "place")[-2:] == [
        {"type": "place", "row": 0, "col": 5, "moves": [[0, 5, 4]]},
        {"type": "place", "row": 0, "col": 7, "moves": [[0, 5, 6]]},
    ]
    assert {str(a) for a in choices(s)} == {str({"type": "place", "row": 0, "col": 5, "moves": [[0, 5, 4]]})}


def test_the_bot_shifts_a_suite_half_away_from_a_stern_before_it():
    """The gun's front beside a stern on its left (a section to split): it moves right, leaving
    its space empty, and the rear lies beside it, a pair of its own (+5.78), rather than beside
    a bow and chieftain (+2.5; were the front's space not emptied, the move would add 2.16)."""
    s = fresh()
    lay(s, 0, 0, 3, "stern", "gun_front")
    lay(s, 0, 1, 0, "bow", "chieftain")
    drawn(s, 0, "gun_rear")
    assert {str(a) for a in choices(s)} == {str({"type": "place", "row": 0, "col": 6, "moves": [[0, 4, 5]]})}


# -- what a lasso takes --------------------------------------------------------------------
def lassoed(edition, *specs):
    """Lays each card alone on seat 1's rows (one per row, from col 4), gives seat 0 a lasso
    thrower, and returns the kinds the bot's lasso takes over several streams."""
    s = fresh(edition)
    for r, spec in enumerate(specs):
        lay(s, 1, r, 4, spec)
    drawn(s, 0, "lasso")
    place(s, 0, 2, 13)
    assert len(legal(s, 0, "lasso")) == len(specs)
    return {info(s["displays"][1][a["row"]][a["col"]]).kind for a in choices(s)}


@pytest.mark.parametrize(
    "better, worse",
    [
        ("totem", "gun_front"),  # 5 over a suite's card's 4
        ("gun_front", "furs"),  # 4 over plain booty's 3
        ("shaman", "totem"),  # 1 + 10 / 2 = 6 over 5
        ("totem", "chieftain"),  # 5 over 1 + 5 / 2
        ("chieftain", "furs"),  # 3.5 over 3
        ("furs", "warrior3"),  # 3 over 2.5
        ("bow_warrior", "warrior3"),  # 2 + 1 over 2.5
        ("warrior3", "bow"),  # 2.5 over 2
        ("bow", "warrior1"),  # 2 over 1.5
        ("stern", "warrior1"),  # 2 over 1.5
    ],
)
def test_the_lasso_takes_the_card_worth_more(better, worse):
    """A card's worth to take: a totem pole 5, booty 3 (a suite's card 4), a bow or stern 2 and
    its warriors' combat, any other card 1 and half its combat."""
    assert lassoed("I", better, worse) == {better}
    assert lassoed("I", worse, better) == {better}


def test_the_lasso_takes_a_warrior_before_an_empty_canoe_section():
    """Ogallala II: an empty canoe section is worth 1, a one-warrior card 1.5."""
    assert lassoed("II", "canoe", "warrior1") == {"warrior1"}
