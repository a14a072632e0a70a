"""Crayon Rails' table pictures (games.rules.crayon_rails.picture), the page's and the email's, read
back from the SVG, on a small hand-made map (board data: mileposts, water, cities) and hand-made
views: each city's name and goods over its symbol, the mileposts by terrain, the rivers and shores;
each seat's track in its colour between the right mileposts; the trains where they stand; the legend;
the email's status, crop and lines, and nothing of another seat's hand. Drawn for a browser (text as
<text>), so that labels can be read with their positions."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

from games.rules.crayon_rails import picture as pic
from games.rules.crayon_rails.board import node, place_name
from games.rules.drawing.common import seat_colour

SVG = "{http://www.w3.org/2000/svg}"
NAMES = {0: "Ann", 1: "Bob", 2: "Cy"}
S = 17.5  # the picture's step between mileposts
ROW = S * math.sqrt(3) / 2

# a map 16 mileposts wide and 4 high (only a few drawn): a major city over two, a medium and a small one, a mountain, an alpine
# peak, a lake cell, a named river along a course and a lake's shore crossing one edge
DATA = {
    "width": 16,
    "height": 4,
    "mileposts": [
        [0, 0, "plain"],
        [1, 0, "mountain"],
        [2, 0, "alpine"],
        [4, 0, "major"],
        [4, 1, "major"],
        [1, 2, "medium"],
        [3, 3, "small"],
    ],
    "water_cells": [[5, 3, "lake"]],
    "water": [
        {"kind": "river", "name": "Blue", "course": [[0, 1], [1, 1], [2, 2]]},
        {"kind": "lake", "edges": [[[0, 0], [1, 0]]]},
    ],
    "cities": [
        {"name": "Bigtown", "size": "major", "mileposts": [[4, 0], [4, 1]], "goods": ["Coal", "Wine"]},
        {"name": "Midham", "size": "medium", "mileposts": [[1, 2]]},
        {"name": "Wee", "size": "small", "mileposts": [[3, 3]], "goods": ["Fish"]},
    ],
}


def board(key="tiny"):
    pic._pictures.clear()  # the static layers are kept per board key: drawn afresh for each test
    return {"key": key, "data": DATA}


def at(x, y):
    """The picture's pixel centre of milepost [x, y], from the geometry the module docstring gives."""
    return S + S * (x + 0.5 * (y % 2)), S + ROW * y


def _polygons(d: str) -> list[tuple]:
    """Returns a path's subpaths as tuples of absolute points (M, L, h, v, z)."""
    polys, points, x, y = [], [], 0.0, 0.0
    for cmd, args in re.findall(r"([MLhvz])([^MLhvz]*)", d or ""):
        n = [float(v) for v in args.replace(",", " ").split()]
        if cmd == "M":
            if points:
                polys.append(tuple(points))
            x, y = n
            points = [(x, y)]
        elif cmd == "z":
            polys.append(tuple(points))
            points = []
        else:
            if cmd == "L":
                x, y = n
            elif cmd == "h":
                x += n[0]
            else:
                y += n[0]
            points.append((x, y))
    if points:
        polys.append(tuple(points))
    return polys


class Drawn:
    """A picture read back: its size, its filled paths, its circles and its labels."""

    def __init__(self, svg: str):
        self.svg = svg
        self.root = ET.fromstring(svg)
        self.width, self.height = float(self.root.get("width")), float(self.root.get("height"))
        self.paths = [(el.get("fill"), el.get("d")) for el in self.root.iter(f"{SVG}path")]
        self.circles = [
            (float(el.get("cx")), float(el.get("cy")), float(el.get("r")), el.get("fill"))
            for el in self.root.iter(f"{SVG}circle")
        ]
        self.labels = []
        for el in self.root.iter(f"{SVG}text"):
            style = (float(el.get("font-size")), el.get("fill"), el.get("font-weight") == "bold", el.get("text-anchor"))
            for span in el.iter(f"{SVG}tspan"):
                self.labels.append((span.text, float(span.get("x")), float(span.get("y")), *style))

    def polygons(self, fill):
        return [p for colour, d in self.paths if colour == fill for p in _polygons(d)]

    def label(self, text):
        [found] = [lab for lab in self.labels if lab[0] == text]
        return found

    def texts(self):
        return [lab[0] for lab in self.labels]


def near(a, b, tol=0.01):
    return abs(a - b) <= tol


def square_at(polys, x, y, side):
    """Whether one polygon is the square of `side` from corner (x, y), its edges rounded as rect_d's."""
    x0, y0, x1, y1 = round(x), round(y), round(x + side), round(y + side)
    want = {(x0, y0), (x1, y0), (x1, y1), (x0, y1)}
    return any(set(p) == want for p in polys)


def band(poly, a, b, width):
    """Whether a polygon is the band `width` wide from point a to point b (line_d's four corners)."""
    if len(poly) != 4:
        return False
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    nx, ny = -(b[1] - a[1]) / length * width / 2, (b[0] - a[0]) / length * width / 2
    corners = [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)]
    return all(any(near(px, cx, 0.02) and near(py, cy, 0.02) for px, py in poly) for cx, cy in corners)


def player(seat, *, position=None, track=(), cash=50, **more):
    return {"seat": seat, "cash": cash, "position": position, "track": list(track), **more}


def draw(view, me=0, key="tiny"):
    return Drawn(pic.picture(view, names=NAMES, me=me, board=board(key), browser=True))


# -- the map --------------------------------------------------------------------------------------------
def test_no_board_draws_nothing():
    """Without the board's map data there is no picture, page or email."""
    view = {"players": [player(0)]}
    assert pic.picture(view, board=None) is None
    assert pic.picture(view, board={"key": "x", "data": None}) is None
    assert pic.email_picture(view, board=None) is None
    assert pic.email_picture(view, board={"key": "x"}) is None


def test_the_map_is_as_large_as_its_mileposts_and_the_legend_below():
    """The map's width spans its columns (odd rows half a step right), its height its rows; the
    legend's row adds 26 pixels below it."""
    d = draw({"players": [player(0)]})
    w = round(2 * S + S * (16 - 0.5))
    h = round(2 * S + ROW * (4 - 1))
    assert d.width == w
    assert d.height == h + 2 + 24


def test_a_milepost_beyond_the_maps_width_widens_it():
    """The map's size is the larger of its declared width and height and its mileposts'."""
    data = dict(DATA, width=2, height=1)
    pic._pictures.clear()
    d = Drawn(pic.picture({"players": []}, board={"key": "small", "data": data}, browser=True))
    assert d.width == round(2 * S + S * (5 - 0.5))  # the major milepost [4, 0]: 5 columns
    assert d.height == round(2 * S + ROW * (4 - 1)) + 2 + 24  # [3, 3]: 4 rows


def test_cities_their_names_and_goods():
    """A major city is a hexagon round its mileposts, named in 11 px bold above it, its goods in 8 px
    green below; a medium city a square 2 * 6 px, a small one 2 * 5 px, named in 9.5 px bold."""
    d = draw({"players": []})
    (ax, ay), (bx, by) = at(4, 0), at(4, 1)
    cx, cy = (ax + bx) / 2, (ay + by) / 2
    r = max(math.hypot(ax - cx, ay - cy) + S * 0.42, S * 0.6)
    name = d.label("Bigtown")
    assert near(name[1], cx) and near(name[2], cy - r * 0.87 - 3) and name[3:6] == (11, "#2b2118", True)
    assert name[6] == "middle"
    goods = d.label("Coal, Wine")
    assert near(goods[1], cx) and near(goods[2], cy + r * 0.87 + 9) and goods[3:5] == (8, "#2d5a1e")
    [hexagon] = d.polygons("#f7d774")
    assert len(hexagon) == 6
    for k, (px, py) in enumerate(hexagon):
        assert near(px, cx + r * math.cos(math.radians(60 * k)), 0.06)
        assert near(py, cy + r * math.sin(math.radians(60 * k)), 0.06)
    mx, my = at(1, 2)
    name = d.label("Midham")
    assert near(name[1], mx) and near(name[2], my - 6 - 3) and name[3:6] == (9.5, "#2b2118", True)
    sx, sy = at(3, 3)
    name = d.label("Wee")
    assert near(name[1], sx) and near(name[2], sy - 5 - 3) and name[3] == 9.5
    fish = d.label("Fish")
    assert near(fish[2], sy + 5 + 9)
    squares = d.polygons("#f2c94c")
    assert square_at(squares, mx - 6, my - 6, 12) and square_at(squares, sx - 5, sy - 5, 10)
    assert len(squares) == 2
    rims = d.polygons("#8a6d00")
    assert square_at(rims, mx - 7, my - 7, 14) and square_at(rims, sx - 6, sy - 6, 12)
    [rim_hex] = [p for p in rims if len(p) == 6]
    assert near(rim_hex[0][0], cx + r + 1.2, 0.06) and near(rim_hex[0][1], cy, 0.06)
    assert "Midham," not in " ".join(d.texts())  # a city without goods has no goods line


def test_mileposts_by_terrain():
    """A plain milepost is a 3 px grey dot, a mountain a tan triangle, an alpine peak a larger brown
    one, a city's milepost a dark square with a white middle."""
    d = draw({"players": []})
    x, y = at(0, 0)
    [dot] = d.polygons("#7d7266")
    assert set(dot) == {
        (round(x) - 1, round(y) - 1),
        (round(x) + 2, round(y) - 1),
        (round(x) + 2, round(y) + 2),
        (round(x) - 1, round(y) + 2),
    }
    for colour, (px, py), r in (("#c79a5b", at(1, 0), S * 0.24), ("#7a4b22", at(2, 0), S * 0.3)):
        [tri] = d.polygons(colour)
        want = [(px, py - r), (px + r * 0.95, py + r * 0.6), (px - r * 0.95, py + r * 0.6)]
        assert len(tri) == 3 and all(near(a, b) and near(c, e) for (a, c), (b, e) in zip(tri, want))
    cities = d.polygons("#6e5300")
    whites = d.polygons("#fff")
    assert len(cities) == 4 and len(whites) == 4
    for mx, my in (at(4, 0), at(4, 1), at(1, 2), at(3, 3)):
        assert square_at(cities, round(mx) - 2, round(my) - 2, 5)
        assert square_at(whites, round(mx) - 1, round(my) - 1, 3)


def test_water_cells_rivers_and_shores():
    """A lake's cell is a hexagon in the lake's blue; a named river is drawn along its course with
    its name in 9 px blue beside its middle; a shore's crossed edge is a tick across it."""
    d = draw({"players": []})
    [cell] = d.polygons(pic.WATER_FILL["lake"])
    cx, cy = at(5, 3)
    assert len(cell) == 6
    assert all(near(math.hypot(px - cx, py - cy), S / math.sqrt(3), 0.1) for px, py in cell)
    river = d.label("Blue")
    # the course's middle pair: [0, 1] and [1, 1], in the course's own units (no odd row's half step)
    assert near(river[1], S + S * 0.5 + 6) and near(river[2], S + S * 1) and river[3:5] == (9, "#2f78c4")
    course = [d for colour, d in d.paths if colour == pic.WATER_EDGE["river"][0]]
    assert len(course) == 1
    [tick] = d.polygons(pic.WATER_EDGE["lake"][0])
    (ax, ay), (bx, _) = at(0, 0), at(1, 0)
    mx = (ax + bx) / 2
    assert band(tick, (mx, ay + S * 0.3), (mx, ay - S * 0.3), 1.6) or band(
        tick, (mx, ay - S * 0.3), (mx, ay + S * 0.3), 1.6
    )


# -- tracks, trains, the legend ------------------------------------------------------------------------
def test_each_seats_track_in_its_colour_between_its_mileposts():
    """A seat's track is one path in its colour: a band 3.2 px wide per section and a 3.2 px square
    at each joint; another seat's track is in its own colour; a seat without track draws nothing."""
    view = {
        "players": [
            player(0, track=[[[0, 0], [1, 0]], [[1, 0], [1, 1]]]),
            player(1, track=[[[3, 3], [4, 3]]]),
            player(2, track=[]),
        ]
    }
    d = draw(view)
    mine = d.polygons(seat_colour(0))
    assert sum(len(p) == 4 and band(p, at(0, 0), at(1, 0), 3.2) for p in mine) == 1
    assert sum(band(p, at(1, 0), at(1, 1), 3.2) for p in mine) == 1
    for x, y in (at(0, 0), at(1, 0), at(1, 1)):
        assert square_at(mine, x - 1.6, y - 1.6, 3.2)
    theirs = d.polygons(seat_colour(1))
    assert any(band(p, at(3, 3), at(4, 3), 3.2) for p in theirs)
    assert not any(band(p, at(0, 0), at(1, 0), 3.2) for p in theirs)
    assert not d.polygons(seat_colour(2))


def test_a_malformed_section_is_skipped():
    """A section that is not two mileposts is left out; the others are drawn."""
    d = draw({"players": [player(0, track=[[[0, 0]], None, [[0, 0], [1, 0]]])]})
    mine = d.polygons(seat_colour(0))
    assert sum(band(p, at(0, 0), at(1, 0), 3.2) for p in mine) == 1 and len(mine) == 3


def test_trains_where_they_stand_spread_when_they_share():
    """A train is its seat's token (a disc of r 7 in its colour on a white ring) on its milepost;
    two sharing a milepost stand 0.3 of a step either side of it; a seat without a train has none."""
    view = {"players": [player(0, position=[2, 1]), player(1, position=[2, 1]), player(2, position=[0, 3])]}
    d = draw(view)
    x, y = at(2, 1)
    discs = {(round(cx, 2), round(cy, 2)) for cx, cy, r, fill in d.circles if r == 7}
    assert (round(x + S * 0.3, 2), round(y, 2)) in discs
    assert (round(x - S * 0.3, 2), round(y, 2)) in discs
    cx, cy = at(0, 3)
    assert any(near(c[0], cx) and near(c[1], cy) and c[2] == 7 and c[3] == seat_colour(2) for c in d.circles)
    assert any(near(c[0], cx) and near(c[1], cy) and c[2] == 8.5 and c[3] == "#fff" for c in d.circles)
    none = draw({"players": [player(0)]})
    assert [c for c in none.circles if c[1] < none.height - 30] == []


def test_the_legend_names_each_seat_its_cash_and_the_reader():
    """Below the map, each player's token and 'name: cash' in 11 px, the reader's name marked
    '(you)', left to right from the margin."""
    d = draw({"players": [player(0, cash=71), player(1, cash=5)]}, me=1)
    h = round(2 * S + ROW * 3)
    ann = d.label("Ann: 71 cash")
    bob = d.label("Bob (you): 5 cash")
    assert near(ann[1], S + 19) and near(ann[2], h + 2 + 13) and ann[3] == 11
    assert near(bob[2], ann[2]) and bob[1] > ann[1] + 36
    assert any(near(c[0], S + 8) and near(c[1], h + 2 + 9) and c[3] == seat_colour(0) for c in d.circles)


def test_the_legend_wraps_onto_a_new_row():
    """A legend entry that would pass the map's right margin starts a new row 22 px lower."""
    names = {0: "A" * 30, 1: "B" * 30}
    pic._pictures.clear()
    d = Drawn(pic.picture({"players": [player(0), player(1)]}, names=names, board=board(), browser=True))
    h = round(2 * S + ROW * 3)
    first, second = d.label("A" * 30 + ": 50 cash"), d.label("B" * 30 + ": 50 cash")
    assert near(first[2], h + 2 + 13) and near(second[2], h + 2 + 22 + 13) and near(second[1], S + 19)
    assert d.height == h + 2 + 22 + 24


def test_the_summary_names_each_seat_its_track_and_train():
    """The picture's summary (read by a screen reader) gives each player's track and train."""
    x, y = 21, 3
    view = {"players": [player(0, position=[x, y], track=[[[0, 0], [1, 0]]]), player(1)]}
    d = draw(view)
    want = f"Crayon Rails map. Ann: 1 track segment, train at {place_name(node(x, y))}; Bob: 0 track segments, no train yet"
    assert d.root.get("aria-label") == want


def test_players_without_a_seat_are_left_out():
    """An entry of players that is not a seat's dict is not drawn."""
    d = draw({"players": [player(0), {"seat": "x"}, "junk"]})
    assert d.texts()[-1] == "Ann (you): 50 cash" and "?" not in d.texts()
