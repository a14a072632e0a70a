"""Admin moderation: pause, resume, abort, undo, replace a seat, extend a deadline — all logged."""

import pytest
from django.contrib.admin.models import LogEntry
from django.urls import reverse

from games import services
from games.models import Game, Move, Seat
from tests.builders import start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup(client, make_user, toy_engine):
    admin = make_user("mod", is_staff=True, is_superuser=True)
    ann, bob = make_user("ann"), make_user("bob")
    game = start_game(ann, bob)
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


# -- kick, and the reasons moderators give (issue #17) -------------------------------------------


def _kick_url(game):
    return reverse("admin:games_game_kick", args=[game.pk])


def _untouched(game):
    return (
        Game.objects.get(pk=game.pk).version,
        list(game.seats.order_by("pk").values_list("user", "status", "is_bot")),
    )


def test_the_change_page_links_the_kick_form(setup):
    client, game, _ = setup
    page = client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert _kick_url(game) in page and "Kick a player" in page
    form = client.get(_kick_url(game)).content.decode()
    assert 'name="reason"' in form and "A bot takes the seat." in form  # the game's on_missed says what happens


def test_staff_kick_a_player_with_a_reason_and_it_is_audited(setup):
    client, game, admin = setup
    seat = game.seats.exclude(user=game.owner).get()
    bob = seat.user
    resp = client.post(_kick_url(game), {"seat": seat.pk, "reason": "Abusive chat"})
    assert resp.status_code == 302
    seat.refresh_from_db()
    assert seat.is_bot and seat.user is None
    move = game.moves.latest("seq")
    assert move.note.startswith("A moderator kicked bob and gave the seat to ") and move.note.endswith(": Abusive chat")
    assert move.actor == admin and move.channel == Move.Channel.ADMIN
    assert LogEntry.objects.filter(object_id=str(game.pk), change_message__startswith="Kicked bob").exists()
    assert game.former_players.filter(pk=bob.pk).exists()


@pytest.mark.parametrize(
    ("reason", "error"),
    [("", "This field is required."), ("x" * 201, "Ensure this value has at most 200 characters")],
)
def test_a_kick_without_a_reason_or_with_too_long_a_one_changes_nothing(setup, reason, error):
    client, game, _ = setup
    seat = game.seats.exclude(user=game.owner).get()
    before = _untouched(game)
    resp = client.post(_kick_url(game), {"seat": seat.pk, "reason": reason})
    assert resp.status_code == 200 and error in resp.content.decode()
    assert _untouched(game) == before


def test_only_staff_with_the_right_to_change_games_may_kick(setup, make_user):
    client, game, _ = setup
    seat = game.seats.exclude(user=game.owner).get()
    before = _untouched(game)
    client.logout()
    anonymous = client.post(_kick_url(game), {"seat": seat.pk, "reason": "x"})
    assert anonymous.status_code == 302 and "/admin/login/" in anonymous.url
    client.force_login(make_user("player"))  # not staff
    player = client.post(_kick_url(game), {"seat": seat.pk, "reason": "x"})
    assert player.status_code == 302 and "/admin/login/" in player.url
    client.force_login(game.owner)  # the game's owner is no moderator either
    assert "/admin/login/" in client.post(_kick_url(game), {"seat": seat.pk, "reason": "x"}).url
    client.force_login(make_user("helper", is_staff=True))  # staff, without the right to change games
    helper = client.post(_kick_url(game), {"seat": seat.pk, "reason": "x"})
    assert helper.status_code == 302 and helper.url == reverse("admin:index")
    assert _untouched(game) == before


def test_a_kick_form_for_a_game_that_does_not_exist_is_a_404(setup):
    client, game, _ = setup
    assert client.get(reverse("admin:games_game_kick", args=[game.pk + 1000])).status_code == 404


def test_pause_takes_its_reason_from_the_action_bar(setup):
    client, game, _ = setup
    assert 'name="reason"' in client.get(reverse("admin:games_game_changelist")).content.decode()
    client.post(
        reverse("admin:games_game_changelist"),
        {"action": "pause", "_selected_action": [game.pk], "reason": "  Server\nmaintenance "},
    )
    game.refresh_from_db()
    move = game.moves.latest("seq")
    assert game.status == "paused"
    assert move.note == "A moderator paused the game: Server maintenance"
    assert move.action == {"type": "pause", "reason": "Server maintenance"}


def test_a_reason_too_long_in_the_action_bar_is_refused_and_changes_nothing(setup):
    client, game, _ = setup
    before = _untouched(game)
    resp = client.post(
        reverse("admin:games_game_changelist"),
        {"action": "abort", "_selected_action": [game.pk], "reason": "x" * 201},
        follow=True,
    )
    assert "A reason is at most 200 characters." in resp.content.decode()
    assert Game.objects.get(pk=game.pk).status == "active" and _untouched(game) == before


def test_replace_takes_a_reason(setup):
    client, game, _ = setup
    seat = game.seats.exclude(user=game.owner).get()
    resp = client.post(
        reverse("admin:games_game_replace_seat", args=[game.pk]), {"seat": seat.pk, "user": "", "reason": "Gone"}
    )
    assert resp.status_code == 302
    seat.refresh_from_db()
    assert game.moves.latest("seq").note == f"A moderator replaced bob with {seat.name}: Gone"


# -- in a browser: the kick form, and the log's moderators' lines, at a phone's and a laptop's width --


@pytest.mark.e2e
@pytest.mark.xdist_group("browser")
@pytest.mark.django_db(transaction=True)
def test_the_kick_form_and_the_moderated_log_fit_and_pass_axe(live_server, browser, make_user, toy_engine, tmp_path):
    import os
    import pathlib

    from tests.e2e.test_pages import WIDTHS, _check, _context

    admin = make_user("mod", is_staff=True, is_superuser=True)
    ann, bob = make_user("ann"), make_user("bob")
    game = start_game(ann, bob, title="Moderated table")
    services.game_pause(game=game, by=admin, reason="Server maintenance")
    services.game_resume(game=game, by=admin, reason="Back up")
    services.seat_kick(game=game, seat=Seat.objects.get(game=game, user=bob), by=admin, reason="Abusive chat")
    shots = pathlib.Path(os.environ.get("TRAILPOST_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    problems = []
    for width in WIDTHS:
        for name, user, path in [
            ("admin kick form", admin, reverse("admin:games_game_kick", args=[game.pk])),
            ("moderated game", ann, reverse("games:detail", args=[game.pk])),
        ]:
            context = _context(browser, live_server, width, user)
            page = context.new_page()
            page.set_default_timeout(20_000)
            page.goto(live_server.url + path)
            if name == "moderated game":
                text = page.inner_text("#log-entries")
                assert "A moderator paused the game: Server maintenance" in text
                assert "A moderator kicked bob and gave the seat to" in text and "bob: A moderator" not in text
            else:
                assert page.locator("textarea[name=reason]").is_visible()
            found, _ = _check(page, name, live_server.url + path, 200, shots, width)
            problems += found
            context.close()
    assert not problems, "\n".join(problems)
