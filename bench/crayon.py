"""Crayon rails engine benchmark: bot turns and whole bot games on the full map; prints JSON.

    .venv/bin/python bench/crayon.py [--games 20] [--players 2 4 6]

A bot turn is every decision of one seat from the start of its turn until the turn passes on
(legal_actions + bot_action + apply for each, as the simulator and the server do), timed whole.
Reports the median and p95 bot-turn time and the median whole-game time per mode and player
count. Target: a bot turn under 50 ms.
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

from games.rules.crayon_rails.engine import ENGINE  # noqa: E402


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def bot_games(mode: str, players: int, games: int) -> dict:
    """Plays whole bot games; returns bot-turn and game times in ms."""
    turn_ms: list[float] = []
    game_ms: list[float] = []
    actions: list[int] = []
    for g in range(games):
        seed = f"bench:{mode}:{players}:{g}"
        rnd = random.Random(seed)
        started = time.perf_counter()
        state = ENGINE.new_state(ENGINE.normalize_options({"mode": mode}, players), players, seed)
        n = 0
        turn_key = None
        turn_started = time.perf_counter()
        while ENGINE.result(state) is None:
            seat = ENGINE.to_act(state)[0]
            key = (state["phase"], state["round"], state["turn"])
            if key != turn_key:
                now = time.perf_counter()
                if turn_key is not None and turn_key[0] == "play":
                    turn_ms.append((now - turn_started) * 1000)
                turn_key, turn_started = key, now
            ENGINE.legal_actions(state, seat)
            ENGINE.apply(state, seat, ENGINE.bot_action(state, seat, rnd))
            n += 1
        game_ms.append((time.perf_counter() - started) * 1000)
        actions.append(n)
    return {
        "games": games,
        "bot_turns": len(turn_ms),
        "median_bot_turn_ms": round(statistics.median(turn_ms), 2),
        "p95_bot_turn_ms": round(_p95(turn_ms), 2),
        "max_bot_turn_ms": round(max(turn_ms), 2),
        "median_game_ms": round(statistics.median(game_ms), 1),
        "mean_game_ms": round(statistics.mean(game_ms), 1),
        "median_game_actions": statistics.median(actions),
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4, 6])
    args = parser.parse_args()
    out = {"engine": ENGINE.name, "python": sys.version.split()[0]}
    # the first game pays for the lazily built city-to-city tables; keep it out of the figures
    bot_games("public", 2, 1)
    for mode in ("public", "standard"):
        out[mode] = {f"{p}p": bot_games(mode, p, args.games) for p in args.players}
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
