"""What an inbound message's raw bytes say before any parser reads them: the addresses in its top
headers (where the reply token is), and whether its shape is one a parser must not be given.

Python's email parser takes time in the number of MIME parts (28,000 flat parts: 11 s), of
headers and in the size of the headers it is asked about, so the limits are counted here in the
bytes, with the standard library's C-speed searches only: MIME delimiter lines (of the boundaries
the message declares), header blocks (the top one, each part's, and those of attached messages)
and the header lines in them. A message refused here costs a few milliseconds whatever its shape.
"""

from __future__ import annotations

import itertools
import re
from email.message import Message

from django.conf import settings

# Multipart containers a message may declare (one "boundary=" each): Python's parser takes time
# quadratic in their nesting (about 3 s at 2,000 deep).
MAX_MULTIPARTS = 50
# MIME delimiter lines ("--" and a declared boundary at the start of a line): a reply with HTML,
# inline pictures and attachments has a few dozen.
MAX_DELIMITERS = 200
# Bytes of all header blocks together (the top one, each part's, each attached message's), and
# header lines in them: a real reply has a few kilobytes, a hundred or so lines.
MAX_HEADER_BYTES = 64 * 1024
MAX_HEADER_LINES = 1000
# Top headers kept of the names handle_message reads (the addresses, the sender, robots' marks).
MAX_KEPT_HEADERS = 100
# Lines in all: the parser splits every one (200,000 short lines: 0.2 s). A megabyte of base64 or
# of quoted text has under 20,000.
MAX_LINES = 50_000

# Matched in the message lowercased (a literal prefix is found at C speed; IGNORECASE is ten
# times slower), the boundary's own bytes then taken from the message as it is.
_BOUNDARY = re.compile(rb"boundary\s*=")
_BOUNDARY_VALUE = re.compile(rb'boundary\s*=\s*(?:"([^"\r\n]{1,200})"|([^\s;"]{1,200}))')
_FOLD = re.compile(rb"\r?\n(?=[ \t])")
_BLOCK_END = re.compile(rb"\n\r?\n")
_HEADER_LINE = re.compile(rb"^[!-9;-~]{1,200}[ \t]*:", re.MULTILINE)
_NESTED_MESSAGE = re.compile(rb"content-type[ \t]*:[ \t\r\n]*message/", re.IGNORECASE)


def top_headers(data: bytes, names) -> Message:
    """Returns the top headers of a message that have one of the given names (the first
    MAX_KEPT_HEADERS of them, unfolded), found in at most MAX_HEADER_BYTES of its top header
    block by a search in bytes: no parser splits its other header lines, however many."""
    end = _block_end(data, -1)
    head = data[: min(end if end is not None else len(data), MAX_HEADER_BYTES)]
    wanted = re.compile(
        rb"^(" + b"|".join(re.escape(n.lower().encode()) for n in names) + rb")[ \t]*:(.*(?:\r?\n[ \t].*)*)",
        re.MULTILINE,
    )
    msg = Message()
    for match in itertools.islice(wanted.finditer(head.lower()), MAX_KEPT_HEADERS):
        value = _FOLD.sub(b"", head[match.start(2) : match.end(2)]).strip()
        msg[match.group(1).decode()] = value.decode("utf-8", "surrogateescape")
    return msg


def _block_end(data: bytes, newline: int) -> int | None:
    """Returns where the header block that starts after the line ending at `newline` ends (-1:
    the top block), or None when it runs past MAX_HEADER_BYTES without ending."""
    if data.startswith((b"\r\n", b"\n"), newline + 1):
        return newline + 1  # no header lines at all
    match = _BLOCK_END.search(data, max(newline, 0), newline + 1 + MAX_HEADER_BYTES + 2)
    if match is not None:
        return match.start() + 1
    return len(data) if len(data) - newline - 1 <= MAX_HEADER_BYTES else None


def _boundaries(data: bytes, lowered: bytes) -> set[bytes]:
    found = set()
    for match in _BOUNDARY_VALUE.finditer(lowered):
        group = 1 if match.start(1) >= 0 else 2
        found.add(data[match.start(group) : match.end(group)])
    return found


def _delimiters(data: bytes, boundaries: set[bytes]) -> list[int]:
    """Returns where each delimiter line of the given boundaries ends (its newline)."""
    ends = []
    for boundary in boundaries:
        mark, start = b"\n--" + boundary, 0
        while (found := data.find(mark, start)) >= 0:
            newline = data.find(b"\n", found + len(mark))
            if newline < 0:
                break
            ends.append(newline)
            start = newline
    return ends


class _Blocks:
    """The header blocks of a message, measured one after another against the limits."""

    def __init__(self, data: bytes):
        self.data, self.bytes, self.lines = data, 0, 0

    def measure(self, newline: int) -> str | None:
        """Measures the block after the line ending at `newline`, and the blocks of the messages
        it says follow (message/rfc822); returns why the limits are passed, or None."""
        while True:
            end = _block_end(self.data, newline)
            if end is None:
                return f"A header block is over {MAX_HEADER_BYTES} bytes."
            block = self.data[newline + 1 : end]
            self.bytes += len(block)
            self.lines += len(_HEADER_LINE.findall(block))
            if self.bytes > MAX_HEADER_BYTES:
                return f"Its headers are over {MAX_HEADER_BYTES} bytes in all."
            if self.lines > MAX_HEADER_LINES:
                return f"It has more than {MAX_HEADER_LINES} header lines."
            if not _NESTED_MESSAGE.search(block) or end >= len(self.data):
                return None
            newline = self.data.find(b"\n", end)  # the blank line that ends this block
            if newline < 0:
                return None


def refusal(data: bytes, size: int) -> tuple[str, str] | None:
    """Returns (outcome, why) when a message's bytes are refused before parsing: too big, a NUL
    byte, too many multipart containers or delimiter lines, header blocks too big or with too
    many lines, too many lines in all; None otherwise."""
    limit = settings.TRAILPOST["INBOUND_MAX_BYTES"]
    if size > limit:
        return "too_large", f"It is {size} bytes; the limit is {limit}."
    if b"\x00" in data:
        return "malformed", "It contains a NUL byte."
    lowered = data.lower()
    if len(_BOUNDARY.findall(lowered)) > MAX_MULTIPARTS:
        return "malformed", f"It has more than {MAX_MULTIPARTS} multipart parts."
    boundaries = _boundaries(data, lowered)
    if sum(data.count(b"\n--" + boundary) for boundary in boundaries) > MAX_DELIMITERS:
        return "malformed", f"It has more than {MAX_DELIMITERS} MIME parts."
    delimiters = _delimiters(data, boundaries)
    blocks = _Blocks(data)
    for newline in [-1, *sorted(delimiters)]:
        why = blocks.measure(newline)
        if why:
            return "malformed", why
    if data.count(b"\n") > MAX_LINES:
        return "malformed", f"It has more than {MAX_LINES} lines."
    return None
