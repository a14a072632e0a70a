"""The statistics' running totals equal a recount of the public games' records; the pages, pictures
and API show them; who may read what (public reads, private games never listed); refused input."""

import pytest
from django.core.cache import cache

from standings import keys
from standings.models import GameRecord, Rating, StatsAggregate
from standings.recorder import length_bin
from tests.builders import play_out

from .helpers import new_game, resign

pytestmark = pytest.mark.django_db
KEY = "oregon-trail-race:revised"


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


def _recount(key: str) -> dict:
    by_players, lengths, figs, games, total = {}, {}, {}, 0, 0
    for r in GameRecord.objects.filter(key=key, private=False):
        entry = by_players.setdefault(str(r.players), {"games": 0, "wins": [0] * r.players})
        entry["games"] += 1
        for p in r.winner_positions:
            entry["wins"][p] += 1
        b = length_bin(r.rules, r.length)
        lengths[b] = lengths.get(b, 0) + 1
        for name, counts in r.figures.items():
            for label, v in counts.items():
                figs.setdefault(name, {})[label] = figs.setdefault(name, {}).get(label, 0) + v
        games += 1
        total += r.length
    return {"by_players": by_players, "lengths": lengths, "figures": figs, "games": games, "total_length": total}


@pytest.fixture
def played(make_user):
    """Three finished Oregon Trail Race games (one played out, two won by resignations), one private."""
    ann, ben, cat = make_user("Ann"), make_user("Ben"), make_user("Cat")
    g1 = play_out(new_game([ann, ben, cat], options={"trail_length": 10}), seed="a")
    g2 = resign(new_game([ben, cat], visibility="private"), cat)
    g3 = resign(new_game([cat, ann, ben], rated=False), ann, ben)
    return {"users": (ann, ben, cat), "games": (g1, g2, g3)}


def test_aggregates_equal_a_recount_of_the_records(played):
    agg = StatsAggregate.objects.get(key=KEY)
    recount = _recount(KEY)
    assert agg.games == recount["games"] == 2  # the private game is not counted
    assert agg.version == 2
    assert GameRecord.objects.filter(key=KEY).count() == 3
    assert agg.total_length == recount["total_length"]
    assert agg.by_players == recount["by_players"]
    assert agg.lengths == recount["lengths"]
    assert agg.figures == recount["figures"]
    assert sum(agg.figures["calamities"].values()) > 0


def test_the_stats_page_shows_the_numbers_and_its_pictures_load(client, played):
    page = client.get("/stats/oregon-trail-race/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "2 finished games" in html
    for name in ("win-share", "lengths", "calamities", "deaths"):
        assert f"/stats/oregon-trail-race/revised/{name}.svg" in html
        svg = client.get(f"/stats/oregon-trail-race/revised/{name}.svg")
        assert svg.status_code == 200
        assert svg["Content-Type"].startswith("image/svg+xml")
        assert svg.content.lstrip().startswith(b"<?xml")
        assert b"<script" not in svg.content  # pygal's JavaScript is left out
    top = max(StatsAggregate.objects.get(key=KEY).figures["calamities"].items(), key=lambda kv: kv[1])
    assert f'<th scope="row">{top[0]}</th><td>{top[1]}</td>' in html
    assert client.get("/stats/oregon-trail-race/revised/nothing.svg").status_code == 404


def test_a_picture_is_drawn_again_once_another_game_finishes(client, played, make_user):
    first = client.get("/stats/oregon-trail-race/revised/lengths.svg").content
    assert client.get("/stats/oregon-trail-race/revised/lengths.svg").content == first  # cached
    users = [make_user() for _ in range(2)]
    resign(new_game(users), users[0])
    assert StatsAggregate.objects.get(key=KEY).version == 3
    assert client.get("/stats/oregon-trail-race/revised/lengths.svg").content != first


def test_the_stats_api_gives_the_same_numbers(client, played):
    data = client.get("/api/stats/oregon-trail-race/").json()
    agg = StatsAggregate.objects.get(key=KEY)
    assert data["key"] == KEY and data["games"] == 2
    assert {f["name"] for f in data["figures"]} == {"calamities", "deaths"}
    calamities = next(f for f in data["figures"] if f["name"] == "calamities")["values"]
    assert calamities == {k: float(v) for k, v in agg.figures["calamities"].items()}
    assert sum(b["games"] for b in data["lengths"]) == 2
    three = next(s for s in data["win_share"] if s["players"] == 3)
    assert three["games"] == 2 and sum(three["wins"]) >= 1
    assert not any(s["players"] == 2 for s in data["win_share"])  # the one 2-player game is private
    other = client.get("/api/stats/oregon-trail-race/?edition=classic").json()
    assert other["key"] == "oregon-trail-race:classic" and other["games"] == 0


def test_leaderboard_page_and_api(client, played):
    ann, ben, cat = played["users"]
    client.force_login(ben)
    page = client.get("/standings/oregon-trail-race/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Bots are not rated" in html
    assert 'class="tp-me"' in html and "Your place" in html
    for user in (ann, ben, cat):
        assert user.public_name in html
    data = client.get("/api/standings/oregon-trail-race/").json()
    assert data["total"] == Rating.objects.filter(key=KEY).count() == 3
    ratings = [r["rating"] for r in data["results"]]
    assert ratings == sorted(ratings, reverse=True)
    assert data["me"]["user"]["id"] == ben.pk
    assert [r["rank"] for r in data["results"]] == [1, 2, 3]


def test_profile_shows_rating_over_time_and_results(client, played):
    ann = played["users"][0]
    client.force_login(ann)
    html = client.get("/accounts/profile/").content.decode()
    assert "Your ratings" in html
    for url in ("/players/me/rating/oregon-trail-race/revised.svg", "/players/me/results.svg"):
        assert url in html
        svg = client.get(url)
        assert svg.status_code == 200 and svg["Content-Type"].startswith("image/svg+xml")


@pytest.mark.parametrize(
    "url",
    [
        "/standings/no-such-game/",
        "/stats/no-such-game/",
        "/stats/ogallala/III/",
        "/standings/ogallala/III/",
        "/stats/no-such-game/-/lengths.svg",
        "/players/999999999/",
        "/players/99999999999999999999/",
        "/players/999999999/results.svg",
        "/players/nobody/",
        "/players/me/results.svg",
    ],
)
def test_unknown_games_and_players_are_404(client, url):
    assert client.get(url).status_code == 404


@pytest.mark.parametrize(
    ("url", "status", "code"),
    [
        ("/api/standings/no-such-game/", 404, "NOT_FOUND"),
        ("/api/stats/no-such-game/", 404, "NOT_FOUND"),
        ("/api/stats/ogallala/?edition=III", 404, "NOT_FOUND"),
        ("/api/standings/ogallala/?page=0", 400, "VALIDATION_ERROR"),
        ("/api/standings/ogallala/?page=abc", 400, "VALIDATION_ERROR"),
        ("/api/standings/ogallala/?page=99999999999999999999", 400, "VALIDATION_ERROR"),
        ("/api/users/99999999999999999999/ratings/", 404, "NOT_FOUND"),
        ("/api/users/nobody/ratings/", 404, "NOT_FOUND"),
        ("/api/users/999999/ratings/", 404, "NOT_FOUND"),
        ("/api/users/me/ratings/", 401, "NOT_AUTHENTICATED"),
    ],
)
def test_refused_api_requests_say_why(client, url, status, code):
    response = client.get(url)
    assert response.status_code == status
    assert response.json()["code"] == code
    assert response.json()["message"]


@pytest.mark.parametrize("page", ["0", "-1", "x", "1.5", "9999999"])
def test_a_bad_page_is_a_clear_error(client, page):
    response = client.get(f"/standings/ogallala/?page={page}")
    assert response.status_code == 400
    assert "The page must be a whole number from 1 to 100,000." in response.content.decode()


def test_a_page_past_the_last_says_so(client):
    response = client.get("/standings/ogallala/?page=3")
    assert response.status_code == 200
    assert "There are only 1 page" in response.content.decode()


def test_writes_are_refused(client, make_user):
    client.force_login(make_user())
    assert client.post("/standings/ogallala/").status_code == 405
    assert client.post("/api/stats/ogallala/", {}).status_code in (403, 405)


def test_the_index_lists_every_key(client):
    html = client.get("/standings/").content.decode()
    for key in keys.all_keys():
        assert key.leaderboard_url() in html and key.stats_url() in html
