"""Hostile input to the API: every error is the JSON body {code, message, extra}, never a 500 or an
HTML page; throttles answer 429 with Retry-After; invitations have a daily cap."""

import json
import re

import pytest
from django.core.cache import cache
from django.test import Client

from games.models import Invitation

pytestmark = pytest.mark.django_db


def _error(resp, status, code=None):
    assert resp.status_code == status, resp.content[:300]
    assert resp["Content-Type"].startswith("application/json"), resp["Content-Type"]
    body = json.loads(resp.content)
    assert set(body) == {"code", "message", "extra"}, body
    assert body["message"]
    if code:
        assert body["code"] == code, body
    return body


@pytest.fixture
def ann(make_user):
    return make_user("ann")


@pytest.fixture
def game(ann, api_for, toy_engine):
    a = api_for(ann)
    created = a.post("/api/games/", {"rules": "toy-shed", "max_players": 2, "options": {"hand_size": 2}}, format="json")
    assert created.status_code == 201, created.content
    return a, created.json()["id"]


@pytest.fixture
def started(game, make_user, api_for):
    """The game above with a second player, started."""
    a, gid = game
    b = api_for(make_user("bob"))
    code = a.get(f"/api/games/{gid}/").json()["invite_code"]
    assert b.post("/api/games/join/", {"code": code}, format="json").status_code == 200
    assert a.post(f"/api/games/{gid}/start/").status_code == 200
    return a, gid


def _raw(client, method, path, body: bytes, content_type="application/json"):
    return getattr(client, method)(path, data=body, content_type=content_type)


def test_deeply_nested_json_is_a_parse_error_not_a_server_error(game):
    a, gid = game
    body = ('{"action": ' + "[" * 5000 + "]" * 5000 + "}").encode()
    for method, path in [
        ("post", f"/api/games/{gid}/moves/"),
        ("post", "/api/games/"),
        ("post", "/api/tokens/"),
        ("post", f"/api/games/{gid}/invitations/"),
    ]:
        _error(_raw(a, method, path, body), 400, "VALIDATION_ERROR")
    resp = _raw(a, "put", f"/api/games/{gid}/standing-orders/", body)  # a seat is looked up first
    _error(resp, resp.status_code)


def test_nesting_within_the_limit_still_parses(game):
    a, gid = game
    body = json.dumps({"action": {"type": "x", "deep": [[[[[[1]]]]]]}}).encode()
    resp = _raw(a, "post", f"/api/games/{gid}/moves/", body)
    assert resp.status_code != 500 and resp.json()["code"] != "VALIDATION_ERROR"


def test_a_list_where_an_object_is_expected_is_a_validation_error(game):
    a, gid = game
    for method, path in [
        ("put", f"/api/games/{gid}/standing-orders/"),
        ("post", f"/api/games/{gid}/moves/"),
        ("post", "/api/games/"),
        ("post", f"/api/games/{gid}/invitations/"),
        ("post", "/api/tokens/"),
        ("post", "/api/games/join/"),
    ]:
        resp = _raw(a, method, path, b'[1, 2, {"orders": {}}]')
        assert resp.status_code in (400, 403, 404, 409), (path, resp.content)
        _error(resp, resp.status_code)


def test_standing_orders_refuse_a_list_body(started):
    a, gid = started
    _error(_raw(a, "put", f"/api/games/{gid}/standing-orders/", b'[{"orders": {}}]'), 400, "VALIDATION_ERROR")
    _error(_raw(a, "put", f"/api/games/{gid}/standing-orders/", b'"x"'), 400, "VALIDATION_ERROR")


def test_invalid_json_and_wrong_media_type_get_the_error_body(game):
    a, gid = game
    _error(_raw(a, "post", f"/api/games/{gid}/moves/", b'{"action": '), 400, "VALIDATION_ERROR")
    _error(
        _raw(
            a,
            "post",
            f"/api/games/{gid}/moves/",
            b"\xff\xfe{",
        ),
        400,
        "VALIDATION_ERROR",
    )
    _error(_raw(a, "post", f"/api/games/{gid}/moves/", b"<x/>", "application/xml"), 415, "VALIDATION_ERROR")


def test_an_oversize_body_gets_413_with_the_error_body(game, settings):
    a, gid = game
    body = json.dumps({"action": {"type": "x", "pad": "x" * (3 * 1024 * 1024)}}).encode()
    _error(_raw(a, "post", f"/api/games/{gid}/moves/", body), 413, "REQUEST_TOO_LARGE")


def test_unknown_urls_and_odd_ids_under_api_get_a_json_404(game):
    a, gid = game
    for path in [
        "/api/games/-1/",
        "/api/games/abc/",
        "/api/nothing-here/",
        "/api/games/99999999/",
        "/api/games/-1/moves/",
        "/api/tokens/-3/",
    ]:
        _error(a.get(path), 404, "NOT_FOUND")


def test_a_wrong_method_gets_405_with_the_error_body(game):
    a, gid = game
    _error(a.delete(f"/api/games/{gid}/"), 405, "METHOD_NOT_ALLOWED")
    _error(a.put("/api/engines/", {}, format="json"), 405, "METHOD_NOT_ALLOWED")


def test_a_browser_gets_json_too(game):
    a, gid = game
    resp = a.get(f"/api/games/{gid}/", HTTP_ACCEPT="text/html,application/xhtml+xml,*/*;q=0.8")
    assert resp.status_code == 200 and resp["Content-Type"] == "application/json"
    _error(Client().get("/api/games/", HTTP_ACCEPT="text/html,*/*;q=0.8"), 401, "NOT_AUTHENTICATED")
    _error(Client().get("/api/engines/", HTTP_ACCEPT="text/html"), 406, "NOT_ACCEPTABLE")


def test_outside_the_api_a_missing_page_stays_html(db):
    resp = Client().get("/no-such-page/")
    assert resp.status_code == 404
    assert resp["Content-Type"].startswith("text/html")


def test_django_level_errors_under_api_get_the_error_body(rf):
    """Errors Django answers outside DRF (here a crash) use config/urls.py's handlers."""
    from django.http import Http404

    from config import urls

    request = rf.get("/api/whatever/")
    _error(urls.json_or_html_404(request, Http404()), 404, "NOT_FOUND")
    _error(urls.json_or_html_500(request), 500, "SERVER_ERROR")
    assert urls.json_or_html_500(rf.get("/lobby/"))["Content-Type"].startswith("text/html")


# -- throttles (rates set per test: the test settings turn them off) ------------------------------


def _rates(settings, **rates):
    cache.clear()
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            "anon": None,
            "user": None,
            "game_create": None,
            "invitations": None,
            "tokens": None,
            **rates,
        },
    }


def _count_until_throttled(send, limit=100):
    for n in range(limit):
        resp = send()
        if resp.status_code == 429:
            return n, resp
        assert resp.status_code < 400, resp.content
    return limit, None


def test_a_token_gets_429_with_retry_after_once_past_its_rate(settings, ann, api_for, make_user):
    _rates(settings, user="20/hour")
    a = api_for(ann)
    answered, refused = _count_until_throttled(lambda: a.get("/api/games/"))
    assert answered == 20
    body = _error(refused, 429, "THROTTLED")
    assert 0 < int(refused["Retry-After"]) <= 3600 and body["extra"]["retry_after"] == int(refused["Retry-After"])
    assert api_for(make_user("cat")).get("/api/games/").status_code == 200  # per user, not global


def test_anonymous_callers_have_a_rate_per_address(settings):
    _rates(settings, anon="3/min")
    c = Client()
    answered, refused = _count_until_throttled(lambda: c.get("/api/engines/"))
    assert answered == 3
    _error(refused, 429, "THROTTLED")
    # A forged X-Forwarded-For does not make a new caller (NUM_PROXIES is 0).
    _error(c.get("/api/engines/", HTTP_X_FORWARDED_FOR="203.0.113.9"), 429, "THROTTLED")


def test_creating_games_and_tokens_have_stricter_scopes(settings, game, ann, api_for):
    a, gid = game
    _rates(settings, user="1000/hour", game_create="2/hour", tokens="2/hour")
    answered, refused = _count_until_throttled(
        lambda: a.post("/api/games/", {"rules": "toy-shed", "options": {"hand_size": 2}}, format="json")
    )
    assert answered == 2 and refused.json()["code"] == "THROTTLED"
    assert a.get("/api/games/").status_code == 200  # reading the same endpoint is not the scope
    answered, refused = _count_until_throttled(lambda: a.post("/api/tokens/", {"name": "x"}, format="json"))
    assert answered == 2 and refused.json()["code"] == "THROTTLED"


def test_invitations_have_a_daily_cap_per_sender(settings, game, ann):
    from datetime import timedelta

    from django.utils import timezone

    from notifications.models import Notification

    a, gid = game
    settings.TRAILPOST = {**settings.TRAILPOST, "INVITATIONS_PER_DAY": 3}
    for n in range(3):
        assert (
            a.post(f"/api/games/{gid}/invitations/", {"email": f"f{n}@example.com"}, format="json").status_code == 201
        )
    notices = Notification.objects.count()
    refused = a.post(f"/api/games/{gid}/invitations/", {"email": "f9@example.com"}, format="json")
    body = _error(refused, 429, "INVITATION_LIMIT")
    assert body["extra"]["limit"] == 3 and 0 < int(refused["Retry-After"]) <= 86400
    assert Invitation.objects.filter(invited_by=ann).count() == 3 and Notification.objects.count() == notices
    # An invitation older than a day no longer counts.
    Invitation.objects.filter(email="f0@example.com").update(created_at=timezone.now() - timedelta(days=1, minutes=1))
    assert a.post(f"/api/games/{gid}/invitations/", {"email": "f9@example.com"}, format="json").status_code == 201


def test_one_hourly_invitation_limit_holds_for_the_api_and_the_game_page_together(settings, game, ann):
    """#30: the game page's invitation form skipped the 20 an hour the API's throttle applied. Now
    one limit counts the invitations of both: the API answers 429 INVITATION_LIMIT with
    Retry-After, the page says the same sentence, and neither creates anything past it."""
    from datetime import timedelta

    from django.utils import timezone

    from notifications.models import Notification

    a, gid = game
    settings.TRAILPOST = {**settings.TRAILPOST, "INVITATIONS_PER_HOUR": 3, "INVITATIONS_PER_DAY": 50}
    web = Client()
    web.force_login(ann)

    def by_web(email):
        return web.post(f"/games/{gid}/invite/", {"email": email}, follow=True).content.decode()

    assert "Invitation sent to w1@example.com" in by_web("w1@example.com")
    assert "Invitation sent to w2@example.com" in by_web("w2@example.com")
    assert a.post(f"/api/games/{gid}/invitations/", {"email": "a1@example.com"}, format="json").status_code == 201
    notices = Notification.objects.count()
    refused = a.post(f"/api/games/{gid}/invitations/", {"email": "a2@example.com"}, format="json")
    body = _error(refused, 429, "INVITATION_LIMIT")
    assert body["extra"] == {"limit": 3, "retry_after": int(refused["Retry-After"])}
    assert 3500 < int(refused["Retry-After"]) <= 3600
    said = r"You have sent 3 invitations in the last hour, the most allowed; try again in [1-5]?[0-9] minutes\."
    assert re.fullmatch(said, body["message"])
    assert re.search(said, by_web("w3@example.com"))
    assert Invitation.objects.filter(invited_by=ann).count() == 3 and Notification.objects.count() == notices
    # Under a minute to wait: said so (Django's words would be "0 minutes").
    Invitation.objects.update(created_at=timezone.now() - timedelta(minutes=59, seconds=30))
    soon = a.post(f"/api/games/{gid}/invitations/", {"email": "a2@example.com"}, format="json")
    assert _error(soon, 429, "INVITATION_LIMIT")["message"].endswith("try again in a minute.")
    assert 0 < int(soon["Retry-After"]) <= 30


@pytest.mark.parametrize("cap", ["INVITATIONS_PER_HOUR", "INVITATIONS_PER_DAY"])
def test_a_cap_of_zero_turns_invitations_off_with_a_sentence(settings, game, ann, cap):
    """A cap of 0 was an IndexError (a 500): it means no invitations by email, said as such."""
    a, gid = game
    settings.TRAILPOST = {**settings.TRAILPOST, cap: 0}
    refused = a.post(f"/api/games/{gid}/invitations/", {"email": "f@example.com"}, format="json")
    body = _error(refused, 429, "INVITATION_LIMIT")
    assert "invite link" in body["message"] and body["extra"] == {"limit": 0}
    assert not Invitation.objects.exists()
    web = Client()
    web.force_login(ann)
    page = web.post(f"/games/{gid}/invite/", {"email": "f@example.com"}, follow=True).content.decode()
    assert "This server sends no invitations by email" in page and not Invitation.objects.exists()


def test_an_invitation_subject_bounds_the_sender_chosen_text(game, ann):
    from games.models import Game
    from notifications.emails import render_email

    a, gid = game
    Game.objects.filter(pk=gid).update(title="Claim your prize now at http://example.test/win " * 2)
    ann.display_name = "Your bank's security department, urgent notice"
    ann.save()
    assert a.post(f"/api/games/{gid}/invitations/", {"email": "x@example.com"}, format="json").status_code == 201
    from notifications.models import Notification

    notice = Notification.objects.get(email="x@example.com")
    message = render_email(template="invitation", to="x@example.com", context=notice.context)
    assert len(message.subject) <= 30 + 40 + 45 + len("Toy shed"), message.subject
    assert "on Trailpost" in message.subject


def test_an_unreachable_throttle_cache_lets_requests_through(settings, ann, api_for, caplog):
    """A Redis outage must not take the API down with it: the throttle steps aside, with one line."""
    a = api_for(ann)
    _rates(settings, user="1/hour")
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    assert [a.get("/api/games/").status_code for _ in range(3)] == [200, 200, 200]
    assert "cache is unreachable" in caplog.text


def test_the_web_move_form_refuses_deeply_nested_json(started, ann):
    """The game page's move form carries the action as JSON too."""
    a, gid = started
    c = Client()
    c.force_login(ann)
    for depth in (5000, 100):
        resp = c.post(f"/games/{gid}/move/", {"action": "[" * depth + "]" * depth, "version": "1"})
        assert resp.status_code == 302, resp.status_code
        page = c.get(resp["Location"]).content.decode()
        assert "could not be read" in page
