"""Handing committed notices to Celery: state of the process (web server or worker), by thread.

Publishing a task costs about a millisecond of CPU (kombu builds a Redis pipeline per message),
and a busy web worker commits many changes a second; the sweep commits hundreds of timeouts in
one task. So the notices a thread commits while it serves a web request, or runs a Celery task,
are gathered by that thread, and handed over in one `send_notifications` task: a task's when it
ends, a web request's once its response has gone (at most one task per process every
HANDOFF_SECONDS, on a timer). Anything else (a management command, a shell, tasks run inline
in tests) hands its notices over at each commit. Waiting loses nothing: the rows are committed, and if the process dies
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
    """When committed notices are handed over. Each thread gathers its own: while it serves a
    request, runs a Celery task or is inside `gathered()` (its scope, a list of notice ids), and a
    scope's ids go when it ends, whoever else in the process is gathering. Only requests wait a
    little longer: their ids join the process's web list, which a timer hands over at most every
    HANDOFF_SECONDS, so a busy web worker sends one task for many requests."""

    def __init__(self):
        self._local = threading.local()
        self._reset()
        os.register_at_fork(after_in_child=self._reset)
        atexit.register(self.flush)

    def _reset(self):
        self._lock = threading.Lock()
        self._web_ids: list[int] = []  # from finished requests, waiting for the timer
        self._timer = None

    # -- what the outbox calls -------------------------------------------------------------------
    def after_commit(self, rows: list[Notification]) -> None:
        """Hands these notices over once the current transaction commits (now, outside one)."""
        transaction.on_commit(lambda: self._committed([n.pk for n in rows if n.pk is not None]))

    def _committed(self, ids: list[int]) -> None:
        if not ids:
            return
        scope = getattr(self._local, "scope", None)
        if scope is None or _eager():
            hand_to_celery(ids)
        else:
            scope.extend(ids)

    def _open(self, kind: str) -> None:
        self._local.scope, self._local.kind = [], kind

    def _close(self, kind: str) -> list[int]:
        """Ends this thread's scope if it is of that kind; returns its ids."""
        if getattr(self._local, "kind", None) != kind:
            return []
        ids = self._local.scope
        self._local.scope, self._local.kind = None, None
        return ids

    # -- scopes, opened and closed by signals (NotificationsConfig.ready) ------------------------
    def request_started(self, **kwargs):
        stale = self._close("request")  # a request whose end was never signalled: its ids go too
        if stale:
            with self._lock:
                self._web_ids.extend(stale)
        self._open("request")

    def request_finished(self, **kwargs):
        ids = self._close("request")
        if not ids:
            return
        delay = settings.TRAILPOST["HANDOFF_SECONDS"]
        with self._lock:
            self._web_ids.extend(ids)
            if delay > 0:
                if self._timer is None:
                    self._timer = threading.Timer(delay, self.flush)
                    self._timer.daemon = True
                    self._timer.start()
                return
        self.flush()

    def task_started(self, task=None, **kwargs):
        if task is not None and not task.request.is_eager:
            self._open("task")

    def task_finished(self, task=None, **kwargs):
        ids = self._close("task")
        if ids:
            hand_to_celery(ids)

    @contextlib.contextmanager
    def gathered(self):
        """Gathers what this thread commits inside the block and hands it over at its end, in one
        task (what a Celery task's run does; a benchmark that runs the sweep in its own process)."""
        outer = (getattr(self._local, "scope", None), getattr(self._local, "kind", None))
        self._open("block")
        try:
            yield
        finally:
            ids = self._local.scope
            self._local.scope, self._local.kind = outer
            if ids:
                hand_to_celery(ids)

    def flush(self) -> None:
        """Hands over the finished requests' notices now, in one task (the timer's work)."""
        with self._lock:
            ids, self._web_ids = self._web_ids, []
            if self._timer is not None:
                self._timer.cancel()
            self._timer = None
        if ids:
            hand_to_celery(ids)


def _eager() -> bool:
    """Whether tasks run inline (tests without a worker): then nothing waits for a scope's end."""
    return bool(current_app.conf.task_always_eager)


handoff = HandOff()
