"""The Crayon Rails state: its shape, the deal, and the small queries the engine, the view and
the bot share.

A state is JSON (`State`): mileposts are node integers (board.node), track sections edge integers
(board.edge); views turn both back into [x, y] points.

The framework keys are base.Frame's: `phase` is draft, build or play; out-of-turn decisions (a
derailed player's) queue in `pending`; a seat that left is in `out` (its track stays). `upgrade`
reads a state saved before that frame (version 1: `over`, `players[s]["resigned"]`).
"""

from __future__ import annotations

from typing import TypedDict

from ..base import Frame, Rng, new_frame
from .board import CITY_INDEX, CITY_OF, GOODS, MAJORS, SOURCES
from .cards import ALL_CARDS, DEMANDS, is_event


class Lock(TypedDict):
    """A load committed to one demand of a card (public: a pool card; private: a draft card)."""

    card: str  # the demand card id
    demand: int  # which of its three demands (0..2)
    good: str  # the load's good
    private: bool  # a draft card kept in hand, which only its keeper may deliver
    loaded: bool  # the load is on the train (a private lock waits for its first pickup)


class Player(TypedDict):
    """One seat's railway (`new_player`)."""

    cash: int  # money, in millions
    train: str  # freight, fast, heavy or super
    pos: int | None  # the milepost the train stands at; None before it is placed
    loads: list[str]  # goods on the train
    track: list[int]  # built track sections (edge integers)
    hand: list[str]  # standard: demand cards; public: privately locked draft cards
    locks: list[Lock]  # the player's lock markers
    moves: int  # mileposts the train may still move this turn
    built: int  # spent on building this turn
    upgraded: bool  # upgraded the train this turn (instead of building)
    fees: list[int]  # seats already paid for track use this turn
    stage: str  # start -> move -> build, or pitched; "over" ends the turn
    lost_turns: int  # turns still to lose after a derailment
    derailed: bool  # derailed during its own turn: the turn ends


class Draft(TypedDict):
    """Public mode's setup draft: who is keeping cards, from which offer."""

    seat: int  # the drafting seat
    offer: list[str]  # the demand cards it is offered


class EventInForce(TypedDict, total=False):
    """A snow, flood or strike card in force until the end of its drawer's next turn."""

    card: str  # the event card id
    type: str  # snow, flood or strike
    drawer: int  # the seat whose turn drew it
    turns_left: int  # the drawer's turn ends still to pass
    river: str  # flood: the river
    cities: list[str]  # snow: the centre cities; strike: the struck cities
    radius: int  # snow: mileposts around the cities
    kind: str  # strike: coastal, cities or rail


class Pending(TypedDict):
    """An out-of-turn decision: a derailed player picking the load to lose."""

    seat: int  # the seat that decides
    kind: str  # always derailment
    card: str  # the derailment event card


class Over(TypedDict):
    """How the game ended (what Engine.result returns)."""

    winners: list[int]  # the winning seats (ties share the win)
    ranking: list[int]  # every seat, best first
    reason: str  # a sentence for the log
    cash: list[int]  # each seat's cash at the end


STATE_VERSION = 2  # the Frame (Engine.state_version)


class State(Frame):
    """The whole state of a Crayon Rails game (the Frame's keys, then the game's own)."""

    phase: str  # draft (public setup), build (the two initial building turns) or play
    pending: list[Pending]  # derailed players still to pick a load to lose
    result: Over | None  # None while the game runs
    mode: str  # public (the public-locking pool) or standard (three cards in hand)
    cash_to_win: int  # cash needed, with all but one major city linked, to win
    max_rounds: int  # operating rounds before the game ends by the limit (0: none)
    round: int  # operating rounds begun
    initial_order: list[int]  # the initial building turns' seats, in order
    players: list[Player]  # one per seat
    deck: list[str]  # demand and event card ids, drawn from the end
    discard: list[str]  # delivered, pitched and discarded cards, and resolved events
    pool: list[str]  # public: the face-up demand cards
    set_aside: list[str]  # events dealt during setup, shuffled back before building
    draft: Draft | None  # public setup draft; None outside it
    events: list[EventInForce]  # events in force
    owed: int  # standard: demand cards the turn player is still to draw


TRAINS = {"freight": (9, 2), "fast": (12, 2), "heavy": (9, 3), "super": (12, 3)}
TRAIN_NAMES = {"freight": "Freight", "fast": "Fast Freight", "heavy": "Heavy Freight", "super": "Superfreight"}
UPGRADES = {"freight": ("fast", "heavy"), "fast": ("super",), "heavy": ("super",), "super": ()}
START_CASH = 50
BUILD_LIMIT = 20
UPGRADE_COST = 20
FEE = 4  # for using another player's track, to each owner, once a turn
DRAFT_FIRST = 4  # the first drafter is dealt 4 cards
DRAFT_MORE = 2  # each next drafter gets the rejects plus 2 new cards
DRAFT_KEEP = 2  # and keeps up to 2
HAND = 3  # standard mode: demand cards in hand
MAJORS_TO_WIN = len(MAJORS) - 1
TAX = ((200, 25), (150, 20), (100, 15), (50, 10))


def new_player() -> Player:
    return {
        "cash": START_CASH,
        "train": "freight",
        "pos": None,
        "loads": [],
        "track": [],
        "hand": [],  # standard: demand cards; public: privately locked draft cards
        "locks": [],  # {"card", "demand", "good", "private", "loaded"}
        "moves": 0,
        "built": 0,
        "upgraded": False,
        "fees": [],
        "stage": "start",  # start -> move -> build, or pitched; "over" ends the turn
        "lost_turns": 0,
        "derailed": False,
    }


def build_state(options: dict, seats: int, seed) -> State:
    """Returns a shuffled state before any card is dealt."""
    state: State = {
        **new_frame(STATE_VERSION, seats, seed, phase="draft"),
        "mode": options["mode"],
        "cash_to_win": options["cash_to_win"],
        "max_rounds": options["max_rounds"],
        "round": 0,
        "initial_order": [],
        "players": [new_player() for _ in range(seats)],
        "deck": list(ALL_CARDS),
        "discard": [],
        "pool": [],
        "set_aside": [],
        "draft": None,
        "events": [],
        "owed": 0,
    }
    Rng(state).shuffle(state["deck"])
    return state


def upgrade(state: dict) -> dict:
    """Returns a version-1 state (before the Frame) as a version-2 one: `over` becomes `result`,
    the seats whose `players[s]["resigned"]` is set become `out`."""
    old = dict(state)
    result = old.pop("over")
    players = [{k: v for k, v in p.items() if k != "resigned"} for p in old["players"]]
    out = [s for s, p in enumerate(old["players"]) if p["resigned"]]
    return {**old, "version": 2, "result": result, "out": out, "players": players}


def active(state: dict) -> list[int]:
    return [s for s in range(state["seats"]) if s not in state["out"]]


def speed(p: dict) -> int:
    return TRAINS[p["train"]][0]


def capacity(p: dict) -> int:
    return TRAINS[p["train"]][1]


def city_at(p: dict) -> int | None:
    return None if p["pos"] is None else CITY_OF.get(p["pos"])


def lock_map(state: dict) -> dict[str, dict[int, list[int]]]:
    """Returns {card: {demand: [seats]}} for the public locks on pool cards."""
    out: dict = {}
    for s, p in enumerate(state["players"]):
        for lk in p["locks"]:
            if not lk["private"]:
                out.setdefault(lk["card"], {}).setdefault(lk["demand"], []).append(s)
    return out


def free_loads(p: dict) -> dict[str, int]:
    """Returns {good: loads of it on the train that lock nothing}."""
    free: dict = {}
    for g in p["loads"]:
        free[g] = free.get(g, 0) + 1
    for lk in p["locks"]:
        if not lk["private"] or lk["loaded"]:
            free[lk["good"]] -= 1
    return {g: n for g, n in free.items() if n > 0}


def locked_loads(p: dict) -> int:
    """Returns how many loads on the train lock a card (publicly, or a private card's load)."""
    return sum(1 for lk in p["locks"] if not lk["private"] or lk["loaded"])


def chips_left(state: dict) -> dict[str, int]:
    """Returns {good: load chips still in the supply}."""
    left = dict(GOODS)
    for p in state["players"]:
        for g in p["loads"]:
            left[g] -= 1
    return left


def tax_for(cash: int) -> int:
    return next((t for floor, t in TAX if cash >= floor), 0)


def pool_target(state: dict) -> int:
    return max(1, len(active(state)))


def deal_setup(state: dict, k: int) -> list[str]:
    """Deals k demand cards before play; event cards drawn meanwhile are set aside."""
    out = []
    while len(out) < k and state["deck"]:
        cid = state["deck"].pop()
        (state["set_aside"] if is_event(cid) else out).append(cid)
    return out


def end_setup_draws(state: dict) -> None:
    """Shuffles the events set aside while dealing back into the deck."""
    if state["set_aside"]:
        state["deck"].extend(state["set_aside"])
        state["set_aside"] = []
        Rng(state).shuffle(state["deck"])


def relevant_demands(state: dict, seat: int) -> list[tuple]:
    """Returns the demands a seat may work toward: (card, demand, good, city, payoff, mine).

    Standard: its hand. Public: its private cards and every pool card (`mine` marks the cards
    only it may deliver).
    """
    p = state["players"][seat]
    out = []
    if state["mode"] == "standard":
        for cid in p["hand"]:
            for d, (g, c, pay) in enumerate(DEMANDS[cid]):
                out.append((cid, d, g, c, pay, True))
        return out
    for lk in p["locks"]:
        if lk["private"]:
            g, c, pay = DEMANDS[lk["card"]][lk["demand"]]
            out.append((lk["card"], lk["demand"], g, c, pay, True))
    locks = lock_map(state)
    for cid in state["pool"]:
        fixed = locks.get(cid)
        for d, (g, c, pay) in enumerate(DEMANDS[cid]):
            if fixed and d not in fixed:
                continue
            out.append((cid, d, g, c, pay, False))
    return out


_TARGETS: dict = {}


def target_cities(state: dict, seat: int) -> list[int]:
    """Returns the cities worth a ready-made build or move: demand cities, their goods' sources,
    the major cities."""
    key = (
        seat,
        state["mode"],
        tuple(state["pool"]),
        tuple(state["players"][seat]["hand"]),
        tuple((lk["card"], lk["demand"], lk["private"]) for p in state["players"] for lk in p["locks"]),
    )
    hit = _TARGETS.get(key)
    if hit is None:
        if len(_TARGETS) > 256:
            _TARGETS.clear()
        hit = _TARGETS[key] = _target_cities(state, seat)
    return hit


def _target_cities(state: dict, seat: int) -> list[int]:
    cities = set(MAJORS)
    for _cid, _d, g, c, _pay, _mine in relevant_demands(state, seat):
        cities.add(CITY_INDEX[c])
        cities.update(SOURCES[g])
    return sorted(cities)
