"""The design system in a real browser (issue #16), at a phone's width and a desktop's: every
non-game page uses the one sans-serif stylesheet, carries the Trailpost header, styles its buttons
and fields, and never scrolls sideways. TRAILPOST_SCREENSHOTS=<folder> keeps a PNG of each page."""

import os
from pathlib import Path

import pytest
from django.test import Client

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True), pytest.mark.xdist_group("browser")]

WIDTHS = [375, 1280]

# What every page must show, read from the browser: the computed font of the body and of a button,
# the header's brand, and whether the page is wider than the window.
PAGE_FACTS = """() => {
  const body = getComputedStyle(document.body);
  const button = document.querySelector("main button, main .btn");
  const field = document.querySelector("main input:not([type=hidden]):not([type=checkbox]):not([type=radio]), main select");
  return {
    font: body.fontFamily,
    brand: !!document.querySelector("header.site a.brand"),
    overflow: document.documentElement.scrollWidth - window.innerWidth,
    buttonRadius: button ? getComputedStyle(button).borderTopLeftRadius : null,
    buttonFont: button ? getComputedStyle(button).fontFamily : null,
    fieldBorder: field ? getComputedStyle(field).borderTopColor : null,
    unlabeled: [...document.querySelectorAll("main input:not([type=hidden]), main select, main textarea")]
      .filter(el => !(el.labels && el.labels.length) && !el.getAttribute("aria-label")
                    && !el.getAttribute("aria-labelledby") && !el.closest(".swagger-ui"))
      .map(el => el.name || el.id),
    menu: document.body.innerText.includes("Menu:"),
  };
}"""


def _pages(user, game_pk):
    signed_out = [
        "/",
        "/accounts/login/",
        "/accounts/signup/",
        "/accounts/password/reset/",
        "/no-such-page/",
    ]
    signed_in = [
        "/accounts/profile/",
        "/accounts/email/",
        "/accounts/password/change/",
        "/mail/preferences/",
        f"/mail/games/{game_pk}/orders/",
        "/games/new/oregon-trail-race/",
        "/games/new/ogallala/",
        "/games/new/crayon-rails/",
        "/api/docs/",
        "/no-such-page/",
    ]
    return signed_out, signed_in


@pytest.fixture
def seated(make_user):
    from tests.builders import start_game

    ann = make_user("Annabel Longname-Trailblazer")
    game = start_game(ann, rules="oregon-trail-race", bots=1)
    return ann, game


@pytest.mark.parametrize("width", WIDTHS)
def test_every_non_game_page_is_in_the_design_and_fits_the_width(browser, live_server, seated, width):
    from django.urls import reverse

    ann, game = seated
    orders = reverse("clock:standing_orders", args=[game.pk])
    signed_out, signed_in = _pages(ann, game.pk)
    signed_in = [orders if p.endswith("/orders/") else p for p in signed_in]
    shots = os.environ.get("TRAILPOST_SCREENSHOTS")
    problems = []

    def visit(context, paths, who):
        page = context.new_page()
        for path in paths:
            page.goto(live_server.url + path)
            page.wait_for_load_state("load")
            if path.startswith("/api/docs/"):
                page.wait_for_selector(".opblock", timeout=20_000)
            facts = page.evaluate(PAGE_FACTS)
            where = f"{who} {path} @{width}px"
            if "serif" not in facts["font"] or facts["font"].lower().startswith(("georgia", "times")):
                problems.append(f"{where}: body font {facts['font']}")
            if not facts["brand"]:
                problems.append(f"{where}: no Trailpost header")
            if facts["overflow"] > 0:
                problems.append(f"{where}: the page scrolls sideways by {facts['overflow']} px")
            if facts["buttonRadius"] in ("0px",):
                problems.append(f"{where}: a default browser button")
            if facts["buttonFont"] and "system-ui" not in facts["buttonFont"] and not path.startswith("/api/"):
                problems.append(f"{where}: button font {facts['buttonFont']}")
            if facts["unlabeled"]:
                problems.append(f"{where}: fields without a label {facts['unlabeled']}")
            if facts["menu"]:
                problems.append(f"{where}: allauth's 'Menu:' list")
            if shots:
                name = f"{who}{path.strip('/').replace('/', '_') or 'home'}-{width}.png"
                Path(shots).mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(Path(shots) / name), full_page=True)
        page.close()

    anonymous = browser.new_context(viewport={"width": width, "height": 900})
    visit(anonymous, signed_out, "visitor-")
    anonymous.close()

    c = Client()
    c.force_login(ann)
    context = browser.new_context(viewport={"width": width, "height": 900})
    host = live_server.url.split("//", 1)[1].split(":")[0]
    context.add_cookies([{"name": "sessionid", "value": c.cookies["sessionid"].value, "domain": host, "path": "/"}])
    visit(context, signed_in, "ann-")
    context.close()
    assert problems == []


def test_the_header_wraps_at_phone_width_without_hiding_anything(browser, live_server, seated):
    ann, _ = seated
    c = Client()
    c.force_login(ann)
    context = browser.new_context(viewport={"width": 375, "height": 800})
    host = live_server.url.split("//", 1)[1].split(":")[0]
    context.add_cookies([{"name": "sessionid", "value": c.cookies["sessionid"].value, "domain": host, "path": "/"}])
    page = context.new_page()
    page.goto(live_server.url + "/accounts/profile/")
    header = page.locator("header.site")
    for item in [
        header.locator("a.brand"),
        header.get_by_role("link", name="Lobby"),
        header.get_by_role("link", name="Rules"),
        header.locator("a.who", has_text="Annabel Longname-Trailblazer"),
        header.get_by_role("button", name="Sign out"),
    ]:
        box = item.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 375, item
    # "Sign out" is never alone on a line of its own (#27): it sits beside the name.
    who, out = header.locator("a.who").bounding_box(), header.get_by_role("button", name="Sign out").bounding_box()
    assert abs(who["y"] - out["y"]) < 4 and out["x"] > who["x"]
    # The time zone box suggests zones and offers this device's own.
    assert page.locator("input[name=time_zone][list=time-zone-list]").count() == 1
    assert page.locator("datalist#time-zone-list option[value='Europe/Berlin']").count() == 1
    # Every notification choice is shown whole: no select narrower than its chosen words.
    page.goto(live_server.url + "/mail/preferences/")
    cut = page.evaluate("""() => [...document.querySelectorAll("main select")].filter(sel => {
        const probe = document.createElement("span");
        probe.style.font = getComputedStyle(sel).font;
        probe.style.cssText += "white-space: nowrap; position: absolute; display: inline-block;";
        probe.textContent = sel.options[sel.selectedIndex].text;
        document.body.appendChild(probe);
        const wide = probe.getBoundingClientRect().width;
        probe.remove();
        return wide > sel.clientWidth - 30 || sel.getBoundingClientRect().right > window.innerWidth;
    }).map(sel => sel.name)""")
    assert cut == []
    # The skip link comes first and leads to the main content.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip-link"
    assert page.evaluate("document.activeElement.getBoundingClientRect().top") >= 0  # shown when focused
    context.close()
