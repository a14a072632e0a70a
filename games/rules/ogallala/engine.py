"""Ogallala (I and II): draw cards, build boats on your river display, raid the others.

The turn is a queue of pending steps (`state["tasks"]`): drawing a card puts a "place" step on
it; placing a card may add a lasso, arrow or hunt step, an attack step for each boat it
completed, and (Ogallala I) the offer to end the game. The first step of the queue is the
active player's decision; with an empty queue they draw again or the turn passes on.
"""

from __future__ import annotations

from itertools import product

from ..base import BadOptions, Engine, Rng, counted, event, seat_label
from . import bots, standings
from . import cards as card_data
from . import view as view_mod
from .cards import STACKS_I, card_public, empty_of, info
from .display import Group, boats_of, groups_of, row_groups, row_is_monochrome, score_one, score_two
from .state import build_state, current_step, next_seat, taken_card
from .view import space_text


class OgallalaEngine(Engine):
    name = "ogallala"
    title = "Ogallala"
    version = "1"
    min_seats = 2
    max_seats = 4
    pitch = "Fill your stretch of river with canoes and warriors, and raid the other players' boats for their points."
    length = "about 10 to 20 turns each"  # turns per player in seeded 2-player bot games (games.rules.simulate)
    variants = [({"edition": "I"}, "Ogallala I"), ({"edition": "II"}, "Ogallala II")]
    blurb = (
        "Draw cards, build canoes in your three rows of river, raid your neighbours' boats with lassos, "
        "arrows and conquests, and score booty. 2 to 4 players."
    )
    demo_moves = 30
    options_schema = {
        "edition": {
            "default": "I",
            "choices": ["I", "II"],
            "labels": {"I": "Ogallala I", "II": "Ogallala II"},
            "label": "Edition",
            "help": "I: 134 cards in three stacks, tally of complete boats. "
            "II: 98 cards in one stack, the Pelikan tally.",
        },
        "row_length": {
            "default": 14,
            "choices": [14, 16],
            "labels": {14: "14 spaces", 16: "16 spaces"},
            "label": "Spaces per row",
            "help": "Each river display has 3 rows of this many spaces.",
        },
        "two_tribes": {
            "default": False,
            "label": "Two tribes (Ogallala I)",
            "help": "Red and blue warriors never share a boat and only fight the other colour.",
            "when": {"edition": ["I"]},
        },
        "crazy_axes": {
            "default": 4,
            "choices": [4, 2, 0],
            "labels": {4: "All 4", 2: "2 of them", 0: "None"},
            "when": {"edition": ["I"]},
            "label": "Crazy Axes in the game (Ogallala I)",
            "help": "The card table has 4; if Crazy Axe seems a bit radical, leave 2 or all 4 in the box.",
        },
        # Ogallala II's variants, played with the box's surplus cards
        "more_raiders": {
            "default": False,
            "when": {"edition": ["II"]},
            "label": "More lasso throwers and archers (Ogallala II)",
            "help": "The box's 2 spare lasso throwers and 2 spare archers join the stack: 8 of each instead of 6.",
        },
        "spoils_canoes": {
            "default": False,
            "when": {"edition": ["II"]},
            "label": "Conquered warriors leave their canoes (Ogallala II)",
            "help": "The warriors of a conquered boat still go to the discard, but each leaves an empty card of its "
            "shape from the box (bow, stern or canoe section, while the box has one), which you may take with "
            "the spoils.",
        },
        "exchange_canoes": {
            "default": False,
            "when": {"edition": ["II"]},
            "label": "Warriors instead of empty canoe sections (Ogallala II)",
            "help": "The 4 empty canoe sections stay in the box; its 4 spare one-warrior cards take their place, "
            "for more combat strength.",
        },
        "no_totems": {
            "default": False,
            "when": {"edition": ["II"]},
            "label": "Without totem poles (Ogallala II)",
            "help": "Both totem poles stay in the box, so no boat is safe from raids.",
        },
    }
    conformance_options = [
        {"edition": "I"},
        {"edition": "II"},
        {"edition": "I", "two_tribes": True, "row_length": 16, "crazy_axes": 2},
        {"edition": "II", "more_raiders": True, "spoils_canoes": True, "exchange_canoes": True, "no_totems": True},
        {"edition": "II", "spoils_canoes": True},
    ]
    decision_kinds: dict = {}
    # what a finished game tells the standings (the contract's section; the rest is in standings.py)
    edition_option = "edition"
    figures = standings.FIGURES  # counted from the final table: the moves' events are not read
    length_bin = 20

    def finishing_measure(self, state, result, seat):
        return standings.finishing_measure(result, seat)

    def count_figures(self, state, moves):
        return standings.count_figures(state)

    # the options each edition's variants add (II_VARIANTS: II only; crazy_axes: I only)
    II_VARIANTS = ("more_raiders", "spoils_canoes", "exchange_canoes", "no_totems")

    def check_options(self, options: dict, seats) -> None:
        if options["two_tribes"] and options["edition"] != "I":
            raise BadOptions("The two-tribes variant belongs to Ogallala I.")
        if options["crazy_axes"] != 4 and options["edition"] != "I":
            raise BadOptions("Ogallala II has no Crazy Axe: only Ogallala I can leave some in the box.")
        chosen = [self.options_schema[k]["label"].split(" (")[0] for k in self.II_VARIANTS if options[k]]
        if chosen and options["edition"] != "II":
            raise BadOptions(f"These variants belong to Ogallala II: {', '.join(chosen)}.")

    # -- setup ---------------------------------------------------------------------------------
    def new_state(self, options: dict, seats: int, seed) -> dict:
        """Returns the dealt starting state."""
        return build_state(self.normalize_options(options, seats), seats, seed)

    # -- reading the state -----------------------------------------------------------------------
    @staticmethod
    def phase(state: dict) -> str:
        """Returns the pending step: "draw", a task kind, or "over"."""
        return current_step(state)

    def to_act(self, state: dict) -> list[int]:
        """Returns the seats that must decide now (empty when the game is over)."""
        return [] if state["over"] else [state["turn"]]

    def turn_seat(self, state: dict) -> int | None:
        """Returns the seat whose turn it is (None once the game is over)."""
        return None if state["over"] else state["turn"]

    def _placements(self, state: dict, seat: int, cid: str) -> list[tuple[int, int]]:
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

    def _can_place(self, state: dict, seat: int, cid: str) -> bool:
        return bool(self._placements(state, seat, cid))

    # the orders in which a new suite card and placed cards of its suite may end side by side
    SUITE_ORDERS = {
        ("person", "front"),
        ("front", "rear"),
        ("rear", "person"),
        ("person", "front", "rear"),
        ("front", "rear", "person"),
    }

    def _suite_moves(self, state: dict, seat: int, cid: str) -> list[tuple[int, int, list]]:
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
                        out += [m for m in self._suite_shift(state, row, r, cid, group, shift) if m not in out]
        return out

    def _suite_shift(self, state: dict, row: list, r: int, cid: str, group: list, shift: tuple) -> list:
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
            if roles in self.SUITE_ORDERS and (not state["two_tribes"] or row_is_monochrome(trial)):
                out.append((r, c, moves))
            trial[c] = None
        return out

    def _targets(self, state: dict, seat: int, kind: str, task: dict) -> list[dict]:
        """Returns the lasso, arrow, hunt or attack actions open to a seat."""
        out = []
        placeable: dict[str, bool] = {}

        def can_take(cid):
            key = cid.split("#")[0]
            if key not in placeable:
                placeable[key] = self._can_place(state, seat, cid)
            return placeable[key]

        if kind == "attack":
            boat = self._attacker(state, seat, task)
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

    def _attacker(self, state: dict, seat: int, task: dict) -> Group | None:
        """Returns the boat an attack step belongs to, if it is still a complete boat."""
        for g in row_groups(state["displays"][seat][task["row"]], task["row"]):
            if g.boat and g.start == task["start"] and g.end == task["end"]:
                return g
        return None

    def _take_ok(self, state: dict, seat: int, task: dict) -> bool:
        cid = taken_card(state, task)
        if cid is None:
            return False
        kind = info(cid).kind
        if any(x and info(x).kind == kind for row in state["displays"][seat] for x in row):
            return False
        return self._can_place(state, seat, cid)

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        """Returns every action the seat may take now (empty if it is not to act)."""
        if state["over"] or seat != state["turn"]:
            return []
        phase = self.phase(state)
        if phase == "draw":
            return [{"type": "draw", "stack": k} for k, s in enumerate(state["stacks"]) if s]
        task = state["tasks"][0]
        if phase == "place":
            cid = task["card"]
            if info(cid).kind == "axe" and state["edition"] == "I":
                return [{"type": "sink", "row": b.row, "start": b.start} for b in boats_of(state["displays"][seat])]
            acts = [{"type": "place", "row": r, "col": c} for r, c in self._placements(state, seat, cid)]
            acts += [
                {"type": "place", "row": r, "col": c, "moves": m} for r, c, m in self._suite_moves(state, seat, cid)
            ]
            if acts:
                return acts
            raid = task.get("unseen") and info(cid).kind in ("archer", "lasso")
            # II: the arrow flies (and the lasso is thrown) even if the card itself has no space
            return [{"type": "discard"}] + (self._targets(state, seat, info(cid).kind, task) if raid else [])
        if phase == "take":
            cid = taken_card(state, task)
            return [{"type": "place", "row": r, "col": c} for r, c in self._placements(state, seat, cid)] + [
                {"type": "leave"}
            ]
        if phase in ("lasso", "archer", "hunt"):
            return self._targets(state, seat, phase, task) + [{"type": "pass"}]
        if phase == "attack":
            return self._targets(state, seat, "attack", task) + [{"type": "no_attack"}]
        if phase == "end_offer":
            return [{"type": "end_game"}, {"type": "continue"}]
        return []

    # -- applying --------------------------------------------------------------------------------
    def do_apply(self, state: dict, seat: int, action: dict) -> list[dict]:
        """Applies an action already known to be legal; returns the events."""
        events: list[dict] = []
        kind = action["type"]
        getattr(self, f"_do_{kind}")(state, seat, action, events)
        self._advance(state, events)
        return events

    def _do_draw(self, state, seat, action, events):
        stack = state["stacks"][action["stack"]]
        cid = stack.pop()
        card = info(cid)
        disp = state["displays"][seat]
        if state["edition"] == "I":
            state["keep_drawing"] = bool(card.booty) or (card.role in ("bow", "stern") and not card.is_warrior)
            where = f" from the {STACKS_I[action['stack']]} stack"
        else:
            state["keep_drawing"] = not any(x and info(x).kind == card.kind for row in disp for x in row)
            where = ""
            if not self._can_place(state, seat, cid):
                self._draw_unseen(state, seat, cid, action, events)
                return
        events.append(
            event(
                "draw",
                seat,
                f"{seat_label(seat)} draws {card.name}{where}.",
                public={"card": card_public(cid), "stack": action["stack"]},
            )
        )
        if card.kind == "axe" and not boats_of(disp):
            state["removed"].append(cid)
            events.append(
                event(
                    "sunk",
                    seat,
                    f"{seat_label(seat)} has no complete boat: the Crazy Axe sinks himself.",
                    public={"cards": [cid]},
                )
            )
            return
        state["hand"].append(cid)
        state["tasks"].insert(0, {"t": "place", "card": cid, "src": "stack"})

    def _draw_unseen(self, state, seat, cid, action, events):
        """II: a drawn card that cannot be placed is discarded face down; only its drawer sees it.

        It waits in hand for the discard (or, for a lasso thrower or an archer, for its raid:
        the text lets either act though it has no space), shown to nobody else.
        """
        state["keep_drawing"] = False  # the discard ends the turn, whatever the card
        state["hand"].append(cid)
        state["tasks"].insert(0, {"t": "place", "card": cid, "src": "stack", "unseen": True})
        events.append(
            event(
                "draw",
                seat,
                f"{seat_label(seat)} draws a card that has no space in their river.",
                public={"card": None, "stack": action["stack"]},
                private={seat: {"text": f"You drew {info(cid).name}.", "card": card_public(cid)}},
            )
        )

    def _do_place(self, state, seat, action, events):
        task = state["tasks"].pop(0)
        disp = state["displays"][seat]
        before = {(b.row, b.start, b.end) for b in boats_of(disp)}
        if task["t"] == "take":
            cid = taken_card(state, task)
            if "card" in task:
                state["spare"].remove(cid)
            else:
                state["displays"][task["victim"]][task["row"]][task["col"]] = None
            state["spoils_taken"] += 1
        else:
            cid = task["card"]
            state["hand"].remove(cid)
        r, c = action["row"], action["col"]
        moved = []
        for mr, a, b in sorted(action.get("moves", []), key=lambda m: m[1]):
            moved.append((disp[mr][a], mr, a, b))
        for _mcid, mr, a, _b in moved:
            disp[mr][a] = None
        for mcid, mr, _a, b in moved:
            disp[mr][b] = mcid
        disp[r][c] = cid
        state["placed_since_reshuffle"] += 1
        card = info(cid)
        text = f"{seat_label(seat)} places {card.name} at {space_text(r, c)}"
        if moved:
            text += " (moving " + ", ".join(f"{info(m).name} to space {b + 1}" for m, _, _, b in moved) + ")"
        events.append(
            event(
                "placed",
                seat,
                text + ".",
                public={"card": card_public(cid), "row": r, "col": c, "moves": action.get("moves", [])},
            )
        )
        self._follow_ups(state, seat, cid, task.get("src", "spoils"), before, events)

    def _follow_ups(self, state, seat, cid, src, before, events):
        """Queues what placing a card brings: its special action, raids, the end offer."""
        card = info(cid)
        new = [b for b in boats_of(state["displays"][seat]) if (b.row, b.start, b.end) not in before]
        steps = []
        if src == "stack" and card.kind == "lasso":
            steps.append({"t": "lasso"})
        if src == "stack" and card.kind == "archer":
            steps.append({"t": "archer"})
        if state["edition"] == "II" and card.role == "person":
            steps.append({"t": "hunt", "suite": card.suite})
        for b in new:
            events.append(
                event(
                    "boat_completed",
                    seat,
                    f"{seat_label(seat)} completes a boat of {len(b.cards)} cards in row "
                    f"{b.row + 1} (strength {b.strength}).",
                    public={"row": b.row, "start": b.start, "end": b.end, "strength": b.strength},
                )
            )
            shaman = any(info(x).kind == "shaman" for x in b.cards)
            steps.append(
                {
                    "t": "attack",
                    "row": b.row,
                    "start": b.start,
                    "end": b.end,
                    "shots": 2 if shaman and state["edition"] == "II" else 1,
                }
            )
        state["tasks"][0:0] = steps
        if new and state["edition"] == "I" and {"t": "end_offer"} not in state["tasks"]:
            # offered once the turn's pending steps (spoils, further raids) are done
            state["tasks"].append({"t": "end_offer"})

    def _do_discard(self, state, seat, action, events, used: bool = False):
        task = state["tasks"].pop(0)
        cid = task["card"]
        name = info(cid).name
        state["hand"].remove(cid)
        state["discard"].append(cid)
        if task.get("unseen") and not used:
            text, private = f"{seat_label(seat)} discards the card face down.", {seat: {"text": f"It was {name}."}}
        elif used:
            text, private = f"{seat_label(seat)} uses {name}, which has no space, and discards it face down.", None
        else:
            text, private = f"{seat_label(seat)} has no space for {name} and discards it.", None
        public = {"card": card_public(cid) if state["edition"] == "I" or used else None}
        events.append(event("discarded", seat, text, public=public, private=private))
        if state["edition"] == "II" and task["src"] == "stack" and not task.get("unseen"):
            # a card drawn before drawing hid it (a game begun under an earlier version)
            state["keep_drawing"] = False
            if info(cid).kind in ("archer", "lasso"):
                state["tasks"].insert(0, {"t": info(cid).kind})

    def _do_leave(self, state, seat, action, events):
        task = state["tasks"].pop(0)
        name = info(taken_card(state, task)).name
        where = "in the box" if "card" in task else f"to {seat_label(task['victim'])}"
        events.append(event("left", seat, f"{seat_label(seat)} leaves {name} {where}."))

    def _do_pass(self, state, seat, action, events):
        task = state["tasks"].pop(0)
        what = {"lasso": "the lasso", "archer": "the bow and arrow", "hunt": "the hunt"}[task["t"]]
        events.append(event("pass", seat, f"{seat_label(seat)} does not use {what}."))

    def _do_no_attack(self, state, seat, action, events):
        state["tasks"].pop(0)
        events.append(event("no_attack", seat, f"{seat_label(seat)} does not attack."))

    def _do_continue(self, state, seat, action, events):
        state["tasks"].pop(0)
        events.append(event("continue", seat, f"{seat_label(seat)} plays on."))

    def _do_end_game(self, state, seat, action, events):
        state["tasks"].pop(0)
        n = len(boats_of(state["displays"][seat]))
        self._finish(state, f"{seat_label(seat)} ended the game with {n} complete boats.", events)

    def _do_sink(self, state, seat, action, events):
        task = state["tasks"].pop(0)
        cid = task["card"]
        state["hand"].remove(cid)
        disp = state["displays"][seat]
        boat = next(b for b in boats_of(disp) if b.row == action["row"] and b.start == action["start"])
        for c in range(boat.start, boat.end + 1):
            disp[boat.row][c] = None
        state["removed"] += boat.cards + [cid]
        events.append(
            event(
                "sunk",
                seat,
                f"The Crazy Axe sinks {seat_label(seat)}'s boat in row "
                f"{boat.row + 1} with its {len(boat.cards)} cards.",
                public={"row": boat.row, "start": boat.start, "cards": boat.cards + [cid]},
            )
        )

    def _take_from(self, state, victim, r, c) -> str:
        cid = state["displays"][victim][r][c]
        state["displays"][victim][r][c] = None
        return cid

    def _raid_step(self, state, seat, events) -> None:
        """Takes the lasso or arrow step off the queue: the card's own, or (II) the unplaceable
        drawn card's, which is discarded face down as it is used."""
        if state["tasks"][0]["t"] == "place":
            self._do_discard(state, seat, {}, events, used=True)
        else:
            state["tasks"].pop(0)

    def _do_lasso(self, state, seat, action, events):
        self._raid_step(state, seat, events)
        v = action["target"]
        cid = self._take_from(state, v, action["row"], action["col"])
        state["hand"].append(cid)
        state["tasks"].insert(0, {"t": "place", "card": cid, "src": "lasso"})
        events.append(
            event(
                "lasso",
                seat,
                f"{seat_label(seat)} lassoes {info(cid).name} from "
                f"{seat_label(v)}'s {space_text(action['row'], action['col'])}.",
                public={"victim": v, "card": card_public(cid)},
                audience=[v],
            )
        )

    def _do_shoot(self, state, seat, action, events):
        self._raid_step(state, seat, events)
        v = action["target"]
        cid = self._take_from(state, v, action["row"], action["col"])
        (state["removed"] if state["edition"] == "I" else state["discard"]).append(cid)
        events.append(
            event(
                "arrow",
                seat,
                f"{seat_label(seat)} shoots {info(cid).name} in "
                f"{seat_label(v)}'s {space_text(action['row'], action['col'])}.",
                public={"victim": v, "card": card_public(cid)},
                audience=[v],
            )
        )

    def _do_hunt(self, state, seat, action, events):
        task = state["tasks"].pop(0)
        v = action["target"]
        cid = self._take_from(state, v, action["row"], action["col"])
        state["hand"].append(cid)
        # place the catch, then hunt on for the other half
        state["tasks"][0:0] = [{"t": "place", "card": cid, "src": "hunt"}, dict(task)]
        events.append(
            event(
                "hunt",
                seat,
                f"{seat_label(seat)} takes {info(cid).name} from "
                f"{seat_label(v)}'s {space_text(action['row'], action['col'])}.",
                public={"victim": v, "card": card_public(cid)},
                audience=[v],
            )
        )

    def _do_attack(self, state, seat, action, events):
        task = state["tasks"].pop(0)
        boat = self._attacker(state, seat, task)
        power = task.get("power") or boat.strength
        v = action["target"]
        vdisp = state["displays"][v]
        target = next(g for g in row_groups(vdisp[action["row"]], action["row"]) if g.start == action["start"])
        what = "boat" if target.boat else "section"
        dead, spoils = [], []
        for c, cid in zip(range(target.start, target.end + 1), target.cards):
            if info(cid).is_warrior:
                dead.append(cid)
                vdisp[target.row][c] = None
            else:
                spoils.append((c, cid))
        steps = []
        if state["edition"] == "I":
            state["removed"] += dead
            for c, cid in spoils:
                vdisp[target.row][c] = None
                state["hand"].append(cid)
                steps.append({"t": "place", "card": cid, "src": "spoils"})
        else:
            state["discard"] += dead
            state["spoils_taken"] = 0
            takes = [{"t": "take", "victim": v, "row": target.row, "col": c} for c, _ in spoils]
            takes += self._left_behind(state, v, dead)
            # the free draw is for an attacker who cannot use any of the cards, whether or not he
            # takes those he could; after a shaman's second attack, only if neither had any
            usable = any(self._take_ok(state, seat, t) for t in takes)
            free = not usable and ("power" not in task or state["keep_drawing"])
            steps += takes
            steps.append({"t": "attack_done", "free": free})
            left = power - (target.strength + 1)
            if task["shots"] > 1 and left > 0:
                hit = task.get("hit", []) + [[v, target.row, c] for c in range(target.start, target.end + 1)]
                steps.append(dict(task, shots=task["shots"] - 1, power=left, hit=hit))
        state["tasks"][0:0] = steps
        events.append(
            event(
                "attack",
                seat,
                f"{seat_label(seat)}'s boat in row {task['row'] + 1} (strength {power}) conquers "
                f"{seat_label(v)}'s {what} in row {target.row + 1} (strength {target.strength}): "
                f"{counted(len(dead), 'warrior card')} lost, {counted(len(spoils), 'card')} of spoils{self._left_text(steps)}.",
                public={
                    "victim": v,
                    "row": target.row,
                    "start": target.start,
                    "end": target.end,
                    "strength": target.strength,
                    "attacker_strength": power,
                    "warriors_lost": dead,
                    "spoils": [cid for _, cid in spoils],
                },
                audience=[v],
            )
        )

    @staticmethod
    def _left_behind(state: dict, victim: int, dead: list) -> list[dict]:
        """Returns the take steps for the empty cards conquered warriors leave behind (II variant):
        for each, an empty card of its shape from the box, while the box has one."""
        if not state.get("variants", {}).get("spoils_canoes"):
            return []
        steps, offered = [], set()
        for cid in dead:
            kind = empty_of(cid)
            spare = next((x for x in state["spare"] if info(x).kind == kind and x not in offered), None)
            if spare:
                offered.add(spare)
                steps.append({"t": "take", "victim": victim, "card": spare, "src": "spare"})
        return steps

    @staticmethod
    def _left_text(steps: list) -> str:
        n = sum(1 for t in steps if t.get("src") == "spare")
        return f"; the warriors leave {n} empty card{'s' if n != 1 else ''} behind" if n else ""

    # -- the flow between decisions ----------------------------------------------------------------
    def _needs_decision(self, state: dict, seat: int, task: dict) -> bool:
        t = task["t"]
        if t in ("lasso", "archer", "hunt"):
            return bool(self._targets(state, seat, t, task))
        if t == "attack":
            return bool(self._targets(state, seat, "attack", task))
        if t == "take":
            return self._take_ok(state, seat, task)
        if t == "end_offer":
            return len(boats_of(state["displays"][seat])) >= 3
        return True

    def _advance(self, state: dict, events: list) -> None:
        """Resolves what needs no decision, up to the next decision or the end of the game."""
        while not state["over"]:
            seat = state["turn"]
            tasks = state["tasks"]
            if tasks:
                task = tasks[0]
                if task["t"] == "attack_done":
                    tasks.pop(0)
                    state["keep_drawing"] = task["free"]
                    continue
                if not self._needs_decision(state, seat, task):
                    tasks.pop(0)
                    continue
                return
            if state["edition"] == "II" and len(boats_of(state["displays"][seat])) >= 3:
                state["first_three"] = seat
                self._finish(state, f"{seat_label(seat)} has completed 3 boats.", events)
                return
            if not state["keep_drawing"]:
                state["turn"] = next_seat(state, seat)
                state["keep_drawing"] = True
            if any(state["stacks"]):
                return
            if state["edition"] == "I":
                self._finish(state, "All three stacks are empty.", events)
                return
            # II reshuffles the discard when the stack runs out, as often as it takes: the text
            # ends the game only when all cards are placed or with three boats. A pass through
            # the stack that places nothing ends it too, or cards that fit nowhere would circle
            # for ever.
            if state["discard"] and state["placed_since_reshuffle"] > 0:
                stack = state["discard"]
                state["discard"] = []
                Rng(state).shuffle(stack)
                state["stacks"][0] = stack
                state["reshuffles"] += 1
                state["placed_since_reshuffle"] = 0
                events.append(
                    event(
                        "reshuffle",
                        None,
                        f"The stack is empty: the {len(stack)} discarded cards are shuffled into a new stack.",
                    )
                )
                return
            reason = (
                "All cards have been placed."
                if not state["discard"]
                else "The stack ran out once more and the discarded cards no longer fit."
            )
            self._finish(state, reason, events)
            return

    def scores(self, state: dict) -> list[int]:
        """Returns each seat's tally as it stands."""
        if state["edition"] == "I":
            return [score_one(d) for d in state["displays"]]
        return [score_two(d, state["first_three"] == s) for s, d in enumerate(state["displays"])]

    def _finish(self, state: dict, reason: str, events: list) -> None:
        state["tasks"] = []
        scores = self.scores(state)
        out = set(state["resigned"])
        # a seat that left the game is ranked last and never wins
        ranking = sorted(range(state["seats"]), key=lambda s: (s in out, -scores[s], s))
        best = max(scores[s] for s in ranking if s not in out)
        winners = [s for s in ranking if s not in out and scores[s] == best]
        state["over"] = {"reason": reason, "scores": scores, "winners": winners, "ranking": ranking}
        names = " and ".join(seat_label(s) for s in winners)
        events.append(
            event(
                "game_over",
                None,
                f"Game over: {reason} {names} win{'s' if len(winners) == 1 else ''} with {best} points.",
                public={"scores": scores, "winners": winners, "reason": reason},
            )
        )

    def result(self, state: dict) -> dict | None:
        """Returns None while the game runs, else {"winners", "ranking", "reason"}."""
        over = state["over"]
        if not over:
            return None
        return {
            "winners": over["winners"],
            "ranking": over["ranking"],
            "reason": over["reason"],
            "scores": over["scores"],
        }

    def resign(self, state: dict, seat: int) -> list[dict]:
        """Takes a seat out of the game (resigned or dropped); returns the events.

        Its river display stays on the table (others may still raid it); cards it was holding
        are discarded. With one player left the game ends and is tallied.
        """
        events: list[dict] = []
        if state["over"] or seat in state["resigned"]:
            return events
        state["resigned"].append(seat)
        events.append(event("resigned", seat, f"{seat_label(seat)} leaves the game."))
        left = [s for s in range(state["seats"]) if s not in state["resigned"]]
        if len(left) == 1:
            self._finish(state, f"{seat_label(left[0])} is the only player left.", events)
            return events
        if state["turn"] == seat:
            state["discard"] += state["hand"]
            state["hand"] = []
            state["tasks"] = []
            state["turn"] = next_seat(state, seat)
            state["keep_drawing"] = True
            self._advance(state, events)
        return events

    # -- bots and defaults -----------------------------------------------------------------------
    def bot_action(self, state: dict, seat: int, rnd) -> dict:
        """Returns the engine bot's choice for a seat (`rnd` is an Rng stream)."""
        return bots.choose(self, state, seat, rnd)

    def default_action(self, state: dict, seat: int) -> dict:
        """Returns the action played for a seat whose deadline passed: the bot's choice."""
        # the bot's ties are broken by a stream of their own: the game's counter stays put
        return bots.choose(self, state, seat, Rng(state).derive("default_action"))

    # -- presentation ------------------------------------------------------------------------------
    def view(self, state: dict, seat: int | None) -> dict:
        """Returns what that seat (None: a spectator) may see."""
        return view_mod.view(self, state, seat)

    def action_label(self, state: dict, seat: int, action: dict) -> str:
        """Returns a short phrase for a legal action."""
        return view_mod.action_label(self, state, seat, action)

    def command(self, state: dict, seat: int, text: str) -> dict | None:
        """Returns the placement a space's code ("B7") names, or the draw a stack's name names."""
        return view_mod.command(self, state, seat, text)

    def reply_grid(self, state: dict, seat: int) -> dict | None:
        """Returns the seat's river with a code on each free space its card may go."""
        return view_mod.reply_grid(self, state, seat)

    def glossary(self, options: dict) -> dict[str, str]:
        """Returns every card kind of the options' edition, explained."""
        return card_data.glossary(options.get("edition", "I"), options)

    def explain_illegal(self, state: dict, seat: int, action: dict) -> str:
        """Returns a sentence saying why an action is not legal now."""
        return view_mod.explain_illegal(self, state, seat, action)

    def table_text(self, state: dict, seat: int | None) -> list[str]:
        """Returns what that seat (None: a spectator) sees of the table as short lines of text."""
        return view_mod.table_text(self, state, seat)

    def explain_hit(self, state: dict, event: dict, seat: int) -> list[str]:
        """Returns what a lasso, arrow, hunt or conquest does to the player it hits, what mends it
        and by when (the game's end), as the state right after the move stands."""
        return view_mod.explain_hit(self, state, event, seat)

    # -- checks used by the conformance suite ------------------------------------------------------
    def card_places(self, state: dict) -> dict[str, list[str]]:
        """Returns every card id by the place it is in."""
        places = {f"stack:{k}": list(s) for k, s in enumerate(state["stacks"])}
        for s, disp in enumerate(state["displays"]):
            places[f"display:{s}"] = [c for row in disp for c in row if c]
        places["hand"] = list(state["hand"])
        places["discard"] = list(state["discard"])
        places["removed"] = list(state["removed"])
        if "spare" in state:
            places["spare"] = list(state["spare"])  # the box's empty cards a conquered warrior leaves
        return places

    def hidden_places(self, state: dict, seat: int | None) -> set[str]:
        """Returns the places whose cards that seat may not see: the stacks (II: the discard, and
        another seat's drawn card that has no space)."""
        hidden = {f"stack:{k}" for k in range(len(state["stacks"]))}
        if state["edition"] == "II":
            hidden.add("discard")
        if seat != state["turn"] and state["tasks"] and state["tasks"][0].get("unseen"):
            hidden.add("hand")  # II: a drawn card that has no space, seen by its drawer only
        return hidden


ENGINE = OgallalaEngine()
