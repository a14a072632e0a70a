"""Admin moderation: pause, resume, abort, undo, replace a seat, extend a deadline — all logged."""

import pytest
from django.contrib.admin.models import LogEntry
from django.urls import reverse

from games import services
from games.models import Game, Move, Seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup(client, make_user, toy_engine):
    admin = make_user("mod", is_staff=True, is_superuser=True)
    ann, bob = make_user("ann"), make_user("bob")
    game = services.game_create(owner=ann, rules="toy-shed", max_players=2)
    services.game_join(game=game, user=bob)
    services.game_start(game=game, by=ann)
    client.force_login(admin)
    return client, game, admin


def _action(client, game, name):
    return client.post(
        reverse("admin:games_game_changelist"), {"action": name, "_selected_action": [game.pk]}, follow=True
    )


def test_admin_pages_render(setup):
    client, game, _ = setup
    assert client.get(reverse("admin:games_game_changelist")).status_code == 200
    page = client.get(reverse("admin:games_game_change", args=[game.pk]))
    assert page.status_code == 200 and b"Replace a player" in page.content
    assert client.get(reverse("admin:games_move_changelist")).status_code == 200


def test_moves_are_read_only_in_admin(setup):
    client, game, _ = setup
    move = game.moves.first()
    resp = client.post(reverse("admin:games_move_change", args=[move.pk]), {"seq": 99})
    assert resp.status_code == 403
    assert client.get(reverse("admin:games_move_add")).status_code == 403


def test_pause_resume_abort_are_logged_twice(setup):
    client, game, admin = setup
    _action(client, game, "pause")
    assert Game.objects.get(pk=game.pk).status == "paused"
    _action(client, game, "resume")
    assert Game.objects.get(pk=game.pk).status == "active"
    _action(client, game, "abort")
    game.refresh_from_db()
    assert game.status == "aborted" and game.revealed_seed == game.seed
    kinds = list(game.moves.filter(kind=Move.Kind.ADMIN).values_list("action__type", flat=True))
    assert kinds[-3:] == ["pause", "resume", "abort"]
    messages = list(LogEntry.objects.filter(object_id=str(game.pk)).values_list("change_message", flat=True))
    assert {"paused", "resumed", "aborted"} <= set(messages)


def test_undo_action_and_form(setup):
    client, game, _ = setup
    game.refresh_from_db()
    start_state = game.state
    pos = game.engine.to_act(game.state)[0]
    services.move_submit(
        game=game,
        seat=game.seats.get(position=pos),
        action={"type": "draw"},
        expected_version=None,
        channel=Move.Channel.API,
    )
    _action(client, game, "undo_last_move")
    game.refresh_from_db()
    assert game.state == start_state
    resp = client.post(reverse("admin:games_game_undo", args=[game.pk]), {"count": 3}, follow=True)
    assert b"There are not that many moves to undo." in resp.content


def test_replace_seat_with_user_and_extend_deadline(setup, make_user):
    client, game, admin = setup
    game.refresh_from_db()
    pos = game.engine.to_act(game.state)[0]
    seat = game.seats.get(position=pos)
    carol = make_user("carol")
    resp = client.post(
        reverse("admin:games_game_replace_seat", args=[game.pk]), {"seat": seat.pk, "user": carol.pk}, follow=True
    )
    assert resp.status_code == 200
    seat.refresh_from_db()
    assert seat.user == carol
    before = seat.deadline_at
    client.post(reverse("admin:games_game_extend_deadline", args=[game.pk]), {"seat": seat.pk, "hours": 5})
    seat.refresh_from_db()
    assert (seat.deadline_at - before).total_seconds() == pytest.approx(5 * 3600, abs=2)
    notes = list(game.moves.filter(kind=Move.Kind.ADMIN).values_list("note", flat=True))
    assert any(n.startswith("A moderator replaced ") and n.endswith(" with carol.") for n in notes)
    assert any(n == "A moderator extended carol's deadline by 5 h" for n in notes)
    assert LogEntry.objects.filter(object_id=str(game.pk), change_message__contains="extended").exists()


def test_replace_seat_with_bot_from_admin(setup, django_capture_on_commit_callbacks):
    client, game, _ = setup
    game.refresh_from_db()
    seat = game.seats.get(position=game.engine.to_act(game.state)[0])
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("admin:games_game_replace_seat", args=[game.pk]), {"seat": seat.pk, "user": ""})
    seat.refresh_from_db()
    assert seat.is_bot and seat.user is None
    assert game.moves.filter(channel=Move.Channel.BOT, position=seat.position).exists()
    assert Seat.objects.filter(game=game, is_bot=True).count() == 1


def _admin_pages(client, game):
    return [
        client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode(),
        client.get(reverse("admin:games_game_changelist")).content.decode(),
        client.get(reverse("admin:games_game_history", args=[game.pk])).content.decode(),
    ]


def test_admin_hides_a_running_games_seed(setup):
    client, game, _ = setup
    game.refresh_from_db()
    assert game.status == "active" and len(game.seed) >= 16
    for page in _admin_pages(client, game):
        assert game.seed not in page
    assert game.seed_sha256 in _admin_pages(client, game)[0]
    found = client.get(reverse("admin:games_game_changelist"), {"q": game.seed}).content.decode()
    assert reverse("admin:games_game_change", args=[game.pk]) not in found  # the search is no oracle either


def test_admin_shows_the_seed_once_the_game_is_over(setup):
    client, game, admin = setup
    services.game_abort(game=game, by=admin)
    game.refresh_from_db()
    change, changelist = _admin_pages(client, game)[:2]
    assert game.seed in change and game.seed in changelist
