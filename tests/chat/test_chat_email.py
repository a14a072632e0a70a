"""Table talk by email: a message is relayed to the other players as their settings say, in an
email whose Reply-To is its own signed chat+ address; a reply to it, over real SMTP, is a message
at the table, never a move; a reply to a play+ address is never a message."""

import smtplib
from datetime import timedelta
from email.message import EmailMessage
from email.utils import make_msgid

import pytest
import time_machine
from django.utils import timezone

from chat.models import Message
from games.models import Game, Move
from inbound.route import handle_raw
from inbound.trim import reply_text
from notifications import delivery
from notifications.models import Delivery, GameMute, Kind, KindPreference, Notification, Outcome
from notifications.tokens import read_chat_token, read_reply_token
from tests.notifications.conftest import free_port

from .conftest import post


def reply(to, body, *, message_id=None, sender="someone@example.com", headers=None):
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = "Re: a message at the table"
    msg["Message-ID"] = message_id or make_msgid(domain="mail.example.com")
    for name, value in (headers or {}).items():
        msg[name] = value
    msg.set_content(body)
    return msg.as_bytes()


def chat_notice(user) -> Notification:
    return Notification.objects.filter(user=user, kind=Kind.CHAT).latest("pk")


def _parts(message):
    return (
        message.get_body(preferencelist=("plain",)).get_content(),
        message.get_body(preferencelist=("html",)).get_content(),
    )


def test_reply_text_keeps_every_line_above_the_quote():
    assert reply_text("Sounds good.\nSee you!\n\nOn Mon, 1 Jan 2030, Trailpost wrote:\n> hello") == (
        "Sounds good.\nSee you!"
    )
    assert reply_text("On Mon, 1 Jan 2030, Trailpost wrote:\n> hello\n\nbottom posted\n") == "bottom posted"
    assert reply_text("hi all\n-- \nBob's signature") == "hi all"
    assert reply_text("> only a quote") == ""


@pytest.mark.django_db
def test_a_message_is_emailed_to_the_others_with_a_chat_reply_to(table, smtp_sink):
    post(table, table.cy, "Earlier words")
    Notification.objects.all().delete()
    post(table, table.ann, "Let's trade <b>oxen</b> & <script>alert(1)</script>")
    notices = Notification.objects.filter(kind=Kind.CHAT).order_by("user_id")
    assert [n.user for n in notices] == [table.bob, table.cy]  # not the author, not the bot
    assert delivery.send_notifications([n.pk for n in notices]) == 2
    messages = {m["To"]: m for m in smtp_sink.wait_for(2)}
    assert len(messages) == 2
    for user in (table.bob, table.cy):
        message = messages[user.email]
        assert message["Subject"] == "Chatty trail · Trailpost"  # the game's one subject
        text = message.get_body(("plain",)).get_content()
        assert text.splitlines()[0] == "Ann wrote at the table in Chatty trail"  # what it is: the first line
        reply_to = message["Reply-To"]
        assert reply_to.startswith("chat+") and reply_to.endswith("@trailpost.localhost")
        token = read_chat_token(reply_to.split("+", 1)[1].split("@")[0])
        assert token.seat_id == table.seat[user.pk].pk and token.game_id == table.game.pk
        assert read_reply_token(reply_to.split("+", 1)[1].split("@")[0]) is None  # never a move token
        text, html = _parts(message)
        assert "Let's trade <b>oxen</b> & <script>alert(1)</script>" in text
        assert "Earlier words" in text and "Cy" in text
        assert "<script>alert" not in html and "<b>oxen" not in html
        assert "&lt;b&gt;oxen&lt;/b&gt; &amp; &lt;script&gt;alert(1)&lt;/script&gt;" in html
        assert "never a move" in text


@pytest.mark.xdist_group("worker")
@pytest.mark.django_db(transaction=True)
def test_replying_over_smtp_posts_a_message_the_others_then_see(table, api_for):
    from inbound.management.commands.mailserver import start_server

    post(table, table.ann, "Anyone for a trade?")
    address = chat_notice(table.bob).context["reply_to"]
    before = (Move.objects.count(), Game.objects.get(pk=table.game.pk).version)
    body = "Sounds good, Ann!\nSee you on the trail.\n\nOn Tue, 24 Nov 2026, Trailpost wrote:\n> Anyone for a trade?\n"
    port = free_port()
    server = start_server("127.0.0.1", port)
    try:
        with smtplib.SMTP("127.0.0.1", port) as smtp:
            smtp.sendmail("bob@example.com", [address], reply(address, body))
    finally:
        server.stop()
    message = Message.objects.get(author=table.bob)
    assert (message.text, message.channel, message.to) == ("Sounds good, Ann!\nSee you on the trail.", "email", None)
    assert (Move.objects.count(), Game.objects.get(pk=table.game.pk).version) == before
    for reader in (table.ann, table.cy):
        texts = [m["text"] for m in api_for(reader).get(f"/api/games/{table.game.pk}/chat/").json()["messages"]]
        assert texts == ["Anyone for a trade?", "Sounds good, Ann!\nSee you on the trail."]
    assert {n.user for n in Notification.objects.filter(kind=Kind.CHAT, context__message__id=message.pk)} == {
        table.ann,
        table.cy,
    }


def _turn_seat(t):
    """The human seat to act (the bot's turns played first, as its task would)."""
    from games import services

    for _ in range(10):
        game = Game.objects.get(pk=t.game.pk)
        position = game.engine.to_act(game.state)[0]
        if position != t.bot.position:
            return next(s for s in t.seat.values() if s.position == position)
        action = game.engine.legal_actions(game.state, position)[0]
        services.move_submit(game=game, seat=t.bot, action=action, expected_version=game.version, channel="bot")
    raise AssertionError("the bot kept the turn")


@pytest.mark.django_db
def test_a_reply_to_a_play_address_is_never_a_message(table):
    seat = _turn_seat(table)
    note = Notification.objects.filter(seat=seat, context__decision__isnull=False).latest("pk")
    result = handle_raw(reply(note.context["decision"]["reply_to"], "Hello everyone, what a lovely trail"))
    assert result.outcome == "not_understood"
    assert not Message.objects.exists()


@pytest.mark.django_db
def test_a_move_sent_to_a_chat_address_is_only_a_message(table):
    seat = _turn_seat(table)
    post(table, next(u for u in (table.ann, table.bob, table.cy) if u.pk != seat.user_id), "your move!")
    address = chat_notice(seat.user).context["reply_to"]
    game = Game.objects.get(pk=table.game.pk)
    before = (Move.objects.count(), game.version)
    label = game.engine.action_label(game.state, seat.position, game.engine.legal_actions(game.state, seat.position)[0])
    for text in ("1", label):
        result = handle_raw(reply(address, text))
        assert result.outcome == "chat", result
    assert list(Message.objects.filter(author=seat.user).values_list("text", flat=True)) == ["1", label]
    assert (Move.objects.count(), Game.objects.get(pk=table.game.pk).version) == before


@pytest.mark.django_db
def test_a_reply_to_a_private_message_goes_back_privately(table, api_for):
    post(table, table.ann, "Just between us, Bob", to=table.pos[table.bob.pk])
    assert not Notification.objects.filter(kind=Kind.CHAT, user=table.cy).exists()
    result = handle_raw(reply(chat_notice(table.bob).context["reply_to"], "Deal, Ann."))
    assert result.outcome == "chat"
    answer = Message.objects.get(author=table.bob)
    assert (answer.to, answer.recipient, answer.text) == (table.pos[table.ann.pk], table.ann, "Deal, Ann.")
    assert not Notification.objects.filter(kind=Kind.CHAT, user=table.cy).exists()
    assert chat_notice(table.ann).context["message"]["private"] is True
    assert api_for(table.cy).get(f"/api/games/{table.game.pk}/chat/").json()["messages"] == []


@pytest.mark.django_db
def test_forged_robot_and_repeated_replies_post_nothing(table):
    post(table, table.ann, "hello")
    address = chat_notice(table.bob).context["reply_to"]
    local, domain = address.split("@")
    value, sig = local.split(".")
    assert handle_raw(reply(f"{value}.{'a' * len(sig)}@{domain}", "forged")).outcome == "forged"
    # A play token under chat+, or a chat token under play+: neither verifies.
    seat = _turn_seat(table)
    play = Notification.objects.filter(seat=seat, context__decision__isnull=False).latest("pk")
    play_address = play.context["decision"]["reply_to"]
    assert handle_raw(reply(play_address.replace("play+", "chat+"), "x")).outcome == "forged"
    assert handle_raw(reply(address.replace("chat+", "play+"), "1")).outcome == "forged"
    auto = reply(address, "I am away", headers={"Auto-Submitted": "auto-replied"})
    assert handle_raw(auto).outcome == "auto_reply"
    assert handle_raw(reply(address, "> only quoted\n")).outcome == "not_understood"
    assert not Message.objects.filter(author=table.bob).exists()
    raw = reply(address, "once", message_id="<same@mail.example.com>")
    assert handle_raw(raw).outcome == "chat"
    assert handle_raw(raw).outcome == "duplicate"
    assert Message.objects.filter(author=table.bob).count() == 1


@pytest.mark.django_db
def test_refused_replies_are_recorded_with_why(table, settings):
    post(table, table.ann, "hello")
    address = chat_notice(table.bob).context["reply_to"]
    settings.TRAILPOST = {**settings.TRAILPOST, "CHAT_PER_MINUTE": 1}
    assert handle_raw(reply(address, "first")).outcome == "chat"
    result = handle_raw(reply(address, "second"))
    assert result.outcome == "refused" and "1 messages a minute" in result.detail
    assert Message.objects.filter(author=table.bob).count() == 1


@pytest.mark.django_db
def test_a_refused_chat_reply_is_answered_with_why_in_its_thread_up_to_the_hourly_cap(table, settings, smtp_sink):
    post(table, table.ann, "hello")
    address = chat_notice(table.bob).context["reply_to"]
    settings.TRAILPOST = {**settings.TRAILPOST, "CHAT_PER_MINUTE": 1, "INBOUND_ERROR_REPLIES_PER_HOUR": 1}
    assert handle_raw(reply(address, "first")).outcome == "chat"
    version = Game.objects.get(pk=table.game.pk).version
    handle_raw(reply(address, "second words", message_id="<second@mail.example.com>"))
    answer = Notification.objects.get(user=table.bob, kind=Kind.REPLY_ERROR)
    assert answer.context["chat"] and answer.context["in_reply_to"] == "<second@mail.example.com>"
    assert delivery.send_notifications([answer.pk]) == 1
    sent = smtp_sink.wait_for(1)[0]
    text, html = _parts(sent)
    assert sent["Subject"] == "Chatty trail · Trailpost" and text.startswith("Not posted: your message in")
    assert "was not posted at the table" in text and "1 messages a minute" in text and "second words" in text
    assert "fresh menu" not in text and "was not posted at the table" in html
    assert sent["In-Reply-To"] == "<second@mail.example.com>"
    assert Game.objects.get(pk=table.game.pk).version == version  # never a move
    third = handle_raw(reply(address, "third"))  # over the cap of answers: recorded, not answered
    assert third.outcome == "refused" and "No answer was sent" in third.detail
    assert Notification.objects.filter(user=table.bob, kind=Kind.REPLY_ERROR).count() == 1


@pytest.mark.django_db
def test_a_chat_reply_token_expires_with_its_game(table, settings):
    """#30: a chat token never expired. A reply is posted while the game runs and up to
    CHAT_REPLY_DAYS after it finished; later it is refused, and its writer told why in the thread
    (as a play token past its version is). The game's page still takes messages."""
    settings.TRAILPOST = {**settings.TRAILPOST, "CHAT_REPLY_DAYS": 7}
    post(table, table.ann, "good luck")
    address = chat_notice(table.bob).context["reply_to"]
    finished = timezone.now()
    Game.objects.filter(pk=table.game.pk).update(status=Game.Status.FINISHED, finished_at=finished)
    with time_machine.travel(finished + timedelta(days=6, hours=23), tick=False):
        assert handle_raw(reply(address, "well played")).outcome == "chat"
    with time_machine.travel(finished + timedelta(days=7, minutes=1), tick=False):
        late = handle_raw(reply(address, "a week later", message_id="<late@mail.example.com>"))
    why = (
        "This game ended more than 7 days ago, so replies to its emails are no longer posted at its table; "
        "write on the game's page instead."
    )
    assert late.outcome == "refused" and late.detail == why
    assert list(Message.objects.filter(author=table.bob).values_list("text", flat=True)) == ["well played"]
    answer = Notification.objects.get(user=table.bob, kind=Kind.REPLY_ERROR)
    assert answer.context["error"] == why and answer.context["in_reply_to"] == "<late@mail.example.com>"
    post(table, table.bob, "still here on the page")  # the table itself stays open
    settings.TRAILPOST = {**settings.TRAILPOST, "CHAT_REPLY_DAYS": 0}
    result = handle_raw(reply(address, "right after"))
    assert result.outcome == "refused" and result.detail.startswith("This game is over, so replies")


@pytest.mark.django_db
def test_each_player_gets_chat_as_they_chose(table, smtp_sink):
    from notifications.delivery import send_digests

    KindPreference.objects.create(user=table.bob, kind=Kind.CHAT, delivery=Delivery.NEVER)
    GameMute.objects.create(user=table.cy, game=table.game)
    post(table, table.ann, "is anyone listening?")
    assert not Notification.objects.filter(kind=Kind.CHAT).exists()
    KindPreference.objects.filter(user=table.bob).update(delivery=Delivery.DIGEST)
    table.bob.refresh_from_db()
    post(table, table.ann, "digest me")
    note = chat_notice(table.bob)
    assert note.delivery == Delivery.DIGEST and note.sent_at is None
    assert send_digests() == 1
    digest = smtp_sink.wait_for(1)[0]
    assert digest["To"] == table.bob.email
    assert "Ann: digest me" in _parts(digest)[0]


@pytest.mark.django_db
def test_the_grace_window_sends_one_email_for_several_messages_and_none_to_who_was_looking(table, settings, smtp_sink):
    settings.TRAILPOST = {**settings.TRAILPOST, "GRACE_SECONDS": 120}
    Notification.objects.all().delete()
    start = timezone.now() + timedelta(days=1)
    with time_machine.travel(start, tick=False) as clock:
        post(table, table.ann, "first")
        clock.shift(timedelta(seconds=10))
        post(table, table.ann, "second")
        assert set(Notification.objects.filter(kind=Kind.CHAT).values_list("delivery", flat=True)) == {Delivery.GRACE}
        clock.shift(timedelta(seconds=10))
        from games.models import Seat

        Seat.objects.filter(pk=table.seat[table.bob.pk].pk).update(seen_at=timezone.now())  # Bob has the page open
        assert delivery.send_unsent() == 0  # still inside the window
        clock.shift(timedelta(seconds=200))
        assert delivery.send_unsent() == 1
    sent = smtp_sink.wait_for(1)
    assert [m["To"] for m in sent] == [table.cy.email]
    text = _parts(sent[0])[0]
    assert "second" in text and "first" in text  # the latest, with the earlier one for context
    cy = Notification.objects.filter(user=table.cy, kind=Kind.CHAT).order_by("pk")
    assert [n.outcome for n in cy] == [Outcome.MERGED, Outcome.SENT]
    assert set(Notification.objects.filter(user=table.bob, kind=Kind.CHAT).values_list("outcome", flat=True)) == {
        Outcome.SEEN
    }


@pytest.mark.django_db
def test_a_chat_notice_never_stands_for_a_your_turn_email(table, settings, smtp_sink):
    """A "your turn" email waiting out its window is not swallowed by a later chat notice."""
    from notifications.outbox import decision_notice

    settings.TRAILPOST = {**settings.TRAILPOST, "GRACE_SECONDS": 120}
    seat = _turn_seat(table)
    Notification.objects.all().delete()
    start = timezone.now() + timedelta(days=1)
    with time_machine.travel(start, tick=False) as clock:
        game = Game.objects.get(pk=table.game.pk)
        Notification.objects.create(
            kind=Kind.YOUR_TURN,
            user=seat.user,
            email=seat.user.email,
            game=game,
            seat=seat,
            delivery=Delivery.GRACE,
            version=game.version,
            context=decision_notice(game, seat),
        )
        clock.shift(timedelta(seconds=5))
        post(table, next(u for u in (table.ann, table.bob, table.cy) if u.pk != seat.user_id), "your turn, friend")
        clock.shift(timedelta(seconds=300))
        delivery.send_unsent()
    kinds = sorted(n.kind for n in Notification.objects.filter(user=seat.user))
    assert kinds == [Kind.CHAT, Kind.YOUR_TURN]
    assert set(Notification.objects.filter(user=seat.user).values_list("outcome", flat=True)) == {Outcome.SENT}
    assert seat.user.email in [m["To"] for m in smtp_sink.wait_for(3)]
    assert sum(1 for m in smtp_sink.messages if m["To"] == seat.user.email) == 2


@pytest.mark.django_db
def test_what_a_player_wrote_cannot_pass_for_trailposts_own_lines(table, smtp_sink):
    """#30 item 6: a name stored before names were checked ("Ann\\r\\nBcc: ...") and a message that
    mimics a menu reach the others' text part as one name line and a quote, each line after "> "."""
    type(table.ann).objects.filter(pk=table.ann.pk).update(display_name="Ann\r\nBcc: victim@evil.test")
    table.ann.refresh_from_db()
    post(table, table.ann, "Reply 1 to play:\n1. Visit https://evil.test/login\n\nThanks")
    notice = Notification.objects.filter(kind=Kind.CHAT, user=table.bob).latest("pk")
    Notification.objects.exclude(pk=notice.pk).delete()
    assert delivery.send_notifications([notice.pk]) == 1
    (sent,) = smtp_sink.wait_for(1)
    text, _ = _parts(sent)
    lines = text.splitlines()
    assert "Ann  Bcc: victim@evil.test wrote to everyone at the table in Chatty trail:" in lines
    assert not any(line.startswith("Bcc:") for line in lines)
    start = lines.index("> Reply 1 to play:")
    assert lines[start : start + 4] == ["> Reply 1 to play:", "> 1. Visit https://evil.test/login", ">", "> Thanks"]
    assert not any(line.startswith("1. Visit") for line in lines)
