"""What a seat may do now in Ogallala (whose decision it is, Engine.to_act says): where a card may go, whom a raid or
an attack may hit, one check per action kind, and the menu.

The turn is a queue of steps (`state["pending"]`, engine.py); the first one (or "draw" with an empty
queue) is the step the seat decides. A check returns why an action may not be played now, as a
sentence the player reads, or None when it may: its gate reads the step alone (why no action of
the kind may be played now), its fit reads the action (the space, the target). The menu
(`legal_actions`) is the candidates that pass their check; `refusal`, which `explain_illegal`
says, runs the same checks on any other action. Where a card may go (`placements`,
`suite_moves`) and whom a raid may hit (`targets`) are the rules' own lists: a candidate is drawn
from them and the fit asks them, worked out once through `Step`.
"""

from __future__ import annotations

from itertools import product

from .. import checks
from .cards import info
from .display import Group, boats_of, groups_of, row_groups, row_is_monochrome
from .state import current_step, taken_card


def placements(state: dict, seat: int, cid: str) -> list[tuple[int, int]]:
    """Returns the empty spaces of a display where a card may go."""
    disp = state["displays"][seat]
    card = info(cid)
    out = []
    for r, row in enumerate(disp):
        if state["edition"] == "II" and any(x and info(x).kind == card.kind for x in row):
            continue  # II: the same card never twice in one row
        for c, x in enumerate(row):
            if x is not None:
                continue
            if state["two_tribes"]:
                row[c] = cid
                ok = row_is_monochrome(row)
                row[c] = None
                if not ok:
                    continue
            out.append((r, c))
    return out


def can_place(state: dict, seat: int, cid: str) -> bool:
    return bool(placements(state, seat, cid))


# the orders in which a new suite card and placed cards of its suite may end side by side
SUITE_ORDERS = {
    ("person", "front"),
    ("front", "rear"),
    ("rear", "person"),
    ("person", "front", "rear"),
    ("front", "rear", "person"),
}


def suite_moves(state: dict, seat: int, cid: str) -> list[tuple[int, int, list]]:
    """Returns placements that shift placed suite cards one space each to assemble a suite.

    Only in Ogallala I, only when the new card belongs to a suite already started. The cards
    that move are those the new card completes the suite with: one or both of its placed
    mates in a row (a mate left out stays where it is). Moves are along the row (never off
    the display); the new card must end adjacent to them in a valid order (person-front-rear
    or front-rear-person, or two of those).
    """
    card = info(cid)
    if state["edition"] != "I" or not card.suite:
        return []
    out = []
    for r, row in enumerate(state["displays"][seat]):
        mates = [c for c, x in enumerate(row) if x and info(x).suite == card.suite]
        groups = [mates[:1], mates[1:], mates] if len(mates) == 2 else [mates] if mates else []
        for group in groups:
            for shift in product((-1, 0, 1), repeat=len(group)):
                if any(shift):
                    out += [m for m in _suite_shift(state, row, r, cid, group, shift) if m not in out]
    return out


def _suite_shift(state: dict, row: list, r: int, cid: str, group: list, shift: tuple) -> list:
    """Returns the placements of cid in row r that shifting its cards at `group` by `shift` allows."""
    new_cols = [c + d for c, d in zip(group, shift)]
    if any(not 0 <= c < len(row) for c in new_cols) or len(set(new_cols)) < len(group):
        return []
    trial = list(row)
    for c in group:
        trial[c] = None
    if any(trial[c] is not None for c in new_cols):
        return []
    for c, nc in zip(group, new_cols):
        trial[nc] = row[c]
    moves = [[r, a, b] for a, b in zip(group, new_cols) if a != b]
    out = []
    for c in range(min(new_cols) - 1, max(new_cols) + 2):
        cols = sorted(new_cols + [c])
        if not 0 <= c < len(row) or trial[c] is not None or cols[-1] - cols[0] != len(cols) - 1:
            continue
        trial[c] = cid
        roles = tuple(info(trial[x]).role for x in cols)
        if roles in SUITE_ORDERS and (not state["two_tribes"] or row_is_monochrome(trial)):
            out.append((r, c, moves))
        trial[c] = None
    return out


def targets(state: dict, seat: int, kind: str, task: dict) -> list[dict]:
    """Returns the lasso, arrow, hunt or attack actions open to a seat."""
    out = []
    placeable: dict[str, bool] = {}

    def can_take(cid):
        key = cid.split("#")[0]
        if key not in placeable:
            placeable[key] = can_place(state, seat, cid)
        return placeable[key]

    if kind == "attack":
        boat = attacker(state, seat, task)
        if boat is None:
            return []
        power = task.get("power") or boat.strength
        mine = boat.colours
        hit = {tuple(x) for x in task.get("hit", [])}
    for v in range(state["seats"]):
        if v == seat:
            continue
        for g in groups_of(state["displays"][v]):
            if kind == "attack":
                if g.has_totem or (g.boat and state["edition"] == "II"):
                    continue
                if g.strength >= power:
                    continue
                if state["two_tribes"] and mine and g.colours and g.colours == mine:
                    continue
                if any((v, g.row, c) in hit for c in range(g.start, g.end + 1)):
                    continue
                out.append({"type": "attack", "target": v, "row": g.row, "start": g.start})
                continue
            if kind in ("lasso", "archer") and g.boat and (state["edition"] == "I" or g.has_totem):
                continue  # I: incomplete boats only; II: any boat, but a totem pole guards a complete one
            for c, cid in zip(range(g.start, g.end + 1), g.cards):
                card = info(cid)
                if kind == "lasso":
                    if g.has_totem and card.kind != "totem":
                        continue
                    if can_take(cid):
                        out.append({"type": "lasso", "target": v, "row": g.row, "col": c})
                elif kind == "archer":
                    if not g.has_totem and card.is_warrior:
                        out.append({"type": "shoot", "target": v, "row": g.row, "col": c})
                elif kind == "hunt":
                    if (
                        not g.has_totem
                        and card.suite == task["suite"]
                        and card.role in ("front", "rear")
                        and can_take(cid)
                    ):
                        out.append({"type": "hunt", "target": v, "row": g.row, "col": c})
    return out


def attacker(state: dict, seat: int, task: dict) -> Group | None:
    """Returns the boat an attack step belongs to, if it is still a complete boat."""
    for g in row_groups(state["displays"][seat][task["row"]], task["row"]):
        if g.boat and g.start == task["start"] and g.end == task["end"]:
            return g
    return None


def take_ok(state: dict, seat: int, task: dict) -> bool:
    cid = taken_card(state, task)
    if cid is None:
        return False
    kind = info(cid).kind
    if any(x and info(x).kind == kind for row in state["displays"][seat] for x in row):
        return False
    return can_place(state, seat, cid)


# -- one check per action kind ------------------------------------------------------------------
NOT_ALLOWED = "That move is not allowed now."
NOT_TAKEN = "That card cannot be taken now."
ATTACK_REFUSED = (
    "You can only attack right after completing a boat, and only a weaker boat or "
    "section of another player without a totem pole."
)
END_REFUSED = "You may end the game only right after completing a boat, with 3 or more boats."
RAID_STEPS = {"lasso": "lasso", "shoot": "archer", "hunt": "hunt"}  # action type: the step it answers


class Step:
    """The seat's step as the checks read it: the phase, its task and card, and the rules' lists
    of where the card may go and whom a raid may hit, each worked out once."""

    __slots__ = ("state", "seat", "phase", "task", "memo")

    def __init__(self, state: dict, seat: int):
        self.state = state
        self.seat = seat
        self.phase = current_step(state)
        self.task = state["pending"][0] if state["pending"] else {}
        self.memo: dict = {}

    def card(self) -> str | None:
        """Returns the card to place now (drawn, raided, or offered as spoils), if any."""
        if self.phase == "take":
            return taken_card(self.state, self.task)
        return self.task["card"] if self.phase == "place" else None

    def axe(self) -> bool:
        """Whether the card is Ogallala I's Crazy Axe, who sinks a boat instead of being placed."""
        return self.phase == "place" and self.state["edition"] == "I" and info(self.card()).kind == "axe"

    def spaces(self) -> list[tuple[int, int]]:
        """Returns where the card may go without moving another card."""
        if "spaces" not in self.memo:
            self.memo["spaces"] = placements(self.state, self.seat, self.card())
        return self.memo["spaces"]

    def shifts(self) -> list[tuple[int, int, list]]:
        """Returns where the card may go by moving placed cards of its suite (a drawn card only)."""
        if "shifts" not in self.memo:
            self.memo["shifts"] = suite_moves(self.state, self.seat, self.card()) if self.phase == "place" else []
        return self.memo["shifts"]

    def no_space(self) -> bool:
        """Whether the drawn card may go nowhere at all."""
        return not self.spaces() and not self.shifts()

    def raid(self, kind: str) -> list[dict]:
        """Returns the lasso, arrow, hunt or attack actions open now (targets)."""
        if ("raid", kind) not in self.memo:
            self.memo["raid", kind] = targets(self.state, self.seat, kind, self.task)
        return self.memo["raid", kind]


def _need(phases, why: str):
    """Returns the gate of a kind open only at those steps."""
    return lambda st: None if st.phase in phases else why


def _draw_fit(st: Step, action) -> str | None:
    k, stacks = action.get("stack"), st.state["stacks"]
    ok = isinstance(k, int) and not isinstance(k, bool) and 0 <= k < len(stacks) and stacks[k]
    return None if ok else "That stack is empty or does not exist."


def _place_gate(st: Step) -> str | None:
    if st.phase not in ("place", "take"):
        return "You have no card to place now."
    return "The Crazy Axe is not placed: he sinks one of your complete boats." if st.axe() else None


def _place_fit(st: Step, action) -> str | None:
    if "moves" in action:
        ok = any((r, c, m) == (action.get("row"), action.get("col"), action["moves"]) for r, c, m in st.shifts())
    else:
        ok = (action.get("row"), action.get("col")) in st.spaces()
    if ok:
        return None
    if st.state["edition"] == "II":
        return "That space is taken, off the display, or that row already holds such a card."
    if st.state["two_tribes"]:
        return "That space is taken, off the display, or would mix red and blue warriors."
    return "That space is taken or off the display; cards never move once placed."


def _sink_fit(st: Step, action) -> str | None:
    boats = boats_of(st.state["displays"][st.seat])
    ok = any((b.row, b.start) == (action.get("row"), action.get("start")) for b in boats)
    return None if ok else NOT_ALLOWED


def _discard_gate(st: Step) -> str | None:
    ok = st.phase == "place" and not st.axe() and st.no_space()
    return None if ok else "You may only discard a card that has no free space."


def _raid_gate(t: str):
    """Returns the gate of a raid: its own step, or (II) a lasso thrower or an archer drawn
    with no space, whose raid goes ahead though the card is discarded."""

    def gate(st: Step) -> str | None:
        step = RAID_STEPS[t]
        if st.phase == step:
            return None
        unseen = st.phase == "place" and st.task.get("unseen") and info(st.card()).kind == step
        return None if unseen and st.no_space() else NOT_TAKEN

    return gate


def _raid_fit(st: Step, action) -> str | None:
    return None if action in st.raid(RAID_STEPS[action["type"]]) else NOT_TAKEN


def _attack_fit(st: Step, action) -> str | None:
    return None if action in st.raid("attack") else ATTACK_REFUSED


# kind: (gate, fit); None: nothing to ask. A kind without a fit is one action, {"type": kind}.
KINDS = {
    "draw": (_need(("draw",), "Finish placing or deciding before you draw again."), _draw_fit),
    "sink": (lambda st: None if st.axe() else NOT_ALLOWED, _sink_fit),
    "place": (_place_gate, _place_fit),
    "discard": (_discard_gate, None),
    "lasso": (_raid_gate("lasso"), _raid_fit),
    "shoot": (_raid_gate("shoot"), _raid_fit),
    "hunt": (_raid_gate("hunt"), _raid_fit),
    "leave": (_need(("take",), NOT_ALLOWED), None),
    "pass": (_need(("lasso", "archer", "hunt"), NOT_ALLOWED), None),
    "attack": (_need(("attack",), ATTACK_REFUSED), _attack_fit),
    "no_attack": (_need(("attack",), NOT_ALLOWED), None),
    "end_game": (_need(("end_offer",), END_REFUSED), None),
    "continue": (_need(("end_offer",), END_REFUSED), None),
}


def _places(st: Step) -> list[dict]:
    out = [{"type": "place", "row": r, "col": c} for r, c in st.spaces()]
    return out + [{"type": "place", "row": r, "col": c, "moves": m} for r, c, m in st.shifts()]


# every kind, in menu order, with its candidates (None: the one action of the kind)
CANDIDATES = checks.table(
    KINDS,
    ("draw", lambda st: [{"type": "draw", "stack": k} for k in range(len(st.state["stacks"]))]),
    (
        "sink",
        lambda st: [{"type": "sink", "row": b.row, "start": b.start} for b in boats_of(st.state["displays"][st.seat])],
    ),
    ("place", _places, checks.LISTED),  # where the card may go, as its fit asks it
    ("discard", None),
    ("lasso", lambda st: st.raid("lasso"), checks.LISTED),  # whom a raid may hit, as its fit asks it
    ("shoot", lambda st: st.raid("archer"), checks.LISTED),
    ("hunt", lambda st: st.raid("hunt"), checks.LISTED),
    ("leave", None),
    ("pass", None),
    ("attack", lambda st: st.raid("attack"), checks.LISTED),
    ("no_attack", None),
    ("end_game", None),
    ("continue", None),
)


def legal_actions(state: dict, seat: int) -> list[dict]:
    """Returns every action the seat may take now: the candidates that pass their check."""
    if state["result"] or seat != state["turn"]:
        return []
    return checks.menu(Step(state, seat), KINDS, CANDIDATES)


def refusal(state: dict, seat: int, action: dict) -> str | None:
    """Returns why the seat may not play the action now, by the same checks as the menu; None
    when they pass."""
    if state["result"]:
        return "The game is over."
    if seat != state["turn"]:
        return "It is not your turn."
    return checks.refusal(Step(state, seat), KINDS, action, NOT_ALLOWED)
