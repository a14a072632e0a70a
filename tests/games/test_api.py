"""The REST API: every endpoint, every error code, the {code, message, extra} shape."""

import pytest

from games.models import Game
from tests.builders import seat_to_act, start_game

pytestmark = pytest.mark.django_db


def _error(resp, status, code):
    assert resp.status_code == status, resp.content
    body = resp.json()
    assert set(body) == {"code", "message", "extra"}
    assert body["code"] == code and body["message"]
    return body


@pytest.fixture
def two(make_user, api_for):
    ann, bob = make_user("ann"), make_user("bob")
    return ann, api_for(ann), bob, api_for(bob)


@pytest.fixture
def game(two, toy_engine):
    ann, a, bob, b = two
    created = a.post("/api/games/", {"rules": "toy-shed", "max_players": 2, "options": {"hand_size": 2}}, format="json")
    assert created.status_code == 201, created.content
    gid = created.json()["id"]
    code = created.json()["invite_code"]
    assert b.post("/api/games/join/", {"code": code}, format="json").status_code == 200
    started = a.post(f"/api/games/{gid}/start/")
    assert started.status_code == 200
    return gid


def _acting(gid, two):
    ann, a, bob, b = two
    g = Game.objects.get(pk=gid)
    pos = g.engine.to_act(g.state)[0]
    seat = g.seats.get(position=pos)
    return (a, b) if seat.user == ann else (b, a)


def test_engines_are_listed_without_login(client):
    resp = client.get("/api/engines/")
    assert resp.status_code == 200
    slugs = [e["slug"] for e in resp.json()]
    assert {"oregon-trail-race", "ogallala"} <= set(slugs)


def test_unauthenticated_requests_get_401_with_a_code(client):
    _error(client.get("/api/games/"), 401, "NOT_AUTHENTICATED")


def test_bad_token_gets_401(client):
    resp = client.get("/api/games/", HTTP_AUTHORIZATION="Token nope")
    _error(resp, 401, "NOT_AUTHENTICATED")


def test_create_list_open_and_detail(two, toy_engine):
    ann, a, bob, b = two
    resp = a.post("/api/games/", {"rules": "toy-shed", "title": "Friday"}, format="json")
    assert resp.status_code == 201
    gid = resp.json()["id"]
    assert [g["id"] for g in a.get("/api/games/").json()] == [gid]
    assert gid in [g["id"] for g in b.get("/api/games/open/").json()]
    assert gid not in [g["id"] for g in a.get("/api/games/open/").json()]
    detail = b.get(f"/api/games/{gid}/").json()
    assert detail["title"] == "Friday" and detail["view"] is None and detail["my_seat"] is None
    assert detail["invite_code"] is None  # strangers don't get the invite link


def test_create_with_malformed_input_is_a_400(two, toy_engine):
    a = two[1]
    _error(a.post("/api/games/", {"rules": "no-such"}, format="json"), 400, "VALIDATION_ERROR")
    _error(
        a.post("/api/games/", {"rules": "toy-shed", "options": {"hand_size": 50}}, format="json"), 400, "BAD_OPTIONS"
    )
    _error(a.post("/api/games/", {"rules": "toy-shed", "options": "x"}, format="json"), 400, "VALIDATION_ERROR")
    _error(a.post("/api/games/", "{not json", content_type="application/json"), 400, "VALIDATION_ERROR")


def test_join_open_game_leave_and_bots(two, toy_engine):
    ann, a, bob, b = two
    gid = a.post("/api/games/", {"rules": "toy-shed", "max_players": 3}, format="json").json()["id"]
    assert b.post(f"/api/games/{gid}/join/").status_code == 200
    _error(b.post(f"/api/games/{gid}/join/"), 409, "ALREADY_JOINED")
    _error(b.post(f"/api/games/{gid}/bots/"), 403, "NOT_THE_OWNER")
    assert a.post(f"/api/games/{gid}/bots/").status_code == 200
    _error(a.post(f"/api/games/{gid}/bots/"), 409, "GAME_FULL")
    assert b.post(f"/api/games/{gid}/leave/").status_code == 200
    _error(b.post(f"/api/games/{gid}/leave/"), 403, "NOT_A_PLAYER")
    _error(a.post(f"/api/games/{gid}/leave/"), 403, "NOT_THE_OWNER")


def test_invalid_invite_code(two):
    _error(two[3].post("/api/games/join/", {"code": "bogus"}, format="json"), 404, "INVALID_INVITE")


def test_invitation_by_email(two, toy_engine):
    ann, a, bob, b = two
    gid = a.post("/api/games/", {"rules": "toy-shed", "is_open": False}, format="json").json()["id"]
    resp = a.post(f"/api/games/{gid}/invitations/", {"email": "carol@example.com"}, format="json")
    assert resp.status_code == 201
    _error(a.post(f"/api/games/{gid}/invitations/", {"email": "not-an-email"}, format="json"), 400, "VALIDATION_ERROR")
    _error(b.post(f"/api/games/{gid}/invitations/", {"email": "x@example.com"}, format="json"), 403, "NOT_A_PLAYER")
    assert b.post("/api/games/join/", {"code": resp.json()["code"]}, format="json").status_code == 200


def test_start_errors(two, toy_engine):
    ann, a, bob, b = two
    gid = a.post("/api/games/", {"rules": "toy-shed"}, format="json").json()["id"]
    _error(a.post(f"/api/games/{gid}/start/"), 409, "NOT_ENOUGH_PLAYERS")
    b.post(f"/api/games/{gid}/join/")
    _error(b.post(f"/api/games/{gid}/start/"), 403, "NOT_THE_OWNER")
    assert a.post(f"/api/games/{gid}/start/").status_code == 200
    _error(a.post(f"/api/games/{gid}/start/"), 409, "GAME_NOT_IN_LOBBY")
    _error(b.post(f"/api/games/{gid}/leave/"), 409, "GAME_NOT_IN_LOBBY")


def test_actions_and_move_submission(game, two):
    mover, other = _acting(game, two)
    actions = mover.get(f"/api/games/{game}/actions/").json()
    assert actions["actions"] and actions["actions"][0]["index"] == 1
    assert other.get(f"/api/games/{game}/actions/").json()["actions"] == []
    action = actions["actions"][0]["action"]
    resp = mover.post(
        f"/api/games/{game}/moves/",
        {"action": action, "expected_version": actions["version"]},
        format="json",
        HTTP_IDEMPOTENCY_KEY="abc",
    )
    assert resp.status_code == 201 and resp.json()["applied"] is True
    again = mover.post(
        f"/api/games/{game}/moves/",
        {"action": action, "expected_version": actions["version"]},
        format="json",
        HTTP_IDEMPOTENCY_KEY="abc",
    )
    assert again.status_code == 200 and again.json()["applied"] is False
    assert again.json()["move"]["seq"] == resp.json()["move"]["seq"]


def test_move_error_codes(game, two, make_user, api_for):
    mover, other = _acting(game, two)
    version = mover.get(f"/api/games/{game}/actions/").json()["version"]
    _error(other.post(f"/api/games/{game}/moves/", {"action": {"type": "draw"}}, format="json"), 409, "NOT_YOUR_TURN")
    _error(
        mover.post(f"/api/games/{game}/moves/", {"action": {"type": "play", "card": "zz"}}, format="json"),
        422,
        "ILLEGAL_ACTION",
    )
    _error(
        mover.post(
            f"/api/games/{game}/moves/", {"action": {"type": "draw"}, "expected_version": version + 5}, format="json"
        ),
        409,
        "STALE_VERSION",
    )
    _error(mover.post(f"/api/games/{game}/moves/", {"action": "draw"}, format="json"), 400, "VALIDATION_ERROR")
    _error(
        mover.post(f"/api/games/{game}/moves/", {"action": {"type": "draw"}, "expected_version": "x"}, format="json"),
        400,
        "VALIDATION_ERROR",
    )
    _error(mover.post(f"/api/games/{game}/moves/", {}, format="json"), 400, "VALIDATION_ERROR")
    stranger = api_for(make_user("eve"))
    _error(stranger.post(f"/api/games/{game}/moves/", {"action": {"type": "draw"}}, format="json"), 403, "NOT_A_PLAYER")
    _error(stranger.get(f"/api/games/{game}/actions/"), 403, "NOT_A_PLAYER")
    _error(mover.get("/api/games/999999/"), 404, "NOT_FOUND")
    _error(mover.get(f"/api/games/{game}/moves/?after=x"), 400, "VALIDATION_ERROR")


def test_a_key_is_the_callers_own(game, two):
    """#30: the other player's move with a key the first one used, and the same body, is a move of
    its own (201; it was refused as IDEMPOTENCY_KEY_REUSED); the first player's key still repeats
    their first answer, and refuses another move of theirs."""
    mover, other = _acting(game, two)
    draw = {"action": {"type": "draw"}}

    def post(client, body):
        return client.post(f"/api/games/{game}/moves/", body, format="json", HTTP_IDEMPOTENCY_KEY="same")

    first = post(mover, draw)
    assert first.status_code == 201, first.content
    theirs = post(other, draw)
    assert theirs.status_code == 201, theirs.content
    assert theirs.json()["applied"] is True and theirs.json()["move"]["seq"] == first.json()["move"]["seq"] + 1
    again = post(mover, draw)
    assert again.status_code == 200 and again.json()["applied"] is False
    assert again.json()["move"]["seq"] == first.json()["move"]["seq"]
    card = mover.get(f"/api/games/{game}/actions/").json()["actions"][0]["action"]
    _error(post(mover, {"action": card}), 422, "IDEMPOTENCY_KEY_REUSED")
    assert Game.objects.get(pk=game).version == theirs.json()["version"]


def test_paused_game_refuses_moves(game, two, make_user):
    from games import services

    services.game_pause(game=Game.objects.get(pk=game), by=make_user(is_staff=True))
    mover, _ = _acting(game, two)
    _error(mover.post(f"/api/games/{game}/moves/", {"action": {"type": "draw"}}, format="json"), 409, "GAME_NOT_ACTIVE")


def test_log_is_redacted_for_the_caller(game, two):
    mover, other = _acting(game, two)
    resp = mover.post(f"/api/games/{game}/moves/", {"action": {"type": "draw"}}, format="json")
    assert resp.status_code == 201
    mine = mover.get(f"/api/games/{game}/moves/").json()[-1]
    theirs = other.get(f"/api/games/{game}/moves/").json()[-1]
    assert "You drew" in mine["events"][0]["private"]["text"]
    assert "private" not in theirs["events"][0]
    assert mover.get(f"/api/games/{game}/moves/?after={mine['seq']}").json() == []


def test_detail_shows_only_the_callers_hand(game, two):
    ann, a, bob, b = two
    da, db = a.get(f"/api/games/{game}/").json(), b.get(f"/api/games/{game}/").json()
    g = Game.objects.get(pk=game)
    hand_a = g.state["hands"][da["my_seat"]]
    hand_b = g.state["hands"][db["my_seat"]]
    assert da["view"]["my_hand"] == sorted(hand_a) and db["view"]["my_hand"] == sorted(hand_b)
    from tests.helpers import json_strings

    assert not json_strings(da).intersection(hand_b)
    assert da["seed"] is None and g.seed not in str(da)


def test_resign_and_verify(game, two, client):
    ann, a, bob, b = two
    _error(client.get(f"/api/games/{game}/verify/"), 409, "GAME_NOT_FINISHED")
    assert b.post(f"/api/games/{game}/resign/").status_code == 200
    _error(b.post(f"/api/games/{game}/resign/"), 409, "GAME_NOT_ACTIVE")
    detail = a.get(f"/api/games/{game}/").json()
    assert detail["status"] == "finished" and detail["seed"]
    report = client.get(f"/api/games/{game}/verify/").json()
    assert report["reproduces_snapshot"] is True and report["seed_matches_hash"] is True


def test_tokens_create_list_revoke(make_user, api_for):
    user = make_user()
    c = api_for(user)
    created = c.post("/api/tokens/", {"name": "script"}, format="json")
    assert created.status_code == 201 and len(created.json()["key"]) == 40
    listing = c.get("/api/tokens/").json()
    assert {t["name"] for t in listing} >= {"script"} and all("key" not in t for t in listing)
    assert c.delete(f"/api/tokens/{created.json()['id']}/").status_code == 204
    _error(c.delete(f"/api/tokens/{created.json()['id']}/"), 404, "NOT_FOUND")
    from rest_framework.test import APIClient

    revoked = APIClient()
    revoked.credentials(HTTP_AUTHORIZATION=f"Token {created.json()['key']}")
    _error(revoked.get("/api/games/"), 401, "NOT_AUTHENTICATED")


def test_openapi_schema_and_docs(client):
    schema = client.get("/api/schema/")
    assert schema.status_code == 200 and b"/api/games/{id}/moves/" in schema.content
    assert client.get("/api/docs/").status_code == 200


def test_a_game_without_a_board_says_so_and_the_board_needs_a_game(game, two):
    ann, a, bob, b = two
    resp = a.get(f"/api/games/{game}/board/")
    assert resp.status_code == 200 and resp.json() == {"board": None, "key": None}
    _error(a.get("/api/games/999999/board/"), 404, "NOT_FOUND")


def test_a_number_sent_as_a_float_or_a_boolean_is_an_illegal_move_and_changes_nothing(two):
    """JSON's 1.0 and true are not the stack number 1: the move is refused with its code and a
    sentence (it was once taken for 1, or reached the engine as a float index: a server error)."""
    ann, a, bob, b = two
    game = start_game(ann, bob, rules="ogallala", options={"edition": "I"})
    seat = seat_to_act(game)
    client = a if seat.user == ann else b
    assert {"type": "draw", "stack": 1} in game.engine.legal_actions(game.state, seat.position)
    for stack in (1.0, True):
        resp = client.post(
            f"/api/games/{game.pk}/moves/",
            {"action": {"type": "draw", "stack": stack}, "expected_version": game.version},
            format="json",
        )
        _error(resp, 422, "ILLEGAL_ACTION")
        again = Game.objects.get(pk=game.pk)
        assert again.version == game.version and again.state == game.state
