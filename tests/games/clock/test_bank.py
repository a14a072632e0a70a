"""Time banks (a Fischer clock, games.clock.bank): the deadline is the seat's bank, time used is
taken from it, each move adds the increment up to the cap; reminders, timeouts, misses, bots
after N misses, moderators' extensions and pauses work with it. The clock is moved with
time-machine; `minute()` is what beat runs every minute (reminders, the sweep, sending).
"""

import random
from datetime import time, timedelta

import pytest
from django.urls import reverse

from accounts import quiet
from core.errors import ErrorCode, GameError
from games import services
from games.clock import bank
from games.clock.bank import clock_text, duration_text, validate_clock
from games.models import Game, Move, Seat
from notifications.delivery import render_notification
from notifications.models import Kind, Notification
from tests.builders import start_game

from .conftest import T0, minute, seat_at, turn_seat

pytestmark = pytest.mark.django_db
H = timedelta(hours=1)


@pytest.fixture
def bank_game(users, clock):
    """A two-player toy race on a time bank: 72 hours to start, +24 per move, at most 96."""

    def make(*, bank=72, inc=24, cap=96, miss_limit=3, bots=0):
        return start_game(
            *users[: 2 - bots],
            rules="toy-notify",
            title="Bank trail",
            max_players=2,
            clock="bank",
            bank_hours=bank,
            increment_hours=inc,
            cap_hours=cap,
            miss_limit=miss_limit,
            bots=bots,
        )

    return make


def end_turn(game, seat):
    game.refresh_from_db()
    return services.move_submit(
        game=game, seat=seat, action={"type": "end_turn"}, expected_version=game.version, channel="web"
    )


def bank_of(seat) -> timedelta:
    seat.refresh_from_db()
    assert not seat.bank_running
    return timedelta(seconds=seat.bank_seconds)


def test_the_first_deadline_is_the_starting_bank_and_time_used_comes_out_of_it(bank_game, clock):
    game = bank_game()
    first = turn_seat(game)
    assert first.deadline_at == T0 + 72 * H and first.bank_running
    clock.move_to(T0 + 10 * H)
    end_turn(game, first)
    assert bank_of(first) == 62 * H + 24 * H  # 62 left, +24 for the move
    second = turn_seat(game)
    assert second.deadline_at == T0 + 10 * H + 72 * H
    clock.move_to(T0 + 11 * H)
    end_turn(game, second)
    assert bank_of(second) == 71 * H + 24 * H
    first = turn_seat(game)
    assert first.deadline_at == T0 + 11 * H + 86 * H  # the bank it kept
    clock.move_to(T0 + 12 * H)
    end_turn(game, first)
    assert bank_of(first) == 96 * H  # 85 + 24 = 109, capped at 96


def test_a_spent_bank_times_out_counts_the_miss_and_leaves_the_increment(bank_game, clock):
    game = bank_game()
    first = turn_seat(game)
    clock.move_to(T0 + 72 * H - timedelta(seconds=1))
    assert minute()["timeouts"] == 0
    clock.move_to(T0 + 72 * H + timedelta(seconds=1))
    assert minute()["timeouts"] == 1
    move = Move.objects.filter(game=game).latest("seq")
    assert (move.channel, move.position) == (Move.Channel.TIMEOUT, first.position)
    assert bank_of(first) == 24 * H and first.missed_deadlines == 1
    assert Notification.objects.filter(seat=first, kind=Kind.TIMEOUT).exists()


def test_a_player_who_keeps_missing_is_given_to_a_bot_on_a_bank_as_per_move(bank_game, clock):
    game = bank_game(miss_limit=2)
    first = turn_seat(game)
    now = T0
    for _ in range(20):  # the opponent answers at once; the first player never does
        now += 12 * H
        clock.move_to(now)
        minute()
        game.refresh_from_db()
        if seat_at(game, first.position).is_bot:
            break
        other = turn_seat(game)
        if other.position != first.position and not other.is_bot:
            end_turn(game, other)
    first.refresh_from_db()
    assert first.is_bot and first.user is None
    assert (
        Move.objects.filter(
            game=game, kind=Move.Kind.MOVE, channel=Move.Channel.TIMEOUT, position=first.position
        ).count()
        == 2
    )
    # first miss at 72 h (its bank), the second at the increment's 24 h after its next turn came
    assert now <= T0 + 120 * H


def test_a_moderators_extension_adds_to_the_bank(bank_game, clock, users):
    game = bank_game(cap=200)
    first = turn_seat(game)
    services.deadline_extend(game=game, seat=first, by=users[0], hours=10)
    first.refresh_from_db()
    assert first.deadline_at == T0 + 82 * H
    clock.move_to(T0 + 2 * H)
    end_turn(game, first)
    assert bank_of(first) == 80 * H + 24 * H


def test_a_paused_game_keeps_each_bank_and_gives_no_increment(bank_game, clock, users):
    game = bank_game()
    first = turn_seat(game)
    clock.move_to(T0 + 30 * H)
    services.game_pause(game=game, by=users[0], reason="server move")
    assert bank_of(first) == 42 * H
    assert [s.deadline_at for s in Seat.objects.filter(game=game)] == [None, None]  # the clock stops
    clock.move_to(T0 + 200 * H)
    assert minute()["timeouts"] == 0
    services.game_resume(game=game, by=users[0])
    first.refresh_from_db()
    assert first.deadline_at == T0 + 200 * H + 42 * H and first.bank_running


def test_vacation_days_are_not_taken_from_the_bank(bank_game, clock, users):
    from games.clock.vacations import vacation_add

    game = bank_game()
    first = turn_seat(game)
    tomorrow = (T0 + 24 * H).date()
    vacation_add(user=first.user, starts_on=tomorrow, ends_on=tomorrow)
    first.refresh_from_db()
    assert first.deadline_at == T0 + 96 * H
    clock.move_to(T0 + 40 * H)  # 12 h of it before the vacation day, 4 after: 16 h used
    end_turn(game, first)
    assert bank_of(first) == 56 * H + 24 * H


def test_the_reminder_comes_before_the_bank_runs_out(bank_game, clock, settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "REMINDER_BEFORE_HOURS": 12}
    game = bank_game()
    first = turn_seat(game)
    clock.move_to(T0 + 59 * H)
    assert minute()["reminders"] == 0
    clock.move_to(T0 + 60 * H + timedelta(minutes=1))
    assert minute()["reminders"] == 1
    reminder = Notification.objects.get(seat=first, kind=Kind.REMINDER)
    assert reminder.context["decision"]["bank_text"].startswith("You have 11 hours, 59 minutes left in your time bank")


def test_the_your_turn_email_says_what_is_left_in_the_bank(bank_game, clock):
    game = bank_game()
    first = turn_seat(game)
    notice = Notification.objects.filter(seat=first, kind=Kind.YOUR_TURN).latest("pk")
    message = render_notification(notice)
    text = message.body
    assert "You have 3 days left in your time bank; each move adds 1 day, up to 4 days." in text
    html = message.alternatives[0][0]
    assert "You have 3 days left in your time bank" in html


def test_a_per_move_game_says_nothing_of_a_bank(users, clock):
    game = start_game(users[0], users[1], rules="toy-notify", title="Plain", turn_hours=48)
    first = turn_seat(game)
    assert first.deadline_at == T0 + 48 * H and not first.bank_running
    notice = Notification.objects.filter(seat=first, kind=Kind.YOUR_TURN).latest("pk")
    assert notice.context["decision"]["bank_text"] == ""
    assert "time bank" not in render_notification(notice).body


# -- weeks of play ------------------------------------------------------------------------------


def test_weeks_of_play_on_banks_with_quiet_hours_and_the_sweep(bank_game, clock, users):
    """Five weeks in 6-hour steps, across the spring daylight-saving changes of both players'
    zones (10 March in New York, 31 March in Berlin): one player is quiet 23:00-07:00 in Berlin,
    the other on weekends in New York. Each answers after a random delay or not at all; the
    sweep runs every step. Every bank stays within 0..cap, no deadline falls in its player's
    quiet times, and every miss is a timeout move its player is told of."""
    set_quiet = [("Europe/Berlin", time(23), time(7), ""), ("America/New_York", None, None, "67")]
    for user, (zone, start, end, days) in zip(users[:2], set_quiet, strict=True):
        user.time_zone, user.quiet_from, user.quiet_until, user.quiet_days = zone, start, end, days
        user.save()
    rnd = random.Random(29)
    game = bank_game(bank=48, inc=12, cap=72, miss_limit=50)
    answer_at: dict[int, object] = {}
    now = T0
    for _ in range(5 * 7 * 4):
        now += 6 * H
        clock.move_to(now)
        minute()
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        seat = turn_seat(game)
        due = answer_at.setdefault((seat.pk, game.version), now + rnd.choice([1, 6, 20, 40, 100]) * H)
        if due <= now:
            end_turn(game, seat)
        for s in Seat.objects.filter(game=game).select_related("user"):
            if s.bank_running:
                a, b = next(iter(quiet.intervals(s.user, s.deadline_at)), (None, None))
                assert a is None or not a < s.deadline_at < b  # at most on the start of quiet time
                assert s.deadline_at - now <= 72 * H + 5 * 24 * H  # the cap, with quiet time beside it
            else:
                assert s.bank_seconds is None or 0 <= s.bank_seconds <= 72 * 3600
    timeouts = Move.objects.filter(game=game, channel=Move.Channel.TIMEOUT).count()
    moves = Move.objects.filter(game=game, channel=Move.Channel.WEB).count()
    assert timeouts > 0 and moves > 0
    assert Notification.objects.filter(game=game, kind=Kind.TIMEOUT).count() == timeouts  # each miss told


# -- what is left, read at any moment (the seat's instance; nothing saved) ------------------------


def _bank_game(**fields):
    return Game(clock="bank", bank_hours=24, increment_hours=12, cap_hours=48, **fields)


def test_a_running_bank_leaves_out_the_pauses_still_ahead():
    """Deadline minus now, less the player's pauses between: a night still ahead is not spent."""
    seat = Seat(bank_running=True, deadline_at=T0 + 32 * H, bank_seconds=24 * 3600)
    night = [(T0 + 10 * H, T0 + 18 * H)]
    assert bank.bank_left(seat, _bank_game(), T0, night) == 24 * 3600
    assert bank.bank_left(seat, _bank_game(), T0 + 12 * H, night) == (20 - 6) * 3600  # 6 h of the night ahead
    assert bank.bank_left(seat, _bank_game(), T0 + 40 * H, night) == 0  # past the deadline: empty, not below


def test_between_decisions_the_bank_is_what_it_holds():
    """Not running, the bank is the seat's own (or the game's starting one), whatever deadline
    the seat still shows."""
    seat = Seat(bank_running=False, deadline_at=T0 + 5 * H, bank_seconds=7200)
    assert bank.bank_left(seat, _bank_game(), T0) == 7200
    seat.bank_seconds = None
    assert bank.bank_left(seat, _bank_game(), T0) == 24 * 3600
    assert bank.bank_left(seat, Game(clock="move", turn_hours=24), T0) is None


def test_settling_keeps_what_is_left_and_adds_the_increment_unless_told_not_to():
    seat = Seat(bank_running=True, deadline_at=T0 + 20 * H, bank_seconds=24 * 3600)
    bank.settle(seat, _bank_game(), T0, [])
    assert (seat.bank_seconds, seat.bank_running) == (32 * 3600, False)  # 20 h left + 12 h
    seat = Seat(bank_running=True, deadline_at=T0 + 20 * H, bank_seconds=24 * 3600)
    bank.settle(seat, _bank_game(), T0, [], increment=False)
    assert (seat.bank_seconds, seat.bank_running) == (20 * 3600, False)  # a pause: what was left only


@pytest.mark.parametrize(
    ("clock", "running", "deadline"),
    [("move", True, True), ("bank", False, True), ("bank", True, False)],
    ids=["per-move clock", "bank not running", "no deadline"],
)
def test_settling_a_seat_with_no_running_bank_only_marks_it_stopped(clock, running, deadline):
    game = Game(clock=clock, turn_hours=24, bank_hours=24, increment_hours=12, cap_hours=48)
    seat = Seat(bank_running=running, deadline_at=T0 + 5 * H if deadline else None, bank_seconds=7200)
    bank.settle(seat, game, T0, [])
    assert seat.bank_seconds == 7200 and seat.bank_running is False


def test_the_table_shows_no_bank_for_a_bot_and_reads_no_pauses_for_an_empty_seat(bank_game, clock):
    game = bank_game(bots=1)
    assert bank.seat_bank_left(game.seats.get(is_bot=True), game, T0) is None
    seat = game.seats.get(is_bot=False)
    assert bank.seat_bank_left(seat, game, T0) == 72 * 3600
    seat.user = None  # the player's account deleted (Seat.user is SET_NULL): no vacations to read
    assert bank.seat_bank_left(seat, game, T0) == 72 * 3600


# -- creation: validation, the API, the web form, the table ---------------------------------------


@pytest.mark.parametrize(
    ("bank", "inc", "cap", "words"),
    [
        (12, 24, 48, "at least the hours a move adds"),
        (72, 24, 48, "cap cannot be below"),
        (0, 1, 10, "starts with 1 to"),
        (72, 0, 96, "adds 1 to"),
        (100000, 24, 100000, "starts with 1 to"),
        (72, 24, 10**6, "at most 2160 hours"),
        (None, 24, 96, "needs its starting hours"),
    ],
)
def test_a_bad_bank_is_refused_with_a_sentence_and_a_code(bank, inc, cap, words):
    with pytest.raises(GameError) as exc:
        validate_clock(clock="bank", bank_hours=bank, increment_hours=inc, cap_hours=cap)
    assert exc.value.code == ErrorCode.BAD_CLOCK and words in exc.value.message


@pytest.mark.parametrize(
    ("clock", "bank", "inc", "cap", "sentence"),
    [
        ("sundial", 72, 24, 96, "Choose a clock: 'move' (hours per move) or 'bank' (a time bank)."),
        ("bank", 72, None, 96, "A time bank needs its starting hours and the hours added per move."),
        ("bank", 0, 1, 10, "A time bank starts with 1 to 1440 hours (60 days)."),
        ("bank", 1441, 24, 2000, "A time bank starts with 1 to 1440 hours (60 days)."),
        ("bank", 72, 0, 96, "Each move adds 1 to 720 hours (30 days) to the bank."),
        ("bank", 1440, 721, 1440, "Each move adds 1 to 720 hours (30 days) to the bank."),
        (
            "bank",
            23,
            24,
            48,
            "The bank must start with at least the hours a move adds: otherwise the first move has less time "
            "than every later one.",
        ),
        ("bank", 72, 24, 71, "The bank's cap cannot be below the hours it starts with."),
        ("bank", 72, 24, 2161, "A time bank may hold at most 2160 hours (90 days)."),
    ],
)
def test_each_bad_clock_has_its_own_whole_sentence(clock, bank, inc, cap, sentence):
    with pytest.raises(GameError) as exc:
        validate_clock(clock=clock, bank_hours=bank, increment_hours=inc, cap_hours=cap)
    assert exc.value.code == ErrorCode.BAD_CLOCK and exc.value.message == sentence


@pytest.mark.parametrize(
    ("bank", "inc", "cap", "kept"),
    [
        (1, 1, 1, (1, 1, 1)),  # the least of each
        (1440, 720, 2160, (1440, 720, 2160)),  # the most of each
        (24, 24, None, (24, 24, 24)),  # a move may add the whole bank; no cap: the bank it starts with
    ],
)
def test_a_clock_at_its_bounds_is_kept(bank, inc, cap, kept):
    assert validate_clock(clock="bank", bank_hours=bank, increment_hours=inc, cap_hours=cap) == kept
    assert validate_clock(clock="move", bank_hours=bank, increment_hours=inc, cap_hours=cap) == (0, 0, 0)


def test_a_clock_in_words():
    """What the game page says of a clock and a bank: whole units, two at most, plain spaces."""
    assert [duration_text(s) for s in (-5, 0, 59, 60, 3600, 3 * 86400 + 4 * 3600 + 5 * 60)] == [
        "0 minutes",
        "0 minutes",
        "0 minutes",
        "1 minute",
        "1 hour",
        "3 days, 4 hours",
    ]
    assert clock_text(Game(clock="move", turn_hours=36)) == "1 day, 12 hours per move"
    bank = Game(clock="bank", bank_hours=72, increment_hours=24, cap_hours=100)
    assert clock_text(bank) == "Time bank: 3 days to start, +1 day per move, up to 4 days, 4 hours"


def test_the_api_creates_a_bank_game_and_shows_each_bank(users, api_for, clock):
    a, b = api_for(users[0]), api_for(users[1])
    resp = a.post(
        "/api/games/",
        {"rules": "toy-notify", "max_players": 2, "clock": "bank", "bank_hours": 72, "increment_hours": 24},
        format="json",
    )
    assert resp.status_code == 201, resp.content
    body = resp.json()
    assert body["clock"] == {
        "kind": "bank",
        "turn_hours": 48,
        "bank_hours": 72,
        "increment_hours": 24,
        "cap_hours": 72,
        "text": "Time bank: 3 days to start, +1 day per move, up to 3 days",
    }
    gid = body["id"]
    assert b.post("/api/games/join/", {"code": body["invite_code"]}, format="json").status_code == 200
    assert a.post(f"/api/games/{gid}/start/").status_code == 200
    clock.move_to(T0 + 2 * H)
    players = b.get(f"/api/games/{gid}/").json()["players"]
    assert sorted(p["bank_seconds"] for p in players) == [70 * 3600, 72 * 3600]


@pytest.mark.parametrize(
    "extra",
    [
        {"bank_hours": 12, "increment_hours": 24},
        {"bank_hours": 72, "increment_hours": 24, "cap_hours": 48},
        {"bank_hours": 10**9, "increment_hours": 24},
        {"bank_hours": -5, "increment_hours": 24},
    ],
)
def test_the_api_refuses_a_bad_bank_with_bad_clock_and_creates_nothing(users, api_for, extra):
    resp = api_for(users[0]).post(
        "/api/games/", {"rules": "toy-notify", "max_players": 2, "clock": "bank", **extra}, format="json"
    )
    assert resp.status_code == 400
    assert resp.json()["code"] == "BAD_CLOCK" and resp.json()["message"]
    assert not Game.objects.exists()


def test_creating_a_bank_game_needs_a_login(client):
    resp = client.post("/api/games/", {"rules": "toy-notify", "clock": "bank"}, content_type="application/json")
    assert resp.status_code == 401 and not Game.objects.exists()
    page = client.post(reverse("games:new", args=["toy-notify"]), {"clock": "bank"})
    assert page.status_code == 302 and "login" in page["Location"] and not Game.objects.exists()


def _form(**extra):
    return {"max_players": 2, "bots": 0, "turn_hours": 48, "on_missed": "bot", "miss_limit": 3, "opt_goal": 3, **extra}


def test_the_web_form_creates_a_bank_game(client, users):
    client.force_login(users[0])
    resp = client.post(
        reverse("games:new", args=["toy-notify"]),
        _form(title="Evenings", clock="bank", bank_hours=72, increment_hours=24, cap_hours=168),
    )
    assert resp.status_code == 302, resp.content[:2000]
    game = Game.objects.get(title="Evenings")
    assert (game.clock, game.bank_hours, game.increment_hours, game.cap_hours) == ("bank", 72, 24, 168)


def test_the_web_form_refuses_a_bad_bank_with_a_sentence(client, users):
    client.force_login(users[0])
    resp = client.post(
        reverse("games:new", args=["toy-notify"]),
        _form(title="Bad", clock="bank", bank_hours=12, increment_hours=24, cap_hours=48),
    )
    assert resp.status_code == 200
    assert "The bank must start with at least the hours a move adds" in resp.content.decode()
    assert not Game.objects.exists()


def test_the_table_shows_your_bank_and_the_others(client, users, bank_game, clock):
    game = bank_game()
    first = turn_seat(game)
    clock.move_to(T0 + 20 * H + timedelta(minutes=5))
    client.force_login(first.user)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "Time bank: 3 days to start, +1 day per move, up to 4 days" in page
    assert "2 days, 3 hours left in your bank" in page  # 51 h 55 min
    assert "3 days in the bank" in page  # the other player's, untouched


def test_a_timeout_on_a_bank_settles_it_from_the_vacations_the_sweep_read(bank_game, clock, users):
    """The timed-out seat's bank is settled from the vacations the sweep read for its chunk: no
    query of its own, though the player has one ahead."""
    from datetime import date

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.clock.vacations import vacation_add
    from games.timekeeper.sweep import handle_due

    game = bank_game()
    for user in users[:2]:
        vacation_add(user=user, starts_on=date(2030, 3, 10), ends_on=date(2030, 3, 10))
    first = turn_seat(game)
    assert first.deadline_at == T0 + 72 * H
    now = T0 + 72 * H + timedelta(seconds=1)
    clock.move_to(now)
    with CaptureQueriesContext(connection) as queries:
        assert handle_due(now)["timeouts"] == 1
    nxt = turn_seat(game)
    assert bank_of(first) == 24 * H
    assert nxt.deadline_at == now + 72 * H
    read = [q["sql"] for q in queries.captured_queries if "games_vacation" in q["sql"]]
    assert len([sql for sql in read if '"user_id" IN' in sql]) == 1  # the chunk's
    assert len([sql for sql in read if f'"user_id" = {first.user_id}' in sql]) == 0
    # the next player's deadline is set from the chunk's too: their one read is their notice's
    # sentence on their bank (notifications.outbox)
    assert len([sql for sql in read if f'"user_id" = {nxt.user_id}' in sql]) == 1


def test_a_timed_out_answer_settles_the_bank_of_the_player_whose_turn_follows_from_the_sweeps_read(
    bank_game, clock, users
):
    """Dysentery's victim lets the answer time out and has the turn next: the answer's bank is
    settled and the turn's deadline set from the vacations the sweep read for its chunk."""
    from datetime import date

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.clock.vacations import vacation_add
    from games.timekeeper.sweep import handle_due

    game = bank_game()
    for user in users[:2]:
        vacation_add(user=user, starts_on=date(2030, 3, 10), ends_on=date(2030, 3, 10))
    mover = turn_seat(game)
    victim = seat_at(game, 1 - mover.position)
    services.move_submit(
        game=game,
        seat=mover,
        action={"type": "calamity", "victim": victim.position},
        expected_version=game.version,
        channel="web",
    )
    now = T0 + 72 * H + timedelta(seconds=1)
    clock.move_to(now)
    with CaptureQueriesContext(connection) as queries:
        assert handle_due(now)["timeouts"] == 1
    victim.refresh_from_db()
    assert turn_seat(game).pk == victim.pk and victim.bank_running
    assert victim.bank_seconds == 24 * 3600 and victim.deadline_at == now + 24 * H
    read = [q["sql"] for q in queries.captured_queries if "games_vacation" in q["sql"]]
    assert len([sql for sql in read if '"user_id" IN' in sql]) == 1  # the chunk's
    assert len([sql for sql in read if f'"user_id" = {victim.user_id}' in sql]) == 1  # the notice's


def test_a_player_deciding_twice_in_a_row_settles_the_first_decision_and_starts_the_next(bank_game, clock):
    """Dysentery's victim answers, then has the turn: the answer's time comes out of the bank
    (with the increment) and the turn runs on what is left, from the answer on."""
    game = bank_game()
    mover = turn_seat(game)
    victim = seat_at(game, 1 - mover.position)
    clock.move_to(T0 + 2 * H)
    game.refresh_from_db()
    services.move_submit(
        game=game,
        seat=mover,
        action={"type": "calamity", "victim": victim.position},
        expected_version=game.version,
        channel="web",
    )
    victim.refresh_from_db()
    assert victim.deadline_at == T0 + 2 * H + 72 * H and victim.bank_running
    clock.move_to(T0 + 7 * H)
    game.refresh_from_db()
    services.move_submit(
        game=game, seat=victim, action={"type": "medicine", "use": True}, expected_version=game.version, channel="web"
    )
    victim.refresh_from_db()
    assert turn_seat(game).pk == victim.pk
    assert victim.bank_seconds == (72 - 5 + 24) * 3600 and victim.bank_running
    assert victim.deadline_at == T0 + 7 * H + (72 - 5 + 24) * H
