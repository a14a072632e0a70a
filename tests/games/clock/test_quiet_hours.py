"""Quiet hours and days per player (accounts.quiet): their clock does not run in them. On a time
bank the time in them is not taken from the bank; on the per-move clock a deadline falling in
them moves past them; no reminder is sent in them. Daylight-saving changes: both changes of
2030 in Europe/Berlin (31 March, 27 October) and America/New_York (10 March, 3 November),
the clock moved with time-machine.
"""

from datetime import UTC, datetime, time, timedelta

import pytest
import time_machine
from django.core.exceptions import ValidationError
from django.urls import reverse

from accounts import quiet
from games import services
from games.clock.bank import seat_bank_left
from games.models import Move
from games.timekeeper.sweep import handle_due
from notifications.models import Kind, Notification
from tests.builders import start_game

from .conftest import minute, turn_seat

pytestmark = pytest.mark.django_db
H = timedelta(hours=1)


def utc(*args) -> datetime:
    return datetime(*args, tzinfo=UTC)


def set_quiet(user, zone, start=None, end=None, days=""):
    user.time_zone, user.quiet_from, user.quiet_until, user.quiet_days = zone, start, end, days
    user.save()


def quiet_game(users, *, clock="bank", bank=24, turn_hours=24):
    """A two-player toy race, on a time bank of `bank` hours (+12 or less per move) or per move."""
    extra = {"bank_hours": bank, "increment_hours": min(bank, 12), "cap_hours": 2 * bank} if clock == "bank" else {}
    return start_game(*users[:2], rules="toy-notify", title="Quiet trail", turn_hours=turn_hours, clock=clock, **extra)


NIGHTS = [  # (zone, the evening before the change, the night's real length in hours)
    ("Europe/Berlin", (2030, 3, 30), 7),  # clocks forward: 23:00 CET to 07:00 CEST
    ("Europe/Berlin", (2030, 10, 26), 9),  # clocks back: 23:00 CEST to 07:00 CET
    ("America/New_York", (2030, 3, 9), 7),
    ("America/New_York", (2030, 11, 2), 9),
]


@pytest.mark.parametrize(("zone", "day", "hours"), NIGHTS)
def test_a_night_of_quiet_hours_keeps_its_local_hours_across_a_daylight_saving_change(users, zone, day, hours):
    user = users[0]
    set_quiet(user, zone, time(23), time(7))
    since = utc(*day, 12)
    a, b = next(iter(quiet.intervals(user, since)))
    assert (b - a) == hours * H
    assert a.astimezone(quiet.timezones.zone(zone)).hour == 23
    assert b.astimezone(quiet.timezones.zone(zone)).hour == 7


BANK_CASES = [  # (zone, the decision arises at (UTC), its 24-hour bank runs out at (UTC))
    # 13:00 CET: 10 h to 23:00 CET (22:00 UTC), quiet to 07:00 CEST (05:00 UTC), 14 h more
    ("Europe/Berlin", utc(2030, 3, 30, 12), utc(2030, 3, 31, 19)),
    # 14:00 CEST: 9 h to 23:00 CEST (21:00 UTC), quiet to 07:00 CET (06:00 UTC), 15 h more
    ("Europe/Berlin", utc(2030, 10, 26, 12), utc(2030, 10, 27, 21)),
    # 12:00 EST: 11 h to 23:00 EST (04:00 UTC), quiet to 07:00 EDT (11:00 UTC), 13 h more
    ("America/New_York", utc(2030, 3, 9, 17), utc(2030, 3, 11, 0)),
    # 12:00 EDT: 11 h to 23:00 EDT (03:00 UTC), quiet to 07:00 EST (12:00 UTC), 13 h more
    ("America/New_York", utc(2030, 11, 2, 16), utc(2030, 11, 4, 1)),
]


@pytest.mark.parametrize(("zone", "start", "due"), BANK_CASES)
def test_a_bank_does_not_run_in_quiet_hours_across_a_daylight_saving_change(users, zone, start, due):
    for user in users[:2]:
        set_quiet(user, zone, time(23), time(7))
    with time_machine.travel(start, tick=False) as clock:
        game = quiet_game(users)
        seat = turn_seat(game)
        assert seat.deadline_at == due
        clock.move_to(due - timedelta(seconds=1))
        assert handle_due(due - timedelta(seconds=1))["timeouts"] == 0
        clock.move_to(due + timedelta(seconds=1))
        assert handle_due(due + timedelta(seconds=1))["timeouts"] == 1
        last = Move.objects.filter(game=game).latest("seq")
        assert (last.channel, last.position) == (Move.Channel.TIMEOUT, seat.position)


def test_time_in_quiet_hours_is_not_taken_from_the_bank(users):
    for user in users[:2]:
        set_quiet(user, "Europe/Berlin", time(23), time(7))
    with time_machine.travel(utc(2030, 3, 30, 12), tick=False) as clock:  # 13:00 CET
        game = quiet_game(users, bank=24)
        seat = turn_seat(game)
        clock.move_to(utc(2030, 3, 31, 6))  # 08:00 CEST: 10 h before the night, 1 h after
        game.refresh_from_db()
        services.move_submit(
            game=game, seat=seat, action={"type": "end_turn"}, expected_version=game.version, channel="web"
        )
        seat.refresh_from_db()
        assert seat.bank_seconds == (24 - 11 + 12) * 3600  # 13 h left, +12 h


def test_a_move_made_before_the_night_keeps_the_night_out_of_the_bank(users):
    """The night still ahead of a decision answered in the evening was never the player's to use:
    the bank keeps it out of what was spent."""
    for user in users[:2]:
        set_quiet(user, "Europe/Berlin", time(23), time(7))
    with time_machine.travel(utc(2030, 1, 15, 12), tick=False) as clock:  # 13:00 CET
        game = quiet_game(users, bank=24)
        seat = turn_seat(game)
        assert seat.deadline_at == utc(2030, 1, 16, 20)  # 24 h of bank and the 8-hour night
        clock.move_to(utc(2030, 1, 15, 18))  # 19:00 CET: 6 h used, the night still ahead
        game.refresh_from_db()
        services.move_submit(
            game=game, seat=seat, action={"type": "end_turn"}, expected_version=game.version, channel="web"
        )
        seat.refresh_from_db()
        assert seat.bank_seconds == (24 - 6 + 12) * 3600


def test_what_is_left_in_a_running_bank_leaves_out_the_quiet_hours_ahead(users):
    """What the table shows of a bank: the night still ahead is not counted as spent."""
    for user in users[:2]:
        set_quiet(user, "Europe/Berlin", time(23), time(7))
    with time_machine.travel(utc(2030, 1, 15, 12), tick=False):  # 13:00 CET
        game = quiet_game(users, bank=24)
        seat = turn_seat(game)
    assert seat.deadline_at == utc(2030, 1, 16, 20)  # 24 h of bank and the 8-hour night
    assert seat_bank_left(seat, game, utc(2030, 1, 15, 12)) == 24 * 3600
    assert seat_bank_left(seat, game, utc(2030, 1, 16, 6)) == 14 * 3600  # 10 h used before the night


@pytest.mark.parametrize(("zone", "day", "hours"), NIGHTS)
def test_a_per_move_deadline_falling_in_quiet_hours_moves_to_their_end(users, zone, day, hours):
    for user in users[:2]:
        set_quiet(user, zone, time(23), time(7))
    # the decision arises at 02:00 local time the night before; 24 h later is 02:00 in the changed night
    local = quiet.timezones.zone(zone)
    start = datetime(*day, 2, 0, tzinfo=local).astimezone(UTC)
    with time_machine.travel(start, tick=False):
        game = quiet_game(users, clock="move", turn_hours=24)
        seat = turn_seat(game)
    morning = datetime(*day, 7, 0, tzinfo=local) + timedelta(days=1)
    assert seat.deadline_at == datetime(morning.year, morning.month, morning.day, 7, 0, tzinfo=local)
    assert seat.deadline_at.astimezone(local).hour == 7


def test_a_deadline_falling_on_a_quiet_weekend_moves_to_monday(users):
    for user in users[:2]:
        set_quiet(user, "UTC", days="67")
    with time_machine.travel(utc(2030, 3, 8, 12), tick=False):  # a Friday
        game = quiet_game(users, clock="move", turn_hours=48)
        assert turn_seat(game).deadline_at == utc(2030, 3, 11, 0)  # Sunday noon: moved to Monday 00:00


def test_no_reminder_is_sent_in_quiet_hours_the_first_after_them_is(users, settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "REMINDER_BEFORE_HOURS": 12}
    for user in users[:2]:
        set_quiet(user, "UTC", time(0), time(8))
    with time_machine.travel(utc(2030, 3, 1, 14), tick=False) as clock:
        game = quiet_game(users, clock="move", turn_hours=24)  # due 14:00 the next day
        seat = turn_seat(game)
        assert seat.deadline_at == utc(2030, 3, 2, 14)
        clock.move_to(utc(2030, 3, 2, 2, 30))  # within 12 h of it, but quiet
        assert minute()["reminders"] == 0
        clock.move_to(utc(2030, 3, 2, 8, 0))
        assert minute()["reminders"] == 1
        assert Notification.objects.filter(seat=seat, kind=Kind.REMINDER).count() == 1


# -- refused quiet times --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "end", "days", "code"),
    [
        (time(7), time(7), "", "quiet_whole_day"),
        (None, None, "1234567", "quiet_whole_week"),
        (time(20), time(12), "67", "quiet_too_much"),  # 16 h a night and the weekend: 40 h a week left
        (time(23), None, "", "quiet_hours_incomplete"),
    ],
)
def test_quiet_times_that_leave_no_clock_are_refused(start, end, days, code):
    with pytest.raises(ValidationError) as exc:
        quiet.validate(start, end, days)
    assert exc.value.code == code and exc.value.messages[0]


def test_evenings_and_weekends_are_accepted():
    quiet.validate(time(23), time(7), "67")  # 5 days of 16 h: 80 h a week
    assert quiet.running_hours_a_week(time(23), time(7), "67") == 80


def test_the_profile_form_sets_quiet_hours_and_refuses_the_whole_day(client, users):
    user = users[0]
    client.force_login(user)
    form = {"display_name": "Ann", "time_zone": "Europe/Berlin", "quiet_from": "23:00", "quiet_until": "07:00"}
    resp = client.post(reverse("accounts:profile"), {**form, "quiet_days": ["6", "7"]})
    assert resp.status_code == 302
    user.refresh_from_db()
    assert (user.quiet_from, user.quiet_until, user.quiet_days) == (time(23), time(7), "67")
    resp = client.post(reverse("accounts:profile"), {**form, "quiet_from": "07:00", "quiet_until": "07:00"})
    assert resp.status_code == 200
    assert "would cover the whole day" in resp.content.decode()
    user.refresh_from_db()
    assert user.quiet_from == time(23)  # nothing changed


def test_the_profile_page_needs_a_login(client):
    resp = client.post(reverse("accounts:profile"), {"quiet_from": "23:00", "quiet_until": "07:00"})
    assert resp.status_code == 302 and "login" in resp["Location"]


def test_the_api_sets_quiet_hours_refuses_too_much_and_moves_a_pending_deadline(users, api_for):
    user = users[0]
    with time_machine.travel(utc(2030, 3, 5, 12), tick=False):
        game = quiet_game(users, bank=24)
        seat = turn_seat(game)
        assert seat.deadline_at == utc(2030, 3, 6, 12)
        a = api_for(seat.user)
        refused = a.patch(
            "/api/profile/", {"quiet_from": "20:00", "quiet_until": "12:00", "quiet_days": [6, 7]}, format="json"
        )
        assert refused.status_code == 400
        body = refused.json()
        assert body["code"] == "VALIDATION_ERROR" and "at least 56" in body["message"]
        seat.refresh_from_db()
        assert seat.deadline_at == utc(2030, 3, 6, 12)  # nothing changed
        resp = a.patch(
            "/api/profile/", {"time_zone": "UTC", "quiet_from": "23:00", "quiet_until": "07:00"}, format="json"
        )
        assert resp.status_code == 200, resp.content
        assert resp.json()["quiet_from"] == "23:00" and resp.json()["quiet_days"] == []
        seat.refresh_from_db()
        assert seat.deadline_at == utc(2030, 3, 6, 20)  # the night's 8 hours are not counted
    assert user.pk in {users[0].pk, users[1].pk}


def test_the_api_profile_needs_a_token(client):
    resp = client.patch("/api/profile/", {"quiet_from": "23:00"}, content_type="application/json")
    assert resp.status_code == 401


@pytest.mark.parametrize(
    ("start", "end", "days", "code", "message"),
    [
        (
            time(23),
            None,
            "",
            "quiet_hours_incomplete",
            "Give both the start and the end of your quiet hours, or neither.",
        ),
        (
            None,
            time(7),
            "",
            "quiet_hours_incomplete",
            "Give both the start and the end of your quiet hours, or neither.",
        ),
        (None, None, "18", "quiet_days_invalid", "Quiet days are weekdays, 1 (Monday) to 7 (Sunday)."),
        (
            time(7),
            time(7),
            "",
            "quiet_whole_day",
            "Quiet hours from 07:00 to 07:00 would cover the whole day: your clock would never run. "
            "Choose an end different from the start.",
        ),
        (
            None,
            None,
            "1234567",
            "quiet_whole_week",
            "Quiet on every day of the week: your clock would never run. Leave at least one day.",
        ),
        (
            time(20),
            time(12),
            "67",
            "quiet_too_much",
            "These quiet times leave your clock 40 hours a week; it must run at least 56 (8 hours a day on "
            "average) so that a move can be made in a week. Shorten the quiet hours or choose fewer quiet days.",
        ),
    ],
)
def test_a_refusal_says_what_to_change(start, end, days, code, message):
    """What the profile form and the API show the player (and the code an API client reads)."""
    with pytest.raises(ValidationError) as exc:
        quiet.validate(start, end, days)
    assert (exc.value.code, exc.value.messages) == (code, [message])


@pytest.mark.parametrize(
    ("start", "end", "days", "hours"),
    [
        (None, None, "1", 144),  # Monday off
        (None, None, "7", 144),
        (time(22, 30), time(6, 15), "", 168 - 7 * 7.75),  # 7 h 45 min a night
        # Monday off and every night: Sunday's night runs 6 h 15 min into Monday, Monday's 1 h 30 min.
        (time(22, 30), time(6, 15), "1", 168 - (7 * 7.75 + 24 - 6.25 - 1.5)),
        (time(6, 15), time(22, 30), "", 168 - 7 * 16.25),  # within the day
    ],
)
def test_running_hours_a_week_counts_every_quiet_minute_once(start, end, days, hours):
    assert quiet.running_hours_a_week(start, end, days) == hours


def test_has_quiet_needs_quiet_hours_or_quiet_days(users):
    user = users[0]
    assert not quiet.has_quiet(None) and not quiet.has_quiet(user)
    set_quiet(user, "UTC", days="6")
    assert quiet.has_quiet(user)
    set_quiet(user, "UTC", time(23), time(7))
    assert quiet.has_quiet(user)


def test_is_quiet_from_the_first_minute_of_the_quiet_time_to_before_its_end(users):
    user = users[0]
    set_quiet(user, "Europe/Berlin", time(23), time(7))
    assert quiet.is_quiet(user, utc(2030, 1, 15, 22))  # 23:00 CET
    assert not quiet.is_quiet(user, utc(2030, 1, 15, 21, 59))
    assert quiet.is_quiet(user, utc(2030, 1, 16, 5, 59))
    assert not quiet.is_quiet(user, utc(2030, 1, 16, 6))  # 07:00 CET


def test_last_nights_long_window_is_read_on_the_players_own_calendar(users):
    """In Pago Pago (UTC-11), 13:30 is already the next day in UTC: the window that began at 22:00
    the evening before, and ends at 14:00, is still quiet."""
    user = users[0]
    set_quiet(user, "Pacific/Pago_Pago", time(22), time(14))  # 16 h a night: the clock runs 56 h a week
    assert quiet.is_quiet(user, utc(2030, 1, 16, 0, 30))  # 13:30 on the 15th in Pago Pago
    assert not quiet.is_quiet(user, utc(2030, 1, 16, 1, 30))  # 14:30


def test_exactly_the_least_running_time_is_accepted():
    assert quiet.running_hours_a_week(time(22), time(14), "") == quiet.MIN_RUNNING_HOURS_A_WEEK
    quiet.validate(time(22), time(14), "")  # 8 hours a day


def test_a_quiet_day_runs_from_midnight_to_midnight_on_the_players_calendar(users):
    user = users[0]
    set_quiet(user, "Europe/Berlin", days="6")  # Saturday, 2 March 2030
    assert next(iter(quiet.intervals(user, utc(2030, 3, 1, 12)))) == (utc(2030, 3, 1, 23), utc(2030, 3, 2, 23))


@pytest.mark.parametrize(
    ("start", "end", "first"),
    [
        (time(18), time(0), (utc(2030, 3, 1, 18), utc(2030, 3, 3))),  # Friday's evening ends as Saturday begins
        (time(22), time(2), (utc(2030, 3, 1, 22), utc(2030, 3, 3, 2))),  # and Saturday's night runs on
    ],
)
def test_a_quiet_day_and_the_nights_next_to_it_are_one_quiet_time(users, start, end, first):
    user = users[0]
    set_quiet(user, "UTC", start, end, days="6")
    assert next(iter(quiet.intervals(user, utc(2030, 3, 1, 12)))) == first
