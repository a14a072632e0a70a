"""Unsubscribe links (RFC 8058 one-click) and the mute form's redirect."""

import pytest
from django.core import signing

from notifications import delivery
from notifications.models import Delivery, GameMute, Kind, KindPreference, Notification
from notifications.tokens import unsubscribe_token

pytestmark = pytest.mark.django_db


def _url(token):
    return f"/mail/unsubscribe/{token}/"


def test_get_shows_a_button_and_changes_nothing(client, users):
    token = unsubscribe_token(user_id=users[0].pk, kind=Kind.YOUR_TURN)
    page = client.get(_url(token))
    assert page.status_code == 200
    html = page.content.decode()
    assert f'action="{_url(token)}"' in html and 'method="post"' in html and "<button" in html
    assert client.head(_url(token)).status_code == 200
    assert not KindPreference.objects.filter(user=users[0]).exists()


def test_one_click_post_unsubscribes_without_csrf_token_or_session(users):
    from django.test import Client

    mailer = Client(enforce_csrf_checks=True)
    token = unsubscribe_token(user_id=users[0].pk, kind=Kind.YOUR_TURN)
    resp = mailer.post(_url(token), "List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded")
    assert resp.status_code == 200
    assert KindPreference.objects.get(user=users[0], kind=Kind.YOUR_TURN).delivery == Delivery.NEVER


def test_the_pages_button_mutes_the_game(client, make_game, users):
    game = make_game()
    token = unsubscribe_token(user_id=users[1].pk, game_id=game.pk)
    assert game.title in client.get(_url(token)).content.decode()
    assert not GameMute.objects.exists()
    assert client.post(_url(token)).status_code == 200
    assert GameMute.objects.filter(user=users[1], game=game).exists()


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_forged_or_altered_token_is_refused_with_a_clear_page(client, users, method):
    good = unsubscribe_token(user_id=users[0].pk, kind=Kind.YOUR_TURN)
    forged = signing.dumps({"u": users[1].pk, "k": Kind.YOUR_TURN, "g": None}, salt="not-ours", compress=True)
    altered = good[:-3] + ("aaa" if not good.endswith("aaa") else "bbb")
    for token in (forged, altered, "forged-token"):
        resp = getattr(client, method)(_url(token), {"List-Unsubscribe": "One-Click"} if method == "post" else {})
        assert resp.status_code == 400
        assert "not valid" in resp.content.decode() and "<button" not in resp.content.decode()
    assert not KindPreference.objects.exists()


def test_sent_emails_carry_one_click_unsubscribe_headers(make_game, smtp_sink, client):
    game = make_game()
    ids = list(Notification.objects.filter(game=game, kind=Kind.YOUR_TURN).values_list("pk", flat=True))
    assert delivery.send_notifications(ids) == 1
    (message,) = smtp_sink.wait_for(1)
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    link = message["List-Unsubscribe"].strip().strip("<>")
    assert link.startswith("http") and "/mail/unsubscribe/" in link
    path = "/" + link.split("://", 1)[1].split("/", 1)[1]
    note = Notification.objects.get(pk=ids[0])
    client.get(path)
    assert not KindPreference.objects.filter(user=note.user).exists()
    page = client.post(path, "List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded")
    # That game is muted, and only it: "your turn" stays on for every other game (#27).
    assert GameMute.objects.filter(user=note.user, game=game).exists()
    assert not KindPreference.objects.filter(user=note.user).exists()
    assert "deadlines still run" in page.content.decode() and 'id="unmute"' in page.content.decode()


@pytest.mark.parametrize("target", ["https://evil.example/phish", "//evil.example/x", "http://testserver.evil/"])
def test_mute_refuses_to_redirect_off_site(client, make_game, users, target):
    game = make_game()
    client.force_login(users[0])
    resp = client.post(f"/mail/games/{game.pk}/mute/", {"muted": "1", "next": target})
    assert resp.status_code == 302 and resp["Location"] == "/mail/preferences/"
    assert GameMute.objects.filter(user=users[0], game=game).exists()


def test_mute_follows_a_local_next(client, make_game, users):
    game = make_game()
    client.force_login(users[0])
    resp = client.post(f"/mail/games/{game.pk}/mute/", {"muted": "1", "next": f"/games/{game.pk}/"})
    assert resp.status_code == 302 and resp["Location"] == f"/games/{game.pk}/"
