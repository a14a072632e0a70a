"""The web pages work without JavaScript: lobby, create, join, play a move, log, verify."""

import json
import re

import pytest
from django.urls import reverse

from games import services
from games.models import Game, Move
from games.rules import engine_slugs
from tests.builders import lobby_game, start_game

pytestmark = pytest.mark.django_db


def _move_forms(html):
    """Returns (the post of its button: its number in the list, the version, the key; its label) of
    each move button on a game page."""
    import html as h

    head = re.search(
        r'id="tp-move-list"[^>]*>.*?name="version" value="(\d+)"><input type="hidden" name="key" value="([^"]+)"',
        html,
        re.S,
    )
    buttons = re.findall(r'<button name="move" value="(\d+)"[^>]*>([^<]+)</button>', html)
    return [({"move": n, "version": head.group(1), "key": head.group(2)}, h.unescape(label)) for n, label in buttons]


def test_welcome_page_for_visitors(client):
    resp = client.get("/")
    assert resp.status_code == 200 and b"Sign up" in resp.content


def test_signup_login_and_lobby(client):
    resp = client.post(
        reverse("account_signup"),
        {
            "display_name": "Newbie Ned",
            "email": "newbie@example.com",
            "password1": "Trail-pw-12345",
            "password2": "Trail-pw-12345",
        },
    )
    assert resp.status_code in (302, 200)
    from django.contrib.auth import get_user_model

    assert get_user_model().objects.filter(email="newbie@example.com").exists()


@pytest.mark.parametrize("slug", engine_slugs())
def test_create_game_form_has_the_engines_options(client, make_user, slug):
    user = make_user()
    client.force_login(user)
    page = client.get(reverse("games:new", args=[slug]))
    assert page.status_code == 200
    from games.rules import get_engine

    for key in get_engine(slug).options_schema:
        assert f'name="opt_{key}"'.encode() in page.content


@pytest.mark.parametrize("slug", engine_slugs())
def test_play_against_bots_through_the_game_page(client, make_user, slug, django_capture_on_commit_callbacks):
    user = make_user("ann")
    client.force_login(user)
    from games.rules import get_engine

    engine = get_engine(slug)
    form = {
        "title": "Web game",
        "max_players": engine.min_seats + 1,
        "bots": engine.min_seats,
        "turn_hours": 24,
        "is_open": "on",
        "on_missed": "bot",
        "miss_limit": 3,
    }
    for key, spec in engine.options_schema.items():
        if isinstance(spec["default"], bool):
            if spec["default"]:
                form[f"opt_{key}"] = "on"
        else:
            form[f"opt_{key}"] = spec["default"]
    resp = client.post(reverse("games:new", args=[slug]), form)
    assert resp.status_code == 302, resp.content[:2000]
    game = Game.objects.get(title="Web game")
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("games:start", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    played = 0
    for _ in range(6):
        page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
        assert 'class="panel board"' in page
        forms = _move_forms(page)
        if not forms:
            break
        post, label = forms[0]
        with django_capture_on_commit_callbacks(execute=True):
            resp = client.post(reverse("games:move", args=[game.pk]), post)
        assert resp.status_code == 302
        played += 1
    assert played >= 1
    human_moves = Move.objects.filter(game=game, channel=Move.Channel.WEB, kind=Move.Kind.MOVE)
    assert human_moves.count() == played
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "Log" in page


def test_stale_form_shows_a_clear_error(client, make_user, toy_engine):
    ann, bob = make_user("ann"), make_user("bob")
    game = start_game(ann, bob)
    mover = game.seats.get(position=game.engine.to_act(game.state)[0]).user
    client.force_login(mover)
    action = json.dumps(game.engine.legal_actions(game.state, game.engine.to_act(game.state)[0])[0])
    resp = client.post(reverse("games:move", args=[game.pk]), {"action": action, "version": 0, "key": "x"}, follow=True)
    assert "The game has moved on" in resp.content.decode()
    assert Game.objects.get(pk=game.pk).version == 1


@pytest.mark.parametrize("key", ["k" * 101, "bad\x00key", "line\nbreak"], ids=["101 characters", "NUL", "newline"])
def test_a_move_forms_key_is_bounded_like_the_apis(client, make_user, toy_engine, key):
    """#30: a 101-character key overflowed its column (a 500 on PostgreSQL; the API refuses it with
    400): the page says why and nothing is played. A 100-character key plays."""
    ann, bob = make_user("ann"), make_user("bob")
    game = start_game(ann, bob)
    client.force_login(game.seats.get(position=game.engine.to_act(game.state)[0]).user)
    url = reverse("games:move", args=[game.pk])
    resp = client.post(url, {"action": json.dumps({"type": "draw"}), "version": 1, "key": key}, follow=True)
    assert resp.status_code == 200
    assert "its form&#x27;s key is at most 100 characters" in resp.content.decode()
    assert Game.objects.get(pk=game.pk).version == 1 and not game.moves.filter(kind=Move.Kind.MOVE).exists()
    resp = client.post(url, {"action": json.dumps({"type": "draw"}), "version": 1, "key": "k" * 100})
    assert resp.status_code == 302
    # stored as the page's key (its first 80 characters) with the action's digest (games.views._move_key)
    assert game.moves.get(kind=Move.Kind.MOVE).idempotency_key.startswith("k" * 80 + "-")


def test_live_fragment_is_204_until_the_version_moves(client, make_user, toy_engine):
    ann, bob = make_user("ann"), make_user("bob")
    game = start_game(ann, bob)
    client.force_login(ann)
    url = reverse("games:live", args=[game.pk])
    assert client.get(url, {"v": 1}).status_code == 204
    game.refresh_from_db()
    pos = game.engine.to_act(game.state)[0]
    services.move_submit(
        game=game,
        seat=game.seats.get(position=pos),
        action={"type": "draw"},
        expected_version=None,
        channel=Move.Channel.API,
    )
    resp = client.get(url, {"v": 1})
    assert resp.status_code == 200 and b'data-version="2"' in resp.content


def test_join_link_page(client, make_user, toy_engine):
    ann = make_user("ann")
    game = lobby_game(ann, max_players=2, is_open=False)
    bob = make_user("bob")
    client.force_login(bob)
    url = reverse("games:join_link", args=[game.invite_code])
    assert client.get(url).status_code == 200
    client.post(url)
    assert game.seats.filter(user=bob).exists()


def test_engine_texts_show_display_names_not_seat_numbers(client, make_user, django_capture_on_commit_callbacks):
    """Engines say "Player N"; the log and the move buttons show the players' names instead."""
    from games.selectors import legal_moves, move_log, with_names

    assert with_names("Player 1 sends Cholera to Player 2.", {0: "Ann", 1: "Bob"}) == "Ann sends Cholera to Bob."
    assert with_names("Player 9 waves.", {0: "Ann"}) == "Player 9 waves."
    ann, bob = make_user("Ann"), make_user("Bob")
    game = start_game(ann, bob, rules="oregon-trail-race")
    seat = game.seats.get(position=game.engine.to_act(game.state)[0])
    move = legal_moves(game, seat)[0]
    services.move_submit(game=game, seat=seat, action=move["action"], expected_version=None, channel=Move.Channel.WEB)
    texts = [e["public"]["text"] for m in move_log(Game.objects.get(pk=game.pk), seat) for e in m["events"]]
    assert texts and not any("Player " in t for t in texts)
    assert any(seat.user.display_name in t for t in texts)


def test_favicon_ico_leads_to_the_icon(client):
    # browsers ask for /favicon.ico on their own (a 404 there shows as a console error)
    resp = client.get("/favicon.ico")
    assert resp.status_code == 301 and resp["Location"].endswith("/img/favicon.svg")
