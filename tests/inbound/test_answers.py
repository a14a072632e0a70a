"""The answers a reply gets (inbound.answers), written to the outbox directly: what each says
(played, not played and why, how to play by email, a chat message not posted), the fresh menu
when the seat has a decision, and none for a seat whose player is gone."""

from types import SimpleNamespace

import pytest

from games import services
from games.models import Game
from inbound import answers
from notifications.models import Delivery, Kind, Notification
from notifications.services import game_mute_set

from .conftest import seat_at, turn_seat

pytestmark = pytest.mark.django_db


def answer(seat, kind):
    return Notification.objects.filter(seat=seat, kind=kind).latest("pk")


def test_not_played_says_why_quotes_the_line_and_gives_a_fresh_menu(make_game):
    game = make_game()
    seat = turn_seat(game)
    stale = Game.objects.get(pk=game.pk)
    Game.objects.filter(pk=game.pk).update(title="Renamed trail")
    answers.reply_error(stale, seat, "x" * 300, "Not a move.", "<m@example.com>", over_cap=True)
    note = answer(seat, Kind.REPLY_ERROR)
    assert note.context["error"] == "Not a move." and note.context["line"] == "x" * 200
    assert note.context["in_reply_to"] == "<m@example.com>" and note.context["over_cap"] is True
    assert note.context["decision"]["moves"][0]["label"] == "Advance one step"
    assert note.context["game"]["title"] == "Renamed trail"  # the game read again, not the caller's copy
    assert note.email == seat.user.email


def test_no_menu_for_a_seat_without_a_decision(make_game):
    game = make_game()
    waiting = next(s for s in game.seats.all() if s.pk != turn_seat(game).pk)
    answers.reply_error(game, waiting, "1", "Not your turn.")
    note = answer(waiting, Kind.REPLY_ERROR)
    assert "decision" not in note.context and note.context["in_reply_to"] == ""


def test_played_says_what_was_played_what_it_did_and_what_was_not(make_game):
    game = make_game()
    seat = turn_seat(game)
    result = services.move_submit(
        game=game, seat=seat, action={"type": "advance"}, expected_version=game.version, channel="email"
    )
    answers.reply_ok(game, seat, "Advance one step", [result], "<m@example.com>", stopped=("y" * 300, "No."))
    note = answer(seat, Kind.REPLY_OK)
    assert note.context["played"] == "Advance one step" and note.context["in_reply_to"] == "<m@example.com>"
    assert note.context["events"] == [f"Seat {seat.position} advances."]
    assert note.context["not_played"] == {"step": "y" * 200, "why": "No."}
    assert note.game_id == game.pk and note.context["game"]["title"] == "Test trail"
    answers.reply_ok(game, seat, "Advance one step", [])
    note = answer(seat, Kind.REPLY_OK)
    assert "not_played" not in note.context and note.context["events"] == [] and note.context["in_reply_to"] == ""


def test_played_names_the_seats_its_events_tell_of_by_their_players(make_game):
    game = make_game()
    seat = turn_seat(game)
    first = seat_at(game, 0)
    told = SimpleNamespace(events=[{"type": "ford", "seat": 0, "public": {"text": "Player 1 fords the river."}}])
    answers.reply_ok(game, seat, "Ford the river", [told])
    assert answer(seat, Kind.REPLY_OK).context["events"] == [f"{first.name} fords the river."]
    mine = {"type": "drew", "seat": seat.position, "public": {"text": "A card is drawn."}}
    mine["private"] = {str(seat.position): {"text": "You drew 7."}}
    answers.reply_ok(game, seat, "Draw", [SimpleNamespace(events=[mine])])
    assert answer(seat, Kind.REPLY_OK).context["events"] == ["A card is drawn. (You drew 7.)"]  # the reader's own part


def test_how_to_play_by_email_has_the_menu_in_a_game_in_play(make_game):
    game = make_game()
    seat = turn_seat(game)
    answers.reply_help(game, seat, "<h@example.com>")
    note = answer(seat, Kind.REPLY_ERROR)
    assert note.context["help"] is True and note.context["active"] is True
    assert note.context["in_reply_to"] == "<h@example.com>" and note.context["decision"]["moves"]
    assert note.game_id == game.pk and note.context["game"]["title"] == "Test trail"
    Game.objects.filter(pk=game.pk).update(status=Game.Status.PAUSED)
    answers.reply_help(game, seat)
    note = answer(seat, Kind.REPLY_ERROR)
    assert note.context["active"] is False and "decision" not in note.context and note.context["in_reply_to"] == ""


def test_a_chat_reply_not_posted_is_told_why_in_its_thread(make_game):
    game = make_game()
    seat = seat_at(game, 1)
    answers.chat_refused(seat, "The table is closed.", "\n--\n" + "z" * 300 + "\nmore", "<c@example.com>", muted=True)
    note = answer(seat, Kind.REPLY_ERROR)
    assert note.context["error"] == "The table is closed." and note.context["line"] == "z" * 200
    assert note.context["chat"] is True and note.context["muted"] is True
    assert note.context["in_reply_to"] == "<c@example.com>" and "decision" not in note.context
    assert note.game_id == game.pk


def test_a_seat_whose_player_is_gone_gets_no_answer(make_game):
    game = make_game()
    seat = turn_seat(game)
    seat.user = None
    seat.save(update_fields=["user"])
    before = Notification.objects.count()
    answers.reply_error(game, seat, "1", "No.")
    answers.reply_ok(game, seat, "Advance one step", [])
    answers.reply_help(game, seat)
    answers.chat_refused(seat, "No.", "hi", "")
    assert Notification.objects.count() == before


def test_a_player_who_muted_the_game_still_gets_the_answers_to_their_replies(make_game):
    game = make_game()
    seat = turn_seat(game)
    game_mute_set(user=seat.user, game=game, muted=True)
    answers.reply_error(game, seat, "9", "No such move.")
    answers.reply_ok(game, seat, "Advance one step", [])
    answers.reply_help(game, seat)
    answers.chat_refused(seat, "The table is closed.", "hi", "")
    sent = Notification.objects.filter(seat=seat, kind__in=[Kind.REPLY_OK, Kind.REPLY_ERROR]).order_by("pk")
    assert [(n.kind, n.delivery) for n in sent] == [
        (Kind.REPLY_ERROR, Delivery.IMMEDIATE),
        (Kind.REPLY_OK, Delivery.IMMEDIATE),
        (Kind.REPLY_ERROR, Delivery.IMMEDIATE),
        (Kind.REPLY_ERROR, Delivery.IMMEDIATE),
    ]
