"""Celery tasks of the notifications app (thin wrappers around services)."""
import logging

from celery import shared_task

log = logging.getLogger(__name__)

# Tries after the first one, WEBHOOK_RETRY_SECONDS (60) after it, then twice as long each time:
# 1, 2, 4, 8, 16 and 32 minutes later. The longest pause stays under Redis's visibility timeout
# (an hour), past which the broker would hand a waiting retry out a second time.
WEBHOOK_RETRIES = 6


@shared_task(acks_late=True)
def send_notifications(ids: list[int]) -> int:
    """Sends committed notices (each is claimed first, so a redelivered task sends nothing twice)."""
    from .outbox import send_notifications as run

    return run(ids)


@shared_task(bind=True, acks_late=True, max_retries=WEBHOOK_RETRIES)
def post_webhook(self, notice_id: int) -> bool:
    """Posts a sent notice to its player's webhook, trying again with growing pauses while the
    chat server fails; the email already went, so after the last try it is given up (logged)."""
    from django.conf import settings

    from .outbox import deliver_webhook

    if deliver_webhook(notice_id):
        return True
    if self.request.is_eager:  # run inline (tests, no worker): nothing can wait for a later try
        return False
    if self.request.retries >= self.max_retries:
        log.warning("webhook of notice %s given up after %d tries", notice_id, self.request.retries + 1)
        return False
    raise self.retry(countdown=settings.TRAILPOST["WEBHOOK_RETRY_SECONDS"] * 2 ** self.request.retries)


@shared_task(acks_late=True)
def sweep() -> dict:
    """The minute sweep: reminders, deadline timeouts, stuck bots and standing orders, unsent notices."""
    from .deadlines import sweep as run

    return run(fan_out=not sweep.app.conf.task_always_eager)


@shared_task(acks_late=True)
def send_digests() -> int:
    from .outbox import send_digests as run

    return run()


@shared_task
def apply_standing_orders(game_id: int) -> int:
    from .standing import apply_standing_orders as run

    return run(game_id)


@shared_task(acks_late=True)
def handle_due_games(game_ids: list[int], now: str | None = None) -> dict:
    """Handles the passed deadlines of some games (the sweep fans large batches out to this)."""
    from datetime import datetime

    from django.utils import timezone

    from .deadlines import handle_games

    moment = max(datetime.fromisoformat(now), timezone.now()) if now else timezone.now()
    return handle_games(game_ids, moment)
