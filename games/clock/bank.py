"""Time banks (a Fischer clock): each seat has a bank of time, its deadline is what the bank holds.

A game's clock is per move (each decision gets `turn_hours`) or a bank: every seat starts with
`bank_hours`; a decision's deadline is the seat's bank from the moment it arises (with the
player's pauses, vacations, not counted); when the decision ends, what is left of the bank is
kept and `increment_hours` added, never above `cap_hours`. A timeout leaves nothing, so the next
decision has the increment: a player who missed is not timed out again at once. A moderator's
extension moves the deadline, and so adds to the bank; a paused game keeps what was left.

While a seat's decision runs on its bank (`Seat.bank_running`), what is left is read from its
deadline (deadline minus now, less the player's pauses between: vacations, quiet hours); `Seat.bank_seconds` holds the bank the
decision began with, and between decisions the bank itself.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from django.utils.timesince import timesince

from core.errors import ErrorCode, GameError
from games.models import Game

from .vacations import paused_within, pauses

# Bounds a person could mean (hours): beyond them a value is a slip of the keyboard.
MAX_BANK_HOURS = 24 * 60
MAX_CAP_HOURS = 24 * 90
MAX_INCREMENT_HOURS = 24 * 30
_EPOCH = datetime(2000, 1, 1, tzinfo=UTC)  # any fixed moment: durations are measured from it


def validate_clock(*, clock: str, bank_hours, increment_hours, cap_hours) -> tuple[int, int, int]:
    """Checks a game's clock; returns (bank, increment, cap) in hours (zeros for a per-move clock).

    Raises GameError BAD_CLOCK with a sentence a player understands."""
    if clock not in Game.Clock.values:
        raise GameError(ErrorCode.BAD_CLOCK, "Choose a clock: 'move' (hours per move) or 'bank' (a time bank).")
    if clock == Game.Clock.MOVE:
        return 0, 0, 0
    if bank_hours is None or increment_hours is None:
        raise GameError(ErrorCode.BAD_CLOCK, "A time bank needs its starting hours and the hours added per move.")
    cap_hours = bank_hours if cap_hours is None else cap_hours
    if not 1 <= bank_hours <= MAX_BANK_HOURS:
        raise GameError(
            ErrorCode.BAD_CLOCK, f"A time bank starts with 1 to {MAX_BANK_HOURS} hours ({MAX_BANK_HOURS // 24} days)."
        )
    if not 1 <= increment_hours <= MAX_INCREMENT_HOURS:
        raise GameError(
            ErrorCode.BAD_CLOCK,
            f"Each move adds 1 to {MAX_INCREMENT_HOURS} hours ({MAX_INCREMENT_HOURS // 24} days) to the bank.",
        )
    if bank_hours < increment_hours:
        raise GameError(
            ErrorCode.BAD_CLOCK,
            "The bank must start with at least the hours a move adds: otherwise the first move has less time than every later one.",
        )
    if cap_hours < bank_hours:
        raise GameError(ErrorCode.BAD_CLOCK, "The bank's cap cannot be below the hours it starts with.")
    if cap_hours > MAX_CAP_HOURS:
        raise GameError(
            ErrorCode.BAD_CLOCK, f"A time bank may hold at most {MAX_CAP_HOURS} hours ({MAX_CAP_HOURS // 24} days)."
        )
    return bank_hours, increment_hours, cap_hours


def is_bank(game) -> bool:
    return game.clock == Game.Clock.BANK


def decision_span(game, seat) -> timedelta:
    """The time a decision arising now gets: the turn time, or the seat's bank."""
    if not is_bank(game):
        return timedelta(hours=game.turn_hours)
    seconds = seat.bank_seconds if seat.bank_seconds is not None else game.bank_hours * 3600
    return timedelta(seconds=seconds)


def running_left(seat, now, intervals) -> int:
    """Seconds left in a running bank: before the deadline, outside the player's pauses."""
    left = seat.deadline_at - now - paused_within(now, seat.deadline_at, intervals)
    return max(int(left.total_seconds()), 0)


def settle(seat, game, now, intervals, *, increment: bool = True) -> None:
    """Ends the seat's running decision on its bank: keeps what is left, plus the increment
    (unless `increment` is False: a pause), within the cap. Changes the instance only."""
    if not (is_bank(game) and seat.bank_running and seat.deadline_at is not None):
        seat.bank_running = False
        return
    left = running_left(seat, now, intervals)
    if increment:
        left += game.increment_hours * 3600
    seat.bank_seconds = min(left, game.cap_hours * 3600)
    seat.bank_running = False


def bank_left(seat, game, now, intervals=()) -> int | None:
    """Seconds in the seat's bank now (None on a per-move game)."""
    if not is_bank(game):
        return None
    if seat.bank_running and seat.deadline_at is not None:
        return running_left(seat, now, intervals)
    return int(decision_span(game, seat).total_seconds())


def seat_bank_left(seat, game, now) -> int | None:
    """bank_left with the seat's player's pauses read (no query for one without vacations)."""
    if not is_bank(game) or seat.is_bot:
        return None
    return bank_left(seat, game, now, pauses(seat.user, now) if seat.user_id else ())


def duration_text(seconds: int) -> str:
    """ "3 days, 4 hours"; "0 minutes" for an empty bank."""
    words = timesince(_EPOCH, _EPOCH + timedelta(seconds=max(seconds, 0)), depth=2)
    return words.replace("\xa0", " ")  # Django joins number and unit with no-break spaces


def clock_text(game) -> str:
    """The game's clock in words: "48 hours per move", or "Time bank: 3 days, +1 day per move, up to 7 days"."""
    if not is_bank(game):
        return f"{duration_text(game.turn_hours * 3600)} per move"
    return (
        f"Time bank: {duration_text(game.bank_hours * 3600)} to start, "
        f"+{duration_text(game.increment_hours * 3600)} per move, up to {duration_text(game.cap_hours * 3600)}"
    )
