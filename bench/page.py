"""The game page's server time for a long Crayon Rails game, and the page's weight; prints JSON.

    .venv/bin/python bench/page.py [--moves 500] [--requests 40]

Builds, in its own PostgreSQL database (BENCH_PAGE_DATABASE_URL, trailpost_bench_page, created if
missing and emptied of games), a four-player Crayon Rails game with a known seed whose seats are
played by the engine's bot through the move pipeline (services.move_submit, as a web move is)
until the log holds --moves moves. Then, as a seated player with Django's test Client (the whole
request: middleware, session, view, templates; no network), GETs the game page a few times to
warm up and --requests times measured (as the player whose move it is, so the page lists their
moves), and reports the median and p90 server time, the same for
the htmx live part, the HTML's bytes (raw and gzip) and the bytes (raw and gzip) of the
stylesheets and scripts the page links. `warnings` lists what is over target: a median over
50 ms for the game page.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import bench_users, django_setup, figures  # noqa: E402

BENCH_DB = os.environ.get("BENCH_PAGE_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/trailpost_bench_page")
SEED = "bench:page:crayon-rails"
TARGET_MS = 50.0


def build_game(moves: int):
    """Creates the game and plays it by the bot until its log has `moves` moves (or it ends)."""
    from games import services
    from games.models import Game, Move, Seat

    users = bench_users("page")
    game = services.game_create(
        owner=users[0], rules="crayon-rails", title="Bench: a long Crayon Rails game", max_players=4, turn_hours=1000
    )
    for user in users[1:]:
        services.game_join(game=game, user=user)
    services.game_start(game=game, by=users[0])
    game.refresh_from_db()
    engine = game.engine
    game.seed = SEED
    game.seed_sha256 = Game.hash_seed(SEED)
    game.state = engine.new_state(game.options, 4, SEED)
    game.save()
    seats = {s.position: s for s in Seat.objects.filter(game=game)}
    rnd = random.Random(SEED)
    started = time.perf_counter()
    while game.moves.count() < moves:
        game = Game.objects.get(pk=game.pk)
        if engine.result(game.state) is not None:
            break
        seat = seats[engine.to_act(game.state)[0]]
        action = engine.bot_action(game.state, seat.position, rnd)
        services.move_submit(
            game=game, seat=seat, action=action, expected_version=game.version, channel=Move.Channel.WEB
        )
    game = Game.objects.get(pk=game.pk)
    return game, seats, time.perf_counter() - started


def timed(client, url: str, n: int, warm: int = 5) -> list[float]:
    for _ in range(warm):
        assert client.get(url).status_code == 200
    out = []
    for _ in range(n):
        t = time.perf_counter()
        resp = client.get(url)
        out.append((time.perf_counter() - t) * 1000)
        assert resp.status_code == 200, resp.status_code
    return out


def weight(data: bytes) -> dict:
    return {"bytes": len(data), "gzip_bytes": len(gzip.compress(data, compresslevel=6))}


def linked_assets(html: str) -> dict:
    """Returns the bytes and gzip bytes of each stylesheet and script the page links."""
    from django.conf import settings
    from django.contrib.staticfiles import finders

    found = {"css": {}, "js": {}}
    for kind, pattern in (
        ("css", r'<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"|<link[^>]+href="([^"]+)"[^>]+rel="stylesheet"'),
        ("js", r'<script[^>]+src="([^"]+)"'),
    ):
        for m in re.finditer(pattern, html):
            url = next(g for g in m.groups() if g)
            name = url.split("?", 1)[0]
            if not name.startswith(settings.STATIC_URL):
                continue
            rel = name[len(settings.STATIC_URL) :]
            path = finders.find(rel) or finders.find(re.sub(r"\.[0-9a-f]{12}(\.\w+)$", r"\1", rel))
            if path:
                found[kind][rel] = weight(Path(path).read_bytes())
    return {
        kind: {
            "files": files,
            "bytes": sum(f["bytes"] for f in files.values()),
            "gzip_bytes": sum(f["gzip_bytes"] for f in files.values()),
        }
        for kind, files in found.items()
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=500)
    parser.add_argument("--requests", type=int, default=40)
    args = parser.parse_args()
    django_setup(BENCH_DB)
    from django.test import Client
    from django.urls import reverse

    game, seats, setup_s = build_game(args.moves)
    client = Client()
    acting = game.engine.to_act(game.state) if game.state else []
    client.force_login(seats[acting[0] if acting else 0].user)  # the player to move: the page with its moves
    page_url = reverse("games:detail", args=[game.pk])
    live_url = reverse("games:live", args=[game.pk])
    page = timed(client, page_url, args.requests)
    live = timed(client, live_url, args.requests)
    html = client.get(page_url).content
    out: dict = {
        "game": {
            "rules": game.rules,
            "seats": len(seats),
            "moves": game.moves.count(),
            "status": game.status,
            "moves_offered": html.decode().count('name="move"'),
            "setup_seconds": round(setup_s, 1),
        },
        "game_page": figures(page, percentile=0.9),
        "live_part": figures(live, percentile=0.9),
        "html": weight(html),
        **linked_assets(html.decode()),
        # the machine's load while measuring: other work on it lengthens the median, less the minimum
        "load_average_1m": round(os.getloadavg()[0], 2),
        "target_median_ms": TARGET_MS,
        "warnings": [],
    }
    if out["game"]["moves"] < args.moves:
        out["warnings"].append(f"the game ended after {out['game']['moves']} moves, before {args.moves}")
    if out["game_page"]["median_ms"] > TARGET_MS:
        out["warnings"].append(f"game page median {out['game_page']['median_ms']} ms is over {TARGET_MS} ms")
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
