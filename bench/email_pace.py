"""How many replies a seat sends in the fastest game by email: two people play a trail-10 Oregon
Trail Race (revised rules) by email alone, each replying to their latest menu as soon as they have
one, through the inbound handler every reply takes (inbound.route.handle_raw, what
`receive_email`, `mailserver` and the webhooks run). Each reply picks the engine bot's move from
the menu (a seeded choice when the menu lacks it). Prints one JSON object: the replies each seat
sent per game (all of them, and the ones not played), over BENCH_EMAIL_GAMES (20) games.

A game played this way takes its players far more than an hour, so the most replies one seat sent
in a whole game bounds what it could send in any hour of the fastest game: the hourly cap on
replies (TRAILPOST_INBOUND_REPLIES_PER_HOUR) is set well above it.

Uses its own database (BENCH_EMAIL_DATABASE_URL, default trailpost_bench_email on the local
PostgreSQL, created if missing). Run: TRAILPOST_ENV=test .venv/bin/python bench/email_pace.py
"""

import json
import os
import random
import statistics
import sys
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import django_setup  # noqa: E402

BENCH_DB = os.environ.get("BENCH_EMAIL_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/trailpost_bench_email")
GAMES = int(os.environ.get("BENCH_EMAIL_GAMES", "20"))
OPTIONS = {"ruleset": "revised", "trail_length": 10}


def reply(seat, address: str, body: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = seat.user.email
    msg["To"] = address
    msg["Subject"] = "Re: Your turn"
    msg["Message-ID"] = make_msgid(domain="player.example.com")
    msg.set_content(f"{body}\n\nOn a day, Trailpost wrote:\n> (the menu)\n")
    return msg.as_bytes()


def pick(game, seat, menu: list[dict], rnd: random.Random) -> int:
    from games.selectors import legal_moves

    action = game.engine.bot_action(game.state, seat.position, rnd)
    for move in legal_moves(game, seat):
        if move["action"] == action:
            return move["index"]
    return rnd.choice([m["index"] for m in menu])


def play_one(users, number: int) -> dict[str, list[int]]:
    """Plays one game by email; returns {seat name: [replies, not played]}."""
    from games import services
    from games.models import Game, Seat
    from inbound.route import handle_raw
    from notifications.outbox import decision_context

    game = services.game_create(owner=users[0], rules="oregon-trail-race", options=OPTIONS, max_players=2)
    services.game_join(game=game, user=users[1], code=game.invite_code)
    services.game_start(game=game, by=users[0])
    rnd = random.Random(f"email-pace:{number}")
    counts: dict[str, list[int]] = {}
    while (game := Game.objects.get(pk=game.pk)).status == Game.Status.ACTIVE:
        seats = Seat.objects.select_related("user").filter(game=game, position__in=game.engine.to_act(game.state))
        for seat in seats:
            decision = decision_context(game, seat)
            if not decision["moves"]:
                continue
            result = handle_raw(reply(seat, decision["reply_to"], str(pick(game, seat, decision["moves"], rnd))))
            tally = counts.setdefault(seat.user.display_name, [0, 0])
            tally[0] += 1
            tally[1] += result.outcome != "played"
            game = Game.objects.get(pk=game.pk)
    return counts


def main() -> None:
    django_setup(BENCH_DB)
    from django.conf import settings
    from django.contrib.auth import get_user_model

    cap = settings.TRAILPOST["INBOUND_REPLIES_PER_HOUR"]
    settings.TRAILPOST = {**settings.TRAILPOST, "INBOUND_REPLIES_PER_HOUR": 1_000_000}
    User = get_user_model()
    User.objects.filter(username__startswith="pace-").delete()
    users = [
        User.objects.create_user(username=f"pace-{name}", email=f"{name}@example.com", password="x", display_name=name)
        for name in ("Ann", "Bob")
    ]
    per_seat, not_played = [], []
    for number in range(GAMES):
        for replies, refused in play_one(users, number).values():
            per_seat.append(replies)
            not_played.append(refused)
    print(
        json.dumps(
            {
                "games": GAMES,
                "options": OPTIONS,
                "replies_per_seat_per_game": {
                    "min": min(per_seat),
                    "median": statistics.median(per_seat),
                    "max": max(per_seat),
                },
                "not_played_per_seat_per_game": {"max": max(not_played)},
                "cap_per_seat_per_hour": cap,
            }
        )
    )


if __name__ == "__main__":
    main()
