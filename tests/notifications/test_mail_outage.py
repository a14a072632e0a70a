"""A mail server that cannot be reached: each claimed notice counts a try, with its error (shown in
admin), gives up its claim and is tried again after a growing pause (SEND_RETRY_SECONDS, 15 s,
then twice as long), not once the 10-minute claim lapses; the outage is logged once. Real SMTP (a
sink started and stopped), the clock moved with time-machine, and, end to end, a real worker."""

import logging
import time
from datetime import timedelta

import pytest
from aiosmtpd.controller import Controller
from django.urls import reverse

from notifications import delivery
from notifications.models import Notification, Outcome

from .conftest import T0, Sink, free_port, turn_seat
from .test_worker import play, wait_until


@pytest.fixture
def mail_server(settings):
    """An SMTP sink on a port of its own that the test stops and starts (`.down()`, `.up()`)."""

    class MailServer:
        def __init__(self):
            self.sink, self.port, self.controller = Sink(), free_port(), None
            settings.EMAIL_BACKEND = "notifications.smtp.EmailBackend"
            settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_USE_TLS = "127.0.0.1", self.port, False
            settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
            settings.EMAIL_TIMEOUT = 5

        def up(self):
            self.controller = Controller(self.sink, hostname="127.0.0.1", port=self.port)
            self.controller.start()

        def down(self):
            if self.controller is not None:
                self.controller.stop()
                self.controller = None

    server = MailServer()
    delivery.mail_outage.reset()
    yield server
    server.down()


def outage_lines(caplog):
    return [r for r in caplog.records if r.name == "notifications.delivery" and r.levelno >= logging.WARNING]


@pytest.mark.django_db
def test_a_mail_server_down_counts_a_try_for_each_notice_and_retries_within_a_minute(
    make_game, mail_server, clock, caplog, settings
):
    make_game()
    make_game()
    ids = list(Notification.objects.filter(sent_at__isnull=True).values_list("pk", flat=True))
    assert len(ids) >= 2
    with caplog.at_level(logging.INFO, logger="notifications.delivery"):
        assert delivery.send_notifications(ids) == 0

        def failed():
            return Notification.objects.filter(pk__in=ids)

        assert {(n.attempts, n.claimed_at, n.retry_at) for n in failed()} == {(1, None, T0 + timedelta(seconds=15))}
        assert all("refused" in n.last_error.lower() for n in failed())
        clock.move_to(T0 + timedelta(seconds=14))
        assert delivery.send_unsent() == 0 and set(failed().values_list("attempts", flat=True)) == {1}
        clock.move_to(T0 + timedelta(seconds=15))
        assert delivery.send_unsent() == 0  # still down: the second try, 30 s on
        assert {(n.attempts, n.retry_at) for n in failed()} == {(2, T0 + timedelta(seconds=45))}
        mail_server.up()
        clock.move_to(T0 + timedelta(seconds=45))
        assert delivery.send_unsent() == len(ids)
    assert sorted(m["To"] for m in mail_server.sink.messages) == sorted(n.email for n in failed())
    assert {(n.attempts, n.last_error) for n in failed()} == {(3, "")}
    lines = outage_lines(caplog)
    assert len(lines) == 1 and "unreachable" in lines[0].getMessage() and not lines[0].exc_info
    assert any("reachable again" in r.getMessage() for r in caplog.records if r.levelno == logging.INFO)


@pytest.mark.django_db
def test_a_failed_notice_shows_its_error_and_next_try_in_admin(make_game, mail_server, client, make_user):
    make_game()
    ids = list(Notification.objects.values_list("pk", flat=True))
    delivery.send_notifications(ids)
    client.force_login(make_user("mod", is_staff=True, is_superuser=True))
    page = client.get(reverse("admin:notifications_notification_changelist")).content.decode()
    assert "Connection refused" in page and "Retry at" in page


@pytest.mark.django_db
def test_the_retries_stop_after_the_most_tries(make_game, mail_server, clock):
    make_game()
    Notification.objects.update(attempts=delivery.MAX_ATTEMPTS - 1)
    ids = list(Notification.objects.values_list("pk", flat=True))
    assert delivery.send_notifications(ids) == 0
    mail_server.up()
    clock.move_to(T0 + timedelta(hours=1))
    assert delivery.send_unsent() == 0 and delivery.send_notifications(ids) == 0
    assert mail_server.sink.messages == []


@pytest.mark.xdist_group("worker")
@pytest.mark.django_db(transaction=True)
def test_with_a_worker_every_notice_goes_once_soon_after_the_server_is_back(
    live_worker, mail_server, make_game, settings
):
    """The worker's task comes back for the failed notices when they are due (no minute sweep
    runs here): all go, once each, within seconds of the server's return."""
    settings.TRAILPOST = {**settings.TRAILPOST, "SEND_RETRY_SECONDS": 1.0}
    games = [make_game() for _ in range(3)]
    for game in games:
        play(game, turn_seat(game), {"type": "end_turn"})
    notices = Notification.objects.all()
    count = notices.count()
    assert wait_until(lambda: notices.filter(attempts__gte=1).count() == count)
    assert not notices.filter(sent_at__isnull=False).exists()
    mail_server.up()
    back = time.monotonic()
    assert wait_until(lambda: notices.filter(sent_at__isnull=True).count() == 0, timeout=60)
    assert time.monotonic() - back < 30
    # Each game's first "your turn" is for a version its move passed: marked stale, not sent.
    assert notices.filter(outcome=Outcome.STALE).count() == len(games)
    current = notices.exclude(outcome=Outcome.STALE)
    assert len(mail_server.sink.wait_for(current.count())) == current.count() == count - len(games)
    assert sorted(m["To"] for m in mail_server.sink.messages) == sorted(current.values_list("email", flat=True))
