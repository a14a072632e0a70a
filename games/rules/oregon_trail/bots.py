"""A legal, sensible Oregon Trail Race bot for simulations, solo games and timed-out seats.

It mends what it can: with the supplies in hand, else with a town's free removal of a calamity
that hurts (one that stops the wagon, counts down, or costs actions or turns; at classic
Willamette Valley every calamity, as the race is won there once none is left), else by a trade
when it holds more than one supply or cannot move. It fords a river first, walks back to a town
when its wagon is stuck and it cannot mend (revised: one within the 4 points it may step back;
classic: Independence or the town everyone passed is always behind), steps into a classic town
that has a free supply for it, uses towns and forts for supplies when short (fewer than 3:
a town's one supply, a fort card placed for two), forges whenever a card fits (calamity trails
first: they hurt the leader; classic: a town or fort first while fewer than 4 supplies are held),
scouts when none fits, and sends every calamity to the rival furthest along.
"""

from __future__ import annotations

from .cards import TRAIL_CARDS, supply_kind
from .state import blocked, blocks_forging, towns_at, trail_length

# what a wagon most wants to hold, best first
WANTED = ("spare_parts", "oxen", "medicine", "food", "clean_water", "clothes", "bullets")
FORGE_ORDER = {"trigger": 0, "plain": 1, "river_supply": 2, "river_drown": 3}


def _held(p):
    held = {}
    for cid in p["supplies"]:
        k = supply_kind(cid)
        held[k] = held.get(k, 0) + 1
    return held


def _want_score(p, kind):
    """Lower is better: kinds the bot holds fewest of, by WANTED order."""
    return _held(p).get(kind, 0) * 10 + WANTED.index(kind)


def choose(engine, state, seat, rnd):
    """Returns the bot's action for the seat (always one of legal_actions)."""
    legal = engine.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    p = state["players"][seat]
    if state["pending"]:
        return _decide(state, p, legal)
    if state["phase"] == "draft":
        return min(legal, key=lambda a: _want_score(p, a["supply"]))
    return _turn(state, p, legal, rnd)


def _decide(state, p, legal):
    """A pending decision: the victim is the rival furthest along (of those alike, the one with
    more wagon members, then the lowest seat); a river takes the kind held most, a town's free
    supply is the kind wanted most; any other decision takes the first answer, which uses the
    bullets against a thief or on hunting, and medicine on the measles (without medicine, it
    trades the first kind held for it)."""
    kind = state["pending"][0]["kind"]
    if kind == "victim":
        players = state["players"]
        return max(legal, key=lambda a: (trail_length(players[a["seat"]]), players[a["seat"]]["members"], -a["seat"]))
    if kind == "river_loss":
        return max(legal, key=lambda a: _want_score(p, a["supply"]))
    if kind == "town_pick":
        return min(legal, key=lambda a: _want_score(p, a["supply"]))
    return legal[0]


def _urgent(p, cid):
    c = next(x for x in p["calamities"] if x["card"] == cid)
    return blocks_forging(c) or c["deadline"] is not None or c.get("fewer") or c.get("skip")


def _turn(state, p, legal, rnd):
    by = {}
    for a in legal:
        by.setdefault(a["type"], []).append(a)
    revised = state["ruleset"] == "revised"
    cannot_move = blocked(p)
    length = trail_length(p)
    # 1. mend with the supplies in hand
    if "mend" in by:
        return by["mend"][0]
    # 2. towns remove calamities for free (classic Willamette Valley: every one, as the race is won
    # there once none is left)
    for t in ("use_town", "mend_any"):
        for a in by.get(t, []):
            cid = a.get("remove", a.get("calamity"))
            if cid and (p["at_end"] or _urgent(p, cid)):
                return a
    # 3. trade for a remedy when the calamity hurts
    trades = [a for a in by.get("trade", []) if _urgent(p, a["calamity"])]
    if trades and (cannot_move or len(p["supplies"]) > 1):
        return max(trades, key=lambda a: sum(_want_score(p, k) for k in a["give"]))
    if "ford" in by:
        return by["ford"][0]
    if cannot_move:
        for a in by.get("place_town", []):
            if "remove" in a and _urgent(p, a["remove"]):
                return a
        if "step_back" in by and _town_behind(state, p, revised):
            return by["step_back"][0]
        if "enter_town" in by:  # classic: a town at the marker mends any calamity once stepped in
            return by["enter_town"][0]
        return _idle(p, by)
    # 4. classic: collect the free supply of a town you arrive at
    for a in by.get("enter_town", []):
        if "supply" in a:
            return a
    if "step_forward" in by:
        return by["step_forward"][0]
    # 5. supplies from towns and forts when short
    if revised and len(p["supplies"]) < 3:
        takes = [
            a
            for a in by.get("use_town", []) + by.get("place_town", [])
            if a.get("take") and (a["type"] == "use_town" or len(a["take"]) == 2)
        ]
        if takes:
            return min(takes, key=lambda a: sum(_want_score(p, k) for k in a["take"]))
    # 6. forge
    forges = by.get("forge")
    if forges:
        towns = [a for a in forges if TRAIL_CARDS[a["card"]]["kind"] in ("town", "fort")]
        if towns and len(p["supplies"]) < 4:
            return towns[0]
        lined = [a for a in forges if a not in towns]
        if lined:
            return min(lined, key=lambda a: (FORGE_ORDER[TRAIL_CARDS[a["card"]]["kind"]], rnd.random()))
        return towns[0]
    # no card fits: scout for one; with no card left to draw, a town or fort placed at the front
    # resets the height the next card may start at (the menu's first placing: it takes a supply
    # whenever the bank has one)
    if "scout" in by:
        return by["scout"][0]
    resets = by.get("place_town")
    if resets and p["pos"] == length:
        return resets[0]
    return _idle(p, by)


def _idle(p, by):
    """Nothing better to do: scout while the hand holds fewer than 8 cards, buy (classic, in town)
    while fewer than 3 supplies are held, else end the turn.

    Passing is on the menu whenever this is reached, but in classic while the trail can still be
    scouted (then the bot scouts): a river is forded first, and at Willamette Valley a calamity is
    always left to mend (`_turn` mends it first); a classic wagon that cannot move always has a way
    to mend (Independence, the town it stands at) or a step back."""
    if "scout" in by and len(p["hand"]) < 8:
        return by["scout"][0]
    if "buy" in by and len(p["supplies"]) < 3:
        return by["buy"][0]
    return by["end_turn"][0] if "end_turn" in by else by["scout"][0]


def _town_behind(state, p, revised):
    """True when a town or fort lies behind the marker within reach."""
    low = max(0, trail_length(p) - 4, p["trimmed"]) if revised else max(state["floor"], 0)
    for point in range(p["pos"] - 1, low - 1, -1):
        if towns_at(state, point):
            return True
        if not revised and point == 0:
            return True
    return False
