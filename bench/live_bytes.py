"""The bytes of the game page's live updates (the answer to a move, the htmx poll of
/games/<pk>/live/) through a whole game; prints JSON.

    .venv/bin/python bench/live_bytes.py [--moves 200] [--every 10]

In its own database (BENCH_LIVE_DATABASE_URL, trailpost_bench_live, created if missing and emptied
of games), for each game: a two-player game whose seats the engine's bot plays through the move
pipeline, up to --moves moves or the game's end. Every --every moves, as the two players with
Django's test Client (the whole request, no network): the player to act opens the game page and
plays the bot's move as the page sends it (the list's number of the move, or the action for a
route the list does not offer, with what its log shows, from, to, seen, and the parts it has,
keep), and the other player's
page polls (its version, seats stamp, log and the parts it has, as static/js/trailpost.js and
table.js send them). Raw and gzip
bytes of both answers, and the largest of each over the game; the poll when nothing moved (204, no
body); for comparison the whole live section (a poll without ?to=) and the whole page at the last
sample. BENCH_LIVE_DUMP=<dir> writes each sample's page and answers there, to look at.
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
    """What the page's poll sends: its version, seats stamp, its log's oldest and newest entries
    and its news baseline."""
    params = {"v": version, "s": re.search(r"&amp;s=([0-9a-f]+)", html).group(1)}
    rows = re.findall(r'<li value="(\d+)"', html)
    if rows:
        params["to"], params["from"] = rows[0], rows[-1]
    seen = re.search(r'data-seen="(\d+)"', html)
    if seen:
        params["seen"] = seen.group(1)
    kept = re.findall(r'id="keep-([a-z0-9-]+)" data-keep="([0-9a-f]+)"', html)
    if kept:  # the parts it has, sent again only when they changed (static/js/table.js)
        params["keep"] = ",".join(f"{name}:{digest}" for name, digest in kept)
    return params


def _sample(game, rnd, users) -> dict:
    """One move as the players' pages see it: the mover's answer, the other's poll."""
    from django.test import Client

    from games.rules.base import Rng

    game.refresh_from_db()
    position = game.engine.to_act(game.state)[0]
    seat = game.seats.get(position=position)
    mover, watcher = Client(), Client()
    mover.force_login(seat.user)
    watcher.force_login(next(u for u in users if u.pk != seat.user_id))
    url = f"/games/{game.pk}/"
    mover_page = mover.get(url).content.decode()
    watcher_page = watcher.get(url).content.decode()
    version = game.version
    action = game.engine.bot_action(game.state, position, Rng.stream(f"bench-live:{rnd.random()}"))
    menu = game.engine.legal_actions(game.state, position)
    post = {"version": version, "key": f"bench-{game.pk}-{version}"}
    if action in menu:
        post["move"] = menu.index(action) + 1
    else:  # a route drawn on the map, which the list does not offer
        post["action"] = json.dumps(action)
    post.update({k: v for k, v in _poll_params(mover_page, version).items() if k in ("from", "to", "seen", "keep")})
    answer = mover.post(f"{url}move/", post, HTTP_HX_REQUEST="true")
    game.refresh_from_db()
    assert game.version == version + 1, f"the move was not played: {answer.content[:300]!r}"
    params = _poll_params(watcher_page, version)
    poll = watcher.get(f"{url}live/", params, HTTP_HX_REQUEST="true")
    whole = watcher.get(f"{url}live/", {k: v for k, v in params.items() if k in ("v", "s")}, HTTP_HX_REQUEST="true")
    if os.environ.get("BENCH_LIVE_DUMP"):
        Path(os.environ["BENCH_LIVE_DUMP"]).mkdir(exist_ok=True)
        for name, body in (("page", watcher_page.encode()), ("answer", answer.content), ("delta", poll.content)):
            (Path(os.environ["BENCH_LIVE_DUMP"]) / f"{game.rules}-{version + 1}-{name}.html").write_bytes(body)
    return {
        "move": version + 1,
        "answer_bytes": len(answer.content),
        "answer_gzip_bytes": len(gzip.compress(answer.content)),
        "poll_bytes": len(poll.content),
        "poll_gzip_bytes": len(gzip.compress(poll.content)),
        "whole_section_bytes": len(whole.content),
        "whole_page_bytes": len(watcher_page),
    }


def measure(rules: str, moves: int, every: int) -> dict:
    from django.test import Client

    from games import services
    from games.models import Game

    ann, bob = bench_users("live", names=("Ada", "Bea"))
    game = services.game_create(owner=ann, rules=rules, title=f"Bench live {rules}", max_players=2, turn_hours=1000)
    services.game_join(game=game, user=bob)
    services.game_start(game=game, by=ann)
    rnd = random.Random(rules)
    game.refresh_from_db()
    client = Client()
    client.force_login(ann)
    page = client.get(f"/games/{game.pk}/").content.decode()
    idle = client.get(f"/games/{game.pk}/live/", _poll_params(page, game.version), HTTP_HX_REQUEST="true")
    samples = []
    for n in range(moves):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        if n % every == every - 1:
            samples.append(_sample(game, rnd, (ann, bob)))
        else:
            _bot_move(game, rnd)
    game.refresh_from_db()
    return {
        "rules": rules,
        "moves_played": game.version,
        "ended": game.status != Game.Status.ACTIVE,
        "nothing_moved": {"status": idle.status_code, "bytes": len(idle.content)},
        "largest_answer_to_a_move_bytes": max(s["answer_bytes"] for s in samples),
        "largest_poll_after_a_move_bytes": max(s["poll_bytes"] for s in samples),
        "samples": samples,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--every", type=int, default=10)
    parser.add_argument("--only", action="append", choices=GAMES)
    args = parser.parse_args()
    django_setup(BENCH_DB)
    print(json.dumps([measure(rules, args.moves, args.every) for rules in args.only or GAMES], indent=1))


if __name__ == "__main__":
    main()
