"""Reads one raw email on stdin and handles it as a move reply (an MTA pipes to this, e.g. Postfix:
`play: "|/srv/trailpost/.venv/bin/python /srv/trailpost/manage.py receive_email"`, or with a
pipe(8) transport `argv=... receive_email --sender ${sender} --recipient ${recipient}`)."""

import sys

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import InterfaceError, OperationalError

from notifications.inbound import handle_raw

EX_TEMPFAIL = 75  # sysexits.h: the MTA keeps the message and tries again later


class Command(BaseCommand):
    help = "Handle one raw email (RFC 5322) read from stdin as a reply to a move email."

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
        raw, size = read_capped(sys.stdin.buffer, settings.TRAILPOST["INBOUND_MAX_BYTES"])
        try:
            result = handle_raw(raw, recipients=recipient, envelope_sender=sender, size=size)
        except (OperationalError, InterfaceError) as exc:
            self.stderr.write(f"database unreachable, try again later: {exc}")
            sys.exit(EX_TEMPFAIL)
        self.stdout.write(f"{result.outcome}: {result.detail}")
        # Exit 0 even for refused mail: a non-zero status would make the MTA bounce it to the sender.


def read_capped(stream, limit: int) -> tuple[bytes, int]:
    """Reads a stream to its end, keeping at most limit + 1 bytes; returns them and the full size
    (the MTA is given all it writes, so it sees a delivery, not a broken pipe)."""
    kept = stream.read(limit + 1)
    size = len(kept)
    while chunk := stream.read(1 << 16):
        size += len(chunk)
    return kept, size
