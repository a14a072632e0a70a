"""Every page at a phone's width (375 px) and a laptop's (1280 px), in headless Chromium: the page
does not scroll sideways (a box that scrolls inside itself is fine), no card's text is clipped, and
axe-core (vendored in tests/e2e/vendor/axe-core) finds no serious or critical accessibility
violation. A screenshot of each page goes to $TRAILPOST_SCREENSHOTS (or the test's tmp_path).

One live server, one login per person; each width visits every page once and reports every
failure it found, page by page, rather than stopping at the first."""

import json
import os
import pathlib
import re

import pytest
from django.test import Client

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True), pytest.mark.xdist_group("browser")]

AXE = pathlib.Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
ENGINES = ("oregon-trail-race", "ogallala", "crayon-rails")
WIDTHS = (375, 1280)

# Cards whose text must show in full: anything a template marks data-fit, and the boards' cards.
FIT = "[data-fit], .otr-hand li, .otr-card, .og-card, .og-cell, .cr-card"

MEASURE = """(fit) => {
  const doc = document.documentElement;
  const clipped = [];
  for (const el of document.querySelectorAll(fit)) {
    const style = getComputedStyle(el);
    if (style.display === "none" || !el.getClientRects().length) continue;
    if (style.display === "inline") {  // no box of its own: it must stay inside its block's
      let block = el.parentElement;
      while (block && getComputedStyle(block).display === "inline") block = block.parentElement;
      const r = el.getBoundingClientRect(), b = block.getBoundingClientRect();
      if (r.right > b.right + 1 || r.left < b.left - 1) {
        clipped.push(`${el.tagName.toLowerCase()}.${el.className}: "${el.textContent.trim().slice(0, 40)}" `
                     + `sticks out of its ${block.tagName.toLowerCase()}.${block.className}`);
      }
      continue;
    }
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
      clipped.push(`${el.tagName.toLowerCase()}.${el.className}: "${el.textContent.trim().slice(0, 40)}" `
                   + `${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`);
    }
  }
  // What sticks out past the right edge, to name the culprit of a sideways scroll.
  const wide = [];
  if (doc.scrollWidth > window.innerWidth) {
    for (const el of document.body.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.right > window.innerWidth + 1 && wide.length < 5) {
        let inScroller = false;
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          const o = getComputedStyle(p).overflowX;
          if (o === "auto" || o === "scroll" || o === "hidden") { inScroller = true; break; }
        }
        if (!inScroller) wide.push(`${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}.${el.className && el.className.baseVal === undefined ? el.className : ""} right=${Math.round(r.right)}`);
      }
    }
  }
  // Every move must be reachable by keyboard: the menu's buttons (or, while the list is folded,
  // its toggle and the action bar's buttons), and the Crayon Rails map when paths can be composed on it.
  const unreachable = [];
  const toggle = document.getElementById("tp-list-toggle");
  const folded = toggle && (toggle.getClientRects().length || toggle.closest("#tp-bar-more")) && toggle.getAttribute("aria-expanded") === "false";
  const controls = folded ? "#tp-list-toggle, #tp-bar-moves button, #tp-bar-more > summary" : "#my-moves button, #my-moves a[href]";
  for (const el of document.querySelectorAll(controls)) {
    if (el.closest("details:not([open]) > div")) continue;  // behind the bar's More…, its summary reached
    if (el.tabIndex < 0 || el.disabled || !el.getClientRects().length) unreachable.push(el.textContent.trim().slice(0, 40));
  }
  const map = document.querySelector(".cr-map-wrap");
  if (document.getElementById("cr-path-form") && map && map.tabIndex < 0) unreachable.push("the Crayon Rails map");
  return {scrollWidth: doc.scrollWidth, innerWidth: window.innerWidth, clipped, wide, unreachable};
}"""

RUN_AXE = """async () => {
  const r = await axe.run(document, {resultTypes: ["violations"]});
  return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                 nodes: v.nodes.slice(0, 3).map(n => n.target.join(" ")), count: v.nodes.length}));
}"""


def _context(browser, live_server, width, user=None):
    """A browser context at this width; logged in as `user` if given. bypass_csp lets the test
    inject axe-core; test_csp_browser.py checks the real policy on the same pages."""
    context = browser.new_context(viewport={"width": width, "height": 900}, bypass_csp=True)
    if user is not None:
        c = Client()
        c.force_login(user)
        host = live_server.url.split("//", 1)[1].split(":")[0]
        context.add_cookies([{"name": "sessionid", "value": c.cookies["sessionid"].value, "domain": host, "path": "/"}])
    return context


def _game(owner, rules, *, others=(), bots=0, start=True, title=None):
    from tests import builders

    game = builders.lobby_game(owner, *others, rules=rules, options={}, title=title or f"Pages {rules}", bots=bots)
    return builders.start(game) if start else game


def _advance(game, moves):
    """Plays up to `moves` moves, each the first legal action of the first seat to act, so the
    boards have cards on them and the log has lines."""
    from games import services
    from games.models import Game

    for _ in range(moves):
        game = Game.objects.get(pk=game.pk)
        if game.status != "active":
            return
        seat = game.seats.get(position=game.engine.to_act(game.state)[0])
        action = game.engine.legal_actions(game.state, seat.position)[0]
        services.move_submit(game=game, seat=seat, action=action, expected_version=game.version, channel="api")


def _to_act(game):
    """The user whose decision the game waits for first."""
    from games.models import Game

    game = Game.objects.get(pk=game.pk)
    first = game.engine.to_act(game.state)[0]
    return game.seats.get(position=first).user


def _pages(live_server, make_user):
    """[(name, user or None, path, expected status, wait)] for every page of the site."""
    from allauth.account.models import EmailAddress, EmailConfirmationHMAC
    from django.contrib.auth import get_user_model
    from django.urls import NoReverseMatch, reverse

    from games import services
    from games.models import Game

    ann, bob = make_user("Ann Page"), make_user("Bob Page")
    pages = [
        ("welcome", None, "/", 200),
        ("log in", None, "/accounts/login/", 200),
        ("sign up", None, "/accounts/signup/", 200),
        ("password reset", None, "/accounts/password/reset/", 200),
        ("password reset sent", None, "/accounts/password/reset/done/", 200),
        ("verification sent", None, "/accounts/confirm-email/", 200),
        ("not found", None, "/no-such-page/", 404),
        ("lobby", ann, "/", 200),
        ("password change", ann, "/accounts/password/change/", 200),
        ("email addresses", ann, "/accounts/email/", 200),
        ("profile", ann, "/accounts/profile/", 200),
        ("notification preferences", ann, "/mail/preferences/", 200),
        ("API docs", ann, "/api/docs/", 200),
    ]
    # An address waiting to be confirmed, and its confirmation page (a visitor follows the link).
    cy = get_user_model().objects.create_user(username="cy-page", email="cy@example.com", password="pw-Trailpost-1")
    address = EmailAddress.objects.create(user=cy, email=cy.email, verified=False, primary=True)
    pages.append(("email confirmation", None, f"/accounts/confirm-email/{EmailConfirmationHMAC(address).key}/", 200))

    for rules in ENGINES:
        pages.append((f"create {rules}", ann, f"/games/new/{rules}/", 200))
        waiting = _game(ann, rules, start=False, title=f"Waiting {rules}")
        pages.append((f"{rules} waiting for players", ann, f"/games/{waiting.pk}/", 200))
        active = _game(ann, rules, others=[bob], title=f"Playing {rules}")
        _advance(active, 12)
        mover = _to_act(active)
        pages.append((f"{rules} in play, my turn", mover, f"/games/{active.pk}/", 200))
        pages.append((f"{rules} in play, their turn", ann if mover == bob else bob, f"/games/{active.pk}/", 200))
        finished = _game(ann, rules, bots=1, title=f"Finished {rules}")
        services.game_resign(game=finished, user=ann)
        assert Game.objects.get(pk=finished.pk).is_over, rules
        pages.append((f"{rules} finished", ann, f"/games/{finished.pk}/", 200))
        pages.append((f"{rules} verify", ann, f"/games/{finished.pk}/verify/", 200))
        if rules == ENGINES[0]:
            # the waiting room as a joined player sees it, and a finished table with a rematch offered
            pages.append(
                (
                    f"{rules} waiting room, joined",
                    bob,
                    f"/games/{_game(ann, rules, others=[bob], start=False).pk}/",
                    200,
                )
            )
            over = _game(ann, rules, others=[bob], title=f"Rematched {rules}")
            services.game_resign(game=over, user=ann)
            services.game_rematch(game=Game.objects.get(pk=over.pk), by=ann)
            pages.append((f"{rules} finished, rematch offered", bob, f"/games/{over.pk}/", 200))
            pages.append(("standing orders", ann, f"/mail/games/{active.pk}/standing-orders/", 200))
            try:  # the whole log on a page of its own, where the game has one
                pages.append(("game log", ann, reverse("games:log", args=[active.pk]), 200))
            except NoReverseMatch:
                pass
    return pages


def _check(page, name, path, expected, shots, width):
    """Visits one page; returns the problems found on it, and the minor/moderate axe counts."""
    response = page.goto(path)
    if response.status != expected:
        return [f"{name} ({path}): HTTP {response.status}, expected {expected}"], {}
    page.wait_for_load_state("load")
    if path.startswith("/api/docs/"):
        page.wait_for_selector(".opblock", timeout=20_000)
    page.screenshot(path=str(shots / f"{width}-{re.sub(r'[^a-z0-9]+', '-', name.lower())}.png"), full_page=True)
    problems = []
    m = page.evaluate(MEASURE, FIT)
    if m["scrollWidth"] > m["innerWidth"]:
        problems.append(f"{name} ({path}): the page is {m['scrollWidth']} px wide in {m['innerWidth']}: {m['wide']}")
    problems += [f"{name} ({path}): clipped {c}" for c in m["clipped"]]
    problems += [f"{name} ({path}): not reachable by keyboard: {c}" for c in m["unreachable"]]
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    counts = {}
    for v in page.evaluate(RUN_AXE):
        if v["impact"] in ("serious", "critical"):
            problems.append(f"{name} ({path}): axe {v['impact']} {v['id']} ({v['help']}) x{v['count']}: {v['nodes']}")
        else:
            counts[f"{v['impact']} {v['id']}"] = counts.get(f"{v['impact']} {v['id']}", 0) + v["count"]
    return problems, counts


@pytest.mark.parametrize("width", WIDTHS)
def test_every_page_fits_and_passes_axe(width, live_server, browser, make_user, tmp_path):
    shots = pathlib.Path(os.environ.get("TRAILPOST_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    pages = _pages(live_server, make_user)
    contexts, tabs = {}, {}
    problems, minor = [], {}
    errors = []
    try:
        for name, user, path, expected in pages:
            key = user.pk if user else None
            if key not in tabs:
                contexts[key] = _context(browser, live_server, width, user)
                tabs[key] = contexts[key].new_page()
                tabs[key].on("pageerror", lambda e: errors.append(f"page error: {e}"))
            found, counts = _check(tabs[key], name, live_server.url + path, expected, shots, width)
            problems += found
            for impact, n in counts.items():
                minor.setdefault(name, {})[impact] = n
    finally:
        for context in contexts.values():
            context.close()
    print(f"{width} px: minor/moderate axe findings by page: {json.dumps(minor, indent=1)}")
    assert problems + errors == [], "\n".join(problems + errors)


def test_the_rules_pages_fit_and_pass_axe(live_server, browser, make_user, tmp_path):
    """The rules summaries at /rules/ and /rules/<slug>/, at both widths."""
    c = Client()
    if c.get("/rules/").status_code == 404:
        pytest.skip("no rules pages at /rules/ yet")
    shots = pathlib.Path(os.environ.get("TRAILPOST_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    paths = [("rules", "/rules/")] + [
        (f"rules {slug}", f"/rules/{slug}/") for slug in ENGINES if c.get(f"/rules/{slug}/").status_code == 200
    ]
    problems = []
    for width in WIDTHS:
        context = _context(browser, live_server, width)
        page = context.new_page()
        for name, path in paths:
            problems += _check(page, name, live_server.url + path, 200, shots, width)[0]
        context.close()
    assert problems == [], "\n".join(problems)


def _mp(x, y):
    return f'#cr-map .mp[data-x="{x}"][data-y="{y}"]'


def test_crayon_rails_paths_by_keyboard(live_server, browser, make_user, fake_rails):
    """Tab to the map, arrows move the cursor between mileposts, Enter adds one to the path, picking
    the one before the last steps back, Backspace takes the last one back."""
    ann, bob = make_user("Ann Keys"), make_user("Bob Keys")
    game = _game(ann, "crayon-rails", others=[bob])
    mover = _to_act(game)
    context = _context(browser, live_server, 1280, mover)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.click("[data-cr=build]")
    page.click(_mp(4, 4))
    assert page.input_value("input[name=path]") == "4,4"
    page.focus(".cr-map-wrap")
    assert page.locator("#cr-cursor").get_attribute("class") == ""  # the ring shows on focus
    assert page.inner_text("#cr-hover").startswith("Milepost 4,4")

    def key(name, hover):
        page.keyboard.press(name)
        assert page.inner_text("#cr-hover").startswith(f"Milepost {hover}"), name

    key("ArrowRight", "5,4")
    page.keyboard.press("Enter")
    assert page.input_value("input[name=path]") == "4,4 5,4"
    key("ArrowDown", "4,5")  # the neighbour below that keeps the column
    page.keyboard.press(" ")
    assert page.input_value("input[name=path]") == "4,4 5,4 4,5"
    key("ArrowUp", "5,4")
    page.keyboard.press("Enter")  # the point before the last: a step back
    assert page.input_value("input[name=path]") == "4,4 5,4"
    page.keyboard.press("Backspace")
    assert page.input_value("input[name=path]") == "4,4"
    assert page.evaluate("document.activeElement.classList.contains('cr-map-wrap')")
    assert "status" == page.get_attribute("#cr-status", "role")
    context.close()
    assert errors == []


def test_live_updates_are_announced(live_server, browser, make_user):
    """When another player moves, the live section is swapped in and #live-status, a polite live
    region that the swap leaves in place, says what happened."""
    from games import services
    from games.models import Game

    ann, bob = make_user("Ann Live"), make_user("Bob Live")
    game = _game(ann, "oregon-trail-race", others=[bob])
    mover = _to_act(game)
    watcher = ann if mover == bob else bob
    context = _context(browser, live_server, 1280, watcher)
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{game.pk}/")
    status = page.locator("#live-status")
    assert status.get_attribute("aria-live") == "polite" and status.inner_text() == ""
    game = Game.objects.get(pk=game.pk)
    seat = game.seats.get(user=mover)
    action = game.engine.legal_actions(game.state, seat.position)[0]
    services.move_submit(game=game, seat=seat, action=action, expected_version=game.version, channel="api")
    page.wait_for_function("document.getElementById('live-status').textContent.trim().length > 0", timeout=15_000)
    assert page.locator("#live-status").count() == 1
    context.close()
