"""Moves by email reply: the one handler behind `manage.py receive_email`, `manage.py mailserver`
and anymail's inbound webhooks.

The reply-to address (play+<token>@...) says who moves: the token is signed (seat, game, version),
so the From header is never trusted. The first line the player wrote (above the quoted email, or
below it when bottom-posted: mail-parser-reply finds the quote headers; HTML-only mail is read
through html2text) is a move number from the email's menu or a move phrase; a typo is answered
with the closest move ("Did you mean 3. Scout?") and plays nothing. The move goes through
move_submit (channel "email", expected version from the token, idempotency key from the
Message-ID), and the player gets a confirmation or a clear error with a fresh menu, both written to
the outbox in the same transaction.

Nothing is played from, and nothing answered to, mail from robots (RFC 3834: auto-replies, bulk
and list mail, bounces) or hostile mail (too big, NUL bytes, broken encodings, MIME nested too
deep). A reply over the hourly cap (per reply address and sender, so neither replies to an old
email nor a stranger's use up the allowance of the current one; a refusal counts five times) is not read,
and answered once with when the player may reply again; "Not played" answers are capped per seat
and hour, so robots get silence. Such mail is recorded (InboundMessage) with why, and the handler
returns normally: a message that will never be accepted must not get a temporary SMTP error, or
the sending server retries it for days.

A reply to a chat email goes to its own address (chat+<token>@..., signed apart from play+
tokens): its text (all of it above the quoted email, not just the first line) is a message at the
game's table, posted by the poster the chat app registers (`register_chat_poster`). Mail to a
play+ address is only ever read as a move, and mail to a chat+ address only ever as a message.

An email that asks nothing (a hit, a game's end, "Played") has a help+ address (signed apart from
the others) as its Reply-To, not noreply@: a reply to it is neither a move nor a message, and is
answered once with how to play and talk by email (at most one such answer per seat an hour, within
the hourly caps above), so a person's reply never vanishes unanswered and a loop gets silence.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import copy
import difflib
import email
import email.errors
import email.message
import email.policy
import functools
import hashlib
import hmac
import json
import logging
import re
import urllib.parse
import uuid
from dataclasses import dataclass
from datetime import timedelta
from email.utils import parseaddr

import html2text
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ImproperlyConfigured, PermissionDenied, RequestDataTooBig, SuspiciousOperation
from django.db import DatabaseError, IntegrityError, transaction
from django.http import Http404, HttpResponse
from django.utils import timezone
from mailparser_reply.parser import EmailMessage as ReplyMessage

from core.errors import GameError
from games.models import Game, Move, Seat
from games.rules.base import IllegalAction
from games.selectors import legal_moves, named_event, seat_names, with_names
from games.services import move_submit

from . import rawmail
from .checks import webhook_provider, webhook_served
from .models import InboundMessage, Kind, Notification
from .outbox import decision_context, event_text, format_when, record_notice
from .tokens import (
    find_chat_token,
    find_help_token,
    find_reply_token,
    read_chat_token,
    read_help_token,
    read_reply_token,
)

log = logging.getLogger(__name__)

_ADDRESS_HEADERS = ("To", "Cc", "Delivered-To", "X-Original-To", "Envelope-To", "X-Envelope-To")
_NUMBER = re.compile(r"^(?:#|no\.?\s*|move\s+)?(\d{1,3})(?:[.):]|\s|$)", re.IGNORECASE)


@dataclass
class InboundResult:
    """What became of one inbound email (outcome is a short code; detail a sentence)."""

    # played | chat (a message posted) | duplicate | stale | not_understood | refused | forged |
    # no_token | over_cap (not read; answered once), and, neither played nor answered: auto_reply |
    # bulk | bounce | malformed | too_large
    outcome: str
    detail: str = ""
    game_id: int | None = None
    seq: int | None = None


def parse_message(raw: bytes | str):
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogateescape")
    return email.message_from_bytes(raw, policy=email.policy.default)


# Replies are cut before any library reads them, so no regular expression of theirs can take long
# (mail-parser-reply's quote headers take seconds on one 40,000-character line): the HTML given to
# html2text, then the text given to mail-parser-reply, whose lines are clipped too. A move is on
# one short line, and a quoted menu is a few thousand characters.
MAX_HTML_CHARS = 200_000
MAX_REPLY_CHARS = 40_000
MAX_LINE_CHARS = 400
# Quote headers ("On ... wrote:", "Am ... schrieb:", Outlook's From:/Sent: block) in these languages.
REPLY_LANGUAGES = ("en", "de", "fr", "es", "it", "nl")


def html_text(markup: str) -> str:
    """Returns the text of an HTML reply, quotes kept as "> " lines: html2text skips comments
    (Outlook's <!--[if mso]> blocks), <head> and <style>, and turns <blockquote> (Gmail's
    gmail_quote, Apple Mail's and Thunderbird's type=cite) into quoted lines."""
    converter = html2text.HTML2Text(bodywidth=0)
    converter.ignore_links = converter.ignore_images = converter.ignore_emphasis = True
    converter.ignore_tables = True
    try:
        return converter.handle(markup[:MAX_HTML_CHARS])
    except Exception:  # html2text on broken markup: no move rather than a crash
        log.warning("an HTML reply could not be converted to text", exc_info=True)
        return ""


def message_text(msg) -> str:
    """Returns the plain text of a message (from its HTML part when it has no plain one)."""
    try:
        part = msg.get_body(preferencelist=("plain", "html"))
    except Exception:
        part = None
    if part is None:
        part = msg if not msg.is_multipart() else None
    if part is None:
        return ""
    try:
        text = part.get_content()
    except Exception:
        payload = part.get_payload(decode=True) or b""
        text = payload.decode("utf-8", "replace")
    if part.get_content_type() == "text/html":
        text = html_text(text)
    return text


def _clipped(text: str) -> str:
    return "\n".join(line[:MAX_LINE_CHARS] for line in text[:MAX_REPLY_CHARS].splitlines())


def first_line(text: str) -> str:
    """Returns the line of a reply that holds its answer, or "" when it has none.

    mail-parser-reply splits the reply at the quote headers of the common clients ("On ... wrote:"
    of Gmail, Apple Mail and Thunderbird, even wrapped; Outlook's From:/Sent: block and
    "-----Original Message-----"). Top-posted: the first non-empty line above the first header,
    unless it is quoted. Bottom-posted (the reply starts with a quote header): the first line
    below it that is neither quoted (">") nor empty; an unquoted original (Outlook's) has none.
    Lines without a letter or digit (rules) are skipped; a signature ("-- ") ends the search."""
    text = _clipped(text)
    if not text.strip():
        return ""
    replies = ReplyMessage(text=text, languages=list(REPLY_LANGUAGES), keep_hyphen_lists=True).read().replies
    if not replies:
        return ""
    first = replies[0]
    lines = [line.strip() for line in first.full_body.splitlines()]
    if first.headers:  # bottom-posted, or nothing written above the quoted email
        if not any(line.startswith(">") for line in lines):
            return ""
        lines = [line for line in lines if not line.startswith(">")]
    for line in lines:
        if line in ("--", "-- ") or line.startswith(">"):
            return ""
        if any(c.isalnum() for c in line):  # not a rule (Outlook's ____, html2text's * * *)
            return line
    return ""


def reply_text(text: str) -> str:
    """Returns everything a reply says above (or, bottom-posted, below) the quoted email, as for
    `first_line` but every line of it: the quote headers, quoted lines and the signature cut."""
    text = _clipped(text)
    if not text.strip():
        return ""
    replies = ReplyMessage(text=text, languages=list(REPLY_LANGUAGES), keep_hyphen_lists=True).read().replies
    if not replies:
        return ""
    first = replies[0]
    lines = [line.rstrip() for line in first.full_body.splitlines()]
    if first.headers:  # bottom-posted, or nothing written above the quoted email
        if not any(line.lstrip().startswith(">") for line in lines):
            return ""
    kept = []
    for line in lines:
        if line.strip() in ("--", "-- "):
            break
        if line.lstrip().startswith(">"):
            if first.headers or not kept:
                continue
            break
        kept.append(line)
    return "\n".join(kept).strip()


def suggest(line: str, moves: list[dict]) -> dict | None:
    """Returns the menu entry a line that `choose` could not read most likely meant (a typo:
    "Scuot", "end teh turn"), or None: the closest label, else the one move whose words hold the
    closest match to a word of the line."""
    wanted = _norm(line)
    if not wanted or not moves or wanted.isdigit():
        return None
    labels: dict[str, dict] = {}
    words: dict[str, list[dict]] = {}
    for move in moves:
        label = _norm(move["label"])
        labels.setdefault(label, move)
        for word in set(label.split()):
            if len(word) >= 4 and not word.isdigit():
                words.setdefault(word, []).append(move)
    close = difflib.get_close_matches(wanted, list(labels), n=1, cutoff=0.75)
    if close:
        return labels[close[0]]
    found = set()
    for word in wanted.split():
        if len(word) < 4:
            continue
        for match in difflib.get_close_matches(word, list(words), n=1, cutoff=0.75):
            if len(words[match]) == 1:
                found.add(words[match][0]["index"])
    if len(found) == 1:
        return next(m for m in moves if m["index"] in found)
    return None


def _norm(s: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", s.lower()).split())


def choose(line: str, moves: list[dict]) -> dict | None:
    """Returns the menu entry a reply line picks: by number, or by its label (case-insensitive)."""
    if not line or not moves:
        return None
    match = _NUMBER.match(line)
    if match:
        index = int(match.group(1))
        return next((m for m in moves if m["index"] == index), None)
    wanted = _norm(line)
    exact = [m for m in moves if _norm(m["label"]) == wanted]
    if len(exact) == 1:
        return exact[0]
    prefix = [m for m in moves if _norm(m["label"]).startswith(wanted)] if len(wanted) >= 3 else []
    return prefix[0] if len(prefix) == 1 else None


def command_choice(game, seat, line: str) -> dict | None:
    """Returns the move a typed command of the game names (Engine.command: a space's code, a route
    between cities) as a menu entry {"label", "action"}, or None when the line is no command;
    raises IllegalAction with the engine's sentence when it is one that cannot be played now."""
    engine = game.engine
    try:
        action = engine.command(game.state, seat.position, line)
    except IllegalAction:
        raise
    except Exception:  # an engine's reading of commands must never cost the reply its answer
        log.exception("game %s: the engine could not read the command %r", game.pk, line[:80])
        return None
    if action is None:
        return None
    label = with_names(engine.action_label(game.state, seat.position, action), seat_names(game))
    return {"index": None, "label": label, "action": action}


# Outcomes of mail recorded without being handled: they do not count towards a seat's hourly cap.
UNHANDLED = ("auto_reply", "bulk", "bounce", "over_cap", "malformed", "too_large")
_AUTO_HEADERS = (
    "X-Autoreply",
    "X-Autorespond",
    "X-Autoresponder",
    "X-AutoReply-From",
    "X-Mail-Autoreply",
    "X-Autogenerated",
    "X-FC-MachineGenerated",
)
_BULK_PRECEDENCE = {"bulk", "junk", "list"}
# The top headers read of a raw message (handle_raw), before and instead of parsing it: the
# addresses, the sender, the Message-ID, and what robot_reason reads.
_READ_HEADERS = (
    *_ADDRESS_HEADERS,
    "From",
    "Message-ID",
    "Return-Path",
    "X-Failed-Recipients",
    "Content-Type",
    "Auto-Submitted",
    *_AUTO_HEADERS,
    "X-Auto-Response-Suppress",
    "Precedence",
    "X-Precedence",
    "List-Id",
    "List-Unsubscribe",
    "List-Post",
)
_ROBOT_LOCAL_PARTS = {"mailer-daemon", "postmaster"}
_TRANSFER_ENCODINGS = {"7bit", "8bit", "binary", "base64", "quoted-printable"}
_BAD_QUOTED_PRINTABLE = re.compile(rb"=(?![0-9A-Fa-f]{2}|[ \t]*(?:\r?\n|$))")
_BASE64_DEFECTS = (
    email.errors.InvalidBase64CharactersDefect,
    email.errors.InvalidBase64PaddingDefect,
    email.errors.InvalidBase64LengthDefect,
)


def safe_text(value, limit: int) -> str:
    """Returns text every database stores: no NUL (PostgreSQL refuses it) and no lone surrogates
    (undecodable bytes), at most `limit` characters."""
    text = str(value or "").replace("\x00", "")
    return text.encode("utf-8", "replace").decode("utf-8")[:limit]


def _header(msg, name: str) -> str:
    """Returns a header's values joined ("" when absent or unreadable: hostile headers must not crash)."""
    try:
        return " ".join(str(v) for v in (msg.get_all(name) or [])).strip()
    except Exception:
        return ""


def robot_reason(msg, envelope_sender: str | None = None) -> tuple[str, str] | None:
    """Returns (outcome, why) when the mail comes from a robot that must get no answer (RFC 3834):
    a bounce or report, auto-submitted mail, bulk or mailing-list mail; None for a person's mail.

    `envelope_sender` is the SMTP MAIL FROM when known ("" for the null sender <>); the pipe and
    webhooks also have the Return-Path header the final MTA writes from it."""
    if envelope_sender is not None and envelope_sender.strip() in ("", "<>"):
        return "bounce", "It came from the null sender (MAIL FROM:<>): a bounce or a report."
    if _header(msg, "Return-Path").replace(" ", "") == "<>":
        return "bounce", "Its Return-Path is empty (<>): a bounce or a report."
    for address in (_header(msg, "From"), envelope_sender or ""):
        local = parseaddr(address)[1].partition("@")[0].lower()
        if local in _ROBOT_LOCAL_PARTS:
            return "bounce", f"It came from {local.upper() if local == 'mailer-daemon' else local}."
    if msg.get_content_type() == "multipart/report" or _header(msg, "X-Failed-Recipients"):
        return "bounce", "It is a delivery or read report."
    auto = _header(msg, "Auto-Submitted").split(";")[0].split("(")[0].strip().lower()
    if auto and auto != "no":
        return "auto_reply", f"It is automatic mail (Auto-Submitted: {safe_text(auto, 40)})."
    for name in _AUTO_HEADERS:
        if _header(msg, name):
            return "auto_reply", f"It is an automatic reply ({name})."
    suppress = _header(msg, "X-Auto-Response-Suppress").lower()
    if "oof" in suppress or "autoreply" in suppress:  # Exchange's out-of-office replies
        return "auto_reply", "It is an automatic reply (X-Auto-Response-Suppress)."
    for name in ("Precedence", "X-Precedence"):
        precedence = _header(msg, name).lower()
        if precedence == "auto_reply":
            return "auto_reply", f"It is an automatic reply ({name}: auto_reply)."
        if precedence in _BULK_PRECEDENCE:
            return "bulk", f"It is bulk mail ({name}: {precedence})."
    for name in ("List-Id", "List-Unsubscribe", "List-Post"):
        if _header(msg, name):
            return "bulk", f"It is mailing-list mail ({name})."
    return None


def hostile_reason(msg) -> str | None:
    """Returns why a parsed message cannot be read safely (MIME nested too deep, an unknown
    transfer encoding, broken base64 or quoted-printable, text not valid in its charset or holding
    a NUL), or None. Walks the parts without recursion."""
    max_depth = settings.TRAILPOST["INBOUND_MAX_MIME_DEPTH"]
    stack = [(msg, 0)]
    while stack:
        part, depth = stack.pop()
        if depth > max_depth:
            return f"Its MIME parts are nested more than {max_depth} deep."
        payload = part.get_payload()
        if part.is_multipart():
            stack.extend((p, depth + 1) for p in payload if hasattr(p, "get_payload"))
            continue
        cte = str(part.get("Content-Transfer-Encoding") or "7bit").strip().lower()
        if cte not in _TRANSFER_ENCODINGS:
            return f"A part has an unknown transfer encoding ({safe_text(cte, 40)})."
        if (
            cte == "quoted-printable"
            and isinstance(payload, str)
            and _BAD_QUOTED_PRINTABLE.search(payload.encode("utf-8", "surrogateescape"))
        ):
            return "A part has broken quoted-printable."
        data = part.get_payload(decode=True) or b""
        if any(isinstance(d, _BASE64_DEFECTS) for d in part.defects):
            return "A part has broken base64."
        if part.get_content_maintype() != "text":
            continue
        charset = part.get_content_charset() or "utf-8"  # us-ascii by the RFC; utf-8 is its superset
        try:
            text = data.decode(codecs.lookup(charset).name)
        except LookupError:
            return f"A text part has an unknown charset ({safe_text(charset, 40)})."
        except UnicodeDecodeError:
            return f"A text part is not valid {safe_text(charset, 40)}."
        if "\x00" in text:
            return "A text part holds a NUL character."
    return None


def _message_key(msg, raw_hash: str) -> tuple[str, str]:
    message_id = safe_text(_header(msg, "Message-ID"), 300)
    basis = message_id or raw_hash
    return hashlib.sha256(basis.encode()).hexdigest(), message_id


def handle_raw(
    raw: bytes | str, *, recipients=(), envelope_sender: str | None = None, size: int | None = None
) -> InboundResult:
    """Handles one raw RFC 5322 message (stdin, SMTP). `size` is the message's full size when `raw`
    is only its beginning (the pipe stops reading at the cap).

    Nothing is parsed before the recipient's token is read, from the envelope and the top headers
    (read as bytes, at most rawmail.MAX_HEADER_BYTES of them), and verified: mail with no token,
    or one we did not issue, stops there. Then the message's shape is checked in its bytes
    (rawmail.refusal: size, MIME parts, header blocks), and only a message within the limits is
    parsed. A refusal costs milliseconds, whatever the message's shape."""
    data = raw.encode("utf-8", "surrogateescape") if isinstance(raw, str) else raw
    size = len(data) if size is None else size
    head = rawmail.top_headers(data, _READ_HEADERS)
    addressee = _addressee(head, recipients)
    unaddressed = _unaddressed(addressee, _sender(head, envelope_sender))
    if unaddressed is not None:
        return unaddressed
    raw_hash = hashlib.sha256(data).hexdigest()
    refusal = rawmail.refusal(data, size)
    if refusal is None:
        try:
            msg = parse_message(data)
        except Exception:  # what the limits let through and the parser still cannot read
            refusal = ("malformed", "It could not be parsed as an email.")
    if refusal is not None:
        return handle_message(head, addressee=addressee, raw_hash=raw_hash, size=size, refusal=refusal)
    return handle_message(
        msg, head=head, addressee=addressee, raw_hash=raw_hash, envelope_sender=envelope_sender, size=size
    )


def record_too_large(*, recipients, envelope_sender: str | None, size: int) -> None:
    """Records a message the SMTP server refused for its size before reading it whole."""
    handle_message(
        email.message.EmailMessage(),
        recipients=recipients,
        raw_hash=uuid.uuid4().hex,
        size=size,
        refusal=(
            "too_large",
            f"It was over the limit of {settings.TRAILPOST['INBOUND_MAX_BYTES']} bytes (refused with 552).",
        ),
    )


def handle_message(
    msg,
    *,
    head=None,
    recipients=(),
    addressee: _Addressee | None = None,
    raw_hash: str = "",
    envelope_sender: str | None = None,
    size: int | None = None,
    refusal: tuple[str, str] | None = None,
) -> InboundResult:
    """Handles one parsed email reply: plays the move it names, or explains why not (to the
    player when the mail came from a person, within the hourly cap). `head` is the message's top
    headers handle_raw took from its bytes (only those it reads; none parsed), read instead
    of msg's for the addresses, the sender and robots' marks; `addressee` what it found they name
    (else read here from `head` and the envelope's `recipients`). `refusal` is (outcome, why) for
    mail already found unreadable: it is recorded whoever it names, and never answered. Other
    mail stops at once, before anything else is read, unless it names a seat with a token we
    issued."""
    head = msg if head is None else head
    addressee = addressee or _addressee(head, recipients)
    sender = _sender(head, envelope_sender)
    if refusal is None:
        unaddressed = _unaddressed(addressee, sender)
        if unaddressed is not None:
            return unaddressed
        raw_hash, size, refusal = _parsed_refusal(msg, raw_hash, size)
    seat = addressee.seat
    key, message_id = _message_key(head, raw_hash)
    fields = {
        "message_key": key,
        "message_id": message_id,
        "sender": sender,
        "size": size or 0,
        "game_id": seat.game_id if seat else None,
        "seat": seat,
        "reply_token": _token_key(addressee.token, addressee.chat, addressee.help) if seat else "",
    }
    if refusal is not None:  # hostile mail is recorded whoever it names, and never answered
        log.warning("inbound email from %s refused: %s", sender, refusal[1])
        return _record(fields, *refusal)
    robot = robot_reason(head, envelope_sender)
    if robot is not None:
        log.info("inbound email from %s not answered: %s", sender, robot[1])
        result = _record(fields, *robot)
        if result.outcome == "auto_reply" and addressee.token is not None and seat.user_id and not seat.is_bot:
            # An out-of-office answered a move email: the player is probably away. The tables are
            # shown it; if their deadline passes first, an automatic vacation day is used
            # (games.clock.away, when they allow it); their next move clears it. Nothing is sent back.
            get_user_model().objects.filter(pk=seat.user_id).update(seems_away_since=timezone.now())
        return result
    if addressee.help is not None:
        return _help(fields, seat, addressee.help)
    if addressee.chat is not None:
        return _chat(fields, seat, addressee.chat, safe_text(reply_text(message_text(msg)), 4 * 2000))
    line = safe_text(first_line(message_text(msg)), 1000) if _will_read(seat, addressee.token) else ""
    return _handle(fields, seat, addressee.token, line)


def _will_read(seat, token) -> bool:
    """Whether a reply's text will be used: to play it (its email is current), or to quote it in
    an answer of refusal (while the hour's answers are not used up). Replies to a past email are
    not read once those answers are used up: a flood of them costs no more than their checks.
    (Versions only grow, so a reply to a past email cannot become current meanwhile.)"""
    if Game.objects.filter(pk=token.game_id, version=token.version).exists():
        return True
    since = timezone.now() - timedelta(hours=1)
    return _error_answers(seat, since) < settings.TRAILPOST["INBOUND_ERROR_REPLIES_PER_HOUR"]


@dataclass
class _Addressee:
    """Whom a message is for: the play+ or chat+ token found (text), what it names once verified,
    and the seat it names (None when no token verifies or the seat is not the game's)."""

    token_text: str | None
    chat_text: str | None
    token: object = None
    chat: object = None
    seat: Seat | None = None
    help_text: str | None = None
    help: object = None


def _addressee(head, recipients) -> _Addressee:
    """Reads the recipient's token from the envelope first, then the address headers."""
    addresses = list(recipients)
    for header in _ADDRESS_HEADERS:
        addresses.append(_header(head, header))
    token_text = find_reply_token(addresses)
    # A play+ address wins: such mail is a move or nothing, never a message at the table.
    chat_text = None if token_text else find_chat_token(addresses)
    help_text = None if token_text or chat_text else find_help_token(addresses)
    found = _Addressee(token_text, chat_text, help_text=help_text)
    found.token = read_reply_token(token_text) if token_text else None
    found.chat = read_chat_token(chat_text) if chat_text else None
    found.help = read_help_token(help_text) if help_text else None
    named = found.token or found.chat or found.help
    if named is not None:
        found.seat = Seat.objects.select_related("user", "game").filter(pk=named.seat_id, game_id=named.game_id).first()
    return found


def _sender(head, envelope_sender: str | None) -> str:
    return safe_text(_header(head, "From") or envelope_sender, 300)


def _unaddressed(addressee: _Addressee, sender: str) -> InboundResult | None:
    """Returns what becomes of mail that names no seat by a token we issued (nothing is recorded
    or answered: we cannot tell who really sent it, and answering forgeries would be
    backscatter), or None for mail that does."""
    if addressee.token_text is None and addressee.chat_text is None and addressee.help_text is None:
        log.info("inbound email from %s has no play+ address", sender)
        return InboundResult("no_token", "The message is not addressed to a play+ address.")
    if addressee.seat is None:
        token = addressee.token_text or addressee.chat_text or addressee.help_text
        log.warning("inbound email from %s with a forged reply token %r", sender, safe_text(token, 100))
        return InboundResult("forged", "The reply address is not one we issued.")
    return None


def _parsed_refusal(msg, raw_hash: str, size: int | None) -> tuple[str, int | None, tuple[str, str] | None]:
    """Checks a parsed message: its bytes first when it came from a webhook (anymail parsed it;
    they are rawmail's to check), then its parts (`hostile_reason`). Returns the raw hash, the
    size and (outcome, why) or None."""
    refusal = None
    if not raw_hash:  # from a webhook
        try:
            data = msg.as_bytes()
        except Exception:
            data = b""
            refusal = ("malformed", "It could not be read as an email.")
        raw_hash, size = hashlib.sha256(data).hexdigest(), len(data)
        refusal = refusal or rawmail.refusal(data, size)
    if refusal is None:
        try:
            why = hostile_reason(msg)
        except Exception:
            log.warning("inbound email could not be checked", exc_info=True)
            why = "It could not be read as an email."
        if why:
            refusal = ("malformed", why)
    return raw_hash, size, refusal


def _token_key(token, chat, help_token=None) -> str:
    """Returns what a verified reply address names, as the hourly cap counts it: one email's
    play+ address (seat, game, version), one chat email's chat+ address, or a seat's help+ one."""
    if help_token is not None:
        return f"help:{help_token.seat_id}-{help_token.game_id}"
    if token is not None:
        return f"play:{token.seat_id}-{token.game_id}-{token.version}"
    return f"chat:{chat.seat_id}-{chat.game_id}-{chat.message_id}"


def _record(fields: dict, outcome: str, why: str) -> InboundResult:
    """Records mail that is neither played nor answered."""
    try:
        with transaction.atomic():
            InboundMessage.objects.create(outcome=outcome, detail=safe_text(why, 2000), **fields)
    except IntegrityError:
        return InboundResult("duplicate", "This email was already handled.", game_id=fields["game_id"])
    return InboundResult(outcome, why, game_id=fields["game_id"])


# A reply that is neither played nor posted (not understood, refused, stale) counts this many times
# towards the hourly cap: a person playing sends few of them, a robot or a mail loop many.
REFUSAL_WEIGHT = 5
_PLAYS = ("played", "chat")


def _over_cap(seat, record, since) -> InboundResult | None:
    """Returns the refusal of a reply past the cap of replies read an hour (INBOUND_REPLIES_PER_HOUR;
    a refusal counts REFUSAL_WEIGHT times), or None while under it. Replies are counted per reply
    address (one email's play+ or chat+ address) and sender (the From header): a robot or a loop
    answering one email is stopped, while replies to an old email, or from a stranger who has an
    address, never use up the player's allowance for the email they answer now. The refusal says
    when the sender may reply again: when enough of the counted replies are an hour old."""
    counted = list(
        InboundMessage.objects.filter(
            seat=seat, sender=record.sender, reply_token=record.reply_token, received_at__gte=since
        )
        .exclude(pk=record.pk)
        .exclude(outcome__in=UNHANDLED)
        .order_by("received_at")
        .values_list("outcome", "received_at")
    )
    weights = [1 if outcome in _PLAYS else REFUSAL_WEIGHT for outcome, _ in counted]
    cap, used = settings.TRAILPOST["INBOUND_REPLIES_PER_HOUR"], sum(weights)
    if used < cap:
        return None
    # The sender may reply again an hour after the reply whose ageing out takes the count under the cap.
    last = since
    for (_, received_at), weight in zip(counted, weights, strict=True):
        used, last = used - weight, received_at
        if used < cap:
            break
    again = format_when(last + timedelta(hours=1), seat.user.time_zone if seat.user_id else None)
    sender = parseaddr(record.sender)[1] or "you"
    why = (
        f"It was not read: more than {cap} replies to this email came from {sender} within an hour (a reply "
        f"that cannot be played counts as {REFUSAL_WEIGHT}). You can reply again from {again}."
    )
    return InboundResult("over_cap", why, game_id=seat.game_id)


def _answer_over_cap(result: InboundResult, answer, seat, since) -> None:
    """Answers a reply past the cap once (`answer(why, over_cap=True)`), within the cap on
    answers of refusal, so robots and mail loops still get silence."""
    told = Notification.objects.filter(
        seat=seat, kind=Kind.REPLY_ERROR, created_at__gte=since, context__over_cap=True
    ).exists()
    answers = _error_answers(seat, since)
    if told:
        result.detail += " No answer was sent: the player was already told so within the hour."
    elif answers >= settings.TRAILPOST["INBOUND_ERROR_REPLIES_PER_HOUR"]:
        result.detail += f" No answer was sent: {answers} answers of refusal went to this seat this hour."
    else:
        answer(result.detail, over_cap=True)


def _error_answers(seat, since) -> int:
    """Returns how many answers of refusal ("Not played", "Not posted") went to the seat since."""
    return Notification.objects.filter(seat=seat, kind=Kind.REPLY_ERROR, created_at__gte=since).count()


def _handle(fields: dict, seat, token, line: str) -> InboundResult:
    """Records a person's reply and plays it, within the seat's hourly caps."""
    with transaction.atomic():
        try:
            with transaction.atomic():
                record = InboundMessage.objects.create(outcome="received", **fields)
        except IntegrityError:
            return InboundResult("duplicate", "This email was already handled.", game_id=token.game_id)
        game = Game.objects.select_for_update().get(pk=token.game_id)
        # Counted under the game's lock, so concurrent replies to one game see each other.
        since = timezone.now() - timedelta(hours=1)
        result = _over_cap(seat, record, since)
        if result is not None:
            answer = functools.partial(_reply_error, game, seat, "", in_reply_to=record.message_id)
            _answer_over_cap(result, answer, seat, since)
        else:
            answers = _error_answers(seat, since)
            error_cap = settings.TRAILPOST["INBOUND_ERROR_REPLIES_PER_HOUR"]
            result = _play(
                game,
                seat,
                token,
                line,
                idempotency_key=f"email:{record.message_key[:40]}",
                answer_errors=answers < error_cap,
                in_reply_to=record.message_id,
            )
            if answers >= error_cap and result.outcome in ("stale", "refused", "not_understood"):
                result.detail += f" No answer was sent: {answers} “Not played” answers went to this seat this hour."
        record.outcome, record.detail = result.outcome, safe_text(result.detail, 2000)
        record.save(update_fields=["outcome", "detail"])
    return result


# What posts a chat reply: chat.services.post_reply, registered by the chat app when it is ready
# (it builds on this app). Called as poster(seat=..., token=ChatToken, text=...); it raises
# GameError to refuse.
_chat_poster = None


def register_chat_poster(poster) -> None:
    """Sets what posts the text of a reply to a chat+ address (the chat app's service)."""
    global _chat_poster
    _chat_poster = poster


def _chat(fields: dict, seat, token, text: str) -> InboundResult:
    """Records a person's reply to a chat email and posts its text at the table, within the seat's
    hourly cap of replies (moves and messages together); never a move, whatever it says."""
    with transaction.atomic():
        try:
            with transaction.atomic():
                record = InboundMessage.objects.create(outcome="received", **fields)
        except IntegrityError:
            return InboundResult("duplicate", "This email was already handled.", game_id=token.game_id)
        Game.objects.select_for_update().filter(pk=token.game_id).values_list("pk", flat=True).first()
        # Counted under the game's lock, as replies with moves are: the cap is for both together.
        since = timezone.now() - timedelta(hours=1)
        result = _over_cap(seat, record, since)
        if result is not None:
            answer = functools.partial(_chat_refused, seat, text=text, in_reply_to=record.message_id)
            _answer_over_cap(result, answer, seat, since)
        else:
            result = _post_chat(seat, token, text, record, since)
        record.outcome, record.detail = result.outcome, safe_text(result.detail, 2000)
        record.save(update_fields=["outcome", "detail"])
    return result


# A reply may name several moves in a row on its first line: "B7; then draw from the warriors
# stack", "move to Hobbsford; pick up Coal; end the turn". Steps are split where a line that names no
# move as a whole has a semicolon or "then".
STEP_SPLIT = re.compile(r"\s*;\s*(?:and\s+)?(?:then\s+)?|\s*,?\s+(?:and\s+)?then\s+", re.IGNORECASE)


class _Unplayable(Exception):
    """A step of a reply that plays nothing: the outcome code and the sentence that says why."""

    def __init__(self, outcome: str, why: str):
        super().__init__(why)
        self.outcome, self.why = outcome, why


def _resolve(game, seat, text: str, moves: list[dict], *, first: bool) -> dict:
    """Returns the menu entry a step of a reply names (a number only in the first step: later
    ones come after the menu the email showed has changed), or raises _Unplayable."""
    if not first and _NUMBER.match(text):
        raise _Unplayable(
            "not_understood",
            f"“{text[:80]}” comes after another move, when the email's numbers no longer hold: "
            "name the move by its words.",
        )
    choice = choose(text, moves)
    if choice is None and text:
        try:
            choice = command_choice(game, seat, text)
        except IllegalAction as exc:  # a command of the game that cannot be played: nothing is
            raise _Unplayable("refused", exc.message) from None
    if choice is None:
        guess = suggest(text, moves)
        if guess is not None and first:  # a typo: nothing is played, the answer names the move
            why = f"I could not read a move in “{text[:80]}”. Did you mean {guess['index']}. {guess['label']}?"
        elif guess is not None:
            why = f"I could not read a move in “{text[:80]}”. Did you mean “{guess['label']}”?"
        else:
            why = f"I could not read a move in “{text[:80]}”." if text else "The reply had no move in it."
        if first:
            why += " Reply with the number of a move (or its words) on the first line."
        raise _Unplayable("not_understood", why)
    return choice


def _steps(line: str, moves: list[dict]) -> list[str]:
    """Returns the moves a reply's line names one after another: the whole line when it names one."""
    parts = [p for p in STEP_SPLIT.split(line) if p.strip()] if line else []
    if len(parts) < 2 or choose(line, moves) is not None:
        return [line]
    return parts


def _help(fields: dict, seat, token) -> InboundResult:
    """Records a person's reply to an email that asked nothing and answers it with how to play and
    talk by email: once an hour per seat at most, within the hourly caps, never for a seat whose
    player is no longer theirs."""
    with transaction.atomic():
        try:
            with transaction.atomic():
                record = InboundMessage.objects.create(outcome="received", **fields)
        except IntegrityError:
            return InboundResult("duplicate", "This email was already handled.", game_id=token.game_id)
        game = Game.objects.select_for_update().get(pk=token.game_id)
        since = timezone.now() - timedelta(hours=1)
        result = _over_cap(seat, record, since)
        if result is None:
            told = Notification.objects.filter(
                seat=seat, kind=Kind.REPLY_ERROR, created_at__gte=since, context__help=True
            ).exists()
            if told:
                result = InboundResult(
                    "help", "Not answered: how to play by email was already sent within the hour.", game_id=game.pk
                )
            elif _error_answers(seat, since) >= settings.TRAILPOST["INBOUND_ERROR_REPLIES_PER_HOUR"]:
                result = InboundResult("help", "Not answered: the hour's answers are used up.", game_id=game.pk)
            else:
                _reply_help(game, seat, in_reply_to=record.message_id)
                result = InboundResult("help", "Answered with how to play and talk by email.", game_id=game.pk)
        record.outcome, record.detail = result.outcome, safe_text(result.detail, 2000)
        record.save(update_fields=["outcome", "detail"])
    return result


def _reply_help(game, seat, in_reply_to=""):
    game, seat = _fresh(game, seat)
    if not seat.user_id:
        return
    ctx = {"help": True, "in_reply_to": in_reply_to, "active": game.status == Game.Status.ACTIVE}
    decision = decision_context(game, seat) if game.status == Game.Status.ACTIVE else {"moves": []}
    if decision["moves"]:
        ctx["decision"] = decision
    record_notice(kind=Kind.REPLY_ERROR, game=game, seat=seat, context=ctx, force=True)


def _play(game, seat, token, line, *, idempotency_key, answer_errors=True, in_reply_to="") -> InboundResult:
    """Plays the moves a reply names, in order, each through move_submit (the first with the
    email's version, each later one with the version the one before left); the answer goes in the
    reply's thread (`in_reply_to`). A later step that cannot be played stops there: what was
    played stays played, and the answer says what was not, and why."""
    if game.version != token.version:
        why = (
            "The game has moved on since that email was sent, so it was not played."
            if game.status == Game.Status.ACTIVE
            else f"This game is {game.get_status_display().lower()}."
        )
        if answer_errors:
            _reply_error(game, seat, line, why, in_reply_to)
        return InboundResult("stale", why, game_id=game.pk)
    moves = legal_moves(game, seat)
    if not moves:
        why = "You have no decision to make in this game right now."
        if answer_errors:
            _reply_error(game, seat, line, why, in_reply_to)
        return InboundResult("refused", why, game_id=game.pk)
    played, results, stopped = [], [], None
    for i, text in enumerate(_steps(line, moves)):
        if i:
            game = Game.objects.get(pk=game.pk)
            moves = legal_moves(game, seat)
            if not moves:
                stopped = (text, "You had no decision left to make by then.")
                break
        try:
            choice = _resolve(game, seat, text, moves, first=not i)
            result = move_submit(
                game=game,
                seat=seat,
                action=choice["action"],
                expected_version=token.version if not i else game.version,
                channel=Move.Channel.EMAIL,
                idempotency_key=idempotency_key if not i else f"{idempotency_key}:{i}",
                actor=seat.user,
            )
        except (_Unplayable, GameError) as exc:
            outcome, why = (exc.outcome, exc.why) if isinstance(exc, _Unplayable) else ("refused", exc.message)
            if i:
                stopped = (text, why)
                break
            if answer_errors:
                _reply_error(game, seat, line, why, in_reply_to)
            return InboundResult(outcome, why, game_id=game.pk)
        if not result.applied:
            if i:
                break
            return InboundResult("duplicate", "This move was already played.", game_id=game.pk, seq=result.move.seq)
        played.append(choice["label"])
        results.append(result)
    label = "; then ".join(played)
    _reply_ok(game, seat, label, results, in_reply_to, stopped=stopped)
    detail = f"Played: {label}"
    if stopped:
        detail += f". Not played: “{stopped[0][:80]}”: {stopped[1]}"
    return InboundResult("played", detail, game_id=game.pk, seq=results[-1].move.seq)


def _post_chat(seat, token, text: str, record, since) -> InboundResult:
    """Posts a chat reply's text at the table, or says why not (answering the writer in the
    thread, within the hourly cap of such answers)."""
    if not text:
        return InboundResult("not_understood", "The reply had no message in it.", game_id=token.game_id)
    if _chat_poster is None:
        return InboundResult("refused", "Table talk is not served here.", game_id=token.game_id)
    try:
        with transaction.atomic():
            message = _chat_poster(seat=seat, token=token, text=text)
    except GameError as exc:
        result = InboundResult("refused", exc.message, game_id=token.game_id)
        answers = _error_answers(seat, since)
        if answers < settings.TRAILPOST["INBOUND_ERROR_REPLIES_PER_HOUR"]:
            _chat_refused(seat, exc.message, text, record.message_id)
        else:
            result.detail += f" No answer was sent: {answers} answers of refusal went to this seat this hour."
        return result
    return InboundResult("chat", f"Posted message {message.pk}.", game_id=token.game_id)


def _chat_refused(seat, why: str, text: str, in_reply_to: str, **extra) -> None:
    """Tells the writer of a chat reply that was not posted why, in its thread (no menu: a chat
    reply is never a move); `extra` goes in the notice's context."""
    seat = Seat.objects.select_related("user", "game").get(pk=seat.pk)
    if not seat.user_id:
        return
    ctx = {"error": why, "line": first_line(text)[:200], "in_reply_to": in_reply_to, "chat": True, **extra}
    record_notice(kind=Kind.REPLY_ERROR, game=seat.game, seat=seat, context=ctx, force=True)


def _fresh(game, seat):
    return Game.objects.get(pk=game.pk), Seat.objects.select_related("user").get(pk=seat.pk)


def _reply_ok(game, seat, label, results, in_reply_to="", stopped=None):
    game, seat = _fresh(game, seat)
    if not seat.user_id:
        return
    names = seat_names(game)
    told = (event_text(named_event(e, names), seat.position) for result in results for e in result.events)
    ctx = {"played": label, "events": [t for t in told if t], "in_reply_to": in_reply_to}
    if stopped:
        ctx["not_played"] = {"step": stopped[0][:200], "why": stopped[1]}
    decision = decision_context(game, seat)
    if decision["moves"]:
        ctx["decision"] = decision
    record_notice(kind=Kind.REPLY_OK, game=game, seat=seat, context=ctx, force=True)


def _reply_error(game, seat, line, why, in_reply_to="", **extra):
    game, seat = _fresh(game, seat)
    if not seat.user_id:
        return
    ctx = {"error": why, "line": line[:200], "in_reply_to": in_reply_to, **extra}
    decision = decision_context(game, seat)
    if decision["moves"]:
        ctx["decision"] = decision
    record_notice(kind=Kind.REPLY_ERROR, game=game, seat=seat, context=ctx, force=True)


def on_anymail_inbound(sender, event, esp_name, **kwargs):
    """anymail's `inbound` signal: the provider's webhook delivered a message."""
    message = event.message
    recipients = [message.envelope_recipient] if getattr(message, "envelope_recipient", None) else []
    result = handle_message(message, recipients=recipients, envelope_sender=getattr(message, "envelope_sender", None))
    log.info("inbound email via %s: %s", esp_name, result.outcome)


def guard_inbound_webhook(view):
    """Wraps an anymail inbound webhook view: a message anymail itself cannot parse (MIME nested
    thousands deep, say) is recorded as refused and answered 200, not a 500 the provider retries.
    Refused credentials (400) and an unreachable database (500: the provider tries again later)
    go through unchanged."""

    @functools.wraps(view)
    def guarded(request, *args, **kwargs):
        try:
            refused = _webhook_shape_refusal(request)
            if refused is not None:  # refused before anymail's parser reads it (rawmail's limits)
                _record_webhook_refusal(request.body, refused)
                return HttpResponse(status=200)
            return view(request, *args, **kwargs)
        except RequestDataTooBig:  # over DATA_UPLOAD_MAX_MEMORY_SIZE: Django's 400 would be retried for days
            size = int(request.META.get("CONTENT_LENGTH") or 0)
            handle_message(
                email.message.EmailMessage(),
                raw_hash=uuid.uuid4().hex,
                size=size,
                refusal=(
                    "too_large",
                    f"The provider's webhook posted {size} bytes, more than "
                    "Django takes (DATA_UPLOAD_MAX_MEMORY_SIZE).",
                ),
            )
            return HttpResponse(status=200)
        except (SuspiciousOperation, PermissionDenied, Http404, DatabaseError, ImproperlyConfigured):
            raise  # refused credentials, an unreachable database, a provider set up wrong: not the message
        except Exception:
            log.warning("an inbound webhook's message could not be parsed", exc_info=True)
            try:
                body = request.body
            except Exception:  # read as a stream (file uploads): only the size is known
                body = b""
            _record_webhook_refusal(
                body, ("malformed", "The provider's webhook delivered a message that could not be parsed.")
            )
            return HttpResponse(status=200)

    return guarded


def _record_webhook_refusal(body: bytes, refusal: tuple[str, str]) -> None:
    """Records a refused webhook post (under the reply token its first bytes name, if any)."""
    head = urllib.parse.unquote(body[: settings.TRAILPOST["INBOUND_MAX_BYTES"]].decode("latin-1"))
    token = find_reply_token([head])
    handle_message(
        email.message.EmailMessage(),
        recipients=[f"play+{token}@"] if token else [],
        raw_hash=hashlib.sha256(body).hexdigest(),
        size=len(body),
        refusal=refusal,
    )


def _webhook_authorized(request) -> bool:
    """Whether the post carries the webhook's basic-auth secret (as anymail checks it): only then
    is its body read here; anything else goes to anymail's view, which refuses it, storing nothing."""
    secrets = (settings.ANYMAIL or {}).get("WEBHOOK_SECRET") or []
    secrets = [secrets] if isinstance(secrets, str) else list(secrets)
    sent = request.META.get("HTTP_AUTHORIZATION", "").encode()
    return any(hmac.compare_digest(sent, b"Basic " + base64.b64encode(secret.encode())) for secret in secrets if secret)


# JSON inside a JSON string or a form field (SNS's "Message", Mandrill's "mandrill_events") is read
# this deep; deeper is not a provider's post.
_JSON_IN_STRINGS = 3


def _base64_message_field(node: dict) -> str | None:
    """The field of a provider's JSON object that holds the raw message base64-encoded, as anymail
    reads it: Amazon SES's "content" when its receipt action says BASE64, SparkPost's
    "email_rfc822" when "email_rfc822_is_base64", Postal's "message" when "base64"; None for any
    other (an attachment's base64 is not parsed as a message)."""
    receipt = node.get("receipt")
    action = receipt.get("action") if isinstance(receipt, dict) else None
    if isinstance(action, dict) and action.get("encoding") == "BASE64" and "content" in node:
        return "content"
    if node.get("email_rfc822_is_base64") is True:
        return "email_rfc822"
    if node.get("base64") is True and "message" in node:
        return "message"
    return None


# A string of base64 only (an attachment's content, posted by Postmark, Mailjet...): anymail does
# not parse it as a message, so it is not counted as text (its one long line would pass for a
# header block over the limit); a provider's raw message in base64 is decoded and counted instead.
_BASE64_ONLY = re.compile(r"[A-Za-z0-9+/=\r\n]{64,}")
# A string that holds a message of its own (its first line a header, or an mbox "From " line):
# counted as one, apart from the post's other text; a post holds one, or a few.
_LIKE_A_MESSAGE = re.compile(r"(?:From [^\n]*\n)?[!-9;-~]{1,200}[ \t]*:[^\n]*\n")
MAX_WEBHOOK_MESSAGES = 20


def _json_strings(value, depth: int = 0) -> tuple[list[str], list[bytes]]:
    """Returns the strings of a decoded JSON value (JSON held in its strings read as JSON, its line
    breaks unescaped; base64 attachments left out), and apart the messages it holds: raw ones
    base64-encoded, decoded, and strings that read as a message."""
    texts: list[str] = []
    messages: list[bytes] = []
    stack = [(value, depth)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, dict):
            encoded = _base64_message_field(node)
            for key, item in node.items():
                if key == encoded and isinstance(item, str):
                    messages.append(binascii.a2b_base64(item.encode("ascii")))
                else:
                    stack.append((item, level))
        elif isinstance(node, list):
            stack.extend((item, level) for item in node)
        elif isinstance(node, str):
            inner = _embedded_json(node, level)
            if inner is not None:
                stack.append((inner, level + 1))
            elif _BASE64_ONLY.fullmatch(node):
                continue
            else:
                texts.append(node)
                if _LIKE_A_MESSAGE.match(node):
                    messages.append(node.encode("utf-8", "surrogatepass"))
    return texts, messages


def _embedded_json(text: str, level: int):
    """The JSON value a string holds (an object or a list), or None."""
    if level >= _JSON_IN_STRINGS or text.lstrip()[:1] not in ("{", "["):
        return None
    try:
        return json.loads(text)
    except ValueError:
        return None


def _webhook_texts(request) -> list[bytes]:
    """What a provider's post carries, as rawmail can count it: its text (a form's fields decoded,
    where the raw message is one of them; a JSON body's strings, which JSON escapes the line breaks
    of; JSON held in a string or a form field read too, such as the SNS notification's "Message"
    or Mandrill's events), then apart each raw message it holds base64-encoded, decoded (Amazon
    SES, SparkPost, Postal)."""
    body = request.body
    if request.content_type == "application/json":
        texts, messages = _json_strings(json.loads(body))
        return ["\n".join(texts).encode("utf-8", "surrogatepass"), *messages]
    if request.content_type not in ("application/x-www-form-urlencoded", "multipart/form-data"):
        return [body]
    if request.content_type == "application/x-www-form-urlencoded":
        text = urllib.parse.unquote_to_bytes(body.replace(b"+", b" "))
    else:
        text = body  # multipart/form-data: the fields stand in the body as they are
    fields = {key: value for key, values in request.POST.lists() for value in values if _embedded_json(value, 0)}
    texts, messages = _json_strings(fields) if fields else ([], [])
    return [text + b"\n" + "\n".join(texts).encode("utf-8", "surrogatepass"), *messages]


def _webhook_shape_refusal(request) -> tuple[str, str] | None:
    """Returns why an authorized provider post is refused before anymail parses the message in it
    (rawmail's limits on MIME parts, header blocks and lines, counted in the post's text and in each
    message it holds base64-encoded; a body that cannot be read is malformed), or None."""
    if request.method != "POST" or not _webhook_authorized(request):
        return None
    try:
        texts = _webhook_texts(request)
    except (ValueError, RecursionError, binascii.Error):
        return "malformed", "The provider's webhook posted a body that could not be read."
    if len(texts) > 1 + MAX_WEBHOOK_MESSAGES:
        return "malformed", f"The provider's webhook posted more than {MAX_WEBHOOK_MESSAGES} messages at once."
    for text in texts:
        refused = rawmail.refusal(text, 0)
        if refused is not None:
            return refused
    return None


def guarded_anymail_urls() -> list:
    """anymail's URL patterns, with its inbound webhooks wrapped in guard_inbound_webhook."""
    from anymail import urls  # its views, loaded with the URLconf rather than when the app starts

    patterns = []
    for pattern in urls.urlpatterns:
        pattern = copy.copy(pattern)
        if "inbound" in (pattern.name or ""):
            pattern.callback = guard_inbound_webhook(pattern.callback)
        pattern.callback = only_if_served(pattern.callback, webhook_provider(pattern.name or ""))
        patterns.append(pattern)
    return patterns


def only_if_served(view, provider: str):
    """Wraps a webhook view: 404, as for an address that does not exist, unless the provider is
    named in TRAILPOST_INBOUND_WEBHOOKS (read at each call); nothing is read or stored before."""

    @functools.wraps(view)
    def served(request, *args, **kwargs):
        if not webhook_served(provider):
            raise Http404("No such webhook.")
        return view(request, *args, **kwargs)

    return served
