"""A calendar of a player's deadlines: a private ICS feed (RFC 5545) at a URL holding a key.

Each game where the player must decide now is one event at the deadline, with an alarm at the
reminder time (what notifications.reminders waits for: TRAILPOST["REMINDER_BEFORE_HOURS"], or
half of the decision's time when that is shorter) and the game's link. The event's UID is the
seat's, so a calendar that fetches the feed again keeps it as the same event; when the deadline
moved since the feed last said it (a move, a pause, an extension, a vacation, quiet hours), its
SEQUENCE goes up (kept in CalendarEvent), which is what tells a calendar the event changed.
Written with `icalendar` (the well-kept RFC 5545 library).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from icalendar import Alarm, Calendar, Event

from games.clock.bank import decision_span
from games.models import Game, Seat

from .emails import message_id_domain, site_url
from .models import CalendarEvent, CalendarFeed


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def feed_create(*, user) -> str:
    """Makes the user a new calendar key (the old URL stops working); returns the key."""
    key = secrets.token_urlsafe(24)
    CalendarFeed.objects.update_or_create(
        user=user, defaults={"prefix": key[: CalendarFeed.PREFIX_LENGTH], "digest": _digest(key)}
    )
    return key


def feed_revoke(*, user) -> bool:
    """Deletes the user's calendar key; returns whether there was one."""
    return bool(CalendarFeed.objects.filter(user=user).delete()[0])


def feed_user(key: str):
    """Returns the user whose calendar key this is (digests compared in constant time), or None."""
    if not isinstance(key, str) or len(key) < CalendarFeed.PREFIX_LENGTH or len(key) > 100:
        return None
    digest, found = _digest(key), None
    for feed in CalendarFeed.objects.select_related("user").filter(prefix=key[: CalendarFeed.PREFIX_LENGTH]):
        if hmac.compare_digest(feed.digest, digest):
            found = feed.user
    return found if found is not None and found.is_active else None


def _reminder_lead(game, seat) -> timedelta:
    return min(timedelta(hours=settings.TRAILPOST["REMINDER_BEFORE_HOURS"]), decision_span(game, seat) / 2)


@transaction.atomic
def feed_ics(user) -> bytes:
    """The user's calendar: one event per game where they must decide now."""
    now = timezone.now()
    seats = list(
        Seat.objects.filter(
            user=user,
            is_bot=False,
            status=Seat.Status.PLAYING,
            deadline_at__isnull=False,
            game__status=Game.Status.ACTIVE,
        )
        .select_related("game")
        .order_by("deadline_at", "pk")
    )
    known = {e.seat_id: e for e in CalendarEvent.objects.select_for_update().filter(seat__in=seats)}
    cal = Calendar()
    cal.add("prodid", "-//Trailpost//Deadlines//EN")
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    cal.add("x-wr-calname", "Trailpost deadlines")
    for seat in seats:
        game = seat.game
        record = known.get(seat.pk)
        if record is None:
            record = CalendarEvent.objects.create(seat=seat, deadline_at=seat.deadline_at)
        elif record.deadline_at != seat.deadline_at:
            record.deadline_at = seat.deadline_at
            record.sequence += 1
            record.save(update_fields=["deadline_at", "sequence"])
        url = site_url(reverse("games:detail", args=[game.pk]))
        event = Event()
        event.add("uid", f"trailpost-seat-{seat.pk}@{message_id_domain()}")
        event.add("sequence", record.sequence)
        event.add("dtstamp", now)
        event.add("dtstart", seat.deadline_at)
        event.add("dtend", seat.deadline_at + timedelta(minutes=15))
        event.add("summary", f"Your move is due: {game}")
        event.add("description", f"Decide in {game} before this time, or the default move is played for you.\n{url}")
        event.add("url", url)
        event.add("transp", "TRANSPARENT")
        alarm = Alarm()
        alarm.add("action", "DISPLAY")
        alarm.add("description", f"Your move in {game} is due soon")
        alarm.add("trigger", -_reminder_lead(game, seat))
        event.add_component(alarm)
        cal.add_component(event)
    return cal.to_ical()
