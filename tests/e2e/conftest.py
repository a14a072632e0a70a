"""What the browser tests share: a browser context signed in as a user, recording the page's
Content-Security-Policy violations."""

import pytest
from django.test import Client

# Every Content-Security-Policy violation the page meets, in window.__csp (a test asserts it empty).
RECORD_VIOLATIONS = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__csp.push(e.violatedDirective + " " + (e.blockedURI || "inline"));
});
"""


def sign_in(context, live_server, user) -> None:
    """Signs `user` in on a browser context: a session Django's test client opened, its cookie given
    to the browser for the live server's host."""
    c = Client()
    c.force_login(user)
    host = live_server.url.split("//", 1)[1].split(":")[0]
    context.add_cookies([{"name": "sessionid", "value": c.cookies["sessionid"].value, "domain": host, "path": "/"}])


@pytest.fixture
def signed_in_context(browser, live_server):
    """Opens a browser context `width` px wide (900 high) signed in as `user`, recording CSP
    violations in window.__csp; `options` go to Playwright's new_context (has_touch, bypass_csp...)."""

    def open_context(user, width, **options):
        context = browser.new_context(viewport={"width": width, "height": 900}, **options)
        sign_in(context, live_server, user)
        context.add_init_script(RECORD_VIOLATIONS)
        return context

    return open_context
