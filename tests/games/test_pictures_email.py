"""The table pictures drawn for email (games.pictures.email_svg): for a seeded mid-game position of
every game, 600 CSS pixels wide with no text under 12 pixels at that width (nor at the 552 pixels
of the email's column), rendered at twice that width, the reader's own area first, and nothing of
another seat's hidden hand."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest

from games.boards import board_data
from games.pictures import EMAIL_W, email_svg, render_png, table_svg

from .test_pictures import NAMES, SEED, SVG, _card_name, _hide_differently, _png_size, _position, _texts

CASES = [
    pytest.param("oregon-trail-race", {"ruleset": "revised"}, 3, 60, id="otr-revised"),
    pytest.param("oregon-trail-race", {"ruleset": "classic"}, 4, 90, id="otr-classic"),
    pytest.param("oregon-trail-race", {"ruleset": "revised", "trail_length": 30}, 4, 90, id="otr-revised-30"),
    pytest.param("ogallala", {"edition": "I"}, 3, 70, id="ogallala-I"),
    pytest.param("ogallala", {"edition": "II", "row_length": 16}, 4, 70, id="ogallala-II-16"),
    pytest.param("crayon-rails", {"mode": "standard"}, 3, 40, id="crayon-standard"),
    pytest.param("crayon-rails", {"mode": "public"}, 4, 40, id="crayon-public"),
]
SCALE = re.compile(r"scale\(\s*([\d.]+)")


def _email(engine, options, state, seat, *, browser=True, names=NAMES):
    return email_svg(
        engine.name, engine.view(state, seat), names=names, board=board_data(engine, options), me=seat, browser=browser
    )


def _text_sizes(root) -> list[tuple[float, str]]:
    """Returns (size in CSS pixels at the picture's own width, text) of every text element: its
    font-size times the scale of the nested pictures (viewBox) and transforms it sits in."""
    out = []

    def walk(el, scale, inherited):
        size = float(el.get("font-size", inherited))
        if el is not root and el.tag == f"{SVG}svg" and el.get("viewBox"):
            scale *= float(el.get("width")) / float(el.get("viewBox").split()[2])
        m = SCALE.search(el.get("transform", ""))
        if m:
            scale *= float(m[1])
        if el.tag == f"{SVG}text":
            out.append((size * scale, "".join(el.itertext())))
        for child in el:
            walk(child, scale, size)

    walk(root, 1.0, 16.0)
    return out


@pytest.mark.parametrize(("rules", "options", "seats", "steps"), CASES)
def test_the_email_picture_is_600_wide_and_no_text_is_under_12_pixels(rules, options, seats, steps):
    engine, options, state = _position(rules, options, seats, steps)
    for seat in range(seats):
        root = ET.fromstring(_email(engine, options, state, seat))
        assert root.get("width") == str(EMAIL_W) == "600"
        width = float(root.get("viewBox").split()[2])
        sizes = _text_sizes(root)
        assert len(sizes) >= 3
        for size, text in sizes:
            assert size * 600 / width >= 12, (seat, size, text)
            assert size * 552 / width >= 12, (seat, size, text)  # the column's width on most clients
        texts = _texts(root)
        assert f"{NAMES[seat]} (you)" in texts
        for s in range(seats):
            assert NAMES[s] in texts
        # the reader's own area is drawn above everyone else's (below the status line at the top)
        spans = [(float(t.get("y")), t.text or "") for t in root.iter(f"{SVG}tspan") if float(t.get("y")) > 30]
        mine = min(y for y, text in spans if text.startswith(f"{NAMES[seat]} (you)"))
        others = [y for y, text in spans for s in range(seats) if s != seat and text.startswith(NAMES[s])]
        assert others and mine < min(others)
    # two-letter token labels (names sharing an initial) are as large
    shared = {s: f"Al{'abcd'[s]} Same" for s in range(seats)}
    root = ET.fromstring(_email(engine, options, state, 0, names=shared))
    width = float(root.get("viewBox").split()[2])
    assert "A1" in _texts(root)
    assert all(size * 552 / width >= 12 for size, _ in _text_sizes(root))
    # the page's picture is not the email's
    page = table_svg(engine.name, engine.view(state, 0), names=NAMES, board=board_data(engine, options), me=0)
    assert page != _email(engine, options, state, 0, browser=False)


@pytest.mark.parametrize(("rules", "options", "seats", "steps"), CASES)
def test_the_email_picture_renders_at_twice_its_width(rules, options, seats, steps):
    engine, options, state = _position(rules, options, seats, steps)
    svg = _email(engine, options, state, 0, browser=False)
    root = ET.fromstring(svg)
    assert root.find(f".//{SVG}text") is None  # resvg is given outlines, as for the page's picture
    png = render_png(svg, width=2 * EMAIL_W)
    assert _png_size(png) == (1200, round(float(root.get("height")) * 2))
    assert len(png) > 10_000


@pytest.mark.parametrize(("rules", "options", "seats", "steps"), CASES)
def test_seat_a_sees_nothing_of_seat_b_hidden_hand(rules, options, seats, steps):
    engine, options, state = _position(rules, options, seats, steps)
    places = engine.card_places(state)
    for seat in range(seats):
        seen = json.dumps(engine.view(state, seat))
        for browser in (False, True):
            svg = _email(engine, options, state, seat, browser=browser)
            assert SEED not in svg
            texts = _texts(ET.fromstring(svg))
            for place in engine.hidden_places(state, seat):
                for card in places.get(place, []):
                    assert card not in svg, (seat, card)
                    name = _card_name(rules, card)
                    if name and name not in seen:
                        assert name not in texts, (seat, card, name)
            # drawn from the seat's view alone: other hands, decks and the seed changed, the same picture
            assert svg == _email(engine, options, _hide_differently(engine, state, seat), seat, browser=browser)


def test_crayon_rails_shows_the_readers_own_demand_cards_and_no_one_elses():
    engine, options, state = _position("crayon-rails", {"mode": "standard"}, 3, 40)
    views = {s: engine.view(state, s) for s in range(3)}

    def lines(view):
        return {f"{d['good']} to {d['city']}: {d['payoff']}" for card in view["hand"] for d in card["demands"]}

    for a in range(3):
        texts = _texts(ET.fromstring(_email(engine, options, state, a)))
        assert all(line in texts for line in lines(views[a]))
        for b in range(3):
            if b != a:
                assert not (lines(views[b]) - lines(views[a])) & {x for x in lines(views[b]) if x in texts}
