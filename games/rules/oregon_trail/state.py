"""The Oregon Trail Race state: how a fresh game is laid out, and small queries over it.

The state is one JSON-serialisable dict. Positions are absolute "points": a marker at point p
stands after the p-th trail card of its own trail (0 is Independence); towns and forts sit at a
point in every trail at once and never count. A player's trail length is
`trimmed + len(trail)`; trimmed cards went back to the trail discard.
"""
from __future__ import annotations

from ..base import Rng, new_rng
from .cards import CALAMITY_CARDS, SUPPLY_CARDS, TRAIL_CARDS

SUPPLIES_PER_PLAYER = {2: 6, 3: 4, 4: 4, 5: 3, 6: 3}
HAND_SIZE = 5
WAGON_MEMBERS = 4


def new_player(seat: int) -> dict:
    """Returns a player's starting record (at Independence, four in the wagon)."""
    return {
        "seat": seat,
        "members": WAGON_MEMBERS,
        "alive": True,
        "hand": [],          # trail card ids
        "supplies": [],      # supply card ids (a kept hunting card counts as food)
        "trail": [],         # forged cards: {"card", "kind", "left", "right", "turned"}
        "trimmed": 0,        # trail cards already picked up behind this player
        "pos": 0,            # the point the marker stands at
        "stuck": False,      # in the river of the front card until it is forded
        "calamities": [],    # active calamities in front of the player
        "in_town": False,    # classic: the marker stands in the town at its point
        "at_end": False,     # classic: reached Willamette Valley
        "out_order": None,   # when the wagon was lost (for the ranking)
    }


def build_state(options: dict, seats: int, seed) -> dict:
    """Returns the dealt starting state for the given (normalised) options."""
    state = {
        "rng": new_rng(seed),
        "options": dict(options),
        "ruleset": options["ruleset"],
        "n": seats,
        "phase": "play",
        "turn": 0,
        "turn_number": 1,
        "actions_left": 1,
        "pending": [],
        "players": [new_player(s) for s in range(seats)],
        "towns": [],
        "trail_deck": sorted(TRAIL_CARDS),
        "trail_discard": [],
        "calamity_deck": sorted(CALAMITY_CARDS),
        "calamity_discard": [],
        "supply_bank": [],
        "supply_deck": [],
        "supply_discard": [],
        "revealed": [],      # a calamity card waiting for its victim's decision
        "floor": 0,          # classic: nobody steps back before this point any more
        "outs": 0,
        "result": None,
    }
    rng = Rng(state)
    rng.shuffle(state["trail_deck"])
    rng.shuffle(state["calamity_deck"])
    for p in state["players"]:
        p["hand"] = [state["trail_deck"].pop() for _ in range(HAND_SIZE)]
    per = SUPPLIES_PER_PLAYER[seats]
    if state["ruleset"] == "classic":
        deck = sorted(SUPPLY_CARDS)
        rng.shuffle(deck)
        for p in state["players"]:
            p["supplies"] = [deck.pop() for _ in range(per)]
        state["supply_deck"] = deck
    else:
        state["supply_bank"] = sorted(SUPPLY_CARDS)
        # the last seat drafts first, then the next-to-last, ... round after round
        order = list(range(seats - 1, -1, -1)) * per
        state["phase"] = "draft"
        state["draft_order"] = order
        state["turn"] = order[0]
    return state


def trail_length(player: dict) -> int:
    """Returns how many trail cards the player has forged (towns never count)."""
    return player["trimmed"] + len(player["trail"])


def living(state: dict) -> list[dict]:
    """Returns the players still in the game."""
    return [p for p in state["players"] if p["alive"]]


def towns_at(state: dict, point: int) -> list[dict]:
    """Returns the towns and forts that sit at a point."""
    return [t for t in state["towns"] if t["point"] == point]
