"""A whole game played by email only, over real SMTP: each player reads the menu in the last email
that asked them to decide, and answers by replying with a move's number; the reply goes through
the inbound handler (what `manage.py receive_email` runs), until the game ends.

The players choose like a player who follows the engine bot's advice when the email offers that
move, else any move the email offers (a seeded choice), so every run plays the same game.
"""

import random
import re
from email.message import EmailMessage
from email.utils import make_msgid

import pytest

from games.models import Game, Seat
from games.selectors import legal_moves
from inbound.route import handle_raw

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.xdist_group("whole-game-by-email")]

MENU_LINE = re.compile(r"^\s+(\d+)\. (.+)$")
MOST_REPLIES = 3000


CODE = re.compile(r"\[([A-Z]\d{1,2})\]")


def menu_of(message) -> dict:
    """The numbered moves in an email's text part, and the codes its grid shows (each code -> its
    own text), ({} when it asks nothing)."""
    text = message.get_body(preferencelist=("plain",)).get_content()
    moves = {code: code for code in CODE.findall(text)}
    head = next((h for h in ("Your moves:", "Or one of these moves:") if h in text), None)
    if head is None:
        return moves
    numbered = {}
    for line in text.split(head, 1)[1].splitlines():
        m = MENU_LINE.match(line)
        if m:
            numbered[int(m.group(1))] = m.group(2).strip()
        elif numbered:
            break
    return {**moves, **numbered}


def reply_to(message, body: str) -> bytes:
    answer = EmailMessage()
    answer["From"] = message["To"]
    answer["To"] = message["Reply-To"]
    answer["Subject"] = f"Re: {message['Subject']}"
    answer["Message-ID"] = make_msgid(domain="player.example.com")
    answer["In-Reply-To"] = message["Message-ID"]
    answer.set_content(f"{body}\n\nOn a day, Trailpost wrote:\n> (the menu)\n")
    return answer.as_bytes()


def advised(game, message, moves: dict, rnd: random.Random):
    """The bot's move for the seat the email is for, when the email offers it (by its number, or
    by the code its grid shows for it); else a seeded pick."""
    seat = Seat.objects.select_related("user").get(game=game, user__email=message["To"])
    game.refresh_from_db()
    if seat.position in game.engine.to_act(game.state):
        action = game.engine.bot_action(game.state, seat.position, rnd)
        for move in legal_moves(game, seat):
            if move["action"] == action and moves.get(move["index"]) == move["label"]:
                return move["index"]
        for code in moves:
            if isinstance(code, str) and game.engine.command(game.state, seat.position, code) == action:
                return code
    return rnd.choice(sorted(moves, key=str))


@pytest.mark.parametrize(
    "rules, options",
    [
        ("oregon-trail-race", {"ruleset": "revised", "trail_length": 10}),
        ("oregon-trail-race", {"ruleset": "classic"}),
        ("ogallala", {"edition": "I"}),
        ("ogallala", {"edition": "II"}),
        # Crayon Rails in short games (bench/email_replies.py plays the full length): the public pool
        # to a round limit of 10 (the bots deliver 8 loads in that many rounds), the standard hands to
        # the engine's conformance settings (the bots win on cash in round 15 of 20).
        ("crayon-rails", {"mode": "public", "max_rounds": 10}),
        ("crayon-rails", {"mode": "standard", "max_rounds": 20, "cash_to_win": 100}),
    ],
)
def test_a_whole_game_played_by_email_only(make_game, smtp_sink, settings, monkeypatch, rules, options):
    settings.TRAILPOST = {**settings.TRAILPOST, "INBOUND_REPLIES_PER_HOUR": 10_000}
    monkeypatch.setattr("games.services.secrets.token_hex", lambda n: "by-email-" + rules)
    game = make_game(n=2, rules=rules, options=options)
    rnd = random.Random(f"by-email:{rules}:{options}")
    answered = 0
    replies = 0
    while Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE:
        assert replies < MOST_REPLIES, "the game did not end"
        messages = smtp_sink.messages
        assert answered < len(messages), "nobody was asked to decide, yet the game goes on"
        message = messages[answered]
        answered += 1
        moves = menu_of(message)
        if not moves or not message["Reply-To"]:
            continue
        result = handle_raw(reply_to(message, str(advised(game, message, moves, rnd))))
        replies += 1
        assert result.outcome in ("played", "stale"), result.detail
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.result["winners"]
    # Everyone is told how it ended, by email.
    ended = {m["To"] for m in smtp_sink.messages if m.get_body(("plain",)).get_content().startswith("Game over:")}
    assert ended == {s.user.email for s in Seat.objects.filter(game=game).select_related("user")}
