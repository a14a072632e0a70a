"""The rules-engine contract every game package implements (see DESIGN.md).

A game is data plus pure functions over a JSON-serialisable state dict. Engines import nothing
from Django; the server, the simulator and the conformance tests only use what is defined here.

Conventions shared by all engines:
- Seats are integers 0..n-1 in turn order.
- `state["rng"] = {"seed": str, "counter": int}` (`RngState`); every random draw of the game goes
  through `Rng` and advances the counter, so options + seed + the logged actions replay a game
  exactly. Nothing else draws: no `random` module, no clock. A choice that must not change the
  game (a default move, a bot's tie-break) uses an independent stream (`Rng.stream`, `derive`).
- Actions are small JSON dicts with a `type`; `legal_actions(state, seat)` is the menu (the web
  form's buttons, the email's numbered moves). `apply` takes an action exactly when
  `accepts(state, seat, action)` is true, which by default means it is in the menu; an engine
  whose actions are too many to list (a path on a map) overrides `accepts` to take more than the
  menu, and every menu entry stays accepted (the conformance suite checks). A refused action
  raises `IllegalAction` (changing nothing) with `explain_illegal`'s sentence; otherwise
  `do_apply` mutates the state in place and returns events.
- Events are `{"type", "seat", "public": {... "text": str}, "private": {"<seat>": {...}}}`.
  `public["text"]` is a sentence for the game log; private parts are keyed by str(seat).
  An event that hits seats (a calamity's victim, a lassoed card's owner) lists them in
  `"audience"`: the server tells each of them at once, whatever the game, with the engine's
  `explain_hit` for that seat: what the hit does to them, what mends it, by when.
  A private part may carry a `"text"`: the sentence only that seat reads after the public one
  (the card it drew, the supply it bought).
- Texts and labels name a seat `seat_label(seat)`, "Player N" (N = seat + 1): engines know no
  names, and the server puts each player's display name in its place with `name_seats`.
- Card ids are globally unique strings, so the conformance suite can check that every card is
  in exactly one place and that no hidden card shows up in a view.

Every game package has the same modules, with the same meaning:
- `__init__.py`: the game in a paragraph, its actions, the choices made where the texts are
  silent, and the package's extra modules, if any: the rules by sub-domain (what each action does,
  the turn loop, a game's own parts such as calamities or paths), each under 800 lines, and
  components too big for `cards`.
- `cards.py`: the components as data (card kinds, counts, ids) and lookups over them.
- `state.py`: the state's shape, declared as `TypedDict`s (every key, with its meaning), the
  dealing of a new state (`build_state`), `upgrade` (a state of the previous `state_version` as
  one of today's), and the small queries over a state that the engine, the view and the bot share.
- `actions.py` (or the modules its docstring names): what each action does, a handler
  `do_<kind>` per action kind, all in `HANDLERS`.
- `menus.py`: one check per action kind and the menu (whose decision it is, `Engine.to_act`
  reads off the Frame, with the engine's `turn_seats`): a kind's
  check is a gate that reads the position alone and a fit that reads the action, each returning
  the sentence a player reads or None (`checks.py` builds the menu and the refusal from them);
  `legal_actions` is the candidates that pass their check, and `refusal` runs the same checks on
  any other action, so `legal_actions` and `explain_illegal` cannot drift apart.
- `engine.py`: the `Engine` subclass (`ENGINE`, what the registry loads): the game's metadata
  (its class attributes) and the contract's methods, which call the package's modules.
- `view.py`: what a seat sees (`view`): the secrets boundary, nothing another seat may not see.
- `words.py`: how a menu entry reads (`action_label`), the table as text (`table_text`), why a move
  is refused (`explain_illegal`: its check's sentence, from `menus.py`) and what a hit means for
  the seat it hits (`explain_hit`; its sentences live with the card data, in `cards.py`); the
  engine's methods of those names call it.
- `bots.py`: `choose(engine, state, seat, rnd)`, a legal, reasonable player for simulations, solo
  play and timed-out seats; `rnd` is an `Rng` stream (it uses `choice`, `random`, `shuffle` only).
- `places.py`: `place(state, seat, action)`, where on the table a legal action is played (see
  `Engine.place`); the engine's method of that name calls it.
- `picture.py`: the table drawn from a seat's view, for the game page and for emails (`picture`,
  `email_picture`; see `Engine.table_picture`), with the shared kit of games/rules/drawing.
- `page.py`, if the game's board template needs figures beyond the view (`board_context`) or a
  drawing of its map made once (`board_static`); see those methods of `Engine`.
- `standings.py`: what a finished game tells the standings (Engine's section of that name): the
  figures it counts (`FIGURES`, `count_figures`) and what places its seats that did not win
  (`finishing_measure`); the engine's attributes and methods of those names use it. A game that
  declares nothing there has no such module.

Every state starts with the same framework block (`Frame`), under the same names in every game:
`version` (the engine's `state_version` when the state was written), `seats`, `turn` (whose turn
it is), `phase`, `pending` (decisions owed before the turn goes on, `{"seat", "kind", ...}`, the
first decided first), `result` (None while the game runs), `out` (the seats that left: resigned,
dropped or kicked) and `rng`. So `Engine` answers `to_act`, `turn_seat` and `result` itself and
runs a resignation's common part (`resign`), and a game adds only its hooks (`turn_seats`,
`seat_left`). A game's `state.py` extends `Frame` with its own keys, and its `upgrade` turns a
state saved at an older version (the server stored it; `Engine.load_state` calls it) into one
of today's. Each game's actions module names a handler `do_<kind>(state, seat, action, events)`
and lists them in `HANDLERS` ({kind: handler}), the table its `do_apply` dispatches through.
"""

from __future__ import annotations

import copy
import hashlib
import importlib
import json
import re
from dataclasses import dataclass
from typing import TypedDict


class IllegalAction(Exception):
    """A move the rules do not allow; the message is a sentence a player can read."""

    code = "ILLEGAL_ACTION"

    def __init__(self, message: str, *, code: str | None = None):
        super().__init__(message)
        self.message = message
        if code:
            self.code = code


class BadOptions(ValueError):
    """Game options that the engine's options_schema does not allow."""


class RngState(TypedDict):
    """The `rng` entry of every state."""

    seed: str  # the game's secret seed (published as sha256 at the start, revealed at the end)
    counter: int  # how many draws the game has made so far


class Rng:
    """Counter-based deterministic randomness kept inside the state.

    Each draw hashes (seed, counter) and advances the counter, so the sequence depends only on
    the seed and how many draws came before, never on process state or the clock. It offers
    `choice`, `shuffle` and `random` as `random.Random` does, so a bot written for either works.
    """

    __slots__ = ("_r",)

    def __init__(self, state: dict):
        self._r = state["rng"]

    @classmethod
    def stream(cls, label) -> Rng:
        """Returns an independent stream seeded by a label, over a private counter of its own."""
        return cls({"rng": new_rng(label)})

    def derive(self, label: str) -> Rng:
        """Returns a stream seeded by this one's seed, counter and a label, without drawing here.

        For choices that must not change the game (a default move): the game's counter stays
        as it is, and the stream differs from one game and one position to the next.
        """
        r = self._r
        return Rng.stream(f"{r['seed']}:{r['counter']}:{label}")

    def _next64(self) -> int:
        r = self._r
        c = r["counter"]
        r["counter"] = c + 1
        digest = hashlib.blake2b(f"{r['seed']}:{c}".encode(), digest_size=8).digest()
        return int.from_bytes(digest, "big")

    def below(self, n: int) -> int:
        """Returns a uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        return self._next64() % n

    def die(self, sides: int = 6) -> int:
        """Returns a die roll 1..sides."""
        return self.below(sides) + 1

    def random(self) -> float:
        """Returns a uniform float in [0, 1)."""
        return (self._next64() >> 11) / float(1 << 53)

    def choice(self, seq):
        """Returns one element of a non-empty sequence."""
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        """Shuffles a list in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


class Decision(TypedDict):
    """An entry of a state's `pending`: a decision owed before the turn goes on (a game's own
    entries add their keys: the card it is about, the seat it hits)."""

    seat: int  # the seat that decides
    kind: str  # what is decided (a game's own word: "victim", "derailment", "place")


class Frame(TypedDict):
    """The top-level keys every game's state has, with the same meaning (each game's State
    extends it). The base Engine reads them for `to_act`, `turn_seat`, `result` and `resign`."""

    version: int  # the engine's state_version when the state was written (absent: 1)
    seats: int  # the number of seats, 0..seats-1 in turn order
    turn: int  # the seat whose turn it is
    phase: str  # the game's stage ("play"; a game's own setup stages before it)
    pending: list[Decision]  # decisions owed before the turn goes on; the first is decided next
    result: dict | None  # None while the game runs, else the result (Engine.result returns a copy)
    out: list[int]  # the seats that left the game (resigned, dropped or kicked), sorted
    rng: RngState  # the game's randomness


def frame_to_act(state: dict, turn_seats) -> list[int]:
    """Returns the seats that must decide now, read off the Frame: none once the game is over,
    the seat of the first pending decision, else `turn_seats(state)` (Engine.to_act; a game's
    own modules that ask whose decision it is call this with the engine's hook)."""
    if state["result"] is not None:
        return []
    if state["pending"]:
        return [state["pending"][0]["seat"]]
    return turn_seats(state)


def new_rng(seed) -> RngState:
    """Returns the rng entry of a fresh state."""
    return {"seed": str(seed), "counter": 0}


def new_frame(version: int, seats: int, seed, *, phase: str = "play", turn: int = 0) -> Frame:
    """Returns the Frame of a fresh state: nobody out, nothing pending, no result yet."""
    return {
        "version": version,
        "seats": seats,
        "turn": turn,
        "phase": phase,
        "pending": [],
        "result": None,
        "out": [],
        "rng": new_rng(seed),
    }


SEAT_LABEL = re.compile(r"\bPlayer (\d+)\b")


def _typed(value):
    """The value with each number and boolean tagged by its type: Python's == takes True for 1 and
    1.0 for 1, which a move read from JSON must not (`true` is no stack number, `1.0` no index)."""
    if isinstance(value, dict):
        return {k: _typed(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(_typed(v) for v in value)
    if isinstance(value, bool | int | float):
        return (type(value), value)
    return value


def in_menu(action: dict, menu: list[dict]) -> bool:
    """Whether the action is one of the menu's, its values of the same types as the entry's."""
    return action in menu and _typed(action) == _typed(menu[menu.index(action)])


def seat_label(seat: int) -> str:
    """Returns how engines' texts name a seat: "Player N", N = seat + 1."""
    return f"Player {seat + 1}"


def counted(n: int, word: str, plural: str | None = None) -> str:
    """A number and its noun, the noun's plural right: "1 track section", "3 track sections"
    (engines have no Django, so not ngettext; `plural` where adding "s" is wrong)."""
    return f"{n} {word if n == 1 else plural or word + 's'}"


def name_seats(text: str, names: dict) -> str:
    """Returns a text with each seat label replaced by names[seat] (a label without a name stays)."""
    if not text or "Player " not in text:
        return text
    return SEAT_LABEL.sub(lambda m: names.get(int(m.group(1)) - 1, m.group(0)), text)


def event(
    type_: str,
    seat,
    text: str,
    *,
    public: dict | None = None,
    private: dict | None = None,
    audience: list | None = None,
) -> dict:
    """Builds an event dict; `audience` lists the seats it hits (a victim, a loser of cards or
    track), whom the server tells at once; leave it out for news everyone reads in the log."""
    pub = dict(public or {})
    pub["text"] = text
    ev = {"type": type_, "seat": seat, "public": pub, "private": {str(k): v for k, v in (private or {}).items()}}
    if audience is not None:
        ev["audience"] = list(audience)
    return ev


# -- what a finished game tells the standings ---------------------------------------------------
# The standings (ratings, leaderboards, statistics) know no game: each engine says, through the
# Engine section of the same name, which option names an edition, how its finishers are placed,
# and which figures of its own a finished game adds to the statistics.

TENTHS = [str(i) for i in range(1, 11)]  # a game's length in tenths: when in the game a thing happened


@dataclass(frozen=True)
class Figure:
    """One of a game's own statistics (Engine.figures): {label: number} per finished game, summed
    over games label by label, and drawn as one chart of the game's statistics page.

    `kind` "bar" draws one bar per label; "ratio" draws this figure divided by the figure `per`,
    label by label (a mean: points per boat). `order` "value" sorts the labels most first; "label"
    keeps numeric labels in their order (sizes, tenths of the game). The titles are the chart's
    and its axes' words, as a player reads them.
    """

    name: str
    title: str
    x_title: str
    y_title: str
    kind: str = "bar"
    per: str = ""
    order: str = "value"


def add_figure(out: dict, figure: str, label, amount=1) -> None:
    """Adds `amount` to a label of a figure in Engine.count_figures's answer (labels are strings)."""
    counts = out.setdefault(figure, {})
    counts[str(label)] = counts.get(str(label), 0) + amount


def tenth(index: int, length: int) -> str:
    """Returns which tenth of the game (a TENTHS label) the move at `index` (0-based) of `length` fell in."""
    return TENTHS[min(9, index * 10 // max(length, 1))]


class Engine:
    """Base class for a game engine; subclasses fill in the rules.

    Subclass attributes: `name` (slug), `title`, `version`, `min_seats`, `max_seats`,
    `pitch` (one line that says what the game is), `length` (how long a game is, in words),
    `options_schema` {option: {"default", "choices" | "min"/"max", "label", "help"}}, and, optional,
    "labels" {choice: words} (what a player reads for each choice: never the raw value) and "when"
    {other option: [values]} (the option applies only while the other has one of those values:
    the new-game form hides it otherwise, the join page leaves it out, and it keeps its default),
    `conformance_options` (a list of option dicts the conformance suite plays),
    `decision_kinds` {kind: {"label", "answers": {answer: label}}} for out-of-turn decisions
    that a standing order may answer, and what a finished game tells the standings
    (`edition_option`, `figures`, `figures_read_events`, `length_bin`: see that section below).
    """

    name = ""
    title = ""
    version = "1"
    state_version = 1  # the version of the state's shape new_state writes (Frame's `version`)
    min_seats = 2
    max_seats = 2
    pitch = ""
    length = ""
    options_schema: dict = {}
    conformance_options: list = [{}]
    decision_kinds: dict = {}

    # -- options -----------------------------------------------------------------------------
    def normalize_options(self, options: dict | None, seats: int | None = None) -> dict:
        """Returns the options with defaults filled in; raises BadOptions for bad values."""
        options = dict(options or {})
        out = {}
        for key in options:
            if key not in self.options_schema:
                raise BadOptions(f"Unknown option '{key}'.")
        for key, spec in self.options_schema.items():
            value = options.get(key, spec["default"])
            default = spec["default"]
            if isinstance(default, bool):
                if isinstance(value, str):
                    if value.lower() in ("1", "true", "yes", "on"):
                        value = True
                    elif value.lower() in ("0", "false", "no", "off"):
                        value = False
                if not isinstance(value, bool):
                    raise BadOptions(f"Option '{key}' must be true or false.")
            elif isinstance(default, int):
                try:
                    value = int(value)
                except (TypeError, ValueError):
                    raise BadOptions(f"Option '{key}' must be a whole number.") from None
            else:
                value = str(value)
            if "choices" in spec and value not in spec["choices"]:
                allowed = ", ".join(str(c) for c in spec["choices"])
                raise BadOptions(f"Option '{key}' must be one of: {allowed}.")
            if "min" in spec and value < spec["min"]:
                raise BadOptions(f"Option '{key}' must be at least {spec['min']}.")
            if "max" in spec and value > spec["max"]:
                raise BadOptions(f"Option '{key}' must be at most {spec['max']}.")
            out[key] = value
        self.check_options(out, seats)
        return out

    def check_options(self, options: dict, seats: int | None) -> None:
        """Raises BadOptions for combinations the schema cannot express (override)."""

    def option_applies(self, key: str, options: dict) -> bool:
        """Whether option `key` means anything with these (other) options: its "when" holds."""
        when = self.options_schema[key].get("when") or {}
        return all(options.get(k, self.options_schema[k]["default"]) in values for k, values in when.items())

    def option_words(self, key: str, value) -> str:
        """A value of option `key` as a player reads it: the choice's label, "on"/"off", or the number."""
        spec = self.options_schema[key]
        if isinstance(spec["default"], bool):
            return "on" if value else "off"
        labels = spec.get("labels") or {}
        return str(labels.get(value, value))

    def options_in_words(self, options: dict) -> list[tuple[str, str]]:
        """The game's options that apply, as (label, value in words), in the schema's order."""
        return [
            (spec.get("label", key), self.option_words(key, options.get(key, spec["default"])))
            for key, spec in self.options_schema.items()
            if self.option_applies(key, options)
        ]

    # -- the game ----------------------------------------------------------------------------
    def new_state(self, options: dict, seats: int, seed) -> dict:
        """Returns the dealt starting state."""
        raise NotImplementedError

    def load_state(self, state: dict) -> dict:
        """Returns a stored state as this code reads it: a state written at an older
        `state_version` (no "version": 1) goes through the game package's `state.upgrade`, one
        version at a time. Every state the server reads back (a game's row, a replay's
        snapshot, an imported file) comes through here."""
        while state.get("version", 1) < self.state_version:
            state = self._own_module("state").upgrade(state)
        return state

    def to_act(self, state: dict) -> list[int]:
        """Returns the seats that must decide now: none once the game is over, the seat of the
        first pending decision when one is owed, else `turn_seats`."""
        return frame_to_act(state, self.turn_seats)

    def turn_seats(self, state: dict) -> list[int]:
        """Returns the seats to decide when no decision is pending: by default the turn's seat
        (override for a stage whose decider is not the turn's, such as a setup draft)."""
        return [state["turn"]]

    def turn_seat(self, state: dict) -> int | None:
        """Returns the seat whose turn it is, or None (the game is over, or has no turn player).

        A seat in to_act other than this one decides out of turn (a calamity's victim choosing):
        its notice is a "decision needed", not "your turn". By default there is none: every
        decision's notice is a "decision needed"; `turn_of_state` is the answer of a game whose
        notices name its turns.
        """
        return None

    def turn_of_state(self, state: dict) -> int | None:
        """Returns the state's `turn`, or None once the game is over (turn_seat's answer for a game
        whose notices name its turns)."""
        return None if state["result"] is not None else state["turn"]

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        """Returns every action the seat may take now (empty if it is not to act)."""
        raise NotImplementedError

    def apply(self, state: dict, seat: int, action: dict) -> list[dict]:
        """Checks the action is legal, applies it in place and returns the events."""
        if not isinstance(action, dict) or "type" not in action:
            raise IllegalAction("A move must be an object with a 'type'.", code="MALFORMED_ACTION")
        if seat not in self.to_act(state):
            raise IllegalAction("It is not your turn to decide anything.", code="NOT_YOUR_TURN")
        if not self.accepts(state, seat, action):
            raise IllegalAction(self.explain_illegal(state, seat, action))
        return self.do_apply(state, seat, action)

    def accepts(self, state: dict, seat: int, action: dict) -> bool:
        """Returns whether apply takes the action now: by default, whether it is in the menu.

        An engine may accept more than legal_actions lists (any rules-valid path where the menu
        offers a few), never less. For an action whose shape it cannot read it may raise
        IllegalAction with code MALFORMED_ACTION instead of answering.
        """
        return in_menu(action, self.legal_actions(state, seat))

    def do_apply(self, state: dict, seat: int, action: dict) -> list[dict]:
        """Applies an action accepts took; returns the events."""
        raise NotImplementedError

    def explain_illegal(self, state: dict, seat: int, action: dict) -> str:
        """Returns a sentence saying why an action is not legal now (override for detail)."""
        return "That move is not allowed now."

    def view(self, state: dict, seat: int | None) -> dict:
        """Returns what that seat (None: a spectator) may see."""
        raise NotImplementedError

    def open_view(self, state: dict) -> dict:
        """Returns the table with every hand shown, for a game that is over (the replay viewer):
        the spectator's view plus `hands`, one entry per seat ({"seat", ...}) holding what that
        seat's own view adds to the spectator's (its hand, its secret commitments), the players'
        rows left as the spectator sees them. Built from view() alone, so it never holds a deck's
        order nor the seed; an engine with more to reveal may override it."""
        public = self.view(state, None)
        hands = []
        for p in public.get("players") or []:
            if not isinstance(p, dict) or not isinstance(p.get("seat"), int):
                continue
            own = self.view(state, p["seat"])
            hands.append({"seat": p["seat"], **{k: v for k, v in own.items() if k != "players" and public.get(k) != v}})
        return {**public, "hands": hands}

    def result(self, state: dict) -> dict | None:
        """Returns None while the game runs, else {"winners", "ranking", "reason", ...}: a copy
        of the state's `result`."""
        return None if state["result"] is None else dict(state["result"])

    def resign(self, state: dict, seat: int) -> list[dict]:
        """Takes a seat out of the game (resigned, dropped or kicked); returns the events.

        A finished game is refused (IllegalAction, nothing changed). A seat already out changes
        nothing and tells nothing (no events): a seat the game put out itself (Oregon Trail
        Race's dead wagon) still leaves the server's table, and a log holding such a leaving
        replays. Otherwise the seat joins `out`, then the game's `seat_left` does the rest: drops
        its pending decisions, passes the turn on, ends the game when too few remain. An engine
        without `seat_left` cannot take a seat out (NotImplementedError, nothing changed)."""
        if type(self).seat_left is Engine.seat_left:
            raise NotImplementedError(f"{self.name} cannot take a seat out")
        if state["result"] is not None:
            raise IllegalAction("This game is over.")
        if seat in state["out"]:
            return []
        state["out"] = sorted([*state["out"], seat])
        return self.seat_left(state, seat)

    def seat_left(self, state: dict, seat: int) -> list[dict]:
        """The game's part of a resignation (`resign`), the seat already in `out`: what happens
        to its cards, its decisions and the turn; returns the events (the first says who left)."""
        raise NotImplementedError

    def default_action(self, state: dict, seat: int) -> dict:
        """Returns the action played for a seat whose deadline passed (it draws nothing)."""
        return self.legal_actions(state, seat)[0]

    def bot_action(self, state: dict, seat: int, rnd) -> dict:
        """Returns the engine bot's choice for a seat; `rnd` is an Rng stream (Rng.stream).

        The bots use only what Rng and random.Random share (choice, shuffle, random).
        """
        raise NotImplementedError

    # -- presentation --------------------------------------------------------------------------
    def table_text(self, state: dict, seat: int | None) -> list[str]:
        """Returns what that seat sees of the table as short lines of plain text, enough to decide
        from an email: its own hand and everything public (seats named by seat_label; nothing
        another seat may not see). Override; an engine without it gives no lines."""
        return []

    # The three parts of explain_hit's answer, in order (a notice heads each with its label).
    HIT_PARTS = ("What it does to you", "What mends it", "By when")

    def explain_hit(self, state: dict, event: dict, seat: int) -> list[str]:
        """Returns what an event that hits a seat (one of its `audience`) means for that seat.

        `state` is the state right after the move that made the event. The answer is three plain
        texts (each one or more sentences), in the order of HIT_PARTS: what it does to you; what
        mends it, or that nothing does; by when, with the count-downs as the rules count them
        (turns, actions) read from the state. They speak to the seat as "you", name other seats
        with seat_label, say only what the seat may see, and do not repeat the event's own
        sentence. An empty list: nothing to explain. Override; the default explains nothing."""
        return []

    def hit_matters(self, state: dict, event: dict, seat: int) -> bool:
        """Whether an event that hits a seat changes anything for it (`state` as for explain_hit).
        A hit that does not (a calamity discarded with no effect) is no news of its own: the
        server tells the player in their next email, among what happened since their last move,
        instead of emailing them for it. Override; by default every hit matters."""
        return True

    def place(self, state: dict, seat: int, action: dict) -> str:
        """Returns where on the table a legal action is played, as the taps that play it: place
        names separated by spaces, each `kind:id` naming something the seat sees on the table (a
        river's space "river:0:1:3", a card "hand:T35", a supply in the bank "bank:food", a
        milepost "mp:12,7"). The first names the place a player taps; the others, if any, are
        tapped next (a fort, then the two supplies it gives). "bar" is the action bar, for a move
        that has no place on the table (pass, end the turn). The game page marks each place of a
        legal action and plays the action whose taps the player made; several actions with the
        same taps are offered side by side. By default the game package's `places` module answers,
        and an engine without one plays everything from the bar."""
        places = self._own_module("places")
        return places.place(state, seat, action) if places else "bar"

    def hit_places(self, state: dict, seat: int, event: dict, action: dict | None) -> list[str]:
        """Returns where on the seat's own table an event that hit it (an event whose "audience"
        lists the seat, in another's move `action`) landed, as the table stands now: the places
        of Engine.place's naming (a calamity card "cal:T12", a river's space "river:1:0:4") and any
        the game's board draws for it alone (Crayon Rails' "track:x,y|x,y" washed away); the page
        marks exactly those. By default the game package's `places` module answers (its
        `hit_places`), else nothing is marked but the seat's area."""
        find = getattr(self._own_module("places"), "hit_places", None)
        return list(find(state, seat, event, action or {})) if find else []

    def action_label(self, state: dict, seat: int, action: dict) -> str:
        """Returns a short phrase for a legal action, as a button or an email menu shows it."""
        return action["type"]

    def command(self, state: dict, seat: int, text: str) -> dict | None:
        """Returns the action a typed command names, for replies by email beyond the menu's numbers
        and labels (a space's code from `reply_grid`, "build Harrowgate to Kestrel Bay"), or None
        when the text is no command of this game. A command that cannot be played now raises
        IllegalAction with a sentence saying why (an unknown place answered with "Did you mean
        ...?", a path too dear). The action is one `accepts` takes as the state stands (apply still
        judges it: a command never bends a rule). Override; the default reads no commands."""
        return None

    def reply_grid(self, state: dict, seat: int) -> dict | None:
        """Returns the seat's own area as a grid an email shows when a short code answers the
        decision, or None. {"title": str, "columns": [str], "rows": [{"label": str, "cells":
        [{"text": str, "code": str | None, "action": dict | None}]}], "how": str}: a cell with a
        code is free for the decision, and replying with the code plays its action (`command`
        reads it back); the menu leaves those actions out. Override; the default has no grid."""
        return None

    def glossary(self, options: dict) -> dict[str, str]:
        """Returns the game's terms under those options: each card, calamity or event name exactly as
        the texts, labels and views write it -> one or two plain sentences saying what it is or does,
        for a player who hovers over or taps the name. Override; the default explains nothing."""
        return {}

    def public_action(self, action: dict) -> dict:
        """Returns the action as other seats may see it in the log."""
        return action

    def decision_kind(self, state: dict, seat: int) -> str | None:
        """Returns the kind (a key of decision_kinds) of the seat's pending out-of-turn decision."""
        return None

    def standing_action(self, state: dict, seat: int, kind: str, answer: str) -> dict | None:
        """Returns the legal action a standing order's answer picks, or None if none fits."""
        return None

    # -- how the server shows the game: the rules pages, the board, the table picture, the demo ---
    # Everything the pages, the emails and the home page know of a game comes from here (issue #28):
    # the server names no game. A game's own templates are found by its slug (templates/games/
    # boards/<slug>.html, hands/<slug>.html, rules/<slug>.html, each with a generic one instead);
    # the drawing and the board's figures are the package's `picture` and `page` modules, found
    # as `places` is (Engine.place), so a new game adds files and changes none outside its package.

    # The variants the rules summary explains, as (options, name), the first the default: each one's
    # glossary is shown, and a term another variant words otherwise follows with that one's name.
    variants: list[tuple[dict, str]] = [({}, "")]
    blurb = ""  # the rules index's line: what a game is like and for how many players
    demo_options: dict = {}  # the options of the demo game against bots (manage.py demo_setup)
    demo_moves = 20  # bot moves into a seeded game before the home page's picture of the table

    def table_picture(
        self, view: dict, *, names: dict | None = None, me=None, board: dict | None = None, browser: bool = False
    ) -> str | None:
        """Returns the seat's table drawn as a standalone SVG document from its view (never the state,
        so it shows only what that seat may see), or None for a game without a drawing. names:
        {seat: display name}; me: the seat looking (marked "you"); board: games.boards' {"key",
        "data"} under the game's options, for a game with `map_data`; browser: text a browser lays
        out (the game page) rather than outlines (a PNG). By default the package's `picture` module
        draws it (its `picture`, same arguments)."""
        return self._picture("picture", view, names=names, me=me, board=board, browser=browser)

    def email_picture(
        self, view: dict, *, names: dict | None = None, me=None, board: dict | None = None, browser: bool = False
    ) -> str | None:
        """Returns the seat's table drawn for an email (games.rules.drawing.common.EMAIL_W wide, the
        seat's own area large, no text under EMAIL_TEXT), or None. Same arguments as table_picture;
        by default the package's `picture` module draws it (its `email_picture`)."""
        return self._picture("email_picture", view, names=names, me=me, board=board, browser=browser)

    def _picture(self, drawing: str, view: dict, **kwargs) -> str | None:
        module = self._own_module("picture")
        return getattr(module, drawing)(view, **kwargs) if module else None

    def board_static(self, data: dict) -> dict | None:
        """Returns what the game's board template draws from its `map_data` alone (a map as SVG
        markup, every text in it escaped; what building costs where), built once per board:
        games.boards keeps it under the board's key. By default the package's `page` module answers
        (its `board_static`), else there is none."""
        page = self._own_module("page")
        find = getattr(page, "board_static", None)
        return find(data) if find else None

    def board_context(self, table: dict) -> dict:
        """Returns what the game's board template draws beyond the seat's view: the figures a template
        cannot work out (a track as SVG path data, where a train stands in words, a card's short
        text on its space). `table` is what the page has: "view" (the seat's, players named),
        "seat" (the seat looking, None for a spectator), "board" (games.boards' {"key", "data"} or
        None), "moves" (the seat's legal moves, each {"action", "label", "place", ...}), "places"
        (every place a move names) and "hit_places" (where what hit the seat landed). Only what
        the view shows goes in. By default the package's `page` module answers (its
        `board_context`), else nothing is added."""
        page = self._own_module("page")
        find = getattr(page, "board_context", None)
        return find(table) if find else {}

    def place_kinds(self) -> dict[str, dict]:
        """Returns the kinds of place on the game's table (the "kind" of Engine.place's "kind:id"),
        each {"tap": what the action bar asks a player to tap for moves there ("tap a supply in the
        bank"), "tap_others": what it asks when those places are all on other seats' parts of the
        table (their id names another seat first: "river:2:0:3"), "own": True for the seat's own
        things (a card in its hand), which another seat's move names as that seat's own, "route": True
        for the steps of a route the board's own tool draws (a path of mileposts: the move's places
        are its steps, and the table marks neither the route nor the last move there)}. A kind
        not listed is "a marked place on the table". By default the package's `places` module's
        PLACE_KINDS."""
        return getattr(self._own_module("places"), "PLACE_KINDS", None) or {}

    def _own_module(self, name: str):
        """Returns the module `name` of the engine's own package, or None if it has none."""
        full = f"{type(self).__module__.rpartition('.')[0]}.{name}"
        try:
            return importlib.import_module(full)
        except ModuleNotFoundError as exc:
            if exc.name != full:
                raise
            return None

    # -- what a finished game tells the standings ----------------------------------------------
    # Ratings, leaderboards and statistics read only these. A game that declares none of them has
    # one way of playing, a strict ranking (its result's own order) and no figures of its own.

    # The option whose values name the game's editions: ways of playing different enough that a
    # rating earned in one says little about another, so each has its own ratings, leaderboard and
    # statistics (an option that only lengthens a game is none). None: the game has one edition.
    edition_option: str | None = None
    # The game's own statistics, in the order its statistics page shows them (count_figures counts them).
    figures: tuple[Figure, ...] = ()
    # Whether count_figures reads the moves' events: only then does the server load every move's
    # events when a game finishes (the biggest column); otherwise each move's list is empty but the
    # last one's.
    figures_read_events = False
    # Moves per bar of the statistics' chart of game lengths (a longer game wants wider bars).
    length_bin = 10

    def finishing_places(self, state: dict | None, result: dict, out: set[int]) -> dict[int, int]:
        """Returns {seat: place} of a finished game (1 is first; seats level share a place).

        Winners share first place. The rest follow the result's ranking, and two of them share a
        place when finishing_measure says they are level. Seats in `out` (resigned, dropped or
        kicked) share the last places after everyone who stayed, in the ranking's order among
        themselves where the measure tells them apart. Seats of `winners` missing from the ranking
        are put after it."""
        winners = set(result.get("winners") or [])
        ranking = list(result.get("ranking") or [])
        ranking += [p for p in sorted(winners) if p not in ranking]
        stayed = [p for p in ranking if p not in out]
        left = [p for p in ranking if p in out]
        order = [p for p in stayed if p in winners] + [p for p in stayed if p not in winners] + left
        found: dict[int, int] = {}
        previous = None
        for index, seat in enumerate(order):
            group = ("won",) if seat in winners else (seat in out, self.finishing_measure(state or {}, result, seat))
            found[seat] = found[order[index - 1]] if group == previous else index + 1
            previous = group
        return found

    def finishing_measure(self, state: dict, result: dict, seat: int) -> tuple:
        """Returns what tells two seats that did not win apart at the end (their points, their
        cash): seats with equal measures share a place. `state` is the final state, or {} when it
        is not at hand (then answer from `result` alone, or strictly). By default every seat is its
        own: the result's ranking is strict."""
        return ("seat", seat)

    def count_figures(self, state: dict, moves: list[list[dict]]) -> dict[str, dict[str, int]]:
        """Returns a finished game's own figures, {figure name: {label: number}} (the names of
        `figures`, and of any figure a "ratio" divides by), from its final state and each move's
        events in order (empty lists unless figures_read_events). add_figure and tenth help. By
        default a game counts nothing."""
        return {}

    # -- checks used by the conformance suite --------------------------------------------------
    def card_places(self, state: dict) -> dict[str, list[str]]:
        """Returns every card id by the place it is in (hands, decks, discards, table...)."""
        raise NotImplementedError

    def hidden_places(self, state: dict, seat: int | None) -> set[str]:
        """Returns the places of card_places whose cards that seat may not see."""
        raise NotImplementedError


def json_depth(value) -> int:
    """Returns how deeply lists and objects nest in a parsed JSON value (walked without recursion):
    what the API's parser and the export verifier bound before reading anything further."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            node = node.values()
        elif not isinstance(node, list):
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in node if isinstance(child, (dict, list)))
    return deepest


# What no text from outside may hold: NUL and the other C0 control characters but tab, line feed and
# carriage return (PostgreSQL refuses NUL in text; the others are nobody's typing), and half of a
# UTF-16 surrogate pair (JSON's "\ud800" escape parses to one, which no UTF-8 encoder can write).
UNSAFE_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff]")


def json_has_unsafe_text(value) -> bool:
    """Returns whether any string or key of a parsed JSON value holds UNSAFE_TEXT (walked without
    recursion): what the API's parser and the export verifier refuse before anything stores it."""
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            if UNSAFE_TEXT.search(node):
                return True
        elif isinstance(node, dict):
            stack.extend(node.keys())
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return False


def json_roundtrip(state: dict) -> dict:
    """Returns the state after a JSON dump and load (what the database stores)."""
    return json.loads(json.dumps(state))


def clone(state: dict) -> dict:
    """Returns a deep copy of a state."""
    return copy.deepcopy(state)
