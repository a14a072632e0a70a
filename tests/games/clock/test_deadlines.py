"""Deadlines: reminders before them, timeouts at them, misses handed to bots, vacations pausing them.

The clock is moved with time-machine; the sweep is the function the minute task runs.
"""

from datetime import UTC, date, datetime, timedelta

import pytest

from core.errors import GameError
from games import services
from games.clock import vacations as notify
from games.clock.vacations import paused_deadline
from games.models import Game, Move, Seat
from games.timekeeper.sweep import due_game_ids
from notifications.models import Kind, Notification
from tests.builders import play

from .conftest import T0, minute, seat_at, turn_seat

pytestmark = pytest.mark.django_db


def kinds_for(seat):
    return list(Notification.objects.filter(seat=seat).order_by("pk").values_list("kind", flat=True))


def test_deadline_is_turn_hours_after_the_decision_arises(clock, make_game):
    game = make_game(turn_hours=48)
    seat = turn_seat(game)
    assert seat.deadline_at == T0 + timedelta(hours=48)
    other = seat_at(game, 1 - seat.position)
    assert other.deadline_at is None
    play(game, seat, {"type": "end_turn"})
    seat.refresh_from_db()
    other.refresh_from_db()
    assert (seat.deadline_at, seat.bank_running) == (None, False)  # a per-move clock runs no bank
    assert (other.deadline_at, other.bank_running) == (T0 + timedelta(hours=48), False)


def test_reminder_goes_out_before_the_deadline_once(clock, make_game, settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "REMINDER_BEFORE_HOURS": 12}
    game = make_game(turn_hours=48)
    seat = turn_seat(game)
    clock.move_to(T0 + timedelta(hours=35))
    assert minute()["reminders"] == 0
    clock.move_to(T0 + timedelta(hours=36, minutes=1))
    assert minute()["reminders"] == 1
    assert minute()["reminders"] == 0
    seat.refresh_from_db()
    game.refresh_from_db()
    assert seat.reminder_sent_for == game.version
    reminder = Notification.objects.get(seat=seat, kind=Kind.REMINDER)
    assert reminder.context["decision"]["moves"][0]["index"] == 1
    assert reminder.sent_at is not None


def test_no_reminder_for_a_decision_already_made(clock, make_game):
    game = make_game(turn_hours=48)
    first = turn_seat(game)
    clock.move_to(T0 + timedelta(hours=40))
    play(game, first, {"type": "end_turn"})
    second = turn_seat(game)
    clock.move_to(T0 + timedelta(hours=47))
    assert minute()["reminders"] == 0  # first decided; second is due at T0+88h
    assert Kind.REMINDER not in kinds_for(first) + kinds_for(second)


def test_timeout_plays_the_default_action_at_the_deadline(clock, make_game):
    game = make_game(turn_hours=24)
    seat = turn_seat(game)
    clock.move_to(T0 + timedelta(hours=23, minutes=59))
    assert minute()["timeouts"] == 0
    clock.move_to(T0 + timedelta(hours=24, seconds=1))
    assert minute()["timeouts"] == 1
    move = Move.objects.filter(game=game).latest("seq")
    assert (move.channel, move.action, move.position) == ("timeout", {"type": "end_turn"}, seat.position)
    seat.refresh_from_db()
    assert seat.missed_deadlines == 1 and seat.deadline_at is None
    timeout = Notification.objects.get(seat=seat, kind=Kind.TIMEOUT)
    assert timeout.context["played"] == "End the turn"
    nxt = turn_seat(game)
    assert nxt.deadline_at == T0 + timedelta(hours=48, seconds=1)
    assert Kind.YOUR_TURN in kinds_for(nxt)
    assert minute()["timeouts"] == 0


def _miss_twice(clock, game, hours):
    """The same seat misses two deadlines in a row (the other player plays in between)."""
    absent = turn_seat(game)
    now = T0
    for _ in range(2):
        now += timedelta(hours=hours, seconds=1)
        clock.move_to(now)
        minute()
        other = turn_seat(game)
        if other.pk != absent.pk and other.user_id:
            play(game, other, {"type": "end_turn"})
            now = other.deadline_at or now
    absent.refresh_from_db()
    return absent


def test_after_miss_limit_a_bot_takes_the_seat(clock, make_game):
    game = make_game(turn_hours=10, miss_limit=2, on_missed=Game.OnMissed.BOT)
    absent = _miss_twice(clock, game, 10)
    assert absent.is_bot and absent.user_id is None
    notes = Notification.objects.filter(kind=Kind.TIMEOUT).order_by("pk")
    assert [(n.context["misses"], n.context["replaced"]) for n in notes] == [(1, ""), (2, "bot")]
    assert [n.context["played"] for n in notes] == ["End the turn"] * 2


def test_drop_falls_back_to_a_bot_when_the_engine_cannot_drop(clock, make_game, caplog):
    game = make_game(turn_hours=10, miss_limit=2, on_missed=Game.OnMissed.DROP)
    with caplog.at_level("WARNING", logger="games.timekeeper.sweep"):
        absent = _miss_twice(clock, game, 10)
    assert absent.is_bot  # the toy engine's resign raises NotImplementedError
    assert absent.status == Seat.Status.PLAYING
    said = [r.getMessage() for r in caplog.records if r.name == "games.timekeeper.sweep"]
    assert said == [
        f"engine toy-notify cannot drop a player; a bot takes seat {absent.position} of game {game.pk} instead"
    ]


def test_a_stuck_bot_is_played_by_the_sweep(clock, make_game):
    game = make_game(n=1, bots=1, turn_hours=10)
    # In this test on_commit never runs, exactly like a bot task lost while the broker was down.
    seat = turn_seat(game)
    if seat.is_bot:
        bot = seat
    else:
        play(game, seat, {"type": "end_turn"})
        bot = turn_seat(game)
    assert bot.is_bot and bot.deadline_at <= T0 + timedelta(minutes=5)
    clock.move_to(T0 + timedelta(minutes=5))
    stats = minute()
    assert stats["bots"] >= 1
    assert Move.objects.filter(game=game, channel="bot").exists()
    assert not turn_seat(game).is_bot


def test_the_stuck_bots_of_every_game_of_a_chunk_are_played(clock, make_game):
    games = [make_game(n=1, bots=1, turn_hours=10) for _ in range(2)]
    for game in games:  # on_commit never runs here: each bot's task is lost
        seat = turn_seat(game)
        if not seat.is_bot:
            play(game, seat, {"type": "end_turn"})
        assert turn_seat(game).is_bot
    clock.move_to(T0 + timedelta(minutes=5))
    stats = minute()
    assert stats["bots"] >= 2
    assert all(Move.objects.filter(game=game, channel="bot").exists() for game in games)


def test_a_failing_bot_game_after_the_chunk_is_logged_and_the_others_still_play(clock, make_game, monkeypatch, caplog):
    from games.timekeeper import sweep

    games = [make_game(n=1, bots=1, turn_hours=10) for _ in range(2)]
    for game in games:  # on_commit never runs here: each bot's task is lost
        seat = turn_seat(game)
        if not seat.is_bot:
            play(game, seat, {"type": "end_turn"})
    bad = games[0]
    real = sweep.bots_play

    def bots_play(game_id):
        if game_id == bad.pk:
            raise RuntimeError("this game's bot failed")
        return real(game_id)

    monkeypatch.setattr(sweep, "bots_play", bots_play)
    clock.move_to(T0 + timedelta(minutes=5))
    with caplog.at_level("WARNING"):
        stats = sweep.handle_due(T0 + timedelta(minutes=5))
    assert stats["bots"] == 1
    assert [Move.objects.filter(game=g, channel="bot").exists() for g in games] == [False, True]
    said = [(r.levelname, r.getMessage(), r.exc_info and r.exc_info[0]) for r in caplog.records]
    assert said == [("ERROR", f"sweep: bots of game {bad.pk} failed", RuntimeError)]


def test_vacation_pauses_a_pending_deadline(clock, make_game):
    game = make_game(turn_hours=48)
    seat = turn_seat(game)
    notify.vacation_add(user=seat.user, starts_on=date(2030, 3, 2), ends_on=date(2030, 3, 4))
    seat.refresh_from_db()
    assert seat.deadline_at == T0 + timedelta(hours=48 + 72)
    clock.move_to(T0 + timedelta(hours=49))
    assert minute()["timeouts"] == 0
    clock.move_to(T0 + timedelta(hours=48 + 72, seconds=1))
    assert minute()["timeouts"] == 1


def test_a_second_vacation_adds_only_its_own_days_and_removing_one_gives_them_back(clock, make_game):
    from games.models import Vacation

    game = make_game(turn_hours=96)
    seat = turn_seat(game)
    notify.vacation_add(user=seat.user, starts_on=date(2030, 3, 2), ends_on=date(2030, 3, 3))
    notify.vacation_add(user=seat.user, starts_on=date(2030, 3, 5), ends_on=date(2030, 3, 5))
    seat.refresh_from_db()
    assert seat.deadline_at == T0 + timedelta(hours=96 + 48 + 24)  # each vacation counted once
    clock.move_to(T0 + timedelta(hours=6))  # the player used 6 hours of the turn, then cancels one
    assert notify.vacation_remove(user=seat.user, vacation_id=Vacation.objects.get(starts_on=date(2030, 3, 2)).pk)
    seat.refresh_from_db()
    assert seat.deadline_at == T0 + timedelta(hours=96 + 24)
    assert seat.reminder_sent_for is None


def test_a_decision_arising_before_a_vacation_gets_the_vacation_added(clock, make_game, users):
    notify.vacation_add(user=users[0], starts_on=date(2030, 3, 2), ends_on=date(2030, 3, 2))
    notify.vacation_add(user=users[1], starts_on=date(2030, 3, 2), ends_on=date(2030, 3, 2))
    game = make_game(turn_hours=24)
    assert turn_seat(game).deadline_at == T0 + timedelta(hours=48)


def test_the_sweep_does_not_time_out_a_player_on_vacation(clock, make_game):
    game = make_game(turn_hours=24)
    seat = turn_seat(game)
    notify.vacation_add(user=seat.user, starts_on=date(2030, 3, 1), ends_on=date(2030, 3, 1))
    Seat.objects.filter(pk=seat.pk).update(deadline_at=T0 - timedelta(minutes=1))  # as if set before it
    stats = minute()
    assert stats["timeouts"] == 0 and stats["paused"] == 1
    seat.refresh_from_db()
    assert seat.deadline_at == datetime(2030, 3, 3, 0, 0, tzinfo=UTC)  # a full turn after it ends


def test_vacation_allowance_per_year(clock, users, settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "VACATION_DAYS_PER_YEAR": 30}
    notify.vacation_add(user=users[0], starts_on=date(2030, 4, 1), ends_on=date(2030, 4, 20))
    with pytest.raises(GameError):
        notify.vacation_add(user=users[0], starts_on=date(2030, 5, 1), ends_on=date(2030, 5, 11))
    notify.vacation_add(user=users[0], starts_on=date(2030, 5, 1), ends_on=date(2030, 5, 10))
    with pytest.raises(GameError):
        notify.vacation_add(user=users[0], starts_on=date(2030, 2, 1), ends_on=date(2030, 2, 2))  # in the past


def test_paused_deadline_skips_every_vacation_interval():
    a = datetime(2030, 1, 1, tzinfo=UTC)
    day = timedelta(days=1)
    intervals = [(a + day, a + 2 * day), (a + 3 * day, a + 5 * day)]
    assert paused_deadline(a, 2 * day, intervals) == a + 3 * day  # ends as the 2nd begins
    assert paused_deadline(a + day + day / 2, day * 1.5, intervals) == a + 5 * day + day / 2
    assert paused_deadline(a + 2.5 * day, day, intervals) == a + 5.5 * day  # the 1st is over: the 2nd counts


def test_a_redelivered_sweep_task_times_out_once(clock, make_game):
    from games.tasks import handle_due_games

    games = [make_game(turn_hours=24) for _ in range(3)]
    clock.move_to(T0 + timedelta(hours=25))
    ids = due_game_ids(T0 + timedelta(hours=25), limit=100)
    assert sorted(ids) == sorted(g.pk for g in games)
    handle_due_games.apply(args=(ids,))
    handle_due_games.apply(args=(ids,))  # the same task delivered again
    assert Move.objects.filter(channel="timeout").count() == 3
    assert due_game_ids(T0 + timedelta(hours=25), limit=100) == []


def test_one_failing_game_does_not_hold_up_the_rest_of_its_chunk(clock, make_game, toy_notify_engine, monkeypatch):
    games = [make_game(turn_hours=24) for _ in range(3)]
    bad = games[1]
    real = type(toy_notify_engine).default_action

    def default_action(self, state, seat):
        if state.get("broken"):
            raise RuntimeError("this game's state is broken")
        return real(self, state, seat)

    monkeypatch.setattr(type(toy_notify_engine), "default_action", default_action)
    Game.objects.filter(pk=bad.pk).update(state={**bad.state, "broken": True})
    clock.move_to(T0 + timedelta(hours=24, seconds=1))
    stats = minute()
    assert stats["timeouts"] == 2
    for game in games:
        timed_out = Move.objects.filter(game=game, channel="timeout").count()
        assert timed_out == (0 if game is bad else 1)
        assert turn_seat(game).missed_deadlines == 0
    assert Seat.objects.get(pk=turn_seat(bad).pk).deadline_at <= T0 + timedelta(hours=24, seconds=1)


def test_a_database_error_in_one_game_rolls_its_chunk_back_and_the_rest_go_through(clock, make_game):
    """The chunk's writes are pipelined and its inserts held to the end: an error there (here a
    log row already holding the seq the timeout takes) surfaces late, and the retry isolates it."""
    games = [make_game(turn_hours=24) for _ in range(3)]
    bad = games[1]
    bad.refresh_from_db()
    Move.objects.create(
        game=bad, seq=bad.version + 1, kind=Move.Kind.ADMIN, channel=Move.Channel.ADMIN, action={}, note="in the way"
    )
    clock.move_to(T0 + timedelta(hours=24, seconds=1))
    stats = minute()
    assert stats["timeouts"] == 2
    for game in games:
        assert Move.objects.filter(game=game, channel="timeout").count() == (0 if game is bad else 1)
        game.refresh_from_db()
        assert game.version == (bad.version if game is bad else 2)
    assert Notification.objects.filter(game=bad, kind=Kind.TIMEOUT).count() == 0
    assert Notification.objects.filter(kind=Kind.TIMEOUT).count() == 2


@pytest.mark.parametrize(
    "rules,on_missed,outcome",
    [
        ("toy-notify", Game.OnMissed.BOT, "bot"),
        ("oregon-trail-race", Game.OnMissed.DROP, "dropped"),
    ],
)
def test_a_seat_given_up_after_its_missed_deadlines_goes_through_on_the_first_pass(
    clock, make_game, caplog, rules, on_missed, outcome
):
    """Replacing the absent player (a bot's seat, or dropping them) happens in the sweep's chunk
    like any timeout: no error, no rollback, no second pass game by game."""
    game = make_game(turn_hours=10, miss_limit=1, on_missed=on_missed, rules=rules)
    absent = turn_seat(game)
    name = absent.name
    clock.move_to(T0 + timedelta(hours=10, seconds=1))
    with caplog.at_level("WARNING"):
        stats = minute()
    assert [r.getMessage() for r in caplog.records if r.levelname in ("WARNING", "ERROR")] == []
    assert stats["timeouts"] == 1
    absent.refresh_from_db()
    if outcome == "bot":
        assert absent.is_bot and absent.user_id is None
    else:
        assert absent.status == Seat.Status.DROPPED and absent.deadline_at is None
    note = Notification.objects.get(kind=Kind.TIMEOUT, seat=absent)
    assert note.context["replaced"] == outcome
    said = Move.objects.filter(game=game, channel="timeout").latest("seq").note
    if outcome == "bot":
        assert said == f"{name} missed 1 deadlines in a row: {absent.name} takes the seat."
    else:
        assert said == f"{name} was dropped after missing 1 deadlines in a row"


def test_a_bots_decision_and_one_a_standing_order_answers_fall_due_after_the_short_wait(clock, make_game, settings):
    """Their task plays them at once; the sweep plays them if it was lost, once the short wait
    (BOT_STUCK_AFTER_SECONDS) has passed: not before, and not a turn's time later."""
    from games.timekeeper.autoplay import standing_orders_set

    settings.TRAILPOST = {**settings.TRAILPOST, "BOT_STUCK_AFTER_SECONDS": 300}
    short = T0 + timedelta(seconds=300)
    bot_game = make_game(n=1, bots=1, turn_hours=10)
    seat = turn_seat(bot_game)
    if not seat.is_bot:
        play(bot_game, seat, {"type": "end_turn"})
        seat = turn_seat(bot_game)
    assert seat.is_bot and seat.deadline_at == short and not seat.bank_running

    game = make_game(turn_hours=10)
    mover = turn_seat(game)
    victim = seat_at(game, 1 - mover.position)
    standing_orders_set(seat=victim, orders={"medicine_choice": "always"})
    play(game, mover, {"type": "calamity", "victim": victim.position})  # its task is lost: on_commit never runs
    victim.refresh_from_db()
    assert victim.deadline_at == short and not victim.bank_running


def test_the_sweep_plays_a_due_standing_order_and_goes_on_with_the_games_later_due_seats(clock, make_game, settings):
    """A decision a standing order answers, whose task was lost, is played after the sweep's chunk
    (counted "standing"); the game's seats due after it are still handled (a stale deadline cleared)."""
    from games.timekeeper.autoplay import standing_orders_set
    from games.timekeeper.sweep import handle_due

    settings.TRAILPOST = {**settings.TRAILPOST, "BOT_STUCK_AFTER_SECONDS": 300}
    game = make_game(n=3, turn_hours=10)
    mover = turn_seat(game)
    victim, third = (seat_at(game, (mover.position + i) % 3) for i in (1, 2))
    standing_orders_set(seat=victim, orders={"medicine_choice": "always"})
    play(game, mover, {"type": "calamity", "victim": victim.position})  # its task is lost: on_commit never runs
    Seat.objects.filter(pk=third.pk).update(deadline_at=T0 + timedelta(seconds=400))  # stale: not to act
    clock.move_to(T0 + timedelta(seconds=500))
    stats = handle_due(T0 + timedelta(seconds=500))
    assert (stats["standing"], stats["bots"], stats["timeouts"]) == (1, 0, 0)
    assert list(Move.objects.filter(game=game, channel=Move.Channel.STANDING).values_list("position", flat=True)) == [
        victim.position
    ]
    assert Seat.objects.get(pk=third.pk).deadline_at is None


def test_a_player_on_vacation_has_the_deadline_pushed_and_the_games_later_due_seats_are_still_handled(clock, make_game):
    from games.timekeeper.sweep import handle_due

    game = make_game(n=3, turn_hours=24)
    seat = turn_seat(game)
    stale = seat_at(game, (seat.position + 1) % 3)  # not to act
    notify.vacation_add(user=seat.user, starts_on=date(2030, 3, 1), ends_on=date(2030, 3, 1))
    Seat.objects.filter(pk=seat.pk).update(deadline_at=T0 - timedelta(minutes=2))  # as if set before it
    Seat.objects.filter(pk=stale.pk).update(deadline_at=T0 - timedelta(minutes=1))
    stats = handle_due(T0)
    assert (stats["paused"], stats["timeouts"]) == (1, 0)
    assert Seat.objects.get(pk=seat.pk).deadline_at == datetime(2030, 3, 3, 0, 0, tzinfo=UTC)
    assert Seat.objects.get(pk=stale.pk).deadline_at is None


def test_the_sweep_reads_the_vacations_of_its_chunk_once(clock, make_game):
    """A player on vacation has their deadline pushed from the vacations the sweep read for its
    whole chunk, not from a query of their own."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.timekeeper.sweep import handle_due

    game = make_game(turn_hours=24)
    seat = turn_seat(game)
    notify.vacation_add(user=seat.user, starts_on=date(2030, 3, 1), ends_on=date(2030, 3, 1))
    Seat.objects.filter(pk=seat.pk).update(deadline_at=T0 - timedelta(minutes=1))  # as if set before it
    with CaptureQueriesContext(connection) as queries:
        assert handle_due(T0)["paused"] == 1
    assert len([q for q in queries.captured_queries if "games_vacation" in q["sql"]]) == 1
    seat.refresh_from_db()
    assert seat.deadline_at == datetime(2030, 3, 3, 0, 0, tzinfo=UTC)


def test_a_player_leaving_a_paused_game_starts_no_clock(clock, make_game, users):
    """While a game is paused its clock stays stopped, whatever changes at the table."""
    game = make_game(n=3, rules="toy-shed")
    services.game_pause(game=game, by=users[0], reason="server move")
    leaver = next(s for s in Seat.objects.filter(game=game) if s.position != turn_seat(game).position)
    services.game_resign(game=game, user=leaver.user)
    assert [s.deadline_at for s in Seat.objects.filter(game=game)] == [None, None, None]
    services.game_resume(game=game, by=users[0])
    assert turn_seat(game).deadline_at == T0 + timedelta(hours=48)


def test_the_move_that_ends_the_game_clears_every_deadline(clock, make_game):
    game = make_game(options={"goal": 1})
    seat = turn_seat(game)
    assert seat.deadline_at == T0 + timedelta(hours=48)
    play(game, seat, {"type": "advance"})
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert [s.deadline_at for s in Seat.objects.filter(game=game)] == [None, None]


def test_a_seat_with_no_place_at_the_table_is_passed_over(clock, make_game, users):
    """refresh_deadlines gives deadlines by position: a seat without one (still in the lobby's
    order, wherever it comes) gets none and holds up no other."""
    from games.clock.deadlines import refresh_deadlines

    game = make_game(turn_hours=24)
    Seat.objects.filter(game=game).update(deadline_at=None)
    placeless = Seat(game=game, position=None, user=users[2])
    seats = [placeless, *Seat.objects.filter(game=game)]
    newly = refresh_deadlines(game, seats, before=set())
    assert [s.position for s in newly] == game.engine.to_act(game.state)
    assert placeless.deadline_at is None
    assert turn_seat(game).deadline_at == T0 + timedelta(hours=24)


def test_a_timeout_that_ends_the_game_leaves_the_seat_to_its_player(clock, make_game, toy_notify_engine, monkeypatch):
    """The miss that reaches the limit but whose move ends the game gives the seat to nobody: the
    player is told of the miss alone."""
    monkeypatch.setattr(type(toy_notify_engine), "default_action", lambda self, state, seat: {"type": "advance"})
    game = make_game(options={"goal": 1}, turn_hours=10, miss_limit=1)
    absent = turn_seat(game)
    clock.move_to(T0 + timedelta(hours=10, seconds=1))
    assert minute()["timeouts"] == 1
    game.refresh_from_db()
    absent.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert not absent.is_bot and absent.user_id is not None and absent.status == Seat.Status.PLAYING
    note = Notification.objects.get(kind=Kind.TIMEOUT, seat=absent)
    assert (note.context["misses"], note.context["replaced"], note.context["played"]) == (1, "", "Advance one step")
    assert not game.moves.filter(action__type="replace_seat").exists()
