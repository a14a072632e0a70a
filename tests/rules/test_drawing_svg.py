"""games.rules.drawing.svg: escaping, numbers, labels, the Canvas's two ways of writing text, shapes."""

import pytest

from games.rules.drawing.fonts import font
from games.rules.drawing.svg import ALARM, FONT_STACK, INK, Canvas, clean, esc, line_d, num, rect_d


def test_esc_escapes_the_five_xml_characters_and_reads_any_value():
    assert esc("""a&b<c>d"e'f""") == "a&amp;b&lt;c&gt;d&quot;e&#39;f"
    assert esc(12) == "12" and esc(None) == "None"
    assert INK == "#2b2118" and ALARM == "#c0392b" and FONT_STACK == "DejaVu Sans, Verdana, sans-serif"


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (1.0, "1"),
        (1.5, "1.5"),
        (1.234, "1.23"),
        (1.236, "1.24"),
        (-0.001, "0"),
        (0, "0"),
        (-2.5, "-2.5"),
        (10, "10"),
        (100.10, "100.1"),
        (0.004, "0"),
    ],
)
def test_num_keeps_at_most_two_decimals_and_no_trailing_zeros(value, text):
    assert num(value) == text


def test_clean_normalizes_replaces_control_characters_and_collapses_spaces():
    assert clean("  Cafe\u0301 \t au\nlait\x00! ") == "Caf\u00e9 au lait !"
    assert clean(42) == "42"
    assert clean("a\u200bb") == "a b"  # a format character (category Cf) is a space too
    assert clean("") == ""


def test_measure_and_text_return_the_cleaned_labels_width_in_dejavu_sans():
    c = Canvas(100)
    assert c.measure(" A\tB ", 10) == font(False).width("A B", 10)
    assert c.measure("AB", 10, bold=True) == font(True).width("AB", 10)
    assert font(True).width("AB", 10) != font(False).width("AB", 10)
    assert c.text(1, 2, " A\tB ") == font(False).width("A B", 11)
    assert c.text(1, 2, "AB", size=20, bold=True) == font(True).width("AB", 20)
    assert c.text(1, 2, " \n ") == 0.0
    assert c.labels == {
        (11, False, INK, "start", None): [(1, 2, "A B")],
        (20, True, INK, "start", None): [(1, 2, "AB")],
    }


def test_text_groups_labels_by_their_style():
    c = Canvas(100)
    c.text(1, 2, "a", fill="red", anchor="end", halo="white")
    c.text(3, 4, "b", fill="red", anchor="end", halo="white")
    c.text(5, 6, "c")
    assert c.labels == {
        (11, False, "red", "end", "white"): [(1, 2, "a"), (3, 4, "b")],
        (11, False, INK, "start", None): [(5, 6, "c")],
    }


def test_fit_keeps_what_fits_and_shortens_the_rest_with_an_ellipsis():
    c = Canvas(100)
    f = font(False)
    word = "Independence"
    assert c.fit(f" {word} ", f.width(word, 10), 10) == word
    short = c.fit(word, f.width(word, 10) - 0.01, 10)
    assert short.endswith("…") and word.startswith(short[:-1]) and len(short) < len(word)
    assert f.width(short, 10) <= f.width(word, 10) - 0.01
    assert f.width(word[: len(short)] + "…", 10) > f.width(word, 10) - 0.01
    assert c.fit("ab cd", f.width("ab …", 10), 10) == "ab…"  # the space before the ellipsis dropped
    assert c.fit(word, 0, 10) == "…"
    bold = c.fit(word, f.width(word, 10), 10, bold=True)
    assert bold.endswith("…") and font(True).width(bold, 10) <= f.width(word, 10)


def test_fit_measures_exactly_at_the_width():
    c = Canvas(100)
    f = font(False)
    for cut in range(1, 5):
        w = f.width("Oregon"[:cut] + "…", 10)
        assert w < f.width("Oregon", 10)
        assert c.fit("Oregon", w, 10) == "Oregon"[:cut] + "…"


def test_flush_for_a_browser_writes_a_text_per_style_with_a_tspan_per_label():
    c = Canvas(100, browser=True)
    c.text(1.234, 5, "a<b")
    c.text(7, 8.5, "c")
    c.text(10, 20, "d", size=12.5, bold=True, fill="red", anchor="middle", halo="white")
    c.text(10, 20, "e", size=4, anchor="end", halo="#fff")
    c.add("<rect/>")
    c.flush()
    assert c.labels == {}
    assert c.parts == [
        "<rect/>",
        '<text font-size="11" fill="#2b2118"><tspan x="1.23" y="5">a&lt;b</tspan><tspan x="7" y="8.5">c</tspan></text>',
        '<text font-size="12.5" fill="red" font-weight="bold" text-anchor="middle" stroke="white" stroke-width="3.12" '
        'stroke-linejoin="round" paint-order="stroke"><tspan x="10" y="20">d</tspan></text>',
        '<text font-size="4" fill="#2b2118" text-anchor="end" stroke="#fff" stroke-width="2" '
        'stroke-linejoin="round" paint-order="stroke"><tspan x="10" y="20">e</tspan></text>',
    ]


def test_flush_for_resvg_writes_one_path_per_colour_placed_by_the_anchor():
    c = Canvas(100)
    f = font(False)
    b = font(True)
    c.text(50, 10, "Mid", anchor="middle")
    c.text(90, 20, "End", anchor="end", size=12)
    c.text(5, 30, "Go", bold=True)
    c.text(5, 40, "Red", fill="red")
    c.flush()
    ink = (
        f.text_path("Mid", 50 - f.width("Mid", 11) / 2, 10, 11)
        + f.text_path("End", 90 - f.width("End", 12), 20, 12)
        + b.text_path("Go", 5, 30, 11)
    )
    assert c.parts == [f'<path d="{ink}" fill="#2b2118"/>', f'<path d="{f.text_path("Red", 5, 40, 11)}" fill="red"/>']
    assert c.labels == {}


def test_flush_for_resvg_draws_a_halo_under_its_labels():
    c = Canvas(100)
    f = font(False)
    c.text(5, 10, "Hi", halo="white", size=16)
    c.text(5, 30, "Lo", halo="white", size=4)
    c.text(5, 50, "No")
    c.flush()
    assert c.parts == [
        f'<path d="{f.text_path("Hi", 5, 10, 16)}" fill="none" stroke="white" stroke-width="4" stroke-linejoin="round"/>',
        f'<path d="{f.text_path("Hi", 5, 10, 16)}" fill="#2b2118"/>',
        f'<path d="{f.text_path("Lo", 5, 30, 4)}" fill="none" stroke="white" stroke-width="2" stroke-linejoin="round"/>',
        f'<path d="{f.text_path("Lo", 5, 30, 4)}" fill="#2b2118"/>',
        f'<path d="{f.text_path("No", 5, 50, 11)}" fill="#2b2118"/>',
    ]


def test_labels_flushed_early_stay_under_later_shapes():
    c = Canvas(10, browser=True)
    c.text(1, 1, "a")
    c.flush()
    c.add("<circle/>", "<line/>")
    c.text(2, 2, "b")
    doc = c.svg(5, summary="s")
    assert doc.index(">a<") < doc.index("<circle/>") < doc.index("<line/>") < doc.index(">b<")


def test_svg_is_a_standalone_labelled_image():
    c = Canvas(99.6, browser=True)
    c.add("<g/>")
    c.text(1, 2, "x")
    doc = c.svg(20.4, summary=' Tom & "Jo"\n', background="#fff")
    label = "Tom &amp; &quot;Jo&quot;"
    assert doc == (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="100" height="20" viewBox="0 0 100 20" role="img" '
        f'aria-label="{label}" font-family="DejaVu Sans, Verdana, sans-serif"><title>{label}</title>'
        '<rect width="100" height="20" fill="#fff"/><g/><text font-size="11" fill="#2b2118">'
        '<tspan x="1" y="2">x</tspan></text></svg>'
    )
    plain = Canvas(10).svg(5, summary="s")
    assert plain.endswith("<title>s</title></svg>") and "<rect" not in plain


def test_rect_d_puts_the_edges_on_whole_pixels():
    assert rect_d(1.4, 2.6, 10.2, 3.3) == "M1 3h11v3h-11z"
    assert rect_d(0, 0, 5, 5) == "M0 0h5v5h-5z"


def test_line_d_of_fewer_than_two_points_is_empty():
    assert line_d([], 2) == "" and line_d([(1, 1)], 2) == ""


def test_line_d_of_one_segment_is_a_rectangle_clockwise_on_screen():
    assert line_d([(0, 0), (10, 0)], 2) == "M0 -1L10 -1L10 1L0 1z"
    assert line_d([(10, 0), (0, 0)], 2) == "M10 1L0 1L0 -1L10 -1z"
    assert line_d([(0, 0), (0, 4)], 1) == "M0.5 0L0.5 4L-0.5 4L-0.5 0z"


def test_line_d_mitres_a_right_angle_corner():
    # along x then down y, 2 wide: the outer corner at (11, -1), the inner one at (9, 1)
    assert line_d([(0, 0), (10, 0), (10, 10)], 2) == "M0 -1L11 -1L11 10L9 10L9 1L0 1z"


def test_line_d_caps_a_sharp_mitre_at_twice_the_half_width():
    d = line_d([(0, 0), (10, 0), (0, 1)], 2)
    xs = [float(p.split()[0]) for p in d[1:-1].split("L")]
    assert max(xs) <= 10 + 2.0001 and max(xs) > 11


def test_line_d_of_a_point_repeated_and_a_line_turning_back():
    # no direction: every corner on the point itself
    assert line_d([(0, 0), (0, 0)], 2) == "M0 0L0 0L0 0L0 0z"
    # the turn's corner, where the two normals cancel, offset along the second segment's normal
    assert line_d([(0, 0), (10, 0), (0, 0)], 2) == "M0 -1L10 1L0 1L0 -1L10 -1L0 1z"


def test_line_d_away_from_the_axes_keeps_its_width():
    assert line_d([(0, 5), (10, 5)], 2) == "M0 4L10 4L10 6L0 6z"
    assert line_d([(3, 1), (3, 9)], 4) == "M5 1L5 9L1 9L1 1z"


def test_line_d_mitres_a_corner_whose_normals_add_up_to_a_vertical():
    # normals (-0.8, 0.6) then (0.8, 0.6): the corner at (3, 4) moves 1 / 0.6 along (0, 1) either way
    assert line_d([(0, 0), (3, 4), (6, 0)], 2) == "M0.8 -0.6L3 2.33L5.2 -0.6L6.8 0.6L3 5.67L-0.8 0.6z"
