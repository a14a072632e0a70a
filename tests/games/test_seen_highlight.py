"""What changed since the player last looked: log entries after the version they saw are marked New."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games import selectors, services
from games.models import Game, Move
from tests.builders import start_game

pytestmark = pytest.mark.django_db


def _otr_game(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    return start_game(ann, bob, rules="oregon-trail-race"), ann, bob


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


def test_news_are_counted_from_the_players_last_move_not_their_last_look(client, make_user):
    game, ann, bob = _otr_game(make_user)
    client.force_login(ann)
    first = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert _new_entries(first) == [] and "New</span>" not in first  # a first look: nothing is news

    # Bob and ann take turns, then bob moves again: only what came after ann's own last move is
    # news to her, however often she looked meanwhile.
    before, mine = [], []
    for _ in range(2):
        before += _play(game, bob, 1)
        client.get(reverse("games:detail", args=[game.pk]))  # she looks in between
        mine += _play(game, ann, 1)
    after = _play(game, bob, 1)
    assert before and mine and after, "the draft did not alternate"

    second = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert _new_entries(second) == after
    assert not set(_new_entries(second)) & (set(before) | set(mine))
    assert set(_log_entries(second)) > set(after)  # older entries are shown, unmarked
    assert f"{len(after)} move{'s' if len(after) != 1 else ''} since your last move" in second

    # A reload is not a move: the same news again.
    third = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert _new_entries(third) == after
    # Her next move clears them.
    assert _play(game, ann, 1)
    fourth = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert _new_entries(fourth) == [] and "since your last move" not in fourth


def test_before_their_first_move_news_are_counted_from_the_last_look(client, make_user):
    game, ann, bob = _otr_game(make_user)
    first_mover = game.seats.get(position=game.engine.to_act(game.state)[0]).user
    other = bob if first_mover == ann else ann
    client.force_login(other)
    client.get(reverse("games:detail", args=[game.pk]))
    theirs = _play(game, first_mover, 1)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert _new_entries(page) == theirs and "since you last looked" in page
    again = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert _new_entries(again) == []


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
