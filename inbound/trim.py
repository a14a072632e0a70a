"""What a person wrote in a reply, cut from the email it quotes.

mail-parser-reply splits the reply at the quote headers of the common clients ("On ... wrote:"
of Gmail, Apple Mail and Thunderbird, even wrapped; Outlook's From:/Sent: block and
"-----Original Message-----"). That split is made once, in `reply_part`; a move reads the one
line of it that holds the answer (`first_line`), a message at the table all of it (`reply_text`).
The text is cut before the library reads it, so that none of its regular expressions can take
long (its quote headers take seconds on one 40,000-character line): a move is on one short line,
and a quoted menu is a few thousand characters.
"""

from __future__ import annotations

from dataclasses import dataclass

from mailparser_reply.parser import EmailMessage as ReplyMessage

MAX_REPLY_CHARS = 40_000
MAX_LINE_CHARS = 400
# Quote headers ("On ... wrote:", "Am ... schrieb:", Outlook's From:/Sent: block) in these languages.
REPLY_LANGUAGES = ("en", "de", "fr", "es", "it", "nl")


@dataclass(frozen=True)
class ReplyPart:
    """The part of a reply its writer wrote: its lines (right-stripped, quoted "> " lines and the
    signature still in them), and whether it stands below the quote header (bottom-posted)."""

    lines: list[str]
    bottom_posted: bool


def _clipped(text: str) -> str:
    return "\n".join(line[:MAX_LINE_CHARS] for line in text[:MAX_REPLY_CHARS].splitlines())


def _quoted(line: str) -> bool:
    return line.lstrip().startswith(">")


def _signature(line: str) -> bool:
    return line.strip() == "--"  # "-- ", the signature's separator


def reply_part(text: str) -> ReplyPart | None:
    """Returns what a reply says above its first quote header (top-posted), or below it when the
    reply starts with one (bottom-posted); None when it says nothing (an empty reply, or one whose
    quote header has nothing quoted below it: an unquoted original, as Outlook's)."""
    text = _clipped(text)
    if not text.strip():
        return None
    replies = ReplyMessage(text=text, languages=list(REPLY_LANGUAGES), keep_hyphen_lists=True).read().replies
    if not replies:
        return None
    first = replies[0]
    lines = [line.rstrip() for line in first.full_body.splitlines()]
    if first.headers and not any(_quoted(line) for line in lines):
        return None
    return ReplyPart(lines, bottom_posted=bool(first.headers))


def first_line(text: str) -> str:
    """Returns the line of a reply that holds its answer, or "" when it has none.

    Top-posted: the first non-empty line above the first quote header, unless it is quoted.
    Bottom-posted: the first line below the header that is neither quoted (">") nor empty. Lines
    without a letter or digit (rules) are skipped; a signature ("-- ") ends the search."""
    part = reply_part(text)
    if part is None:
        return ""
    for line in part.lines:
        if part.bottom_posted and _quoted(line):
            continue
        if _signature(line) or _quoted(line):
            return ""
        if any(c.isalnum() for c in line):  # not a rule (Outlook's ____, html2text's * * *)
            return line.strip()
    return ""


def reply_text(text: str) -> str:
    """Returns everything a reply says above (or, bottom-posted, below) the quoted email, as for
    `first_line` but every line of it: the quote headers, quoted lines and the signature cut."""
    part = reply_part(text)
    if part is None:
        return ""
    kept = []
    for line in part.lines:
        if _signature(line):
            break
        if _quoted(line):
            if part.bottom_posted or not kept:
                continue
            break
        kept.append(line)
    return "\n".join(kept).strip()


def written_line(text: str) -> str:
    """Returns the first line of a reply's own text (`reply_text`, already cut from the quote) that
    has a letter or digit: what an answer quotes back as "You wrote"."""
    return next((line.strip() for line in text.splitlines() if any(c.isalnum() for c in line)), "")
