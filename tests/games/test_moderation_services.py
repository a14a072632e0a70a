"""A moderator's acts on a whole game, called directly: pause, resume, abort and undo. What each
logs (its act, its reason as one clean line, its note), what it does to the game and its deadlines,
and what it refuses, with its sentence."""

import pytest

from core.errors import ErrorCode, GameError
from games import services
from games.models import Game, Move
from tests.builders import play, seat_to_act, start_game

pytestmark = pytest.mark.django_db

HAND = {"hand_size": 3}  # the toy game's, short


@pytest.fixture
def duel(make_user, toy_engine):
    return start_game(make_user("ann"), make_user("bob"), options=HAND)


@pytest.fixture
def mod(make_user):
    return make_user("mod", is_staff=True)


def _refused(code, message, call, /, **kwargs):
    with pytest.raises(GameError) as caught:
        call(**kwargs)
    assert (caught.value.code, caught.value.message) == (code, message)


def _last(game):
    move = game.moves.order_by("-seq").first()
    return move.kind, move.channel, move.actor, move.action, move.note


def test_a_pause_logs_its_reason_as_one_line_and_stops_the_deadlines(duel, mod):
    assert duel.seats.filter(deadline_at__isnull=False).exists()
    version = duel.version
    game = services.game_pause(game=duel, by=mod, reason="  a  bug\nin the\tdeck ")
    assert game.status == Game.Status.PAUSED and game.paused_at is not None
    game.refresh_from_db()
    assert (game.status, game.version) == (Game.Status.PAUSED, version + 1)
    assert game.paused_at is not None
    assert _last(game) == (
        Move.Kind.ADMIN,
        Move.Channel.ADMIN,
        mod,
        {"type": "pause", "reason": "a bug in the deck"},
        "A moderator paused the game: a bug in the deck",
    )
    assert not game.seats.filter(deadline_at__isnull=False).exists()


def test_a_resume_without_a_reason_logs_a_plain_sentence_and_sets_deadlines_again(duel, mod):
    services.game_pause(game=duel, by=mod)
    assert _last(duel)[3:] == ({"type": "pause", "reason": ""}, "A moderator paused the game.")
    game = services.game_resume(game=duel, by=mod)
    assert game.status == Game.Status.ACTIVE and game.paused_at is None
    game.refresh_from_db()
    assert (game.status, game.paused_at) == (Game.Status.ACTIVE, None)
    assert _last(game) == (
        Move.Kind.ADMIN,
        Move.Channel.ADMIN,
        mod,
        {"type": "resume", "reason": ""},
        "A moderator resumed the game.",
    )
    assert game.seats.filter(position=seat_to_act(game).position, deadline_at__isnull=False).exists()


def test_an_abort_ends_the_game_for_good_and_logs_its_reason(duel, mod):
    game = services.game_abort(game=duel, by=mod, reason="spam")
    assert game.status == Game.Status.ABORTED and game.finished_at is not None
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED and game.finished_at is not None
    assert _last(game) == (
        Move.Kind.ADMIN,
        Move.Channel.ADMIN,
        mod,
        {"type": "abort", "reason": "spam"},
        "A moderator aborted the game: spam",
    )
    assert not game.seats.filter(deadline_at__isnull=False).exists()
    _refused(ErrorCode.GAME_NOT_ACTIVE, "This game is already over.", services.game_abort, game=game, by=mod)


def test_a_paused_game_is_not_paused_again_nor_an_active_one_resumed(duel, mod):
    _refused(ErrorCode.GAME_NOT_ACTIVE, "Only a paused game can be resumed.", services.game_resume, game=duel, by=mod)
    services.game_pause(game=duel, by=mod)
    before = duel.moves.count()
    _refused(ErrorCode.GAME_NOT_ACTIVE, "Only a game in play can be paused.", services.game_pause, game=duel, by=mod)
    assert duel.moves.count() == before


def test_a_reason_too_long_is_refused_and_changes_nothing(duel, mod):
    before = duel.moves.count()
    with pytest.raises(GameError) as caught:
        services.game_abort(game=duel, by=mod, reason="x" * (services.REASON_MAX + 1))
    assert caught.value.code == ErrorCode.VALIDATION_ERROR
    duel.refresh_from_db()
    assert duel.status == Game.Status.ACTIVE and duel.moves.count() == before


def test_an_undo_of_one_move_or_several_says_how_many_and_rebuilds_the_state(duel, mod):
    states = [dict(duel.state)]
    for _ in range(3):
        seat = seat_to_act(duel)
        play(duel, seat, duel.engine.legal_actions(duel.state, seat.position)[0])
        duel.refresh_from_db()
        states.append(dict(duel.state))
    moves = list(duel.moves.filter(kind=Move.Kind.MOVE).order_by("seq"))
    one = services.game_undo(game=duel, by=mod)
    assert (one.kind, one.channel, one.actor, one.action, one.note) == (
        Move.Kind.UNDO,
        Move.Channel.ADMIN,
        mod,
        {"type": "undo", "moves": [moves[2].seq]},
        "A moderator undid the last move",
    )
    duel.refresh_from_db()
    assert duel.state == states[2] and duel.version == one.seq
    two = services.game_undo(game=duel, by=mod, count=2)
    assert (two.action, two.note) == (
        {"type": "undo", "moves": [moves[1].seq, moves[0].seq]},
        "A moderator undid the last 2 moves",
    )
    duel.refresh_from_db()
    assert duel.state == states[0]
    assert list(duel.moves.filter(kind=Move.Kind.MOVE).values_list("undone_by", flat=True).order_by("seq")) == [
        two.seq,
        two.seq,
        one.seq,
    ]
    _refused(ErrorCode.NOTHING_TO_UNDO, "There are not that many moves to undo.", services.game_undo, game=duel, by=mod)
    _refused(
        ErrorCode.NOTHING_TO_UNDO,
        "There are not that many moves to undo.",
        services.game_undo,
        game=duel,
        by=mod,
        count=0,
    )
