"""Ogallala's email replies beyond the menu's numbers: the seat's river as a grid with a code on
each free space its card may go (`reply_grid`), and the actions a reply names (`command`): a
space's code ("B7") places the card there; a stack's name draws from it (Ogallala I).
"""

from __future__ import annotations

import re

from ..base import IllegalAction
from .cards import STACKS_I, card_public, info
from .state import taken_card
from .words import EMPTY, card_text

ROW_CODES = "ABC"
# a space's code at the start of a reply: "B7", "b 7", "'B7'", "[B-7]", "place at B7", then no more letters
# or digits of the code ("Bow" or "B7x" is no code)
CODE = re.compile(
    r"^(?:(?:place|put)\s+(?:it\s+)?(?:at|on|in)?\s*|space\s+)?[\"'“”‘’«»\[(<]*\s*([a-z])\s*-?\s*(\d{1,2})(?![\w])",
    re.IGNORECASE,
)


def space_code(r: int, c: int) -> str:
    """Returns a space's code in a reply: its row's letter and its space number ("B7")."""
    return f"{ROW_CODES[r]}{c + 1}"


def _plain_places(engine, state: dict, seat: int) -> dict[tuple[int, int], dict]:
    """Returns the placements that move no other card, by space, when the seat has a card to place."""
    if state["result"] or seat != state["turn"] or engine.current_step(state) not in ("place", "take"):
        return {}
    return {
        (a["row"], a["col"]): a
        for a in engine.legal_actions(state, seat)
        if a["type"] == "place" and not a.get("moves")
    }


def _placing(state: dict) -> str:
    task = state["pending"][0]
    return taken_card(state, task) if task["kind"] == "take" else task["card"]


def reply_grid(engine, state: dict, seat: int) -> dict | None:
    """Returns the seat's river with a code on each free space its card may go (Engine.reply_grid):
    one line per space number, one column per row, so the grid reads in a narrow email."""
    places = _plain_places(engine, state, seat)
    if not places:
        return None
    tribes = state["two_tribes"]
    disp = state["displays"][seat]
    rows = []
    for c in range(state["row_length"]):
        cells = []
        for r in range(len(disp)):
            cid = disp[r][c]
            if cid is not None:
                cells.append({"text": card_text(card_public(cid), short=True, colour=tribes), "code": None})
            elif (r, c) in places:
                cells.append({"text": "", "code": space_code(r, c), "action": places[(r, c)]})
            else:
                cells.append({"text": EMPTY, "code": None})
        rows.append({"label": str(c + 1), "cells": cells})
    example = space_code(*min(places))
    name = info(_placing(state)).name
    return {
        "title": "Your river (a column per row, a line per space)",
        "columns": [f"Row {r + 1} ({ROW_CODES[r]})" for r in range(len(disp))],
        "rows": rows,
        "how": f"To place {name}, reply with the code of a free space shown in the grid, e.g. {example}.",
    }


def command(engine, state: dict, seat: int, text: str) -> dict | None:
    """Returns the action a reply names beyond the menu (Engine.command): a space's code ("B7")
    places the card to place there; a stack's name draws from it (Ogallala I)."""
    match = CODE.match(text.strip())
    if match:
        return _code_action(engine, state, seat, match.group(1).upper(), int(match.group(2)))
    words = set(re.sub(r"[^\w\s]", " ", text.lower()).split())
    if (
        state["edition"] == "I"
        and engine.current_step(state) == "draw"
        and seat == state["turn"]
        and not state["result"]
    ):
        stacks = [k for k, name in enumerate(STACKS_I) if words & STACK_WORDS[k]]
        if len(stacks) == 1:
            action = {"type": "draw", "stack": stacks[0]}
            if action not in engine.legal_actions(state, seat):
                raise IllegalAction(f"The {STACKS_I[stacks[0]]} stack is empty.")
            return action
    return None


# the words that name each Ogallala I stack in a reply ("warriors", "booty", "bows")
STACK_WORDS = ({"bow", "bows", "stern", "sterns"}, {"warrior", "warriors"}, {"booty"})


def _code_action(engine, state: dict, seat: int, letter: str, number: int) -> dict:
    """Returns the placement a space's code names, or raises IllegalAction saying why not."""
    code = f"{letter}{number}"
    if state["result"] or seat != state["turn"] or engine.current_step(state) not in ("place", "take"):
        raise IllegalAction(f"You have no card to place now, so {code} plays nothing.")
    length = state["row_length"]
    if letter not in ROW_CODES or not 1 <= number <= length:
        raise IllegalAction(
            f"There is no space {code}: your river's rows are A, B and C, and their spaces 1 to {length}."
        )
    r, c = ROW_CODES.index(letter), number - 1
    places = _plain_places(engine, state, seat)
    if (r, c) in places:
        return places[(r, c)]
    name = info(_placing(state)).name
    shifted = [a for a in engine.legal_actions(state, seat) if a["type"] == "place" and (a["row"], a["col"]) == (r, c)]
    if len(shifted) == 1:
        return shifted[0]
    held = state["displays"][seat][r][c]
    if held is not None:
        why = f"Space {code} already holds {info(held).name}."
    elif shifted:
        why = f"{name} goes to {code} only by moving other cards: pick one of those moves by its number."
    elif state["edition"] == "II" and any(
        x and info(x).kind == info(_placing(state)).kind for x in state["displays"][seat][r]
    ):
        why = f"Row {letter} already holds {name}, and a row never holds the same card twice."
    elif state["two_tribes"]:
        why = f"{name} at {code} would put red and blue warriors in one row."
    else:
        why = f"{name} cannot go to {code}."
    free = [space_code(*rc) for rc in sorted(places)]
    if 0 < len(free) <= 6:
        why += f" Free spaces for it: {', '.join(free)}."
    elif free:
        why += " Reply with one of the codes in the grid."
    raise IllegalAction(why)
