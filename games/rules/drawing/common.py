"""What every table picture shares: the seats' colours, their names and the short labels on tokens."""

from __future__ import annotations

from ..base import seat_label
from .svg import num, rect_d

# The email's picture: drawn for a column EMAIL_W pixels wide (rendered at twice that for sharp
# screens), no letter smaller than EMAIL_TEXT. The template caps the column at 552 CSS pixels on
# narrow clients, and 13.5 * 552 / 600 is still over 12.
EMAIL_W = 600
EMAIL_TEXT = 13.5

# The seats' colours (a map's tracks have always been drawn in them).
SEAT_COLOURS = ["#d62728", "#1d3f9e", "#238b45", "#8e44ad", "#222222", "#e7298a"]
SEAT_COLOUR_NAMES = ["red", "blue", "green", "purple", "black", "pink"]


def seat_colour(seat) -> str:
    """Returns a seat's colour."""
    try:
        return SEAT_COLOURS[int(seat) % len(SEAT_COLOURS)]
    except (TypeError, ValueError):
        return "#777777"


def seat_colour_name(seat) -> str:
    """Returns the name of a seat's colour ("red"), for a CSS class and a screen reader ("" for no seat)."""
    try:
        return SEAT_COLOUR_NAMES[int(seat) % len(SEAT_COLOUR_NAMES)]
    except (TypeError, ValueError):
        return ""


def seat_names(view: dict, names: dict | None) -> dict[int, str]:
    """Returns {seat: display name}: the names given, else the view's, else "Player N"."""
    out = {}
    for p in view.get("players") or []:
        if not isinstance(p, dict) or not isinstance(p.get("seat"), int):
            continue
        seat = p["seat"]
        given = (names or {}).get(seat)
        out[seat] = str(given or p.get("name") or seat_label(seat))
    for seat, name in (names or {}).items():
        out.setdefault(seat, str(name))
    return out


def token_labels(names: dict[int, str]) -> dict[int, str]:
    """Returns a short label per seat for its token: the name's initial, unless two seats share it."""
    initials = {}
    for seat, name in names.items():
        letters = [c for c in name if c.isalnum()]
        initials[seat] = letters[0].upper() if letters else str(seat + 1)
    counts: dict[str, int] = {}
    for label in initials.values():
        counts[label] = counts.get(label, 0) + 1
    return {seat: label if counts[label] == 1 else f"{label}{seat + 1}" for seat, label in initials.items()}


def token(canvas, x: float, y: float, seat: int, label: str, *, r: float = 8, ring: str | None = None) -> None:
    """Draws a seat's token: a disc in its colour with its label in white (and an optional ring)."""
    rims = [(r + 4, ring)] if ring else []
    for radius, colour in rims + [(r + 1.5, "#fff"), (r, seat_colour(seat))]:
        canvas.add(f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(radius)}" fill="{colour}"/>')
    size = r * 1.3 if len(label) == 1 else r
    canvas.text(x, y + size * 0.36, label, size=size, bold=True, fill="#fff", anchor="middle")


def plural(n: int, word: str, many: str | None = None) -> str:
    """Returns "1 card", "2 cards"."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def email_tag(canvas, shapes_fill, x: float, y: float, seat: int, label: str) -> float:
    """Draws a seat's square tag at email size (its label EMAIL_TEXT, bold); returns its width.
    shapes_fill(colour, d) adds the square."""
    w = max(20.0, canvas.measure(label, EMAIL_TEXT, True) + 8)
    shapes_fill(seat_colour(seat), rect_d(x, y, w, 20))
    canvas.text(x + w / 2, y + 15, label, size=EMAIL_TEXT, bold=True, fill="#fff", anchor="middle")
    return w
