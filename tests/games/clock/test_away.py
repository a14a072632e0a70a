"""Automatic vacation days (games.clock.away): when a deadline would pass, a player who allows it
and has days left has one spent instead of timing out: every deadline of theirs moves 24 hours
later, everyone at those tables is told, and the player gets an email with an "I'm back" link.
"""

from datetime import timedelta

import pytest
from django.urls import reverse

from games import services
from games.models import Move, Seat, Vacation
from notifications.delivery import render_notification
from notifications.models import Kind, Notification
from notifications.tokens import back_token
from tests.builders import lobby_game, start_game

from .conftest import T0, minute, turn_seat

pytestmark = pytest.mark.django_db
H = timedelta(hours=1)


@pytest.fixture
def away_setup(users, clock, settings):
    """Player0, with automatic vacation on and 5 days a year, in two games it must move in first:
    one against Player1, one against Player2 (48-hour turns)."""
    settings.TRAILPOST = {**settings.TRAILPOST, "VACATION_DAYS_PER_YEAR": 5}
    olga = users[0]
    olga.display_name, olga.auto_vacation = "Olga", True
    olga.save()
    games = []
    for other in users[1:3]:
        game = start_game(olga, other, rules="toy-notify", title=f"With {other}")
        if turn_seat(game).user_id != olga.pk:  # give Olga the first decision
            seat = turn_seat(game)
            services.move_submit(
                game=game, seat=seat, action={"type": "end_turn"}, expected_version=game.version, channel="web"
            )
        games.append(game)
    return olga, games


def olga_seats(olga):
    return list(Seat.objects.filter(user=olga).order_by("game_id"))


def test_a_passing_deadline_spends_a_day_moves_every_deadline_and_tells_the_tables(away_setup, clock, users):
    olga, games = away_setup
    before = [s.deadline_at for s in olga_seats(olga)]
    first_due = min(before)
    clock.move_to(first_due + timedelta(seconds=1))
    stats = minute()
    assert stats["timeouts"] == 0 and stats["vacation_days"] == 1
    assert not Move.objects.filter(channel=Move.Channel.TIMEOUT).exists()
    assert [s.deadline_at for s in olga_seats(olga)] == [d + 24 * H for d in before]  # both games
    day = Vacation.objects.get(user=olga)
    assert day.automatic and day.starts_on == first_due.date()
    told = Notification.objects.filter(kind=Kind.AWAY).exclude(user=olga)
    assert sorted(n.user_id for n in told) == [users[1].pk, users[2].pk]
    assert all(n.context["text"].startswith("Olga is away: one vacation day used, 4 left.") for n in told)
    mine = Notification.objects.get(kind=Kind.AWAY, user=olga)
    body = render_notification(mine).body
    assert "one of your vacation days was used (4 left this year)" in " ".join(body.split())
    assert f"I'm back: {mine.context['back_url']}" in body


def test_two_deadlines_passing_in_one_sweep_spend_one_day(away_setup, clock, caplog):
    """The second game's deadline, moved by the day the first spent, is read again and left; the
    seats due after it in its game are still handled (a stale deadline of a seat not to act cleared)."""
    olga, games = away_setup
    before = [s.deadline_at for s in olga_seats(olga)]
    last_due = max(before)
    others = Seat.objects.filter(game__in=games).exclude(user=olga)
    others.update(deadline_at=last_due + timedelta(milliseconds=500))  # stale: theirs is not to act
    clock.move_to(last_due + timedelta(seconds=1))
    with caplog.at_level("WARNING"):
        stats = minute()
    assert (stats["vacation_days"], stats["timeouts"]) == (1, 0)
    assert [r.getMessage() for r in caplog.records if r.levelname in ("WARNING", "ERROR")] == []
    assert Vacation.objects.filter(user=olga).count() == 1
    assert [s.deadline_at for s in olga_seats(olga)] == [d + 24 * H for d in before]
    assert not others.filter(deadline_at__isnull=False).exists()


def test_a_chunk_done_again_game_by_game_still_spends_one_day_for_two_games(away_setup, clock, users, monkeypatch):
    """A third game of the chunk fails, so the chunk is done again with a savepoint per game: the
    day spent in Olga's first game still covers her second."""
    from games.timekeeper import sweep

    olga, games = away_setup
    bad = start_game(users[1], users[2], rules="toy-notify", title="Failing")
    real = sweep.time_out

    def time_out(locked, seat, now, *, names=None):
        if locked.game.pk == bad.pk:
            raise RuntimeError("this game's timeout failed")
        return real(locked, seat, now, names=names)

    monkeypatch.setattr(sweep, "time_out", time_out)
    before = [s.deadline_at for s in olga_seats(olga)]
    clock.move_to(max([*before, turn_seat(bad).deadline_at]) + timedelta(seconds=1))
    stats = minute()
    assert (stats["vacation_days"], stats["timeouts"]) == (1, 0)
    assert Vacation.objects.filter(user=olga).count() == 1
    assert [s.deadline_at for s in olga_seats(olga)] == [d + 24 * H for d in before]


def test_with_no_day_left_the_default_move_is_played(away_setup, clock, settings):
    olga, games = away_setup
    settings.TRAILPOST = {**settings.TRAILPOST, "VACATION_DAYS_PER_YEAR": 1}
    Vacation.objects.create(user=olga, starts_on=T0.date(), ends_on=T0.date(), automatic=True)
    due = min(s.deadline_at for s in olga_seats(olga))
    clock.move_to(due + timedelta(seconds=1))
    stats = minute()
    assert stats["vacation_days"] == 0 and stats["timeouts"] >= 1
    assert Vacation.objects.filter(user=olga).count() == 1


def test_with_automatic_days_off_the_default_move_is_played(away_setup, clock):
    olga, games = away_setup
    olga.auto_vacation = False
    olga.save()
    due = min(s.deadline_at for s in olga_seats(olga))
    clock.move_to(due + timedelta(seconds=1))
    stats = minute()
    assert stats["vacation_days"] == 0 and stats["timeouts"] >= 1
    assert not Vacation.objects.filter(user=olga).exists()
    assert not Notification.objects.filter(kind=Kind.AWAY).exists()


def test_im_back_asks_on_get_and_gives_back_the_unused_part_of_the_day_once(away_setup, clock, client):
    olga, games = away_setup
    due = min(s.deadline_at for s in olga_seats(olga))
    clock.move_to(due + timedelta(seconds=1))
    minute()
    pushed = [s.deadline_at for s in olga_seats(olga)]
    url = Notification.objects.get(kind=Kind.AWAY, user=olga).context["back_url"]
    path = url[url.index("/mail/") :] if "/mail/" in url else url.split("://", 1)[1].split("/", 1)[1]
    path = "/" + path.lstrip("/")
    clock.move_to(due + 6 * H)
    page = client.get(path)
    assert page.status_code == 200 and "I'm back" in page.content.decode()
    assert [s.deadline_at for s in olga_seats(olga)] == pushed  # a GET (a link scanner) changes nothing
    done = client.post(path)
    assert done.status_code == 200 and "Welcome back" in done.content.decode()
    unused = 18 * H + timedelta(seconds=1)  # the day began at due + 1 s
    assert [s.deadline_at for s in olga_seats(olga)] == [max(d - unused, due + 6 * H) for d in pushed]
    again = client.post(path)
    assert "Nothing had to change" in again.content.decode()
    assert Vacation.objects.get(user=olga).returned_at is not None


def test_a_bad_or_someone_elses_back_link_changes_nothing(away_setup, clock, client, users):
    olga, games = away_setup
    due = min(s.deadline_at for s in olga_seats(olga))
    clock.move_to(due + timedelta(seconds=1))
    minute()
    pushed = [s.deadline_at for s in olga_seats(olga)]
    day = Vacation.objects.get(user=olga)
    assert client.post(reverse("notifications:back", args=["forged"])).status_code == 400
    other = back_token(user_id=users[1].pk, vacation_id=day.pk)  # a valid token, but not Olga's day
    assert "Nothing had to change" in client.post(reverse("notifications:back", args=[other])).content.decode()
    assert [s.deadline_at for s in olga_seats(olga)] == pushed
    assert Vacation.objects.get(user=olga).returned_at is None


def test_the_settings_page_shows_days_used_and_left_and_turns_automatic_days_off(away_setup, clock, client):
    olga, games = away_setup
    due = min(s.deadline_at for s in olga_seats(olga))
    clock.move_to(due + timedelta(seconds=1))
    minute()
    client.force_login(olga)
    page = client.get(reverse("notifications:preferences")).content.decode()
    assert "Your deadlines pause on vacation days (up to 5 days a year)." in page  # the site's allowance
    assert f"This year ({due.year}): 1 day used (1 automatically), 4 left." in page
    assert "Automatic vacation days are <strong>on</strong>" in page
    client.post(reverse("clock:vacation_automatic"), {"auto_vacation": "0"})
    olga.refresh_from_db()
    assert olga.auto_vacation is False


def test_turning_automatic_days_off_needs_a_login(client, users):
    users[0].auto_vacation = True
    users[0].save()
    resp = client.post(reverse("clock:vacation_automatic"), {"auto_vacation": "0"})
    assert resp.status_code == 302 and "login" in resp["Location"]
    users[0].refresh_from_db()
    assert users[0].auto_vacation is True


def test_the_api_profile_turns_automatic_days_on_and_off(users, api_for, client):
    a = api_for(users[0])
    assert a.patch("/api/profile/", {"auto_vacation": True}, format="json").json()["auto_vacation"] is True
    users[0].refresh_from_db()
    assert users[0].auto_vacation is True
    assert client.patch("/api/profile/", {"auto_vacation": False}, content_type="application/json").status_code == 401
    users[0].refresh_from_db()
    assert users[0].auto_vacation is True


def _away_day(olga, games, left):
    from games import events

    day = Vacation.objects.create(user=olga, starts_on=T0.date(), ends_on=T0.date(), automatic=True)
    return events.AwayDay(
        user=olga, game=games[0], vacation=day, game_ids=[g.pk for g in games], used=5 - left, left=left
    )


def test_an_away_day_tells_each_table_and_the_player_even_if_they_muted_it(away_setup, users):
    """The listener itself (notifications.outbox.on_away_day): each other player is told in their
    own game; the away player once, in the game whose deadline passed, with the "I'm back" link,
    whatever they turned off: it is about their own deadlines."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from notifications import outbox
    from notifications.emails import site_url
    from notifications.models import Delivery, GameMute, KindPreference

    olga, games = away_setup
    GameMute.objects.create(user=olga, game=games[0])
    KindPreference.objects.create(user=olga, kind=Kind.AWAY, delivery=Delivery.NEVER)
    for other in users[1:3]:  # the others have settings of their own: read once per table
        KindPreference.objects.create(user=other, kind=Kind.YOUR_TURN, delivery=Delivery.DIGEST)
    olga.refresh_from_db()
    message = _away_day(olga, games, left=0)
    with CaptureQueriesContext(connection) as queries:
        notices = outbox.on_away_day(message)
    sql = [q["sql"] for q in queries.captured_queries]
    assert sum("games_seat" in q for q in sql) == 1  # every table's seats in one query
    assert sum("notifications_kindpreference" in q for q in sql) == len(games)  # one per table
    mine = notices[-1]
    assert [(n.user, n.game, n.seat) for n in notices[:-1]] == [
        (users[1], games[0], games[0].seats.get(user=users[1])),
        (users[2], games[1], games[1].seats.get(user=users[2])),
    ]
    for notice, game in zip(notices[:-1], games, strict=True):
        assert notice.context == {
            "game": {"id": game.pk, "title": str(game), "rules_title": game.engine.title},
            "text": f"Olga is away: one vacation day used, none left. Olga's deadline in {game} moves 24 hours later.",
        }
    assert (mine.user, mine.game, mine.seat, mine.delivery) == (olga, games[0], None, Delivery.IMMEDIATE)
    token = back_token(user_id=olga.pk, vacation_id=message.vacation.pk)
    assert mine.context == {
        "game": {"id": games[0].pk, "title": str(games[0]), "rules_title": games[0].engine.title},
        "text": f"Your deadline in {games[0]} passed, so one of your vacation days was used (none left this year): "
        "your deadlines in all your games moved 24 hours later.",
        "back_url": site_url(reverse("notifications:back", args=[token])),
    }
    table = lobby_game(olga, *users[1:3], rules="toy-notify", title="All three", max_players=3)
    with CaptureQueriesContext(connection) as queries:
        told = outbox.on_away_day(_away_day(olga, [table], left=3))
    assert sorted(n.user_id for n in told) == sorted([users[1].pk, users[2].pk, olga.pk])
    assert sum("notifications_kindpreference" in q["sql"] for q in queries.captured_queries) == 1  # both, at once
    one_left = outbox.on_away_day(_away_day(olga, games, left=1))
    assert "one vacation day used, 1 left." in one_left[0].context["text"]
    assert "(1 left this year)" in one_left[-1].context["text"]


def test_spend_day_moves_only_the_players_pending_deadlines_and_says_what_is_left(away_setup, clock, users):
    """away.spend_day itself: Olga's two pending deadlines move 24 hours later and their reminders
    are due again; the game where Olga waits for Player1 is not hers to act in (nothing moves
    there, and its table is not among those told); the day counts with the one she planned."""
    from games.clock import away

    olga, games = away_setup
    waiting = start_game(olga, users[1], rules="toy-notify", title="Olga waits")
    if turn_seat(waiting).user_id == olga.pk:
        waiting.refresh_from_db()
        services.move_submit(
            game=waiting,
            seat=turn_seat(waiting),
            action={"type": "end_turn"},
            expected_version=waiting.version,
            channel="web",
        )
    for game in games:
        game.refresh_from_db()
        Seat.objects.filter(user=olga, game=game).update(reminder_sent_for=game.version)  # reminded already
    Vacation.objects.create(user=olga, starts_on=T0.date() + timedelta(10), ends_on=T0.date() + timedelta(10))
    before = {s.pk: s.deadline_at for s in Seat.objects.all()}
    theirs = turn_seat(waiting)
    assert theirs.user_id == users[1].pk and before[theirs.pk] is not None

    spent = away.spend_day(olga, T0)

    day = Vacation.objects.get(user=olga, automatic=True)
    assert (spent.user, spent.vacation, spent.used, spent.left) == (olga, day, 2, 3)
    assert sorted(spent.game_ids) == [g.pk for g in games]
    for seat in Seat.objects.all():
        if seat.user_id == olga.pk and seat.game_id != waiting.pk:
            assert seat.deadline_at == before[seat.pk] + 24 * H and seat.reminder_sent_for is None
        else:
            assert seat.deadline_at == before[seat.pk]


def test_the_last_day_left_is_spent_and_then_none(away_setup, clock, settings):
    from games.clock import away

    olga, games = away_setup
    settings.TRAILPOST = {**settings.TRAILPOST, "VACATION_DAYS_PER_YEAR": 1}
    spent = away.spend_day(olga, T0)
    assert (spent.used, spent.left) == (1, 0)
    assert away.spend_day(olga, T0 + timedelta(hours=1)) is None
    assert Vacation.objects.filter(user=olga).count() == 1


def test_days_this_year_counts_only_the_players_own_automatic_days_of_this_year(away_setup, clock, users):
    from datetime import date

    from games.clock import away

    olga, games = away_setup
    today = T0.date()
    Vacation.objects.create(user=olga, starts_on=today, ends_on=today, automatic=True)
    Vacation.objects.create(user=olga, starts_on=today + timedelta(10), ends_on=today + timedelta(11))  # planned
    Vacation.objects.create(user=olga, starts_on=date(2029, 12, 30), ends_on=date(2029, 12, 30), automatic=True)
    Vacation.objects.create(user=users[1], starts_on=today, ends_on=today, automatic=True)
    assert away.days_this_year(olga) == {"year": 2030, "used": 3, "left": 2, "automatic": 1, "auto": True}
