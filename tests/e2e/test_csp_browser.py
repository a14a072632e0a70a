"""The Content-Security-Policy holds on every page, and no page breaks it: headless Chromium visits
the site's pages (each game's board, live updates by htmx, the admin, the API docs) and the browser
reports no violation, neither as a `securitypolicyviolation` event nor a "Refused to ..." console
message."""

import re

import pytest
from django.test import Client

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True), pytest.mark.xdist_group("browser")]


# Runs in every page before its own scripts: keeps the violations the page reports.
RECORD_VIOLATIONS = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__csp.push(e.violatedDirective + " " + (e.blockedURI || "inline") + " " + (e.sourceFile || "") + ":"
                    + e.lineNumber);
});
"""


class Visitor:
    """A logged-in browser page that records CSP violations and script errors."""

    def __init__(self, browser, live_server, user):
        c = Client()
        c.force_login(user)
        self.context = browser.new_context(viewport={"width": 1100, "height": 900})
        host = live_server.url.split("//", 1)[1].split(":")[0]
        self.context.add_cookies(
            [{"name": "sessionid", "value": c.cookies["sessionid"].value, "domain": host, "path": "/"}]
        )
        self.context.add_init_script(RECORD_VIOLATIONS)
        self.page = self.context.new_page()
        self.base = live_server.url
        self.problems = []
        self.page.on(
            "console",
            lambda m: (
                self.problems.append(m.text) if re.search(r"Refused to|Content.Security.Policy", m.text) else None
            ),
        )
        self.page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))

    def visit(self, path, settle=None):
        response = self.page.goto(self.base + path)
        assert response.status < 400, (path, response.status)
        assert "content-security-policy" in {k.lower() for k in response.headers}, path
        self.page.wait_for_load_state("load")
        if settle:
            settle(self.page)
        self.problems += [f"{path}: {v}" for v in self.page.evaluate("window.__csp || []")]
        return self.page


def _game(owner, rules, *, bots=1, options=None, start=True):
    from tests import builders

    game = builders.lobby_game(owner, rules=rules, options=options or {}, title=f"CSP {rules}", bots=bots)
    return builders.start(game) if start else game


def test_no_page_breaks_the_content_security_policy(live_server, browser, make_user, settings):
    staff = make_user("csp-admin", is_staff=True, is_superuser=True)
    # every game in each of its editions (#24: the table's places, the bar, the picture fetched apart)
    games = [
        _game(staff, rules, options=options)
        for rules, options in (
            ("oregon-trail-race", {}),
            ("oregon-trail-race", {"ruleset": "classic"}),
            ("ogallala", {}),
            ("ogallala", {"edition": "II"}),
            ("crayon-rails", {}),
            ("crayon-rails", {"mode": "standard"}),
        )
    ]
    lobby = _game(staff, "oregon-trail-race", bots=0, start=False)
    v = Visitor(browser, live_server, staff)

    for path in [
        "/",
        "/games/new/oregon-trail-race/",
        "/games/new/crayon-rails/",
        f"/games/{lobby.pk}/",
        "/accounts/profile/",
        "/mail/preferences/",
        f"/mail/games/{games[0].pk}/standing-orders/",
        "/admin/",
        "/admin/games/game/",
        f"/admin/games/game/{games[0].pk}/change/",
        "/admin/accounts/user/",
    ]:
        v.visit(path)
    for game in games:
        # The live section reloads itself (htmx) every 4 s: wait for one swap.
        page = v.visit(f"/games/{game.pk}/")
        with page.expect_response(re.compile(r"/live/"), timeout=15_000):
            pass
        page.wait_for_timeout(500)
        v.problems += [f"after a live update: {x}" for x in page.evaluate("window.__csp || []")]
    # The API docs run Swagger UI, which fetches the schema and draws the operations.
    v.visit("/api/docs/", settle=lambda p: p.wait_for_selector(".opblock", timeout=20_000))

    anonymous = browser.new_context()
    anonymous.add_init_script(RECORD_VIOLATIONS)
    page = anonymous.new_page()
    for path in ["/accounts/login/", "/accounts/signup/"]:
        page.goto(live_server.url + path)
        v.problems += [f"{path}: {x}" for x in page.evaluate("window.__csp || []")]
    assert v.problems == []


def test_the_resign_button_still_asks_first(live_server, browser, make_user):
    """The confirmation moved from an inline onsubmit to static/js/trailpost.js."""
    user = make_user("csp-resigner")
    game = _game(user, "oregon-trail-race")
    v = Visitor(browser, live_server, user)
    page = v.visit(f"/games/{game.pk}/")
    asked = []
    page.on("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    page.click("form[data-confirm] button[type=submit]")
    page.wait_for_timeout(300)
    assert asked == ["Resign from this game?"]
    game.refresh_from_db()
    assert game.status == "active" and v.problems == []
