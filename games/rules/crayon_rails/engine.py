"""Crayon rails (the Empire Builder family) on our own map, with the public-locking demand pool.

Modes (option `mode`): `public` (default), the variant of shared/rules/003: one face-up pool of
demand cards that players lock loads onto; `standard`: three demand cards in each hand. The
base rules and the reconstructed pool-size rules and setup draft are in shared/rules/README.md.

Setup: public mode drafts first (seat by seat: keep up to two cards, each committed to one of
its demands; the rejects and two new cards go to the next seat; the last rejects open the pool,
filled to 3 x N). Then two initial building turns each (in seat order, then reversed), no
moving. Then operating turns, seat 0 first: the first one starts by placing the train on any
city. A turn: move (in one or more `move` actions, along track), picking up, delivering,
dropping and (public) locking loads along the way; then build (up to 20) or upgrade; then end
the turn. As the first thing in a turn a player may instead discard the hand (standard) or
pitch three pool cards (public).

Actions (JSON dicts with a `type`):
    keep{card, demand} | keep_done                      public setup draft
    build{path[, toward]}                               path: [[x, y], ...] from a major city
                                                        milepost or your own track
    upgrade{train}                                      fast | heavy | super, instead of building
    place_train{city}                                   first operating turn
    move{path[, toward]}                                path[0] is where the train stands
    pickup{good} | drop{good} | deliver{card, demand}
    lock{card, demand, good}                            public
    pitch                                               public, first thing in a turn
    discard_hand                                        standard, first thing in a turn
    lose_load{good[, card][, release]}                  a derailed player's choice
    end_turn

Build and move paths are too many to list, so `legal_actions` is a menu: the simple actions that
pass their check (menus.py) plus ready-made paths (paths.py: this turn's share of the cheapest
build toward each city that matters: the demand cities, their goods' sources and the major
cities; a move to every city within reach and toward the far ones that matter). `accepts` (the
contract's hook, games/rules/base.py) takes ANY build or move path the rules allow, not just the
menu's: the validators `check_build` and `check_move` judge it fully, and their reason is what
`explain_illegal` says of a refused path; every other action must be in the menu, and
`explain_illegal` says its check's sentence. The optional `toward` (a city name) only labels a
ready-made path. The menu is a function of the state alone (the search caches never change an
answer), so a menu number in an email means the same when it comes back.

The engine class holds the game's metadata and answers the contract; the rules are in the
package's modules: `menus`, `paths`, `actions`, `events`, `turns`.

Where the texts are silent we chose (standard Empire Builder readings where there are some):
- A major city is seven mileposts; the track between them is everybody's, free to move on and
  to build through. "Nobody may block a major city": a build may not leave a major city fewer
  unbuilt entries than there are other players in the game without track there.
- Building: a path may run over your own track and the major cities' track at no cost; each new
  section costs its far milepost's terrain plus any water it crosses, even into your own track.
- Track fees: 4 to each other owner whose track you use, once per owner per turn, paid when you
  first enter their track; you may not enter it without the cash. A resigned player's track stays
  and is free to use.
- Trains may reverse anywhere. A move, pickup, delivery or lock may not follow building or an
  upgrade in the same turn; upgrading is instead of building (no build that turn) and is not
  allowed in the initial building turns. Freight goes to fast or heavy, those to superfreight.
- Dropping a load (only one that locks nothing) is allowed at any city; its chip goes back.
- Events: drawn by the player whose turn it is (in public mode, whoever's delivery, lock or pitch
  made the pool draw). Events dealt during setup are set aside and shuffled back in before
  building starts. Snow, flood and strike last until the end of the drawing player's next turn.
  Derailment: every train within the area loses one load (its owner picks which, and may pick a
  locked one) and a turn: the drawing player's current turn ends at once, anyone else skips
  their next turn. Snow: a train that starts its turn in the area moves at half speed (rounded
  up); no building into its mountain or alpine mileposts. Flood: every track section across the
  river is erased and nobody builds across it. Strikes: no pickup or delivery at coastal cities
  (or at the named cities); or no train moves on the drawing player's track. Excess profit tax:
  10 from 50 cash, 15 from 100, 20 from 150, 25 from 200.
- Public locking: N is the number of players still in the game. A card locked for one demand
  can only be locked (by others) and delivered for that demand; one marker per player per card;
  only a load that locks nothing can lock. You deliver a pool card only through your own lock.
  Private draft cards: the first load of that good picked up is committed to the card; it counts
  as a locked load. A pitch discards min(3, unlocked) random unlocked cards and refills the pool
  by the pool-size rules at once; the player may then only lock (and end the turn).
- Winning: checked after each action of the player whose turn it is. `max_rounds` (default 150,
  0 for none) ends the game after that many operating rounds: the richest player among those
  whose network links the required major cities wins, or the richest of all if nobody's does
  (the Puffing Billy tournament ruling for an unfinished game). Ties share the win. The limit is
  a safety net for stalled games (a train stranded without the fees, a load locked to a demand
  nobody can reach any more); bot games end by a win after 20 to 60 rounds.
"""

from __future__ import annotations

from ..base import BadOptions, Engine, IllegalAction, in_menu
from . import actions, bots, commands, menus, paths, standings, turns, words
from . import cards as card_data
from . import view as view_mod
from .board import map_data
from .state import DRAFT_FIRST, HAND, build_state, deal_setup, end_setup_draws


class CrayonRailsEngine(Engine):
    """Build track, haul loads to demands, reach the cash and the major cities first."""

    name = "crayon-rails"
    title = "Crayon Rails"
    version = "1"
    state_version = 2  # 2: the common Frame (state.upgrade reads a version-1 state)
    min_seats = 2
    max_seats = 6
    pitch = "Draw track between the cities of Tessary and carry goods to the cities that pay for them."
    length = "about 30 to 40 turns each"  # turns per player in seeded 2-player bot games (games.rules.simulate)
    variants = [({"mode": "public"}, "Public pool"), ({"mode": "standard"}, "Standard hands")]
    blurb = (
        "Build track across the map of Tessary, carry loads to the cities that demand them, and be the "
        "first with the cash and a network that links the major cities. 2 to 6 players."
    )
    demo_moves = 40
    options_schema = {
        "mode": {
            "default": "public",
            "choices": ["public", "standard"],
            "labels": {"public": "One face-up pool (variant)", "standard": "Three in each hand (standard)"},
            "label": "Demand cards",
            "help": "Variant: one face-up pool of demands that players lock loads onto. "
            "Standard: three demand cards in each hand.",
        },
        "cash_to_win": {
            "default": 250,
            "min": 100,
            "max": 500,
            "label": "Cash to win",
            "help": "Cash needed (with all but one major city linked) to win.",
        },
        "max_rounds": {
            "default": 150,
            "min": 0,
            "max": 500,
            "label": "Round limit",
            "help": "The game ends after this many rounds (0: no limit) and the "
            "richest player with the major cities linked (or the richest, if "
            "nobody has them) wins. A safety net: games rarely last 60.",
        },
    }
    conformance_options = [
        {"mode": "public", "max_rounds": 20},
        {"mode": "standard", "max_rounds": 20, "cash_to_win": 100},
    ]
    decision_kinds = {
        "derailment": {
            "label": "Derailed: which load to lose",
            "answers": {"unlocked_first": "Lose a load that locks no card, if I have one"},
        },
    }
    # what a finished game tells the standings (the contract's section; the rest is in standings.py)
    edition_option = "mode"
    figures = standings.FIGURES
    figures_read_events = True
    length_bin = 50

    def finishing_measure(self, state, result, seat):
        return standings.finishing_measure(state, result, seat)

    def count_figures(self, state, moves):
        return standings.count_figures(moves)

    def check_options(self, options: dict, seats) -> None:
        if seats is not None and not self.min_seats <= seats <= self.max_seats:
            raise BadOptions("Crayon Rails is for 2 to 6 players.")

    def map_data(self, options: dict | None = None) -> dict:
        """Returns the static board (the same for every game)."""
        return map_data()

    # -- setup ---------------------------------------------------------------------------------
    def new_state(self, options: dict, seats: int, seed) -> dict:
        """Returns the dealt starting state."""
        state = build_state(self.normalize_options(options, seats), seats, seed)
        if state["mode"] == "public":
            state["draft"] = {"seat": 0, "offer": deal_setup(state, DRAFT_FIRST)}
        else:
            for p in state["players"]:
                p["hand"] = deal_setup(state, HAND)
            end_setup_draws(state)
            turns.begin_building(state)
        return state

    # -- whose move, the menu, the checks -----------------------------------------------------------
    def turn_seats(self, state: dict) -> list[int]:
        """Returns who decides when no derailed player is choosing: the drafter, else the turn."""
        return menus.turn_seats(state)

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        """Returns the menu: every simple action plus ready-made build and move paths."""
        return menus.legal_actions(state, seat)

    def accepts(self, state: dict, seat: int, action: dict) -> bool:
        """Returns whether apply takes the action: any build or move path the rules allow (the
        validators decide), anything else only from the menu. A path that cannot be read raises
        IllegalAction (MALFORMED_ACTION)."""
        if not paths.takes_path(state, action):
            return in_menu(action, menus.simple_actions(state, seat))
        try:
            paths.check_path(state, seat, action)
        except IllegalAction as exc:
            if exc.code == "MALFORMED_ACTION":
                raise
            return False
        return True

    def explain_illegal(self, state: dict, seat: int, action: dict) -> str:
        """Returns the sentence of the check that refuses the action (menus.py, paths.py)."""
        return words.explain_illegal(self, state, seat, action)

    # the paths' searches and checks (paths.py), for the bots, the reply commands and the tests
    def build_budget(self, state: dict, seat: int) -> int:
        return paths.build_budget(state, seat)

    def build_menu(self, state: dict, seat: int) -> list[dict]:
        return paths.build_menu(state, seat)

    def build_toward(self, state: dict, seat: int, city: int) -> list[int] | None:
        return paths.build_toward(state, seat, city)

    def full_builds(self, state: dict, seat: int) -> list:
        return paths.full_builds(state, seat)

    def build_cost(self, state: dict, seat: int, action: dict) -> int:
        return paths.build_cost(state, seat, action)

    @staticmethod
    def affordable(path: list[int], own: set, budget: int) -> list[int] | None:
        return paths.affordable(path, own, budget)

    def move_menu(self, state: dict, seat: int) -> list[dict]:
        return paths.move_menu(state, seat)

    def move_routes(self, state: dict, seat: int) -> list[tuple[int, list[int]]]:
        return paths.move_routes(state, seat)

    @staticmethod
    def parse_path(action: dict) -> list[int]:
        return paths.parse_path(action)

    def check_build(self, state: dict, seat: int, path: list[int]) -> tuple[int, list[int]]:
        return paths.check_build(state, seat, path)

    @staticmethod
    def _blocked_major(state: dict, seat: int, new: list[int]) -> int | None:
        return paths.blocked_major(state, seat, new)

    def check_move(self, state: dict, seat: int, path: list[int]) -> list[int]:
        return paths.check_move(state, seat, path)

    @staticmethod
    def takes_path(state: dict, action: dict) -> bool:
        return paths.takes_path(state, action)

    def check_path(self, state: dict, seat: int, action: dict):
        return paths.check_path(state, seat, action)

    def _unlocked_pool(self, state: dict) -> list[str]:
        return menus.unlocked_pool(state)

    # -- applying --------------------------------------------------------------------------------
    def do_apply(self, state: dict, seat: int, action: dict) -> list[dict]:
        """Applies an action accepts took; returns the events."""
        events: list[dict] = []
        actions.HANDLERS[action["type"]](state, seat, action, events)
        turns.after(state, events)
        return events

    def seat_left(self, state: dict, seat: int) -> list[dict]:
        """The game's part of a resignation (Engine.resign): its track stays (free to use), its
        cards and loads go back (turns.seat_left)."""
        return turns.seat_left(state, seat)

    # -- bots, defaults, standing orders ----------------------------------------------------------
    def bot_action(self, state: dict, seat: int, rnd) -> dict:
        """Returns the engine bot's choice for a seat (one of legal_actions)."""
        return bots.choose(self, state, seat, rnd)

    def default_action(self, state: dict, seat: int) -> dict:
        """Returns the move made for a seat whose deadline passed: a pass, or the least harm."""
        legal = menus.simple_actions(state, seat)
        for pass_ in ({"type": "end_turn"}, {"type": "keep_done"}):
            if pass_ in legal:
                return pass_
        return legal[0]

    def decision_kind(self, state: dict, seat: int) -> str | None:
        if not state["result"] and state["pending"] and state["pending"][0]["seat"] == seat:
            return "derailment"
        return None

    def standing_action(self, state: dict, seat: int, kind: str, answer: str) -> dict | None:
        if kind != "derailment" or answer != "unlocked_first" or self.decision_kind(state, seat) != kind:
            return None
        opts = menus.lose_options(state, seat)
        return next((a for a in opts if "card" not in a), None)

    # -- presentation ------------------------------------------------------------------------------
    def view(self, state: dict, seat: int | None) -> dict:
        return view_mod.view(self, state, seat)

    def table_text(self, state: dict, seat: int | None) -> list[str]:
        return words.table_text(self, state, seat)

    def explain_hit(self, state: dict, event: dict, seat: int) -> list[str]:
        """Returns what a tax, derailment, flood or a delivery that frees a lock does to the player
        it hits, what mends it and by when, as the state right after the move stands."""
        return words.explain_hit(self, state, event, seat)

    def action_label(self, state: dict, seat: int, action: dict) -> str:
        return words.action_label(self, state, seat, action)

    def command(self, state: dict, seat: int, text: str) -> dict | None:
        """Returns the build or move a reply names by cities ("build Harrowgate to Kestrel Bay",
        "move to Hobbsford"): the cheapest legal path (commands.py), or raises IllegalAction."""
        return commands.command(self, state, seat, text)

    def glossary(self, options: dict) -> dict[str, str]:
        """Returns every event card and train explained."""
        return card_data.glossary(options.get("mode", "public"))

    def public_action(self, action: dict) -> dict:
        """Hides which card a drafter keeps and a private card kept after a derailment."""
        if action.get("type") == "keep":
            return {"type": "keep"}
        if action.get("type") == "lose_load" and action.get("release") is False:
            return {"type": "lose_load", "good": action["good"]}
        return action

    def card_places(self, state: dict) -> dict[str, list[str]]:
        places = {
            "deck": list(state["deck"]),
            "discard": list(state["discard"]),
            "pool": list(state["pool"]),
            "set_aside": list(state["set_aside"]),
            "draft": list(state["draft"]["offer"]) if state["draft"] else [],
        }
        for s, p in enumerate(state["players"]):
            places[f"hand:{s}"] = list(p["hand"])
        return places

    def hidden_places(self, state: dict, seat: int | None) -> set[str]:
        hidden = {"deck", "set_aside"}
        hidden |= {f"hand:{s}" for s in range(state["seats"]) if s != seat}
        if not state["draft"] or state["draft"]["seat"] != seat:
            hidden.add("draft")
        return hidden


ENGINE = CrayonRailsEngine()
