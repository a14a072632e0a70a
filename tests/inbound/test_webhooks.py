"""What a provider's webhook post is checked for before anymail parses it (inbound.webhooks),
without a database: the secret, the messages a JSON or form body holds (raw, base64-encoded, JSON
in a string), and the refusals of what is over rawmail's limits or cannot be read. A post is
outside input: it is let through, or refused with a sentence, never an exception."""

import base64
import hashlib
import json
import urllib.parse
from types import SimpleNamespace

import pytest
from django.core.exceptions import SuspiciousOperation
from django.http import Http404, HttpResponse

from inbound import webhooks
from inbound.webhooks import (
    MAX_WEBHOOK_MESSAGES,
    _base64_message_field,
    _embedded_json,
    _json_strings,
    _webhook_authorized,
    _webhook_shape_refusal,
    _webhook_texts,
    guarded_anymail_urls,
    only_if_served,
)

pytestmark = pytest.mark.filterwarnings("ignore:django-anymail has dropped official support")
REPLY = "From: ann@example.com\nTo: play+t@example.com\n\n1\n"
B64 = base64.b64encode(REPLY.encode()).decode()


def auth(secret: str) -> str:
    return "Basic " + base64.b64encode(secret.encode()).decode()


@pytest.mark.parametrize(
    ("node", "field"),
    [
        ({"receipt": {"action": {"encoding": "BASE64"}}, "content": B64}, "content"),
        ({"receipt": {"action": {"encoding": "UTF8"}}, "content": REPLY}, None),
        ({"receipt": {"action": {"encoding": "BASE64"}}}, None),
        ({"receipt": {"action": "BASE64"}, "content": B64}, None),
        ({"receipt": "BASE64", "content": B64}, None),
        ({"email_rfc822_is_base64": True, "email_rfc822": B64}, "email_rfc822"),
        ({"email_rfc822_is_base64": "true", "email_rfc822": B64}, None),
        ({"email_rfc822_is_base64": False, "email_rfc822": REPLY}, None),
        ({"base64": True, "message": B64}, "message"),
        ({"base64": True}, None),
        ({"base64": 1, "message": B64}, None),
        ({"message": B64}, None),
        ({}, None),
    ],
)
def test_the_field_that_holds_a_raw_message_base64(node, field):
    assert _base64_message_field(node) == field


def test_strings_and_messages_of_a_json_value():
    value = {
        "a": ["one", {"b": "two", "n": 3, "none": None}],
        "ses": {"receipt": {"action": {"encoding": "BASE64"}}, "content": B64},
        "raw": REPLY,
        "attachment": "QUJD" * 20,
        "short": "QUJD",
    }
    texts, messages = _json_strings(value)
    assert sorted(texts) == sorted(["one", "two", REPLY, "QUJD", "BASE64"])
    assert sorted(messages) == sorted([REPLY.encode(), REPLY.encode()])


def test_a_base64_field_that_is_no_string_is_read_as_any_value():
    texts, messages = _json_strings({"base64": True, "message": ["From: a\n", "x"]})
    assert sorted(texts) == ["From: a\n", "x"] and messages == [b"From: a\n"]


def test_json_in_strings_is_read_three_deep():
    fourth = json.dumps({"y": json.dumps(["deepest"])})
    inner = {"Message": json.dumps({"text": "deep", "more": json.dumps({"x": fourth})})}
    texts, _ = _json_strings(inner)
    assert "deep" in texts and "deepest" not in texts and json.dumps(["deepest"]) in texts
    texts, _ = _json_strings(inner, depth=2)
    assert "deep" in texts and json.dumps({"x": fourth}) in texts


def test_an_mbox_from_line_begins_a_message():
    texts, messages = _json_strings(["From ann Mon Jan 1 2030\nSubject: x\n\n1", "no header here"])
    assert messages == [b"From ann Mon Jan 1 2030\nSubject: x\n\n1"]


def test_a_message_with_lone_surrogates_is_counted_not_raised():
    _, messages = _json_strings(["Subject: \udcff\n\n1"])
    assert messages == ["Subject: \udcff\n\n1".encode("utf-8", "surrogatepass")]


@pytest.mark.parametrize(
    ("text", "level", "value"),
    [
        ('{"a": 1}', 0, {"a": 1}),
        ("  [1, 2]", 2, [1, 2]),
        ("[1, 2]", 3, None),
        ('"a"', 0, None),
        ("12", 0, None),
        ("{not json", 0, None),
        ("", 0, None),
    ],
)
def test_json_held_in_a_string(text, level, value):
    assert _embedded_json(text, level) == value


def json_post(rf, body, secret="dev:dev-webhook-secret", **extra):
    data = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return rf.post(
        "/mail/anymail/x/inbound/", data, content_type="application/json", HTTP_AUTHORIZATION=auth(secret), **extra
    )


def test_the_texts_of_a_json_post(rf):
    texts = _webhook_texts(json_post(rf, {"text": "a\nb", "list": ["c"], "base64": True, "message": B64}))
    assert set(texts[0].split(b"\n")) == {b"a", b"b", b"c"} and texts[1:] == [REPLY.encode()]


def test_the_text_of_a_form_post_is_its_fields_decoded(rf):
    body = urllib.parse.urlencode({"body-mime": "From: a\nX: b", "events": json.dumps([{"msg": {"raw_msg": REPLY}}])})
    posted = rf.post("/mail/anymail/x/inbound/", body, content_type="application/x-www-form-urlencoded")
    texts = _webhook_texts(posted)
    assert texts[0].startswith(b"body-mime=From: a\nX: b&events=[{")
    assert texts[0].endswith(b"\n" + REPLY.encode())
    assert texts[1:] == [REPLY.encode()]


def test_a_form_post_without_json_fields_is_its_text_only(rf):
    posted = rf.post("/x/", "a=1%2B1+2", content_type="application/x-www-form-urlencoded")
    assert _webhook_texts(posted) == [b"a=1+1 2\n"]


def test_a_multipart_post_is_counted_as_it_stands(rf):
    posted = rf.post("/x/", {"body-mime": REPLY, "events": json.dumps([{"raw": REPLY}])})
    texts = _webhook_texts(posted)
    assert texts[0].startswith(posted.body) and b'name="body-mime"' in texts[0]
    assert texts[0].endswith(b"\n" + REPLY.encode()) and texts[1:] == [REPLY.encode()]


def test_another_body_is_counted_whole(rf):
    posted = rf.post("/x/", b"From: a\n\n1", content_type="message/rfc822")
    assert _webhook_texts(posted) == [b"From: a\n\n1"]


def test_only_a_post_with_the_secret_is_authorized(rf, settings):
    settings.ANYMAIL = {"WEBHOOK_SECRET": "ops:one"}
    assert _webhook_authorized(json_post(rf, {}, "ops:one"))
    assert not _webhook_authorized(json_post(rf, {}, "ops:two"))
    assert not _webhook_authorized(rf.post("/x/", "{}", content_type="application/json"))
    settings.ANYMAIL = {"WEBHOOK_SECRET": ["ops:old", "ops:new"]}
    assert _webhook_authorized(json_post(rf, {}, "ops:old")) and _webhook_authorized(json_post(rf, {}, "ops:new"))
    settings.ANYMAIL = {"WEBHOOK_SECRET": ["", "ops:new"]}
    assert not _webhook_authorized(json_post(rf, {}, ""))
    settings.ANYMAIL = None
    assert not _webhook_authorized(json_post(rf, {}, ""))


def test_a_post_not_authorized_or_not_posted_is_left_to_anymail(rf, settings):
    settings.ANYMAIL = {"WEBHOOK_SECRET": "ops:one"}
    assert _webhook_shape_refusal(json_post(rf, "{not json", "ops:two")) is None
    assert _webhook_shape_refusal(rf.get("/x/", HTTP_AUTHORIZATION=auth("ops:one"))) is None


@pytest.mark.parametrize("body", ["{not json", {"base64": True, "message": "QUJ"}, "[" * 100_000 + "]" * 100_000])
def test_a_body_that_cannot_be_read_is_malformed(rf, body):
    assert _webhook_shape_refusal(json_post(rf, body)) == (
        "malformed",
        "The provider's webhook posted a body that could not be read.",
    )


def test_a_post_of_more_than_20_messages_is_refused(rf):
    fits = [{"base64": True, "message": B64}] * MAX_WEBHOOK_MESSAGES
    assert _webhook_shape_refusal(json_post(rf, fits)) is None
    assert _webhook_shape_refusal(json_post(rf, [*fits, {"base64": True, "message": B64}])) == (
        "malformed",
        "The provider's webhook posted more than 20 messages at once.",
    )


def test_each_message_of_a_post_is_held_to_rawmails_limits(rf):
    parts = "".join("--b\nContent-Type: text/plain\n\n1\n" for _ in range(200))
    hostile = f"From: a\nContent-Type: multipart/mixed; boundary=b\n\n{parts}--b--\n"
    encoded = base64.b64encode(hostile.encode()).decode()
    assert _webhook_shape_refusal(json_post(rf, {"ok": REPLY, "base64": True, "message": encoded})) == (
        "malformed",
        "It has more than 200 MIME parts.",
    )
    assert _webhook_shape_refusal(json_post(rf, {"first": hostile})) == (
        "malformed",
        "It has more than 200 MIME parts.",
    )
    assert _webhook_shape_refusal(json_post(rf, {"ok": REPLY, "also": REPLY})) is None


def view(request, *args, **kwargs):
    return HttpResponse(f"{args} {kwargs}")


def test_a_webhook_is_served_only_for_the_providers_named(rf, settings):
    served = only_if_served(view, "mailgun")
    assert served.__name__ == "view"
    settings.TRAILPOST_INBOUND_WEBHOOKS = ["mailgun"]
    assert served(rf.get("/x/"), 1, a=2).content == b"(1,) {'a': 2}"
    settings.TRAILPOST_INBOUND_WEBHOOKS = ["postmark"]
    with pytest.raises(Http404):
        served(rf.get("/x/"))


def test_anymails_urls_are_guarded_and_served_only_when_named(rf, settings):
    from anymail import urls

    guarded = guarded_anymail_urls()
    assert [p.name for p in guarded] == [p.name for p in urls.urlpatterns]
    assert all(g.callback is not p.callback for g, p in zip(guarded, urls.urlpatterns, strict=True))
    settings.TRAILPOST_INBOUND_WEBHOOKS = []
    for pattern in guarded:
        with pytest.raises(Http404):
            pattern.callback(rf.post("/x/"))
    settings.TRAILPOST_INBOUND_WEBHOOKS = ["sendgrid"]  # its webhooks reach anymail's views, the others' do not
    with pytest.raises(Http404):
        next(p for p in guarded if p.name == "mailgun_tracking_webhook").callback(rf.post("/x/"))
    with pytest.raises(SuspiciousOperation):  # anymail's view: no credentials
        next(p for p in guarded if p.name == "sendgrid_tracking_webhook").callback(rf.post("/x/"))
    inbound = next(p for p in guarded if p.name == "mailgun_inbound_webhook")
    assert inbound.callback.__wrapped__.__wrapped__ is next(
        p.callback for p in urls.urlpatterns if p.name == "mailgun_inbound_webhook"
    )
    tracking = next(p for p in guarded if p.name == "mailgun_tracking_webhook")
    assert tracking.callback.__wrapped__ is next(
        p.callback for p in urls.urlpatterns if p.name == "mailgun_tracking_webhook"
    )


def test_the_guard_passes_refused_credentials_through(rf, settings):
    from django.core.exceptions import PermissionDenied, SuspiciousOperation

    for error in (SuspiciousOperation("no"), PermissionDenied("no"), Http404("no")):

        def refusing(request, error=error):
            raise error

        with pytest.raises(type(error)):
            webhooks.guard_inbound_webhook(refusing)(rf.post("/x/"))


def test_the_guard_passes_a_database_or_setup_failure_through(rf):
    from django.core.exceptions import ImproperlyConfigured
    from django.db import DatabaseError

    for error in (DatabaseError("down"), ImproperlyConfigured("no key")):

        def failing(request, error=error):
            raise error

        with pytest.raises(type(error)):
            webhooks.guard_inbound_webhook(failing)(rf.post("/x/"))


def test_the_guard_hands_a_post_within_the_limits_to_the_view(rf):
    answer = webhooks.guard_inbound_webhook(view)(json_post(rf, {"raw": REPLY}), 1, a=2)
    assert answer.content == b"(1,) {'a': 2}"


@pytest.mark.django_db
def test_a_post_over_the_limits_is_recorded_and_answered_200_without_the_view(rf):
    from notifications.models import InboundMessage

    parts = "".join("--b\nContent-Type: text/plain\n\n1\n" for _ in range(200))
    hostile = f"From: a\nContent-Type: multipart/mixed; boundary=b\n\n{parts}--b--\n"

    def never(request):
        raise AssertionError("the view was called")

    posted = json_post(rf, {"raw": hostile})
    assert webhooks.guard_inbound_webhook(never)(posted).status_code == 200
    row = InboundMessage.objects.get()
    assert (row.outcome, row.detail, row.size, row.seat) == (
        "malformed",
        "It has more than 200 MIME parts.",
        len(posted.body),
        None,
    )
    # keyed by its bytes: another refused post is recorded too, not taken for this one again
    assert row.message_key == hashlib.sha256(hashlib.sha256(posted.body).hexdigest().encode()).hexdigest()


@pytest.mark.django_db
def test_a_post_over_djangos_limit_is_recorded_too_large(rf):
    from django.core.exceptions import RequestDataTooBig

    from notifications.models import InboundMessage

    def too_big(request):
        raise RequestDataTooBig("big")

    posted = rf.post("/x/", "a=1", content_type="application/x-www-form-urlencoded")
    posted.META["CONTENT_LENGTH"] = "3000000"
    assert webhooks.guard_inbound_webhook(too_big)(posted).status_code == 200
    row = InboundMessage.objects.get()
    assert (row.outcome, row.size) == ("too_large", 3_000_000)
    assert row.detail == (
        "The provider's webhook posted 3000000 bytes, more than Django takes (DATA_UPLOAD_MAX_MEMORY_SIZE)."
    )


@pytest.mark.django_db
def test_a_message_the_view_cannot_parse_is_recorded_malformed(rf, caplog):
    from notifications.models import InboundMessage

    def unparsable(request):
        raise RecursionError("nested too deep")

    posted = rf.post("/x/", "a=1", content_type="application/x-www-form-urlencoded")
    assert webhooks.guard_inbound_webhook(unparsable)(posted).status_code == 200
    row = InboundMessage.objects.get()
    assert (row.outcome, row.size) == ("malformed", 3)
    assert row.detail == "The provider's webhook delivered a message that could not be parsed."
    assert "could not be parsed" in caplog.text


def test_a_delivered_message_goes_to_the_handler(caplog):
    from anymail.inbound import AnymailInboundMessage

    caplog.set_level("INFO", logger="inbound.webhooks")
    message = AnymailInboundMessage.parse_raw_mime(REPLY.replace("play+t", "someone"))
    webhooks.on_anymail_inbound(None, SimpleNamespace(message=message), "mailgun")
    assert "inbound email via mailgun: no_token" in caplog.text


@pytest.mark.django_db
def test_a_delivered_message_is_read_with_its_envelope(make_game):
    from anymail.inbound import AnymailInboundMessage

    from notifications.models import InboundMessage
    from notifications.tokens import reply_address

    from .conftest import turn_seat

    game = make_game()
    seat = turn_seat(game)
    address = reply_address(seat_id=seat.pk, game_id=game.pk, version=game.version)
    message = AnymailInboundMessage.parse_raw_mime(REPLY.replace("play+t@example.com", "trailpost@example.com"))
    message.envelope_recipient, message.envelope_sender = address, ""  # the token in the envelope only
    webhooks.on_anymail_inbound(None, SimpleNamespace(message=message), "mailgun")
    record = InboundMessage.objects.get()
    assert (record.outcome, record.seat_id) == ("bounce", seat.pk)  # the null envelope sender: a bounce
    message.envelope_sender = "ann@example.com"
    message["Message-ID"] = "<w.2@example.com>"
    webhooks.on_anymail_inbound(None, SimpleNamespace(message=message), "mailgun")
    assert InboundMessage.objects.get(message_id="<w.2@example.com>").outcome == "played"


def test_lone_surrogates_in_a_posts_json_are_counted_not_raised(rf):
    posted = rf.post("/x/", '{"a": "\\ud800 x"}', content_type="application/json")
    assert _webhook_texts(posted) == [b"\xed\xa0\x80 x"]
    form = rf.post(
        "/x/", "f=" + urllib.parse.quote('{"a": "\\ud800 y"}'), content_type="application/x-www-form-urlencoded"
    )
    assert _webhook_texts(form)[0].endswith(b"\n\xed\xa0\x80 y")
