"""What each Ogallala action does, once its check (menus.py) has passed: drawing (a card with no
space drawn face down in Ogallala II), placing and what it brings (a lasso, an arrow, a hunt, an
attack for each boat completed, the offer to end the game), the raids and conquests, the Crazy
Axe, and passing on a step."""

from __future__ import annotations

from ..base import counted, event, seat_label
from .cards import STACKS_I, card_public, empty_of, info
from .display import boats_of, row_groups
from .menus import attacker, can_place, take_ok
from .state import taken_card
from .turns import finish
from .words import space_text


def do_draw(state, seat, action, events):
    stack = state["stacks"][action["stack"]]
    cid = stack.pop()
    card = info(cid)
    disp = state["displays"][seat]
    if state["edition"] == "I":
        state["keep_drawing"] = bool(card.booty) or (card.role in ("bow", "stern") and not card.is_warrior)
        where = f" from the {STACKS_I[action['stack']]} stack"
    else:
        state["keep_drawing"] = not any(x and info(x).kind == card.kind for row in disp for x in row)
        where = ""
        if not can_place(state, seat, cid):
            _draw_unseen(state, seat, cid, action, events)
            return
    events.append(
        event(
            "draw",
            seat,
            f"{seat_label(seat)} draws {card.name}{where}.",
            public={"card": card_public(cid), "stack": action["stack"]},
        )
    )
    if card.kind == "axe" and not boats_of(disp):
        state["removed"].append(cid)
        events.append(
            event(
                "sunk",
                seat,
                f"{seat_label(seat)} has no complete boat: the Crazy Axe sinks himself.",
                public={"cards": [cid]},
            )
        )
        return
    state["hand"].append(cid)
    state["pending"].insert(0, {"seat": state["turn"], "kind": "place", "card": cid, "src": "stack"})


def _draw_unseen(state, seat, cid, action, events):
    """II: a drawn card that cannot be placed is discarded face down; only its drawer sees it.

    It waits in hand for the discard (or, for a lasso thrower or an archer, for its raid:
    the text lets either act though it has no space), shown to nobody else.
    """
    state["keep_drawing"] = False  # the discard ends the turn, whatever the card
    state["hand"].append(cid)
    state["pending"].insert(0, {"seat": state["turn"], "kind": "place", "card": cid, "src": "stack", "unseen": True})
    events.append(
        event(
            "draw",
            seat,
            f"{seat_label(seat)} draws a card that has no space in their river.",
            public={"card": None, "stack": action["stack"]},
            private={seat: {"text": f"You drew {info(cid).name}.", "card": card_public(cid)}},
        )
    )


def do_place(state, seat, action, events):
    task = state["pending"].pop(0)
    disp = state["displays"][seat]
    before = {(b.row, b.start, b.end) for b in boats_of(disp)}
    if task["kind"] == "take":
        cid = taken_card(state, task)
        if "card" in task:
            state["spare"].remove(cid)
        else:
            state["displays"][task["victim"]][task["row"]][task["col"]] = None
        state["spoils_taken"] += 1
    else:
        cid = task["card"]
        state["hand"].remove(cid)
    r, c = action["row"], action["col"]
    moved = []
    for mr, a, b in sorted(action.get("moves", []), key=lambda m: m[1]):
        moved.append((disp[mr][a], mr, a, b))
    for _mcid, mr, a, _b in moved:
        disp[mr][a] = None
    for mcid, mr, _a, b in moved:
        disp[mr][b] = mcid
    disp[r][c] = cid
    state["placed_since_reshuffle"] += 1
    card = info(cid)
    text = f"{seat_label(seat)} places {card.name} at {space_text(r, c)}"
    if moved:
        text += " (moving " + ", ".join(f"{info(m).name} to space {b + 1}" for m, _, _, b in moved) + ")"
    events.append(
        event(
            "placed",
            seat,
            text + ".",
            public={"card": card_public(cid), "row": r, "col": c, "moves": action.get("moves", [])},
        )
    )
    _follow_ups(state, seat, cid, task.get("src", "spoils"), before, events)


def _follow_ups(state, seat, cid, src, before, events):
    """Queues what placing a card brings: its special action, raids, the end offer."""
    card = info(cid)
    new = [b for b in boats_of(state["displays"][seat]) if (b.row, b.start, b.end) not in before]
    steps = []
    if src == "stack" and card.kind == "lasso":
        steps.append({"seat": state["turn"], "kind": "lasso"})
    if src == "stack" and card.kind == "archer":
        steps.append({"seat": state["turn"], "kind": "archer"})
    if state["edition"] == "II" and card.role == "person":
        steps.append({"seat": state["turn"], "kind": "hunt", "suite": card.suite})
    for b in new:
        events.append(
            event(
                "boat_completed",
                seat,
                f"{seat_label(seat)} completes a boat of {len(b.cards)} cards in row "
                f"{b.row + 1} (strength {b.strength}).",
                public={"row": b.row, "start": b.start, "end": b.end, "strength": b.strength},
            )
        )
        shaman = any(info(x).kind == "shaman" for x in b.cards)
        steps.append(
            {
                "seat": state["turn"],
                "kind": "attack",
                "row": b.row,
                "start": b.start,
                "end": b.end,
                "shots": 2 if shaman and state["edition"] == "II" else 1,
            }
        )
    state["pending"][0:0] = steps
    if new and state["edition"] == "I" and {"seat": state["turn"], "kind": "end_offer"} not in state["pending"]:
        # offered once the turn's pending steps (spoils, further raids) are done
        state["pending"].append({"seat": state["turn"], "kind": "end_offer"})


def do_discard(state, seat, action, events, used: bool = False):
    task = state["pending"].pop(0)
    cid = task["card"]
    name = info(cid).name
    state["hand"].remove(cid)
    state["discard"].append(cid)
    if task.get("unseen") and not used:
        text, private = f"{seat_label(seat)} discards the card face down.", {seat: {"text": f"It was {name}."}}
    elif used:
        text, private = f"{seat_label(seat)} uses {name}, which has no space, and discards it face down.", None
    else:
        text, private = f"{seat_label(seat)} has no space for {name} and discards it.", None
    public = {"card": card_public(cid) if state["edition"] == "I" or used else None}
    events.append(event("discarded", seat, text, public=public, private=private))
    if state["edition"] == "II" and task["src"] == "stack" and not task.get("unseen"):
        # a card drawn before drawing hid it (a game begun under an earlier version)
        state["keep_drawing"] = False
        if info(cid).kind in ("archer", "lasso"):
            state["pending"].insert(0, {"seat": state["turn"], "kind": info(cid).kind})


def do_leave(state, seat, action, events):
    task = state["pending"].pop(0)
    name = info(taken_card(state, task)).name
    where = "in the box" if "card" in task else f"to {seat_label(task['victim'])}"
    events.append(event("left", seat, f"{seat_label(seat)} leaves {name} {where}."))


def do_pass(state, seat, action, events):
    task = state["pending"].pop(0)
    what = {"lasso": "the lasso", "archer": "the bow and arrow", "hunt": "the hunt"}[task["kind"]]
    events.append(event("pass", seat, f"{seat_label(seat)} does not use {what}."))


def do_no_attack(state, seat, action, events):
    state["pending"].pop(0)
    events.append(event("no_attack", seat, f"{seat_label(seat)} does not attack."))


def do_continue(state, seat, action, events):
    state["pending"].pop(0)
    events.append(event("continue", seat, f"{seat_label(seat)} plays on."))


def do_end_game(state, seat, action, events):
    state["pending"].pop(0)
    n = len(boats_of(state["displays"][seat]))
    finish(state, f"{seat_label(seat)} ended the game with {n} complete boats.", events)


def do_sink(state, seat, action, events):
    task = state["pending"].pop(0)
    cid = task["card"]
    state["hand"].remove(cid)
    disp = state["displays"][seat]
    boat = next(b for b in boats_of(disp) if b.row == action["row"] and b.start == action["start"])
    for c in range(boat.start, boat.end + 1):
        disp[boat.row][c] = None
    state["removed"] += boat.cards + [cid]
    events.append(
        event(
            "sunk",
            seat,
            f"The Crazy Axe sinks {seat_label(seat)}'s boat in row {boat.row + 1} with its {len(boat.cards)} cards.",
            public={"row": boat.row, "start": boat.start, "cards": boat.cards + [cid]},
        )
    )


def _take_from(state, victim, r, c) -> str:
    cid = state["displays"][victim][r][c]
    state["displays"][victim][r][c] = None
    return cid


def _raid_step(state, seat, events) -> None:
    """Takes the lasso or arrow step off the queue: the card's own, or (II) the unplaceable
    drawn card's, which is discarded face down as it is used."""
    if state["pending"][0]["kind"] == "place":
        do_discard(state, seat, {}, events, used=True)
    else:
        state["pending"].pop(0)


def _raid(state, seat, action, events, kind: str, verb: str, prep: str) -> str:
    """Takes the card a lasso, an arrow or a hunt aims at off its victim's display and tells the
    table (the victim hit); returns the card."""
    v = action["target"]
    cid = _take_from(state, v, action["row"], action["col"])
    events.append(
        event(
            kind,
            seat,
            f"{seat_label(seat)} {verb} {info(cid).name} {prep} "
            f"{seat_label(v)}'s {space_text(action['row'], action['col'])}.",
            public={"victim": v, "card": card_public(cid)},
            audience=[v],
        )
    )
    return cid


def do_lasso(state, seat, action, events):
    _raid_step(state, seat, events)
    cid = _raid(state, seat, action, events, "lasso", "lassoes", "from")
    state["hand"].append(cid)
    state["pending"].insert(0, {"seat": state["turn"], "kind": "place", "card": cid, "src": "lasso"})


def do_shoot(state, seat, action, events):
    _raid_step(state, seat, events)
    cid = _raid(state, seat, action, events, "arrow", "shoots", "in")
    (state["removed"] if state["edition"] == "I" else state["discard"]).append(cid)


def do_hunt(state, seat, action, events):
    task = state["pending"].pop(0)
    cid = _raid(state, seat, action, events, "hunt", "takes", "from")
    state["hand"].append(cid)
    # place the catch, then hunt on for the other half
    state["pending"][0:0] = [{"seat": state["turn"], "kind": "place", "card": cid, "src": "hunt"}, dict(task)]


def do_attack(state, seat, action, events):
    task = state["pending"].pop(0)
    boat = attacker(state, seat, task)
    power = task.get("power") or boat.strength
    v = action["target"]
    vdisp = state["displays"][v]
    target = next(g for g in row_groups(vdisp[action["row"]], action["row"]) if g.start == action["start"])
    what = "boat" if target.boat else "section"
    dead, spoils = [], []
    for c, cid in zip(range(target.start, target.end + 1), target.cards):
        if info(cid).is_warrior:
            dead.append(cid)
            vdisp[target.row][c] = None
        else:
            spoils.append((c, cid))
    steps = []
    if state["edition"] == "I":
        state["removed"] += dead
        for c, cid in spoils:
            vdisp[target.row][c] = None
            state["hand"].append(cid)
            steps.append({"seat": state["turn"], "kind": "place", "card": cid, "src": "spoils"})
    else:
        state["discard"] += dead
        state["spoils_taken"] = 0
        takes = [{"seat": state["turn"], "kind": "take", "victim": v, "row": target.row, "col": c} for c, _ in spoils]
        takes += _left_behind(state, v, dead)
        # the free draw is for an attacker who cannot use any of the cards, whether or not he
        # takes those he could; after a shaman's second attack, only if neither had any
        usable = any(take_ok(state, seat, t) for t in takes)
        free = not usable and ("power" not in task or state["keep_drawing"])
        steps += takes
        steps.append({"seat": state["turn"], "kind": "attack_done", "free": free})
        left = power - (target.strength + 1)
        if task["shots"] > 1 and left > 0:
            hit = task.get("hit", []) + [[v, target.row, c] for c in range(target.start, target.end + 1)]
            steps.append(dict(task, shots=task["shots"] - 1, power=left, hit=hit))
    state["pending"][0:0] = steps
    events.append(
        event(
            "attack",
            seat,
            f"{seat_label(seat)}'s boat in row {task['row'] + 1} (strength {power}) conquers "
            f"{seat_label(v)}'s {what} in row {target.row + 1} (strength {target.strength}): "
            f"{counted(len(dead), 'warrior card')} lost, {counted(len(spoils), 'card')} of spoils{_left_text(steps)}.",
            public={
                "victim": v,
                "row": target.row,
                "start": target.start,
                "end": target.end,
                "strength": target.strength,
                "attacker_strength": power,
                "warriors_lost": dead,
                "spoils": [cid for _, cid in spoils],
            },
            audience=[v],
        )
    )


def _left_behind(state: dict, victim: int, dead: list) -> list[dict]:
    """Returns the take steps for the empty cards conquered warriors leave behind (II variant):
    for each, an empty card of its shape from the box, while the box has one."""
    if not state.get("variants", {}).get("spoils_canoes"):
        return []
    steps, offered = [], set()
    for cid in dead:
        kind = empty_of(cid)
        spare = next((x for x in state["spare"] if info(x).kind == kind and x not in offered), None)
        if spare:
            offered.add(spare)
            steps.append({"seat": state["turn"], "kind": "take", "victim": victim, "card": spare, "src": "spare"})
    return steps


def _left_text(steps: list) -> str:
    n = sum(1 for t in steps if t.get("src") == "spare")
    return f"; the warriors leave {n} empty card{'s' if n != 1 else ''} behind" if n else ""


# the handler of each action type (engine.do_apply dispatches through it)
HANDLERS = {
    "draw": do_draw,
    "place": do_place,
    "discard": do_discard,
    "leave": do_leave,
    "pass": do_pass,
    "no_attack": do_no_attack,
    "continue": do_continue,
    "end_game": do_end_game,
    "sink": do_sink,
    "lasso": do_lasso,
    "shoot": do_shoot,
    "hunt": do_hunt,
    "attack": do_attack,
}
