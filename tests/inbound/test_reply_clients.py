"""Replies as the common mail clients write them (fixtures in tests/inbound/mail/: Gmail,
Outlook, Apple Mail and Thunderbird; top-posted, bottom-posted and HTML-only), played through
inbound.route.handle_raw on a real game; a typo is answered "Did you mean ...?" and plays
nothing; the reply parsers only ever see bounded text."""

from pathlib import Path

import pytest

from games.models import Move
from inbound import trim
from inbound.route import handle_raw
from inbound.trim import MAX_REPLY_CHARS, first_line
from notifications.models import Kind, Notification

from .conftest import turn_seat
from .test_inbound import menu_note, reply

MAIL = Path(__file__).parent / "mail"
# The toy game's first menu: 1. Advance one step, 2. Send dysentery to seat 1, 3. End the turn.
ADVANCE, CALAMITY, END = {"type": "advance"}, {"type": "calamity", "victim": 1}, {"type": "end_turn"}

FIXTURES = {
    "gmail_top_posted.eml": END,  # "End the turn" above "On ... wrote:" and > quotes
    "gmail_bottom_posted.eml": ADVANCE,  # "1" below a quote header wrapped before "wrote:"
    "gmail_html_only.eml": END,  # "3" above div.gmail_quote / blockquote.gmail_quote
    "outlook_top_posted.eml": ADVANCE,  # "1" above ____ and an unquoted From:/Sent: block
    "outlook_html_only_mso.eml": END,  # Word HTML: <!--[if mso]> text, -----Original Message-----
    "apple_mail_bottom_posted.eml": END,  # "3" below <blockquote type=cite> / > quotes
    "apple_mail_html_only.eml": CALAMITY,  # iPhone: "2" above blockquote type=cite
    "thunderbird_bottom_posted.eml": ADVANCE,  # "advance one step" below > quotes, then "-- " signature
    "thunderbird_html_only.eml": END,  # "3" above div.moz-cite-prefix and blockquote type=cite
}


def fixture(name: str, address: str) -> bytes:
    return (MAIL / name).read_bytes().replace(b"REPLY_TO_ADDRESS", address.encode())


def test_every_fixture_is_used():
    assert sorted(p.name for p in MAIL.glob("*.eml")) == sorted(FIXTURES)


@pytest.mark.parametrize("name", sorted(FIXTURES))
@pytest.mark.django_db
def test_a_reply_from_each_client_plays_its_move(make_game, name):
    game = make_game()
    seat = turn_seat(game)
    action = dict(FIXTURES[name])
    if action["type"] == "calamity":
        action["victim"] = 1 - seat.position
    result = handle_raw(fixture(name, menu_note(seat).context["decision"]["reply_to"]))
    assert result.outcome == "played", result.detail
    move = Move.objects.get(game=game, seq=result.seq)
    assert (move.channel, move.action, move.position) == ("email", action, seat.position)
    assert Notification.objects.filter(seat=seat, kind=Kind.REPLY_OK).count() == 1
    assert not Notification.objects.filter(kind=Kind.REPLY_ERROR).exists()


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("End teh turn", "3. End the turn"),
        ("Advnace", "1. Advance one step"),
        ("sned dysentry", "2. Send dysentery to seat 1"),
    ],
)
@pytest.mark.django_db
def test_a_typo_gets_did_you_mean_and_plays_nothing(make_game, typed, meant):
    game = make_game()
    seat = turn_seat(game)
    version = game.version
    result = handle_raw(reply(menu_note(seat).context["decision"]["reply_to"], f"{typed}\n\n> 1. Advance one step"))
    assert result.outcome == "not_understood"
    assert f"Did you mean {meant}?" in result.detail
    assert not Move.objects.filter(game=game, channel="email").exists()
    game.refresh_from_db()
    assert game.version == version
    error = Notification.objects.get(seat=seat, kind=Kind.REPLY_ERROR)
    assert f"Did you mean {meant}?" in error.context["error"] and error.context["line"] == typed
    assert error.context["decision"]["moves"]  # a fresh menu with it


@pytest.mark.django_db
def test_no_suggestion_for_what_is_no_move(make_game):
    game = make_game()
    seat = turn_seat(game)
    result = handle_raw(reply(menu_note(seat).context["decision"]["reply_to"], "fly to the moon"))
    assert result.outcome == "not_understood" and "Did you mean" not in result.detail


@pytest.mark.django_db
def test_an_outlook_reply_with_nothing_above_the_original_plays_nothing(make_game):
    game = make_game()
    seat = turn_seat(game)
    address = menu_note(seat).context["decision"]["reply_to"]
    raw = fixture("outlook_top_posted.eml", address).replace(b"\r\n1\r\n\r\n____", b"\r\n\r\n\r\n____", 1)
    result = handle_raw(raw)
    assert result.outcome == "not_understood"
    assert "no move" in result.detail  # not the original's "1. Advance one step"
    assert not Move.objects.filter(game=game, channel="email").exists()


def test_the_reply_parser_sees_bounded_text(monkeypatch):
    # mail-parser-reply's quote-header expression takes seconds on one 40,000-character line: it
    # is only ever handed the reply clipped to MAX_REPLY_CHARS, in lines of MAX_LINE_CHARS at most
    # (what it reads is checked, not how long it takes: timings are bench's, not the tests').
    seen = []

    class Recording(trim.ReplyMessage):
        def __init__(self, *, text, **kwargs):
            seen.append((len(text), max(map(len, text.splitlines()))))
            super().__init__(text=text, **kwargs)

    monkeypatch.setattr(trim, "ReplyMessage", Recording)
    assert first_line(("On " + "a " * 40_000) + "\n> 1") == ("On " + "a " * 40_000)[:400].strip()
    assert first_line(("On " + "a " * 300 + "\n") * (4 * MAX_REPLY_CHARS // 600)) != ""
    assert len(seen) == 2 and all(n <= MAX_REPLY_CHARS and line <= trim.MAX_LINE_CHARS for n, line in seen)
