"""The demand deck as the engine reads it: demand cards D001.., event cards E01...

The cards themselves are generated data (`deck.py`, written by `deckgen.py`).
"""

from __future__ import annotations

from .deck import DEMANDS, EVENTS

ALL_CARDS = tuple(DEMANDS) + tuple(EVENTS)


def is_event(cid: str) -> bool:
    return cid in EVENTS


def demands(cid: str) -> list:
    """Returns the card's three demands as [good, city, payoff]."""
    return DEMANDS[cid]


def demand_text(cid: str, d: int) -> str:
    good, city, pay = DEMANDS[cid][d]
    return f"{good} to {city} for {pay}"


def card_public(cid: str, locked_by: dict | None = None) -> dict:
    """Returns a demand card as views show it; locked_by maps a demand index to seats."""
    locked_by = locked_by or {}
    return {
        "id": cid,
        "demands": [
            {"good": g, "city": c, "payoff": p, "locked_by": sorted(locked_by.get(i, []))}
            for i, (g, c, p) in enumerate(DEMANDS[cid])
        ],
    }
