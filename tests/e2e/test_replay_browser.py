"""The replay viewer in headless Chromium: the arrow keys, Home and End and the slider move the
step in place (htmx) with the URL kept in step, under the site's real Content-Security-Policy;
without JavaScript the links still step; and every replay page fits 375 px and 1280 px with no
axe-core finding at all (the suite's pages allow minor and moderate ones; these have none). Screenshots go to $TRAILPOST_SCREENSHOTS (or tmp_path)."""

import os
import pathlib
import re

import pytest
from django.test import Client

from tests.e2e.test_pages import WIDTHS, _check, _context
from tests.games.test_replay import played

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True), pytest.mark.xdist_group("browser")]


def _over(users, rules, moves, **kw):
    from games import services
    from games.models import Game

    game = played(users, rules, moves=moves, **kw)
    if not game.is_over:
        services.game_abort(game=game, by=users[0])
    return Game.objects.get(pk=game.pk)


def _login(context, live_server, user):
    c = Client()
    c.force_login(user)
    host = live_server.url.split("//", 1)[1].split(":")[0]
    context.add_cookies([{"name": "sessionid", "value": c.cookies["sessionid"].value, "domain": host, "path": "/"}])


def _step(page, n, total):
    page.wait_for_function(
        "([n, total]) => { const h = document.getElementById('replay-heading');"
        " return h && h.textContent.trim() === `Step ${n} of ${total}`; }",
        arg=[n, total],
    )
    page.wait_for_function("(n) => new URL(location.href).searchParams.get('step') === String(n)", arg=n)


def test_keys_and_the_slider_move_the_step_in_place(live_server, browser, make_user, tmp_path):
    users = [make_user("Ann Replay"), make_user("Bob Replay"), make_user("Cyd Replay")]
    game = _over(users, "crayon-rails", 30, options={"mode": "standard"})
    total = 30
    context = browser.new_context(viewport={"width": 1280, "height": 900})  # the real CSP: no bypass
    _login(context, live_server, users[1])
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(f"{m.text} {m.location.get('url')}") if m.type == "error" else None)
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    base = f"{live_server.url}/games/{game.pk}/replay/"
    page.goto(f"{base}?step=10")
    _step(page, 10, total)
    page.wait_for_function("() => window.htmx !== undefined")
    page.locator("h1").click()  # the focus on the page, on nothing that takes the arrows itself
    page.keyboard.press("ArrowRight")
    _step(page, 11, total)
    assert "Move 11" in page.locator("#replay-move").inner_text()
    page.keyboard.press("ArrowLeft")
    _step(page, 10, total)
    page.keyboard.press("ArrowLeft")
    _step(page, 9, total)
    page.keyboard.press("Home")
    _step(page, 0, total)
    assert "The start:" in page.locator("#replay-move").inner_text()
    page.keyboard.press("ArrowLeft")  # nothing before the start: stays
    page.keyboard.press("End")
    _step(page, total, total)
    page.wait_for_function(
        "(t) => document.getElementById('replay-status').textContent.startsWith(`Step ${t} of ${t}`)", arg=total
    )
    page.locator("#replay-step").fill("5")  # the slider: moved and let go
    _step(page, 5, total)
    assert page.locator("#replay-step").input_value() == "5"
    page.keyboard.press("ArrowRight")  # on the slider, the arrow moves the slider itself
    _step(page, 6, total)
    page.go_back()
    _step(page, 5, total)
    assert page.evaluate("document.querySelectorAll('#replay').length") == 1  # swapped, never nested
    assert re.search(r"Every hand", page.content())
    context.close()
    assert errors == []


def test_without_javascript_the_links_and_the_slider_form_still_step(live_server, browser, make_user):
    users = [make_user("Ann NoJS"), make_user("Bob NoJS")]
    game = _over(users, "ogallala", 8)
    context = browser.new_context(viewport={"width": 375, "height": 800}, java_script_enabled=False)
    page = context.new_page()  # anonymous: a public game that is over
    page.goto(f"{live_server.url}/games/{game.pk}/replay/?step=3")
    page.get_by_role("link", name="Next").click()
    page.wait_for_url(re.compile(r"\?step=4$"))
    assert page.locator("#replay-heading").inner_text() == f"Step 4 of {len(game.moves.filter(kind='move'))}"
    page.get_by_role("link", name="First").click()
    page.wait_for_url(re.compile(r"\?step=0$"))
    page.locator("#replay-step").evaluate("(el) => { el.value = '2'; }")
    page.get_by_role("button", name="Go").click()
    page.wait_for_url(re.compile(r"\?step=2$"))
    context.close()


def test_the_replay_pages_fit_and_pass_axe(live_server, browser, make_user, tmp_path):
    shots = pathlib.Path(os.environ.get("TRAILPOST_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    ann, bob, cyd = make_user("Ann Axe"), make_user("Bob Axe"), make_user("Cyd Axe")
    pages = []
    for rules, options in (("oregon-trail-race", {}), ("ogallala", {}), ("crayon-rails", {"mode": "standard"})):
        over = _over([ann, bob, cyd], rules, 20, options=options)
        pages.append((f"replay {rules} over", f"/games/{over.pk}/replay/?step=12"))
        live = played([ann, bob, cyd], rules, moves=14, options=options, seed="tests:replay:axe")
        pages.append((f"replay {rules} in play", f"/games/{live.pk}/replay/?step=7"))
        pages.append((f"replay {rules} start", f"/games/{live.pk}/replay/?step=0"))
    problems, errors = [], []
    for width in WIDTHS:
        context = _context(browser, live_server, width, bob)
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
        for name, path in pages:
            found, minor = _check(page, name, live_server.url + path, 200, shots, width)
            problems += found + [f"{name} ({path}) at {width} px: axe {rule} x{n}" for rule, n in minor.items()]
        context.close()
    assert problems + errors == [], "\n".join(problems + errors)
