"""An SMTP server (aiosmtpd) that takes replies to move emails and plays them."""
import asyncio
import logging
import signal
import threading

from aiosmtpd.controller import Controller
from django.core.management.base import BaseCommand
from django.db import close_old_connections, connections

from notifications.inbound import handle_raw

log = logging.getLogger(__name__)


class ReplyHandler:
    """aiosmtpd handler: accepts play+ recipients and hands each message to the inbound handler."""

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if not address.lower().startswith("play+"):
            return "550 5.1.1 Only play+ addresses are served here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        loop = asyncio.get_running_loop()
        try:
            result = await loop.run_in_executor(None, _handle, envelope.original_content or envelope.content,
                                                list(envelope.rcpt_tos))
        except Exception:
            log.exception("inbound email failed")
            return "451 4.3.0 Could not handle the message now; try again later"
        return f"250 OK {result.outcome}"


def _handle(raw, recipients):
    close_old_connections()
    try:
        return handle_raw(raw, recipients=recipients)
    finally:
        connections.close_all()  # executor threads come and go: never leave a connection behind


def start_server(host: str = "127.0.0.1", port: int = 2525) -> Controller:
    """Starts the SMTP server in a background thread; call .stop() on the result."""
    controller = Controller(ReplyHandler(), hostname=host, port=port, data_size_limit=1_048_576)
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
