"""Process state: whether this process's last hand-off to the Celery broker failed.

Moves, notices, bots and standing orders hand work to the broker; while it is down each hand-off
fails, and the minute sweep takes the work up later. `broker_outage` says so once per outage per
process instead of once per hand-off (a minute's outage under play was hundreds of tracebacks).
"""

import logging
import os
import sys
import threading

from celery.signals import after_task_publish
from kombu.exceptions import OperationalError

log = logging.getLogger(__name__)


class _BrokerOutage:
    """Says once per process that the broker is unreachable, not once per hand-off: a broker down
    for a minute under play would otherwise log a line (and a traceback) per move. The first
    failed hand-off of an outage logs one warning line; the rest are counted silently until a task
    is published again (Celery's after_task_publish signal, whoever published it), which ends the
    outage with an info line. Errors that are not the broker's keep their traceback."""

    def __init__(self):
        self._reset()
        os.register_at_fork(after_in_child=self._reset)

    def _reset(self):
        self._lock = threading.Lock()
        self._missed = 0

    def failed(self, what: str) -> None:
        """Logs a failed hand-off of `what`; call it in the `except` block that caught the error."""
        exc = sys.exc_info()[1]
        if not isinstance(exc, (OperationalError, ConnectionError, TimeoutError)):
            log.warning("could not queue %s", what, exc_info=True)
            return
        with self._lock:
            self._missed += 1
            first = self._missed == 1
        if first:
            log.warning(
                "broker unreachable (%s): %s and what follows are left for the minute sweep; "
                "logged once until the broker answers again",
                exc,
                what,
            )

    def published(self, **kwargs) -> None:
        if not self._missed:  # the usual case: no lock, nothing to say
            return
        with self._lock:
            missed, self._missed = self._missed, 0
        if missed:
            log.info("broker reachable again; %d hand-off(s) failed meanwhile (the sweep takes them up)", missed)


broker_outage = _BrokerOutage()
after_task_publish.connect(broker_outage.published, weak=False, dispatch_uid="trailpost-broker-outage")
