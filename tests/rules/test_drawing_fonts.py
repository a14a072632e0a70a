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
