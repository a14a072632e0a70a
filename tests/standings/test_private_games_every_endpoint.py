"""#30 item 4, what was left: a private rated game between two public ones. The attack: the public
rating history (API, player page, picture) gave the rating after each listed game, so the rating
jumped between the two public games by what the private one did: a game happened between those
dates, and how it went. Now a reader who may not see every one of a player's rated games at a key
gets the listed games without a rating each, no rating curve, the rating as it is now and an
undated "N private games" line (standings.selectors says why).

Then every standings page, picture and API answer, for each reader: anonymous, a stranger, a
player of the private game, staff: who gets what, and that nothing dates or links the private game
for those who may not see it.
"""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core.cache import cache
from django.test import Client

from standings.models import RatingChange

from .helpers import new_game, resign

pytestmark = pytest.mark.django_db
KEY = "oregon-trail-race:revised"
VIEWERS = ["anonymous", "stranger", "member", "staff"]
MAY_SEE = {"anonymous": False, "stranger": False, "member": True, "staff": True}
DAY1 = datetime(2030, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def world(make_user):
    """Ann and Ben: a public rated game on 1 March (Ann wins), a private one on 3 March (Ben wins),
    a public one on 5 March (Ann wins). Cat played with nobody; Sam is staff."""
    ann, ben = make_user("Ann"), make_user("Ben")
    games = {}
    for name, day, loser, visibility in (
        ("public1", 0, ben, "public"),
        ("private", 2, ann, "private"),
        ("public2", 4, ben, "public"),
    ):
        with time_machine.travel(DAY1 + timedelta(days=day), tick=False):
            games[name] = resign(new_game([ann, ben], visibility=visibility), loser)
    clients = {"anonymous": Client()}
    for name, user in (("stranger", make_user("Cat")), ("member", ben), ("staff", make_user("Sam", is_staff=True))):
        clients[name] = Client()
        clients[name].force_login(user)
    after = {c.game_id: c for c in RatingChange.objects.filter(user=ann)}
    return {"ann": ann, "games": games, "clients": clients, "ann_after": after}


def test_the_attack_the_rating_between_two_public_games_tells_of_the_private_one(world):
    public1, private, public2 = (world["games"][n] for n in ("public1", "private", "public2"))
    changes = world["ann_after"]
    # What the old answer gave away: Ann's rating before the second public game is not the one after the first.
    assert changes[public2.pk].mu_before != changes[public1.pk].mu_after
    for viewer in ("anonymous", "stranger"):
        (rating,) = world["clients"][viewer].get("/api/users/ann/ratings/").json()["ratings"]
        assert [h["game"] for h in rating["history"]] == [public1.pk, public2.pk]
        assert {(h["rating"], h["mu"], h["sigma"]) for h in rating["history"]} == {(None, None, None)}
        assert rating["private_games"] == 1 and rating["games"] == 3
        assert rating["rating"] == round(changes[public2.pk].ordinal_after, 3)  # the rating now
    for viewer in ("member", "staff"):
        (rating,) = world["clients"][viewer].get("/api/users/ann/ratings/").json()["ratings"]
        assert [h["game"] for h in rating["history"]] == [public1.pk, private.pk, public2.pk]
        assert [h["rating"] for h in rating["history"]] == [
            round(changes[g.pk].ordinal_after, 3) for g in (public1, private, public2)
        ]
        assert rating["private_games"] == 0


@pytest.mark.parametrize("viewer", VIEWERS)
def test_the_player_page_and_its_picture_show_ratings_after_each_game_only_with_every_game(world, viewer):
    client = world["clients"][viewer]
    html = client.get("/players/ann/").content.decode()
    svg = client.get("/players/ann/rating/oregon-trail-race/revised.svg").content.decode()
    first_after = f"{world['ann_after'][world['games']['public1'].pk].ordinal_after:.1f}"
    if MAY_SEE[viewer]:
        assert "Rating after" in html and f"<td>{first_after}</td>" in html
        assert "Not drawn" not in svg and "Rating (cautious" in svg
    else:
        assert "Rating after" not in html and f"<td>{first_after}</td>" not in html
        assert "as private games count in it" in html and "And 1 private game, not listed" in html
        assert "Not drawn: private games count in it" in svg


EVERYONE = dict.fromkeys(VIEWERS, 200)
SIGNED_IN = {"anonymous": 404, "stranger": 200, "member": 200, "staff": 200}
# Every standings page, picture and API call, and its status for each reader.
STATUS = {
    "/standings/": EVERYONE,
    "/standings/oregon-trail-race/": EVERYONE,
    "/standings/oregon-trail-race/revised/": EVERYONE,
    "/stats/oregon-trail-race/": EVERYONE,
    "/stats/oregon-trail-race/revised/": EVERYONE,
    "/stats/oregon-trail-race/revised/win-share.svg": EVERYONE,
    "/stats/oregon-trail-race/revised/lengths.svg": EVERYONE,
    "/players/ann/": EVERYONE,
    "/players/ann/results.svg": EVERYONE,
    "/players/ann/rating/oregon-trail-race/revised.svg": EVERYONE,
    "/players/me/results.svg": SIGNED_IN,
    # the reader's own rating: only Ben, of these readers, has one
    "/players/me/rating/oregon-trail-race/revised.svg": {**SIGNED_IN, "stranger": 404, "staff": 404},
    "/api/standings/oregon-trail-race/": EVERYONE,
    "/api/standings/oregon-trail-race/?edition=revised": EVERYONE,
    "/api/users/ann/ratings/": EVERYONE,
    "/api/users/me/ratings/": {**SIGNED_IN, "anonymous": 401},
    "/api/stats/oregon-trail-race/": EVERYONE,
    "/accounts/profile/": {**SIGNED_IN, "anonymous": 302},  # the reader's own standings section
}


@pytest.mark.parametrize("viewer", VIEWERS)
@pytest.mark.parametrize("url", STATUS)
def test_every_standings_endpoint_keeps_the_private_game_to_who_may_see_it(world, viewer, url):
    response = world["clients"][viewer].get(url)
    assert response.status_code == STATUS[url][viewer]
    body = response.content.decode()
    private = world["games"]["private"]
    if not MAY_SEE[viewer]:
        assert f"/games/{private.pk}/" not in body
        assert f'"game":{private.pk},' not in body.replace(" ", "")
        for day in ("2030-03-03", "3 Mar", "03/03"):  # its day, in any form (the public ones are the 1st and 5th)
            assert day not in body
    if url.startswith("/api/stats/"):
        assert response.json()["games"] == 2  # the public games only
