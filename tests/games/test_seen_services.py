"""games.services.seat_seen called directly: a player with the game page open is recorded at most
once per PRESENCE_SECONDS, from the seats the page loaded, and a write another request made
meanwhile is not written over."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from games import services
from games.models import Game, Seat
from tests.builders import start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def duel(make_user, toy_engine, settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "PRESENCE_SECONDS": 20}
    return start_game(make_user("ann"), make_user("bob"), options={"hand_size": 3})


def _loaded(game):
    """The game as a page reads it: its seats preloaded."""
    return Game.objects.prefetch_related("seats").get(pk=game.pk)


def _seen(game, user):
    return Seat.objects.get(game=game, user=user).seen_at


def test_a_player_is_seen_once_and_not_again_within_the_window(duel, django_assert_num_queries):
    ann, now = duel.owner, timezone.now()
    game = _loaded(duel)
    services.seat_seen(game, ann, now=now)
    assert _seen(duel, ann) == now
    assert [s.seen_at for s in game.seats.all() if s.user_id == ann.pk] == [now]
    bob = game.seats.exclude(user=ann).get().user
    assert _seen(duel, bob) is None
    with django_assert_num_queries(0):
        services.seat_seen(game, ann, now=now + timedelta(seconds=20))  # the window's last instant
    assert _seen(duel, ann) == now
    later = now + timedelta(seconds=20, microseconds=1)
    services.seat_seen(game, ann, now=later)
    assert _seen(duel, ann) == later


def test_a_write_another_request_made_within_the_window_stays(duel):
    ann, now = duel.owner, timezone.now()
    game = _loaded(duel)
    services.seat_seen(game, ann, now=now - timedelta(minutes=5))
    Seat.objects.filter(game=duel, user=ann).update(seen_at=now - timedelta(seconds=5))  # another request's
    services.seat_seen(game, ann, now=now)
    assert _seen(duel, ann) == now - timedelta(seconds=5)
    Seat.objects.filter(game=duel, user=ann).update(seen_at=now - timedelta(seconds=21))
    services.seat_seen(_loaded(duel), ann, now=now)
    assert _seen(duel, ann) == now


def test_someone_without_a_seat_is_not_recorded_and_no_time_means_now(duel, make_user):
    game = _loaded(duel)
    services.seat_seen(game, make_user("cy"))
    services.seat_seen(game, AnonymousUser())
    assert not Seat.objects.filter(seen_at__isnull=False).exists()
    before = timezone.now()
    services.seat_seen(game, duel.owner)
    assert before <= _seen(duel, duel.owner) <= timezone.now()
