"""Vacations: days (UTC) on which a player's deadlines pause, within a yearly allowance; and a
player's pauses: their vacations and their quiet hours and days (accounts.quiet) together."""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from datetime import UTC, date, datetime, time, timedelta
from types import SimpleNamespace

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from accounts import quiet
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
            Vacation.objects.filter(user_id__in=list(known), ends_on__gte=today, automatic=False)
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
            Vacation.objects.filter(user_id=user_id, ends_on__gte=since.date(), automatic=False)
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


def merged(*streams: Iterable) -> Iterable[tuple[datetime, datetime]]:
    """Merges streams of [start, end) intervals, each in order, into one in order without
    overlaps (a stream may be without end: this reads each only as far as asked)."""
    current = None
    for a, b in heapq.merge(*streams):
        if current is not None and a <= current[1]:
            current = (current[0], max(current[1], b))
            continue
        if current is not None:
            yield current
        current = (a, b)
    if current is not None:
        yield current


def with_quiet(vacations: list, user, since) -> Iterable[tuple[datetime, datetime]]:
    """The player's pauses from `since` on: their vacation intervals and their quiet times."""
    if not quiet.has_quiet(user):
        return vacations
    return merged(vacations, quiet.intervals(user, since))


def quiet_of(user) -> SimpleNamespace:
    """What the user's quiet times depend on, as they are now (to compare with after a change)."""
    return SimpleNamespace(
        quiet_from=user.quiet_from, quiet_until=user.quiet_until, quiet_days=user.quiet_days, time_zone=user.time_zone
    )


def pauses(user, since, *, known: Known | None = None) -> Iterable[tuple[datetime, datetime]]:
    """The user's vacations and quiet times from `since` on, merged (no query for a player
    without vacations ahead)."""
    until = user.vacation_until
    vacations = [] if until is None or until < since.date() else vacation_intervals(user.pk, since=since, known=known)
    return with_quiet(vacations, user, since)


def clock_deadline(start, span: timedelta, vacations: list, user, *, banked: bool) -> datetime:
    """The deadline of a decision arising at `start` with `span` to decide: on a time bank the
    player's quiet times do not count, as vacations do not; on the per-move clock only the
    vacations pause it, and a deadline that falls in quiet times moves past them."""
    if banked:
        return paused_deadline(start, span, with_quiet(vacations, user, start))
    return past_quiet(paused_deadline(start, span, vacations), vacations, user)


def past_quiet(deadline: datetime, vacations: list, user) -> datetime:
    """The deadline, or the end of the quiet time (with any vacation it runs into) it falls in."""
    if not quiet.has_quiet(user):
        return deadline
    for a, b in merged(vacations, quiet.intervals(user, deadline)):
        if a > deadline:
            break
        if deadline < b:
            deadline = b
    return deadline


def paused_deadline(start, span: timedelta, intervals) -> datetime:
    """Returns start + span where time inside the intervals (in order, without overlaps; a
    stream without end is read only as far as needed) does not count."""
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
        and Vacation.objects.filter(
            user_id=user_id, starts_on__lte=now.date(), ends_on__gte=now.date(), automatic=False
        ).exists()
    )


def paused_within(now, deadline, intervals) -> timedelta:
    """Returns how much of [now, deadline) the intervals (in order) cover."""
    covered = timedelta(0)
    for a, b in intervals:
        if a >= deadline:
            break
        lo, hi = max(a, now), min(b, deadline)
        if hi > lo:
            covered += hi - lo
    return covered


def vacations_changed(*, user, before, quiet_before=None) -> int:
    """Moves the user's pending deadlines after their vacations changed; returns how many moved.

    `before` is the user's vacation intervals (vacation_intervals) before the change. The turn
    time the player still has is what lay between now and the deadline outside the old
    vacations; the new deadline gives them exactly that much outside the new ones. So a new
    vacation pushes deadlines out, and removing one pulls them back in. The player's quiet
    times count as clock_deadline says (`quiet_before`: what they were before, see quiet_of,
    when they are what changed; else they are as now): on a bank as vacations do; on the per-move
    clock a deadline left in quiet times moves past them (one slid past the old ones stays).
    """
    changed = 0
    now = timezone.now()
    after_vacations = vacation_intervals(user.pk, since=now)
    quiet_before = quiet_before or quiet_of(user)
    for seat in Seat.objects.filter(
        user=user, deadline_at__isnull=False, status=Seat.Status.PLAYING, is_bot=False, game__status=Game.Status.ACTIVE
    ).annotate(clock=F("game__clock")):
        banked = seat.clock == Game.Clock.BANK and seat.bank_running
        paused = paused_within(now, seat.deadline_at, with_quiet(before, quiet_before, now) if banked else before)
        left = max(seat.deadline_at - now - paused, timedelta(0))
        new = clock_deadline(now, left, after_vacations, user, banked=banked)
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
    if Vacation.objects.filter(user=user, starts_on__lte=ends_on, ends_on__gte=starts_on, automatic=False).exists():
        raise GameError(ErrorCode.VALIDATION_ERROR, "That overlaps a vacation you already have.")
    before = vacation_intervals(user.pk, since=timezone.now())
    vacation = Vacation.objects.create(user=user, starts_on=starts_on, ends_on=ends_on)
    vacations_changed(user=user, before=before)
    return vacation


@transaction.atomic
def vacation_remove(*, user, vacation_id: int) -> bool:
    """Removes a vacation; deadlines it pushed out come back in (the days already taken stay taken)."""
    before = vacation_intervals(user.pk, since=timezone.now())
    if not Vacation.objects.filter(user=user, pk=vacation_id, automatic=False).delete()[0]:
        return False
    vacations_changed(user=user, before=before)
    return True
