"""Forgot password, as a person meets it: every page says what to do next and where to write when
stuck; after the new password, a way to sign in (issue #27: "Please contact us" with no way to,
then a page titled "Change Password" with no sign-in button)."""

import re

import pytest
from django.core import mail

pytestmark = pytest.mark.django_db


def _reset_link() -> str:
    (message,) = mail.outbox
    return re.search(r"http://testserver(/accounts/password/reset/key/\S+)", message.body).group(1)


def test_the_whole_reset_reads_well_and_ends_at_sign_in(client, make_user, settings):
    settings.TRAILPOST_CONTACT_EMAIL = "help@trailpost.example"
    user = make_user("prairie")

    page = client.get("/accounts/password/reset/").content.decode()
    assert "Forgot your password?" in page and "Email me a link" in page
    assert 'href="mailto:help@trailpost.example"' in page
    assert "contact us" not in page.lower() and "Reset My Password" not in page

    done = client.post("/accounts/password/reset/", {"email": user.email}, follow=True).content.decode()
    assert "Check your email" in done and "help@trailpost.example" in done

    form_page = client.get(_reset_link(), follow=True)
    assert "Choose a new password" in form_page.content.decode()
    form_url = form_page.redirect_chain[-1][0]  # allauth moves the key into the session first
    changed = client.post(
        form_url, {"password1": "new-Trailpost-2", "password2": "new-Trailpost-2"}, follow=True
    ).content.decode()
    assert "Your password is changed" in changed
    assert 'href="/accounts/login/"' in changed and ">Sign in</a>" in changed
    signed_in = client.post("/accounts/login/", {"login": user.email, "password": "new-Trailpost-2"})
    assert signed_in.status_code == 302


def test_a_used_link_says_so_and_offers_a_new_one(client):
    page = client.get("/accounts/password/reset/key/1-bogus-key/", follow=True).content.decode()
    assert "This link no longer works" in page
    assert 'href="/accounts/password/reset/"' in page and "Email me a new link" in page
    assert "Bad Token" not in page
