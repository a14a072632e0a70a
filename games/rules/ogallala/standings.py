"""What a finished Ogallala tells the standings (games/rules/base.py, the section of that name):
seats level on points share a place, and its figures are the complete boats at the end, by size,
and what they scored."""

from __future__ import annotations

from ..base import Figure, add_figure
from .cards import info
from .display import boat_score_one, boats_of, size_bonus_two

FIGURES = (
    Figure("boats", "Complete boats at the end, by size", "Cards in the boat", "Boats", order="label"),
    Figure(
        "boat_points",
        "Points of a complete boat, by size (mean)",
        "Cards in the boat",
        "Points per boat",
        kind="ratio",
        per="boats",
        order="label",
    ),
)


def finishing_measure(result: dict, seat: int) -> tuple:
    """Returns a seat's points: equal points share a place."""
    scores = result.get("scores") or []
    return ("score", scores[seat] if seat < len(scores) else None)


def count_figures(state: dict) -> dict:
    """Returns the complete boats of every display at the end, by size, and their points by size
    (the statistics divide the one by the other: a boat's mean points)."""
    out: dict = {}
    for display in state.get("displays") or []:
        for boat in boats_of(display):
            size = len(boat.cards)
            add_figure(out, "boats", size)
            add_figure(out, "boat_points", size, boat_points(state, boat.cards))
    return out


def boat_points(state: dict, cards: list) -> int:
    """Returns what a complete boat scores: Ogallala I's boat tally; in Ogallala II its cards'
    own points (10 each, 20 more for booty, 50 more for a totem) and its size bonus (the tally's
    suites and the first-three bonus belong to the whole display, not to a boat)."""
    if state.get("edition") == "I":
        return boat_score_one(cards)
    points = size_bonus_two(len(cards))
    for cid in cards:
        card = info(cid)
        points += 10 + (20 if card.booty else 0) + (50 if card.kind == "totem" else 0)
    return points
