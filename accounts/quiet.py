"""Quiet hours and quiet days: times of the week, in a player's own time zone, when their turn
clock does not run (games.clock: a deadline is moved past them, a time bank loses nothing in
them, no reminder is sent in them).

A player sets at most one daily window (`quiet_from` to `quiet_until`, which may run past
midnight: 23:00 to 07:00) and any weekdays (`quiet_days`, ISO numbers 1 Monday to 7 Sunday,
quiet from midnight to midnight). The window is read on the local calendar, so it keeps its
local hours across daylight-saving changes: the night the clocks go forward it is an hour
shorter in real time, the night they go back an hour longer. A local time that does not exist
(in the spring gap) is taken with the offset before the change, one that exists twice at its
first occurrence (Python's fold=0).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, time, timedelta

from django.core.exceptions import ValidationError

from . import timezones

DAY_NAMES = {1: "Monday", 2: "Tuesday", 3: "Wednesday", 4: "Thursday", 5: "Friday", 6: "Saturday", 7: "Sunday"}
# The clock must run at least this much of a week (8 hours a day on average), so that a player
# with quiet times still has evenings to move in and a 48-hour move still ends within the week.
MIN_RUNNING_HOURS_A_WEEK = 56


def parse_days(value) -> str:
    """The quiet weekdays as stored: sorted distinct ISO digits ("67"), from digits or numbers."""
    return "".join(sorted({str(int(d)) for d in value}))


def validate(quiet_from: time | None, quiet_until: time | None, days: str) -> None:
    """Refuses quiet times that make no sense or leave the clock too little of the week."""
    if (quiet_from is None) != (quiet_until is None):
        raise ValidationError(
            "Give both the start and the end of your quiet hours, or neither.", code="quiet_hours_incomplete"
        )
    if any(d not in "1234567" for d in days):
        raise ValidationError("Quiet days are weekdays, 1 (Monday) to 7 (Sunday).", code="quiet_days_invalid")
    if quiet_from is not None and quiet_from == quiet_until:
        raise ValidationError(
            f"Quiet hours from {quiet_from:%H:%M} to {quiet_until:%H:%M} would cover the whole day: your clock "
            "would never run. Choose an end different from the start.",
            code="quiet_whole_day",
        )
    if len(set(days)) == 7:
        raise ValidationError(
            "Quiet on every day of the week: your clock would never run. Leave at least one day.",
            code="quiet_whole_week",
        )
    running = running_hours_a_week(quiet_from, quiet_until, days)
    if running < MIN_RUNNING_HOURS_A_WEEK:
        raise ValidationError(
            f"These quiet times leave your clock {running:g} hours a week; it must run at least "
            f"{MIN_RUNNING_HOURS_A_WEEK} (8 hours a day on average) so that a move can be made in a week. "
            "Shorten the quiet hours or choose fewer quiet days.",
            code="quiet_too_much",
        )


def running_hours_a_week(quiet_from: time | None, quiet_until: time | None, days: str) -> float:
    """Hours of a week (on the local calendar, by the minute) outside the quiet times."""
    quiet = [False] * (7 * 24 * 60)
    for day in range(7):  # 0 Monday
        if str(day + 1) in days:
            quiet[day * 1440 : (day + 1) * 1440] = [True] * 1440
        if quiet_from is not None:
            a = quiet_from.hour * 60 + quiet_from.minute
            b = quiet_until.hour * 60 + quiet_until.minute
            length = (b - a) % 1440
            for m in range(length):
                quiet[(day * 1440 + a + m) % len(quiet)] = True
    return quiet.count(False) / 60


def has_quiet(user) -> bool:
    return user is not None and (user.quiet_from is not None or bool(user.quiet_days))


def _utc(day: date, at: time, zone) -> datetime:
    return datetime.combine(day, at, tzinfo=zone).astimezone(UTC)


def intervals(user, since: datetime) -> Iterator[tuple[datetime, datetime]]:
    """The user's quiet times from `since` on, as merged [start, end) UTC intervals in order,
    without end (the caller stops reading). Nothing for a user without quiet times."""
    if not has_quiet(user):
        return
    zone = timezones.zone(user.time_zone)
    day = since.astimezone(zone).date() - timedelta(days=1)  # last night's window may reach past `since`
    days = user.quiet_days or ""
    current = None
    while True:
        found = []
        if str(day.isoweekday()) in days:
            found.append((_utc(day, time.min, zone), _utc(day + timedelta(days=1), time.min, zone)))
        if user.quiet_from is not None:
            end_day = day if user.quiet_from < user.quiet_until else day + timedelta(days=1)
            found.append((_utc(day, user.quiet_from, zone), _utc(end_day, user.quiet_until, zone)))
        for a, b in sorted(found):
            if current is not None and a <= current[1]:
                current = (current[0], max(current[1], b))
                continue
            if current is not None and current[1] > since:
                yield current
            current = (a, b)
        day += timedelta(days=1)


def is_quiet(user, moment: datetime) -> bool:
    """Whether `moment` falls in the user's quiet times."""
    for a, b in intervals(user, moment):
        return a <= moment < b
    return False
