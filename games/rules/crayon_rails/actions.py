"""What each Crayon Rails action does, once its check has passed (menus.py; for a build or a
move, the validators of paths.py, whose findings it is given): the setup draft's keeps, the
operating turn's actions, a derailed player's lost load."""

from __future__ import annotations

from ..base import Rng, counted, event, seat_label
from .board import CITY_INDEX, CITY_LIST, city_name, edge_nodes, xy
from .cards import DEMANDS, demand_text
from .events import lose_load
from .menus import unlocked_pool
from .paths import milepost
from .state import DRAFT_KEEP, FEE, HAND, TRAIN_NAMES, UPGRADE_COST, city_at
from .turns import next_drafter


def _keep(state, seat, action, events):
    p = state["players"][seat]
    cid, d = action["card"], action["demand"]
    state["draft"]["offer"].remove(cid)
    p["hand"].append(cid)
    good = DEMANDS[cid][d][0]
    p["locks"].append({"card": cid, "demand": d, "good": good, "private": True, "loaded": False})
    events.append(
        event(
            "keep",
            seat,
            f"{seat_label(seat)} keeps a demand card.",
            private={seat: {"card": cid, "demand": d, "text": f"You keep {cid}: {demand_text(cid, d)}."}},
        )
    )
    if len(p["hand"]) >= DRAFT_KEEP:
        next_drafter(state, seat, events)


def _keep_done(state, seat, action, events):
    next_drafter(state, seat, events)


def _place_train(state, seat, action, events):
    p = state["players"][seat]
    city = CITY_INDEX[action["city"]]
    p["pos"] = CITY_LIST[city]["posts"][0]
    p["stage"] = "move"
    events.append(
        event(
            "place_train",
            seat,
            f"{seat_label(seat)} puts the train on {action['city']}.",
            public={"at": xy(p["pos"])},
        )
    )


def move(state, seat, path, fees, action, events):
    """Moves the train along a path check_move passed, paying the fees it found."""
    p = state["players"][seat]
    for s in fees:
        p["cash"] -= FEE
        state["players"][s]["cash"] += FEE
        p["fees"].append(s)
    p["moves"] -= len(path) - 1
    p["pos"] = path[-1]
    p["stage"] = "move"
    dest = milepost(p["pos"])
    paid = f", paying {FEE} to " + " and ".join(seat_label(s) for s in fees) if fees else ""
    events.append(
        event(
            "move",
            seat,
            f"{seat_label(seat)} moves {counted(len(path) - 1, 'milepost')} to {dest}{paid}.",
            public={"path": [xy(n) for n in path], "fees": fees},
        )
    )


def _pickup(state, seat, action, events):
    p = state["players"][seat]
    g = action["good"]
    p["loads"].append(g)
    p["stage"] = "move"
    for lk in p["locks"]:
        if lk["private"] and not lk["loaded"] and lk["good"] == g:
            lk["loaded"] = True
            break
    events.append(
        event("pickup", seat, f"{seat_label(seat)} picks up {g} at {city_name(city_at(p))}.", public={"good": g})
    )


def _drop(state, seat, action, events):
    p = state["players"][seat]
    p["loads"].remove(action["good"])
    p["stage"] = "move"
    events.append(
        event(
            "drop",
            seat,
            f"{seat_label(seat)} drops {action['good']} at {city_name(city_at(p))}.",
            public={"good": action["good"]},
        )
    )


def _deliver(state, seat, action, events):
    p = state["players"][seat]
    cid, d = action["card"], action["demand"]
    good, city, pay = DEMANDS[cid][d]
    p["loads"].remove(good)
    p["cash"] += pay
    p["stage"] = "move"
    state["discard"].append(cid)
    freed = []
    if state["mode"] == "standard":
        p["hand"].remove(cid)
        state["owed"] += 1
    else:
        lock = next(lk for lk in p["locks"] if lk["card"] == cid)
        p["locks"].remove(lock)
        if lock["private"]:
            p["hand"].remove(cid)
        else:
            state["pool"].remove(cid)
            for s, q in enumerate(state["players"]):
                for lk in [lk for lk in q["locks"] if lk["card"] == cid]:
                    q["locks"].remove(lk)
                    freed.append(s)
    text = f"{seat_label(seat)} delivers {good} to {city} for {pay} (card {cid})."
    if freed:
        text += " " + ", ".join(seat_label(s) for s in freed) + " had locked it: their loads are free."
    events.append(
        event(
            "deliver",
            seat,
            text,
            public={"card": cid, "demand": d, "good": good, "city": city, "payoff": pay, "freed": freed},
            audience=freed or None,
        )
    )


def _lock(state, seat, action, events):
    p = state["players"][seat]
    cid, d, g = action["card"], action["demand"], action["good"]
    p["locks"].append({"card": cid, "demand": d, "good": g, "private": False, "loaded": True})
    if p["stage"] == "start":
        p["stage"] = "move"
    events.append(
        event(
            "lock",
            seat,
            f"{seat_label(seat)} locks card {cid} with {g}: {demand_text(cid, d)}.",
            public={"card": cid, "demand": d, "good": g},
        )
    )


def _pitch(state, seat, action, events):
    p = state["players"][seat]
    unlocked = unlocked_pool(state)
    pitched = []
    rng = Rng(state)
    for _ in range(min(3, len(unlocked))):
        pitched.append(unlocked.pop(rng.below(len(unlocked))))
    for cid in pitched:
        state["pool"].remove(cid)
        state["discard"].append(cid)
    p["stage"] = "pitched"
    events.append(
        event(
            "pitch",
            seat,
            f"{seat_label(seat)} gives up the turn and pitches {', '.join(pitched)}.",
            public={"cards": pitched},
        )
    )


def _discard_hand(state, seat, action, events):
    p = state["players"][seat]
    state["discard"] += p["hand"]
    n = len(p["hand"])
    p["hand"] = []
    state["owed"] += HAND
    p["stage"] = "over"
    events.append(
        event(
            "discard_hand",
            seat,
            f"{seat_label(seat)} discards all {n} demand cards and draws new ones, ending the turn.",
        )
    )


def _upgrade(state, seat, action, events):
    p = state["players"][seat]
    p["cash"] -= UPGRADE_COST
    p["train"] = action["train"]
    p["upgraded"] = True
    p["stage"] = "build"
    events.append(
        event(
            "upgrade",
            seat,
            f"{seat_label(seat)} upgrades to a {TRAIN_NAMES[action['train']]} for {UPGRADE_COST}.",
            public={"train": action["train"]},
        )
    )


def build(state, seat, path, info, action, events):
    """Builds the new sections of a path check_build passed, for the cost it found."""
    cost, new = info
    p = state["players"][seat]
    p["track"] += new
    p["cash"] -= cost
    p["built"] += cost
    if state["phase"] == "play":
        p["stage"] = "build"
    dest = milepost(path[-1])
    events.append(
        event(
            "build",
            seat,
            f"{seat_label(seat)} builds {counted(len(new), 'track section')} to {dest} for {cost}.",
            public={
                "path": [xy(n) for n in path],
                "sections": [[xy(a), xy(b)] for a, b in map(edge_nodes, new)],
                "cost": cost,
            },
        )
    )


def _end_turn(state, seat, action, events):
    state["players"][seat]["stage"] = "over"
    events.append(event("end_turn", seat, f"{seat_label(seat)} ends the turn."))


def _lose_load(state, seat, action, events):
    state["pending"].pop(0)
    lose_load(state, seat, action, events)


# what each simple action does (engine.do_apply plays it; a build or move path plays `build` or `move`)
SIMPLE_ACTIONS = {
    "keep": _keep,
    "keep_done": _keep_done,
    "place_train": _place_train,
    "pickup": _pickup,
    "drop": _drop,
    "deliver": _deliver,
    "lock": _lock,
    "pitch": _pitch,
    "discard_hand": _discard_hand,
    "upgrade": _upgrade,
    "end_turn": _end_turn,
    "lose_load": _lose_load,
}
