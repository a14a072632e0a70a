"""The lobby's services called directly: leaving a game, adding a bot, offering a rematch, finding a
game by its code. Each refusal says who may do what, and changes nothing."""

import pytest

from core.errors import ErrorCode, GameError
from games import services
from games.models import Game, Invitation, Seat
from tests.builders import start_game

pytestmark = pytest.mark.django_db

HAND = {"hand_size": 3}  # the toy game's, short


@pytest.fixture
def people(make_user, toy_engine):
    return make_user("ann"), make_user("bob"), make_user("cy")


@pytest.fixture
def lobby(people):
    ann, bob, _ = people
    game = services.game_create(owner=ann, rules="toy-shed", max_players=3, options=HAND)
    services.game_join(game=game, user=bob, code=game.invite_code)
    return game


def _refused(code, message, call, /, **kwargs):
    with pytest.raises(GameError) as caught:
        call(**kwargs)
    assert (caught.value.code, caught.value.message) == (code, message)


def _seated(game):
    return sorted(game.seats.values_list("user__username", "is_bot", "bot_name"), key=str)


# -- leaving ------------------------------------------------------------------------------------


def test_a_player_leaves_a_lobby_game_and_only_their_seat_goes(lobby, people):
    ann, bob, _ = people
    assert services.game_leave(game=lobby, user=bob) is None
    assert list(lobby.seats.values_list("user", flat=True)) == [ann.pk]


def test_the_owner_cannot_leave_their_own_game(lobby, people):
    before = _seated(lobby)
    _refused(
        ErrorCode.NOT_THE_OWNER,
        "The owner cannot leave their own game.",
        services.game_leave,
        game=lobby,
        user=people[0],
    )
    assert _seated(lobby) == before


def test_someone_not_in_the_game_cannot_leave_it(lobby, people):
    before = _seated(lobby)
    _refused(ErrorCode.NOT_A_PLAYER, "You are not in this game.", services.game_leave, game=lobby, user=people[2])
    assert _seated(lobby) == before


def test_nobody_leaves_a_game_once_it_has_started(lobby, people):
    services.game_start(game=lobby, by=people[0])
    _refused(
        ErrorCode.GAME_NOT_IN_LOBBY,
        "You can only leave before the game starts; resign instead.",
        services.game_leave,
        game=lobby,
        user=people[1],
    )
    assert lobby.seats.filter(user=people[1], status=Seat.Status.PLAYING).exists()


# -- bots ---------------------------------------------------------------------------------------


def test_the_owner_adds_bots_each_named_after_the_bots_seated_before(people):
    ann = people[0]
    game = services.game_create(owner=ann, rules="toy-shed", max_players=4, bots=1, options=HAND)
    second = services.game_add_bot(game=game, by=ann)
    assert (second.game_id, second.is_bot, second.user_id, second.bot_name) == (game.pk, True, None, "Nell (bot)")
    third = services.game_add_bot(game=game, by=ann)
    assert third.bot_name == "Silas (bot)"
    assert game.seats.filter(is_bot=True).count() == 3


def test_only_the_owner_adds_bots(lobby, people):
    before = _seated(lobby)
    _refused(
        ErrorCode.NOT_THE_OWNER, "Only the game's owner can add bots.", services.game_add_bot, game=lobby, by=people[1]
    )
    assert _seated(lobby) == before


def test_no_bot_is_added_once_the_game_has_started(lobby, people):
    services.game_start(game=lobby, by=people[0])
    Game.objects.filter(pk=lobby.pk).update(max_players=4)
    _refused(
        ErrorCode.GAME_NOT_IN_LOBBY,
        "Bots can only be added before the game starts.",
        services.game_add_bot,
        game=lobby,
        by=people[0],
    )
    assert not lobby.seats.filter(is_bot=True).exists()


def test_no_bot_is_added_to_a_full_game(lobby, people):
    services.game_add_bot(game=lobby, by=people[0])  # the third and last seat
    before = _seated(lobby)
    _refused(ErrorCode.GAME_FULL, "This game is full.", services.game_add_bot, game=lobby, by=people[0])
    assert _seated(lobby) == before


# -- rematch ------------------------------------------------------------------------------------


def _over(owner, *others, **create):
    game = start_game(owner, *others, options=HAND, **create)
    services.game_abort(game=game, by=owner)
    return Game.objects.get(pk=game.pk)


def test_a_rematch_copies_the_game_seats_its_bots_and_invites_the_other_players(people):
    ann, bob, cy = people
    over = _over(
        ann,
        bob,
        cy,
        bots=1,
        title="Friday table",
        turn_hours=36,
        clock=Game.Clock.BANK,
        bank_hours=48,
        increment_hours=12,
        cap_hours=96,
        is_open=False,
        miss_limit=5,
        on_missed=Game.OnMissed.DROP,
        visibility=Game.Visibility.PRIVATE,
        rated=True,
    )
    assert over.is_over
    rematch = services.game_rematch(game=over, by=bob)
    rematch.refresh_from_db()
    fields = [
        "rules", "options", "max_players", "turn_hours", "clock", "bank_hours", "increment_hours", "cap_hours",
        "is_open", "miss_limit", "on_missed", "visibility", "rated",
    ]  # fmt: skip
    assert {f: getattr(rematch, f) for f in fields} == {f: getattr(over, f) for f in fields}
    assert (rematch.title, rematch.owner, rematch.status) == ("Friday table (rematch)", bob, Game.Status.LOBBY)
    assert _seated(rematch) == sorted([(bob.username, False, ""), (None, True, "Ezra (bot)")], key=str)
    invited = Invitation.objects.filter(game=rematch)
    assert sorted(invited.values_list("email", "invited_by")) == sorted([(ann.email, bob.pk), (cy.email, bob.pk)])


def test_a_rematch_invites_nobody_without_an_email_address(people):
    ann, bob, _ = people
    over = _over(ann, bob)
    type(bob).objects.filter(pk=bob.pk).update(email="")
    rematch = services.game_rematch(game=over, by=ann)
    assert not Invitation.objects.filter(game=rematch).exists()
    assert rematch.title == f"Game {over.pk} (rematch)"


def test_a_rematchs_title_is_cut_to_the_columns_length(people):
    ann, bob, _ = people
    over = _over(ann, bob, title="T" * 100)
    rematch = services.game_rematch(game=over, by=ann)
    rematch.refresh_from_db()
    assert rematch.title == "T" * 100


def test_a_rematch_is_offered_only_once_the_game_is_over(people):
    ann, bob, _ = people
    game = start_game(ann, bob, options=HAND)
    _refused(
        ErrorCode.GAME_NOT_ACTIVE,
        "A rematch can be offered once the game is over.",
        services.game_rematch,
        game=game,
        by=ann,
    )
    assert Game.objects.count() == 1


def test_only_a_player_of_the_game_offers_a_rematch(people):
    ann, bob, cy = people
    over = _over(ann, bob)
    _refused(
        ErrorCode.NOT_A_PLAYER,
        "Only the players of this game can offer a rematch.",
        services.game_rematch,
        game=over,
        by=cy,
    )
    assert Game.objects.count() == 1


# -- codes --------------------------------------------------------------------------------------


def test_a_game_is_found_by_its_invite_link_or_an_invitations_code(lobby, people):
    assert services.game_find_by_code(lobby.invite_code) == lobby
    invitation = services.game_invite(game=lobby, by=people[0], email="dee@example.com")
    assert services.game_find_by_code(invitation.code) == lobby
    _refused(ErrorCode.INVALID_INVITE, "That invitation link is not valid.", services.game_find_by_code, code="nope")
