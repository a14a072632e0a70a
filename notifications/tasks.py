"""Celery tasks of the notifications app (thin wrappers around delivery and reminders)."""

import logging
from datetime import datetime, timedelta

from celery import shared_task
from django.conf import settings
from django.utils import timezone
from kombu.exceptions import OperationalError

from games.broker import broker_outage

from . import delivery, reminders

log = logging.getLogger(__name__)

# Tries after the first one, WEBHOOK_RETRY_SECONDS (60) after it, then twice as long each time:
# 1, 2, 4, 8, 16 and 32 minutes later. The longest pause stays under Redis's visibility timeout
# (an hour), past which the broker would hand a waiting retry out a second time.
WEBHOOK_RETRIES = 6


def _queue_webhooks(ids: list[int]) -> None:
    """Queues a webhook post per sent notice whose player has a webhook. They go in tasks of their
    own, after the emails: a slow or unreachable chat server holds up no one's email, and a failed
    post is tried again later. With the broker down they are posted now, once."""
    for pk in ids:
        try:
            post_webhook.apply_async((pk,), retry=False)
        except OperationalError:  # posted now, once, instead
            broker_outage.failed(f"the webhook of notice {pk} (posted now, without retries)")
            delivery.deliver_webhook(pk)


@shared_task(acks_late=True)
def send_notifications(ids: list[int], not_before: str | None = None) -> int:
    """Sends committed notices (each is claimed first, so a redelivered task sends nothing twice).
    Those still inside their grace window come back in a task of their own when it is over, and
    those that failed (the mail server down) when they are due again; the minute sweep
    (`send_unsent`) sends them if that task is lost (the broker down).

    A task that comes back carries the moment it was for (`not_before`, ISO): run before it, it
    does nothing and leaves them to the sweep. A worker holds it to its countdown, which ends
    after that moment; a task run inline (Celery's eager mode, with no worker to wait) runs at
    once, and would otherwise come back at once, and again, as long as they wait."""
    if not_before is not None and timezone.now() < datetime.fromisoformat(not_before):
        return 0

    def later(waiting: list[int], seconds: float) -> None:
        due = timezone.now() + timedelta(seconds=seconds)
        try:
            send_notifications.apply_async((waiting, due.isoformat()), countdown=seconds + 0.5, retry=False)
        except OperationalError:
            broker_outage.failed(f"{len(waiting)} notice(s) to send later (the minute sweep sends them)")

    return delivery.send_notifications(ids, then_webhooks=_queue_webhooks, then_later=later)


@shared_task(bind=True, acks_late=True, max_retries=WEBHOOK_RETRIES)
def post_webhook(self, notice_id: int) -> bool:
    """Posts a sent notice to its player's webhook, trying again with growing pauses while the
    chat server fails; the email already went, so after the last try it is given up (logged).
    Returns whether it was posted by this try."""
    if delivery.deliver_webhook(notice_id):
        return True
    if self.request.retries >= self.max_retries:
        log.warning("webhook of notice %s given up after %d tries", notice_id, self.request.retries + 1)
        return False
    # Not raised (throw=False): the next try is queued and this one ends as not posted. Celery's
    # eager mode (a task run inline) queues nothing then, as no worker would be there to wait.
    self.retry(countdown=settings.TRAILPOST["WEBHOOK_RETRY_SECONDS"] * 2**self.request.retries, throw=False)
    return False


@shared_task(acks_late=True)
def send_reminders() -> int:
    """Every minute: reminds players whose deadline is near."""
    return reminders.send_reminders(timezone.now())


@shared_task(acks_late=True)
def send_unsent() -> int:
    """Every minute: sends the notices still unsent (the broker was down, or a worker died)."""
    return delivery.send_unsent(then_webhooks=_queue_webhooks)


@shared_task(acks_late=True)
def send_digests() -> int:
    """Every morning: one email per player with the notices they asked to receive daily."""
    return delivery.send_digests()
