"""Hostile input to the API: every error is the JSON body {code, message, extra}, never a 500 or an
HTML page; throttles answer 429 with Retry-After; invitations have a daily cap."""
import json

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
    created = a.post("/api/games/", {"rules": "toy-shed", "max_players": 2, "options": {"hand_size": 2}},
                     format="json")
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
    for method, path in [("post", f"/api/games/{gid}/moves/"), ("post", "/api/games/"),
                         ("post", "/api/tokens/"), ("post", f"/api/games/{gid}/invitations/")]:
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
    for method, path in [("put", f"/api/games/{gid}/standing-orders/"), ("post", f"/api/games/{gid}/moves/"),
                         ("post", "/api/games/"), ("post", f"/api/games/{gid}/invitations/"),
                         ("post", "/api/tokens/"), ("post", "/api/games/join/")]:
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
    _error(_raw(a, "post", f"/api/games/{gid}/moves/", b"\xff\xfe{", ), 400, "VALIDATION_ERROR")
    _error(_raw(a, "post", f"/api/games/{gid}/moves/", b"<x/>", "application/xml"), 415, "VALIDATION_ERROR")


def test_an_oversize_body_gets_413_with_the_error_body(game, settings):
    a, gid = game
    body = json.dumps({"action": {"type": "x", "pad": "x" * (3 * 1024 * 1024)}}).encode()
    _error(_raw(a, "post", f"/api/games/{gid}/moves/", body), 413, "REQUEST_TOO_LARGE")


def test_unknown_urls_and_odd_ids_under_api_get_a_json_404(game):
    a, gid = game
    for path in ["/api/games/-1/", "/api/games/abc/", "/api/nothing-here/", "/api/games/99999999/",
                 "/api/games/-1/moves/", "/api/tokens/-3/"]:
        _error(a.get(path), 404, "NOT_FOUND")


def test_a_wrong_method_gets_405_with_the_error_body(game):
    a, gid = game
    _error(a.delete(f"/api/games/{gid}/"), 405, "METHOD_NOT_ALLOWED")
    _error(a.put("/api/engines/", {}, format="json"), 405, "METHOD_NOT_ALLOWED")


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
