"""The words of Ogallala: how a space is named (`space_text`), how a menu entry reads
(`action_label`), why a move is refused (`explain_illegal`: its check's sentence, from
menus.py), the table as plain lines for an email (`table_text`, built from the view), and what a
raid means for the player it hits (`explain_hit`; the rule sentences are in cards.py).
"""

from __future__ import annotations

from .. import checks
from ..base import counted, seat_label
from .cards import CONQUEST_SPOILS, CONQUEST_WARRIORS, GAME_END, RAID_EFFECT, RAID_MEND, STACKS_I, info
from .display import boats_of, row_groups
from .menus import refusal
from .state import taken_card
from .view import view


def space_text(r: int, c: int) -> str:
    """Returns how texts name a space of a display."""
    return f"row {r + 1}, space {c + 1}"


def action_label(engine, state: dict, seat: int, action: dict) -> str:
    """Returns a short phrase for a legal action."""
    t = action["type"]
    task = state["pending"][0] if state["pending"] else {}
    if t == "draw":
        if state["edition"] == "I":
            return f"Draw from the {STACKS_I[action['stack']]} stack"
        return "Draw a card"
    if t == "place":
        if task.get("kind") == "take":
            cid = taken_card(state, task)
            where = space_text(action["row"], action["col"])
            return f"Take {info(cid).name} and place it at {where}"
        name = info(task["card"]).name
        label = f"Place {name} at {space_text(action['row'], action['col'])}"
        if action.get("moves"):
            disp = state["displays"][seat]
            label += ", moving " + ", ".join(f"{info(disp[r][a]).name} to space {b + 1}" for r, a, b in action["moves"])
        return label
    if t == "discard":
        card = info(task["card"])
        if task.get("unseen") and card.kind in ("archer", "lasso"):
            return f"Discard {card.name} face down without using it (no free space)"
        return f"Discard {card.name} (no free space)"
    if t == "leave":
        where = "in the box" if "card" in task else f"to {seat_label(task['victim'])}"
        return f"Leave {info(taken_card(state, task)).name} {where}"
    if t == "sink":
        return f"Let the Crazy Axe sink your boat in row {action['row'] + 1} (from space {action['start'] + 1})"
    if t in ("lasso", "shoot", "hunt"):
        cid = state["displays"][action["target"]][action["row"]][action["col"]]
        verb = {"lasso": "Lasso", "shoot": "Shoot", "hunt": "Take"}[t]
        return (
            f"{verb} {info(cid).name} from {seat_label(action['target'])}'s {space_text(action['row'], action['col'])}"
        )
    if t == "attack":
        g = next(
            g
            for g in row_groups(state["displays"][action["target"]][action["row"]], action["row"])
            if g.start == action["start"]
        )
        what = "boat" if g.boat else "section"
        label = (
            f"Attack {seat_label(action['target'])}'s {what} in row {action['row'] + 1}, "
            f"spaces {g.start + 1}-{g.end + 1} (strength {g.strength})"
        )
        if task.get("shots", 1) > 1:
            label += f", using {g.strength + 1} of your strength"
        return label
    return {
        "pass": {"lasso": "Do not use the lasso", "archer": "Do not shoot", "hunt": "Take nothing more"}.get(
            task.get("kind"), "Pass"
        ),
        "no_attack": "Do not attack",
        "end_game": "End the game now",
        "continue": "Play on",
    }.get(t, t)


def explain_illegal(engine, state: dict, seat: int, action: dict) -> str:
    """Returns the sentence of the check that refuses the action (menus.py)."""
    return refusal(state, seat, action) or checks.SAME_MOVE


# -- the table as plain lines for an email ---------------------------------------------------------

TEXT_WIDTH = 88
EMPTY = "—"
# card names too long for a display row, as a row's spaces show them
SHORT_NAMES = {
    "bow": "Bow",
    "stern": "Stern",
    "canoe": "Canoe",
    "bow_warrior": "Bow+warrior",
    "stern_warrior": "Stern+warrior",
    "warrior1": "Warrior",
    "warrior2": "Warriors",
    "warrior3": "Warriors",
    "lasso": "Lasso",
    "archer": "Archer",
}
STEP_TEXT = {
    "lasso": "use the lasso or not",
    "archer": "shoot with the bow and arrow or not",
    "hunt": "take a hunting card or not",
    "end_offer": "end the game now or play on",
}


def card_text(card: dict, *, short: bool = False, colour: bool) -> str:
    """Returns a card of a view as text: its name, its strength (and colour, if asked) if it has them."""
    name = SHORT_NAMES.get(card["kind"], card["name"]) if short else card["name"]
    extra = [str(card["combat"])] if "combat" in card else []
    if colour and card.get("colour"):
        extra.append(card["colour"])
    return f"{name} ({' '.join(extra)})" if extra else name


def _spans(items: list[str]) -> list[str]:
    """Splits texts joined by " · " into runs that fit a line; returns each run's text."""
    out, cur = [], []
    for item in items:
        if cur and len(" · ".join(cur + [item])) > TEXT_WIDTH - 24:
            out.append(" · ".join(cur))
            cur = []
        cur.append(item)
    if cur:
        out.append(" · ".join(cur))
    return out


def row_lines(r: int, cells: list, colour: bool) -> list[str]:
    """Returns one display row as lines, only its cards, each after its space's number: "Row 1:
    1 Bow · 2 Furs · 5 Stern" ("Row 3: empty"); a long row goes on over "Row 3 (more):" lines."""
    items = [f"{i + 1} {card_text(c, short=True, colour=colour)}" for i, c in enumerate(cells) if c is not None]
    if not items:
        return [f"  Row {r + 1}: empty"]
    runs = _spans(items)
    return [f"  Row {r + 1}: {runs[0]}"] + [f"  Row {r + 1} (more): {text}" for text in runs[1:]]


def _group_text(g: dict, what: str) -> str:
    spaces = f"space {g['start'] + 1}" if g["start"] == g["end"] else f"spaces {g['start'] + 1}-{g['end'] + 1}"
    text = f"    {what}: row {g['row'] + 1}, {spaces}, strength {g['strength']}"
    if g.get("totem"):
        text += ", totem pole"
    if g.get("colour"):
        text += f", {g['colour']}"
    return text


def _step_text(pending: dict, phase: str, colour: bool) -> str:
    card = card_text(pending["card"], colour=colour) if pending.get("card") else None
    if phase == "draw":
        return "draw a card"
    if phase == "place" and card:
        return f"place {card}"
    if phase == "place" and pending.get("face_down"):
        return "discard a drawn card that has no space, face down"
    if phase == "take" and card:
        return f"take {card} as spoils and place it"
    if phase == "attack" and pending.get("boat"):
        b = pending["boat"]
        return f"attack with the boat in row {b['row'] + 1}, spaces {b['start'] + 1}-{b['end'] + 1}, or not"
    return STEP_TEXT.get(phase, phase.replace("_", " "))


def table_text(engine, state: dict, seat: int | None) -> list[str]:
    """Returns what that seat (None: a spectator) sees of the table as short lines of text.

    Built from `view` only, so it shows nothing the view hides (the stacks' order, II's discard).
    """
    v = view(engine, state, seat)
    tribes = v["two_tribes"]

    def who(s: int) -> str:
        return "You" if s == seat else seat_label(s)

    head = f"Ogallala {v['edition']}, rows of {v['row_length']} spaces"
    if v["two_tribes"]:
        head += ", two tribes"
    head += "".join(f", {name}" for name in v.get("variants", []))
    lines = [head]
    pending = v["pending"]
    if pending:
        step = _step_text(pending, pending["phase"], tribes)
        if pending["seat"] == seat:
            lines.append(f"Your turn: {step}.")
        else:
            lines.append(f"{seat_label(pending['seat'])}'s turn: {step}.")
    placing = pending["card"]["id"] if pending and pending.get("card") else None
    held = [c for c in v["hand"] if c["id"] != placing]
    if held:
        holder = "You hold" if v["turn"] == seat else f"{seat_label(v['turn'])} holds"
        lines.append(f"{holder} next: " + ", ".join(card_text(c, colour=tribes) for c in held))
    stacks = " · ".join(f"{s['name']} {s['size']}" for s in v["stacks"])
    lines.append(f"Stacks (cards left): {stacks}")
    if "discard" in v:
        lines.append(f"Discard: {counted(v['discard_size'], 'card')}")
        names = [card_text(c, colour=tribes) for c in v["discard"]]
        lines += [f"  {text}" for text in _spans(names)]
    else:
        lines.append(f"Discard: {counted(v['discard_size'], 'card')} (face down)")
    if "spare" in v:
        lines.append(f"In the box for conquered warriors: {len(v['spare'])} empty cards")
    players = sorted(v["players"], key=lambda p: p["seat"] != seat)
    for p in players:
        s = p["seat"]
        lines.append("")
        title = "Your river:" if s == seat else f"{seat_label(s)}'s river:"
        if p["resigned"]:
            title += " (left the game)"
        lines.append(title)
        for r, cells in enumerate(p["display"]):
            lines += row_lines(r, cells, tribes)
        n = p["complete_boats"]
        lines.append(f"  Complete boats: {n}; score so far: {p['score']}")
        lines += [_group_text(g, "Boat") for g in p["boats"]]
        lines += [_group_text(g, "Incomplete") for g in p["sections"]]
    result = v["result"]
    if result:
        lines.append("")
        lines.append(f"Game over: {result['reason']}")
        winners = " and ".join(who(s) for s in result["winners"])
        lines.append(f"Winner: {winners}" if len(result["winners"]) == 1 else f"Winners: {winners}")
        lines.append("Scores: " + ", ".join(f"{who(s)} {result['scores'][s]}" for s in result["ranking"]))
    return lines


# -- what a raid means for the player it hits (explain_hit) ----------------------------------------
RAID_EVENTS = {"lasso": "lasso", "arrow": "arrow", "hunt": "hunt", "attack": "attack"}


def _cards(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def _most_boats(state: dict, seat: int) -> str:
    """Returns who has the most complete boats now, as the hit seat reads it."""
    counts = [len(boats_of(d)) for d in state["displays"]]
    best = max(counts)
    if best == 0:
        return "Nobody has a complete boat yet."
    leaders = [s for s, n in enumerate(counts) if n == best]
    if leaders == [seat]:
        return f"You have the most complete boats now: {best}."
    names = " and ".join("you" if s == seat else seat_label(s) for s in leaders)
    mine = "" if seat in leaders else f"; you have {counts[seat]}"
    return f"Most complete boats now: {names}, with {best}{mine}."


def explain_hit(engine, state: dict, event: dict, seat: int) -> list[str]:
    """Returns [what it does, what mends it, by when] for the player a raid hits (Engine.explain_hit)."""
    kind = RAID_EVENTS.get(event.get("type"))
    pub = event.get("public") or {}
    edition = state["edition"]
    if kind is None or state["result"] or pub.get("victim", seat) != seat or edition not in RAID_EFFECT[kind]:
        return []
    raider = seat_label(event["seat"]) if event.get("seat") is not None else "the raider"
    card = pub.get("card") or {}
    fields = {"raider": raider, "combat": card.get("combat", 0)}
    if kind == "attack":
        warriors, spoils = len(pub.get("warriors_lost") or []), len(pub.get("spoils") or [])
        n = (
            _cards(warriors, "warrior card")
            + (" is" if warriors == 1 else " are")
            + (" now" if edition == "II" else "")
        )
        fields["dead"] = CONQUEST_WARRIORS[edition].format(n=n) if warriors else CONQUEST_WARRIORS["none"]
        n = "Its other card goes" if spoils == 1 else f"Its other {spoils} cards go"
        fields["spoils"] = CONQUEST_SPOILS[edition].format(n=n, raider=raider) if spoils else ""
    does = RAID_EFFECT[kind][edition].format(**fields)
    by_when = f"{GAME_END[edition]} {_most_boats(state, seat)}"
    if edition == "I":
        left = sum(len(s) for s in state["stacks"])
        by_when += f" {_cards(left, 'card')} left in the stacks."
    return [does, RAID_MEND[edition], by_when]
