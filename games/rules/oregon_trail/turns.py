"""The Oregon Trail Race turn loop and the end of the race: what happens between decisions (a
used-up turn passes on, calamities count down, lost turns and actions are taken), wagon members
lost and wagons out (dead or resigned), the trail picked up behind the players, and the result.
"""

from __future__ import annotations

from ..base import event, seat_label
from .cards import CALAMITY_NAMES
from .menus import MAX_BACK, turn_menu
from .state import blocks_forging, living, revised, trail_length
from .supplies import return_supply, settle_pool


# -- members and wagons -------------------------------------------------------------------------
def lose_members(state, p, n, cause, events, settle=True) -> None:
    """Takes wagon members from a living wagon; with none left it is out."""
    if not p["alive"]:
        return
    p["members"] = max(0, p["members"] - n)
    events.append(
        event(
            "member_died",
            p["seat"],
            f"{seat_label(p['seat'])} loses {n} wagon member{'s' if n > 1 else ''} ({cause}); {p['members']} left.",
            public={"victim": p["seat"], "count": n, "cause": cause, "members_left": p["members"]},
            audience=[p["seat"]],
        )
    )
    if p["members"] <= 0:
        player_out(state, p, events, settle)


def player_out(state, p, events, settle=True, text=None) -> None:
    """Takes a wagon out of the race: its cards go back, its decisions and gains go."""
    seat = p["seat"]
    p["alive"] = False
    if seat not in state["out"]:  # a dead wagon is out of the race as a seat that left is
        state["out"] = sorted([*state["out"], seat])
    p["members"] = 0
    p["out_order"] = state["outs"]
    state["outs"] += 1
    state["trail_discard"].extend(p["hand"])
    p["hand"] = []
    state["trail_discard"].extend(x["card"] for x in p["trail"])
    p["trimmed"] += len(p["trail"])
    p["trail"] = []
    p["stuck"] = False
    p["in_town"] = False
    for cid in p["supplies"]:
        return_supply(state, cid)
    p["supplies"] = []
    state["calamity_discard"].extend(c["card"] for c in p["calamities"])
    p["calamities"] = []
    # their own decisions go, and so does a theft they would gain from: nobody is left to stop
    for pend in [x for x in state["pending"] if seat in (x["seat"], x.get("taker"))]:
        state["pending"].remove(pend)
        if "card" in pend and pend["card"] in state["revealed"]:
            state["revealed"].remove(pend["card"])
            state["calamity_discard"].append(pend["card"])
    for t in state["towns"]:
        if seat in t["waiting"]:
            t["waiting"].remove(seat)
            settle_pool(state, t)
    events.append(
        event(
            "player_out",
            seat,
            text or f"{seat_label(seat)}'s whole party has died.",
            public={"victim": seat},
            audience=[seat],
        )
    )
    if settle:
        check_over(state, events)


def seat_left(state, seat) -> list[dict]:
    """A seat left the race (Engine.resign put it in `out`): its wagon is out as a dead one is;
    returns the events."""
    events: list[dict] = []
    p = state["players"][seat]
    if state["phase"] == "draft":
        state["draft_order"] = [s for s in state["draft_order"] if s != seat]
    player_out(state, p, events, text=f"{seat_label(seat)} leaves the race.")
    if state["result"] is not None:
        return events
    if state["phase"] == "draft":
        if state["draft_order"]:
            state["turn"] = state["draft_order"][0]
        else:
            state["phase"] = "play"
            del state["draft_order"]
            first = next_seat(state, state["seats"] - 1)
            state["turn"] = first
            begin_turn_loop(state, first, events)
    else:  # the same end-of-action step as an answered decision: a spent turn ends
        after(state, events)
    return events


# -- the end ------------------------------------------------------------------------------------
def check_over(state, events) -> None:
    """Ends the game when at most one wagon has anyone alive."""
    alive = living(state)
    if len(alive) <= 1 and state["result"] is None:
        if alive:
            finish(
                state,
                [alive[0]["seat"]],
                f"{seat_label(alive[0]['seat'])} has the only wagon left on the trail.",
                events,
            )
        else:
            finish(state, [], "The last wagons died together: nobody wins.", events)
    trim(state, events)


def win(state, p, events) -> None:
    """Ends the race with the player at Oregon (revised) or Willamette Valley (classic)."""
    n = state["options"]["trail_length"]
    place = "Oregon" if revised(state) else "Willamette Valley"
    finish(state, [p["seat"]], f"{seat_label(p['seat'])} reaches {place} after {n} trail cards.", events)


def finish(state, winners, reason, events) -> None:
    """Records the result: the winners, then the living by trail length, then the dead."""

    def key(q):
        return (
            q["seat"] not in winners,
            not q["alive"],
            -trail_length(q),
            -(q["out_order"] if q["out_order"] is not None else 99),
            -q["members"],
            q["seat"],
        )

    ranking = [q["seat"] for q in sorted(state["players"], key=key)]
    state["result"] = {"winners": winners, "ranking": ranking, "reason": reason}
    state["pending"] = []
    for cid in state["revealed"]:
        state["calamity_discard"].append(cid)
    state["revealed"] = []
    events.append(event("game_over", None, reason, public={"winners": winners, "ranking": ranking}))


# -- the turn loop ------------------------------------------------------------------------------
def after(state, events) -> None:
    """Ends the turn when it is used up and no decision is pending."""
    if state["result"] is not None or state["pending"] or state["phase"] == "draft":
        return
    p = state["players"][state["turn"]]
    if p["alive"] and p["at_end"] and not p["calamities"]:
        win(state, p, events)
        return
    if not p["alive"] or state["actions_left"] <= 0 and not measles_window(state, p):
        end_turn(state, events)


def measles_window(state, p) -> bool:
    """Revised, no action left: whether the measles' lost action may still mend it (the menu
    then offers more than ending the turn)."""
    return revised(state) and any(a["type"] != "end_turn" for a in turn_menu(state, p["seat"]))


def _tick(state, p, events) -> None:
    """Counts down the player's calamities at the end of one of their turns."""
    for c in list(p["calamities"]):
        if not p["alive"]:
            return
        if c["deadline"] is None or c not in p["calamities"]:
            continue
        if c["fresh"]:
            c["fresh"] = False
            continue
        c["deadline"] -= 1
        if c["deadline"] > 0:
            continue
        name = CALAMITY_NAMES[c["kind"]]
        if blocks_forging(c):
            events.append(
                event(
                    "calamity_expired",
                    p["seat"],
                    f"{seat_label(p['seat'])} could not mend the {name} in time.",
                    audience=[p["seat"]],
                )
            )
            lose_members(state, p, p["members"], name, events)
        else:
            p["calamities"].remove(c)
            state["calamity_discard"].append(c["card"])
            lose_members(state, p, 1, name, events)


def end_turn(state, events) -> None:
    """Passes the turn to the next seat that can take one (turns lost on the way count down)."""
    seat = state["turn"]
    for _ in range(200):
        p = state["players"][seat]
        if p["alive"]:
            _tick(state, p, events)
            for c in p["calamities"]:
                c.pop("penalty_now", None)
        if state["result"] is not None:
            return
        seat = next_seat(state, seat)
        state["turn"] = seat
        state["turn_number"] += 1
        q = state["players"][seat]
        if q["at_end"] and not q["calamities"]:  # a pair struck its last calamity away
            win(state, q, events)
            return
        if _begin_turn(state, q, events):
            return
    raise RuntimeError("no player could take a turn")


def begin_turn_loop(state, seat, events) -> None:
    """Starts the seat's turn, or passes on at once if it is lost."""
    if not _begin_turn(state, state["players"][seat], events):
        end_turn(state, events)


def next_seat(state, seat) -> int:
    """Returns the next seat after this one with a living wagon."""
    n = state["seats"]
    for i in range(1, n + 1):
        s = (seat + i) % n
        if state["players"][s]["alive"]:
            return s
    return seat


def _begin_turn(state, p, events) -> bool:
    """Sets up the player's turn; returns False when the turn is lost at once."""
    if revised(state):
        n = p["members"]
        for c in list(p["calamities"]):
            if c.get("fewer", 0) > 0:
                n -= 1
                c["fewer"] -= 1
                if c["kind"] == "measles":
                    c["penalty_now"] = True
                elif c["fewer"] == 0:  # the broken arm has healed after its second turn
                    p["calamities"].remove(c)
                    state["calamity_discard"].append(c["card"])
        state["actions_left"] = max(0, n)
        if n > 0 or measles_window(state, p):
            return True
        events.append(event("turn_lost", p["seat"], f"{seat_label(p['seat'])} has no action this turn."))
        return False
    lost = [c for c in p["calamities"] if c.get("skip", 0) > 0]
    if not lost:
        state["actions_left"] = 1
        return True
    for c in lost:
        c["skip"] -= 1
        if c["skip"] == 0 and c["kind"] == "broken_arm":
            p["calamities"].remove(c)
            state["calamity_discard"].append(c["card"])
    events.append(event("turn_lost", p["seat"], f"{seat_label(p['seat'])} loses this turn."))
    return False


# -- trimming -----------------------------------------------------------------------------------
def _pick_up_trail(state, p, cut) -> None:
    """Moves the first `cut` cards of a player's trail to the trail discard, keeping the count."""
    state["trail_discard"].extend(x["card"] for x in p["trail"][:cut])
    del p["trail"][:cut]
    p["trimmed"] += cut


def _pick_up_towns_before(state, point) -> None:
    """Picks up every town or fort before a point of the race (with any classic pool left)."""
    keep = []
    for t in state["towns"]:
        if t["point"] < point:
            state["trail_discard"].append(t["card"])
            state["supply_discard"].extend(t["pool"])
        else:
            keep.append(t)
    state["towns"] = keep


def trim(state, events) -> None:
    """Picks up trail no living player can return to (both rulesets' rules)."""
    alive = living(state)
    if revised(state):
        for p in alive:
            cut = trail_length(p) - MAX_BACK - 1 - p["trimmed"]
            if cut > 0:
                _pick_up_trail(state, p, cut)
        keep = []
        for t in state["towns"]:
            if alive and all(max(0, trail_length(p) - MAX_BACK) > t["point"] for p in alive):
                state["trail_discard"].append(t["card"])
            else:
                keep.append(t)
        state["towns"] = keep
        return
    for t in sorted(state["towns"], key=lambda t: -t["point"]):
        k = t["point"]
        if k <= state["floor"]:
            break
        if alive and all(p["pos"] > k for p in alive):
            state["floor"] = k
            for p in state["players"]:
                cut = k - p["trimmed"]
                if cut > 0 and p["trail"]:
                    _pick_up_trail(state, p, min(cut, len(p["trail"])))
            _pick_up_towns_before(state, k)
            events.append(
                event(
                    "trail_trimmed",
                    None,
                    f"Everyone has passed the {t['kind']} after trail card {k}: the trail before it is picked up.",
                )
            )
            break
