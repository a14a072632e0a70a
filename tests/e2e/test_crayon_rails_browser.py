"""Crayon Rails in headless Chromium: pick Build, click mileposts on the SVG map, send the path,
and see the new track drawn in the player's colour; later place the train and move it by
clicking. A composed path survives an htmx swap of the live section. The real engine plays one
game; a stand-in (tests/games/crayon_rails_stand_in.py) checks the path tools in isolation."""

import os
import re

import pytest
from django.test import Client

from games import rules
from games.models import Game
from games.rules.crayon_rails.picture import PALETTE
from tests.builders import start_game
from tests.games.test_crayon_rails_play import _city_graph, _route, free_build

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True), pytest.mark.xdist_group("browser")]

SHOTS = os.environ.get("TRAILPOST_SCREENSHOTS")  # a folder to save page screenshots in, if set


def _logged_in_page(browser, live_server, user):
    c = Client()
    c.force_login(user)
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    host = live_server.url.split("//", 1)[1].split(":")[0]
    context.add_cookies([{"name": "sessionid", "value": c.cookies["sessionid"].value, "domain": host, "path": "/"}])
    page = context.new_page()
    page.on("dialog", lambda d: d.accept())  # "End your turn? You still have other moves" (the game page asks)
    return page


def _mp(x, y):
    return f'#cr-map .mp[data-x="{x}"][data-y="{y}"]'


@pytest.fixture
def crayon_rails():
    """The real engine, served under its slug (the games shipped are served unless a test says)."""
    return rules.get_engine("crayon-rails")


def _click_menu(page, starts):
    """Clicks the first numbered menu button whose label (after the number) starts with `starts`."""
    version = int(page.locator("#live").get_attribute("data-version"))
    if page.locator("#tp-bar-more > summary").is_visible() and not page.locator("#tp-list-toggle").is_visible():
        page.click("#tp-bar-more > summary")  # on a small bar the toggle is behind More… (table.js)
    if page.locator("#tp-list-toggle").is_visible():  # the numbered list is one toggle away (table.js)
        page.click("#tp-list-toggle")
    page.locator("#my-moves button", has_text=re.compile(rf"^\d+\. {re.escape(starts)}")).first.click()
    # the move is sent by htmx and the live section swapped in place: wait for its new version
    page.wait_for_function("(v) => +document.getElementById('live').dataset.version > v", arg=version)


def _send(page):
    """Presses Send: the path goes in place (htmx, the live section swapped); waits until the section
    is back (a new element), with the game moved on or a message saying why not."""
    page.evaluate("document.getElementById('live').tpSent = true")  # the section htmx will replace
    page.click("#cr-submit")
    page.wait_for_function("() => !document.getElementById('live').tpSent")


def test_build_and_move_by_clicking_the_map(live_server, browser, make_user, crayon_rails):
    ann, bob = make_user("Ann"), make_user("Bob")
    game = start_game(ann, bob, rules="crayon-rails")
    pages = {s.position: _logged_in_page(browser, live_server, s.user) for s in game.seats.all()}
    errors = []
    for page in pages.values():
        page.on("pageerror", lambda e: errors.append(str(e)))
    url = f"{live_server.url}/games/{game.pk}/"

    def acting():
        g = Game.objects.get(pk=game.pk)
        seat = crayon_rails.to_act(g.state)[0]
        pages[seat].goto(url)
        return g, seat, pages[seat]

    for _ in range(4):  # the setup draft: pass every offer on
        g, seat, page = acting()
        if g.state["phase"] != "draft":
            break
        _click_menu(page, "Keep no more cards")
    g, seat, page = acting()
    assert g.state["phase"] == "build"
    path, city = free_build(crayon_rails, g.state)

    page.click("[data-cr=build]")
    for x, y in path:
        page.click(_mp(x, y))
    assert page.input_value("input[name=path]") == " ".join(f"{x},{y}" for x, y in path)
    _send(page)
    track = page.locator(f'.cr-track[data-seat="{seat}"]')
    assert track.count() == 1 and track.get_attribute("stroke") == PALETTE[seat]
    assert track.get_attribute("d").count("L") == 2  # its two sections (one run: page.track_d)
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "crayon-rails-built.png"), full_page=True)
        page.locator("#cr-map").screenshot(path=os.path.join(SHOTS, "crayon-rails-map.png"))
    builder = seat

    for _ in range(8):  # end the building turns, then put the builder's train on its city
        g, seat, page = acting()
        if g.state["phase"] == "play" and seat == builder:
            break
        _click_menu(page, "End")
    _click_menu(page, f"Put your train on {city}")
    g, seat, page = acting()
    at = next(p for p in crayon_rails.view(g.state, seat)["players"] if p["seat"] == seat)["position"]
    route = _route(_city_graph(crayon_rails.map_data({}), zip(path, path[1:])), tuple(at), tuple(path[-1]))
    page.click("[data-cr=move]")  # the path starts at the train
    for x, y in route[1:]:
        page.click(_mp(x, y))
    assert page.input_value("input[name=path]") == " ".join(f"{x},{y}" for x, y in route)
    _send(page)
    train = page.locator(f'.cr-train[data-seat="{seat}"]')
    assert [train.get_attribute("data-x"), train.get_attribute("data-y")] == [str(v) for v in path[-1]]
    # a train a derailment hit wears the hit's ring (the template adds cr-hit-train when the engine's
    # hit_places name it): the map's own train style must not hide that ring
    plain = train.locator("circle").evaluate("c => getComputedStyle(c).strokeWidth")
    train.evaluate("g => g.classList.add('cr-hit-train')")
    assert plain == "2px" and train.locator("circle").evaluate("c => getComputedStyle(c).strokeWidth") == "4px"

    # on a 375 x 667 phone the action bar stays small (a quarter of the screen at most): what is
    # asked, two moves on one line with the others behind More…, the route tools on one line
    page.set_viewport_size({"width": 375, "height": 667})
    page.reload()  # the bar is laid out for the screen the page opens on
    g = Game.objects.get(pk=game.pk)
    off_table = [a for a in crayon_rails.legal_actions(g.state, seat) if crayon_rails.place(g.state, seat, a) == "bar"]
    assert len(off_table) > 2 and any(a["type"] == "upgrade" for a in off_table)
    bar = page.locator("#tp-bar")
    assert bar.is_visible() and bar.bounding_box()["height"] <= 667 * 0.25
    assert page.locator("#tp-bar-moves > .tp-bar-move").count() == 2
    upgrade = page.locator("#tp-bar-more button", has_text="Upgrade to").first
    assert not upgrade.is_visible()
    page.click("#tp-bar-more > summary")
    assert upgrade.is_visible() and page.locator("#tp-bar-more #tp-list-toggle").is_visible()
    assert not errors


def test_path_tools_keep_a_path_across_swaps(live_server, browser, make_user, fake_rails):
    ann, bob = make_user("Ann"), make_user("Bob")
    game = start_game(ann, bob, rules="crayon-rails")
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

    # a path the engine refuses stays, to be fixed, and the message says why
    page.click("[data-cr=clear]")
    page.click("[data-cr=build]")
    page.click(_mp(0, 0))
    page.click(_mp(1, 0))
    _send(page)
    assert "Build from a major city" in page.locator("#live-messages").inner_text()
    assert page.input_value("input[name=path]") == "0,0 1,0"
    page.click("[data-cr=clear]")
    assert page.get_attribute("#cr-compose-line", "points") == ""

    page.click("[data-cr=build]")
    for x, y in [(4, 4), (5, 4), (6, 4), (6, 5)]:
        page.click(_mp(x, y))
    _send(page)
    track = page.locator('.cr-track[data-seat="0"]')
    assert track.count() == 1 and track.get_attribute("d").count("L") == 3
    assert int(page.locator("#live").get_attribute("data-version")) == 2
    assert page.get_attribute("#cr-compose-line", "points") == ""  # sent: nothing restored
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "crayon-rails-fake.png"), full_page=True)

    page.click("[data-cr=move]")  # starts at the train
    page.click(_mp(5, 4))
    page.click(_mp(6, 4))
    _send(page)
    assert page.locator('.cr-train[data-seat="0"]').get_attribute("data-x") == "6"
    assert Game.objects.get(pk=game.pk).state["players"][0]["position"] == [6, 4]
    assert not errors
