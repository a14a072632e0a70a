"""Relative times in the reader's zone (games/templatetags/when.py), with the clock frozen."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.template import Context, Template
from django.utils import timezone

from games.templatetags.when import relative, relative_text, when

# Tuesday 24 November 2026, 12:00 UTC: 13:00 in Berlin, 04:00 in Los Angeles.
NOW = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)


@pytest.fixture
def clock():
    with time_machine.travel(NOW, tick=False) as traveller:
        yield traveller


def said(delta: timedelta, zone: str) -> str:
    with timezone.override(ZoneInfo(zone)):
        return relative_text(NOW + delta)


@pytest.mark.parametrize(
    "delta, zone, expected",
    [
        (timedelta(seconds=20), "UTC", "in less than a minute"),
        (timedelta(seconds=-20), "UTC", "just now"),
        (timedelta(minutes=5), "Europe/Berlin", "in 5 minutes (13:05)"),
        (timedelta(minutes=-5), "Europe/Berlin", "5 minutes ago"),
        (timedelta(minutes=-1), "UTC", "1 minute ago"),
        (timedelta(hours=3), "UTC", "in 3 hours (15:00)"),
        (timedelta(hours=1), "Europe/Berlin", "in 1 hour (14:00)"),
        (timedelta(hours=3), "Europe/Berlin", "in 3 hours (16:00)"),
        (timedelta(hours=3), "America/Los_Angeles", "in 3 hours (07:00)"),
        (timedelta(hours=-3), "Europe/Berlin", "3 hours ago (10:00)"),
        # Berlin: 13:00 now, 23:00 is still today; 01:00 is tomorrow but near: said in hours
        (timedelta(hours=10), "Europe/Berlin", "in 10 hours (23:00)"),
        (timedelta(hours=12), "Europe/Berlin", "tomorrow, 01:00"),
        (timedelta(hours=11), "Europe/Berlin", "in 11 hours (Wed 00:00)"),
        (timedelta(days=1, hours=1), "Europe/Berlin", "tomorrow, 14:00"),
        (timedelta(days=2, hours=1), "Europe/Berlin", "in 2 days, Thu 14:00"),
        (timedelta(days=2), "America/Los_Angeles", "in 2 days, Thu 04:00"),
        (timedelta(days=2), "UTC", "in 2 days, Thu 12:00"),
        (timedelta(hours=-18, minutes=-30), "Europe/Berlin", "yesterday, 18:30"),
        # Los Angeles: 04:00 now, so 16 hours ago was yesterday noon
        (timedelta(hours=-16), "America/Los_Angeles", "yesterday, 12:00"),
        (timedelta(days=-3), "Europe/Berlin", "3 days ago, Sat 13:00"),
        (timedelta(days=9), "UTC", "on Thu 3 Dec, 12:00"),
        (timedelta(days=-40), "UTC", "on Thu 15 Oct, 12:00"),
        (timedelta(days=60), "Europe/Berlin", "on Sat 23 Jan 2027, 13:00"),
    ],
)
def test_relative_words(clock, delta, zone, expected):
    assert said(delta, zone) == expected


def test_the_same_moment_reads_in_each_zone(clock):
    moment = NOW + timedelta(days=1, hours=2)  # Wed 14:00 UTC
    assert said(moment - NOW, "UTC") == "tomorrow, 14:00"
    assert said(moment - NOW, "Europe/Berlin") == "tomorrow, 15:00"
    assert said(moment - NOW, "America/Los_Angeles") == "tomorrow, 06:00"


def test_relative_markup_has_the_iso_moment_and_the_absolute_time_with_its_zone(clock):
    with timezone.override(ZoneInfo("Europe/Berlin")):
        html = relative(NOW + timedelta(days=2, hours=1))
    assert html == (
        '<time datetime="2026-11-26T13:00:00Z" title="Thu 26 Nov 2026 14:00 CET (Europe/Berlin)">'
        "in 2 days, Thu 14:00</time>"
    )
    with timezone.override(ZoneInfo("UTC")):
        html = relative("2026-11-24T11:55:00+00:00")  # the API's ISO text works too
    assert html == '<time datetime="2026-11-24T11:55:00Z" title="Tue 24 Nov 2026 11:55 UTC">5 minutes ago</time>'


def test_unreadable_values_give_nothing(clock):
    for value in (None, "", "not a time", 42):
        assert relative(value) == "" and relative_text(value) == "" and when(value) == ""


def test_in_a_template_the_text_is_escaped_once(clock):
    with timezone.override(ZoneInfo("UTC")):
        out = Template("{% load when %}<p>{{ t|relative }}</p>").render(Context({"t": NOW + timedelta(hours=3)}))
    assert out.startswith('<p><time datetime="2026-11-24T15:00:00Z"') and "in 3 hours (15:00)</time></p>" in out


def test_a_naive_time_is_taken_as_utc(clock):
    with timezone.override(ZoneInfo("Europe/Berlin")):
        assert relative_text(datetime(2026, 11, 24, 15, 0)) == "in 3 hours (16:00)"
