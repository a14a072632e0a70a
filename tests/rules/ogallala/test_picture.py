"""Ogallala's table pictures (games.rules.ogallala.picture), the game page's and the email's, read
back from the SVG: each card on its own space of its player's river, with its shape, number, colour
and name; each player's tag, name and facts; whose turn it is; the stacks' sizes and nothing of a
hidden card. Drawn for a browser (text as <text>), so that labels can be read with their positions.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from games.rules.drawing.common import EMAIL_TEXT as T
from games.rules.drawing.common import EMAIL_W, seat_colour
from games.rules.drawing.svg import ALARM, INK
from games.rules.ogallala import picture as pic
from games.rules.ogallala.engine import ENGINE

from ..drawn import SVG, Drawn, Label
from .helpers import draw, fill_two_display, fresh, lay

NAMES = {0: "Ann", 1: "Bob"}


def _page(view, me=0, names=NAMES):
    return Drawn(pic.picture(view, names=names, me=me, browser=True))


def _email(view, me=0, names=NAMES):
    return Drawn(pic.email_picture(view, names=names, me=me, browser=True))


def _one_row(state, seat=0, rows=1):
    """Returns the seat's view with every display cut to its first rows (a shorter picture)."""
    view = ENGINE.view(state, seat)
    for p in view["players"]:
        p["display"] = p["display"][:rows]
    return view


# -- the page's picture: W 560, a row of 14 spaces 38 wide from x 14; the first river's top at 44 --
LEFT, CW, CELL = 14, 38, pic.CELL_H
FIRST_TOP = 28 + pic.HEAD


ONE_ROW_END = FIRST_TOP + CELL  # the first river's end when each display is cut to one row


def _space(row: int, col: int, top: int = FIRST_TOP) -> tuple:
    """Returns a space's inner box (x, y, w, h) on the page's picture: its cell less 1 all round."""
    return (LEFT + col * CW + 1, top + row * CELL + 1, CW - 2, CELL - 2)


def test_each_card_lies_on_its_own_space_and_every_empty_space_shows():
    """A river is three rows of 14 spaces; each card sits on its space, a face with a rim, and every
    space without a card is drawn empty."""
    s = fresh("II")
    lay(s, 0, 0, 2, "bow", "canoe", "stern")
    lay(s, 0, 2, 13, "warrior2")
    drawn = _page(ENGINE.view(s, 0))
    cards = [(0, 2), (0, 3), (0, 4), (2, 13)]
    second = FIRST_TOP + 16 + 3 * CELL + 2 + 6  # the other river: after 3 rows of 21, 2 and a gap of 6
    assert sorted(drawn.rects(pic.EDGE)) == sorted(_space(r, c) for r, c in cards)
    assert sorted(drawn.rects(pic.FACE, above=second + 3 * CELL)) == sorted(
        (x + 1, y + 1, w - 2, h - 2) for x, y, w, h in (_space(r, c) for r, c in cards)
    )
    # every other space is empty, the other player's river's too
    empty = [_space(r, c) for r in range(3) for c in range(14) if (r, c) not in cards]
    empty += [_space(r, c, second) for r in range(3) for c in range(14)]
    assert sorted(drawn.rects(pic.SPACE)) == sorted(empty)
    rivers = [(LEFT, top + r * CELL, 14 * CW, CELL) for top in (FIRST_TOP, second) for r in range(3)]
    assert sorted(drawn.rects(pic.RIVER)) == sorted(rivers)
    # the river under its spaces, the spaces and faces under the hulls
    assert drawn.order(pic.RIVER) < drawn.order(pic.SPACE) < drawn.order(pic.HULL)
    assert drawn.order(pic.FACE) < drawn.order(pic.HULL)


def test_a_bow_a_stern_and_a_canoe_section_show_their_hulls():
    """A bow's prow rises on the left, a stern's on the right, a canoe section is a flat hull; each
    hull's bottom 2 px above its card's, 5 px thick."""
    s = fresh("II")
    lay(s, 0, 0, 0, "bow", "canoe", "stern")
    drawn = _page(_one_row(s))
    bx, by, w, h = _space(0, 0)
    hy = by + h - 7
    bow = ((bx + 2, by + 3), (bx + 8, hy), (bx + w - 2, hy), (bx + w - 2, hy + 5), (bx + 7, hy + 5))
    cx = _space(0, 1)[0]
    canoe = ((cx + 2, hy), (cx + w - 2, hy), (cx + w - 2, hy + 5), (cx + 2, hy + 5))
    sx = _space(0, 2)[0]
    stern = ((sx + w - 2, by + 3), (sx + w - 8, hy), (sx + 2, hy), (sx + 2, hy + 5), (sx + w - 7, hy + 5))
    hulls = drawn.polygons(pic.HULL)
    assert bow in hulls and stern in hulls and canoe in hulls
    assert len(hulls) == 3 + 2  # and the key's bow and stern


def test_warriors_show_their_combat_number_in_their_tribes_colour_and_special_ones_their_name():
    """A warrior shows its combat number in its colour (red or blue), the special ones their name
    under it; on a bow or stern the number stands aside of the prow."""
    s = fresh("I", two_tribes=True)
    lay(s, 0, 0, 0, "bow_warrior:b", "warrior2:r", "chieftain:b", "stern_warrior:r", "lasso:r", "archer:b", "axe:r")
    lay(s, 0, 0, 8, "shaman:b")
    drawn = _page(_one_row(s))
    numbers = [lab for lab in drawn.labels if lab.size == 10 and lab.bold and FIRST_TOP < lab.y < ONE_ROW_END]
    x, y, w, h = _space(0, 0)
    mid = x + w / 2
    assert sorted((n.x - LEFT, n.y, n.text, n.fill, n.anchor) for n in numbers) == sorted(
        [
            (mid + 3 - LEFT, y + 10, "1", pic.BLUE, "middle"),  # on a bow: right of its prow, at the top
            (mid + CW - LEFT, y + h / 2 + 4, "2", pic.RED, "middle"),  # a plain warrior: in the middle
            (mid + 2 * CW - LEFT, y + 10, "5", pic.BLUE, "middle"),  # a special one: at the top
            (mid + 3 * CW - 3 - LEFT, y + 10, "1", pic.RED, "middle"),  # on a stern: left of its prow
            (mid + 4 * CW - LEFT, y + 10, "1", pic.RED, "middle"),
            (mid + 5 * CW - LEFT, y + 10, "1", pic.BLUE, "middle"),
            (mid + 6 * CW - LEFT, y + 10, "0", pic.RED, "middle"),  # the axe: 0, still shown
            (mid + 8 * CW - LEFT, y + 10, "10", pic.BLUE, "middle"),
        ]
    )
    specials = {lab.text: lab for lab in drawn.labels if lab.fill == pic.MUTED and lab.size == 7}
    assert set(specials) == {"chief", "lasso", "archer", "axe", "shaman"}
    for col, word in ((2, "chief"), (4, "lasso"), (5, "archer"), (6, "axe"), (8, "shaman")):
        assert (specials[word].x, specials[word].y, specials[word].anchor) == (mid + col * CW, y + h - 4, "middle")


def test_a_warrior_without_a_tribe_is_inked():
    """Outside the two-tribes game a warrior's colour means nothing: its number is in ink."""
    s = fresh("I")
    lay(s, 0, 0, 0, "warrior3")
    view = _one_row(s)
    view["players"][0]["display"][0][0]["colour"] = None
    [number] = [lab for lab in _page(view).labels if lab.text == "3"]
    assert number.fill == INK and number.bold


def test_a_totem_pole_is_three_blocks_up_the_middle_of_its_card_inside_it():
    """A totem pole shows a little pole: three blocks stacked up the middle of its card, 5 px high
    where there is room, and inside the card on every river (the page's, the email's large one and
    its thin strips: a pole never spills onto the row below)."""
    s = fresh("I")
    lay(s, 0, 0, 5, "totem")
    lay(s, 1, 0, 5, "totem")
    x, y, w, h = _space(0, 5)
    mid = x + w / 2
    thin_top = E_TOP + 3 * 40 + 8 + 22 + 26 + 10 + 28  # the other player's strip in the email
    cases = [
        (_page(_one_row(s)).rects(pic.TOTEM), (x, y, w, h), None),
        (_email(ENGINE.view(s, 0)).rects(pic.TOTEM), (E_LEFT + 5 * E_CW + 1, E_TOP + 1, 39, 38), 5),
        (_email(ENGINE.view(s, 1), me=1).rects(pic.TOTEM), (E_LEFT + 5 * E_CW + 1, thin_top + 1, 39, 9), None),
    ]
    for drawn, (cx, cy, cw, ch), height in cases:
        blocks = sorted((b for b in drawn if cy <= b[1] < cy + ch), key=lambda b: b[1])
        assert len(blocks) == 3
        assert all(abs(b[0] + b[2] / 2 - (cx + cw / 2)) <= 0.5 for b in blocks)  # centred (on whole pixels)
        assert [b[2] for b in blocks] == [8, 6, 8]
        assert blocks[0][1] == cy + 3 and blocks[2][1] + blocks[2][3] <= cy + ch - 1  # inside, off the rim
        assert all(a[1] + a[3] <= b[1] for a, b in zip(blocks, blocks[1:]))  # stacked, apart
        assert all(b[3] >= 1 for b in blocks) and (height is None or {b[3] for b in blocks} == {height})
    assert min(_page(_one_row(s)).rects(pic.TOTEM))[:3] == (mid - 4, y + 3, 8)


def test_booty_is_a_yellow_card_with_its_short_name_and_a_suites_halves_point_to_each_other():
    """Booty is a yellow card with a short name; a suite's front half points right, its rear half
    left (a marker on that edge, the name moved off it)."""
    s = fresh("I")
    lay(s, 0, 0, 0, "gunpowder", "gun_front", "gun_rear", "bear_hunter")
    drawn = _page(_one_row(s))
    boxes = [_space(0, c) for c in range(4)]
    assert sorted(drawn.rects(pic.BOOTY_EDGE, above=ONE_ROW_END)) == sorted(boxes)
    assert sorted(drawn.rects(pic.BOOTY, above=ONE_ROW_END)) == sorted(
        (x + 1, y + 1, w - 2, h - 2) for x, y, w, h in boxes
    )
    assert pic.EDGE not in [colour for colour, _ in drawn.shapes]  # no plain card here
    x, y, w, h = boxes[0]
    base = y + h / 2 + 7.5 * 0.4
    names = {lab.text: (lab.x, lab.y, lab.fill, lab.anchor) for lab in drawn.labels if lab.size == 7.5}
    assert names == {
        "Powder": (x + w / 2, base, INK, "middle"),
        "Gun": names["Gun"],  # two halves, below
        "Hunter": (x + w / 2 + 3 * CW, base, INK, "middle"),  # a person by its suite's short name
    }
    guns = [(lab.x, lab.y) for lab in drawn.labels if lab.text == "Gun"]
    assert sorted(guns) == [(x + w / 2 + CW - 2.5, base), (x + w / 2 + 2 * CW + 2.5, base)]  # off the marker
    fx, rx = boxes[1][0], boxes[2][0]
    markers = [p for p in drawn.polygons(pic.BOOTY_EDGE) if len(p) == 3]
    assert sorted(markers) == sorted(
        [
            ((fx + w - 1, y + h / 2 - 4), (fx + w - 5, y + h / 2), (fx + w - 1, y + h / 2 + 4)),  # points right
            ((rx + 1, y + h / 2 - 4), (rx + 5, y + h / 2), (rx + 1, y + h / 2 + 4)),  # points left
        ]
    )


def test_each_display_is_headed_by_its_players_colour_tag_name_and_facts():
    """Each display has its player's colour tag with their initial, their name ("(you)" for the
    reader), points and complete boats, and whether they left the game."""
    s = fresh("I")
    lay(s, 0, 0, 0, "bow", "stern")
    view = ENGINE.view(s, 0)
    view["players"][1]["resigned"] = True
    drawn = _page(view)
    second = 28 + 16 + 3 * CELL + 2 + 6
    assert drawn.rects(seat_colour(0)) == [(8, 28, 14, 14)] and drawn.rects(seat_colour(1)) == [(8, second, 14, 14)]
    for initial, top in (("A", 28), ("B", second)):
        assert drawn.label(initial) == Label(15, top + 7 + 9.5 * 0.36, initial, 9.5, "#fff", True, "middle")
    assert drawn.label("Ann (you)") == Label(28, 39, "Ann (you)", 10, INK, True, "start")
    assert drawn.label("Bob") == Label(28, second + 11, "Bob", 10, INK, True, "start")
    ann = drawn.label("2 points · 1 boat")
    bob = drawn.label("0 points · 0 boats · left the game")
    assert (ann.size, ann.fill, ann.y, bob.y) == (9, pic.MUTED, 39, second + 11)
    font_ann = 28 + pic.Canvas(1).measure("Ann (you)", 10, True) + 8
    assert ann.x == pytest.approx(font_ann, abs=0.01)
    assert bob.x == pytest.approx(28 + pic.Canvas(1).measure("Bob", 10, True) + 8, abs=0.01)


def test_names_sharing_an_initial_get_smaller_two_letter_tags():
    """Two names with one initial: each tag says the initial and the seat's number, smaller."""
    s = fresh("I")
    drawn = _page(ENGINE.view(s, 0), names={0: "Ann", 1: "Abe"})
    assert drawn.label("A1") == Label(15, 28 + 7 + 7 * 0.36, "A1", 7, "#fff", True, "middle")
    assert drawn.label("A2").size == 7


def test_the_readers_own_display_is_tinted_and_a_red_arrow_marks_the_player_to_play():
    """The seat's own display is tinted (none for a spectator); the arrow points at whoever is to
    play, and at nobody once the game is over."""
    s = fresh("I")
    second = 28 + 16 + 3 * CELL + 2 + 6
    block = 16 + 3 * CELL + 2
    mine = _page(ENGINE.view(s, 1), me=1)
    assert mine.rects(pic.MINE) == [(4, second - 2, 552, block + 4)]
    assert mine.polygons(ALARM) == [((1, 31), (7, 35.5), (1, 40))]  # seat 0 is to play
    own = _page(ENGINE.view(s, 0))
    assert own.rects(pic.MINE) == [(4, 26, 552, block + 4)] and own.order(pic.MINE) < own.order(pic.RIVER)
    spectator = _page(ENGINE.view(s, None), me=None)
    assert spectator.rects(pic.MINE) == [] and "Ann (you)" not in spectator.texts()
    s["turn"] = 1
    view = ENGINE.view(s, 0)
    view["turn"] = 1
    assert _page(view).polygons(ALARM) == [((1, second + 3), (7, second + 7.5), (1, second + 12))]
    view["result"] = {"winners": [1]}
    assert _page(view).polygons(ALARM) == []


def test_a_complete_boat_is_framed_in_green_with_its_strength_on_the_frame():
    """A complete boat is framed in green with its strength on the frame, "+T" with a totem pole."""
    s = fresh("II")
    lay(s, 0, 1, 2, "bow_warrior", "canoe", "stern")
    view = ENGINE.view(s, 0)
    boat = view["players"][0]["boats"][0]
    assert (boat["row"], boat["start"], boat["end"], boat["totem"]) == (1, 2, 4, False)
    drawn = _page(view)
    bx, by, bw = LEFT + 2 * CW, FIRST_TOP + CELL, 3 * CW
    frame = [(bx, by, bw, 2), (bx, by + CELL - 2, bw, 2), (bx, by, 2, CELL), (bx + bw - 2, by, 2, CELL)]
    text = str(boat["strength"])
    tw = pic.Canvas(1).measure(text, 8, True) + 6
    plate = (round(bx + bw / 2 - tw / 2), by - 6, round(bx + bw / 2 + tw / 2) - round(bx + bw / 2 - tw / 2), 10)
    assert sorted(drawn.rects(pic.BOAT, above=200)) == sorted([*frame, plate])
    assert [lab for lab in drawn.labels if lab.size == 8] == [
        Label(bx + bw / 2, by + 2, text, 8, "#fff", True, "middle")
    ]
    assert drawn.order(pic.HULL) < drawn.order(pic.BOAT)  # the frame over the cards
    boat["totem"] = True
    assert f"{text}+T" in _page(view).texts()
    del boat["strength"]
    assert "?+T" in _page(view).texts()
    # the plate fits its text, 3 px each side: "?" for a boat the view gives no strength
    boat["totem"] = False
    tw = pic.Canvas(1).measure("?", 8, True) + 6
    x0, x1 = round(bx + bw / 2 - tw / 2), round(bx + bw / 2 + tw / 2)
    assert (x0, by - 6, x1 - x0, 10) in _page(view).rects(pic.BOAT)


def test_a_boat_the_view_gives_badly_is_left_out():
    """A boat without its row or span, or with one that is no number, is not drawn (the rest is)."""
    s = fresh("II")
    view = ENGINE.view(s, 0)
    good = {"row": 0, "start": 0, "end": 1, "strength": 4, "totem": False}
    view["players"][0]["boats"] = [{"row": 0, "start": 0}, {"row": None, "start": 0, "end": 1}, {**good, "end": "x"}]
    view["players"][0]["boats"].append(good)
    drawn = _page(view)
    assert len(drawn.rects(pic.BOAT, above=200)) == 5 and drawn.texts().count("4") == 1


@pytest.mark.parametrize(
    ("pending", "me", "status"),
    [
        ({"phase": "draw", "seat": 0}, 0, "Your turn: draw a card"),
        ({"phase": "draw", "seat": 1}, 0, "Bob to play: draw a card"),
        ({"phase": "place", "seat": 1, "card": {"name": "Furs"}}, 0, "Bob to play: place Furs"),
        ({"phase": "place", "seat": 0, "card": {"id": "furs#1"}}, 0, "Your turn: place a card"),
        ({"phase": "place", "seat": 0}, 0, "Your turn: place"),
        ({"phase": "take", "seat": 0, "card": {"name": "Tent"}}, 0, "Your turn: take Tent as spoils"),
        ({"phase": "take", "seat": 0, "card": {"id": "tent#1"}}, 0, "Your turn: take a card as spoils"),
        ({"phase": "lasso", "seat": 0}, 0, "Your turn: use the lasso or not"),
        ({"phase": "lasso", "seat": 0, "card": {"name": "Lasso thrower"}}, 0, "Your turn: use the lasso or not"),
        ({"phase": "archer", "seat": 1, "card": {"name": "Archer"}}, 0, "Bob to play: shoot or not"),
        ({"phase": "place", "seat": 0, "card": "furs#1"}, 0, "Your turn: place"),  # a card that is no card
        ({"phase": "archer", "seat": 0}, 0, "Your turn: shoot or not"),
        ({"phase": "hunt", "seat": 0}, 0, "Your turn: take a hunting card or not"),
        ({"phase": "end_offer", "seat": 0}, 0, "Your turn: end the game or play on"),
        ({"phase": "attack", "seat": 0}, 0, "Your turn: attack or not"),
        ({"phase": "suite_move", "seat": 0}, 0, "Your turn: suite move"),
        ({"seat": 0}, 0, "Your turn: play"),
        ({"phase": "draw", "seat": 7}, 0, "? to play: draw a card"),
        ({"phase": "draw", "seat": 1}, None, "Bob to play: draw a card"),
    ],
)
def test_the_status_line_says_whose_turn_and_what_to_do(pending, me, status):
    """The top line says who is to play ("Your turn" for the reader) and the step asked of them."""
    s = fresh("I")
    view = ENGINE.view(s, me)
    view["pending"] = pending
    assert _page(view, me=me).label(status) == Label(8, 17, status, 12, INK, True, "start")
    assert _email(view, me=me).label(status) == Label(10, 22, status, 16, INK, True, "start")


def test_the_status_line_at_the_end_and_without_a_turn():
    """Game over names the winners ("you" for the reader) or nobody; no turn: the game's name."""
    s = fresh("II")
    view = ENGINE.view(s, 0)
    view["result"] = {"winners": [0, 1]}
    assert "Game over: you and Bob won" in _page(view).texts()
    view["result"] = {"winners": []}
    assert "Game over: nobody won" in _page(view).texts()
    view["result"] = {"reason": "the stack ran out"}
    assert "Game over: nobody won" in _page(view).texts()
    view["result"] = {"winners": [1, 7]}  # a winner without a name
    assert "Game over: Bob and ? won" in _page(view).texts()
    view["result"] = None
    view["pending"] = None
    assert "Ogallala II" in _page(view).texts()
    del view["edition"]
    assert "Ogallala" in _page(view).texts()


def test_a_long_status_line_is_cut_to_fit():
    """The status line never runs into the stacks' sizes: cut to 330 px with an ellipsis."""
    s = fresh("I")
    view = ENGINE.view(s, 0)
    view["pending"] = {"phase": "place", "seat": 0, "card": {"name": "W" * 60}}
    [status] = [t for t in _page(view).texts() if t.startswith("Your turn")]
    assert status.endswith("…") and pic.Canvas(1).measure(status, 12, True) <= 330
    assert pic.Canvas(1).measure(status + "W", 12, True) > 330


def test_the_stacks_show_only_their_sizes_and_a_face_down_discard_only_its_size():
    """Stacks show only their sizes (never a card); Ogallala II's discard is face down."""
    one = ENGINE.view(fresh("I"), 0)
    assert _page(one).label("Stacks 32 · 60 · 42 · discard 0") == Label(
        552, 17, "Stacks 32 · 60 · 42 · discard 0", 9, pic.MUTED, False, "end"
    )
    assert "Stacks: 32, 60, 42 cards · discard 0" in _email(one).texts()
    two = ENGINE.view(fresh("II"), 0)
    assert "discard" not in two and "Stack 98 · discard 0 face down" in _page(two).texts()
    assert "Stack: 98 cards · discard 0 face down" in _email(two).texts()
    two["stacks"], two["discard_size"] = [], 3
    assert "Stacks · discard 3 face down" in _page(two).texts()
    del two["discard_size"]
    assert "Stacks: cards · discard 0 face down" in _email(two).texts()
    assert "Stacks · discard 0 face down" in _page(two).texts()


def test_the_label_read_out_names_each_players_points_and_complete_boats():
    """The picture's label (what a screen reader reads) gives each player's points and boats."""
    s = fresh("I")
    lay(s, 0, 0, 0, "bow", "stern")
    drawn = _page(ENGINE.view(s, 0))
    said = "Ogallala table. Ann: 2 points, 1 complete boat; Bob: 0 points, 0 complete boats"
    assert drawn.root.get("aria-label") == said
    assert _email(ENGINE.view(s, 0)).root.get("aria-label") == said


def test_a_row_length_other_than_14_narrows_the_spaces():
    """A river of 16 spaces: each 34 px (544 // 16) from x 8, every space drawn."""
    s = fresh("I", row_length=16)
    lay(s, 0, 0, 15, "furs")
    drawn = _page(_one_row(s))
    assert drawn.rects(pic.BOOTY_EDGE, above=ONE_ROW_END) == [(8 + 15 * 34 + 1, FIRST_TOP + 1, 32, 19)]
    assert drawn.rects(pic.RIVER)[0] == (8, FIRST_TOP, 16 * 34, CELL)
    assert len(drawn.rects(pic.SPACE)) == 2 * 16 - 1


def test_players_the_view_gives_badly_are_left_out():
    """A player entry that is no dict or has no seat number is not drawn; a display row that is no
    list is skipped."""
    s = fresh("I")
    view = _one_row(s)
    view["players"] += ["x", {"seat": "2", "display": [[None]]}]
    view["players"][1]["display"] = ["not a row", *view["players"][1]["display"]]
    drawn = _page(view)
    assert len(drawn.rects(pic.RIVER)) == 2 and len(drawn.rects(pic.SPACE)) == 2 * 14
    assert drawn.height == 28 + 2 * (16 + CELL + 2 + 6) + 18


def test_the_key_explains_the_shapes_under_the_rivers():
    """Under the rivers a key shows a bow, a stern, booty and a complete boat, each with its word."""
    s = fresh("I")
    drawn = _page(_one_row(s))
    y = 28 + 2 * (16 + CELL + 2 + 6)  # under two one-row rivers
    words = ["bow", "stern", "booty", "complete boat: strength (T: totem pole)"]
    assert [drawn.label(w).y for w in words] == [y + 10] * 4
    xs = [drawn.label(w).x for w in words]
    c = pic.Canvas(1)
    assert xs[0] == 8 + 17 and all(
        xs[i + 1] == pytest.approx(xs[i] + c.measure(words[i], 9) + 10 + 17, abs=0.01) for i in range(3)
    )
    assert {drawn.label(w).fill for w in words} == {pic.MUTED}
    boxes = [round(x - 17) for x in xs]
    assert drawn.rects(pic.FACE) == [(boxes[0], y, 14, 13), (boxes[1], y, 14, 13), (boxes[3] + 2, y + 2, 10, 8)]
    assert drawn.rects(pic.BOOTY_EDGE) == [(boxes[2], y, 14, 12)]
    assert drawn.rects(pic.BOOTY) == [(boxes[2] + 1, y + 1, 12, 10)]
    assert drawn.rects(pic.BOAT) == [(boxes[3], y, 14, 12)]
    b, t = xs[0] - 17, xs[1] - 17
    hulls = [[v for point in hull for v in point] for hull in drawn.polygons(pic.HULL)]
    assert hulls == [
        [pytest.approx(v, abs=0.01) for point in hull for v in point]
        for hull in [
            ((b + 1, y + 1), (b + 5, y + 8), (b + 13, y + 8), (b + 13, y + 12), (b + 5, y + 12)),
            ((t + 13, y + 1), (t + 9, y + 8), (t + 1, y + 8), (t + 1, y + 12), (t + 9, y + 12)),
        ]
    ]
    assert drawn.height == y + 18 and drawn.width == 560


# -- the email's picture: 600 wide, 14 spaces 41 wide from x 13; the reader's river first, large --
E_LEFT, E_CW = 13, 41
E_TOP = 56 + 28  # the reader's first row


def test_the_email_draws_the_readers_river_first_and_large_and_the_others_thin():
    """The reader's own river comes first, 40 px a row, every card with its number; everyone else's
    is a thin strip of shapes under its player's heading, 11 px a row and no text."""
    s = fresh("I")
    lay(s, 0, 0, 0, "warrior2")
    lay(s, 1, 1, 3, "warrior3")
    drawn = _email(ENGINE.view(s, 1), me=1)
    assert drawn.width == EMAIL_W
    mine = (E_LEFT + 3 * E_CW + 1, E_TOP + 40 + 1, E_CW - 2, 38)
    theirs_top = E_TOP + 3 * 40 + 8 + 22 + 26 + 10 + 28
    theirs = (E_LEFT + 1, theirs_top + 1, E_CW - 2, 9)
    assert sorted(drawn.rects(pic.EDGE, above=theirs_top + 33)) == sorted([mine, theirs])
    assert sorted(drawn.rects(pic.RIVER)) == sorted(
        [(E_LEFT, E_TOP + r * 40, 14 * E_CW, 40) for r in range(3)]
        + [(E_LEFT, theirs_top + r * 11, 14 * E_CW, 11) for r in range(3)]
    )
    [three] = [lab for lab in drawn.labels if lab.text == "3"]
    assert (three.x, three.y, three.size, three.bold) == (mine[0] + 19.5, mine[1] + 38 / 2 + 16 * 0.4, 16, True)
    assert "2" not in drawn.texts()  # the thin strip's warrior: a shape only
    assert drawn.label("Bob (you)").y == 56 + 15 and drawn.label("Ann").y == theirs_top - 28 + 15
    assert drawn.rects(pic.MINE) == [(0, 50, 600, 28 + 120 + 48 + 10)]


def test_the_email_heads_each_river_with_a_tag_name_and_facts():
    """Each river's heading: the seat's colour tag and initial, the name, the points and boats."""
    s = fresh("I")
    lay(s, 0, 0, 0, "bow", "stern")
    drawn = _email(ENGINE.view(s, 0))
    c = pic.Canvas(1)
    w = max(20.0, c.measure("A", T, True) + 8)
    assert drawn.rects(seat_colour(0)) == [(10, 56, round(10 + w) - 10, 20)]
    assert drawn.label("A") == Label(10 + w / 2, 71, "A", T, "#fff", True, "middle")
    name_x = 10 + w + 6
    assert drawn.label("Ann (you)") == Label(name_x, 71, "Ann (you)", 14, INK, True, "start")
    facts_x = name_x + c.measure("Ann (you)", 14, True) + 10
    facts = drawn.label("2 points · 1 boat")
    assert (facts.x, facts.y, facts.size, facts.fill) == (pytest.approx(facts_x, abs=0.01), 71, T, pic.MUTED)
    # the boat's strength on its frame, at the email's text size
    plate = [lab for lab in drawn.labels if lab.fill == "#fff" and lab.text == "0"]
    assert plate == [Label(E_LEFT + E_CW, E_TOP + 5, "0", T, "#fff", True, "middle")]
    tw = c.measure("0", T, True) + 8
    x0, x1 = round(E_LEFT + E_CW - tw / 2), round(E_LEFT + E_CW + tw / 2)
    assert (x0, E_TOP - 8, x1 - x0, 16) in drawn.rects(pic.BOAT)


def test_the_email_says_the_readers_hand_and_booty_and_nothing_of_a_card_drawn_face_down():
    """Below the reader's river: their hand and their booty by short names (each once). Ogallala
    II's unplaceable drawn card is seen by its drawer only: nobody else's picture names it."""
    s = fresh("II")
    fill_two_display(s, 0)
    draw(s, 0, "tent")
    [tent] = s["hand"]
    mine = _email(ENGINE.view(s, 0))
    hand = mine.label("Your hand: Tent")
    assert (hand.x, hand.y, hand.size, hand.fill) == (10, E_TOP + 120 + 8 + 15, T, INK)
    booty = [t for t in mine.texts() if t.startswith("Your booty: ")]
    # each suite once though both its halves lie there, the line cut to the picture's width
    assert booty == ["Your booty: Furs, Firewater, Powder, Tobacco, Eagle, Rifles, Gun, Soldier, Bear, Buff…"]
    c = pic.Canvas(1)
    assert c.measure(booty[0], T) <= 580 < c.measure(booty[0][:-1] + "alo", T)
    assert mine.label(booty[0]).y == E_TOP + 120 + 8 + 22 + 15
    for picture in (_email(ENGINE.view(s, 1), me=1), _page(ENGINE.view(s, 1), me=1)):
        assert tent not in picture.svg and "Tent" not in picture.texts()
    assert "Your hand: none" in _email(ENGINE.view(s, 1), me=1).texts()
    assert "Your booty: none" in _email(ENGINE.view(s, 1), me=1).texts()


def test_a_cards_rim_lies_under_its_face_and_a_suite_halfs_marker_over_it():
    """Each card is a face on a rim of its colour (the rim under the face); a suite half's marker
    is drawn over its yellow face."""
    s = fresh("I")
    lay(s, 0, 0, 0, "warrior1", "gun_front")
    drawn = _page(_one_row(s))
    assert drawn.order(pic.EDGE) < drawn.order(pic.FACE)
    paths = [colour for colour, _ in drawn.shapes]
    rims = [i for i, (colour, polys) in enumerate(drawn.shapes) if colour == pic.BOOTY_EDGE and len(polys[0]) == 4]
    markers = [i for i, (colour, polys) in enumerate(drawn.shapes) if colour == pic.BOOTY_EDGE and len(polys[0]) == 3]
    assert rims[0] < paths.index(pic.BOOTY) < markers[0]


def test_each_displays_labels_are_written_before_the_next_display():
    """A display's labels are written as it is drawn, over its cards and before the next display
    (in a browser's document, one display's heading, facts and numbers read together)."""
    s = fresh("I")
    lay(s, 0, 0, 0, "bow", "stern")
    lay(s, 0, 1, 0, "warrior2")
    lay(s, 1, 0, 0, "warrior3")
    for drawn in (_page(ENGINE.view(s, 0)), _email(ENGINE.view(s, 0))):
        texts = drawn.texts()
        assert max(texts.index(t) for t in ("A", "Ann (you)", "2 points · 1 boat", "2")) < texts.index("B")
        shapes = [el for el in drawn.root if el.tag in (f"{SVG}path", f"{SVG}text")]
        ann = next(i for i, el in enumerate(shapes) if "Ann (you)" in "".join(el.itertext()))
        bob_tag = next(i for i, el in enumerate(shapes) if el.get("fill") == seat_colour(1))
        assert ann < bob_tag
    page = _page(ENGINE.view(s, 0)).texts()
    assert page.index("B") < page.index("3")


def test_the_email_shortens_booty_names_to_their_first_letters():
    """On the email's larger cards a booty name too long for its card is cut to its first three
    letters (two if three do not fit), with no ellipsis; the page keeps the ellipsis."""
    s = fresh("I")
    lay(s, 0, 0, 0, "lumberjack", "buffalo_front", "gun_rear", "furs")
    view = _one_row(s)
    view["players"][0]["display"][0][4] = {"id": "x#1", "kind": "mmm_front", "name": "Mmmm", "booty": True}
    drawn = _email(view)
    names = {lab.text: lab for lab in drawn.labels if lab.size == T and lab.fill == INK and lab.y < E_TOP + 40}
    assert set(names) == {"Lum", "Buf", "Gun", "Furs", "Mm"}
    x, h = E_LEFT + 1, 38
    assert names["Lum"].x == x + 39 / 2 and names["Lum"].y == E_TOP + 1 + h / 2 + T * 0.4
    assert names["Buf"].x == x + E_CW + 39 / 2 - 2.5 and names["Gun"].x == x + 2 * E_CW + 39 / 2 + 2.5
    page = [lab.text for lab in _page(view).labels if lab.size == 7.5]
    assert "Lumb…" in page and "Mmmm" not in page


def test_a_booty_card_without_a_short_name_shows_its_own_name_or_kind():
    """Booty the short names do not know shows its card's name, else its kind."""
    s = fresh("I")
    view = _one_row(s)
    row = view["players"][0]["display"][0]
    row[0] = {"id": "a", "kind": "pearl", "name": "Pearl", "booty": True}
    row[1] = {"id": "b", "kind": "jade", "booty": True}
    texts = _page(view).texts()
    assert "Pearl" in texts and "jade" in texts
    assert "Your booty: Pearl, jade" in _email(view).texts()


def test_the_email_names_a_card_in_hand_without_a_name_and_skips_what_is_no_card():
    """A card in hand the view gives without its name is "a card"; an entry that is no card is not
    named at all."""
    s = fresh("I")
    view = _one_row(s)
    view["hand"] = [{"id": "x"}, "furs#1", {"name": "Furs"}]
    assert "Your hand: a card, Furs" in _email(view).texts()


def test_a_booty_card_with_neither_name_nor_kind_shows_no_name():
    """A booty card the view gives without a name or kind is drawn as booty with no text on it."""
    s = fresh("I")
    view = _one_row(s)
    view["players"][0]["display"][0][0] = {"id": "x", "booty": True}
    drawn = _page(view)
    assert drawn.rects(pic.BOOTY_EDGE, above=ONE_ROW_END) == [_space(0, 0)]
    assert [lab for lab in drawn.labels if FIRST_TOP < lab.y < ONE_ROW_END] == []


def test_the_emails_booty_line_has_no_name_for_booty_with_neither_name_nor_kind():
    """The reader's booty line names nothing for a booty card the view gives without name or kind."""
    view = _one_row(fresh("I"))
    view["players"][0]["display"][0][0] = {"id": "x", "booty": True}
    assert "Your booty: none" in _email(view).texts()


def test_a_player_the_view_gives_no_score_or_boats_has_none():
    """A player without score or complete boats in the view reads 0 points and 0 boats."""
    s = fresh("I")
    lay(s, 0, 0, 0, "bow", "stern")  # the other player: 2 points, 1 boat
    view = _one_row(s)
    for key in ("score", "complete_boats"):
        del view["players"][1][key]
    second = 28 + 16 + CELL + 2 + 6
    page = _page(view)
    assert [lab.text for lab in page.labels if lab.fill == pic.MUTED and lab.y == second + 11] == ["0 points · 0 boats"]
    assert "0 points · 0 boats" in _email(view).texts() and "2 points · 1 boat" in _email(view).texts()


def test_long_names_are_cut_to_fit_their_line():
    """A long name is cut with an ellipsis: to 260 px on either picture; the email's status and
    hand lines to the picture's width less its margins."""
    s = fresh("I")
    long = "Wolfgang " * 12
    view = ENGINE.view(s, 0)
    view["pending"] = {"phase": "place", "seat": 0, "card": {"name": "W" * 80}}
    view["hand"] = [{"name": "W" * 30}, {"name": "M" * 30}]
    page, email = _page(view, names={0: long, 1: "Bob"}), _email(view, names={0: long, 1: "Bob"})
    c = pic.Canvas(1)
    [pname] = [t for t in page.texts() if t.startswith("Wolfgang")]
    [ename] = [t for t in email.texts() if t.startswith("Wolfgang")]
    assert pname.endswith("…") and c.measure(pname, 10, True) <= 260 < c.measure(pname + "W", 10, True)
    assert ename.endswith("…") and c.measure(ename, 14, True) <= 260 < c.measure(ename + "W", 14, True)
    for start, size, bold in (("Your turn", 16, True), ("Your hand", T, False)):
        [line] = [t for t in email.texts() if t.startswith(start)]
        # the longest that fits: one letter more (the cut name is all W) would not
        assert line.endswith("…") and c.measure(line, size, bold) <= 580 < c.measure(line[:-1] + "W…", size, bold)


def test_a_missing_row_length_or_score_reads_as_the_games_defaults():
    """A view without a row length has rows of 14; a player without score or boats counted has 0."""
    s = fresh("I")
    view = _one_row(s)
    del view["row_length"]
    for key in ("score", "complete_boats"):
        del view["players"][1][key]
    drawn = _page(view)
    assert drawn.rects(pic.RIVER)[0] == (LEFT, FIRST_TOP, 14 * CW, CELL)
    assert "0 points · 0 boats" in drawn.texts() and "Bob: 0 points, 0 complete boats" in drawn.root.get("aria-label")
    view["row_length"] = 0
    assert _page(view).rects(pic.RIVER)[0] == (LEFT, FIRST_TOP, 14 * CW, CELL)


def test_the_email_marks_the_player_to_play_and_shows_its_key():
    """The email's arrow points at the player to play; its key shows the four shapes and words."""
    s = fresh("I")
    view = _one_row(s)
    drawn = _email(view, me=1)
    theirs = 56 + 28 + 40 + 8 + 22 + 26 + 10  # seat 0's heading, under the reader's river
    assert drawn.polygons(ALARM) == [((1, theirs + 5), (8, theirs + 10), (1, theirs + 15))]
    y = theirs + 28 + 11 + 8 + 10
    words = ["bow", "stern", "booty", "boat: strength (T: totem)"]
    labels = [drawn.label(w) for w in words]
    assert [lab.y for lab in labels] == [y + 13] * 4 and {lab.size for lab in labels} == {T}
    c = pic.Canvas(1)
    assert labels[0].x == 32 and all(
        labels[i + 1].x == pytest.approx(labels[i].x + c.measure(words[i], T) + 12 + 22, abs=0.01) for i in range(3)
    )
    assert drawn.height == y + 26


def test_the_email_cuts_a_special_warriors_name_to_its_card():
    """On the email's large cards a special warrior's name is cut with an ellipsis to its card less
    a pixel each side: "lasso" and "chief" fit, "shaman" does not."""
    s = fresh("I")
    lay(s, 0, 0, 0, "lasso", "chieftain", "shaman", "archer")
    names = [lab.text for lab in _email(_one_row(s)).labels if lab.fill == pic.MUTED and lab.y == E_TOP + 38 - 3]
    assert names == ["lasso", "chief", "sh…", "arc…"]


def test_the_email_shows_a_boats_strength_with_its_totem_pole_on_the_readers_river():
    """On the reader's large river a boat's strength is on its frame, "+T" with a totem pole, "?"
    if the view has no strength."""
    s = fresh("II")
    lay(s, 0, 0, 0, "bow", "totem", "stern")
    view = ENGINE.view(s, 0)
    boat = view["players"][0]["boats"][0]
    assert boat["totem"]
    plate = [lab for lab in _email(view).labels if lab.fill == "#fff" and lab.y == E_TOP + 5]
    assert [lab.text for lab in plate] == [f"{boat['strength']}+T"]
    del boat["strength"]
    assert "?+T" in _email(view).texts()


def test_a_stack_without_its_size_counts_as_empty_and_the_discards_size_is_shown():
    """A stack the view gives without its size shows 0; the discard's size is shown on both."""
    view = ENGINE.view(fresh("II"), 0)
    view["stacks"], view["discard_size"] = [{"index": 0}], 3
    assert "Stack 0 · discard 3 face down" in _page(view).texts()
    assert "Stack: 0 cards · discard 3 face down" in _email(view).texts()


def test_both_pictures_are_drawn_for_resvg_unless_asked_for_a_browser():
    """Without browser=True the labels are outlines (paths), not <text>, for resvg."""
    view = _one_row(fresh("I"))
    for draw_it in (pic.picture, pic.email_picture):
        assert ET.fromstring(draw_it(view, names=NAMES, me=0)).find(f".//{SVG}text") is None
        assert ET.fromstring(draw_it(view, names=NAMES, me=0, browser=True)).find(f".//{SVG}text") is not None


def test_a_name_just_over_260_px_is_cut():
    """The 260 px a name may take are a hard limit: a name 0.2 px wider is cut with an ellipsis."""
    c = pic.Canvas(1)
    page_name, email_name = "WWWW" + "i" * 58 + "lllll", "W" + "i" * 46 + "lllll"
    assert 260 < c.measure(page_name, 10, True) < 260.2 and 260 < c.measure(email_name, 14, True) < 260.2
    view = _one_row(fresh("I"))
    [shown] = [t for t in _page(view, names={0: "Ann", 1: page_name}).texts() if t.startswith("WWWW")]
    assert shown == c.fit(page_name, 260, 10, True) and shown.endswith("…")
    [shown] = [t for t in _email(view, names={0: "Ann", 1: email_name}).texts() if t.startswith("Wiii")]
    assert shown == c.fit(email_name, 260, 14, True) and shown.endswith("…")


def test_a_status_line_just_over_330_px_is_cut():
    """The page's status line may take 330 px (left of the stacks' sizes): 0.1 px more is cut."""
    c = pic.Canvas(1)
    card = "WWW" + "i" * 38 + "lllll"
    view = _one_row(fresh("I"))
    view["pending"] = {"phase": "place", "seat": 0, "card": {"name": card}}
    assert 330 < c.measure(f"Your turn: place {card}", 12, True) < 330.2
    [status] = [t for t in _page(view).texts() if t.startswith("Your turn")]
    assert status == c.fit(f"Your turn: place {card}", 330, 12, True) and status.endswith("…")


def test_the_emails_booty_line_names_persons_by_their_own_short_names():
    """A person of a suite (a hunter, a digger) is named by its own short name in the booty line,
    not by its suite's."""
    s = fresh("I")
    lay(s, 0, 0, 0, "bear_hunter", "gold_digger", "gold_front")
    assert "Your booty: Hunter, Digger, Gold" in _email(_one_row(s)).texts()


# -- the whole pictures, for their layout constants --------------------------------------------------
GOLDEN = Path(__file__).with_name("golden")
UPDATE = os.environ.get("TRAILPOST_GOLDEN_UPDATE", "") not in ("", "0")


def _rich_view():
    """Returns seat 0's view of a two-tribes game with every kind of card drawn: boats with and
    without warriors and totem poles, booty whole and halves, special warriors, an Eagle to place."""
    s = fresh("I", two_tribes=True)
    lay(s, 0, 0, 0, "bow_warrior:b", "warrior2:r", "stern")
    lay(s, 0, 1, 2, "gunpowder", "gun_front", "gun_rear", "lumberjack", "totem", "chieftain:b", "buffalo_front")
    lay(s, 0, 2, 10, "bow", "archer:r", "stern_warrior:b")
    lay(s, 1, 0, 4, "bow", "totem", "stern", "furs", "shaman:r")
    lay(s, 1, 2, 0, "lasso:b", "axe:r", "tent")
    draw(s, 0, "eagle")
    return ENGINE.view(s, 0)


@pytest.mark.parametrize("which", ["page", "email"])
def test_the_whole_picture_is_the_one_looked_at(which):
    """A golden file, in addition to the checks above, for the pure layout constants (paddings,
    offsets of the prows, the key's boxes, text nudges): the whole SVG of a rich position, drawn
    for a browser. Its rendering (headless Chromium) was looked at when it was written: every card
    on its space, the numbers in their tribes' colours, the boats framed with their strengths, the
    booty names readable, the key under the rivers. After a deliberate change to the drawing, look
    at the new picture and rewrite the files:
        TRAILPOST_GOLDEN_UPDATE=1 .venv/bin/python -m pytest -q tests/rules/ogallala/test_picture.py
    """
    draw_it = pic.picture if which == "page" else pic.email_picture
    svg = draw_it(_rich_view(), names={0: "Ann Example", 1: "Bob Zoë"}, me=0, browser=True)
    lines = svg.replace("><", ">\n<") + "\n"  # an element a line, for a readable diff
    path = GOLDEN / f"picture_{which}.svg"
    if UPDATE:
        path.write_text(lines)
    assert lines == path.read_text()
