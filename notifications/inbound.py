"""Moves by email reply: the one handler behind `manage.py receive_email`, `manage.py mailserver`
and anymail's inbound webhooks.

The reply-to address (play+<token>@...) says who moves: the token is signed (seat, game, version),
so the From header is never trusted. The first non-quoted line of the reply is a move number from
the email's menu or a move phrase. The move goes through move_submit (channel "email", expected
version from the token, idempotency key from the Message-ID), and the player gets a confirmation
or a clear error with a fresh menu, both written to the outbox in the same transaction.
"""
from __future__ import annotations

import email
import email.policy
import hashlib
import html
import logging
import re
from dataclasses import dataclass

from django.db import IntegrityError, transaction

from .tokens import find_reply_token, read_reply_token

log = logging.getLogger(__name__)

_ADDRESS_HEADERS = ("To", "Cc", "Delivered-To", "X-Original-To", "Envelope-To", "X-Envelope-To")
_QUOTE_INTRO = re.compile(r"^(on\b.*\bwrote:?|-----\s*original message\s*-----|from:\s.*)$", re.IGNORECASE)
_NUMBER = re.compile(r"^(?:#|no\.?\s*|move\s+)?(\d{1,3})(?:[.):]|\s|$)", re.IGNORECASE)


@dataclass
class InboundResult:
    """What became of one inbound email (outcome is a short code; detail a sentence)."""

    outcome: str  # played | duplicate | stale | not_understood | refused | forged | no_token
    detail: str = ""
    game_id: int | None = None
    seq: int | None = None


def parse_message(raw: bytes | str):
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogateescape")
    return email.message_from_bytes(raw, policy=email.policy.default)


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
        text = re.sub(r"(?is)<(script|style|blockquote).*?</\1>", "", text)
        text = re.sub(r"(?i)<br\s*/?>|</p>|</div>", "\n", text)
        text = html.unescape(re.sub(r"<[^>]+>", "", text))
    return text


def first_line(text: str) -> str:
    """Returns the first line of a reply that is not empty and not quoted."""
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if line.startswith(">") or line == "--" or _QUOTE_INTRO.match(line):
            return ""
        return line
    return ""


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


def _message_key(msg, raw_hash: str) -> tuple[str, str]:
    message_id = (msg.get("Message-ID") or "").strip()
    basis = message_id or raw_hash
    return hashlib.sha256(basis.encode()).hexdigest(), message_id


def handle_raw(raw: bytes | str, *, recipients=()) -> InboundResult:
    """Handles one raw RFC 5322 message (stdin, SMTP)."""
    data = raw.encode("utf-8", "surrogateescape") if isinstance(raw, str) else raw
    return handle_message(parse_message(data), recipients=recipients,
                          raw_hash=hashlib.sha256(data).hexdigest())


def handle_message(msg, *, recipients=(), raw_hash: str = "") -> InboundResult:
    """Handles one parsed email reply: plays the move it names, or explains why not."""
    from games.models import Game, Seat

    addresses = list(recipients)
    for header in _ADDRESS_HEADERS:
        addresses += [str(v) for v in (msg.get_all(header) or [])]
    token_text = find_reply_token(addresses)
    sender = str(msg.get("From", ""))[:300]
    if token_text is None:
        log.info("inbound email from %s has no play+ address", sender)
        return InboundResult("no_token", "The message is not addressed to a play+ address.")
    token = read_reply_token(token_text)
    seat = None
    if token is not None:
        seat = Seat.objects.select_related("user", "game").filter(pk=token.seat_id, game_id=token.game_id).first()
    if token is None or seat is None:
        # No reply: we cannot tell who really sent it, and answering forgeries would be backscatter.
        log.warning("inbound email from %s with a forged reply token %r", sender, token_text)
        return InboundResult("forged", "The reply address is not one we issued.")
    line = first_line(message_text(msg))
    key, message_id = _message_key(msg, raw_hash or hashlib.sha256(msg.as_bytes()).hexdigest())
    with transaction.atomic():
        from .models import InboundMessage

        try:
            with transaction.atomic():
                record = InboundMessage.objects.create(message_key=key, message_id=message_id[:300], sender=sender,
                                                       game_id=token.game_id, seat=seat, outcome="received")
        except IntegrityError:
            return InboundResult("duplicate", "This email was already handled.", game_id=token.game_id)
        game = Game.objects.select_for_update().get(pk=token.game_id)
        result = _play(game, seat, token, line, idempotency_key=f"email:{key[:40]}")
        record.outcome, record.detail = result.outcome, result.detail[:2000]
        record.save(update_fields=["outcome", "detail"])
    return result


def _play(game, seat, token, line, *, idempotency_key) -> InboundResult:
    from games.errors import GameError
    from games.models import Game, Move
    from games.selectors import legal_moves
    from games.services import move_submit

    if game.version != token.version:
        why = ("The game has moved on since that email was sent, so it was not played."
               if game.status == Game.Status.ACTIVE else f"This game is {game.get_status_display().lower()}.")
        _reply_error(game, seat, line, why)
        return InboundResult("stale", why, game_id=game.pk)
    moves = legal_moves(game, seat)
    if not moves:
        why = "You have no decision to make in this game right now."
        _reply_error(game, seat, line, why)
        return InboundResult("refused", why, game_id=game.pk)
    choice = choose(line, moves)
    if choice is None:
        why = (f"I could not read a move in “{line[:80]}”." if line else "The reply had no move in it.") + \
               " Reply with the number of a move (or its words) on the first line."
        _reply_error(game, seat, line, why)
        return InboundResult("not_understood", why, game_id=game.pk)
    try:
        result = move_submit(game=game, seat=seat, action=choice["action"], expected_version=token.version,
                             channel=Move.Channel.EMAIL, idempotency_key=idempotency_key, actor=seat.user)
    except GameError as exc:
        _reply_error(game, seat, line, exc.message)
        return InboundResult("refused", exc.message, game_id=game.pk)
    if not result.applied:
        return InboundResult("duplicate", "This move was already played.", game_id=game.pk, seq=result.move.seq)
    _reply_ok(game, seat, choice["label"], result)
    return InboundResult("played", f"Played: {choice['label']}", game_id=game.pk, seq=result.move.seq)


def _fresh(game, seat):
    from games.models import Game, Seat

    return Game.objects.get(pk=game.pk), Seat.objects.select_related("user").get(pk=seat.pk)


def _reply_ok(game, seat, label, result):
    from .models import Kind
    from .outbox import _event_text, decision_context, record_notice

    game, seat = _fresh(game, seat)
    if not seat.user_id:
        return
    ctx = {"played": label, "events": [t for t in (_event_text(e, seat.position) for e in result.events) if t]}
    decision = decision_context(game, seat)
    if decision["moves"]:
        ctx["decision"] = decision
    record_notice(kind=Kind.REPLY_OK, game=game, seat=seat, context=ctx, force=True)


def _reply_error(game, seat, line, why):
    from .models import Kind
    from .outbox import decision_context, record_notice

    game, seat = _fresh(game, seat)
    if not seat.user_id:
        return
    ctx = {"error": why, "line": line[:200]}
    decision = decision_context(game, seat)
    if decision["moves"]:
        ctx["decision"] = decision
    record_notice(kind=Kind.REPLY_ERROR, game=game, seat=seat, context=ctx, force=True)


def on_anymail_inbound(sender, event, esp_name, **kwargs):
    """anymail's `inbound` signal: the provider's webhook delivered a message."""
    message = event.message
    recipients = [message.envelope_recipient] if getattr(message, "envelope_recipient", None) else []
    result = handle_message(message, recipients=recipients)
    log.info("inbound email via %s: %s", esp_name, result.outcome)
