"""Handing committed notices to Celery: state of the process (web server or worker), by thread.

Publishing a task costs about a millisecond of CPU (kombu builds a Redis pipeline per message),
and a busy web worker commits many changes a second; the sweep commits hundreds of timeouts in
one task. So the notices committed while a thread serves a web request, or runs a Celery task,
are gathered, and handed over in one `send_notifications` task: a web request's once its response
has gone (at most one task per process every HANDOFF_SECONDS, on a timer), a task's when it
ends. Anything else (a management command, a shell, tasks run inline in tests) hands its notices
over at each commit. Waiting loses nothing: the rows are committed, and if the process dies
before handing them over the minute `send_unsent` task sends them.

The signals that open and close these scopes are connected in NotificationsConfig.ready; nothing
else reads this state, and what a service does never depends on it.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import threading

from celery import current_app
from django.conf import settings
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


class HandOff:
    """The notices this process has committed and not yet handed over, with the timer and the
    per-thread scope (serving a request, running a task) that decide when they go."""

    def __init__(self):
        self._local = threading.local()
        self._reset()
        os.register_at_fork(after_in_child=self._reset)
        atexit.register(self.flush)

    def _reset(self):
        self._lock = threading.Lock()
        self._ids: list[int] = []
        self._timer = None

    # -- what the outbox calls -------------------------------------------------------------------
    def after_commit(self, rows: list[Notification]) -> None:
        """Hands these notices over once the current transaction commits (now, outside one)."""
        transaction.on_commit(lambda: self._committed([n.pk for n in rows if n.pk is not None]))

    def _committed(self, ids: list[int]) -> None:
        if not ids:
            return
        if getattr(self._local, "scope", None) is None or _eager():
            hand_to_celery(ids)
            return
        with self._lock:
            self._ids.extend(ids)

    # -- scopes, opened and closed by signals ------------------------------------------------------
    def request_started(self, **kwargs):
        self._local.scope = "request"

    def request_finished(self, **kwargs):
        self._local.scope = None
        with self._lock:
            if not self._ids or self._timer is not None:
                return
            delay = settings.TRAILPOST["HANDOFF_SECONDS"]
            if delay > 0:
                self._timer = threading.Timer(delay, self.flush)
                self._timer.daemon = True
                self._timer.start()
                return
        self.flush()

    def task_started(self, task=None, **kwargs):
        if task is not None and not task.request.is_eager:
            self._local.scope = "task"

    def task_finished(self, task=None, **kwargs):
        if getattr(self._local, "scope", None) == "task":
            self._local.scope = None
            self.flush()

    @contextlib.contextmanager
    def gathered(self):
        """Gathers what this thread commits inside the block and hands it over at its end, in one
        task (what a Celery task's run does; a benchmark that runs the sweep in its own process)."""
        outer = getattr(self._local, "scope", None)
        self._local.scope = "block"
        try:
            yield
        finally:
            self._local.scope = outer
            if outer is None:
                self.flush()

    def flush(self) -> None:
        """Hands over everything gathered so far, in one task."""
        with self._lock:
            ids, self._ids = self._ids, []
            if self._timer is not None:
                self._timer.cancel()
            self._timer = None
        if ids:
            hand_to_celery(ids)


def _eager() -> bool:
    """Whether tasks run inline (tests without a worker): then nothing waits for a scope's end."""
    return bool(current_app.conf.task_always_eager)


handoff = HandOff()
