"""The rules help: /rules/ lists the games, /rules/<slug>/ summarises one, and the game pages link to it."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from games import services
from games.rules import engine_slugs, get_engine
from games.rules_urls import VARIANTS

pytestmark = pytest.mark.django_db

SECTIONS = {
    "oregon-trail-race": ["goal", "setup", "turn", "calamities", "towns", "end", "variants", "glossary"],
    "ogallala": ["goal", "setup", "turn", "boats", "end", "variants", "glossary"],
    "crayon-rails": ["goal", "setup", "turn", "building", "events", "variants", "glossary"],
}


def test_every_engine_has_a_rules_summary():
    assert set(VARIANTS) == set(engine_slugs()) == set(SECTIONS)


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
    for options, name in VARIANTS[slug]:
        assert html.escape(name) in text or name in text
        for term, explanation in get_engine(slug).glossary(options).items():
            assert "<dt id=" in text and f">{html.escape(term)}</dt>" in text, term
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
    game = services.game_create(owner=user, rules=slug, max_players=get_engine(slug).min_seats)
    detail = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert f'href="/rules/{slug}/"' in detail
    new = client.get(reverse("games:new", args=[slug])).content.decode()
    assert f'href="/rules/{slug}/"' in new
