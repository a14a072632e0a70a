"""Display names (#27): sign-up asks for one (unique, not a look-alike, not reserved, safe text); an
account made before that is asked once; nothing of an email address is shown to another player."""

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from django.core.exceptions import ValidationError
from django.urls import reverse

from accounts import names
from chat.services import post_message
from notifications.delivery import render_notification
from notifications.models import Notification
from tests.builders import start_game

pytestmark = pytest.mark.django_db


def _signup(client, name, email="pat@example.com"):
    return client.post(
        reverse("account_signup"),
        {"display_name": name, "email": email, "password1": "pw-Trailpost-1x", "password2": "pw-Trailpost-1x"},
    )


def test_sign_up_asks_for_a_name_and_keeps_it(client, settings):
    settings.ACCOUNT_EMAIL_VERIFICATION = "optional"
    html = client.get(reverse("account_signup")).content.decode()
    assert 'name="display_name"' in html and html.index('name="display_name"') < html.index('name="email"')
    assert _signup(client, "").status_code == 200  # no name: the form again
    assert not get_user_model().objects.exists()
    response = _signup(client, "  Prairie Pat ")
    assert response.status_code == 302
    user = get_user_model().objects.get()
    assert (user.display_name, user.public_name) == ("Prairie Pat", "Prairie Pat")
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert "Successfully signed in as Prairie Pat." in said


@pytest.mark.parametrize(
    "name, why",
    [
        ("prairie pat", "already called"),  # case and spacing
        ("Prairie_Pat", "already called"),
        ("Prаirie Pat", "different alphabets"),  # a Cyrillic а among Latin letters
        ("Admin", "kept for Trailpost"),
        ("Ezra (bot)", "kept for Trailpost"),
        ("TRAILPOST", "kept for Trailpost"),
        ("pat@example.com", "email address"),
        ("Pat\u202egnp", "direction of text"),
        ("Pat\nAdmin", "line break"),
        ("!!!", "letter or digit"),
    ],
)
def test_a_name_that_is_taken_a_look_alike_reserved_or_unsafe_is_refused(client, make_user, settings, name, why):
    settings.ACCOUNT_EMAIL_VERIFICATION = "optional"
    make_user("Prairie Pat")
    response = _signup(client, name, email="new@example.com")
    assert response.status_code == 200
    assert why in response.content.decode()
    assert not get_user_model().objects.filter(email="new@example.com").exists()


def test_look_alikes_share_a_key_and_other_alphabets_are_names_too():
    assert names.name_key("Prаirie Pat") == names.name_key("prairie-pat") == "prairiepat"
    assert names.name_problem("Пётр") is None and names.name_problem("Jürgen") is None
    with pytest.raises(ValidationError):
        names.validate_new_name("Moderator")


def _old_account(email="prairie.pat@example.com"):
    """An account made before sign-up asked for a name: allauth made its username from the email."""
    user = get_user_model().objects.create_user(username="prairie.pat", email=email, password="pw-Trailpost-1")
    EmailAddress.objects.create(user=user, email=email, verified=True, primary=True)
    return user


def test_an_old_account_is_asked_for_a_name_once_then_goes_where_it_was_going(client):
    user = _old_account()
    client.force_login(user)
    page = client.get("/games/?page=1")
    assert page.status_code == 302 and page["Location"].startswith(reverse("accounts:choose_name"))
    asked = client.get(page["Location"])
    assert asked.status_code == 200 and 'name="display_name"' in asked.content.decode()
    # The API, htmx requests and allauth's own pages (sign out) are not held up.
    assert client.get(reverse("api-games")).status_code == 200
    assert client.get("/", HTTP_HX_REQUEST="true").status_code == 200
    assert client.get("/rules/ogallala/table.svg", HTTP_ACCEPT="image/avif,image/*,*/*;q=0.8").status_code == 200
    assert client.get(reverse("account_logout")).status_code == 200
    refused = client.post(reverse("accounts:choose_name"), {"display_name": "admin", "next": "/games/?page=1"})
    assert refused.status_code == 200
    done = client.post(reverse("accounts:choose_name"), {"display_name": "Prairie Pat", "next": "/games/?page=1"})
    assert done.status_code == 302 and done["Location"] == "/games/?page=1"
    user.refresh_from_db()
    assert user.display_name == "Prairie Pat"
    assert client.get("/").status_code == 200  # asked once: never again
    assert client.get(reverse("accounts:choose_name")).status_code == 302


def test_the_name_page_is_for_signed_in_people_and_goes_only_to_our_own_pages(client):
    assert client.get(reverse("accounts:choose_name"))["Location"].startswith(reverse("account_login"))
    client.force_login(_old_account())
    done = client.post(reverse("accounts:choose_name"), {"display_name": "Pat", "next": "https://evil.example/"})
    assert done["Location"] == "/"


def test_the_api_refuses_a_taken_name(make_user, api_for):
    make_user("Prairie Pat")
    api = api_for(make_user("Ann"))
    response = api.patch("/api/profile/", {"display_name": "PRAIRIE PAT"}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "VALIDATION_ERROR"
    assert api.patch("/api/profile/", {"display_name": ""}, format="json").status_code == 400


def test_nothing_of_an_email_address_reaches_another_player(client, make_user, toy_engine, api_for):
    """Pat never chose a name: the game page, its log, the lobby, the chat, the API and every email
    Ann gets name Pat by a made-up name, never by "prairie.pat"."""
    ann, pat = make_user("Ann"), _old_account()
    game = start_game(ann, pat, rules="toy-notify", title="Names", bots=1)
    post_message(game=game, user=pat, text="Hello all", channel="web")
    post_message(game=game, user=ann, text="Hi back", channel="web")
    client.force_login(ann)
    api = api_for(ann)
    seen = [
        client.get(reverse("games:detail", args=[game.pk])).content.decode(),
        client.get(reverse("games:log", args=[game.pk])).content.decode(),
        client.get(reverse("games:lobby")).content.decode(),
        client.get(reverse("chat:chat", args=[game.pk])).content.decode(),
        api.get(reverse("api-game", args=[game.pk])).content.decode(),
        api.get(reverse("api-game-moves", args=[game.pk])).content.decode(),
        api.get(f"/api/games/{game.pk}/chat/").content.decode(),
        api.get(reverse("api-games")).content.decode(),
    ]
    emails = [render_notification(n) for n in Notification.objects.filter(user=ann)]
    assert emails, "Ann was emailed about the game"
    for email in emails:
        seen += [email.subject, email.body, *(alt[0] for alt in getattr(email, "alternatives", []))]
    assert any(pat.public_name in text for text in seen)
    for text in seen:
        assert "prairie" not in text.lower()
    assert "prairie" not in pat.public_name.lower() and names.fallback_name(pat.pk) == pat.public_name


def test_a_rename_shows_at_once_in_the_chat(client, make_user, toy_engine):
    ann, bob = make_user("Ann"), make_user("Bob")
    game = start_game(ann, bob, rules="toy-notify", title="Renames")
    post_message(game=game, user=bob, text="Howdy", channel="web")
    bob.display_name = "Robert"
    bob.save()
    client.force_login(ann)
    html = client.get(reverse("chat:chat", args=[game.pk])).content.decode()
    assert "Robert" in html and ">Bob<" not in html


def test_a_name_kept_from_before_the_checks_does_not_block_the_profile(client, make_user):
    admin = make_user("Admin")  # the demo admin's name, set before names were checked
    client.force_login(admin)
    kept = client.post("/accounts/profile/", {"display_name": "Admin", "time_zone": "Europe/Berlin"})
    assert kept.status_code == 302
    assert client.post("/accounts/profile/", {"display_name": "Moderator", "time_zone": "UTC"}).status_code == 200
