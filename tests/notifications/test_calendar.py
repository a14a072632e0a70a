"""The calendar of a player's deadlines (notifications.calendar): a private ICS feed at a URL
holding a key. The feed is written with `icalendar` and read here with `vobject`, a parser that
did not write it, plus a check of RFC 5545's lines (CRLF, at most 75 octets); a moved deadline
keeps its event's UID with a higher SEQUENCE, as a calendar's re-fetch needs."""

import re
from datetime import timedelta

import pytest
import vobject
from django.urls import reverse

from games import services
from notifications import calendar
from notifications.models import CalendarFeed

from .conftest import T0, turn_seat

pytestmark = pytest.mark.django_db
H = timedelta(hours=1)


def feed_path(key) -> str:
    return reverse("notifications:calendar_feed", args=[key])


def fetch(client, key):
    resp = client.get(feed_path(key))
    assert resp.status_code == 200, resp.content[:500]
    assert resp["Content-Type"] == "text/calendar; charset=utf-8"
    raw = resp.content
    assert raw.endswith(b"\r\n")
    for line in raw.split(b"\r\n")[:-1]:  # RFC 5545 3.1: CRLF lines of at most 75 octets, folded
        assert b"\n" not in line and b"\r" not in line
        assert len(line) <= 75, line
    return vobject.readOne(raw.decode())


def same(page: bytes) -> bytes:
    """A page without what differs on every response (CSP nonces, CSRF tokens)."""
    page = re.sub(rb'nonce="[^"]*"', b"", page)
    page = re.sub(rb'"X-CSRFToken": "[^"]*"', b"", page)
    return re.sub(rb'name="csrfmiddlewaretoken" value="[^"]*"', b"", page)


def events(cal) -> dict:
    return {e.summary.value: e for e in getattr(cal, "vevent_list", [])}


def test_the_feed_lists_each_game_to_decide_at_its_deadline_with_an_alarm_and_the_link(make_game, clock, client):
    game = make_game(turn_hours=48)
    seat = turn_seat(game)
    key = calendar.feed_create(user=seat.user)
    cal = fetch(client, key)
    assert cal.version.value == "2.0"
    (event,) = events(cal).values()
    assert event.summary.value == "Your move is due: Test trail"
    assert event.dtstart.value == T0 + 48 * H
    assert event.uid.value.startswith(f"trailpost-seat-{seat.pk}@")
    assert int(event.sequence.value) == 0
    assert event.url.value.endswith(reverse("games:detail", args=[game.pk]))
    assert event.valarm.trigger.value == -12 * H  # the reminder's 12 hours before
    other = next(s for s in game.seats.select_related("user") if s.pk != seat.pk)
    assert events(fetch(client, calendar.feed_create(user=other.user))) == {}  # not their turn


def test_a_moved_deadline_keeps_its_uid_with_a_higher_sequence(make_game, clock, client, users):
    game = make_game(turn_hours=48)
    seat = turn_seat(game)
    key = calendar.feed_create(user=seat.user)
    first = next(iter(events(fetch(client, key)).values()))
    again = next(iter(events(fetch(client, key)).values()))
    assert int(again.sequence.value) == 0  # nothing moved: the same event as it was
    services.deadline_extend(game=game, seat=seat, by=users[2], hours=24)
    moved = next(iter(events(fetch(client, key)).values()))
    assert moved.uid.value == first.uid.value
    assert int(moved.sequence.value) == 1
    assert moved.dtstart.value == T0 + 72 * H


def test_a_wrong_or_revoked_key_gets_the_plain_404_and_nothing_else(make_game, clock, client):
    game = make_game()
    seat = turn_seat(game)
    key = calendar.feed_create(user=seat.user)
    unknown = same(client.get("/no-such-page/").content)
    for bad in ["x" * 32, key[:-1] + ("A" if key[-1] != "A" else "B"), key[:8] + "-" * 24]:
        resp = client.get(feed_path(bad))
        assert resp.status_code == 404
        assert same(resp.content) == unknown  # nothing about whether the key's start matched
    new = calendar.feed_create(user=seat.user)  # a new address replaces the old one
    assert client.get(feed_path(key)).status_code == 404
    assert client.get(feed_path(new)).status_code == 200
    calendar.feed_revoke(user=seat.user)
    assert client.get(feed_path(new)).status_code == 404


def test_the_profile_makes_shows_once_and_revokes_the_address(make_game, clock, client, users):
    user = users[0]
    client.force_login(user)
    resp = client.post(reverse("notifications:calendar_create"))
    assert resp.status_code == 302 and resp["Location"] == reverse("accounts:profile")
    page = client.get(reverse("accounts:profile")).content.decode()
    start = page.index('<code id="calendar-url">') + len('<code id="calendar-url">')
    url = page[start : page.index("</code>", start)]
    assert "/deadlines.ics" in url
    assert client.get(url.split("://", 1)[1].split("/", 1)[1].join(["/", ""])).status_code == 200
    assert '<code id="calendar-url">' not in client.get(reverse("accounts:profile")).content.decode()  # once
    client.post(reverse("notifications:calendar_revoke"))
    assert not CalendarFeed.objects.filter(user=user).exists()


def test_making_or_revoking_an_address_needs_a_login(client, users):
    for name in ("notifications:calendar_create", "notifications:calendar_revoke"):
        resp = client.post(reverse(name))
        assert resp.status_code == 302 and "login" in resp["Location"]
    assert not CalendarFeed.objects.exists()
