"""Table talk through the API: GET /api/games/<id>/chat/ (paged, what the caller may read) and
POST (text, to), its errors with stable codes, the rate limits, escaping, and the schema."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core.cache import cache

from chat.models import Message
from games.models import Game
from tests.builders import lobby_game

from .conftest import post

pytestmark = pytest.mark.django_db

HOSTILE = '<script>alert("x")</script><b>bold</b> & "quotes" \u2028'


def _url(t):
    return f"/api/games/{t.game.pk}/chat/"


def _error(response, status, code):
    assert response.status_code == status, response.content
    body = response.json()
    assert body["code"] == code and body["message"], body
    return body


def test_a_player_posts_and_everyone_at_the_table_reads_it(table, api_for):
    response = api_for(table.bob).post(_url(table), {"text": " Wagons ho! "}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["text"] == "Wagons ho!" and body["author"] == "Bob" and body["private"] is False
    assert body["author_seat"] == table.pos[table.bob.pk] and body["channel"] == "api" and body["to_seat"] is None
    for reader in (table.ann, table.cy, table.sam, table.mod):  # players, a spectator, staff
        page = api_for(reader).get(_url(table)).json()
        assert [m["text"] for m in page["messages"]] == ["Wagons ho!"]
    assert Message.objects.get().channel == "api"


def test_private_messages_reach_only_their_two_people(table, api_for):
    to = table.pos[table.cy.pk]
    response = api_for(table.ann).post(_url(table), {"text": "deal?", "to": to}, format="json")
    assert response.status_code == 201
    body = response.json()
    assert (body["private"], body["to_seat"], body["to_name"]) == (True, to, "Cy")
    for reader, sees in (
        (table.ann, True),
        (table.cy, True),
        (table.bob, False),
        (table.sam, False),
        (table.mod, False),
    ):
        texts = [m["text"] for m in api_for(reader).get(_url(table)).json()["messages"]]
        assert ("deal?" in texts) is sees, reader


def test_a_private_message_to_the_bot_is_allowed_and_seen_by_its_author_only(table, api_for):
    response = api_for(table.ann).post(_url(table), {"text": "beep", "to": table.bot.position}, format="json")
    assert response.status_code == 201 and response.json()["to_name"] == table.bot.name
    assert api_for(table.bob).get(_url(table)).json()["messages"] == []


def test_who_may_use_the_chat_api(table, api_for, client, make_user):
    url = _url(table)
    # Anonymous: 401, nothing written.
    _error(client.get(url), 401, "NOT_AUTHENTICATED")
    _error(client.post(url, {"text": "hi"}, content_type="application/json"), 401, "NOT_AUTHENTICATED")
    # A spectator reads, cannot write; staff without a seat neither.
    assert api_for(table.sam).get(url).status_code == 200
    _error(api_for(table.sam).post(url, {"text": "hi"}, format="json"), 403, "NOT_A_PLAYER")
    _error(api_for(table.mod).post(url, {"text": "hi"}, format="json"), 403, "NOT_A_PLAYER")
    assert not Message.objects.exists()
    # A private game's chat does not exist for a stranger.
    eve = make_user("Eve")
    private = lobby_game(table.ann, rules="toy-notify", visibility=Game.Visibility.PRIVATE, bots=1)
    _error(api_for(eve).get(f"/api/games/{private.pk}/chat/"), 404, "NOT_FOUND")
    _error(api_for(eve).post(f"/api/games/{private.pk}/chat/", {"text": "hi"}, format="json"), 404, "NOT_FOUND")
    _error(api_for(eve).get("/api/games/999999/chat/"), 404, "NOT_FOUND")


def test_bad_messages_are_refused_with_a_sentence_and_change_nothing(table, api_for):
    a = api_for(table.ann)
    url = _url(table)
    _error(a.post(url, {"text": "   "}, format="json"), 400, "VALIDATION_ERROR")
    _error(a.post(url, {}, format="json"), 400, "VALIDATION_ERROR")
    _error(a.post(url, {"text": "x" * 2001}, format="json"), 400, "VALIDATION_ERROR")
    _error(a.post(url, {"text": ["a list"]}, format="json"), 400, "VALIDATION_ERROR")
    body = _error(a.post(url, {"text": "me", "to": table.pos[table.ann.pk]}, format="json"), 400, "VALIDATION_ERROR")
    assert "not to yourself" in body["message"]
    _error(a.post(url, {"text": "nobody", "to": 7}, format="json"), 400, "VALIDATION_ERROR")
    _error(a.post(url, {"text": "neg", "to": -1}, format="json"), 400, "VALIDATION_ERROR")
    _error(a.post(url, {"text": "str", "to": "Bob"}, format="json"), 400, "VALIDATION_ERROR")
    _error(a.post(url, "not json", content_type="application/json"), 400, "VALIDATION_ERROR")
    _error(a.get(url, {"limit": "0"}), 400, "VALIDATION_ERROR")
    _error(a.get(url, {"before": "x"}), 400, "VALIDATION_ERROR")
    _error(a.get(url, {"after": "99999999999999999999999"}), 400, "VALIDATION_ERROR")
    assert not Message.objects.exists()
    _error(a.post(url, {"text": "a\x00b"}, format="json"), 400, "VALIDATION_ERROR")  # NUL: DRF refuses it
    assert not Message.objects.exists()
    # Other control characters: the API's JSON parser refuses the body whole (an email reply's are
    # dropped by chat's own check instead: mail clients put them there unseen)
    _error(a.post(url, {"text": "a\x07b\x1bc\r\nd"}, format="json"), 400, "VALIDATION_ERROR")
    assert not Message.objects.exists()


def test_html_is_data_in_json(table, api_for):
    a = api_for(table.ann)
    response = a.post(_url(table), {"text": HOSTILE}, format="json")
    assert response.status_code == 201
    listed = a.get(_url(table))
    assert listed["Content-Type"] == "application/json"
    assert listed["X-Content-Type-Options"] == "nosniff"
    assert listed.json()["messages"][0]["text"] == HOSTILE.strip()


def test_pages_go_back_with_before_and_forward_with_after(table, api_for):
    ids = [post(table, table.ann if i % 2 else table.bob, f"m{i}").pk for i in range(7)]
    post(table, table.ann, "secret", to=table.pos[table.bob.pk])  # not Cy's to read
    c = api_for(table.cy)
    latest = c.get(_url(table), {"limit": 3}).json()
    assert [m["text"] for m in latest["messages"]] == ["m4", "m5", "m6"] and latest["earlier"] == ids[4]
    before = c.get(_url(table), {"limit": 3, "before": latest["earlier"]}).json()
    assert [m["text"] for m in before["messages"]] == ["m1", "m2", "m3"]
    first = c.get(_url(table), {"limit": 3, "before": before["earlier"]}).json()
    assert [m["text"] for m in first["messages"]] == ["m0"] and first["earlier"] is None
    forward = c.get(_url(table), {"after": ids[2], "limit": 2}).json()
    assert [m["text"] for m in forward["messages"]] == ["m3", "m4"] and forward["more"] is True
    tail = c.get(_url(table), {"after": ids[5]}).json()
    assert [m["text"] for m in tail["messages"]] == ["m6"] and tail["more"] is False


def test_the_per_game_rate_limit_counts_every_channel(table, api_for, client, settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "CHAT_PER_MINUTE": 3, "CHAT_PER_DAY": 5}
    a = api_for(table.ann)
    start = datetime(2030, 5, 1, 9, 0, tzinfo=UTC)
    with time_machine.travel(start, tick=False) as clock:
        client.force_login(table.ann)
        client.post(f"/games/{table.game.pk}/chat/", {"text": "from the page"})
        assert a.post(_url(table), {"text": "2"}, format="json").status_code == 201
        assert a.post(_url(table), {"text": "3"}, format="json").status_code == 201
        refused = a.post(_url(table), {"text": "4"}, format="json")
        body = _error(refused, 429, "THROTTLED")
        assert "3 messages a minute" in body["message"]
        assert refused["Retry-After"] == "60" and body["extra"]["retry_after"] == 60
        # Another player, and the same player in another game, are not held back.
        assert api_for(table.bob).post(_url(table), {"text": "bob"}, format="json").status_code == 201
        clock.shift(timedelta(seconds=61))
        assert a.post(_url(table), {"text": "4"}, format="json").status_code == 201
        assert a.post(_url(table), {"text": "5"}, format="json").status_code == 201
        clock.shift(timedelta(seconds=61))
        body = _error(a.post(_url(table), {"text": "6"}, format="json"), 429, "THROTTLED")
        assert "5 messages a day" in body["message"]
        clock.shift(timedelta(hours=24))
        assert a.post(_url(table), {"text": "next day"}, format="json").status_code == 201
    assert Message.objects.filter(author=table.ann).count() == 6


def test_the_api_chat_scope_throttles_posts_not_reads(table, api_for, settings):
    cache.clear()
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            "anon": None,
            "user": None,
            "game_create": None,
            "invitations": None,
            "tokens": None,
            "chat": "2/min",
        },
    }
    a = api_for(table.ann)
    assert a.post(_url(table), {"text": "1"}, format="json").status_code == 201
    assert a.post(_url(table), {"text": "2"}, format="json").status_code == 201
    _error(a.post(_url(table), {"text": "3"}, format="json"), 429, "THROTTLED")
    assert a.get(_url(table)).status_code == 200
    cache.clear()


def test_the_schema_documents_both_operations(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    ops = schema["paths"]["/api/games/{id}/chat/"]
    assert ops["get"]["operationId"] == "games_chat_list" and ops["post"]["operationId"] == "games_chat_create"
    assert {p["name"] for p in ops["get"]["parameters"]} >= {"before", "after", "limit"}
    assert "429" in ops["post"]["responses"] and "201" in ops["post"]["responses"]
