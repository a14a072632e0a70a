"""The home page's game cards (#27): a picture of each game's table, its pitch, players and length,
and "Try it against bots", which starts a private game against bots."""

import pytest
from django.urls import reverse

from games.models import Game
from games.rules import engines

pytestmark = pytest.mark.django_db


def test_each_card_has_a_picture_a_pitch_players_length_and_a_try_button(client):
    page = client.get("/").content.decode()
    for e in engines():
        assert e.pitch and e.length
        assert reverse("rules:demo_table", args=[e.name]) in page
        assert e.pitch.replace("'", "&#x27;") in page and e.length in page
        assert f"{e.min_seats}–{e.max_seats} players" in page
        assert reverse("games:try_bots", args=[e.name]) in page


@pytest.mark.parametrize("engine", engines(), ids=lambda e: e.name)
def test_the_table_picture_is_an_svg_with_names_and_no_x_y(client, engine):
    response = client.get(reverse("rules:demo_table", args=[engine.name]))
    assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"
    svg = response.content.decode()
    assert svg.startswith("<svg") and "Ann" in svg
    assert "train at 2" not in svg and "Player 1" not in svg


def test_try_it_against_bots_asks_a_visitor_to_sign_in_first(client):
    url = reverse("games:try_bots", args=["ogallala"])
    assert client.get(url)["Location"].startswith(reverse("account_login"))
    assert client.post(url)["Location"].startswith(reverse("account_login"))
    assert not Game.objects.exists()


def test_try_it_against_bots_starts_one_private_game_and_goes_back_to_it(client, make_user):
    ann = make_user("Ann")
    client.force_login(ann)
    url = reverse("games:try_bots", args=["oregon-trail-race"])
    assert 'id="try-bots"' in client.get(url).content.decode()
    assert not Game.objects.exists()  # asking starts nothing
    first = client.post(url)
    game = Game.objects.get()
    assert first["Location"] == reverse("games:detail", args=[game.pk])
    assert (game.status, game.visibility, game.is_open) == (Game.Status.ACTIVE, Game.Visibility.PRIVATE, False)
    seats = list(game.seats.all())
    assert [s.user_id for s in seats if not s.is_bot] == [ann.pk] and any(s.is_bot for s in seats)
    assert client.post(url)["Location"] == first["Location"] and Game.objects.count() == 1
    assert client.get(reverse("games:try_bots", args=["no-such-game"])).status_code == 404
