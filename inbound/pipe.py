"""The inbound pipe an MTA runs for each reply (`scripts/receive_email.py`, which calls `main`):
the `receive_email` command, with what it needs to start around it.

A pipe runs with the MTA's environment, not the project's (Postfix's pipe(8) and local(8) pass
almost nothing), so the settings come from an environment file named by `--env-file FILE` or
TRAILPOST_ENV_FILE: lines `NAME=value` (`export ` before it, quotes around the value and
`#` comments allowed), which override the environment. Whatever fails, the settings, Django's
setup, the database, the command itself, the exit status is 75 (EX_TEMPFAIL: the MTA keeps the
message and tries again later) with one line on stderr; never 1, which the MTA would answer by
bouncing the player's reply with a traceback in it. 0 means the message was handled (played,
posted, refused, answered or recorded). The traceback goes to the file named by `--log-file` or
TRAILPOST_PIPE_LOG, when one is.

Only the standard library is imported here before the settings are read."""

from __future__ import annotations

import argparse
import os
import re
import sys
import traceback
from datetime import UTC, datetime
from pathlib import Path

EX_TEMPFAIL = 75  # sysexits.h: the MTA keeps the message and tries again later
ENV_FILE_VARIABLE = "TRAILPOST_ENV_FILE"
LOG_VARIABLE = "TRAILPOST_PIPE_LOG"
_ASSIGNMENT = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$")


def read_env_file(path: str) -> dict[str, str]:
    """Returns the variables an environment file sets. A line that is not `NAME=value` raises
    ValueError naming the line, not its text (which may hold a password)."""
    values = {}
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = _ASSIGNMENT.match(line)
        if match is None:
            raise ValueError(f"{path}, line {number}, is not NAME=value")
        name, value = match.groups()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[name] = value
    return values


def deferred(exc: BaseException, stream=None) -> None:
    """Says on one line why a message was not handled now (the MTA logs it with the deferral),
    and appends the traceback to the pipe's log file when one is named."""
    summary = " ".join(f"{type(exc).__name__}: {exc}".split())[:500]
    (stream or sys.stderr).write(f"receive_email: deferred, the mail server will try again later: {summary}\n")
    path = os.environ.get(LOG_VARIABLE)
    if not path:
        return
    try:
        with open(path, "a", encoding="utf-8") as log:
            log.write(f"{datetime.now(UTC).isoformat()} receive_email deferred a message\n")
            log.write("".join(traceback.format_exception(exc)))
    except OSError:
        pass  # the one line on stderr is all the MTA gets then


def main(argv: list[str] | None = None) -> int:
    """Reads the environment file, sets Django up and runs `receive_email` with the other
    arguments (--sender, --recipient); returns the exit status, 0 or 75."""
    try:
        parser = argparse.ArgumentParser(prog="receive_email", add_help=False)
        parser.add_argument("--env-file", default=os.environ.get(ENV_FILE_VARIABLE))
        parser.add_argument("--log-file", default=None)
        known, rest = parser.parse_known_args(argv)
        if known.log_file:
            os.environ[LOG_VARIABLE] = known.log_file
        if known.env_file:
            os.environ.update(read_env_file(known.env_file))
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        import django

        django.setup()
        from django.core.management import call_command

        call_command("receive_email", *rest)
    except SystemExit as exc:  # the command's own 75, or argparse refusing the arguments
        if exc.code in (0, None):
            return 0
        if exc.code != EX_TEMPFAIL:
            deferred(exc)
        return EX_TEMPFAIL
    except BaseException as exc:
        deferred(exc)
        return EX_TEMPFAIL
    return 0
