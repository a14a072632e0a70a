"""A player resigning, and a player's new name reaching their seats, called directly: what each
logs and changes, and what resigning refuses, with its sentence."""

from datetime import timedelta

import pytest

from core.errors import ErrorCode
from games import services
from games.models import Game, Move, Seat
from tests.builders import start_game
from tests.helpers import refused

pytestmark = pytest.mark.django_db

HAND = {"hand_size": 3}  # the toy game's, short


def test_a_resignation_is_logged_as_it_came_and_the_last_player_left_ends_the_game(make_user, toy_engine):
    ann, bob, cy = make_user("ann"), make_user("bob"), make_user("cy")
    game = start_game(ann, bob, cy, options=HAND)
    version = game.version
    move = services.game_resign(game=game, user=ann, channel=Move.Channel.API)
    seat = game.seats.get(user=ann)
    assert (move.kind, move.channel, move.actor, move.seat, move.action, move.note, move.seq) == (
        Move.Kind.RESIGN,
        Move.Channel.API,
        ann,
        seat,
        {"type": "resign"},
        "ann resigned",
        version + 1,
    )
    assert (seat.status, seat.deadline_at) == (Seat.Status.RESIGNED, None)
    game.refresh_from_db()
    assert (game.status, game.version) == (Game.Status.ACTIVE, version + 1)
    refused(
        ErrorCode.NOT_A_PLAYER, "That player has already left this game.", services.game_resign, game=game, user=ann
    )
    refused(
        ErrorCode.NOT_A_PLAYER,
        "You are not playing in this game.",
        services.game_resign,
        game=game,
        user=make_user("eve"),
    )
    assert services.game_resign(game=game, user=bob).channel == Move.Channel.WEB
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.finished_at is not None
    refused(ErrorCode.GAME_NOT_ACTIVE, "This game is not in play.", services.game_resign, game=game, user=cy)


def test_a_resignation_logs_the_engines_events_and_announces_them_with_its_move(make_user, toy_engine, announced):
    from games import events
    from games.rules.base import event

    ann, bob, cy = make_user("ann"), make_user("bob"), make_user("cy")
    game = start_game(ann, bob, cy, options=HAND)
    position = game.seats.get(user=ann).position
    announced.clear()
    move = services.game_resign(game=game, user=ann)
    said = [event("player_out", position, f"Seat {position} left the game.")]  # the toy engine's resign
    assert Move.objects.get(pk=move.pk).events == said
    (change,) = [m for m in announced if isinstance(m, events.GameChanged)]
    assert (change.move.pk, change.events, change.game.pk) == (move.pk, said, game.pk)


def test_a_resignation_writes_only_the_seats_status_and_deadline(make_user, toy_engine, monkeypatch):
    """A presence mark (seat_seen) does not wait for the game's lock: one written while the
    resignation is under way stays."""
    ann = make_user("ann")
    game = start_game(ann, make_user("bob"), make_user("cy"), options=HAND)
    seat = game.seats.get(user=ann)
    seen = seat.joined_at + timedelta(minutes=5)
    resign = toy_engine.resign

    def resign_while_seen(state, position):  # the page's poll lands between the read and the write
        Seat.objects.filter(pk=seat.pk).update(seen_at=seen)
        return resign(state, position)

    monkeypatch.setattr(toy_engine, "resign", resign_while_seen)
    services.game_resign(game=game, user=ann)
    seat.refresh_from_db()
    assert (seat.status, seat.deadline_at, seat.seen_at) == (Seat.Status.RESIGNED, None, seen)


def _tenures(game, user):
    return list(game.tenures.filter(user=user).order_by("from_seq").values_list("name", "from_seq", "until_seq"))


def test_a_new_name_holds_the_seats_in_play_from_the_next_move_on(make_user, toy_engine):
    ann, bob = make_user("ann"), make_user("bob")
    game = start_game(ann, bob, options=HAND)
    over = start_game(ann, make_user("cy"), options=HAND)
    services.game_abort(game=over, by=bob)
    lobby = services.game_create(owner=ann, rules="toy-shed", options=HAND)
    bots = start_game(bob, bots=1, options=HAND)
    type(ann).objects.filter(pk=ann.pk).update(display_name="Annie")  # no signal: called below
    ann.refresh_from_db()
    version = Game.objects.get(pk=game.pk).version
    assert services.tenures_follow_rename(user=ann) == 1
    assert _tenures(game, ann) == [("ann", 1, version + 1), ("Annie", version + 1, None)]
    assert _tenures(over, ann) == [("ann", 1, None)]  # a game over keeps its names
    assert not lobby.tenures.exists() and bots.tenures.filter(is_bot=True, name="Ezra (bot)").exists()
    assert services.tenures_follow_rename(user=ann) == 0  # nothing left to rename
    # renamed again before any move: the new tenure, which holds no move yet, just takes the name
    type(ann).objects.filter(pk=ann.pk).update(display_name="Anne")
    ann.refresh_from_db()
    assert services.tenures_follow_rename(user=ann) == 1
    assert _tenures(game, ann) == [("ann", 1, version + 1), ("Anne", version + 1, None)]


def test_a_paused_games_seats_follow_a_new_name_too(make_user, toy_engine):
    ann, mod = make_user("ann"), make_user("mod", is_staff=True)
    game = start_game(ann, make_user("bob"), options=HAND)
    services.game_pause(game=game, by=mod)
    version = Game.objects.get(pk=game.pk).version
    type(ann).objects.filter(pk=ann.pk).update(display_name="Annie")
    ann.refresh_from_db()
    assert services.tenures_follow_rename(user=ann) == 1
    assert _tenures(game, ann) == [("ann", 1, version + 1), ("Annie", version + 1, None)]


def test_a_new_name_counts_every_game_and_closes_only_its_own_seats_current_tenure(make_user, toy_engine):
    from tests.builders import play, seat_to_act

    ann, bob = make_user("ann"), make_user("bob")
    game = start_game(ann, bob, options=HAND)
    other = start_game(ann, make_user("cy"), options=HAND)
    type(ann).objects.filter(pk=ann.pk).update(display_name="Annie")
    ann.refresh_from_db()
    first = Game.objects.get(pk=game.pk).version + 1
    assert services.tenures_follow_rename(user=ann) == 2
    assert _tenures(other, ann)[-1][0] == "Annie"
    assert _tenures(game, bob) == [("bob", 1, None)]  # another seat's tenure stays open
    seat = seat_to_act(game)
    play(game, seat, game.engine.legal_actions(game.state, seat.position)[0])
    type(ann).objects.filter(pk=ann.pk).update(display_name="Anne")
    ann.refresh_from_db()
    second = Game.objects.get(pk=game.pk).version + 1
    assert services.tenures_follow_rename(user=ann) == 2
    assert _tenures(game, ann) == [("ann", 1, first), ("Annie", first, second), ("Anne", second, None)]
