"""Vacations: days (UTC) on which a player's deadlines pause, within a yearly allowance."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from core.errors import ErrorCode, GameError
from games.models import Game, Seat, Vacation

# A player's vacations as read ahead for many players at once: {user id: [(first day, last day)]}.
Known = dict[int, list[tuple[date, date]]]


def _day_start(day) -> datetime:
    return datetime.combine(day, time.min, tzinfo=UTC)


def vacations_ahead(user_ids, today: date) -> Known:
    """Reads the vacations not yet over of these users in one query (every user gets an entry)."""
    known: Known = {uid: [] for uid in user_ids}
    if known:
        for uid, a, b in (
            Vacation.objects.filter(user_id__in=list(known), ends_on__gte=today)
            .order_by("starts_on")
            .values_list("user_id", "starts_on", "ends_on")
        ):
            known[uid].append((a, b))
    return known


def vacation_intervals(user_id, *, since, known: Known | None = None) -> list[tuple[datetime, datetime]]:
    """Returns the user's vacations ending after `since` as merged [start, end) UTC intervals
    (from `known` when it has the user, else read)."""
    if not user_id:
        return []
    if known is not None and user_id in known:
        rows = [v for v in known[user_id] if v[1] >= since.date()]
    else:
        rows = (
            Vacation.objects.filter(user_id=user_id, ends_on__gte=since.date())
            .order_by("starts_on")
            .values_list("starts_on", "ends_on")
        )
    merged: list[list[datetime]] = []
    for v in rows:
        a, b = _day_start(v[0]), _day_start(v[1]) + timedelta(days=1)
        if merged and a <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    return [(a, b) for a, b in merged if b > since]


def paused_deadline(start, span: timedelta, intervals) -> datetime:
    """Returns start + span where time inside the vacation intervals does not count."""
    deadline = start + span
    for a, b in intervals:
        if b <= start:
            continue
        if a >= deadline:
            break
        deadline += b - max(a, start)
    return deadline


def on_vacation(user_id, now) -> bool:
    """Whether the user is on vacation on the day of `now`."""
    return (
        bool(user_id)
        and Vacation.objects.filter(user_id=user_id, starts_on__lte=now.date(), ends_on__gte=now.date()).exists()
    )


def _paused_within(now, deadline, intervals) -> timedelta:
    """Returns how much of [now, deadline) the vacation intervals cover."""
    covered = timedelta(0)
    for a, b in intervals:
        lo, hi = max(a, now), min(b, deadline)
        if hi > lo:
            covered += hi - lo
    return covered


def vacations_changed(*, user, before) -> int:
    """Moves the user's pending deadlines after their vacations changed; returns how many moved.

    `before` is the user's vacation intervals (vacation_intervals) before the change. The turn
    time the player still has is what lay between now and the deadline outside the old
    vacations; the new deadline gives them exactly that much outside the new ones. So a new
    vacation pushes deadlines out, and removing one pulls them back in.
    """
    changed = 0
    now = timezone.now()
    after = vacation_intervals(user.pk, since=now)
    for seat in Seat.objects.filter(
        user=user, deadline_at__isnull=False, status=Seat.Status.PLAYING, is_bot=False, game__status=Game.Status.ACTIVE
    ):
        left = max(seat.deadline_at - now - _paused_within(now, seat.deadline_at, before), timedelta(0))
        new = paused_deadline(now, left, after)
        if new != seat.deadline_at:
            Seat.objects.filter(pk=seat.pk, deadline_at=seat.deadline_at).update(
                deadline_at=new, reminder_sent_for=None
            )
            changed += 1
    return changed


def vacation_days_used(user, year: int, *, exclude_pk=None) -> int:
    """Returns how many of the year's days the user's vacations take."""
    start, end = date(year, 1, 1), date(year, 12, 31)
    used = 0
    for v in Vacation.objects.filter(user=user, starts_on__lte=end, ends_on__gte=start).exclude(pk=exclude_pk):
        used += (min(v.ends_on, end) - max(v.starts_on, start)).days + 1
    return used


@transaction.atomic
def vacation_add(*, user, starts_on: date, ends_on: date) -> Vacation:
    """Adds vacation days (within the yearly allowance) and pauses the player's pending deadlines."""
    today = timezone.now().date()
    if ends_on < starts_on:
        raise GameError(ErrorCode.VALIDATION_ERROR, "A vacation must end on or after the day it starts.")
    if ends_on < today:
        raise GameError(ErrorCode.VALIDATION_ERROR, "That vacation is already over.")
    allowance = settings.TRAILPOST["VACATION_DAYS_PER_YEAR"]
    day = starts_on
    while day <= ends_on:
        year_end = min(ends_on, date(day.year, 12, 31))
        wanted = (year_end - day).days + 1
        used = vacation_days_used(user, day.year)
        if used + wanted > allowance:
            raise GameError(
                ErrorCode.VALIDATION_ERROR,
                f"That is more than your {allowance} vacation days for {day.year} ({used} used, {wanted} asked).",
                used=used,
                allowance=allowance,
            )
        day = year_end + timedelta(days=1)
    if Vacation.objects.filter(user=user, starts_on__lte=ends_on, ends_on__gte=starts_on).exists():
        raise GameError(ErrorCode.VALIDATION_ERROR, "That overlaps a vacation you already have.")
    before = vacation_intervals(user.pk, since=timezone.now())
    vacation = Vacation.objects.create(user=user, starts_on=starts_on, ends_on=ends_on)
    vacations_changed(user=user, before=before)
    return vacation


@transaction.atomic
def vacation_remove(*, user, vacation_id: int) -> bool:
    """Removes a vacation; deadlines it pushed out come back in (the days already taken stay taken)."""
    before = vacation_intervals(user.pk, since=timezone.now())
    if not Vacation.objects.filter(user=user, pk=vacation_id).delete()[0]:
        return False
    vacations_changed(user=user, before=before)
    return True
