"""A worker killed between the mail server taking an email and the notice being marked sent (the
attack: bench/kill_worker.py, one duplicate in three kills). The moment that decides is the line
that ends the email's text: the worker records handed_at just before it (notifications.smtp), so
the sweep knows on which side of it the worker died. Real SMTP (the sink), the worker's death
raised where it would have happened, the clock moved with time-machine."""

from datetime import timedelta

import pytest
from django.core.mail import EmailMessage, get_connection

from notifications import delivery, smtp
from notifications.emails import message_id_domain
from notifications.models import Notification, Outcome

from .conftest import T0

pytestmark = pytest.mark.django_db


class Killed(BaseException):
    """A kill -9 at that point: nothing after it in the worker runs (BaseException: no handler catches it)."""


@pytest.fixture
def notice(make_game, clock):
    """One unsent "your turn" notice, not claimed."""
    make_game()
    notice = Notification.objects.get()
    Notification.objects.filter(pk=notice.pk).update(sent_at=None, claimed_at=None, attempts=0)
    return notice


@pytest.fixture
def after_lease(settings):
    return T0 + timedelta(seconds=settings.TRAILPOST["SEND_CLAIM_SECONDS"] + 1)


def test_a_worker_killed_once_the_server_has_the_email_does_not_send_it_twice(
    notice, smtp_sink, clock, after_lease, monkeypatch
):
    def killed(n):
        raise Killed

    with monkeypatch.context() as m:
        m.setattr(delivery, "_mark_sent", killed)  # the server answered 250; the worker died before marking
        with pytest.raises(Killed):
            delivery.send_notifications([notice.pk])
    assert [m["To"] for m in smtp_sink.messages] == [notice.email]
    clock.move_to(after_lease)
    assert delivery.send_unsent() == 0
    assert delivery.send_notifications([notice.pk]) == 0
    assert [m["Message-ID"] for m in smtp_sink.messages] == [f"<notice-{notice.pk}@{message_id_domain()}>"]
    notice.refresh_from_db()
    assert notice.outcome == Outcome.HANDED and notice.sent_at == notice.handed_at == T0


def test_a_worker_killed_before_the_end_of_the_email_sends_it_again_once(
    notice, smtp_sink, clock, after_lease, monkeypatch
):
    def killed(n):
        raise Killed

    with monkeypatch.context() as m:
        m.setattr(delivery, "_mark_handed", killed)  # all the text is with the server, not the final "."
        with pytest.raises(Killed):
            delivery.send_notifications([notice.pk])
    notice.refresh_from_db()
    assert notice.handed_at is None and notice.sent_at is None
    clock.move_to(after_lease)
    assert delivery.send_unsent() == 1  # the server dropped the unfinished email: it goes now, once
    assert [m["To"] for m in smtp_sink.messages] == [notice.email]
    notice.refresh_from_db()
    assert notice.outcome == Outcome.SENT and notice.sent_at == after_lease == notice.handed_at


def test_a_refused_email_is_not_taken_as_handed_over(notice, smtp_sink, clock, after_lease):
    async def refuse(server, session, envelope):
        return "554 content refused"

    smtp_sink.handle_DATA = refuse
    assert delivery.send_notifications([notice.pk]) == 0
    notice.refresh_from_db()
    assert notice.handed_at is None and notice.sent_at is None and "554" in notice.last_error
    del smtp_sink.handle_DATA
    clock.move_to(after_lease)
    assert delivery.send_unsent() == 1
    assert [m["To"] for m in smtp_sink.messages] == [notice.email]


def test_the_backend_sends_the_text_as_smtplib_would(smtp_sink):
    """The text goes apart from its final ".": lines that start with a dot are still escaped, and
    the next email on the connection is its own."""
    body = ".hidden\r\n..two\r\nlast line without an end"
    handed = []
    with get_connection() as connection, smtp.before_end_of_data(lambda: handed.append(len(smtp_sink.messages))):
        for to in ("a@example.com", "b@example.com"):
            EmailMessage("Dots", body, "t@example.com", [to], connection=connection).send()
    assert handed == [0, 1]  # each before the server had it
    assert [m["To"] for m in smtp_sink.messages] == ["a@example.com", "b@example.com"]
    assert [m.get_content() for m in smtp_sink.messages] == [body + "\r\n"] * 2


def test_a_failing_mark_leaves_the_server_without_the_email(smtp_sink):
    def fail():
        raise RuntimeError("database gone")

    connection = get_connection()
    with smtp.before_end_of_data(fail), pytest.raises(RuntimeError):
        EmailMessage("Half", "text", "t@example.com", ["a@example.com"], connection=connection).send()
    EmailMessage("Whole", "text", "t@example.com", ["b@example.com"]).send()
    assert [m["Subject"] for m in smtp_sink.messages] == ["Whole"]


def test_a_server_that_drops_an_unanswered_email_gets_it_again_when_set_so(
    notice, smtp_sink, clock, after_lease, monkeypatch, settings
):
    """SEND_HANDED "again": for a mail server that drops a message whose sender left before its
    answer, the email goes again, with the same Message-ID."""
    settings.TRAILPOST = {**settings.TRAILPOST, "SEND_HANDED": "again"}

    def killed(n):
        raise Killed

    with monkeypatch.context() as m:
        m.setattr(delivery, "_mark_sent", killed)
        with pytest.raises(Killed):
            delivery.send_notifications([notice.pk])
    clock.move_to(after_lease)
    assert delivery.send_unsent() == 1
    first, second = smtp_sink.messages
    assert first["Message-ID"] == second["Message-ID"] == f"<notice-{notice.pk}@{message_id_domain()}>"
    notice.refresh_from_db()
    assert notice.outcome == Outcome.SENT and notice.sent_at == after_lease


def test_an_unknown_send_handed_is_an_error(settings):
    from notifications.checks import send_handed_is_known

    settings.TRAILPOST = {**settings.TRAILPOST, "SEND_HANDED": "Sent"}
    assert [e.id for e in send_handed_is_known(None)] == ["trailpost.E010"]
    settings.TRAILPOST = {**settings.TRAILPOST, "SEND_HANDED": "again"}
    assert send_handed_is_known(None) == []
