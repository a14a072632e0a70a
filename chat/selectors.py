"""Reads for table talk: which messages a reader may see, and a page of them."""

from __future__ import annotations

from django.db.models import Count, Max, Q

from games.models import Game, Seat

from .models import Message

PAGE_SIZE = 50
MAX_PAGE_SIZE = 100
HIDDEN_TEXT = "A moderator hid this message."
# Seats whose holder may still write at the table (and be written to).
WRITING = (Seat.Status.PLAYING, Seat.Status.RESIGNED)


def visible_messages(game: Game, user):
    """Returns the game's messages `user` may read, oldest first: the public ones (anyone who may
    see the game may read them), and the private ones they wrote or that were written to them.
    Nobody else sees a private message, staff included (admin lists them for moderation)."""
    readable = Q(to__isnull=True)
    if user is not None and user.is_authenticated:
        readable |= Q(author=user) | Q(recipient=user)
    return Message.objects.filter(readable, game=game).select_related("author", "recipient").order_by("pk")


def chat_page(game: Game, user, *, before: int | None = None, after: int | None = None, limit: int = PAGE_SIZE):
    """Returns up to `limit` messages `user` may read, oldest first: the latest ones, those before
    the message `before`, or the first ones after the message `after`; and `earlier`, the id to
    ask for the page before this one (None at the start)."""
    limit = max(1, min(limit, MAX_PAGE_SIZE))
    qs = visible_messages(game, user)
    if after is not None:
        rows = list(qs.filter(pk__gt=after).order_by("pk")[: limit + 1])
        more_after = len(rows) > limit
        rows = rows[:limit]
        earlier = rows[0].pk if rows and qs.filter(pk__lt=rows[0].pk).exists() else None
        return {"messages": rows, "earlier": earlier, "more": more_after}
    if before is not None:
        qs = qs.filter(pk__lt=before)
    rows = list(qs.order_by("-pk")[: limit + 1])
    earlier = None
    if len(rows) > limit:
        rows = rows[:limit]
        earlier = rows[-1].pk
    return {"messages": list(reversed(rows)), "earlier": earlier, "more": False}


def chat_stamp(game: Game, user) -> str:
    """Returns a short string that changes whenever what `user` sees of the chat changes (a new
    message, one hidden): the page's poll asks for the messages only when it has moved (one query)."""
    seen = visible_messages(game, user).order_by().aggregate(last=Max("pk"), hidden=Count("hidden_at"))
    return f"{seen['last'] or 0}-{seen['hidden']}"


def recipients(game: Game, seat: Seat | None) -> list[dict]:
    """Returns the seats a player may write to privately: every other seat held by a person or a
    bot still at the table, with its name (never "Player N")."""
    if seat is None:
        return []
    return [
        {"position": s.position, "name": s.name}
        for s in game.seats.all()
        if s.position is not None and s.pk != seat.pk and s.status in WRITING and (s.is_bot or s.user_id)
    ]


def message_json(message: Message) -> dict:
    """Returns a message as the API gives it: a hidden one has no text, only the moderator's note."""
    return {
        "id": message.pk,
        "author": message.author_now,
        "author_seat": message.author_position,
        "to_seat": message.to,
        "to_name": message.recipient_now or None,
        "private": message.is_private,
        "text": None if message.is_hidden else message.text,
        "hidden": message.is_hidden,
        "note": HIDDEN_TEXT if message.is_hidden else "",
        "channel": message.channel,
        "created_at": message.created_at.isoformat(),
    }
