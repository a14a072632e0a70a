"""Deadlines: when a decision that arises falls due, and keeping every seat's deadline current.

A player's deadline is the game's turn time, or their time bank (games.clock.bank), with their
vacation days not counted, and their quiet hours and days (accounts.quiet): on a time bank the
time in them is not taken from the bank; on the per-move clock a deadline that would fall in
them moves past them (vacations.clock_deadline). A bot's
decision, and one a standing order answers, get a short deadline: their task normally plays them
at once, and if it was lost (the broker was down) the sweep plays them when that passes.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from games.hotpath import save_deadlines
from games.models import Game, Seat

from . import bank
from .orders import covered_action
from .vacations import Known, clock_deadline, vacation_intervals, with_quiet


def _short_deadline(now):
    return now + timedelta(seconds=settings.TRAILPOST["BOT_STUCK_AFTER_SECONDS"])


def deadline_for(*, seat, game, now, vacations: Known | None = None):
    """Returns when a decision that arises now for this seat falls due (`vacations`: the
    players' vacations when the caller has read them already, see vacations.vacations_ahead).
    Sets `seat.bank_running`: whether this decision's time comes from the seat's bank."""
    seat.bank_running = False
    if seat.is_bot:
        return _short_deadline(now)
    if covered_action(game, seat) is not None:
        return _short_deadline(now)
    span = bank.decision_span(game, seat)
    seat.bank_running = bank.is_bank(game)
    away, user = _seat_vacations(seat, now, vacations)
    return clock_deadline(now, span, away, user, banked=seat.bank_running)


def settle_bank(seat, game, now, *, vacations: Known | None = None, increment: bool = True) -> None:
    """Ends the seat's decision on its time bank, if one runs (bank.settle, with its vacations
    and quiet times: time in them was not taken from the bank)."""
    if seat.bank_running and seat.deadline_at is not None and bank.is_bank(game):
        away, user = _seat_vacations(seat, now, vacations)
        bank.settle(seat, game, now, with_quiet(away, user, now), increment=increment)
    else:
        seat.bank_running = False


def _seat_vacations(seat, now, known: Known | None) -> tuple[list, object]:
    """The seat's player's vacations ahead, and the player (whose quiet times count too); no
    query when the loaded user says there are no vacations."""
    if not seat.user_id:
        return [], None
    if Seat.user.is_cached(seat):
        until = seat.user.vacation_until
        if until is None or until < now.date():
            return [], seat.user
    return vacation_intervals(seat.user_id, since=now, known=known), seat.user


def refresh_deadlines(
    game: Game,
    seats: list[Seat],
    *,
    before: set[int],
    to_act: set[int] | None = None,
    dirty=(),
    now=None,
    vacations: Known | None = None,
) -> list[Seat]:
    """Gives every seat now to act a deadline (kept if it was in `before`, already to act);
    clears the rest. Seats in `dirty` (a changed miss count) are written with them, in the same
    statement.

    Returns the seats that newly have a decision pending.
    """
    now = now or timezone.now()
    if to_act is None:
        to_act = set(game.engine.to_act(game.state)) if game.status == Game.Status.ACTIVE else set()
    elif game.status != Game.Status.ACTIVE:
        to_act = set()
    newly, changed = [], []
    for seat in seats:
        if seat.position is None:
            continue
        if seat.position in to_act:
            if seat.position not in before or seat.deadline_at is None:
                settle_bank(seat, game, now, vacations=vacations)  # the decision that ended, if any
                seat.deadline_at = deadline_for(seat=seat, game=game, now=now, vacations=vacations)
                seat.reminder_sent_for = None
                newly.append(seat)
                changed.append(seat)
        elif seat.deadline_at is not None:
            settle_bank(seat, game, now, vacations=vacations)
            seat.deadline_at = None
            changed.append(seat)
    changed += [s for s in dirty if s not in changed]
    save_deadlines(changed)
    return newly
