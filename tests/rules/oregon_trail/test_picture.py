"""Oregon Trail Race's table pictures (games.rules.oregon_trail.picture), the game page's and the
email's, read back from the SVG: each trail card in its slot with its face, line, river wave or
calamity corner; the towns' and forts' bands; each wagon where its player stands; a seat's colour,
name, party and calamities; the seat's own hand and nothing of another's. Drawn for a browser (text
as <text>), so that labels can be read with their positions.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from games.rules.drawing.common import seat_colour
from games.rules.drawing.svg import ALARM, INK
from games.rules.oregon_trail import picture as pic
from games.rules.oregon_trail.engine import ENGINE

from .helpers import blank, give_calamity, lay_trail, place_town

SVG = "{http://www.w3.org/2000/svg}"
NAMES = {0: "Ann", 1: "Bob", 2: "Cy"}


@dataclass(frozen=True)
class Label:
    x: float
    y: float
    text: str
    size: float
    fill: str
    bold: bool
    anchor: str


class Drawn:
    """A picture read back: its size, its shapes (fill, polygons), its circles and its labels."""

    def __init__(self, svg: str):
        self.root = ET.fromstring(svg)
        self.width, self.height = float(self.root.get("width")), float(self.root.get("height"))
        self.title = self.root.find(f"{SVG}title").text
        self.shapes: list[tuple[str, list[tuple]]] = []
        self.circles: list[tuple[float, float, float, str]] = []
        self.labels: list[Label] = []
        for el in self.root.iter():
            if el.tag == f"{SVG}path":
                self.shapes.append((el.get("fill"), _polygons(el.get("d"))))
            elif el.tag == f"{SVG}circle":
                self.circles.append((float(el.get("cx")), float(el.get("cy")), float(el.get("r")), el.get("fill")))
            elif el.tag == f"{SVG}text":
                style = (
                    float(el.get("font-size")),
                    el.get("fill"),
                    el.get("font-weight") == "bold",
                    el.get("text-anchor", "start"),
                )
                for span in el.iter(f"{SVG}tspan"):
                    self.labels.append(Label(float(span.get("x")), float(span.get("y")), span.text, *style))

    def polygons(self, fill: str, layer: int | None = None) -> list[tuple]:
        return [p for colour, polys in self.shapes if colour == fill for p in polys]

    def rects(self, fill: str) -> list[tuple]:
        """Returns the (x, y, w, h) of every rectangle filled in that colour."""
        out = []
        for p in self.polygons(fill):
            xs, ys = sorted({x for x, _ in p}), sorted({y for _, y in p})
            if len(p) == 4 and len(xs) == 2 and len(ys) == 2:
                out.append((xs[0], ys[0], xs[1] - xs[0], ys[1] - ys[0]))
        return out

    def label(self, text: str) -> Label:
        [found] = [lab for lab in self.labels if lab.text == text]
        return found

    def texts(self) -> list[str]:
        return [lab.text for lab in self.labels]

    def order(self, fill: str) -> int:
        """Returns the index of the first path of that colour among the picture's paths."""
        return [colour for colour, _ in self.shapes].index(fill)


def _polygons(d: str) -> list[tuple]:
    """Returns a path's subpaths as tuples of absolute points (M, L, l, h, v, z)."""
    polys, points, x, y = [], [], 0.0, 0.0
    for cmd, args in re.findall(r"([MLlhvz])([^MLlhvz]*)", d):
        n = [float(v) for v in args.split()]
        if cmd == "M":
            x, y = n
            points = [(x, y)]
        elif cmd == "z":
            polys.append(tuple(points))
            points = []
        else:
            if cmd == "L":
                x, y = n
            elif cmd == "l":
                x, y = x + n[0], y + n[1]
            elif cmd == "h":
                x += n[0]
            else:
                y += n[0]
            points.append((x, y))
    return polys


def _page(view, me=0, names=NAMES):
    return Drawn(pic.picture(view, names=names, me=me, browser=True))


def _email(view, me=0, names=NAMES):
    return Drawn(pic.email_picture(view, names=names, me=me, browser=True))


def _view(state, seat=0):
    return ENGINE.view(state, seat)


# -- the page: W 560; a trail of 20 slots 20 px wide from x 132 (8 + 108 + 14 + 2), the goal at 533;
# row r's cards from y 40 + 32 r, 26 high
LEFT, CW, TOP, ROW, H = 132, 20, pic.TOP, pic.ROW, pic.CARD_H


def _slot(k, row=0, bands=0):
    """Returns the box (x, y, w, h) of card slot k's card on the page, after `bands` town bands."""
    return (LEFT + (k - 1) * CW + 10 * bands, TOP + row * ROW, CW - 2, H)


def _inner(box):
    x, y, w, h = box
    return (x + 1, y + 1, w - 2, h - 2)


def test_each_laid_card_lies_in_its_slot_with_its_face_and_every_other_slot_is_empty():
    """A trail is its slots 1 to 20: a laid card fills its slot with a rim and a face of its kind
    (plain paper, a river in blue, a calamity trail in red); a slot not laid is an empty box."""
    state = blank(players=2)
    lay_trail(state, 0, [("middle", "middle")], kind="plain")
    lay_trail(state, 0, [("middle", "middle")], kind="river_supply")
    lay_trail(state, 0, [("middle", "middle")], kind="trigger")
    d = _page(_view(state))
    assert _slot(1) in d.rects(pic.PAPER_EDGE) and _inner(_slot(1)) in d.rects(pic.PAPER)
    assert _slot(2) in d.rects(pic.RIVER_EDGE) and _inner(_slot(2)) in d.rects(pic.RIVER)
    assert _slot(3) in d.rects(pic.TRIGGER_EDGE) and _inner(_slot(3)) in d.rects(pic.TRIGGER)
    # the river's wave: a 3 px stripe at 62% of the card, the calamity trail's corner: 6 px
    x, y, w, h = _slot(2)
    assert (round(x + w * 0.62 - 1.5), y + 1, 3, h - 2) in d.rects(pic.WATER)
    x, y, w, h = _slot(3)
    assert ((x + w - 1, y + h - 1), (x + w - 7, y + h - 1), (x + w - 1, y + h - 7)) in d.polygons(ALARM)
    empty = sorted(r for r in d.rects(pic.SLOT) if r[1] < TOP + ROW)
    assert empty == [(LEFT + (k - 1) * CW + 1, TOP + 3, CW - 4, H - 6) for k in range(4, 21)]
    # the second player's trail: every slot empty, one row below
    second = sorted(r for r in d.rects(pic.SLOT) if r[1] > TOP + ROW)
    assert second == [(LEFT + (k - 1) * CW + 1, TOP + ROW + 3, CW - 4, H - 6) for k in range(1, 21)]


def test_a_card_s_line_runs_from_its_left_exit_to_its_right_exit():
    """A laid card shows its trail line: a flat stub at its left exit's height (top, middle, bottom:
    a fifth, half, four fifths down), a slope, a stub at its right exit; a straight line when both
    exits are at the same height."""
    state = blank(players=2)
    lay_trail(state, 0, [("middle", "top"), ("top", "top"), ("top", "bottom")], kind="plain")
    d = _page(_view(state))
    line = d.polygons(pic.LINE)
    y = TOP
    mid, top, bottom = round(y + H * 0.5), round(y + H * 0.2), round(y + H * 0.8)
    x = _slot(1)[0]
    a, b = round(x + 18 * 0.3), round(x + 18 * 0.7)
    rect = set(d.rects(pic.LINE))
    # card 1: middle to top
    assert (x + 1, mid - 1, a - x - 1, 2) in rect  # rect_d rounds 2.5 px to 2 or 3
    assert any(r[:3] == (b, top - 1, x + 17 - b) for r in rect)
    assert ((a, mid - 1), (b, top - 1), (b, top + 1.5), (a, mid + 1.5)) in line
    # card 2: top to top, one flat line across
    x2 = _slot(2)[0]
    assert any(r[:3] == (x2 + 1, top - 1, 16) for r in rect)
    # card 3: top to bottom
    x3 = _slot(3)[0]
    a3, b3 = round(x3 + 18 * 0.3), round(x3 + 18 * 0.7)
    assert ((a3, top - 1), (b3, bottom - 1), (b3, bottom + 1.5), (a3, top + 1.5)) in line
    assert any(r[:3] == (b3, bottom - 1, x3 + 17 - b3) for r in rect)


def test_independence_and_the_goal_stand_at_each_end_of_every_trail():
    """Every trail starts at Independence (a green box before slot 1) and ends at the goal (a green
    box after slot 20); a trail whose start was picked up (trimmed) has no Independence."""
    state = blank(players=2)
    lay_plain(state, 1, 3)
    state["players"][1]["trimmed"] = 2
    d = _page(_view(state))
    edges = d.rects(pic.GOAL_EDGE)
    start0, goal0 = (LEFT - 16, TOP, 14, H), (533, TOP, 18, H)
    start1, goal1 = (LEFT - 16, TOP + ROW, 14, H), (533, TOP + ROW, 18, H)
    assert start0 in edges and goal0 in edges and goal1 in edges
    assert start1 not in edges
    assert _inner(goal0) in d.rects(pic.GOAL) and _inner(start0) in d.rects(pic.GOAL)
    # the trimmed trail's cards are numbered from 3: slots 3 to 5 laid, 1 and 2 empty
    laid = [r for r in d.rects(pic.PAPER_EDGE) if r[1] == TOP + ROW]
    assert sorted(laid) == [_slot(k, 1) for k in (3, 4, 5)]


def test_a_town_and_a_fort_make_a_band_across_every_trail_after_the_card_they_follow():
    """Towns and forts stand at a point: a band 10 px wide after that card, across every trail (from
    above the first to below the last), a town's colour and a fort's side by side, the first kind's
    icon on top; the slots after it move right by the band, and the slots are narrower to fit."""
    state = blank(players=2)
    place_town(state, "town", 2)
    place_town(state, "fort", 2)
    lay_plain(state, 0, 3)
    d = _page(_view(state))
    cw = (552 - 18 - 2 - LEFT - 10) // 20  # 19
    band = LEFT + 2 * cw  # slot 3's left edge before the band moves it
    top, h = TOP - 14, (TOP + 2 * ROW - (ROW - H)) - TOP + 16
    assert (band + 1, top, 4, h) in d.rects(pic.FORT_EDGE)
    assert (band + 5, top, 4, h) in d.rects(pic.TOWN_EDGE)
    assert (band + 2, top + 1, 2, h - 2) in d.rects(pic.FORT)
    # slots 1 and 2 before the band, slot 3 after it
    assert (LEFT, TOP, cw - 2, H) in d.rects(pic.PAPER_EDGE)
    assert (LEFT + cw, TOP, cw - 2, H) in d.rects(pic.PAPER_EDGE)
    assert (LEFT + 2 * cw + 10, TOP, cw - 2, H) in d.rects(pic.PAPER_EDGE)
    assert (LEFT + 3 * cw + 10 + 1, TOP + 3, cw - 4, H - 6) in d.rects(pic.SLOT)
    # the goal after slot 20
    assert (LEFT + 20 * cw + 10 + 1, TOP, 18, H) in d.rects(pic.GOAL_EDGE)
    # the fort's flag (the first kind) above the band: a pole 7 px tall centred on the band
    cx, cy, s = band + 1 + 4, TOP - 8, 7
    x0, y0 = round(cx - s * 0.4), round(cy - s / 2)
    assert (x0, y0, round(cx - s * 0.4 + 1) - x0, round(cy + s / 2) - y0) in d.rects(pic.LINE)
    flag = (cx - s * 0.27, cy - s / 2)
    assert any(p[0] == flag and len(p) == 3 for p in d.polygons(pic.LINE))


def test_a_lone_town_band_is_the_town_s_colour_with_a_house_on_top():
    """A point with one town: the band's whole width in the town's colour, a house above it."""
    state = blank(players=2)
    place_town(state, "town", 0)
    d = _page(_view(state))
    cw = (552 - 18 - 2 - LEFT - 10) // 20
    band = LEFT  # point 0: the band before slot 1, which moves right
    top, h = TOP - 14, (TOP + 2 * ROW - (ROW - H)) - TOP + 16
    assert (band + 1, top, 8, h) in d.rects(pic.TOWN_EDGE)
    assert (band + 2, top + 1, 6, h - 2) in d.rects(pic.TOWN)
    assert [r for r in d.rects(pic.FORT_EDGE) if r[1] < 100] == []
    assert (LEFT + 1, TOP + 3, cw - 4, H - 6) not in d.rects(pic.SLOT)
    assert (LEFT + 10 + 1, TOP + 3, cw - 4, H - 6) in d.rects(pic.SLOT)
    cx, cy, s = band + 1 + 4, TOP - 8, 7
    house = ((cx - s / 2, cy + s / 2), (cx - s / 2, cy), (cx, cy - s / 2), (cx + s / 2, cy), (cx + s / 2, cy + s / 2))
    assert house in d.polygons(pic.LINE)


def lay_plain(state, seat, n):
    """Lays n plain cards, middle to middle."""
    lay_trail(state, seat, [("middle", "middle")] * n, kind="plain")


def _wagons(d, r=7):
    """Returns {(x, y): colour} of the wagons' discs (their colour disc of radius r)."""
    return {(x, y): fill for x, y, rad, fill in d.circles if rad == r}


def test_each_wagon_stands_where_its_player_is():
    """A wagon is its player's disc: before the start at Independence, on the card of its position,
    in a town's band when in town, on the goal when it has arrived; a player out of the game has
    none. A wagon stuck in a river has a blue ring."""
    state = blank(players=3)
    place_town(state, "town", 2)
    lay_plain(state, 0, 4)
    state["players"][0]["pos"] = 3
    state["players"][0]["stuck"] = True
    lay_plain(state, 1, 2)
    state["players"][1]["in_town"] = True
    d = _page(_view(state))
    cw = 19
    mid = TOP + H / 2
    assert _wagons(d) == {
        (LEFT + 2 * cw + 10 + (cw - 2) / 2, mid): seat_colour(0),
        (LEFT + 2 * cw + 5, mid + ROW): seat_colour(1),
        (LEFT - 9, mid + 2 * ROW): seat_colour(2),
    }
    assert (LEFT + 2 * cw + 10 + 8.5, mid, 11, pic.WATER) in d.circles
    assert [c for c in d.circles if c[3] == pic.WATER] == [(LEFT + 2 * cw + 10 + 8.5, mid, 11, pic.WATER)]
    state["players"][0]["at_end"] = True
    state["players"][2]["alive"] = False
    d = _page(_view(state))
    goal_x = LEFT + 20 * cw + 10 + 1
    assert _wagons(d) == {(goal_x + 9, mid): seat_colour(0), (LEFT + 2 * cw + 5, mid + ROW): seat_colour(1)}


def test_a_seat_shows_its_colour_name_party_and_calamities_in_the_left_column():
    """On the left of each row: a square in the seat's colour with its initial, its name, a pip per
    wagon member (grey once lost) and a red mark per calamity."""
    state = blank(players=2)
    state["players"][1]["members"] = 2
    give_calamity(state, 1, "measles")
    give_calamity(state, 1, "dysentery")
    d = _page(_view(state))
    y1 = TOP + ROW
    assert (8, TOP + 1, 15, 15) in d.rects(seat_colour(0))
    assert (8, y1 + 1, 15, 15) in d.rects(seat_colour(1))
    ann, bob = d.label("Ann"), d.label("Bob")
    assert (ann.x, ann.y, ann.size, ann.bold, ann.fill) == (27, TOP + 12, 10, True, INK)
    assert (bob.x, bob.y) == (27, y1 + 12)
    initials = [lab for lab in d.labels if lab.text in ("A", "B") and lab.size == 10]
    assert {(lab.x, lab.y, lab.fill, lab.anchor) for lab in initials} == {
        (15.5, TOP + 1 + 7.5 + 3.6, "#fff", "middle"),
        (15.5, y1 + 1 + 7.5 + 3.6, "#fff", "middle"),
    }
    pips = [(9 + i * 7, y1 + 19, 5, 5) for i in range(4)]
    assert pips[:2] == [r for r in d.rects(INK) if r[1] == y1 + 19]
    assert pips[2:] == [r for r in d.rects(pic.LOST) if r[1] == y1 + 19]
    assert sorted(r for r in d.rects(INK) if r[1] == TOP + 19) == [(9 + i * 7, TOP + 19, 5, 5) for i in range(4)]
    marks = [p for p in d.polygons(ALARM) if len(p) == 3 and p[0][1] == y1 + 25]
    assert marks == [((39 + i * 8, y1 + 25), (46 + i * 8, y1 + 25), (42.5 + i * 8, y1 + 18)) for i in range(2)]
    assert not [p for p in d.polygons(ALARM) if len(p) == 3 and p[0][1] == TOP + 25]


def test_at_most_seven_calamity_marks_and_a_player_out_is_greyed():
    """A row has room for seven calamity marks; a player out of the game has a grey name and grey
    pips only."""
    state = blank(players=2)
    for kind in ("measles", "dysentery", "cholera", "snake_bite", "broken_arm", "typhoid", "thief", "measles"):
        give_calamity(state, 1, kind)
    state["players"][1]["alive"] = False
    d = _page(_view(state))
    y1 = TOP + ROW
    assert len([p for p in d.polygons(ALARM) if len(p) == 3 and p[0][1] == y1 + 25]) == 7
    assert d.label("Bob").fill == pic.MUTED
    assert [r for r in d.rects(pic.LOST) if r[1] == y1 + 19] == [(9 + i * 7, y1 + 19, 5, 5) for i in range(4)]
    assert not [r for r in d.rects(INK) if r[1] == y1 + 19]
