"""Mail as providers and clients judge it (#27 part 6): every kind of email goes through the real
SMTP sink and is read back with Python's email package (a parser we did not write):

- every email about a game to a player has the game's one subject and the thread's References;
- the picture rides in multipart/related with RFC 2387's type="text/html", inside the alternative;
- an email that asks nothing has a help+ Reply-To (not noreply@), and a reply to it is answered
  once with how to play and talk by email;
- the one-click unsubscribe mutes that game only, by a valid signed link only;
- SpamAssassin's local rules (Debian's `spamassassin`; `make mailcheck` installs it) score every
  kind under 2.0 (skipped, saying why, where it is not installed).
"""

import re
import shutil
import subprocess

import pytest
from django.core import signing

from inbound.route import handle_raw
from notifications import delivery, outbox
from notifications.emails import thread_root
from notifications.models import Delivery, GameMute, Kind, KindPreference, Notification
from notifications.tokens import read_help_token, unsubscribe_token
from tests.inbound.test_inbound import reply

from .conftest import minute, turn_seat

pytestmark = pytest.mark.django_db

ASKS_NOTHING = {Kind.HIT, Kind.GAME_OVER, Kind.TIMEOUT, Kind.MODERATION, Kind.REPLY_OK}


def _notice(game, seat, kind, **extra) -> Notification:
    """A notice of any kind for a seated player, with the context its templates read; the kinds
    that ask nothing without the menu."""
    turn = Notification.objects.filter(game=game, kind=Kind.YOUR_TURN).order_by("pk").first()
    outbox.complete([turn])  # the menu and the table, as the email that goes shows them
    base = dict(turn.context)
    if kind in ASKS_NOTHING or kind == Kind.CHAT:
        base.pop("decision", None)
    context = {
        **base,
        "played": "Scout",
        "error": "No such move.",
        "line": "7",
        "text": "Dysentery strikes your wagon.",
        "by": "Player1",
        "explain": ["You lose an action.", "Medicine mends it.", "By your next turn."],
        "reason": "Player0 reached Oregon first.",
        "winners": ["Player0"],
        "headline": "paused by a moderator",
        "message": {"author": "Player1", "text": "Shall we trade oxen?"},
        "reply_to": "chat+1-1-1.aaaa@trailpost.localhost" if kind == Kind.CHAT else None,
    }
    context.update(extra)
    return Notification.objects.create(
        kind=kind, user=seat.user, email=seat.user.email, game=game, seat=seat, version=game.version, context=context
    )


@pytest.fixture
def every_kind(make_game, smtp_sink):
    """Sends one email of every kind a player gets about a game, plus a digest; returns
    (game, seat, {kind: parsed message})."""
    game = make_game()
    seat = turn_seat(game)
    Notification.objects.exclude(kind=Kind.YOUR_TURN).delete()
    Notification.objects.filter(kind=Kind.YOUR_TURN).exclude(seat=seat).delete()
    notices = {Kind.YOUR_TURN: Notification.objects.get(kind=Kind.YOUR_TURN)}
    for kind in Kind:
        if kind not in (Kind.YOUR_TURN, Kind.DIGEST, Kind.INVITATION):
            notices[kind] = _notice(game, seat, kind)
    by_pk = {n.pk: k for k, n in notices.items()}
    sent = []
    original = delivery.render_notification

    def tagged(notification, connection=None, **kwargs):
        sent.append(by_pk[notification.pk])
        return original(notification, connection=connection, **kwargs)

    # (Where the test's transactions commit, the "your turn" may have gone already: it goes again.)
    Notification.objects.filter(pk__in=by_pk).update(sent_at=None, claimed_at=None, handed_at=None, outcome="")
    before = len(smtp_sink.wait_for(1, timeout=0.5)) if smtp_sink.messages else 0
    delivery.render_notification = tagged
    try:
        assert delivery.send_notifications(list(by_pk)) == len(notices)
    finally:
        delivery.render_notification = original
    messages = smtp_sink.wait_for(before + len(notices))[before:]
    got = dict(zip(sent, messages, strict=True))
    digest = _notice(game, seat, Kind.HIT)
    Notification.objects.filter(pk=digest.pk).update(delivery=Delivery.DIGEST)
    assert delivery.send_digests() == 1
    got[Kind.DIGEST] = smtp_sink.wait_for(before + len(notices) + 1)[-1]
    return game, seat, got


def test_every_email_of_a_game_has_its_one_subject_thread_and_a_reply_to_that_answers(every_kind):
    game, seat, got = every_kind
    root = thread_root(game_id=game.pk, user_id=seat.user_id)
    firsts = set()
    for kind, message in got.items():
        text = message.get_body(("plain",)).get_content()
        html = message.get_body(("html",)).get_content()
        first = text.splitlines()[0]
        assert first and first in html, kind  # what it is about: the first line, the HTML's heading
        firsts.add(first)
        assert 'name="color-scheme" content="light dark"' in html and "prefers-color-scheme: dark" in html
        assert re.search(r'<body style="[^"]*font-family:', html), "the stylesheet is inlined"
        if kind == Kind.DIGEST:
            assert message["References"] is None and "Trailpost" in message["Subject"]
            continue
        assert message["Subject"] == f"{game.title} · Trailpost", kind
        assert message["References"].split()[0] == root and message["In-Reply-To"], kind
        reply_to = str(message["Reply-To"] or "")
        if kind in ASKS_NOTHING:
            token = read_help_token(reply_to.split("+", 1)[1].split("@")[0])
            assert token == type(token)(seat_id=seat.pk, game_id=game.pk), kind
        elif kind == Kind.CHAT:
            assert reply_to.startswith("chat+")
        else:
            assert reply_to.startswith("play+"), kind
    assert len(firsts) == len(got)  # each kind says what it is


def test_the_picture_rides_in_multipart_related_with_its_root_type(make_game, smtp_sink):
    game = make_game(n=2, rules="oregon-trail-race", options={"ruleset": "revised"})
    seat = turn_seat(game)
    minute()
    [message] = [m for m in smtp_sink.wait_for(1) if m["To"] == seat.user.email]
    assert message.get_content_type() == "multipart/alternative"
    plain, related = message.get_payload()
    assert plain.get_content_type() == "text/plain"
    assert related.get_content_type() == "multipart/related" and related.get_param("type") == "text/html"
    html, image = related.get_payload()
    assert html.get_content_type() == "text/html" and image.get_content_type() == "image/png"
    assert f'src="cid:{image["Content-ID"].strip("<>")}"' in html.get_content()
    assert image.get_content_disposition() == "inline"


def test_a_reply_to_an_email_that_asks_nothing_is_answered_once_with_how_to_play(every_kind, smtp_sink):
    game, seat, got = every_kind
    address = str(got[Kind.GAME_OVER]["Reply-To"])
    before = len(smtp_sink.messages)
    result = handle_raw(
        reply(address, "Thanks, good game!", sender=seat.user.email, message_id="<thanks.1@mail.example.com>")
    )
    assert result.outcome == "help"
    [answer] = Notification.objects.filter(seat=seat, kind=Kind.REPLY_ERROR, context__help=True)
    assert delivery.send_notifications([answer.pk]) == 1
    message = smtp_sink.wait_for(before + 1)[-1]
    text = message.get_body(("plain",)).get_content()
    assert text.startswith("How to play and talk by email in")
    assert 'reply to a "your turn" email' in text and "table-talk email" in text
    assert message["In-Reply-To"] == "<thanks.1@mail.example.com>"  # in the player's thread, under their reply
    assert message["Auto-Submitted"] == "auto-replied"
    # A second reply within the hour (a person, or an auto-responder's loop) is not answered again.
    assert handle_raw(reply(address, "Another one", sender=seat.user.email)).outcome == "help"
    assert Notification.objects.filter(seat=seat, kind=Kind.REPLY_ERROR, context__help=True).count() == 1
    # A forged help+ address is not ours: nothing is recorded or answered.
    forged = re.sub(r"\.[a-z2-7]+@", ".aaaaaaaaaaaaaaaaaaaaaaaa@", address)
    assert handle_raw(reply(forged, "hello")).outcome == "forged"
    other = address.replace(f"help+{seat.pk}-", f"help+{seat.pk + 1}-")
    assert handle_raw(reply(other, "hello")).outcome == "forged"  # another seat, same signature
    assert Notification.objects.filter(kind=Kind.REPLY_ERROR, context__help=True).count() == 1


def _unsubscribe(client, token, **data):
    return client.post(f"/mail/unsubscribe/{token}/", data or {"List-Unsubscribe": "One-Click"})


def test_the_one_click_unsubscribe_mutes_only_its_game_for_only_its_user(make_game, users, client):
    game, other_game = make_game(), make_game()
    token = unsubscribe_token(user_id=users[1].pk, game_id=game.pk)
    client.force_login(users[0])  # whoever follows the link: the link says whose game it mutes
    page = _unsubscribe(client, token)
    assert page.status_code == 200
    assert list(GameMute.objects.values_list("user_id", "game_id")) == [(users[1].pk, game.pk)]
    assert not KindPreference.objects.exists()  # no kind of email is turned off anywhere
    body = page.content.decode()
    assert "deadlines still run" in body and 'id="unmute"' in body
    # Undo from the confirmation: the same signed link unmutes it.
    assert _unsubscribe(client, token, undo="1").status_code == 200
    assert not GameMute.objects.exists()
    # A forged link, or one altered to name another user or game, changes nothing.
    forged = signing.dumps({"u": users[0].pk, "k": None, "g": other_game.pk}, salt="not-ours", compress=True)
    altered = token[:-4] + ("AAAA" if not token.endswith("AAAA") else "BBBB")
    for bad in (forged, altered):
        assert _unsubscribe(client, bad).status_code == 400
        assert _unsubscribe(client, bad, undo="1").status_code == 400
    assert not GameMute.objects.exists()


@pytest.mark.skipif(
    shutil.which("spamassassin") is None,
    reason="SpamAssassin is not installed (Debian package spamassassin; `make mailcheck` installs it and runs this)",
)
def test_spamassassin_scores_every_kind_under_two(every_kind):
    _game, _seat, got = every_kind
    # One run for them all (SpamAssassin starts in seconds): an mbox in, the same mbox out, each
    # message with its X-Spam-Status (score and rules).
    mbox = b"".join(b"From MAILER-DAEMON Thu Jan  1 00:00:00 2030\n" + m.as_bytes() + b"\n" for m in got.values())
    out = subprocess.run(
        ["spamassassin", "--local", "--mbox"], input=mbox, capture_output=True, timeout=300, check=True
    ).stdout.decode(errors="replace")
    statuses = re.findall(r"^X-Spam-Status: \w+, score=(-?[\d.]+).*?tests=(.*?)\s+autolearn", out, re.M | re.S)
    assert len(statuses) == len(got), out[:2000]
    scores = {
        kind.value: (float(score), "".join(tests.split())) for kind, (score, tests) in zip(got, statuses, strict=True)
    }
    print("\nSpamAssassin (local rules) scores: " + "; ".join(f"{k} {s} ({r})" for k, (s, r) in scores.items()))
    assert all(score < 2.0 for score, _ in scores.values()), scores
