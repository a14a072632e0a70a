"""What an engine that declares nothing for the standings gets from the contract (games/rules/base.py,
"what a finished game tells the standings"): one edition, no figures, the default length bars, and
places from its result's winners and ranking alone, those who left last."""

from games.rules.base import TENTHS, Engine, add_figure, tenth


class Bare(Engine):
    """An engine with only a name: every standings answer is the contract's default."""

    name = "bare"
    title = "Bare"


class Level(Bare):
    """The same, with a measure: seats equal in points share a place."""

    def finishing_measure(self, state, result, seat):
        return ("points", result["points"][seat])


def test_an_engine_that_declares_nothing_has_one_edition_and_no_figures():
    bare = Bare()
    assert bare.edition_option is None
    assert bare.figures == ()
    assert bare.figures_read_events is False
    assert bare.length_bin == 10
    moves = [[{"type": "calamity", "seat": 0, "public": {"text": "x", "calamity": "x"}, "private": {}}]]
    assert bare.count_figures({"players": []}, moves) == {}


def test_its_places_are_its_results_order_winners_first_and_those_who_left_last():
    bare = Bare()
    assert bare.finishing_measure({}, {}, 2) == ("seat", 2)
    # A winner shares first place only with another winner; the rest are strictly ranked.
    result = {"winners": [2], "ranking": [2, 0, 1, 3], "reason": "won"}
    assert bare.finishing_places({}, result, set()) == {2: 1, 0: 2, 1: 3, 3: 4}
    assert bare.finishing_places(None, result, {0}) == {2: 1, 1: 2, 3: 3, 0: 4}
    # Shared wins share first place; winners the ranking leaves out are put after it.
    assert bare.finishing_places({}, {"winners": [1, 0], "ranking": [1]}, set()) == {1: 1, 0: 1}
    assert bare.finishing_places({}, {"winners": [], "ranking": [1, 0]}, set()) == {1: 1, 0: 2}
    assert bare.finishing_places({}, {"winners": [], "ranking": []}, set()) == {}


def test_a_measure_lets_level_seats_share_a_place_but_never_with_one_who_left():
    result = {"winners": [0], "ranking": [0, 1, 2, 3], "points": [9, 5, 5, 5]}
    assert Level().finishing_places({}, result, set()) == {0: 1, 1: 2, 2: 2, 3: 2}
    assert Level().finishing_places({}, result, {3}) == {0: 1, 1: 2, 2: 2, 3: 4}
    assert Level().finishing_places({}, result, {2, 3}) == {0: 1, 1: 2, 2: 3, 3: 3}
    assert Bare().finishing_places({}, result, {2, 3}) == {0: 1, 1: 2, 2: 3, 3: 4}


def test_figures_add_up_by_label_and_moves_fall_in_tenths_of_the_game():
    out: dict = {}
    add_figure(out, "boats", 3)
    add_figure(out, "boats", "3", 2)
    add_figure(out, "boats", 4)
    assert out == {"boats": {"3": 3, "4": 1}}
    assert [tenth(i, 20) for i in (0, 1, 2, 19)] == ["1", "1", "2", "10"]
    assert tenth(0, 0) == "1" and tenth(5, 3) == "10"  # never outside TENTHS
    assert TENTHS == [str(i) for i in range(1, 11)]
