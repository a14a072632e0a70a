"""Planned vacations through their pages (games/clock_views.py, on the preferences page): a
vacation after a deadline leaves it and its sent reminder alone, an overlapping one is refused and
pauses the deadline once, and nobody removes someone else's. The clock is frozen at T0."""

from datetime import date, timedelta

import pytest

from games.models import Vacation

from .conftest import T0, seat_at, turn_seat

pytestmark = pytest.mark.django_db


def _add_vacation(client, starts_on, ends_on):
    return client.post("/mail/vacations/", {"starts_on": starts_on.isoformat(), "ends_on": ends_on.isoformat()})


def test_a_vacation_after_the_deadline_leaves_the_deadline_and_its_sent_reminder_alone(clock, make_game, client):
    game = make_game(turn_hours=48)
    seat = turn_seat(game)
    seat.reminder_sent_for = game.version  # the reminder of this decision went already
    seat.save(update_fields=["reminder_sent_for"])
    client.force_login(seat.user)
    assert _add_vacation(client, date(2030, 3, 10), date(2030, 3, 12)).status_code == 302
    assert Vacation.objects.filter(user=seat.user).count() == 1
    seat.refresh_from_db()
    assert seat.deadline_at == T0 + timedelta(hours=48)
    assert seat.reminder_sent_for == game.version  # no second reminder for the same decision


def test_an_overlapping_vacation_is_refused_and_its_days_pause_the_deadline_once(clock, make_game, client):
    game = make_game(turn_hours=48)
    seat = turn_seat(game)
    client.force_login(seat.user)
    _add_vacation(client, date(2030, 3, 2), date(2030, 3, 4))
    page = client.get(_add_vacation(client, date(2030, 3, 3), date(2030, 3, 5))["Location"]).content.decode()
    assert "That overlaps a vacation you already have." in page
    assert list(Vacation.objects.filter(user=seat.user).values_list("starts_on", "ends_on")) == [
        (date(2030, 3, 2), date(2030, 3, 4))
    ]
    seat.refresh_from_db()
    assert seat.deadline_at == T0 + timedelta(hours=48 + 72)


def test_a_player_cannot_remove_someone_elses_vacation(clock, make_game, client):
    game = make_game(turn_hours=48)
    seat = turn_seat(game)
    other = seat_at(game, 1 - seat.position)
    client.force_login(seat.user)
    _add_vacation(client, date(2030, 3, 2), date(2030, 3, 4))
    vacation = Vacation.objects.get(user=seat.user)
    client.force_login(other.user)
    resp = client.post(f"/mail/vacations/{vacation.pk}/remove/", follow=True)
    assert "That vacation was not found: nothing was removed." in resp.content.decode()
    assert "Vacation removed." not in resp.content.decode()
    assert Vacation.objects.filter(pk=vacation.pk).exists()
    seat.refresh_from_db()
    assert seat.deadline_at == T0 + timedelta(hours=48 + 72)
