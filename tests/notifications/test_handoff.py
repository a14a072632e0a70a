"""notifications.handoff on a real broker with a real worker: when committed notices are handed over.

Each transaction's notices go in one send_notifications task once it commits, and none before:
a move's at its commit, a sweep chunk's (many games' timeouts in one transaction) in one task at
the chunk's commit, a Celery task's at each of its commits. A change that rolls back, or a
savepoint that does, hands nothing over. What is handed over is seen where it is published
(celery's after_task_publish, in whichever thread publishes it), and then taken by the worker.
"""

import threading
import time

import pytest
from celery.signals import after_task_publish, task_success
from django.db import transaction
from django.utils import timezone

from config.celery import app as celery_app
from games import services
from games.models import Move, Seat
from games.timekeeper import sweep
from notifications.handoff import SEND_TASK
from notifications.models import Notification

from .conftest import turn_seat

pytestmark = [pytest.mark.xdist_group("worker"), pytest.mark.django_db(transaction=True)]


def wait_until(predicate, timeout=15.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return False


class Handed:
    """The notice ids of every send_notifications task published while it listens, one list per task."""

    def __init__(self):
        self.tasks: list[list[int]] = []
        self.lock = threading.Lock()

    def __call__(self, sender=None, body=None, **kwargs):
        if sender == SEND_TASK:
            args = body[0]  # task protocol 2: (args, kwargs, embed)
            with self.lock:
                self.tasks.append(sorted(args[0]))


@pytest.fixture
def handed(live_worker):
    """Tasks do not run inline here (live_worker): what the hand-off publishes goes to the broker.
    `handed.at_success` records, for each task the worker finishes, how many send_notifications
    tasks had been published when its body returned (task_success comes before task_postrun)."""
    seen = Handed()
    seen.at_success = []

    def succeeded(sender=None, **kwargs):
        with seen.lock:
            seen.at_success.append((sender.name, len(seen.tasks)))

    after_task_publish.connect(seen, weak=False, dispatch_uid="test-handoff-published")
    task_success.connect(succeeded, weak=False, dispatch_uid="test-handoff-succeeded")
    yield seen
    after_task_publish.disconnect(dispatch_uid="test-handoff-published")
    task_success.disconnect(dispatch_uid="test-handoff-succeeded")


def unsent_ids(since: int) -> list[int]:
    return sorted(Notification.objects.filter(pk__gt=since).values_list("pk", flat=True))


def last_id() -> int:
    return Notification.objects.order_by("-pk").values_list("pk", flat=True).first() or 0


def end_turn(game):
    """One move of the toy race, committed on its own: it writes a "your turn" notice."""
    seat = turn_seat(game)
    result = services.move_submit(
        game=game, seat=seat, action={"type": "end_turn"}, expected_version=game.version, channel=Move.Channel.WEB
    )
    assert result.applied
    return result


def all_sent(ids) -> bool:
    return not Notification.objects.filter(pk__in=ids, sent_at__isnull=True).exists()


def test_each_commit_hands_its_own_notices_over_at_once(handed, make_game):
    game = make_game()
    handed.tasks.clear()
    since = last_id()
    end_turn(game)
    first = unsent_ids(since)
    assert len(first) == 1 and handed.tasks == [first]  # at the commit, before the next move
    end_turn(game)
    second = unsent_ids(first[0])
    assert len(second) == 1 and handed.tasks == [first, second]
    assert wait_until(lambda: all_sent(first + second))


class Abandon(Exception):
    pass


def test_a_change_that_rolls_back_hands_nothing_over(handed, make_game):
    game = make_game()
    handed.tasks.clear()
    since = last_id()
    with pytest.raises(Abandon), transaction.atomic():
        end_turn(game)
        assert len(unsent_ids(since)) == 1  # written in the move's transaction
        raise Abandon
    assert handed.tasks == [] and unsent_ids(since) == []
    # Nor a savepoint that rolls back: the transaction around it commits a later move's notice
    # alone, in the one task of its commit.
    game.refresh_from_db()
    with transaction.atomic():
        with pytest.raises(Abandon), transaction.atomic():
            end_turn(game)
            raise Abandon
        game.refresh_from_db()
        end_turn(game)
        assert handed.tasks == []
    committed = unsent_ids(since)
    assert len(committed) == 1 and handed.tasks == [committed]
    assert wait_until(lambda: all_sent(committed))


def test_a_sweep_chunk_hands_every_notice_it_wrote_over_once_at_its_commit(handed, make_game):
    """The sweep times out a chunk of games in one transaction: once it has
    committed, every timeout notice it wrote (the missed deadline, the next player's turn) is
    handed over, each exactly once (a task per change: the timeout, the next turn)."""
    games = [make_game(), make_game()]
    assert wait_until(lambda: all_sent(unsent_ids(0)))  # the starts' notices are out of the way
    handed.tasks.clear()
    since = last_id()
    past = timezone.now() - timezone.timedelta(minutes=1)
    Seat.objects.filter(game__in=games, deadline_at__isnull=False).update(deadline_at=past)
    stats = sweep.handle_games([g.pk for g in games], timezone.now())
    assert stats["timeouts"] == 2
    committed = unsent_ids(since)
    assert len(committed) == 4  # per game: the missed deadline and the next player's turn
    handed_ids = [i for task in handed.tasks for i in task]
    assert sorted(handed_ids) == sorted(committed)  # each once, all of them
    assert wait_until(lambda: all_sent(committed))


@celery_app.task(name="tests.notifications.test_handoff.two_moves")
def two_moves(game_ids: list[int]) -> int:
    """A task that commits one move in each of these games, each in its own transaction."""
    from games.models import Game

    for game_id in game_ids:
        end_turn(Game.objects.get(pk=game_id))
    return len(game_ids)


def test_inside_a_task_run_by_the_worker_each_commit_hands_its_notices_over(handed, make_game):
    games = [make_game(), make_game()]
    assert wait_until(lambda: all_sent(unsent_ids(0)))  # the starts' notices are out of the way
    handed.tasks.clear()
    since = last_id()
    two_moves.delay([g.pk for g in games])
    assert wait_until(lambda: len(handed.tasks) == 2)
    committed = unsent_ids(since)
    assert len(committed) == 2  # two commits in the task, a notice each
    assert handed.tasks == [[pk] for pk in committed]  # each at its own commit, in order
    assert (two_moves.name, 2) in handed.at_success  # both went while the task ran
    assert wait_until(lambda: all_sent(committed))


def test_a_bot_task_hands_its_moves_notices_over_as_they_commit(handed, make_game, users):
    """games.tasks.play_bots, queued by the player's move, plays the two bots in a row (the other
    seats); the player's next "your turn" goes over from the worker at the last bot move's commit."""
    game = make_game(n=1, bots=2)
    assert wait_until(lambda: turn_seat(game).user == users[0])  # bots seated first have played
    assert wait_until(lambda: all_sent(unsent_ids(0)))
    handed.tasks.clear()
    handed.at_success.clear()
    since = last_id()
    end_turn(game)  # the bots are next: play_bots is queued at the commit
    assert handed.tasks == []  # the move made no notice of its own
    assert wait_until(lambda: handed.tasks)
    assert Move.objects.filter(game=game, channel=Move.Channel.BOT, seq__gt=game.version).count() == 2
    committed = unsent_ids(since)
    assert len(committed) == 1 and handed.tasks == [committed]
    assert wait_until(lambda: ("games.tasks.play_bots", 1) in handed.at_success)  # handed over inside the task
    assert turn_seat(game).user == users[0]
    assert wait_until(lambda: all_sent(committed))
