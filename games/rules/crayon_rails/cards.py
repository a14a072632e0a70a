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


# -- what an event card does to a player it hits (explain_hit); the base rules as shared/rules
# and engine.py read them. Texts never repeat the event's own sentence.
HIT_TEXT = {
    "tax": {
        "does": "It takes 10 from 50 cash or more, 15 from 100, 20 from 150, 25 from 200. You have {cash} now; "
        "you need {to_win} to win.",
        "mends": "Nothing refunds it: deliveries earn it back.",
        "by": "Nothing to do: it is paid.",
    },
    "derailed": {
        "choose": "Your train loses one load, and you choose which.",
        "choose_public": " Losing a load that locks a pool card gives up that lock; losing the load of a private "
        "card lets you keep the card (and fetch the load again) or release it into the pool.",
        "lost": "Your train loses one load, if it carries any: it carries {loads} now.",
        "skip": " You also lose your next {turns}.",
        "ends": " Your turn ends once you have chosen.",
        "past": " The turn it costs you is over already.",
        "mends": "Nothing gives the turn back. A lost load can be picked up again at a city that supplies that good, "
        "while its load chips last.",
        "by_choose": "Now: your choice is needed before play goes on.",
        "by_skip": "It is over once your next {turns} {has} been skipped.",
        "by_ends": "Now: your choice is needed, then your turn ends.",
        "by_past": "Nothing more to do: it is over.",
    },
    "washed_away": {
        "does": "Those track sections across the {river} are gone (no train can use them), and nobody may build "
        "across the {river} while the flood lasts.",
        "mends": "Build them again once the flood is over, at the usual cost (crossing a river adds 2).",
        "by": "The flood lasts until the end of {whose} {which} turn.",
        "over": "The flood is over already.",
    },
    "freed": {
        "does": "Your lock on card {card} is gone: the {good} that locked it is a free load again.",
        "mends": "Nothing: the demand is delivered. Your free {good} may lock another card that asks for it, or "
        "be dropped at any city.",
        "by": "No count-down.",
    },
}
