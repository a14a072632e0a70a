"""The lobby with every list full (paged) and a long game's log, in headless Chromium at 375 and
1280 px: nothing scrolls the page sideways, axe-core finds no serious or critical violation, the
page links and the filter work, and "Show earlier moves" loads the log back to its first move
(htmx, in place). Screenshots go to $TRAILPOST_SCREENSHOTS (or the test's tmp_path)."""

import os
import pathlib
import re

import pytest

from games import services
from tests.e2e.test_pages import AXE, MEASURE, RUN_AXE, _context
from tests.games.test_lobby import make_game
from tests.games.test_log_paging import long_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True), pytest.mark.xdist_group("browser")]


def _check(page, name, width, shots):
    page.screenshot(path=str(shots / f"{name}-{width}.png"), full_page=True)
    page.screenshot(path=str(shots / f"{name}-{width}-top.png"))
    m = page.evaluate(MEASURE, "[data-fit]")
    problems = []
    if m["scrollWidth"] > m["innerWidth"]:
        problems.append(f"{name} at {width}px scrolls sideways: {m['scrollWidth']} > {m['innerWidth']} {m['wide']}")
    page.add_script_tag(path=str(AXE))
    for v in page.evaluate(RUN_AXE):
        if v["impact"] in ("serious", "critical"):
            problems.append(f"{name} at {width}px: axe {v['id']} ({v['impact']}): {v['help']} {v['nodes']}")
    return problems


@pytest.mark.parametrize("width", [375, 1280])
def test_lobby_and_log_in_the_browser(live_server, browser, make_user, toy_engine, tmp_path, width):
    from django.utils import timezone

    from games.models import Game

    shots = pathlib.Path(os.environ.get("TRAILPOST_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    ann, bob, cat = make_user("Annabel Longname-Smith"), make_user("bob"), make_user("Catriona")
    for i in range(23):
        make_game(ann, f"Race {i:02} to the Willamette Valley", players=[ann, bob], bots=2, due=[ann])
    make_game(bob, "Bob's turn on the river", rules="ogallala", players=[bob, ann], due=[bob])
    make_game(ann, "Gathering players", status=Game.Status.LOBBY, players=[ann])
    make_game(cat, "Catriona's open table", rules="crayon-rails", status=Game.Status.LOBBY, players=[cat], bots=1)
    make_game(ann, "Won last week", status=Game.Status.FINISHED, players=[ann, cat], finished=timezone.now())
    game = long_game(ann, bob, moves=120)

    context = _context(browser, live_server, width, ann)
    page = context.new_page()
    problems = []
    page.goto(f"{live_server.url}/")
    headings = [h.strip() for h in page.locator("main h2").all_inner_texts()]
    assert [h.split("\n")[0].rstrip(" 0123456789") for h in headings[:4]] == [
        "Waiting for you",
        "Your other games in play",
        "Open games to join",
        "Finished",
    ]
    assert page.locator("#waiting tbody tr").count() == 20
    waiting = int(page.locator("#waiting-heading .badge").inner_text())  # 23, and the long game if ann is to act
    assert waiting in (23, 24)
    assert page.locator("#waiting tbody .badge.turn").first.inner_text() == "Your turn"  # in words, not colour only
    problems += _check(page, "lobby", width, shots)

    page.click("#waiting a[rel=next]")
    page.wait_for_url(re.compile(r"waiting_page=2"))
    assert page.locator("#waiting tbody tr").count() == waiting - 20
    page.select_option("#filter-game", "ogallala")
    page.click("form.lobby-filter button[type=submit]")
    page.wait_for_url(re.compile(r"game=ogallala"))
    assert page.locator("main tbody tr").all_inner_texts()[0].startswith("Bob's turn on the river")
    problems += _check(page, "lobby-filtered", width, shots)

    page.goto(f"{live_server.url}/games/{game.pk}/")
    rows = page.locator(".log li[value]")
    assert rows.count() == 50
    total = Game.objects.get(pk=game.pk).moves.count()
    while page.locator(".log-more a").count():
        before = rows.count()
        page.locator(".log-more a").first.click()
        page.wait_for_function(f"document.querySelectorAll('.log li[value]').length > {before}")
    assert rows.count() == total
    assert page.locator(".log li[value]").last.get_attribute("value") == "1"
    # A move comes in: the live part is swapped in with it, and keeps every row loaded so far.
    services.game_resign(game=Game.objects.get(pk=game.pk), user=bob)  # one more row in the log
    page.wait_for_function(f"document.querySelectorAll('.log li[value]').length === {total + 1}", timeout=20000)
    assert page.locator(".log li[value]").last.get_attribute("value") == "1"
    assert "SECRET" not in "".join(page.locator(".log li").all_inner_texts()).replace(
        "You drew SECRET", ""
    )  # only ann's own private texts
    problems += _check(page, "game-log", width, shots)
    context.close()
    assert not problems, "\n".join(problems)
