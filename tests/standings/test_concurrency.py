"""Games of one key finishing at the same moment, sharing a player: every one is counted and every
rating change starts from the one before it (the aggregate and the ratings are locked in turn)."""

import threading

import pytest
from django.db import connection
from openskill.models import PlackettLuce

from games.models import Game
from standings.models import GameRecord, Rating, RatingChange, StatsAggregate

from .helpers import new_game, resign

pytestmark = pytest.mark.django_db(transaction=True)


def test_games_finishing_at_once_are_all_counted(make_user):
    shared = make_user("Shared")
    others = [make_user() for _ in range(4)]
    games = [new_game([shared, others[2 * i], others[2 * i + 1]]) for i in range(2)]
    barrier = threading.Barrier(2)
    errors = []

    def finish(i):
        try:
            barrier.wait()
            # The shared player resigns first, then one other: the last one wins.
            resign(games[i], shared, others[2 * i])
        except Exception as exc:  # reported below: a thread's failure must fail the test
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=finish, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    assert all(Game.objects.get(pk=g.pk).status == Game.Status.FINISHED for g in games)
    agg = StatsAggregate.objects.get(key="oregon-trail-race:revised")
    assert agg.games == GameRecord.objects.count() == 2
    assert agg.version == 2
    # The shared player's two changes chain: the second starts where the first ended.
    first, second = RatingChange.objects.filter(user=shared).order_by("pk")
    assert second.mu_before == pytest.approx(first.mu_after)
    assert second.sigma_before == pytest.approx(first.sigma_after)
    rating = Rating.objects.get(user=shared)
    assert rating.games == 2
    assert rating.mu == pytest.approx(second.mu_after)
    model = PlackettLuce()
    once = model.rate([[model.rating()] for _ in range(3)], ranks=[1, 2, 3])[2][0]
    assert first.mu_after == pytest.approx(once.mu)  # last of three, from the default rating
