"""How many replies a whole game by email takes, per engine, before and after the shorter moves
of #27: two players play a seeded game to its end by email alone, every move a reply that goes
through the inbound handler (inbound.route.handle_raw, what `receive_email`, `mailserver`
and the webhooks run), in process.

Both players follow the engine bot's advice (one seeded stream per game), so both ways play the
very same game, move for move, and only the replies differ:
- before: what the emails allowed until then, one move per reply, by its number in the menu;
- after: each move by the shortest thing the email now offers (a space's code from the grid,
  "build to X" / "move to X" when the server's cheapest path is the move, else its number), and
  the moves the player can already decide without learning anything new (no die rolled, no
  hidden card seen: Engine.card_places and hidden_places say which places are hidden from the
  seat) joined into the same reply ("B7; then Draw from the warriors stack"), named by their
  words.

Prints one JSON object: per engine, the replies of each way, per decision type (the first move a
reply plays), the moves played, how the "after" replies named their moves, and the numbered menu
lines the emails showed (mean and most) and, for engines with a grid, its lines.

Uses its own database (BENCH_REPLIES_DATABASE_URL, default trailpost_bench_replies on the local
PostgreSQL, created if missing). Run: TRAILPOST_ENV=test .venv/bin/python bench/email_replies.py
(BENCH_REPLIES_ENGINES=ogallala,crayon-rails to play only some).
"""

import copy
import hashlib
import json
import os
import random
import statistics
import sys
from collections import Counter
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import django_setup  # noqa: E402

BENCH_DB = os.environ.get("BENCH_REPLIES_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/trailpost_bench_replies")
GAMES = [
    ("ogallala", {"edition": "I"}),
    ("ogallala", {"edition": "II"}),
    ("crayon-rails", {"mode": "public"}),
    ("crayon-rails", {"mode": "standard"}),
    ("oregon-trail-race", {"ruleset": "revised", "trail_length": 10}),
    ("oregon-trail-race", {"ruleset": "classic"}),
]
MOST_REPLIES = 5000


def reply(seat, address: str, body: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = seat.user.email
    msg["To"] = address
    msg["Subject"] = "Re: Your turn"
    msg["Message-ID"] = make_msgid(domain="player.example.com")
    msg.set_content(f"{body}\n\nOn a day, Trailpost wrote:\n> (the menu)\n")
    return msg.as_bytes()


def hidden_from(engine, state: dict, position: int) -> dict:
    """The contents of every place the seat may not see (a change there is news to the seat)."""
    places = engine.card_places(state)
    return {p: places.get(p) for p in sorted(engine.hidden_places(state, position))}


def same_path(a: dict, b: dict) -> bool:
    return a.get("type") == b.get("type") and a.get("path") == b.get("path")


def short_form(game_engine, state: dict, position: int, action: dict, decision: dict | None) -> tuple[str, str] | None:
    """Returns (text, how) naming the action by a code or a command, or None."""
    grid = game_engine.reply_grid(state, position)
    if grid:
        for row in grid["rows"]:
            for cell in row["cells"]:
                if cell.get("code") and cell.get("action") == action:
                    return cell["code"], "code"
    toward = action.get("toward")
    if action.get("type") in ("build", "move") and toward:
        forms = ("build to", "build toward") if action["type"] == "build" else ("move to", "move toward")
        for verb in forms:
            text = f"{verb} {toward}"
            try:
                found = game_engine.command(state, position, text)
            except Exception:
                continue
            if found and same_path(found, action):
                return text, "city command"
    return None


def words_for(engine, state: dict, position: int, action: dict, names: dict) -> str | None:
    """Returns the move's label when it names it alone among the moves (what a later step uses)."""
    from games.selectors import with_names
    from inbound.commands import choose

    moves = [
        {"index": i, "label": with_names(engine.action_label(state, position, a), names), "action": a}
        for i, a in enumerate(engine.legal_actions(state, position), 1)
    ]
    label = next((m["label"] for m in moves if m["action"] == action), None)
    if label is None:
        return None
    chosen = choose(label, moves)
    return label if chosen and chosen["action"] == action else None


def play(rules: str, options: dict, users, *, after: bool) -> dict:
    """Plays one seeded game by email; returns its figures."""
    from games import services
    from games.models import Game, Move, Seat
    from games.selectors import legal_moves, seat_names
    from inbound.route import handle_raw
    from notifications.outbox import decision_context

    label = f"email-replies:{rules}:{sorted(options.items())}"
    real = services.secrets.token_hex
    seed = hashlib.sha256(label.encode()).hexdigest()
    services.secrets.token_hex = lambda n: seed  # the same seed both ways
    try:
        game = services.game_create(owner=users[0], rules=rules, options=options, max_players=2, entropy="Ann")
        services.game_join(game=game, user=users[1], code=game.invite_code, entropy="Bob")
        services.game_start(game=game, by=users[0])
    finally:
        services.secrets.token_hex = real
    rnd = random.Random(label)
    planned: dict[int, dict] = {}  # a seat's next move, decided while composing its last reply
    replies, steps_by_type, naming = Counter(), Counter(), Counter()
    menu_lines, grid_lines = [], []
    total = 0
    while (game := Game.objects.get(pk=game.pk)).status == Game.Status.ACTIVE:
        assert total < MOST_REPLIES, f"{rules} did not end"
        engine = game.engine
        seat = Seat.objects.select_related("user").get(game=game, position=engine.to_act(game.state)[0])
        decision = decision_context(game, seat)
        assert decision["moves"], "a seat to act has no move"
        position = seat.position
        action = planned.pop(position, None) or engine.bot_action(game.state, position, rnd)
        numbered = [m for m in legal_moves(game, seat) if m["action"] == action]
        assert numbered, f"the bot's move is not on the menu: {action}"
        menu_lines.append(len(decision["menu"]) if after else len(decision["moves"]))
        if after and decision.get("grid"):
            grid_lines.append(len(decision["grid"]["lines"]))
        text, how = str(numbered[0]["index"]), "number"
        steps = [action]
        if after:
            short = short_form(engine, game.state, position, action, decision)
            if short:
                text, how = short
            # the moves after it the player can decide now: nothing random, nothing hidden learnt
            names = seat_names(game)
            sim = copy.deepcopy(game.state)
            while True:
                counter, hidden = sim["rng"]["counter"], hidden_from(engine, sim, position)
                engine.apply(sim, position, steps[-1])
                if sim["rng"]["counter"] != counter or hidden_from(engine, sim, position) != hidden:
                    break
                if engine.to_act(sim) != [position]:
                    break
                nxt = engine.bot_action(sim, position, rnd)
                more = short_form(engine, sim, position, nxt, None)
                more = more[0] if more else words_for(engine, sim, position, nxt, names)
                if more is None:
                    planned[position] = nxt  # decided: it opens the next reply, by number
                    break
                text += f"; then {more}"
                steps.append(nxt)
            how += " + more moves" if len(steps) > 1 else ""
        before_seq = Move.objects.filter(game=game).count()
        result = handle_raw(reply(seat, decision["reply_to"], text))
        assert result.outcome == "played", (text, result.detail)
        assert "Not played" not in result.detail, (text, result.detail)
        assert Move.objects.filter(game=game).count() - before_seq >= len(steps)
        total += 1
        replies[action["type"]] += 1
        steps_by_type.update(s["type"] for s in steps)
        naming[how] += 1
    out = {
        "replies": total,
        "replies_by_first_move": dict(sorted(replies.items())),
        "moves": sum(steps_by_type.values()),
        "menu_lines_per_email": {"mean": round(statistics.mean(menu_lines), 1), "max": max(menu_lines)},
        "result": game.result.get("reason"),
    }
    if after:
        out["replies_by_naming"] = dict(sorted(naming.items()))
        if grid_lines:
            out["grid_lines_per_email"] = max(grid_lines)
    return out


def main() -> None:
    django_setup(BENCH_DB)
    from django.conf import settings
    from django.contrib.auth import get_user_model

    settings.TRAILPOST = {**settings.TRAILPOST, "INBOUND_REPLIES_PER_HOUR": 1_000_000}
    User = get_user_model()
    User.objects.filter(username__startswith="replies-").delete()
    users = [
        User.objects.create_user(
            username=f"replies-{name}", email=f"{name}@example.com", password="x", display_name=name
        )
        for name in ("Ann", "Bob")
    ]
    wanted = [w for w in os.environ.get("BENCH_REPLIES_ENGINES", "").split(",") if w]
    figures = {}
    for rules, options in GAMES:
        if wanted and rules not in wanted:
            continue
        key = rules + " " + " ".join(f"{k}={v}" for k, v in options.items())
        before = play(rules, options, users, after=False)
        after = play(rules, options, users, after=True)
        assert before["moves"] == after["moves"] and before["result"] == after["result"], (before, after)
        figures[key] = {"before": before, "after": after}
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
