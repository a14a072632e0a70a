"""What changed since the player last looked: log entries after the version they saw are marked New."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games import selectors, services
from games.models import Game, Move

pytestmark = pytest.mark.django_db


def _otr_game(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    game = services.game_create(owner=ann, rules="oregon-trail-race", max_players=2)
    services.game_join(game=game, user=bob)
    services.game_start(game=game, by=ann)
    game.refresh_from_db()
    return game, ann, bob


def _play(game, user, moves: int) -> list[int]:
    """Plays up to `moves` first-listed moves for user's seat while it is to act; returns their seqs."""
    seqs = []
    for _ in range(moves):
        game.refresh_from_db()
        seat = selectors.seat_of(game, user)
        legal = selectors.legal_moves(game, seat)
        if not legal:
            break
        result = services.move_submit(
            game=game,
            seat=seat,
            action=legal[0]["action"],
            expected_version=game.version,
            channel=Move.Channel.WEB,
        )
        seqs.append(result.version)
    return seqs


def _new_entries(html: str) -> list[int]:
    return [int(v) for v in re.findall(r'<li value="(\d+)" class="tp-new"><span class="tp-new-badge">New</span>', html)]


def _log_entries(html: str) -> list[int]:
    return [int(v) for v in re.findall(r'<li value="(\d+)"', html)]


def test_entries_after_the_last_look_are_marked_new_on_the_next_render(client, make_user):
    game, ann, bob = _otr_game(make_user)
    client.force_login(ann)
    first = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert _new_entries(first) == [] and "since you last looked" not in first  # a first look: nothing is news
    seen = Game.objects.get(pk=game.pk).version

    # The others move (both seats draft in turn); ann's own moves are never news to her.
    theirs, mine = [], []
    for _ in range(3):
        theirs += _play(game, bob, 1)
        mine += _play(game, ann, 1)
    assert theirs, "bob had nothing to play"

    second = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert sorted(_new_entries(second)) == sorted(theirs)
    assert all(seq > seen for seq in _new_entries(second))
    assert not set(_new_entries(second)) & set(mine)
    assert set(_log_entries(second)) > set(theirs)  # older entries are shown, unmarked
    n = len(theirs)
    assert f"{n} move{'s' if n != 1 else ''} since you last looked" in second

    # The look is remembered: rendering again without a move shows nothing new.
    third = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert _new_entries(third) == [] and "since you last looked" not in third


def test_the_live_fragment_marks_what_came_since_the_page_was_rendered(client, make_user):
    game, ann, bob = _otr_game(make_user)
    client.force_login(ann)
    client.get(reverse("games:detail", args=[game.pk]))
    version = Game.objects.get(pk=game.pk).version
    theirs = _play(game, bob, 1) or _play(game, ann, 1) and _play(game, bob, 1)
    assert theirs
    live = client.get(reverse("games:live", args=[game.pk]), {"v": version}).content.decode()
    assert _new_entries(live) == theirs
    # Nothing moved since: the next poll swaps nothing.
    game.refresh_from_db()
    assert client.get(reverse("games:live", args=[game.pk]), {"v": game.version}).status_code == 204


def test_a_spectator_without_an_account_sees_no_marks_and_gets_no_session(client, make_user):
    game, ann, bob = _otr_game(make_user)
    game.visibility = Game.Visibility.PUBLIC
    game.save()
    _play(game, ann, 1)
    page = client.get(reverse("games:detail", args=[game.pk]))
    assert page.status_code == 200 and _new_entries(page.content.decode()) == []
    assert not any(k.startswith("seen:") for k in client.session.keys())
