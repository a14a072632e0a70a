"""The pages of dice nobody can choose, in headless Chromium at 375 and 1280 px: the join page with
its "Your entropy" field (static/js/entropy.js fills it with 16 random bytes as hex, which the
player may overwrite and which is then stored), the game page showing a player their own entropy,
the verify page of a finished game with every check, and the import page. Each page: no sideways
scroll, no serious or critical axe-core violation, no script error under the real CSP; a
screenshot of each goes to $TRAILPOST_SCREENSHOTS (or the test's tmp_path)."""

import os
import pathlib
import re

import pytest

from tests.builders import lobby_game, start_game
from tests.e2e.test_pages import _check, _context

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True), pytest.mark.xdist_group("browser")]

WIDTHS = (375, 1280)


def _finished_game(ann, bob):
    from games import services
    from games.models import Game

    game = start_game(
        ann,
        bob,
        rules="oregon-trail-race",
        title="Seeded table",
        entropy={ann: "Ann's lucky words", bob: "5f1c0e9a7d3b42e68c0a9b1d2e3f4a5b"},
    )
    for _ in range(6):
        game = Game.objects.get(pk=game.pk)
        position = game.engine.to_act(game.state)[0]
        seat = game.seats.get(position=position)
        action = game.engine.legal_actions(game.state, position)[0]
        services.move_submit(game=game, seat=seat, action=action, expected_version=game.version, channel="web")
    services.game_resign(game=Game.objects.get(pk=game.pk), user=ann)
    return Game.objects.get(pk=game.pk)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_seed_pages_fit_pass_axe_and_the_entropy_is_filled(width, live_server, browser, make_user, tmp_path):

    shots = pathlib.Path(os.environ.get("TRAILPOST_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    ann, bob, cy = make_user("Ann Seeds"), make_user("Bob Seeds"), make_user("Cy Seeds")
    finished = _finished_game(ann, bob)
    lobby = lobby_game(ann, rules="ogallala", max_players=3, title="Join with entropy")

    problems = []
    # The pages as the real CSP serves them: no script error, entropy.js runs.
    context = browser.new_context(viewport={"width": width, "height": 900})
    from django.test import Client

    c = Client()
    c.force_login(cy)
    host = live_server.url.split("//", 1)[1].split(":")[0]
    context.add_cookies([{"name": "sessionid", "value": c.cookies["sessionid"].value, "domain": host, "path": "/"}])
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{live_server.url}/join/{lobby.invite_code}/")
    page.wait_for_function("document.querySelector('input[name=entropy]').value.length > 0", timeout=10_000)
    filled = page.input_value("input[name=entropy]")
    assert re.fullmatch(r"[0-9a-f]{32}", filled), filled
    page.screenshot(path=str(shots / f"{width}-join-with-entropy.png"), full_page=True)
    page.fill("input[name=entropy]", "Cy's own phrase")
    page.click("#join-game")
    page.wait_for_url(f"**/games/{lobby.pk}/")
    assert lobby.seats.get(user=cy).entropy == "Cy's own phrase"
    assert "Cy's own phrase" in page.inner_text("#seed-commitment")
    page.screenshot(path=str(shots / f"{width}-game-page-own-entropy.png"), full_page=True)
    context.close()
    assert errors == [], errors

    # Layout and axe on each page (bypassing the CSP only to inject axe-core).
    pages = [
        ("join page", cy, f"/join/{lobby_game(ann, rules='ogallala', max_players=3).invite_code}/"),
        ("verify page", cy, f"/games/{finished.pk}/verify/"),
        ("finished game page", bob, f"/games/{finished.pk}/"),
        ("import page", cy, "/games/import/"),
    ]
    for name, user, path in pages:
        context = _context(browser, live_server, width, user)
        found, _ = _check(context.new_page(), name, live_server.url + path, 200, shots, width)
        problems += found
        context.close()
    assert problems == [], "\n".join(problems)


def test_the_verify_page_shows_every_contribution_and_check(live_server, browser, make_user):
    ann, bob = make_user("Ann Checks"), make_user("Bob Checks")
    finished = _finished_game(ann, bob)
    context = _context(browser, live_server, 1280)
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{finished.pk}/verify/")
    checks = page.inner_text("#verify-checks")
    for check in ("commitment", "seed", "seating", "replay", "events", "result"):
        assert f"✓ {check}" in checks, checks
    contributions = page.inner_text("#verify-contributions")
    assert "Ann's lucky words" in contributions and "5f1c0e9a7d3b42e68c0a9b1d2e3f4a5b" in contributions
    assert page.locator("#verify-seating li").count() == 2
    with page.expect_download() as download:
        page.click("text=Download (JSON)")
    assert download.value.suggested_filename == f"trailpost-game-{finished.pk}-oregon-trail-race.json"
    context.close()
