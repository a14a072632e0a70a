"""What a seat sees of an Oregon Trail Race game: the secrets boundary. `view` holds everything
public and, for a seat, its own `hand` and `supplies` (top-level keys, as every engine's seat view
carries its own hand; the seat itself is the player marked `is_me`, and a decision it owes is
`pending`); never another seat's hand or supplies, the decks' order nor the seed. The words a player reads (labels, the table as text, refusals, hits)
are in words.py.

Trail items carry a `col`: the board template lays every trail on one grid where a card's
column is fixed by its number and a town's by its point, so a town lines up across all trails.
"""

from __future__ import annotations

from .cards import (
    CALAMITY_CARDS,
    CALAMITY_NAMES,
    RIVER_KINDS,
    SUPPLY_KINDS,
    SUPPLY_NAMES,
    TRAIL_CARDS,
    TRAIL_NAMES,
    supply_kind,
)
from .state import trail_length


def _calamity_view(c):
    out = {
        "card": c["card"],
        "kind": c["kind"],
        "name": CALAMITY_NAMES[c["kind"]],
        "turns_left": c["deadline"],
        "dead_oxen": c["kind"] == "dead_oxen" or c.get("oxen_dead", False),
    }
    if c.get("fewer"):
        out["fewer_actions_turns"] = c["fewer"]
    if c.get("skip"):
        out["lost_turns"] = c["skip"]
    if c["deadline"] is None and c["kind"] in ("cholera", "inadequate_grass", "bad_water") and not out["dead_oxen"]:
        out["dormant"] = True
    return out


def card_col(number):
    """Returns the board grid column of trail card `number` (column 1 names the wagon)."""
    return 2 * number + 2


def town_col(point):
    """Returns the board grid column of a town at `point` (between two card columns)."""
    return 2 * point + 3


def _track(state, p):
    """Returns the player's visible trail with the shared towns at their points, in order."""
    towns = state["towns"]
    items = []
    first = p["trimmed"]
    for t in towns:
        if t["point"] == first:
            # classic: a marker stepped back to a town whose trail before it is gone
            items.append(
                {
                    "type": t["kind"],
                    "card": t["card"],
                    "point": t["point"],
                    "col": town_col(t["point"]),
                    "marker": p["alive"] and first > 0 and p["pos"] == first,
                }
            )
    for i, x in enumerate(p["trail"]):
        number = first + i + 1
        front = number == trail_length(p)
        items.append(
            {
                "type": "card",
                "card": x["card"],
                "kind": x["kind"],
                "name": TRAIL_NAMES[x["kind"]],
                "left": x["left"],
                "right": x["right"],
                "turned": x["turned"],
                "number": number,
                "river": x["kind"] in RIVER_KINDS,
                "in_river": front and p["stuck"],
                "trigger": x["kind"] == "trigger",
                "col": card_col(number),
                "marker": p["pos"] == number and p["alive"],
            }
        )
        for t in towns:
            if t["point"] == number:
                items.append(
                    {
                        "type": t["kind"],
                        "card": t["card"],
                        "point": t["point"],
                        "col": town_col(t["point"]),
                        "marker": False,
                    }
                )
    return items


def view(engine, state, seat):
    """Returns the public view plus, for a seat (None: a spectator), its own hand and supplies."""
    revised = state["ruleset"] == "revised"
    players = []
    for p in state["players"]:
        players.append(
            {
                "seat": p["seat"],
                "members": p["members"],
                "alive": p["alive"],
                "length": trail_length(p),
                "trimmed": p["trimmed"],
                "pos": p["pos"],
                "at_front": p["pos"] == trail_length(p),
                "stuck": p["stuck"],
                "in_town": p["in_town"],
                "at_end": p["at_end"],
                "hand_size": len(p["hand"]),
                "supply_count": len(p["supplies"]),
                "calamities": [_calamity_view(c) for c in p["calamities"]],
                "track": _track(state, p),
                "is_me": p["seat"] == seat,
                "row": p["seat"] + 1,
                "at_independence": p["alive"] and p["pos"] == 0,
                "is_turn": p["seat"] == state["turn"] and state["result"] is None,
            }
        )
    bank = {}
    for cid in state["supply_bank"]:
        k = supply_kind(cid)
        bank[k] = bank.get(k, 0) + 1
    pend = state["pending"][0] if state["pending"] else None
    out = {
        "ruleset": state["ruleset"],
        "trail_length": state["options"]["trail_length"],
        "phase": "over" if state["result"] is not None else state["phase"],
        "turn": state["turn"],
        "turn_number": state["turn_number"],
        "actions_left": state["actions_left"] if state["phase"] == "play" else None,
        "to_act": engine.to_act(state),
        "players": players,
        "goal_col": card_col(state["options"]["trail_length"]) + 2,
        "towns": [
            {
                "card": t["card"],
                "kind": t["kind"],
                "point": t["point"],
                "founder": t["founder"],
                "col": town_col(t["point"]),
                "pool": [supply_kind(c) for c in t["pool"]],
                "waiting": list(t["waiting"]),
            }
            for t in state["towns"]
        ],
        "decks": {
            "trail": len(state["trail_deck"]),
            "trail_discard": len(state["trail_discard"]),
            "calamity": len(state["calamity_deck"]),
            "calamity_discard": len(state["calamity_discard"]),
            "supply": len(state["supply_deck"]),
            "supply_discard": len(state["supply_discard"]),
        },
        "supply_bank": [{"kind": k, "name": SUPPLY_NAMES[k], "count": bank.get(k, 0)} for k in SUPPLY_KINDS]
        if revised
        else [],
        "calamity_discard_top": (
            CALAMITY_NAMES[_cal_kind(state["calamity_discard"][-1])] if state["calamity_discard"] else None
        ),
        "revealed": [{"card": c, "kind": _cal_kind(c)} for c in state["revealed"]],
        "pending": None,
        "result": state["result"],
    }
    if pend is not None:
        info = {"kind": pend["kind"], "seat": pend["seat"]}
        for key in ("thief", "taker", "giver", "town"):
            if key in pend:
                info[key] = pend[key]
        out["pending"] = info
    if seat is not None:  # the seat's own part, under the names every engine's seat view uses
        me = state["players"][seat]
        out["hand"] = [
            {
                "card": c,
                "kind": TRAIL_CARDS[c]["kind"],
                "name": TRAIL_NAMES[TRAIL_CARDS[c]["kind"]],
                "left": TRAIL_CARDS[c]["left"],
                "right": TRAIL_CARDS[c]["right"],
            }
            for c in me["hand"]
        ]
        out["supplies"] = [
            {"card": c, "kind": supply_kind(c), "name": SUPPLY_NAMES[supply_kind(c)]} for c in me["supplies"]
        ]
    return out


def _cal_kind(cid):
    return CALAMITY_CARDS[cid]
