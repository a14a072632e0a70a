"""The standings pages in headless Chromium at 375 and 1280 px: the leaderboard, the statistics
of each game with its pictures, a player's page and the profile with rating over time. Every
picture loads (an <img> whose naturalWidth is above 0), also under the site's real CSP; the pages
do not scroll sideways and axe-core finds no serious or critical problem. Screenshots go to
$TRAILPOST_SCREENSHOTS (or the test's tmp_path)."""

import os
import pathlib

import pytest

from tests.builders import play_out
from tests.e2e.test_pages import _check, _context
from tests.standings.helpers import new_game, resign

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True), pytest.mark.xdist_group("browser")]

IMAGES_LOADED = """() => Array.from(document.querySelectorAll('.tp-plot img')).map(
  img => ({src: img.getAttribute('src'), ok: img.complete && img.naturalWidth > 0}))"""


@pytest.fixture
def standings(make_user):
    ann, ben, cat = make_user("Ann Standing"), make_user("Ben Standing"), make_user("Cat Standing")
    play_out(new_game([ann, ben, cat], options={"trail_length": 10}), seed="e2e")
    resign(new_game([ann, ben, cat]), cat, ben)
    resign(new_game([ben, cat], visibility="private"), cat)
    play_out(new_game([ann, ben], rules="ogallala", options={"edition": "II"}), seed="e2e")
    resign(new_game([ann, cat], rules="crayon-rails"), cat)
    return ann, ben, cat


def _pages(ann):
    return [
        ("standings", None, "/standings/", 200),
        ("leaderboard", ann, "/standings/oregon-trail-race/", 200),
        ("leaderboard classic, empty", None, "/standings/oregon-trail-race/classic/", 200),
        ("stats oregon trail race", None, "/stats/oregon-trail-race/", 200),
        ("stats ogallala II", None, "/stats/ogallala/II/", 200),
        ("stats crayon rails", None, "/stats/crayon-rails/", 200),
        ("stats ogallala I, empty", None, "/stats/ogallala/", 200),
        ("player", None, f"/players/{ann.slug}/", 200),
        ("profile with ratings", ann, "/accounts/profile/", 200),
        ("bad page", None, "/standings/ogallala/?page=x", 400),
    ]


def _images(page) -> list[str]:
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.tp-plot img')).every(img => img.complete)", timeout=20_000
    )
    found = page.evaluate(IMAGES_LOADED)
    return [f"{page.url}: picture {i['src']} did not load" for i in found if not i["ok"]], len(found)


@pytest.mark.parametrize("width", (375, 1280))
def test_standings_pages_show_their_pictures_fit_and_pass_axe(width, standings, live_server, browser, tmp_path):
    ann = standings[0]
    shots = pathlib.Path(os.environ.get("TRAILPOST_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    problems, errors, pictures = [], [], 0
    contexts, tabs = {}, {}
    try:
        for name, user, path, expected in _pages(ann):
            key = user.pk if user else None
            if key not in tabs:
                contexts[key] = _context(browser, live_server, width, user)
                tabs[key] = contexts[key].new_page()
                tabs[key].on("pageerror", lambda e: errors.append(f"page error: {e}"))
            found, _ = _check(tabs[key], f"standings {name}", live_server.url + path, expected, shots, width)
            problems += found
            if expected == 200:
                bad, n = _images(tabs[key])
                problems += bad
                pictures += n
    finally:
        for context in contexts.values():
            context.close()
    assert problems + errors == [], "\n".join(problems + errors)
    # 4 pictures (win share, lengths, the game's two figures) on each of the 4 stats pages, the
    # player's results and rating over time at 3 keys on their page and on the profile.
    assert pictures == 4 * 4 + 2 * (1 + 3)


def test_the_pictures_load_under_the_real_csp(standings, live_server, browser):
    """Without bypass_csp: the page's strict policy allows the <img> SVGs, and nothing is refused."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    refused = []
    page = context.new_page()
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    try:
        for path in ("/stats/oregon-trail-race/", f"/players/{standings[0].slug}/"):
            page.goto(live_server.url + path)
            bad, n = _images(page)
            assert bad == [] and n >= 3
        # The picture opened on its own is an SVG document with no script.
        svg = page.goto(live_server.url + "/stats/oregon-trail-race/revised/calamities.svg")
        assert svg.headers["content-type"].startswith("image/svg+xml")
        assert page.evaluate("document.querySelectorAll('script').length") == 0
        assert page.evaluate("document.querySelectorAll('rect').length") > 3
    finally:
        context.close()
    assert refused == []
