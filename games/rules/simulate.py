"""Seeded bot playouts for any registered engine (used by the CLI, the tests and the bench)."""

from __future__ import annotations

import time
import traceback

from .base import Engine, Rng


def play_one(engine: Engine, *, players: int, seed, options: dict, max_actions: int = 20000, on_step=None):
    """Plays one bot game; returns (state, actions taken, illegal count, finished)."""
    opts = engine.normalize_options(options, players)
    state = engine.new_state(opts, players, seed)
    rnd = Rng.stream(f"bot:{seed}")
    actions = 0
    illegal = 0
    while engine.result(state) is None and actions < max_actions:
        seats = engine.to_act(state)
        if not seats:
            raise RuntimeError("nobody is to act but the game has no result")
        seat = seats[0]
        legal = engine.legal_actions(state, seat)
        action = engine.bot_action(state, seat, rnd)
        if action not in legal:
            illegal += 1
            action = legal[0]
        engine.apply(state, seat, action)
        actions += 1
        if on_step is not None:
            on_step(state, seat, action)
    return state, actions, illegal, engine.result(state) is not None


def simulate(engine: Engine, *, games: int, players: int, seed, options: dict, max_actions: int = 20000) -> dict:
    """Plays `games` seeded bot games and returns the summary the CLI prints."""
    wins = {str(s): 0 for s in range(players)}
    finished = errors = illegal = total_actions = no_winner = 0
    first_error = None
    started = time.perf_counter()
    for g in range(games):
        try:
            state, actions, bad, done = play_one(
                engine, players=players, seed=f"{seed}:{g}", options=options, max_actions=max_actions
            )
        except Exception:  # a crash is counted, reported once, and the run goes on
            errors += 1
            if first_error is None:
                first_error = traceback.format_exc(limit=8)
            continue
        total_actions += actions
        illegal += bad
        if done:
            finished += 1
            winners = engine.result(state)["winners"]
            if not winners:
                no_winner += 1
            for w in winners:
                wins[str(w)] += 1
    elapsed = time.perf_counter() - started
    played = games - errors
    report = {
        "engine": engine.name,
        "options": engine.normalize_options(options, players),
        "players": players,
        "games": games,
        "finished": finished,
        "unfinished": played - finished,
        "no_winner": no_winner,
        "wins_by_seat": wins,
        "mean_actions": round(total_actions / played, 2) if played else 0,
        "illegal_actions": illegal,
        "errors": errors,
        "actions_per_second": round(total_actions / elapsed) if elapsed > 0 else 0,
        "seconds": round(elapsed, 3),
    }
    if first_error:
        report["first_error"] = first_error
    return report
