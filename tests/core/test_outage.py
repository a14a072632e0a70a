"""core.outage.OutageLog, the one 'logged once per outage' the broker, the mail server and the cache
share: the first failure warns, the rest are counted, the first success after them says how many."""

import logging
import os

from core.outage import OutageLog

log = logging.getLogger("tests.core.outage")


def lines(caplog):
    return [(r.levelno, r.getMessage()) for r in caplog.records if r.name == log.name]


def test_an_outage_is_one_line_when_it_starts_and_one_when_it_ends(caplog):
    outage = OutageLog(log)
    with caplog.at_level(logging.INFO, logger=log.name):
        outage.answered("back after %(failures)d")  # no outage: nothing to say
        for n in range(3):
            outage.failed("down (%s)", n)
        outage.answered("back after %(failures)d")
        outage.answered("back after %(failures)d")
        outage.failed("down (%s)", "again")
    assert lines(caplog) == [
        (logging.WARNING, "down (0)"),
        (logging.INFO, "back after 3"),
        (logging.WARNING, "down (again)"),
    ]


def test_the_end_of_an_outage_may_be_a_warning_and_reset_forgets_one(caplog):
    outage = OutageLog(log, recovery_level=logging.WARNING)
    with caplog.at_level(logging.INFO, logger=log.name):
        outage.failed("down")
        outage.answered("back")  # a message without the count
        outage.failed("down")
        outage.reset()
        outage.answered("back")
    assert lines(caplog) == [(logging.WARNING, "down"), (logging.WARNING, "back"), (logging.WARNING, "down")]


def test_a_forked_child_starts_with_no_outage_and_the_parent_keeps_its_own(caplog):
    """The child (a Celery pool process) warns at its own first failure and has no outage to end;
    it reports what it logged through a pipe."""
    outage = OutageLog(log)
    with caplog.at_level(logging.INFO, logger=log.name):
        outage.failed("down in the parent")
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: the test's log capture is the parent's, so it counts records itself
            seen = []
            handler = logging.Handler()
            handler.emit = lambda record: seen.append(record.getMessage())
            log.addHandler(handler)
            outage.answered("back after %(failures)d")  # no outage of its own to end
            outage.failed("down in the child")
            os.write(write, "|".join(seen).encode())
            os._exit(0)
        os.close(write)
        os.waitpid(pid, 0)
        with os.fdopen(read) as pipe:
            assert pipe.read() == "down in the child"
        outage.answered("back after %(failures)d")
    assert lines(caplog) == [(logging.WARNING, "down in the parent"), (logging.INFO, "back after 1")]
