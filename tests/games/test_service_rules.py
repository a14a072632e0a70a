"""Rules of the lobby, the move pipeline and moderation that no other test reached: who may do
what, and in which state of a game, through the real API, web and admin endpoints.

Each test sets up one position and checks one rule: what the caller is told, and that nothing
changed (no log row, no seat, no notice) when the rule refuses.
"""

import pytest
from django.urls import reverse

from core.errors import ErrorCode, GameError
from games import services
from games.models import Game, Invitation, Move, Seat
from notifications.models import Kind, Notification
from tests.builders import lobby_game, seat_to_act, start_game

pytestmark = pytest.mark.django_db

HAND = {"hand_size": 3}  # the toy game's, short


def _error(resp, status, code):
    assert resp.status_code == status, resp.content
    assert resp.json()["code"] == code, resp.content
    return resp.json()


def _draw(api, game):
    return api.post(f"/api/games/{game.pk}/moves/", {"action": {"type": "draw"}}, format="json")


def _log_rows(game):
    return list(game.moves.order_by("seq").values_list("seq", "kind", "action"))


@pytest.fixture
def people(make_user, toy_engine):
    return make_user("ann"), make_user("bob")


@pytest.fixture
def duel(people):
    return start_game(*people, options=HAND)


@pytest.fixture
def staff_client(client, make_user):
    client.force_login(make_user("mod", is_staff=True, is_superuser=True))
    return client


def _admin_action(client, game, name):
    return client.post(
        reverse("admin:games_game_changelist"), {"action": name, "_selected_action": [game.pk]}, follow=True
    )


# -- the lobby ----------------------------------------------------------------------------------


def test_a_game_cannot_be_created_with_bots_in_every_seat(people, api_for):
    resp = api_for(people[0]).post(
        "/api/games/", {"rules": "toy-shed", "max_players": 2, "bots": 2, "options": {"hand_size": 3}}, format="json"
    )
    _error(resp, 400, "BAD_OPTIONS")
    assert not Game.objects.exists()


def test_joining_a_game_that_has_started_is_refused(duel, make_user, api_for):
    late = make_user("cy")
    Game.objects.filter(pk=duel.pk).update(max_players=3)  # a seat is free: only the start stops them
    resp = api_for(late).post("/api/games/join/", {"code": duel.invite_code}, format="json")
    _error(resp, 409, "GAME_NOT_IN_LOBBY")
    assert duel.seats.count() == 2 and not duel.seats.filter(user=late).exists()


def test_inviting_someone_after_the_start_is_refused_and_mails_nothing(duel, people, api_for):
    resp = api_for(people[1]).post(f"/api/games/{duel.pk}/invitations/", {"email": "new@example.com"}, format="json")
    _error(resp, 409, "GAME_NOT_IN_LOBBY")
    assert not Invitation.objects.exists()
    assert not Notification.objects.filter(kind=Kind.INVITATION).exists()


def test_bots_cannot_be_added_once_the_game_has_started(duel, people, api_for):
    Game.objects.filter(pk=duel.pk).update(max_players=3)
    resp = api_for(people[0]).post(f"/api/games/{duel.pk}/bots/")
    _error(resp, 409, "GAME_NOT_IN_LOBBY")
    assert not duel.seats.filter(is_bot=True).exists()


def test_an_invitation_code_seats_only_the_first_person_who_uses_it(people, make_user, api_for):
    ann, bob = people
    game = lobby_game(ann, max_players=3, is_open=False, visibility=Game.Visibility.PRIVATE)
    invitation = services.game_invite(game=game, by=ann, email=bob.email)
    assert api_for(bob).post("/api/games/join/", {"code": invitation.code}, format="json").status_code == 200
    stranger = make_user("eve")
    resp = api_for(stranger).post("/api/games/join/", {"code": invitation.code}, format="json")
    _error(resp, 404, "INVALID_INVITE")
    assert set(game.seats.values_list("user", flat=True)) == {ann.pk, bob.pk}


# -- the move pipeline --------------------------------------------------------------------------


def test_a_retried_move_answers_as_the_first_time_after_the_game_has_moved_on(duel, api_for):
    first_seat = seat_to_act(duel)
    api = api_for(first_seat.user)
    body = {"action": {"type": "draw"}, "expected_version": duel.version}
    first = api.post(f"/api/games/{duel.pk}/moves/", body, format="json", HTTP_IDEMPOTENCY_KEY="retry-1")
    assert first.status_code == 201, first.content
    other = seat_to_act(duel)
    assert other.pk != first_seat.pk
    assert _draw(api_for(other.user), duel).status_code == 201  # the game moves on meanwhile
    before = _log_rows(duel)
    again = api.post(f"/api/games/{duel.pk}/moves/", body, format="json", HTTP_IDEMPOTENCY_KEY="retry-1")
    assert again.status_code == 200, again.content  # not STALE_VERSION nor NOT_YOUR_TURN
    assert again.json()["applied"] is False and again.json()["move"]["seq"] == first.json()["move"]["seq"]
    assert _log_rows(duel) == before


def test_a_player_channel_never_plays_a_bot_seat(people):
    game = start_game(people[0], bots=1, options=HAND)
    bot = Seat.objects.get(game=game, is_bot=True)
    if game.engine.to_act(game.state) != [bot.position]:
        human = seat_to_act(game)
        services.move_submit(game=game, seat=human, action={"type": "draw"}, expected_version=None, channel="web")
        game.refresh_from_db()
    assert game.engine.to_act(game.state) == [bot.position]
    before = _log_rows(game)
    with pytest.raises(GameError) as exc:
        services.move_submit(
            game=game, seat=bot, action={"type": "draw"}, expected_version=game.version, channel=Move.Channel.API
        )
    assert exc.value.code == ErrorCode.NOT_A_PLAYER
    assert _log_rows(game) == before


def test_a_web_move_that_is_not_an_object_with_a_type_is_refused_with_a_clear_message(duel, client):
    seat = seat_to_act(duel)
    client.force_login(seat.user)
    before = _log_rows(duel)
    resp = client.post(f"/games/{duel.pk}/move/", {"action": '{"type": 7}', "version": str(duel.version)}, follow=True)
    assert resp.status_code == 200
    assert "A move must be an object with a &#x27;type&#x27;" in resp.content.decode()
    assert _log_rows(duel) == before


# -- resigning ----------------------------------------------------------------------------------


def test_only_a_player_of_the_game_can_resign(duel, make_user, api_for):
    before = _log_rows(duel)
    resp = api_for(make_user("eve")).post(f"/api/games/{duel.pk}/resign/")
    _error(resp, 403, "NOT_A_PLAYER")
    assert _log_rows(duel) == before


def test_a_player_who_resigned_cannot_resign_again(make_user, api_for, toy_engine):
    ann, bob, cy = make_user("ann"), make_user("bob"), make_user("cy")
    game = start_game(ann, bob, cy, options=HAND)
    api = api_for(cy)
    assert api.post(f"/api/games/{game.pk}/resign/").status_code == 200
    game.refresh_from_db()
    before = (_log_rows(game), game.state)
    _error(api.post(f"/api/games/{game.pk}/resign/"), 403, "NOT_A_PLAYER")
    game.refresh_from_db()
    assert (_log_rows(game), game.state) == before
    assert game.moves.filter(kind=Move.Kind.RESIGN).count() == 1


# -- moderation ---------------------------------------------------------------------------------


def _finish(game):
    """Ends the game the way the engine does (the seat to act resigns its opponent away)."""
    loser = seat_to_act(game)
    services.game_resign(game=game, user=loser.user)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def test_a_finished_game_cannot_be_paused(duel, staff_client):
    game = _finish(duel)
    before = _log_rows(game)
    page = _admin_action(staff_client, game, "pause").content.decode()
    assert "Only a game in play can be paused." in page
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.paused_at is None
    assert _log_rows(game) == before


def test_a_game_in_play_cannot_be_resumed(duel, staff_client):
    before = _log_rows(duel)
    page = _admin_action(staff_client, duel, "resume").content.decode()
    assert "Only a paused game can be resumed." in page
    assert _log_rows(duel) == before


def test_a_finished_game_cannot_be_aborted(duel, staff_client):
    game = _finish(duel)
    result = game.result
    page = _admin_action(staff_client, game, "abort").content.decode()
    assert "This game is already over." in page
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.result == result
    assert not game.moves.filter(action__type="abort").exists()


def test_moves_of_a_finished_game_cannot_be_undone(duel, staff_client):
    seat = seat_to_act(duel)
    services.move_submit(game=duel, seat=seat, action={"type": "draw"}, expected_version=None, channel="web")
    game = _finish(duel)
    before = (_log_rows(game), game.state, game.result)
    resp = staff_client.post(reverse("admin:games_game_undo", args=[game.pk]), {"count": 1})
    assert "Only a game in play can have moves undone." in resp.content.decode()
    game.refresh_from_db()
    assert (_log_rows(game), game.state, game.result) == before


def test_a_seat_cannot_be_given_to_someone_already_playing_in_the_game(duel, people, staff_client):
    ann, bob = people
    seat = Seat.objects.get(game=duel, user=ann)
    resp = staff_client.post(
        reverse("admin:games_game_replace_seat", args=[duel.pk]), {"seat": seat.pk, "user": bob.pk}
    )
    assert "already has a seat in this game" in resp.content.decode()
    assert dict(duel.seats.values_list("pk", "user")) == {seat.pk: ann.pk, Seat.objects.get(user=bob).pk: bob.pk}
    assert not duel.moves.filter(action__type="replace_seat").exists()


def test_a_seat_of_a_finished_game_cannot_be_replaced(duel, people, make_user, staff_client):
    game = _finish(duel)
    seat = Seat.objects.get(game=game, user=people[0])
    before = (_log_rows(game), game.version)
    resp = staff_client.post(
        reverse("admin:games_game_replace_seat", args=[game.pk]), {"seat": seat.pk, "user": make_user("cy").pk}
    )
    assert "Seats can only be replaced in a game in play." in resp.content.decode()
    game.refresh_from_db()
    assert (_log_rows(game), game.version) == before
    assert Seat.objects.get(pk=seat.pk).user == people[0]


def test_a_seat_replaced_while_the_game_is_paused_gets_its_deadline_and_menu_only_on_resume(
    duel, staff_client, make_user
):
    seat = seat_to_act(duel)
    _admin_action(staff_client, duel, "pause")
    newcomer = make_user("dee")
    resp = staff_client.post(
        reverse("admin:games_game_replace_seat", args=[duel.pk]), {"seat": seat.pk, "user": newcomer.pk}
    )
    assert resp.status_code == 302, resp.content
    seat.refresh_from_db()
    assert seat.user_id == newcomer.pk
    assert seat.deadline_at is None  # deadlines stop while a game is paused
    # told they now hold the seat (moderation), but not asked to move while the game is paused
    assert list(Notification.objects.filter(user=newcomer).values_list("kind", flat=True)) == [Kind.MODERATION]
    _admin_action(staff_client, duel, "resume")
    seat.refresh_from_db()
    assert seat.deadline_at is not None
    kinds = list(Notification.objects.filter(user=newcomer).order_by("pk").values_list("kind", flat=True))
    assert sorted(kinds) == sorted([Kind.MODERATION, Kind.YOUR_TURN, Kind.MODERATION])  # replaced; your turn; resumed
