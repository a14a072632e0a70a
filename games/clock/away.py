"""Automatic vacation: when a player's deadline would pass, one of their vacation days is spent.

A player who allows it (`User.auto_vacation`, on by default) and has days left of the year's
allowance (TRAILPOST["VACATION_DAYS_PER_YEAR"], shared with the vacations they plan) is not
timed out when a deadline passes: a day is spent instead, recorded as an automatic Vacation row
(it counts against the allowance and pauses nothing itself), and every pending deadline of theirs,
in every game, moves 24 hours later. Everyone at those tables and the player are told
(events.AwayDay); the player's email has an "I'm back" link (`back`), which gives the other
players back the part of the day not yet used. A player with no day left, or who turned it off,
times out as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from games.models import Game, Seat, Vacation

from .vacations import vacation_days_used

DAY = timedelta(hours=24)


@dataclass(frozen=True)
class Spent:
    """A day spent for `user`: the automatic Vacation row, the games whose deadlines moved, and the
    year's days used and left after it."""

    user: object
    vacation: Vacation
    game_ids: list[int]
    used: int
    left: int


def days_of(user, year: int) -> tuple[int, int]:
    """(used, left) of the user's vacation days in `year`."""
    allowance = settings.TRAILPOST["VACATION_DAYS_PER_YEAR"]
    used = vacation_days_used(user, year)
    return used, max(allowance - used, 0)


def days_this_year(user) -> dict:
    """Returns the user's vacation days this year, as the settings page shows them: used (planned
    and automatic), left, how many were automatic, and whether automatic days are on."""
    year = timezone.now().year
    used, left = days_of(user, year)
    automatic = Vacation.objects.filter(user=user, automatic=True, starts_on__year=year).count()
    return {"year": year, "used": used, "left": left, "automatic": automatic, "auto": user.auto_vacation}


def _pending(user_id):
    return Seat.objects.filter(
        user_id=user_id,
        deadline_at__isnull=False,
        status=Seat.Status.PLAYING,
        is_bot=False,
        game__status=Game.Status.ACTIVE,
    )


def spend_day(user, now) -> Spent | None:
    """Spends one of the user's vacation days, if they allow it and have one left this year:
    every pending deadline of theirs moves 24 hours later. Runs in the caller's transaction (the
    sweep's chunk), with the user's row locked so that two sweeps spend one day, not two."""
    if user is None or not user.auto_vacation:
        return None
    get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk").get()
    used, left = days_of(user, now.year)
    if left <= 0:
        return None
    vacation = Vacation.objects.create(user=user, starts_on=now.date(), ends_on=now.date(), automatic=True)
    game_ids = list(_pending(user.pk).values_list("game_id", flat=True))
    _pending(user.pk).update(deadline_at=F("deadline_at") + DAY, reminder_sent_for=None)
    return Spent(user=user, vacation=vacation, game_ids=game_ids, used=used + 1, left=left - 1)


@transaction.atomic
def back(*, user, vacation_id: int, now=None) -> int:
    """The player is back from an automatic day: their pending deadlines lose the part of the 24
    hours not yet used (never to before now); the day stays spent. Returns how many moved (0 for
    a day already ended, not theirs or not automatic)."""
    now = now or timezone.now()
    vacation = (
        Vacation.objects.select_for_update()
        .filter(pk=vacation_id, user=user, automatic=True, returned_at__isnull=True)
        .first()
    )
    if vacation is None:
        return 0
    vacation.returned_at = now
    vacation.save(update_fields=["returned_at"])
    unused = vacation.created_at + DAY - now
    if unused <= timedelta(0):
        return 0
    moved = 0
    for seat in _pending(user.pk):
        new = max(seat.deadline_at - unused, now)
        if new != seat.deadline_at:
            Seat.objects.filter(pk=seat.pk, deadline_at=seat.deadline_at).update(
                deadline_at=new, reminder_sent_for=None
            )
            moved += 1
    return moved
