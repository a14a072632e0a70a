"""Oregon Trail Race calamities: drawing one for the victim a trigger's forger chose, what each
kind does on receipt (broken parts, dead oxen and the paired cards, illnesses, the thief, the
hunt), the victims' answers (bullets, medicine against classic measles), and discarding a
calamity once it is mended."""

from __future__ import annotations

from ..base import Rng, event, seat_label
from .cards import BROKEN_PARTS, CALAMITY_CARDS, CALAMITY_NAMES, SUPPLY_NAMES, supply_kind
from .state import oxen_dead, revised
from .supplies import food_to_hunt, kinds_held, spend
from .turns import check_over, lose_members


# -- calamities in front of a wagon ---------------------------------------------------------------
def _find_active(state, kind, exclude):
    """Returns (holder, calamity) of an unmended calamity of a kind other than card `exclude`."""
    for p in state["players"]:
        if not p["alive"]:
            continue
        for c in p["calamities"]:
            if c["kind"] == kind and c["card"] != exclude:
                return p, c
    return None, None


def _countdown(state, p, rounds) -> int:
    """Returns the turns to mend: revised counts turns, classic rounds x wagon members."""
    return rounds if revised(state) else rounds * max(1, p["members"])


def _add_calamity(state, p, cid, **extra) -> dict:
    c = {"card": cid, "kind": CALAMITY_CARDS[cid], "deadline": None, "fresh": state["turn"] == p["seat"]}
    c.update(extra)
    p["calamities"].append(c)
    return c


def _remove_calamity(state, p, c) -> list:
    """Discards a calamity (every dead-oxen cause at once: oxen die only once)."""
    if oxen_dead(c):
        gone = [x for x in p["calamities"] if oxen_dead(x)]
    else:
        gone = [c]
    for x in gone:
        p["calamities"].remove(x)
        state["calamity_discard"].append(x["card"])
        if x.get("penalty_now") and state["turn"] == p["seat"]:
            state["actions_left"] += 1  # revised measles: the mend was the lost action
    return gone


def mend_calamity(state, p, c, verb, events, how="") -> None:
    """Discards a mended (or removed) calamity and says so: "Player 1 {verb} {names}{how}."."""
    gone = _remove_calamity(state, p, c)
    names = ", ".join(CALAMITY_NAMES[x["kind"]] for x in gone)
    events.append(
        event(
            "calamity_mended",
            p["seat"],
            f"{seat_label(p['seat'])} {verb} {names}{how}.",
            public={"calamities": [x["kind"] for x in gone]},
        )
    )


# -- drawing one --------------------------------------------------------------------------------
def draw_calamity(state, forger, victim, events) -> None:
    """Draws a calamity for the victim the forger chose and lets it strike."""
    if not state["calamity_deck"]:
        state["calamity_deck"] = state["calamity_discard"]
        state["calamity_discard"] = []
        Rng(state).shuffle(state["calamity_deck"])
    if not state["calamity_deck"]:
        events.append(event("calamity_none", forger["seat"], "The calamity deck is empty: nothing happens."))
        return
    cid = state["calamity_deck"].pop()
    kind = CALAMITY_CARDS[cid]
    vs = victim["seat"]
    events.append(
        event(
            "calamity",
            forger["seat"],
            f"{seat_label(forger['seat'])} sends {CALAMITY_NAMES[kind]} to {seat_label(vs)}.",
            public={"calamity": kind, "victim": vs, "by": forger["seat"], "card": cid},
            audience=[vs],
        )
    )
    STRIKES[kind](state, forger, victim, cid, events)


# -- what each kind does ------------------------------------------------------------------------
def _broken_part(state, forger, victim, cid, events):
    roll = Rng(state).die()
    name = CALAMITY_NAMES[CALAMITY_CARDS[cid]]
    if roll >= 4:
        state["calamity_discard"].append(cid)
        events.append(
            event(
                "calamity_avoided",
                victim["seat"],
                f"{seat_label(victim['seat'])} rolls {roll}: the {name} is shrugged off.",
                public={"roll": roll},
                audience=[victim["seat"]],
            )
        )
        return
    _add_calamity(state, victim, cid, deadline=_countdown(state, victim, 1))
    events.append(
        event(
            "calamity_received",
            victim["seat"],
            f"{seat_label(victim['seat'])} rolls {roll}: a {name} stops the wagon.",
            public={"roll": roll},
            audience=[victim["seat"]],
        )
    )


def _one_turn(state, forger, victim, cid, events):
    """Dead oxen, typhoid, extreme cold: one turn (classic: round) to mend it."""
    _add_calamity(state, victim, cid, deadline=_countdown(state, victim, 1))


def _starvation(state, forger, victim, cid, events):
    _add_calamity(state, victim, cid, deadline=_countdown(state, victim, 2))


def _pair_oxen(state, forger, victim, cid, events):
    """Inadequate grass, bad water: harmless until the other copy comes up; then both oxen die."""
    kind = CALAMITY_CARDS[cid]
    holder, other = _find_active(state, kind, cid)
    if other is None:
        _add_calamity(state, victim, cid)
        return
    other["oxen_dead"] = True
    other["deadline"] = _countdown(state, holder, 1)
    other["fresh"] = state["turn"] == holder["seat"]
    _add_calamity(state, victim, cid, oxen_dead=True, deadline=_countdown(state, victim, 1))
    events.append(
        event(
            "oxen_died",
            victim["seat"],
            f"The second {CALAMITY_NAMES[kind]} comes up: the oxen of "
            f"{seat_label(holder['seat'])} and {seat_label(victim['seat'])} die.",
            audience=sorted({holder["seat"], victim["seat"]}),
        )
    )


def _pair_deaths(state, victim, cid, events, victim_loses=True):
    """Both paired cards go: the earlier holder and (usually) the receiver lose a member."""
    kind = CALAMITY_CARDS[cid]
    holder, other = _find_active(state, kind, cid)
    holder["calamities"].remove(other)
    state["calamity_discard"].append(other["card"])
    state["calamity_discard"].append(cid)
    events.append(
        event(
            "pair_struck",
            victim["seat"],
            f"The second {CALAMITY_NAMES[kind]} comes up while {seat_label(holder['seat'])} still has the first.",
            audience=sorted({holder["seat"], victim["seat"]}),
        )
    )
    # both losses land together: if they end the last wagons, nobody wins
    lose_members(state, holder, 1, CALAMITY_NAMES[kind], events, settle=False)
    if victim_loses:
        lose_members(state, victim, 1, CALAMITY_NAMES[kind], events, settle=False)
    check_over(state, events)


def _cholera(state, forger, victim, cid, events):
    if _find_active(state, "cholera", cid)[1] is not None:
        _pair_deaths(state, victim, cid, events)
    else:
        _add_calamity(state, victim, cid)


def _measles(state, forger, victim, cid, events):
    if not revised(state) and victim["supplies"]:
        state["revealed"].append(cid)
        state["pending"].append({"kind": "measles_medicine", "seat": victim["seat"], "card": cid})
        return
    _measles_lands(state, victim, cid, events)


def _measles_lands(state, victim, cid, events):
    if _find_active(state, "measles", cid)[1] is not None:
        _pair_deaths(state, victim, cid, events)
    else:
        _slowed(state, victim, cid, 1)


def _slowed(state, victim, cid, count):
    """Lays a calamity that costs `count`: revised, actions fewer; classic, turns lost."""
    if revised(state):
        _add_calamity(state, victim, cid, fewer=count)
    else:
        _add_calamity(state, victim, cid, skip=count)


def _at_once(state, forger, victim, cid, events):
    """Dysentery, snake bite: a wagon member dies at once."""
    state["calamity_discard"].append(cid)
    lose_members(state, victim, 1, CALAMITY_NAMES[CALAMITY_CARDS[cid]], events)


def _broken_arm(state, forger, victim, cid, events):
    _slowed(state, victim, cid, 2)


def _thief(state, forger, victim, cid, events):
    state["calamity_discard"].append(cid)
    _thief_step(state, forger["seat"], forger["seat"], victim["seat"], events)


def _thief_step(state, thief, taker, giver, events):
    g = state["players"][giver]
    if g["alive"] and "bullets" in kinds_held(g):
        state["pending"].append(
            {"kind": "thief_bullets", "seat": giver, "thief": thief, "taker": taker, "giver": giver}
        )
        return
    _steal(state, taker, giver, events)


def _steal(state, taker, giver, events):
    t, g = state["players"][taker], state["players"][giver]
    if not g["supplies"] or not t["alive"]:
        events.append(
            event("theft_empty", taker, f"{seat_label(taker)} finds nothing to steal from {seat_label(giver)}.")
        )
        return
    cid = g["supplies"].pop(Rng(state).below(len(g["supplies"])))
    t["supplies"].append(cid)
    kind = supply_kind(cid)
    events.append(
        event(
            "theft",
            taker,
            f"{seat_label(taker)} steals a supply from {seat_label(giver)}.",
            private={
                taker: {"supply": kind, "text": f"You take {SUPPLY_NAMES[kind]}."},
                giver: {"supply": kind, "text": f"You lose {SUPPLY_NAMES[kind]}."},
            },
            audience=[giver],
        )
    )


def _hunting(state, forger, victim, cid, events):
    # revised: the hunting card itself is kept as food; classic: only if food can be found
    if "bullets" in kinds_held(victim) and (revised(state) or food_to_hunt(state) is not None):
        state["revealed"].append(cid)
        state["pending"].append({"kind": "hunting_bullets", "seat": victim["seat"], "card": cid})
    else:
        state["calamity_discard"].append(cid)


# what each kind of calamity does to its victim on receipt
STRIKES = {
    **dict.fromkeys(BROKEN_PARTS, _broken_part),
    "dead_oxen": _one_turn,
    "inadequate_grass": _pair_oxen,
    "bad_water": _pair_oxen,
    "measles": _measles,
    "typhoid": _one_turn,
    "cholera": _cholera,
    "dysentery": _at_once,
    "snake_bite": _at_once,
    "starvation": _starvation,
    "extreme_cold": _one_turn,
    "broken_arm": _broken_arm,
    "thief": _thief,
    "hunting": _hunting,
}


# -- the victims' answers -----------------------------------------------------------------------
def measles_answer(state, p, pend, action, events) -> None:
    """Classic: the victim avoids the measles with medicine (or a trade for it), or takes it."""
    cid = pend["card"]
    choice = action["choice"]
    if choice == "trade":
        roll = Rng(state).die()
        spend(state, p, action["give"])
        if roll % 2 == 1:
            events.append(
                event(
                    "trade_failed",
                    p["seat"],
                    f"{seat_label(p['seat'])} rolls {roll}: the trade for medicine fails.",
                    public={"roll": roll},
                )
            )
            state["pending"].insert(0, pend)
            return
    elif choice == "medicine":
        spend(state, p, "medicine")
    state["revealed"].remove(cid)
    if choice == "decline":
        _measles_lands(state, p, cid, events)
        return
    events.append(
        event(
            "calamity_avoided",
            p["seat"],
            f"{seat_label(p['seat'])} avoids the Measles with medicine.",
            audience=[p["seat"]],
        )
    )
    if _find_active(state, "measles", cid)[1] is not None:
        _pair_deaths(state, p, cid, events, victim_loses=False)
    else:
        state["calamity_discard"].append(cid)


def thief_answer(state, pend, use, events) -> None:
    """The thief's victim fires bullets (or shows them, classic) or lets the theft happen."""
    taker, giver, thief = pend["taker"], pend["giver"], pend["thief"]
    g = state["players"][giver]
    if not use:
        _steal(state, taker, giver, events)
        return
    if revised(state):
        spend(state, g, "bullets")
        events.append(
            event(
                "theft_reversed",
                giver,
                f"{seat_label(giver)} fires bullets and turns the theft around.",
                audience=[taker],
            )
        )
        _thief_step(state, thief, giver, taker, events)
        return
    variant = state["options"]["classic_thief"]
    if variant != "keep_bullets":
        spend(state, g, "bullets")
    events.append(
        event(
            "theft_stopped",
            giver,
            f"{seat_label(giver)} shows bullets and the thief gets nothing.",
            audience=[thief],
        )
    )
    if variant == "thief_dies":
        lose_members(state, state["players"][thief], 1, "shot as a thief", events)


def hunting_answer(state, p, cid, use, events) -> None:
    """The hunt's victim spends bullets for food, or keeps them."""
    state["revealed"].remove(cid)
    if not use:
        state["calamity_discard"].append(cid)
        return
    spend(state, p, "bullets")
    if revised(state):
        p["supplies"].append(cid)  # the hunting card itself is kept as food
    else:
        state["calamity_discard"].append(cid)
        food = food_to_hunt(state)
        if food in state["supply_discard"]:
            state["supply_discard"].remove(food)
        else:
            state["supply_deck"].remove(food)
            Rng(state).shuffle(state["supply_deck"])
        p["supplies"].append(food)
    events.append(
        event(
            "hunted",
            p["seat"],
            f"{seat_label(p['seat'])} spends bullets on a hunt and gains food.",
            audience=[p["seat"]],
        )
    )
