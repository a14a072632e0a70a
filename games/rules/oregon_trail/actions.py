"""What each Oregon Trail Race action does, once its check (menus.py) has passed: the revised
draft, the turn's actions (scouting, forging, fording, mending and trading, stepping along the
trail, towns and forts of both rulesets, buying) and the answers to pending decisions."""

from __future__ import annotations

from ..base import Rng, event, seat_label
from .calamities import draw_calamity, hunting_answer, measles_answer, mend_calamity, thief_answer
from .cards import RIVER_KINDS, SUPPLY_NAMES, TOWN_KINDS, TRAIL_CARDS, TRAIL_NAMES, supply_kind, turned
from .state import calamity_of, living, remedy, revised, town_of, towns_at, trail_length
from .supplies import draw_supplies, from_bank, kinds_held, settle_pool, spend, split_remedy
from .turns import begin_turn_loop, lose_members, next_seat, trim, win


def _drawn_text(cid) -> str:
    """Returns the sentence only the scout reads: the trail card drawn, with its trail line."""
    info = TRAIL_CARDS[cid]
    if info["left"] is None:
        return f"You draw a {TRAIL_NAMES[info['kind']]} card."
    return f"You draw {TRAIL_NAMES[info['kind']]}, {info['left']}→{info['right']}."


def _spend_action(state) -> None:
    state["actions_left"] -= 1


# -- the revised draft --------------------------------------------------------------------------
def do_draft(state, seat, action, events) -> None:
    """Takes the drafted supply from the bank; after the last pick the race starts."""
    cid = from_bank(state, action["supply"])
    state["players"][seat]["supplies"].append(cid)
    state["draft_order"].pop(0)
    events.append(
        event(
            "supply_drafted",
            seat,
            f"{seat_label(seat)} drafts {SUPPLY_NAMES[action['supply']]}.",
            public={"supply": action["supply"]},
        )
    )
    if state["draft_order"]:
        state["turn"] = state["draft_order"][0]
    else:
        state["phase"] = "play"
        del state["draft_order"]
        first = next_seat(state, state["seats"] - 1)  # seat 0, unless it left during the draft
        state["turn"] = first
        begin_turn_loop(state, first, events)


# -- the turn's actions -------------------------------------------------------------------------
def do_end_turn(state, seat, action, events):
    p = state["players"][seat]
    state["actions_left"] = 0
    for c in p["calamities"]:
        c.pop("penalty_now", None)  # the measles' lost action goes unused
    events.append(event("turn_ended", p["seat"], f"{seat_label(p['seat'])} ends the turn."))


def do_scout(state, seat, action, events):
    p = state["players"][seat]
    _spend_action(state)
    if not state["trail_deck"]:
        state["trail_deck"] = state["trail_discard"]
        state["trail_discard"] = []
        Rng(state).shuffle(state["trail_deck"])
        events.append(event("trail_reshuffled", None, "The trail discards are shuffled into a new trail deck."))
    cid = state["trail_deck"].pop()
    p["hand"].append(cid)
    events.append(
        event(
            "scouted",
            p["seat"],
            f"{seat_label(p['seat'])} scouts the road ahead.",
            private={p["seat"]: {"card": cid, "text": _drawn_text(cid)}},
        )
    )


def do_forge(state, seat, action, events):
    p = state["players"][seat]
    _spend_action(state)
    cid = action["card"]
    p["hand"].remove(cid)
    info = TRAIL_CARDS[cid]
    kind = info["kind"]
    if kind in TOWN_KINDS:  # classic: a town or fort is forged at the front
        _found_classic_town(state, p, cid, events)
        return
    left, right = info["left"], info["right"]
    if action["turned"]:
        left, right = turned(left, right)
    p["trail"].append({"card": cid, "kind": kind, "left": left, "right": right, "turned": action["turned"]})
    length = trail_length(p)
    p["pos"] = length
    p["in_town"] = False
    events.append(
        event(
            "trail_forged",
            seat,
            f"{seat_label(seat)} forges {TRAIL_NAMES[kind]} ({left}→{right}) as trail card {length}.",
            public={"card": cid, "kind": kind, "left": left, "right": right, "number": length},
        )
    )
    if not revised(state):
        _classic_forfeit(state, p, events)
    if kind in RIVER_KINDS:
        p["stuck"] = True
        _try_ford(state, p, events)
    elif kind == "trigger":
        if revised(state) and length >= state["options"]["trail_length"]:
            pass  # the Nth card draws nothing
        elif len(living(state)) > 1:
            state["pending"].append({"kind": "victim", "seat": seat})
    trim(state, events)
    _check_arrival(state, p, events)


def do_ford(state, seat, action, events):
    p = state["players"][seat]
    _spend_action(state)
    _try_ford(state, p, events)
    trim(state, events)
    _check_arrival(state, p, events)


def _try_ford(state, p, events):
    """Rolls to ford the river at the front: even crosses; odd loses a supply or (a 1) a member."""
    seat = p["seat"]
    river = p["trail"][-1]
    roll = Rng(state).die()
    if roll % 2 == 0:
        p["stuck"] = False
        events.append(
            event("river_forded", seat, f"{seat_label(seat)} rolls {roll} and fords the river.", public={"roll": roll})
        )
        return
    events.append(
        event(
            "river_failed",
            seat,
            f"{seat_label(seat)} rolls {roll} and is stuck in the river.",
            public={"roll": roll},
        )
    )
    if river["kind"] == "river_supply":
        held = kinds_held(p)
        if len(held) == 1:
            kind = next(iter(held))
            spend(state, p, kind)
            events.append(
                event(
                    "supply_lost",
                    seat,
                    f"{seat_label(seat)} loses {SUPPLY_NAMES[kind]} in the river.",
                    public={"supply": kind},
                )
            )
        elif held:
            state["pending"].append({"kind": "river_loss", "seat": seat})
    elif roll == 1:
        lose_members(state, p, 1, "drowned in the river", events)


def _check_arrival(state, p, events):
    """Checks whether the player has reached Oregon (revised) or Willamette (classic)."""
    if not p["alive"] or p["stuck"] or state["result"] is not None:
        return
    n = state["options"]["trail_length"]
    if trail_length(p) < n or p["pos"] < n:
        return
    if revised(state):
        win(state, p, events)
    elif not p["at_end"]:
        p["at_end"] = True
        events.append(event("reached_willamette", p["seat"], f"{seat_label(p['seat'])} reaches Willamette Valley."))


def do_mend(state, seat, action, events):
    p = state["players"][seat]
    _spend_action(state)
    c = calamity_of(p, action["calamity"])
    rem = remedy(c)
    for k in rem:
        spend(state, p, k)
    mend_calamity(state, p, c, "mends", events, " with " + " and ".join(SUPPLY_NAMES[k] for k in rem))


def do_trade(state, seat, action, events):
    p = state["players"][seat]
    c = calamity_of(p, action["calamity"])
    covered, _missing = split_remedy(p, remedy(c))
    give = action["give"]
    roll = Rng(state).die()
    for k in give:
        spend(state, p, k)
    gave = " and ".join(SUPPLY_NAMES[k] for k in give)
    if roll % 2 == 1:
        events.append(
            event(
                "trade_failed",
                p["seat"],
                f"{seat_label(p['seat'])} rolls {roll}: the trade fails and {gave} is lost.",
                public={"roll": roll, "give": give},
            )
        )
        return  # a failed trade spends no action
    _spend_action(state)
    for k in covered:
        spend(state, p, k)
    mend_calamity(state, p, c, "trades and mends", events, f" (rolled {roll}, gave {gave})")


def do_step_back(state, seat, action, events):
    p = state["players"][seat]
    _spend_action(state)
    p["pos"] -= 1
    p["in_town"] = bool(towns_at(state, p["pos"]))
    events.append(
        event(
            "stepped_back",
            p["seat"],
            f"{seat_label(p['seat'])} steps back along the trail.",
            public={"pos": p["pos"]},
        )
    )


def do_step_forward(state, seat, action, events):
    p = state["players"][seat]
    _spend_action(state)
    p["pos"] += 1
    p["in_town"] = False
    events.append(
        event(
            "stepped_forward",
            p["seat"],
            f"{seat_label(p['seat'])} steps forward along the trail.",
            public={"pos": p["pos"]},
        )
    )
    trim(state, events)


# -- revised towns ------------------------------------------------------------------------------
def _town_benefit(state, p, kind, action, events):
    seat = p["seat"]
    if "remove" in action:
        c = calamity_of(p, action["remove"])
        mend_calamity(state, p, c, "has the town remove", events)
        return
    got = []
    for k in action["take"]:
        cid = from_bank(state, k)
        if cid is not None:
            p["supplies"].append(cid)
            got.append(k)
    what = " and ".join(SUPPLY_NAMES[k] for k in got) or "nothing"
    events.append(
        event(
            "town_used",
            seat,
            f"{seat_label(seat)} takes {what} at the {kind}.",
            public={"town_kind": kind, "take": got},
        )
    )


def do_use_town(state, seat, action, events):
    p = state["players"][seat]
    _spend_action(state)
    town = town_of(state, action["town"])
    _town_benefit(state, p, town["kind"], action, events)


def do_place_town(state, seat, action, events):
    p = state["players"][seat]
    _spend_action(state)
    cid = action["card"]
    p["hand"].remove(cid)
    kind = TRAIL_CARDS[cid]["kind"]
    state["towns"].append(
        {"card": cid, "kind": kind, "point": p["pos"], "founder": p["seat"], "pool": [], "waiting": []}
    )
    events.append(
        event(
            f"{kind}_founded",
            p["seat"],
            f"{seat_label(p['seat'])} founds a {kind} after trail card {p['pos']}.",
            public={"card": cid, "point": p["pos"]},
        )
    )
    _town_benefit(state, p, kind, action, events)


# -- classic towns ------------------------------------------------------------------------------
def _found_classic_town(state, p, cid, events):
    kind = TRAIL_CARDS[cid]["kind"]
    point = trail_length(p)
    behind = [q for q in living(state) if trail_length(q) <= point]
    pool = draw_supplies(state, len(behind) + 1)
    town = {
        "card": cid,
        "kind": kind,
        "point": point,
        "founder": p["seat"],
        "pool": pool,
        "waiting": [q["seat"] for q in behind if q["seat"] != p["seat"]],
    }
    state["towns"].append(town)
    p["in_town"] = True
    events.append(
        event(
            f"{kind}_founded",
            p["seat"],
            f"{seat_label(p['seat'])} founds a {kind} after trail card {point}; {len(pool)} free supplies wait there.",
            public={"card": cid, "point": point, "pool": list(pool)},
        )
    )
    for _ in range(min(2, len(pool))):
        state["pending"].append({"kind": "town_pick", "seat": p["seat"], "town": cid})
    settle_pool(state, town)


def _classic_forfeit(state, p, events):
    """A player who forges past a town they were waiting at forfeits its free supply."""
    length = trail_length(p)
    for t in state["towns"]:
        if p["seat"] in t["waiting"] and length > t["point"]:
            t["waiting"].remove(p["seat"])
            settle_pool(state, t)


def do_enter_town(state, seat, action, events):
    p = state["players"][seat]
    _spend_action(state)
    town = town_of(state, action["town"])
    p["in_town"] = True
    text = f"{seat_label(p['seat'])} steps into the {town['kind']}"
    if "supply" in action:
        cid = next(c for c in town["pool"] if supply_kind(c) == action["supply"])
        town["pool"].remove(cid)
        p["supplies"].append(cid)
        town["waiting"].remove(p["seat"])
        text += f" and takes {SUPPLY_NAMES[action['supply']]}"
        settle_pool(state, town)
    events.append(
        event("town_entered", p["seat"], text + ".", public={"town": town["card"], "supply": action.get("supply")})
    )


def do_mend_any(state, seat, action, events):
    p = state["players"][seat]
    _spend_action(state)
    c = calamity_of(p, action["calamity"])
    mend_calamity(state, p, c, "mends", events, " in town")


def do_buy(state, seat, action, events):
    p = state["players"][seat]
    _spend_action(state)
    got = draw_supplies(state, 1)
    p["supplies"].extend(got)
    events.append(
        event(
            "supplies_bought",
            p["seat"],
            f"{seat_label(p['seat'])} buys supplies.",
            private={
                p["seat"]: {
                    "supply": [supply_kind(c) for c in got],
                    "text": "You get " + " and ".join(SUPPLY_NAMES[supply_kind(c)] for c in got) + "."
                    if got
                    else "The supply deck is empty: you get nothing.",
                }
            },
        )
    )


# -- the answers to pending decisions -----------------------------------------------------------
# Each answer takes the first pending decision (menus.answers lists an answer's type for one
# kind of decision only, but "bullets", which answers a thief or a hunt).
def do_victim(state, seat, action, events):
    state["pending"].pop(0)
    draw_calamity(state, state["players"][seat], state["players"][action["seat"]], events)


def do_lose_supply(state, seat, action, events):
    state["pending"].pop(0)
    spend(state, state["players"][seat], action["supply"])
    events.append(
        event(
            "supply_lost",
            seat,
            f"{seat_label(seat)} loses {SUPPLY_NAMES[action['supply']]} in the river.",
            public={"supply": action["supply"]},
        )
    )


def do_bullets(state, seat, action, events):
    pend = state["pending"].pop(0)
    if pend["kind"] == "thief_bullets":
        thief_answer(state, pend, action["use"], events)
    else:
        hunting_answer(state, state["players"][seat], pend["card"], action["use"], events)


def do_measles(state, seat, action, events):
    pend = state["pending"].pop(0)
    measles_answer(state, state["players"][seat], pend, action, events)


def do_take_supply(state, seat, action, events):
    pend = state["pending"].pop(0)
    p = state["players"][seat]
    town = town_of(state, pend["town"])
    cid = next(c for c in town["pool"] if supply_kind(c) == action["supply"])
    town["pool"].remove(cid)
    p["supplies"].append(cid)
    events.append(
        event(
            "town_supply_taken",
            seat,
            f"{seat_label(seat)} takes {SUPPLY_NAMES[action['supply']]} from the {town['kind']}.",
            public={"supply": action["supply"]},
        )
    )
    settle_pool(state, town)


# the handler of each action type (engine.do_apply dispatches through it): the draft's, the turn
# player's, and the answers to pending decisions
HANDLERS = {
    "draft": do_draft,
    "end_turn": do_end_turn,
    "scout": do_scout,
    "forge": do_forge,
    "ford": do_ford,
    "mend": do_mend,
    "trade": do_trade,
    "step_back": do_step_back,
    "step_forward": do_step_forward,
    "use_town": do_use_town,
    "place_town": do_place_town,
    "enter_town": do_enter_town,
    "mend_any": do_mend_any,
    "buy": do_buy,
    "victim": do_victim,
    "lose_supply": do_lose_supply,
    "bullets": do_bullets,
    "measles": do_measles,
    "take_supply": do_take_supply,
}
