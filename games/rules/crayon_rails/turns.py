"""The Crayon Rails turn loop: the setup draft passed on, the initial building turns, what
happens between decisions (cards refilled, a used-up or derailed turn passed on, lost turns,
events running out, rounds counted), the win and the round limit, and a seat leaving."""

from __future__ import annotations

from ..base import event, seat_label
from . import network as net
from .cards import EVENTS
from .events import settle
from .state import DRAFT_MORE, MAJORS_TO_WIN, active, deal_setup, end_setup_draws, locked_loads, pool_target, speed


def begin_building(state: dict) -> None:
    """Starts the two initial building turns: in seat order, then reversed."""
    order = active(state)
    state["phase"] = "build"
    state["initial_order"] = order + order[::-1]
    state["turn"] = state["initial_order"][0]
    state["players"][state["turn"]]["built"] = 0


def next_drafter(state: dict, seat: int, events: list) -> None:
    """Passes the draft on: the rejects and new cards to the next seat; after the last, the
    rejects open the public pool and building starts."""
    rejects = state["draft"]["offer"]
    later = [s for s in active(state) if s > seat]
    if later:
        offer = rejects + deal_setup(state, DRAFT_MORE)
        state["draft"] = {"seat": later[0], "offer": offer}
        events.append(
            event(
                "draft",
                later[0],
                f"{seat_label(later[0])} is offered {len(offer)} demand cards.",
                private={later[0]: {"offer": list(offer)}},
            )
        )
        return
    state["draft"] = None
    state["pool"] = rejects
    state["pool"] += deal_setup(state, max(0, 3 * pool_target(state) - len(rejects)))
    end_setup_draws(state)
    events.append(
        event(
            "pool",
            None,
            f"The public pool opens with {len(state['pool'])} cards.",
            public={"pool": list(state["pool"])},
        )
    )
    begin_building(state)


def after(state: dict, events: list) -> None:
    """Refills cards, then ends the turn or the game if the action did."""
    settle(state, events)
    if state["result"] or state["pending"] or state["phase"] != "play":
        if not state["result"] and not state["pending"] and state["phase"] == "build":
            p = state["players"][state["turn"]]
            if p.get("stage") == "over":
                p["stage"] = "start"
                end_turn(state, events)
        return
    seat = state["turn"]
    p = state["players"][seat]
    if _has_won(state, seat):
        _finish(
            state,
            [seat],
            f"{seat_label(seat)} has {p['cash']} and links {net.connected_majors(p['track'])} major cities.",
            events,
        )
        return
    if p["derailed"] or p["stage"] == "over":
        end_turn(state, events)


def _has_won(state: dict, seat: int) -> bool:
    p = state["players"][seat]
    if seat in state["out"] or p["cash"] < state["cash_to_win"]:
        return False
    if state["mode"] == "public" and locked_loads(p):
        return False
    return net.connected_majors(p["track"]) >= MAJORS_TO_WIN


def end_turn(state: dict, events: list) -> None:
    """Passes the turn on, skipping lost turns, counting rounds and the round limit."""
    seat = state["turn"]
    if state["phase"] == "build":
        order = state["initial_order"]
        order.pop(0)
        while order and order[0] in state["out"]:
            order.pop(0)
        if order:
            state["turn"] = order[0]
            state["players"][order[0]]["built"] = 0
            return
        state["phase"] = "play"
        state["round"] = 1
        state["turn"] = active(state)[0]
        _begin_turn(state, events)
        return
    _close_turn(state, seat, events)
    _advance(state, events)


def _close_turn(state: dict, seat: int, events: list) -> None:
    p = state["players"][seat]
    p["stage"] = "start"
    p["derailed"] = False
    for ev in list(state["events"]):
        if ev["drawer"] == seat:
            ev["turns_left"] -= 1
            if ev["turns_left"] <= 0:
                state["events"].remove(ev)
                events.append(
                    event("event_over", None, f"Over: {EVENTS[ev['card']]['text']}", public={"card": ev["card"]})
                )


def _advance(state: dict, events: list) -> None:
    while True:
        seats = active(state)
        seat = state["turn"]
        later = [s for s in seats if s > seat]
        if later:
            state["turn"] = later[0]
        else:
            state["turn"] = seats[0]
            state["round"] += 1
            if state["max_rounds"] and state["round"] > state["max_rounds"]:
                state["round"] = state["max_rounds"]
                _finish_by_limit(state, events)
                return
        p = state["players"][state["turn"]]
        if p["lost_turns"] > 0:
            p["lost_turns"] -= 1
            events.append(event("lost_turn", state["turn"], f"{seat_label(state['turn'])} loses this turn (derailed)."))
            _close_turn(state, state["turn"], events)
            continue
        _begin_turn(state, events)
        return


def _begin_turn(state: dict, events: list) -> None:
    seat = state["turn"]
    p = state["players"][seat]
    p.update(stage="start", built=0, upgraded=False, fees=[], derailed=False)
    full = speed(p)
    if p["pos"] is not None and p["pos"] in net.snow_area(state):
        p["moves"] = (full + 1) // 2
    else:
        p["moves"] = full
    events.append(event("turn", seat, f"Round {state['round']}: {seat_label(seat)}'s turn."))


def _finish_by_limit(state: dict, events: list) -> None:
    players = state["players"]
    seats = active(state)
    linked = [s for s in seats if net.connected_majors(players[s]["track"]) >= MAJORS_TO_WIN]
    pool = linked or seats
    best = max(players[s]["cash"] for s in pool)
    winners = [s for s in pool if players[s]["cash"] == best]
    why = "with the major cities linked" if linked else "nobody has the major cities linked"
    _finish(
        state,
        winners,
        f"The {state['max_rounds']}-round limit is reached: the richest player wins ({why}).",
        events,
    )


def _finish(state: dict, winners: list[int], reason: str, events: list) -> None:
    players = state["players"]

    def rank(s):
        p = players[s]
        return (
            s in state["out"],
            s not in winners,
            -min(net.connected_majors(p["track"]), MAJORS_TO_WIN),
            -p["cash"],
            s,
        )

    ranking = sorted(range(state["seats"]), key=rank)
    state["result"] = {"winners": winners, "ranking": ranking, "reason": reason, "cash": [p["cash"] for p in players]}
    state["pending"] = []
    names = " and ".join(seat_label(s) for s in winners) or "Nobody"
    events.append(
        event(
            "game_over",
            None,
            f"Game over: {names} win{'s' if len(winners) == 1 else ''}. {reason}",
            public={"winners": winners, "reason": reason},
        )
    )


def seat_left(state: dict, seat: int) -> list[dict]:
    """A seat left the game (Engine.resign put it in `out`): its track stays (free to use), its
    cards and loads go back; returns the events."""
    p = state["players"][seat]
    events: list[dict] = [event("resigned", seat, f"{seat_label(seat)} leaves the game; the track stays.")]
    state["discard"] += p["hand"]
    p["hand"] = []
    p["locks"] = []
    p["loads"] = []
    p["lost_turns"] = 0
    state["pending"] = [x for x in state["pending"] if x["seat"] != seat]
    # its events would last until the end of its next turn, which never comes
    state["events"] = [ev for ev in state["events"] if ev["drawer"] != seat]
    left = active(state)
    if len(left) == 1:
        _finish(state, left, f"{seat_label(left[0])} is the only player left.", events)
        return events
    if state["phase"] == "draft":
        if state["draft"]["seat"] == seat:
            next_drafter(state, seat, events)
        return events
    if state["phase"] == "build":
        if state["turn"] == seat:
            end_turn(state, events)
        else:
            state["initial_order"] = [s for s in state["initial_order"] if s != seat]
        return events
    if state["turn"] == seat:
        state["owed"] = 0
        _close_turn(state, seat, events)
        _advance(state, events)
    after(state, events)
    return events
