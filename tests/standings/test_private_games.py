"""#30 item 4: nothing about a private rated game reaches a reader who may not see it, on every
standings page, picture and API answer; its players and staff see it.

Ann and Ben played a public rated game (so both have a player page), then a private one that Ben
resigned. The attack: an anonymous GET /api/users/<player>/ratings/ of both showed the private
game's entries (game null) with its timestamp, player count and places.
"""

import re

import pytest
from django.core.cache import cache
from django.test import Client

from standings.models import RatingChange, StatsAggregate

from .helpers import new_game, resign

pytestmark = pytest.mark.django_db
KEY = "oregon-trail-race:revised"
VIEWERS = ["anonymous", "outsider", "player", "staff"]
MAY_SEE = {"anonymous": False, "outsider": False, "player": True, "staff": True}


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def world(make_user):
    ann, ben, cat = make_user("Ann"), make_user("Ben"), make_user("Cat")
    public = resign(new_game([ann, ben]), ann)
    private = resign(new_game([ann, ben], visibility="private"), ben)
    changes = RatingChange.objects.filter(game=private)
    assert changes.count() == 2  # the private game was rated
    clients = {"anonymous": Client()}
    for name, user in (("outsider", cat), ("player", ben), ("staff", make_user("Sam", is_staff=True))):
        clients[name] = Client()
        clients[name].force_login(user)
    return {"ann": ann, "ben": ben, "public": public, "private": private, "at": changes[0].at, "clients": clients}


def _drawn(client, url) -> bytes:
    """A picture without pygal's random chart id (what was drawn, not when)."""
    return re.sub(rb"chart-[0-9a-f-]{36}", b"chart", client.get(url).content)


def _history(data: dict) -> list[dict]:
    return [h for r in data["ratings"] for h in r["history"]]


@pytest.mark.parametrize("viewer", VIEWERS)
@pytest.mark.parametrize("who", ["ann", "ben"])
def test_the_ratings_api_lists_a_private_game_only_to_who_may_see_it(world, viewer, who):
    data = world["clients"][viewer].get(f"/api/users/{who}/ratings/").json()
    history = _history(data)
    private_at = world["at"].isoformat().replace("+00:00", "Z")
    listed = [h for h in history if h["game"] == world["private"].pk or h["at"] == private_at]
    assert None not in [h["game"] for h in history]
    if MAY_SEE[viewer]:
        assert len(listed) == 1 and data["ratings"][0]["private_games"] == 0
    else:
        assert listed == [] and [h["game"] for h in history] == [world["public"].pk]
        assert data["ratings"][0]["private_games"] == 1
    assert data["ratings"][0]["games"] == 2  # the rating counts both


@pytest.mark.parametrize("viewer", VIEWERS)
def test_the_player_page_lists_a_private_game_only_to_who_may_see_it(world, viewer):
    html = world["clients"][viewer].get("/players/ann/").content.decode()
    link = f"/games/{world['private'].pk}/"
    if MAY_SEE[viewer]:
        assert link in html and "private game" not in html
    else:
        assert link not in html and "A private game" not in html  # no dated row of its own
        assert "And 1 private game, not listed" in html
        assert html.count("<td>1 of 2</td>") + html.count("<td>2 of 2</td>") == 1  # the public game only


@pytest.mark.parametrize("viewer", VIEWERS)
def test_the_pictures_show_a_private_game_only_to_who_may_see_it(world, viewer):
    """The pictures are cached: staff draw them first, then the viewer asks (a picture drawn for
    one reader must not be served to another)."""
    urls = ["/players/ann/rating/oregon-trail-race/revised.svg", "/players/ann/results.svg"]
    for url in urls:
        assert world["clients"]["staff"].get(url).status_code == 200
    seen = [_drawn(world["clients"][viewer], url) for url in urls]
    cache.clear()
    fresh_anonymous = [_drawn(Client(), url) for url in urls]
    cache.clear()
    fresh_staff = [_drawn(world["clients"]["staff"], url) for url in urls]
    assert fresh_anonymous != fresh_staff  # the private game changes both pictures
    assert seen == (fresh_staff if MAY_SEE[viewer] else fresh_anonymous)


@pytest.mark.parametrize("viewer", VIEWERS)
@pytest.mark.parametrize(
    "url",
    [
        "/standings/",
        "/standings/oregon-trail-race/",
        "/standings/oregon-trail-race/revised/",
        "/api/standings/oregon-trail-race/",
        "/stats/oregon-trail-race/",
        "/stats/oregon-trail-race/revised/",
        "/api/stats/oregon-trail-race/",
    ],
)
def test_leaderboards_and_statistics_name_no_private_game(world, viewer, url):
    response = world["clients"][viewer].get(url)
    assert response.status_code == 200
    body = response.content.decode()
    assert f"/games/{world['private'].pk}/" not in body
    assert world["at"].isoformat()[:19] not in body
    if url.startswith("/api/stats/"):
        assert response.json()["games"] == 1  # the public game only
    if url.startswith("/stats/") or url == "/standings/":
        assert "2 finished games" not in body


@pytest.mark.parametrize("viewer", VIEWERS)
def test_the_statistics_pictures_count_public_games_only(world, viewer):
    agg = StatsAggregate.objects.get(key=KEY)
    assert agg.games == 1 and agg.by_players["2"]["games"] == 1
    for name in ("win-share", "lengths", "calamities", "deaths"):
        assert world["clients"][viewer].get(f"/stats/oregon-trail-race/revised/{name}.svg").status_code == 200


def test_my_own_ratings_list_every_game_i_played(world):
    me = world["clients"]["player"]
    data = me.get("/api/users/me/ratings/").json()
    assert {h["game"] for h in _history(data)} == {world["public"].pk, world["private"].pk}
    assert f"/games/{world['private'].pk}/" in me.get("/accounts/profile/").content.decode()
    for url in ("/players/me/results.svg", "/players/me/rating/oregon-trail-race/revised.svg"):
        response = me.get(url)
        assert response.status_code == 200 and "private" in response["Cache-Control"]
