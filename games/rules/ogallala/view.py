"""What a seat of an Ogallala game sees: the secrets boundary. Every display is public: a view
hides only the stacks' order (and, in Ogallala II, the discard and another seat's drawn card that
has no space). The words a player reads (labels, the table as text, refusals, hits) are in
words.py; the reply grid and commands of an email in commands.py.
"""

from __future__ import annotations

from .cards import STACKS_I, card_public
from .display import groups_of
from .state import taken_card


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
                "resigned": s in state["out"],
            }
        )
    names = list(STACKS_I) if state["edition"] == "I" else ["stack"]
    pending = None
    # II: a drawn card that has no space waits for its discard face down, seen by its drawer only
    unseen = state["pending"][0]["card"] if state["pending"] and state["pending"][0].get("unseen") else None
    if unseen and seat == state["turn"]:
        unseen = None
    if not state["result"]:
        phase = engine.current_step(state)
        pending = {"phase": phase, "seat": state["turn"]}
        if state["pending"]:
            task = state["pending"][0]
            if unseen:
                pending["face_down"] = True
            elif task.get("card"):
                pending["card"] = card_public(task["card"])
            if phase == "take":
                pending["card"] = card_public(taken_card(state, task))
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
        "hand": [card_public(c) for c in state["hand"] if c != unseen],
        "pending": pending,
        "keep_drawing": state["keep_drawing"],
        "scores": scores,
        "result": engine.result(state),
    }
    if state["edition"] == "I":
        out["discard"] = [card_public(c) for c in state["discard"]]
    played = state.get("variants", {})
    variants = [VARIANT_NAMES[k].format(n=played[k] or "no") for k in VARIANT_NAMES if k in played]
    if variants:
        out["variants"] = variants
    if "spare" in state:
        out["spare"] = [card_public(c) for c in state["spare"]]  # the box's empties, public
    return out


# how the table names the variants a game is played with
VARIANT_NAMES = {
    "more_raiders": "more lasso throwers and archers",
    "spoils_canoes": "conquered warriors leave their canoes",
    "exchange_canoes": "warriors instead of empty canoe sections",
    "no_totems": "without totem poles",
    "crazy_axes": "{n} Crazy Axes",
}
