"""Notices follow the events' audience, in every game: whoever an event names as hit is told at
once, by email, with the engine's own sentence (notifications knows no game's vocabulary).

Each test sets up a precise Ogallala position on a real game (the scenario builders of the rules
tests), plays the raiding move through the API, and reads what the SMTP side would send.
"""

import pytest
from django.core import mail

from games.models import Game
from notifications import delivery, outbox
from notifications.models import Kind, Notification
from tests.rules.ogallala.helpers import draw, fresh, lay

from .conftest import seat_at

pytestmark = pytest.mark.django_db


def ogallala_game(make_game, state):
    """A started two-player Ogallala game whose state is replaced by a scenario's position."""
    game = make_game(n=2, rules="ogallala", options={"edition": state["edition"]})
    game.state = state
    game.save(update_fields=["state"])
    Notification.objects.all().delete()
    return game


def move(api_for, game, seat, action):
    game.refresh_from_db()
    response = api_for(seat.user).post(
        f"/api/games/{game.pk}/moves/", {"action": action, "expected_version": game.version}, format="json"
    )
    assert response.status_code == 201, response.content
    return response.json()


def hits_of(seat):
    hits = list(Notification.objects.filter(seat=seat, kind=Kind.HIT).order_by("pk"))
    outbox.complete(hits)  # what the email shows of the table is drawn when it goes
    return hits


def test_an_ogallala_player_whose_card_is_lassoed_is_told_at_once(make_game, api_for):
    s = fresh()
    lay(s, 1, 0, 0, "bow", "furs")
    lay(s, 1, 1, 0, "bow", "tent", "stern")
    draw(s, 0, "lasso")
    game = ogallala_game(make_game, s)
    raider, victim = seat_at(game, 0), seat_at(game, 1)
    move(api_for, game, raider, {"type": "place", "row": 0, "col": 5})
    assert hits_of(victim) == []  # placing the lasso hits nobody yet
    move(api_for, game, raider, {"type": "lasso", "target": 1, "row": 0, "col": 1})
    [hit] = hits_of(victim)
    assert hit.context["by"] == raider.name
    assert raider.name in hit.context["text"] and "Furs" in hit.context["text"]
    assert victim.name in hit.context["text"]  # the engine's "Player 2" reads as their name
    assert hits_of(raider) == []  # the raider made the move on the API: no email about it
    # Not to decide now: the notice shows their table as it is after the raid, their river first.
    assert "decision" not in hit.context and "Your river:" in hit.context["table"]
    message = delivery.render_notification(hit)
    assert "The table as you see it now:" in message.body and "Your river:" in message.body
    assert message.to == [victim.user.email]
    assert message.subject == f"{game} · Trailpost"  # one subject for all the game's emails
    assert message.body.startswith(f"{raider.name}'s move hits you in {game}\n")  # the kind: the first line
    assert "Furs" in message.body and f"/games/{game.pk}/" in message.body


def test_an_ogallala_player_whose_boat_is_attacked_is_told_at_once(make_game, api_for):
    s = fresh()
    lay(s, 0, 0, 0, "bow", "chieftain", "furs")  # strength 5 once the stern is on
    lay(s, 1, 0, 0, "bow_warrior", "warrior3", "tobacco")  # a section of strength 4
    draw(s, 0, "stern")
    game = ogallala_game(make_game, s)
    raider, victim = seat_at(game, 0), seat_at(game, 1)
    move(api_for, game, raider, {"type": "place", "row": 0, "col": 3})
    move(api_for, game, raider, {"type": "attack", "target": 1, "row": 0, "start": 0})
    [hit] = hits_of(victim)
    assert hit.context["by"] == raider.name and victim.name in hit.context["text"]
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    # Sent like any notice: the email reaches the victim's inbox.
    mail.outbox.clear()
    assert delivery.send_notifications([hit.pk]) == 1
    assert [m.to for m in mail.outbox] == [[victim.user.email]]
