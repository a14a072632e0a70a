"""Oregon Trail Race supplies: counting what a wagon holds, spending it, and where supply cards
come from and go (the revised supply bank; the classic supply deck, its discard and the free
pools of classic towns)."""

from __future__ import annotations

from ..base import Rng
from .cards import SUPPLY_CARDS, supply_kind
from .state import revised


def count_kinds(cids) -> dict:
    """Returns how many supply cards of each kind a list of supply card ids holds."""
    counts = {}
    kind_of = SUPPLY_CARDS.get  # supply_kind, without a call per card (a menu counts the bank)
    for cid in cids:
        k = kind_of(cid, "food")
        counts[k] = counts.get(k, 0) + 1
    return counts


def kinds_held(p) -> dict:
    """Returns how many supply cards of each kind a player holds."""
    return count_kinds(p["supplies"])


def split_remedy(p, rem, held=None):
    """Returns (remedy kinds the player holds, remedy kinds they would have to trade for)."""
    left = dict(held if held is not None else kinds_held(p))
    covered, missing = [], []
    for k in rem:
        if left.get(k, 0) > 0:
            left[k] -= 1
            covered.append(k)
        else:
            missing.append(k)
    return covered, missing


def take_supply(p, kind) -> str:
    """Removes one held card of a kind (a bank card before a kept hunting card)."""
    sup = p["supplies"]
    for i in range(len(sup) - 1, -1, -1):
        if sup[i].startswith("S") and supply_kind(sup[i]) == kind:
            return sup.pop(i)
    for i in range(len(sup) - 1, -1, -1):
        if supply_kind(sup[i]) == kind:
            return sup.pop(i)
    raise KeyError(kind)


def return_supply(state, cid) -> None:
    """Puts a spent or lost supply where it goes: the bank (revised) or the supply discard."""
    if cid.startswith("C"):  # a kept hunting card goes to the calamity discard once used
        state["calamity_discard"].append(cid)
    elif revised(state):
        state["supply_bank"].append(cid)
    else:
        state["supply_discard"].append(cid)


def spend(state, p, kind) -> None:
    """Spends (or loses) one held supply of a kind."""
    return_supply(state, take_supply(p, kind))


def bank_counts(state) -> dict:
    """Returns how many supply cards of each kind the revised supply bank holds."""
    return count_kinds(state["supply_bank"])


def from_bank(state, kind) -> str | None:
    """Takes a supply card of a kind out of the bank (None if it has none)."""
    bank = state["supply_bank"]
    for i, cid in enumerate(bank):
        if supply_kind(cid) == kind:
            return bank.pop(i)
    return None


def draw_supplies(state, n) -> list:
    """Classic: draws n supply cards, combining the deck with its shuffled discard if short."""
    deck = state["supply_deck"]
    if len(deck) < n and state["supply_discard"]:
        deck.extend(state["supply_discard"])
        state["supply_discard"] = []
        Rng(state).shuffle(deck)
    return [deck.pop() for _ in range(min(n, len(deck)))]


def food_to_hunt(state) -> str | None:
    """Classic: returns the food card a hunt takes ("look through the supply discard pile, or
    failing that the deck, for a food card"), or None: then nothing can be had for the bullets."""
    piles = (state["supply_discard"], state["supply_deck"])
    return next((c for pile in piles for c in pile if supply_kind(c) == "food"), None)


def settle_pool(state, town) -> None:
    """Classic: discards what is left of a town's pool once nobody may still take from it."""
    picks = any(x["kind"] == "town_pick" and x["town"] == town["card"] for x in state["pending"])
    if not town["waiting"] and not picks and town["pool"]:
        state["supply_discard"].extend(town["pool"])
        town["pool"] = []
