"""The bytes of the game page's live update (the htmx poll of /games/<pk>/live/); prints JSON.

    .venv/bin/python bench/live_bytes.py [--moves 40]

In its own database (BENCH_LIVE_DATABASE_URL, trailpost_bench_live, created if missing and emptied
of games), for each game: a two-player game whose seats the engine's bot plays through the move
pipeline for --moves moves; then, as a seated player with Django's test Client (the whole request,
no network), the poll when nothing moved (the version the page has: 204, no body), and the poll
after one more move by the other player (the live section with only the log's new rows; and, to
compare, the whole section as a poll without ?to= gets it). Raw and gzip bytes. BENCH_LIVE_DUMP=<dir>
writes the page and the two answers there, to look at.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import bench_users, django_setup  # noqa: E402

BENCH_DB = os.environ.get("BENCH_LIVE_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/trailpost_bench_live")
GAMES = ("oregon-trail-race", "ogallala", "crayon-rails")


def _bot_move(game, rnd) -> None:
    from games import services
    from games.rules.base import Rng

    game.refresh_from_db()
    position = game.engine.to_act(game.state)[0]
    seat = game.seats.get(position=position)
    action = game.engine.bot_action(game.state, position, Rng.stream(f"bench-live:{rnd.random()}"))
    services.move_submit(game=game, seat=seat, action=action, expected_version=game.version, channel="api")


def _poll_params(html: str, version: int) -> dict:
    """What the page's poll sends: its version, seats stamp, newest log entry and news baseline."""
    params = {"v": version, "s": re.search(r"&amp;s=([0-9a-f]+)", html).group(1)}
    newest = re.search(r'<li value="(\d+)"', html)
    if newest:
        params["to"] = newest.group(1)
    seen = re.search(r'data-seen="(\d+)"', html)
    if seen:
        params["seen"] = seen.group(1)
    return params


def measure(rules: str, moves: int) -> dict:
    from django.test import Client

    from games import services
    from games.models import Game

    ann, bob = bench_users("live", names=("Ada", "Bea"))
    game = services.game_create(owner=ann, rules=rules, title=f"Bench live {rules}", max_players=2, turn_hours=1000)
    services.game_join(game=game, user=bob)
    services.game_start(game=game, by=ann)
    rnd = random.Random(rules)
    for _ in range(moves):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        _bot_move(game, rnd)
    game.refresh_from_db()
    client = Client()
    client.force_login(ann)
    url = f"/games/{game.pk}/live/"
    page = client.get(f"/games/{game.pk}/")
    idle = client.get(url, _poll_params(page.content.decode(), game.version), HTTP_HX_REQUEST="true")
    # one move by whoever is to act, as the other player sees it
    version = game.version
    game.refresh_from_db()
    if game.seats.get(position=game.engine.to_act(game.state)[0]).user_id == ann.pk:
        client.force_login(bob)
        page = client.get(f"/games/{game.pk}/")
    params = _poll_params(page.content.decode(), version)
    _bot_move(game, rnd)
    moved = client.get(url, params, HTTP_HX_REQUEST="true")  # as htmx asks: the map stays out
    whole = client.get(url, {k: v for k, v in params.items() if k not in ("to", "seen")}, HTTP_HX_REQUEST="true")
    if os.environ.get("BENCH_LIVE_DUMP"):
        Path(os.environ["BENCH_LIVE_DUMP"]).mkdir(exist_ok=True)
        for name, resp in (("page", page), ("delta", moved), ("whole", whole)):
            (Path(os.environ["BENCH_LIVE_DUMP"]) / f"{rules}-{name}.html").write_bytes(resp.content)
    return {
        "rules": rules,
        "log_moves": version,
        "nothing_moved": {"status": idle.status_code, "bytes": len(idle.content)},
        "one_move": {
            "status": moved.status_code,
            "bytes": len(moved.content),
            "gzip_bytes": len(gzip.compress(moved.content)),
        },
        "one_move_whole_section_bytes": len(whole.content),
        "whole_page_bytes": len(page.content),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args()
    django_setup(BENCH_DB)
    print(json.dumps([measure(rules, args.moves) for rules in GAMES], indent=1))


if __name__ == "__main__":
    main()
