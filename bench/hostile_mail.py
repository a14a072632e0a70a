"""What one hostile email costs the inbound handler: the time `inbound.route.handle_raw`
(what `receive_email`, `mailserver` and the webhooks' raw messages go through) takes to refuse
each of a set of hostile shapes, each about 1 MB (the size limit) or what its shape allows, sent
to a seat's current reply address (a valid token), to no address, and to a forged one. Then the
replies of real mail clients (HTML and attachments) are timed and must be played. Prints the time
of each (the best of BENCH_HOSTILE_RUNS, 3: the machine is shared; the outcome is the last run's:
a shape within the limits plays move 1 the first time, then is stale), the worst refusal (the
brief: at most 100 ms) and the worst message within the limits, which is parsed and read.

Uses its own database (BENCH_HOSTILE_DATABASE_URL, default trailpost_bench_hostile on the local
PostgreSQL, created if missing; a sqlite:/// URL works too).
Run: TRAILPOST_ENV=test nice .venv/bin/python bench/hostile_mail.py
"""

import base64
import os
import sys
import time
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import bench_users, django_setup  # noqa: E402

BENCH_DB = os.environ.get("BENCH_HOSTILE_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/trailpost_bench_hostile")
RUNS = int(os.environ.get("BENCH_HOSTILE_RUNS", "3"))
MB = 1024 * 1024 - 4096  # just under the 1 MiB limit, room for the headers


def head(to: str, content_type: str = "text/plain; charset=utf-8", extra: bytes = b"") -> bytes:
    return (
        f"From: player@example.com\r\nTo: {to}\r\nSubject: Re: Your turn\r\n"
        f"Message-ID: {make_msgid(domain='hostile.example.com')}\r\nMIME-Version: 1.0\r\n"
        f"Content-Type: {content_type}\r\n"
    ).encode() + extra


def flat_parts(to: str) -> bytes:
    part = b"--b\r\nContent-Type: text/plain\r\n\r\n1\r\n"
    return head(to, "multipart/mixed; boundary=b") + b"\r\n" + part * (MB // len(part)) + b"--b--\r\n"


def flat_parts_no_headers(to: str) -> bytes:
    part = b"--b\r\n\r\n1\r\n"
    return head(to, "multipart/mixed; boundary=b") + b"\r\n" + part * (MB // len(part)) + b"--b--\r\n"


def deep(to: str, depth: int = 2000) -> bytes:
    body = b"Content-Type: text/plain\r\n\r\n1\r\n"
    for i in range(depth):
        b = b"b%d" % i
        body = (
            b"Content-Type: multipart/mixed; boundary=" + b + b"\r\n\r\n--" + b + b"\r\n" + body + b"--" + b + b"--\r\n"
        )
    return head(to, "text/plain")[: -len(b"Content-Type: text/plain\r\n")] + body


def huge_header(to: str) -> bytes:
    return head(to, extra=b"X-Big: " + b"a" * MB + b"\r\n") + b"\r\n1\r\n"


def folded_header(to: str) -> bytes:
    return head(to, extra=b"X-Folded: a\r\n" + b" folded line of a long header\r\n" * (MB // 32)) + b"\r\n1\r\n"


def huge_address_header(to: str) -> bytes:
    return head(to, extra=b"Cc: " + b"a@b.c, " * (MB // 7) + b"\r\n") + b"\r\n1\r\n"


def many_headers(to: str) -> bytes:
    return head(to, extra=b"X-H: v\r\n" * (MB // 8)) + b"\r\n1\r\n"


def many_part_headers(to: str) -> bytes:
    part = b"--b\r\nContent-Type: text/plain\r\n" + b"X-H: v\r\n" * (MB // 8) + b"\r\n1\r\n"
    return head(to, "multipart/mixed; boundary=b") + b"\r\n" + part + b"--b--\r\n"


def long_line(to: str) -> bytes:
    return head(to) + b"\r\n1 " + b"a" * MB + b"\r\n"


def many_lines(to: str) -> bytes:
    return head(to) + b"\r\n1\r\n" + b"-- \r\n" * (MB // 5)


def base64_bomb(to: str) -> bytes:
    data = base64.encodebytes(b"1\r\n" + b"\x00" * (MB * 3 // 4 - 8))
    return head(to, extra=b"Content-Transfer-Encoding: base64\r\n") + b"\r\n" + data


def base64_parts(to: str) -> bytes:
    part = b"--b\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n\r\nMQ$$==x\r\n"
    return head(to, "multipart/mixed; boundary=b") + b"\r\n" + part * (MB // len(part)) + b"--b--\r\n"


def many_boundaries(to: str) -> bytes:
    params = b"".join(b'; boundary%d="x%d"' % (i, i) for i in range(MB // 30))
    return head(to, "multipart/mixed; boundary=b" + params.decode()) + b"\r\n--b\r\n\r\n1\r\n--b--\r\n"


def html_bomb(to: str) -> bytes:
    return head(to, "text/html; charset=utf-8") + b"\r\n" + b"<div>" * (MB // 5)


# Outcomes of mail refused before it is read (the rest was within the limits: parsed and read).
REFUSED = {"malformed", "too_large", "no_token", "forged", "over_cap"}


def big_cc(to: str) -> bytes:
    return head(to, extra=b"Cc: " + b"a@b.c, " * 8000 + b"\r\n") + b"\r\n1\r\n"


SHAPES = {
    "flat 28,000 parts": flat_parts,
    "flat parts, no part headers": flat_parts_no_headers,
    "2,000 deep nesting": deep,
    "one 1 MB header": huge_header,
    "one header folded 33,000 times": folded_header,
    "1 MB Cc of 150,000 addresses": huge_address_header,
    "130,000 headers": many_headers,
    "130,000 headers in a part": many_part_headers,
    "one 1 MB line": long_line,
    "200,000 signature lines": many_lines,
    "base64 of 750 KB of NUL": base64_bomb,
    "20,000 broken base64 parts": base64_parts,
    "35,000 boundary parameters": many_boundaries,
    "1 MB of opening <div>": html_bomb,
    "56 KB Cc of 8,000 addresses": big_cc,
}


def client_replies(to: str) -> dict[str, bytes]:
    """Replies as real mail clients write them: plain with a quote, HTML with a plain part, and a
    reply with an image and a PDF attached."""
    plain = EmailMessage()
    plain.set_content("1\n\nOn Tue, Trailpost wrote:\n> Your turn\n")
    html = EmailMessage()
    html.set_content("1\n\nOn Tue, Trailpost wrote:\n> Your turn\n")
    html.add_alternative(
        '<div dir="ltr">1</div><div class="gmail_quote"><blockquote>Your turn</blockquote></div>', "html"
    )
    attached = EmailMessage()
    attached.set_content("1\n")
    attached.add_alternative("<p>1</p>", "html")
    attached.add_attachment(b"\x89PNG" + os.urandom(200_000), maintype="image", subtype="png", filename="a.png")
    attached.add_attachment(b"%PDF" + os.urandom(300_000), maintype="application", subtype="pdf", filename="b.pdf")
    out = {}
    for name, msg in (("plain", plain), ("html and plain (Gmail)", html), ("html, png, pdf", attached)):
        msg["From"], msg["To"], msg["Subject"] = "player@example.com", to, "Re: Your turn"
        msg["Message-ID"] = make_msgid(domain="client.example.com")
        out[name] = msg.as_bytes()
    return out


def timed(raw_of, to: str) -> tuple[float, str, int]:
    """Returns the best time in ms of RUNS runs, the outcome and the message's size."""
    from inbound.route import handle_raw

    best, outcome, size = float("inf"), "", 0
    for _ in range(RUNS):
        raw = raw_of(to)
        size = len(raw)
        start = time.perf_counter()
        outcome = handle_raw(raw, recipients=[to] if "@" in to else []).outcome
        best = min(best, (time.perf_counter() - start) * 1000)
    return best, outcome, size


def ses_post(raw: bytes, to: str) -> tuple[bytes, dict]:
    """Amazon SES's inbound notification through SNS: the raw message base64 in "content", in the
    JSON string "Message" (what anymail's amazon_ses inbound webhook reads)."""
    import json

    event = {
        "notificationType": "Received",
        "mail": {"source": "player@example.com", "messageId": "ses-1"},
        "receipt": {"recipients": [to], "action": {"type": "SNS", "encoding": "BASE64"}},
        "content": base64.b64encode(raw).decode(),
    }
    sns = {"Type": "Notification", "MessageId": "sns-1", "Message": json.dumps(event)}
    headers = {"HTTP_X_AMZ_SNS_MESSAGE_TYPE": "Notification", "HTTP_X_AMZ_SNS_MESSAGE_ID": "sns-1"}
    return json.dumps(sns).encode(), headers


def timed_ses(raw_of, to: str) -> tuple[float, str, int]:
    """Returns the best time in ms of RUNS posts of the shape to Amazon SES's inbound webhook (the
    whole request through Django's test client: the guard refuses it before anymail's view), the
    outcome recorded and the post's size."""
    from django.conf import settings
    from django.test import Client

    from notifications.models import InboundMessage

    auth = "Basic " + base64.b64encode(settings.ANYMAIL["WEBHOOK_SECRET"].encode()).decode()
    body, headers = ses_post(raw_of(to), to)
    client = Client()
    best, outcome = float("inf"), ""
    for _ in range(RUNS):
        InboundMessage.objects.all().delete()
        start = time.perf_counter()
        client.post(
            "/mail/anymail/amazon_ses/inbound/",
            body,
            content_type="application/json",
            HTTP_AUTHORIZATION=auth,
            **headers,
        )
        best = min(best, (time.perf_counter() - start) * 1000)
        row = InboundMessage.objects.values_list("outcome", "detail").first() or ("(not recorded)", "")
        # Past the guard, anymail's SES view needs boto3 (not installed): not a refusal of the shape.
        outcome = "past the guard" if "could not be parsed" in row[1] else row[0]
    return best, outcome, len(body)


def main() -> None:
    django_setup(BENCH_DB)
    from games import services
    from games.models import Seat
    from inbound.route import handle_raw
    from notifications.outbox import decision_context

    users = bench_users("hostile", names=("Ada", "Bea"))
    game = services.game_create(owner=users[0], rules="oregon-trail-race", options={}, max_players=2)
    services.game_join(game=game, user=users[1], code=game.invite_code)
    services.game_start(game=game, by=users[0])
    game.refresh_from_db()
    seat = Seat.objects.select_related("user").get(game=game, position=game.engine.to_act(game.state)[0])
    address = decision_context(game, seat)["reply_to"]
    value, _, sig = address.partition("@")[0].partition("+")[2].partition(".")
    forged = f"play+{value}.{'a' * len(sig)}@{address.partition('@')[2]}"
    worst, worst_read = (0.0, ""), (0.0, "")
    print(f"{'shape':34} {'to':>7} {'bytes':>9} {'ms':>8}  outcome")
    for name, shape in SHAPES.items():
        for to_name, to in (("token", address), ("none", "nobody@example.com"), ("forged", forged)):
            ms, outcome, size = timed(shape, to)
            print(f"{name:34} {to_name:>7} {size:9d} {ms:8.1f}  {outcome}", flush=True)
            if outcome in REFUSED:
                worst = max(worst, (ms, f"{name}, to {to_name}"))
            else:
                worst_read = max(worst_read, (ms, f"{name}, to {to_name}, {outcome}"))
    print(f"worst refusal: {worst[0]:.1f} ms ({worst[1]})")
    worst_ses = (0.0, "")
    for name, shape in SHAPES.items():  # the same shapes through Amazon SES's webhook, base64 in JSON
        ms, outcome, size = timed_ses(shape, address)
        print(f"{name + ' (SES)':34} {'token':>7} {size:9d} {ms:8.1f}  {outcome}", flush=True)
        if outcome in REFUSED:
            worst_ses = max(worst_ses, (ms, name))
    print(f"worst refusal through Amazon SES's webhook: {worst_ses[0]:.1f} ms ({worst_ses[1]})")
    print(f"worst message within the limits, parsed and read: {worst_read[0]:.1f} ms ({worst_read[1]})")
    for name in client_replies(address):
        game.refresh_from_db()  # each reply answers the latest menu
        seat = Seat.objects.select_related("user").get(game=game, position=game.engine.to_act(game.state)[0])
        raw = client_replies(decision_context(game, seat)["reply_to"])[name]
        start = time.perf_counter()
        outcome = handle_raw(raw).outcome
        print(f"client reply, {name}: {(time.perf_counter() - start) * 1000:.1f} ms, {outcome}", flush=True)


if __name__ == "__main__":
    main()
