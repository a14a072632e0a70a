"""A "your turn" notice made stale by a move the player did not make (issue #31): when the clock,
a bot or a standing order plays the seat's move within the grace window, the notice is STALE
(nothing left to decide), not ACTED: only the player's own move (web, API, email) is theirs.
The move comes some seconds after the notice, as it would, so a test frozen at one instant
(where no move is "after" the notice) could not tell the two apart.
"""

from datetime import timedelta

import pytest
from django.core import mail

from notifications.models import Outcome

from .conftest import minute, turn_seat
from .test_grace import GRACE, _grace, play, waiting  # noqa: F401 (the grace window's fixture)

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("channel", ["timeout", "bot", "standing", "admin"])
def test_a_move_the_player_did_not_make_leaves_the_notice_stale(channel, make_game, clock, eager):
    game = make_game()
    seat = turn_seat(game)
    clock.shift(timedelta(seconds=30))
    play(game, seat, {"type": "end_turn"}, channel=channel)
    clock.shift(timedelta(seconds=GRACE))
    minute()
    assert [m for m in mail.outbox if m.to == [seat.user.email]] == []
    [notice] = waiting(game, seat.user)
    assert notice.outcome == Outcome.STALE, notice.outcome


@pytest.mark.parametrize("channel", ["web", "api", "email"])
def test_the_players_own_move_is_acted(channel, make_game, clock, eager):
    game = make_game()
    seat = turn_seat(game)
    clock.shift(timedelta(seconds=30))
    play(game, seat, {"type": "end_turn"}, channel=channel)
    clock.shift(timedelta(seconds=GRACE))
    minute()
    assert waiting(game, seat.user).get().outcome == Outcome.ACTED
