"""Ratings move as openskill's Plackett-Luce model computes for a known result, and only for a
rated game that finished; bots are left out and the humans keep their order (standings.ratings)."""

import pytest
from openskill.models import PlackettLuce

from games import services
from games.models import Game, Seat
from games.rules import get_engine
from standings import ratings
from standings.models import GameRecord, Rating, RatingChange, StatsAggregate
from tests.builders import play_out

from .helpers import new_game, resign

pytestmark = pytest.mark.django_db(transaction=False)
KEY = "oregon-trail-race:revised"


def test_a_known_three_player_result_moves_mu_as_openskill_computes(make_user):
    ann, ben, cat = make_user("Ann"), make_user("Ben"), make_user("Cat")
    game = new_game([ann, ben, cat])
    game = resign(game, ann, ben)  # Ann leaves first, then Ben: Cat is the only wagon left
    assert game.status == Game.Status.FINISHED
    assert game.result["winners"] == [game.seats.get(user=cat).position]

    model = PlackettLuce()
    fresh = [[model.rating()] for _ in range(3)]
    expected = model.rate(fresh, ranks=[1, 2, 3])  # Cat, Ben, Ann
    got = {r.user_id: r for r in Rating.objects.filter(key=KEY)}
    for user, team in zip((cat, ben, ann), expected, strict=True):
        assert got[user.pk].mu == pytest.approx(team[0].mu)
        assert got[user.pk].sigma == pytest.approx(team[0].sigma)
        assert got[user.pk].games == 1
    assert got[cat.pk].wins == 1 and got[ben.pk].wins == 0 and got[ann.pk].wins == 0
    start = ratings.ordinal(ratings.DEFAULT_MU, ratings.DEFAULT_SIGMA)
    assert got[cat.pk].ordinal > start  # the winner goes up
    assert got[ann.pk].ordinal < start  # last place goes down
    changes = {c.user_id: c for c in RatingChange.objects.filter(game=game)}
    assert [changes[u.pk].place for u in (cat, ben, ann)] == [1, 2, 3]
    assert changes[ann.pk].mu_before == pytest.approx(25.0)
    assert changes[ann.pk].mu_after == pytest.approx(got[ann.pk].mu)

    # A second game starts from the first one's ratings.
    game2 = resign(new_game([ann, ben, cat]), cat, ben)  # now Ann wins, Ben second, Cat last
    before = [[model.rating(mu=got[u.pk].mu, sigma=got[u.pk].sigma)] for u in (ann, ben, cat)]
    expected2 = model.rate(before, ranks=[1, 2, 3])
    for user, team in zip((ann, ben, cat), expected2, strict=True):
        rating = Rating.objects.get(user=user, key=KEY)
        assert rating.mu == pytest.approx(team[0].mu)
        assert rating.games == 2
    assert RatingChange.objects.filter(game=game2).count() == 3


def test_an_unrated_game_changes_no_rating_but_counts_in_the_statistics(make_user):
    users = [make_user() for _ in range(3)]
    game = resign(new_game(users, rated=False), users[0], users[1])
    assert game.status == Game.Status.FINISHED
    assert not Rating.objects.exists() and not RatingChange.objects.exists()
    record = GameRecord.objects.get(game=game)
    assert record.rated is False and record.key == KEY
    assert StatsAggregate.objects.get(key=KEY).games == 1


def test_an_aborted_game_counts_nothing(make_user):
    users = [make_user() for _ in range(3)]
    staff = make_user(is_staff=True)
    game = new_game(users)
    services.game_abort(game=game, by=staff, reason="test")
    assert Game.objects.get(pk=game.pk).status == Game.Status.ABORTED
    assert not Rating.objects.exists()
    assert not GameRecord.objects.exists()
    assert not StatsAggregate.objects.exists()


def test_bots_are_not_rated_and_the_humans_keep_their_order(make_user):
    ann, ben, cat = make_user("Ann"), make_user("Ben"), make_user("Cat")
    game = new_game([ann, ben, cat], bots=1)
    game = resign(game, ann, ben, cat)  # the bot is the only one left: it wins
    assert game.status == Game.Status.FINISHED
    bot = game.seats.get(is_bot=True)
    assert game.result["winners"] == [bot.position]
    record = GameRecord.objects.get(game=game)
    assert record.humans[bot.position] is None
    assert record.places[bot.position] == 1
    # Rated as a three-player game among the humans: Cat first (left last), then Ben, then Ann.
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in range(3)], ranks=[1, 2, 3])
    for user, team in zip((cat, ben, ann), expected, strict=True):
        assert Rating.objects.get(user=user).mu == pytest.approx(team[0].mu)
    assert Rating.objects.count() == 3  # no row for the bot
    assert all(r.wins == 0 for r in Rating.objects.all())  # the bot won


def test_one_human_against_bots_moves_no_rating(make_user):
    ann = make_user("Ann")
    game = play_out(new_game([ann], bots=2))
    assert game.status == Game.Status.FINISHED
    assert not Rating.objects.exists()
    assert GameRecord.objects.get(game=game).length > 0


def test_the_seat_holder_at_the_end_is_rated(make_user):
    ann, ben, cat, dan = (make_user(n) for n in ("Ann", "Ben", "Cat", "Dan"))
    game = new_game([ann, ben, cat])
    # Dan took Ben's seat mid-game (what a moderator's seat_replace leaves in the seat row).
    Seat.objects.filter(game=game, user=ben).update(user=dan)
    resign(game, ann, cat)
    assert set(Rating.objects.values_list("user__display_name", flat=True)) == {"Ann", "Cat", "Dan"}
    assert Rating.objects.get(user=dan).wins == 1


def test_a_game_played_to_its_end_is_counted_once_with_its_figures(make_user):
    users = [make_user() for _ in range(3)]
    game = play_out(new_game(users, rated=True))
    record = GameRecord.objects.get(game=game)
    assert record.length == game.moves.filter(kind="move", undone_by__isnull=True).count()
    assert record.winner_positions == sorted(game.result["winners"])
    assert "calamities" in record.figures
    assert RatingChange.objects.filter(game=game).count() == 3
    assert StatsAggregate.objects.get(key=KEY).games == 1


@pytest.mark.parametrize(
    ("rules", "result", "out", "expected"),
    [
        # Ogallala: equal points share a place; winners share first.
        (
            "ogallala",
            {"winners": [1, 2], "ranking": [1, 2, 0, 3], "scores": [5, 9, 9, 5]},
            set(),
            {1: 1, 2: 1, 0: 3, 3: 3},
        ),
        ("ogallala", {"winners": [0], "ranking": [0, 1, 2], "scores": [9, 4, 2]}, set(), {0: 1, 1: 2, 2: 3}),
        # A seat that left is placed after everyone who stayed, even with more points.
        ("ogallala", {"winners": [2], "ranking": [2, 1, 0], "scores": [20, 4, 9]}, {0}, {2: 1, 1: 2, 0: 3}),
        # Oregon Trail Race: nobody wins when the last wagons die together; its ranking decides.
        ("oregon-trail-race", {"winners": [], "ranking": [2, 0, 1]}, set(), {2: 1, 0: 2, 1: 3}),
        # Crayon Rails: equal cash (the linked cities unknown without the state) share a place.
        ("crayon-rails", {"winners": [0], "ranking": [0, 2, 1], "cash": [250, 80, 80]}, set(), {0: 1, 2: 2, 1: 2}),
    ],
)
def test_places_follow_each_engines_result(rules, result, out, expected):
    assert get_engine(rules).finishing_places({}, result, out) == expected


def test_rate_leaves_a_lone_human_alone_and_compresses_places():
    assert ratings.rate([(1, 1, 25.0, 8.3)]) == []
    rated = ratings.rate([(1, 1, 25.0, 25 / 3), (2, 3, 25.0, 25 / 3)])  # a bot was second
    assert [r.place for r in rated] == [1, 2]
    assert rated[0].mu_after > 25 > rated[1].mu_after
