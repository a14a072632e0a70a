"""Where on the table each move is played (Engine.place, places.py): a stack to draw from, a space of the
player's own river to place on (a suite's moves there too) or of the boat an axe sinks, the card or boat
a raid aims at on another river, or the action bar; and where a raid that hit a seat landed
(Engine.hit_places)."""

from games.rules.ogallala.engine import ENGINE
from games.rules.ogallala.places import PLACE_KINDS

from .helpers import draw, fresh, lay, legal


def _places(s, seat=0):
    return [(a, ENGINE.place(s, seat, a)) for a in legal(s, seat)]


def test_a_draw_is_a_tap_on_its_stack_and_a_card_goes_on_a_space_of_your_river():
    s = fresh()
    assert [p for _a, p in _places(s)] == ["stack:0", "stack:1", "stack:2"]
    lay(s, 0, 0, 4, "wood_front", "furs")
    draw(s, 0, "wood_rear")
    places = dict((repr(a), p) for a, p in _places(s))
    assert places[repr({"type": "place", "row": 2, "col": 13})] == "river:0:2:13"
    # the suite move is played on the space the new card takes, beside the plain placement there
    assert places[repr({"type": "place", "row": 0, "col": 4, "moves": [[0, 4, 3]]})] == "river:0:0:4"
    assert ENGINE.place_kinds() == PLACE_KINDS and set(PLACE_KINDS) == {"river", "stack"}


def test_crazy_axe_is_played_on_the_first_space_of_the_boat_it_sinks():
    s = fresh()
    lay(s, 0, 0, 0, "bow", "furs", "stern")
    lay(s, 0, 1, 2, "bow", "warrior1", "stern")
    draw(s, 0, "axe")
    assert [p for _a, p in _places(s)] == ["river:0:0:0", "river:0:1:2"]


def test_a_raid_aims_at_a_card_or_a_boat_of_another_river_and_passing_is_the_bar():
    s = fresh(seats=3)
    lay(s, 2, 1, 3, "bow", "furs")
    draw(s, 0, "lasso")
    ENGINE.apply(s, 0, {"type": "place", "row": 0, "col": 5})
    assert _places(s) == [
        ({"type": "lasso", "target": 2, "row": 1, "col": 3}, "river:2:1:3"),
        ({"type": "lasso", "target": 2, "row": 1, "col": 4}, "river:2:1:4"),
        ({"type": "pass"}, "bar"),
    ]
    s = fresh()
    lay(s, 0, 0, 0, "bow", "warrior3")
    lay(s, 1, 2, 6, "warrior2", "furs")
    draw(s, 0, "stern")
    ENGINE.apply(s, 0, {"type": "place", "row": 0, "col": 2})
    assert _places(s) == [
        ({"type": "attack", "target": 1, "row": 2, "start": 6}, "river:1:2:6"),
        ({"type": "no_attack"}, "bar"),
    ]
    s = fresh("II")
    lay(s, 1, 1, 0, "bow", "bear_rear", "warrior2", "stern")
    draw(s, 0, "bear_hunter")
    ENGINE.apply(s, 0, {"type": "place", "row": 0, "col": 0})
    assert ENGINE.place(s, 0, {"type": "hunt", "target": 1, "row": 1, "col": 1}) == "river:1:1:1"
    assert ENGINE.place(s, 0, {"type": "shoot", "target": 1, "row": 1, "col": 2}) == "river:1:1:2"


def test_an_arrow_or_a_hunt_marks_the_space_it_emptied_on_its_victims_river_only():
    s = fresh("II", seats=3)
    lay(s, 1, 2, 3, "warrior2")
    draw(s, 0, "archer")
    ENGINE.apply(s, 0, {"type": "place", "row": 0, "col": 0})
    shot = {"type": "shoot", "target": 1, "row": 2, "col": 3}
    [arrow] = [e for e in ENGINE.apply(s, 0, shot) if e["type"] == "arrow"]
    assert [ENGINE.hit_places(s, seat, arrow, shot) for seat in (0, 1, 2)] == [[], ["river:1:2:3"], []]
    assert ENGINE.hit_places(s, 1, arrow, {**shot, "target": 2}) == []  # the action aimed elsewhere
    s = fresh("II", seats=3)
    lay(s, 2, 0, 0, "bear_front")
    draw(s, 0, "bear_hunter")
    ENGINE.apply(s, 0, {"type": "place", "row": 1, "col": 0})
    hunt = {"type": "hunt", "target": 2, "row": 0, "col": 0}
    [hunted] = [e for e in ENGINE.apply(s, 0, hunt) if e["type"] == "hunt"]
    assert [ENGINE.hit_places(s, seat, hunted, hunt) for seat in (0, 1, 2)] == [[], [], ["river:2:0:0"]]


def test_a_conquest_marks_the_spaces_of_the_section_it_took_from_its_first_to_its_last():
    s = fresh()
    lay(s, 0, 0, 0, "bow", "warrior3")
    lay(s, 1, 2, 6, "warrior2", "furs")
    draw(s, 0, "stern")
    ENGINE.apply(s, 0, {"type": "place", "row": 0, "col": 2})
    attack = {"type": "attack", "target": 1, "row": 2, "start": 6}
    [conquest] = [e for e in ENGINE.apply(s, 0, attack) if e["type"] == "attack"]
    assert ENGINE.hit_places(s, 1, conquest, attack) == ["river:1:2:6", "river:1:2:7"]
    assert ENGINE.hit_places(s, 0, conquest, attack) == []  # on its owner's river only
