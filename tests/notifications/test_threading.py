"""Threading and footers of the emails (issue #15): one thread per game and player, the answer to
an emailed move under the player's reply, and footer links that say what they do.

Every kind goes through the real SMTP sink and is read back with Python's email parser."""

import re

import pytest

from notifications import delivery
from notifications.emails import thread_root
from notifications.models import Delivery, Kind, KindPreference, Notification
from notifications.tokens import read_unsubscribe_token

from .conftest import turn_seat

pytestmark = pytest.mark.django_db

GAME_KINDS = [k for k in Kind if k != Kind.DIGEST]
LINK_RE = re.compile(r"/mail/unsubscribe/([^/\s\"]+)/")


def _notice(game, seat, kind, **extra) -> Notification:
    """A notice of any kind for a seated player, with the context its templates read."""
    base = Notification.objects.filter(game=game, kind=Kind.YOUR_TURN).order_by("pk").first().context
    context = {**base, "played": "1. Scout", "error": "No such move.", "line": "7", "text": "Something happened."}
    context.update(extra)
    return Notification.objects.create(
        kind=kind, user=seat.user, email=seat.user.email, game=game, seat=seat, version=game.version, context=context
    )


def _parts(message) -> tuple[str, str]:
    text = message.get_body(preferencelist=("plain",)).get_content()
    html = message.get_body(preferencelist=("html",)).get_content()
    return text, html


def _footer_links(text: str) -> dict[str, str]:
    """The footer's links by their label (text part: a column of labels, a column of links, and
    lines that explain the link above, indented)."""
    footer = text.replace("\r\n", "\n").rsplit("\n--\n", 1)[1]
    rows = [line.split("  ", 1) for line in footer.strip().splitlines() if not line.startswith(" ")]
    return {label.strip(): link.strip() for label, link in rows}


def _send(ids, smtp_sink, count):
    assert delivery.send_notifications(list(ids)) == count
    messages = smtp_sink.wait_for(count)
    assert len(messages) == count
    return messages


def test_every_email_of_a_game_to_a_player_is_one_thread_with_honest_footer_links(make_game, smtp_sink):
    game = make_game()
    seat = turn_seat(game)
    Notification.objects.exclude(kind=Kind.YOUR_TURN).delete()
    Notification.objects.filter(kind=Kind.YOUR_TURN).exclude(seat=seat).delete()
    notices = {Kind.YOUR_TURN: Notification.objects.get(kind=Kind.YOUR_TURN)}
    for kind in GAME_KINDS:
        if kind != Kind.YOUR_TURN:
            notices[kind] = _notice(game, seat, kind)
    messages = _send([n.pk for n in notices.values()], smtp_sink, len(notices))
    root = thread_root(game_id=game.pk, user_id=seat.user_id)
    assert re.fullmatch(rf"<game-{game.pk}-user-{seat.user_id}@[^<>@\s]+>", root)

    own_ids = set()
    for message in messages:
        kind = Kind(message["X-Trailpost-Kind"])
        own = message["Message-ID"]
        assert re.fullmatch(r"<[^<>@\s]+@[^<>@\s]+>", own) and own != root, (kind, own)
        own_ids.add(own)
        assert message["In-Reply-To"] == root, kind
        assert message["References"] == root, kind
        text, html = _parts(message)
        links = _footer_links(text)
        # No link turns a kind of email off for every game (that is the settings page's to do):
        # the footer, and a mail client's one-click unsubscribe, mute this game (#27).
        assert list(links) == ["The game", "Mute this game", "Email settings"], (kind, links)
        assert (
            "Stop" not in text.replace("\r\n", "\n").rsplit("\n--\n", 1)[1]
            and "Stop" not in html.rsplit("Open the game", 1)[1]
        )
        assert "its deadlines still run" in text and "its deadlines still run" in html
        mute = read_unsubscribe_token(LINK_RE.search(links["Mute this game"]).group(1))
        assert mute["g"] == game.pk and mute["u"] == seat.user_id and not mute["k"]
        assert links["Email settings"].endswith("/mail/preferences/")
        assert f'href="{links["Mute this game"]}"' in html and f'href="{links["Email settings"]}"' in html
        unsubscribe = "".join(str(message["List-Unsubscribe"]).split()).strip("<>")
        assert unsubscribe == links["Mute this game"], kind  # one-click: this game muted, nothing else
    assert len(own_ids) == len(messages)  # each email its own Message-ID
    assert {m["X-Trailpost-Kind"] for m in messages} == set(GAME_KINDS)


@pytest.fixture(autouse=True)
def _kind_header(monkeypatch):
    """Tags each sent email with its notice's kind (a test-only header) so the test can tell them apart."""
    render = delivery.render_notification

    def tagged(notification, connection=None, **kwargs):
        message = render(notification, connection=connection, **kwargs)
        message.extra_headers["X-Trailpost-Kind"] = notification.kind
        return message

    monkeypatch.setattr(delivery, "render_notification", tagged)


def test_the_answer_to_an_emailed_move_is_threaded_under_the_reply(make_game, smtp_sink):
    game = make_game()
    seat = turn_seat(game)
    reply_id = "<CAFx+1=abc.def@mail.gmail.com>"
    ok = _notice(game, seat, Kind.REPLY_OK, in_reply_to=reply_id)
    error = _notice(game, seat, Kind.REPLY_ERROR, in_reply_to=f"  {reply_id}\n")
    (first, second) = _send([ok.pk, error.pk], smtp_sink, 2)
    root = thread_root(game_id=game.pk, user_id=seat.user_id)
    for message in (first, second):
        assert message["In-Reply-To"] == reply_id
        assert message["References"].split() == [root, reply_id]
        assert message["Auto-Submitted"] == "auto-replied"
    assert first["Message-ID"] != second["Message-ID"]


@pytest.mark.parametrize(
    "in_reply_to", ["<x@y>\r\nBcc: victim@example.com", "no-brackets@example.com", "<a b@c>", "<a@b><c@d>", ""]
)
def test_a_malformed_reply_message_id_falls_back_to_the_thread_root(make_game, smtp_sink, in_reply_to):
    game = make_game()
    seat = turn_seat(game)
    notice = _notice(game, seat, Kind.REPLY_ERROR, in_reply_to=in_reply_to)
    (message,) = _send([notice.pk], smtp_sink, 1)
    root = thread_root(game_id=game.pk, user_id=seat.user_id)
    assert message["In-Reply-To"] == root and message["References"] == root
    assert message["Bcc"] is None and message["To"] == seat.user.email


def test_each_game_and_each_player_has_its_own_thread(make_game, users, smtp_sink):
    one, two = make_game(), make_game()
    roots = {
        thread_root(game_id=g.pk, user_id=u.pk)
        for g in (one, two)
        for u in users[:2]  # both are seated in both games
    }
    assert len(roots) == 4
    ids = list(Notification.objects.filter(kind=Kind.YOUR_TURN).values_list("pk", flat=True))
    messages = _send(ids, smtp_sink, len(ids))
    for message in messages:
        game_id = int(message["X-Trailpost-Game"])
        user = next(u for u in users if u.email == message["To"])
        assert message["References"] == thread_root(game_id=game_id, user_id=user.pk)


def test_the_digest_and_an_invitation_to_a_stranger_are_not_threaded(make_game, users, smtp_sink):
    game = make_game()
    KindPreference.objects.create(user=users[0], kind=Kind.HIT, delivery=Delivery.DIGEST)
    seat = next(s for s in game.seats.all() if s.user_id == users[0].pk)
    _notice(game, seat, Kind.HIT)
    Notification.objects.filter(kind=Kind.HIT).update(delivery=Delivery.DIGEST)
    assert delivery.send_digests() == 1
    invitation = Notification.objects.create(
        kind=Kind.INVITATION, email="stranger@example.net", game=game, context={"game": {"title": game.title}}
    )
    delivery.send_notifications([invitation.pk])
    digest, invite = smtp_sink.wait_for(2)
    for message in (digest, invite):
        assert message["In-Reply-To"] is None and message["References"] is None
        assert re.fullmatch(r"<[^<>@\s]+@[^<>@\s]+>", message["Message-ID"])
    links = _footer_links(_parts(digest)[0])
    assert list(links) == ["Stop the digest", "Email settings"]
    stop = read_unsubscribe_token(LINK_RE.search(links["Stop the digest"]).group(1))
    assert (
        stop["k"] == Kind.DIGEST
        and "".join(str(digest["List-Unsubscribe"]).split()).strip("<>") == links["Stop the digest"]
    )
    assert list(_footer_links(_parts(invite)[0])) == ["The game", "Email settings"]
    assert invite["List-Unsubscribe"] is None


def test_a_played_reply_and_a_refused_one_are_answered_in_their_own_thread(make_game, smtp_sink):
    from inbound.route import handle_raw
    from tests.inbound.test_inbound import menu_note, reply

    game = make_game()
    seat = turn_seat(game)
    to = menu_note(seat).context["decision"]["reply_to"]
    played = handle_raw(reply(to, "3", message_id="<played.1@mail.example.com>"))
    refused = handle_raw(reply(to, "fly to the moon", message_id="<refused.1@mail.example.com>"))
    assert (played.outcome, refused.outcome) == ("played", "stale")
    ok = Notification.objects.get(kind=Kind.REPLY_OK, seat=seat)
    error = Notification.objects.get(kind=Kind.REPLY_ERROR, seat=seat)
    first, second = _send([ok.pk, error.pk], smtp_sink, 2)
    root = thread_root(game_id=game.pk, user_id=seat.user_id)
    assert (first["In-Reply-To"], first["References"].split()) == (
        "<played.1@mail.example.com>",
        [root, "<played.1@mail.example.com>"],
    )
    assert second["In-Reply-To"] == "<refused.1@mail.example.com>"
