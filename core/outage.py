"""Says once per process that something Trailpost talks to (the Celery broker, the mail server, the
Redis cache) cannot be reached, not once per failed call: a broker down for a minute under play
would otherwise log a line (and a traceback) per move, a mail server one per notice and try.
"""

import logging
import os
import threading


class OutageLog:
    """An outage's first failure logs one warning line; the failures after it are counted silently
    until a call succeeds again, which ends the outage with one line (at INFO unless told otherwise)
    giving the count. A forked child (a Celery pool process) starts with no outage."""

    def __init__(self, logger: logging.Logger, *, recovery_level: int = logging.INFO):
        self._log = logger
        self._recovery_level = recovery_level
        self.reset()

    def reset(self) -> None:
        """Forgets the outage under way, if any."""
        self._pid = os.getpid()
        self._lock = threading.Lock()
        self._failures = 0

    def _in_this_process(self) -> None:
        """Starts afresh in a forked child: the parent's outage, and its lock (which another of
        the parent's threads may have held at the fork), stay the parent's. Checked at each call
        rather than hooked on fork at import."""
        if self._pid != os.getpid():
            self.reset()

    def failed(self, message: str, *args) -> None:
        """Counts a failure; the first of an outage logs `message % args` as a warning."""
        self._in_this_process()
        with self._lock:
            self._failures += 1
            first = self._failures == 1
        if first:
            self._log.warning(message, *args)

    def answered(self, message: str) -> None:
        """Ends the outage under way, if any, logging `message` (`%(failures)d`: how many failed)."""
        self._in_this_process()
        if not self._failures:  # the usual case: no lock, nothing to say
            return
        with self._lock:
            failures, self._failures = self._failures, 0
        if failures:
            self._log.log(self._recovery_level, message, {"failures": failures})
