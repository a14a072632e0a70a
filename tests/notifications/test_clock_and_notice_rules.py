"""Rules of the turn clock and of the notices that no other test reached: reminders a player must
not get, a seat kept by a player who came back, digests, a removed webhook, and when committed
notices are handed to Celery. (Planned vacations' pages: tests/games/clock/test_vacations.py.)

The clock is frozen at T0 and moved by hand; the sweep and the reminders are the functions the
minute tasks run; nothing waits on time.
"""

from datetime import timedelta

import pytest
from django.core import mail

from games.models import Game
from games.timekeeper.autoplay import standing_orders_set
from notifications import delivery, handoff, outbox
from notifications.models import Delivery, Kind, KindPreference, Notification, NotificationSettings
from notifications.reminders import send_reminders
from tests.builders import play

from .conftest import T0, hook_server, seat_at, turn_seat

pytestmark = pytest.mark.django_db


def kinds_for(seat):
    return list(Notification.objects.filter(seat=seat).order_by("pk").values_list("kind", flat=True))


# -- reminders ----------------------------------------------------------------------------------


def test_a_short_turn_is_reminded_only_once_half_of_it_has_passed(clock, make_game, settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "REMINDER_BEFORE_HOURS": 12}
    game = make_game(turn_hours=2)  # inside the 12-hour window from the start
    seat = turn_seat(game)
    clock.move_to(T0 + timedelta(minutes=59))
    assert send_reminders(T0 + timedelta(minutes=59)) == 0
    seat.refresh_from_db()
    assert seat.reminder_sent_for is None  # not spent: it is still to come
    clock.move_to(T0 + timedelta(minutes=60))
    assert send_reminders(T0 + timedelta(minutes=60)) == 1
    assert kinds_for(seat).count(Kind.REMINDER) == 1


def test_no_reminder_goes_to_a_decision_a_standing_order_answers(clock, make_game):
    game = make_game()
    mover = turn_seat(game)
    victim = seat_at(game, 1 - mover.position)
    standing_orders_set(seat=victim, orders={"medicine_choice": "always"})
    play(game, mover, {"type": "calamity", "victim": victim.position})  # its task is lost: on_commit never runs
    victim.refresh_from_db()
    assert victim.deadline_at is not None and game.engine.to_act(Game.objects.get(pk=game.pk).state) == [
        victim.position
    ]
    assert send_reminders(T0) == 0
    assert Kind.REMINDER not in kinds_for(victim)


# -- digests and webhooks -------------------------------------------------------------------------


def test_digest_notices_go_out_in_one_email_per_player_and_only_once(clock, make_game, users):
    for user in users[:2]:
        KindPreference.objects.create(user=user, kind=Kind.YOUR_TURN, delivery=Delivery.DIGEST)
    game = make_game()
    first = turn_seat(game)
    second = seat_at(game, 1 - first.position)
    play(game, first, {"type": "end_turn"})
    play(game, second, {"type": "end_turn"})  # first: two "your turn" notices, second: one
    assert delivery.send_unsent() == 0  # digest notices wait for the digest
    mail.outbox.clear()
    clock.move_to(T0 + timedelta(hours=1))
    assert delivery.send_digests() == 2
    by_recipient = {m.to[0]: m for m in mail.outbox}
    assert set(by_recipient) == {first.user.email, second.user.email}
    assert by_recipient[first.user.email].subject == "Trailpost: 2 notices for you"
    assert by_recipient[first.user.email].body.count("A decision is pending") == 2
    assert not Notification.objects.filter(delivery=Delivery.DIGEST, sent_at__isnull=True).exists()
    assert delivery.send_digests() == 0
    assert len(mail.outbox) == 2


def test_a_webhook_removed_after_the_email_went_is_not_posted_nor_retried(make_game, users, settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "WEBHOOK_ALLOW_PRIVATE": True}
    server, hits = hook_server([204])
    try:
        game = make_game()
        notice = Notification.objects.get(game=game, kind=Kind.YOUR_TURN)
        NotificationSettings.objects.create(user=notice.user, webhook_url=f"http://127.0.0.1:{server.server_port}/")
        assert delivery.send_notifications([notice.pk], then_webhooks=lambda ids: None) == 1
        NotificationSettings.objects.filter(user=notice.user).update(webhook_url="")  # removed meanwhile
        assert delivery.deliver_webhook(notice.pk) is True  # done: nothing to post any more
    finally:
        server.shutdown()
    assert hits == []


# -- when committed notices are handed to Celery ---------------------------------------------------


@pytest.fixture
def handed(monkeypatch):
    """Records each hand-over to Celery (one list of notice ids per task) instead of making it."""
    calls = []
    monkeypatch.setattr(handoff, "hand_to_celery", lambda ids: calls.append(sorted(ids)))
    return calls


def test_a_requests_notices_are_handed_over_in_one_task_when_its_move_commits(
    make_game, handed, api_for, django_capture_on_commit_callbacks
):
    game = make_game()
    seat = turn_seat(game)
    with django_capture_on_commit_callbacks(execute=True):
        resp = api_for(seat.user).post(f"/api/games/{game.pk}/moves/", {"action": {"type": "end_turn"}}, format="json")
        assert resp.status_code == 201, resp.content
        assert handed == []  # not before the commit
    notice = Notification.objects.get(kind=Kind.YOUR_TURN, seat=seat_at(game, 1 - seat.position))
    assert handed == [[notice.pk]]


@pytest.mark.django_db(transaction=True)
def test_a_notice_written_outside_a_transaction_is_handed_over_at_once(make_game, handed):
    game = make_game()
    seat = turn_seat(game)
    handed.clear()
    [notice] = outbox.record_notice(kind=Kind.REPLY_OK, game=game, seat=seat, context={}, force=True)
    assert notice.pk is not None and handed == [[notice.pk]]
