"""inbound.route in process, what it records and answers for each address it reads: a play+ reply
(its record's key, sender, size and reply address), a help+ one (answered once an hour, within the
hour's answers), a chat+ one (its text cut before it is posted), mail refused for its size, and mail
that names no seat we issued (nothing recorded)."""

import hashlib
from datetime import timedelta
from email.message import EmailMessage

import pytest

from games.models import Game
from inbound.route import handle_message, handle_raw, record_too_large
from notifications.models import InboundMessage, Kind, Notification
from notifications.tokens import chat_address, help_address, reply_address

from .conftest import T0, seat_at, turn_seat

pytestmark = pytest.mark.django_db


def mail(to, body="1", *, sender="Player <player@example.com>", message_id="<r.1@mail.example.com>", **headers):
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = "Re: Your turn"
    if message_id:
        msg["Message-ID"] = message_id
    for name, value in headers.items():
        msg[name.replace("_", "-")] = value
    msg.set_content(body)
    return msg.as_bytes()


def play_address(game, seat):
    return reply_address(seat_id=seat.pk, game_id=game.pk, version=game.version)


def help_answers(seat):
    return Notification.objects.filter(seat=seat, kind=Kind.REPLY_ERROR, context__help=True)


def test_a_played_reply_is_recorded_with_its_key_sender_size_and_address(make_game):
    game = make_game()
    seat = turn_seat(game)
    raw = mail(play_address(game, seat), "Advance one step")
    result = handle_raw(raw)
    assert (result.outcome, result.detail, result.game_id) == ("played", "Played: Advance one step", game.pk)
    record = InboundMessage.objects.get()
    assert record.message_key == hashlib.sha256(b"<r.1@mail.example.com>").hexdigest()
    assert (record.message_id, record.sender, record.size) == (
        "<r.1@mail.example.com>",
        "Player <player@example.com>",
        len(raw),
    )
    assert (record.game_id, record.seat_id, record.outcome) == (game.pk, seat.pk, "played")
    assert record.reply_token == f"play:{seat.pk}-{game.pk}-{game.version}"
    assert game.moves.get(seq=result.seq).idempotency_key == f"email:{record.message_key[:40]}"
    assert Notification.objects.get(seat=seat, kind=Kind.REPLY_OK).context["in_reply_to"] == "<r.1@mail.example.com>"


def test_a_reply_without_a_message_id_is_keyed_by_its_bytes_and_text_is_read_as_its_bytes(make_game):
    game = make_game()
    seat = turn_seat(game)
    raw = mail(play_address(game, seat), "Advance one step", message_id=None)
    assert handle_raw(raw.decode(), size=70_000).outcome == "played"
    record = InboundMessage.objects.get()
    assert record.message_key == hashlib.sha256(hashlib.sha256(raw).hexdigest().encode()).hexdigest()
    assert (record.message_id, record.size) == ("", 70_000)  # the size the pipe read, not what it kept


def test_a_message_already_parsed_is_read_from_its_own_headers(make_game):
    game = make_game()
    seat = turn_seat(game)
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Message-ID"] = "player@example.com", play_address(game, seat), "<w.1@example.com>"
    msg.set_content("Advance one step")
    result = handle_message(msg)  # a webhook's: no raw hash, so its bytes are hashed and sized here
    assert result.outcome == "played"
    record = InboundMessage.objects.get()
    assert (record.sender, record.message_id, record.size) == (
        "player@example.com",
        "<w.1@example.com>",
        len(msg.as_bytes()),
    )


def test_mail_that_names_no_seat_we_issued_is_neither_recorded_nor_answered(make_game):
    game = make_game()
    seat = turn_seat(game)
    notices = Notification.objects.count()
    assert handle_raw(mail("trailpost@example.com")).outcome == "no_token"
    forged = play_address(game, seat).replace(f"play+{seat.pk}-", f"play+{seat.pk + 100}-")
    assert handle_raw(mail(forged)).outcome == "forged"
    gone = reply_address(seat_id=seat.pk, game_id=game.pk + 100, version=game.version)  # signed, not this game's seat
    assert handle_raw(mail(gone)).outcome == "forged"
    msg = EmailMessage()
    msg["To"] = forged
    assert handle_message(msg, raw_hash="x").outcome == "forged"
    assert not InboundMessage.objects.exists() and Notification.objects.count() == notices


def test_mail_refused_for_its_size_is_recorded_under_no_seat(settings):
    record_too_large(recipients=["trailpost@example.com"], envelope_sender="player@example.com", size=123_456)
    record = InboundMessage.objects.get()
    limit = settings.TRAILPOST["INBOUND_MAX_BYTES"]
    assert (record.outcome, record.size, record.seat_id, record.game_id) == ("too_large", 123_456, None, None)
    assert record.detail == f"It was over the limit of {limit} bytes (refused with 552)."
    assert record.sender == "player@example.com" and record.reply_token == ""


def test_mail_refused_before_its_size_is_known_is_recorded_with_size_0():
    # a webhook post over Django's limit without a Content-Length: its size is 0
    why = "The provider's webhook posted 0 bytes, more than Django takes (DATA_UPLOAD_MAX_MEMORY_SIZE)."
    assert handle_message(EmailMessage(), raw_hash="h", size=0, refusal=("too_large", why)).outcome == "too_large"
    handle_message(EmailMessage(), raw_hash="h2", refusal=("malformed", "It could not be read as an email."))
    assert list(InboundMessage.objects.order_by("pk").values_list("size", flat=True)) == [0, 0]


def test_a_reply_to_an_email_that_asks_nothing_is_answered_once_an_hour(make_game, settings):
    game = make_game()
    seat = seat_at(game, 1)
    address = help_address(seat_id=seat.pk, game_id=game.pk)
    first = handle_raw(mail(address, "Thanks!"))
    assert (first.outcome, first.detail, first.game_id) == (
        "help",
        "Answered with how to play and talk by email.",
        game.pk,
    )
    record = InboundMessage.objects.get()
    assert (record.outcome, record.reply_token) == ("help", f"help:{seat.pk}-{game.pk}")
    assert record.detail == "Answered with how to play and talk by email."
    assert help_answers(seat).get().context["in_reply_to"] == "<r.1@mail.example.com>"
    again = handle_raw(mail(address, "Thanks again!", message_id="<r.2@mail.example.com>"))
    assert (again.outcome, again.detail) == (
        "help",
        "Not answered: how to play by email was already sent within the hour.",
    )
    assert help_answers(seat).count() == 1
    # Another seat's help, once its seat's answers of refusal are used up: silence.
    other = seat_at(game, 0)
    settings.TRAILPOST = {**settings.TRAILPOST, "INBOUND_ERROR_REPLIES_PER_HOUR": 1}
    handle_raw(mail(play_address(game, other), "fly to the moon", message_id="<r.3@mail.example.com>"))
    used_up = handle_raw(
        mail(help_address(seat_id=other.pk, game_id=game.pk), "hi", message_id="<r.4@mail.example.com>")
    )
    assert (used_up.outcome, used_up.detail) == ("help", "Not answered: the hour's answers are used up.")
    assert not help_answers(other).exists()


@pytest.mark.parametrize("second", ["chat", "help"])
def test_a_play_address_wins_over_the_others_and_a_chat_one_over_help(make_game, second):
    game = make_game()
    seat = turn_seat(game)
    helper = help_address(seat_id=seat.pk, game_id=game.pk)
    chat = chat_address(seat_id=seat.pk, game_id=game.pk, message_id=1)
    others = helper if second == "help" else chat
    assert handle_raw(mail(play_address(game, seat), "Advance one step", Cc=others)).outcome == "played"
    if second == "chat":
        # chat+ before help+: a message at the table (refused here: no chat email named that seat).
        result = handle_raw(mail(chat, "hello", message_id="<r.2@mail.example.com>", Cc=helper))
        assert result.outcome == "refused" and not help_answers(seat).exists()


def test_the_envelopes_recipients_are_read_before_the_headers(make_game):
    game = make_game()
    seat = turn_seat(game)
    raw = mail("trailpost@example.com", "Advance one step")
    assert handle_raw(raw, recipients=[play_address(game, seat)]).outcome == "played"
    assert InboundMessage.objects.get().reply_token == f"play:{seat.pk}-{game.pk}-{game.version}"


def test_a_chat_reply_is_cut_to_four_messages_before_it_is_posted(make_game, users):
    from chat.services import post_message

    game = make_game()
    post_message(game=game, user=users[0], text="Anyone for a trade?")
    chat = Notification.objects.filter(user=users[1], kind=Kind.CHAT).latest("pk")
    result = handle_raw(mail(chat.context["reply_to"], ("z" * 299 + "\n") * 30))  # lines are cut at 400
    assert result.outcome == "refused" and result.detail.endswith("this one has 8000.")
    record = InboundMessage.objects.get()
    message_id = chat.context["message"]["id"]
    assert record.reply_token == f"chat:{chat.seat_id}-{game.pk}-{message_id}" and record.outcome == "refused"
    answer = Notification.objects.get(seat=chat.seat, kind=Kind.REPLY_ERROR)
    assert answer.context["chat"] is True and answer.context["line"] == "z" * 200
    ok = handle_raw(mail(chat.context["reply_to"], "Me!", message_id="<r.2@mail.example.com>"))
    assert ok.outcome == "chat" and ok.detail.startswith("Posted message ")


def test_an_out_of_office_marks_only_a_move_emails_player_away(make_game, users):
    from chat.services import post_message

    game = make_game()
    seat = turn_seat(game)
    post_message(game=game, user=users[0], text="Anyone for a trade?")
    chat = Notification.objects.filter(kind=Kind.CHAT).latest("pk")
    assert handle_raw(mail(chat.context["reply_to"], "Away", Auto_Submitted="auto-replied")).outcome == "auto_reply"
    helper = help_address(seat_id=seat.pk, game_id=game.pk)
    away = handle_raw(mail(helper, "Away", message_id="<r.2@mail.example.com>", Auto_Submitted="auto-replied"))
    assert away.outcome == "auto_reply"
    assert not type(users[0]).objects.filter(seems_away_since__isnull=False).exists()
    handle_raw(
        mail(play_address(game, seat), "Away", message_id="<r.3@mail.example.com>", Auto_Submitted="auto-replied")
    )
    assert list(type(users[0]).objects.filter(seems_away_since__isnull=False)) == [seat.user]


def test_a_later_step_left_without_a_decision_stops_there_and_the_record_says_so(make_game):
    game = make_game()
    seat = turn_seat(game)
    step = "advance " + "a" * 100  # the record quotes a step's first 80 characters
    result = handle_raw(mail(play_address(game, seat), f"Advance one step; {step}"))
    assert result.outcome == "played" and result.seq == game.moves.latest("seq").seq
    assert (
        result.detail
        == f"Played: Advance one step. Not played: “{step[:80]}”: You had no decision left to make by then."
    )
    ok = Notification.objects.get(seat=seat, kind=Kind.REPLY_OK).context
    assert ok["not_played"] == {"step": step, "why": "You had no decision left to make by then."}
    assert InboundMessage.objects.get().detail == result.detail


def test_a_reply_to_a_paused_game_or_from_a_seat_without_a_decision_is_answered_why(make_game):
    game = make_game()
    seat = turn_seat(game)
    waiting = next(s for s in game.seats.all() if s.pk != seat.pk)
    result = handle_raw(mail(play_address(game, waiting), "Advance one step"))
    why = "You have no decision to make in this game right now."
    assert (result.outcome, result.detail, result.game_id) == ("refused", why, game.pk)
    answer = Notification.objects.get(seat=waiting, kind=Kind.REPLY_ERROR).context
    assert (answer["error"], answer["in_reply_to"]) == (why, "<r.1@mail.example.com>")
    address = play_address(game, seat)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.PAUSED, version=game.version + 1)
    result = handle_raw(mail(address, "Advance one step", message_id="<r.2@mail.example.com>"))
    assert (result.outcome, result.detail) == ("stale", "This game is paused.")
    answer = Notification.objects.get(seat=seat, kind=Kind.REPLY_ERROR).context
    assert (answer["error"], answer["in_reply_to"]) == ("This game is paused.", "<r.2@mail.example.com>")
    assert not game.moves.filter(channel="email").exists()


def test_a_redelivered_reply_is_a_duplicate_and_plays_nothing_again(make_game):
    game = make_game()
    seat = turn_seat(game)
    raw = mail(play_address(game, seat), "Advance one step")
    first = handle_raw(raw)
    again = handle_raw(raw)
    assert (again.outcome, again.detail, again.game_id) == ("duplicate", "This email was already handled.", game.pk)
    assert game.moves.filter(channel="email").count() == 1 and InboundMessage.objects.get().outcome == "played"
    assert first.outcome == "played"


def test_once_the_hours_answers_are_used_up_only_a_reply_to_the_current_email_is_read(make_game, settings, clock):
    settings.TRAILPOST = {**settings.TRAILPOST, "INBOUND_ERROR_REPLIES_PER_HOUR": 1}
    game = make_game()
    seat = turn_seat(game)
    address = play_address(game, seat)
    assert handle_raw(mail(address, "fly to the moon")).outcome == "not_understood"  # the hour's one answer
    played = handle_raw(mail(address, "Advance one step", message_id="<r.2@mail.example.com>"))
    assert played.outcome == "played"  # the current email's reply is read all the same
    clock.move_to(T0 + timedelta(minutes=30))
    stale = handle_raw(mail(address, "second", message_id="<r.3@mail.example.com>"))
    assert stale.outcome == "stale" and Notification.objects.filter(kind=Kind.REPLY_ERROR).count() == 1
    clock.move_to(T0 + timedelta(minutes=90))  # the answer is over an hour old: the reply is read again
    assert handle_raw(mail(address, "third", message_id="<r.4@mail.example.com>")).outcome == "stale"
    assert Notification.objects.filter(kind=Kind.REPLY_ERROR).latest("pk").context["line"] == "third"


def test_each_message_refused_for_its_size_is_recorded_and_help_replies_have_their_cap(make_game, settings):
    record_too_large(recipients=[], envelope_sender="a@example.com", size=10**8)
    record_too_large(recipients=[], envelope_sender="a@example.com", size=10**8)
    assert InboundMessage.objects.filter(outcome="too_large").count() == 2  # not one taken for the other
    settings.TRAILPOST = {**settings.TRAILPOST, "INBOUND_REPLIES_PER_HOUR": 1}
    game = make_game()
    seat = seat_at(game, 1)
    address = help_address(seat_id=seat.pk, game_id=game.pk)
    assert handle_raw(mail(address, "Thanks!")).outcome == "help"
    assert handle_raw(mail(address, "Thanks again!", message_id="<r.2@mail.example.com>")).outcome == "over_cap"


def chat_email(game, users):
    """The chat email users[1] gets when users[0] writes at the table."""
    from chat.services import post_message

    post_message(game=game, user=users[0], text="Anyone for a trade?")
    return Notification.objects.filter(user=users[1], kind=Kind.CHAT).latest("pk")


def test_a_chat_reply_with_no_text_is_not_understood_and_a_posted_one_names_its_game(make_game, users):
    from chat.models import Message

    game = make_game()
    chat = chat_email(game, users)
    empty = handle_raw(mail(chat.context["reply_to"], "\n"))
    assert (empty.outcome, empty.detail, empty.game_id) == (
        "not_understood",
        "The reply had no message in it.",
        game.pk,
    )
    assert InboundMessage.objects.get().outcome == "not_understood"
    ok = handle_raw(mail(chat.context["reply_to"], "Me!", message_id="<r.2@mail.example.com>"))
    posted = Message.objects.latest("pk")
    assert (ok.outcome, ok.detail, ok.game_id) == ("chat", f"Posted message {posted.pk}.", game.pk)
    assert posted.text == "Me!"


def test_a_refused_chat_reply_is_answered_in_its_thread_until_the_hours_answers_are_used_up(make_game, users, settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "INBOUND_ERROR_REPLIES_PER_HOUR": 1}
    game = make_game()
    chat = chat_email(game, users)
    long = ("z" * 299 + "\n") * 30
    first = handle_raw(mail(chat.context["reply_to"], long))
    assert (first.outcome, first.game_id) == ("refused", game.pk) and first.detail.endswith("this one has 8000.")
    answer = Notification.objects.get(seat=chat.seat, kind=Kind.REPLY_ERROR).context
    assert (answer["error"], answer["in_reply_to"], answer["chat"]) == (first.detail, "<r.1@mail.example.com>", True)
    again = handle_raw(mail(chat.context["reply_to"], long, message_id="<r.2@mail.example.com>"))
    assert (again.outcome, again.game_id) == ("refused", game.pk)
    assert again.detail == f"{first.detail} No answer was sent: 1 answers of refusal went to this seat this hour."
    assert Notification.objects.filter(seat=chat.seat, kind=Kind.REPLY_ERROR).count() == 1
    assert InboundMessage.objects.get(message_id="<r.2@mail.example.com>").detail == again.detail


def test_a_chat_reply_over_the_cap_is_answered_once_in_its_thread_with_its_text(make_game, users, settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "INBOUND_REPLIES_PER_HOUR": 1}
    game = make_game()
    chat = chat_email(game, users)
    assert handle_raw(mail(chat.context["reply_to"], "Me!")).outcome == "chat"
    over = handle_raw(mail(chat.context["reply_to"], "Me again!", message_id="<r.2@mail.example.com>"))
    assert (over.outcome, over.game_id) == ("over_cap", game.pk) and over.detail.startswith("It was not read: ")
    answer = Notification.objects.get(seat=chat.seat, kind=Kind.REPLY_ERROR).context
    assert (answer["error"], answer["line"], answer["in_reply_to"]) == (
        over.detail,
        "Me again!",
        "<r.2@mail.example.com>",
    )
    assert answer["chat"] is True and answer["over_cap"] is True


def test_a_move_reply_over_the_cap_is_answered_once_in_its_thread_quoting_nothing(make_game, settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "INBOUND_REPLIES_PER_HOUR": 1}
    game = make_game()
    seat = turn_seat(game)
    address = play_address(game, seat)
    assert handle_raw(mail(address, "Advance one step")).outcome == "played"
    over = handle_raw(mail(address, "Advance one step", message_id="<r.2@mail.example.com>"))
    assert (over.outcome, over.game_id) == ("over_cap", game.pk) and over.detail.startswith("It was not read: ")
    answer = Notification.objects.get(seat=seat, kind=Kind.REPLY_ERROR)
    assert (answer.game_id, answer.context["error"], answer.context["line"]) == (game.pk, over.detail, "")
    assert answer.context["in_reply_to"] == "<r.2@mail.example.com>" and answer.context["over_cap"] is True
    assert InboundMessage.objects.get(message_id="<r.2@mail.example.com>").outcome == "over_cap"
    again = handle_raw(mail(address, "Advance one step", message_id="<r.3@mail.example.com>"))
    told = " No answer was sent: the player was already told so within the hour."
    assert (again.outcome, again.detail) == ("over_cap", over.detail + told)
    assert Notification.objects.filter(seat=seat, kind=Kind.REPLY_ERROR).count() == 1


def test_once_the_hours_answers_are_used_up_a_refusal_says_no_answer_was_sent(make_game, settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "INBOUND_ERROR_REPLIES_PER_HOUR": 1}
    game = make_game()
    seat = turn_seat(game)
    waiting = next(s for s in game.seats.all() if s.pk != seat.pk)
    address, waiting_address = play_address(game, seat), play_address(game, waiting)
    none_sent = " No answer was sent: 1 “Not played” answers went to this seat this hour."
    assert handle_raw(mail(address, "fly to the moon")).outcome == "not_understood"  # the hour's one answer
    why = InboundMessage.objects.get().detail
    again = handle_raw(mail(address, "fly to the moon", message_id="<r.2@mail.example.com>"))
    assert (again.outcome, again.detail) == ("not_understood", why + none_sent)
    assert (
        handle_raw(mail(waiting_address, "Advance one step", message_id="<r.3@mail.example.com>")).outcome == "refused"
    )
    refused = handle_raw(mail(waiting_address, "Advance one step", message_id="<r.4@mail.example.com>"))
    no_decision = "You have no decision to make in this game right now."
    assert (refused.outcome, refused.detail) == ("refused", no_decision + none_sent)
    played = handle_raw(mail(address, "Advance one step", message_id="<r.5@mail.example.com>"))
    assert (played.outcome, played.detail) == ("played", "Played: Advance one step")  # no such words
    stale = handle_raw(mail(address, "Advance one step", message_id="<r.6@mail.example.com>"))
    moved_on = "The game has moved on since that email was sent, so it was not played."
    assert (stale.outcome, stale.detail, stale.game_id) == ("stale", moved_on + none_sent, game.pk)
    assert Notification.objects.filter(kind=Kind.REPLY_ERROR).count() == 2


@pytest.fixture
def twice_game(make_game, serve_games):
    """A game of the toy rules where a seat may decide again ("again"), so one reply can play
    several moves: the menu is 1 again, 2 pass, 3 all, 4 hide, 5 finish."""
    serve_games({"toy-twice": "tests.toy_engine:TWICE"})
    return make_game(rules="toy-twice")


def test_a_numbered_first_step_then_another_plays_both(twice_game):
    game = twice_game
    seat = seat_at(game, 0)
    result = handle_raw(mail(play_address(game, seat), "1 then pass"))
    assert (result.outcome, result.detail) == ("played", "Played: again; then pass")
    assert [m.action["type"] for m in game.moves.filter(channel="email").order_by("seq")] == ["again", "pass"]


def test_each_step_of_a_reply_is_played_on_the_menu_and_version_the_one_before_left(twice_game):
    game = twice_game
    seat = seat_at(game, 0)
    result = handle_raw(mail(play_address(game, seat), "1; again; then pass"))
    assert (result.outcome, result.detail) == ("played", "Played: again; then again; then pass")
    record = InboundMessage.objects.get()
    moves = list(game.moves.filter(channel="email").order_by("seq"))
    assert [m.action["type"] for m in moves] == ["again", "again", "pass"] and result.seq == moves[-1].seq
    key = f"email:{record.message_key[:40]}"
    assert [m.idempotency_key for m in moves] == [key, f"{key}:1", f"{key}:2"]
    assert Notification.objects.get(seat=seat, kind=Kind.REPLY_OK).context["in_reply_to"] == "<r.1@mail.example.com>"


def test_a_later_step_that_cannot_be_played_stops_there_and_a_number_names_only_the_first(twice_game):
    game = twice_game
    seat = seat_at(game, 0)
    result = handle_raw(mail(play_address(game, seat), "1; 1"))
    assert result.outcome == "played" and result.detail.startswith("Played: again. Not played: “1”: ")
    assert [m.action["type"] for m in game.moves.filter(channel="email")] == ["again"]
    game.refresh_from_db()
    result = handle_raw(mail(play_address(game, seat), "again; fly to the moon", message_id="<r.2@mail.example.com>"))
    assert result.outcome == "played" and result.detail.startswith("Played: again. Not played: “fly to the moon”: ")
    assert game.moves.filter(channel="email").count() == 2


def test_a_move_the_server_refuses_is_answered_why(make_game):
    game = make_game()
    seat = turn_seat(game)
    type(seat).objects.filter(pk=seat.pk).update(is_bot=True)  # a bot took the seat over meanwhile
    result = handle_raw(mail(play_address(game, seat), "Advance one step"))
    assert (result.outcome, result.detail, result.game_id) == ("refused", "A bot plays this seat.", game.pk)
    assert not game.moves.filter(channel="email").exists()


def test_a_robots_reply_is_recorded_with_why_under_its_game_once(make_game, caplog):
    game = make_game()
    seat = turn_seat(game)
    raw = mail(play_address(game, seat), "Away", Auto_Submitted="auto-replied")
    why = "It is automatic mail (Auto-Submitted: auto-replied)."
    with caplog.at_level("INFO", logger="inbound.route"):
        result = handle_raw(raw)
    assert f"inbound email from Player <player@example.com> not answered: {why}" in caplog.messages
    assert (result.outcome, result.detail, result.game_id) == ("auto_reply", why, game.pk)
    again = handle_raw(raw)
    assert (again.outcome, again.detail, again.game_id) == ("duplicate", "This email was already handled.", game.pk)
    record = InboundMessage.objects.get()
    assert (record.outcome, record.detail, record.game_id) == ("auto_reply", why, game.pk)
    assert not Notification.objects.filter(kind=Kind.REPLY_ERROR).exists()


def test_replies_to_a_past_email_are_not_read_once_the_answers_are_used_up_whatever_other_games_do(
    make_game, settings, monkeypatch
):
    """A flood of replies to a past email costs no more than their checks: once the seat's answers
    of refusal within the hour are used up, their text is not read, though another game is now at
    the version that email had."""
    from inbound import trim

    settings.TRAILPOST = {**settings.TRAILPOST, "INBOUND_ERROR_REPLIES_PER_HOUR": 1}
    game = make_game()
    seat = turn_seat(game)
    old, version = play_address(game, seat), game.version
    assert handle_raw(mail(old, "Advance one step")).outcome == "played"
    other = make_game()
    Game.objects.filter(pk=other.pk).update(version=version)
    reads = []
    real = trim.first_line
    monkeypatch.setattr(trim, "first_line", lambda text: reads.append(text) or real(text))
    for n in range(2, 5):
        assert handle_raw(mail(old, "Advance one step", message_id=f"<r.{n}@mail.example.com>")).outcome == "stale"
    assert len(reads) == 1  # the one answered
    assert Notification.objects.get(seat=seat, kind=Kind.REPLY_ERROR).context["line"] == "Advance one step"


def test_mail_over_the_size_limit_is_recorded_under_the_seat_its_envelope_names(make_game, settings, caplog):
    game = make_game()
    seat = turn_seat(game)
    limit = settings.TRAILPOST["INBOUND_MAX_BYTES"]
    raw = mail("trailpost@example.com", "Advance one step", message_id=None)
    result = handle_raw(raw, recipients=[play_address(game, seat)], size=limit + 1)
    why = f"It is {limit + 1} bytes; the limit is {limit}."
    assert f"inbound email from Player <player@example.com> refused: {why}" in caplog.messages
    assert (result.outcome, result.detail, result.game_id) == ("too_large", why, game.pk)
    record = InboundMessage.objects.get()
    assert (record.outcome, record.detail, record.seat_id, record.size) == ("too_large", why, seat.pk, limit + 1)
    assert record.sender == "Player <player@example.com>"
    assert record.message_key == hashlib.sha256(hashlib.sha256(raw).hexdigest().encode()).hexdigest()
    assert not game.moves.filter(channel="email").exists()
    assert not Notification.objects.filter(seat=seat, kind__in=[Kind.REPLY_OK, Kind.REPLY_ERROR]).exists()


def test_mail_the_parser_cannot_read_is_recorded_as_malformed(make_game, monkeypatch):
    from inbound import parse

    game = make_game()
    seat = turn_seat(game)

    def unreadable(data):
        raise ValueError("unreadable")

    monkeypatch.setattr(parse, "parse_message", unreadable)
    result = handle_raw(mail(play_address(game, seat), "Advance one step"))
    why = "It could not be parsed as an email."
    assert (result.outcome, result.detail, result.game_id) == ("malformed", why, game.pk)
    assert (InboundMessage.objects.get().outcome, InboundMessage.objects.get().detail) == ("malformed", why)
    assert not game.moves.filter(channel="email").exists()


def test_mail_that_names_no_seat_stops_before_its_size_is_checked_and_its_sender_is_logged(caplog, settings):
    limit = settings.TRAILPOST["INBOUND_MAX_BYTES"]
    with caplog.at_level("INFO", logger="inbound.route"):
        assert handle_raw(mail("trailpost@example.com"), size=limit + 1).outcome == "no_token"
        raw = mail("trailpost@example.com").replace(b"From: Player <player@example.com>\n", b"")
        assert handle_raw(raw, envelope_sender="bounce@example.com").outcome == "no_token"
    assert not InboundMessage.objects.exists()
    assert [r.getMessage() for r in caplog.records if r.name == "inbound.route"] == [
        "inbound email from Player <player@example.com> has no play+ address",
        "inbound email from bounce@example.com has no play+ address",
    ]


def test_a_reply_handed_over_as_text_is_read_as_the_bytes_it_came_from(make_game):
    game = make_game()
    seat = turn_seat(game)
    raw = mail(play_address(game, seat), "Advance one step", message_id=None).replace(
        b"Subject: Re: Your turn", b"Subject: Re: Your turn \xe9t\xe9"
    )
    assert handle_raw(raw.decode("utf-8", "surrogateescape")).outcome == "played"  # as the pipe reads stdin
    record = InboundMessage.objects.get()
    assert record.message_key == hashlib.sha256(hashlib.sha256(raw).hexdigest().encode()).hexdigest()
    assert record.size == len(raw)


def test_the_sender_of_raw_mail_is_its_from_header_as_read_from_its_bytes(make_game):
    # handle_raw reads the top headers from the bytes, unparsed: the sender recorded is the one a
    # refusal before parsing would log, its encoded words as they came
    game = make_game()
    seat = turn_seat(game)
    sender = "=?utf-8?q?Ren=C3=A9?= <rene@example.com>"
    assert handle_raw(mail(play_address(game, seat), "Advance one step", sender=sender)).outcome == "played"
    assert InboundMessage.objects.get().sender == sender


def test_the_sender_recorded_is_cut_to_300_characters(make_game):
    game = make_game()
    seat = turn_seat(game)
    raw = mail(play_address(game, seat), "Advance one step", sender="X <player@example.com>")
    raw = raw.replace(b"From: X <", b"From: " + b"a" * 400 + b" <")
    assert handle_raw(raw).outcome == "played"
    assert InboundMessage.objects.get().sender == "a" * 300


def test_mail_with_no_token_or_a_forged_one_is_told_apart_and_logged_with_the_token(caplog):
    forged_play = "play+1-2-3." + "a" * 120  # the log quotes a forged token's first 100 characters
    forged = [forged_play, "chat+1-2-3.abc", "help+1-2.abc"]
    with caplog.at_level("INFO", logger="inbound.route"):
        none = handle_raw(mail("trailpost@example.com"))
        assert (none.outcome, none.detail) == ("no_token", "The message is not addressed to a play+ address.")
        for n, token in enumerate(forged):
            result = handle_raw(mail(f"{token}@example.com", message_id=f"<f.{n}@mail.example.com>"))
            assert (result.outcome, result.detail) == ("forged", "The reply address is not one we issued.")
        msg = EmailMessage()
        msg["From"], msg["To"] = "webhook@example.com", "trailpost@example.com"
        assert handle_message(msg).outcome == "no_token"  # a webhook's message, read from its own headers
    sender = "Player <player@example.com>"
    assert [r.getMessage() for r in caplog.records if r.name == "inbound.route"] == [
        f"inbound email from {sender} has no play+ address",
        *(f"inbound email from {sender} with a forged reply token {token[5:105]!r}" for token in forged),
        "inbound email from webhook@example.com has no play+ address",
    ]
    assert not InboundMessage.objects.exists()
