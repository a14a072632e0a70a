"""Sending claims: a notice another worker holds a live claim on is not sent again; once the
claim lapses (SEND_CLAIM_SECONDS, about a send's time; a live worker renews it) it is. Real SMTP (the sink), the functions called directly,
the clock moved with time-machine: no worker, no threads of ours, no waiting."""

from datetime import timedelta

import pytest

from games import services
from games.models import Game
from notifications import delivery
from notifications.models import Delivery, Notification, Outcome

from .conftest import T0, turn_seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def lease(settings):
    return timedelta(seconds=settings.TRAILPOST["SEND_CLAIM_SECONDS"])


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


def test_a_dead_workers_notice_goes_out_within_two_minutes(claimed, smtp_sink, clock):
    """The attack: a worker claimed notices and died; they went out only when a 600 s claim
    lapsed. A claim lasts about as long as a send, so the minute sweep sends them soon after."""
    clock.move_to(T0 + timedelta(minutes=1))
    delivery.send_unsent()  # the beat's sweep, a minute after the worker died
    clock.move_to(T0 + timedelta(minutes=2))
    delivery.send_unsent()  # and the next one
    assert [m["To"] for m in smtp_sink.messages] == [claimed.email]


def test_a_live_worker_renews_its_claims_as_it_goes(make_game, smtp_sink, clock, lease):
    """A batch that takes longer than a claim keeps its notices: the worker renews the claims on
    those it has yet to send, so no other worker sends them too."""
    make_game()
    make_game()
    ids = list(Notification.objects.order_by("pk").values_list("pk", flat=True))
    rows, _ = delivery._claim(ids, T0)
    claim = delivery._Claim(T0)
    clock.move_to(T0 + lease / 2)
    claim.keep(rows)
    assert all(claim.holds(n) for n in rows)
    clock.move_to(T0 + lease + timedelta(seconds=1))  # the first claim lapsed, the renewed one lives
    assert delivery.send_unsent() == 0
    assert smtp_sink.messages == []


def test_a_claim_another_worker_took_over_is_not_sent_by_the_first(make_game, smtp_sink, clock, lease):
    make_game()
    notice = Notification.objects.get()
    rows, _ = delivery._claim([notice.pk], T0)
    claim = delivery._Claim(T0)
    clock.move_to(T0 + lease + timedelta(seconds=1))
    assert delivery.send_unsent() == 1  # the first worker stalled past its claim: another sent it
    claim.keep(rows)
    assert not claim.holds(rows[0])


def test_a_your_turn_for_a_version_the_game_passed_is_marked_stale_not_sent(claimed, smtp_sink, clock, lease):
    """The attack: a "your turn" claimed during a database restart went out ten minutes late,
    for a version the game had long passed. It is checked again just before it goes."""
    game = Game.objects.get(pk=claimed.game_id)
    seat = turn_seat(game)
    services.move_submit(
        game=game, seat=seat, action={"type": "end_turn"}, expected_version=game.version, channel="web"
    )
    Notification.objects.exclude(pk=claimed.pk).update(sent_at=T0)  # the new notices went
    clock.move_to(T0 + lease + timedelta(seconds=1))
    assert delivery.send_unsent() == 0
    assert smtp_sink.messages == []
    claimed.refresh_from_db()
    assert claimed.outcome == Outcome.STALE and claimed.sent_at is not None


def test_a_your_turn_in_a_game_that_ended_is_marked_stale_not_sent(claimed, smtp_sink, clock, lease):
    Game.objects.filter(pk=claimed.game_id).update(status=Game.Status.ABORTED)
    clock.move_to(T0 + lease + timedelta(seconds=1))
    assert delivery.send_unsent() == 0
    assert smtp_sink.messages == []
    claimed.refresh_from_db()
    assert claimed.outcome == Outcome.STALE


def test_a_notice_sent_again_keeps_its_message_id(claimed, smtp_sink, clock, lease):
    """A notice that goes again (a live worker lost the connection after the whole email went, before
    the server's answer: it tries again, at least once) carries the first email's Message-ID, so the
    mail systems that deduplicate by it show the player one email."""
    clock.move_to(T0 + lease + timedelta(seconds=1))
    assert delivery.send_notifications([claimed.pk]) == 1
    Notification.objects.filter(pk=claimed.pk).update(sent_at=None, claimed_at=None, handed_at=None)  # never marked
    assert delivery.send_notifications([claimed.pk]) == 1
    first, second = smtp_sink.wait_for(2)
    assert first["Message-ID"] == second["Message-ID"]
    assert first["Message-ID"].startswith(f"<notice-{claimed.pk}@")
