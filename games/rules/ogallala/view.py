"""What a seat sees of an Ogallala game, how a menu entry reads, and why a move is refused.

Every display is public: a view hides only the stacks' order (and, in Ogallala II, the discard).
"""

from __future__ import annotations

from ..base import seat_label
from .cards import STACKS_I, card_public, info
from .display import groups_of, row_groups


def space_text(r: int, c: int) -> str:
    """Returns how texts name a space of a display."""
    return f"row {r + 1}, space {c + 1}"


def view(engine, state: dict, seat: int | None) -> dict:
    """Returns what that seat (None: a spectator) may see."""
    scores = engine.scores(state)
    players = []
    for s, disp in enumerate(state["displays"]):
        boats, sections = [], []
        for g in groups_of(disp):
            entry = {
                "row": g.row,
                "start": g.start,
                "end": g.end,
                "strength": g.strength,
                "cards": len(g.cards),
                "totem": g.has_totem,
            }
            if state["two_tribes"]:
                entry["colour"] = next(iter(g.colours)) if g.colours else None
            (boats if g.boat else sections).append(entry)
        rows = []
        for row in disp:
            cells = []
            for c, cid in enumerate(row):
                if cid is None:
                    cells.append(None)
                    continue
                cell = card_public(cid)
                for b in boats:
                    if b["row"] == len(rows) and b["start"] <= c <= b["end"]:
                        cell["in_boat"] = True
                        cell["boat_left"] = c == b["start"]
                        cell["boat_right"] = c == b["end"]
                cells.append(cell)
            rows.append(cells)
        players.append(
            {
                "seat": s,
                "display": rows,
                "boats": boats,
                "sections": sections,
                "complete_boats": len(boats),
                "score": scores[s],
                "resigned": s in state["resigned"],
            }
        )
    names = list(STACKS_I) if state["edition"] == "I" else ["stack"]
    pending = None
    if not state["over"]:
        phase = engine.phase(state)
        pending = {"phase": phase, "seat": state["turn"]}
        if state["tasks"]:
            task = state["tasks"][0]
            if task.get("card"):
                pending["card"] = card_public(task["card"])
            if phase == "take":
                pending["card"] = card_public(state["displays"][task["victim"]][task["row"]][task["col"]])
            if phase == "attack":
                pending["boat"] = {"row": task["row"], "start": task["start"], "end": task["end"]}
    out = {
        "game": engine.name,
        "edition": state["edition"],
        "row_length": state["row_length"],
        "two_tribes": state["two_tribes"],
        "players": players,
        "turn": state["turn"],
        "to_act": engine.to_act(state),
        "stacks": [{"index": k, "name": names[k], "size": len(s)} for k, s in enumerate(state["stacks"])],
        "discard_size": len(state["discard"]),
        "removed_size": len(state["removed"]),
        "hand": [card_public(c) for c in state["hand"]],
        "pending": pending,
        "keep_drawing": state["keep_drawing"],
        "scores": scores,
        "result": engine.result(state),
    }
    if state["edition"] == "I":
        out["discard"] = [card_public(c) for c in state["discard"]]
    return out


def action_label(engine, state: dict, seat: int, action: dict) -> str:
    """Returns a short phrase for a legal action."""
    t = action["type"]
    task = state["tasks"][0] if state["tasks"] else {}
    if t == "draw":
        if state["edition"] == "I":
            return f"Draw from the {STACKS_I[action['stack']]} stack"
        return "Draw a card"
    if t == "place":
        if task.get("t") == "take":
            cid = state["displays"][task["victim"]][task["row"]][task["col"]]
            where = space_text(action["row"], action["col"])
            return f"Take {info(cid).name} and place it at {where}"
        name = info(task["card"]).name
        label = f"Place {name} at {space_text(action['row'], action['col'])}"
        if action.get("moves"):
            disp = state["displays"][seat]
            label += ", moving " + ", ".join(f"{info(disp[r][a]).name} to space {b + 1}" for r, a, b in action["moves"])
        return label
    if t == "discard":
        return f"Discard {info(task['card']).name} (no free space)"
    if t == "leave":
        cid = state["displays"][task["victim"]][task["row"]][task["col"]]
        return f"Leave {info(cid).name} to {seat_label(task['victim'])}"
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
            task.get("t"), "Pass"
        ),
        "no_attack": "Do not attack",
        "end_game": "End the game now",
        "continue": "Play on",
    }.get(t, t)


def explain_illegal(engine, state: dict, seat: int, action: dict) -> str:
    """Returns a sentence saying why an action is not legal now."""
    if state["over"]:
        return "The game is over."
    if seat != state["turn"]:
        return "It is not your turn."
    phase = engine.phase(state)
    t = action.get("type")
    if t == "draw":
        if phase != "draw":
            return "Finish placing or deciding before you draw again."
        return "That stack is empty or does not exist."
    if t == "place":
        if phase not in ("place", "take"):
            return "You have no card to place now."
        if state["edition"] == "II":
            return "That space is taken, off the display, or that row already holds such a card."
        if state["two_tribes"]:
            return "That space is taken, off the display, or would mix red and blue warriors."
        return "That space is taken or off the display; cards never move once placed."
    if t == "discard":
        return "You may only discard a card that has no free space."
    if t == "attack":
        return (
            "You can only attack right after completing a boat, and only a weaker boat or "
            "section of another player without a totem pole."
        )
    if t in ("lasso", "shoot", "hunt"):
        return "That card cannot be taken now."
    if t in ("end_game", "continue"):
        return "You may end the game only right after completing a boat, with 3 or more boats."
    return "That move is not allowed now."
