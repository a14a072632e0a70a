"""Pages show a deadline in the reader's own time zone (accounts.middleware.TimeZoneMiddleware)."""

from datetime import UTC, datetime

import pytest
import time_machine

from games import services
from games.models import Seat

pytestmark = pytest.mark.django_db

T0 = datetime(2030, 1, 15, 12, 0, tzinfo=UTC)  # winter: Berlin is UTC+1, New York UTC-5


@pytest.fixture
def game(make_user, toy_engine):
    with time_machine.travel(T0, tick=False):
        ann, bob = make_user("ann"), make_user("bob")
        game = services.game_create(owner=ann, rules="toy-shed", max_players=2, turn_hours=48)
        services.game_join(game=game, user=bob, code=game.invite_code)
        services.game_start(game=game, by=ann)
    return game


@pytest.mark.parametrize(
    "zone, shown",
    [
        ("Europe/Berlin", "Thu 17 Jan 13:00 CET"),
        ("America/New_York", "Thu 17 Jan 07:00 EST"),
        ("UTC", "Thu 17 Jan 12:00 UTC"),
    ],
)
def test_the_game_page_and_the_lobby_show_a_deadline_in_the_readers_zone(game, client, zone, shown):
    seat = Seat.objects.filter(game=game, deadline_at__isnull=False).select_related("user").get()
    assert seat.deadline_at == datetime(2030, 1, 17, 12, 0, tzinfo=UTC)
    seat.user.time_zone = zone
    seat.user.save(update_fields=["time_zone"])
    client.force_login(seat.user)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert f"due {shown}" in page
    lobby = client.get("/").content.decode()
    assert shown in lobby


def test_a_visitor_reads_deadlines_in_utc(game, client):
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "due Thu 17 Jan 12:00 UTC" in page
