"""#30 item 5: a player page exists only for a player (of a public game, or who chose to be
listed), at the slug of their display name; for anyone else, and at an old /players/<id>/ address,
the same 404 as for a name nobody has. The attack: /players/1/ ... /players/N/ answered 200 for
every account, never-verified sign-ups too, named by their email address's local part."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.models import User

from .helpers import new_game, resign

pytestmark = pytest.mark.django_db


def _page(client, url):
    """A page's status and body without the per-request CSRF token."""
    response = client.get(url)
    body = re.sub(r'(X-CSRFToken": "|name="csrfmiddlewaretoken" value=")[^"]+', r"\1", response.content.decode())
    return response.status_code, body


@pytest.fixture
def players(make_user):
    ann = make_user("Ann")
    User.objects.filter(pk=ann.pk).update(email="ann.secret-local@example.com")
    ben = make_user("Ben")
    loner = make_user("Lone Wolf")  # played only a private game
    resign(new_game([ann, ben]), ann)
    resign(new_game([loner, ben], visibility="private"), loner)
    return {"ann": ann, "ben": ben, "loner": loner}


def test_the_attack_counting_accounts_by_id_finds_no_page(client, players, make_user):
    unverified = get_user_model().objects.create_user(
        username="newcomer", email="first.last@example.com", password="pw-Trailpost-1"
    )
    missing = _page(client, "/players/nobody-at-all/")
    assert missing[0] == 404
    for user in get_user_model().objects.all():
        assert _page(client, f"/players/{user.pk}/") == missing
        assert client.get(f"/players/{user.pk}/results.svg").status_code == 404
    assert unverified.slug is None  # no display name: no address at all
    assert _page(client, "/players/first-last/") == _page(client, "/players/newcomer/") == missing


@pytest.mark.parametrize("viewer", ["anonymous", "outsider", "the player", "staff"])
def test_a_player_of_a_public_game_has_a_page_by_name_and_others_the_same_404(players, make_user, viewer):
    client = Client()
    if viewer != "anonymous":
        who = {"outsider": make_user("Cat"), "the player": players["loner"], "staff": make_user("Sam", is_staff=True)}
        client.force_login(who[viewer])
    status, html = _page(client, "/players/ann/")
    assert status == 200 and "<h1>Ann</h1>" in html
    assert "secret-local" not in html and "@example.com" not in html
    assert players["loner"].slug == "lone-wolf"
    assert _page(client, "/players/lone-wolf/") == _page(client, "/players/no-such-player/")
    for url in ("/players/lone-wolf/results.svg", "/players/lone-wolf/rating/oregon-trail-race/revised.svg"):
        assert client.get(url).status_code == 404
    api = client.get("/api/users/lone-wolf/ratings/")
    assert api.status_code == 404 and api.json() == client.get("/api/users/no-such-player/ratings/").json()
    assert client.get(f"/api/users/{players['ann'].pk}/ratings/").status_code == 404  # ids name nobody
    assert client.get("/api/users/ann/ratings/").json()["user"] == {
        "id": players["ann"].pk,
        "name": "Ann",
        "slug": "ann",
    }


def test_the_leaderboard_links_players_by_their_page_and_only_those_with_one(client, players):
    html = client.get("/standings/oregon-trail-race/").content.decode()
    assert 'href="/players/ann/"' in html and 'href="/players/ben/"' in html
    assert "Lone Wolf" in html and "/players/lone-wolf/" not in html  # rated, but no page
    assert not re.search(r'href="/players/\d+/"', html)
    rows = client.get("/api/standings/oregon-trail-race/").json()["results"]
    assert {r["user"]["name"]: r["user"]["slug"] for r in rows} == {"Ann": "ann", "Ben": "ben", "Lone Wolf": None}


def test_choosing_to_be_listed_on_the_profile_gives_a_page(client, players):
    loner = players["loner"]
    client.force_login(loner)
    assert client.get("/players/lone-wolf/").status_code == 404
    response = client.post("/accounts/profile/", {"display_name": "Lone Wolf", "time_zone": "UTC", "listed": "on"})
    assert response.status_code == 302
    assert Client().get("/players/lone-wolf/").status_code == 200
    client.post("/accounts/profile/", {"display_name": "Lone Wolf", "time_zone": "UTC"})
    assert Client().get("/players/lone-wolf/").status_code == 404


def test_slugs_follow_the_name_and_never_collide(make_user):
    first, second, third = make_user("Ann Lee"), make_user("ann lee"), make_user("ANN  LEE!")
    assert [first.slug, second.slug, third.slug] == ["ann-lee", "ann-lee-2", "ann-lee-3"]
    second.display_name = "Ann  Lee"  # the same slug's name: the address stays
    second.save(update_fields=["display_name"])
    assert User.objects.get(pk=second.pk).slug == "ann-lee-2"
    first.display_name = "Annabel"
    first.save(update_fields=["display_name"])
    assert User.objects.get(pk=first.pk).slug == "annabel"
    assert make_user("Ann Lee").slug == "ann-lee"  # free again
    assert make_user("Me").slug == "me-2"  # "me" is the reader's own address
    assert make_user("Zoë Ørsted").slug == "zoë-ørsted"
    assert make_user("!!!").slug is None  # no letter or digit: no page


def test_a_renamed_players_old_address_is_gone(client, players):
    ann = players["ann"]
    ann.display_name = "Annie"
    ann.save()
    assert client.get("/players/ann/").status_code == 404
    assert client.get("/players/annie/").status_code == 200


def test_the_migration_gives_existing_players_their_slug_in_id_order(make_user):
    from importlib import import_module

    from django.apps import apps

    users = [make_user("Ann"), make_user("Ann"), make_user("Ben")]
    User.objects.update(slug=None)
    import_module("accounts.migrations.0006_user_slug_listed").fill_slugs(apps, None)
    assert [User.objects.get(pk=u.pk).slug for u in users] == ["ann", "ann-2", "ben"]


def test_the_profile_says_where_my_page_is(client, players):
    client.force_login(players["ann"])
    assert 'href="/players/ann/">your player page</a>' in client.get("/accounts/profile/").content.decode()
    client.force_login(players["loner"])
    assert "You have no public player page yet" in client.get("/accounts/profile/").content.decode()
