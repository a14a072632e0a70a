"""Moderation emails (issue #17): the players of a game are told when a moderator pauses, resumes
or aborts it, or replaces or kicks a player, with the reason; the player who lost the seat is
told too (no longer seated). Every email goes through the real SMTP sink and is read back."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from games import services
from games.models import Game, Move, Seat
from notifications import delivery
from notifications.emails import thread_root
from notifications.models import GameMute, Kind, Notification
from tests.builders import start_game

from .conftest import seat_at, turn_seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def mod(django_user_model):
    return django_user_model.objects.create_user(
        username="mod", email="mod@example.com", password="x", display_name="Mod", is_staff=True
    )


def _sent(smtp_sink, game) -> dict:
    """Sends the game's moderation notices over SMTP; returns {recipient address: (what it is about,
    text, html)}: what it is about is the text's first line (the subject is the game's, for all its emails)."""
    ids = list(
        Notification.objects.filter(game=game, kind=Kind.MODERATION, sent_at__isnull=True).values_list("pk", flat=True)
    )
    before = len(smtp_sink.messages)
    assert delivery.send_notifications(ids) == len(ids)
    messages = smtp_sink.wait_for(before + len(ids))[before:]
    assert len(messages) == len(ids)
    out = {}
    for m in messages:
        text = m.get_body(preferencelist=("plain",)).get_content()
        html = m.get_body(preferencelist=("html",)).get_content()
        assert str(m["To"]) not in out, "one email per person"
        assert str(m["Subject"]) == f"{game} · Trailpost"
        out[str(m["To"])] = (text.splitlines()[0], " ".join(text.split()), html, m)
    return out


def test_pause_resume_and_abort_tell_every_player_why(make_game, users, mod, smtp_sink):
    game = make_game(n=3)
    emails = {u.email for u in users}
    services.game_pause(game=game, by=mod, reason="Server maintenance tonight")
    paused = _sent(smtp_sink, game)
    assert set(paused) == emails
    for address, (subject, text, html, message) in paused.items():
        assert subject == "Test trail: paused by a moderator"
        assert "A moderator paused Test trail: no moves can be made, and deadlines stop, until it is resumed." in text
        assert "The moderator's reason: Server maintenance tonight" in text
        assert "Server maintenance tonight" in html
        user = next(u for u in users if u.email == address)
        assert message["In-Reply-To"] == thread_root(game_id=game.pk, user_id=user.pk)  # the game's thread
        assert "Mute this game" in text and "Stop emails like this" not in text  # always sent, unless muted
    services.game_resume(game=game, by=mod, reason="Back up")
    resumed = _sent(smtp_sink, game)
    assert set(resumed) == emails
    assert all(
        s == "Test trail: resumed by a moderator" and "The moderator's reason: Back up" in t
        for s, t, *_ in resumed.values()
    )
    services.game_abort(game=game, by=mod, reason="Abandoned <b>for good</b> & all")
    aborted = _sent(smtp_sink, game)
    assert set(aborted) == emails
    for subject, text, html, _ in aborted.values():
        assert subject == "Test trail: aborted by a moderator"
        assert "the game is over, with no result" in text
        assert "The moderator's reason: Abandoned <b>for good</b> & all" in text  # the text part as typed
        assert "Abandoned &lt;b&gt;for good&lt;/b&gt; &amp; all" in html and "<b>for good" not in html


def test_without_a_reason_the_email_says_none_was_given(make_game, users, mod, smtp_sink):
    game = make_game(n=2)
    services.game_pause(game=game, by=mod)
    for _subject, text, _html, _ in _sent(smtp_sink, game).values():
        assert "The moderator gave no reason." in text


def test_a_replacement_tells_the_player_who_lost_the_seat_the_new_holder_and_the_others(
    make_game, users, mod, smtp_sink, django_user_model
):
    game = make_game(n=3)
    old = seat_at(game, 1)
    leaving = old.user
    dee = django_user_model.objects.create_user(
        username="dee", email="dee@example.com", password="x", display_name="Dee"
    )
    services.seat_replace(game=game, seat=old, by=mod, user=dee, reason="Player0 asked for a substitute")
    mails = _sent(smtp_sink, game)
    assert set(mails) == {u.email for u in users} | {"dee@example.com"}
    name = leaving.public_name
    subject, text, *_ = mails[leaving.email]
    assert subject == "Test trail: your seat was given to Dee"
    assert "A moderator gave your seat in Test trail to Dee. You can still watch the game." in text
    subject, text, *_ = mails["dee@example.com"]
    assert subject == f"Test trail: you now play the seat {name} had"
    assert f"A moderator gave you the seat {name} had in Test trail." in text
    for other in (u for u in users if u != leaving):
        subject, text, *_ = mails[other.email]
        assert subject == f"Test trail: {name} replaced by Dee"
        assert f"A moderator replaced {name} with Dee in Test trail." in text
    assert all("The moderator's reason: Player0 asked for a substitute" in t for _s, t, *_ in mails.values())


def test_a_kick_to_a_bot_tells_the_kicked_player_and_the_others(make_game, users, mod, smtp_sink):
    game = make_game(n=3)
    seat = seat_at(game, 2)
    kicked = seat.user
    services.seat_kick(game=game, seat=seat, by=mod, reason="Abusive chat")
    bot = Seat.objects.get(pk=seat.pk).name
    mails = _sent(smtp_sink, game)
    assert set(mails) == {u.email for u in users}  # the bot is nobody to write to
    subject, text, *_ = mails[kicked.email]
    assert subject == "Test trail: you were kicked"
    assert "A moderator kicked you out of Test trail. You can still watch the game." in text
    for other in (u for u in users if u != kicked):
        subject, text, *_ = mails[other.email]
        assert subject == f"Test trail: {kicked.public_name} was kicked"
        assert f"A moderator kicked {kicked.public_name} out of Test trail: {bot} plays the seat now." in text
    assert all("The moderator's reason: Abusive chat" in t for _s, t, *_ in mails.values())


def test_a_kick_out_tells_the_kicked_player_once(make_game, users, mod, smtp_sink):
    game = make_game(n=3, rules="toy-shed", on_missed=Game.OnMissed.DROP)
    seat = seat_at(game, 0)
    kicked = seat.user
    services.seat_kick(game=game, seat=seat, by=mod, reason="Cheating")
    assert Seat.objects.get(pk=seat.pk).status == Seat.Status.KICKED
    mails = _sent(smtp_sink, game)
    assert set(mails) == {u.email for u in users}
    assert mails[kicked.email][0] == "Test trail: you were kicked"
    other = next(u for u in users if u != kicked)
    assert f"A moderator kicked {kicked.public_name} out of Test trail." in mails[other.email][1]


def test_a_kick_out_where_the_engine_cannot_take_a_seat_out_gives_it_to_a_bot(make_game, users, mod, smtp_sink):
    game = make_game(n=2, on_missed=Game.OnMissed.DROP)  # the toy race cannot take a seat out
    seat = seat_at(game, 1)
    kicked = seat.user
    services.seat_kick(game=game, seat=seat, by=mod, reason="Cheating")
    seat.refresh_from_db()
    assert seat.is_bot and seat.status == Seat.Status.PLAYING
    other = next(u for u in users[:2] if u != kicked)
    assert f"{seat.name} plays the seat now." in _sent(smtp_sink, game)[other.email][1]


def test_a_player_who_muted_the_game_is_not_told(make_game, users, mod, smtp_sink):
    game = make_game(n=3)
    GameMute.objects.create(user=users[1], game=game)
    services.game_pause(game=game, by=mod, reason="Maintenance")
    assert set(_sent(smtp_sink, game)) == {users[0].email, users[2].email}


def test_the_issue_an_email_that_waited_names_moves_by_who_made_them(make_user, mod, smtp_sink, settings):
    """nc_bob's move, emailed to nc_alice after his seat went to a bot, still says nc_bob."""
    settings.TRAILPOST = {**settings.TRAILPOST, "GRACE_SECONDS": 60}
    alice, bob = make_user("nc_alice"), make_user("nc_bob")
    game = start_game(alice, bob, rules="oregon-trail-race", title="Issue 17")

    def play(expected=None):
        seat = turn_seat(game)
        assert expected is None or seat.user == expected, "the engine's order is not what the test expects"
        action = game.engine.legal_actions(game.state, seat.position)[0]
        services.move_submit(game=game, seat=seat, action=action, expected_version=None, channel=Move.Channel.WEB)

    while turn_seat(game).user != alice:
        play()
    play(alice)
    play(bob)
    waiting = Notification.objects.filter(user=alice, kind=Kind.YOUR_TURN, sent_at__isnull=True).latest("pk")
    bobs = Seat.objects.get(game=game, user=bob)
    services.seat_replace(game=game, seat=bobs, by=mod, bot=True, reason="nc_bob left")
    bot = Seat.objects.get(pk=bobs.pk).name
    with time_machine.travel(timezone.now() + timedelta(minutes=2), tick=False):
        assert delivery.send_notifications([waiting.pk]) == 1
    (message,) = smtp_sink.wait_for(1)
    text = message.get_body(preferencelist=("plain",)).get_content()
    assert "What happened since your last move:" in text
    assert "- nc_bob drafts " in text and f"{bot} drafts" not in text


def test_each_players_notice_of_an_act_is_on_their_own_seat_with_the_acts_log_entry(
    make_game, users, mod, django_user_model
):
    """The notices' rows (notifications.outbox.on_moderated): one a player, on their own seat, with
    the act's log entry; a seat whose player's account is gone is nobody to tell; the players'
    notice settings are read once for the act."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from notifications.models import Delivery, KindPreference

    game = make_game(n=3)
    users[2].delete()  # their seat stays, emptied (Seat.user is SET_NULL)
    for user in users[:2]:
        KindPreference.objects.create(user=user, kind=Kind.YOUR_TURN, delivery=Delivery.DIGEST)
    with CaptureQueriesContext(connection) as queries:
        services.game_pause(game=game, by=mod, reason="Maintenance")
    assert sum("notifications_kindpreference" in q["sql"] for q in queries.captured_queries) == 1
    act = Move.objects.filter(game=game).latest("seq")
    notices = Notification.objects.filter(game=game, kind=Kind.MODERATION).order_by("user_id")
    assert [(n.user, n.seat) for n in notices] == [(u, Seat.objects.get(game=game, user=u)) for u in users[:2]]
    for notice in notices:
        assert notice.context == {
            "game": {"id": game.pk, "title": "Test trail", "rules_title": game.engine.title},
            "action": "pause",
            "headline": "paused by a moderator",
            "text": "A moderator paused Test trail: no moves can be made, and deadlines stop, until it is resumed.",
            "reason": "Maintenance",
            "seq": act.seq,
        }
