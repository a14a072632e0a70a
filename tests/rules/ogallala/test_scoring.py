"""The tallies of Ogallala I and II, with the rules text's own examples."""

from games.rules.ogallala.display import boat_score_one, booty_bonuses_one, row_groups, size_bonus_two, suites_two
from games.rules.ogallala.engine import ENGINE

from .helpers import fresh, lay

BOAT_13 = [
    "bow",
    "tobacco",
    "tobacco",
    "wood_front",
    "wood_rear",
    "lumberjack",
    "warrior1",
    "warrior2",
    "warrior3",
    "chieftain",
    "warrior1",
    "warrior2",
    "stern",
]


def _bonus(state, *specs):
    ids = lay(state, 1, 0, 0, *specs)
    return sum(booty_bonuses_one(ids))


def test_tally_example_three_card_boat_with_one_booty_scores_4():
    s = fresh()
    assert boat_score_one(lay(s, 0, 0, 0, "bow", "furs", "stern")) == 4


def test_tally_example_five_card_boat_with_two_furs_scores_9():
    s = fresh()
    assert boat_score_one(lay(s, 0, 0, 0, "bow", "furs", "warrior1", "furs", "stern")) == 9


def test_tally_example_thirteen_card_boat_with_tobacco_and_wood_suite_scores_42():
    s = fresh()
    assert boat_score_one(lay(s, 0, 0, 0, *BOAT_13)) == 42


def test_tally_example_the_three_boats_of_one_player_total_55():
    s = fresh()
    lay(s, 0, 0, 0, "bow", "furs", "stern")
    lay(s, 0, 1, 0, "bow", "furs", "warrior1", "furs", "stern")
    lay(s, 0, 2, 0, *BOAT_13)
    assert ENGINE.scores(s)[0] == 55
    assert ENGINE.view(s, None)["players"][0]["score"] == 55


def test_more_examples_buffalo_rear_and_hunter_adjacent_add_2():
    assert _bonus(fresh(), "buffalo_rear", "buffalo_hunter") == 2


def test_more_examples_buffalo_front_and_rear_adjacent_add_6():
    assert _bonus(fresh(), "buffalo_front", "buffalo_rear") == 6


def test_more_examples_tobacco_twice_adds_4():
    assert _bonus(fresh(), "tobacco", "warrior1", "tobacco") == 4


def test_more_examples_furs_three_times_add_6():
    assert _bonus(fresh(), "furs", "furs", "furs") == 6


def test_more_examples_furs_four_times_add_8():
    assert _bonus(fresh(), "furs", "furs", "warrior1", "furs", "furs") == 8


def test_full_suite_scores_4_each_with_the_person_before_or_after_the_pair():
    assert _bonus(fresh(), "horse_front", "horse_rear", "cowboy") == 12
    assert _bonus(fresh(), "cowboy", "horse_front", "horse_rear") == 12


def test_suite_in_the_wrong_order_or_apart_scores_only_as_repeated_booty():
    # rear before front: the booty is present twice (+2 each), no suite
    assert _bonus(fresh(), "gold_rear", "gold_front") == 4
    # person not adjacent to the pair: pair +3 each, person single +1
    assert _bonus(fresh(), "gold_front", "gold_rear", "warrior1", "gold_digger") == 7


def test_boat_size_follows_the_rules_text_not_the_info_card():
    s = fresh()
    eight = lay(s, 0, 0, 0, "bow", *["warrior1"] * 6, "stern")
    nine = lay(s, 0, 1, 0, "bow", *["warrior2"] * 7, "stern")
    assert boat_score_one(eight) == 8
    assert boat_score_one(nine) == 18


def test_ogallala_one_counts_complete_boats_only():
    s = fresh()
    lay(s, 0, 0, 0, "bow", "furs", "furs", "chieftain")  # no stern: incomplete
    lay(s, 0, 1, 2, "furs", "stern")
    assert ENGINE.scores(s)[0] == 0


def test_ogallala_two_tally_counts_every_card_booty_suites_and_totem():
    s = fresh("II")
    lay(s, 0, 0, 0, "bow", "furs", "stern")  # 3 cards, 1 booty, complete (3: no bonus)
    lay(s, 0, 1, 0, "totem")  # 10 + 50
    lay(s, 0, 2, 3, "wood_front", "wood_rear", "lumberjack")  # 3 booty, a 3-card suite
    lay(s, 0, 1, 5, "gold_front", "gold_rear")  # 2 booty, a 2-card suite
    cards, booty = 3 + 1 + 3 + 2, 1 + 3 + 2
    assert ENGINE.scores(s)[0] == 10 * cards + 20 * booty + 50 + 150 + 50
    s["first_three"] = 0
    assert ENGINE.scores(s)[0] == 10 * cards + 20 * booty + 50 + 150 + 50 + 300


def test_ogallala_two_boat_size_bonuses():
    assert [size_bonus_two(n) for n in (2, 4, 5, 7, 8, 10, 11, 13, 14, 16)] == [
        0,
        0,
        50,
        50,
        100,
        100,
        150,
        150,
        200,
        200,
    ]
    s = fresh("II")
    lay(s, 0, 0, 0, "bow", "warrior1", "warrior2", "warrior3", "stern")
    assert ENGINE.scores(s)[0] == 5 * 10 + 50


def test_a_suite_half_beside_other_booty_scores_only_as_booty():
    """Only the pair "placed together" scores 3 a card: a front beside other booty, or beside the rear
    of another suite, is single booty (+1 each)."""
    assert _bonus(fresh(), "bear_front", "furs") == 2
    assert _bonus(fresh(), "gun_front", "bear_rear") == 2


def test_a_pair_after_a_full_suite_in_the_same_boat_still_scores_3_a_card():
    """A boat holding the gun suite with its soldier (12) and then the bear pair (6): each suite
    scores on its own, whatever its neighbour scored."""
    s = fresh()
    boat = lay(s, 0, 0, 0, "bow", "gun_front", "gun_rear", "soldier", "bear_front", "bear_rear", "stern")
    assert booty_bonuses_one(boat) == [0, 4, 4, 4, 3, 3, 0]
    assert boat_score_one(boat) == 7 + 12 + 6


def test_ogallala_two_counts_every_suite_of_the_display_wherever_it_lies():
    """II: "Each 2-card-suite of booty: 50 pts", "each 3-card-suite: 150", each of them: a suite at the
    river's first or last spaces, the person before the pair, two suites of each size."""
    s = fresh("II")
    lay(s, 0, 0, 0, "bear_hunter", "bear_front", "bear_rear")  # the person on the first space
    lay(s, 0, 0, 5, "gold_front", "gold_rear", "gold_digger")
    lay(s, 0, 1, 12, "wood_front", "wood_rear")  # the river's last two spaces
    lay(s, 0, 2, 0, "horse_front", "horse_rear")
    assert suites_two(s["displays"][0]) == (2, 2)
    assert ENGINE.scores(s)[0] == 10 * 10 + 20 * 10 + 2 * 50 + 2 * 150


def _groups(*specs):
    s = fresh()
    lay(s, 0, 0, 0, *specs)
    return [(g.start, g.end, g.boat) for g in row_groups(s["displays"][0][0])]


def test_a_row_reads_as_its_complete_boats_and_the_sections_between_them():
    """A boat "is completed when it has a bow and a stern, with no empty river spaces" between; what
    else lies in a run of adjacent cards forms sections (a ruling: "a maximal run of adjacent cards in
    one row that is not a complete boat"), before, between and after the boats."""
    assert _groups("warrior1", "bow", "furs", "stern", "tent") == [(0, 0, False), (1, 3, True), (4, 4, False)]
    assert _groups("furs", "tent", "bow", "stern") == [(0, 1, False), (2, 3, True)]
    assert _groups("bow", "stern", "bow", "furs", "stern") == [(0, 1, True), (2, 4, True)]
    # a bow with no stern before the next bow starts no boat; the next one may
    assert _groups("bow", "furs", "bow", "tent", "stern") == [(0, 1, False), (2, 4, True)]
    # only complete boats score in Ogallala I: the cards against a boat's ends are not part of it
    s = fresh()
    lay(s, 0, 0, 0, "warrior1", "bow", "furs", "stern", "tent")
    assert ENGINE.scores(s)[0] == 3 + 1
