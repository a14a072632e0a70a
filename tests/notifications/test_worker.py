"""End to end on real Redis with a real Celery worker and a real SMTP conversation."""

import time

import pytest

from games.models import Move
from games.tasks import sweep_deadlines as sweep
from notifications import delivery
from notifications.models import Kind, Notification, NotificationSettings, Outcome
from notifications.tasks import send_notifications, send_unsent
from tests.builders import play

from .conftest import free_port, hook_server, point_producers_at, turn_seat

pytestmark = [pytest.mark.xdist_group("worker"), pytest.mark.django_db(transaction=True)]


def wait_until(predicate, timeout=15.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def test_a_moves_notice_is_sent_exactly_once(live_worker, smtp_sink, make_game):
    game = make_game()
    first = turn_seat(game)
    assert len(smtp_sink.wait_for(1)) == 1
    play(game, first, {"type": "end_turn"})
    second = turn_seat(game)
    messages = smtp_sink.wait_for(2)
    assert [m["To"] for m in messages] == [first.user.email, second.user.email]
    msg = messages[1]
    assert msg["Reply-To"].startswith("play+") and msg["List-Unsubscribe"]
    assert "1. Advance one step" in msg.get_body(("plain",)).get_content()
    # A redelivered task, a second hand-off and the sweep find nothing left to send.
    ids = list(Notification.objects.values_list("pk", flat=True))
    send_notifications.delay(ids)
    send_notifications.delay(ids)
    sweep.delay()
    assert delivery.send_unsent() == 0
    time.sleep(1.0)  # give the worker time to (wrongly) send duplicates
    assert len(smtp_sink.messages) == 2
    assert Notification.objects.filter(sent_at__isnull=True).count() == 0


def test_with_the_broker_down_the_move_commits_and_the_sweep_sends_later(live_worker, smtp_sink, make_game, celery_app):
    game = make_game()
    assert len(smtp_sink.wait_for(1)) == 1
    # The worker marks each notice just after its email went out: wait for the mark.
    assert wait_until(lambda: not Notification.objects.filter(sent_at__isnull=True).exists())
    first = turn_seat(game)
    # The broker becomes unreachable (nothing listens on that port) while a move is made.
    point_producers_at(celery_app, f"redis://127.0.0.1:{free_port()}/15")
    try:
        started = time.monotonic()
        result = play(game, first, {"type": "end_turn"})
        assert time.monotonic() - started < 10
    finally:
        point_producers_at(celery_app, None)
    assert result.applied and Move.objects.filter(game=game, seq=result.version).exists()
    pending = Notification.objects.get(kind=Kind.YOUR_TURN, sent_at__isnull=True)
    assert len(smtp_sink.messages) == 1
    # The broker is back: the minute task for unsent notices (run by the worker) sends it, once.
    send_unsent.delay()
    assert wait_until(lambda: len(smtp_sink.messages) >= 2)
    send_unsent.delay()
    time.sleep(1.0)
    assert len(smtp_sink.messages) == 2
    assert smtp_sink.messages[1]["To"] == pending.email
    pending.refresh_from_db()
    assert pending.sent_at is not None


def test_the_minute_sweep_fans_due_games_out_to_the_worker_once(live_worker, smtp_sink, make_game):
    from django.utils import timezone

    from games.models import Seat
    from games.timekeeper.sweep import CHUNK as FAN_OUT_CHUNK

    games = [make_game(turn_hours=24) for _ in range(FAN_OUT_CHUNK + 10)]
    smtp_sink.wait_for(len(games))
    past = timezone.now() - timezone.timedelta(minutes=1)
    Seat.objects.filter(game__in=games, deadline_at__isnull=False).update(deadline_at=past)
    sweep.delay()
    sweep.delay()  # beat may fire again before the first sweep's chunks are done
    assert wait_until(lambda: Move.objects.filter(channel="timeout").count() >= len(games), timeout=60)
    time.sleep(1.0)
    assert Move.objects.filter(channel="timeout").count() == len(games)
    assert not Seat.objects.filter(deadline_at__lte=timezone.now()).exists()


def test_each_api_moves_notices_go_to_the_worker_in_a_task_of_their_own_at_its_commit(
    live_worker, smtp_sink, make_game, api_for
):
    from celery.signals import task_prerun

    game = make_game()
    assert len(smtp_sink.wait_for(1)) == 1  # the first "your turn"
    assert wait_until(lambda: not Notification.objects.filter(sent_at__isnull=True).exists())  # and marked sent
    handed = []

    def seen(sender=None, args=None, **kwargs):
        if sender is not None and sender.name == send_notifications.name:
            handed.append(sorted(args[0]))

    task_prerun.connect(seen, weak=False, dispatch_uid="test-handoff")
    try:
        for n in (2, 3):
            seat = turn_seat(game)
            response = api_for(seat.user).post(
                f"/api/games/{game.pk}/moves/", {"action": {"type": "end_turn"}}, format="json"
            )
            assert response.status_code == 201, response.content
            assert len(smtp_sink.wait_for(n)) == n  # this move's "your turn", before the next move
    finally:
        task_prerun.disconnect(dispatch_uid="test-handoff")
    notices = list(Notification.objects.filter(kind=Kind.YOUR_TURN).order_by("pk").values_list("pk", flat=True))
    assert handed == [[pk] for pk in notices[1:]]  # one task per move, with its notice
    assert wait_until(lambda: not Notification.objects.filter(sent_at__isnull=True).exists())
    assert not Notification.objects.filter(outcome=Outcome.STALE).exists()


def test_a_failing_webhook_is_tried_again_later_and_the_email_does_not_wait(
    live_worker, smtp_sink, make_game, users, settings
):
    settings.TRAILPOST = {
        **settings.TRAILPOST,
        "WEBHOOK_RETRY_SECONDS": 0.2,
        "WEBHOOK_ALLOW_PRIVATE": True,
    }  # a local chat server
    server, hits = hook_server([503, 500, 204], probe=lambda: len(smtp_sink.messages))
    try:
        for u in users:
            NotificationSettings.objects.create(user=u, webhook_url=f"http://127.0.0.1:{server.server_port}/hook")
        make_game()
        assert len(smtp_sink.wait_for(1)) == 1
        assert wait_until(lambda: len(hits) >= 3)
        time.sleep(1.0)  # time enough for a (wrong) fourth post
    finally:
        server.shutdown()
    # Two failures, each tried again later, then taken; the email had gone before the first try.
    assert hits == [(503, 1), (500, 1), (204, 1)]


def test_a_webhook_that_keeps_failing_is_given_up_after_its_retries(live_worker, smtp_sink, make_game, users, settings):
    from notifications.tasks import WEBHOOK_RETRIES

    settings.TRAILPOST = {
        **settings.TRAILPOST,
        "WEBHOOK_ALLOW_PRIVATE": True,  # a local chat server
        "WEBHOOK_RETRY_SECONDS": 0.02,
    }  # 0.02 s, then 0.04 s, ...
    server, hits = hook_server([502])
    try:
        NotificationSettings.objects.create(user=users[0], webhook_url=f"http://127.0.0.1:{server.server_port}/")
        NotificationSettings.objects.create(user=users[1], webhook_url=f"http://127.0.0.1:{server.server_port}/")
        make_game()
        assert len(smtp_sink.wait_for(1)) == 1
        assert wait_until(lambda: len(hits) >= 1 + WEBHOOK_RETRIES)
        time.sleep(2.0)  # longer than the next pause would be
    finally:
        server.shutdown()
    assert len(hits) == 1 + WEBHOOK_RETRIES
    assert Notification.objects.filter(sent_at__isnull=True).count() == 0


def test_a_notice_in_its_grace_window_is_sent_by_a_later_task_when_it_is_due(
    live_worker, smtp_sink, make_game, settings
):
    settings.TRAILPOST = {**settings.TRAILPOST, "GRACE_SECONDS": 2}
    started = time.monotonic()
    game = make_game()
    seat = turn_seat(game)
    notice = Notification.objects.get(user=seat.user)
    assert notice.delivery == "grace"
    # The hand-off's task found it not yet due and asked for another run when it is: no sweep here.
    messages = smtp_sink.wait_for(1, timeout=20)
    assert [m["To"] for m in messages] == [seat.user.email]
    assert time.monotonic() - started >= 2
    assert wait_until(lambda: Notification.objects.filter(pk=notice.pk, sent_at__isnull=False).exists())
    time.sleep(0.5)
    assert len(smtp_sink.messages) == 1
