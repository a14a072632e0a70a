"""Crayon Rails' map as SVG: terrain, water, cities, goods, mileposts, the players' tracks and trains.

Two drawings share the geometry and the layers here:

- the game page's interactive map (`page_layers`, used by games/templatetags/crayon_rails.py):
  elements styled by static/css/crayon-rails.css, every milepost its own clickable element
  (data-x, data-y), cities with a tooltip;
- the picture (`picture`, for emails and anything else that wants the table as one image): the
  same map a little smaller, its colours written in, everything filled and the many shapes drawn
  as a few paths (the mileposts are one path, not nine hundred elements; the water one outline),
  without the major cities' free track; the tracks, the trains, and a legend naming each player
  beside their colour.

The map depends only on the rules and options, so both keep their static layers per board key
(games.boards); a page or a picture then only draws what changes.

Geometry: milepost [x, y]; odd rows sit half a step to the right, rows are sqrt(3)/2 apart.
"""

from __future__ import annotations

import math
import threading
from html import escape

from ..base import counted, seat_label
from ..drawing.common import (
    EMAIL_TEXT,
    EMAIL_W,
    SEAT_COLOUR_NAMES,
    SEAT_COLOURS,
    seat_colour,
    seat_names,
    token,
    token_labels,
)
from ..drawing.svg import INK, Canvas, line_d, num, rect_d
from .board import node, place_name
from .places import city_place

S = 26.0  # pixels between neighbouring mileposts
ROW = S * math.sqrt(3) / 2
MARGIN = S
PALETTE = SEAT_COLOURS
PALETTE_NAMES = SEAT_COLOUR_NAMES
WATER_FILL = {"sea": "#a9d3ef", "lake": "#8ec5ea", "inlet": "#9dcdee"}
WATER_EDGE = {"river": ("#4aa3df", 2.6), "lake": ("#6fb3e3", 2.2), "inlet": ("#6fb3e3", 2.2)}
LAND = "#f4efdc"

_pictures: dict[tuple[str, bool], dict] = {}
_lock = threading.Lock()


def xy(x, y) -> tuple[float, float]:
    """Returns the pixel centre of milepost [x, y]."""
    return MARGIN + S * (x + 0.5 * (y % 2)), MARGIN + ROW * y


def coord(v: float) -> str:
    """Returns a pixel position with at most one decimal."""
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _hexagon(cx, cy, r, start_deg) -> str:
    return " ".join(
        f"{coord(cx + r * math.cos(math.radians(start_deg + 60 * k)))},"
        f"{coord(cy + r * math.sin(math.radians(start_deg + 60 * k)))}"
        for k in range(6)
    )


def _triangle(cx, cy, r) -> str:
    return f"{coord(cx)},{coord(cy - r)} {coord(cx + r * 0.95)},{coord(cy + r * 0.6)} {coord(cx - r * 0.95)},{coord(cy + r * 0.6)}"


def _smooth(pts) -> str:
    """Returns a path `d` through the points, smoothed (Catmull-Rom as cubic Beziers)."""
    d = [f"M{coord(pts[0][0])} {coord(pts[0][1])}"]
    for i in range(len(pts) - 1):
        p0, p1, p2 = pts[max(i - 1, 0)], pts[i], pts[i + 1]
        p3 = pts[min(i + 2, len(pts) - 1)]
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        d.append(f"C{coord(c1[0])} {coord(c1[1])} {coord(c2[0])} {coord(c2[1])} {coord(p2[0])} {coord(p2[1])}")
    return "".join(d)


def _text(x, y, text, cls) -> str:
    return f'<text x="{coord(x)}" y="{coord(y)}" class="{cls}">{escape(text)}</text>'


def map_size(data: dict) -> tuple[float, float]:
    """Returns the map's width and height in pixels."""
    width, height = data.get("width") or 0, data.get("height") or 0
    for x, y, *_ in data.get("mileposts", []):
        width, height = max(width, x + 1), max(height, y + 1)
    return MARGIN * 2 + S * (width - 0.5), MARGIN * 2 + ROW * (height - 1)


def segments_d(segments) -> str:
    """Returns a path `d` of straight segments between mileposts [[x1, y1], [x2, y2]]."""
    d = []
    for seg in segments or []:
        try:
            (x1, y1), (x2, y2) = seg[0], seg[1]
        except (TypeError, ValueError, IndexError):
            continue
        (ax, ay), (bx, by) = xy(x1, y1), xy(x2, y2)
        d.append(f"M{coord(ax)} {coord(ay)}L{coord(bx)} {coord(by)}")
    return "".join(d)


def _river_ticks(water: dict) -> str:
    """Returns the crossed milepost edges of a water feature as short ticks across them."""
    d = []
    for (x1, y1), (x2, y2) in water.get("edges", []):
        (ax, ay), (bx, by) = xy(x1, y1), xy(x2, y2)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        length = math.hypot(bx - ax, by - ay) or 1
        nx, ny = -(by - ay) / length, (bx - ax) / length
        half = S / (2 * math.sqrt(3)) + 0.6
        d.append(f"M{coord(mx - nx * half)} {coord(my - ny * half)}L{coord(mx + nx * half)} {coord(my + ny * half)}")
    return "".join(d)


def _city_shape(city: dict):
    """Returns (kind, centre x, centre y, r, top, bottom) of a city's symbol, or None."""
    pts = [xy(x, y) for x, y in city.get("mileposts", [])]
    if not pts:
        return None
    cx, cy = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
    size = city.get("size", "small")
    if size == "major":
        r = max(max(math.hypot(px - cx, py - cy) for px, py in pts) + S * 0.42, S * 0.6)
        return "major", cx, cy, r, cy - r * 0.87, cy + r * 0.87
    r = S * (0.36 if size == "medium" else 0.3)
    return ("medium" if size == "medium" else "small"), cx, cy, r, cy - r, cy + r


# -- the game page's interactive map ---------------------------------------------------------------
def page_layers(data: dict) -> dict:
    """Returns {"w", "h", "s", "margin", "svg"}: the static map layers of map_data as SVG markup,
    styled by static/css/crayon-rails.css, every milepost clickable."""
    w, h = map_size(data)
    out = [f'<rect class="cr-land" x="0" y="0" width="{coord(w)}" height="{coord(h)}"/>']
    river_labels = _water_layers(data, out)
    labels = _city_layer(data, out)
    d = segments_d(data.get("city_track"))
    out.append(f'<g class="cr-city-track"><path d="{d}"/></g>' if d else "")
    _milepost_layer(data, out)
    out.append('<g class="cr-labels">')
    out.extend(river_labels)
    out.extend(labels)
    out.append("</g>")
    return {"w": coord(w), "h": coord(h), "s": coord(S), "margin": coord(MARGIN), "svg": "".join(out)}


def _water_layers(data, out) -> list[str]:
    """Sea/lake/inlet cells as hexagons; rivers as smoothed courses; the crossed edges as ticks."""
    out.append('<g class="cr-water">')
    for x, y, kind in data.get("water_cells", []):
        cx, cy = xy(x, y)
        out.append(
            f'<polygon class="cr-w-{escape(kind)}" fill="{WATER_FILL.get(kind, "#a9d3ef")}" '
            f'points="{_hexagon(cx, cy, S * 0.6, 30)}"/>'
        )
    out.append('</g><g class="cr-water-edges">')
    labels = []
    for water in data.get("water", []):
        kind = water.get("kind", "river")
        colour, stroke = WATER_EDGE.get(kind, WATER_EDGE["river"])
        course = water.get("course") or []
        if len(course) >= 2:  # the river itself, smoothed; its crossings as light ticks below
            pts = [(MARGIN + S * cx, MARGIN + S * cy) for cx, cy in course]
            out.append(
                f'<path class="cr-{escape(kind)}-course" stroke="{colour}" stroke-width="{stroke + 0.8}" '
                f'd="{_smooth(pts)}"/>'
            )
            if water.get("name"):
                mid = len(pts) // 2
                (ax, ay), (bx, by) = pts[mid - 1], pts[mid]
                labels.append(_text((ax + bx) / 2 + 7, (ay + by) / 2, water["name"], "cr-river-name"))
            stroke = 1.2
        d = _river_ticks(water)
        if d:
            out.append(f'<path class="cr-{escape(kind)}" stroke="{colour}" stroke-width="{stroke}" d="{d}"/>')
    out.append("</g>")
    return labels


def _city_layer(data, out) -> list[str]:
    """Cities by size (major: a hexagon over its mileposts, medium: a square, small: a circle)."""
    out.append('<g class="cr-cities">')
    labels = []
    for city in data.get("cities", []):
        shape = _city_shape(city)
        if shape is None:
            continue
        size, cx, cy, r, top, bottom = shape
        name = escape(city.get("name", ""))
        place = escape(city_place(city.get("name", "")))
        if size == "major":
            out.append(
                f'<polygon class="cr-city cr-major" data-place="{place}" points="{_hexagon(cx, cy, r, 0)}"><title>{name}</title></polygon>'
            )
        elif size == "medium":
            out.append(
                f'<rect class="cr-city cr-medium" data-place="{place}" x="{coord(cx - r)}" y="{coord(cy - r)}" width="{coord(2 * r)}" '
                f'height="{coord(2 * r)}"><title>{name}</title></rect>'
            )
        else:
            out.append(
                f'<circle class="cr-city cr-small" data-place="{place}" cx="{coord(cx)}" cy="{coord(cy)}" r="{coord(r)}"><title>{name}'
                "</title></circle>"
            )
        labels.append(_text(cx, top - 3, city.get("name", ""), f"cr-name cr-name-{escape(city.get('size', 'small'))}"))
        if city.get("goods"):
            labels.append(_text(cx, bottom + 9, ", ".join(city["goods"]), "cr-goods"))
    out.append("</g>")
    return labels


def _milepost_layer(data, out) -> None:
    """Every milepost, clickable (data-x, data-y): a dot, a triangle (mountain, alpine) or a ring (city)."""
    out.append('<g class="cr-mileposts">')
    for x, y, terrain in data.get("mileposts", []):
        cx, cy = xy(x, y)
        attrs = f'data-x="{x}" data-y="{y}"'
        if terrain == "mountain":
            out.append(f'<polygon class="mp t-mountain" {attrs} points="{_triangle(cx, cy, S * 0.24)}"/>')
        elif terrain == "alpine":
            out.append(f'<polygon class="mp t-alpine" {attrs} points="{_triangle(cx, cy, S * 0.3)}"/>')
        elif terrain in ("small", "medium", "major"):
            out.append(f'<circle class="mp t-city" {attrs} cx="{coord(cx)}" cy="{coord(cy)}" r="2.6"/>')
        else:
            out.append(f'<circle class="mp t-{escape(terrain)}" {attrs} cx="{coord(cx)}" cy="{coord(cy)}" r="2"/>')
    out.append("</g>")


def trains(players) -> list[dict]:
    """Returns the trains to draw: {"seat", "cx", "cy", "colour", "label", "name", "x", "y"}, spread
    around their milepost when several share it."""
    return [
        {
            "seat": p["seat"],
            "cx": coord(cx),
            "cy": coord(cy),
            "colour": seat_colour(p["seat"]),
            "label": str(p["seat"] + 1),
            "name": p.get("name", ""),
            "x": x,
            "y": y,
        }
        for cx, cy, p, (x, y) in _spread(players, xy, S * 0.3)
    ]


def _spread(players, xy, spread: float):
    """Yields (x, y, player, milepost) for each player's train: the centre of its milepost (xy's
    pixels), or a point `spread` from it, round it, when several trains share the milepost."""
    at: dict[tuple, list] = {}
    for p in players or []:
        if p.get("position"):
            at.setdefault(tuple(p["position"]), []).append(p)
    for (x, y), group in at.items():
        cx, cy = xy(x, y)
        r = spread if len(group) > 1 else 0
        for i, p in enumerate(group):
            angle = 2 * math.pi * i / len(group)
            yield cx + r * math.cos(angle), cy + r * math.sin(angle), p, (x, y)


def _track(g, p: dict, width: float, half: float) -> str:
    """Returns a player's track as one filled path in its colour (each section a band `width` wide,
    each joint a square `2 * half` wide: no stroking), or "" for none."""
    parts, joints = [], set()
    for seg in p.get("track") or []:
        try:
            (x1, y1), (x2, y2) = seg[0], seg[1]
        except (TypeError, ValueError, IndexError):
            continue
        a, b = g.xy(x1, y1), g.xy(x2, y2)
        parts.append(line_d([a, b], width))
        joints.update((a, b))
    parts += [rect_d(x - half, y - half, 2 * half, 2 * half) for x, y in sorted(joints)]
    return f'<path fill="{seat_colour(p["seat"])}" d="{"".join(parts)}"/>' if parts else ""


# -- the picture ---------------------------------------------------------------------------------
PICTURE_S = 17.5  # the picture's pixels between mileposts: the whole map in about 730 pixels' width


class _Grid:
    """The picture's geometry: mileposts PICTURE_S apart (the page's map is 26)."""

    s = PICTURE_S
    row = PICTURE_S * math.sqrt(3) / 2
    margin = PICTURE_S

    def xy(self, x, y) -> tuple[float, float]:
        return self.margin + self.s * (x + 0.5 * (y % 2)), self.margin + self.row * y

    def size(self, data: dict) -> tuple[int, int]:
        width, height = data.get("width") or 0, data.get("height") or 0
        for x, y, *_ in data.get("mileposts", []):
            width, height = max(width, x + 1), max(height, y + 1)
        return round(self.margin * 2 + self.s * (width - 0.5)), round(self.margin * 2 + self.row * (height - 1))


def _hex_points(cx, cy, r, start_deg) -> list[tuple[float, float]]:
    """Returns a hexagon's corners, rounded so that neighbours share theirs exactly."""
    return [
        (
            round(cx + r * math.cos(math.radians(start_deg + 60 * k)), 1),
            round(cy + r * math.sin(math.radians(start_deg + 60 * k)), 1),
        )
        for k in range(6)
    ]


def _union_outline(hexagons: list[list[tuple[float, float]]]) -> str:
    """Returns a path `d` of the outline of touching hexagons: the edges no two of them share,
    joined into rings (one filled path of a few edges per row of pixels renders far faster than
    a hexagon per cell)."""
    edges = set()
    for pts in hexagons:
        for a, b in zip(pts, pts[1:] + pts[:1]):
            if (b, a) in edges:
                edges.discard((b, a))
            else:
                edges.add((a, b))
    nxt = {}
    for a, b in sorted(edges):
        nxt.setdefault(a, []).append(b)
    d = []
    while nxt:
        start = min(nxt)
        ring, at = [start], start
        while True:
            ends = nxt.get(at)
            if not ends:
                break
            to = ends.pop()
            if not ends:
                del nxt[at]
            if to == start:
                break
            ring.append(to)
            at = to
        d.append("M" + "L".join(f"{num(x)} {num(y)}" for x, y in ring) + "z")
    return "".join(d)


def _smooth_points(pts, steps: int = 6) -> list[tuple[float, float]]:
    """Returns points along the Catmull-Rom curve through pts (see _smooth), `steps` per span."""
    out = [pts[0]]
    for i in range(len(pts) - 1):
        p0, p1, p2 = pts[max(i - 1, 0)], pts[i], pts[i + 1]
        p3 = pts[min(i + 2, len(pts) - 1)]
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        for k in range(1, steps + 1):
            t = k / steps
            u = 1 - t
            out.append(
                (
                    u**3 * p1[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t**3 * p2[0],
                    u**3 * p1[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t**3 * p2[1],
                )
            )
    return out


def _picture_static(board: dict, browser: bool) -> dict:
    """Returns {"w", "h", "svg", "labels"}: the map of a board with its colours written in, and its
    names (drawn over the tracks), built once per board key and way of writing text.

    Everything is filled, nothing stroked, and the many shapes are few paths: resvg strokes by
    outlining first, and fills a path's rows of pixels once however many shapes share them."""
    key = (str(board.get("key")), browser)
    found = _pictures.get(key)
    if found is not None:
        return found
    data = board.get("data") or {}
    g = _Grid()
    w, h = g.size(data)
    c = Canvas(w, browser=browser)
    cells: dict[str, list] = {}
    for x, y, kind in data.get("water_cells", []):
        cells.setdefault(kind, []).append(_hex_points(*g.xy(x, y), g.s / math.sqrt(3), 30))  # they tile
    for kind, hexagons in cells.items():
        c.add(f'<path fill="{WATER_FILL.get(kind, WATER_FILL["sea"])}" d="{_union_outline(hexagons)}"/>')
    for water in data.get("water", []):
        kind = water.get("kind", "river")
        colour, stroke = WATER_EDGE.get(kind, WATER_EDGE["river"])
        course = water.get("course") or []
        if len(course) >= 2:  # the river along its course (its crossings are where it meets the track)
            pts = _smooth_points([(g.margin + g.s * cx, g.margin + g.s * cy) for cx, cy in course])
            c.add(f'<path fill="{colour}" d="{line_d(pts, stroke * 0.75 + 0.6)}"/>')
            if water.get("name"):
                mid = len(course) // 2
                (ax, ay), (bx, by) = course[mid - 1], course[mid]
                c.text(
                    g.margin + g.s * (ax + bx) / 2 + 6,
                    g.margin + g.s * (ay + by) / 2,
                    water["name"],
                    size=9,
                    fill="#2f78c4",
                )
            continue
        d = []
        for (x1, y1), (x2, y2) in water.get("edges", []):  # a shore: ticks across the crossed edges
            (ax, ay), (bx, by) = g.xy(x1, y1), g.xy(x2, y2)
            mx, my = (ax + bx) / 2, (ay + by) / 2
            length = math.hypot(bx - ax, by - ay) or 1
            nx, ny = -(by - ay) / length * g.s * 0.3, (bx - ax) / length * g.s * 0.3
            d.append(line_d([(mx - nx, my - ny), (mx + nx, my + ny)], 1.6))
        if d:
            c.add(f'<path fill="{colour}" d="{"".join(d)}"/>')
    rims, majors, others = [], [], []
    for city in data.get("cities", []):
        pts = [g.xy(x, y) for x, y in city.get("mileposts", [])]
        if not pts:
            continue
        cx, cy = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
        size = city.get("size", "small")
        if size == "major":
            r = max(max(math.hypot(px - cx, py - cy) for px, py in pts) + g.s * 0.42, g.s * 0.6)
            rims.append(_polygon(_hex_points(cx, cy, r + 1.2, 0)))
            majors.append(_polygon(_hex_points(cx, cy, r, 0)))
            top, bottom = cy - r * 0.87, cy + r * 0.87
        else:
            r = round(g.s * (0.36 if size == "medium" else 0.28))
            rims.append(rect_d(cx - r - 1, cy - r - 1, 2 * r + 2, 2 * r + 2))
            others.append(rect_d(cx - r, cy - r, 2 * r, 2 * r))
            top, bottom = cy - r, cy + r
        c.text(cx, top - 3, city.get("name", ""), size=11 if size == "major" else 9.5, bold=True, anchor="middle")
        if city.get("goods"):
            c.text(cx, bottom + 9, ", ".join(city["goods"]), size=8, fill="#2d5a1e", anchor="middle")
    c.add(
        f'<path fill="#8a6d00" d="{"".join(rims)}"/>',
        f'<path fill="#f7d774" d="{"".join(majors)}"/>',
        f'<path fill="#f2c94c" d="{"".join(others)}"/>',
    )
    dots, cities, mountains, alpine = [], [], [], []
    for x, y, terrain in data.get("mileposts", []):
        cx, cy = g.xy(x, y)
        if terrain in ("mountain", "alpine"):
            r = g.s * (0.3 if terrain == "alpine" else 0.24)
            (alpine if terrain == "alpine" else mountains).append(
                f"M{num(cx)} {num(cy - r)}L{num(cx + r * 0.95)} {num(cy + r * 0.6)}L{num(cx - r * 0.95)} {num(cy + r * 0.6)}z"
            )
        elif terrain in ("small", "medium", "major"):
            cities.append((round(cx), round(cy)))
        else:
            dots.append(rect_d(round(cx) - 1, round(cy) - 1, 3, 3))
    c.add(
        f'<path fill="#7d7266" d="{"".join(dots)}"/>',
        f'<path fill="#c79a5b" d="{"".join(mountains)}"/>',
        f'<path fill="#7a4b22" d="{"".join(alpine)}"/>',
        f'<path fill="#6e5300" d="{"".join(rect_d(x - 2, y - 2, 5, 5) for x, y in cities)}"/>',
        f'<path fill="#fff" d="{"".join(rect_d(x - 1, y - 1, 3, 3) for x, y in cities)}"/>',
    )
    shapes = "".join(c.parts)
    c.parts = []
    c.flush()
    found = {"w": w, "h": h, "svg": shapes, "labels": "".join(c.parts)}
    with _lock:
        if len(_pictures) >= 64:
            _pictures.clear()
        _pictures[key] = found
    return found


def _polygon(points) -> str:
    return "M" + "L".join(f"{num(x)} {num(y)}" for x, y in points) + "z"


def _where(p: dict) -> str:
    """Returns where a player's train stands: its place, or "no train yet"."""
    return place_name(node(*p["position"])) if p.get("position") else "no train yet"


def _summary(title: str, players: list, names: dict, fact) -> str:
    """Returns a picture's summary for a screen reader: the title, then each player's fact(p) and train."""
    return title + "; ".join(
        f"{names.get(p['seat'])}: {fact(p)}, " + ("train at " if p.get("position") else "") + _where(p) for p in players
    )


def picture(
    view: dict, *, names: dict | None = None, me: int | None = None, board: dict | None = None, browser: bool = False
) -> str | None:
    """Returns the map of a Crayon Rails view with every track and train as a standalone SVG (None
    without the board's map data)."""
    if not board or not board.get("data"):
        return None
    names = seat_names(view, names)
    labels = token_labels(names)
    static = _picture_static(board, browser)
    w, h = static["w"], static["h"]
    g = _Grid()
    players = [p for p in view.get("players") or [] if isinstance(p, dict) and isinstance(p.get("seat"), int)]
    c = Canvas(w, browser=browser)
    c.add(static["svg"])
    c.add(*(_track(g, p, 3.2, 1.6) for p in players))
    c.add(static["labels"])
    for x, y, p, _ in _spread(players, g.xy, g.s * 0.3):
        token(c, x, y, p["seat"], labels.get(p["seat"], "?"), r=7)

    # the legend: each player's colour, initial and name
    y = h + 2
    x = g.margin
    for p in players:
        seat = p["seat"]
        name = names.get(seat, seat_label(seat)) + (" (you)" if seat == me else "")
        text = f"{name}: {p.get('cash', 0)} cash"
        width = c.measure(text, 11) + 36
        if x + width > w - g.margin and x > g.margin:
            x, y = g.margin, y + 22
        token(c, x + 8, y + 9, seat, labels.get(seat, "?"), r=7)
        c.text(x + 19, y + 13, text, size=11, fill=INK)
        x += width
    height = y + 24
    summary = _summary(
        "Crayon Rails map. ", players, names, lambda p: counted(len(p.get("track") or []), "track segment")
    )
    return c.svg(height, summary=summary, background=LAND)


# -- the email's picture ---------------------------------------------------------------------------
E_PAD = 10
E_SCALE = 1.7  # the map's smallest label (8) at 13.6: the crop is 600 / 1.7 = 353 map pixels wide
E_MAP_H = 400  # the crop's height in the email


def _crop(view: dict, me, w: float, h: float) -> tuple[float, float]:
    """Returns the top left corner (map pixels) of the crop: around the reader's train and track
    (their middle, the train kept in), else the middle of the map."""
    g = _Grid()
    vw, vh = EMAIL_W / E_SCALE, E_MAP_H / E_SCALE
    mine = next((p for p in view.get("players") or [] if isinstance(p, dict) and p.get("seat") == me), None) or {}
    pts = []
    for seg in mine.get("track") or []:
        try:
            pts += [g.xy(*seg[0]), g.xy(*seg[1])]
        except (TypeError, ValueError, IndexError):
            continue
    train = g.xy(*mine["position"]) if mine.get("position") else None
    if train:
        pts.append(train)
    if pts:
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        if train:  # the network may be wider than the crop: keep the train well inside it
            cx = min(max(cx, train[0] - vw / 2 + 40), train[0] + vw / 2 - 40)
            cy = min(max(cy, train[1] - vh / 2 + 40), train[1] + vh / 2 - 40)
    else:
        cx, cy = w / 2, h / 2
    return max(0.0, min(cx - vw / 2, w - vw)), max(0.0, min(cy - vh / 2, h - vh))


def _e_r(label: str) -> float:
    """Returns a token's radius outside the map in the email: its label (1.3 r, or r for two
    letters) at EMAIL_TEXT or more."""
    return 11 if len(label) == 1 else EMAIL_TEXT


def _demand_lines(cards) -> list[str]:
    out = []
    for card in cards or []:
        if not isinstance(card, dict):
            continue
        out.append(
            " · ".join(
                f"{d.get('good', '?')} to {d.get('city', '?')}: {d.get('payoff', '?')}"
                for d in card.get("demands") or []
                if isinstance(d, dict)
            )
        )
    return out


def email_picture(
    view: dict, *, names: dict | None = None, me: int | None = None, board: dict | None = None, browser: bool = False
) -> str | None:
    """Returns a Crayon Rails view drawn for an email (EMAIL_W wide): whose turn it is; a crop of
    the map around the reader's train and track at a scale where its names read (every track and
    train in it); the reader's cash, train, loads and demand cards (or the pool's, in the public
    game); then a line per other player. None without the board's map data."""
    if not board or not board.get("data"):
        return None
    names = seat_names(view, names)
    labels = token_labels(names)
    static = _picture_static(board, browser)
    g = _Grid()
    players = [p for p in view.get("players") or [] if isinstance(p, dict) and isinstance(p.get("seat"), int)]
    W, T = EMAIL_W, EMAIL_TEXT
    c = Canvas(W, browser=browser)

    def who(seat):
        return "You" if seat == me else names.get(seat, "?")

    result = view.get("result")
    if result:
        winners = [who(s) for s in result.get("winners") or []]
        status = "Game over: " + (" and ".join(winners) + " won" if winners else "nobody won")
    else:
        turn = view.get("turn")
        phase = {"draft": " (the setup draft)", "build": " (a building turn)"}.get(view.get("phase"), "")
        status = ("Your turn" if turn == me else f"{who(turn)} to play") + phase
        if isinstance(view.get("round"), int) and view["round"] > 0 and view.get("phase") == "play":
            status += f" · round {view['round']}"

    # the crop: the map's own drawing, scaled by E_SCALE and moved, then covered above and below
    # (a nested <svg> would clip it, but resvg then draws the whole map into a mask: three times slower)
    top = 32
    x0, y0 = _crop(view, me, static["w"], static["h"])
    inner = [static["svg"]]
    inner += [_track(g, p, 3.4, 1.7) if p["seat"] == me else _track(g, p, 2.6, 1.3) for p in players]
    inner.append(static["labels"])
    marks = Canvas(static["w"], browser=browser)
    for x, y, p, _ in _spread(players, g.xy, g.s * 0.35):
        token(marks, x, y, p["seat"], labels.get(p["seat"], "?"), r=8, ring=INK if p["seat"] == me else None)
    marks.flush()
    inner += marks.parts
    c.add(
        f'<g transform="translate(0 {top}) scale({E_SCALE}) translate({num(-x0)} {num(-y0)})">'
        + "".join(inner)
        + "</g>",
        f'<path fill="{LAND}" d="{rect_d(0, 0, W, top)}{rect_d(0, top + E_MAP_H, W, 10000)}"/>',
        f'<path fill="#8a6d00" d="M0 {top}h{W}v1h{-W}zM0 {top + E_MAP_H - 1}h{W}v1h{-W}z"/>',
    )
    c.text(E_PAD, 22, c.fit(status, W - 2 * E_PAD, 16, bold=True), size=16, bold=True)

    # the reader, large; then the others
    y = top + E_MAP_H + 8
    mine = next((p for p in players if p["seat"] == me), None)
    if mine is not None:
        c.add(f'<path fill="#fff0c2" d="{rect_d(0, y - 2, W, 10000)}"/>')
        token(c, E_PAD + 10, y + 12, me, labels.get(me, "?"), r=_e_r(labels.get(me, "?")))
        train = mine.get("train") if isinstance(mine.get("train"), dict) else {}
        where = _where(mine)
        head = f"{names.get(me, '?')} (you): {mine.get('cash', 0)} cash"
        c.text(E_PAD + 26, y + 17, c.fit(head, W - 2 * E_PAD - 26, 15, bold=True), size=15, bold=True)
        y += 26
        line = f"{train.get('name', 'Train')} (speed {train.get('speed', '?')}, room for {train.get('capacity', '?')})"
        line += f" at {where}" if mine.get("position") else ", not on the map yet"
        c.text(E_PAD, y + 14, c.fit(line, W - 2 * E_PAD, T), size=T)
        y += 20
        loads = [str(x) for x in mine.get("loads") or []]
        line = "Carrying: " + (", ".join(loads) if loads else "nothing")
        line += f" · {counted(int(mine.get('connected_majors') or 0), 'major city', 'major cities')} linked"
        c.text(E_PAD, y + 14, c.fit(line, W - 2 * E_PAD, T), size=T)
        y += 24
        hand = _demand_lines(view.get("hand"))
        title, cards = (
            ("Your demand cards", hand) if hand else ("Demands on the table", _demand_lines(view.get("pool")))
        )
        if cards:
            c.text(E_PAD, y + 14, title, size=14, bold=True)
            y += 20
            for line in cards:
                c.text(E_PAD, y + 14, c.fit("• " + line, W - 2 * E_PAD, T), size=T)
                y += 19
        y += 8
    others = [p for p in players if p["seat"] != me]
    if others:
        c.add(f'<path fill="{LAND}" d="{rect_d(0, y, W, 10000)}"/>')
        y += 6
    for p in others:
        seat = p["seat"]
        where = _where(p)
        token(c, E_PAD + 10, y + 10, seat, labels.get(seat, "?"), r=_e_r(labels.get(seat, "?")))
        text = (
            f"{names.get(seat, '?')}: {p.get('cash', 0)} cash, at {where}"
            if p.get("position")
            else (f"{names.get(seat, '?')}: {p.get('cash', 0)} cash, {where}")
        )
        c.text(E_PAD + 26, y + 15, c.fit(text, W - 2 * E_PAD - 26, T), size=T)
        y += 24
    height = y + 6
    summary = _summary("Crayon Rails map around your train. ", players, names, lambda p: f"{p.get('cash', 0)} cash")
    return c.svg(height, summary=summary, background=LAND)
