"""The Ogallala state: its shape, and how a fresh game is dealt.

The state is one JSON-serialisable dict (`State`). The river displays hold card ids; boats and
sections are never stored but read off the cards (display.py).

The framework keys are base.Frame's: the turn's pending steps queue in `pending` (each the turn
player's), `phase` is always "play", a seat that left is in `out`. `upgrade` reads a state saved
before that frame (version 1: `tasks` with a step's kind under "t", `over`, `resigned`).
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from ..base import Frame, Rng, new_frame
from .cards import deck, info, spare_empties, stack_of
from .display import ROWS

STATE_VERSION = 2  # the Frame (Engine.state_version)


class Task(TypedDict):
    """A pending step of the turn player's turn; the first of `pending` is their decision now."""

    seat: int  # the turn player
    kind: str  # place, take, lasso, archer, hunt, attack, attack_done or end_offer
    card: NotRequired[str]  # place: the card in hand to place; take: the box's card on offer
    src: NotRequired[str]  # place: where the card came from (stack, lasso, hunt, spoils); take: spare (the box)
    unseen: NotRequired[bool]  # place (II): a drawn card with no space, discarded face down
    suite: NotRequired[str]  # hunt (II): the suite whose front or rear may be taken
    victim: NotRequired[int]  # take (II spoils): the seat whose display holds the card
    row: NotRequired[int]  # take: the card's row; attack: the attacking boat's row
    col: NotRequired[int]  # take: the card's space
    start: NotRequired[int]  # attack: the attacking boat's first space
    end: NotRequired[int]  # attack: the attacking boat's last space
    shots: NotRequired[int]  # attack: attacks left with this boat (II: the shaman's second)
    power: NotRequired[int]  # attack: strength left for a second attack (II)
    hit: NotRequired[list[list[int]]]  # attack: [seat, row, col] spaces already conquered
    free: NotRequired[bool]  # attack_done (II): no spoils were usable, so the attacker draws on


class Over(TypedDict):
    """How the game ended (`result`; Engine.result returns a copy)."""

    reason: str  # a sentence for the log
    scores: list[int]  # each seat's tally
    winners: list[int]  # the seats with the best tally among those still in the game
    ranking: list[int]  # every seat, best first; seats that left come last


class State(Frame):
    """The whole state of an Ogallala game (the Frame's keys, then the game's own)."""

    pending: list[Task]  # the turn's pending steps, first decided first
    result: Over | None  # None while the game runs
    edition: str  # I or II
    row_length: int  # spaces per display row (14 or 16)
    two_tribes: bool  # Ogallala I variant: red and blue warriors never share a boat
    stacks: list[list[str]]  # face-down stacks (I: bows and sterns, warriors, booty; II: one)
    discard: list[str]  # discarded cards (II: reshuffled into a new stack when it runs out)
    removed: list[str]  # cards out of the game (conquered warriors, sunk boats, I's arrows)
    hand: list[str]  # cards the turn player holds and must place
    displays: list[list[list[str | None]]]  # per seat: ROWS rows of row_length card ids or None
    keep_drawing: bool  # the turn player draws again when the queue is empty
    first_three: int | None  # II: the seat that completed three boats first
    spoils_taken: int  # II: cards taken as spoils by the current attack
    placed_since_reshuffle: int  # II: cards placed since the stack was last reshuffled
    reshuffles: int  # II: how often the discard became the stack
    variants: NotRequired[dict]  # the surplus-card variants played, option -> value (absent: none)
    spare: NotRequired[list[str]]  # spoils_canoes: the box's empty bows, sterns and canoe sections left


# the variants' options and their standard values (a game records those it changes)
VARIANT_DEFAULTS = {
    "crazy_axes": 4,
    "more_raiders": False,
    "spoils_canoes": False,
    "exchange_canoes": False,
    "no_totems": False,
}


def build_state(options: dict, seats: int, seed) -> State:
    """Returns the dealt starting state for the given (normalised) options."""
    state: State = {
        **new_frame(STATE_VERSION, seats, seed),
        "edition": options["edition"],
        "row_length": options["row_length"],
        "two_tribes": options["two_tribes"],
        "stacks": [],
        "discard": [],
        "removed": [],
        "hand": [],
        "displays": [[[None] * options["row_length"] for _ in range(ROWS)] for _ in range(seats)],
        "keep_drawing": True,
        "first_three": None,
        "spoils_taken": 0,
        "placed_since_reshuffle": 0,
        "reshuffles": 0,
    }
    variants = {k: options[k] for k in VARIANT_DEFAULTS if k in options and options[k] != VARIANT_DEFAULTS[k]}
    if variants:
        state["variants"] = variants
    if variants.get("spoils_canoes"):
        state["spare"] = spare_empties(options["edition"], options)
    rng = Rng(state)
    cards = deck(options["edition"], options)
    if options["edition"] == "I":
        stacks = [[], [], []]
        for cid in cards:
            stacks[stack_of(info(cid).kind)].append(cid)
    else:
        stacks = [cards]
    for stack in stacks:
        rng.shuffle(stack)
    state["stacks"] = stacks
    return state


def upgrade(state: dict) -> dict:
    """Returns a version-1 state (before the Frame) as a version-2 one: `tasks` (a step's kind
    under "t") becomes `pending` (each step the turn player's), `over` becomes `result`,
    `resigned` becomes `out` (sorted), and `phase` is "play"."""
    old = dict(state)
    tasks = old.pop("tasks")
    new = {
        "version": 2,
        "phase": "play",
        "pending": [{"seat": old["turn"], "kind": t["t"], **{k: v for k, v in t.items() if k != "t"}} for t in tasks],
        "result": old.pop("over"),
        "out": sorted(old.pop("resigned")),
    }
    return {**old, **new}


def current_step(state: dict) -> str:
    """Returns the pending step: "draw", a task kind, or "over"."""
    if state["result"]:
        return "over"
    return state["pending"][0]["kind"] if state["pending"] else "draw"


def next_seat(state: dict, seat: int) -> int:
    """Returns the next seat in turn order that is still in the game."""
    n = state["seats"]
    for step in range(1, n + 1):
        nxt = (seat + step) % n
        if nxt not in state["out"]:
            return nxt
    return seat


def taken_card(state: dict, task: dict) -> str | None:
    """Returns the card a "take" step offers: one on the victim's display, or one from the box."""
    if "card" in task:
        return task["card"]
    return state["displays"][task["victim"]][task["row"]][task["col"]]
