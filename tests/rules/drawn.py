"""A table picture read back from its SVG (drawn for a browser: text as <text>), for the tests of
each game's picture.py: its size and title, its shapes (fill, polygons), circles and labels."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

SVG = "{http://www.w3.org/2000/svg}"


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
    """A picture read back: its size, its shapes (fill, polygons), its circles and its labels, in
    the order drawn."""

    def __init__(self, svg: str):
        self.svg = svg
        self.root = ET.fromstring(svg)
        self.width, self.height = float(self.root.get("width")), float(self.root.get("height"))
        title = self.root.find(f"{SVG}title")
        self.title = None if title is None else title.text
        self.shapes: list[tuple[str, list[tuple]]] = []
        self.circles: list[tuple[float, float, float, str]] = []
        self.labels: list[Label] = []
        for el in self.root.iter():
            if el.tag == f"{SVG}path":
                self.shapes.append((el.get("fill"), polygons(el.get("d"))))
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

    def polygons(self, fill: str) -> list[tuple]:
        return [p for colour, polys in self.shapes if colour == fill for p in polys]

    def rects(self, fill: str, above: float = 1e9) -> list[tuple]:
        """Returns the (x, y, w, h) of every rectangle filled in that colour (whose top is above
        `above`)."""
        out = []
        for p in self.polygons(fill):
            xs, ys = sorted({x for x, _ in p}), sorted({y for _, y in p})
            if len(p) == 4 and len(xs) == 2 and len(ys) == 2 and ys[0] < above:
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


def polygons(d: str) -> list[tuple]:
    """Returns a path's subpaths as tuples of absolute points (M, L, H, V, l, h, v, z)."""
    polys, points, x, y = [], [], 0.0, 0.0
    for cmd, args in re.findall(r"([MLHVlhvz])([^MLHVlhvz]*)", d):
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
            elif cmd == "l":
                x, y = x + n[0], y + n[1]
            elif cmd == "H":
                x = n[0]
            elif cmd == "h":
                x += n[0]
            elif cmd == "V":
                y = n[0]
            else:
                y += n[0]
            points.append((x, y))
    if points:
        polys.append(tuple(points))
    return polys
