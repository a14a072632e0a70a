"""Crayon Rails in headless Chromium: pick Build, click mileposts on the SVG map, send the path,
and see the new track drawn in the player's colour; a composed path survives an htmx swap."""
import os
import shutil

import pytest
from django.test import Client

from games import rules, services
from games.models import Game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True), pytest.mark.xdist_group("browser")]

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SHOTS = os.environ.get("TRAILPOST_SCREENSHOTS")  # a folder to save page screenshots in, if set


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync"])
        yield b
        b.close()


@pytest.fixture
def fake_rails():
    from tests.games.fake_rails import ENGINE

    saved = rules._REGISTRY.get("crayon-rails"), rules._loaded.get("crayon-rails")
    rules._REGISTRY["crayon-rails"] = "tests.games.fake_rails:ENGINE"
    rules._loaded["crayon-rails"] = ENGINE
    yield ENGINE
    for table, value in zip((rules._REGISTRY, rules._loaded), saved):
        if value is None:
            table.pop("crayon-rails", None)
        else:
            table["crayon-rails"] = value


def _logged_in_page(browser, live_server, user):
    c = Client()
    c.force_login(user)
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    host = live_server.url.split("//", 1)[1].split(":")[0]
    context.add_cookies([{"name": "sessionid", "value": c.cookies["sessionid"].value, "domain": host, "path": "/"}])
    return context.new_page()


def _mp(x, y):
    return f'#cr-map .mp[data-x="{x}"][data-y="{y}"]'


def test_click_mileposts_to_build_then_move(live_server, browser, make_user, fake_rails):
    ann, bob = make_user("Ann"), make_user("Bob")
    game = services.game_create(owner=ann, rules="crayon-rails", max_players=2)
    services.game_join(game=game, user=bob)
    services.game_start(game=game, by=ann)
    game = Game.objects.get(pk=game.pk)
    mover = game.seats.get(position=0).user
    page = _logged_in_page(browser, live_server, mover)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live_server.url}/games/{game.pk}/")
    assert page.locator("#cr-tools").is_visible()
    assert page.locator(".cr-track").count() == 0

    page.click("[data-cr=build]")
    for x, y in [(4, 4), (5, 4), (6, 4), (6, 5)]:
        page.click(_mp(x, y))
    page.click(_mp(9, 9))  # not a neighbour: refused with a message
    assert "not next to" in page.locator("#cr-status").inner_text()
    page.click(_mp(7, 5))
    page.click("[data-cr=undo]")
    assert page.input_value("input[name=path]") == "4,4 5,4 6,4 6,5"
    assert len(page.get_attribute("#cr-compose-line", "points").split()) == 4

    # a swap of the live section (as polling does when the game moves) keeps the path
    page.evaluate(f"htmx.ajax('GET', '/games/{game.pk}/live/', {{target: '#live', swap: 'outerHTML'}})")
    page.wait_for_timeout(400)
    assert len(page.get_attribute("#cr-compose-line", "points").split()) == 4
    assert page.input_value("input[name=path]") == "4,4 5,4 6,4 6,5"

    page.click("#cr-submit")
    page.wait_for_load_state()
    track = page.locator('.cr-track[data-seat="0"]')
    assert track.count() == 1 and track.get_attribute("d").count("M") == 3
    assert int(page.locator("#live").get_attribute("data-version")) == 2
    assert page.get_attribute("#cr-compose-line", "points") == ""
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "crayon-rails-fake.png"), full_page=True)

    page.click("[data-cr=move]")  # starts at the train
    page.click(_mp(5, 4))
    page.click(_mp(6, 4))
    page.click("#cr-submit")
    page.wait_for_load_state()
    assert page.locator('.cr-train[data-seat="0"]').get_attribute("data-x") == "6"
    assert Game.objects.get(pk=game.pk).state["players"][0]["position"] == [6, 4]
    assert not errors
