"""Each game's "your turn" email as a mail client shows it: received over real SMTP, its HTML part
opened in headless Chromium at 375 px (a phone) and 800 px, with the inline picture of the table
in place of its cid: reference, as mail clients do. The picture is there and shown, and nothing
makes the page scroll sideways.

Screenshots go to the test's temporary directory, and to $TRAILPOST_SCREENSHOTS when set (to look at)."""

import base64
import os
import re
from pathlib import Path

import pytest

from .conftest import minute, turn_seat
from .test_mail_as_judged import every_kind  # noqa: F401

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True), pytest.mark.xdist_group("browser")]

GAMES = [
    ("oregon-trail-race", {"ruleset": "revised"}),
    ("oregon-trail-race", {"ruleset": "classic"}),
    ("ogallala", {"edition": "I"}),
    ("ogallala", {"edition": "II"}),
    ("crayon-rails", {"mode": "public"}),
    ("crayon-rails", {"mode": "standard"}),
]


def as_a_mail_client_shows_it(message) -> tuple[str, dict]:
    """Returns the HTML part with each cid: image inlined as a data: URL, and the images by Content-ID."""
    html = message.get_body(("html",)).get_content()
    images = {}
    for part in message.walk():
        if part.get_content_type() == "image/png":
            images[part["Content-ID"].strip("<>")] = part.get_content()
    for cid, png in images.items():
        html = html.replace(f"cid:{cid}", "data:image/png;base64," + base64.b64encode(png).decode())
    return html, images


@pytest.mark.parametrize("rules, options", GAMES, ids=[f"{r}-{list(o.values())[0]}" for r, o in GAMES])
def test_the_your_turn_email_shows_the_table_picture_without_overflow(
    make_game,
    smtp_sink,
    browser,
    tmp_path,
    rules,
    options,  # noqa: F811
):
    game = make_game(n=2, rules=rules, options=options)
    seat = turn_seat(game)
    minute()
    [message] = [m for m in smtp_sink.wait_for(1) if m["To"] == seat.user.email][-1:]
    assert message.get_content_type() == "multipart/alternative"  # text, then related (HTML and picture)
    html, images = as_a_mail_client_shows_it(message)
    [(cid, png)] = images.items()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert f'src="cid:{cid}"' in message.get_body(("html",)).get_content()
    assert "data:image/png;base64," in html and "cid:" not in html
    # The text part keeps the table in words: a client that shows no HTML loses nothing.
    assert "The table as you see it" in message.get_body(("plain",)).get_content()
    out = Path(os.environ.get("TRAILPOST_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    for width in (375, 800):
        page = browser.new_page(viewport={"width": width, "height": 900})
        try:
            page.set_content(html)
            page.wait_for_function("() => [...document.images].every(i => i.complete)")
            shown = page.evaluate(
                """() => [...document.images].map(i => ({
                    natural: i.naturalWidth, width: i.getBoundingClientRect().width,
                    right: i.getBoundingClientRect().right}))"""
            )
            assert len(shown) == 1 and shown[0]["natural"] > 0
            assert 0 < shown[0]["width"] and shown[0]["right"] <= width
            overflow = page.evaluate(
                "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            assert overflow <= 0, f"the email scrolls sideways by {overflow} px at {width} px"
            name = re.sub(r"[^a-z0-9]+", "-", f"{rules}-{options}-{width}".lower())
            page.screenshot(path=str(out / f"email-{name}.png"), full_page=True)
        finally:
            page.close()


def test_the_chat_and_moderation_emails_read_well_on_a_phone(make_game, smtp_sink, browser, tmp_path, make_user):
    """A message at the table (with markup in it, shown as text) and a moderator's pause, as the
    other player's mail client shows them at 375 and 800 px: no sideways scroll, the words there."""
    from chat.services import post_message
    from games import services

    game = make_game(n=2, rules="ogallala", options={"edition": "II"})
    writer, reader = (s.user for s in game.seats.order_by("position"))
    post_message(game=game, user=writer, text="Shall we trade? <b>not bold</b> " + "a-very-long-word" * 8)
    services.game_pause(game=game, by=make_user("Mod", is_staff=True), reason="The server moves house tonight")
    minute()
    got = {}
    for message in smtp_sink.wait_for(4):
        if message["To"] == reader.email:
            subject = message["Subject"]
            got["chat" if "Shall we trade" in message.get_body(("plain",)).get_content() else subject] = message
    chat = got.pop("chat")
    [(_, paused)] = [(s, m) for s, m in got.items() if "paused" in m.get_body(("plain",)).get_content().lower()]
    assert "chat+" in chat["Reply-To"]
    out = Path(os.environ.get("TRAILPOST_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    for name, message, words in (
        ("chat", chat, ["Shall we trade? <b>not bold</b>", writer.public_name]),
        ("paused", paused, ["The server moves house tonight"]),
    ):
        html, _ = as_a_mail_client_shows_it(message)
        for width in (375, 800):
            page = browser.new_page(viewport={"width": width, "height": 900})
            try:
                page.set_content(html)
                text = page.inner_text("body")
                assert all(w in text for w in words), (name, text[:500])
                assert page.locator("b", has_text="not bold").count() == 0  # the markup is text, not HTML
                overflow = page.evaluate(
                    "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
                )
                assert overflow <= 0, f"the {name} email scrolls sideways by {overflow} px at {width} px"
                page.screenshot(path=str(out / f"email-{name}-{width}.png"), full_page=True)
            finally:
                page.close()


def test_every_kind_of_email_reads_well_at_375_and_800_px(every_kind, browser):  # noqa: F811
    """Every kind a player gets, as a mail client shows it, light and dark: no sideways scroll,
    its first line as its heading, no text under 12 px, the card at most 600 px wide. Screenshots
    of each (kind, width, scheme) go to $TRAILPOST_SCREENSHOTS when it is set (to look at)."""
    _game, _seat, got = every_kind
    shots = os.environ.get("TRAILPOST_SCREENSHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
    shown = {
        kind: (as_a_mail_client_shows_it(m)[0], m.get_body(("plain",)).get_content().splitlines()[0])
        for kind, m in got.items()
    }
    for width, scheme in ((375, "light"), (375, "dark"), (800, "light")):
        page = browser.new_page(viewport={"width": width, "height": 900}, color_scheme=scheme)
        try:
            for kind, (html, first) in shown.items():
                page.set_content(html)
                assert page.inner_text("h1") == first, kind
                overflow = page.evaluate(
                    "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
                )
                assert overflow <= 0, f"the {kind} email scrolls sideways by {overflow} px at {width} px"
                assert page.evaluate("() => document.querySelector('table.card').getBoundingClientRect().width") <= 600
                smallest = page.evaluate(
                    """() => Math.min(...[...document.querySelectorAll('body *')]
                        .filter(e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
                        .map(e => parseFloat(getComputedStyle(e).fontSize)))"""
                )
                assert smallest >= 12, (kind, smallest)
                if scheme == "dark":  # the dark block applies: the card is dark, its text light
                    bg = page.evaluate("() => getComputedStyle(document.querySelector('table.card')).backgroundColor")
                    assert bg == "rgb(36, 30, 24)", (kind, bg)
                if shots:
                    page.screenshot(path=str(Path(shots) / f"email-{kind}-{width}-{scheme}.png"), full_page=True)
        finally:
            page.close()
