"""The Oregon Trail Race state: its shape, how a fresh game is laid out, and small queries.

The state is one JSON-serialisable dict (`State`). Positions are absolute "points": a marker at
point p stands after the p-th trail card of its own trail (0 is Independence); towns and forts
sit at a point in every trail at once and never count. A player's trail length is
`trimmed + len(trail)`; trimmed cards went back to the trail discard.

The framework keys are base.Frame's: `phase` is draft (revised setup) or play, out-of-turn
decisions queue in `pending`. `out` holds every wagon out of the race: a seat that left and a
wagon whose party died alike (each player with `alive` false): the rules end a dead party's race
as leaving ends it (only a wagon with someone alive can win, and the last one alive wins), the
engine takes both out the same way, and a state saved before the Frame (version 1: `n`, no
`out`, which `upgrade` reads) cannot tell them apart.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from ..base import Frame, Rng, new_frame
from .cards import BROKEN_PARTS, CALAMITY_CARDS, REMEDY, SUPPLY_CARDS, TRAIL_CARDS


class TrailItem(TypedDict):
    """A forged trail card in a player's trail."""

    card: str  # the trail card id
    kind: str  # plain, river_supply, river_drown or trigger
    left: str  # the height the trail line enters at (top, middle, bottom), after turning
    right: str  # the height it leaves at
    turned: bool  # the card was laid turned 180 degrees


class Calamity(TypedDict):
    """An active calamity in front of a player."""

    card: str  # the calamity card id
    kind: str  # its kind (cards.CALAMITY_CARDS)
    deadline: int | None  # turns left to mend it before it strikes; None: no count-down
    fresh: bool  # received during the holder's own turn: the count-down skips that turn
    oxen_dead: NotRequired[bool]  # grass or water that turned into dead oxen
    fewer: NotRequired[int]  # revised: turns still to play with one action fewer
    skip: NotRequired[int]  # classic: turns still to lose
    penalty_now: NotRequired[bool]  # revised measles took this turn's action (given back if mended)


class Player(TypedDict):
    """One wagon (`new_player`)."""

    seat: int  # the seat, 0..n-1
    members: int  # wagon members alive
    alive: bool  # false once the wagon is lost, the seat resigned or was dropped
    hand: list[str]  # trail card ids in hand
    supplies: list[str]  # supply card ids held (a kept hunting card counts as food)
    trail: list[TrailItem]  # forged trail cards still on the table, oldest first
    trimmed: int  # trail cards already picked up behind this player
    pos: int  # the point the marker stands at
    stuck: bool  # in the river of the front card until it is forded
    calamities: list[Calamity]  # active calamities in front of the player
    in_town: bool  # classic: the marker stands in the town at its point
    at_end: bool  # classic: reached Willamette Valley
    out_order: int | None  # when the wagon was lost (for the ranking); None while alive


class Town(TypedDict):
    """A town or fort placed at a point of the race, in every trail at once."""

    card: str  # the trail card id of the town or fort
    kind: str  # town or fort
    point: int  # it sits after this many trail cards
    founder: int  # the seat that placed it
    pool: list[str]  # classic: the free supply cards still waiting there
    waiting: list[int]  # classic: seats still to arrive that may take from the pool


class Pending(TypedDict):
    """An out-of-turn decision waiting for a seat (the first of `pending` is asked now)."""

    kind: str  # victim, river_loss, thief_bullets, hunting_bullets, measles_medicine, town_pick
    seat: int  # the seat that decides
    card: NotRequired[str]  # the revealed calamity card the decision is about
    town: NotRequired[str]  # town_pick: the town's card id
    thief: NotRequired[int]  # thief_bullets: the seat that played the thief
    taker: NotRequired[int]  # thief_bullets: who would take the supply
    giver: NotRequired[int]  # thief_bullets: who would lose it


class Result(TypedDict):
    """How the game ended (what Engine.result returns)."""

    winners: list[int]  # the winning seats (none when the last wagons die together)
    ranking: list[int]  # every seat, best first
    reason: str  # a sentence for the log


STATE_VERSION = 2  # the Frame (Engine.state_version)


class State(Frame):
    """The whole state of an Oregon Trail Race game (the Frame's keys, then the game's own)."""

    phase: str  # draft (revised setup) or play
    pending: list[Pending]  # out-of-turn decisions, first asked first
    result: Result | None  # None while the game runs
    out: list[int]  # the wagons out of the race: dead, or their seat left (sorted)
    options: dict  # the normalised options (ruleset, trail_length, classic_thief)
    ruleset: str  # revised or classic (as in options)
    turn_number: int  # turns played so far, from 1
    actions_left: int  # actions left in this turn
    players: list[Player]  # one per seat
    towns: list[Town]  # towns and forts on the table
    trail_deck: list[str]  # trail card ids, drawn from the end
    trail_discard: list[str]  # picked-up trail cards
    calamity_deck: list[str]  # calamity card ids, drawn from the end
    calamity_discard: list[str]  # used calamity cards (and spent hunting cards)
    supply_bank: list[str]  # revised: the supply cards anyone may get
    supply_deck: list[str]  # classic: the supply cards, drawn from the end
    supply_discard: list[str]  # classic: spent supply cards
    revealed: list[str]  # calamity cards waiting for their victim's decision
    floor: int  # classic: nobody steps back before this point any more
    outs: int  # wagons lost so far (the next out_order)
    draft_order: NotRequired[list[int]]  # revised setup: the seats still to draft, in order


SUPPLIES_PER_PLAYER = {2: 6, 3: 4, 4: 4, 5: 3, 6: 3}
HAND_SIZE = 5
WAGON_MEMBERS = 4


def new_player(seat: int) -> Player:
    """Returns a player's starting record (at Independence, four in the wagon)."""
    return {
        "seat": seat,
        "members": WAGON_MEMBERS,
        "alive": True,
        "hand": [],  # trail card ids
        "supplies": [],  # supply card ids (a kept hunting card counts as food)
        "trail": [],  # forged cards: {"card", "kind", "left", "right", "turned"}
        "trimmed": 0,  # trail cards already picked up behind this player
        "pos": 0,  # the point the marker stands at
        "stuck": False,  # in the river of the front card until it is forded
        "calamities": [],  # active calamities in front of the player
        "in_town": False,  # classic: the marker stands in the town at its point
        "at_end": False,  # classic: reached Willamette Valley
        "out_order": None,  # when the wagon was lost (for the ranking)
    }


def upgrade(state: dict) -> dict:
    """Returns a version-1 state (before the Frame) as a version-2 one: `n` becomes `seats`, and
    `out` lists the wagons out of the race (those not `alive`)."""
    old = dict(state)
    seats = old.pop("n")
    out = [p["seat"] for p in old["players"] if not p["alive"]]
    return {**old, "version": 2, "seats": seats, "out": out}


def build_state(options: dict, seats: int, seed) -> State:
    """Returns the dealt starting state for the given (normalised) options."""
    state: State = {
        **new_frame(STATE_VERSION, seats, seed),
        "options": dict(options),
        "ruleset": options["ruleset"],
        "turn_number": 1,
        "actions_left": 1,
        "players": [new_player(s) for s in range(seats)],
        "towns": [],
        "trail_deck": sorted(TRAIL_CARDS),
        "trail_discard": [],
        "calamity_deck": sorted(CALAMITY_CARDS),
        "calamity_discard": [],
        "supply_bank": [],
        "supply_deck": [],
        "supply_discard": [],
        "revealed": [],  # a calamity card waiting for its victim's decision
        "floor": 0,  # classic: nobody steps back before this point any more
        "outs": 0,
    }
    rng = Rng(state)
    rng.shuffle(state["trail_deck"])
    rng.shuffle(state["calamity_deck"])
    for p in state["players"]:
        p["hand"] = [state["trail_deck"].pop() for _ in range(HAND_SIZE)]
    per = SUPPLIES_PER_PLAYER[seats]
    if state["ruleset"] == "classic":
        deck = sorted(SUPPLY_CARDS)
        rng.shuffle(deck)
        for p in state["players"]:
            p["supplies"] = [deck.pop() for _ in range(per)]
        state["supply_deck"] = deck
    else:
        state["supply_bank"] = sorted(SUPPLY_CARDS)
        # the last seat drafts first, then the next-to-last, ... round after round
        order = list(range(seats - 1, -1, -1)) * per
        state["phase"] = "draft"
        state["draft_order"] = order
        state["turn"] = order[0]
    return state


def trail_length(player: dict) -> int:
    """Returns how many trail cards the player has forged (towns never count)."""
    return player["trimmed"] + len(player["trail"])


def living(state: dict) -> list[dict]:
    """Returns the players still in the game."""
    return [p for p in state["players"] if p["alive"]]


def towns_at(state: dict, point: int) -> list[dict]:
    """Returns the towns and forts that sit at a point."""
    return [t for t in state["towns"] if t["point"] == point]


def revised(state: dict) -> bool:
    """Returns whether the game plays the revised rules (else classic)."""
    return state["ruleset"] == "revised"


def oxen_dead(c: Calamity) -> bool:
    """Returns whether a calamity is (or has turned into) dead oxen."""
    return c["kind"] == "dead_oxen" or c.get("oxen_dead", False)


def blocks_forging(c: Calamity) -> bool:
    """Returns whether a calamity stops its holder forging (broken parts, dead oxen)."""
    return c["kind"] in BROKEN_PARTS or oxen_dead(c)


def remedy(c: Calamity) -> tuple | None:
    """Returns the supply kinds that mend a calamity (None: only a town does)."""
    if oxen_dead(c):
        return ("oxen",)
    return REMEDY.get(c["kind"])


def blocked(p: Player) -> bool:
    """Returns whether a player's wagon cannot move (a calamity blocks forging)."""
    return any(blocks_forging(c) for c in p["calamities"])


def calamity_of(p: Player, cid) -> Calamity | None:
    """Returns the calamity in front of a player that card `cid` is, or None."""
    return next((c for c in p["calamities"] if c["card"] == cid), None)


def town_of(state: dict, cid) -> Town | None:
    """Returns the town or fort that card `cid` is, or None."""
    return next((t for t in state["towns"] if t["card"] == cid), None)
