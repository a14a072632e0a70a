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

    return run()


@shared_task(acks_late=True)
def send_digests() -> int:
    from .outbox import send_digests as run

    return run()


@shared_task
def apply_standing_orders(game_id: int) -> int:
    from .standing import apply_standing_orders as run

    return run(game_id)
