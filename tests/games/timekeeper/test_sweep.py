"""What the minute sweep does with passed deadlines when one game has more than one seat due, or a
deadline left on a seat that no longer decides. The toy game's decision-order rules (TWICE, in
tests/toy_engine.py) let every seat decide at once; their default move is a pass.
"""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from games import services
from games.models import Game, Move, Seat
from games.rules.base import event, seat_label
from games.timekeeper import sweep
from games.timekeeper.sweep import handle_due
from notifications.models import Kind, Notification
from tests.builders import play, seat_at, start_game
from tests.toy_engine import TWICE, TwiceEngine

pytestmark = pytest.mark.django_db
T0 = datetime(2030, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def clock():
    with time_machine.travel(T0, tick=False) as traveller:
        yield traveller


@pytest.fixture
def trio(make_user, clock, serve_games):
    """A three-player toy-twice game at T0, 48-hour turns."""
    serve_games({TWICE.name: "tests.toy_engine:TWICE"})
    return start_game(make_user("ann"), make_user("bob"), make_user("cy"), rules=TWICE.name, turn_hours=48)


def _timeouts(game):
    return list(game.moves.filter(channel=Move.Channel.TIMEOUT).order_by("seq").values_list("position", "action"))


def test_two_players_past_their_deadlines_in_one_game_both_time_out_in_one_sweep(trio, clock):
    services.move_submit(
        game=trio, seat=seat_at(trio, 0), action={"type": "all"}, expected_version=trio.version, channel="web"
    )  # all three decide now; seat 0 keeps its deadline, 1 and 2 get theirs at T0
    Seat.objects.filter(game=trio, position=0).update(deadline_at=T0 + timedelta(hours=60))  # extended
    clock.move_to(T0 + timedelta(hours=48, seconds=1))
    stats = handle_due(T0 + timedelta(hours=48, seconds=1))
    assert stats["timeouts"] == 2
    assert sorted(_timeouts(trio)) == [(1, {"type": "pass"}), (2, {"type": "pass"})]
    assert [seat_at(trio, p).missed_deadlines for p in range(3)] == [0, 1, 1]


def test_the_sweep_clears_a_leftover_deadline_of_a_seat_not_to_act_and_plays_nothing(trio, clock):
    Seat.objects.filter(game=trio, position=2).update(deadline_at=T0 + timedelta(minutes=1))  # a stale row
    clock.move_to(T0 + timedelta(minutes=2))
    stats = handle_due(T0 + timedelta(minutes=2))
    assert stats["timeouts"] == 0
    assert _timeouts(trio) == []
    assert seat_at(trio, 2).deadline_at is None and seat_at(trio, 2).missed_deadlines == 0
    assert seat_at(trio, 0).deadline_at == T0 + timedelta(hours=48)  # the seat to act keeps its own


def _all_three_deciding(make_user, rules):
    """A three-player game of a toy-twice engine at T0 whose miss limit is 1, all three deciding
    by T0 + 48 hours."""
    game = start_game(make_user("ann"), make_user("bob"), make_user("cy"), rules=rules, turn_hours=48, miss_limit=1)
    services.move_submit(
        game=game, seat=seat_at(game, 0), action={"type": "all"}, expected_version=game.version, channel="web"
    )
    return game


def test_players_reaching_the_miss_limit_in_one_sweep_are_each_replaced_with_their_timeout(
    make_user, clock, serve_games
):
    """A seat given up is given up in the timeout's own transaction, and the sweep goes on with the
    game's other due seats as that left them: each timeout is followed at once by its replacement."""
    serve_games({TWICE.name: "tests.toy_engine:TWICE"})
    game = _all_three_deciding(make_user, TWICE.name)
    start = game.moves.count()
    names = [seat_at(game, p).name for p in range(3)]
    clock.move_to(T0 + timedelta(hours=48, seconds=1))
    stats = handle_due(T0 + timedelta(hours=48, seconds=1))
    assert stats["timeouts"] == 3
    log = list(game.moves.order_by("seq").values_list("channel", "position", "action__type")[start:])
    assert [(c, a) for c, _, a in log] == [("timeout", "pass"), ("timeout", "replace_seat")] * 3
    assert [p for _, p, _ in log[::2]] == [p for _, p, _ in log[1::2]]  # each seat's own replacement
    assert all(seat_at(game, p).is_bot for p in range(3))
    said = game.moves.filter(channel=Move.Channel.TIMEOUT, action__type="replace_seat").order_by("seq")
    assert [m.note for m in said] == [
        f"{names[m.position]} missed 1 deadlines in a row: {seat_at(game, m.position).name} takes the seat."
        for m in said
    ]
    notes = Notification.objects.filter(game=game, kind=Kind.TIMEOUT)
    assert sorted(n.context["replaced"] for n in notes) == ["bot"] * 3


class Labelled(TwiceEngine):
    """TWICE whose moves' labels name the seat (as "Player N") and read the state."""

    name = "toy-twice-labelled"

    def action_label(self, state, seat, action):
        return f"{seat_label(seat)} {action['type']}es, {len(state['to_act'])} deciding"


LABELLED = Labelled()


def test_a_timeout_tells_its_player_the_move_played_in_the_engines_words_with_the_names(make_user, clock, serve_games):
    serve_games({LABELLED.name: "tests.games.timekeeper.test_sweep:LABELLED"})
    game = start_game(make_user("ann"), make_user("bob"), rules=LABELLED.name, turn_hours=48)
    first = seat_at(game, 0)
    clock.move_to(T0 + timedelta(hours=48, seconds=1))
    assert handle_due(T0 + timedelta(hours=48, seconds=1))["timeouts"] == 1
    note = Notification.objects.get(game=game, kind=Kind.TIMEOUT)
    assert (note.seat_id, note.context["played"]) == (first.pk, f"{first.name} passes, 1 deciding")


class NamingFirst(TwiceEngine):
    """TWICE whose moves' labels name the first seat as well as their own."""

    name = "toy-twice-naming-first"

    def action_label(self, state, seat, action):
        return f"{seat_label(seat)} {action['type']}es after {seat_label(0)}"


NAMING_FIRST = NamingFirst()


def test_a_timeout_after_a_seat_was_given_up_in_the_same_sweep_names_whoever_holds_it_now(
    make_user, clock, serve_games
):
    """The first seat due times out at the miss limit and a bot takes it; the next due seat's
    default move, played after that in the same sweep, names the bot, not the player who left."""
    serve_games({NAMING_FIRST.name: "tests.games.timekeeper.test_sweep:NAMING_FIRST"})
    game = _all_three_deciding(make_user, NAMING_FIRST.name)
    Seat.objects.filter(game=game, position=0).update(deadline_at=T0 + timedelta(hours=47))  # the first one due
    first, second = seat_at(game, 0).name, seat_at(game, 1).name
    clock.move_to(T0 + timedelta(hours=48, seconds=1))
    assert handle_due(T0 + timedelta(hours=48, seconds=1))["timeouts"] == 3
    bot = seat_at(game, 0)
    assert bot.is_bot and bot.name != first
    played = dict(Notification.objects.filter(game=game, kind=Kind.TIMEOUT).values_list("seat_id", "context__played"))
    assert played[seat_at(game, 1).pk] == f"{second} passes after {bot.name}"


def test_a_seat_timed_out_and_asked_again_in_the_same_sweep_keeps_its_count(trio, clock):
    """Seats 2 and 0 time out in one sweep, in that order (seat 1 has left); seat 0's pass asks
    seat 2 again, whose new deadline is written with the miss its own timeout counted."""
    play(trio, 0, {"type": "all"})
    services.game_resign(game=trio, user=seat_at(trio, 1).user)
    Seat.objects.filter(game=trio, position=2).update(deadline_at=T0 + timedelta(hours=47))
    now = T0 + timedelta(hours=48, seconds=1)
    clock.move_to(now)
    assert handle_due(now)["timeouts"] == 2
    assert _timeouts(trio) == [(2, {"type": "pass"}), (0, {"type": "pass"})]
    again = seat_at(trio, 2)
    assert (again.missed_deadlines, again.deadline_at) == (1, now + timedelta(hours=48))
    assert seat_at(trio, 0).missed_deadlines == 1


def test_the_sweep_clears_the_deadlines_of_a_game_no_longer_in_play_and_plays_nothing(trio, clock):
    Game.objects.filter(pk=trio.pk).update(status=Game.Status.PAUSED)
    clock.move_to(T0 + timedelta(hours=49))
    assert handle_due(T0 + timedelta(hours=49))["timeouts"] == 0
    assert _timeouts(trio) == [] and not Seat.objects.filter(game=trio, deadline_at__isnull=False).exists()


def test_a_stale_deadline_due_first_holds_up_none_of_the_game_and_one_due_this_second_is_due(trio, clock):
    """Seat 2 (not to act) has a stale deadline, due before the others: it is cleared and the sweep
    goes on; seats 0 and 1, both due at this very second, both time out."""
    play(trio, 0, {"type": "all"})
    play(trio, 2, {"type": "pass"})
    now = T0 + timedelta(hours=48)
    Seat.objects.filter(game=trio, position=2).update(deadline_at=T0 + timedelta(minutes=1))
    Seat.objects.filter(game=trio, position__in=[0, 1]).update(deadline_at=now)
    clock.move_to(now)
    assert handle_due(now)["timeouts"] == 2
    assert sorted(_timeouts(trio)) == [(0, {"type": "pass"}), (1, {"type": "pass"})]  # in either order
    assert seat_at(trio, 2).missed_deadlines == 0


def test_a_sweep_with_nothing_due_reports_every_count_at_zero(clock):
    """What the beat task logs (and the benchmark reads): every count, even when nothing was due."""
    assert handle_due(datetime.now(UTC)) == {
        "timeouts": 0,
        "bots": 0,
        "standing": 0,
        "paused": 0,
        "vacation_days": 0,
        "skipped": 0,
    }


def _trios(make_user, serve_games, count=3):
    serve_games({TWICE.name: "tests.toy_engine:TWICE"})
    return [
        start_game(*(make_user(f"{who}{i}") for who in ("ann", "bob", "cy")), rules=TWICE.name, turn_hours=48)
        for i in range(count)
    ]


def test_the_sweep_reads_the_due_games_a_batch_at_a_time(make_user, clock, serve_games, monkeypatch, settings):
    """handle_due reads at most SWEEP_BATCH due games a query (or the batch it is given), so a
    backlog is never read whole; each batch is handled before the next is read."""
    games = _trios(make_user, serve_games)
    limits = []
    real = sweep.due_game_ids

    def due_game_ids(now, *, exclude=(), limit):
        limits.append(limit)
        return real(now, exclude=exclude, limit=limit)

    monkeypatch.setattr(sweep, "due_game_ids", due_game_ids)
    settings.TRAILPOST = {**settings.TRAILPOST, "SWEEP_BATCH": 2}
    now = T0 + timedelta(hours=48, seconds=1)
    clock.move_to(now)
    assert handle_due(now)["timeouts"] == 3
    assert limits == [2, 2, 2]  # two games, the third, then none left
    assert [len(_timeouts(g)) for g in games] == [1, 1, 1]

    Seat.objects.filter(game__in=games, deadline_at__isnull=False).update(deadline_at=now)
    limits.clear()
    assert handle_due(now, batch=1)["timeouts"] == 3
    assert limits == [1, 1, 1, 1]


def test_a_due_game_another_sweep_holds_is_counted_skipped_and_left_for_the_next(
    make_user, clock, serve_games, monkeypatch
):
    games = _trios(make_user, serve_games)
    held = games[1].pk
    real = sweep.lock_games_with_seats
    asked = []

    def lock_games_with_seats(game_ids, *, skip_locked=False):  # as if another transaction held it
        asked.append(skip_locked)
        return {pk: one for pk, one in real(game_ids, skip_locked=skip_locked).items() if pk != held}

    monkeypatch.setattr(sweep, "lock_games_with_seats", lock_games_with_seats)
    now = T0 + timedelta(hours=48, seconds=1)
    clock.move_to(now)
    stats = handle_due(now)
    assert (stats["timeouts"], stats["skipped"]) == (2, 1)
    assert [len(_timeouts(g)) for g in games] == [1, 0, 1]
    assert seat_at(games[1], 0).deadline_at == T0 + timedelta(hours=48)  # still due, for the next sweep
    assert asked == [True]  # the sweep asks to skip the games another transaction holds, not to wait


def test_the_games_are_handled_a_chunk_a_transaction_at_a_time(make_user, clock, serve_games, monkeypatch):
    games = _trios(make_user, serve_games)
    chunks = []
    real = sweep._handle_chunk

    def _handle_chunk(ids, now, *, isolated):
        chunks.append((list(ids), isolated))
        return real(ids, now, isolated=isolated)

    monkeypatch.setattr(sweep, "_handle_chunk", _handle_chunk)
    now = T0 + timedelta(hours=48, seconds=1)
    clock.move_to(now)
    ids = [g.pk for g in games]
    assert sweep.handle_games(ids, now, chunk=2)["timeouts"] == 3
    assert chunks == [(ids[:2], False), (ids[2:], False)]  # no game failed: no chunk done again
    assert [len(_timeouts(g)) for g in games] == [1, 1, 1]


def test_a_failing_game_has_its_chunk_done_again_game_by_game_and_is_logged(
    make_user, clock, serve_games, monkeypatch, caplog
):
    """The chunk's first pass is rolled back whole; the second gives each game a savepoint, so the
    others time out and the failing one is logged and left as it was."""
    games = _trios(make_user, serve_games, count=4)
    bad = games[2]
    real = sweep.time_out

    def time_out(locked, seat, now, *, names=None):
        real(locked, seat, now, names=names)
        if locked.game.pk == bad.pk:  # after its writes: they must not stay
            raise RuntimeError("this game's timeout failed")

    monkeypatch.setattr(sweep, "time_out", time_out)
    now = T0 + timedelta(hours=48, seconds=1)
    clock.move_to(now)
    ids = [g.pk for g in games]
    with caplog.at_level("WARNING", logger="games.timekeeper.sweep"):
        stats = sweep.handle_games(ids, now)
    assert stats["timeouts"] == 3
    assert [len(_timeouts(g)) for g in games] == [1, 1, 0, 1]
    assert seat_at(bad, 0).missed_deadlines == 0 and Game.objects.get(pk=bad.pk).version == bad.version
    said = [(r.levelname, r.getMessage(), r.exc_info and r.exc_info[0]) for r in caplog.records]
    # each with the error's traceback
    assert said == [
        ("WARNING", f"sweep: a game of chunk {ids[:3]} failed; handling it game by game", RuntimeError),
        ("ERROR", f"sweep: game {bad.pk} failed", RuntimeError),
    ]


class Narrowing(TwiceEngine):
    """TWICE whose default move, "narrow", is a pass that also takes the next seat off the seats to
    act (its deadline then cleared by the move)."""

    name = "toy-twice-narrowing"

    def legal_actions(self, state, seat):
        found = super().legal_actions(state, seat)
        return [*found, {"type": "narrow"}] if found else []

    def do_apply(self, state, seat, action):
        if action["type"] != "narrow":
            return super().do_apply(state, seat, action)
        state["to_act"] = [s for s in state["to_act"] if s not in (seat, (seat + 1) % state["n"])]
        return [event("narrowed", seat, f"Seat {seat} narrows.")]

    def default_action(self, state, seat):
        return {"type": "narrow"}


NARROWING = Narrowing()


def test_a_due_seat_an_earlier_timeout_took_off_the_seats_to_act_is_passed_over_and_the_next_is_handled(
    make_user, clock, serve_games
):
    """Seats 0, 1, 2 are due in that order; seat 0's timeout takes seat 1 off the seats to act
    (clearing its deadline), so seat 1 is left and seat 2, still to act, times out."""
    serve_games({NARROWING.name: "tests.games.timekeeper.test_sweep:NARROWING"})
    game = start_game(make_user("ann"), make_user("bob"), make_user("cy"), rules=NARROWING.name, turn_hours=48)
    play(game, 0, {"type": "all"})
    for position, hours in ((0, 46), (1, 47), (2, 47.5)):
        Seat.objects.filter(game=game, position=position).update(deadline_at=T0 + timedelta(hours=hours))
    now = T0 + timedelta(hours=48, seconds=1)
    clock.move_to(now)
    assert handle_due(now)["timeouts"] == 2
    assert _timeouts(game) == [(0, {"type": "narrow"}), (2, {"type": "narrow"})]
    assert (seat_at(game, 1).deadline_at, seat_at(game, 1).missed_deadlines) == (None, 0)


def test_a_game_handed_over_with_nothing_due_any_more_is_left_as_it_is(trio, clock, caplog):
    """A game read as due may have moved on before its chunk locks it (a player moved meanwhile):
    with no seat due under the lock, nothing is done and nothing fails."""
    with caplog.at_level("WARNING"):
        stats = sweep.handle_games([trio.pk], T0 + timedelta(hours=1))
    assert stats == {"skipped": 0}
    assert [r.getMessage() for r in caplog.records if r.levelname in ("WARNING", "ERROR")] == []
    assert _timeouts(trio) == [] and seat_at(trio, 0).deadline_at == T0 + timedelta(hours=48)


class Ordering(TwiceEngine):
    """TWICE whose every decision is of one kind a standing order may answer: "pass"."""

    name = "toy-twice-ordering"
    decision_kinds = {"thinking": {"label": "Thinking", "answers": {"pass": "Pass"}}}

    def decision_kind(self, state, seat):
        return "thinking" if seat in self.to_act(state) else None

    def standing_action(self, state, seat, kind, answer):
        if self.decision_kind(state, seat) != kind or answer != "pass":
            return None
        return {"type": "pass"}


ORDERING = Ordering()


def test_a_due_seat_a_standing_order_answers_holds_up_none_of_the_games_later_due_seats(
    make_user, clock, serve_games, settings
):
    """Seat 1's order answers its decision (its task lost: due after the short wait); seats 0 and 2,
    due after it in the same game, time out in the same sweep, and the order is played after."""
    from games.timekeeper.autoplay import standing_orders_set

    settings.TRAILPOST = {**settings.TRAILPOST, "BOT_STUCK_AFTER_SECONDS": 300}
    serve_games({ORDERING.name: "tests.games.timekeeper.test_sweep:ORDERING"})
    game = start_game(make_user("ann"), make_user("bob"), make_user("cy"), rules=ORDERING.name, turn_hours=48)
    standing_orders_set(seat=seat_at(game, 1), orders={"thinking": "pass"})
    play(game, 0, {"type": "all"})  # all three decide now; seat 1's order is left to its lost task
    assert seat_at(game, 1).deadline_at == T0 + timedelta(seconds=300)
    now = T0 + timedelta(hours=48, seconds=1)
    clock.move_to(now)
    stats = handle_due(now)
    assert (stats["timeouts"], stats["standing"]) == (2, 1)
    assert sorted(_timeouts(game)) == [(0, {"type": "pass"}), (2, {"type": "pass"})]
    assert game.moves.filter(channel=Move.Channel.STANDING, position=1).count() == 1
