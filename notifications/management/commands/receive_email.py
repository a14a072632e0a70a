"""Reads one raw email on stdin and handles it as a move reply (an MTA pipes to this, e.g. Postfix:
`play: "|/srv/trailpost/.venv/bin/python /srv/trailpost/manage.py receive_email"`)."""
import sys

from django.core.management.base import BaseCommand

from notifications.inbound import handle_raw


class Command(BaseCommand):
    help = "Handle one raw email (RFC 5322) read from stdin as a reply to a move email."

    def add_arguments(self, parser):
        parser.add_argument("--recipient", action="append", default=[],
                            help="Envelope recipient (the MTA's $RECIPIENT), if the headers lack it.")

    def handle(self, *args, recipient, **options):
        raw = sys.stdin.buffer.read()
        result = handle_raw(raw, recipients=recipient)
        self.stdout.write(f"{result.outcome}: {result.detail}")
        # Exit 0 even for refused mail: a non-zero status would make the MTA bounce it to the sender.
