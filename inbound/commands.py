"""Which move a reply's line names: a number from the email's menu, a move's words, a command of
the game (a space's code, a route between cities), or several of them in a row.

A typo is answered with the closest move ("Did you mean 3. Scout?") and plays nothing
(`suggest`). A reply may name several moves in a row on its first line: "B7; then draw from the
warriors stack", "move to Hobbsford; pick up Coal; end the turn" (`steps`).
"""

from __future__ import annotations

import difflib
import logging
import re

from games.rules.base import IllegalAction
from games.selectors import seat_names, with_names

log = logging.getLogger(__name__)

_NUMBER = re.compile(r"^(?:#|no\.?\s*|move\s+)?(\d{1,3})(?:[.):]|\s|$)", re.IGNORECASE)
# Steps are split where a line that names no move as a whole has a semicolon or "then".
STEP_SPLIT = re.compile(r"\s*;\s*(?:and\s+)?(?:then\s+)?|\s*,?\s+(?:and\s+)?then\s+", re.IGNORECASE)


class Unplayable(Exception):
    """A step of a reply that plays nothing: the outcome code and the sentence that says why."""

    def __init__(self, outcome: str, why: str):
        super().__init__(why)
        self.outcome, self.why = outcome, why


def _norm(s: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", s.lower()).split())


def choose(line: str, moves: list[dict]) -> dict | None:
    """Returns the menu entry a reply line picks: by number, or by its label (case-insensitive)."""
    if not line or not moves:
        return None
    match = _NUMBER.match(line)
    if match:
        index = int(match.group(1))
        return next((m for m in moves if m["index"] == index), None)
    wanted = _norm(line)
    exact = [m for m in moves if _norm(m["label"]) == wanted]
    if len(exact) == 1:
        return exact[0]
    prefix = [m for m in moves if _norm(m["label"]).startswith(wanted)] if len(wanted) >= 3 else []
    return prefix[0] if len(prefix) == 1 else None


def suggest(line: str, moves: list[dict]) -> dict | None:
    """Returns the menu entry a line that `choose` could not read most likely meant (a typo:
    "Scuot", "end teh turn"), or None: the closest label, else the one move whose words hold the
    closest match to a word of the line."""
    wanted = _norm(line)
    if not wanted or not moves or wanted.isdigit():
        return None
    labels: dict[str, dict] = {}
    words: dict[str, list[dict]] = {}
    for move in moves:
        label = _norm(move["label"])
        labels.setdefault(label, move)
        for word in set(label.split()):
            if len(word) >= 4 and not word.isdigit():
                words.setdefault(word, []).append(move)
    close = difflib.get_close_matches(wanted, list(labels), n=1, cutoff=0.75)
    if close:
        return labels[close[0]]
    found = set()
    for word in wanted.split():
        if len(word) < 4:
            continue
        for match in difflib.get_close_matches(word, list(words), n=1, cutoff=0.75):
            if len(words[match]) == 1:
                found.add(words[match][0]["index"])
    if len(found) == 1:
        return next(m for m in moves if m["index"] in found)
    return None


def command_choice(game, seat, line: str) -> dict | None:
    """Returns the move a typed command of the game names (Engine.command: a space's code, a route
    between cities) as a menu entry {"label", "action"}, or None when the line is no command;
    raises IllegalAction with the engine's sentence when it is one that cannot be played now."""
    engine = game.engine
    try:
        action = engine.command(game.state, seat.position, line)
    except IllegalAction:
        raise
    except Exception:  # an engine's reading of commands must never cost the reply its answer
        log.exception("game %s: the engine could not read the command %r", game.pk, line[:80])
        return None
    if action is None:
        return None
    label = with_names(engine.action_label(game.state, seat.position, action), seat_names(game))
    return {"index": None, "label": label, "action": action}


def resolve(game, seat, text: str, moves: list[dict], *, first: bool) -> dict:
    """Returns the menu entry a step of a reply names (a number only in the first step: later
    ones come after the menu the email showed has changed), or raises Unplayable."""
    if not first and _NUMBER.match(text):
        raise Unplayable(
            "not_understood",
            f"“{text[:80]}” comes after another move, when the email's numbers no longer hold: "
            "name the move by its words.",
        )
    choice = choose(text, moves)
    if choice is None and text:
        try:
            choice = command_choice(game, seat, text)
        except IllegalAction as exc:  # a command of the game that cannot be played: nothing is
            raise Unplayable("refused", exc.message) from None
    if choice is None:
        guess = suggest(text, moves)
        if guess is not None and first:  # a typo: nothing is played, the answer names the move
            why = f"I could not read a move in “{text[:80]}”. Did you mean {guess['index']}. {guess['label']}?"
        elif guess is not None:
            why = f"I could not read a move in “{text[:80]}”. Did you mean “{guess['label']}”?"
        else:
            why = f"I could not read a move in “{text[:80]}”." if text else "The reply had no move in it."
        if first:
            why += " Reply with the number of a move (or its words) on the first line."
        raise Unplayable("not_understood", why)
    return choice


def steps(line: str, moves: list[dict]) -> list[str]:
    """Returns the moves a reply's line names one after another: the whole line when its words
    name one (a label holding "; " or " then "; a number names only the first step's move)."""
    parts = [p for p in STEP_SPLIT.split(line) if p.strip()] if line else []
    if len(parts) < 2 or (not _NUMBER.match(line) and choose(line, moves) is not None):
        return [line]
    return parts
