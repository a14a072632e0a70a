"""What a seat of a Crayon Rails game sees: the secrets boundary. `view` holds everything public
and, for a seat, its own hand, private locks and draft offer; never another seat's hand, the deck
nor the seed. The words a player reads (labels, the table as text, refusals, hits) are in
words.py."""

from __future__ import annotations

from ..base import seat_label
from . import network as net
from .board import xy
from .cards import EVENTS, card_public
from .state import MAJORS_TO_WIN, TRAIN_NAMES, TRAINS, chips_left, lock_map


def _status(state: dict, s: int) -> str:
    p = state["players"][s]
    if s in state["out"]:
        return "resigned"
    if p["lost_turns"]:
        return "derailed"
    return "active"


def view(engine, state: dict, seat: int | None) -> dict:
    """Returns what a seat (None: a spectator) may see: never another hand, the deck or the rng."""
    locks = lock_map(state)
    players = []
    for s, p in enumerate(state["players"]):
        shown = [
            {
                "card": lk["card"],
                "demand": lk["demand"],
                "good": lk["good"],
                **({"private": True, "loaded": lk["loaded"]} if lk["private"] else {}),
            }
            for lk in p["locks"]
            if not lk["private"] or s == seat
        ]
        kind = p["train"]
        players.append(
            {
                "seat": s,
                "name": seat_label(s),
                "cash": p["cash"],
                "train": {
                    "kind": kind,
                    "name": TRAIN_NAMES[kind],
                    "speed": TRAINS[kind][0],
                    "capacity": TRAINS[kind][1],
                },
                "position": xy(p["pos"]) if p["pos"] is not None else None,
                "loads": list(p["loads"]),
                "track": [[xy(a), xy(b)] for a, b in map(net.edge_nodes, p["track"])],
                "locks": shown,
                "hand_count": len(p["hand"]),
                "moves_left": p["moves"] if state["phase"] == "play" and s == state["turn"] else 0,
                "built_this_turn": p["built"] if s == state["turn"] else 0,
                "connected_majors": net.connected_majors(p["track"]),
                "lost_turns": p["lost_turns"],
                "status": _status(state, s),
            }
        )
    hand = []
    if seat is not None:
        me = state["players"][seat]
        private = {lk["card"]: lk["demand"] for lk in me["locks"] if lk["private"]}
        hand = [card_public(cid, {private[cid]: [seat]} if cid in private else None) for cid in me["hand"]]
    out = {
        "game": engine.name,
        "mode": state["mode"],
        "phase": "over" if state["result"] else state["phase"],
        "turn": state["turn"],
        "round": state["round"],
        "max_rounds": state["max_rounds"],
        "cash_to_win": state["cash_to_win"],
        "majors_to_win": MAJORS_TO_WIN,
        "to_act": engine.to_act(state),
        "players": players,
        "pool": [card_public(cid, locks.get(cid)) for cid in state["pool"]],
        "hand": hand,
        "chips": chips_left(state),
        "events_in_force": [
            {
                "type": ev["type"],
                "text": EVENTS[ev["card"]]["text"],
                "card": ev["card"],
                "drawer": ev["drawer"],
                "turns_left": ev["turns_left"],
                **{k: ev[k] for k in ("river", "cities", "radius", "kind") if k in ev},
            }
            for ev in state["events"]
        ],
        "deck_count": len(state["deck"]) + len(state["set_aside"]),
        "discard_count": len(state["discard"]),
        "pending": [{"seat": x["seat"], "kind": x["kind"]} for x in state["pending"]],
        "result": engine.result(state),
    }
    if state["draft"]:
        d = state["draft"]
        out["draft"] = {"seat": d["seat"], "offer_count": len(d["offer"])}
        if seat == d["seat"]:
            out["draft"]["offer"] = [card_public(cid) for cid in d["offer"]]
    return out
