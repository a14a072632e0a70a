"""Template tags for the crayon-rails board: the map as SVG.

The map (terrain, water, cities, goods, the clickable mileposts) depends only on the rules and
options, so `crayon_static` builds it once per board key (games.boards) and keeps the string;
a page then only renders the layers that change: tracks, trains and the path being composed.

Geometry: milepost [x, y]; odd rows sit half a step to the right, rows are sqrt(3)/2 apart.
"""

from __future__ import annotations

import math
import threading
from html import escape

from django import template
from django.utils.safestring import mark_safe

from games.rules.base import name_seats, seat_label

register = template.Library()

S = 26.0  # pixels between neighbouring mileposts
ROW = S * math.sqrt(3) / 2
MARGIN = S
PALETTE = ["#d62728", "#1d3f9e", "#238b45", "#8e44ad", "#222222", "#e7298a"]
PALETTE_NAMES = ["red", "blue", "green", "purple", "black", "pink"]
WATER_FILL = {"sea": "#a9d3ef", "lake": "#8ec5ea", "inlet": "#9dcdee"}
WATER_EDGE = {"river": ("#4aa3df", 2.6), "lake": ("#6fb3e3", 2.2), "inlet": ("#6fb3e3", 2.2)}

_static: dict[str, dict] = {}
_lock = threading.Lock()


def xy(x, y) -> tuple[float, float]:
    """Returns the pixel centre of milepost [x, y]."""
    return MARGIN + S * (x + 0.5 * (y % 2)), MARGIN + ROW * y


def _f(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _hexagon(cx, cy, r, start_deg) -> str:
    return " ".join(
        f"{_f(cx + r * math.cos(math.radians(start_deg + 60 * k)))},"
        f"{_f(cy + r * math.sin(math.radians(start_deg + 60 * k)))}"
        for k in range(6)
    )


def _triangle(cx, cy, r) -> str:
    return f"{_f(cx)},{_f(cy - r)} {_f(cx + r * 0.95)},{_f(cy + r * 0.6)} {_f(cx - r * 0.95)},{_f(cy + r * 0.6)}"


def _smooth(pts) -> str:
    """Returns a path `d` through the points, smoothed (Catmull-Rom as cubic Beziers)."""
    d = [f"M{_f(pts[0][0])} {_f(pts[0][1])}"]
    for i in range(len(pts) - 1):
        p0, p1, p2 = pts[max(i - 1, 0)], pts[i], pts[i + 1]
        p3 = pts[min(i + 2, len(pts) - 1)]
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        d.append(f"C{_f(c1[0])} {_f(c1[1])} {_f(c2[0])} {_f(c2[1])} {_f(p2[0])} {_f(p2[1])}")
    return "".join(d)


def _text(x, y, text, cls) -> str:
    return f'<text x="{_f(x)}" y="{_f(y)}" class="{cls}">{escape(text)}</text>'


def build_static_svg(data: dict) -> dict:
    """Returns {"w", "h", "svg"}: the static map layers of map_data as SVG markup."""
    width, height = data.get("width") or 0, data.get("height") or 0
    for x, y, *_ in data.get("mileposts", []):
        width, height = max(width, x + 1), max(height, y + 1)
    w, h = MARGIN * 2 + S * (width - 0.5), MARGIN * 2 + ROW * (height - 1)
    out = [f'<rect class="cr-land" x="0" y="0" width="{_f(w)}" height="{_f(h)}"/>']
    river_labels = _water_layers(data, out)
    labels = _city_layer(data, out)
    _city_track_layer(data, out)
    _milepost_layer(data, out)
    out.append('<g class="cr-labels">')
    out.extend(river_labels)
    out.extend(labels)
    out.append("</g>")
    return {"w": _f(w), "h": _f(h), "s": _f(S), "margin": _f(MARGIN), "svg": mark_safe("".join(out))}


def _segments_d(segments) -> str:
    """Returns a path `d` of straight segments between mileposts [[x1, y1], [x2, y2]]."""
    d = []
    for seg in segments or []:
        try:
            (x1, y1), (x2, y2) = seg[0], seg[1]
        except (TypeError, ValueError, IndexError):
            continue
        (ax, ay), (bx, by) = xy(x1, y1), xy(x2, y2)
        d.append(f"M{_f(ax)} {_f(ay)}L{_f(bx)} {_f(by)}")
    return "".join(d)


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
        d = []
        for (x1, y1), (x2, y2) in water.get("edges", []):
            (ax, ay), (bx, by) = xy(x1, y1), xy(x2, y2)
            mx, my = (ax + bx) / 2, (ay + by) / 2
            length = math.hypot(bx - ax, by - ay) or 1
            nx, ny = -(by - ay) / length, (bx - ax) / length
            half = S / (2 * math.sqrt(3)) + 0.6
            d.append(f"M{_f(mx - nx * half)} {_f(my - ny * half)}L{_f(mx + nx * half)} {_f(my + ny * half)}")
        if d:
            out.append(f'<path class="cr-{escape(kind)}" stroke="{colour}" stroke-width="{stroke}" d="{"".join(d)}"/>')
    out.append("</g>")
    return labels


def _city_layer(data, out) -> list[str]:
    """Cities by size (major: a hexagon over its mileposts, medium: a square, small: a circle)."""
    out.append('<g class="cr-cities">')
    labels = []
    for city in data.get("cities", []):
        pts = [xy(x, y) for x, y in city.get("mileposts", [])]
        if not pts:
            continue
        cx, cy = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
        size = city.get("size", "small")
        name = escape(city.get("name", ""))
        if size == "major":
            r = max(math.hypot(px - cx, py - cy) for px, py in pts) + S * 0.42
            r = max(r, S * 0.6)
            out.append(
                f'<polygon class="cr-city cr-major" points="{_hexagon(cx, cy, r, 0)}"><title>{name}</title></polygon>'
            )
            top, bottom = cy - r * 0.87, cy + r * 0.87
        elif size == "medium":
            r = S * 0.36
            out.append(
                f'<rect class="cr-city cr-medium" x="{_f(cx - r)}" y="{_f(cy - r)}" width="{_f(2 * r)}" '
                f'height="{_f(2 * r)}"><title>{name}</title></rect>'
            )
            top, bottom = cy - r, cy + r
        else:
            r = S * 0.3
            out.append(
                f'<circle class="cr-city cr-small" cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}"><title>{name}'
                "</title></circle>"
            )
            top, bottom = cy - r, cy + r
        labels.append(_text(cx, top - 3, city.get("name", ""), f"cr-name cr-name-{escape(size)}"))
        if city.get("goods"):
            labels.append(_text(cx, bottom + 9, ", ".join(city["goods"]), "cr-goods"))
    out.append("</g>")
    return labels


def _city_track_layer(data, out) -> None:
    """The major cities' own track, free for everybody."""
    d = _segments_d(data.get("city_track"))
    out.append(f'<g class="cr-city-track"><path d="{d}"/></g>' if d else "")


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
            out.append(f'<circle class="mp t-city" {attrs} cx="{_f(cx)}" cy="{_f(cy)}" r="2.6"/>')
        else:
            out.append(f'<circle class="mp t-{escape(terrain)}" {attrs} cx="{_f(cx)}" cy="{_f(cy)}" r="2"/>')
    out.append("</g>")


@register.simple_tag
def crayon_static(board):
    """Returns the board's static map {"w", "h", "s", "margin", "svg"}, built once per board key."""
    if not board or not board.get("data"):
        return None
    key = board["key"]
    found = _static.get(key)
    if found is None:
        found = build_static_svg(board["data"])
        with _lock:
            if len(_static) >= 64:
                _static.clear()
            _static[key] = found
    return found


@register.filter
def crayon_colour(seat):
    """Returns the track colour of a seat."""
    try:
        return PALETTE[int(seat) % len(PALETTE)]
    except (TypeError, ValueError):
        return "#777"


@register.filter
def crayon_colour_name(seat):
    try:
        return PALETTE_NAMES[int(seat) % len(PALETTE_NAMES)]
    except (TypeError, ValueError):
        return ""


@register.filter
def crayon_track_d(track):
    """Returns an SVG path `d` drawing a list of track segments [[x1, y1], [x2, y2]]."""
    return _segments_d(track)


@register.simple_tag
def crayon_trains(players):
    """Returns the trains to draw: {"seat", "cx", "cy", "colour", "label"}, spread when they share a milepost."""
    at: dict[tuple, list] = {}
    for p in players or []:
        pos = p.get("position")
        if pos:
            at.setdefault(tuple(pos), []).append(p)
    trains = []
    for (x, y), group in at.items():
        cx, cy = xy(x, y)
        for i, p in enumerate(group):
            dx = dy = 0.0
            if len(group) > 1:
                angle = 2 * math.pi * i / len(group)
                dx, dy = S * 0.3 * math.cos(angle), S * 0.3 * math.sin(angle)
            trains.append(
                {
                    "seat": p["seat"],
                    "cx": _f(cx + dx),
                    "cy": _f(cy + dy),
                    "colour": crayon_colour(p["seat"]),
                    "label": str(p["seat"] + 1),
                    "name": p.get("name", ""),
                    "x": x,
                    "y": y,
                }
            )
    return trains


@register.filter
def seat_name(players, seat):
    """Returns the display name of a seat from the view's players."""
    for p in players or []:
        if p.get("seat") == seat:
            return p.get("name") or seat_label(seat)
    return seat_label(seat) if isinstance(seat, int) else str(seat)


@register.filter
def player_names(text, players):
    """Returns an engine text with "Player N" replaced by the players' display names."""
    return name_seats(text, {p["seat"]: p.get("name") for p in players or [] if p.get("name")})


@register.filter
def crayon_get(mapping, key):
    """Returns mapping[key], or None."""
    try:
        return mapping.get(key)
    except AttributeError:
        return None
