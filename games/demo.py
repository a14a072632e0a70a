"""A first game against bots, and the small picture of each game's table on the home page.

The picture is the game page's own drawing (games.pictures.table_svg) of a table a few bot moves
into a game dealt from a fixed seed, as a spectator sees it: the same every time, drawn once per
process."""

from __future__ import annotations

import functools

from games.pictures import table_svg
from games.rules import get_engine
from games.rules.base import Rng

DEMO_SEED = "trailpost-home-page"
DEMO_NAMES = {0: "Ann", 1: "Bob", 2: "Cy"}


@functools.cache
def demo_table_svg(slug: str) -> str | None:
    """The picture of a seeded demo table of that game (None: the game has no drawing)."""
    engine = get_engine(slug)
    seats = max(engine.min_seats, 2)
    state = engine.new_state(engine.normalize_options({}, seats), seats, DEMO_SEED)
    rnd = Rng.stream(f"bot:{DEMO_SEED}")
    for _ in range(engine.demo_moves):  # enough for a table with something on it
        acting = engine.to_act(state)
        if engine.result(state) is not None or not acting:
            break
        seat = acting[0]
        action = engine.bot_action(state, seat, rnd)
        if action not in engine.legal_actions(state, seat):
            break
        engine.apply(state, seat, action)
    names = {s: DEMO_NAMES.get(s, f"Player {s + 1}") for s in range(seats)}
    return table_svg(slug, engine.view(state, None), names=names, browser=True)
