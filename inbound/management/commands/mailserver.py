"""An SMTP server (aiosmtpd) that takes replies to move emails and plays them.

Every message is answered for good: 250 once handled or recorded as refused (hostile mail and
robots' mail included: see inbound.route), 552 for one over TRAILPOST["INBOUND_MAX_BYTES"]
(also recorded), 554 if handling it failed in a way retrying cannot mend. Only an unreachable
database answers 451, so that the sending server tries again later.
"""

import asyncio
import logging
import signal
import threading

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP
from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import InterfaceError, OperationalError, close_old_connections, connections

from inbound.route import handle_raw, record_too_large

log = logging.getLogger(__name__)


class ReplyHandler:
    """aiosmtpd handler: accepts play+ (moves) and chat+ (table talk) recipients and hands each
    message to the inbound handler."""

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if not address.lower().startswith(("play+", "chat+", "help+")):
            return "550 5.1.1 Only play+, chat+ and help+ addresses are served here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        loop = asyncio.get_running_loop()
        try:
            result = await loop.run_in_executor(
                None,
                _in_thread,
                _handle,
                envelope.original_content or envelope.content,
                list(envelope.rcpt_tos),
                envelope.mail_from,
            )
        except (OperationalError, InterfaceError):
            log.warning("inbound email deferred: the database is unreachable", exc_info=True)
            return "451 4.3.0 Could not handle the message now; try again later"
        except Exception:
            # A bug, not an outage: retrying the same message would fail the same way for days.
            log.exception("inbound email failed")
            return "554 5.6.0 The message could not be handled"
        return f"250 OK {result.outcome}"


class ReplySMTP(SMTP):
    """aiosmtpd's SMTP session, recording a message refused as too big (aiosmtpd answers 552 and
    drops it without calling the handler) before the 552 goes out."""

    async def push(self, status: str):
        envelope = self.envelope
        if status.startswith("552") and envelope is not None and envelope.rcpt_tos:
            try:
                await asyncio.get_running_loop().run_in_executor(
                    None, _in_thread, _record_too_large, list(envelope.rcpt_tos), envelope.mail_from
                )
            except Exception:
                log.warning("an oversize inbound email could not be recorded", exc_info=True)
        await super().push(status)


def _record_too_large(recipients, mail_from):
    record_too_large(recipients=recipients, envelope_sender=mail_from, size=settings.TRAILPOST["INBOUND_MAX_BYTES"] + 1)


def _in_thread(func, *args):
    close_old_connections()
    try:
        return func(*args)
    finally:
        connections.close_all()  # executor threads come and go: never leave a connection behind


def _handle(raw, recipients, mail_from=None):
    return handle_raw(raw, recipients=recipients, envelope_sender=mail_from)


class ReplyController(Controller):
    def factory(self):
        return ReplySMTP(self.handler, **self.SMTP_kwargs)


def start_server(host: str = "127.0.0.1", port: int = 2525) -> Controller:
    """Starts the SMTP server in a background thread; call .stop() on the result."""
    controller = ReplyController(
        ReplyHandler(), hostname=host, port=port, data_size_limit=settings.TRAILPOST["INBOUND_MAX_BYTES"]
    )
    controller.start()
    return controller


class Command(BaseCommand):
    help = "Run an SMTP server that receives replies to move emails (play+<token>@...) and plays them."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=2525)

    def handle(self, *args, host, port, **options):
        controller = start_server(host, port)
        self.stdout.write(f"Trailpost mail server listening on {host}:{port}")
        stop = threading.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, lambda *a: stop.set())
        stop.wait()
        controller.stop()
