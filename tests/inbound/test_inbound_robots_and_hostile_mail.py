"""Inbound mail that must not be answered (RFC 3834: auto-replies, bulk mail, bounces), the caps on
inbound replies and on "Not played" answers per seat, and hostile MIME at each entry point: the
SMTP server (`manage.py mailserver`), the stdin pipe (`manage.py receive_email`) and anymail's
webhook."""

import base64
import io
import json
import smtplib
import sys
from email.message import EmailMessage
from email.utils import make_msgid

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.models import Move
from inbound.route import handle_raw
from notifications import delivery
from notifications.models import InboundMessage, Kind, Notification

from .conftest import free_port, turn_seat

pytestmark = pytest.mark.filterwarnings("ignore:django-anymail has dropped official support")


def reply_to_address(seat) -> str:
    note = Notification.objects.filter(seat=seat, context__decision__isnull=False).latest("pk")
    return note.context["decision"]["reply_to"]


def reply(to, body="1", *, sender="player@example.com", headers=None, crlf=False) -> bytes:
    """A reply that would play move 1, with extra headers."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = "Re: Your turn"
    msg["Message-ID"] = make_msgid(domain="mail.example.com")
    for name, value in (headers or {}).items():
        msg[name] = value
    msg.set_content(body)
    raw = msg.as_bytes()
    return raw.replace(b"\n", b"\r\n") if crlf else raw


def head(to) -> bytes:
    return (
        f"From: player@example.com\r\nTo: {to}\r\nSubject: Re: Your turn\r\n"
        f"Message-ID: {make_msgid(domain='mail.example.com')}\r\nMIME-Version: 1.0\r\n"
    ).encode()


def nested(to, depth) -> bytes:
    body = b"Content-Type: text/plain; charset=utf-8\r\n\r\n1\r\n"
    for i in range(depth):
        b = b"b%d" % i
        body = (
            b"Content-Type: multipart/mixed; boundary=" + b + b"\r\n\r\n--" + b + b"\r\n" + body + b"--" + b + b"--\r\n"
        )
    return head(to) + body


HOSTILE = {
    "bad base64": lambda to: (
        head(to) + b"Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\nMQ$$$==x=\r\n"
    ),
    "unknown charset": lambda to: head(to) + b"Content-Type: text/plain; charset=x-klingon\r\n\r\n1\r\n",
    "invalid utf-8": lambda to: head(to) + b"Content-Type: text/plain; charset=utf-8\r\n\r\n1 \xff\xfe\r\n",
    "bad quoted-printable": lambda to: (
        head(to) + b"Content-Type: text/plain; charset=utf-8\r\n"
        b"Content-Transfer-Encoding: quoted-printable\r\n\r\n1 =ZZ\r\n"
    ),
    "NUL byte": lambda to: head(to) + b"Content-Type: text/plain; charset=utf-8\r\n\r\n1\x00\r\n",
    "NUL in base64 text": lambda to: (
        head(to) + b"Content-Type: text/plain; charset=utf-8\r\n"
        b"Content-Transfer-Encoding: base64\r\n\r\n" + base64.b64encode(b"1\x00\r\n") + b"\r\n"
    ),
    "50-deep multipart": lambda to: nested(to, 50),
    "2000-deep multipart": lambda to: nested(to, 2000),
}


def nothing_played_or_answered(game, notices_before):
    assert not Move.objects.filter(game=game, channel="email").exists()
    assert Notification.objects.count() == notices_before


# -- robots: RFC 3834 -----------------------------------------------------------------------------

ROBOTS = {
    "out of office": ({"Auto-Submitted": "auto-replied"}, "auto_reply"),
    "auto-generated; with a comment": ({"Auto-Submitted": "auto-generated (vacation)"}, "auto_reply"),
    "Precedence: bulk": ({"Precedence": "bulk"}, "bulk"),
    "Precedence: junk": ({"Precedence": "junk"}, "bulk"),
    "Precedence: list": ({"Precedence": "list"}, "bulk"),
    "mailing list": ({"List-Id": "<players.lists.example.com>"}, "bulk"),
    "X-Autoreply": ({"X-Autoreply": "yes"}, "auto_reply"),
    "Exchange out of office": ({"X-Auto-Response-Suppress": "OOF"}, "auto_reply"),
    "null Return-Path": ({"Return-Path": "<>"}, "bounce"),
}


@pytest.mark.django_db
@pytest.mark.parametrize("case", ROBOTS, ids=list(ROBOTS))
def test_robot_mail_is_recorded_and_neither_played_nor_answered(make_game, case):
    headers, outcome = ROBOTS[case]
    game = make_game()
    seat = turn_seat(game)
    before = Notification.objects.count()
    result = handle_raw(reply(reply_to_address(seat), headers=headers))
    assert result.outcome == outcome
    nothing_played_or_answered(game, before)
    record = InboundMessage.objects.get()
    assert (record.outcome, record.seat_id) == (outcome, seat.pk) and record.detail


@pytest.mark.django_db
def test_a_delivery_report_is_a_bounce(make_game):
    game = make_game()
    seat = turn_seat(game)
    before = Notification.objects.count()
    raw = head(reply_to_address(seat)) + (
        b"Content-Type: multipart/report; report-type=delivery-status; "
        b"boundary=x\r\n\r\n--x\r\nContent-Type: text/plain\r\n\r\n1\r\n--x--\r\n"
    )
    assert handle_raw(raw).outcome == "bounce"
    nothing_played_or_answered(game, before)


@pytest.mark.django_db
def test_auto_submitted_no_is_a_person_and_plays(make_game):
    game = make_game()
    seat = turn_seat(game)
    assert handle_raw(reply(reply_to_address(seat), headers={"Auto-Submitted": "no"})).outcome == "played"


@pytest.mark.django_db
def test_a_mailer_daemon_bounce_piped_to_receive_email_is_recorded_and_not_answered(make_game, monkeypatch):
    game = make_game()
    seat = turn_seat(game)
    before = Notification.objects.count()
    raw = reply(reply_to_address(seat), sender="Mail Delivery System <MAILER-DAEMON@mx.example.com>")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw)))
    out = io.StringIO()
    call_command("receive_email", stdout=out)
    assert out.getvalue().startswith("bounce")
    nothing_played_or_answered(game, before)
    assert InboundMessage.objects.get().outcome == "bounce"


@pytest.mark.django_db
def test_a_null_envelope_sender_given_to_receive_email_is_a_bounce(make_game, monkeypatch):
    game = make_game()
    seat = turn_seat(game)
    before = Notification.objects.count()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(reply(reply_to_address(seat)))))
    call_command("receive_email", "--sender", "", stdout=io.StringIO())
    nothing_played_or_answered(game, before)
    assert InboundMessage.objects.get().outcome == "bounce"


@pytest.mark.django_db
def test_a_bounce_through_the_webhook_is_recorded_and_not_answered(make_game, client, settings):
    game = make_game()
    seat = turn_seat(game)
    address = reply_to_address(seat)
    before = Notification.objects.count()
    auth = "Basic " + base64.b64encode(settings.ANYMAIL["WEBHOOK_SECRET"].encode()).decode()
    data = {"email": reply(address).decode(), "envelope": json.dumps({"to": [address], "from": ""})}
    response = client.post(reverse("inbound:anymail:sendgrid_inbound_webhook"), data, HTTP_AUTHORIZATION=auth)
    assert response.status_code == 200
    nothing_played_or_answered(game, before)
    assert InboundMessage.objects.get().outcome == "bounce"


# -- our own automatic answers --------------------------------------------------------------------


@pytest.mark.django_db
def test_not_played_and_played_answers_say_they_are_automatic(make_game, smtp_sink):
    game = make_game()
    seat = turn_seat(game)
    address = reply_to_address(seat)
    assert handle_raw(reply(address, "hmm, let me think")).outcome == "not_understood"
    assert handle_raw(reply(address, "1")).outcome == "played"
    ids = list(Notification.objects.order_by("pk").values_list("pk", flat=True))
    messages = smtp_sink.wait_for(delivery.send_notifications(ids))
    # The first "your turn" is for a version the move passed: marked stale, not sent.
    sent = Notification.objects.filter(pk__in=ids, outcome="").order_by("pk")
    by_kind = {}
    for n, msg in zip(sent, messages, strict=True):
        by_kind[n.kind] = msg
    assert by_kind[Kind.REPLY_ERROR]["Auto-Submitted"] == "auto-replied"
    assert by_kind[Kind.REPLY_OK]["Auto-Submitted"] == "auto-replied"
    assert by_kind[Kind.YOUR_TURN]["Auto-Submitted"] == "auto-generated"


# -- caps per seat --------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_fourth_unreadable_reply_within_the_hour_gets_no_answer(make_game, settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "INBOUND_ERROR_REPLIES_PER_HOUR": 3}
    game = make_game()
    seat = turn_seat(game)
    address = reply_to_address(seat)
    for i in range(4):
        assert handle_raw(reply(address, f"what is this {i}")).outcome == "not_understood"
    assert Notification.objects.filter(seat=seat, kind=Kind.REPLY_ERROR).count() == 3
    last = InboundMessage.objects.latest("pk")
    assert last.outcome == "not_understood" and "no answer" in last.detail.lower()
    # A readable reply still plays (and is confirmed): the cap is on answers to unreadable ones.
    assert handle_raw(reply(address, "1")).outcome == "played"


@pytest.mark.django_db
def test_inbound_replies_beyond_the_hourly_cap_are_recorded_and_not_played(make_game, settings):
    # Answered once (tests/notifications/test_reply_cap.py); here the answers are used up.
    settings.TRAILPOST = {**settings.TRAILPOST, "INBOUND_REPLIES_PER_HOUR": 2, "INBOUND_ERROR_REPLIES_PER_HOUR": 2}
    game = make_game()
    seat = turn_seat(game)
    address = reply_to_address(seat)
    handle_raw(reply(address, "hmm"))
    handle_raw(reply(address, "hmm again"))
    before = Notification.objects.count()
    assert handle_raw(reply(address, "1")).outcome == "over_cap"
    nothing_played_or_answered(game, before)
    assert InboundMessage.objects.latest("pk").outcome == "over_cap"


# -- hostile MIME ---------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("case", HOSTILE, ids=list(HOSTILE))
def test_hostile_mime_is_refused_and_recorded(make_game, case):
    game = make_game()
    seat = turn_seat(game)
    before = Notification.objects.count()
    result = handle_raw(HOSTILE[case](reply_to_address(seat)))
    assert result.outcome == "malformed"
    nothing_played_or_answered(game, before)
    record = InboundMessage.objects.get()
    assert (record.outcome, record.seat_id) == ("malformed", seat.pk) and record.detail


@pytest.mark.django_db
def test_nul_bytes_in_headers_are_stored_safely(make_game):
    game = make_game()
    seat = turn_seat(game)
    raw = reply(reply_to_address(seat)).replace(b"From: player@example.com", b"From: pla\x00yer\xff@example.com")
    raw = raw.replace(b"Message-ID: <", b"Message-ID: <\x00")
    assert handle_raw(raw).outcome == "malformed"
    record = InboundMessage.objects.get()
    assert "\x00" not in record.sender + record.message_id + record.detail


@pytest.mark.django_db
def test_an_oversize_message_piped_to_receive_email_is_refused_and_recorded(make_game, monkeypatch, settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "INBOUND_MAX_BYTES": 10_000}
    game = make_game()
    seat = turn_seat(game)
    before = Notification.objects.count()
    raw = reply(reply_to_address(seat), "1\n" + "padding line\n" * 2000)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw)))
    out = io.StringIO()
    call_command("receive_email", stdout=out)
    assert out.getvalue().startswith("too_large")
    nothing_played_or_answered(game, before)
    record = InboundMessage.objects.get()
    assert (record.outcome, record.seat_id, record.size) == ("too_large", seat.pk, len(raw))


@pytest.mark.django_db
@pytest.mark.parametrize("case", ["NUL byte", "bad base64", "2000-deep multipart", "oversize"])
def test_hostile_mail_through_the_webhook_is_taken_and_recorded(make_game, client, settings, case):
    settings.TRAILPOST = {**settings.TRAILPOST, "INBOUND_MAX_BYTES": 10_000}
    game = make_game()
    seat = turn_seat(game)
    address = reply_to_address(seat)
    before = Notification.objects.count()
    raw = reply(address, "1\n" + "padding line\n" * 2000) if case == "oversize" else HOSTILE[case](address)
    auth = "Basic " + base64.b64encode(settings.ANYMAIL["WEBHOOK_SECRET"].encode()).decode()
    data = {"email": raw.decode("latin-1"), "envelope": json.dumps({"to": [address], "from": "x@example.com"})}
    response = client.post(reverse("inbound:anymail:sendgrid_inbound_webhook"), data, HTTP_AUTHORIZATION=auth)
    assert response.status_code == 200
    nothing_played_or_answered(game, before)
    record = InboundMessage.objects.get()
    assert (record.outcome, record.seat_id) == ("too_large" if case == "oversize" else "malformed", seat.pk)


@pytest.mark.django_db
def test_a_webhook_post_over_djangos_body_limit_is_taken_and_recorded(make_game, client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 5_000
    game = make_game()
    seat = turn_seat(game)
    address = reply_to_address(seat)
    before = Notification.objects.count()
    auth = "Basic " + base64.b64encode(settings.ANYMAIL["WEBHOOK_SECRET"].encode()).decode()
    data = {
        "email": reply(address, "1\n" + "padding line\n" * 2000).decode(),
        "envelope": json.dumps({"to": [address], "from": "x@example.com"}),
    }
    response = client.post(reverse("inbound:anymail:sendgrid_inbound_webhook"), data, HTTP_AUTHORIZATION=auth)
    assert response.status_code == 200
    nothing_played_or_answered(game, before)
    assert InboundMessage.objects.get().outcome == "too_large"


# -- over real SMTP, to the mailserver ------------------------------------------------------------


def smtp_deliver(port, sender, address, raw) -> int:
    with smtplib.SMTP("127.0.0.1", port) as smtp:
        smtp.ehlo()
        smtp.mail(sender)
        assert smtp.rcpt(address)[0] == 250
        return smtp.data(raw)[0]


@pytest.mark.xdist_group("worker")
@pytest.mark.django_db(transaction=True)
def test_over_smtp_bounces_and_hostile_mail_get_a_final_answer_and_are_recorded(make_game, settings):
    from inbound.management.commands.mailserver import start_server

    settings.TRAILPOST = {**settings.TRAILPOST, "INBOUND_MAX_BYTES": 200_000}
    game = make_game()
    seat = turn_seat(game)
    address = reply_to_address(seat)
    before = Notification.objects.count()
    port = free_port()
    server = start_server("127.0.0.1", port)
    try:
        # A bounce: the null sender MAIL FROM:<>.
        assert smtp_deliver(port, "", address, reply(address, crlf=True)) == 250
        # A NUL byte: taken (250) and recorded as refused, never 4xx (retried for days).
        assert smtp_deliver(port, "player@example.com", address, HOSTILE["NUL byte"](address)) == 250
        assert smtp_deliver(port, "player@example.com", address, HOSTILE["50-deep multipart"](address)) == 250
        assert smtp_deliver(port, "player@example.com", address, nested(address, 2000)) == 250
        # Too big: a permanent 552, recorded all the same.
        big = reply(address, "1\n" + "padding line\n" * 20_000, crlf=True)
        assert smtp_deliver(port, "player@example.com", address, big) == 552
    finally:
        server.stop()
    nothing_played_or_answered(game, before)
    outcomes = list(InboundMessage.objects.order_by("pk").values_list("outcome", "seat_id"))
    assert outcomes == [
        ("bounce", seat.pk),
        ("malformed", seat.pk),
        ("malformed", seat.pk),
        ("malformed", seat.pk),
        ("too_large", seat.pk),
    ]


@pytest.mark.xdist_group("worker")
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("marked", [True, False], ids=["robot says Auto-Submitted", "robot says nothing"])
def test_an_out_of_office_robot_gets_at_most_three_answers(make_game, smtp_sink, settings, marked):
    """The loop of the issue, over real SMTP both ways: a robot answers every email it gets (ours
    included, though they say Auto-Submitted) with an out-of-office note to the Reply-To."""
    from inbound.management.commands.mailserver import start_server

    settings.TRAILPOST = {**settings.TRAILPOST, "INBOUND_ERROR_REPLIES_PER_HOUR": 3}
    game = make_game()
    seat = turn_seat(game)
    port = free_port()
    server = start_server("127.0.0.1", port)
    seen = 0
    try:
        for _ in range(10):
            ids = list(Notification.objects.filter(sent_at__isnull=True).values_list("pk", flat=True))
            delivery.send_notifications(ids)
            messages = smtp_sink.wait_for(seen + len(ids))
            new, seen = messages[seen:], len(messages)
            robot_mail = [m for m in new if m["To"] == seat.user.email and m["Reply-To"]]
            if not robot_mail:
                break
            for m in robot_mail:
                assert m["Auto-Submitted"] in ("auto-replied", "auto-generated")
                headers = {"Auto-Submitted": "auto-replied"} if marked else {}
                oof = reply(
                    m["Reply-To"], "I am away until Monday.", sender=seat.user.email, headers=headers, crlf=True
                )
                assert smtp_deliver(port, seat.user.email, m["Reply-To"], oof) == 250
    finally:
        server.stop()
    answers = Notification.objects.filter(seat=seat, kind=Kind.REPLY_ERROR).count()
    assert answers == (0 if marked else 3)
    outcomes = list(InboundMessage.objects.values_list("outcome", flat=True))
    assert outcomes == (["auto_reply"] if marked else ["not_understood"] * 4)
    assert not Move.objects.filter(game=game, channel="email").exists()
