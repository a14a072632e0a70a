"""The rules help: /rules/ lists the games, /rules/<slug>/ summarises one, and the game pages link to it."""

from __future__ import annotations

import html
import re

import pytest
from django.template.loader import get_template
from django.urls import reverse

from games.rules import engine_slugs, get_engine
from tests.builders import lobby_game, start_game

from .test_glossary import log_measles

pytestmark = pytest.mark.django_db

SECTIONS = {
    "oregon-trail-race": ["goal", "setup", "turn", "calamities", "towns", "end", "variants", "glossary"],
    "ogallala": ["goal", "setup", "turn", "boats", "end", "variants", "glossary"],
    "crayon-rails": ["goal", "setup", "turn", "building", "events", "variants", "glossary"],
}


def test_every_engine_has_a_rules_summary():
    assert set(engine_slugs()) == set(SECTIONS)
    for slug in SECTIONS:
        get_template(f"games/rules/{slug}.html")  # its own summary, not the generic page
        assert len(get_engine(slug).variants) == 2


def test_the_index_links_every_game_for_anyone(client):
    page = client.get("/rules/")
    assert page.status_code == 200
    text = page.content.decode()
    for slug in engine_slugs():
        assert f'href="/rules/{slug}/"' in text
        assert get_engine(slug).title in text


@pytest.mark.parametrize("slug", sorted(SECTIONS))
def test_a_game_summary_has_its_sections_and_every_card_of_every_variant(client, slug):
    page = client.get(reverse("rules:game", args=[slug]))
    assert page.status_code == 200
    text = page.content.decode()
    for section in SECTIONS[slug]:
        assert f'id="{section}"' in text, section
    for options, name in get_engine(slug).variants:
        assert html.escape(name) in text or name in text
        for term, explanation in get_engine(slug).glossary(options).items():
            shown = term[:1].upper() + term[1:]  # a term starts a line with a capital ("Floods", #27)
            assert "<dt id=" in text and f">{html.escape(shown)}</dt>" in text, term
            assert html.escape(explanation) in text, term
    assert f'href="{reverse("games:new", args=[slug])}"' in text  # start a game from the rules


def test_variant_differences_are_spelt_out(client):
    otr = client.get("/rules/oregon-trail-race/").content.decode()
    assert "Revised" in otr and "Classic" in otr and "Willamette Valley" in otr
    og = client.get("/rules/ogallala/").content.decode()
    assert "Ogallala I" in og and "Ogallala II" in og and "Not in this variant." in og  # Crazy Axe is I only
    cr = client.get("/rules/crayon-rails/").content.decode()
    assert "Public pool" in cr and "Standard hands" in cr and "pitch" in cr


def test_an_unknown_game_has_no_rules_page(client):
    assert client.get("/rules/chess/").status_code == 404


def test_the_pages_carry_no_inline_script_or_style(client):
    for url in ["/rules/", *(f"/rules/{slug}/" for slug in engine_slugs())]:
        text = client.get(url).content.decode()
        assert " style=" not in text and "<style" not in text and " onclick=" not in text
        assert not re.search(r"<script(?![^>]*\bsrc=)(?![^>]*\bnonce=)", text)


@pytest.mark.parametrize("slug", sorted(SECTIONS))
def test_the_game_page_and_the_create_page_link_to_the_summary(client, make_user, slug):
    user = make_user("ann")
    client.force_login(user)
    game = lobby_game(user, rules=slug, max_players=get_engine(slug).min_seats)
    detail = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert f'href="/rules/{slug}/"' in detail
    new = client.get(reverse("games:new", args=[slug])).content.decode()
    assert f'href="/rules/{slug}/"' in new


# -- in the browser: the pages fit a phone and a desktop, and a term opens its explanation ----------------------

WIDTHS = [375, 1280]
OVERFLOW = "document.documentElement.scrollWidth - window.innerWidth"


def _session_context(browser, live_server, user, width):
    from django.test import Client

    c = Client()
    c.force_login(user)
    context = browser.new_context(viewport={"width": width, "height": 900})
    host = live_server.url.split("//", 1)[1].split(":")[0]
    context.add_cookies([{"name": "sessionid", "value": c.cookies["sessionid"].value, "domain": host, "path": "/"}])
    return context


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.xdist_group("browser")
@pytest.mark.parametrize("width", WIDTHS)
def test_rules_pages_and_glossary_popovers_in_the_browser(browser, live_server, make_user, width, tmp_path):
    import os

    from games import selectors

    shots = os.environ.get("TRAILPOST_SCREENSHOTS") or str(tmp_path)
    ann, bob = make_user("ann"), make_user("bob")
    game = start_game(ann, bob, rules="oregon-trail-race")
    context = _session_context(browser, live_server, ann, width)
    page = context.new_page()

    for path in ["/rules/", *(f"/rules/{slug}/" for slug in engine_slugs())]:
        assert page.goto(live_server.url + path).status == 200
        assert page.evaluate(OVERFLOW) <= 0, (path, width)
        name = path.strip("/").replace("/", "-")
        page.screenshot(path=f"{shots}/{name}-{width}.png")
        for anchor in ("variants", "glossary"):
            if page.locator(f"#{anchor}").count():
                page.locator(f"#{anchor}").scroll_into_view_if_needed()
                page.evaluate(f"document.getElementById('{anchor}').scrollIntoView()")
                page.screenshot(path=f"{shots}/{name}-{anchor}-{width}.png")

    # A first look, then bob sends ann a calamity: the second look marks it New and explains Measles.
    page.goto(live_server.url + reverse("games:detail", args=[game.pk]))
    game.refresh_from_db()
    seat = selectors.seat_of(game, bob)
    log_measles(game, seat)
    page.goto(live_server.url + reverse("games:detail", args=[game.pk]))
    assert page.evaluate(OVERFLOW) <= 0, width
    assert page.locator(".log li.tp-new .tp-new-badge").first.inner_text() == "New"
    assert "1 move since you last looked" in page.locator("#news").inner_text()
    term = page.locator('.log button.term[popovertarget="g-measles"]').first
    term.scroll_into_view_if_needed()
    term.click()
    tip = page.locator("#g-measles")
    assert tip.is_visible() and page.evaluate("document.querySelector('#g-measles').matches(':popover-open')")
    box = tip.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    assert "Medicine" in tip.inner_text()
    page.screenshot(path=f"{shots}/game-popover-{width}.png")
    page.keyboard.press("Escape")
    assert not tip.is_visible()
    page.screenshot(path=f"{shots}/game-{width}.png", full_page=True)
    context.close()
