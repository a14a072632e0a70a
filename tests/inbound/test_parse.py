"""A parsed inbound message (inbound.parse), without a database: its text, robots' mail (RFC 3834:
never answered) and hostile mail (never read), each recognised with the sentence recorded, and
headers that never raise. Mail is outside input: whatever it holds, a reason or a text, never an
exception."""

import hashlib
from email.message import EmailMessage

import pytest

from inbound.parse import (
    header,
    hostile_reason,
    html_text,
    message_text,
    parse_message,
    parsed_refusal,
    robot_reason,
    safe_text,
)


def mail(headers=None, body="1\n") -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = "Ann <ann@example.com>"
    msg["To"] = "play+t@example.com"
    for name, value in (headers or {}).items():
        msg[name] = value
    msg.set_content(body)
    return msg


def raw(text: str):
    return parse_message(text.replace("\n", "\r\n").encode("utf-8", "surrogateescape"))


def test_a_message_is_parsed_from_bytes_or_text_with_the_modern_policy():
    msg = parse_message("From: a@example.com\nSubject: =?utf-8?q?caf=C3=A9?=\n\n1\n")
    assert msg["Subject"] == "café"
    undecodable = parse_message(b"Subject: x\n\n\xff\n")
    assert parse_message("Subject: x\n\n\udcff\n").as_bytes() == undecodable.as_bytes()


def test_html_text_keeps_quotes_and_drops_what_is_not_text():
    text = html_text(
        "<html><head><style>p{}</style></head><body><!--[if mso]>Word<![endif]-->"
        "<p>End the <b>turn</b> <a href='https://x'>now</a><img src='y'></p>"
        "<table><tr><td>cell</td></tr></table>"
        "<blockquote>Advance one step</blockquote></body></html>"
    )
    assert text.splitlines()[0] == "End the turn now"
    assert "> Advance one step" in text
    assert "Word" not in text and "p{}" not in text and "https" not in text and "**" not in text
    assert "| " not in text and "---" not in text and "cell" in text


def test_html_text_reads_200000_characters_at_most():
    text = html_text("<p>" + "a" * 300_000 + "</p>")
    assert text.strip() == "a" * (200_000 - 3)


def test_html_text_of_markup_html2text_cannot_read_is_empty(caplog):
    # the logger's own level: a Celery worker started by an earlier test on this process may have
    # raised the root logger's
    caplog.set_level("WARNING", logger="inbound.parse")
    assert html_text(None) == ""
    [record] = caplog.records
    assert record.getMessage() == "an HTML reply could not be converted to text" and record.exc_info[0] is TypeError


def test_message_text_prefers_the_plain_part_then_the_html():
    msg = mail(body="plain words")
    msg.add_alternative("<p>html words</p>", subtype="html")
    assert message_text(msg).strip() == "plain words"
    only_html = EmailMessage()
    only_html.set_content("<div>3</div><blockquote>Advance one step</blockquote>", subtype="html")
    assert message_text(only_html).strip().splitlines()[0] == "3"
    assert "> Advance one step" in message_text(only_html)


def test_message_text_finds_an_html_part_among_attachments():
    msg = EmailMessage()
    msg.set_content("<div>End the turn</div>", subtype="html")
    msg.add_attachment(b"\x89PNG", maintype="image", subtype="png", filename="map.png")
    assert msg.get_content_type() == "multipart/mixed"
    assert message_text(msg).strip() == "End the turn"


def test_message_text_of_a_single_part_in_another_text_type_is_its_text():
    assert message_text(raw("Content-Type: text/markdown; charset=utf-8\n\n3\n")).strip() == "3"


def test_message_text_of_parts_the_library_cannot_walk_is_empty():
    # A multipart part without a boundary holds a string, which get_body cannot walk (it raises).
    msg = raw("Content-Type: multipart/mixed; boundary=x\n\n--x\nContent-Type: multipart/related\n\n3\n--x--\n")
    assert message_text(msg) == ""


def test_message_text_of_a_message_without_text_is_empty():
    msg = EmailMessage()
    msg.set_content(b"\x89PNG", maintype="image", subtype="png")
    assert message_text(msg) == ""
    multipart = raw("Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: image/png\n\nx\n--b--\n")
    assert message_text(multipart) == ""


def test_message_text_of_a_part_in_an_unknown_charset_is_decoded_as_utf8():
    msg = raw("Content-Type: text/plain; charset=x-no-such\nContent-Transfer-Encoding: 8bit\n\ncafé 3\n")
    assert message_text(msg).strip() == "café 3"
    broken = parse_message(b"Content-Type: text/plain; charset=x-no-such\r\n\r\ncaf\xff 3\r\n")
    assert message_text(broken).strip() == "caf\ufffd 3"


def test_message_text_of_an_empty_part_the_library_cannot_read_is_empty():
    msg = parse_message(b'Content-Type: text/plain; charset="utf-8\x00"\r\n\r\n')  # a NUL in the charset's name
    with pytest.raises(ValueError):
        msg.get_content()
    assert message_text(msg) == ""


def test_message_text_of_a_single_part_message_that_is_not_text():
    msg = raw("Content-Type: application/octet-stream\n\nabc\n")
    assert message_text(msg) == ""


@pytest.mark.parametrize(
    ("value", "limit", "text"),
    [
        ("a\x00b", 10, "ab"),
        ("\udcffab", 10, "?ab"),
        ("abcdef", 3, "abc"),
        (None, 5, ""),
        (42, 5, "42"),
        ("", 5, ""),
    ],
)
def test_safe_text_is_text_every_database_stores(value, limit, text):
    assert safe_text(value, limit) == text


def test_a_header_is_its_values_joined_and_never_raises():
    msg = mail({"X-Two": "one"})
    msg["X-Two"] = "two"
    assert header(msg, "X-Two") == "one two"
    assert header(msg, "X-None") == ""
    assert header(raw("X-A:   \n\n1\n"), "X-A") == ""

    class Hostile:
        def get_all(self, name):
            raise ValueError("a header the policy cannot read")

    assert header(Hostile(), "From") == ""


ROBOTS = [
    ({"Auto-Submitted": "auto-replied"}, None, ("auto_reply", "It is automatic mail (Auto-Submitted: auto-replied).")),
    (
        {"Auto-Submitted": "Auto-Generated; x=y"},
        None,
        ("auto_reply", "It is automatic mail (Auto-Submitted: auto-generated)."),
    ),
    (
        {"Auto-Submitted": "auto-notified (by x)"},
        None,
        ("auto_reply", "It is automatic mail (Auto-Submitted: auto-notified)."),
    ),
    ({"X-Autoreply": "yes"}, None, ("auto_reply", "It is an automatic reply (X-Autoreply).")),
    ({"X-FC-MachineGenerated": "true"}, None, ("auto_reply", "It is an automatic reply (X-FC-MachineGenerated).")),
    ({"X-Auto-Response-Suppress": "OOF"}, None, ("auto_reply", "It is an automatic reply (X-Auto-Response-Suppress).")),
    (
        {"X-Auto-Response-Suppress": "DR, AutoReply"},
        None,
        ("auto_reply", "It is an automatic reply (X-Auto-Response-Suppress)."),
    ),
    ({"Precedence": "Auto_Reply"}, None, ("auto_reply", "It is an automatic reply (Precedence: auto_reply).")),
    ({"X-Precedence": "auto_reply"}, None, ("auto_reply", "It is an automatic reply (X-Precedence: auto_reply).")),
    ({"Precedence": "bulk"}, None, ("bulk", "It is bulk mail (Precedence: bulk).")),
    ({"Precedence": "JUNK"}, None, ("bulk", "It is bulk mail (Precedence: junk).")),
    ({"X-Precedence": "list"}, None, ("bulk", "It is bulk mail (X-Precedence: list).")),
    ({"List-Id": "<trail.example.com>"}, None, ("bulk", "It is mailing-list mail (List-Id).")),
    ({"List-Unsubscribe": "<mailto:x@example.com>"}, None, ("bulk", "It is mailing-list mail (List-Unsubscribe).")),
    ({"List-Post": "<mailto:x@example.com>"}, None, ("bulk", "It is mailing-list mail (List-Post).")),
    ({}, "", ("bounce", "It came from the null sender (MAIL FROM:<>): a bounce or a report.")),
    ({}, " <> ", ("bounce", "It came from the null sender (MAIL FROM:<>): a bounce or a report.")),
    ({"Return-Path": "< >"}, None, ("bounce", "Its Return-Path is empty (<>): a bounce or a report.")),
    ({}, "MAILER-DAEMON@mx.example.com", ("bounce", "It came from MAILER-DAEMON.")),
    ({}, "postmaster@mx.example.com", ("bounce", "It came from postmaster.")),
    ({"X-Failed-Recipients": "ann@example.com"}, None, ("bounce", "It is a delivery or read report.")),
]


@pytest.mark.parametrize(("headers", "envelope", "reason"), ROBOTS)
def test_robots_mail_is_recognised_with_why(headers, envelope, reason):
    assert robot_reason(mail(headers), envelope) == reason


def test_a_robot_in_the_from_header_is_a_bounce():
    msg = mail()
    msg.replace_header("From", "Mail Delivery System <Mailer-Daemon@mx.example.com>")
    assert robot_reason(msg) == ("bounce", "It came from MAILER-DAEMON.")
    msg.replace_header("From", "postmaster@mx.example.com")
    assert robot_reason(msg, "ann@example.com") == ("bounce", "It came from postmaster.")
    # the local part ends at the first "@": a domain literal may hold one too
    assert robot_reason(mail(), "mailer-daemon@[mx@example.com]") == ("bounce", "It came from MAILER-DAEMON.")


def test_a_report_is_a_bounce():
    msg = raw("From: ann@example.com\nContent-Type: multipart/report; boundary=b\n\n--b\n\n1\n--b--\n")
    assert robot_reason(msg) == ("bounce", "It is a delivery or read report.")


def test_the_checks_come_in_order_a_bounce_first():
    msg = mail({"Auto-Submitted": "auto-replied", "Precedence": "bulk", "List-Id": "x"})
    assert robot_reason(msg, "")[0] == "bounce"
    assert robot_reason(msg)[0] == "auto_reply"
    assert robot_reason(mail({"Precedence": "bulk", "List-Id": "x"}))[1] == "It is bulk mail (Precedence: bulk)."


def test_a_long_auto_submitted_value_is_cut_in_the_sentence():
    reason = robot_reason(mail({"Auto-Submitted": "a" * 100}))
    assert reason == ("auto_reply", f"It is automatic mail (Auto-Submitted: {'a' * 40}).")


@pytest.mark.parametrize(
    ("headers", "envelope"),
    [
        ({}, None),
        ({}, "ann@example.com"),
        ({"Auto-Submitted": "no"}, None),
        ({"Auto-Submitted": " No (a person)"}, None),
        ({"X-Auto-Response-Suppress": "DR, RN"}, None),
        ({"Precedence": "first-class"}, None),
        ({"Return-Path": "<ann@example.com>"}, None),
        ({}, "daemon@example.com"),
    ],
)
def test_a_persons_mail_is_no_robots(headers, envelope):
    assert robot_reason(mail(headers), envelope) is None


def nest(depth: int) -> str:
    text = "Content-Type: text/plain\n\n1\n"
    for level in range(depth):
        text = f"Content-Type: multipart/mixed; boundary=b{level}\n\n--b{level}\n{text}--b{level}--\n"
    return text


def test_mime_nested_ten_deep_is_read_and_eleven_is_refused():
    assert hostile_reason(raw(nest(10))) is None
    assert hostile_reason(raw(nest(11))) == "Its MIME parts are nested more than 10 deep."


def test_the_depth_is_a_setting(settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "INBOUND_MAX_MIME_DEPTH": 2}
    assert hostile_reason(raw(nest(2))) is None
    assert hostile_reason(raw(nest(3))) == "Its MIME parts are nested more than 2 deep."


def test_every_part_is_checked_not_only_the_first():
    text = (
        "Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: text/plain\n\n1\n"
        "--b\nContent-Type: text/plain\nContent-Transfer-Encoding: x-uuencode\n\n2\n--b--\n"
    )
    assert hostile_reason(raw(text)) == "A part has an unknown transfer encoding (x-uuencode)."


@pytest.mark.parametrize(
    ("part", "why"),
    [
        ("Content-Transfer-Encoding: X-Weird\n\n1\n", "A part has an unknown transfer encoding (x-weird)."),
        ("Content-Transfer-Encoding: quoted-printable\n\n1 =ZZ\n", "A part has broken quoted-printable."),
        ("Content-Transfer-Encoding: quoted-printable\n\n1 =\n", None),  # a soft line break
        ("Content-Transfer-Encoding: quoted-printable\n\n1 =3D=\t\n2\n", None),
        ("Content-Transfer-Encoding: base64\n\nMQ=\n", "A part has broken base64."),
        ("Content-Transfer-Encoding: base64\n\nMQ==\n", None),
        ("Content-Type: text/plain; charset=x-no-such\n\n1\n", "A text part has an unknown charset (x-no-such)."),
        ("Content-Type: text/plain; charset=ascii\n\n\udcff\n", "A text part is not valid ascii."),
        ("Content-Type: text/plain\nContent-Transfer-Encoding: 8bit\n\n\udcff\n", "A text part is not valid utf-8."),
        ("Content-Type: text/plain\nContent-Transfer-Encoding: base64\n\nMQAy\n", "A text part holds a NUL character."),
        ("Content-Type: image/png\nContent-Transfer-Encoding: base64\n\nMQAy\n", None),  # not text: bytes
        ("Content-Type: text/plain; charset=latin-1\nContent-Transfer-Encoding: 8bit\n\ncaf\udce9\n", None),
        ("Content-Transfer-Encoding:  8BIT \n\n1\n", None),
    ],
)
def test_a_hostile_part_is_refused_with_why(part, why):
    assert hostile_reason(raw(part)) == why


def test_an_empty_text_part_is_valid_in_any_charset():
    # no bytes at all: even UTF-32, which needs four a character, has nothing to refuse
    assert hostile_reason(raw("Content-Type: text/plain; charset=utf-32\n\n")) is None


def test_a_bad_text_part_before_an_attachment_is_refused():
    # the parts are checked last first: the attachment, skipped, must not end the walk
    text = (
        "Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: text/plain; charset=ascii\n"
        "Content-Transfer-Encoding: 8bit\n\n\udcff\n--b\nContent-Type: image/png\n"
        "Content-Transfer-Encoding: base64\n\nMQAy\n--b--\n"
    )
    assert hostile_reason(raw(text)) == "A text part is not valid ascii."


def test_a_long_charset_name_is_cut_in_the_sentence_of_invalid_text():
    charset = "utf" + "-" * 50 + "8"  # a name the codecs still know: UTF-8
    text = f"Content-Type: text/plain; charset={charset}\nContent-Transfer-Encoding: 8bit\n\n\udcff\n"
    assert hostile_reason(raw(text)) == f"A text part is not valid {'utf' + '-' * 37}."


def test_an_unknown_transfer_encoding_is_cut_in_the_sentence():
    why = hostile_reason(raw(f"Content-Transfer-Encoding: {'x' * 100}\n\n1\n"))
    assert why == f"A part has an unknown transfer encoding ({'x' * 40})."


def test_an_unknown_charset_is_cut_in_the_sentence():
    why = hostile_reason(raw(f"Content-Type: text/plain; charset={'y' * 100}\n\n1\n"))
    assert why == f"A text part has an unknown charset ({'y' * 40})."


def test_quoted_printable_holding_lone_surrogates_is_checked_not_raised():
    # An 8-bit byte makes the library decode the payload in the part's charset, and this one
    # (unicode-escape) turns "\\udce9" into a lone surrogate: the check must not raise on it.
    msg = parse_message(
        b"Content-Type: text/plain; charset=unicode-escape\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
        b"\\udce9 \xe9 =ZZ\r\n"
    )
    assert "\udce9" in msg.get_payload()
    assert hostile_reason(msg) == "A part has broken quoted-printable."


def test_a_parsed_message_with_its_hash_is_checked_for_its_parts_only():
    msg = raw(nest(11))
    assert parsed_refusal(msg, "abc", 12) == ("abc", 12, ("malformed", "Its MIME parts are nested more than 10 deep."))
    assert parsed_refusal(mail(), "abc", 12) == ("abc", 12, None)


def test_a_message_from_a_webhook_is_hashed_and_measured_from_its_bytes():
    msg = mail()
    data = msg.as_bytes()
    assert parsed_refusal(msg, "", None) == (hashlib.sha256(data).hexdigest(), len(data), None)
    with_nul = raw("Content-Type: text/plain\n\n1\x002\n")
    hashed, size, refusal = parsed_refusal(with_nul, "", None)
    assert refusal == ("malformed", "It contains a NUL byte.") and size == len(with_nul.as_bytes())


def test_a_message_that_cannot_be_written_back_or_checked_is_malformed():
    class Unwritable:
        def as_bytes(self):
            raise ValueError("cannot")

        def get_payload(self):
            raise ValueError("cannot")

    assert parsed_refusal(Unwritable(), "", None) == (
        hashlib.sha256(b"").hexdigest(),
        0,
        ("malformed", "It could not be read as an email."),
    )
    assert parsed_refusal(Unwritable(), "abc", 5) == ("abc", 5, ("malformed", "It could not be read as an email."))


def test_a_message_that_cannot_be_written_back_is_malformed_however_its_parts_read():
    class Unwritable(EmailMessage):
        def as_bytes(self, *args, **kwargs):
            raise ValueError("cannot")

    msg = Unwritable()
    msg.set_content("1")
    assert hostile_reason(msg) is None
    assert parsed_refusal(msg, "", None)[2] == ("malformed", "It could not be read as an email.")


def test_a_message_whose_parts_cannot_be_checked_is_logged_with_its_traceback(caplog):
    class Unreadable(EmailMessage):
        def get_payload(self, *args, **kwargs):
            raise ValueError("cannot")

    caplog.set_level("WARNING", logger="inbound.parse")
    assert parsed_refusal(Unreadable(), "abc", 5)[2] == ("malformed", "It could not be read as an email.")
    [record] = caplog.records
    assert record.getMessage() == "inbound email could not be checked" and record.exc_info[0] is ValueError
