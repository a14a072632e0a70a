"""Names, never "Player N", in what a person reads: a game's result on the page, in the API and in
the game-over email. The engines write seat labels; the server puts the players' names in."""

import pytest

from games import services
from games.models import Game
from notifications import delivery
from notifications.models import Kind, Notification

from .conftest import seat_at

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(make_game):
    """A two-player Oregon Trail Race that ended when its first seat resigned."""
    game = make_game(n=2, rules="oregon-trail-race")
    leaver, winner = seat_at(game, 0), seat_at(game, 1)
    services.game_resign(game=game, user=leaver.user)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.result["reason"] == "Player 2 has the only wagon left on the trail."  # the engine's words
    return game, leaver, winner


def test_the_result_names_the_winner_on_the_page_and_in_the_api(finished, client, api_for):
    game, leaver, winner = finished
    said = f"{winner.name} has the only wagon left on the trail."
    client.force_login(leaver.user)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert said in page and "Player 2" not in page
    api = api_for(leaver.user).get(f"/api/games/{game.pk}/").json()
    assert api["result"]["reason"] == said and api["result"]["winners"] == [1]


def test_the_game_over_email_names_the_winner(finished):
    game, leaver, winner = finished
    note = Notification.objects.get(kind=Kind.GAME_OVER, seat=winner)
    assert note.context["reason"] == f"{winner.name} has the only wagon left on the trail."
    body = delivery.render_notification(note).body
    assert winner.name in body and "Player 2" not in body
