"""Building blocks for the table pictures: escaping, numbers, shapes, and a canvas for text.

Text is most of what a picture costs resvg to render, so a Canvas collects its labels and writes
them last, in one of two ways:

- for resvg (browser=False), as paths of DejaVu Sans's own outlines (fonts.py), one path per
  colour: the same letters resvg would draw from a `<text>`, at about half the time, since
  nothing is laid out;
- for a browser (browser=True), as `<text>` with a `<tspan>` per label, which the browser lays out
  with whatever font it has (DejaVu Sans if there, else a sans-serif), selectable and sharp.

Positions are measured with DejaVu Sans either way; it is wider than most sans-serifs, so a browser's
own font fits where DejaVu Sans would.
"""

from __future__ import annotations

import math
import unicodedata

from .fonts import FAMILY, font

INK = "#2b2118"
ALARM = "#c0392b"  # the turn's marker, and what threatens a seat
FONT_STACK = f"{FAMILY}, Verdana, sans-serif"
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"})


def esc(text) -> str:
    """Returns text escaped for XML content and attribute values."""
    return str(text).translate(_ESCAPES)


def num(value: float) -> str:
    """Returns a coordinate with at most two decimals and no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def clean(text) -> str:
    """Returns a label as SVG keeps it: NFC, control characters as spaces, spaces collapsed."""
    text = unicodedata.normalize("NFC", str(text))
    text = "".join(c if unicodedata.category(c)[0] != "C" else " " for c in text)
    return " ".join(text.split())


class Canvas:
    """An SVG picture in the making: shapes in order, labels collected and written on top."""

    def __init__(self, width: float, *, browser: bool = False):
        self.width = width
        self.browser = browser
        self.parts: list[str] = []
        self.labels: dict[tuple, list[tuple[float, float, str]]] = {}

    def add(self, *markup: str) -> None:
        """Appends raw SVG elements."""
        self.parts.extend(markup)

    def measure(self, text, size: float, bold: bool = False) -> float:
        """Returns a label's width in pixels in DejaVu Sans."""
        return font(bold).width(clean(text), size)

    def text(
        self,
        x: float,
        y: float,
        text,
        *,
        size: float = 11,
        bold: bool = False,
        fill: str = INK,
        anchor: str = "start",
        halo: str | None = None,
    ) -> float:
        """Places a label with its baseline at y; returns its width. anchor: start, middle or end."""
        text = clean(text)
        if not text:
            return 0.0
        self.labels.setdefault((size, bold, fill, anchor, halo), []).append((x, y, text))
        return font(bold).width(text, size)

    def fit(self, text, width: float, size: float, bold: bool = False) -> str:
        """Returns the text, shortened with an ellipsis if it is wider than `width`."""
        text = clean(text)
        f = font(bold)
        if f.width(text, size) <= width:
            return text
        while text and f.width(text + "…", size) > width:
            text = text[:-1]
        return text.rstrip() + "…"

    def flush(self) -> None:
        """Writes the labels collected so far (so that later shapes may cover them)."""
        if self.browser:
            for style, labels in self.labels.items():
                self.parts.append(self._text_element(style, labels))
        else:
            paths: dict[tuple[str, str | None, float], list[str]] = {}
            for (size, bold, fill, anchor, halo), labels in self.labels.items():
                f = font(bold)
                for x, y, text in labels:
                    width = f.width(text, size)
                    start = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
                    key = (fill, halo, max(2.0, size / 4) if halo else 0.0)
                    paths.setdefault(key, []).append(f.text_path(text, start, y, size))
            for (fill, halo, halo_width), parts in paths.items():
                d = "".join(parts)
                if halo:
                    self.parts.append(
                        f'<path d="{d}" fill="none" stroke="{halo}" stroke-width="{num(halo_width)}" '
                        'stroke-linejoin="round"/>'
                    )
                self.parts.append(f'<path d="{d}" fill="{fill}"/>')
        self.labels = {}

    def svg(self, height: float, *, summary: str, background: str | None = None) -> str:
        """Returns the standalone SVG document: role="img", with the summary as its label and title."""
        self.flush()
        w, h = round(self.width), round(height)
        label = esc(clean(summary))
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
            f'role="img" aria-label="{label}" font-family="{FONT_STACK}"><title>{label}</title>'
        )
        bg = f'<rect width="{w}" height="{h}" fill="{background}"/>' if background else ""
        return head + bg + "".join(self.parts) + "</svg>"

    @staticmethod
    def _text_element(style, labels) -> str:
        size, bold, fill, anchor, halo = style
        attrs = f' font-size="{num(size)}" fill="{fill}"'
        if bold:
            attrs += ' font-weight="bold"'
        if anchor != "start":
            attrs += f' text-anchor="{anchor}"'
        if halo:
            attrs += f' stroke="{halo}" stroke-width="{num(max(2.0, size / 4))}" stroke-linejoin="round"'
            attrs += ' paint-order="stroke"'
        spans = "".join(f'<tspan x="{num(x)}" y="{num(y)}">{esc(t)}</tspan>' for x, y, t in labels)
        return f"<text{attrs}>{spans}</text>"


# -- shapes as fills -------------------------------------------------------------------------------
# resvg strokes a path by building its outline first, which costs several times the fill of the
# same outline, and fills a rectangle on whole pixels fastest of all: the pictures draw lines as
# thin polygons, rims as a second shape under the first, and boxes on the pixel grid.


def rect_d(x: float, y: float, w: float, h: float) -> str:
    """Returns a path `d` for a rectangle, its edges on whole pixels (resvg fills those fastest)."""
    x0, y0, x1, y1 = round(x), round(y), round(x + w), round(y + h)
    return f"M{x0} {y0}h{x1 - x0}v{y1 - y0}h{x0 - x1}z"


def line_d(points, width: float) -> str:
    """Returns a path `d` for a polyline `width` pixels wide, as one polygon (mitred joins, cut ends)."""
    pts = [(float(x), float(y)) for x, y in points]
    if len(pts) < 2:
        return ""
    half = width / 2
    normals = []
    for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        normals.append((-(y2 - y1) / length, (x2 - x1) / length))
    left, right = [], []
    for i, (x, y) in enumerate(pts):
        a = normals[max(i - 1, 0)]
        b = normals[min(i, len(normals) - 1)]
        mx, my = a[0] + b[0], a[1] + b[1]
        m = math.hypot(mx, my)
        if m < 1e-6:
            mx, my, scale = b[0], b[1], half
        else:
            mx, my = mx / m, my / m
            scale = min(half / max(mx * b[0] + my * b[1], 1e-6), half * 2)
        left.append((x + mx * scale, y + my * scale))
        right.append((x - mx * scale, y - my * scale))
    ring = left + right[::-1]
    area = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]))
    if area < 0:  # clockwise on screen, as rect_d: overlapping shapes of one path add up, never cancel
        ring.reverse()
    return "M" + "L".join(f"{num(x)} {num(y)}" for x, y in ring) + "z"
