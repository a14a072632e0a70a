"""games.selectors' lookups called directly: a user's games, the lobby's open games, a user's seat,
a private game's visibility, and how many games wait for a user."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import Http404

from core.errors import ErrorCode, GameError
from games import selectors, services
from games.models import Game
from tests.builders import start_game

pytestmark = pytest.mark.django_db

HAND = {"hand_size": 3}  # the toy game's, short


@pytest.fixture
def people(make_user, toy_engine):
    return make_user("ann"), make_user("bob"), make_user("cy")


def test_a_users_games_are_theirs_newest_first(people):
    ann, bob, cy = people
    first = start_game(ann, bob, options=HAND)
    second = services.game_create(owner=bob, rules="toy-shed", options=HAND)
    third = services.game_create(owner=cy, rules="toy-shed", options=HAND)
    services.game_join(game=third, user=bob)
    assert list(selectors.games_for_user(bob)) == [third, second, first]
    assert list(selectors.games_for_user(ann)) == [first]


def test_the_open_games_are_public_lobby_games_open_to_all_and_not_the_users_own(people):
    ann, bob, cy = people
    older = services.game_create(owner=ann, rules="toy-shed", options=HAND)
    newer = services.game_create(owner=bob, rules="toy-shed", options=HAND)
    services.game_create(owner=ann, rules="toy-shed", options=HAND, visibility=Game.Visibility.PRIVATE)
    services.game_create(owner=ann, rules="toy-shed", options=HAND, is_open=False)
    start_game(ann, bob, options=HAND, max_players=3)  # started: no longer open
    assert list(selectors.open_games()) == [newer, older]
    assert list(selectors.open_games(AnonymousUser())) == [newer, older]
    assert list(selectors.open_games(ann)) == [newer]
    assert list(selectors.open_games(cy)) == [newer, older]


def test_a_users_seat_is_found_only_for_a_player(people):
    ann, bob, cy = people
    game = start_game(ann, bob, options=HAND)
    assert selectors.seat_of(game, bob) == game.seats.get(user=bob)
    assert selectors.seat_of(game, cy) is None
    assert selectors.seat_of(game, None) is None
    assert selectors.seat_of(game, AnonymousUser()) is None
    assert selectors.player_seat(game, ann) == game.seats.get(user=ann)
    lobby = services.game_create(owner=cy, rules="toy-shed", options=HAND)
    for user, where in ((cy, lobby), (cy, game)):  # no position yet; no seat at all
        with pytest.raises(GameError) as caught:
            selectors.player_seat(where, user)
        assert (caught.value.code, caught.value.message) == (
            ErrorCode.NOT_A_PLAYER,
            "You are not playing in this game.",
        )


def test_a_private_game_is_visible_to_its_players_only(people):
    ann, bob, cy = people
    game = start_game(ann, bob, options=HAND, visibility=Game.Visibility.PRIVATE)
    assert selectors.visible_game(bob, game.pk) == game
    for user in (cy, AnonymousUser()):
        with pytest.raises(Http404):
            selectors.visible_game(user, game.pk)
    with pytest.raises(Http404):
        selectors.visible_game(ann, game.pk + 100)


def test_the_games_waiting_for_a_user_are_those_with_their_deadline_running(people, make_user):
    ann, bob, cy = people
    mod = make_user("mod", is_staff=True)
    games = [start_game(ann, bob, options=HAND) for _ in range(3)]
    waiting = {p: sum(g.seats.filter(user=p, deadline_at__isnull=False).exists() for g in games) for p in (ann, bob)}
    assert selectors.waiting_count(ann) + selectors.waiting_count(bob) == 3
    assert (selectors.waiting_count(ann), selectors.waiting_count(bob)) == (waiting[ann], waiting[bob])
    services.game_pause(game=games[0], by=mod)  # no deadline while paused
    services.game_resign(game=games[1], user=ann)  # over
    assert selectors.waiting_count(ann) + selectors.waiting_count(bob) == 1
    assert selectors.waiting_count(cy) == 0
    assert selectors.waiting_count(None) == selectors.waiting_count(AnonymousUser()) == 0


def test_no_hit_reads_as_an_empty_summary(people):
    ann, bob, _ = people
    game = start_game(ann, bob, options=HAND)
    empty = {"seqs": set(), "first": None, "by": "", "explain": [], "more": 0}
    names = selectors.seat_names(game)
    assert selectors.hits_since(game, game.seats.get(user=ann), 0, names) == empty  # the toy game hits nobody
    assert selectors.hits_since(game, None, 0, names) == empty
    lobby = services.game_create(owner=ann, rules="toy-shed", options=HAND)
    assert selectors.hits_since(lobby, lobby.seats.get(), 0, {}) == empty
