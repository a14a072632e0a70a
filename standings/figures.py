"""Each game's own figures, counted from its log and final table when it finishes.

A figure is {label: number}; a game's figures are {figure name: figure}, and the statistics add
them up key by key (standings.recorder), so any figure is a sum over games. Which figures a game
has, what each means and how a page draws it (`Figure`), and how a finished game counts them, is
the engine's to say (the rules contract's section "what a finished game tells the standings").
"""

from __future__ import annotations

from games.rules import get_engine
from games.rules.base import Figure


def figures_of(rules: str) -> list[Figure]:
    """Returns the figures a game's statistics show, in order (none for a game not registered)."""
    try:
        return list(get_engine(rules).figures)
    except KeyError:
        return []


def count(rules: str, state: dict | None, moves: list[list[dict]]) -> dict:
    """Returns a finished game's figures from its final state and each move's events, in order."""
    try:
        return get_engine(rules).count_figures(state or {}, moves)
    except (KeyError, TypeError, ValueError, AttributeError):
        return {}  # a game no longer registered, a stand-in engine or an older state: none rather than wrong ones
