"""The table pictures (games.pictures): every engine and variant, drawn for every seat and for a
spectator from a seeded bot game, is an SVG document that parses, names every player, renders to
a PNG of its own size, and shows nothing the seat may not see: no card of a hidden place (another
hand, a deck), not the seed, and it stays the same when those change. Names are escaped, drawings
are deterministic, and the game page's template tag draws the same table."""

from __future__ import annotations

import copy
import json
import struct
import xml.etree.ElementTree as ET

import pytest
from django.template import Context, Template

from games.boards import board_data
from games.pictures import email_svg, render_png, table_svg
from games.rules import get_engine
from games.rules.base import Rng
from games.rules.drawing.fonts import font, text_width
from games.rules.ogallala.cards import info
from games.rules.oregon_trail.cards import (
    CALAMITY_CARDS,
    CALAMITY_NAMES,
    SUPPLY_CARDS,
    SUPPLY_NAMES,
    TRAIL_CARDS,
    TRAIL_NAMES,
)

SVG = "{http://www.w3.org/2000/svg}"
SEED = "pictures-seed-5f1c9e"
NAMES = {0: "Ann Example", 1: "Bob Zoë", 2: "Carla O'Neil", 3: "Dan Łódź"}
CASES = [
    pytest.param("oregon-trail-race", {"ruleset": "revised", "trail_length": 30}, 4, 90, id="otr-revised-30"),
    pytest.param("oregon-trail-race", {}, 3, 60, id="otr-default"),
    pytest.param("oregon-trail-race", {"ruleset": "classic"}, 4, 90, id="otr-classic"),
    pytest.param("ogallala", {"edition": "I"}, 4, 70, id="ogallala-I"),
    pytest.param("ogallala", {"edition": "II"}, 3, 70, id="ogallala-II"),
    pytest.param("ogallala", {"edition": "I", "two_tribes": True, "row_length": 16}, 2, 50, id="ogallala-I-tribes"),
    pytest.param("crayon-rails", {"mode": "public"}, 3, 40, id="crayon-public"),
    pytest.param("crayon-rails", {"mode": "standard"}, 4, 40, id="crayon-standard"),
]


def _position(rules: str, options: dict, seats: int, steps: int):
    """Returns (engine, options, state) after `steps` seeded bot moves (fewer if the game ends)."""
    engine = get_engine(rules)
    options = engine.normalize_options(options, seats)
    state = engine.new_state(options, seats, SEED)
    rnd = Rng.stream(f"bot:{SEED}")
    for _ in range(steps):
        if engine.result(state) is not None:
            break
        seat = engine.to_act(state)[0]
        engine.apply(state, seat, engine.bot_action(state, seat, rnd))
    return engine, options, state


def _draw(engine, options, state, seat, *, browser=False, names=NAMES):
    return table_svg(
        engine.name, engine.view(state, seat), names=names, board=board_data(engine, options), me=seat, browser=browser
    )


def _texts(root) -> str:
    """Returns every text of a parsed SVG: its elements' text and its aria-label."""
    return " ".join([root.get("aria-label", ""), *root.itertext()])


def _png_size(png: bytes) -> tuple[int, int]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert png[12:16] == b"IHDR"
    return struct.unpack(">II", png[16:24])


def _card_name(rules: str, card: str) -> str | None:
    """Returns how a card is named to players, where that is more than its id."""
    if rules == "oregon-trail-race":
        if card in TRAIL_CARDS:
            return TRAIL_NAMES[TRAIL_CARDS[card]["kind"]]
        if card in SUPPLY_CARDS:
            return SUPPLY_NAMES[SUPPLY_CARDS[card]]
        if card in CALAMITY_CARDS:
            return CALAMITY_NAMES[CALAMITY_CARDS[card]]
    if rules == "ogallala":
        return info(card).name
    return None


def _hide_differently(engine, state: dict, seat) -> dict:
    """Returns the state with everything the seat may not see changed: hidden piles reversed, other
    hands swapped for cards of a deck, another seed."""
    other = copy.deepcopy(state)
    other["rng"]["seed"] = "another-seed"
    deck = next((k for k in ("trail_deck", "deck") if isinstance(other.get(k), list)), None)
    for place in sorted(engine.hidden_places(state, seat)):
        kind, _, index = place.partition(":")
        if kind == "stack":
            other["stacks"][int(index)].reverse()
        elif kind == "hand" and deck and index:
            hand = other["players"][int(index)]["hand"]
            n = min(len(hand), len(other[deck]))
            hand[:n], other[deck][:n] = other[deck][:n], hand[:n]
        elif isinstance(other.get(place), list):
            other[place].reverse()
    return other


@pytest.mark.parametrize(("rules", "options", "seats", "steps"), CASES)
def test_every_seat_sees_its_own_table_and_nothing_hidden(rules, options, seats, steps):
    engine, options, state = _position(rules, options, seats, steps)
    places = engine.card_places(state)
    for seat in [None, *range(seats)]:
        view = engine.view(state, seat)
        seen = json.dumps(view)
        for browser in (False, True):
            svg = _draw(engine, options, state, seat, browser=browser)
            root = ET.fromstring(svg)
            assert root.tag == f"{SVG}svg" and root.get("role") == "img" and root.find(f"{SVG}title") is not None
            assert float(root.get("width")) > 300 and float(root.get("height")) > 100
            texts = _texts(root)
            for s in range(seats):
                assert NAMES[s] in texts, (seat, browser, NAMES[s])
            assert SEED not in svg
            assert "style=" not in svg or not browser  # the page's Content-Security-Policy allows no style attribute
            hidden = {card for place in engine.hidden_places(state, seat) for card in places.get(place, [])}
            for card in hidden:
                assert card not in svg, (seat, card)
                name = _card_name(rules, card)
                if name and name not in seen:  # a name the seat sees nowhere else must not be drawn either
                    assert name not in texts, (seat, card, name)
            assert svg == _draw(engine, options, _hide_differently(engine, state, seat), seat, browser=browser)


@pytest.mark.parametrize(("rules", "options", "seats", "steps"), CASES)
def test_the_picture_renders_to_a_png_of_its_size(rules, options, seats, steps):
    engine, options, state = _position(rules, options, seats, steps)
    svg = _draw(engine, options, state, 0)
    root = ET.fromstring(svg)
    png = render_png(svg)
    assert _png_size(png) == (int(root.get("width")), int(root.get("height")))
    assert len(png) > 5_000  # a drawing, not an empty canvas
    assert _png_size(render_png(svg, width=300))[0] == 300


@pytest.mark.parametrize("rules", ["oregon-trail-race", "ogallala", "crayon-rails"])
def test_names_are_escaped(rules):
    engine, options, state = _position(rules, {}, 2, 20)
    names = {0: '<script>alert("x")</script> & Co', 1: 'Bob\'s "quoted" name'}
    for browser in (False, True):
        svg = _draw(engine, options, state, 0, browser=browser, names=names)
        assert "<script>" not in svg and "& Co" not in svg
        texts = _texts(ET.fromstring(svg))
        assert all(name in texts for name in names.values())


def test_the_same_view_draws_the_same_svg():
    for rules, options, seats, steps in (("oregon-trail-race", {}, 3, 40), ("ogallala", {}, 3, 40)):
        engine, options, state = _position(rules, options, seats, steps)
        view = engine.view(state, 1)
        first = table_svg(rules, view, names=NAMES, me=1)
        assert table_svg(rules, copy.deepcopy(view), names=dict(NAMES), me=1) == first
        assert table_svg(rules, json.loads(json.dumps(view)), names=NAMES, me=1) == first


def test_unknown_rules_draw_nothing_and_crayon_rails_finds_its_map():
    assert table_svg("toy-shed", {"players": []}) is None
    engine, options, state = _position("crayon-rails", {}, 2, 10)
    view = engine.view(state, 0)
    assert table_svg("crayon-rails", view, me=0) == table_svg(
        "crayon-rails", view, me=0, board=board_data(engine, options)
    )


def test_text_is_drawn_with_the_vendored_font():
    regular = font()
    assert regular.glyph("A") and regular.glyph("Ł") and regular.glyph("漢") == 0
    assert 0 < text_width("Oregon", 10) < text_width("Oregon", 10, bold=True)
    d = regular.text_path("Aé", 10, 20, 12)  # a path per letter, each of its contours closed
    assert d.startswith("M") and d.count("M") == 2 and d.endswith("z")
    assert regular.text_path("é", 0, 0, 12).count("z") == 3  # a composite: the e's two contours and the accent


def test_the_page_tag_draws_the_table_for_a_browser():
    engine, options, state = _position("oregon-trail-race", {}, 3, 30)
    view = engine.view(state, 2)
    for p in view["players"]:
        p["name"] = NAMES[p["seat"]]
    game = type("Game", (), {"rules": "oregon-trail-race"})()
    html = Template("{% load pictures %}{% table_picture %}").render(
        Context({"game": game, "view": view, "my_seat": 2, "board": None})
    )
    assert html == table_svg("oregon-trail-race", view, names=NAMES, me=2, browser=True)
    assert html.startswith("<svg") and "<text" in html and "style=" not in html
    assert Template("{% load pictures %}{% table_picture %}").render(Context({"view": None})) == ""


def test_an_oregon_seats_view_drawn_without_me_is_drawn_for_the_seat_it_marks():
    engine, options, state = _position("oregon-trail-race", {}, 3, 30)
    view = engine.view(state, 2)  # its own `hand` and `supplies`; the seat is the player marked is_me
    for draw in (table_svg, email_svg):
        assert draw("oregon-trail-race", view, names=NAMES) == draw("oregon-trail-race", view, names=NAMES, me=2)
        assert draw("oregon-trail-race", view, names=NAMES) != draw("oregon-trail-race", view, names=NAMES, me=1)
