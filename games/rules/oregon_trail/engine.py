"""Oregon Trail Race rules engine: the revised rules (default) and the classic rules.

One engine serves both rulesets; the differences sit behind `state["ruleset"]` checks in the
few places they matter (turn length, river attempts, towns and forts, calamity count-downs,
thief and hunting). Legality lives in `legal_actions` alone; `do_apply` trusts it.
"""

from __future__ import annotations

from ..base import BadOptions, Engine, Rng, event, seat_label
from . import bots, standings
from . import cards as card_data
from . import view as view_mod
from .cards import (
    BROKEN_PARTS,
    CALAMITY_CARDS,
    CALAMITY_NAMES,
    LINED_KINDS,
    RIVER_KINDS,
    SUPPLY_KINDS,
    SUPPLY_NAMES,
    TOWN_KINDS,
    TRAIL_CARDS,
    TRAIL_NAMES,
    supply_kind,
    turned,
)
from .state import blocked, blocks_forging, build_state, living, oxen_dead, remedy, revised, towns_at, trail_length

MAX_BACK = 4  # revised: no more than 4 steps back along your trail


def _cal_name(kind) -> str:
    return CALAMITY_NAMES[kind]


def _drawn_text(cid) -> str:
    """Returns the sentence only the scout reads: the trail card drawn, with its trail line."""
    info = TRAIL_CARDS[cid]
    if info["left"] is None:
        return f"You draw a {TRAIL_NAMES[info['kind']]} card."
    return f"You draw {TRAIL_NAMES[info['kind']]}, {info['left']}→{info['right']}."


# -- supplies ---------------------------------------------------------------------------------
def _count_kinds(cids) -> dict:
    """Returns how many supply cards of each kind a list of supply card ids holds."""
    counts = {}
    for cid in cids:
        k = supply_kind(cid)
        counts[k] = counts.get(k, 0) + 1
    return counts


def _kinds_held(p) -> dict:
    return _count_kinds(p["supplies"])


def _take_supply(p, kind) -> str:
    """Removes one held card of a kind (a bank card before a kept hunting card)."""
    sup = p["supplies"]
    for i in range(len(sup) - 1, -1, -1):
        if sup[i].startswith("S") and supply_kind(sup[i]) == kind:
            return sup.pop(i)
    for i in range(len(sup) - 1, -1, -1):
        if supply_kind(sup[i]) == kind:
            return sup.pop(i)
    raise KeyError(kind)


def _split_remedy(p, rem, held=None):
    """Returns (remedy kinds the player holds, remedy kinds they would have to trade for)."""
    left = dict(held if held is not None else _kinds_held(p))
    covered, missing = [], []
    for k in rem:
        if left.get(k, 0) > 0:
            left[k] -= 1
            covered.append(k)
        else:
            missing.append(k)
    return covered, missing


def _return_supply(state, cid) -> None:
    """Puts a spent or lost supply where it goes: the bank (revised) or the supply discard."""
    if cid.startswith("C"):  # a kept hunting card goes to the calamity discard once used
        state["calamity_discard"].append(cid)
    elif revised(state):
        state["supply_bank"].append(cid)
    else:
        state["supply_discard"].append(cid)


def _spend(state, p, kind) -> None:
    _return_supply(state, _take_supply(p, kind))


def _bank_counts(state) -> dict:
    return _count_kinds(state["supply_bank"])


def _from_bank(state, kind) -> str | None:
    bank = state["supply_bank"]
    for i, cid in enumerate(bank):
        if supply_kind(cid) == kind:
            return bank.pop(i)
    return None


def _draw_supplies(state, n) -> list:
    """Classic: draws n supply cards, combining the deck with its shuffled discard if short."""
    deck = state["supply_deck"]
    if len(deck) < n and state["supply_discard"]:
        deck.extend(state["supply_discard"])
        state["supply_discard"] = []
        Rng(state).shuffle(deck)
    return [deck.pop() for _ in range(min(n, len(deck)))]


def _food_to_hunt(state) -> str | None:
    """Classic: returns the food card a hunt takes ("look through the supply discard pile, or
    failing that the deck, for a food card"), or None: then nothing can be had for the bullets."""
    piles = (state["supply_discard"], state["supply_deck"])
    return next((c for pile in piles for c in pile if supply_kind(c) == "food"), None)


# -- calamities -------------------------------------------------------------------------------
def _pick_up_trail(state, p, cut) -> None:
    """Moves the first `cut` cards of a player's trail to the trail discard, keeping the count."""
    state["trail_discard"].extend(x["card"] for x in p["trail"][:cut])
    del p["trail"][:cut]
    p["trimmed"] += cut


def _pick_up_towns_before(state, point) -> None:
    """Picks up every town or fort before a point of the race (with any classic pool left)."""
    keep = []
    for t in state["towns"]:
        if t["point"] < point:
            state["trail_discard"].append(t["card"])
            state["supply_discard"].extend(t["pool"])
        else:
            keep.append(t)
    state["towns"] = keep


def _find_active(state, kind, exclude):
    for p in state["players"]:
        if not p["alive"]:
            continue
        for c in p["calamities"]:
            if c["kind"] == kind and c["card"] != exclude:
                return p, c
    return None, None


def _remove_calamity(state, p, c) -> list:
    """Discards a calamity (every dead-oxen cause at once: oxen die only once)."""
    if oxen_dead(c):
        gone = [x for x in p["calamities"] if oxen_dead(x)]
    else:
        gone = [c]
    for x in gone:
        p["calamities"].remove(x)
        state["calamity_discard"].append(x["card"])
        if x.get("penalty_now") and state["turn"] == p["seat"]:
            state["actions_left"] += 1  # revised measles: the mend was the lost action
    return gone


def _countdown(state, p, rounds) -> int:
    """Returns the turns to mend: revised counts turns, classic rounds x wagon members."""
    return rounds if revised(state) else rounds * max(1, p["members"])


def _alike_once(calamities) -> list:
    """Returns the calamities with those alike in every count (kind, turns left, actions or turns
    still to lose) once, and every dead-oxen cause once: the oxen die once, one mend cures all."""
    seen, out = set(), []
    for c in calamities:
        sig = ("oxen",) if oxen_dead(c) else (c["kind"], c["deadline"], c.get("fewer", 0), c.get("skip", 0))
        if sig not in seen:
            seen.add(sig)
            out.append(c)
    return out


def _add_calamity(state, p, cid, **extra) -> dict:
    c = {"card": cid, "kind": CALAMITY_CARDS[cid], "deadline": None, "fresh": state["turn"] == p["seat"]}
    c.update(extra)
    p["calamities"].append(c)
    return c


# -- the engine -------------------------------------------------------------------------------
class OregonTrailEngine(Engine):
    """Oregon Trail Race: every wagon forges its own trail to Oregon; calamities go to rivals."""

    name = "oregon-trail-race"
    title = "Oregon Trail Race"
    version = "1"
    min_seats = 2
    max_seats = 6
    pitch = "Race your wagon party west along a trail you lay card by card, through rivers, towns and calamities."
    length = "about 10 to 15 turns each"  # turns per player in seeded 2-player bot games (games.rules.simulate)
    variants = [({"ruleset": "revised"}, "Revised rules"), ({"ruleset": "classic"}, "Classic rules")]
    blurb = (
        "Race your wagon party along your own trail to Oregon, mending calamities with supplies "
        "and sending calamities to your rivals. 2 to 6 players."
    )
    demo_options = {"trail_length": 10}
    demo_moves = 24
    options_schema = {
        "ruleset": {
            "default": "revised",
            "choices": ["revised", "classic"],
            "labels": {"revised": "Revised", "classic": "Classic"},
            "label": "Rules",
            "help": "Revised: actions per turn = wagon members, supply bank. "
            "Classic: one action per turn, supply deck.",
        },
        "trail_length": {
            "default": 20,
            "min": 10,
            "max": 30,
            "label": "Trail length",
            "help": "Trail cards to Oregon (revised 10-30, classic 20-25).",
        },
        "classic_thief": {
            "default": "cancel",
            "choices": ["cancel", "keep_bullets", "thief_dies"],
            "labels": {
                "cancel": "Bullets cancel the theft",
                "keep_bullets": "Show the bullets and keep them",
                "thief_dies": "Discard the bullets; the thief loses a member",
            },
            "label": "When a thief strikes",
            "help": "What bullets do against a thief under the classic rules.",
            "when": {"ruleset": ["classic"]},
        },
    }
    conformance_options = [{"ruleset": "revised"}, {"ruleset": "classic"}, {"ruleset": "revised", "trail_length": 10}]
    decision_kinds = {
        "thief_bullets": {
            "label": "A thief strikes and you hold bullets",
            "answers": {"always": "Discard bullets against the thief", "never": "Keep the bullets"},
        },
        "hunting_bullets": {
            "label": "Hunting: spend bullets for food",
            "answers": {"always": "Spend bullets for food", "never": "Keep the bullets"},
        },
        "measles_medicine": {
            "label": "Measles: avoid it with medicine (classic)",
            "answers": {"always": "Discard medicine to avoid measles", "never": "Keep the medicine"},
        },
    }
    # what a finished game tells the standings (the contract's section; the rest is in standings.py)
    edition_option = "ruleset"
    figures = standings.FIGURES
    figures_read_events = True
    length_bin = 20

    def finishing_measure(self, state, result, seat):
        return standings.finishing_measure(state, seat)

    def count_figures(self, state, moves):
        return standings.count_figures(moves)

    def check_options(self, options, seats):
        """Raises BadOptions for a trail length the chosen ruleset does not allow."""
        n = options["trail_length"]
        if options["ruleset"] == "classic" and not 20 <= n <= 25:
            raise BadOptions("Classic rules need a trail length of 20 to 25.")
        if seats is not None and not self.min_seats <= seats <= self.max_seats:
            raise BadOptions("Oregon Trail Race is for 2 to 6 players.")

    def new_state(self, options, seats, seed):
        """Returns the dealt starting state."""
        return build_state(self.normalize_options(options, seats), seats, seed)

    # -- whose move --------------------------------------------------------------------------
    def to_act(self, state):
        """Returns the seat that must decide now."""
        if state["result"] is not None:
            return []
        if state["pending"]:
            return [state["pending"][0]["seat"]]
        return [state["turn"]]

    def turn_seat(self, state):
        """Returns the seat whose turn it is (None once the game is over)."""
        return None if state["result"] is not None else state["turn"]

    def legal_actions(self, state, seat):
        """Returns every action the seat may take now."""
        if state["result"] is not None:
            return []
        if state["pending"]:
            pend = state["pending"][0]
            return self._pending_actions(state, pend) if pend["seat"] == seat else []
        if seat != state["turn"]:
            return []
        if state["phase"] == "draft":
            in_bank = _bank_counts(state)
            return [{"type": "draft", "supply": k} for k in SUPPLY_KINDS if k in in_bank]
        p = state["players"][seat]
        if revised(state):
            acts = self._revised_actions(state, p)
            if state["actions_left"] <= 0:  # only the measles' own lost action is left
                acts = self._measles_mends(p, acts) + [{"type": "end_turn"}]
            return acts
        return self._classic_actions(state, p)

    @staticmethod
    def _measles_mends(p, acts):
        """Revised: the actions among `acts` that mend a measles costing this turn its action.
        "One action fewer, unless you spend an action mending it": that lost action may still
        mend the measles, even when it was the turn's only one."""
        ids = {c["card"] for c in p["calamities"] if c["kind"] == "measles" and c.get("penalty_now")}
        return [a for a in acts if a.get("calamity", a.get("remove")) in ids and a["type"] != "end_turn"]

    # -- legal actions -------------------------------------------------------------------------
    def _pending_actions(self, state, pend):
        kind = pend["kind"]
        p = state["players"][pend["seat"]]
        if kind == "victim":
            return [{"type": "victim", "seat": q["seat"]} for q in living(state) if q["seat"] != pend["seat"]]
        if kind == "river_loss":
            return [{"type": "lose_supply", "supply": k} for k in SUPPLY_KINDS if k in _kinds_held(p)]
        if kind in ("thief_bullets", "hunting_bullets"):
            return [{"type": "bullets", "use": True}, {"type": "bullets", "use": False}]
        if kind == "measles_medicine":
            held = _kinds_held(p)
            acts = []
            if "medicine" in held:
                acts.append({"type": "measles", "choice": "medicine"})
            else:
                acts += [{"type": "measles", "choice": "trade", "give": k} for k in SUPPLY_KINDS if k in held]
            acts.append({"type": "measles", "choice": "decline"})
            return acts
        if kind == "town_pick":
            town = self._town(state, pend["town"])
            kinds = {supply_kind(c) for c in town["pool"]}
            return [{"type": "take_supply", "supply": k} for k in SUPPLY_KINDS if k in kinds]
        return []

    @staticmethod
    def _can_scout(state):
        """Ruling: "If the trail deck and its discards are both empty, scouting is not possible"
        (both rulesets; classic trails are trimmed only before towns everyone has passed)."""
        return bool(state["trail_deck"] or state["trail_discard"])

    def _forge_actions(self, state, p):
        """Returns the forge actions for hand cards with a trail line (one per result shape)."""
        need = None
        length = trail_length(p)
        if length > 0 and p["trail"] and not towns_at(state, length):
            need = p["trail"][-1]["right"]
        seen = set()
        acts = []
        for cid in p["hand"]:
            info = TRAIL_CARDS[cid]
            kind = info["kind"]
            if kind not in LINED_KINDS:
                continue
            for turn in (False, True):
                left, right = (info["left"], info["right"]) if not turn else turned(info["left"], info["right"])
                if turn and (left, right) == (info["left"], info["right"]):
                    continue
                if need is not None and left != need:
                    continue
                key = (kind, left, right)
                if key in seen:
                    continue
                seen.add(key)
                acts.append({"type": "forge", "card": cid, "turned": turn})
        return acts

    def _mend_actions(self, state, p):
        """Returns mend and trade actions, one per distinct calamity situation."""
        acts = []
        held = _kinds_held(p)
        for c in _alike_once(p["calamities"]):
            rem = remedy(c)
            if rem is None:
                continue
            covered, missing = _split_remedy(p, rem, held)
            left = dict(held)
            for k in covered:
                left[k] -= 1
            if not missing:
                acts.append({"type": "mend", "calamity": c["card"]})
                continue
            spare = [k for k in SUPPLY_KINDS for _ in range(left.get(k, 0))]
            if len(missing) == 1:
                for k in SUPPLY_KINDS:
                    if left.get(k, 0) > 0 and k != missing[0]:
                        acts.append({"type": "trade", "calamity": c["card"], "give": [k]})
            else:
                pairs = set()
                for i in range(len(spare)):
                    for j in range(i + 1, len(spare)):
                        if spare[i] in missing or spare[j] in missing:
                            continue
                        pairs.add((spare[i], spare[j]))
                for a, b in sorted(pairs, key=lambda ab: (SUPPLY_KINDS.index(ab[0]), SUPPLY_KINDS.index(ab[1]))):
                    acts.append({"type": "trade", "calamity": c["card"], "give": [a, b]})
        return acts

    def _town_benefits(self, state, p, kind):
        """Returns the revised benefits a town or fort offers now, as action fragments."""
        counts = _bank_counts(state)
        kinds = [k for k in SUPPLY_KINDS if k in counts]
        out = []
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
            # "you can always remove any calamity", each set of alike ones offered once
            out += [{"remove": c["card"]} for c in _alike_once(p["calamities"])]
        return out

    def _revised_actions(self, state, p):
        acts = []
        length = trail_length(p)
        if p["stuck"]:
            acts.append({"type": "ford"})
            if self._can_scout(state):
                acts.append({"type": "scout"})
            acts += self._mend_actions(state, p)
            acts.append({"type": "end_turn"})
            return acts
        if self._can_scout(state):
            acts.append({"type": "scout"})
        if p["pos"] == length and not blocked(p):
            acts += self._forge_actions(state, p)
        acts += self._mend_actions(state, p)
        seen = set()
        for t in towns_at(state, p["pos"]):
            if t["kind"] in seen:
                continue
            seen.add(t["kind"])
            for b in self._town_benefits(state, p, t["kind"]):
                acts.append({"type": "use_town", "town": t["card"], **b})
        seen = set()
        for cid in p["hand"]:
            kind = TRAIL_CARDS[cid]["kind"]
            if kind in TOWN_KINDS and kind not in seen:
                seen.add(kind)
                benefits = self._town_benefits(state, p, kind) or [{"take": []}]
                for b in benefits:
                    acts.append({"type": "place_town", "card": cid, **b})
        if p["pos"] > max(0, length - MAX_BACK, p["trimmed"]):
            acts.append({"type": "step_back"})
        if p["pos"] < length:
            acts.append({"type": "step_forward"})
        acts.append({"type": "end_turn"})
        return acts

    def _classic_in_town(self, state, p):
        return p["pos"] == 0 or p["at_end"] or (p["in_town"] and bool(towns_at(state, p["pos"])))

    @staticmethod
    def _mend_any_actions(p):
        return [{"type": "mend_any", "calamity": c["card"]} for c in _alike_once(p["calamities"])]

    def _classic_actions(self, state, p):
        if p["stuck"]:
            return [{"type": "ford"}]
        acts = []
        if p["at_end"]:
            acts += self._mend_actions(state, p)
            acts += self._mend_any_actions(p)
            if state["supply_deck"] or state["supply_discard"]:
                acts.append({"type": "buy"})
            return acts
        length = trail_length(p)
        can_scout = self._can_scout(state)
        if can_scout:
            acts.append({"type": "scout"})
        if p["pos"] == length and not blocked(p):
            acts += self._forge_actions(state, p)
            seen = set()
            for cid in p["hand"]:
                kind = TRAIL_CARDS[cid]["kind"]
                if kind in TOWN_KINDS and kind not in seen:
                    seen.add(kind)
                    acts.append({"type": "forge", "card": cid, "turned": False})
        acts += self._mend_actions(state, p)
        if p["pos"] > state["floor"] and p["pos"] > p["trimmed"]:
            acts.append({"type": "step_back"})
        if p["pos"] < length:
            acts.append({"type": "step_forward"})
        here = towns_at(state, p["pos"]) if p["pos"] > 0 else []
        if here and not p["in_town"]:
            entered = False
            offered = set()  # two pools at one point: one choice per supply kind
            for t in here:
                if p["seat"] in t["waiting"]:
                    kinds = {supply_kind(c) for c in t["pool"]}
                    for k in SUPPLY_KINDS:
                        if k in kinds and k not in offered:
                            offered.add(k)
                            acts.append({"type": "enter_town", "town": t["card"], "supply": k})
                            entered = True
            if not entered:
                acts.append({"type": "enter_town", "town": here[0]["card"]})
        if self._classic_in_town(state, p):
            acts += self._mend_any_actions(p)
            if state["supply_deck"] or state["supply_discard"]:
                acts.append({"type": "buy"})
        if not can_scout:
            acts.append({"type": "end_turn"})
        return acts

    # -- applying ----------------------------------------------------------------------------
    def do_apply(self, state, seat, action):
        """Applies a legal action; returns the events."""
        events = []
        if state["pending"]:
            self._resolve_pending(state, seat, action, events)
        elif state["phase"] == "draft":
            self._draft(state, seat, action, events)
        else:
            getattr(self, "_act_" + action["type"])(state, state["players"][seat], action, events)
        self._after(state, events)
        return events

    def _draft(self, state, seat, action, events):
        cid = _from_bank(state, action["supply"])
        state["players"][seat]["supplies"].append(cid)
        state["draft_order"].pop(0)
        events.append(
            event(
                "supply_drafted",
                seat,
                f"{seat_label(seat)} drafts {SUPPLY_NAMES[action['supply']]}.",
                public={"supply": action["supply"]},
            )
        )
        if state["draft_order"]:
            state["turn"] = state["draft_order"][0]
        else:
            state["phase"] = "play"
            del state["draft_order"]
            state["turn"] = 0
            self._begin_turn_loop(state, 0, events)

    # turn actions --------------------------------------------------------------------------
    def _spend_action(self, state):
        state["actions_left"] -= 1

    def _act_end_turn(self, state, p, action, events):
        state["actions_left"] = 0
        for c in p["calamities"]:
            c.pop("penalty_now", None)  # the measles' lost action goes unused
        events.append(event("turn_ended", p["seat"], f"{seat_label(p['seat'])} ends the turn."))

    def _act_scout(self, state, p, action, events):
        self._spend_action(state)
        if not state["trail_deck"]:
            state["trail_deck"] = state["trail_discard"]
            state["trail_discard"] = []
            Rng(state).shuffle(state["trail_deck"])
            events.append(event("trail_reshuffled", None, "The trail discards are shuffled into a new trail deck."))
        cid = state["trail_deck"].pop()
        p["hand"].append(cid)
        events.append(
            event(
                "scouted",
                p["seat"],
                f"{seat_label(p['seat'])} scouts the road ahead.",
                private={p["seat"]: {"card": cid, "text": _drawn_text(cid)}},
            )
        )

    def _act_forge(self, state, p, action, events):
        self._spend_action(state)
        seat = p["seat"]
        cid = action["card"]
        p["hand"].remove(cid)
        info = TRAIL_CARDS[cid]
        kind = info["kind"]
        if kind in TOWN_KINDS:  # classic: a town or fort is forged at the front
            self._found_classic_town(state, p, cid, events)
            return
        left, right = info["left"], info["right"]
        if action["turned"]:
            left, right = turned(left, right)
        p["trail"].append({"card": cid, "kind": kind, "left": left, "right": right, "turned": action["turned"]})
        length = trail_length(p)
        p["pos"] = length
        p["in_town"] = False
        events.append(
            event(
                "trail_forged",
                seat,
                f"{seat_label(seat)} forges {TRAIL_NAMES[kind]} ({left}→{right}) as trail card {length}.",
                public={"card": cid, "kind": kind, "left": left, "right": right, "number": length},
            )
        )
        if not revised(state):
            self._classic_forfeit(state, p, events)
        if kind in RIVER_KINDS:
            p["stuck"] = True
            self._ford(state, p, events)
        elif kind == "trigger":
            if revised(state) and length >= state["options"]["trail_length"]:
                pass  # the Nth card draws nothing
            elif len(living(state)) > 1:
                state["pending"].append({"kind": "victim", "seat": seat})
        self._trim(state, events)
        self._check_arrival(state, p, events)

    def _act_ford(self, state, p, action, events):
        self._spend_action(state)
        self._ford(state, p, events)
        self._trim(state, events)
        self._check_arrival(state, p, events)

    def _ford(self, state, p, events):
        seat = p["seat"]
        river = p["trail"][-1]
        roll = Rng(state).die()
        if roll % 2 == 0:
            p["stuck"] = False
            events.append(
                event(
                    "river_forded", seat, f"{seat_label(seat)} rolls {roll} and fords the river.", public={"roll": roll}
                )
            )
            return
        events.append(
            event(
                "river_failed",
                seat,
                f"{seat_label(seat)} rolls {roll} and is stuck in the river.",
                public={"roll": roll},
            )
        )
        if river["kind"] == "river_supply":
            held = _kinds_held(p)
            if len(held) == 1:
                kind = next(iter(held))
                _spend(state, p, kind)
                events.append(
                    event(
                        "supply_lost",
                        seat,
                        f"{seat_label(seat)} loses {SUPPLY_NAMES[kind]} in the river.",
                        public={"supply": kind},
                    )
                )
            elif held:
                state["pending"].append({"kind": "river_loss", "seat": seat})
        elif roll == 1:
            self._lose_members(state, p, 1, "drowned in the river", events)

    def _check_arrival(self, state, p, events):
        """Checks whether the player has reached Oregon (revised) or Willamette (classic)."""
        if not p["alive"] or p["stuck"] or state["result"] is not None:
            return
        n = state["options"]["trail_length"]
        if trail_length(p) < n or p["pos"] < n:
            return
        if revised(state):
            self._win(state, p, events)
        elif not p["at_end"]:
            p["at_end"] = True
            events.append(event("reached_willamette", p["seat"], f"{seat_label(p['seat'])} reaches Willamette Valley."))

    def _act_mend(self, state, p, action, events):
        self._spend_action(state)
        c = self._calamity(p, action["calamity"])
        rem = remedy(c)
        for k in rem:
            _spend(state, p, k)
        self._remove_calamity_ev(state, p, c, "mends", events, " with " + " and ".join(SUPPLY_NAMES[k] for k in rem))

    def _remove_calamity_ev(self, state, p, c, verb, events, how=""):
        gone = _remove_calamity(state, p, c)
        names = ", ".join(_cal_name(x["kind"]) for x in gone)
        events.append(
            event(
                "calamity_mended",
                p["seat"],
                f"{seat_label(p['seat'])} {verb} {names}{how}.",
                public={"calamities": [x["kind"] for x in gone]},
            )
        )

    def _act_trade(self, state, p, action, events):
        c = self._calamity(p, action["calamity"])
        covered, _missing = _split_remedy(p, remedy(c))
        give = action["give"]
        roll = Rng(state).die()
        for k in give:
            _spend(state, p, k)
        gave = " and ".join(SUPPLY_NAMES[k] for k in give)
        if roll % 2 == 1:
            events.append(
                event(
                    "trade_failed",
                    p["seat"],
                    f"{seat_label(p['seat'])} rolls {roll}: the trade fails and {gave} is lost.",
                    public={"roll": roll, "give": give},
                )
            )
            return  # a failed trade spends no action
        self._spend_action(state)
        for k in covered:
            _spend(state, p, k)
        self._remove_calamity_ev(state, p, c, "trades and mends", events, f" (rolled {roll}, gave {gave})")

    def _act_step_back(self, state, p, action, events):
        self._spend_action(state)
        p["pos"] -= 1
        p["in_town"] = bool(towns_at(state, p["pos"])) and p["pos"] > 0
        events.append(
            event(
                "stepped_back",
                p["seat"],
                f"{seat_label(p['seat'])} steps back along the trail.",
                public={"pos": p["pos"]},
            )
        )

    def _act_step_forward(self, state, p, action, events):
        self._spend_action(state)
        p["pos"] += 1
        p["in_town"] = False
        events.append(
            event(
                "stepped_forward",
                p["seat"],
                f"{seat_label(p['seat'])} steps forward along the trail.",
                public={"pos": p["pos"]},
            )
        )
        self._trim(state, events)

    # revised towns ---------------------------------------------------------------------------
    def _town_benefit(self, state, p, kind, action, events):
        seat = p["seat"]
        if "remove" in action:
            c = self._calamity(p, action["remove"])
            self._remove_calamity_ev(state, p, c, "has the town remove", events)
            return
        got = []
        for k in action["take"]:
            cid = _from_bank(state, k)
            if cid is not None:
                p["supplies"].append(cid)
                got.append(k)
        what = " and ".join(SUPPLY_NAMES[k] for k in got) or "nothing"
        events.append(
            event(
                "town_used",
                seat,
                f"{seat_label(seat)} takes {what} at the {kind}.",
                public={"town_kind": kind, "take": got},
            )
        )

    def _act_use_town(self, state, p, action, events):
        self._spend_action(state)
        town = self._town(state, action["town"])
        self._town_benefit(state, p, town["kind"], action, events)

    def _act_place_town(self, state, p, action, events):
        self._spend_action(state)
        cid = action["card"]
        p["hand"].remove(cid)
        kind = TRAIL_CARDS[cid]["kind"]
        state["towns"].append(
            {"card": cid, "kind": kind, "point": p["pos"], "founder": p["seat"], "pool": [], "waiting": []}
        )
        events.append(
            event(
                f"{kind}_founded",
                p["seat"],
                f"{seat_label(p['seat'])} founds a {kind} after trail card {p['pos']}.",
                public={"card": cid, "point": p["pos"]},
            )
        )
        self._town_benefit(state, p, kind, action, events)

    # classic towns ---------------------------------------------------------------------------
    def _found_classic_town(self, state, p, cid, events):
        kind = TRAIL_CARDS[cid]["kind"]
        point = trail_length(p)
        behind = [q for q in living(state) if trail_length(q) <= point]
        pool = _draw_supplies(state, len(behind) + 1)
        town = {
            "card": cid,
            "kind": kind,
            "point": point,
            "founder": p["seat"],
            "pool": pool,
            "waiting": [q["seat"] for q in behind if q["seat"] != p["seat"]],
        }
        state["towns"].append(town)
        p["in_town"] = True
        events.append(
            event(
                f"{kind}_founded",
                p["seat"],
                f"{seat_label(p['seat'])} founds a {kind} after trail card {point}; "
                f"{len(pool)} free supplies wait there.",
                public={"card": cid, "point": point, "pool": list(pool)},
            )
        )
        for _ in range(min(2, len(pool))):
            state["pending"].append({"kind": "town_pick", "seat": p["seat"], "town": cid})
        self._settle_pool(state, town)

    def _settle_pool(self, state, town):
        """Classic: discards what is left of a pool once nobody may still take from it."""
        picks = any(x["kind"] == "town_pick" and x["town"] == town["card"] for x in state["pending"])
        if not town["waiting"] and not picks and town["pool"]:
            state["supply_discard"].extend(town["pool"])
            town["pool"] = []

    def _classic_forfeit(self, state, p, events):
        length = trail_length(p)
        for t in state["towns"]:
            if p["seat"] in t["waiting"] and length > t["point"]:
                t["waiting"].remove(p["seat"])
                self._settle_pool(state, t)

    def _act_enter_town(self, state, p, action, events):
        self._spend_action(state)
        town = self._town(state, action["town"])
        p["in_town"] = True
        text = f"{seat_label(p['seat'])} steps into the {town['kind']}"
        if "supply" in action:
            cid = next(c for c in town["pool"] if supply_kind(c) == action["supply"])
            town["pool"].remove(cid)
            p["supplies"].append(cid)
            town["waiting"].remove(p["seat"])
            text += f" and takes {SUPPLY_NAMES[action['supply']]}"
            self._settle_pool(state, town)
        events.append(
            event("town_entered", p["seat"], text + ".", public={"town": town["card"], "supply": action.get("supply")})
        )

    def _act_mend_any(self, state, p, action, events):
        self._spend_action(state)
        c = self._calamity(p, action["calamity"])
        self._remove_calamity_ev(state, p, c, "mends", events, " in town")

    def _act_buy(self, state, p, action, events):
        self._spend_action(state)
        got = _draw_supplies(state, 1)
        p["supplies"].extend(got)
        events.append(
            event(
                "supplies_bought",
                p["seat"],
                f"{seat_label(p['seat'])} buys supplies.",
                private={
                    p["seat"]: {
                        "supply": [supply_kind(c) for c in got],
                        "text": "You get " + " and ".join(SUPPLY_NAMES[supply_kind(c)] for c in got) + "."
                        if got
                        else "The supply deck is empty: you get nothing.",
                    }
                },
            )
        )

    # pending decisions -------------------------------------------------------------------------
    def _resolve_pending(self, state, seat, action, events):
        pend = state["pending"].pop(0)
        kind = pend["kind"]
        p = state["players"][seat]
        if kind == "victim":
            self._draw_calamity(state, p, state["players"][action["seat"]], events)
        elif kind == "river_loss":
            _spend(state, p, action["supply"])
            events.append(
                event(
                    "supply_lost",
                    seat,
                    f"{seat_label(seat)} loses {SUPPLY_NAMES[action['supply']]} in the river.",
                    public={"supply": action["supply"]},
                )
            )
        elif kind == "thief_bullets":
            self._thief_answer(state, pend, action["use"], events)
        elif kind == "hunting_bullets":
            self._hunting_answer(state, p, pend["card"], action["use"], events)
        elif kind == "measles_medicine":
            self._measles_answer(state, p, pend, action, events)
        elif kind == "town_pick":
            town = self._town(state, pend["town"])
            cid = next(c for c in town["pool"] if supply_kind(c) == action["supply"])
            town["pool"].remove(cid)
            p["supplies"].append(cid)
            events.append(
                event(
                    "town_supply_taken",
                    seat,
                    f"{seat_label(seat)} takes {SUPPLY_NAMES[action['supply']]} from the {town['kind']}.",
                    public={"supply": action["supply"]},
                )
            )
            self._settle_pool(state, town)

    def _draw_calamity(self, state, forger, victim, events):
        if not state["calamity_deck"]:
            state["calamity_deck"] = state["calamity_discard"]
            state["calamity_discard"] = []
            Rng(state).shuffle(state["calamity_deck"])
        if not state["calamity_deck"]:
            events.append(event("calamity_none", forger["seat"], "The calamity deck is empty: nothing happens."))
            return
        cid = state["calamity_deck"].pop()
        kind = CALAMITY_CARDS[cid]
        vs = victim["seat"]
        events.append(
            event(
                "calamity",
                forger["seat"],
                f"{seat_label(forger['seat'])} sends {_cal_name(kind)} to {seat_label(vs)}.",
                public={"calamity": kind, "victim": vs, "by": forger["seat"], "card": cid},
                audience=[vs],
            )
        )
        getattr(self, "_cal_" + (kind if kind not in BROKEN_PARTS else "broken_part"))(
            state, forger, victim, cid, events
        )

    def _cal_broken_part(self, state, forger, victim, cid, events):
        roll = Rng(state).die()
        name = _cal_name(CALAMITY_CARDS[cid])
        if roll >= 4:
            state["calamity_discard"].append(cid)
            events.append(
                event(
                    "calamity_avoided",
                    victim["seat"],
                    f"{seat_label(victim['seat'])} rolls {roll}: the {name} is shrugged off.",
                    public={"roll": roll},
                    audience=[victim["seat"]],
                )
            )
            return
        _add_calamity(state, victim, cid, deadline=_countdown(state, victim, 1))
        events.append(
            event(
                "calamity_received",
                victim["seat"],
                f"{seat_label(victim['seat'])} rolls {roll}: a {name} stops the wagon.",
                public={"roll": roll},
                audience=[victim["seat"]],
            )
        )

    def _cal_dead_oxen(self, state, forger, victim, cid, events):
        _add_calamity(state, victim, cid, deadline=_countdown(state, victim, 1))

    def _pair_oxen(self, state, forger, victim, cid, events):
        kind = CALAMITY_CARDS[cid]
        holder, other = _find_active(state, kind, cid)
        if other is None:
            _add_calamity(state, victim, cid)
            return
        other["oxen_dead"] = True
        other["deadline"] = _countdown(state, holder, 1)
        other["fresh"] = state["turn"] == holder["seat"]
        _add_calamity(state, victim, cid, oxen_dead=True, deadline=_countdown(state, victim, 1))
        events.append(
            event(
                "oxen_died",
                victim["seat"],
                f"The second {_cal_name(kind)} comes up: the oxen of "
                f"{seat_label(holder['seat'])} and {seat_label(victim['seat'])} die.",
                audience=sorted({holder["seat"], victim["seat"]}),
            )
        )

    _cal_inadequate_grass = _pair_oxen
    _cal_bad_water = _pair_oxen

    def _pair_deaths(self, state, victim, cid, events, victim_loses=True):
        """Both paired cards go: the earlier holder and (usually) the receiver lose a member."""
        kind = CALAMITY_CARDS[cid]
        holder, other = _find_active(state, kind, cid)
        holder["calamities"].remove(other)
        state["calamity_discard"].append(other["card"])
        state["calamity_discard"].append(cid)
        events.append(
            event(
                "pair_struck",
                victim["seat"],
                f"The second {_cal_name(kind)} comes up while {seat_label(holder['seat'])} still has the first.",
                audience=sorted({holder["seat"], victim["seat"]}),
            )
        )
        # both losses land together: if they end the last wagons, nobody wins
        self._lose_members(state, holder, 1, _cal_name(kind), events, settle=False)
        if victim_loses:
            self._lose_members(state, victim, 1, _cal_name(kind), events, settle=False)
        self._check_over(state, events)

    def _cal_cholera(self, state, forger, victim, cid, events):
        if _find_active(state, "cholera", cid)[1] is not None:
            self._pair_deaths(state, victim, cid, events)
        else:
            _add_calamity(state, victim, cid)

    def _cal_measles(self, state, forger, victim, cid, events):
        if not revised(state) and victim["supplies"]:
            state["revealed"].append(cid)
            state["pending"].append({"kind": "measles_medicine", "seat": victim["seat"], "card": cid})
            return
        self._measles_lands(state, victim, cid, events)

    def _measles_lands(self, state, victim, cid, events):
        if _find_active(state, "measles", cid)[1] is not None:
            self._pair_deaths(state, victim, cid, events)
        elif revised(state):
            _add_calamity(state, victim, cid, fewer=1)
        else:
            _add_calamity(state, victim, cid, skip=1)

    def _measles_answer(self, state, p, pend, action, events):
        cid = pend["card"]
        choice = action["choice"]
        if choice == "trade":
            roll = Rng(state).die()
            _spend(state, p, action["give"])
            if roll % 2 == 1:
                events.append(
                    event(
                        "trade_failed",
                        p["seat"],
                        f"{seat_label(p['seat'])} rolls {roll}: the trade for medicine fails.",
                        public={"roll": roll},
                    )
                )
                state["pending"].insert(0, pend)
                return
        elif choice == "medicine":
            _spend(state, p, "medicine")
        state["revealed"].remove(cid)
        if choice == "decline":
            self._measles_lands(state, p, cid, events)
            return
        events.append(
            event(
                "calamity_avoided",
                p["seat"],
                f"{seat_label(p['seat'])} avoids the Measles with medicine.",
                audience=[p["seat"]],
            )
        )
        if _find_active(state, "measles", cid)[1] is not None:
            self._pair_deaths(state, p, cid, events, victim_loses=False)
        else:
            state["calamity_discard"].append(cid)

    def _cal_typhoid(self, state, forger, victim, cid, events):
        _add_calamity(state, victim, cid, deadline=_countdown(state, victim, 1))

    def _cal_starvation(self, state, forger, victim, cid, events):
        _add_calamity(state, victim, cid, deadline=_countdown(state, victim, 2))

    def _cal_extreme_cold(self, state, forger, victim, cid, events):
        _add_calamity(state, victim, cid, deadline=_countdown(state, victim, 1))

    def _cal_dysentery(self, state, forger, victim, cid, events):
        state["calamity_discard"].append(cid)
        self._lose_members(state, victim, 1, _cal_name(CALAMITY_CARDS[cid]), events)

    _cal_snake_bite = _cal_dysentery

    def _cal_broken_arm(self, state, forger, victim, cid, events):
        if revised(state):
            _add_calamity(state, victim, cid, fewer=2)
        else:
            _add_calamity(state, victim, cid, skip=2)

    def _cal_thief(self, state, forger, victim, cid, events):
        state["calamity_discard"].append(cid)
        self._thief_step(state, forger["seat"], forger["seat"], victim["seat"], events)

    def _thief_step(self, state, thief, taker, giver, events):
        g = state["players"][giver]
        if g["alive"] and "bullets" in _kinds_held(g):
            state["pending"].append(
                {"kind": "thief_bullets", "seat": giver, "thief": thief, "taker": taker, "giver": giver}
            )
            return
        self._steal(state, taker, giver, events)

    def _steal(self, state, taker, giver, events):
        t, g = state["players"][taker], state["players"][giver]
        if not g["supplies"] or not t["alive"]:
            events.append(
                event("theft_empty", taker, f"{seat_label(taker)} finds nothing to steal from {seat_label(giver)}.")
            )
            return
        cid = g["supplies"].pop(Rng(state).below(len(g["supplies"])))
        t["supplies"].append(cid)
        kind = supply_kind(cid)
        events.append(
            event(
                "theft",
                taker,
                f"{seat_label(taker)} steals a supply from {seat_label(giver)}.",
                private={
                    taker: {"supply": kind, "text": f"You take {SUPPLY_NAMES[kind]}."},
                    giver: {"supply": kind, "text": f"You lose {SUPPLY_NAMES[kind]}."},
                },
                audience=[giver],
            )
        )

    def _thief_answer(self, state, pend, use, events):
        taker, giver, thief = pend["taker"], pend["giver"], pend["thief"]
        g = state["players"][giver]
        if not use:
            self._steal(state, taker, giver, events)
            return
        if revised(state):
            _spend(state, g, "bullets")
            events.append(
                event(
                    "theft_reversed",
                    giver,
                    f"{seat_label(giver)} fires bullets and turns the theft around.",
                    audience=[taker],
                )
            )
            self._thief_step(state, thief, giver, taker, events)
            return
        variant = state["options"]["classic_thief"]
        if variant != "keep_bullets":
            _spend(state, g, "bullets")
        events.append(
            event(
                "theft_stopped",
                giver,
                f"{seat_label(giver)} shows bullets and the thief gets nothing.",
                audience=[thief],
            )
        )
        if variant == "thief_dies":
            self._lose_members(state, state["players"][thief], 1, "shot as a thief", events)

    def _cal_hunting(self, state, forger, victim, cid, events):
        # revised: the hunting card itself is kept as food; classic: only if food can be found
        if "bullets" in _kinds_held(victim) and (revised(state) or _food_to_hunt(state) is not None):
            state["revealed"].append(cid)
            state["pending"].append({"kind": "hunting_bullets", "seat": victim["seat"], "card": cid})
        else:
            state["calamity_discard"].append(cid)

    def _hunting_answer(self, state, p, cid, use, events):
        state["revealed"].remove(cid)
        if not use:
            state["calamity_discard"].append(cid)
            return
        _spend(state, p, "bullets")
        if revised(state):
            p["supplies"].append(cid)  # the hunting card itself is kept as food
        else:
            state["calamity_discard"].append(cid)
            food = _food_to_hunt(state)
            if food in state["supply_discard"]:
                state["supply_discard"].remove(food)
            else:
                state["supply_deck"].remove(food)
                Rng(state).shuffle(state["supply_deck"])
            p["supplies"].append(food)
        events.append(
            event(
                "hunted",
                p["seat"],
                f"{seat_label(p['seat'])} spends bullets on a hunt and gains food.",
                audience=[p["seat"]],
            )
        )

    # members, turns, the end -------------------------------------------------------------------
    def _lose_members(self, state, p, n, cause, events, settle=True):
        if not p["alive"]:
            return
        p["members"] = max(0, p["members"] - n)
        events.append(
            event(
                "member_died",
                p["seat"],
                f"{seat_label(p['seat'])} loses {n} wagon member{'s' if n > 1 else ''} ({cause}); {p['members']} left.",
                public={"victim": p["seat"], "count": n, "cause": cause, "members_left": p["members"]},
                audience=[p["seat"]],
            )
        )
        if p["members"] <= 0:
            self._player_out(state, p, events, settle)

    def _player_out(self, state, p, events, settle=True, text=None):
        seat = p["seat"]
        p["alive"] = False
        p["members"] = 0
        p["out_order"] = state["outs"]
        state["outs"] += 1
        state["trail_discard"].extend(p["hand"])
        p["hand"] = []
        state["trail_discard"].extend(x["card"] for x in p["trail"])
        p["trimmed"] += len(p["trail"])
        p["trail"] = []
        p["stuck"] = False
        p["in_town"] = False
        for cid in p["supplies"]:
            _return_supply(state, cid)
        p["supplies"] = []
        state["calamity_discard"].extend(c["card"] for c in p["calamities"])
        p["calamities"] = []
        # their own decisions go, and so does a theft they would gain from: nobody is left to stop
        for pend in [x for x in state["pending"] if seat in (x["seat"], x.get("taker"))]:
            state["pending"].remove(pend)
            if "card" in pend and pend["card"] in state["revealed"]:
                state["revealed"].remove(pend["card"])
                state["calamity_discard"].append(pend["card"])
        for t in state["towns"]:
            if seat in t["waiting"]:
                t["waiting"].remove(seat)
                self._settle_pool(state, t)
        events.append(
            event(
                "player_out",
                seat,
                text or f"{seat_label(seat)}'s whole party has died.",
                public={"victim": seat},
                audience=[seat],
            )
        )
        if settle:
            self._check_over(state, events)

    def resign(self, state, seat):
        """Takes a seat out of the race (resigned or dropped); returns the events."""
        events = []
        p = state["players"][seat]
        if not p["alive"] or state["result"] is not None:
            return events
        if state["phase"] == "draft":
            state["draft_order"] = [s for s in state["draft_order"] if s != seat]
        self._player_out(state, p, events, text=f"{seat_label(seat)} leaves the race.")
        if state["result"] is not None:
            return events
        if state["phase"] == "draft":
            if state["draft_order"]:
                state["turn"] = state["draft_order"][0]
            else:
                state["phase"] = "play"
                del state["draft_order"]
                first = self._next_seat(state, state["n"] - 1)
                state["turn"] = first
                self._begin_turn_loop(state, first, events)
        else:  # the same end-of-action step as an answered decision: a spent turn ends
            self._after(state, events)
        return events

    def _check_over(self, state, events):
        """Ends the game when at most one wagon has anyone alive."""
        alive = living(state)
        if len(alive) <= 1 and state["result"] is None:
            if alive:
                self._finish(
                    state,
                    [alive[0]["seat"]],
                    f"{seat_label(alive[0]['seat'])} has the only wagon left on the trail.",
                    events,
                )
            else:
                self._finish(state, [], "The last wagons died together: nobody wins.", events)
        self._trim(state, events)

    def _win(self, state, p, events):
        n = state["options"]["trail_length"]
        place = "Oregon" if revised(state) else "Willamette Valley"
        self._finish(state, [p["seat"]], f"{seat_label(p['seat'])} reaches {place} after {n} trail cards.", events)

    def _finish(self, state, winners, reason, events):
        def key(q):
            return (
                q["seat"] not in winners,
                not q["alive"],
                -trail_length(q),
                -(q["out_order"] if q["out_order"] is not None else 99),
                -q["members"],
                q["seat"],
            )

        ranking = [q["seat"] for q in sorted(state["players"], key=key)]
        state["result"] = {"winners": winners, "ranking": ranking, "reason": reason}
        state["pending"] = []
        for cid in state["revealed"]:
            state["calamity_discard"].append(cid)
        state["revealed"] = []
        events.append(event("game_over", None, reason, public={"winners": winners, "ranking": ranking}))

    def _after(self, state, events):
        """Ends the turn when it is used up and no decision is pending."""
        if state["result"] is not None or state["pending"] or state["phase"] == "draft":
            return
        p = state["players"][state["turn"]]
        if p["alive"] and p["at_end"] and not p["calamities"]:
            self._win(state, p, events)
            return
        if not p["alive"] or state["actions_left"] <= 0 and not self._measles_window(state, p):
            self._end_turn(state, events)

    def _measles_window(self, state, p):
        """Revised, no action left: whether the measles' lost action may still mend it."""
        return revised(state) and bool(self._measles_mends(p, self._revised_actions(state, p)))

    def _tick(self, state, p, events):
        """Counts down the player's calamities at the end of one of their turns."""
        for c in list(p["calamities"]):
            if not p["alive"]:
                return
            if c["deadline"] is None or c not in p["calamities"]:
                continue
            if c["fresh"]:
                c["fresh"] = False
                continue
            c["deadline"] -= 1
            if c["deadline"] > 0:
                continue
            name = _cal_name(c["kind"])
            if blocks_forging(c):
                events.append(
                    event(
                        "calamity_expired",
                        p["seat"],
                        f"{seat_label(p['seat'])} could not mend the {name} in time.",
                        audience=[p["seat"]],
                    )
                )
                self._lose_members(state, p, p["members"], name, events)
            else:
                p["calamities"].remove(c)
                state["calamity_discard"].append(c["card"])
                self._lose_members(state, p, 1, name, events)

    def _end_turn(self, state, events):
        seat = state["turn"]
        for _ in range(200):
            p = state["players"][seat]
            if p["alive"]:
                self._tick(state, p, events)
                for c in p["calamities"]:
                    c.pop("penalty_now", None)
            if state["result"] is not None:
                return
            seat = self._next_seat(state, seat)
            state["turn"] = seat
            state["turn_number"] += 1
            q = state["players"][seat]
            if q["at_end"] and not q["calamities"]:  # a pair struck its last calamity away
                self._win(state, q, events)
                return
            if self._begin_turn(state, q, events):
                return
        raise RuntimeError("no player could take a turn")

    def _begin_turn_loop(self, state, seat, events):
        if not self._begin_turn(state, state["players"][seat], events):
            self._end_turn(state, events)

    def _next_seat(self, state, seat):
        n = state["n"]
        for i in range(1, n + 1):
            s = (seat + i) % n
            if state["players"][s]["alive"]:
                return s
        return seat

    def _begin_turn(self, state, p, events):
        """Sets up the player's turn; returns False when the turn is lost at once."""
        if revised(state):
            n = p["members"]
            for c in list(p["calamities"]):
                if c.get("fewer", 0) > 0:
                    n -= 1
                    c["fewer"] -= 1
                    if c["kind"] == "measles":
                        c["penalty_now"] = True
                    elif c["fewer"] == 0:  # the broken arm has healed after its second turn
                        p["calamities"].remove(c)
                        state["calamity_discard"].append(c["card"])
            state["actions_left"] = max(0, n)
            if n > 0 or self._measles_mends(p, self._revised_actions(state, p)):
                return True
            events.append(event("turn_lost", p["seat"], f"{seat_label(p['seat'])} has no action this turn."))
            return False
        lost = [c for c in p["calamities"] if c.get("skip", 0) > 0]
        if not lost:
            state["actions_left"] = 1
            return True
        for c in lost:
            c["skip"] -= 1
            if c["skip"] == 0 and c["kind"] == "broken_arm":
                p["calamities"].remove(c)
                state["calamity_discard"].append(c["card"])
        events.append(event("turn_lost", p["seat"], f"{seat_label(p['seat'])} loses this turn."))
        return False

    # trimming --------------------------------------------------------------------------------
    def _trim(self, state, events):
        """Picks up trail no living player can return to (both rulesets' rules)."""
        alive = living(state)
        if revised(state):
            for p in alive:
                cut = trail_length(p) - MAX_BACK - 1 - p["trimmed"]
                if cut > 0:
                    _pick_up_trail(state, p, cut)
            keep = []
            for t in state["towns"]:
                if alive and all(max(0, trail_length(p) - MAX_BACK) > t["point"] for p in alive):
                    state["trail_discard"].append(t["card"])
                else:
                    keep.append(t)
            state["towns"] = keep
            return
        for t in sorted(state["towns"], key=lambda t: -t["point"]):
            k = t["point"]
            if k <= state["floor"]:
                break
            if alive and all(p["pos"] > k for p in alive):
                state["floor"] = k
                for p in state["players"]:
                    cut = k - p["trimmed"]
                    if cut > 0 and p["trail"]:
                        _pick_up_trail(state, p, min(cut, len(p["trail"])))
                _pick_up_towns_before(state, k)
                events.append(
                    event(
                        "trail_trimmed",
                        None,
                        f"Everyone has passed the {t['kind']} after trail card {k}: the trail before it is picked up.",
                    )
                )
                break

    # lookups ---------------------------------------------------------------------------------
    @staticmethod
    def _calamity(p, cid):
        return next(c for c in p["calamities"] if c["card"] == cid)

    @staticmethod
    def _town(state, cid):
        return next(t for t in state["towns"] if t["card"] == cid)

    # -- result, view ---------------------------------------------------------------------------
    def result(self, state):
        """Returns the result once the game is over."""
        return state["result"]

    def view(self, state, seat):
        """Returns what the seat (None: a spectator) may see."""
        return view_mod.view(self, state, seat)

    def table_text(self, state, seat):
        """Returns what the seat (None: a spectator) sees of the table as short lines of text."""
        return view_mod.table_text(self, state, seat)

    def explain_hit(self, state, event, seat):
        """Returns what a calamity (or another event that hits the seat) does to it, what mends it
        and by when, as the state right after the move stands."""
        return view_mod.explain_hit(self, state, event, seat)

    def hit_matters(self, state, event, seat):
        """A calamity discarded at once with no effect on the seat (a broken part with nothing to
        break, a hunt with no Bullets or no Food) does not matter; every other hit does."""
        return view_mod.hit_matters(self, state, event, seat)

    # -- decisions, defaults, bots -----------------------------------------------------------------
    def decision_kind(self, state, seat):
        """Returns the kind of the seat's pending out-of-turn decision."""
        if state["result"] is None and state["pending"]:
            pend = state["pending"][0]
            if pend["seat"] == seat and pend["kind"] in self.decision_kinds:
                return pend["kind"]
        return None

    def standing_action(self, state, seat, kind, answer):
        """Returns the legal action a standing order's answer picks, or None."""
        if self.decision_kind(state, seat) != kind or answer not in ("always", "never"):
            return None
        legal = self.legal_actions(state, seat)
        if kind == "measles_medicine":
            want = {"type": "measles", "choice": "medicine" if answer == "always" else "decline"}
        else:
            want = {"type": "bullets", "use": answer == "always"}
        return want if want in legal else None

    def default_action(self, state, seat):
        """Returns a safe move for a seat whose deadline passed."""
        legal = self.legal_actions(state, seat)
        for safe in (
            {"type": "end_turn"},
            {"type": "bullets", "use": True},
            {"type": "measles", "choice": "medicine"},
            {"type": "measles", "choice": "decline"},
        ):
            if safe in legal:
                return safe
        if state["pending"] or state["phase"] == "draft":
            return legal[0]
        # the bot's ties are broken by a stream of their own: the game's counter stays put
        return bots.choose(self, state, seat, Rng(state).derive("default_action"))

    def bot_action(self, state, seat, rnd):
        """Returns the engine bot's choice."""
        return bots.choose(self, state, seat, rnd)

    # -- presentation ----------------------------------------------------------------------------
    def action_label(self, state, seat, action):
        """Returns a short phrase for a legal action."""
        return view_mod.action_label(self, state, seat, action)

    def glossary(self, options):
        """Returns every calamity, supply and trail card of the options' ruleset, explained."""
        return card_data.glossary(options.get("ruleset", "revised"))

    def explain_illegal(self, state, seat, action):
        """Returns a sentence saying why the action is not legal now."""
        return view_mod.explain_illegal(self, state, seat, action)

    # -- conformance helpers -----------------------------------------------------------------------
    def card_places(self, state):
        """Returns every card id by the place it is in."""
        places = {
            "trail_deck": list(state["trail_deck"]),
            "trail_discard": list(state["trail_discard"]),
            "calamity_deck": list(state["calamity_deck"]),
            "calamity_discard": list(state["calamity_discard"]),
            "supply_bank": list(state["supply_bank"]),
            "supply_deck": list(state["supply_deck"]),
            "supply_discard": list(state["supply_discard"]),
            "revealed": list(state["revealed"]),
            "towns": [t["card"] for t in state["towns"]],
            "town_pools": [c for t in state["towns"] for c in t["pool"]],
        }
        for p in state["players"]:
            s = p["seat"]
            places[f"hand:{s}"] = list(p["hand"])
            places[f"supplies:{s}"] = list(p["supplies"])
            places[f"trail:{s}"] = [x["card"] for x in p["trail"]]
            places[f"calamities:{s}"] = [c["card"] for c in p["calamities"]]
        return places

    def hidden_places(self, state, seat):
        """Returns the places whose cards the seat may not see."""
        hidden = {"trail_deck", "calamity_deck", "supply_deck"}
        for p in state["players"]:
            if p["seat"] != seat:
                hidden.add(f"hand:{p['seat']}")
                hidden.add(f"supplies:{p['seat']}")
        return hidden


ENGINE = OregonTrailEngine()
