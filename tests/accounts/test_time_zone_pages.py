"""Pages show a deadline in the reader's own time zone (accounts.middleware.TimeZoneMiddleware)."""

from datetime import UTC, datetime

import pytest
import time_machine

from games.models import Seat
from tests.builders import start_game

pytestmark = pytest.mark.django_db

T0 = datetime(2030, 1, 15, 12, 0, tzinfo=UTC)  # winter: Berlin is UTC+1, New York UTC-5


@pytest.fixture
def game(make_user, toy_engine):
    with time_machine.travel(T0, tick=False):
        ann, bob = make_user("ann"), make_user("bob")
        game = start_game(ann, bob, turn_hours=48)
    return game


def deadline(title: str, words: str) -> str:
    return f'<time datetime="2030-01-17T12:00:00Z" title="{title}">{words}</time>'


@pytest.mark.parametrize(
    "zone, title, words",
    [
        ("Europe/Berlin", "Thu 17 Jan 2030 13:00 CET (Europe/Berlin)", "in 2 days, Thu 13:00"),
        ("America/New_York", "Thu 17 Jan 2030 07:00 EST (America/New_York)", "in 2 days, Thu 07:00"),
        ("UTC", "Thu 17 Jan 2030 12:00 UTC", "in 2 days, Thu 12:00"),
    ],
)
def test_the_game_page_and_the_lobby_show_a_deadline_in_the_readers_zone(game, client, zone, title, words):
    """Said from now ("in 2 days, Thu 13:00") with the moment and its zone as the title."""
    seat = Seat.objects.filter(game=game, deadline_at__isnull=False).select_related("user").get()
    assert seat.deadline_at == datetime(2030, 1, 17, 12, 0, tzinfo=UTC)
    seat.user.time_zone = zone
    seat.user.save(update_fields=["time_zone"])
    with time_machine.travel(T0, tick=False):  # the session too: it would have expired by 2030
        client.force_login(seat.user)
        page = client.get(f"/games/{game.pk}/").content.decode()
        lobby = client.get("/").content.decode()
    assert f"due {deadline(title, words)}" in page
    assert deadline(title, words) in lobby


def test_a_visitor_reads_deadlines_in_utc(game, client):
    with time_machine.travel(T0, tick=False):
        page = client.get(f"/games/{game.pk}/").content.decode()
    assert f"due {deadline('Thu 17 Jan 2030 12:00 UTC', 'in 2 days, Thu 12:00')}" in page
