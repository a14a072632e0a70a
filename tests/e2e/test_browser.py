"""In headless Chromium (Debian's package, driven by Playwright): two people sign up, verify their
email, create a game, join it by the invite link, and play moves from the game page."""

import re

import pytest
from django.core import mail

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True), pytest.mark.xdist_group("browser")]


def _sign_up(page, base, email):
    page.goto(f"{base}/accounts/signup/")
    page.fill("input[name=display_name]", email.split("@")[0].replace(".", " ").title())
    page.fill("input[name=email]", email)
    page.fill("input[name=password1]", "Trail-pw-12345")
    page.fill("input[name=password2]", "Trail-pw-12345")
    page.click("form button[type=submit]")
    message = next(m for m in reversed(mail.outbox) if email in m.to)
    link = re.search(r"https?://\S+/accounts/confirm-email/\S+/", message.body).group(0)
    path = link.split("/accounts/", 1)[1]
    page.goto(f"{base}/accounts/{path}")
    page.click("form button[type=submit]")
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=login]", email)
    page.fill("input[name=password]", "Trail-pw-12345")
    page.click("form button[type=submit]")
    page.wait_for_url(f"{base}/")
    assert "Your games" in page.content()


def _play_one(page):
    """Clicks the first move button if this page has any; returns whether it did."""
    page.reload()
    buttons = page.locator("#my-moves button")
    if buttons.count() == 0:
        return False
    version = int(page.locator("#live").get_attribute("data-version"))
    if page.locator("#tp-bar-more > summary").is_visible() and not page.locator("#tp-list-toggle").is_visible():
        page.click("#tp-bar-more > summary")  # on a small bar the toggle is behind More… (table.js)
    if page.locator("#tp-list-toggle").is_visible():  # the numbered list is one toggle away (table.js)
        page.click("#tp-list-toggle")
    buttons.first.click()
    # the move is sent by htmx and the live section swapped in place: wait for its new version
    page.wait_for_function("(v) => +document.getElementById('live').dataset.version > v", arg=version)
    return True


@pytest.mark.both_databases  # two people at once through the live server: also on SQLite (make run's database)
def test_two_people_sign_up_create_join_and_play(live_server, browser, settings):
    settings.ACCOUNT_EMAIL_VERIFICATION = "mandatory"
    base = live_server.url
    ann = browser.new_context().new_page()
    bob = browser.new_context().new_page()
    _sign_up(ann, base, "ann@example.com")
    _sign_up(bob, base, "bob@example.com")

    ann.click("a[href*='/games/new/oregon-trail-race/']")
    ann.fill("input[name=title]", "Browser race")
    ann.fill("input[name=max_players]", "2")
    ann.select_option("select[name=opt_trail_length]", "10") if ann.locator(
        "select[name=opt_trail_length]"
    ).count() else ann.fill("input[name=opt_trail_length]", "10")
    ann.click("form.panel button[type=submit]")
    invite = ann.locator("#invite-link").input_value()
    assert "/join/" in invite

    bob.goto(invite.replace("http://testserver", base).replace(invite.split("/join/")[0], base))
    bob.click("#join-game")
    assert "You joined the game." in bob.content()

    ann.reload()
    ann.click("#start-game")
    ann.wait_for_selector(".board")  # the waiting room turns into the table in place

    played = 0
    for _ in range(12):
        progressed = _play_one(ann) or _play_one(bob)
        if not progressed:
            break
        played += 1
    assert played >= 4
    log_text = ann.locator(".log").inner_text()
    assert len(log_text.splitlines()) >= played
