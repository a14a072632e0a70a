"""The lobby's services called directly: leaving a game, adding a bot, offering a rematch, finding a
game by its code. Each refusal says who may do what, and changes nothing."""

import pytest

from core.errors import ErrorCode, GameError
from games import services
from games.models import Game, Invitation, Move, Seat
from tests.builders import start_game
from tests.helpers import refused

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


def _seated(game):
    return sorted(game.seats.values_list("user__username", "is_bot", "bot_name"), key=str)


# -- leaving ------------------------------------------------------------------------------------


def test_a_player_leaves_a_lobby_game_and_only_their_seat_goes(lobby, people):
    ann, bob, _ = people
    assert services.game_leave(game=lobby, user=bob) is None
    assert list(lobby.seats.values_list("user", flat=True)) == [ann.pk]


def test_the_owner_cannot_leave_their_own_game(lobby, people):
    before = _seated(lobby)
    refused(
        ErrorCode.NOT_THE_OWNER,
        "The owner cannot leave their own game.",
        services.game_leave,
        game=lobby,
        user=people[0],
    )
    assert _seated(lobby) == before


def test_someone_not_in_the_game_cannot_leave_it(lobby, people):
    before = _seated(lobby)
    refused(ErrorCode.NOT_A_PLAYER, "You are not in this game.", services.game_leave, game=lobby, user=people[2])
    assert _seated(lobby) == before


def test_nobody_leaves_a_game_once_it_has_started(lobby, people):
    services.game_start(game=lobby, by=people[0])
    refused(
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
    refused(
        ErrorCode.NOT_THE_OWNER, "Only the game's owner can add bots.", services.game_add_bot, game=lobby, by=people[1]
    )
    assert _seated(lobby) == before


def test_no_bot_is_added_once_the_game_has_started(lobby, people):
    services.game_start(game=lobby, by=people[0])
    Game.objects.filter(pk=lobby.pk).update(max_players=4)
    refused(
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
    refused(ErrorCode.GAME_FULL, "This game is full.", services.game_add_bot, game=lobby, by=people[0])
    assert _seated(lobby) == before


# -- rematch ------------------------------------------------------------------------------------


def _over(owner, *others, options=HAND, **create):
    game = start_game(owner, *others, options=options, **create)
    services.game_abort(game=game, by=owner)
    return Game.objects.get(pk=game.pk)


def test_a_rematch_copies_the_game_seats_its_bots_and_invites_the_other_players(people):
    ann, bob, cy = people
    over = _over(
        ann,
        bob,
        cy,
        bots=1,
        options={"hand_size": 5},  # not the game's default
        max_players=4,
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
    assert rematch.options["hand_size"] == 5
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
    refused(
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
    refused(
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
    refused(ErrorCode.INVALID_INVITE, "That invitation link is not valid.", services.game_find_by_code, code="nope")


# -- create, join, start ------------------------------------------------------------------------


def test_a_game_is_created_with_its_owner_seated_its_bots_and_the_servers_defaults(people, settings):
    ann = people[0]
    game = services.game_create(owner=ann, rules="toy-shed", options=HAND, bots=2, title="N" * 120, rated=1)
    game.refresh_from_db()
    assert (game.max_players, game.turn_hours, game.title, game.rated) == (
        4,
        settings.TRAILPOST["DEFAULT_TURN_HOURS"],
        "N" * 100,
        True,
    )
    assert (game.status, game.is_open, game.visibility, game.miss_limit) == (
        Game.Status.LOBBY,
        True,
        Game.Visibility.PUBLIC,
        3,
    )
    assert _seated(game) == sorted(
        [(ann.username, False, ""), (None, True, "Ezra (bot)"), (None, True, "Nell (bot)")], key=str
    )
    assert game.server_seed and not game.seed


@pytest.mark.parametrize(
    "create, message",
    [
        ({"max_players": 5}, "Shed (test game) is for 2 to 4 players."),
        ({"max_players": 1}, "Shed (test game) is for 2 to 4 players."),
        ({"max_players": 2, "bots": 2}, "At most 1 bots fit in this game."),
        ({"bots": -1}, "At most 3 bots fit in this game."),
        ({"on_missed": "sleep"}, "When a player misses deadlines, choose 'bot' or 'drop'."),
        ({"visibility": "secret"}, "A game is either 'public' or 'private'."),
    ],
)
def test_a_game_with_options_out_of_bounds_is_not_created(people, create, message):
    refused(
        ErrorCode.BAD_OPTIONS, message, services.game_create, owner=people[0], rules="toy-shed", options=HAND, **create
    )
    assert not Game.objects.exists()


def test_a_game_fills_its_seats_up_to_its_maximum(people):
    ann, bob, cy = people
    game = services.game_create(owner=ann, rules="toy-shed", max_players=2, options=HAND)
    seat = services.game_join(game=game, user=bob)
    assert (seat.game_id, seat.user_id, seat.position) == (game.pk, bob.pk, None)
    refused(ErrorCode.GAME_FULL, "This game is full.", services.game_join, game=game, user=cy)
    refused(ErrorCode.ALREADY_JOINED, "You are already in this game.", services.game_join, game=game, user=bob)
    assert game.seats.count() == 2


def test_an_invite_only_game_takes_its_link_or_an_invitation_and_marks_the_invitation_used(people):
    ann, bob, cy = people
    game = services.game_create(owner=ann, rules="toy-shed", max_players=3, options=HAND, is_open=False)
    refused(
        ErrorCode.INVALID_INVITE,
        "This game is invite-only: you need an invitation to join.",
        services.game_join,
        game=game,
        user=bob,
    )
    refused(
        ErrorCode.INVALID_INVITE,
        "That invitation is not valid for this game.",
        services.game_join,
        game=game,
        user=bob,
        code="nope",
    )
    invitation = services.game_invite(game=game, by=ann, email=bob.email)
    services.game_join(game=game, user=bob, code=invitation.code)
    invitation.refresh_from_db()
    assert invitation.accepted_by == bob and invitation.accepted_at is not None
    services.game_join(game=game, user=cy, code=game.invite_code)
    assert game.seats.count() == 3


def test_a_start_seats_everyone_logs_it_and_opens_each_seats_tenure(people):
    ann, bob, cy = people
    game = services.game_create(owner=ann, rules="toy-shed", max_players=3, options=HAND)
    services.game_join(game=game, user=bob)
    services.game_join(game=game, user=cy)
    started = services.game_start(game=game, by=ann, channel=Move.Channel.API)
    started.refresh_from_db()
    assert (started.status, started.version) == (Game.Status.ACTIVE, 1)
    assert started.started_at is not None and started.seed
    assert sorted(started.seats.values_list("position", flat=True)) == [0, 1, 2]
    start = started.moves.get()
    assert (start.seq, start.kind, start.channel, start.actor, start.action, start.note) == (
        1,
        Move.Kind.ADMIN,
        Move.Channel.API,
        ann,
        {"type": "start"},
        "Game started",
    )
    tenures = started.tenures.order_by("position").values_list("position", "user", "from_seq", "until_seq")
    seats = started.seats.order_by("position").values_list("position", "user")
    assert list(tenures) == [(p, u, 1, None) for p, u in seats]


def test_only_the_owner_starts_a_game_with_enough_players_and_only_once(people):
    ann, bob, _ = people
    game = services.game_create(owner=ann, rules="toy-shed", options=HAND)
    with pytest.raises(GameError) as caught:
        services.game_start(game=game, by=ann)
    assert (caught.value.code, caught.value.message, caught.value.extra) == (
        ErrorCode.NOT_ENOUGH_PLAYERS,
        "Shed (test game) needs at least 2 players; add players or bots.",
        {"seated": 1, "needed": 2},
    )
    services.game_join(game=game, user=bob)
    refused(ErrorCode.NOT_THE_OWNER, "Only the game's owner can start it.", services.game_start, game=game, by=bob)
    assert Game.objects.get(pk=game.pk).status == Game.Status.LOBBY
    services.game_start(game=game, by=ann)
    refused(ErrorCode.GAME_NOT_IN_LOBBY, "This game has already started.", services.game_start, game=game, by=ann)
    assert game.moves.count() == 1


def test_a_player_invites_an_address_written_any_way_before_the_start_only(lobby, people):
    ann, bob, cy = people
    invitation = services.game_invite(game=lobby, by=bob, email="  Dee@Example.COM ")
    invitation.refresh_from_db()
    assert (invitation.game, invitation.email, invitation.invited_by) == (lobby, "dee@example.com", bob)
    refused(
        ErrorCode.NOT_A_PLAYER,
        "Only players of this game can invite others.",
        services.game_invite,
        game=lobby,
        by=cy,
        email="eve@example.com",
    )
    services.game_start(game=lobby, by=ann)
    refused(
        ErrorCode.GAME_NOT_IN_LOBBY,
        "Invitations can only be sent before the game starts.",
        services.game_invite,
        game=lobby,
        by=ann,
        email="eve@example.com",
    )
    assert list(Invitation.objects.values_list("email", flat=True)) == ["dee@example.com"]


def test_a_rematch_keeps_a_seat_count_below_the_engines_most(people):
    ann, bob, _ = people
    over = _over(ann, bob, max_players=3)
    rematch = services.game_rematch(game=over, by=ann)
    assert Game.objects.get(pk=rematch.pk).max_players == 3
