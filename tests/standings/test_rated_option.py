"""The "rated" game option: a checkbox on the new-game form, a field of the API's create, shown
on the game page; unticked (the default) a game is not rated."""

import pytest

from games.models import Game

from .helpers import new_game

pytestmark = pytest.mark.django_db


def _form(**extra):
    data = {
        "title": "",
        "max_players": 3,
        "bots": 0,
        "turn_hours": 48,
        "miss_limit": 3,
        "on_missed": "bot",
        "visibility": "public",
        "is_open": "on",
        "opt_ruleset": "classic",
        "opt_trail_length": 20,
        "opt_classic_thief": "cancel",
    }
    data.update(extra)
    return data


def test_the_new_game_form_offers_rated_and_creates_a_rated_game(client, make_user):
    owner = make_user("Owner")
    client.force_login(owner)
    page = client.get("/games/new/oregon-trail-race/").content.decode()
    assert 'name="rated"' in page and "Rated: the result moves the players" in page
    client.post("/games/new/oregon-trail-race/", _form(rated="on"))
    game = Game.objects.get(owner=owner)
    assert game.rated is True
    detail = client.get(f"/games/{game.pk}/").content.decode()
    assert "Rated" in detail and "/standings/oregon-trail-race/classic/" in detail


def test_unticked_a_game_is_not_rated(client, make_user):
    owner = make_user()
    client.force_login(owner)
    client.post("/games/new/oregon-trail-race/", _form())
    game = Game.objects.get(owner=owner)
    assert game.rated is False
    assert "tp-rated" not in client.get(f"/games/{game.pk}/").content.decode()


def test_the_api_creates_rated_and_unrated_games(api_for, make_user):
    owner = make_user()
    api = api_for(owner)
    rated = api.post("/api/games/", {"rules": "ogallala", "rated": True}, format="json")
    assert rated.status_code == 201, rated.content
    assert Game.objects.get(pk=rated.json()["id"]).rated is True
    plain = api.post("/api/games/", {"rules": "ogallala"}, format="json")
    assert Game.objects.get(pk=plain.json()["id"]).rated is False
    bad = api.post("/api/games/", {"rules": "ogallala", "rated": "perhaps"}, format="json")
    assert bad.status_code == 400 and bad.json()["code"] == "VALIDATION_ERROR"
    assert Game.objects.filter(owner=owner).count() == 2


def test_anonymous_may_not_create_a_rated_game(client):
    response = client.post("/api/games/", {"rules": "ogallala", "rated": True}, content_type="application/json")
    assert response.status_code == 401
    assert not Game.objects.exists()


def test_the_game_page_of_a_rated_game_links_its_editions_leaderboard(client, make_user):
    users = [make_user() for _ in range(2)]
    game = new_game(users, rules="ogallala", options={"edition": "II"})
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert "/standings/ogallala/II/" in html
