"""Oregon Trail Race engine benchmark: random playouts on one core; prints JSON.

    .venv/bin/python bench/engine.py [--seconds 5] [--games 200]

Reports actions/second over random legal playouts (legal_actions + apply per step, as the
server does) for both rulesets, and the median wall time of a whole 4-player bot game.
Targets: >= 20,000 actions/s; a 4-player game under 20 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.rules.oregon_trail.engine import ENGINE  # noqa: E402
from games.rules.simulate import play_one  # noqa: E402


def random_playouts(ruleset: str, seconds: float, players: int = 4) -> dict:
    """Plays random legal moves for a while; returns the action rate."""
    actions = games = 0
    rnd = random.Random(1)
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = ENGINE.new_state({"ruleset": ruleset}, players, f"bench:{games}")
        steps = 0
        while ENGINE.result(state) is None and steps < 5000:
            seat = ENGINE.to_act(state)[0]
            legal = ENGINE.legal_actions(state, seat)
            ENGINE.apply(state, seat, rnd.choice(legal))
            steps += 1
        actions += steps
        games += 1
    elapsed = time.perf_counter() - started
    return {"actions_per_second": round(actions / elapsed), "games": games, "actions": actions}


def bot_games(ruleset: str, games: int, players: int = 4) -> dict:
    """Times whole bot games (the simulate loop); returns the median and mean in ms."""
    times = []
    lengths = []
    for g in range(games):
        t0 = time.perf_counter()
        _state, n, _bad, _done = play_one(ENGINE, players=players, seed=f"bench:{g}", options={"ruleset": ruleset})
        times.append((time.perf_counter() - t0) * 1000)
        lengths.append(n)
    return {
        "median_game_ms": round(statistics.median(times), 2),
        "mean_game_ms": round(statistics.mean(times), 2),
        "median_game_actions": statistics.median(lengths),
        "bot_actions_per_second": round(sum(lengths) / (sum(times) / 1000)),
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    out = {"engine": ENGINE.name, "python": sys.version.split()[0]}
    for ruleset in ("revised", "classic"):
        out[ruleset] = {
            "random_playouts_4p": random_playouts(ruleset, args.seconds),
            "bot_games_4p": bot_games(ruleset, args.games),
        }
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
