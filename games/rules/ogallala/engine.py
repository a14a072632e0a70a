"""Ogallala (I and II): draw cards, build boats on your river display, raid the others.

The turn is a queue of pending steps (`state["pending"]`, each the turn player's): drawing a card puts a "place" step on
it; placing a card may add a lasso, arrow or hunt step, an attack step for each boat it
completed, and (Ogallala I) the offer to end the game. The first step of the queue is the
active player's decision; with an empty queue they draw again or the turn passes on.

The engine class holds the game's metadata and answers the contract; the rules are in the
package's modules: `menus` (what a seat may do: where a card may go, whom a raid may hit, one check
per action kind, the menu), `actions` (what an action does) and `turns` (the steps that need no
decision, the tallies, the end).
"""

from __future__ import annotations

from ..base import BadOptions, Engine, Rng
from . import actions, bots, commands, menus, standings, turns, words
from . import cards as card_data
from . import view as view_mod
from .state import build_state, current_step


class OgallalaEngine(Engine):
    name = "ogallala"
    title = "Ogallala"
    version = "1"
    state_version = 2  # 2: the common Frame (state.upgrade reads a version-1 state)
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
    def current_step(state: dict) -> str:
        """Returns the pending step: "draw", a task kind, or "over" (not the Frame's `phase`,
        which stays "play" all game)."""
        return current_step(state)

    turn_seat = Engine.turn_of_state  # the turn player's notice is "your turn"

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        """Returns every action the seat may take now (empty if it is not to act)."""
        return menus.legal_actions(state, seat)

    # -- applying --------------------------------------------------------------------------------
    def do_apply(self, state: dict, seat: int, action: dict) -> list[dict]:
        """Applies an action already known to be legal; returns the events."""
        events: list[dict] = []
        actions.HANDLERS[action["type"]](state, seat, action, events)
        turns.advance(state, events)
        return events

    def scores(self, state: dict) -> list[int]:
        """Returns each seat's tally as it stands."""
        return turns.tallies(state)

    def seat_left(self, state: dict, seat: int) -> list[dict]:
        """The game's part of a resignation (Engine.resign): see turns.seat_left."""
        return turns.seat_left(state, seat)

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
        return words.action_label(self, state, seat, action)

    def command(self, state: dict, seat: int, text: str) -> dict | None:
        """Returns the placement a space's code ("B7") names, or the draw a stack's name names."""
        return commands.command(self, state, seat, text)

    def reply_grid(self, state: dict, seat: int) -> dict | None:
        """Returns the seat's river with a code on each free space its card may go."""
        return commands.reply_grid(self, state, seat)

    def glossary(self, options: dict) -> dict[str, str]:
        """Returns every card kind of the options' edition, explained."""
        return card_data.glossary(options.get("edition", "I"), options)

    def explain_illegal(self, state: dict, seat: int, action: dict) -> str:
        """Returns the sentence of the check that refuses the action (menus.py)."""
        return words.explain_illegal(self, state, seat, action)

    def table_text(self, state: dict, seat: int | None) -> list[str]:
        """Returns what that seat (None: a spectator) sees of the table as short lines of text."""
        return words.table_text(self, state, seat)

    def explain_hit(self, state: dict, event: dict, seat: int) -> list[str]:
        """Returns what a lasso, arrow, hunt or conquest does to the player it hits, what mends it
        and by when (the game's end), as the state right after the move stands."""
        return words.explain_hit(self, state, event, seat)

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
        if seat != state["turn"] and state["pending"] and state["pending"][0].get("unseen"):
            hidden.add("hand")  # II: a drawn card that has no space, seen by its drawer only
        return hidden


ENGINE = OgallalaEngine()
