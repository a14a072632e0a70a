"""The vendored DejaVu Sans fonts: their files, their advance widths and their glyphs as SVG paths.

The pictures measure text with the font resvg would draw it with, so a label can be centred or
shortened to fit, and a legend entry can follow the one before it. For PNGs they also draw the
text themselves, as paths of the font's own outlines: resvg lays a `<text>` out at about twice
the cost of filling the same outlines, and text is most of a picture's rendering time.

Only what that needs is read from the TrueType file: `cmap` (format 12: every Unicode
character), `hmtx` (advances), `loca` and `glyf` (outlines, composites included).
"""

from __future__ import annotations

import bisect
import os
import struct
import threading

FONT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fonts")
REGULAR = os.path.join(FONT_DIR, "DejaVuSans.ttf")
BOLD = os.path.join(FONT_DIR, "DejaVuSans-Bold.ttf")
FONT_FILES = [REGULAR, BOLD]
FAMILY = "DejaVu Sans"


def _f(v: float) -> str:
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class Font:
    """One TrueType font: advance widths and outlines, by character."""

    def __init__(self, path: str):
        with open(path, "rb") as f:
            self.data = data = f.read()
        (count,) = struct.unpack_from(">H", data, 4)
        tables = {}
        for i in range(count):
            tag, _checksum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
            tables[tag.decode("latin-1")] = offset
        head = tables["head"]
        (self.units_per_em,) = struct.unpack_from(">H", data, head + 18)
        (long_offsets,) = struct.unpack_from(">h", data, head + 50)
        (n_glyphs,) = struct.unpack_from(">H", data, tables["maxp"] + 4)
        (n_metrics,) = struct.unpack_from(">H", data, tables["hhea"] + 34)
        self.advances = struct.unpack_from(f">{2 * n_metrics}H", data, tables["hmtx"])[0::2]
        if long_offsets:
            self.loca = struct.unpack_from(f">{n_glyphs + 1}I", data, tables["loca"])
        else:
            self.loca = tuple(2 * v for v in struct.unpack_from(f">{n_glyphs + 1}H", data, tables["loca"]))
        self.glyf = tables["glyf"]
        self.starts: list[int] = []
        self.groups: list[tuple[int, int, int]] = []
        cmap = tables["cmap"]
        (n_subtables,) = struct.unpack_from(">H", data, cmap + 2)
        for i in range(n_subtables):
            platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
            if (platform, encoding) == (3, 10):  # Windows, full Unicode: format 12
                base = cmap + offset
                (n_groups,) = struct.unpack_from(">I", data, base + 12)
                for k in range(n_groups):
                    group = struct.unpack_from(">III", data, base + 16 + 12 * k)
                    self.groups.append(group)
                    self.starts.append(group[0])
        self._advance: dict[str, float] = {}
        self._paths: dict[tuple[int, float], tuple[float, float, str]] = {}
        self._lock = threading.Lock()

    # -- characters and widths -----------------------------------------------------------------
    def glyph(self, char: str) -> int:
        """Returns the glyph id of a character (0, the missing-glyph box, if the font lacks it)."""
        code = ord(char)
        i = bisect.bisect_right(self.starts, code) - 1
        if i >= 0:
            start, end, first = self.groups[i]
            if code <= end:
                return first + code - start
        return 0

    def advance(self, char: str) -> float:
        """Returns a character's advance width in em."""
        found = self._advance.get(char)
        if found is None:
            gid = self.glyph(char)
            found = self.advances[min(gid, len(self.advances) - 1)] / self.units_per_em
            self._advance[char] = found
        return found

    def width(self, text: str, size: float) -> float:
        """Returns the width of a text at a font size in pixels (no kerning)."""
        return sum(self.advance(c) for c in text) * size

    # -- outlines ------------------------------------------------------------------------------
    def contours(self, gid: int, depth: int = 0) -> list[list[tuple[float, float, bool]]]:
        """Returns a glyph's contours in font units: [(x, y, on_curve), ...] each."""
        if not 0 <= gid < len(self.loca) - 1 or depth > 8:
            return []
        start, end = self.loca[gid], self.loca[gid + 1]
        if start == end:
            return []
        data, p = self.data, self.glyf + start
        (n_contours,) = struct.unpack_from(">h", data, p)
        if n_contours < 0:
            return self._composite(p + 10, depth)
        ends = struct.unpack_from(f">{n_contours}H", data, p + 10)
        q = p + 10 + 2 * n_contours
        (n_instructions,) = struct.unpack_from(">H", data, q)
        q += 2 + n_instructions
        n_points = ends[-1] + 1 if ends else 0
        flags: list[int] = []
        while len(flags) < n_points:
            flag = data[q]
            q += 1
            flags.append(flag)
            if flag & 8:  # repeated
                flags.extend([flag] * data[q])
                q += 1
        del flags[n_points:]
        coords = []
        for short, same in ((2, 16), (4, 32)):  # x, then y
            values, v = [], 0
            for flag in flags:
                if flag & short:
                    v += data[q] if flag & same else -data[q]
                    q += 1
                elif not flag & same:
                    v += struct.unpack_from(">h", data, q)[0]
                    q += 2
                values.append(v)
            coords.append(values)
        xs, ys = coords
        out, first = [], 0
        for last in ends:
            out.append([(xs[i], ys[i], bool(flags[i] & 1)) for i in range(first, last + 1)])
            first = last + 1
        return out

    def _composite(self, q: int, depth: int):
        data, out = self.data, []
        while True:
            flags, gid = struct.unpack_from(">HH", data, q)
            q += 4
            if flags & 1:  # word arguments
                dx, dy = struct.unpack_from(">hh", data, q)
                q += 4
            else:
                dx, dy = struct.unpack_from(">bb", data, q)
                q += 2
            a, b, c, d = 1.0, 0.0, 0.0, 1.0
            if flags & 8:  # one scale
                a = d = struct.unpack_from(">h", data, q)[0] / 16384
                q += 2
            elif flags & 0x40:  # x and y scales
                a, d = (v / 16384 for v in struct.unpack_from(">hh", data, q))
                q += 4
            elif flags & 0x80:  # a 2 by 2 matrix
                a, b, c, d = (v / 16384 for v in struct.unpack_from(">hhhh", data, q))
                q += 8
            if not flags & 2:  # point matching instead of offsets: not used by DejaVu; placed at 0, 0
                dx = dy = 0
            for contour in self.contours(gid, depth + 1):
                out.append([(x * a + y * c + dx, x * b + y * d + dy, on) for x, y, on in contour])
            if not flags & 0x20:  # no more components
                return out

    def glyph_path(self, gid: int, size: float) -> tuple[float, float, str]:
        """Returns a glyph at a size as (x, y) of its first point from the pen and a relative path
        `d` from there on (y down). Rounded in the glyph's own frame, so it never drifts."""
        key = (gid, size)
        found = self._paths.get(key)
        if found is not None:
            return found
        k = size / self.units_per_em
        parts: list[str] = []
        first = None
        pen = start = (0.0, 0.0)

        def point(x: float, y: float) -> tuple[float, float]:
            return round(x * k, 2), round(-y * k, 2)

        def step(*points: tuple[float, float]) -> str:  # relative to the pen, which moves to the last
            nonlocal pen
            text = " ".join(f"{_f(px - pen[0])} {_f(py - pen[1])}" for px, py in points)
            pen = points[-1]
            return text

        for contour in self.contours(gid):
            if len(contour) < 2:
                continue
            pts = list(contour)
            if not pts[0][2]:  # start on a point on the curve
                if pts[-1][2]:
                    pts.insert(0, pts.pop())
                else:
                    (x0, y0, _), (x1, y1, _) = pts[0], pts[-1]
                    pts.insert(0, ((x0 + x1) / 2, (y0 + y1) / 2, True))
            if first is None:
                first = pen = start = point(pts[0][0], pts[0][1])
            else:
                pen = start  # a closed path leaves the pen where it started
                parts.append("m" + step(point(pts[0][0], pts[0][1])))
                start = pen
            control = None
            for x, y, on in pts[1:] + [pts[0]]:
                if on:
                    end = point(x, y)
                    parts.append("q" + step(control, end) if control else "l" + step(end))
                    control = None
                elif control is None:
                    control = point(x, y)
                else:
                    nxt = point(x, y)
                    mid = (round((control[0] + nxt[0]) / 2, 2), round((control[1] + nxt[1]) / 2, 2))
                    parts.append("q" + step(control, mid))
                    control = nxt
            parts.append("z")
        found = (0.0, 0.0, "") if first is None else (first[0], first[1], "".join(parts))
        with self._lock:
            if len(self._paths) > 20000:
                self._paths.clear()
            self._paths[key] = found
        return found

    def text_path(self, text: str, x: float, y: float, size: float) -> str:
        """Returns a path `d` drawing the text with its baseline starting at (x, y)."""
        out = []
        for char in text:
            gid = self.glyph(char)
            fx, fy, rest = self.glyph_path(gid, size)
            if rest:
                out.append(f"M{_f(x + fx)} {_f(y + fy)}{rest}")
            x += self.advance(char) * size
        return "".join(out)


_loaded: dict[bool, Font] = {}
_load_lock = threading.Lock()


def font(bold: bool = False) -> Font:
    """Returns DejaVu Sans (or DejaVu Sans Bold), read once per process."""
    found = _loaded.get(bold)
    if found is None:
        with _load_lock:
            found = _loaded.get(bold)
            if found is None:
                found = _loaded[bold] = Font(BOLD if bold else REGULAR)
    return found


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Returns the width of a text in DejaVu Sans at a size, in pixels."""
    return font(bold).width(text, size)
