"""What each Crayon Rails action does, once its check has passed (menus.py; for a build or a
move, the validators of paths.py, whose findings it is given): the setup draft's keeps, the
operating turn's actions, a derailed player's lost load."""

from __future__ import annotations

from ..base import Rng, counted, event, seat_label
from .board import CITY_INDEX, CITY_LIST, city_name, edge_nodes, xy
from .cards import DEMANDS, demand_text
from .events import lose_load
from .menus import unlocked_pool
from .paths import check_build, check_move, milepost, parse_path
from .state import DRAFT_KEEP, FEE, HAND, TRAIN_NAMES, UPGRADE_COST, city_at
from .turns import next_drafter


def do_keep(state, seat, action, events):
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


def do_keep_done(state, seat, action, events):
    next_drafter(state, seat, events)


def do_place_train(state, seat, action, events):
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


def do_move(state, seat, action, events):
    """Moves the train along the action's path (check_move passed it), paying the fees it finds."""
    path = parse_path(action)
    fees = check_move(state, seat, path)
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


def do_pickup(state, seat, action, events):
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


def do_drop(state, seat, action, events):
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


def do_deliver(state, seat, action, events):
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


def do_lock(state, seat, action, events):
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


def do_pitch(state, seat, action, events):
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


def do_discard_hand(state, seat, action, events):
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


def do_upgrade(state, seat, action, events):
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


def do_build(state, seat, action, events):
    """Builds the new sections of the action's path (check_build passed it), for the cost it finds."""
    path = parse_path(action)
    cost, new = check_build(state, seat, path)
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


def do_end_turn(state, seat, action, events):
    state["players"][seat]["stage"] = "over"
    events.append(event("end_turn", seat, f"{seat_label(seat)} ends the turn."))


def do_lose_load(state, seat, action, events):
    state["pending"].pop(0)
    lose_load(state, seat, action, events)


# the handler of each action type (engine.do_apply dispatches through it)
HANDLERS = {
    "keep": do_keep,
    "keep_done": do_keep_done,
    "place_train": do_place_train,
    "pickup": do_pickup,
    "drop": do_drop,
    "deliver": do_deliver,
    "lock": do_lock,
    "pitch": do_pitch,
    "discard_hand": do_discard_hand,
    "upgrade": do_upgrade,
    "end_turn": do_end_turn,
    "lose_load": do_lose_load,
    "build": do_build,
    "move": do_move,
}
