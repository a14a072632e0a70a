"""Moves by email reply: one handler behind stdin, SMTP and anymail's inbound webhooks."""

import io
import smtplib
import sys
from email.message import EmailMessage
from email.utils import make_msgid

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.models import Move
from inbound.commands import choose
from inbound.route import handle_raw
from inbound.trim import first_line
from notifications.models import InboundMessage, Kind, Notification

from .conftest import free_port, seat_at, turn_seat


def menu_note(seat):
    return Notification.objects.filter(seat=seat, context__decision__isnull=False).latest("pk")


def reply(to, body, *, message_id=None, sender="someone@example.com", html=False):
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = "Re: Your turn"
    msg["Message-ID"] = message_id or make_msgid(domain="mail.example.com")
    msg.set_content(body)
    if html:
        msg.add_alternative(f"<div>{body}</div>", subtype="html")
    return msg.as_bytes()


def test_first_line_and_choice_parsing():
    moves = [
        {"index": 1, "label": "Advance one step"},
        {"index": 2, "label": "Send dysentery to seat 1"},
        {"index": 3, "label": "End the turn"},
    ]
    assert first_line("\n\n  2  \n> 1. Advance") == "2"
    assert first_line("On Mon, 1 Jan 2030, Trailpost wrote:\n> 1") == ""
    assert first_line("> quoted\nend the turn") == ""
    assert choose("2", moves)["index"] == 2
    assert choose("#3.", moves)["index"] == 3
    assert choose("END THE TURN", moves)["index"] == 3
    assert choose("end the turn!", moves)["index"] == 3
    assert choose("advance", moves)["index"] == 1
    assert choose("9", moves) is None
    assert choose("fly to the moon", moves) is None


@pytest.mark.django_db
def test_a_number_reply_plays_the_move_and_confirms(make_game):
    game = make_game()
    seat = turn_seat(game)
    note = menu_note(seat)
    result = handle_raw(reply(note.context["decision"]["reply_to"], "1\n\n> Your moves:\n> 1. Advance one step"))
    assert result.outcome == "played"
    move = Move.objects.get(game=game, seq=result.seq)
    assert (move.channel, move.action, move.position) == ("email", {"type": "advance"}, seat.position)
    assert move.idempotency_key.startswith("email:")
    ok = Notification.objects.get(seat=seat, kind=Kind.REPLY_OK)
    assert ok.context["played"] == "Advance one step" and ok.email == seat.user.email


@pytest.mark.django_db
def test_a_move_phrase_in_html_plays_too(make_game):
    game = make_game()
    seat = turn_seat(game)
    result = handle_raw(reply(menu_note(seat).context["decision"]["reply_to"], "End the turn", html=True))
    assert result.outcome == "played"
    assert Move.objects.get(game=game, seq=result.seq).action == {"type": "end_turn"}


@pytest.mark.django_db
def test_a_redelivered_email_is_not_applied_twice(make_game):
    game = make_game()
    seat = turn_seat(game)
    raw = reply(menu_note(seat).context["decision"]["reply_to"], "3", message_id="<same@mail.example.com>")
    assert handle_raw(raw).outcome == "played"
    assert handle_raw(raw).outcome == "duplicate"
    assert Move.objects.filter(game=game, channel="email").count() == 1
    assert Notification.objects.filter(kind=Kind.REPLY_OK).count() == 1


@pytest.mark.django_db
def test_a_stale_token_applies_nothing_and_sends_a_fresh_menu(make_game):
    game = make_game()
    seat = turn_seat(game)
    old = menu_note(seat).context["decision"]["reply_to"]
    victim = seat_at(game, 1 - seat.position)
    assert handle_raw(reply(old, "2")).outcome == "played"  # calamity on the other seat
    # Now the victim decides; the mover's old token is stale.
    moves_before = Move.objects.count()
    result = handle_raw(reply(old, "1"))
    assert result.outcome == "stale"
    assert Move.objects.count() == moves_before
    error = Notification.objects.filter(seat=seat, kind=Kind.REPLY_ERROR).get()
    assert "moved on" in error.context["error"]
    # The victim's calamity email carries their own token and menu: "keep the medicine" by phrase.
    cal = Notification.objects.get(seat=victim, kind=Kind.HIT)
    assert handle_raw(reply(cal.context["decision"]["reply_to"], "keep the medicine")).outcome == "played"


@pytest.mark.django_db
def test_a_forged_token_applies_nothing(make_game):
    game = make_game()
    seat = turn_seat(game)
    address = menu_note(seat).context["decision"]["reply_to"]
    local, domain = address.split("@")
    value, sig = local.split(".")
    forged = f"{value}.{'a' * len(sig)}@{domain}"
    other_seat = f"{local.replace(f'play+{seat.pk}-', f'play+{seat.pk + 1}-')}@{domain}"
    before = Notification.objects.count()
    assert handle_raw(reply(forged, "1")).outcome == "forged"
    assert handle_raw(reply(other_seat, "1")).outcome == "forged"
    assert handle_raw(reply("nobody@example.com", "1")).outcome == "no_token"
    assert not Move.objects.filter(channel="email").exists()
    assert Notification.objects.count() == before  # no backscatter to a forger


@pytest.mark.django_db
def test_an_unreadable_reply_gets_an_error_and_a_fresh_menu(make_game):
    game = make_game()
    seat = turn_seat(game)
    result = handle_raw(reply(menu_note(seat).context["decision"]["reply_to"], "hmm, let me think"))
    assert result.outcome == "not_understood"
    error = Notification.objects.get(seat=seat, kind=Kind.REPLY_ERROR)
    assert error.context["decision"]["moves"][0]["label"] == "Advance one step"
    assert not Move.objects.filter(channel="email").exists()


@pytest.mark.django_db
def test_a_reply_that_is_only_an_attachment_is_answered_not_a_crash(make_game):
    # Its one part is a picture: the reply's text was its bytes, and trimming them raised (the
    # pipe deferred the message, for the MTA to retry for days).
    game = make_game()
    seat = turn_seat(game)
    msg = EmailMessage()
    msg["From"], msg["To"] = "someone@example.com", menu_note(seat).context["decision"]["reply_to"]
    msg["Message-ID"] = make_msgid()
    msg.set_content(b"\x89PNG\r\n", maintype="image", subtype="png")
    result = handle_raw(msg.as_bytes())
    assert result.outcome == "not_understood" and result.detail.startswith("The reply had no move in it.")
    assert not Move.objects.filter(channel="email").exists()
    assert Notification.objects.filter(seat=seat, kind=Kind.REPLY_ERROR).exists()


@pytest.mark.django_db
def test_receive_email_command_reads_stdin(make_game, monkeypatch):
    game = make_game()
    seat = turn_seat(game)
    raw = reply(menu_note(seat).context["decision"]["reply_to"], "end the turn")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw)))
    out = io.StringIO()
    call_command("receive_email", stdout=out)
    assert out.getvalue().startswith("played")
    assert InboundMessage.objects.get().outcome == "played"


@pytest.mark.filterwarnings("ignore:django-anymail has dropped official support")
@pytest.mark.django_db
def test_anymail_inbound_webhook_plays_the_move(make_game, client, settings):
    import base64
    import json

    game = make_game()
    seat = turn_seat(game)
    address = menu_note(seat).context["decision"]["reply_to"]
    url = reverse("inbound:anymail:sendgrid_inbound_webhook")
    assert url == "/mail/anymail/sendgrid/inbound/"
    auth = "Basic " + base64.b64encode(settings.ANYMAIL["WEBHOOK_SECRET"].encode()).decode()
    data = {"email": reply(address, "3").decode(), "envelope": json.dumps({"to": [address], "from": "x@example.com"})}
    assert client.post(url, data, HTTP_AUTHORIZATION="Basic d3Jvbmc6d3Jvbmc=").status_code in (400, 401, 403)
    assert not Move.objects.filter(channel="email").exists()
    assert client.post(url, data, HTTP_AUTHORIZATION=auth).status_code == 200
    assert Move.objects.filter(game=game, channel="email", action={"type": "end_turn"}).exists()


@pytest.mark.xdist_group("worker")
@pytest.mark.django_db(transaction=True)
def test_a_reply_over_smtp_to_the_mailserver_plays_the_move(make_game):
    from inbound.management.commands.mailserver import start_server

    game = make_game()
    seat = turn_seat(game)
    address = menu_note(seat).context["decision"]["reply_to"]
    port = free_port()
    server = start_server("127.0.0.1", port)
    try:
        with smtplib.SMTP("127.0.0.1", port) as smtp:
            smtp.sendmail("player@example.com", [address], reply(address, "1"))
            with pytest.raises(smtplib.SMTPRecipientsRefused):
                smtp.sendmail("player@example.com", ["postmaster@trailpost.localhost"], reply(address, "1"))
    finally:
        server.stop()
    move = Move.objects.filter(game=game, channel="email").get()
    assert move.action == {"type": "advance"}
