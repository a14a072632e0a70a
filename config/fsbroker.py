"""Kombu's filesystem transport (`make run` without Redis), with each message whole before it can
be read.

Kombu creates a message's file under its final name and then writes it; a worker polling the folder
can take the file in between, read it empty and stop on a JSONDecodeError (seen in `make run`: the
worker died and honcho stopped everything). Here the message is written under a name the reader
skips (Kombu takes only "<time>_<uuid>.<queue>.msg") and renamed into place, which is atomic within
one folder. config/celery.py makes it the transport of filesystem:// URLs.
"""

from __future__ import annotations

import os
import uuid
from time import monotonic

from kombu.exceptions import ChannelError
from kombu.transport import filesystem
from kombu.utils.encoding import str_to_bytes
from kombu.utils.json import dumps


class Channel(filesystem.Channel):
    def _put(self, queue, payload, **kwargs):
        final = os.path.join(self.data_folder_out, f"{int(round(monotonic() * 1000))}_{uuid.uuid4()}.{queue}.msg")
        partial = final + ".part"
        try:
            with open(partial, "wb") as f:
                f.write(str_to_bytes(dumps(payload)))
            os.replace(partial, final)
        except OSError as exc:
            raise ChannelError(f"Cannot add file {final!r} to directory") from exc


class Transport(filesystem.Transport):
    Channel = Channel
