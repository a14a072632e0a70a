"""What a finished Ogallala tells the standings (games/rules/base.py's contract): each seat's points
as its finishing measure, and the complete boats on the final table by size with their points."""

from games.rules.ogallala.engine import ENGINE

from .helpers import fresh, lay


def test_the_finishing_measure_is_the_seats_points():
    """ "The player who scored most points at the end of the game wins": seats level on points
    share a place, so the measure is the points alone."""
    result = {"scores": [12, 30, 12]}
    assert [ENGINE.finishing_measure({}, result, s) for s in range(3)] == [
        ("score", 12),
        ("score", 30),
        ("score", 12),
    ]
    assert ENGINE.finishing_measure({}, result, 3) == ("score", None)
    assert ENGINE.finishing_measure({}, {}, 0) == ("score", None)


def test_one_figures_count_complete_boats_by_size_with_their_tally():
    """I's tally: "only completed boats count", 1 point a card (2 from 9 cards), booty more;
    an incomplete boat is neither counted nor scored."""
    s = fresh()
    lay(s, 0, 0, 0, "bow", "furs", "furs", "stern")  # 4 + 2 x 2
    lay(s, 0, 1, 0, "bow", "stern")  # 2
    lay(s, 1, 2, 3, "bow", "warrior1", "stern", ".", "bow", "stern")  # 3, 2
    lay(s, 1, 0, 0, "bow", "furs")  # incomplete
    assert ENGINE.count_figures(s, []) == {"boats": {"4": 1, "2": 2, "3": 1}, "boat_points": {"4": 8, "2": 4, "3": 3}}


def test_two_figures_score_each_boats_own_cards_and_size_bonus():
    """II's scoring: each card 10, each booty card 20 (more), the totem pole 50, a complete boat
    of 5 to 7 cards 50 more; the suites and the first-three bonus are the display's, not a boat's."""
    s = fresh("II")
    lay(s, 0, 0, 0, "bow", "totem", "furs", "warrior1", "stern")  # 50 + 20 + 50 + 50
    lay(s, 1, 1, 0, "bow", "stern")  # 20
    assert ENGINE.count_figures(s, []) == {"boats": {"5": 1, "2": 1}, "boat_points": {"5": 170, "2": 20}}


def test_a_table_without_displays_has_no_figures():
    """A state with no displays (none dealt) counts nothing."""
    assert ENGINE.count_figures({"edition": "I"}, []) == {}
