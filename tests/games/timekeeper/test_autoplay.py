"""The turns nobody sits at a screen for (games.timekeeper.autoplay): bots' decisions, played up to
a task's limit, each drawn from a stream of its own (the game's seed, its version, the seat), and
drawn again when someone else moved first; decisions a standing order answers.

`DrawnTwice` is the TWICE rules (tests/toy_engine.py) with a bot that draws: it thinks again with
a number drawn from the stream it is handed (so the log shows which stream that was), or, with
`passes` set, passes."""

import pytest

from games.models import Game, Move, StandingOrder
from games.rules.base import Rng
from games.timekeeper.autoplay import apply_standing_orders, bots_play
from tests.builders import play, seat_at, start_game
from tests.toy_engine import TwiceEngine

pytestmark = pytest.mark.django_db
DRAWS = 1000


class DrawnTwice(TwiceEngine):
    name = "toy-twice-drawn"
    passes = False
    meanwhile: list = []  # callables run, one each, before the bot's next answers: others moving

    def accepts(self, state, seat, action):
        drawn = action.get("type") == "again" and action.get("draw") in range(DRAWS)
        return seat in self.to_act(state) and drawn or super().accepts(state, seat, action)

    def bot_action(self, state, seat, rnd):
        if self.meanwhile:
            self.meanwhile.pop(0)()
        draw = rnd.below(DRAWS)
        return {"type": "pass"} if self.passes else {"type": "again", "draw": draw}


DRAWN = DrawnTwice()


def drawn_answer(game, version: int, position: int) -> dict:
    """The bot's answer at `version` from the stream bots_play must hand it."""
    return {"type": "again", "draw": Rng.stream(f"{game.seed}:{version}:{position}").below(DRAWS)}


@pytest.fixture
def drawn(make_user, serve_games):
    """A player and two bots at the DrawnTwice rules (seats in random order), a bot to act."""
    serve_games({DRAWN.name: "tests.games.timekeeper.test_autoplay:DRAWN"})
    DRAWN.meanwhile.clear()
    DRAWN.passes = False
    game = start_game(make_user("ann"), rules=DRAWN.name, bots=2)
    if not seat_at(game, 0).is_bot:
        play(game, 0, {"type": "pass"})
    game.refresh_from_db()
    yield game
    DRAWN.meanwhile.clear()
    DRAWN.passes = False


def _bot_moves(game):
    return list(game.moves.filter(channel=Move.Channel.BOT).order_by("seq"))


def test_each_bot_decision_is_drawn_from_the_stream_of_the_game_its_version_and_the_seat(drawn):
    version = drawn.version
    assert bots_play(drawn.pk, limit=5) == 5
    moves = _bot_moves(drawn)
    assert [m.action for m in moves] == [drawn_answer(drawn, version + i, moves[0].position) for i in range(5)]
    assert len({m.action["draw"] for m in moves}) > 1  # a stream of each version, not one for all


def test_bots_play_at_most_their_limit_a_task_and_say_how_many(drawn, settings):
    assert bots_play(drawn.pk, limit=1) == 1
    assert len(_bot_moves(drawn)) == 1
    settings.TRAILPOST = {**settings.TRAILPOST, "BOT_MOVES_PER_TASK": 2}
    assert bots_play(drawn.pk) == 2  # the limit, with none given, is the setting's
    assert len(_bot_moves(drawn)) == 3


def test_a_bot_decision_someone_else_made_first_is_drawn_again_for_the_game_as_it_is(drawn):
    """A second task played the bot's move while this one drew it: the move drawn for the old
    version is refused as stale and not counted, and the bot decides again."""
    bot = drawn.engine.to_act(drawn.state)[0]
    version = drawn.version
    DRAWN.meanwhile.append(lambda: play(drawn, bot, {"type": "again", "draw": 0}, channel=Move.Channel.BOT))
    assert bots_play(drawn.pk, limit=2) == 2
    moves = _bot_moves(drawn)
    assert [m.action for m in moves] == [{"type": "again", "draw": 0}] + [
        drawn_answer(drawn, version + i, bot) for i in (1, 2)
    ]


def test_bots_play_nothing_in_a_game_not_in_play_or_with_no_bot_to_act(drawn):
    Game.objects.filter(pk=drawn.pk).update(status=Game.Status.PAUSED)
    assert bots_play(drawn.pk) == 0
    assert _bot_moves(drawn) == []
    Game.objects.filter(pk=drawn.pk).update(status=Game.Status.ACTIVE)
    DRAWN.passes = True
    played = bots_play(drawn.pk)
    assert played == len(_bot_moves(drawn)) >= 1
    drawn.refresh_from_db()
    assert not seat_at(drawn, drawn.engine.to_act(drawn.state)[0]).is_bot  # the player's turn
    assert bots_play(drawn.pk) == 0
    assert len(_bot_moves(drawn)) == played


def test_standing_orders_play_nothing_in_a_game_not_in_play_or_with_no_order(make_user, toy_engine):
    game = start_game(make_user("ann"), make_user("bob"), rules="toy-notify")
    seat = game.seats.get(position=game.engine.to_act(game.state)[0])
    victim = seat_at(game, 1 - seat.position)
    play(game, seat, {"type": "calamity", "victim": victim.position})
    assert apply_standing_orders(game.pk) == 0  # no order
    StandingOrder.objects.create(seat=victim, kind="medicine_choice", answer="always")
    Game.objects.filter(pk=game.pk).update(status=Game.Status.PAUSED)
    assert apply_standing_orders(game.pk) == 0
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ACTIVE)
    assert apply_standing_orders(game.pk) == 1
    assert game.moves.latest("seq").channel == Move.Channel.STANDING


class OrderedTwice(TwiceEngine):
    """TWICE with a decision a standing order answers, whether to think again, which it always
    may: the answer names how many times the seat thought again before, and only that one is
    taken (so an answer drawn for a game that moved on since is refused)."""

    name = "toy-twice-ordered"
    decision_kinds = {"again": {"label": "Think again", "answers": {"yes": "Think again"}}}
    meanwhile: list = []  # callables run, one each, before the next answers: others moving

    def accepts(self, state, seat, action):
        if "thought" in action:
            return seat in self.to_act(state) and action == {"type": "again", "thought": state.get("thoughts", 0)}
        return super().accepts(state, seat, action)

    def do_apply(self, state, seat, action):
        if action["type"] == "again":
            state["thoughts"] = state.get("thoughts", 0) + 1
        return super().do_apply(state, seat, action)

    def decision_kind(self, state, seat):
        return "again" if seat in self.to_act(state) else None

    def standing_action(self, state, seat, kind, answer):
        if self.meanwhile:
            self.meanwhile.pop(0)()
        if kind == "again" and answer in ("yes", "miscounted"):  # the second, one the engine refuses
            return {"type": "again", "thought": state.get("thoughts", 0) + (answer == "miscounted")}
        return None


ORDERED = OrderedTwice()


@pytest.fixture
def ordered(make_user, serve_games):
    """Two players at the OrderedTwice rules, seat 0 to act, with a standing order that answers
    it for ever."""
    serve_games({ORDERED.name: "tests.games.timekeeper.test_autoplay:ORDERED"})
    ORDERED.meanwhile.clear()
    game = start_game(make_user("ann"), make_user("bob"), rules=ORDERED.name)
    StandingOrder.objects.create(seat=seat_at(game, 0), kind="again", answer="yes")
    yield game
    ORDERED.meanwhile.clear()


def _thoughts(game):
    moves = game.moves.filter(channel=Move.Channel.STANDING, position=0).order_by("seq")
    return [m.action["thought"] for m in moves]


def test_standing_orders_play_at_most_their_limit_a_call_and_say_how_many(ordered):
    assert apply_standing_orders(ordered.pk, limit=3) == 3
    assert apply_standing_orders(ordered.pk) == 50
    assert _thoughts(ordered) == list(range(53))


def test_a_standing_answer_someone_else_gave_first_is_drawn_again_for_the_game_as_it_is(ordered):
    """Another task answered the decision while this one read it: the answer read for the old
    version is refused as stale and not counted, and the order answers the game as it is now."""
    seat = seat_at(ordered, 0)
    ORDERED.meanwhile.append(lambda: play(ordered, seat, {"type": "again", "thought": 0}, channel="standing"))
    assert apply_standing_orders(ordered.pk, limit=2) == 2
    assert _thoughts(ordered) == [0, 1, 2]


def test_a_standing_answer_the_engine_refuses_is_logged_and_ends_the_call(ordered, caplog):
    StandingOrder.objects.filter(seat__game=ordered).update(answer="miscounted")
    assert apply_standing_orders(ordered.pk) == 0
    seat = seat_at(ordered, 0)
    said = [r.getMessage() for r in caplog.records if r.name == "games.timekeeper.autoplay"]
    assert said == [f"standing order of seat {seat.pk} in game {ordered.pk} refused: That move is not allowed now."]
    assert _thoughts(ordered) == []
