"""Where an inbound message goes: the one handler behind `manage.py receive_email`, `manage.py
mailserver` and anymail's inbound webhooks.

The addressee is read first: the reply-to address (play+, chat+ or help+<token>@...) is signed
(seat, game, and the email's version or message), so the From header is never trusted, and mail
that names no seat by a token we issued stops there, unrecorded and unanswered (answering
forgeries would be backscatter). Hostile and robots' mail is then recorded with why and never
answered. A person's reply goes, within the hourly caps (`inbound.caps`):

- to a play+ address: its first line is a move (or several), played through
  `games.services.move_submit` (channel "email", expected version from the token, idempotency key
  from the Message-ID) and answered "Played" or "Not played" with why and a fresh menu;
- to a chat+ address: all its text is a message at the game's table, posted by
  `chat.services.post_reply` (never a move, whatever it says);
- to a help+ address (an email that asked nothing): answered once with how to play and talk by
  email (at most one such answer per seat an hour), so a person's reply never vanishes unanswered.

Answers are written to the outbox in the reply's transaction. A message that will never be
accepted is still handled normally (recorded, not raised): a temporary SMTP error would make the
sending server retry it for days.
"""

from __future__ import annotations

import email.message
import functools
import hashlib
import logging
import uuid
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone

from chat.services import post_reply
from core.errors import GameError
from games.models import Game, Move, Seat
from games.selectors import legal_moves
from games.services import move_submit
from notifications.models import InboundMessage
from notifications.tokens import (
    find_chat_token,
    find_help_token,
    find_reply_token,
    read_chat_token,
    read_help_token,
    read_reply_token,
)

from . import answers, caps, commands, parse, rawmail, trim
from .parse import safe_text

log = logging.getLogger(__name__)


@dataclass
class InboundResult:
    """What became of one inbound email (outcome is a short code; detail a sentence)."""

    # played | chat (a message posted) | help | duplicate | stale | not_understood | refused |
    # forged | no_token | over_cap (not read; answered once), and, neither played nor answered:
    # auto_reply | bulk | bounce | malformed | too_large
    outcome: str
    detail: str = ""
    game_id: int | None = None
    seq: int | None = None


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
    head = rawmail.top_headers(data, parse.READ_HEADERS)
    addressee = _addressee(head, recipients)
    unaddressed = _unaddressed(addressee, _sender(head, envelope_sender))
    if unaddressed is not None:
        return unaddressed
    raw_hash = hashlib.sha256(data).hexdigest()
    refusal = rawmail.refusal(data, size)
    if refusal is None:
        try:
            msg = parse.parse_message(data)
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
        envelope_sender=envelope_sender,
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
        raw_hash, size, refusal = parse.parsed_refusal(msg, raw_hash, size)
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
    robot = parse.robot_reason(head, envelope_sender)
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
        return _chat(fields, seat, addressee.chat, safe_text(trim.reply_text(parse.message_text(msg)), 4 * 2000))
    line = safe_text(trim.first_line(parse.message_text(msg)), 1000) if _will_read(seat, addressee.token) else ""
    return _move(fields, seat, addressee.token, line)


def _will_read(seat, token) -> bool:
    """Whether a reply's text will be used: to play it (its email is current), or to quote it in
    an answer of refusal (while the hour's answers are not used up). Replies to a past email are
    not read once those answers are used up: a flood of them costs no more than their checks.
    (Versions only grow, so a reply to a past email cannot become current meanwhile.)"""
    if Game.objects.filter(pk=token.game_id, version=token.version).exists():
        return True
    since = timezone.now() - timedelta(hours=1)
    return not caps.answers_used_up(caps.error_answers(seat, since))


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
    for name in parse.ADDRESS_HEADERS:
        addresses.append(parse.header(head, name))
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
    return safe_text(parse.header(head, "From") or envelope_sender, 300)


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


def _message_key(msg, raw_hash: str) -> tuple[str, str]:
    message_id = safe_text(parse.header(msg, "Message-ID"), 300)
    basis = message_id or raw_hash
    return hashlib.sha256(basis.encode()).hexdigest(), message_id


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


def _received(fields: dict, seat, game_id: int, *, read, answer_over_cap=None) -> InboundResult:
    """Records a person's reply and reads it (`read(game, record, since)` says what became of it)
    under the game's row lock, within the seat's hourly cap of replies (moves, messages and help
    together): counted under the lock, so concurrent replies to one game see each other. A reply
    past the cap is not read; `answer_over_cap(game, record)`, when given, is how it is told so
    (`caps.answer_over_cap`)."""
    with transaction.atomic():
        try:
            with transaction.atomic():
                record = InboundMessage.objects.create(outcome="received", **fields)
        except IntegrityError:
            return InboundResult("duplicate", "This email was already handled.", game_id=game_id)
        game = Game.objects.select_for_update().get(pk=game_id)
        since = timezone.now() - timedelta(hours=1)
        why = caps.over_cap(seat, record, since)
        if why is None:
            result = read(game, record, since)
        else:
            result = InboundResult("over_cap", why, game_id=seat.game_id)
            if answer_over_cap is not None:
                result.detail += caps.answer_over_cap(why, answer_over_cap(game, record), seat, since)
        record.outcome, record.detail = result.outcome, safe_text(result.detail, 2000)
        record.save(update_fields=["outcome", "detail"])
    return result


def _move(fields: dict, seat, token, line: str) -> InboundResult:
    """Records a person's reply to a move email and plays it, within the seat's hourly caps."""

    def read(game, record, since) -> InboundResult:
        answered = caps.error_answers(seat, since)
        result = _play(
            game,
            seat,
            token,
            line,
            idempotency_key=f"email:{record.message_key[:40]}",
            answer_errors=not caps.answers_used_up(answered),
            in_reply_to=record.message_id,
        )
        if caps.answers_used_up(answered) and result.outcome in ("stale", "refused", "not_understood"):
            result.detail += f" No answer was sent: {answered} “Not played” answers went to this seat this hour."
        return result

    def told_over_cap(game, record):
        return functools.partial(answers.reply_error, game, seat, "", in_reply_to=record.message_id)

    return _received(fields, seat, token.game_id, read=read, answer_over_cap=told_over_cap)


def _chat(fields: dict, seat, token, text: str) -> InboundResult:
    """Records a person's reply to a chat email and posts its text at the table, within the seat's
    hourly cap of replies (moves and messages together); never a move, whatever it says."""

    def read(game, record, since) -> InboundResult:
        return _post_chat(seat, token, text, record, since)

    def told_over_cap(game, record):
        return functools.partial(answers.chat_refused, seat, text=text, in_reply_to=record.message_id)

    return _received(fields, seat, token.game_id, read=read, answer_over_cap=told_over_cap)


def _help(fields: dict, seat, token) -> InboundResult:
    """Records a person's reply to an email that asked nothing and answers it with how to play and
    talk by email: once an hour per seat at most, within the hourly caps (past them, silence),
    never for a seat whose player is no longer theirs."""

    def read(game, record, since) -> InboundResult:
        if caps.told(seat, since, "help"):
            why = "Not answered: how to play by email was already sent within the hour."
        elif caps.answers_used_up(caps.error_answers(seat, since)):
            why = "Not answered: the hour's answers are used up."
        else:
            answers.reply_help(game, seat, in_reply_to=record.message_id)
            why = "Answered with how to play and talk by email."
        return InboundResult("help", why, game_id=game.pk)

    return _received(fields, seat, token.game_id, read=read)


def _post_chat(seat, token, text: str, record, since) -> InboundResult:
    """Posts a chat reply's text at the table, or says why not (answering the writer in the
    thread, within the hourly cap of such answers)."""
    if not text:
        return InboundResult("not_understood", "The reply had no message in it.", game_id=token.game_id)
    try:
        with transaction.atomic():
            message = post_reply(seat=seat, token=token, text=text)
    except GameError as exc:
        result = InboundResult("refused", exc.message, game_id=token.game_id)
        answered = caps.error_answers(seat, since)
        if not caps.answers_used_up(answered):
            answers.chat_refused(seat, exc.message, text, record.message_id)
        else:
            result.detail += f" No answer was sent: {answered} answers of refusal went to this seat this hour."
        return result
    return InboundResult("chat", f"Posted message {message.pk}.", game_id=token.game_id)


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
            answers.reply_error(game, seat, line, why, in_reply_to)
        return InboundResult("stale", why, game_id=game.pk)
    moves = legal_moves(game, seat)
    if not moves:
        why = "You have no decision to make in this game right now."
        if answer_errors:
            answers.reply_error(game, seat, line, why, in_reply_to)
        return InboundResult("refused", why, game_id=game.pk)
    played, results, stopped = [], [], None
    for i, text in enumerate(commands.steps(line, moves)):
        if i:
            game = Game.objects.get(pk=game.pk)
            moves = legal_moves(game, seat)
            if not moves:
                stopped = (text, "You had no decision left to make by then.")
                break
        try:
            choice = commands.resolve(game, seat, text, moves, first=not i)
            result = move_submit(
                game=game,
                seat=seat,
                action=choice["action"],
                expected_version=token.version if not i else game.version,
                channel=Move.Channel.EMAIL,
                idempotency_key=idempotency_key if not i else f"{idempotency_key}:{i}",
                actor=seat.user,
            )
        except (commands.Unplayable, GameError) as exc:
            outcome, why = (exc.outcome, exc.why) if isinstance(exc, commands.Unplayable) else ("refused", exc.message)
            if i:
                stopped = (text, why)
                break
            if answer_errors:
                answers.reply_error(game, seat, line, why, in_reply_to)
            return InboundResult(outcome, why, game_id=game.pk)
        if not result.applied:
            if i:
                break
            return InboundResult("duplicate", "This move was already played.", game_id=game.pk, seq=result.move.seq)
        played.append(choice["label"])
        results.append(result)
    label = "; then ".join(played)
    answers.reply_ok(game, seat, label, results, in_reply_to, stopped=stopped)
    detail = f"Played: {label}"
    if stopped:
        detail += f". Not played: “{stopped[0][:80]}”: {stopped[1]}"
    return InboundResult("played", detail, game_id=game.pk, seq=results[-1].move.seq)
