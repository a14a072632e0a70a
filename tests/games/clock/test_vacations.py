"""Planned vacations through their pages (games/clock_views.py, on the preferences page): a
vacation after a deadline leaves it and its sent reminder alone, an overlapping one is refused and
pauses the deadline once, and nobody removes someone else's. The clock is frozen at T0."""

from datetime import UTC, date, datetime, time, timedelta

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


# The module's parts, called directly: intervals, merging, what vacations and quiet times do to a
# pending deadline, and the days counted against the allowance.
H = timedelta(hours=1)


def _at(day, hour=0):
    return datetime(2030, 3, day, hour, tzinfo=UTC)


def test_vacation_intervals_merge_adjacent_days_and_leave_out_past_and_automatic_ones(clock, users):
    from games.clock.vacations import vacation_intervals, vacations_ahead

    olga = users[0]
    for a, b, automatic in [
        (date(2030, 2, 26), date(2030, 2, 27), False),  # over, next to the one still running
        (date(2030, 2, 28), date(2030, 3, 1), False),  # running today
        (date(2030, 3, 2), date(2030, 3, 2), False),
        (date(2030, 3, 3), date(2030, 3, 3), False),
        (date(2030, 3, 5), date(2030, 3, 5), True),  # a day the clock spent pauses nothing
        (date(2030, 3, 9), date(2030, 3, 9), False),
    ]:
        Vacation.objects.create(user=olga, starts_on=a, ends_on=b, automatic=automatic)
    Vacation.objects.create(user=users[1], starts_on=date(2030, 3, 6), ends_on=date(2030, 3, 6))
    expected = [(datetime(2030, 2, 28, tzinfo=UTC), _at(4)), (_at(9), _at(10))]
    assert vacation_intervals(olga.pk, since=T0) == expected
    known = vacations_ahead([olga.pk, users[2].pk], T0.date())
    assert known[users[2].pk] == []
    assert vacation_intervals(olga.pk, since=T0, known=known) == expected
    assert vacation_intervals(olga.pk, since=_at(4, 1), known=known) == [(_at(9), _at(10))]
    assert vacation_intervals(None, since=T0) == []


def test_merged_joins_touching_and_nested_intervals_across_streams():
    from games.clock.vacations import merged

    assert list(merged([(_at(1), _at(3)), (_at(5), _at(6))], [(_at(2), _at(2, 6)), (_at(3), _at(4))])) == [
        (_at(1), _at(4)),
        (_at(5), _at(6)),
    ]
    assert list(merged([(_at(1), _at(1, 5)), (_at(1, 5), _at(1, 6)), (_at(8), _at(9))])) == [
        (_at(1), _at(1, 6)),
        (_at(8), _at(9)),
    ]
    assert list(merged([], [])) == []


def test_quiet_hours_and_vacations_make_one_stream_of_pauses(users):
    from itertools import islice

    from games.clock.vacations import past_quiet, with_quiet

    olga = users[0]
    olga.time_zone, olga.quiet_from, olga.quiet_until = "UTC", time(23), time(7)
    olga.save()
    vacation = [(_at(2, 12), _at(2, 14))]
    assert list(islice(with_quiet(vacation, olga, _at(1, 12)), 3)) == [
        (_at(1, 23), _at(2, 7)),
        (_at(2, 12), _at(2, 14)),
        (_at(2, 23), _at(3, 7)),
    ]
    assert past_quiet(_at(1, 23), [], olga) == _at(2, 7)  # the first minute of the night is quiet
    assert past_quiet(_at(1, 22), [], olga) == _at(1, 22)
    # A deadline in the night that runs into a vacation day, and that day into the next night:
    assert past_quiet(_at(1, 23) + H / 2, [(_at(2), _at(3))], olga) == _at(3, 7)


def test_vacation_days_used_counts_the_players_days_of_that_year_only(users):
    from games.clock.vacations import vacation_days_used

    olga = users[0]
    Vacation.objects.create(user=olga, starts_on=date(2029, 12, 30), ends_on=date(2030, 1, 2))  # 2 in 2030
    Vacation.objects.create(user=olga, starts_on=date(2029, 6, 1), ends_on=date(2029, 6, 3))
    feb = Vacation.objects.create(user=olga, starts_on=date(2030, 2, 10), ends_on=date(2030, 2, 12))
    Vacation.objects.create(user=olga, starts_on=date(2030, 12, 31), ends_on=date(2031, 1, 4))  # 1 in 2030
    Vacation.objects.create(user=users[1], starts_on=date(2030, 3, 1), ends_on=date(2030, 3, 9))
    assert vacation_days_used(olga, 2030) == 2 + 3 + 1
    assert vacation_days_used(olga, 2030, exclude_pk=feb.pk) == 3
    assert vacation_days_used(olga, 2029) == 2 + 3


def test_vacations_changed_moves_only_the_players_pending_deadlines_and_counts_them(clock, users):
    """Olga, to act in two games, plans a day inside her deadlines: both move a day and their
    reminders are due again; Player1's deadline in a game without her, at the same moment, stays."""
    from games import services
    from games.clock.vacations import vacation_intervals, vacations_changed
    from games.models import Seat
    from tests.builders import start_game

    olga = users[0]
    mine = []
    for other in users[1:3]:
        game = start_game(olga, other, rules="toy-notify", title=f"With {other}", turn_hours=48)
        if turn_seat(game).user_id != olga.pk:
            services.move_submit(
                game=game,
                seat=turn_seat(game),
                action={"type": "end_turn"},
                expected_version=game.version,
                channel="web",
            )
        game.refresh_from_db()
        Seat.objects.filter(user=olga, game=game).update(reminder_sent_for=game.version)
        mine.append(game)
    theirs = start_game(users[1], users[2], rules="toy-notify", title="Without Olga", turn_hours=48)
    other_seat = turn_seat(theirs)
    assert other_seat.deadline_at == T0 + 48 * H == turn_seat(mine[0]).deadline_at
    before = vacation_intervals(olga.pk, since=T0)
    Vacation.objects.create(user=olga, starts_on=date(2030, 3, 2), ends_on=date(2030, 3, 2))
    assert vacations_changed(user=olga, before=before) == 2
    for game in mine:
        seat = turn_seat(game)
        assert (seat.deadline_at, seat.reminder_sent_for) == (T0 + 72 * H, None)
    assert turn_seat(theirs).deadline_at == T0 + 48 * H
    assert vacations_changed(user=olga, before=vacation_intervals(olga.pk, since=T0)) == 0  # nothing new


def test_a_vacation_planned_after_a_passed_deadline_leaves_it_due(clock, make_game, client):
    from django.utils import timezone

    game = make_game(turn_hours=48)
    seat = turn_seat(game)
    clock.move_to(seat.deadline_at + timedelta(minutes=1))  # passed, not yet swept
    client.force_login(seat.user)
    assert _add_vacation(client, date(2030, 3, 20), date(2030, 3, 21)).status_code == 302
    seat.refresh_from_db()
    assert seat.deadline_at <= timezone.now()


@pytest.mark.parametrize(("clock_kind", "start"), [("bank", T0 + 10.5 * H), ("move", T0)])
def test_a_vacation_after_the_deadline_leaves_it_alone_whatever_the_quiet_times(clock, users, clock_kind, start):
    """Olga, in Berlin, is quiet from 23:00 to 07:00 and on Saturdays: on a bank they are left out of
    the time she has (her decision arises at 23:30, in them), on the per-move clock they are not (hers
    is due at 13:00 on Sunday); either way a vacation planned after her deadline changes nothing."""
    from games.clock.vacations import vacation_add

    from .test_quiet_hours import quiet_game, set_quiet

    for user in users[:2]:
        set_quiet(user, "Europe/Berlin", time(23), time(7), days="6")
    clock.move_to(start)
    game = quiet_game(users, clock=clock_kind, bank=48, turn_hours=48)
    seat = turn_seat(game)
    due = seat.deadline_at
    assert due > start + 48 * H if clock_kind == "bank" else due == start + 48 * H
    vacation_add(user=seat.user, starts_on=date(2030, 3, 25), ends_on=date(2030, 3, 26))
    seat.refresh_from_db()
    assert seat.deadline_at == due


def test_on_vacation_is_the_players_own_planned_days(clock, users):
    from games.clock.vacations import on_vacation

    olga = users[0]
    Vacation.objects.create(user=olga, starts_on=date(2030, 3, 1), ends_on=date(2030, 3, 2))
    Vacation.objects.create(user=olga, starts_on=date(2030, 3, 5), ends_on=date(2030, 3, 5), automatic=True)
    Vacation.objects.create(user=users[1], starts_on=date(2030, 3, 4), ends_on=date(2030, 3, 4))
    assert on_vacation(olga.pk, T0) and on_vacation(olga.pk, _at(2, 23))
    assert not on_vacation(olga.pk, _at(3))  # the day after
    assert not on_vacation(olga.pk, datetime(2030, 2, 28, 23, tzinfo=UTC))  # the day before
    assert not on_vacation(olga.pk, _at(4, 12))  # someone else's
    assert not on_vacation(olga.pk, _at(5, 12))  # a day the clock spent
    assert not on_vacation(None, T0)


def test_a_bank_shown_on_the_last_day_of_a_vacation_leaves_the_rest_of_the_day_out(clock, users):
    """Olga is on vacation today only: her 24-hour bank's deadline is moved past today, and what
    the table shows left of it is still all 24 hours (today does not count)."""
    from games.clock.bank import seat_bank_left
    from games.clock.vacations import vacation_add

    from .test_quiet_hours import quiet_game

    game = quiet_game(users, bank=24)
    seat = turn_seat(game)
    vacation_add(user=seat.user, starts_on=T0.date(), ends_on=T0.date())
    seat = turn_seat(game)
    assert seat.deadline_at == _at(3)  # the rest of today (12 h) and the 24-hour bank
    assert seat_bank_left(seat, game, T0) == 24 * 3600
    assert seat_bank_left(seat, game, _at(1, 18)) == 24 * 3600
