"""Private games: only their players (seated, resigned or replaced), invitees and staff see them.

Everyone else gets exactly what a game id that does not exist gets (404, NOT_FOUND in the API), on
every page, API call and live fragment that takes a game id; public games stay open to watch.
"""

import pytest
from django.urls import reverse

from games import services
from games.models import Game
from tests.builders import lobby_game, start

pytestmark = pytest.mark.django_db

MISSING = 999_999

# (method, path) of every web page and API call that takes a game id; writes carry a well-formed body
# (BODIES), so that only the game's visibility decides the answer.
WEB = [
    ("get", "/games/{}/"),
    ("get", "/games/{}/live/"),
    ("get", "/games/{}/verify/"),
    ("post", "/games/{}/move/"),
    ("post", "/games/{}/start/"),
    ("post", "/games/{}/bots/"),
    ("post", "/games/{}/join/"),
    ("post", "/games/{}/leave/"),
    ("post", "/games/{}/resign/"),
    ("post", "/games/{}/invite/"),
    ("get", "/mail/games/{}/standing-orders/"),
    ("post", "/mail/games/{}/mute/"),
]
API = [
    ("get", "/api/games/{}/"),
    ("get", "/api/games/{}/actions/"),
    ("get", "/api/games/{}/board/"),
    ("get", "/api/games/{}/moves/"),
    ("post", "/api/games/{}/moves/"),
    ("get", "/api/games/{}/verify/"),
    ("post", "/api/games/{}/join/"),
    ("post", "/api/games/{}/leave/"),
    ("post", "/api/games/{}/bots/"),
    ("post", "/api/games/{}/invitations/"),
    ("post", "/api/games/{}/start/"),
    ("post", "/api/games/{}/resign/"),
    ("get", "/api/games/{}/standing-orders/"),
    ("put", "/api/games/{}/standing-orders/"),
]
# The ones a visible game answers with 200 for anyone who may see it.
READS = [
    ("get", "/games/{}/"),
    ("get", "/games/{}/live/"),
    ("get", "/api/games/{}/"),
    ("get", "/api/games/{}/moves/"),
    ("get", "/api/games/{}/board/"),
]


@pytest.fixture
def people(make_user):
    return {name: make_user(name) for name in ("ann", "bob", "rita", "fred", "carl", "sam")} | {
        "staff": make_user("mod", is_staff=True)
    }


def _played(people, *, visibility):
    """A game in play: ann (owner) and bob seated, rita resigned, fred replaced by a bot, carl invited."""
    ann = people["ann"]
    game = lobby_game(
        ann,
        *(people[name] for name in ("bob", "rita", "fred")),
        title=f"The {visibility} table",
        max_players=4,
        is_open=False,
        visibility=visibility,
    )
    services.game_invite(game=game, by=ann, email=people["carl"].email.upper())
    game = start(game)
    services.game_resign(game=Game.objects.get(pk=game.pk), user=people["rita"])
    game = Game.objects.get(pk=game.pk)
    services.seat_replace(game=game, seat=game.seats.get(user=people["fred"]), by=people["staff"], bot=True)
    return Game.objects.get(pk=game.pk)


@pytest.fixture
def private_game(people, toy_engine):
    return _played(people, visibility="private")


@pytest.fixture
def public_game(people, toy_engine):
    return _played(people, visibility="public")


def _client(user):
    from rest_framework.test import APIClient

    c = APIClient()
    if user is not None:
        c.force_login(user)
    return c


BODIES = {
    "/api/games/{}/moves/": {"action": {"type": "draw"}},
    "/api/games/{}/invitations/": {"email": "x@example.org"},
    "/api/games/{}/standing-orders/": {"orders": {}},
    "/games/{}/invite/": {"email": "x@example.org"},
    "/games/{}/move/": {"action": '{"type": "draw"}', "version": "0"},
    "/mail/games/{}/mute/": {"muted": "1"},
}


def _call(client, method, path, pk):
    body = BODIES.get(path) if method != "get" else None
    if path.startswith("/api/"):
        return getattr(client, method)(path.format(pk), body, format="json")
    return getattr(client, method)(path.format(pk), body or {})


@pytest.mark.parametrize("who", [None, "sam"], ids=["anonymous", "stranger"])
@pytest.mark.parametrize("method,path", WEB + API)
def test_outsiders_get_what_a_missing_game_gets(private_game, people, who, method, path):
    client = _client(people.get(who))
    version = private_game.version
    got = _call(client, method, path, private_game.pk)
    missing = _call(client, method, path, MISSING)
    assert got.status_code == missing.status_code
    assert got.status_code in (404, 401, 302)  # 401 / a login redirect: anonymous, for every id alike
    if got.status_code == 302:
        assert got["Location"].split("?")[0] == missing["Location"].split("?")[0] == reverse("account_login")
    if path.startswith("/api/") and got.status_code == 404:
        assert got.json()["code"] == missing.json()["code"] == "NOT_FOUND"
    assert private_game.title not in got.content.decode()
    assert Game.objects.get(pk=private_game.pk).version == version


@pytest.mark.parametrize("method,path", WEB + API)
def test_a_logged_in_stranger_gets_404_everywhere(private_game, people, method, path):
    resp = _call(_client(people["sam"]), method, path, private_game.pk)
    assert resp.status_code == 404
    if path.startswith("/api/"):
        assert resp.json()["code"] == "NOT_FOUND"


@pytest.mark.parametrize(
    "who",
    ["ann", "bob", "rita", "fred", "carl", "staff"],
    ids=["owner", "player", "resigned", "replaced", "invitee", "staff"],
)
@pytest.mark.parametrize("method,path", READS)
def test_players_invitees_and_staff_see_a_private_game(private_game, people, who, method, path):
    resp = _call(_client(people[who]), method, path, private_game.pk)
    assert resp.status_code == 200


@pytest.mark.parametrize("who", [None, "sam"], ids=["anonymous", "stranger"])
@pytest.mark.parametrize(
    "method,path", [("get", "/games/{}/"), ("get", "/games/{}/live/"), ("get", "/api/games/{}/verify/")]
)
def test_anyone_watches_a_public_game(public_game, people, who, method, path):
    resp = _call(_client(people.get(who)), method, path, public_game.pk)
    if path.endswith("/verify/"):
        assert resp.status_code == 409 and resp.json()["code"] == "GAME_NOT_FINISHED"  # seen, not yet over
    else:
        assert resp.status_code == 200 and f'hx-get="/games/{public_game.pk}/live/' in resp.content.decode()


@pytest.mark.parametrize("method,path", READS)
def test_a_stranger_reads_a_public_game_through_the_api(public_game, people, method, path):
    assert _call(_client(people["sam"]), method, path, public_game.pk).status_code == 200


def test_private_games_are_not_listed_for_outsiders(people, toy_engine):
    ann, sam = people["ann"], people["sam"]
    hidden = lobby_game(ann, title="Hidden table", visibility="private")
    shown = lobby_game(ann, title="Shown table")
    client = _client(sam)
    listed = {g["id"] for g in client.get("/api/games/open/").json()}
    assert shown.pk in listed and hidden.pk not in listed
    assert hidden.pk not in {g["id"] for g in client.get("/api/games/").json()}
    lobby = client.get("/").content.decode()
    assert "Shown table" in lobby and "Hidden table" not in lobby


def test_the_invite_link_still_lets_someone_see_and_join_a_private_game(people, toy_engine):
    ann, sam = people["ann"], people["sam"]
    game = lobby_game(ann, title="Link table", visibility="private", is_open=False)
    client = _client(sam)
    assert client.get(f"/games/{game.pk}/").status_code == 404
    link = reverse("games:join_link", args=[game.invite_code])
    page = client.get(link)
    assert page.status_code == 200 and "Link table" in page.content.decode()
    resp = client.post(link)
    assert resp.status_code == 302 and resp["Location"] == f"/games/{game.pk}/"
    assert client.get(f"/games/{game.pk}/").status_code == 200


def test_an_invitation_code_joins_a_private_game_through_the_api(people, api_for, toy_engine):
    ann, carl = people["ann"], people["carl"]
    game = lobby_game(ann, visibility="private", is_open=False)
    invitation = services.game_invite(game=game, by=ann, email="someone-else@example.org")
    resp = api_for(carl).post("/api/games/join/", {"code": invitation.code}, format="json")
    assert resp.status_code == 200 and resp.json()["visibility"] == "private"


def test_leaving_a_private_game_answers_the_one_who_left(people, api_for, toy_engine):
    ann, bob = people["ann"], people["bob"]
    game = lobby_game(ann, bob, visibility="private")
    client = api_for(bob)
    assert client.post(f"/api/games/{game.pk}/leave/").status_code == 200
    assert client.get(f"/api/games/{game.pk}/").status_code == 404


def test_the_creator_chooses_in_the_api(people, api_for, toy_engine):
    client = api_for(people["ann"])
    private = client.post("/api/games/", {"rules": "toy-shed", "visibility": "private"}, format="json")
    assert private.status_code == 201 and private.json()["visibility"] == "private"
    public = client.post("/api/games/", {"rules": "toy-shed"}, format="json")
    assert public.status_code == 201 and public.json()["visibility"] == "public"
    bad = client.post("/api/games/", {"rules": "toy-shed", "visibility": "secret"}, format="json")
    assert bad.status_code == 400 and bad.json()["code"] == "VALIDATION_ERROR"


def test_the_creator_chooses_in_the_web_form(people, toy_engine):
    client = _client(people["ann"])
    form = client.get("/games/new/toy-shed/").content.decode()
    assert 'name="visibility"' in form and "Who may watch" in form and "Open seats" in form
    resp = client.post(
        "/games/new/toy-shed/",
        {
            "max_players": 2,
            "bots": 0,
            "turn_hours": 48,
            "on_missed": "bot",
            "miss_limit": 3,
            "opt_hand_size": 3,
            "visibility": "private",
            "title": "Made private",
        },
    )
    assert resp.status_code == 302
    game = Game.objects.get(title="Made private")
    assert game.visibility == "private" and not game.is_open
