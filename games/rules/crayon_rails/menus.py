"""What a seat may do now in Crayon Rails: whose decision it is, one check per action kind, and
the menu.

A check returns why an action may not be played now, as a sentence the player reads, or None when
it may. The menu (`legal_actions`) is the simple actions that pass their check, then the
ready-made build and move paths (paths.py, whose validators are the checks of a build and a
move); `refusal`, which `explain_illegal` says, runs the same checks on any other action. So each
rule of a move is written once. The checks read the seat's position through `Seat`, which works
each fact out once (a menu asks many checks).
"""

from __future__ import annotations

from .. import checks
from ..base import IllegalAction, frame_to_act
from . import network as net
from .board import CITY_INDEX, CITY_LIST
from .cards import DEMANDS
from .paths import check_path, path_menu, takes_path
from .state import (
    BUILD_LIMIT,
    DRAFT_KEEP,
    FEE,
    UPGRADE_COST,
    UPGRADES,
    capacity,
    chips_left,
    city_at,
    free_loads,
    lock_map,
    locked_loads,
)

# the simple actions (not paths) that stop once the seat has pitched, or built or upgraded
NOT_AFTER_PITCH = ("pickup", "deliver", "drop", "place_train", "upgrade", "move")
NOT_AFTER_BUILD = ("pickup", "deliver", "drop", "move", "place_train")
AT_A_CITY = ("pickup", "deliver", "drop")


def turn_seats(state: dict) -> list[int]:
    """Returns who decides when no derailed player is choosing: the drafter, else the turn
    (Engine.turn_seats)."""
    if state["phase"] == "draft":
        return [state["draft"]["seat"]]
    return [state["turn"]]


def to_act(state: dict) -> list[int]:
    """Returns the seat that must decide now: a derailed player choosing, the drafter, the turn."""
    return frame_to_act(state, turn_seats)


def unlocked_pool(state: dict) -> list[str]:
    """Returns the pool cards nobody has locked."""
    locks = lock_map(state)
    return [cid for cid in state["pool"] if cid not in locks]


def lose_options(state: dict, seat: int) -> list[dict]:
    """Returns the loads a derailed player may choose to lose."""
    p = state["players"][seat]
    if not p["loads"]:
        return []
    if state["mode"] == "standard":
        return [{"type": "lose_load", "good": g} for g in sorted(set(p["loads"]))]
    opts = [{"type": "lose_load", "good": g} for g in sorted(free_loads(p))]
    for lk in p["locks"]:
        if not lk["private"]:
            opts.append({"type": "lose_load", "good": lk["good"], "card": lk["card"]})
        elif lk["loaded"]:
            opts += [
                {"type": "lose_load", "good": lk["good"], "card": lk["card"], "release": release}
                for release in (False, True)
            ]
    return opts


class Seat:
    """One seat's position in an operating turn as the checks read it, each fact worked out once."""

    __slots__ = ("state", "seat", "p", "stage", "public", "city", "memo")

    def __init__(self, state: dict, seat: int):
        p = state["players"][seat]
        self.state = state
        self.seat = seat
        self.p = p
        self.stage = p["stage"]
        self.public = state["mode"] == "public"
        self.city = city_at(p)  # the city the train stands in, if any
        self.memo: dict = {}

    def fact(self, name, compute):
        """Returns a fact of the position, worked out by compute(state, p) once."""
        if name not in self.memo:
            self.memo[name] = compute(self.state, self.p)
        return self.memo[name]

    def strike(self) -> bool:
        """Whether a strike stops loading and delivering at the train's city."""
        return self.fact("strike", lambda state, p: net.strike_bound(state, self.city))


def _card(action) -> str | None:
    cid = action.get("card")
    return cid if isinstance(cid, str) and cid in DEMANDS else None


def _demand(action, cid) -> tuple | None:
    """Returns (good, city, payoff) of the action's demand on a card, or None if it names none."""
    d = action.get("demand")
    return DEMANDS[cid][d] if cid and type(d) is int and d in (0, 1, 2) else None


# -- one check per kind of the operating turn ------------------------------------------------------
# A kind's check comes in two parts: its gate reads no action (why no action of the kind may be
# played now), its fit reads the action. The menu asks a gate once for the whole kind.
LOCK_REFUSED = (
    "Lock a pool card's demand with a load you carry that locks nothing else; a card "
    "someone locked takes further locks only for the same demand, one per player."
)


def _place_train_gate(s: Seat) -> str | None:
    return "Your train is already on the map." if s.p["pos"] is not None else None


def _place_train(s: Seat, action) -> str | None:
    city = action.get("city")
    return None if isinstance(city, str) and city in CITY_INDEX else "Name a city to put your train on."


def _at_city(verb: str):
    def gate(s: Seat) -> str | None:
        return f"Loads are {verb} at cities." if s.city is None else None

    return gate


def _pickup(s: Seat, action) -> str | None:
    good, city, p = action.get("good"), s.city, s.p
    name = CITY_LIST[city]["name"]
    if good not in CITY_LIST[city]["goods"]:
        return f"{name} does not supply {good}."
    if s.strike():
        return f"A strike stops all loading at {name}."
    if len(p["loads"]) >= capacity(p):
        return f"Your train carries {capacity(p)} loads and is full."
    if s.fact("chips", lambda state, p: chips_left(state))[good] <= 0:
        return f"All the {good} loads are on trains already."
    return None


def _deliver(s: Seat, action) -> str | None:
    cid, p = _card(action), s.p
    if cid is None:
        return "There is no such demand card."
    if s.city is not None and s.strike():
        return f"A strike stops all deliveries at {CITY_LIST[s.city]['name']}."
    mine = next((lk for lk in p["locks"] if lk["card"] == cid and lk["demand"] == action.get("demand")), None)
    if s.public and cid in s.state["pool"] and mine is None:
        return "You deliver a pool card only with a load you locked onto it (lock it first)."
    demand = _demand(action, cid)
    here = s.city is not None and demand is not None and demand[1] == CITY_LIST[s.city]["name"]
    if s.public:
        ok = here and mine is not None and (not mine["private"] or mine["loaded"])
    else:
        ok = here and cid in p["hand"] and demand[0] in p["loads"]
    return None if ok else "You need that demand's card, its load on your train and your train in its city."


def _drop(s: Seat, action) -> str | None:
    good = action.get("good")
    free = s.fact("free", lambda state, p: free_loads(p))
    return None if isinstance(good, str) and good in free else "You may drop only a load you carry that locks no card."


def _lock_gate(s: Seat) -> str | None:
    if not s.public:
        return "Locking belongs to the public-pool mode."
    if s.stage == "build":
        return "Cards are locked before you build or upgrade, not after."
    return None if s.fact("free", lambda state, p: free_loads(p)) else LOCK_REFUSED


def _lock(s: Seat, action) -> str | None:
    cid = _card(action)
    demand = _demand(action, cid)
    if demand is None or action.get("good") != demand[0]:
        return LOCK_REFUSED
    if not s.fact("free", lambda state, p: free_loads(p)).get(demand[0]) or cid not in s.state["pool"]:
        return LOCK_REFUSED
    fixed = s.fact("locks", lambda state, p: lock_map(state)).get(cid)
    if any(lk["card"] == cid for lk in s.p["locks"]) or (fixed and action["demand"] not in fixed):
        return LOCK_REFUSED
    return None


def _pitch(s: Seat) -> str | None:
    if not s.public:
        return "Pitching belongs to the public-pool mode."
    if s.stage != "start":
        return "Pitching gives up the whole turn: do it before anything else."
    if locked_loads(s.p):
        return "You may pitch only with no locked loads on your train."
    if not unlocked_pool(s.state):
        return "Every card in the pool is locked: there is nothing to pitch."
    return None


def _discard_hand(s: Seat) -> str | None:
    if s.public:
        return "In the public-pool mode you pitch pool cards instead."
    if s.stage != "start":
        return "Discarding your hand gives up the whole turn: do it before anything else."
    return None if s.p["hand"] else "You hold no demand cards to discard."


def _upgrade_gate(s: Seat) -> str | None:
    p = s.p
    if s.stage == "build" or p["built"]:
        return "Upgrading is instead of building: not after you built this turn."
    if p["cash"] < UPGRADE_COST:
        return f"An upgrade costs {UPGRADE_COST}; you have {p['cash']}."
    return None


def _upgrade(s: Seat, action) -> str | None:
    if action.get("train") not in UPGRADES[s.p["train"]]:
        return "Freight upgrades to fast or heavy freight, and those to superfreight."
    return None


def _refused(text: str):
    return lambda s: text


# kind: (gate, fit); None: nothing to ask. A kind without a fit is one action, {"type": kind}.
KINDS = {
    "pitch": (_pitch, None),
    "discard_hand": (_discard_hand, None),
    "place_train": (_place_train_gate, _place_train),
    "deliver": (None, _deliver),
    "pickup": (_at_city("picked up"), _pickup),
    "drop": (_at_city("dropped"), _drop),
    "upgrade": (_upgrade_gate, _upgrade),
    "lock": (_lock_gate, _lock),
    "end_turn": (None, None),
    "lose_load": (_refused("Only a derailed train loses a load."), None),
    "keep": (_refused("The setup draft is over."), None),
    "keep_done": (_refused("The setup draft is over."), None),
}


def _stage_refusal(s: Seat, t) -> str | None:
    """What the turn's stage rules out: a pitch leaves only locking; building or upgrading ends
    moving, loading and delivering; loads wait for the train to be on the map."""
    if t in NOT_AFTER_PITCH and s.stage == "pitched":
        return "You pitched this turn: you may only lock loads or end it."
    if t in NOT_AFTER_BUILD and s.stage == "build":
        return "You have built or upgraded this turn: no more moving, loading or delivering."
    if t in AT_A_CITY and s.p["pos"] is None:
        return "Put your train on a city first."
    return None


def play_refusal(s: Seat, action) -> str | None:
    """Returns why the turn's seat may not play a simple action now (None: it may): the turn's
    stage, then the kind's gate and fit."""
    unknown = f"That move is not allowed now (build up to {BUILD_LIMIT}, fees {FEE} a player)."
    return _stage_refusal(s, action.get("type")) or checks.refusal(s, KINDS, action, unknown)


def _deliveries(s: Seat):
    cards = s.p["hand"] if s.state["mode"] == "standard" else [lk["card"] for lk in s.p["locks"]]
    return [{"type": "deliver", "card": cid, "demand": d} for cid in cards for d in range(3)]


def _pickups(s: Seat):
    return [{"type": "pickup", "good": g} for g in CITY_LIST[s.city]["goods"]]


def _drops(s: Seat):
    return [{"type": "drop", "good": g} for g in sorted(set(s.p["loads"]))]


def _upgrades(s: Seat):
    return [{"type": "upgrade", "train": t} for t in UPGRADES[s.p["train"]]]


def _locks(s: Seat):
    return [
        {"type": "lock", "card": cid, "demand": d, "good": DEMANDS[cid][d][0]}
        for cid in s.state["pool"]
        for d in range(3)
    ]


# every kind an operating turn offers, in menu order, with its candidates (None: the one action)
PLAY_TURN = checks.table(
    KINDS,
    ("pitch", None),
    ("discard_hand", None),
    ("place_train", lambda s: [{"type": "place_train", "city": c["name"]} for c in CITY_LIST]),
    ("deliver", _deliveries),
    ("pickup", _pickups),
    ("drop", _drops),
    ("upgrade", _upgrades),
    ("lock", _locks),
    ("end_turn", None),
)


def play_menu(state: dict, seat: int) -> list[dict]:
    """Returns the simple actions of the operating turn that pass their check (checks.menu)."""
    return checks.menu(Seat(state, seat), KINDS, PLAY_TURN, shut=_stage_refusal)


# -- the menu ------------------------------------------------------------------------------------
def _draft_refusal(state: dict, seat: int, action) -> str | None:
    t = action.get("type")
    if t == "keep_done":
        return None
    if t == "keep":
        hand, offer = state["players"][seat]["hand"], state["draft"]["offer"]
        if len(hand) < DRAFT_KEEP and action.get("card") in offer and _demand(action, _card(action)):
            return None
        return "Keep one of the cards you are offered, naming one of its three demands (at most two cards)."
    return "It is the setup draft: keep up to two cards, or pass the rest on."


def simple_actions(state: dict, seat: int) -> list[dict]:
    """Returns every legal action but build and move paths: the candidates that pass their check."""
    if seat not in to_act(state):
        return []
    if state["pending"]:
        return lose_options(state, seat)
    if state["phase"] == "draft":
        offer = state["draft"]["offer"]
        keeps = [{"type": "keep", "card": cid, "demand": d} for cid in offer for d in range(3)]
        return [a for a in [*keeps, {"type": "keep_done"}] if _draft_refusal(state, seat, a) is None]
    if state["phase"] == "build":
        return [{"type": "end_turn"}]
    return play_menu(state, seat)


def legal_actions(state: dict, seat: int) -> list[dict]:
    """Returns the menu: every simple action plus ready-made build and move paths."""
    if seat not in to_act(state):
        return []
    return simple_actions(state, seat) + path_menu(state, seat)


def refusal(state: dict, seat: int, action: dict) -> str | None:
    """Returns why the seat may not play the action now, by the same checks as the menu (for a
    path, the validators'); None when they pass."""
    if state["result"]:
        return "The game is over."
    if seat not in to_act(state):
        return "It is not your turn to decide anything."
    if takes_path(state, action):
        try:
            check_path(state, seat, action)
        except IllegalAction as exc:
            return exc.message
        return None
    if state["pending"]:
        return None if action in lose_options(state, seat) else "You were derailed: choose which load to lose first."
    if state["phase"] == "draft":
        return _draft_refusal(state, seat, action)
    if state["phase"] == "build":
        return None if action.get("type") == "end_turn" else "The first two turns are for building track only."
    return play_refusal(Seat(state, seat), action)
