"""The DejaVu Sans reader (games/rules/drawing/fonts.py) against the font files' own data: DejaVu
Sans has 2048 units to the em and the standard TrueType glyph order (space 3, zero 19, A 36);
its advances are space 651, zero 1303, A 1401, M 1767 (Bold: space 713, zero 1425, A 1585)."""

from games.rules.drawing import fonts


def test_a_font_read_afresh_gives_the_files_glyphs_and_advances():
    """Read anew (not the process's cached font), so that the reading itself is tested."""
    regular, bold = fonts.Font(fonts.REGULAR), fonts.Font(fonts.BOLD)
    assert regular.units_per_em == bold.units_per_em == 2048
    assert [regular.glyph(c) for c in " 0A"] == [3, 19, 36]
    assert [regular.advance(c) for c in " 0AM"] == [651 / 2048, 1303 / 2048, 1401 / 2048, 1767 / 2048]
    assert [bold.advance(c) for c in " 0A"] == [713 / 2048, 1425 / 2048, 1585 / 2048]


def test_a_text_s_width_is_its_advances_at_the_size_and_a_missing_character_the_box():
    """No kerning: the sum of the advances times the size; a character the font lacks (a private
    use one) is glyph 0, the missing-glyph box, with that glyph's advance."""
    regular = fonts.Font(fonts.REGULAR)
    assert regular.width("A0 ", 10) == (1401 + 1303 + 651) / 2048 * 10
    assert regular.glyph("\ue000") == 0
    assert regular.advance("\ue000") == regular.advances[0] / 2048
    assert fonts.text_width("A0", 12, bold=True) == (1585 + 1425) / 2048 * 12


# -- outlines, against resvg's own reading of the same font files ---------------------------------
# resvg (through svg2png-py, as the pictures use it) lays a `<text>` out with its own font parser
# (ttf-parser): an independent oracle for the outlines. The same text is drawn twice on a white
# canvas, black on white, once as a `<text>` and once as the path fonts.py gives, and the two
# rasters are compared pixel by pixel. fonts.py rounds its points to 0.01 px, so an edge may move
# by that much: a few grey levels on an anti-aliased edge pixel, never a quarter of the range.
# A pixel counts as different if its grey differs by more than 64 of 255; at most 2 may (the
# anti-aliasing of the two fills' edge crossings); a wrong point, curve or offset moves an edge by
# at least a font unit (1/2048 em) times the size, and at these sizes shows as tens of pixels.

import re  # noqa: E402
from decimal import Decimal  # noqa: E402

import pytest  # noqa: E402
import svg2png_py  # noqa: E402

_DB = svg2png_py.FontDatabase()
for _path in fonts.FONT_FILES:
    _DB.load_font_file(_path)


def _greys(body: str, width: int, height: int) -> bytes:
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">'
        f'<rect width="{width}" height="{height}" fill="#fff"/>{body}</svg>'
    )
    rgba, w, h = svg2png_py.svg_to_rgba(svg, _DB)
    assert (w, h) == (width, height)
    return bytes(rgba)[0::4]  # red = grey: black on white


def _text(text: str, x: float, y: float, size: float, bold: bool) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return f'<text x="{x}" y="{y}" font-family="DejaVu Sans" font-size="{size}"{weight} fill="#000">{text}</text>'


def _differing(a: bytes, b: bytes) -> int:
    return sum(abs(p - q) > 64 for p, q in zip(a, b, strict=True))


def _ink(a: bytes) -> int:
    return sum(p < 128 for p in a)


def _check(text: str, x: float, y: float, size: float, bold: bool, width: int, height: int, *, own=None):
    """Draws the text as resvg's `<text>` (each character in its own `<text>` at fonts.py's pen
    positions when own is given: resvg kerns a word, fonts.py does not) and as fonts.py's path
    (read afresh), and returns (differing pixels, inked pixels of the `<text>`)."""
    f = fonts.Font(fonts.BOLD if bold else fonts.REGULAR)
    if own:
        body, pen = [], x
        for char in text:
            body.append(_text(char, round(pen, 3), y, size, bold))
            pen += f.advance(char) * size
        expected = _greys("".join(body), width, height)
    else:
        expected = _greys(_text(text, x, y, size, bold), width, height)
    drawn = _greys(f'<path d="{f.text_path(text, x, y, size)}" fill="#000"/>', width, height)
    return _differing(expected, drawn), _ink(expected)


def test_glyph_outlines_are_the_ones_resvg_draws():
    """Quadratic curves (o, S, @: runs of off-curve points, contours starting off the curve),
    descenders below the baseline (g, p, y: negative y), in both fonts, at a large size and at an
    offset that is not a whole pixel."""
    for text in ("o", "S", "@", "g", "p", "y", "Q", "8", "%", "~"):
        for bold in (False, True):
            differing, ink = _check(text, 5.3, 60.7, 64, bold, 90, 80)
            assert ink > 150, (text, bold)
            assert differing <= 2, (text, bold, differing)


def test_composite_glyphs_are_drawn_with_their_components_in_place():
    """DejaVu's accented letters are composites: a base glyph and an accent, each at its offset
    (as bytes: é, ñ, ü, Ç; as words: ő), some of them composites themselves (ǻ, Ǆ, ẫ: a second
    level; ă, ō, ů in Regular and ¼, Į in Bold place a component at a negative byte offset). Å is a simple glyph of three contours in DejaVu, drawn here as a check of its own."""
    for text in ("é", "Å", "ñ", "ü", "Ç", "ő", "ǻ", "Ǆ", "ẫ", "ă", "ō", "ů", "¼", "Į"):
        for bold in (False, True):
            differing, ink = _check(text, 7.6, 64.2, 60, bold, 100, 84)
            assert ink > 300, (text, bold)
            assert differing <= 2, (text, bold, differing)


def test_words_are_laid_out_with_resvg_s_advances_at_any_size_and_place():
    """text_path moves the pen by each character's advance: a word resvg lays out without a
    kerning pair comes out the same, at several sizes and offsets, in both fonts."""
    for text, x, y, size in (("minimum", 3.3, 20.7, 20), ("nuh gpy", 0.5, 30.25, 27.5), ("éñÅü", 11, 40, 33)):
        for bold in (False, True):
            differing, ink = _check(text, x, y, size, bold, 200, 50)
            assert ink > 150, (text, bold)
            assert differing <= 2, (text, bold, differing)


def test_a_kerned_word_is_its_characters_at_fonts_py_s_advances():
    """resvg kerns "AV", "Wo", "Te" (fonts.py does not: its widths are plain advances, and the
    pictures centre text by them); drawn a character at a time at fonts.py's pen positions, each
    glyph lands where text_path puts it."""
    for text in ("AV", "Wo", "Te", "AVé"):
        for bold in (False, True):
            differing, ink = _check(text, 4.5, 50.5, 48, bold, 150, 64, own=True)
            assert ink > 300, (text, bold)
            assert differing <= 2, (text, bold, differing)
            assert _check(text, 4.5, 50.5, 48, bold, 150, 64)[0] > 100, (text, bold)  # kerned by resvg


def test_contours_starting_off_the_curve_start_where_resvg_starts_them():
    """A contour whose first point is off the curve starts at its last point if that one is on
    the curve (Regular ȡ, ȸ; Bold ƅ, ȹ), else at the midpoint of its first and last (Regular ʘ,
    ѣ, Թ; Bold ϱ, ϼ): the same outline either way. "~" is the last character of a cmap group."""
    for text, bold in (("ȡ", False), ("ȸ", False), ("ƅ", True), ("ȹ", True)) + (
        ("ʘ", False),
        ("ѣ", False),
        ("Թ", False),
        ("ϱ", True),
        ("ϼ", True),
    ):
        differing, ink = _check(text, 6.4, 56.6, 56, bold, 90, 80)
        assert ink > 200, (text, bold)
        assert differing <= 2, (text, bold, differing)


def test_an_empty_glyph_after_a_drawn_one_draws_nothing():
    """A no-break space (glyph 0xa0, with no outline, follows a glyph with one) is blank, and
    moves the pen by its advance like resvg's."""
    for bold in (False, True):
        f = fonts.Font(fonts.BOLD if bold else fonts.REGULAR)
        assert f.glyph_path(f.glyph("\u00a0"), 40) == (0.0, 0.0, "")
        differing, ink = _check("n\u00a0u", 2.5, 30.5, 30, bold, 90, 40)
        assert ink > 150, bold
        assert differing <= 2, (bold, differing)


def test_a_huge_glyph_is_exact_to_the_font_unit():
    """At 4096 px a font unit is 2 px: an "H", an "o" and an "é" of that size, their leftmost
    point on the curve in the middle of a small canvas, match resvg's where a point one unit off would not."""
    for text, left_x, left_y in (("H", 201, 0), ("o", 113, 559), ("é", 113, 549)):  # from the glyf table
        differing, ink = _check(text, 30 - 2 * left_x, 30 + 2 * left_y, 4096, False, 60, 60)
        assert 300 < ink < 3300, text
        assert differing <= 2, (text, differing)


@pytest.mark.parametrize("bold", [False, True])
def test_a_glyph_path_never_drifts(bold):
    """glyph_path rounds the points to 0.01 px in the glyph's own frame and writes the steps
    between them: every contour's steps, added up exactly, come back to where it started, and
    the first point is on the 0.01 px grid (at sizes whose points are not)."""
    f = fonts.Font(fonts.BOLD if bold else fonts.REGULAR)
    for char in "@S8éǻʘ":
        for size in (13.7, 29.3):
            fx, fy, d = f.glyph_path(f.glyph(char), size)
            assert (fx, fy) == (round(fx, 2), round(fy, 2)) and d, (char, size)
            for contour in re.findall(r"(?:^|m)([^mz]*)z", d):
                x = y = Decimal(0)
                for numbers in re.findall(r"[lq]([^lq]*)", contour):
                    values = [Decimal(v) for v in numbers.split()]
                    x, y = x + values[-2], y + values[-1]  # a curve's end; its control is before
                assert (x, y) == (0, 0), (char, size, contour)


def test_numbers_are_written_short():
    """The paths write a number with at most 2 decimals, without trailing zeros or point, and
    never as "-0" (a step that rounds to nothing is "0")."""
    assert [fonts._f(v) for v in (1.5, 2.0, 0.0, -0.001, 0.004, -3.25, 10.1, 0.05)] == [
        "1.5",
        "2",
        "0",
        "0",
        "0",
        "-3.25",
        "10.1",
        "0.05",
    ]


def test_the_process_fonts_are_read_once_each(monkeypatch):
    """font() reads each of the two files once per process and gives the same Font after;
    text_width measures with the bold one when asked."""
    monkeypatch.setattr(fonts, "_loaded", {})
    regular, bold = fonts.font(), fonts.font(bold=True)
    assert fonts.font() is regular and fonts.font(bold=True) is bold and regular is not bold
    assert regular.advance("A") == 1401 / 2048 and bold.advance("A") == 1585 / 2048
    assert fonts.text_width("A", 2048, bold=True) == 1585 and fonts.text_width("A", 2048) == 1401


def test_the_missing_glyph_box_is_drawn_and_ids_outside_the_font_are_empty():
    """A character the font lacks is drawn as glyph 0, the missing-glyph box (as resvg draws
    it); an id outside the font has no contours."""
    for bold in (False, True):
        differing, ink = _check("\ue000", 5.5, 50.5, 48, bold, 60, 60)
        assert ink > 150, bold
        assert differing <= 2, (bold, differing)
    f = fonts.Font(fonts.REGULAR)
    assert f.contours(-1) == f.contours(len(f.loca) - 1) == []
