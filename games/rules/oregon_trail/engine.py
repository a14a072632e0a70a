"""Oregon Trail Race rules engine: the revised rules (default) and the classic rules.

One engine serves both rulesets; the differences sit behind `state["ruleset"]` checks in the
few places they matter (turn length, river attempts, towns and forts, calamity count-downs,
thief and hunting). The engine class holds the game's metadata and answers the contract; the
rules are in the package's modules: `menus` (what a seat may do: one check per action kind, the
menu), `actions` (what an action does), `calamities`, `turns` (the turn loop and the end),
`supplies`. `do_apply` trusts the menu.
"""

from __future__ import annotations

from ..base import BadOptions, Engine, Rng
from . import actions, bots, menus, standings, turns, words
from . import cards as card_data
from . import view as view_mod
from .state import build_state


class OregonTrailEngine(Engine):
    """Oregon Trail Race: every wagon forges its own trail to Oregon; calamities go to rivals."""

    name = "oregon-trail-race"
    title = "Oregon Trail Race"
    version = "1"
    state_version = 2  # 2: the common Frame (state.upgrade reads a version-1 state)
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
    turn_seat = Engine.turn_of_state  # the turn player's notice is "your turn"

    def legal_actions(self, state, seat):
        """Returns every action the seat may take now: the candidates that pass their check."""
        return menus.legal_actions(state, seat)

    # -- applying ----------------------------------------------------------------------------
    def do_apply(self, state, seat, action):
        """Applies a legal action; returns the events."""
        events = []
        actions.HANDLERS[action["type"]](state, seat, action, events)
        turns.after(state, events)
        return events

    def seat_left(self, state, seat):
        """The game's part of a resignation (Engine.resign): the wagon is out (turns.seat_left)."""
        return turns.seat_left(state, seat)

    # -- result, view ---------------------------------------------------------------------------
    def view(self, state, seat):
        """Returns what the seat (None: a spectator) may see."""
        return view_mod.view(self, state, seat)

    def table_text(self, state, seat):
        """Returns what the seat (None: a spectator) sees of the table as short lines of text."""
        return words.table_text(self, state, seat)

    def explain_hit(self, state, event, seat):
        """Returns what a calamity (or another event that hits the seat) does to it, what mends it
        and by when, as the state right after the move stands."""
        return words.explain_hit(self, state, event, seat)

    def hit_matters(self, state, event, seat):
        """A calamity discarded at once with no effect on the seat (a broken part with nothing to
        break, a hunt with no Bullets or no Food) does not matter; every other hit does."""
        return words.hit_matters(self, state, event, seat)

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
        return words.action_label(self, state, seat, action)

    def glossary(self, options):
        """Returns every calamity, supply and trail card of the options' ruleset, explained."""
        return card_data.glossary(options.get("ruleset", "revised"))

    def explain_illegal(self, state, seat, action):
        """Returns a sentence saying why the action is not legal now: its check's (menus.py)."""
        return words.explain_illegal(self, state, seat, action)

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
