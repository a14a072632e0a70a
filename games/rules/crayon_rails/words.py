"""The words of Crayon Rails: how a menu entry reads (`action_label`), why a move is refused
(`explain_illegal`: its check's sentence, from menus.py or, for a path, paths.py), the table as
plain lines for an email (`table_text`, built from the view), and what an event means for the
player it hits (`explain_hit`; the sentences are in cards.py)."""

from __future__ import annotations

import textwrap

from .. import checks
from ..base import counted, seat_label
from .board import RIVER_OF, edge, node, place_name
from .cards import HIT_TEXT, demand_text
from .menus import refusal
from .state import BUILD_LIMIT, TRAIN_NAMES, TRAINS, UPGRADE_COST
from .view import view


def _path_label(path: list, verb: str, toward: str | None) -> str:
    # where the path ends as the table and the log name it: a city's name, or "the milepost 2
    # steps south of Larkmere", never its x,y; a city passed on the way to another says where it
    # leads (two moves to two mileposts of one major city, each toward a city of its own, read apart)
    where = place_name(node(*path[-1]))
    return f"{verb} to {where}" + (f", toward {toward}" if toward and toward != where else "")


def action_label(engine, state: dict, seat: int, action: dict) -> str:
    """Returns a short phrase for a legal action, as a button or an email menu shows it."""
    t = action["type"]
    if t == "keep":
        return f"Keep card {action['card']}, committed to {demand_text(action['card'], action['demand'])}"
    if t == "keep_done":
        return "Keep no more cards; pass the rest on"
    if t == "build":
        try:
            cost, new = engine.check_path(state, seat, action)
        except Exception:
            cost, new = None, []
        label = _path_label(action["path"], f"Build {counted(len(new), 'section')}", action.get("toward"))
        return label + (f" (costs {cost})" if cost is not None else "")
    if t == "move":
        steps = len(action["path"]) - 1
        return _path_label(action["path"], f"Move {counted(steps, 'milepost')}", action.get("toward"))
    if t == "upgrade":
        kind = action["train"]
        return (
            f"Upgrade to {TRAIN_NAMES[kind]} ({TRAINS[kind][0]} mileposts, "
            f"{TRAINS[kind][1]} loads) for {UPGRADE_COST} instead of building"
        )
    if t == "place_train":
        return f"Put your train on {action['city']}"
    if t == "pickup":
        return f"Pick up {action['good']}"
    if t == "drop":
        return f"Drop {action['good']}"
    if t == "deliver":
        return f"Deliver {demand_text(action['card'], action['demand'])} (card {action['card']})"
    if t == "lock":
        return f"Lock card {action['card']} with your {action['good']}: {demand_text(action['card'], action['demand'])}"
    if t == "pitch":
        return "Give up the turn: pitch three random unlocked pool cards"
    if t == "discard_hand":
        return "Give up the turn: discard your demand cards and draw three new ones"
    if t == "lose_load":
        if "card" not in action:
            return f"Lose a {action['good']} that locks no card"
        if action.get("release") is None:
            return f"Lose the {action['good']} locking card {action['card']} (it may unlock)"
        if action["release"]:
            return f"Lose the {action['good']} for private card {action['card']} and release the card into the pool"
        return f"Lose the {action['good']} for private card {action['card']} and keep the card"
    if t == "end_turn":
        if state["phase"] == "build":
            return "End this building turn"
        return "End your turn"
    return t


def explain_illegal(engine, state: dict, seat: int, action: dict) -> str:
    """Returns the sentence of the check that refuses the action (menus.py; for a path, the
    validators' of paths.py)."""
    return refusal(state, seat, action) or checks.SAME_MOVE


# -- the table as plain lines (an email's text) ----------------------------------------------------
WIDTH = 88  # the longest line table_text writes


def _where(pos: list[int] | None) -> str:
    """Returns where a train stands: its city, or the milepost and the nearest city."""
    if pos is None:
        return "not on the map yet"
    return f"at {place_name(node(*pos))}"


def _turns(n: int) -> str:
    return f"{n} more turn" + ("s" if n != 1 else "")


def _wrap(text: str, indent: str = "  ", more: str = "    ") -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=more) or [indent.rstrip()]


def _card_lines(card: dict, names: list[str], mine: int | None = None) -> list[str]:
    """Returns a demand card as one line per demand, its locks marked (mine: the seat reading)."""
    lines = []
    for i, d in enumerate(card["demands"]):
        head = f"  {card['id']}  " if i == 0 else " " * (len(card["id"]) + 4)
        text = f"{head}{d['good']} → {d['city']}, {d['payoff']}"
        who = [("you" if s == mine else names[s]) for s in d["locked_by"]]
        if who:
            text += f"  [locked by {', '.join(who)}]"
        lines.append(text)
    return lines


def _load_list(me: dict) -> str:
    """Returns a seat's loads, each load that locks a card saying which."""
    locking = {}
    for lk in me["locks"]:
        if not lk.get("private") or lk.get("loaded"):
            locking.setdefault(lk["good"], []).append(lk["card"])
    out = []
    for good in me["loads"]:
        cards = locking.get(good)
        out.append(f"{good} (locks {cards.pop(0)})" if cards else good)
    return ", ".join(out) if out else "none"


def _event_end(ev: dict, turn: int, names: list[str], turns_left: int | None) -> str:
    drawer = ev["drawer"]
    if drawer is None:
        return ""
    if turns_left == 1 and turn == drawer:
        return f"drawn by {names[drawer]}; ends with this turn"
    return f"drawn by {names[drawer]}; ends with {names[drawer]}'s next turn"


def table_text(engine, state: dict, seat: int | None) -> list[str]:
    """Returns what a seat (None: a spectator) sees of the table as short plain lines, built
    from view(): its own cards, and everything public; never another seat's hand."""
    v = view(engine, state, seat)
    players = v["players"]
    names = [p["name"] for p in players]
    public = v["mode"] == "public"
    lines = [f"Crayon Rails, {'public pool' if public else 'standard'} mode: round {v['round']} of {v['max_rounds']}."]
    result = v["result"]
    if result:
        winners = " and ".join(names[s] for s in result["winners"]) or "Nobody"
        lines += _wrap(
            f"Game over: {winners} {'wins' if len(result['winners']) == 1 else 'win'}. {result['reason']}", ""
        )
    else:
        phase = {"draft": " (the setup draft)", "build": " (a building turn)"}.get(v["phase"], "")
        line = f"{names[v['turn']]}'s turn{phase}."
        if v["to_act"] != [v["turn"]]:
            line += f" Waiting for {', '.join(names[s] for s in v['to_act'])}."
        lines.append(line)
    goal = f"To win: {v['cash_to_win']} in cash and {v['majors_to_win']} major cities linked by your track"
    lines += _wrap(goal + (", with no locked loads." if public else "."), "")

    if seat is not None:
        me = players[seat]
        train = me["train"]
        lines.append("")
        lines.append(f"You: {me['name']}")
        lines.append(f"  Cash {me['cash']}; {me['connected_majors']} of {v['majors_to_win']} major cities linked.")
        lines.append(f"  Train: {train['name']}, {train['speed']} mileposts a turn, carries {train['capacity']} loads.")
        lines.append(f"  Where: {_where(me['position'])}.")
        room = train["capacity"] - len(me["loads"])
        lines += _wrap(f"Loads: {_load_list(me)} ({f'room for {room} more' if room > 0 else 'full'}).")
        if me["moves_left"]:
            lines.append(f"  Mileposts left to move this turn: {me['moves_left']}.")
        if me["built_this_turn"]:
            lines.append(f"  Built this turn: {me['built_this_turn']} of {BUILD_LIMIT}.")
        if me["lost_turns"]:
            lines.append(f"  Derailed: you lose {_turns(me['lost_turns'])}.")
        lines.append("Your demand cards:" if not public else "Your demand cards (privately locked for you):")
        if v["hand"]:
            for card in v["hand"]:
                lines += _card_lines(card, names, mine=seat)
            for lk in me["locks"]:
                if lk.get("private"):
                    state_of_load = "on your train" if lk["loaded"] else "not picked up yet"
                    lines.append(f"  {lk['card']}: only you may deliver its {lk['good']}, load {state_of_load}.")
        else:
            lines.append("  none")
        draft = v.get("draft")
        if draft and "offer" in draft:
            lines.append("Your draft offer (keep up to 2, committing each to one demand):")
            for card in draft["offer"]:
                lines += _card_lines(card, names)

    if public:
        lines.append("")
        locked = sum(1 for c in v["pool"] if any(d["locked_by"] for d in c["demands"]))
        lines.append(
            f"The pool: {counted(len(v['pool']), 'card')}, {locked} locked (a locked card takes only its demand)."
        )
        for card in v["pool"]:
            lines += _card_lines(card, names, mine=seat)
        if not v["pool"]:
            lines.append("  empty")

    lines.append("")
    lines.append("Trains:")
    for p in players:
        train = p["train"]
        who = p["name"] + (" (you)" if p["seat"] == seat else "")
        kind = f"{train['name']} ({train['speed']}, {train['capacity']} loads)"
        lines += _wrap(f"{who}: {_where(p['position'])}; {kind}.")
        loads = _load_list(p) if p["loads"] else "none"
        more = [
            f"loads: {loads}",
            f"cash {p['cash']}",
            f"{p['connected_majors']} of {v['majors_to_win']} majors linked",
        ]
        if p["hand_count"] and p["seat"] != seat:
            more.append(
                f"{p['hand_count']} {'private ' if public else ''}demand card{'s' if p['hand_count'] != 1 else ''}"
            )
        if p["status"] != "active":
            more.append(p["status"] + (f", loses {_turns(p['lost_turns'])}" if p["lost_turns"] else ""))
        lines += _wrap("; ".join(more) + ".", "    ", "      ")

    lines.append("")
    lines.append("Events in force:")
    for ev in v["events_in_force"]:
        end = _event_end(ev, v["turn"], names, ev.get("turns_left"))
        lines += _wrap(ev["text"] + (f" ({end})" if end else ""))
    if not v["events_in_force"]:
        lines.append("  none")
    for x in v["pending"]:
        lines.append(f"{names[x['seat']]} was derailed and must choose a load to lose.")
    empty = [g for g, n in v["chips"].items() if n <= 0]
    if empty:
        lines += _wrap(f"No loads left of: {', '.join(empty)}.", "")
    lines.append(f"Deck: {counted(v['deck_count'], 'card')}; discard pile: {v['discard_count']}.")
    return lines


# -- what an event means for the player it hits (explain_hit) ---------------------------------------


def _turn_count(n: int) -> str:
    return "turn" if n == 1 else f"{n} turns"


def _flood_end(state: dict, seat: int, river: str) -> str:
    """Returns until when the flood of a river lasts, counted in its drawer's turns."""
    texts = HIT_TEXT["washed_away"]
    ev = next((e for e in reversed(state["events"]) if e["type"] == "flood" and e.get("river") == river), None)
    if ev is None:
        return texts["over"]
    drawer, left = ev["drawer"], ev["turns_left"]
    current = state["phase"] == "play" and state["turn"] == drawer
    which = {1: "current" if current else "next", 2: "next" if current else "next but one"}.get(left, "next")
    whose = "your" if drawer == seat else f"{seat_label(drawer)}'s"
    return texts["by"].format(whose=whose, which=which)


def explain_hit(engine, state: dict, event: dict, seat: int) -> list[str]:
    """Returns [what it does, what mends it, by when] for a player an event hits (Engine.explain_hit)."""
    if state["result"] or not 0 <= seat < len(state["players"]):
        return []
    p = state["players"][seat]
    kind = event.get("type")
    pub = event.get("public") or {}
    if kind == "tax":
        t = HIT_TEXT["tax"]
        return [t["does"].format(cash=p["cash"], to_win=state["cash_to_win"]), t["mends"], t["by"]]
    if kind == "derailed":
        t = HIT_TEXT["derailed"]
        choosing = any(x["seat"] == seat and x.get("kind") == "derailment" for x in state["pending"])
        k = p["lost_turns"]
        if choosing:
            does = t["choose"] + (t["choose_public"] if state["mode"] == "public" else "")
        else:
            does = t["lost"].format(loads=", ".join(p["loads"]) or "nothing")
        if k:
            does += t["skip"].format(turns=_turn_count(k))
        elif choosing and p["derailed"]:
            does += t["ends"]
        else:
            does += t["past"]
        if k:
            by = t["by_skip"].format(turns=_turn_count(k), has="has" if k == 1 else "have")
            if choosing:
                by = f"{t['by_choose']} {by}"
        elif choosing:
            by = t["by_ends"] if p["derailed"] else t["by_choose"]
        else:
            by = t["by_past"]
        return [does, t["mends"], by]
    if kind == "washed_away":
        t = HIT_TEXT["washed_away"]
        sections = pub.get("sections") or []
        rivers = {RIVER_OF.get(edge(node(*a), node(*b))) for a, b in sections} - {None}
        if len(rivers) != 1:
            return []
        river = rivers.pop()
        return [t["does"].format(river=river), t["mends"], _flood_end(state, seat, river)]
    if kind == "deliver" and seat in (pub.get("freed") or []):
        t = HIT_TEXT["freed"]
        fields = {"card": pub.get("card"), "good": pub.get("good")}
        return [t["does"].format(**fields), t["mends"].format(**fields), t["by"]]
    return []
