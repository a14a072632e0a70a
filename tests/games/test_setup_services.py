"""A game's setup called directly, beside tests/games/test_lobby_services.py: what a new game
commits to (its server's seed, its options and clock), what a player's own words for the seed
become at the start (the seed, the seating), what a join or an invitation refuses, and the
invitation caps' sentences. Each refusal says why, and changes nothing."""

from datetime import timedelta

import pytest
from django.utils import timezone

from core.errors import ErrorCode, GameError
from games import events, services
from games.models import Game, Invitation, Seat
from games.rules import seeding
from tests.helpers import refused

pytestmark = pytest.mark.django_db

HAND = {"hand_size": 3}  # the toy game's, short


@pytest.fixture
def people(make_user, toy_engine):
    return make_user("ann"), make_user("bob"), make_user("cy")


# -- create -------------------------------------------------------------------------------------


def test_a_new_game_commits_to_its_servers_seed_and_keeps_its_options_clock_and_settings(people):
    ann = people[0]
    game = services.game_create(
        owner=ann,
        rules="toy-shed",
        max_players=3,
        turn_hours=24,
        clock=Game.Clock.BANK,
        bank_hours=48,
        increment_hours=12,
        cap_hours=96,
        is_open=False,
        miss_limit=5,
        on_missed=Game.OnMissed.DROP,
        visibility=Game.Visibility.PRIVATE,
        entropy="  my own words ",
    )
    game.refresh_from_db()
    assert len(game.server_seed) == 64 and game.server_seed_sha256 == seeding.commitment(game.server_seed)
    assert (game.seed_scheme, game.rules, game.rules_version) == (seeding.SCHEME, "toy-shed", game.engine.version)
    assert game.options == {"hand_size": game.engine.options_schema["hand_size"]["default"]}
    assert (game.clock, game.bank_hours, game.increment_hours, game.cap_hours, game.turn_hours) == (
        Game.Clock.BANK,
        48,
        12,
        96,
        24,
    )
    assert (game.max_players, game.is_open, game.miss_limit, game.on_missed, game.visibility, game.owner) == (
        3,
        False,
        5,
        Game.OnMissed.DROP,
        Game.Visibility.PRIVATE,
        ann,
    )
    assert list(game.seats.values_list("user", "entropy")) == [(ann.pk, "my own words")]
    assert game.rated is False  # unless asked
    other = services.game_create(owner=ann, rules="toy-shed")
    assert other.server_seed != game.server_seed


@pytest.mark.parametrize(
    "create, code, message",
    [
        ({"rules": "nope"}, ErrorCode.UNKNOWN_RULES, "There is no game called 'nope'."),
        ({"options": {"colour": 1}}, ErrorCode.BAD_OPTIONS, "Unknown option 'colour'."),
        ({"entropy": 7}, ErrorCode.VALIDATION_ERROR, "Your entropy must be text: a random value or a phrase."),
        ({"clock": "sundial"}, ErrorCode.BAD_CLOCK, "Choose a clock: 'move' (hours per move) or 'bank' (a time bank)."),
    ],
)
def test_a_game_with_unknown_rules_options_or_clock_or_bad_entropy_is_not_created(people, create, code, message):
    refused(code, message, services.game_create, owner=people[0], **{"rules": "toy-shed", **create})
    assert not Game.objects.exists() and not Seat.objects.exists()


def test_a_game_takes_as_many_bots_as_leave_its_owner_a_seat(people):
    game = services.game_create(owner=people[0], rules="toy-shed", max_players=2, bots=1, options=HAND)
    assert game.seats.filter(is_bot=True).count() == 1


# -- join ---------------------------------------------------------------------------------------


def test_a_player_joins_with_their_own_words_for_the_seed_trimmed_and_bad_words_are_refused(people):
    ann, bob, cy = people
    game = services.game_create(owner=ann, rules="toy-shed", options=HAND)
    seat = services.game_join(game=game, user=bob, entropy=" bob's words\n")
    assert Seat.objects.get(pk=seat.pk).entropy == "bob's words"
    refused(
        ErrorCode.VALIDATION_ERROR,
        "Your entropy cannot contain control characters.",
        services.game_join,
        game=game,
        user=cy,
        entropy="a\x07b",
    )
    assert not game.seats.filter(user=cy).exists()


def test_an_invitations_code_seats_one_player_and_no_code_opens_a_game_that_started(people, make_user):
    ann, bob, cy = people
    game = services.game_create(owner=ann, rules="toy-shed", options=HAND, is_open=False)
    invitation = services.game_invite(game=game, by=ann, email=bob.email)
    services.game_join(game=game, user=bob, code=invitation.code)
    refused(
        ErrorCode.INVALID_INVITE,
        "That invitation is not valid for this game.",
        services.game_join,
        game=game,
        user=cy,
        code=invitation.code,
    )
    services.game_start(game=game, by=ann)
    refused(
        ErrorCode.GAME_NOT_IN_LOBBY,
        "This game has already started.",
        services.game_join,
        game=game,
        user=cy,
        code=game.invite_code,
    )
    assert not game.seats.filter(user=cy).exists()


# -- start --------------------------------------------------------------------------------------


def test_the_start_draws_the_seed_from_the_servers_and_the_players_words_in_the_order_they_joined(people, announced):
    ann, bob, cy = people
    game = services.game_create(owner=ann, rules="toy-shed", options=HAND, entropy="ann's")
    services.game_join(game=game, user=bob, code=game.invite_code)  # no words of his own
    services.game_join(game=game, user=cy, entropy="cy's")
    joined = list(game.seats.order_by("joined_at", "pk").values_list("user", flat=True))
    announced.clear()
    services.game_start(game=game, by=ann)
    game.refresh_from_db()
    assert game.seed == seeding.derive_seed(game.server_seed, ["ann's", "", "cy's"])
    assert game.seed_sha256 == Game.hash_seed(game.seed)
    order = seeding.seating(game.seed, 3)
    by_position = dict(game.seats.values_list("position", "user"))
    assert [by_position[p] for p in range(3)] == [joined[i] for i in order]
    assert game.state == game.engine.new_state(game.options, 3, game.seed)
    (change,) = [m for m in announced if isinstance(m, events.GameChanged)]
    assert change.game == game and change.move.seq == 1
    assert change.events == [
        {"type": "game_started", "seat": None, "private": {}, "public": {"text": "The game started with 3 players."}}
    ]
    to_act = game.engine.to_act(game.state)
    assert [s.position for s in change.deciding] == to_act
    assert sorted(s.position for s in change.seats) == [0, 1, 2]
    deadlines = dict(game.seats.values_list("position", "deadline_at"))
    assert [p for p, at in deadlines.items() if at is not None] == to_act


def test_a_game_created_before_the_commitment_draws_its_servers_seed_at_the_start(people):
    ann, bob, _ = people
    game = services.game_create(owner=ann, rules="toy-shed", options=HAND)
    services.game_join(game=game, user=bob)
    Game.objects.filter(pk=game.pk).update(server_seed="", server_seed_sha256="", seed_scheme="")
    services.game_start(game=game, by=ann)
    game.refresh_from_db()
    assert len(game.server_seed) == 64 and game.server_seed_sha256 == seeding.commitment(game.server_seed)
    assert game.seed_scheme == seeding.SCHEME
    assert game.seed == seeding.derive_seed(game.server_seed, ["", ""])


# -- invitations' caps --------------------------------------------------------------------------


@pytest.fixture
def lobby(people):
    game = services.game_create(owner=people[0], rules="toy-shed", options=HAND)
    return game


def _caps(settings, hour, day):
    settings.TRAILPOST = {**settings.TRAILPOST, "INVITATIONS_PER_HOUR": hour, "INVITATIONS_PER_DAY": day}


def _sent(game, by, *ago):
    """Invitations `by` sent to the game that long ago each."""
    now = timezone.now()
    for n, age in enumerate(ago):
        invitation = Invitation.objects.create(game=game, email=f"sent{n}@example.com", invited_by=by)
        Invitation.objects.filter(pk=invitation.pk).update(created_at=now - age)


def _cap_refusal(game, by):
    before = Invitation.objects.count()
    with pytest.raises(GameError) as caught:
        services.game_invite(game=game, by=by, email="late@example.com")
    assert caught.value.code == ErrorCode.INVITATION_LIMIT and Invitation.objects.count() == before
    return caught.value


def test_the_hourly_cap_waits_for_the_oldest_of_the_last_invitations_it_counts(settings, lobby, people):
    ann = people[0]
    _caps(settings, 2, 50)
    _sent(lobby, ann, timedelta(minutes=50), timedelta(minutes=40), timedelta(minutes=20), timedelta(minutes=10))
    error = _cap_refusal(lobby, ann)
    assert error.message == "You have sent 2 invitations in the last hour, the most allowed; try again in 39 minutes."
    assert error.extra["limit"] == 2 and 2390 < error.extra["retry_after"] <= 2400


def test_the_daily_cap_counts_a_day_past_the_hourly_one(settings, lobby, people):
    ann, bob, _ = people
    _caps(settings, 3, 3)
    _sent(lobby, ann, timedelta(hours=2), timedelta(hours=3))
    _sent(lobby, bob, timedelta(hours=2))  # another sender's count their own
    services.game_invite(game=lobby, by=ann, email="third@example.com")
    error = _cap_refusal(lobby, ann)
    assert error.message == "You have sent 3 invitations in the last 24 hours, the most allowed; try again in 20 hours."
    assert error.extra["limit"] == 3 and 20 * 3600 < error.extra["retry_after"] <= 21 * 3600


def test_under_a_minute_to_wait_is_said_as_a_minute(settings, lobby, people):
    ann = people[0]
    _caps(settings, 1, 50)
    _sent(lobby, ann, timedelta(minutes=59, seconds=30))
    error = _cap_refusal(lobby, ann)
    assert error.message.endswith("try again in a minute.") and 0 < error.extra["retry_after"] <= 30


@pytest.mark.parametrize("hour, day", [(0, 50), (20, 0)])
def test_a_cap_of_zero_sends_no_invitation_at_all(settings, lobby, people, hour, day):
    _caps(settings, hour, day)
    error = _cap_refusal(lobby, people[0])
    assert (error.message, error.extra) == (
        "This server sends no invitations by email: share the game's invite link instead.",
        {"limit": 0},
    )


def test_an_invitation_is_announced_once_made(lobby, people, announced):
    invitation = services.game_invite(game=lobby, by=people[0], email="dee@example.com")
    assert [m.invitation for m in announced if isinstance(m, events.InvitationSent)] == [invitation]


def test_an_invitation_older_than_the_window_is_not_counted(settings, lobby, people):
    ann = people[0]
    _caps(settings, 1, 2)
    _sent(lobby, ann, timedelta(minutes=61))
    services.game_invite(game=lobby, by=ann, email="dee@example.com")
    assert Invitation.objects.filter(invited_by=ann).count() == 2


# -- more of join and start ---------------------------------------------------------------------


def test_a_code_counts_only_for_its_own_game_and_only_unused(people, make_user):
    ann, bob, cy = people
    game = services.game_create(owner=ann, rules="toy-shed", options=HAND, is_open=False)
    elsewhere = services.game_create(owner=ann, rules="toy-shed", options=HAND, is_open=False)
    theirs = services.game_invite(game=elsewhere, by=ann, email=bob.email)
    services.game_invite(game=game, by=ann, email="dee@example.com")  # pending, and not bob's code
    for code in (theirs.code, elsewhere.invite_code, "nope"):
        refused(
            ErrorCode.INVALID_INVITE,
            "That invitation is not valid for this game.",
            services.game_join,
            game=game,
            user=bob,
            code=code,
        )
    assert list(game.seats.values_list("user", flat=True)) == [ann.pk]


def test_a_game_with_bots_seats_players_up_to_its_maximum(people):
    ann, bob, cy = people
    game = services.game_create(owner=ann, rules="toy-shed", options=HAND, max_players=3, bots=1)
    seat = services.game_join(game=game, user=bob)
    assert (seat.user, seat.is_bot) == (bob, False)
    refused(ErrorCode.GAME_FULL, "This game is full.", services.game_join, game=game, user=cy)


def test_the_seed_takes_the_players_words_in_the_order_they_joined_not_the_rows_order(people):
    ann, bob, cy = people
    game = services.game_create(owner=ann, rules="toy-shed", options=HAND, entropy="a")
    services.game_join(game=game, user=bob, entropy="b")
    services.game_join(game=game, user=cy, entropy="c")
    first = game.seats.get(user=ann).joined_at
    game.seats.filter(user=cy).update(joined_at=first + timedelta(microseconds=1))  # cy joined before bob
    game.seats.filter(user=bob).update(joined_at=first + timedelta(seconds=1))
    committed = game.server_seed_sha256
    services.game_start(game=game, by=ann)
    game.refresh_from_db()
    assert game.server_seed_sha256 == committed  # the seed committed to at the creation, not another
    assert game.seed == seeding.derive_seed(game.server_seed, ["a", "c", "b"])
    order = [ann.pk, cy.pk, bob.pk]
    assert [game.seats.get(position=p).user_id for p in range(3)] == [order[i] for i in seeding.seating(game.seed, 3)]


def test_the_start_normalizes_the_options_for_the_seats_there_are_and_says_why_it_cannot(people, monkeypatch):
    from games.rules import BadOptions

    ann, bob, cy = people
    game = services.game_create(owner=ann, rules="toy-shed", options=HAND)
    services.game_join(game=game, user=bob)
    engine = game.engine
    real, asked = engine.normalize_options, []

    def for_two(options, seats=None):
        asked.append((dict(options or {}), seats))
        if seats == 3:
            raise BadOptions("Three wagons do not fit on this trail.")
        return real(options, seats)

    monkeypatch.setattr(engine, "normalize_options", for_two)
    services.game_join(game=game, user=cy)
    refused(ErrorCode.BAD_OPTIONS, "Three wagons do not fit on this trail.", services.game_start, game=game, by=ann)
    assert Game.objects.get(pk=game.pk).status == Game.Status.LOBBY and not game.moves.exists()
    services.game_leave(game=game, user=cy)
    asked.clear()
    services.game_start(game=game, by=ann)
    game.refresh_from_db()
    assert asked == [(HAND, 2)] and game.options == HAND


def test_the_start_opens_a_tenure_for_each_bot_and_player_under_their_names(people):
    ann = people[0]
    game = services.game_create(owner=ann, rules="toy-shed", options=HAND, bots=2, max_players=3)
    services.game_start(game=game, by=ann)
    tenures = game.tenures.values_list("position", "user", "is_bot", "name", "from_seq")
    seats = game.seats.values_list("position", "user", "is_bot")
    names = {s.position: s.name for s in game.seats.all()}
    assert sorted(tenures) == sorted((p, u, b, names[p], 1) for p, u, b in seats)
    assert sorted(names.values()) == ["Ezra (bot)", "Nell (bot)", "ann"]


@pytest.mark.parametrize(
    "left, retry_after, wait",
    [
        (timedelta(seconds=60), 60, "1 minute"),  # a whole minute: Django's words
        (timedelta(seconds=59, microseconds=500000), 60, "a minute"),
        (timedelta(microseconds=500000), 1, "a minute"),  # never less than a second to wait
    ],
)
def test_the_last_minute_is_a_minute_and_the_wait_at_least_a_second(settings, lobby, people, left, retry_after, wait):
    import time_machine

    ann = people[0]
    _caps(settings, 1, 50)
    with time_machine.travel(timezone.now(), tick=False):
        _sent(lobby, ann, timedelta(hours=1) - left)
        error = _cap_refusal(lobby, ann)
    assert (error.message, error.extra) == (
        f"You have sent 1 invitations in the last hour, the most allowed; try again in {wait}.",
        {"limit": 1, "retry_after": retry_after},
    )
