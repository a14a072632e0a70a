"""Expected failures log one line, not a traceback: a bot task that loses a race, a broker outage."""

import logging
import uuid

import pytest

from games import tasks
from games.broker import broker_outage
from games.models import Game
from notifications import delivery
from notifications.models import Notification
from tests.builders import play

from .conftest import _forget_routes, free_port, point_producers_at, turn_seat


def noisy(records):
    """The records a quiet log must not have: errors, and tracebacks at any level."""
    return [r for r in records if r.levelno >= logging.ERROR or r.exc_info]


@pytest.mark.django_db
def test_a_bot_task_that_loses_a_race_logs_no_traceback_and_no_error(make_game, toy_notify_engine, monkeypatch, caplog):
    game = make_game(1, bots=1)  # (the bot is not played: its task is queued at a commit that never comes)
    if not turn_seat(game).is_bot:
        play(game, turn_seat(game), {"type": "end_turn"})
    assert turn_seat(game).is_bot
    choose = type(toy_notify_engine).bot_action

    def racing_bot_action(self, state, seat, rnd):
        # The racing task (or the sweep) ended the game between this task's read and its lock.
        Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
        return choose(self, state, seat, rnd)

    monkeypatch.setattr(type(toy_notify_engine), "bot_action", racing_bot_action)
    with caplog.at_level(logging.DEBUG):
        result = tasks.play_bots.apply((game.pk,), throw=False)
    assert result.successful() and result.get() == 0
    assert noisy(caplog.records) == []
    assert [r.levelno for r in caplog.records if r.name == "games.tasks"] == [logging.INFO]


@pytest.fixture
def queued(celery_app):
    """Tasks are published for real (not run inline), to a queue of this test's own."""
    queue = f"trailpost-test-{uuid.uuid4().hex[:10]}"
    conf = celery_app.conf
    old = conf.task_always_eager, conf.task_default_queue, conf.get("broker_write_url")
    celery_app.conf.task_always_eager = False
    celery_app.conf.task_default_queue = queue
    _forget_routes(celery_app)
    broker_outage.log.reset()
    yield queue
    point_producers_at(celery_app, old[2])
    with celery_app.connection_for_write() as conn:
        conn.default_channel.queue_delete(queue)
    celery_app.conf.task_always_eager, celery_app.conf.task_default_queue = old[:2]
    _forget_routes(celery_app)
    broker_outage.log.reset()


@pytest.mark.django_db(transaction=True)
def test_a_broker_outage_logs_one_line_per_outage_not_one_per_move(make_game, celery_app, queued, caplog):
    real = celery_app.conf.broker_write_url
    dead = f"redis://127.0.0.1:{free_port()}/15"  # nothing listens there
    game = make_game(2, bots=0)  # published for real: the broker is up

    def broker_lines():
        return [
            r
            for r in caplog.records  # ours (the filesystem transport warns of its own)
            if r.levelno >= logging.WARNING and r.name.startswith(("games", "notifications"))
        ]

    with caplog.at_level(logging.INFO):
        point_producers_at(celery_app, dead)
        for _ in range(4):  # each move hands its notices over (each try takes redis-py ~2 s to give up)
            play(game, turn_seat(game), {"type": "end_turn"})
        with_bot = make_game(1, bots=1)  # and a game whose bot's move is queued (at its start or after a move)
        if not turn_seat(with_bot).is_bot:
            play(with_bot, turn_seat(with_bot), {"type": "end_turn"})
        first_outage = broker_lines()
        assert len(first_outage) == 1 and "broker unreachable" in first_outage[0].getMessage()
        assert noisy(caplog.records) == []

        point_producers_at(celery_app, real)  # back: the next hand-off goes through, and ends the outage
        play(game, turn_seat(game), {"type": "end_turn"})
        point_producers_at(celery_app, dead)  # down again: one more line
        for _ in range(2):
            play(game, turn_seat(game), {"type": "end_turn"})
    assert len(broker_lines()) == 2
    assert any("reachable again" in r.getMessage() for r in caplog.records if r.levelno == logging.INFO)
    assert noisy(caplog.records) == []


@pytest.mark.django_db
def test_a_recipient_the_mail_server_refuses_is_one_line_not_a_traceback(make_game, smtp_sink, caplog):
    make_game()
    ids = list(Notification.objects.values_list("pk", flat=True))
    Notification.objects.update(sent_at=None, claimed_at=None)

    async def handle_RCPT(server, session, envelope, address, rcpt_options):
        return "550 5.1.1 No such mailbox"

    smtp_sink.handle_RCPT = handle_RCPT
    with caplog.at_level(logging.WARNING):
        assert delivery.send_notifications(ids) == 0
    refused = [r for r in caplog.records if r.name == "notifications.delivery"]
    assert len(refused) == len(ids) and "No such mailbox" in refused[0].getMessage()
    assert noisy(caplog.records) == []
    assert Notification.objects.filter(pk__in=ids, attempts=1, sent_at__isnull=True).count() == len(ids)
