"""Concurrent submissions for one game, on each database: exactly one is applied."""

import threading

import pytest
from django.db import connection

from core.errors import GameError
from games import services
from games.models import Game, Move
from tests.builders import lobby_game, start_game

pytestmark = pytest.mark.django_db(transaction=True)


def _race(n, submit):
    barrier = threading.Barrier(n)
    outcomes = [None] * n

    def worker(i):
        try:
            barrier.wait()
            outcomes[i] = submit(i)
        except GameError as exc:
            outcomes[i] = exc.code
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return outcomes


@pytest.fixture
def started(make_user, toy_engine):
    return start_game(make_user(), make_user())


def test_two_different_moves_at_once_exactly_one_applies(started):
    pos = started.engine.to_act(started.state)[0]
    seat = started.seats.get(position=pos)
    legal = started.engine.legal_actions(started.state, pos)

    def submit(i):
        return services.move_submit(
            game=Game.objects.get(pk=started.pk),
            seat=seat,
            action=legal[i],
            expected_version=1,
            channel=Move.Channel.API,
        )

    outcomes = _race(2, submit)
    applied = [o for o in outcomes if not isinstance(o, str) and o.applied]
    refused = [o for o in outcomes if isinstance(o, str)]
    assert len(applied) == 1 and refused == ["STALE_VERSION"]
    assert started.moves.filter(kind=Move.Kind.MOVE).count() == 1
    assert Game.objects.get(pk=started.pk).version == 2


def test_same_idempotency_key_at_once_applies_once(started):
    pos = started.engine.to_act(started.state)[0]
    seat = started.seats.get(position=pos)
    action = started.engine.legal_actions(started.state, pos)[0]
    player = seat.user  # a key is its sender's own

    def submit(i):
        return services.move_submit(
            game=Game.objects.get(pk=started.pk),
            seat=seat,
            action=action,
            expected_version=None,
            channel=Move.Channel.API,
            idempotency_key="dup",
            actor=player,
        )

    outcomes = _race(4, submit)
    assert all(not isinstance(o, str) for o in outcomes), outcomes
    assert sum(o.applied for o in outcomes) == 1
    assert len({o.move.pk for o in outcomes}) == 1
    assert started.moves.filter(kind=Move.Kind.MOVE).count() == 1


def test_invitations_at_once_to_several_games_keep_the_senders_cap(make_user, toy_engine, settings):
    """The sender's cap is counted under a lock of their row: invitations sent at once to four of
    their games (each under its own game's lock) cannot all pass a cap of one."""
    from games.models import Invitation

    settings.TRAILPOST = {**settings.TRAILPOST, "INVITATIONS_PER_HOUR": 1}
    owner = make_user()
    games = [lobby_game(owner, max_players=2) for _ in range(4)]

    def invite(i):
        return services.game_invite(game=games[i], by=owner, email=f"friend{i}@example.com")

    outcomes = _race(4, invite)
    assert sorted(o if isinstance(o, str) else "sent" for o in outcomes) == ["INVITATION_LIMIT"] * 3 + ["sent"]
    assert Invitation.objects.filter(invited_by=owner).count() == 1
