"""The hourly caps on inbound mail (inbound.caps), on rows written here: which replies count
towards a seat's cap (its reply address and sender only, the hour's, handled ones, a refusal five
times), when the sender may reply again, and the cap on answers of refusal."""

from datetime import timedelta

import pytest

from inbound import caps
from notifications.models import InboundMessage, Kind, Notification

from .conftest import T0, seat_at

pytestmark = pytest.mark.django_db
SINCE = T0 - timedelta(hours=1)
SENDER = "Ann <ann@example.com>"
TOKEN = "play:1-1-1"


@pytest.fixture
def seat(make_game, settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "INBOUND_REPLIES_PER_HOUR": 10, "INBOUND_ERROR_REPLIES_PER_HOUR": 3}
    return seat_at(make_game(), 0)


def received(seat, outcome, minutes_ago, *, sender=SENDER, token=TOKEN, other_seat=None):
    row = InboundMessage.objects.create(
        message_key=f"{InboundMessage.objects.count()}-{outcome}-{minutes_ago}-{sender}-{token}",
        sender=sender,
        seat=other_seat or seat,
        game_id=seat.game_id,
        reply_token=token,
        outcome=outcome,
    )
    InboundMessage.objects.filter(pk=row.pk).update(received_at=T0 - timedelta(minutes=minutes_ago))
    return row


def now(seat, **kwargs):
    return received(seat, "received", 0, **kwargs)


def test_under_the_cap_a_reply_is_read(seat):
    for minutes in range(9):
        received(seat, "played", 50 - minutes)
    assert caps.over_cap(seat, now(seat), SINCE) is None


def test_at_the_cap_a_reply_is_not_read_and_told_when_to_reply_again(seat):
    for minutes in (50, 40, 30, 20, 10, 5, 4, 3, 2, 1):
        received(seat, "chat" if minutes % 2 else "played", minutes)
    why = caps.over_cap(seat, now(seat), SINCE)
    assert why == (
        "It was not read: more than 10 replies to this email came from ann@example.com within an hour (a reply "
        "that cannot be played counts as 5). You can reply again from Fri 01 Mar 2030, 12:10 UTC."
    )


def test_a_refusal_counts_five_times_and_the_time_to_reply_again_is_when_enough_are_an_hour_old(seat):
    received(seat, "not_understood", 50)
    received(seat, "refused", 40)
    received(seat, "played", 30)
    # 5 + 5 + 1 = 11: under 10 once the first is an hour old (at 11:10 + 1 h)
    first = now(seat)
    assert caps.over_cap(seat, first, SINCE).endswith("You can reply again from Fri 01 Mar 2030, 12:10 UTC.")
    first.delete()
    received(seat, "stale", 20)
    # 16: under 10 once the first two are (11:20 + 1 h)
    assert caps.over_cap(seat, now(seat), SINCE).endswith("You can reply again from Fri 01 Mar 2030, 12:20 UTC.")


def test_the_time_is_in_the_players_zone(seat):
    seat.user.time_zone = "Europe/Berlin"
    seat.user.save()
    received(seat, "refused", 50)
    received(seat, "refused", 40)
    assert caps.over_cap(seat, now(seat), SINCE).endswith(
        "You can reply again from Fri 01 Mar 2030, 13:10 CET (Europe/Berlin)."
    )


def test_a_sender_with_no_address_is_you(seat):
    received(seat, "refused", 50, sender="")
    received(seat, "refused", 40, sender="")
    assert "came from you within an hour" in caps.over_cap(seat, now(seat, sender=""), SINCE)


@pytest.mark.parametrize("outcome", caps.UNHANDLED)
def test_mail_not_handled_does_not_count(seat, outcome):
    for minutes in range(10):
        received(seat, outcome, 50 - minutes)
    received(seat, "refused", 5)
    assert caps.over_cap(seat, now(seat), SINCE) is None


def test_only_this_hours_replies_to_this_address_from_this_sender_to_this_seat_count(seat, make_game):
    other = seat_at(seat.game, 1)
    received(seat, "refused", 61)  # over an hour old
    received(seat, "refused", 10, sender="Bob <bob@example.com>")
    received(seat, "refused", 10, token="play:1-1-2")
    received(seat, "refused", 10, other_seat=other)
    received(seat, "refused", 10)
    assert caps.over_cap(seat, now(seat), SINCE) is None
    received(seat, "refused", 60)  # exactly an hour old: still counted
    assert caps.over_cap(seat, now(seat), SINCE) is not None


def test_the_reply_itself_does_not_count(seat):
    received(seat, "refused", 50)
    record = received(seat, "refused", 0)
    assert caps.over_cap(seat, record, SINCE) is None


def answers_of_refusal(seat, count, minutes_ago=10, **context):
    for _ in range(count):
        note = Notification.objects.create(
            user=seat.user, seat=seat, game=seat.game, kind=Kind.REPLY_ERROR, context=context
        )
        Notification.objects.filter(pk=note.pk).update(created_at=T0 - timedelta(minutes=minutes_ago))


def test_answers_of_refusal_are_counted_for_the_seat_within_the_hour(seat):
    other = seat_at(seat.game, 1)
    answers_of_refusal(seat, 2)
    answers_of_refusal(seat, 1, minutes_ago=61)
    answers_of_refusal(other, 4)
    Notification.objects.create(user=seat.user, seat=seat, game=seat.game, kind=Kind.REPLY_OK, context={})
    assert caps.error_answers(seat, SINCE) == 2
    assert not caps.answers_used_up(2)
    assert caps.answers_used_up(3) and caps.answers_used_up(4)


def test_told_finds_an_answer_marked_so_within_the_hour(seat):
    answers_of_refusal(seat, 1, minutes_ago=61, over_cap=True)
    answers_of_refusal(seat, 1, help=True)
    assert not caps.told(seat, SINCE, "over_cap")
    assert caps.told(seat, SINCE, "help")
    answers_of_refusal(seat, 1, over_cap=True)
    assert caps.told(seat, SINCE, "over_cap")


def test_a_reply_over_the_cap_is_answered_once(seat):
    told = []
    assert caps.answer_over_cap("Not read.", lambda why, **kw: told.append((why, kw)), seat, SINCE) == ""
    assert told == [("Not read.", {"over_cap": True})]
    answers_of_refusal(seat, 1, over_cap=True)
    assert caps.answer_over_cap("Not read.", told.append, seat, SINCE) == (
        " No answer was sent: the player was already told so within the hour."
    )
    assert len(told) == 1


def test_no_answer_once_the_answers_of_refusal_are_used_up(seat):
    told = []
    answers_of_refusal(seat, 3)
    assert caps.answer_over_cap("Not read.", told.append, seat, SINCE) == (
        " No answer was sent: 3 answers of refusal went to this seat this hour."
    )
    assert told == []


def test_a_cap_of_none_reads_no_reply(seat, settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "INBOUND_REPLIES_PER_HOUR": 0}
    why = caps.over_cap(seat, now(seat), SINCE)
    assert why.startswith("It was not read: more than 0 replies")
    assert why.endswith("You can reply again from Fri 01 Mar 2030, 12:00 UTC.")
