"""The replay viewer's server time on a 700-move Crayon Rails game; prints JSON.

    .venv/bin/python bench/replay.py [--moves 700] [--requests 60]

Builds, in its own PostgreSQL database (BENCH_REPLAY_DATABASE_URL, trailpost_bench_replay, created
if missing and emptied of games), a four-player Crayon Rails game (three demand cards in each hand,
400 cash to win: the bots' game lasts 728 moves) with a known seed, every seat played by the
engine's bot through the move pipeline (services.move_submit, as a web move is), to its end (a
finished game: the viewer shows every hand). Then, signed in as one of its players, with Django's test Client (the
whole request: middleware, session, view, templates; no network), it GETs the replay page
(/games/<pk>/replay/?step=n) at --requests random steps (a fixed sequence):

- `cold`: every snapshot deleted before each request, so the step is replayed from the seed and
  the snapshots it passes are written (the first look at a game);
- `warm`: the snapshots in place (one every games.replay.SNAPSHOT_EVERY moves), so a step applies
  at most that many moves: what every later step costs;
- `api_warm`: the same steps from GET /api/games/<id>/replay/<step>/;
- `replay_only_warm`: games.replay.snapshot_state alone (no view, no template).

Each reports the median, p95 and minimum in ms. `warnings` says when a figure is over the target
(100 ms of server time for a step) or not to be trusted: the game ended before --moves moves, a
warm request wrote snapshots (it was not warm), a response was not 200, or the machine was busy
(the load average above the number of cores) while measuring.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import bench_users, django_setup, figures  # noqa: E402

BENCH_DB = os.environ.get("BENCH_REPLAY_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/trailpost_bench_replay")
SEED = "bench:replay:crayon-rails"
OPTIONS = {"mode": "standard", "cash_to_win": 400}
TARGET_MS = 100.0


def build_game(moves: int):
    """Creates the game and plays it by the bot to its end (at most about twice `moves` moves)."""
    from games import services
    from games.models import Game, Move, Seat

    users = bench_users("replay")
    game = services.game_create(
        owner=users[0],
        rules="crayon-rails",
        options=OPTIONS,
        title="Bench: a 700-move Crayon Rails game",
        max_players=4,
        turn_hours=1000,
    )
    for user in users[1:]:
        services.game_join(game=game, user=user)
    services.game_start(game=game, by=users[0])
    game = Game.objects.get(pk=game.pk)
    engine = game.engine
    game.seed = SEED  # the same game on every run
    game.seed_sha256 = Game.hash_seed(SEED)
    game.state = engine.new_state(game.options, 4, SEED)
    game.save()
    seats = {s.position: s for s in Seat.objects.filter(game=game)}
    rnd = random.Random(SEED)
    started = time.perf_counter()
    while True:  # to the end, which these seed and options put past `moves`; at most twice that
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.ACTIVE or game.version > 2 * moves + 20:
            break
        seat = seats[engine.to_act(game.state)[0]]
        action = engine.bot_action(game.state, seat.position, rnd)
        services.move_submit(
            game=game, seat=seat, action=action, expected_version=game.version, channel=Move.Channel.WEB
        )
    return Game.objects.get(pk=game.pk), seats, time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=700)
    parser.add_argument("--requests", type=int, default=60)
    args = parser.parse_args()
    django_setup(BENCH_DB)
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from bench.common import settle
    from games import replay
    from games.models import Game, Snapshot

    game, seats, setup_s = build_game(args.moves)
    with connection.cursor() as cursor:
        settle(cursor, "VACUUM ANALYZE games_move, games_snapshot, games_game, games_seat")
    total = len(replay.steps(game))
    steps = random.Random(SEED).choices(range(total + 1), k=args.requests)
    client = Client()
    client.force_login(seats[0].user)
    page = reverse("games:replay", args=[game.pk])
    bad: list[str] = []
    load_before = os.getloadavg()[0]

    def get(url: str) -> float:
        t = time.perf_counter()
        resp = client.get(url)
        took = (time.perf_counter() - t) * 1000
        if resp.status_code != 200:
            bad.append(f"{url}: {resp.status_code}")
        return took

    for step in steps[:5]:  # warm the process: imports, templates, the board's static map
        get(f"{page}?step={step}")
    cold = []
    for step in steps:
        Snapshot.objects.filter(game=game).delete()
        cold.append(get(f"{page}?step={step}"))
    replay.snapshot_state(game, replay.steps(game)[-1][0])  # every snapshot in place
    stored = Snapshot.objects.filter(game=game).count()
    warm = [get(f"{page}?step={step}") for step in steps]
    api = [get(reverse("api-game-replay", args=[game.pk, step])) for step in steps]
    written_while_warm = Snapshot.objects.filter(game=game).count() - stored
    game = Game.objects.get(pk=game.pk)
    log = replay.steps(game)
    only = []
    for step in steps:
        t = time.perf_counter()
        replay.snapshot_state(game, log[step - 1][0] if step else 0)
        only.append((time.perf_counter() - t) * 1000)
    with CaptureQueriesContext(connection) as queries:
        get(f"{page}?step={steps[0]}")
    load_after = os.getloadavg()[0]
    out: dict = {
        "game": {
            "rules": game.rules,
            "options": OPTIONS,
            "seats": len(seats),
            "status": game.status,
            "steps": total,
            "snapshot_every": replay.SNAPSHOT_EVERY,
            "snapshots": stored,
            "setup_seconds": round(setup_s, 1),
        },
        "cold": figures(cold),
        "warm": figures(warm),
        "api_warm": figures(api),
        "replay_only_warm": figures(only),
        "queries_per_warm_page": len(queries.captured_queries),
        "load_average_1m": {"before": round(load_before, 2), "after": round(load_after, 2)},
        "cores": os.cpu_count(),
        "target_ms": TARGET_MS,
        "warnings": [],
    }
    warnings = out["warnings"]
    if total < args.moves:
        warnings.append(f"the game has {total} steps, fewer than {args.moves}: not the game the target is for")
    if bad:
        warnings.append(f"{len(bad)} responses were not 200 (first: {bad[0]}): the figures are not of the page")
    if written_while_warm:
        warnings.append(f"{written_while_warm} snapshots were written during the warm requests: they were not warm")
    if max(load_before, load_after) > (os.cpu_count() or 1):
        warnings.append(
            f"the load average ({load_before:.1f} before, {load_after:.1f} after) was above the {os.cpu_count()} cores: "
            "other work shared the machine and lengthened the figures"
        )
    for name in ("warm", "api_warm"):
        if out[name]["p95_ms"] > TARGET_MS:
            warnings.append(f"{name} p95 {out[name]['p95_ms']} ms is over {TARGET_MS} ms")
    if out["cold"]["median_ms"] > TARGET_MS:
        warnings.append(f"cold median {out['cold']['median_ms']} ms is over {TARGET_MS} ms")
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
