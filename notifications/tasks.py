"""Celery tasks of the notifications app (thin wrappers around services)."""
from celery import shared_task


@shared_task
def apply_standing_orders(game_id: int) -> int:
    from .standing import apply_standing_orders as run

    return run(game_id)
