"""Handing committed notices to Celery, with Django's `transaction.on_commit`.

The outbox writes notices in the transaction of the change behind them; once that transaction
commits, one `send_notifications` task takes the notices of that change (a move's, a timeout's).
A transaction that rolls back hands nothing over (Django drops its callbacks, a savepoint's
with it), and if the process dies between the commit and the publish, or the broker is down,
the minute `send_unsent` task sends what was committed.
"""

from __future__ import annotations

from functools import partial

from celery import current_app
from django.db import transaction

from games.broker import broker_outage

from .models import Notification

SEND_TASK = "notifications.tasks.send_notifications"


def hand_to_celery(ids: list[int]) -> None:
    """Queues the sending of committed notices; if the broker is down the sweep sends them later.

    The task is looked up in Celery's registry by name (notifications.tasks registers it when
    the app is ready): the outbox writes through this module, and the tasks send through the
    outbox's neighbours, so neither imports the other."""
    try:
        current_app.tasks[SEND_TASK].apply_async((ids,), retry=False)
    except Exception:
        broker_outage.failed(f"{len(ids)} notice(s)")


def send_after_commit(rows: list[Notification]) -> None:
    """Sends these notices once the current transaction commits (at once outside one)."""
    transaction.on_commit(partial(_send_written, list(rows)), robust=True)


def _send_written(rows: list[Notification]) -> None:
    """The on_commit callback: the rows have their ids by now (written in the transaction)."""
    ids = [n.pk for n in rows if n.pk is not None]
    if ids:
        hand_to_celery(ids)
