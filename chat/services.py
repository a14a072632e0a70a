"""Writes for table talk: posting a message (from the page, the API or an emailed reply), relaying
it to the other players as their notice settings say, and hiding one (moderators, audited).

Who may write: a player who holds a seat in the game, still playing or having resigned (a
resigned player is still at the table and may say "well played"); a spectator, a player whose seat
was taken over (dropped, kicked, replaced) and anyone else may only read. A private message goes
to one other seat (a person or a bot) and is seen only by its author and whoever held that seat
when it was written. Each player may write CHAT_PER_MINUTE messages a minute and CHAT_PER_DAY a
day in one game, whichever channel they use.
"""

from __future__ import annotations

import logging
import math
from datetime import timedelta

from django.conf import settings
from django.contrib.admin.models import CHANGE, LogEntry
from django.db import transaction
from django.utils import timezone

from core.errors import ErrorCode, GameError
from games.models import Game, Seat
from notifications.models import Kind, Notification, Outcome
from notifications.outbox import Batch, format_when, game_context
from notifications.tokens import ChatToken, chat_address

from .models import MAX_LENGTH, Message
from .selectors import HIDDEN_TEXT, WRITING, visible_messages

log = logging.getLogger(__name__)

# The earlier messages a chat email shows before the new one, for context.
EMAIL_CONTEXT = 8


def clean_text(text) -> str:
    """Returns a message's text as it is stored: line breaks as \\n, tabs as spaces, no NUL or other
    control character, no line or paragraph separator (U+2028/9), no bidirectional override or
    isolate, nor any other invisible format character (what str.isprintable refuses: more than
    accounts.validators refuses in names), no undecodable characters, trimmed. Dropped rather than
    refused: a reply by email carries such characters without its writer knowing."""
    text = str(text or "").replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ")
    text = "".join(c for c in text if c == "\n" or c.isprintable())
    return text.encode("utf-8", "replace").decode("utf-8").strip()


def writer_seat(game: Game, user) -> Seat:
    """Returns the seat through which `user` may write at the game's table, or refuses."""
    if user is None or not user.is_authenticated:
        raise GameError(ErrorCode.NOT_AUTHENTICATED, "Sign in to write at the table.")
    seat = next((s for s in game.seats.all() if s.user_id == user.pk), None)
    if seat is None and game.former_players.filter(pk=user.pk).exists():  # dropped, kicked or replaced
        raise GameError(ErrorCode.NOT_A_PLAYER, "You no longer hold a seat in this game, so you can only read.")
    if seat is None:
        raise GameError(ErrorCode.NOT_A_PLAYER, "Only the players of this game can write at its table.")
    if seat.status not in WRITING:
        raise GameError(ErrorCode.NOT_A_PLAYER, "You no longer hold a seat in this game, so you can only read.")
    if game.status == Game.Status.ABORTED:
        raise GameError(ErrorCode.GAME_NOT_ACTIVE, "This game was aborted: its table is closed.")
    return seat


def _recipient_seat(game: Game, author: Seat, to) -> Seat | None:
    """Returns the seat a private message goes to (None: everyone), or refuses."""
    if to is None or to == "":
        return None
    try:
        position = int(to)
    except (TypeError, ValueError):
        raise GameError(ErrorCode.VALIDATION_ERROR, "Choose who the message is for.") from None
    seat = next((s for s in game.seats.all() if s.position is not None and s.position == position), None)
    if seat is None or seat.status not in WRITING or not (seat.is_bot or seat.user_id):
        raise GameError(ErrorCode.VALIDATION_ERROR, "There is no player at that seat to write to.", to=position)
    if seat.pk == author.pk:
        raise GameError(ErrorCode.VALIDATION_ERROR, "A private message goes to another player, not to yourself.")
    return seat


def _check_rate(game: Game, user) -> None:
    """Refuses a message over the author's per-minute or per-day limit in this game (THROTTLED,
    with the seconds until one more may be written)."""
    now = timezone.now()
    for window, limit, said in (
        (timedelta(minutes=1), settings.TRAILPOST["CHAT_PER_MINUTE"], "a minute"),
        (timedelta(days=1), settings.TRAILPOST["CHAT_PER_DAY"], "a day"),
    ):
        recent = list(
            Message.objects.filter(game=game, author=user, created_at__gt=now - window)
            .order_by("-created_at")
            .values_list("created_at", flat=True)[:limit]
        )
        if len(recent) >= limit:
            wait = max(1, math.ceil((recent[-1] + window - now).total_seconds()))
            raise GameError(
                ErrorCode.THROTTLED,
                f"You may write {limit} messages {said} in a game: try again in {_seconds(wait)}.",
                retry_after=wait,
                limit=limit,
            )


def _seconds(n: int) -> str:
    if n < 120:
        return f"{n} second{'s' if n != 1 else ''}"
    minutes = math.ceil(n / 60)
    if minutes < 120:
        return f"{minutes} minutes"
    return f"{math.ceil(minutes / 60)} hours"


def post_message(*, game: Game, user, text, to=None, channel: str = Message.Channel.WEB) -> Message:
    """Writes a message at the game's table (to everyone, or privately to the seat at position
    `to`) and relays it to the other players in the same transaction; refuses with a GameError
    (NOT_A_PLAYER, VALIDATION_ERROR, THROTTLED, GAME_NOT_ACTIVE), changing nothing."""
    game = Game.objects.prefetch_related("seats__user").get(pk=game.pk)
    seat = writer_seat(game, user)
    text = clean_text(text)
    if not text:
        raise GameError(ErrorCode.VALIDATION_ERROR, "Write a message first: it was empty.")
    if len(text) > MAX_LENGTH:
        raise GameError(
            ErrorCode.VALIDATION_ERROR,
            f"A message may be at most {MAX_LENGTH} characters long; this one has {len(text)}.",
            max_length=MAX_LENGTH,
        )
    recipient = _recipient_seat(game, seat, to)
    with transaction.atomic():
        _check_rate(game, user)
        message = Message.objects.create(
            game=game,
            author=user,
            author_position=seat.position,
            author_name=seat.name,
            to=recipient.position if recipient is not None else None,
            recipient=recipient.user if recipient is not None and not recipient.is_bot else None,
            recipient_name=recipient.name if recipient is not None else "",
            text=text,
            channel=channel,
        )
        relay(message, game=game)
    return message


def post_reply(*, seat: Seat, token: ChatToken, text: str) -> Message:
    """Posts an emailed reply to a chat email (inbound.route calls this for chat+ mail):
    as the seat the token names; privately back to the author when it answers a private message
    to this player, else to everyone."""
    game = Game.objects.get(pk=token.game_id)
    _check_replies_open(game)
    user = seat.user
    if user is None:
        raise GameError(ErrorCode.NOT_A_PLAYER, "That seat has no player any more.")
    if not Notification.objects.filter(
        kind=Kind.CHAT, seat_id=seat.pk, user_id=user.pk, context__message__id=token.message_id
    ).exists():
        # The seat changed hands since that email went: its new holder never got it, and its
        # old holder no longer writes through this seat.
        raise GameError(ErrorCode.NOT_A_PLAYER, "That email was sent to whoever held this seat before.")
    answered = Message.objects.filter(pk=token.message_id, game_id=game.pk).first()
    to = None
    if answered is not None and answered.is_private and answered.recipient_id == user.pk:
        to = answered.author_position
        holder = Seat.objects.filter(game=game, position=to).first()
        if holder is None or holder.user_id != answered.author_id:
            # The author gave up their seat since: the answer must not reach its new holder.
            raise GameError(ErrorCode.VALIDATION_ERROR, f"{answered.author_name} no longer plays in this game.")
    return post_message(game=game, user=user, text=text, to=to, channel=Message.Channel.EMAIL)


def _check_replies_open(game: Game) -> None:
    """Refuses a reply to a chat email of a game that finished more than CHAT_REPLY_DAYS ago: a
    chat token expires with its game, as a play token does with its version (an aborted game's
    table is closed at once: writer_seat). The game's page still takes messages."""
    if game.status != Game.Status.FINISHED:
        return
    days = settings.TRAILPOST["CHAT_REPLY_DAYS"]
    if game.finished_at is not None and timezone.now() < game.finished_at + timedelta(days=days):
        return
    ended = "is over" if days <= 0 else f"ended more than {days} day{'s' if days != 1 else ''} ago"
    raise GameError(
        ErrorCode.GAME_NOT_ACTIVE,
        f"This game {ended}, so replies to its emails are no longer posted at its table; "
        "write on the game's page instead.",
    )


# -- relaying ---------------------------------------------------------------------------------------


def message_entry(message: Message, *, tz: str | None = None) -> dict:
    """Returns a message as a notice's context keeps it (a hidden one says so, without its text)."""
    return {
        "id": message.pk,
        "author": message.author_now,
        "private": message.is_private,
        "to_name": message.recipient_now,
        "text": HIDDEN_TEXT if message.is_hidden else message.text,
        "hidden": message.is_hidden,
        "when": format_when(message.created_at, tz),
    }


def relay(message: Message, *, game: Game) -> list[Notification]:
    """Writes a CHAT notice for each person the message is for (everyone at the table but its
    author, or the private message's recipient), as each chose to get them (at once, after the
    grace window, in the digest, never; a muted game gets none), in the caller's transaction."""
    if message.is_private:
        seats = [s for s in game.seats.all() if s.user_id and s.user_id == message.recipient_id and not s.is_bot]
    else:
        seats = [
            s
            for s in game.seats.all()
            if s.user_id and not s.is_bot and s.status in WRITING and s.user_id != message.author_id
        ]
    if not seats:
        return []
    batch = Batch(game, users=[s.user for s in seats])
    for seat in seats:
        tz = seat.user.time_zone
        earlier = [
            message_entry(m, tz=tz)
            for m in reversed(
                list(visible_messages(game, seat.user).filter(pk__lt=message.pk).order_by("-pk")[:EMAIL_CONTEXT])
            )
        ]
        entry = message_entry(message, tz=tz)
        privately = " (privately)" if message.is_private else ""
        said = f"{message.author_now}{privately}: {message.text}"
        batch.add(
            kind=Kind.CHAT,
            seat=seat,
            context={
                "game": game_context(game),
                "message": entry,
                "earlier": earlier,
                "text": said[:300],  # the digest's line
                "reply_to": chat_address(seat_id=seat.pk, game_id=game.pk, message_id=message.pk),
            },
        )
    return batch.save()


# -- moderation ----------------------------------------------------------------------------------


def hide_message(*, message: Message, by, reason: str) -> Message:
    """Hides a message from everyone (staff only): the players see "A moderator hid this message."
    in its place, its emails not yet sent are not sent, and Django admin's log records who hid it
    and why."""
    if by is None or not by.is_staff:
        raise GameError(ErrorCode.PERMISSION_DENIED, "Only moderators can hide messages.")
    reason = clean_text(reason)[:300]
    if not reason:
        raise GameError(ErrorCode.VALIDATION_ERROR, "Say why the message is hidden.")
    with transaction.atomic():
        message = Message.objects.select_for_update().get(pk=message.pk)
        if message.is_hidden:
            return message
        now = timezone.now()
        message.hidden_at, message.hidden_by, message.hidden_reason = now, by, reason
        message.save(update_fields=["hidden_at", "hidden_by", "hidden_reason"])
        Notification.objects.filter(
            kind=Kind.CHAT, game_id=message.game_id, sent_at__isnull=True, context__message__id=message.pk
        ).update(sent_at=now, outcome=Outcome.STALE)
        LogEntry.objects.log_actions(
            user_id=by.pk,
            queryset=[message],
            action_flag=CHANGE,
            change_message=f"Hid the message: {reason}",
            single_object=True,
        )
    log.info("chat message %s hidden by %s: %s", message.pk, by.pk, reason)
    return message
