"""A moderator's acts on a whole game, called directly: pause, resume, abort and undo. What each
logs (its act, its reason as one clean line, its note), what it does to the game and its deadlines,
and what it refuses, with its sentence."""

from datetime import timedelta

import pytest
from django.utils import timezone

from core.errors import ErrorCode, GameError
from games import services
from games.models import Game, Move, Seat
from notifications.models import Kind, Notification
from tests.builders import play, seat_to_act, start_game
from tests.helpers import refused

pytestmark = pytest.mark.django_db

HAND = {"hand_size": 3}  # the toy game's, short


@pytest.fixture
def duel(make_user, toy_engine):
    return start_game(make_user("ann"), make_user("bob"), options=HAND)


@pytest.fixture
def bank_duel(make_user, toy_engine):
    """Ann and Bob on a time bank: 48 hours, 12 more a move, 96 at most."""
    return start_game(
        make_user("ann"),
        make_user("bob"),
        options=HAND,
        clock=Game.Clock.BANK,
        bank_hours=48,
        increment_hours=12,
        cap_hours=96,
    )


@pytest.fixture
def mod(make_user):
    return make_user("mod", is_staff=True)


def _told(game, move):
    """Who was told of the act logged as `move`: (user, act, reason) for each moderation notice."""
    notices = Notification.objects.filter(game=game, kind=Kind.MODERATION, context__seq=move.seq)
    return sorted((n.user_id, n.context["action"], n.context["reason"]) for n in notices)


def _last(game):
    move = game.moves.order_by("-seq").first()
    return move.kind, move.channel, move.actor, move.action, move.note


def test_a_pause_logs_its_reason_as_one_line_and_stops_the_deadlines(duel, mod):
    assert duel.seats.filter(deadline_at__isnull=False).exists()
    version = duel.version
    game = services.game_pause(game=duel, by=mod, reason="  a  bug\nin the\tdeck ")
    assert game.status == Game.Status.PAUSED and game.paused_at is not None
    game.refresh_from_db()
    assert (game.status, game.version) == (Game.Status.PAUSED, version + 1)
    assert game.paused_at is not None
    assert _last(game) == (
        Move.Kind.ADMIN,
        Move.Channel.ADMIN,
        mod,
        {"type": "pause", "reason": "a bug in the deck"},
        "A moderator paused the game: a bug in the deck",
    )
    assert not game.seats.filter(deadline_at__isnull=False).exists()
    players = sorted(game.seats.values_list("user", flat=True))
    assert _told(game, game.moves.order_by("-seq").first()) == [(p, "pause", "a bug in the deck") for p in players]


def test_a_pause_without_a_reason_logs_a_plain_sentence_and_a_resume_sets_deadlines_again(duel, mod):
    services.game_pause(game=duel, by=mod)
    assert _last(duel)[3:] == ({"type": "pause", "reason": ""}, "A moderator paused the game.")
    game = services.game_resume(game=duel, by=mod, reason=" fixed ")
    assert game.status == Game.Status.ACTIVE and game.paused_at is None
    game.refresh_from_db()
    assert (game.status, game.paused_at) == (Game.Status.ACTIVE, None)
    assert _last(game) == (
        Move.Kind.ADMIN,
        Move.Channel.ADMIN,
        mod,
        {"type": "resume", "reason": "fixed"},
        "A moderator resumed the game: fixed",
    )
    assert game.seats.filter(position=seat_to_act(game).position, deadline_at__isnull=False).exists()
    players = sorted(game.seats.values_list("user", flat=True))
    assert _told(game, game.moves.order_by("-seq").first()) == [(p, "resume", "fixed") for p in players]


def test_an_abort_ends_the_game_for_good_and_logs_its_reason(duel, mod):
    game = services.game_abort(game=duel, by=mod, reason="spam")
    assert game.status == Game.Status.ABORTED and game.finished_at is not None
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED and game.finished_at is not None
    assert _last(game) == (
        Move.Kind.ADMIN,
        Move.Channel.ADMIN,
        mod,
        {"type": "abort", "reason": "spam"},
        "A moderator aborted the game: spam",
    )
    assert not game.seats.filter(deadline_at__isnull=False).exists()
    refused(ErrorCode.GAME_NOT_ACTIVE, "This game is already over.", services.game_abort, game=game, by=mod)


def test_a_paused_game_is_not_paused_again_nor_an_active_one_resumed(duel, mod):
    refused(ErrorCode.GAME_NOT_ACTIVE, "Only a paused game can be resumed.", services.game_resume, game=duel, by=mod)
    services.game_pause(game=duel, by=mod)
    before = duel.moves.count()
    refused(ErrorCode.GAME_NOT_ACTIVE, "Only a game in play can be paused.", services.game_pause, game=duel, by=mod)
    assert duel.moves.count() == before


def test_a_reason_too_long_is_refused_and_changes_nothing(duel, mod):
    before = duel.moves.count()
    with pytest.raises(GameError) as caught:
        services.game_abort(game=duel, by=mod, reason="x" * (services.REASON_MAX + 1))
    assert caught.value.code == ErrorCode.VALIDATION_ERROR
    duel.refresh_from_db()
    assert duel.status == Game.Status.ACTIVE and duel.moves.count() == before


def test_a_reason_is_one_clean_line_of_at_most_its_length_and_given_when_required():
    assert services._reason(None) == "" and services._reason(" ") == ""
    assert services._reason(42) == "42"
    assert services._reason("  a\tb\x00c\n  d ") == "a b c d"
    longest = "x" * services.REASON_MAX
    assert services._reason(f" {longest}\n", required=True) == longest
    with pytest.raises(GameError) as caught:
        services._reason(longest + "y")
    assert (caught.value.code, caught.value.message, caught.value.extra) == (
        ErrorCode.VALIDATION_ERROR,
        f"A reason is at most {services.REASON_MAX} characters.",
        {"limit": services.REASON_MAX},
    )
    with pytest.raises(GameError) as caught:
        services._reason(" \x07 ", required=True)
    assert (caught.value.code, caught.value.message) == (
        ErrorCode.VALIDATION_ERROR,
        "Give a reason: the players are told it.",
    )


def test_a_note_ends_with_its_reason_or_a_full_stop_and_is_cut_to_200_characters():
    assert services._note("A moderator paused the game") == "A moderator paused the game."
    assert services._note("A moderator paused the game", "") == "A moderator paused the game."
    assert services._note("A moderator paused the game", "a bug") == "A moderator paused the game: a bug"
    sentence = "s" * 196
    assert services._note(sentence, "ab") == sentence + ": ab"  # 200 characters: kept whole
    cut = services._note(sentence, "abc")
    assert (cut, len(cut)) == (sentence + ": a" + "…", 200)


def test_an_undo_of_one_move_or_several_says_how_many_and_rebuilds_the_state(duel, mod):
    states = [dict(duel.state)]
    for _ in range(3):
        seat = seat_to_act(duel)
        play(duel, seat, duel.engine.legal_actions(duel.state, seat.position)[0])
        duel.refresh_from_db()
        states.append(dict(duel.state))
    moves = list(duel.moves.filter(kind=Move.Kind.MOVE).order_by("seq"))
    one = services.game_undo(game=duel, by=mod)
    assert (one.kind, one.channel, one.actor, one.action, one.note) == (
        Move.Kind.UNDO,
        Move.Channel.ADMIN,
        mod,
        {"type": "undo", "moves": [moves[2].seq]},
        "A moderator undid the last move",
    )
    duel.refresh_from_db()
    assert duel.state == states[2] and duel.version == one.seq
    two = services.game_undo(game=duel, by=mod, count=2)
    assert (two.action, two.note) == (
        {"type": "undo", "moves": [moves[1].seq, moves[0].seq]},
        "A moderator undid the last 2 moves",
    )
    duel.refresh_from_db()
    assert duel.state == states[0]
    assert list(duel.moves.filter(kind=Move.Kind.MOVE).values_list("undone_by", flat=True).order_by("seq")) == [
        two.seq,
        two.seq,
        one.seq,
    ]
    refused(ErrorCode.NOTHING_TO_UNDO, "There are not that many moves to undo.", services.game_undo, game=duel, by=mod)
    refused(
        ErrorCode.NOTHING_TO_UNDO,
        "There are not that many moves to undo.",
        services.game_undo,
        game=duel,
        by=mod,
        count=0,
    )


# -- seats --------------------------------------------------------------------------------------


def _seat(game, user):
    return game.seats.get(user=user)


def test_a_seat_given_to_another_player_passes_its_tenure_on_at_the_logged_move(duel, mod, make_user):
    cy = make_user("cy")
    ann = duel.owner
    seat = _seat(duel, ann)
    seat.missed_deadlines = 2
    seat.save(update_fields=["missed_deadlines"])
    version = duel.version
    out = services.seat_replace(game=duel, seat=seat, by=mod, user=cy, reason="gone  away")
    seat.refresh_from_db()
    assert (out.pk, seat.user, seat.is_bot, seat.bot_name, seat.missed_deadlines) == (seat.pk, cy, False, "", 0)
    duel.refresh_from_db()
    assert duel.version == version + 1
    assert _last(duel) == (
        Move.Kind.ADMIN,
        Move.Channel.ADMIN,
        mod,
        {"type": "replace_seat", "position": seat.position},
        "A moderator replaced ann with cy: gone away",
    )
    tenures = duel.tenures.filter(position=seat.position).order_by("from_seq")
    assert list(tenures.values_list("user", "name", "until_seq")) == [
        (ann.pk, "ann", duel.version),
        (cy.pk, "cy", None),
    ]
    assert list(duel.former_players.all()) == [ann]


def test_a_seat_given_to_a_bot_is_named_for_its_position(duel, mod):
    seat = _seat(duel, duel.owner)
    services.seat_replace(game=duel, seat=seat, by=mod, bot=True)
    seat.refresh_from_db()
    bot = services.BOT_NAMES[seat.position]
    assert (seat.user, seat.is_bot, seat.bot_name) == (None, True, bot)
    assert _last(duel)[4] == f"A moderator replaced ann with {bot}."
    duel.refresh_from_db()
    tenures = duel.tenures.filter(position=seat.position).order_by("from_seq")
    assert list(tenures.values_list("user", "is_bot", "name", "until_seq")) == [
        (duel.owner_id, False, "ann", duel.version),
        (None, True, bot, None),
    ]


def test_a_seat_is_given_to_a_user_or_a_bot_and_to_nobody_seated_already(duel, mod, make_user):
    seat = _seat(duel, duel.owner)
    bob = duel.seats.exclude(pk=seat.pk).get().user
    before = duel.moves.count()
    message = "Replace a seat with either a user or a bot."
    refused(ErrorCode.VALIDATION_ERROR, message, services.seat_replace, game=duel, seat=seat, by=mod)
    refused(
        ErrorCode.VALIDATION_ERROR,
        message,
        services.seat_replace,
        game=duel,
        seat=seat,
        by=mod,
        user=make_user("cy"),
        bot=True,
    )
    refused(
        ErrorCode.ALREADY_JOINED,
        "bob already has a seat in this game.",
        services.seat_replace,
        game=duel,
        seat=seat,
        by=mod,
        user=bob,
    )
    assert duel.moves.count() == before
    services.game_abort(game=duel, by=mod)
    refused(
        ErrorCode.GAME_NOT_ACTIVE,
        "Seats can only be replaced in a game in play.",
        services.seat_replace,
        game=duel,
        seat=seat,
        by=mod,
        bot=True,
    )


def test_a_kicked_player_gives_their_seat_to_a_bot_or_leaves_as_the_game_says(make_user, toy_engine, mod):
    for on_missed, note in [
        (Game.OnMissed.BOT, "A moderator kicked ann and gave the seat to {bot}: cheating"),
        (Game.OnMissed.DROP, "A moderator kicked ann out of the game: cheating"),
    ]:
        game = start_game(make_user("ann"), make_user("bob"), make_user("cy"), options=HAND, on_missed=on_missed)
        seat = _seat(game, game.owner)
        out = services.seat_kick(game=game, seat=seat, by=mod, reason="cheating")
        seat.refresh_from_db()
        assert _last(game)[4] == note.format(bot=services.BOT_NAMES[seat.position])
        if on_missed == Game.OnMissed.BOT:
            assert (seat.is_bot, seat.user, seat.status) == (True, None, Seat.Status.PLAYING)
        else:
            assert (seat.is_bot, seat.user, seat.status) == (False, game.owner, Seat.Status.KICKED)
        assert out.pk == seat.pk and list(game.former_players.all()) == [game.owner]


def test_only_a_moderator_kicks_only_a_player_and_with_a_reason(duel, mod, make_user):
    seat = _seat(duel, duel.owner)
    before = duel.moves.count()
    for by in (None, make_user("eve")):
        refused(
            ErrorCode.PERMISSION_DENIED,
            "Only a moderator can kick a player.",
            services.seat_kick,
            game=duel,
            seat=seat,
            by=by,
            reason="x",
        )
    refused(
        ErrorCode.VALIDATION_ERROR,
        "Give a reason: the players are told it.",
        services.seat_kick,
        game=duel,
        seat=seat,
        by=mod,
        reason=" ",
    )
    assert duel.moves.count() == before
    services.seat_replace(game=duel, seat=seat, by=mod, bot=True)
    refused(
        ErrorCode.VALIDATION_ERROR,
        "Only a player can be kicked: a bot plays that seat.",
        services.seat_kick,
        game=duel,
        seat=seat,
        by=mod,
        reason="x",
    )


def test_a_deadline_is_extended_by_whole_hours_and_logged(duel, mod):
    seat = seat_to_act(duel)
    Seat.objects.filter(pk=seat.pk).update(reminder_sent_for=duel.version)  # a reminder was sent
    deadline, version = seat.deadline_at, duel.version
    out = services.deadline_extend(game=duel, seat=seat, by=mod, hours=5)
    out.refresh_from_db()
    assert out.deadline_at == deadline + timedelta(hours=5) and out.reminder_sent_for is None
    duel.refresh_from_db()
    assert duel.version == version + 1
    assert _last(duel) == (
        Move.Kind.ADMIN,
        Move.Channel.ADMIN,
        mod,
        {"type": "extend_deadline", "hours": 5},
        f"A moderator extended {seat.name}'s deadline by 5 h",
    )
    assert duel.moves.order_by("-seq").first().seat == seat
    services.deadline_extend(game=duel, seat=seat, by=mod, hours=1)  # one hour is enough
    assert Seat.objects.get(pk=seat.pk).deadline_at == deadline + timedelta(hours=6)
    version += 1
    refused(
        ErrorCode.VALIDATION_ERROR,
        "Extend by at least one hour.",
        services.deadline_extend,
        game=duel,
        seat=seat,
        by=mod,
        hours=0,
    )
    idle = duel.seats.exclude(pk=seat.pk).get()
    refused(
        ErrorCode.VALIDATION_ERROR,
        "That seat has no pending deadline.",
        services.deadline_extend,
        game=duel,
        seat=idle,
        by=mod,
        hours=1,
    )
    assert duel.moves.count() == version + 1


def test_a_pause_keeps_what_is_left_of_the_running_bank_and_adds_no_increment(bank_duel, mod):
    game = bank_duel
    acting = seat_to_act(game)
    other = game.seats.exclude(pk=acting.pk).get()
    assert acting.bank_running and not other.bank_running
    before = (other.bank_seconds, other.bank_running)
    services.game_pause(game=game, by=mod)
    acting.refresh_from_db()
    other.refresh_from_db()
    assert not acting.bank_running and acting.deadline_at is None
    assert 48 * 3600 - 600 < acting.bank_seconds <= 48 * 3600  # what the start's bank had left, no increment
    assert (other.bank_seconds, other.bank_running) == before


def test_an_abort_tells_every_player_and_without_a_reason_logs_a_plain_sentence(duel, mod):
    game = services.game_abort(game=duel, by=mod)
    move = game.moves.order_by("-seq").first()
    assert (move.action, move.note) == ({"type": "abort", "reason": ""}, "A moderator aborted the game.")
    players = sorted(game.seats.values_list("user", flat=True))
    assert _told(game, move) == [(p, "abort", "") for p in players]
    refused(
        ErrorCode.GAME_NOT_ACTIVE,
        "Only a game in play can have moves undone.",
        services.game_undo,
        game=game,
        by=mod,
    )


def test_an_undo_clears_no_result_into_another_value_and_announces_the_rebuilt_position(duel, mod, announced):
    from games import events

    seat = seat_to_act(duel)
    play(duel, seat, duel.engine.legal_actions(duel.state, seat.position)[0])
    announced.clear()
    undo = services.game_undo(game=duel, by=mod)
    duel.refresh_from_db()
    assert (duel.status, duel.result, duel.finished_at) == (Game.Status.ACTIVE, None, None)
    (change,) = [m for m in announced if isinstance(m, events.GameChanged)]
    assert (change.move.pk, change.events) == (undo.pk, [])
    assert [s.pk for s in change.deciding] == [seat.pk]  # the undone move's seat decides again
    assert change.game.pk == duel.pk
    assert [(s.position, s.pk) for s in change.seats] == list(
        duel.seats.order_by("position").values_list("position", "pk")
    )


def test_a_kick_out_is_logged_as_the_moderators_and_refused_for_a_player_gone_or_a_game_over(
    make_user, toy_engine, mod
):
    ann, bob, cy = make_user("ann"), make_user("bob"), make_user("cy")
    game = start_game(ann, bob, cy, options=HAND, on_missed=Game.OnMissed.DROP)
    services.seat_kick(game=game, seat=_seat(game, ann), by=mod, reason="cheating")
    assert _last(game) == (
        Move.Kind.RESIGN,
        Move.Channel.ADMIN,
        mod,
        {"type": "resign"},
        "A moderator kicked ann out of the game: cheating",
    )
    refused(
        ErrorCode.NOT_A_PLAYER,
        "That player has already left this game.",
        services.seat_kick,
        game=game,
        seat=_seat(game, ann),
        by=mod,
        reason="again",
    )
    services.game_abort(game=game, by=mod)
    refused(
        ErrorCode.GAME_NOT_ACTIVE,
        "Players can only be kicked from a game in play.",
        services.seat_kick,
        game=game,
        seat=_seat(game, bob),
        by=mod,
        reason="x",
    )


def test_a_game_that_cannot_take_a_seat_out_gives_the_kicked_seat_to_a_bot_and_says_so(
    make_user, toy_notify_engine, mod, caplog
):
    game = start_game(make_user("ann"), make_user("bob"), rules="toy-notify", on_missed=Game.OnMissed.DROP)
    seat = _seat(game, game.owner)
    with caplog.at_level("WARNING", logger="games.services"):
        services.seat_kick(game=game, seat=seat, by=mod, reason="cheating")
    seat.refresh_from_db()
    assert (seat.is_bot, seat.user, seat.status) == (True, None, Seat.Status.PLAYING)
    assert [r.getMessage() for r in caplog.records if r.name == "games.services"] == [
        f"engine toy-notify cannot take a seat out; a bot takes seat {seat.position} of game {game.pk}"
    ]


def test_a_kick_tells_the_players_who_plays_the_seat_now_and_the_kicked_player_that_they_were(
    make_user, toy_engine, mod
):
    ann, bob = make_user("ann"), make_user("bob")
    game = start_game(ann, bob, options=HAND)
    seat = _seat(game, ann)
    services.seat_kick(game=game, seat=seat, by=mod, reason="cheating")
    seat.refresh_from_db()
    move = game.moves.order_by("-seq").first()
    assert move.actor == mod
    assert _told(game, move) == sorted([(ann.pk, "kick", "cheating"), (bob.pk, "kick", "cheating")])
    said = {
        n.user_id: (n.context["headline"], n.context["text"])
        for n in Notification.objects.filter(game=game, kind=Kind.MODERATION, context__seq=move.seq)
    }
    assert said == {
        ann.pk: ("you were kicked", f"A moderator kicked you out of {game}. You can still watch the game."),
        bob.pk: ("ann was kicked", f"A moderator kicked ann out of {game}: {seat.name} plays the seat now."),
    }


def test_a_paused_games_seat_is_replaced_and_gets_its_deadline_when_the_game_resumes(duel, mod, make_user):
    seat = seat_to_act(duel)
    name = seat.name
    assert seat.deadline_at is not None
    services.game_pause(game=duel, by=mod)
    cy = make_user("cy")
    services.seat_replace(game=duel, seat=seat, by=mod, user=cy, reason="away")
    seat.refresh_from_db()
    assert (seat.user, seat.deadline_at) == (cy, None)  # a paused game's clock stands still
    assert _last(duel)[4] == f"A moderator replaced {name} with cy: away"
    services.game_resume(game=duel, by=mod)
    seat.refresh_from_db()
    assert seat.deadline_at is not None


def test_a_seat_of_another_game_is_left_as_it_is(duel, mod, make_user):
    other = start_game(make_user("cy"), make_user("dan"), options=HAND)
    seat = _seat(other, other.owner)
    before = (duel.moves.count(), other.moves.count())
    with pytest.raises(Seat.DoesNotExist):
        services.seat_replace(game=duel, seat=seat, by=mod, bot=True)
    seat.refresh_from_db()
    assert (seat.user, seat.is_bot) == (other.owner, False)
    assert (duel.moves.count(), other.moves.count()) == before


def test_a_replacement_tells_who_lost_the_seat_who_got_it_and_the_others_and_no_one_lost_it_to_themselves(
    duel, mod, make_user
):
    ann, cy = duel.owner, make_user("cy")
    seat = _seat(duel, ann)
    bob = duel.seats.exclude(pk=seat.pk).get().user

    def headlines():
        move = duel.moves.order_by("-seq").first()
        notices = Notification.objects.filter(game=duel, kind=Kind.MODERATION, context__seq=move.seq)
        return {n.user_id: (n.context["headline"], n.context["reason"]) for n in notices}

    services.seat_replace(game=duel, seat=seat, by=mod, user=cy, reason="gone")
    assert headlines() == {
        ann.pk: ("your seat was given to cy", "gone"),
        cy.pk: ("you now play the seat ann had", "gone"),
        bob.pk: ("ann replaced by cy", "gone"),
    }
    services.seat_replace(game=duel, seat=seat, by=mod, user=cy, reason="again")
    assert headlines() == {cy.pk: ("you now play the seat cy had", "again"), bob.pk: ("cy replaced by cy", "again")}
    assert list(duel.former_players.all()) == [ann]


def test_a_seat_to_act_given_to_another_player_keeps_its_bank_and_gets_a_fresh_deadline(bank_duel, mod, make_user):
    game = bank_duel
    acting = seat_to_act(game)
    other = game.seats.exclude(pk=acting.pk).get()
    assert acting.bank_running and other.deadline_at is None
    acting.deadline_at = timezone.now() + timedelta(hours=10)  # 38 of its 48 hours spent
    acting.reminder_sent_for = acting.position
    acting.save(update_fields=["deadline_at", "reminder_sent_for"])
    cy = make_user("cy")
    services.seat_replace(game=game, seat=acting, by=mod, user=cy)
    acting.refresh_from_db()
    other.refresh_from_db()
    assert 10 * 3600 - 600 < acting.bank_seconds <= 10 * 3600  # what was left, no increment
    assert timedelta(hours=10, minutes=-10) < acting.deadline_at - timezone.now() <= timedelta(hours=10)
    assert (acting.bank_running, acting.reminder_sent_for, other.deadline_at) == (True, None, None)
    move = game.moves.order_by("-seq").first()
    assert (move.seat_id, move.position) == (acting.pk, acting.position)
    menus = Notification.objects.filter(user=cy, kind__in=[Kind.YOUR_TURN, Kind.DECISION])
    assert list(menus.values_list("kind", "seat")) == [
        (Kind.YOUR_TURN, acting.pk)
    ]  # the seat's menu, to its new player
