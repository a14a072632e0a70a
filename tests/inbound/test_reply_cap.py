"""The hourly cap on a seat's email replies: a reply past it is answered once (not read, why, and
when the player may reply again), within the cap on answers, so robots still get silence; a reply
that cannot be played counts five times; and each sender has an allowance of their own."""

from datetime import timedelta

import pytest

from games import services
from inbound.caps import REFUSAL_WEIGHT
from inbound.route import handle_raw
from notifications.models import InboundMessage, Kind, Notification

from .conftest import T0, seat_at, turn_seat
from .test_inbound_robots_and_hostile_mail import reply, reply_to_address

pytestmark = pytest.mark.django_db


def cap(settings, replies, answers=3):
    settings.TRAILPOST = {
        **settings.TRAILPOST,
        "INBOUND_REPLIES_PER_HOUR": replies,
        "INBOUND_ERROR_REPLIES_PER_HOUR": answers,
    }


def others_turn(game, seat):
    """The other seat ends its turn (on the site), so `seat` has a decision again."""
    other = turn_seat(game)
    if other.pk != seat.pk:
        game.refresh_from_db()
        services.move_submit(
            game=game, seat=other, action={"type": "end_turn"}, expected_version=game.version, channel="web"
        )


def over_cap_answers(seat):
    return Notification.objects.filter(seat=seat, kind=Kind.REPLY_ERROR, context__over_cap=True)


def test_a_reply_past_the_cap_is_answered_once_saying_when_to_reply_again(clock, make_game, settings):
    cap(settings, 2 * REFUSAL_WEIGHT)
    game = make_game()
    seat = turn_seat(game)
    address = reply_to_address(seat)
    for minute in range(2):
        clock.move_to(T0 + timedelta(minutes=minute))
        assert handle_raw(reply(address, "fly to the moon")).outcome == "not_understood"
    clock.move_to(T0 + timedelta(minutes=10))
    moves = game.moves.count()
    result = handle_raw(reply(address, "End the turn"))
    assert result.outcome == "over_cap"
    answer = over_cap_answers(seat).get()
    error = answer.context["error"]
    assert "not read" in error and "more than 10 replies to this email" in error and "player@example.com" in error
    # The first of the two is an hour old at 13:00: then one remains, under the cap.
    assert "You can reply again from Fri 01 Mar 2030, 13:00 UTC" in error
    assert answer.context["decision"]["moves"]  # a fresh menu, to use from then on
    assert game.moves.count() == moves
    # More replies past the cap are recorded but answered no more.
    assert handle_raw(reply(address, "End the turn")).outcome == "over_cap"
    assert over_cap_answers(seat).count() == 1
    assert "already told" in InboundMessage.objects.latest("pk").detail
    clock.move_to(T0 + timedelta(hours=1, seconds=1))
    assert handle_raw(reply(address, "End the turn")).outcome == "played"


def test_replies_to_an_old_email_do_not_use_up_the_allowance_of_the_current_one(make_game):
    """The attack: replies to a past "your turn" address of a seat (the From header the player's
    own, as anyone may write it) used up the seat's hourly cap, and the genuine reply to the
    current email was then dropped. Each email's address has its own allowance."""
    game = make_game()
    seat = turn_seat(game)
    old = reply_to_address(seat)
    services.move_submit(
        game=game, seat=seat, action={"type": "end_turn"}, expected_version=game.version, channel="web"
    )
    others_turn(game, seat)
    current = reply_to_address(seat)
    assert current != old
    stale = [handle_raw(reply(old, "End the turn")).outcome for _ in range(45)]  # 45 x 5 > the cap of 200
    assert stale[0] == "stale" and stale[-1] == "over_cap"
    moves = game.moves.count()
    assert handle_raw(reply(current, "End the turn")).outcome == "played"
    assert game.moves.count() == moves + 1


def test_a_reply_that_cannot_be_played_counts_five_times(make_game, settings):
    cap(settings, 2 * REFUSAL_WEIGHT)
    game = make_game()
    seat = turn_seat(game)
    for _ in range(2):
        assert handle_raw(reply(reply_to_address(seat), "fly to the moon")).outcome == "not_understood"
    assert handle_raw(reply(reply_to_address(seat), "End the turn")).outcome == "over_cap"


def test_robots_past_the_cap_get_silence_once_the_answers_are_used_up(make_game, settings):
    cap(settings, 2 * REFUSAL_WEIGHT, answers=2)
    game = make_game()
    seat = turn_seat(game)
    for _ in range(2):
        assert handle_raw(reply(reply_to_address(seat), "fly to the moon")).outcome == "not_understood"
    before = Notification.objects.count()
    assert handle_raw(reply(reply_to_address(seat), "End the turn")).outcome == "over_cap"
    assert Notification.objects.count() == before
    assert "No answer was sent" in InboundMessage.objects.latest("pk").detail


def test_a_stranger_with_the_reply_address_does_not_use_up_the_players_allowance(make_game, settings):
    cap(settings, REFUSAL_WEIGHT)
    game = make_game()
    seat = turn_seat(game)
    address = reply_to_address(seat)
    stranger = "stranger@example.net"
    assert handle_raw(reply(address, "hello?", sender=stranger)).outcome == "not_understood"
    assert handle_raw(reply(address, "hello??", sender=stranger)).outcome == "over_cap"
    assert "stranger@example.net" in over_cap_answers(seat).get().context["error"]
    assert handle_raw(reply(address, "End the turn")).outcome == "played"
    assert seat_at(game, seat.position).pk == seat.pk


def test_a_chat_reply_past_the_cap_is_answered_once_and_posts_nothing(make_game, users, settings):
    from chat.models import Message
    from chat.services import post_message

    cap(settings, 2)
    game = make_game()
    post_message(game=game, user=users[0], text="Hello, trail!", to=None, channel="web")
    chat = Notification.objects.filter(user=users[1], kind=Kind.CHAT).latest("pk")
    for text in ("Hi!", "How are you?"):
        assert handle_raw(reply(chat.context["reply_to"], text)).outcome == "chat"
    for text in ("Still there?", "Hello?"):
        assert handle_raw(reply(chat.context["reply_to"], text)).outcome == "over_cap"
    answer = over_cap_answers(chat.seat).get()
    assert answer.context["chat"] and "You can reply again from" in answer.context["error"]
    assert Message.objects.filter(game=game).count() == 3
