"""Each game's own figures, counted from its log and final table when it finishes.

A figure is {label: number}; a game's figures are {figure name: figure}, and the statistics add
them up key by key (standings.recorder), so any figure is a sum over games. What each figure
means, and how a page draws it, is in FIGURES.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.rules.ogallala.cards import info as ogallala_card
from games.rules.ogallala.display import boat_score_one, boats_of, size_bonus_two
from games.rules.oregon_trail.cards import CALAMITY_NAMES

TENTHS = [str(i) for i in range(1, 11)]  # a game's length in tenths: when in the game a thing happened


@dataclass(frozen=True)
class Figure:
    name: str
    title: str
    x_title: str
    y_title: str
    kind: str = "bar"  # "bar": one bar per label; "ratio": figure `name` divided by `per` label by label
    per: str = ""
    order: str = "value"  # labels sorted by value (most first), or "label" (numeric labels in order)


FIGURES = {
    "oregon-trail-race": [
        Figure("calamities", "Calamities played, by kind", "Calamity", "Played"),
        Figure("deaths", "Wagon members lost, by cause", "Cause", "Members lost"),
    ],
    "ogallala": [
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
    ],
    "crayon-rails": [
        Figure("deliveries", "Deliveries, by good", "Good", "Deliveries"),
        Figure(
            "payoffs",
            "Payoff of a delivery over the game (mean)",
            "Tenth of the game",
            "Payoff",
            kind="ratio",
            per="payoff_deliveries",
            order="label",
        ),
    ],
}


def figures_of(rules: str) -> list[Figure]:
    return FIGURES.get(rules, [])


def _add(out: dict, figure: str, label, amount=1) -> None:
    counts = out.setdefault(figure, {})
    counts[str(label)] = counts.get(str(label), 0) + amount


def _tenth(index: int, length: int) -> str:
    """Returns which tenth of the game the move at `index` (0-based) of `length` moves fell in."""
    return TENTHS[min(9, index * 10 // max(length, 1))]


def count(rules: str, state: dict | None, moves: list[list[dict]]) -> dict:
    """Returns a finished game's figures from its final state and each move's events, in order."""
    out: dict = {}
    state = state or {}
    try:
        if rules == "oregon-trail-race":
            for events in moves:
                for ev in events:
                    public = ev.get("public") or {}
                    if ev.get("type") == "calamity" and public.get("calamity"):
                        kind = public["calamity"]
                        _add(out, "calamities", CALAMITY_NAMES.get(kind, kind))
                    elif ev.get("type") == "member_died" and public.get("cause"):
                        cause = str(public["cause"])
                        _add(out, "deaths", cause[:1].upper() + cause[1:], int(public.get("count") or 1))
        elif rules == "ogallala":
            for display in state.get("displays") or []:
                for boat in boats_of(display):
                    size = len(boat.cards)
                    _add(out, "boats", size)
                    _add(out, "boat_points", size, _boat_points(state, boat.cards))
        elif rules == "crayon-rails":
            for index, events in enumerate(moves):
                for ev in events:
                    public = ev.get("public") or {}
                    if ev.get("type") == "deliver" and public.get("good"):
                        _add(out, "deliveries", public["good"])
                        tenth = _tenth(index, len(moves))
                        _add(out, "payoffs", tenth, int(public.get("payoff") or 0))
                        _add(out, "payoff_deliveries", tenth)
    except (KeyError, TypeError, ValueError, AttributeError):
        return {}  # a stand-in engine (tests) or an older state: no figures rather than wrong ones
    return out


def _boat_points(state: dict, cards: list) -> int:
    """Returns what a complete boat scores: Ogallala I's boat tally; in Ogallala II its cards'
    own points (10 each, 20 more for booty, 50 more for a totem) and its size bonus (the tally's
    suites and the first-three bonus belong to the whole display, not to a boat)."""
    if state.get("edition") == "I":
        return boat_score_one(cards)
    points = size_bonus_two(len(cards))
    for cid in cards:
        card = ogallala_card(cid)
        points += 10 + (20 if card.booty else 0) + (50 if card.kind == "totem" else 0)
    return points
