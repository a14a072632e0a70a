"""The one replay of a game's log: a dealt state and the moves and resignations that were not undone,
applied in order. Pure Python, like the engines: the server's selectors (a state rebuilt for undo,
`manage.py replay`, a notice drawn as of its version), the replay viewer (games.replay, from its
nearest snapshot) and the export verifier (games.rules.verify) all replay through it.

A step is `(kind, position, action)`: kind "move" (`engine.apply(state, position, action)`) or
"resign" (`engine.resign(state, position)`; its action is not read). `play` applies steps to a
state in place and yields each step's events as it goes, so a caller checks them, keeps a snapshot
or stops where it likes; `replay` deals the game from its seed and plays the steps through.

A step the engine refuses, or one that names no seat of the game, raises `IllegalStep` (an
`IllegalAction`) carrying the step's index; the steps before it are applied, itself is not.
Anything else an engine raises (an action it cannot even read) goes through unchanged, after as
many yields as steps were applied.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Iterator
from itertools import islice

from .base import Engine, IllegalAction

MOVE = "move"
RESIGN = "resign"
KINDS = (MOVE, RESIGN)

Step = tuple[str, int, dict | None]


class IllegalStep(IllegalAction):
    """A step of a log that cannot be played: `index` (from 0) in the steps replayed, `step` itself;
    the message is the engine's sentence ("there is no such seat" for a step naming no seat)."""

    def __init__(self, index: int, step: Step, message: str, *, code: str | None = None):
        super().__init__(message, code=code)
        self.index = index
        self.step = step


def play(
    engine: Engine, state: dict, steps: Iterable[Step], *, seats: Container[int] | None = None
) -> Iterator[tuple[int, list[dict]]]:
    """Applies the steps to `state` in place, in order; yields (index, events) after each.

    `seats`: the positions a step may name (None: whichever the engine takes); a step naming
    another raises IllegalStep before the engine sees it, as does a step the engine refuses.
    """
    for index, step in enumerate(steps):
        kind, position, action = step
        if seats is not None and position not in seats:
            raise IllegalStep(index, step, "there is no such seat")
        try:
            if kind == MOVE:
                events = engine.apply(state, position, action)
            elif kind == RESIGN:
                events = engine.resign(state, position)
            else:
                raise IllegalAction(f"a log entry of kind {kind!r} is neither a move nor a resignation")
        except IllegalAction as exc:
            raise IllegalStep(index, step, exc.message, code=exc.code) from exc
        yield index, events


def replay(engine: Engine, options: dict, seats: int, seed, steps: Iterable[Step], *, upto: int | None = None) -> dict:
    """Returns the state `engine.new_state(options, seats, seed)` deals after the steps (the first
    `upto` of them when given: step n is the table after the n-th). Raises IllegalStep as `play`."""
    state = engine.new_state(options, seats, seed)
    for _ in play(engine, state, islice(steps, upto), seats=range(seats)):
        pass
    return state
