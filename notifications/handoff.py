"""Handing committed notices to Celery, with Django's `transaction.on_commit`.

The outbox writes notices in the transaction of the change behind them; once that transaction
commits, one `send_notifications` task takes all the notices it wrote. One task per transaction,
not one per change: publishing a task costs about a millisecond of CPU (kombu builds a Redis
pipeline per message), and the sweep times out a chunk of fifty games in one transaction. A
transaction that rolls back hands nothing over (Django drops its callbacks), and if the process
dies between the commit and the publish, or the broker is down, the minute `send_unsent` task
sends what was committed.
"""

from __future__ import annotations

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


class HandOver:
    """The notices written at one level of one transaction, sent in one task once it commits."""

    def __init__(self, rows: list[Notification]):
        self.rows = list(rows)
        self.done = False

    def send(self) -> None:
        """The on_commit callback: the rows have their ids by now (written in the transaction)."""
        self.done = True
        ids = [n.pk for n in self.rows if n.pk is not None]
        if ids:
            hand_to_celery(ids)


def send_after_commit(rows: list[Notification]) -> None:
    """Sends these notices once the current transaction commits (at once outside one), in the
    task of the other notices this transaction writes, if it has one waiting."""
    waiting = _waiting_hand_over()
    if waiting is not None:
        waiting.rows += rows
        return
    transaction.on_commit(HandOver(rows).send, robust=True)


def _waiting_hand_over() -> HandOver | None:
    """The hand-over registered at this very level of the open transaction, if it is still to run.

    Django keeps each on_commit callback with the savepoints open when it was registered, and
    drops it if one of them rolls back. Joining only a hand-over registered under the same
    savepoints keeps that: notices written inside a savepoint go with that savepoint's callback,
    and vanish with it. (A test's captureOnCommitCallbacks runs callbacks without removing them,
    hence `done`.)"""
    connection = transaction.get_connection()
    if not connection.in_atomic_block:
        return None
    here = set(connection.savepoint_ids)
    for savepoints, callback, _robust in reversed(connection.run_on_commit):
        hand_over = getattr(callback, "__self__", None)
        if isinstance(hand_over, HandOver) and savepoints == here and not hand_over.done:
            return hand_over
    return None
