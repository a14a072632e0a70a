"""Ogallala II's face-down discard in the emails (#25): "When a newly-drawn card can not be placed
it is discarded face down". The drawer, playing by email reply, reads which card it was in the
answers to their moves; the other player's turn email says that a card was drawn and discarded,
never which.
"""

import pytest

from games.models import Game
from inbound.route import handle_raw
from notifications import delivery
from notifications.models import Kind, Notification
from notifications.outbox import decision_context
from tests.rules.ogallala.helpers import fill_two_display, fresh, on_top

from .conftest import seat_at
from .test_hit_explanations import reply

pytestmark = pytest.mark.django_db


def bodies(notice) -> str:
    message = delivery.render_notification(notice, pictures={})
    return message.subject + message.body + message.alternatives[0][0]


def test_the_drawer_reads_the_discarded_card_and_the_other_player_never_does(make_game):
    game = make_game(n=2, rules="ogallala", options={"edition": "II"})
    state = fresh("II")
    fill_two_display(state, 0)
    on_top(state, "tent")
    game.state = state
    game.save(update_fields=["state"])
    Notification.objects.all().delete()
    drawer, other = seat_at(game, 0), seat_at(game, 1)
    for answer, private in (("Draw a card", "You drew Tent."), ("Discard Tent (no free space)", "It was Tent.")):
        result = handle_raw(reply(decision_context(game, drawer)["reply_to"], answer))
        assert result.outcome == "played", result.detail
        game.refresh_from_db()
        ok = Notification.objects.filter(seat=drawer, kind=Kind.REPLY_OK).latest("pk")
        assert any(private in line for line in ok.context["events"]) and private in bodies(ok)
    assert game.status == Game.Status.ACTIVE and game.engine.to_act(game.state) == [1]
    theirs = list(Notification.objects.filter(seat=other))
    assert any(n.kind == Kind.YOUR_TURN for n in theirs)
    for n in theirs:
        assert "Tent" not in bodies(n)
    [turn] = [n for n in theirs if n.kind == Kind.YOUR_TURN]
    told = " ".join(turn.context["events"])
    assert f"{drawer.name} draws a card that has no space in their river." in told
    assert f"{drawer.name} discards the card face down." in told
