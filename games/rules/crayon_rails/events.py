"""Crayon Rails cards drawn during play: refilling the public pool or the hands as the rules
ask, and the events turned up on the way (excess profit tax, derailment with the loads it costs,
snow, flood, strikes), which last until the end of the drawing player's next turn."""

from __future__ import annotations

from ..base import Rng, event, seat_label
from .board import RIVER_EDGES, city_area, edge_nodes, xy
from .cards import EVENTS, demand_text, is_event
from .menus import lose_options, unlocked_pool
from .state import active, pool_target, tax_for


def _drawn_text(cid: str) -> str:
    """Returns the sentence only the drawing player reads: the demand card and its three demands."""
    return f"You draw {cid}: " + "; ".join(demand_text(cid, d) for d in range(3)) + "."


def settle(state: dict, events: list) -> None:
    """Draws cards while the pool-size rules (or a hand short of cards) ask for them,
    resolving the events turned up, until a derailed player must decide."""
    if state["phase"] != "play":
        return
    guard = 0
    while not state["pending"] and not state["result"] and guard < 400:
        guard += 1
        if state["mode"] == "public":
            n = pool_target(state)
            if len(unlocked_pool(state)) >= 2 * n and len(state["pool"]) >= 3 * n:
                return
        elif state["owed"] <= 0:
            return
        cid = _draw(state, events)
        if cid is None:
            state["owed"] = 0
            return
        if is_event(cid):
            state["discard"].append(cid)
            _resolve_event(state, cid, events)
            continue
        if state["mode"] == "public":
            state["pool"].append(cid)
            events.append(
                event(
                    "pool_card",
                    None,
                    f"Card {cid} joins the pool: " + "; ".join(demand_text(cid, d) for d in range(3)) + ".",
                    public={"card": cid},
                )
            )
        else:
            seat = state["turn"]
            state["players"][seat]["hand"].append(cid)
            state["owed"] -= 1
            events.append(
                event(
                    "draw",
                    seat,
                    f"{seat_label(seat)} draws a demand card.",
                    private={seat: {"card": cid, "text": _drawn_text(cid)}},
                )
            )


def _draw(state: dict, events: list) -> str | None:
    if not state["deck"]:
        if not state["discard"]:
            return None
        state["deck"] = state["discard"]
        state["discard"] = []
        Rng(state).shuffle(state["deck"])
        events.append(
            event("reshuffle", None, f"The {len(state['deck'])} discarded cards are shuffled into a new deck.")
        )
    return state["deck"].pop()


def _resolve_event(state: dict, cid: str, events: list) -> None:
    ev = EVENTS[cid]
    drawer = state["turn"]
    kind = ev["type"]
    events.append(
        event(
            "event",
            drawer,
            f"Event ({seat_label(drawer)} draws it): {ev['text']}",
            public={"card": cid, "event": kind},
        )
    )  # whom it hits, its effects say
    players = state["players"]
    if kind == "tax":
        for s in active(state):
            tax = tax_for(players[s]["cash"])
            if tax:
                players[s]["cash"] -= tax
                events.append(
                    event(
                        "tax",
                        s,
                        f"{seat_label(s)} pays {tax} in excess profit tax.",
                        public={"tax": tax},
                        audience=[s],
                    )
                )
        return
    if kind == "derailment":
        area = city_area(tuple(ev["cities"]), ev["radius"])
        order = active(state)
        order = [s for s in order if s >= drawer] + [s for s in order if s < drawer]
        for s in order:
            p = players[s]
            if p["pos"] is None or p["pos"] not in area:
                continue
            if s == drawer:
                p["derailed"] = True
                lost = "loses the rest of this turn"
            else:
                p["lost_turns"] += 1
                lost = "loses the next turn"
            events.append(event("derailed", s, f"{seat_label(s)} is derailed: {lost} and one load.", audience=[s]))
            opts = lose_options(state, s)
            if len(opts) == 1:
                lose_load(state, s, opts[0], events)
            elif opts:
                state["pending"].append({"seat": s, "kind": "derailment", "card": cid})
        return
    entry = {"card": cid, "type": kind, "drawer": drawer, "turns_left": 2}
    for k in ("river", "cities", "radius", "kind"):
        if k in ev:
            entry[k] = ev[k]
    state["events"].append(entry)
    if kind == "flood":
        washed = RIVER_EDGES[ev["river"]]
        for s, p in enumerate(players):
            lost = [e for e in p["track"] if e in washed]
            if lost:
                p["track"] = [e for e in p["track"] if e not in washed]
                events.append(
                    event(
                        "washed_away",
                        s,
                        f"The flood washes away {len(lost)} of {seat_label(s)}'s bridges.",
                        public={"sections": [[xy(a), xy(b)] for a, b in map(edge_nodes, lost)]},
                        audience=[s],
                    )
                )


def lose_load(state: dict, seat: int, action: dict, events: list) -> None:
    """A derailed train loses the load its owner chose (a locked one gives up its lock; a private
    card's is kept or released into the pool)."""
    p = state["players"][seat]
    g = action["good"]
    p["loads"].remove(g)
    cid = action.get("card")
    text = f"{seat_label(seat)} loses {g} in the derailment"
    private = None
    if cid is not None:
        lock = next(lk for lk in p["locks"] if lk["card"] == cid)
        if not lock["private"]:
            p["locks"].remove(lock)
            still = any(lk["card"] == cid for q in state["players"] for lk in q["locks"])
            text += f", giving up the lock on card {cid}" + ("" if still else ", which is unlocked again")
        elif action.get("release"):
            p["locks"].remove(lock)
            p["hand"].remove(cid)
            state["pool"].append(cid)
            text += f" and lets private card {cid} go into the pool"
        else:
            lock["loaded"] = False
            text += ", keeping its private card"
            private = {seat: {"card": cid}}
    events.append(event("lose_load", seat, text + ".", public={"good": g}, private=private))
