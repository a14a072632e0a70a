"""Builders for exact Oregon Trail Race positions: hands, trails, stacked decks and chosen dice."""

from __future__ import annotations

import hashlib

from games.rules.oregon_trail.cards import CALAMITY_CARDS, SUPPLY_CARDS, TRAIL_CARDS
from games.rules.oregon_trail.engine import ENGINE

PILES = (
    "trail_deck",
    "trail_discard",
    "calamity_deck",
    "calamity_discard",
    "supply_bank",
    "supply_deck",
    "supply_discard",
    "revealed",
)


def blank(ruleset="revised", players=3, **options):
    """Returns a game in play at seat 0's turn with empty hands and supplies."""
    state = ENGINE.new_state({"ruleset": ruleset, **options}, players, "scenario")
    for p in state["players"]:
        state["trail_deck"].extend(p["hand"])
        p["hand"] = []
        state["supply_bank" if ruleset == "revised" else "supply_deck"].extend(p["supplies"])
        p["supplies"] = []
    state["phase"] = "play"
    state.pop("draft_order", None)
    state["turn"] = 0
    state["actions_left"] = 4 if ruleset == "revised" else 1
    return state


def _pull(state, cid):
    """Removes a card from wherever it lies."""
    for pile in PILES:
        if cid in state[pile]:
            state[pile].remove(cid)
            return
    for p in state["players"]:
        for key in ("hand", "supplies"):
            if cid in p[key]:
                p[key].remove(cid)
                return
    raise AssertionError(f"{cid} is not free")


def free_trail(state, kind, left=None, right=None):
    """Returns a trail card of that kind (and shape) still in the deck or discards."""
    for cid, info in TRAIL_CARDS.items():
        if info["kind"] != kind or (left and info["left"] != left) or (right and info["right"] != right):
            continue
        if cid in state["trail_deck"] or cid in state["trail_discard"]:
            return cid
    raise AssertionError(f"no free {kind} {left}->{right}")


def give_hand(state, seat, kind, left=None, right=None):
    """Puts a trail card of that kind/shape into a hand; returns its id."""
    cid = free_trail(state, kind, left, right)
    _pull(state, cid)
    state["players"][seat]["hand"].append(cid)
    return cid


def give_supplies(state, seat, *kinds):
    """Moves supply cards of those kinds from the bank/deck/discard into a player's supplies."""
    for kind in kinds:
        cid = next(
            c
            for c, k in SUPPLY_CARDS.items()
            if k == kind and any(c in state[pile] for pile in ("supply_bank", "supply_deck", "supply_discard"))
        )
        _pull(state, cid)
        state["players"][seat]["supplies"].append(cid)


def held(state, seat):
    """Returns the sorted supply kinds a player holds."""
    from games.rules.oregon_trail.cards import supply_kind

    return sorted(supply_kind(c) for c in state["players"][seat]["supplies"])


def lay_trail(state, seat, shapes, kind=None):
    """Lays forged cards with the given (left, right) shapes; the marker goes to the front."""
    p = state["players"][seat]
    # any free lined card will do (already forded if a river); plain cards stay for the hands
    order = ("trigger", "river_supply", "river_drown", "plain") if kind is None else (kind,)
    for left, right in shapes:
        cid = next(c for k in order for c in sorted(state["trail_deck"]) if TRAIL_CARDS[c]["kind"] == k)
        _pull(state, cid)
        p["trail"].append(
            {"card": cid, "kind": TRAIL_CARDS[cid]["kind"], "left": left, "right": right, "turned": False}
        )
    p["pos"] = p["trimmed"] + len(p["trail"])


def lay_length(state, seat, n):
    """Lays n matching plain cards (middle to middle)."""
    lay_trail(state, seat, [("middle", "middle")] * n)


def stack_calamity(state, kind):
    """Puts a calamity card of that kind on top of the calamity deck; returns its id."""
    cid = next(
        c
        for c, k in CALAMITY_CARDS.items()
        if k == kind and (c in state["calamity_deck"] or c in state["calamity_discard"])
    )
    _pull(state, cid)
    state["calamity_deck"].append(cid)
    return cid


def give_calamity(state, seat, kind, **extra):
    """Puts a calamity in front of a player directly; returns the record."""
    cid = next(
        c
        for c, k in CALAMITY_CARDS.items()
        if k == kind and (c in state["calamity_deck"] or c in state["calamity_discard"])
    )
    _pull(state, cid)
    rec = {"card": cid, "kind": kind, "deadline": None, "fresh": False}
    rec.update(extra)
    state["players"][seat]["calamities"].append(rec)
    return rec


def place_town(state, kind, point, founder=0):
    """Puts a town or fort on the table at a point."""
    cid = free_trail(state, kind)
    _pull(state, cid)
    town = {"card": cid, "kind": kind, "point": point, "founder": founder, "pool": [], "waiting": []}
    state["towns"].append(town)
    return town


def _draw(seed, counter, n):
    digest = hashlib.blake2b(f"{seed}:{counter}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") % n


def set_draws(state, *draws):
    """Moves the rng counter so the next draws come out as given: ints are die rolls, (n, v)
    pairs are `below(n) == v`."""
    want = [(6, d - 1) if isinstance(d, int) else d for d in draws]
    seed = state["rng"]["seed"]
    c = state["rng"]["counter"]
    while not all(_draw(seed, c + i, n) == v for i, (n, v) in enumerate(want)):
        c += 1
    state["rng"]["counter"] = c


def act(state, seat, action):
    """Applies an action through the engine (legality checked); returns the events."""
    return ENGINE.apply(state, seat, action)


def logged(type_, seat, text, audience=None, private=None, **public):
    """The event an action should log: its type and seat, the text every seat reads with the
    public facts beside it, what only the seat reads, and who it concerns when it names them."""
    ev = {"type": type_, "seat": seat, "public": {**public, "text": text}, "private": private or {}}
    if audience is not None:
        ev["audience"] = audience
    return ev


def types(events):
    return [e["type"] for e in events]
