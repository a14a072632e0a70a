"""Reads one raw email on stdin and handles it as a reply (a move, or table talk).

An MTA runs this through `scripts/receive_email.py` (see inbound.pipe), which reads the
settings from an environment file and defers the message (exit 75) when Django cannot even start;
the README's Email section has the Postfix recipe. Run as `manage.py receive_email` it exits the
same way once Django is up: 0 when the message was handled (played, posted, refused, answered or
recorded as robots' or hostile mail: a non-zero status would bounce it to the sender), 75
(EX_TEMPFAIL: the MTA keeps it and tries again later) on any failure, with one line on stderr,
never a traceback."""

import sys

from django.conf import settings
from django.core.management.base import BaseCommand

from inbound.pipe import EX_TEMPFAIL, deferred
from inbound.route import handle_raw


class Command(BaseCommand):
    help = "Handle one raw email (RFC 5322) read from stdin as a reply to a move or chat email."

    def add_arguments(self, parser):
        parser.add_argument(
            "--recipient",
            action="append",
            default=[],
            help="Envelope recipient (the MTA's $RECIPIENT), if the headers lack it.",
        )
        parser.add_argument(
            "--sender", default=None, help="Envelope sender (the MTA's $SENDER; empty for a bounce's null sender)."
        )

    def handle(self, *args, recipient, sender, **options):
        try:
            raw, size = read_capped(sys.stdin.buffer, settings.TRAILPOST["INBOUND_MAX_BYTES"])
            result = handle_raw(raw, recipients=recipient, envelope_sender=sender, size=size)
        except Exception as exc:  # the database unreachable, or a bug: kept by the MTA, not bounced
            deferred(exc, self.stderr)
            sys.exit(EX_TEMPFAIL)
        self.stdout.write(f"{result.outcome}: {result.detail}")


def read_capped(stream, limit: int) -> tuple[bytes, int]:
    """Reads a stream to its end, keeping at most limit + 1 bytes; returns them and the full size
    (the MTA is given all it writes, so it sees a delivery, not a broken pipe)."""
    kept = stream.read(limit + 1)
    size = len(kept)
    while chunk := stream.read(1 << 16):
        size += len(chunk)
    return kept, size
