"""What happened in a game, announced to the apps that react to it.

`games` never imports the apps that listen (notifications, and the turn clock's own queueing of
bot and standing-order turns). A service announces a change once its writes are done, inside its
transaction, with `announce(message)`; every listener registered for that kind of message (in its
app's `AppConfig.ready`, with `listen`) is called in turn and answers with the rows it wants
written with the change (notices), which the service writes in the same transaction: a move that
rolls back leaves none of them, and one that commits leaves all. A listener that needs to act
only after the commit registers that itself (`transaction.on_commit`).

A listener's bug must not cost a player their move: anything but a database error is logged and
the change goes through without that listener's rows.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from django.db import DatabaseError, transaction

from games.hotpath import insert_rows
from games.models import Game, Invitation, Move, Seat

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class GameChanged:
    """A game's state or seats changed: a move, a resignation, a start, an undo, a seat replaced.

    `seats` are the game's seats as the change left them (their players loaded); `deciding` the
    seats that now have a decision pending that they did not have before (each with its new
    deadline); `events` the engine's events of the move (empty for moderation).
    """

    game: Game
    move: Move | None
    events: list[dict]
    seats: list[Seat]
    deciding: list[Seat] = field(default_factory=list)


@dataclass(frozen=True)
class DeadlineMissed:
    """The clock played a default move for a seat whose deadline passed (`played` labels it).

    `replaced` says what became of the seat when the miss reached the game's limit: "bot" (a bot
    plays it now), "dropped" (the player is out), or "" (the player keeps it).
    """

    game: Game
    seat: Seat
    played: str
    misses: int
    replaced: str = ""


@dataclass(frozen=True)
class Moderated:
    """A moderator paused, resumed or aborted a game, or replaced or kicked a player (`action`:
    "pause", "resume", "abort", "replace", "kick"), for `reason` ("" when none was given).

    `move` is the log entry of the act; `seats` the game's seats as it left them (their players
    loaded); `seat` the seat it was about, as it left it (None for the game's pause, resume and
    abort); `former` the player who lost that seat (replaced, or kicked: out of the game, or the
    seat given to a bot), None if nobody did; `former_name` the seat's name before the act.
    """

    game: Game
    move: Move
    action: str
    reason: str
    seats: list[Seat]
    seat: Seat | None = None
    former: object | None = None
    former_name: str = ""


@dataclass(frozen=True)
class AwayDay:
    """A deadline of `user`'s passed in `game` and the clock spent one of their vacation days
    (games.clock.away): their deadlines in `game_ids` moved 24 hours later. `vacation` is the
    automatic day's row; `used` and `left` the year's days after it."""

    user: object
    game: Game
    vacation: object
    game_ids: list[int]
    used: int
    left: int


@dataclass(frozen=True)
class InvitationSent:
    """Someone invited an email address to a game in the lobby."""

    invitation: Invitation


Message = GameChanged | DeadlineMissed | Moderated | AwayDay | InvitationSent
Listener = Callable[[Message], list]

_listeners: dict[type, list[Listener]] = {}


def listen(kind: type, listener: Listener) -> None:
    """Calls `listener(message)` for every announced message of this kind (once per listener)."""
    found = _listeners.setdefault(kind, [])
    if listener not in found:
        found.append(listener)


def announce(message: Message) -> list:
    """Tells the listeners of this kind of message and writes the rows they answer with, in the
    caller's transaction; returns the rows.

    Called outside a transaction, it makes one: what listeners do after the commit (hand notices
    over) then finds the rows written."""
    with transaction.atomic(savepoint=False):
        rows = _ask(message)
        by_model: dict[type, list] = {}
        for row in rows:
            by_model.setdefault(type(row), []).append(row)
        for same in by_model.values():
            insert_rows(same)
    return rows


def _ask(message: Message) -> list:
    rows: list = []
    for listener in _listeners.get(type(message), ()):
        try:
            rows += listener(message) or []
        except DatabaseError:
            raise  # the transaction is broken: the change cannot commit anyway
        except Exception:
            game = getattr(message, "game", None) or getattr(getattr(message, "invitation", None), "game", None)
            log.exception(
                "%s could not handle %s of game %s",
                getattr(listener, "__qualname__", listener),
                type(message).__name__,
                getattr(game, "pk", None),
            )
    return rows
