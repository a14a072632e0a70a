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


# -- the glossary (Engine.glossary): each event card and train by the name the page shows, explained in
# a sentence or two (the base rules as shared/rules and engine.py read them). Event cards come up when a
# demand card is drawn; the drawer is whoever's turn, delivery, lock or pitch made the draw.
_GLOSSARY_EVENTS = {
    "Derailment": "An event card: every train within 3 mileposts of the named cities loses one load (its owner "
    "picks which) and a turn; the drawing player's own turn ends at once.",
    "Snow": "An event card: a train that starts its turn within 4 mileposts of the city moves at half speed, and "
    "nobody builds into mountain or alpine mileposts there, until the end of the drawer's next turn.",
    "floods": "An event card: every track section across the river is washed away and nobody may build across it "
    "until the end of the drawer's next turn; then it can be built again.",
    "Dock strike": "An event card: no load may be picked up or delivered at a coastal city until the end of the "
    "drawer's next turn.",
    "Strike": "An event card: no load may be picked up or delivered at the named cities until the end of the "
    "drawer's next turn.",
    "Rail strike": "An event card: no train may move on the drawing player's track until the end of their next turn.",
    "Excess profit tax": "An event card: every player pays at once, 10 with 50 or more in cash, 15 with 100, 20 with "
    "150, 25 with 200.",
}
_GLOSSARY_TRAINS = {
    "Freight": "The train everyone starts with: 9 mileposts a turn, 2 loads.",
    "Fast Freight": "A train upgrade (costs 20, instead of building that turn): 12 mileposts a turn, 2 loads.",
    "Heavy Freight": "A train upgrade (costs 20, instead of building that turn): 9 mileposts a turn, 3 loads.",
    "Superfreight": "The last upgrade, from Fast or Heavy Freight (costs 20): 12 mileposts a turn, 3 loads.",
}


def glossary(mode: str) -> dict[str, str]:
    """Returns name -> explanation for every event card and train (the same in both modes)."""
    return {**_GLOSSARY_EVENTS, **_GLOSSARY_TRAINS}
