"""Inbound webhooks whose message arrives encoded (#30 item 1, the path left): Amazon SES posts an
SNS notification whose "Message" is JSON holding the raw message in "content", base64 (or as text);
SparkPost and Postal post it base64 in their JSON too. Those bodies were only size-bounded, and
anymail's parser took the decoded message whatever its shape. The raw-bytes bounds of
inbound.rawmail now apply to the decoded message before anymail parses it: refused,
recorded and answered 200; replies within the limits still play. bench/hostile_mail.py times it."""

import base64
import json

import pytest
from anymail.inbound import AnymailInboundMessage

from games.models import Move
from inbound import webhooks
from notifications.models import InboundMessage, Notification

from .conftest import turn_seat
from .test_hostile_mail_bounds import SHAPES, flat
from .test_inbound_robots_and_hostile_mail import nested, nothing_played_or_answered, reply, reply_to_address

pytestmark = [pytest.mark.django_db, pytest.mark.filterwarnings("ignore:django-anymail has dropped official support")]


def ses(raw: bytes, to: str, encoding: str = "BASE64") -> tuple[str, dict]:
    """Amazon SES's inbound notification through SNS, as anymail reads it."""
    event = {
        "notificationType": "Received",
        "mail": {"source": "player@example.com", "messageId": "ses-1", "timestamp": "2030-03-01T12:00:00.000Z"},
        "receipt": {"recipients": [to], "action": {"type": "SNS", "encoding": encoding}},
        "content": base64.b64encode(raw).decode() if encoding == "BASE64" else raw.decode(),
    }
    sns = {"Type": "Notification", "MessageId": "sns-1", "TopicArn": "arn:aws:sns:x", "Message": json.dumps(event)}
    headers = {"HTTP_X_AMZ_SNS_MESSAGE_TYPE": "Notification", "HTTP_X_AMZ_SNS_MESSAGE_ID": "sns-1"}
    return "amazon_ses", {"data": json.dumps(sns), "headers": headers}


def ses_text(raw: bytes, to: str) -> tuple[str, dict]:
    return ses(raw, to, encoding="UTF8")


def sparkpost(raw: bytes, to: str) -> tuple[str, dict]:
    content = {"email_rfc822": base64.b64encode(raw).decode(), "email_rfc822_is_base64": True, "to": [to]}
    relay = {"content": content, "rcpt_to": to, "msg_from": "player@example.com", "protocol": "smtp"}
    event = [{"msys": {"relay_message": relay}}]
    return "sparkpost", {"data": json.dumps(event), "headers": {}}


def postal(raw: bytes, to: str) -> tuple[str, dict]:
    event = {"id": 1, "rcpt_to": to, "mail_from": "player@example.com", "message": base64.b64encode(raw).decode()}
    return "postal", {"data": json.dumps({**event, "base64": True}), "headers": {}}


PROVIDERS = {"ses base64": ses, "ses text": ses_text, "sparkpost base64": sparkpost, "postal base64": postal}
HOSTILE = {
    "28,000 flat parts": SHAPES["28,000 flat parts"],
    "2,000 deep": (lambda to: nested(to, 2000), "more than 50 multipart parts"),
    "a 100 KB header": SHAPES["a 100 KB header"],
    "1,001 headers": SHAPES["1,001 headers"],
}


def post(client, settings, provider, raw: bytes, to: str):
    name, request = PROVIDERS[provider](raw, to)
    settings.TRAILPOST_INBOUND_WEBHOOKS = [name]
    auth = "Basic " + base64.b64encode(settings.ANYMAIL["WEBHOOK_SECRET"].encode()).decode()
    return client.post(
        f"/mail/anymail/{name}/inbound/",
        request["data"],
        content_type="application/json",
        HTTP_AUTHORIZATION=auth,
        **request["headers"],
    )


@pytest.fixture
def no_parsing(monkeypatch):
    """Fails the test if anymail is given the message to parse."""

    def parsed(*args, **kwargs):
        raise AssertionError("anymail parsed the message")

    for name in ("parse_raw_mime", "parse_raw_mime_bytes"):
        monkeypatch.setattr(AnymailInboundMessage, name, classmethod(parsed))


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("case", HOSTILE)
def test_a_hostile_encoded_message_is_refused_before_anymail_parses_it(
    make_game, client, settings, no_parsing, provider, case
):
    shape, why = HOSTILE[case]
    game = make_game()
    seat = turn_seat(game)
    before = Notification.objects.count()
    answer = post(client, settings, provider, shape(reply_to_address(seat)), reply_to_address(seat))
    assert answer.status_code == 200  # taken: the provider does not post it again
    nothing_played_or_answered(game, before)
    (row,) = InboundMessage.objects.all()
    assert row.outcome == "malformed" and why in row.detail


def precheck(rf, settings, provider, raw: bytes, to: str):
    """What the webhook's guard says of a post before anymail's view (None: handed to it). Amazon
    SES's view needs boto3 and Postal's a signing key, neither installed here: their whole path is
    not run, only this."""
    name, request = PROVIDERS[provider](raw, to)
    auth = "Basic " + base64.b64encode(settings.ANYMAIL["WEBHOOK_SECRET"].encode()).decode()
    posted = rf.post(
        f"/mail/anymail/{name}/inbound/",
        request["data"],
        content_type="application/json",
        HTTP_AUTHORIZATION=auth,
        **request["headers"],
    )
    return webhooks._webhook_shape_refusal(posted)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_reply_within_the_limits_is_handed_to_anymail(make_game, rf, settings, provider):
    to = reply_to_address(turn_seat(make_game()))
    assert precheck(rf, settings, provider, reply(to), to) is None
    assert precheck(rf, settings, provider, flat(to, 199), to) is None  # 200 delimiter lines with the last
    assert precheck(rf, settings, provider, flat(to, 200), to) == ("malformed", "It has more than 200 MIME parts.")


def test_a_reply_through_sparkpost_plays(make_game, client, settings):
    game = make_game()
    to = reply_to_address(turn_seat(game))
    assert post(client, settings, "sparkpost base64", reply(to), to).status_code == 200
    assert Move.objects.filter(game=game, channel="email").count() == 1
    assert InboundMessage.objects.get().outcome == "played"


def test_an_attachments_base64_is_not_taken_for_a_message(make_game, client, settings):
    """Postmark posts attachments base64 in "Content": one long line that anymail does not parse
    as a message, so it is not counted as text (it would pass for a header block over 64 KB)."""
    game = make_game()
    to = reply_to_address(turn_seat(game))
    pdf = base64.b64encode(b"%PDF-1.4\n" + bytes(range(1, 256)) * 1_000).decode()
    body = {
        "From": "player@example.com",
        "FromFull": {"Email": "player@example.com", "Name": ""},
        "To": to,
        "ToFull": [{"Email": to, "Name": ""}],
        "OriginalRecipient": to,
        "Subject": "Re: Your turn",
        "MessageID": "pm-1",
        "TextBody": "1",
        "Headers": [{"Name": "Message-ID", "Value": "<pm-1@example.com>"}],
        "Attachments": [{"Name": "a.pdf", "Content": pdf, "ContentType": "application/pdf", "ContentLength": 1}],
    }
    settings.TRAILPOST_INBOUND_WEBHOOKS = ["postmark"]
    auth = "Basic " + base64.b64encode(settings.ANYMAIL["WEBHOOK_SECRET"].encode()).decode()
    answer = client.post(
        "/mail/anymail/postmark/inbound/", json.dumps(body), content_type="application/json", HTTP_AUTHORIZATION=auth
    )
    assert answer.status_code == 200
    assert InboundMessage.objects.get().outcome == "played"
