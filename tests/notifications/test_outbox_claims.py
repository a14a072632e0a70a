"""Sending claims: a notice another worker holds a live claim on is not sent again; once the
claim lapses (SEND_LEASE_SECONDS) it is. Real SMTP (the sink), the functions called directly,
the clock moved with time-machine: no worker, no threads of ours, no waiting."""

from datetime import timedelta

import pytest

from notifications import delivery
from notifications.models import Delivery, Notification

from .conftest import T0

pytestmark = pytest.mark.django_db


@pytest.fixture
def lease(settings):
    return timedelta(seconds=settings.TRAILPOST["SEND_LEASE_SECONDS"])


@pytest.fixture
def claimed(make_game, clock):
    """One unsent "your turn" notice that another worker claimed at T0."""
    make_game()
    notice = Notification.objects.get()
    Notification.objects.filter(pk=notice.pk).update(sent_at=None, claimed_at=T0)
    return notice


def test_a_notice_another_worker_claimed_is_not_sent_again_while_the_claim_lives(claimed, smtp_sink, clock, lease):
    clock.move_to(T0 + lease)  # the last instant of the claim
    assert delivery.send_notifications([claimed.pk]) == 0
    assert delivery.send_unsent() == 0
    assert smtp_sink.messages == []
    claimed.refresh_from_db()
    assert claimed.sent_at is None and claimed.claimed_at == T0 and claimed.attempts == 0


def test_a_notice_whose_claim_lapsed_is_sent_once(claimed, smtp_sink, clock, lease):
    clock.move_to(T0 + lease + timedelta(seconds=1))
    assert delivery.send_notifications([claimed.pk]) == 1
    assert [m["To"] for m in smtp_sink.messages] == [claimed.email]
    claimed.refresh_from_db()
    assert claimed.sent_at == T0 + lease + timedelta(seconds=1) and claimed.attempts == 1
    assert delivery.send_notifications([claimed.pk]) == 0
    assert delivery.send_unsent() == 0
    assert len(smtp_sink.messages) == 1


def test_the_sweep_sends_a_lapsed_claim_and_leaves_a_live_one(make_game, smtp_sink, clock, lease):
    make_game()
    make_game()
    lapsed, live = Notification.objects.order_by("pk")
    Notification.objects.filter(pk=lapsed.pk).update(claimed_at=T0 - lease - timedelta(seconds=1))
    Notification.objects.filter(pk=live.pk).update(claimed_at=T0 - timedelta(seconds=1))
    assert delivery.send_unsent() == 1
    assert [m["To"] for m in smtp_sink.messages] == [lapsed.email]
    assert set(Notification.objects.filter(sent_at__isnull=False).values_list("pk", flat=True)) == {lapsed.pk}


def test_the_sweep_gives_up_on_a_notice_after_the_most_attempts(claimed, smtp_sink, clock, lease):
    clock.move_to(T0 + lease + timedelta(seconds=1))
    Notification.objects.filter(pk=claimed.pk).update(attempts=delivery.MAX_ATTEMPTS)
    assert delivery.send_unsent() == 0
    Notification.objects.filter(pk=claimed.pk).update(attempts=delivery.MAX_ATTEMPTS - 1)
    assert delivery.send_unsent() == 1
    assert len(smtp_sink.messages) == 1


def test_the_sweep_leaves_digest_notices_to_the_digest(claimed, smtp_sink):
    Notification.objects.filter(pk=claimed.pk).update(claimed_at=None, delivery=Delivery.DIGEST)
    assert delivery.send_unsent() == 0
    assert smtp_sink.messages == []


def test_a_refused_email_counts_the_attempt_and_waits_before_the_next(claimed, smtp_sink, clock, lease):
    async def refuse(server, session, envelope):
        return "550 mailbox unavailable"

    smtp_sink.handle_DATA = refuse
    now = T0 + lease + timedelta(seconds=1)
    clock.move_to(now)
    assert delivery.send_notifications([claimed.pk]) == 0
    claimed.refresh_from_db()
    assert claimed.sent_at is None and claimed.attempts == 1 and "550" in claimed.last_error
    assert claimed.claimed_at is None and claimed.retry_at == now + timedelta(seconds=15)
    assert delivery.send_unsent() == 0  # the back-off: 15 s, then 30, 60...
    clock.move_to(now + timedelta(seconds=15))
    assert delivery.send_unsent() == 0
    claimed.refresh_from_db()
    assert claimed.attempts == 2 and claimed.retry_at == now + timedelta(seconds=45)


@pytest.mark.django_db(transaction=True)
def test_marking_a_sent_notice_outside_a_transaction_touches_that_notice_only():
    """Outside a transaction, as a worker sends, PostgreSQL marks in one round trip of its own
    (delivery._MARK_SENT); SQLite takes the ORM's way. Both: sent, one more attempt, no error."""
    first, second = (Notification.objects.create(kind="your_turn", email=f"p{i}@example.com") for i in range(2))
    Notification.objects.filter(pk=first.pk).update(attempts=2, last_error="421 try later")
    first.refresh_from_db()
    delivery._mark_sent(first)
    first.refresh_from_db(), second.refresh_from_db()
    assert first.sent_at is not None and first.attempts == 3 and first.last_error == ""
    assert second.sent_at is None and second.attempts == 0
