"""Statistics and ratings of games that had an undo, a replacement or a resignation (issue #31),
played through the real services: an undone move is not counted in the game's length, a seat
given to a bot or to another person mid-game is counted for whoever holds it at the end, and
who resigned is placed after who stayed (the first to go last) and loses rating.
"""

import pytest

from games import services
from games.models import Game, Move
from standings.models import GameRecord, Rating, RatingChange, StatsAggregate
from tests.builders import play_out

from .helpers import new_game, resign

pytestmark = pytest.mark.django_db
KEY = "oregon-trail-race:revised"


def _play(game, n):
    """Plays n first-legal moves (a draft takes several)."""
    for _ in range(n):
        game = Game.objects.get(pk=game.pk)
        position = game.engine.to_act(game.state)[0]
        action = game.engine.legal_actions(game.state, position)[0]
        services.move_submit(
            game=game, seat=game.seats.get(position=position), action=action, expected_version=None, channel="api"
        )
    return Game.objects.get(pk=game.pk)


def test_an_undone_move_is_not_in_the_length_nor_the_totals(make_user):
    ann, ben = make_user("Ann"), make_user("Ben")
    mod = make_user("Mod", is_staff=True)
    game = _play(new_game([ann, ben]), 5)
    services.game_undo(game=game, by=mod, count=2)
    game = resign(_play(game, 1), ann)
    played = game.moves.filter(kind=Move.Kind.MOVE, undone_by__isnull=True).count()
    assert game.moves.filter(undone_by__isnull=False).count() == 2 and played == 4
    record = GameRecord.objects.get(game=game)
    assert record.length == played
    aggregate = StatsAggregate.objects.get(key=KEY)
    assert (aggregate.games, aggregate.total_length) == (1, played)


def test_an_ogallala_games_length_is_its_moves_not_undone(make_user):
    """Ogallala's figures need no events: its moves are counted without reading them, the last one
    (not written yet when the game is counted) once."""
    ann, ben = make_user("Ann"), make_user("Ben")
    game = _play(new_game([ann, ben], rules="ogallala"), 4)
    services.game_undo(game=game, by=make_user("Mod", is_staff=True))
    game = play_out(game)
    assert game.moves.last().kind == Move.Kind.MOVE  # a move finished it
    record = GameRecord.objects.get(game=game)
    assert record.length == game.moves.filter(kind=Move.Kind.MOVE, undone_by__isnull=True).count()


def test_a_seat_given_to_a_bot_mid_game_rates_only_the_humans_left(make_user):
    ann, ben, cat = make_user("Ann"), make_user("Ben"), make_user("Cat")
    mod = make_user("Mod", is_staff=True)
    game = _play(new_game([ann, ben, cat]), 3)
    ben_seat = game.seats.get(user=ben)
    services.seat_replace(game=game, seat=ben_seat, by=mod, bot=True, reason="Ben went away")
    game = resign(game, ann, cat)
    record = GameRecord.objects.get(game=game)
    assert record.humans[ben_seat.position] is None
    assert record.winner_positions == [ben_seat.position]  # the bot holding Ben's seat won
    assert set(Rating.objects.values_list("user", flat=True)) == {ann.pk, cat.pk}
    assert not RatingChange.objects.filter(user=ben).exists()


def test_a_seat_given_to_another_person_rates_them_not_the_one_replaced(make_user):
    ann, ben, dan = make_user("Ann"), make_user("Ben"), make_user("Dan")
    mod = make_user("Mod", is_staff=True)
    game = _play(new_game([ann, ben]), 3)
    ben_seat = game.seats.get(user=ben)
    services.seat_replace(game=game, seat=ben_seat, by=mod, user=dan, reason="Ben handed over")
    game = resign(game, ann)
    assert GameRecord.objects.get(game=game).humans[ben_seat.position] == dan.pk
    assert Rating.objects.get(user=dan).wins == 1
    assert not Rating.objects.filter(user=ben).exists()


def test_who_resigned_is_placed_after_who_stayed_and_loses_rating(make_user):
    ann, ben, cat = make_user("Ann"), make_user("Ben"), make_user("Cat")
    game = resign(_play(new_game([ann, ben, cat]), 3), cat, ann)
    record = GameRecord.objects.get(game=game)
    pos = {s.user_id: s.position for s in game.seats.all()}
    assert record.winner_positions == [pos[ben.pk]] and record.places[pos[ben.pk]] == 1
    # Cat resigned first: last; Ann, who stayed longer, second
    assert (record.places[pos[ann.pk]], record.places[pos[cat.pk]]) == (2, 3)
    change = {c.user_id: c for c in RatingChange.objects.filter(game=game)}
    assert [change[u.pk].place for u in (ben, ann, cat)] == [1, 2, 3]
    assert change[ben.pk].mu_after > change[ben.pk].mu_before
    assert change[cat.pk].mu_after < change[cat.pk].mu_before
    assert Rating.objects.get(user=ben).wins == 1 and Rating.objects.get(user=ann).wins == 0


def test_each_game_moves_only_its_own_keys_rating(make_user):
    """Players rated in two games (keys) keep one rating per key: an Oregon Trail Race game moves
    their Oregon Trail Race rating, never their Ogallala one."""
    ann, ben = make_user("Ann"), make_user("Ben")
    resign(new_game([ann, ben]), ann)
    resign(new_game([ann, ben], rules="ogallala"), ann)
    resign(new_game([ann, ben]), ben)
    for user, wins in ((ann, 1), (ben, 1)):
        got = {r.key.split(":")[0]: (r.games, r.wins) for r in Rating.objects.filter(user=user)}
        assert got == {"oregon-trail-race": (2, wins), "ogallala": (1, 1 - (user == ann))}, got
    first, last = RatingChange.objects.filter(user=ann, key=KEY).order_by("at", "pk")
    assert last.mu_before == first.mu_after
    assert Rating.objects.get(user=ann, key=KEY).updated_at == last.at > first.at  # when it last moved


@pytest.mark.parametrize("winner", [0, 1])
def test_the_winner_is_recorded_whichever_seat_it_holds(winner, make_user):
    game = new_game([make_user("Ann"), make_user("Ben")])
    loser = game.seats.get(position=1 - winner).user
    record = GameRecord.objects.get(game=resign(game, loser))
    assert record.winner_positions == [winner] and record.places[winner] == 1


def test_a_finished_game_announced_again_is_not_counted_again(make_user):
    """The recorder counts the change that finished a game once: the same change announced again
    (no change after the finish does so today) adds nothing."""
    from games.events import GameChanged
    from standings.recorder import record_finished_game

    game = new_game([make_user("Ann"), make_user("Ben")])
    game = resign(game, game.seats.get(position=0).user)
    again = GameChanged(game=game, move=game.moves.last(), events=[], seats=list(game.seats.all()))
    assert record_finished_game(again) == []
    assert StatsAggregate.objects.get(key=KEY).games == 1
