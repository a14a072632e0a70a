"""The time to export a long finished Crayon Rails game as its JSON file; prints JSON.

    .venv/bin/python bench/export.py [--moves 700] [--repeats 30]

Builds, in its own PostgreSQL database (BENCH_EXPORT_DATABASE_URL, trailpost_bench_export,
created if missing and emptied of games), a four-player Crayon Rails game created, joined (each
player with entropy of their own) and started as the server does, so its seed comes from the
commit-reveal formula; the engine's bot, seeded, plays every seat through the move pipeline
(services.move_submit, as a web move is) until the log holds --moves moves; then the players
resign one after another until the game is over. It then measures, --repeats times after a warm-up:

- `export_game`: games.archive.export_game on the game row as the page loads it (one query per
  table: seats, tenures, moves), the dict only;
- `export_json`: the game row read, export_game and the JSON encoding: the file's bytes;
- `request`: GET /games/<pk>/export.json through Django's test Client (middleware, session,
  view; no network), as a player.

It reports the median and p95 of each in ms, the file's size, and `warnings`: a median of
`export_json` over TARGET_MS (200), and an export that `python -m games.rules verify` would not
pass (games.rules.verify on the same bytes).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import bench_users, django_setup, figures  # noqa: E402

BENCH_DB = os.environ.get("BENCH_EXPORT_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/trailpost_bench_export")
BOT_SEED = "bench:export:crayon-rails"
TARGET_MS = 200.0


def build_game(moves: int):
    """Creates the game as players would, plays it by the seeded bot to `moves` log entries, ends it."""
    from games import services
    from games.models import Game, Move, Seat
    from games.rules.base import Rng

    users = bench_users("export")
    game = services.game_create(
        owner=users[0],
        rules="crayon-rails",
        options={"cash_to_win": 500},  # the bots would otherwise win before 700 moves
        title="Bench: a long Crayon Rails game to export",
        max_players=4,
        turn_hours=1000,
        entropy="Ada's phrase",
    )
    for i, user in enumerate(users[1:], start=1):
        services.game_join(game=game, user=user, entropy=f"{i:032x}")
    services.game_start(game=game, by=users[0])
    game = Game.objects.get(pk=game.pk)
    engine = game.engine
    seats = {s.position: s for s in Seat.objects.filter(game=game).select_related("user")}
    rnd = Rng.stream(BOT_SEED)
    started = time.perf_counter()
    played = 1  # the start is the log's first entry
    while played < moves - 1:
        if engine.result(game.state) is not None:
            break
        seat = seats[engine.to_act(game.state)[0]]
        action = engine.bot_action(game.state, seat.position, rnd)
        services.move_submit(
            game=game, seat=seat, action=action, expected_version=game.version, channel=Move.Channel.WEB
        )
        game = Game.objects.get(pk=game.pk)
        played += 1
    for user in users:  # the players resign, one after another, until the game is over
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.ACTIVE:
            break
        services.game_resign(game=game, user=user)
    game = Game.objects.get(pk=game.pk)
    return game, users, time.perf_counter() - started


def timed(fn, n: int, warm: int = 3) -> list[float]:
    for _ in range(warm):
        fn()
    out = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return out


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=700)
    parser.add_argument("--repeats", type=int, default=30)
    args = parser.parse_args()
    django_setup(BENCH_DB)
    from django.test import Client

    from games import archive, selectors
    from games.models import Game
    from games.rules import verify

    game, users, setup_s = build_game(args.moves)
    owner = users[0]
    loaded = selectors.visible_game(owner, game.pk)
    client = Client()
    client.force_login(owner)
    url = f"/games/{game.pk}/export.json"

    def request():
        response = client.get(url)
        assert response.status_code == 200, response.status_code

    dict_ms = timed(lambda: archive.export_game(loaded), args.repeats)
    json_ms = timed(lambda: archive.export_json(selectors.visible_game(owner, game.pk)), args.repeats)
    request_ms = timed(request, args.repeats)
    data = archive.export_json(Game.objects.get(pk=game.pk))
    t = time.perf_counter()
    report = verify.verify_text(data)
    verify_s = time.perf_counter() - t
    out: dict = {
        "game": {
            "rules": game.rules,
            "seats": game.seats.count(),
            "log_entries": game.moves.count(),
            "status": game.status,
            "setup_seconds": round(setup_s, 1),
        },
        "file_bytes": len(data),
        "export_game": figures(dict_ms),
        "export_json": figures(json_ms),
        "request": figures(request_ms),
        "verify": {
            "ok": report.ok,
            "failed": report.failed(),
            "problem": report.bad_file,
            "seconds": round(verify_s, 2),
        },
        "load_average_1m": round(os.getloadavg()[0], 2),
        "target_median_ms": TARGET_MS,
        "warnings": [],
    }
    if out["game"]["log_entries"] < args.moves:
        out["warnings"].append(f"the game ended after {out['game']['log_entries']} log entries, before {args.moves}")
    if out["export_json"]["median_ms"] > TARGET_MS:
        out["warnings"].append(f"export median {out['export_json']['median_ms']} ms is over {TARGET_MS} ms")
    if not report.ok:
        out["warnings"].append(f"the export does NOT verify: {report.bad_file or ', '.join(report.failed())}")
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
