"""Table talk in headless Chromium, under the site's real Content-Security-Policy: a player posts
from the game page's panel and the message appears without a reload (htmx); the other player's
open page shows it by its poll; a private message shows as private to its recipient; without
JavaScript the form posts and the page comes back with it. At 375 and 1280 px the page does not
scroll sideways, axe-core finds no serious or critical problem in the panel, and a screenshot of
each width goes to $TRAILPOST_SCREENSHOTS (or the test's tmp_path)."""

import os
import pathlib
import re

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True), pytest.mark.xdist_group("browser")]

AXE = pathlib.Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
RUN_AXE = """async () => {
  const r = await axe.run("#chat", {resultTypes: ["violations"]});
  return r.violations.map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map(n => n.target.join(" "))}));
}"""


@pytest.mark.parametrize("width", (375, 1280))
def test_posting_from_the_page_shows_the_message_to_both_players(
    width, live_server, signed_in_context, make_user, tmp_path
):
    from tests.builders import start_game

    ann, bob = make_user("Ann Chat"), make_user("Bob Chat")
    game = start_game(ann, bob, rules="oregon-trail-race", title="Talking trail")
    url = f"{live_server.url}/games/{game.pk}/"
    shots = pathlib.Path(os.environ.get("TRAILPOST_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)

    problems = []
    ann_ctx, bob_ctx = signed_in_context(ann, width), signed_in_context(bob, width)
    try:
        ann_page, bob_page = ann_ctx.new_page(), bob_ctx.new_page()
        for page in (ann_page, bob_page):
            page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
            page.on("console", lambda m: problems.append(m.text) if re.search(r"Refused to", m.text) else None)
            page.goto(url)
            page.wait_for_selector("#chat")
        # Ann writes to everyone: it appears in her panel without a reload, and the box empties.
        ann_page.fill("#chat-text", "Howdy <b>Bob</b>, ready to roll?")
        ann_page.select_option("#chat-to", "")
        ann_page.click(".chat-form button[type=submit]")
        ann_page.wait_for_selector("#chat-list li:has-text('Howdy <b>Bob</b>, ready to roll?')")
        assert ann_page.input_value("#chat-text") == ""
        assert ann_page.evaluate("document.activeElement && document.activeElement.id") == "chat-text"
        # Bob's open page gets it from its poll (waited for, not slept on).
        bob_page.wait_for_selector("#chat-list li:has-text('ready to roll?')", timeout=20_000)
        assert bob_page.locator("#chat-list b").count() == 0  # the markup is text, not HTML
        # Bob answers Ann privately: she sees it as private, marked for her.
        bob_page.fill("#chat-text", "Only for you, Ann")
        bob_page.select_option("#chat-to", label="Ann Chat (privately)")
        bob_page.click(".chat-form button[type=submit]")
        bob_page.wait_for_selector("#chat-list li.is-private:has-text('Only for you, Ann')")
        ann_page.wait_for_selector("#chat-list li.is-private:has-text('privately to you')", timeout=20_000)

        for name, page in (("ann", ann_page), ("bob", bob_page)):
            width_now = page.evaluate("document.documentElement.scrollWidth")
            if width_now > width:
                problems.append(f"{name}'s page is {width_now} px wide at {width}")
            problems += [f"{name}: CSP {v}" for v in page.evaluate("window.__csp || []")]
        ann_page.locator("#chat").scroll_into_view_if_needed()
        ann_page.screenshot(path=str(shots / f"{width}-chat-panel.png"), full_page=True)
        ann_page.locator("#chat").screenshot(path=str(shots / f"{width}-chat-panel-only.png"))
    finally:
        ann_ctx.close()
        bob_ctx.close()

    # axe-core on the panel (it is injected, so this context may bypass the policy).
    axe_ctx = signed_in_context(ann, width, bypass_csp=True)
    try:
        page = axe_ctx.new_page()
        page.goto(url)
        page.wait_for_selector("#chat-list")
        page.add_script_tag(path=str(AXE))
        for v in page.evaluate(RUN_AXE):
            if v["impact"] in ("serious", "critical"):
                problems.append(f"axe {v['impact']} {v['id']}: {v['nodes']}")
    finally:
        axe_ctx.close()
    assert problems == [], "\n".join(problems)


def test_the_panel_works_without_javascript(live_server, signed_in_context, make_user):
    from chat.models import Message
    from tests.builders import start_game

    ann, bob = make_user("Ann Plain"), make_user("Bob Plain")
    game = start_game(ann, bob, rules="oregon-trail-race", title="Plain trail")
    context = signed_in_context(bob, 1280, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.fill("#chat-text", "No scripts needed")
        page.click(".chat-form button[type=submit]")
        page.wait_for_selector("#chat-list li:has-text('No scripts needed')")
        assert page.url.endswith(f"/games/{game.pk}/#chat")
    finally:
        context.close()
    assert Message.objects.get().channel == "web"
