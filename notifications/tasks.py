"""Celery tasks of the notifications app (thin wrappers around services)."""
from celery import shared_task


@shared_task(acks_late=True)
def send_notifications(ids: list[int]) -> int:
    """Sends committed notices (each is claimed first, so a redelivered task sends nothing twice)."""
    from .outbox import send_notifications as run

    return run(ids)


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
