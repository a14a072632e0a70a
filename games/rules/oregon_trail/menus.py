"""What a seat may do now in Oregon Trail Race: whose decision it is, one check per action kind,
and the menu.

A check returns why an action may not be played now, as a sentence the player reads, or None when
it may. The menu (`legal_actions`: the web form's buttons, the email's numbered moves) is the
candidates that pass their check; `refusal`, which `explain_illegal` says, runs the same checks
on any other action. So each rule of a move is written once, here.

A turn's check comes in two parts: the kind's gate, which reads no action (why no action of the
kind may be played now: the wagon is not at the front of its trail, no town stands here), and its
fit, which reads the action (the card's trail line, the supplies a trade gives). The menu asks a
gate once for the whole kind and the fit of each candidate. The candidates offer alike moves once
(the second of two cards of one shape, a card that reads the same turned, the second of two
calamities alike in every count, the second town of a kind at a point): such an action passes every
check but is not on the menu. A check reads the seat's position through `Seat`, which works each
fact out once.
"""

from __future__ import annotations

from .. import checks
from ..base import frame_to_act
from .cards import SUPPLY_KINDS, TOWN_KINDS, TRAIL_CARDS, supply_kind, turned
from .state import blocked, calamity_of, living, oxen_dead, remedy, town_of, towns_at
from .supplies import bank_counts, kinds_held, split_remedy

MAX_BACK = 4  # revised: no more than 4 steps back along your trail

NOT_ALLOWED = "That move is not allowed now."
MEND_REFUSED = "You cannot mend that calamity that way now."
NOT_IN_TOWN = "You are not in a town or fort that offers that."
NOT_IN_FRONT = "That calamity is not in front of you."
NO_TOWN_CARD = "You have no such town or fort card to place."

# what the first pending decision waits for ("First ...")
WAITING = {
    "victim": "choose who receives the calamity",
    "river_loss": "choose the supply you lose in the river",
    "thief_bullets": "decide whether to use bullets against the thief",
    "hunting_bullets": "decide whether to spend bullets on hunting",
    "measles_medicine": "decide whether to use medicine against the measles",
    "town_pick": "take your free supply from the town",
}
STUCK_BLOCKS = ("forge", "step_back", "step_forward", "use_town", "place_town")  # revised, in a river
AT_END_ALLOWS = ("mend", "trade", "mend_any", "buy")  # classic, at Willamette Valley
MEND_KINDS = ("mend", "trade", "use_town", "place_town")  # revised: the kinds that mend a calamity
NO_ACTION_LEFT = "The Measles took your last action: mend it with Medicine to get the action back, or end the turn."


def to_act(state) -> list[int]:
    """Returns the seat that must decide now: the first pending decision's, else the turn's."""
    return frame_to_act(state, lambda s: [s["turn"]])


def can_scout(state) -> bool:
    """Ruling: "If the trail deck and its discards are both empty, scouting is not possible"
    (both rulesets; classic trails are trimmed only before towns everyone has passed)."""
    return bool(state["trail_deck"] or state["trail_discard"])


def alike_once(calamities) -> list:
    """Returns the calamities with those alike in every count (kind, turns left, actions or turns
    still to lose) once, and every dead-oxen cause once: the oxen die once, one mend cures all."""
    seen, out = set(), []
    for c in calamities:
        sig = ("oxen",) if oxen_dead(c) else (c["kind"], c["deadline"], c.get("fewer", 0), c.get("skip", 0))
        if sig not in seen:
            seen.add(sig)
            out.append(c)
    return out


class Seat:
    """One seat's position as the checks read it, each fact worked out once (a menu asks many
    checks): the cheap ones at once, the rest when first asked, kept in `memo`."""

    __slots__ = ("state", "seat", "p", "revised", "length", "held_back", "here", "memo")

    def __init__(self, state, seat):
        p = state["players"][seat]
        self.state = state
        self.seat = seat
        self.p = p
        self.revised = state["ruleset"] == "revised"
        self.length = p["trimmed"] + len(p["trail"])  # state.trail_length
        self.held_back = p["stuck"] or p["at_end"]  # a river or Willamette Valley holds the wagon
        self.here = towns_at(state, p["pos"])  # the towns and forts at the marker's point
        self.memo = {}

    def need(self) -> str | None:
        """Returns the height the next forged card starts at; None: any (the first card, after a town)."""
        memo = self.memo
        if "need" not in memo:
            trail = self.p["trail"]
            memo["need"] = trail[-1]["right"] if trail and not towns_at(self.state, self.length) else None
        return memo["need"]

    @property
    def lost_action(self) -> list:
        """Revised: the measles that took this turn's action (mending one gives it back)."""
        return [c["card"] for c in self.p["calamities"] if c["kind"] == "measles" and c.get("penalty_now")]

    def held(self) -> dict:
        """Returns how many supplies of each kind the seat holds."""
        if "held" not in self.memo:
            self.memo["held"] = kinds_held(self.p)
        return self.memo["held"]

    def split(self, c):
        """Returns (covered, missing, left) of a calamity's remedy, or None if no supply mends it."""
        key = ("split", c["card"])
        if key not in self.memo:
            rem = remedy(c)
            if rem is None:
                self.memo[key] = None
            else:
                covered, missing = split_remedy(self.p, rem, self.held())
                left = dict(self.held())
                for k in covered:
                    left[k] -= 1
                self.memo[key] = (covered, missing, left)
        return self.memo[key]

    def mendable(self, c) -> bool:
        """Returns whether the seat holds the whole remedy of a calamity."""
        split = self.split(c)
        return split is not None and not split[1]

    def trades(self, c) -> list[list[str]]:
        """Returns what a trade for a calamity's missing remedy may give: one spare supply for one
        missing, two (neither of a missing kind) for more, in supply order."""
        key = ("trades", c["card"])
        memo = self.memo
        if key not in memo:
            split = self.split(c)
            if split is None or not split[1]:
                memo[key] = []
            else:
                _covered, missing, left = split
                spare = [k for k in SUPPLY_KINDS if left.get(k, 0) > 0 and k not in missing]
                if len(missing) == 1:
                    memo[key] = [[k] for k in spare]
                else:
                    memo[key] = [[a, b] for i, a in enumerate(spare) for b in spare[i:] if a != b or left[a] > 1]
        return memo[key]

    def giving(self) -> dict:
        """Classic: the town that gives each supply kind as the seat steps in: the first town at the
        point waiting for the seat with that kind in its pool."""
        if "giving" not in self.memo:
            giving = self.memo["giving"] = {}
            for t in self.here:
                if self.seat in t["waiting"]:
                    for cid in t["pool"]:
                        giving.setdefault(supply_kind(cid), t)
        return self.memo["giving"]

    def benefits(self, kind) -> list[dict]:
        """Revised: what a town or fort gives now, as action fragments: a fort two supplies from
        the bank (the last one if only one is left); a town one, or the removal of any calamity."""
        key = ("benefits", kind)
        if key in self.memo:
            return self.memo[key]
        if "bank" not in self.memo:
            self.memo["bank"] = bank_counts(self.state)
        counts = self.memo["bank"]
        kinds = [k for k in SUPPLY_KINDS if k in counts]
        out = self.memo[key] = []
        if kind == "fort":
            for i, a in enumerate(kinds):
                for b in kinds[i:]:
                    if a == b and counts[a] < 2:
                        continue
                    out.append({"take": [a, b]})
            if sum(counts.values()) == 1:
                out.append({"take": kinds})
        else:
            out += [{"take": [k]} for k in kinds]
            out += [{"remove": c["card"]} for c in alike_once(self.p["calamities"])]
        return out

    def offers(self, kind, placing=False) -> set:
        """Returns the benefits of a town or fort as keys; placing one may also take nothing."""
        key = ("offers", kind, placing)
        if key not in self.memo:
            benefits = self.benefits(kind) or ([{"take": []}] if placing else [])
            self.memo[key] = {benefit_key(b) for b in benefits}
        return self.memo[key]


def benefit_key(action) -> tuple | None:
    """Returns a town benefit (the "take" or "remove" of an action) as a key, None if unreadable."""
    try:
        key = ("remove", action["remove"]) if "remove" in action else ("take", *action["take"])
        hash(key)
    except (KeyError, TypeError):
        return None
    return key


# -- the gates: why no action of a kind may be played now, read from the position alone ----------
def _ford(s: Seat) -> str | None:
    return None if s.p["stuck"] else "You are not in a river."


def _scout(s: Seat) -> str | None:
    if can_scout(s.state):
        return None
    return "The trail deck and its discards are empty: scouting is not possible."


def _at_front(s: Seat) -> str | None:
    if s.p["pos"] != s.length:
        return "You must stand at the front of your trail to forge."
    if blocked(s.p):
        return "Your wagon cannot move: mend the broken wagon or dead oxen first."
    return None


def _town_here(s: Seat) -> str | None:
    """Revised: a town or fort stands at the marker's point."""
    return None if s.revised and s.here else NOT_IN_TOWN


TOWN_CARD_IDS = frozenset(cid for cid, info in TRAIL_CARDS.items() if info["left"] is None)  # no trail line


def _placing(s: Seat) -> str | None:
    """Revised: a town or fort card in hand is placed (classic forges them)."""
    if s.revised and not TOWN_CARD_IDS.isdisjoint(s.p["hand"]):
        return None
    return NO_TOWN_CARD


def _mending(s: Seat) -> str | None:
    """A calamity is in front of the seat."""
    return None if s.p["calamities"] else MEND_REFUSED


def _step_back(s: Seat) -> str | None:
    pos = s.p["pos"]
    if s.revised:
        ok = pos > max(0, s.length - MAX_BACK, s.p["trimmed"])
        return None if ok else "You cannot move more than 4 steps back on your trail."
    ok = pos > s.state["floor"] and pos > s.p["trimmed"]
    return None if ok else "You cannot step back past a town everyone has passed."


def _step_forward(s: Seat) -> str | None:
    return None if s.p["pos"] < s.length else "You are already at the front of your trail."


def _at_town(s: Seat) -> str | None:
    """Classic: a town or fort the marker has not stepped into stands at its point (at point 0 too:
    a town founded as the first card waits for the players still at Independence)."""
    p = s.p
    return None if not s.revised and not p["in_town"] and s.here else NOT_IN_TOWN


def _in_town(s: Seat) -> str | None:
    """Classic: the marker stands where any calamity is mended and supplies are bought
    (Independence, Willamette Valley, or inside a town or fort)."""
    p = s.p
    if not s.revised and (p["pos"] == 0 or p["at_end"] or (p["in_town"] and s.here)):
        return None
    return NOT_IN_TOWN


def _buy(s: Seat) -> str | None:
    state = s.state
    return _in_town(s) or (None if state["supply_deck"] or state["supply_discard"] else NOT_IN_TOWN)


def _end_turn(s: Seat) -> str | None:
    if s.revised or not can_scout(s.state):
        return None
    return "You cannot pass now."


# -- the fits: why this action of an open kind may not be played ---------------------------------
def _forge_fit(s: Seat, action) -> str | None:
    info = TRAIL_CARDS[action["card"]]
    if info["left"] is None:  # classic founds a town or fort at the front, as it is
        if s.revised:
            return "Towns and forts are placed with 'place a town here'."
        return "That town cannot be founded now." if action.get("turned") else None
    left = SHAPES[action["card"]][1 if action.get("turned") else 0][1]
    need = s.need()
    return f"That card does not match the trail: it must start at the {need}." if need and left != need else None


def _mend_fit(s: Seat, action) -> str | None:
    c = calamity_of(s.p, action.get("calamity"))
    return None if c and s.mendable(c) else MEND_REFUSED


def _trade_fit(s: Seat, action) -> str | None:
    c = calamity_of(s.p, action.get("calamity"))
    return None if c and action.get("give") in s.trades(c) else MEND_REFUSED


def _use_town_fit(s: Seat, action) -> str | None:
    town = town_of(s.state, action.get("town"))
    return None if town in s.here and benefit_key(action) in s.offers(town["kind"]) else NOT_IN_TOWN


def _place_town_fit(s: Seat, action) -> str | None:
    cid = action.get("card")
    kind = TRAIL_CARDS[cid]["kind"] if cid in s.p["hand"] else None
    return None if kind in TOWN_KINDS and benefit_key(action) in s.offers(kind, True) else NO_TOWN_CARD


def _enter_town_fit(s: Seat, action) -> str | None:
    """Classic: a town waiting for the seat gives a free supply of its pool as the seat steps in
    (the first town at the point that has it); with none, the seat steps into the first town."""
    town = town_of(s.state, action.get("town"))
    if town not in s.here:
        return NOT_IN_TOWN
    giving = s.giving()
    if "supply" in action:
        return None if isinstance(action["supply"], str) and giving.get(action["supply"]) is town else NOT_IN_TOWN
    return None if not giving and town is s.here[0] else NOT_IN_TOWN


def _mend_any_fit(s: Seat, action) -> str | None:
    return None if calamity_of(s.p, action.get("calamity")) else NOT_IN_TOWN


# kind: (gate, fit); None: nothing to ask. A kind without a fit is one action, {"type": kind}.
KINDS = {
    "ford": (_ford, None),
    "scout": (_scout, None),
    "forge": (_at_front, _forge_fit),
    "mend": (_mending, _mend_fit),
    "trade": (_mending, _trade_fit),
    "use_town": (_town_here, _use_town_fit),
    "place_town": (_placing, _place_town_fit),
    "step_back": (_step_back, None),
    "step_forward": (_step_forward, None),
    "enter_town": (_at_town, _enter_town_fit),
    "mend_any": (_in_town, _mend_any_fit),
    "buy": (_buy, None),
    "end_turn": (_end_turn, None),
}


def _named_calamity(s: Seat, action) -> str | None:
    """The calamity a town's removal or a mend-any names must be in front of the seat."""
    cid = action.get("remove", action.get("calamity"))
    return NOT_IN_FRONT if cid is not None and calamity_of(s.p, cid) is None else None


def _check(s: Seat, action) -> str | None:
    """Returns the kind's gate's sentence, or its fit's, for any action (None: both pass)."""
    t = action.get("type")
    if t == "forge" and action.get("card") not in s.p["hand"]:
        return "That card is not in your hand."
    why = checks.refusal(s, KINDS, action, NOT_ALLOWED)
    if why and t in ("use_town", "place_town", "mend_any"):
        return _named_calamity(s, action) or why
    return why


def _in_river(s: Seat, t) -> str | None:
    """A river holds the wagon until it is forded (revised: scouting and mending go on)."""
    if s.p["stuck"] and t != "ford" and (not s.revised or t in STUCK_BLOCKS):
        return "You are stuck in the river: ford it first."
    return None


def _at_willamette(s: Seat, t) -> str | None:
    """Classic Willamette Valley leaves only mending (and buying) before the win."""
    if s.p["at_end"] and t not in AT_END_ALLOWS:
        return "You are at Willamette Valley: only mending your calamities (or buying supplies) is left."
    return None


def _no_action_left(s: Seat, t) -> str | None:
    """Revised: a turn whose measles took its last action may only mend that measles or end."""
    if s.state["actions_left"] <= 0 and t != "end_turn" and (t not in MEND_KINDS or not s.lost_action):
        return NO_ACTION_LEFT
    return None


def _mends_lost_action(s: Seat, action) -> str | None:
    """Revised, no action left: the action mends the measles that took it."""
    if s.state["actions_left"] <= 0 and action["type"] != "end_turn":
        if action.get("calamity", action.get("remove")) not in s.lost_action:
            return NO_ACTION_LEFT
    return None


def turn_refusal(s: Seat, action) -> str | None:
    """Returns why the turn's seat may not play an action now (None: it may): the river, the
    kind's check, Willamette Valley, a measles that took the last action."""
    t = action.get("type")
    return (
        _in_river(s, t)
        or _check(s, action)
        or _at_willamette(s, t)
        or _no_action_left(s, t)
        or _mends_lost_action(s, action)
    )


# -- the candidates, alike ones once ------------------------------------------------------------
# each card with a trail line: (kind, left, right) as it is and turned (a menu lists one of each)
SHAPES = {
    cid: ((info["kind"], info["left"], info["right"]), (info["kind"], *turned(info["left"], info["right"])))
    for cid, info in TRAIL_CARDS.items()
    if info["left"] is not None
}


def _forges(s: Seat):
    """Every card in hand with a trail line, as it is and turned, one of each shape; none that
    starts at another height than the trail needs (its fit would refuse it)."""
    need = s.need()
    seen, out = set(), []
    for cid in s.p["hand"]:
        shapes = SHAPES.get(cid)
        if shapes is None:
            continue
        for flip, shape in zip((False, True), shapes):
            if shape not in seen and (not need or shape[1] == need):
                seen.add(shape)
                out.append({"type": "forge", "card": cid, "turned": flip})
    return out


def _forges_and_foundings(s: Seat):
    """Classic: the forges, then a town or fort card in hand founded at the front, one of each kind."""
    out, founded = _forges(s), set()
    for cid in s.p["hand"]:
        kind = TRAIL_CARDS[cid]["kind"]
        if kind in TOWN_KINDS and kind not in founded:
            founded.add(kind)
            out.append({"type": "forge", "card": cid, "turned": False})
    return out


def _mends(s: Seat):
    """The mend or the trades for each calamity (alike ones once), as their fits ask them."""
    out = []
    for c in alike_once(s.p["calamities"]):
        if s.mendable(c):
            out.append({"type": "mend", "calamity": c["card"]})
        out += [{"type": "trade", "calamity": c["card"], "give": give} for give in s.trades(c)]
    return out


def _town_uses(s: Seat):
    """Revised: every benefit of the first town and the first fort at the marker's point."""
    firsts = {t["kind"]: t for t in reversed(s.here)}
    out = []
    for t in s.here:
        if firsts[t["kind"]] is t:
            use = {"type": "use_town", "town": t["card"]}
            out += [use | b for b in s.benefits(t["kind"])]
    return out


def _town_placings(s: Seat):
    """Revised: every benefit of placing the first town card and the first fort card in hand."""
    out, seen = [], set()
    for cid in s.p["hand"]:
        kind = TRAIL_CARDS[cid]["kind"]
        if kind in TOWN_KINDS and kind not in seen:
            seen.add(kind)
            place = {"type": "place_town", "card": cid}
            out += [place | b for b in s.benefits(kind) or [{"take": []}]]
    return out


def _town_entries(s: Seat):
    """Classic: stepping into a town at the point with each supply it gives, else into the first."""
    giving = s.giving()
    if not giving:
        return [{"type": "enter_town", "town": s.here[0]["card"]}]
    return [
        {"type": "enter_town", "town": t["card"], "supply": k}
        for t in s.here
        for k in SUPPLY_KINDS
        if giving.get(k) is t
    ]


def _mends_in_town(s: Seat):
    """Classic: mending any calamity in town (alike ones once)."""
    return [{"type": "mend_any", "calamity": c["card"]} for c in alike_once(s.p["calamities"])]


# every kind a turn offers, in menu order, with its candidates (None: the one action of the kind)
REVISED_TURN = checks.table(
    KINDS,
    ("ford", None),
    ("scout", None),
    ("forge", _forges),
    ("mend", _mends, checks.LISTED),  # and the trades, calamity by calamity
    ("use_town", _town_uses, checks.LISTED),  # a town's benefits, as its fit asks them
    ("place_town", _town_placings, checks.LISTED),
    ("step_back", None),
    ("step_forward", None),
    ("end_turn", None),
)
CLASSIC_TURN = checks.table(
    KINDS,
    ("ford", None),
    ("scout", None),
    ("forge", _forges_and_foundings),
    ("mend", _mends, checks.LISTED),
    ("step_back", None),
    ("step_forward", None),
    ("enter_town", _town_entries, checks.LISTED),  # what the towns give, as its fit asks it
    ("mend_any", _mends_in_town, checks.LISTED),
    ("buy", None),
    ("end_turn", None),
)


def _shut(s: Seat, kind) -> str | None:
    """The rules that shut a whole kind besides its gate: the river, Willamette Valley, a measles
    that took the last action."""
    return (s.held_back and (_in_river(s, kind) or _at_willamette(s, kind))) or _no_action_left(s, kind)


def turn_menu(state, seat) -> list[dict]:
    """Returns the actions of the turn's seat that pass their check (checks.menu)."""
    s = Seat(state, seat)
    no_action = state["actions_left"] <= 0
    table = REVISED_TURN if s.revised else CLASSIC_TURN
    if not (s.held_back or no_action):  # the common case, without asking the rules that cannot shut
        return checks.menu(s, KINDS, table)
    return checks.menu(s, KINDS, table, shut=_shut, spoils=_mends_lost_action)


# -- the draft and the pending decisions ----------------------------------------------------------
DRAFTS = [{"type": "draft", "supply": k} for k in SUPPLY_KINDS]


def _draft_refusal(state, action, in_bank=None) -> str | None:
    """`in_bank`: the bank's counts, when the caller has them (the menu counts them once)."""
    if action.get("type") != "draft":
        return "Draft a supply from the bank first."
    supply = action.get("supply")
    if in_bank is None:
        in_bank = bank_counts(state)
    return None if isinstance(supply, str) and supply in in_bank else "That supply is not left in the bank."


def answers(state, pend) -> list[dict]:
    """Returns the answers a pending decision may take: its check is that an answer is one."""
    kind = pend["kind"]
    p = state["players"][pend["seat"]]
    if kind == "victim":
        return [{"type": "victim", "seat": q["seat"]} for q in living(state) if q is not p]
    if kind == "river_loss":
        held = kinds_held(p)
        return [{"type": "lose_supply", "supply": k} for k in SUPPLY_KINDS if k in held]
    if kind in ("thief_bullets", "hunting_bullets"):
        return [{"type": "bullets", "use": True}, {"type": "bullets", "use": False}]
    if kind == "measles_medicine":
        held = kinds_held(p)
        if "medicine" in held:
            acts = [{"type": "measles", "choice": "medicine"}]
        else:
            acts = [{"type": "measles", "choice": "trade", "give": k} for k in SUPPLY_KINDS if k in held]
        return acts + [{"type": "measles", "choice": "decline"}]
    if kind == "town_pick":
        kinds = {supply_kind(c) for c in town_of(state, pend["town"])["pool"]}
        return [{"type": "take_supply", "supply": k} for k in SUPPLY_KINDS if k in kinds]
    return []


def legal_actions(state, seat) -> list[dict]:
    """Returns every action the seat may take now: the candidates that pass their check."""
    if seat not in to_act(state):
        return []
    if state["pending"]:
        return answers(state, state["pending"][0])
    if state["phase"] == "draft":
        in_bank = bank_counts(state)
        return [a for a in DRAFTS if _draft_refusal(state, a, in_bank) is None]
    return turn_menu(state, seat)


def refusal(state, seat, action) -> str | None:
    """Returns why the seat may not play the action now, by the same checks as the menu; None
    when the checks pass (an action the menu does not list is then an alike one)."""
    if state["result"] is not None:
        return "The game is over."
    if seat not in to_act(state):
        return "It is not your turn to decide anything."
    if state["pending"]:
        pend = state["pending"][0]
        return None if action in answers(state, pend) else f"First {WAITING.get(pend['kind'], 'finish the decision')}."
    if state["phase"] == "draft":
        return _draft_refusal(state, action)
    return turn_refusal(Seat(state, seat), action)
