"""Process state: whether this process's last hand-off to the Celery broker failed.

Moves, notices, bots and standing orders hand work to the broker; while it is down each hand-off
fails, and the minute sweep takes the work up later. `broker_outage` says so once per outage per
process instead of once per hand-off (a minute's outage under play was hundreds of tracebacks).
"""

import logging
import sys

from kombu.exceptions import OperationalError

from core.outage import OutageLog

log = logging.getLogger(__name__)


class _BrokerOutage:
    """The broker's outage, logged once (core.outage.OutageLog): the first failed hand-off of an
    outage logs one warning line; the rest are counted silently until a task is published again
    (Celery's after_task_publish signal, whoever published it), which ends the outage with an info
    line. Errors that are not the broker's keep their traceback, every time. GamesConfig.ready
    connects `published` to the signal."""

    def __init__(self):
        self.log = OutageLog(log)

    def failed(self, what: str) -> None:
        """Logs a failed hand-off of `what`; call it in the `except` block that caught the error."""
        exc = sys.exc_info()[1]
        if not isinstance(exc, (OperationalError, ConnectionError, TimeoutError)):
            log.warning("could not queue %s", what, exc_info=True)
            return
        self.log.failed(
            "broker unreachable (%s): %s and what follows are left for the minute sweep; "
            "logged once until the broker answers again",
            exc,
            what,
        )

    def published(self, **kwargs) -> None:
        self.log.answered("broker reachable again; %(failures)d hand-off(s) failed meanwhile (the sweep takes them up)")


broker_outage = _BrokerOutage()
