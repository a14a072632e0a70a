"""Where on the table an Ogallala action is played (Engine.place): a space of a river display,
"river:<seat>:<row>:<space>" (rows and spaces from 0), a stack "stack:<k>", or the action bar.

A card is placed on a space of the player's own river (a suite's moves there too, so several
actions may share a space); an axe sinks the boat that starts at a space; a lasso, an archer, a
hunt or an attack aims at a card or a boat on another player's river. Drawing is a tap on a stack.
"""

from __future__ import annotations

BAR = "bar"
# What the action bar asks a player to tap for moves on each kind of place (Engine.place_kinds).
PLACE_KINDS = {
    "river": {"tap": "tap a space of your river", "tap_others": "tap a card or boat of another player's river"},
    "stack": {"tap": "tap a stack to draw from it"},
}


def river(seat: int, row: int, space: int) -> str:
    return f"river:{seat}:{row}:{space}"


def place(state: dict, seat: int, action: dict) -> str:
    kind = action.get("type")
    if kind == "draw":
        return f"stack:{action['stack']}"
    if kind == "place":
        return river(seat, action["row"], action["col"])
    if kind == "sink":
        return river(seat, action["row"], action["start"])
    if kind == "attack":
        return river(action["target"], action["row"], action["start"])
    if kind in ("lasso", "shoot", "hunt"):
        return river(action["target"], action["row"], action["col"])
    return BAR


def hit_places(state: dict, seat: int, event: dict, action: dict) -> list[str]:
    """Where an event that hit the seat landed on its own river (Engine.hit_places): the space a
    lasso, an arrow or a hunt took a card from, the spaces of the boat or section an attack
    conquered."""
    kind, pub = event.get("type"), event.get("public") or {}
    if pub.get("victim") != seat:
        return []
    if kind in ("lasso", "arrow", "hunt") and action.get("target") == seat:
        return [river(seat, action["row"], action["col"])]
    if kind == "attack" and isinstance(pub.get("row"), int):
        return [river(seat, pub["row"], c) for c in range(pub["start"], pub["end"] + 1)]
    return []
