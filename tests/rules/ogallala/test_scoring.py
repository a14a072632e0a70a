"""The tallies of Ogallala I and II, with the rules text's own examples."""

from games.rules.ogallala.display import boat_score_one, booty_bonuses_one, size_bonus_two
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
