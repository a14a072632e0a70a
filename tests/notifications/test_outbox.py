"""The outbox: which notices a change writes, in its transaction, and how they are sent."""

import json
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest
from django.core import mail
from django.db import transaction

from games import services
from games.models import Move
from notifications import delivery, outbox
from notifications.models import Delivery, GameMute, Kind, KindPreference, Notification, NotificationSettings
from notifications.tokens import read_reply_token
from tests.builders import lobby_game, play

from .conftest import free_port, hook_server, seat_at, turn_seat

pytestmark = pytest.mark.django_db


def test_game_start_tells_the_turn_player_with_a_numbered_menu(make_game):
    game = make_game()
    seat = turn_seat(game)
    notes = list(Notification.objects.filter(game=game))
    assert [(n.kind, n.email) for n in notes] == [(Kind.YOUR_TURN, seat.user.email)]
    outbox.complete(notes)  # the menu is drawn when the email goes
    decision = notes[0].context["decision"]
    assert [m["index"] for m in decision["moves"]] == [1, 2, 3]
    assert decision["moves"][0]["label"] == "Advance one step"
    token = read_reply_token(decision["reply_to"].split("+", 1)[1].split("@")[0])
    assert (token.seat_id, token.game_id, token.version) == (seat.pk, game.pk, game.version)


def test_a_notice_drawn_after_the_game_moved_on_reads_as_one_drawn_at_once(make_game, clock):
    """A change writes who is told and at which version; what the email shows of the game (the
    table, the menu, the moves since the player's last) is drawn when it goes, from the game as
    the change left it, even once later moves were made and one of them undone. (The clock stands
    still: the email's signed links carry the second they were signed in.)"""
    game = make_game(n=3)
    first = turn_seat(game)
    play(game, first, {"type": "advance"})
    second = turn_seat(game)
    play(game, second, {"type": "end_turn"})
    third = turn_seat(game)
    pk = Notification.objects.filter(seat=third, kind=Kind.YOUR_TURN).latest("pk").pk
    late, at_once = Notification.objects.get(pk=pk), Notification.objects.get(pk=pk)
    assert outbox.LATER in late.context and "moves" not in late.context["decision"]
    outbox.complete([at_once])
    play(game, third, {"type": "advance"})
    play(game, turn_seat(game), {"type": "end_turn"})
    services.game_undo(game=game, by=first.user, count=1)
    outbox.complete([late])
    assert late.context == at_once.context and late.context["decision"]["moves"]
    assert Notification.objects.get(pk=pk).context == at_once.context  # kept as drawn
    assert delivery.render_notification(late, pictures={}).body == delivery.render_notification(at_once).body


def test_a_rolled_back_move_writes_no_notice(make_game):
    game = make_game()
    seat = turn_seat(game)
    before = Notification.objects.count()
    with pytest.raises(RuntimeError):
        with transaction.atomic():
            play(game, seat, {"type": "end_turn"}, channel="timeout")
            assert Notification.objects.count() > before
            raise RuntimeError
    assert Notification.objects.count() == before


def test_notices_are_handed_to_celery_only_after_commit(make_game, eager, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = make_game()
    seat = turn_seat(game)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        play(game, seat, {"type": "end_turn"})
    assert mail.outbox == []
    for cb in callbacks:
        cb()
    other = turn_seat(game)
    assert [m.to for m in mail.outbox] == [[other.user.email]]
    assert Notification.objects.filter(kind=Kind.YOUR_TURN, seat=other, sent_at__isnull=False).count() == 1


def test_calamity_tells_the_victim_at_once_what_it_does_and_what_they_can_do(make_game):
    game = make_game()
    seat = turn_seat(game)
    victim = seat_at(game, 1 - seat.position)
    play(game, seat, {"type": "calamity", "victim": victim.position})
    notes = list(Notification.objects.filter(game=game, seat=victim).exclude(kind=Kind.YOUR_TURN))
    assert [n.kind for n in notes] == [Kind.HIT]  # the menu is in it: no separate decision notice
    outbox.complete(notes)  # what it does, and the menu: drawn when the email goes
    ctx = notes[0].context
    assert ctx["text"] == f"Seat {seat.position} sends dysentery to seat {victim.position}."
    assert ctx["by"] == seat.name
    assert ctx["effects"] == [f"Dysentery strikes the wagon of seat {victim.position}."]
    assert [m["label"] for m in ctx["decision"]["moves"]] == ["Use medicine", "Keep the medicine"]
    assert ctx["decision"]["deadline_text"]
    message = delivery.render_notification(notes[0])
    assert message.subject == f"{game} · Trailpost"  # one subject for all the game's emails
    assert message.body.startswith(f"{seat.name}'s move hits you in {game}\n")  # the kind: the first line
    assert "1. Use medicine" in message.body and "2. Keep the medicine" in message.body
    assert message.reply_to[0].startswith("play+")


def test_out_of_turn_decision_is_a_decision_notice(make_game):
    game = make_game()
    seat = turn_seat(game)
    victim = seat_at(game, 1 - seat.position)
    # The calamity from a timeout (not attended): the decision notice logic still sees "out of turn".
    game.refresh_from_db()
    KindPreference.objects.create(user=victim.user, kind=Kind.HIT, delivery=Delivery.NEVER)
    play(game, seat, {"type": "calamity", "victim": victim.position})
    kinds = list(Notification.objects.filter(seat=victim).values_list("kind", flat=True))
    assert kinds == [Kind.DECISION]


def test_member_died_player_out_and_game_over(make_game):
    game = make_game()
    seat = turn_seat(game)
    victim = seat_at(game, 1 - seat.position)
    for i in range(2):
        seat = turn_seat(game)
        if seat.pk == victim.pk:
            play(game, seat, {"type": "end_turn"})
            seat = turn_seat(game)
        play(game, seat, {"type": "calamity", "victim": victim.position})
        # The victim's answer: the first time the clock's (their deadline passed), the second
        # time their own on the web, where they see what it did.
        play(game, victim, {"type": "medicine", "use": False}, channel="timeout" if i == 0 else "web")
    hits = [n.context for n in Notification.objects.filter(seat=victim, kind=Kind.HIT).order_by("pk")]
    # Each calamity hit them at once; the death the clock's answer caused too, with no "by".
    assert [h["by"] for h in hits] == [seat.name, "", seat.name]
    assert hits[1]["text"] == f"A member of seat {victim.position}'s wagon dies."
    # The death and the elimination their own answer on the web caused: they saw them, no email.
    assert Move.objects.filter(game=game).latest("seq").channel == "web"
    # Finish: the other seat advances three times.
    winner = seat_at(game, 1 - victim.position)
    for _ in range(3):
        if turn_seat(game).pk != winner.pk:
            play(game, turn_seat(game), {"type": "end_turn"})
        play(game, winner, {"type": "advance"})
    game.refresh_from_db()
    assert game.status == game.Status.FINISHED
    overs = list(Notification.objects.filter(game=game, kind=Kind.GAME_OVER))
    assert sorted(n.email for n in overs) == ["p0@example.com", "p1@example.com"]
    ctx = overs[0].context
    assert ctx["seed"] == game.seed and ctx["winners"] == [winner.name]
    assert ctx["verify_url"].endswith(f"/games/{game.pk}/verify/")
    assert ctx["api_verify_url"].endswith(f"/api/games/{game.pk}/verify/")
    body = delivery.render_notification(overs[0]).body
    assert game.seed in body and f"/api/games/{game.pk}/verify/" in body


def test_every_email_links_the_game_and_a_signed_unsubscribe(make_game, client):
    game = make_game()
    note = Notification.objects.get(game=game, kind=Kind.YOUR_TURN)
    message = delivery.render_notification(note)
    assert f"/games/{game.pk}/" in message.body
    html = message.alternatives[0][0]
    assert f"/games/{game.pk}/" in html
    link = message.extra_headers["List-Unsubscribe"].strip("<>")
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    path = link.split("://", 1)[1].split("/", 1)[1]
    assert client.get("/" + path).status_code == 200  # only asks: see test_unsubscribe.py
    assert (
        client.post(
            "/" + path, "List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded"
        ).status_code
        == 200
    )
    # The one-click unsubscribe of a game's email mutes that game, never a kind of email for every game.
    assert GameMute.objects.filter(user=note.user, game=game).exists()
    assert not KindPreference.objects.filter(user=note.user).exists()
    assert client.get("/mail/unsubscribe/forged-token/").status_code == 400


def test_preferences_never_digest_and_mute(make_game, users, eager):
    KindPreference.objects.create(user=users[0], kind=Kind.YOUR_TURN, delivery=Delivery.DIGEST)
    KindPreference.objects.create(user=users[1], kind=Kind.YOUR_TURN, delivery=Delivery.NEVER)
    game = make_game()
    seat = turn_seat(game)
    notes = list(Notification.objects.filter(game=game))
    if seat.user == users[0]:
        assert [(n.kind, n.delivery) for n in notes] == [(Kind.YOUR_TURN, Delivery.DIGEST)]
        mail.outbox.clear()
        assert delivery.send_unsent() == 0
        assert delivery.send_digests() == 1
        assert len(mail.outbox) == 1 and "digest" in mail.outbox[0].body
        assert delivery.send_digests() == 0
    else:
        assert notes == []
    GameMute.objects.create(user=users[0], game=game)
    GameMute.objects.create(user=users[1], game=game)
    before = Notification.objects.count()
    play(game, turn_seat(game), {"type": "end_turn"}, channel="timeout")
    assert Notification.objects.count() == before


def test_invitation_email(users, eager, django_capture_on_commit_callbacks):
    game = lobby_game(users[0], rules="toy-notify", title="Invite test")
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        invitation = services.game_invite(game=game, by=users[0], email="friend@example.org")
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["friend@example.org"]
    assert f"/join/{invitation.code}/" in mail.outbox[0].body
    assert f"/games/{game.pk}/" in mail.outbox[0].body


def test_sending_claims_each_notice_once(make_game):
    make_game()
    ids = list(Notification.objects.values_list("pk", flat=True))
    mail.outbox.clear()
    assert delivery.send_notifications(ids) == 1
    assert delivery.send_notifications(ids) == 0
    assert delivery.send_unsent() == 0
    assert len(mail.outbox) == 1


@pytest.mark.django_db(transaction=True)
def test_each_notice_is_marked_sent_before_the_next_email_goes(make_game, smtp_sink):
    """A worker killed mid-send re-sends at most the one email it was sending: when the mail
    server takes each email, every notice before it is already marked sent, for all to see."""
    import asyncio

    from django.db import connection

    for _ in range(4):
        make_game()
    ids = list(Notification.objects.order_by("pk").values_list("pk", flat=True))
    Notification.objects.update(sent_at=None, claimed_at=None, handed_at=None)
    smtp_sink.messages.clear()
    marked_when_sent = []

    def marked():  # read on a connection of its own: only committed marks count
        try:
            return Notification.objects.filter(pk__in=ids, sent_at__isnull=False).count()
        finally:
            connection.close()

    handle = smtp_sink.handle_DATA

    async def handle_DATA(server, session, envelope):
        marked_when_sent.append(await asyncio.to_thread(marked))
        return await handle(server, session, envelope)

    smtp_sink.handle_DATA = handle_DATA
    assert delivery.send_notifications(ids) == len(ids) == 4
    assert marked_when_sent == [0, 1, 2, 3]
    assert Notification.objects.filter(sent_at__isnull=True).count() == 0


def test_webhook_gets_the_same_notice_as_json(make_game, users, settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "WEBHOOK_ALLOW_PRIVATE": True}  # a local chat server
    received = []

    class Hook(BaseHTTPRequestHandler):
        def do_POST(self):
            received.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = HTTPServer(("127.0.0.1", free_port()), Hook)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        for u in users:
            NotificationSettings.objects.create(user=u, webhook_url=f"http://127.0.0.1:{server.server_port}/hook")
        game = make_game()
        delivery.send_unsent()
    finally:
        server.shutdown()
    assert len(received) == 1
    assert received[0]["content"] == received[0]["text"]
    assert "Your turn" in received[0]["text"] and f"/games/{game.pk}/" in received[0]["text"]


def test_a_webhook_that_is_gone_is_asked_once_and_inline_there_is_no_retry(make_game, users, settings):
    from notifications import tasks

    settings.TRAILPOST = {**settings.TRAILPOST, "WEBHOOK_ALLOW_PRIVATE": True}  # a local chat server

    server, hits = hook_server([404])
    try:
        for u in users:
            NotificationSettings.objects.create(user=u, webhook_url=f"http://127.0.0.1:{server.server_port}/deleted")
        game = make_game()
        delivery.send_unsent()
        notice = Notification.objects.get(game=game, kind=Kind.YOUR_TURN)
        assert [status for status, _ in hits] == [
            404
        ]  # refused for good (a deleted Discord or Slack webhook): not asked again
        assert tasks.post_webhook.apply((notice.pk,)).get() is True
        NotificationSettings.objects.filter(user=notice.user).update(webhook_url=f"http://127.0.0.1:{free_port()}/")
        # Nobody listens there: a failure, which run inline (no worker to wait) is not retried.
        assert tasks.post_webhook.apply((notice.pk,)).get() is False
    finally:
        server.shutdown()
    assert [status for status, _ in hits] == [404, 404]


def test_unsubscribing_from_the_digest_turns_off_only_digested_kinds(users, client):
    from notifications.emails import base_context

    KindPreference.objects.create(user=users[0], kind=Kind.REMINDER, delivery=Delivery.DIGEST)
    link = base_context(user_id=users[0].pk, kind=Kind.DIGEST, game_id=None)["unsubscribe_url"]
    assert client.post(link.replace("http://127.0.0.1:8000", "")).status_code == 200
    prefs = dict(KindPreference.objects.filter(user=users[0]).values_list("kind", "delivery"))
    assert prefs == {Kind.REMINDER: Delivery.NEVER}


def test_a_reply_confirmations_unsubscribe_link_mutes_the_game(make_game, client):
    from notifications.emails import base_context

    game = make_game()
    seat = turn_seat(game)
    link = base_context(user_id=seat.user_id, kind=Kind.REPLY_OK, game_id=game.pk)["unsubscribe_url"]
    client.post(link.replace("http://127.0.0.1:8000", ""))
    assert GameMute.objects.filter(user=seat.user, game=game).exists()
    assert not KindPreference.objects.filter(user=seat.user).exists()


def test_a_notice_bug_does_not_cost_the_move(make_game, monkeypatch):
    game = make_game()
    seat = turn_seat(game)

    def broken(*args, **kwargs):
        raise KeyError("label")

    monkeypatch.setattr(outbox, "decision_terms", broken)  # what a turn change writes under the lock
    result = play(game, seat, {"type": "end_turn"}, channel="timeout")
    assert result.applied


def test_user_flags_follow_their_preferences_mutes_and_vacations(make_game, users):
    from datetime import date

    from games.models import Vacation

    game = make_game()
    user = users[0]
    user.refresh_from_db()
    assert not user.has_notice_settings and user.vacation_until is None
    pref = KindPreference.objects.create(user=user, kind=Kind.YOUR_TURN, delivery=Delivery.DIGEST)
    mute = GameMute.objects.create(user=user, game=game)
    user.refresh_from_db()
    assert user.has_notice_settings
    pref.delete()
    user.refresh_from_db()
    assert user.has_notice_settings  # the mute is still there
    mute.delete()
    user.refresh_from_db()
    assert not user.has_notice_settings
    first = Vacation.objects.create(user=user, starts_on=date(2031, 1, 1), ends_on=date(2031, 1, 5))
    Vacation.objects.create(user=user, starts_on=date(2030, 6, 1), ends_on=date(2030, 6, 2))
    user.refresh_from_db()
    assert user.vacation_until == date(2031, 1, 5)
    first.delete()
    user.refresh_from_db()
    assert user.vacation_until == date(2030, 6, 2)


def test_a_turn_change_reads_no_settings_for_players_who_have_none(make_game, users):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    game = make_game()
    seat = turn_seat(game)
    with CaptureQueriesContext(connection) as ctx:
        play(game, seat, {"type": "end_turn"})
    tables = " ".join(q["sql"] for q in ctx.captured_queries)
    assert "notifications_notification" in tables  # the next player's "your turn" was written
    assert "notifications_kindpreference" not in tables and "notifications_vacation" not in tables
    # Once the next player has a preference, it is read and obeyed.
    other = turn_seat(game)
    KindPreference.objects.create(user=other.user, kind=Kind.YOUR_TURN, delivery=Delivery.NEVER)
    before = Notification.objects.filter(user=other.user).count()
    play(game, other, {"type": "end_turn"})
    back = turn_seat(game)
    play(game, back, {"type": "end_turn"})
    assert turn_seat(game) == other  # the turn came back to them...
    assert Notification.objects.filter(user=other.user).count() == before  # ...and told them nothing


@pytest.mark.django_db(transaction=True)
def test_a_notice_announced_outside_a_transaction_is_handed_over_once_written(make_game):
    from games import events

    game = make_game()
    seat = seat_at(game, 0)
    mail.outbox.clear()
    events.announce(events.DeadlineMissed(game=game, seat=seat, played="Advance", misses=1))
    note = Notification.objects.get(kind=Kind.TIMEOUT)
    assert note.sent_at is not None  # handed over after its own commit, with its id
    assert [m.to for m in mail.outbox] == [[seat.user.email]]


def test_a_your_turn_email_shows_the_table_and_everything_since_the_players_last_move(make_game):
    game = make_game(n=3)
    first = turn_seat(game)
    play(game, first, {"type": "advance"})
    second = turn_seat(game)
    play(game, second, {"type": "end_turn"})
    third = turn_seat(game)
    assert third.pk not in (first.pk, second.pk)
    note = Notification.objects.filter(seat=third, kind=Kind.YOUR_TURN).latest("pk")
    outbox.complete([note])
    # Both other players' moves since this player's last, not only the one that made it their turn.
    assert note.context["events"] == [f"Seat {first.position} advances.", f"Seat {second.position} ends the turn."]
    # The table as the engine tells it, with names in place of its seat labels.
    table = note.context["decision"]["table"]
    assert f"{first.name}: 1 steps, 2 members" in table and f"{third.name}: 0 steps, 2 members" in table
    body = delivery.render_notification(note).body
    assert "The table as you see it:" in body and f"{first.name}: 1 steps" in body
    assert "What happened since your last move:" in body


# -- each listener's notice, field by field (issue #31: the tests its mutants asked for) ---------------


def _game_ctx(game):
    return {"id": game.pk, "title": str(game), "rules_title": game.engine.title}


def test_a_missed_deadline_tells_its_player_what_was_played_and_what_comes_of_more(make_game):
    from games import events

    game = make_game(miss_limit=3)
    seat = turn_seat(game)
    [notice] = outbox.on_deadline_missed(events.DeadlineMissed(game=game, seat=seat, played="End turn", misses=2))
    assert (notice.kind, notice.user, notice.email, notice.game, notice.seat) == (
        Kind.TIMEOUT,
        seat.user,
        seat.user.email,
        game,
        seat,
    )
    assert notice.context == {
        "game": _game_ctx(game),
        "played": "End turn",
        "misses": 2,
        "miss_limit": 3,
        "on_missed": game.on_missed,
        "replaced": "",
        "seat": seat.pk,
    }


def test_an_invitation_goes_to_the_address_with_the_inviter_and_the_link(users, settings):
    from games import events

    game = lobby_game(users[0], rules="toy-notify", title="Invite test")
    invitation = services.game_invite(game=game, by=users[0], email="friend@example.org")
    [notice] = outbox.on_invitation_sent(events.InvitationSent(invitation=invitation))
    assert (notice.kind, notice.user, notice.email, notice.game) == (Kind.INVITATION, None, "friend@example.org", game)
    assert notice.context == {
        "game": _game_ctx(game),
        "inviter": users[0].public_name,
        "join_url": f"{settings.SITE_URL}/join/{invitation.code}/",
    }


def test_a_recorded_notice_obeys_its_readers_mute_unless_forced(make_game, users):
    """record_notice (reminders, answers to replies) reads the reader's settings itself: a muted
    game writes nothing, unless the notice is forced (an answer the player asked for)."""
    game = make_game()
    seat = turn_seat(game)
    context = {"text": "a reminder"}
    [kept] = outbox.record_notice(kind=Kind.REMINDER, game=game, seat=seat, context=context)
    assert (kept.kind, kept.user, kept.email, kept.game, kept.seat, kept.delivery) == (
        Kind.REMINDER,
        seat.user,
        seat.user.email,
        game,
        seat,
        Delivery.IMMEDIATE,
    )
    assert kept.context == {"game": _game_ctx(game), "text": "a reminder"} and kept.pk is not None
    GameMute.objects.create(user=seat.user, game=game)
    GameMute.objects.create(user=users[2], game=game)
    seat.user.refresh_from_db()
    assert outbox.record_notice(kind=Kind.REMINDER, game=game, seat=seat, context=context) == []
    [forced] = outbox.record_notice(kind=Kind.REMINDER, game=game, seat=seat, context=context, force=True)
    assert forced.user == seat.user
    other = make_game()  # a mute is of one game: the same player's other game still tells them
    mine = other.seats.get(user=seat.user)
    [elsewhere] = outbox.record_notice(kind=Kind.REMINDER, game=other, seat=mine, context=context)
    assert elsewhere.game == other


def test_a_recorded_notice_to_a_user_or_an_address_with_no_game(users):
    [to_user] = outbox.record_notice(kind=Kind.REMINDER, user=users[1], context={"text": "hello"})
    assert (to_user.user, to_user.email, to_user.game, to_user.seat) == (users[1], users[1].email, None, None)
    assert to_user.context == {"text": "hello"}
    [to_address] = outbox.record_notice(kind=Kind.REMINDER, email="someone@example.org", context={})
    assert (to_address.user, to_address.email) == (None, "someone@example.org")


def test_presence_is_a_poll_within_two_presence_periods(settings):
    from datetime import UTC, datetime, timedelta

    from django.utils import timezone

    from games.models import Seat

    now = datetime(2030, 1, 1, 12, tzinfo=UTC)
    window = timedelta(seconds=2 * settings.TRAILPOST["PRESENCE_SECONDS"])
    assert outbox.is_present(None, now) is False
    assert outbox.is_present(Seat(seen_at=None), now) is False
    assert outbox.is_present(Seat(seen_at=now - window), now) is True
    assert outbox.is_present(Seat(seen_at=now - window - timedelta(seconds=1)), now) is False
    assert outbox.is_present(Seat(seen_at=timezone.now()), None) is True  # now: the clock's
    assert outbox.is_present(Seat(seen_at=now), now + window + timedelta(seconds=1)) is False


def test_a_moment_in_the_readers_zone(monkeypatch):
    import time
    from datetime import UTC, datetime

    moment = datetime(2026, 11, 24, 18, 30, tzinfo=UTC)
    assert outbox.format_when(moment, "Europe/Berlin") == "Tue 24 Nov 2026, 19:30 CET (Europe/Berlin)"
    assert outbox.format_when(moment, None) == "Tue 24 Nov 2026, 18:30 UTC"
    monkeypatch.setenv("TZ", "Asia/Tokyo")  # a server whose own clock is not on UTC still writes UTC
    time.tzset()
    try:
        assert outbox.format_when(moment, None) == "Tue 24 Nov 2026, 18:30 UTC"
    finally:
        monkeypatch.undo()
        time.tzset()
    assert outbox.format_when(moment, "Mars/Olympus_Mons") == "Tue 24 Nov 2026, 18:30 UTC"
    assert outbox.format_when(None, "Europe/Berlin") == ""


def test_a_reply_grid_as_an_email_shows_it():
    """The cells without their actions (a missing text is empty), and the text part's lines in
    columns as wide as their widest cell, a code shown as [B7], nothing trailing."""
    grid = {
        "title": "Player 1's river",
        "columns": ["Row 1 (A)", "B"],
        "rows": [
            {
                "label": "1",
                "cells": [{"text": "Bow", "action": {"type": "x"}}, {"code": "B1", "action": {"type": "y"}}],
            },
            {"label": "10", "cells": [{}, {"text": "Furs"}]},
        ],
        "how": "Reply with a code, Player 2.",
    }
    shown = outbox.reply_grid_context(grid, {0: "Ann", 1: "Bob"})
    assert shown == {
        "title": "Ann's river",
        "columns": ["Row 1 (A)", "B"],
        "rows": [
            {"label": "1", "cells": [{"text": "Bow", "code": None}, {"text": "", "code": "B1"}]},
            {"label": "10", "cells": [{"text": "", "code": None}, {"text": "Furs", "code": None}]},
        ],
        "lines": [
            "    Row 1 (A)  B",
            "1   Bow        [B1]",
            "10             Furs",
        ],
        "how": "Reply with a code, Bob.",
    }
    del grid["how"]
    assert outbox.reply_grid_context(grid, {})["how"] == ""  # a grid need not say how


def test_a_menu_on_a_time_bank_says_what_is_left_in_it(users):
    """The "your turn" notice's bank sentence: what the player's bank holds as the notice is
    written, the increment and the cap; nothing on a per-move game."""
    from datetime import UTC, datetime

    import time_machine

    from tests.builders import start_game

    with time_machine.travel(datetime(2030, 1, 7, 9, tzinfo=UTC), tick=False):
        game = start_game(
            users[0], users[1], rules="toy-notify", clock="bank", bank_hours=72, increment_hours=24, cap_hours=100
        )
        seat = turn_seat(game)
        notice = Notification.objects.get(game=game, seat=seat, kind=Kind.YOUR_TURN)
        assert notice.context["decision"]["bank_text"] == (
            "You have 3 days left in your time bank; each move adds 1 day, up to 4 days, 4 hours."
        )
        assert outbox.bank_sentence(game, seat) == notice.context["decision"]["bank_text"]
        seat.is_bot = True
        assert outbox.bank_sentence(game, seat) == ""  # a bot has no bank to be told of
    plain = start_game(users[0], users[1], rules="toy-notify")
    assert outbox.bank_sentence(plain, turn_seat(plain)) == ""


def test_an_events_sentence_with_the_readers_own_private_detail():
    public_only = {"public": {"text": "Seat 1 draws."}, "private": {"1": {"text": "You drew the Ox."}}}
    assert outbox.event_text(public_only, 1) == "Seat 1 draws. (You drew the Ox.)"
    assert outbox.event_text(public_only, 0) == "Seat 1 draws."
    assert outbox.event_text(public_only, None) == "Seat 1 draws."
    private_only = {"private": {"0": {"text": "Only you know this."}}}
    assert outbox.event_text(private_only, 0) == "Only you know this."
    assert outbox.event_text(private_only, 1) == ""
    assert outbox.event_text({}, 0) == ""


def test_a_decision_is_out_of_turn_when_the_engine_names_its_kind_or_another_seat_has_the_turn():
    """What makes a menu a "decision needed" rather than "your turn" (outbox._is_out_of_turn): a
    kind the engine gives the decision (even to the seat whose turn it is: a calamity striking the
    mover), or a turn that is another seat's."""
    from types import SimpleNamespace

    class Rules:
        def __init__(self, turn, kinds):
            self.turn, self.kinds = turn, kinds

        def decision_kind(self, state, seat):
            return self.kinds.get(seat)

        def turn_seat(self, state):
            return self.turn

    def out_of_turn(turn, kinds, position):
        return outbox._is_out_of_turn(SimpleNamespace(engine=Rules(turn, kinds), state={}), position)

    assert out_of_turn(1, {1: "medicine"}, 1) is True
    assert out_of_turn(0, {}, 1) is True
    assert out_of_turn(1, {}, 1) is False
    assert out_of_turn(None, {}, 1) is False  # no turn player: every decision is the seat's own


def test_a_grace_window_of_any_length_is_kept_and_of_none_is_no_window(settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "GRACE_SECONDS": 1}
    assert outbox._grace_or_now(Delivery.GRACE) == Delivery.GRACE
    settings.TRAILPOST = {**settings.TRAILPOST, "GRACE_SECONDS": 0}
    assert outbox._grace_or_now(Delivery.GRACE) == Delivery.IMMEDIATE
    assert outbox._grace_or_now(Delivery.DIGEST) == Delivery.DIGEST


def test_a_batch_writes_each_notice_with_its_delivery_and_version_and_nothing_without_an_address(
    make_game, users, settings
):
    """Batch.add: a hit goes at once, or waits out the grace window when its player has the game
    open, unless they chose another way for it; a kind they chose nothing for keeps its default;
    the game's version unless one is given; nobody to write to, no notice."""
    settings.TRAILPOST = {**settings.TRAILPOST, "GRACE_SECONDS": 120}
    game = make_game()
    seat = turn_seat(game)
    other = seat_at(game, 1 - seat.position)
    KindPreference.objects.create(user=other.user, kind=Kind.HIT, delivery=Delivery.DIGEST)
    other.user.refresh_from_db()
    batch = outbox.Batch(game, users=[seat.user, other.user])
    assert batch.add(kind=Kind.HIT, seat=seat, context={})
    batch.add(kind=Kind.HIT, seat=seat, context={}, present=True)
    batch.add(kind=Kind.HIT, seat=other, context={}, present=True)
    batch.add(kind=Kind.YOUR_TURN, seat=other, context={})
    batch.add(kind=Kind.REMINDER, seat=seat, context={}, version=7)
    assert batch.add(kind=Kind.REMINDER, context={}) is False  # no seat, user or address
    assert [(n.user, n.kind, n.delivery, n.version) for n in batch.rows] == [
        (seat.user, Kind.HIT, Delivery.IMMEDIATE, game.version),
        (seat.user, Kind.HIT, Delivery.GRACE, game.version),  # they have the game open
        (other.user, Kind.HIT, Delivery.DIGEST, game.version),  # their choice, open or not
        (other.user, Kind.YOUR_TURN, Delivery.GRACE, game.version),  # the kind's default
        (seat.user, Kind.REMINDER, Delivery.IMMEDIATE, 7),
    ]
    gameless = outbox.Batch()
    gameless.add(kind=Kind.REMINDER, user=users[2], context={})
    assert [(n.game, n.version, n.email) for n in gameless.rows] == [(None, None, users[2].email)]
