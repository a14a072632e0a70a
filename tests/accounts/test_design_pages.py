"""The design's server-side promises (issue #16): the account pages live in our layout, the profile
shows the name other players see, the create form starts at the smallest table, the error pages
carry the header, and the admin names each app once."""

import re
from collections import Counter

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from django.urls import reverse

from games.rules import engines

pytestmark = pytest.mark.django_db

BRAND = 'class="brand" href="/"'


def _in_our_layout(html: str):
    assert BRAND in html, "the Trailpost header's brand link"
    assert 'href="/static/css/trailpost.css"' in html
    assert "Menu:" not in html, "allauth's bare menu list"
    assert 'id="main"' in html and "Skip to content" in html


@pytest.mark.parametrize(
    "name",
    [
        "account_login",
        "account_signup",
        "account_reset_password",
        "account_reset_password_done",
        "account_email_verification_sent",
        "account_inactive",
        ("account_confirm_email", "bogus-key"),
        ("account_reset_password_from_key", "1", "bogus-key"),
    ],
)
def test_signed_out_account_pages_render_inside_our_layout(client, name):
    name, *args = [name] if isinstance(name, str) else name
    page = client.get(reverse(name, args=args))
    assert page.status_code == 200
    html = page.content.decode()
    _in_our_layout(html)
    if name in ("account_login", "account_signup", "account_reset_password"):
        assert '<form class="form"' in html


def test_signup_keeps_the_browser_time_zone_field_and_labels_every_field(client):
    html = client.get(reverse("account_signup")).content.decode()
    assert 'name="time_zone"' in html and "data-browser-time-zone" in html
    assert html.count("js/trailpost.js") == 1
    for field_id in re.findall(r'<input[^>]+type="(?:email|password|text)"[^>]*id="(id_\w+)"', html):
        assert f'<label for="{field_id}"' in html, field_id


@pytest.mark.parametrize(
    "name", ["account_email", "account_change_password", "account_logout", "account_reauthenticate"]
)
def test_signed_in_account_pages_render_inside_our_layout(client, make_user, name):
    client.force_login(make_user("ann"))
    html = client.get(reverse(name)).content.decode()
    _in_our_layout(html)
    if name in ("account_email", "account_change_password"):
        assert 'aria-label="Account"' in html, "the account tabs"


def test_profile_shows_the_display_name_in_its_box(client, make_user):
    client.force_login(make_user("Annabel"))
    html = client.get(reverse("accounts:profile")).content.decode()
    assert re.search(r'<input[^>]+name="display_name"[^>]+value="Annabel"', html)
    _in_our_layout(html)


def test_profile_without_a_chosen_name_shows_nothing_of_the_email_address(client):
    user = get_user_model().objects.create_user(username="u1", email="wagonmaster@example.com", password="x")
    client.force_login(user)
    html = client.get(reverse("accounts:profile")).content.decode()
    assert user.public_name.startswith("Traveller ")
    assert f">{user.public_name}</a>" in html  # the header's name
    assert "wagonmaster" not in html.replace("wagonmaster@example.com", "")


@pytest.mark.parametrize("engine", engines(), ids=lambda e: e.name)
def test_the_create_form_starts_at_the_engines_smallest_table(client, make_user, engine):
    client.force_login(make_user("ann"))
    html = client.get(reverse("games:new", args=[engine.name])).content.decode()
    field = re.search(r'<input[^>]+name="max_players"[^>]*>', html).group(0)
    assert f'value="{engine.min_seats}"' in field
    assert f'min="{engine.min_seats}"' in field and f'max="{engine.max_seats}"' in field
    assert "<legend>" in html and 'class="helptext"' in html


def test_404_page_has_the_header(client, make_user):
    client.force_login(make_user("ann"))
    page = client.get("/no-such-page/")
    assert page.status_code == 404
    html = page.content.decode()
    _in_our_layout(html)
    assert "Page not found" in html and 'href="/"' in html


def test_api_404_stays_json(client):
    page = client.get("/api/no-such-thing/")
    assert page.status_code == 404 and page["Content-Type"].startswith("application/json")


@override_settings(DEBUG=False)
def test_500_page_renders_without_context_and_links_the_stylesheet(rf):
    from django.views import defaults

    page = defaults.server_error(rf.get("/"))
    html = page.content.decode()
    assert page.status_code == 500
    assert 'href="/static/css/trailpost.css"' in html and 'class="brand"' in html


def test_api_docs_have_our_header_and_no_inline_style(client):
    page = client.get("/api/docs/")
    html = page.content.decode()
    assert page.status_code == 200
    assert BRAND in html and "<style" not in html and '<html lang="en">' in html
    assert "'unsafe-inline'" not in page.headers.get("Content-Security-Policy", "")


def test_admin_index_names_each_section_once(make_user):
    admin = make_user("root", is_staff=True, is_superuser=True)
    c = Client()
    c.force_login(admin)
    html = c.get("/admin/").content.decode()
    sections = [s.strip() for s in re.findall(r'class="section"[^>]*>([^<]+)</a>', html)]
    assert "Players and API tokens" in sections
    assert [s for s, n in Counter(sections).items() if n > 1] == []
