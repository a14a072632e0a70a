"""Django's SMTP backend, with a mark at the one moment that decides whether an email was sent.

A mail server takes responsibility for a message when it reads the line "." that ends its DATA
(RFC 5321 4.1.1.4): before it, a lost connection leaves nothing delivered (the server drops an
unfinished transaction); after it, the message is the server's to deliver. A sender killed between
that line and the server's answer cannot know which happened (RFC 1047). This backend sends the
message's text, then runs the caller's `before_end_of_data` callback (notifications.delivery
records that the notice was handed over), then writes the final "." and reads the answer: what a
killed worker leaves behind says on which side of that line it died.

Settings: EMAIL_BACKEND = "notifications.smtp.EmailBackend" (the default when EMAIL_HOST is set).
With any other backend nothing is recorded, and a notice whose worker died mid-send goes again.
"""

from __future__ import annotations

import contextlib
import contextvars
import re
import smtplib
import socket
from collections.abc import Callable, Iterator

from django.core.mail.backends.smtp import EmailBackend as DjangoEmailBackend

_before_end: contextvars.ContextVar[Callable[[], None] | None] = contextvars.ContextVar("before_end", default=None)
_LEADING_DOT = re.compile(rb"(?m)^\.")


@contextlib.contextmanager
def before_end_of_data(callback: Callable[[], None]) -> Iterator[None]:
    """Runs `callback` for each message sent within, once its whole text is with the server and
    just before the "." that ends it. If the callback raises, the "." is not sent: the server
    drops the message."""
    token = _before_end.set(callback)
    try:
        yield
    finally:
        _before_end.reset(token)


class _EndOfData:
    def data(self, msg):
        callback = _before_end.get()
        if callback is None or not isinstance(msg, bytes):  # Django sends bytes
            return super().data(msg)
        self.putcmd("data")
        code, reply = self.getreply()
        if code != 354:
            raise smtplib.SMTPDataError(code, reply)
        text = _LEADING_DOT.sub(b"..", msg)  # as smtplib quotes a line that starts with "."
        if not text.endswith(b"\r\n"):
            text += b"\r\n"
        self.send(text)
        try:
            callback()
        except BaseException:
            self.close()  # the "." never goes: the server drops the message, and no other can follow it
            raise
        self.send(b".\r\n")
        return self.getreply()

    def connect(self, *args, **kwargs):
        answer = super().connect(*args, **kwargs)
        # The final "." goes at once, not held back until the text before it is acknowledged.
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return answer


class _SMTP(_EndOfData, smtplib.SMTP):
    pass


class _SMTP_SSL(_EndOfData, smtplib.SMTP_SSL):
    pass


class EmailBackend(DjangoEmailBackend):
    """django.core.mail.backends.smtp.EmailBackend, with `before_end_of_data` honoured."""

    @property
    def connection_class(self):
        return _SMTP_SSL if self.use_ssl else _SMTP
