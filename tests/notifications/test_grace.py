"""The grace window: a "your turn" email waits TRAILPOST["GRACE_SECONDS"] first, and does not go
if the player moved or had the game page open meanwhile; a player's decisions within it go out as
one email, showing the game as it is when it goes. Hits stay immediate. Per user and kind, a
player may choose: immediately, after the grace window, a daily digest, or never."""

from datetime import timedelta

import pytest
from django.core import mail
from django.urls import reverse

from games.models import Seat
from notifications import delivery
from notifications import services as notice_services
from notifications.models import Delivery, Kind, Notification, Outcome
from notifications.tokens import read_reply_token
from tests.builders import play

from .conftest import minute, seat_at, turn_seat

pytestmark = pytest.mark.django_db

GRACE = 120


@pytest.fixture(autouse=True)
def _grace(settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "GRACE_SECONDS": GRACE}


def waiting(game, user):
    return Notification.objects.filter(game=game, user=user, delivery=Delivery.GRACE).order_by("pk")


def sent_to(email):
    return [m for m in mail.outbox if m.to == [email]]


def test_a_your_turn_email_waits_out_the_grace_window_then_goes_once(make_game, clock, eager):
    game = make_game()
    seat = turn_seat(game)
    [notice] = waiting(game, seat.user)
    assert notice.kind == Kind.YOUR_TURN
    assert minute()["sent"] == 0 and sent_to(seat.user.email) == []  # still inside the window
    delivery.send_notifications([notice.pk])  # a task run early sends nothing either
    assert sent_to(seat.user.email) == []
    clock.shift(timedelta(seconds=GRACE + 1))
    assert minute()["sent"] == 1
    [email] = sent_to(seat.user.email)
    assert "1. Advance one step" in email.body
    clock.shift(timedelta(minutes=5))
    assert minute()["sent"] == 0
    assert len(sent_to(seat.user.email)) == 1
    notice.refresh_from_db()
    assert notice.sent_at is not None and notice.outcome == Outcome.SENT


def test_the_task_that_comes_back_for_the_window_sends_nothing_before_its_moment_and_the_email_at_it(make_game, clock):
    from notifications import tasks

    game = make_game()
    seat = turn_seat(game)
    [notice] = waiting(game, seat.user)
    due = (notice.created_at + timedelta(seconds=GRACE)).isoformat()
    assert tasks.send_notifications([notice.pk], due) == 0  # before its moment: left to the sweep
    assert sent_to(seat.user.email) == []
    clock.shift(timedelta(seconds=GRACE + 1))
    assert tasks.send_notifications([notice.pk], due) == 1
    assert len(sent_to(seat.user.email)) == 1


def test_no_email_when_the_player_moves_within_the_window(make_game, clock, eager):
    game = make_game()
    seat = turn_seat(game)
    clock.shift(timedelta(seconds=30))
    play(game, seat, {"type": "advance"}, channel="api")
    clock.shift(timedelta(seconds=GRACE))
    minute()
    assert sent_to(seat.user.email) == []
    [notice] = waiting(game, seat.user)
    assert notice.outcome == Outcome.ACTED and notice.sent_at is not None


def test_no_email_when_the_player_has_the_game_page_open(make_game, clock, eager, client):
    game = make_game()
    seat = turn_seat(game)
    client.force_login(seat.user)
    clock.shift(timedelta(seconds=10))
    # The page's live region polls; the first poll records the player's presence.
    assert client.get(reverse("games:live", args=[game.pk]) + f"?v={game.version}").status_code == 204
    clock.shift(timedelta(seconds=GRACE))
    minute()
    assert sent_to(seat.user.email) == []
    assert waiting(game, seat.user).get().outcome == Outcome.SEEN


def test_someone_elses_page_does_not_count_and_presence_writes_rarely(make_game, clock, eager, client):
    game = make_game()
    seat = turn_seat(game)
    other = seat_at(game, 1 - seat.position)
    client.force_login(other.user)
    assert client.get(reverse("games:detail", args=[game.pk])).status_code == 200
    seen = Seat.objects.get(pk=other.pk).seen_at
    clock.shift(timedelta(seconds=5))
    client.get(reverse("games:live", args=[game.pk]) + f"?v={game.version}")
    assert Seat.objects.get(pk=other.pk).seen_at == seen  # within PRESENCE_SECONDS: not written again
    assert Seat.objects.get(pk=seat.pk).seen_at is None
    clock.shift(timedelta(seconds=GRACE))
    minute()
    assert len(sent_to(seat.user.email)) == 1


def test_decisions_within_the_window_go_out_as_one_email_with_the_game_as_it_is_then(make_game, clock, eager):
    game = make_game()
    first = turn_seat(game)
    second = seat_at(game, 1 - first.position)
    play(game, first, {"type": "end_turn"})  # the second player's turn: notice A
    clock.shift(timedelta(seconds=20))
    play(game, second, {"type": "end_turn"}, channel="timeout")  # played by the clock, not by them
    clock.shift(timedelta(seconds=20))
    play(game, first, {"type": "end_turn"})  # the second player's turn again: notice B
    a, b = waiting(game, second.user)
    clock.shift(timedelta(seconds=GRACE - 30))  # A is due, B is not: A waits for B
    minute()
    assert sent_to(second.user.email) == []
    clock.shift(timedelta(seconds=31))
    minute()
    [email] = sent_to(second.user.email)
    a.refresh_from_db(), b.refresh_from_db()
    assert (a.outcome, b.outcome) == (Outcome.MERGED, Outcome.SENT)
    game.refresh_from_db()
    reply_to = email.reply_to[0]
    token = read_reply_token(reply_to.split("+", 1)[1].split("@")[0])
    assert token.version == game.version  # the menu answers the game as it is now
    assert "What happened since your last move:\n  - Seat 0 ends the turn." in email.body


def test_no_email_when_nothing_is_left_to_decide(make_game, clock, eager):
    game = make_game()
    seat = turn_seat(game)
    play(game, seat, {"type": "end_turn"}, channel="timeout")
    clock.shift(timedelta(seconds=GRACE + 1))
    minute()
    assert sent_to(seat.user.email) == []
    assert waiting(game, seat.user).get().outcome == Outcome.STALE


def test_hits_go_at_once_and_each_kind_follows_the_players_choice(make_game, clock, eager, users):
    game = make_game()
    seat = turn_seat(game)
    victim = seat_at(game, 1 - seat.position)
    play(game, seat, {"type": "calamity", "victim": victim.position})
    [hit] = Notification.objects.filter(user=victim.user, kind=Kind.HIT)
    assert hit.delivery == Delivery.IMMEDIATE
    minute()  # no time has passed: only what goes at once goes
    assert len(sent_to(victim.user.email)) == 1
    # The victim wants their turns at once and hits after the window.
    notice_services.preferences_save(
        user=victim.user, deliveries={Kind.YOUR_TURN: Delivery.IMMEDIATE, Kind.HIT: Delivery.GRACE}
    )
    assert notice_services.preferences_of(seat.user)["deliveries"][Kind.YOUR_TURN] == Delivery.GRACE
    victim.user.refresh_from_db()
    play(game, victim, {"type": "medicine", "use": True}, channel="timeout")  # then it is the victim's turn
    assert Notification.objects.filter(user=victim.user, kind=Kind.YOUR_TURN).get().delivery == Delivery.IMMEDIATE
    minute()
    assert len(sent_to(victim.user.email)) == 2


def test_a_grace_window_of_zero_sends_at_once(make_game, eager, settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "GRACE_SECONDS": 0}
    game = make_game()
    seat = turn_seat(game)
    assert Notification.objects.get(user=seat.user).delivery == Delivery.IMMEDIATE
    minute()
    assert len(sent_to(seat.user.email)) == 1


def _play_the_opening(make_game, clock, client, moves, *, channel):
    """Two players play the first `moves` moves of an Oregon Trail Race game, ten seconds apart,
    each taking the first move of their menu; on the web both have the game page open (its live
    region polls every few seconds; here, every ten or twenty). Returns how many emails went out once every window was over."""
    from games.selectors import legal_moves

    game = make_game(2, rules="oregon-trail-race")
    mail.outbox.clear()

    def pages_poll():
        for seat in Seat.objects.filter(game=game).select_related("user"):
            client.force_login(seat.user)
            client.get(reverse("games:live", args=[game.pk]) + "?v=0")

    for _ in range(moves):
        game.refresh_from_db()
        seat = seat_at(game, game.engine.to_act(game.state)[0])
        if channel == "web":
            pages_poll()
        [first, *_] = legal_moves(game, seat)
        play(game, seat, first["action"], channel=channel)
        clock.shift(timedelta(seconds=10))
        minute()
    for _ in range(0, GRACE + 60, 20):
        if channel == "web":
            pages_poll()
        clock.shift(timedelta(seconds=20))
        minute()
    return len(mail.outbox)


@pytest.mark.parametrize("channel", ["web", "api"])
def test_an_oregon_trail_race_opening_sends_no_email_to_players_at_the_table(
    make_game, clock, eager, client, settings, channel
):
    grace = _play_the_opening(make_game, clock, client, 16, channel=channel)
    settings.TRAILPOST = {**settings.TRAILPOST, "GRACE_SECONDS": 0}
    at_once = _play_the_opening(make_game, clock, client, 16, channel=channel)
    print(
        f"emails in a 2-player Oregon Trail Race opening (16 moves, {channel}): {at_once} at once, {grace} with grace"
    )
    assert at_once >= 8  # each pick that passes the turn was an email
    # On the web both pages are open: nothing. By API, only the decision still open at the end.
    assert grace == (0 if channel == "web" else 1)


def test_a_notice_that_waited_out_its_window_says_what_happened_since_the_players_own_move(make_game, serve_games):
    """What a waited notice says when it goes (notifications.outbox.decision_notice): the menu as
    the game is now, and the events since the player's own last move, each with the player's own
    private detail (here a secret every seat is told its own part of)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from notifications import outbox
    from tests.toy_engine import TWICE, TWICE_WORD

    serve_games({TWICE.name: "tests.toy_engine:TWICE"})
    game = make_game(rules="toy-twice")
    first, second = seat_at(game, 0), seat_at(game, 1)
    play(game, first, {"type": "hide", "word": TWICE_WORD})
    play(game, second, {"type": "hide", "word": TWICE_WORD})
    game.refresh_from_db()
    with CaptureQueriesContext(connection) as queries:
        notice = outbox.decision_notice(game, first)
    assert sum('FROM "games_seat"' in q["sql"] for q in queries.captured_queries) == 1  # the names, once
    assert notice == {
        "game": {"id": game.pk, "title": "Test trail", "rules_title": TWICE.title},
        "decision": outbox.decision_context(game, first),
        "events": ["Seat 1 hid something. (secret-for-0)"],
    }
    assert outbox.decision_notice(game, second) is None  # nothing to decide
