"""The test suite's one toy game: a small engine that keeps the whole contract, so the server cannot
tell it apart from a real game, for tests that must not depend on a real game's rules.

The rules: on their turn a seat may play one of its hidden cards, draw one (privately), advance a
step, send dysentery to another seat, or end the turn. Dysentery puts an out-of-turn decision to
its victim (use medicine, or lose a wagon member), which a standing order may answer. Whoever
first empties their hand, or first reaches the goal, wins. A seat that resigns is skipped.

Two presets serve it under the slugs the tests use; each turns on one family of moves by
declaring its option, so its menu is exactly the one its tests count on:

- `SHED` ("toy-shed"): the cards (`hand_size` dealt from a 40-card deck; no goal). For the move
  pipeline, the API, the pages, privacy, undo and hidden information. Seats may resign.
- `RACE` ("toy-notify"): the race (a `goal` of steps and dysentery; no cards). For notices,
  deadlines, standing orders and inbound mail. It cannot resign (`resign` raises
  NotImplementedError), so an absent player is always given to a bot.

Beside them, `TWICE` ("toy-twice") is a small second set of rules (`TwiceEngine`, at the end
of this module), with no cards and no race: only who decides. A seat may decide again (one seat
deciding twice in a row), call every seat to decide at once, or make a secret move (its word
hidden from the others' log, its event with a private part for every seat). For the pipeline's
branches and the sweep of several due seats (tests/games/test_pipeline_branches.py and
tests/games/timekeeper/test_sweep.py, which serve it with the `serve_games` fixture): undo, deadlines of seats still to
act, moves by seats that left, what the log shows whom.

A test serves the first two with the `toy_engine` fixture (tests/conftest.py), which serves both
for the duration of the test (the TRAILPOST_GAMES setting, through `serve_games`).
"""

from games.rules.base import Engine, Rng, event, new_rng, seat_label

MEDICINE = "medicine_choice"


class ToyEngine(Engine):
    version = "1"
    min_seats = 2
    max_seats = 4

    def __init__(self, name, title, *, hand_size=None, goal=None, resigns=True):
        """A preset: `hand_size` (default of the option) turns the cards on, `goal` the race."""
        self.name, self.title, self.resigns = name, title, resigns
        self.options_schema = {}
        if hand_size is not None:
            self.options_schema["hand_size"] = {"default": hand_size, "min": 1, "max": 6, "label": "Cards in hand"}
        if goal is not None:
            self.options_schema["goal"] = {"default": goal, "min": 1, "max": 50, "label": "Goal"}
        self.decision_kinds = (
            {}
            if goal is None
            else {
                MEDICINE: {
                    "label": "Dysentery: use medicine",
                    "answers": {"always": "Use medicine", "never": "Keep the medicine"},
                }
            }
        )

    # -- the game ------------------------------------------------------------------------------
    def new_state(self, options, seats, seed):
        hand_size = options.get("hand_size", 0)
        state = {
            "rng": new_rng(seed),
            "options": options,
            "n": seats,
            "turn": 0,
            "out": [],
            "result": None,
            "deck": [f"c{i}" for i in range(40)] if hand_size else [],
            "hands": [],
            "pile": [],
            "goal": options.get("goal"),
            "steps": [0] * seats,
            "members": [2] * seats,
            "pending": None,
        }
        Rng(state).shuffle(state["deck"])
        for _ in range(seats):
            state["hands"].append([state["deck"].pop() for _ in range(hand_size)])
        return state

    def to_act(self, state):
        if state["result"] is not None:
            return []
        return [state["pending"]["seat"]] if state["pending"] else [state["turn"]]

    def turn_seat(self, state):
        return None if state["result"] is not None else state["turn"]

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        if state["pending"]:
            return [{"type": "medicine", "use": True}, {"type": "medicine", "use": False}]
        acts = [{"type": "play", "card": c} for c in sorted(state["hands"][seat])]
        if state["deck"]:
            acts.append({"type": "draw"})
        if state["goal"] is not None:
            acts += (
                [{"type": "advance"}]
                + [{"type": "calamity", "victim": v} for v in range(state["n"]) if v != seat]
                + [{"type": "end_turn"}]
            )
        return acts

    def do_apply(self, state, seat, action):
        t = action["type"]
        if t == "play":
            state["hands"][seat].remove(action["card"])
            state["pile"].append(action["card"])
            events = [event("played", seat, f"Seat {seat} played {action['card']}.")]
            if not state["hands"][seat]:
                self._win(state, seat, "Hand emptied.")
                return events + [event("game_over", None, f"Seat {seat} wins.")]
        elif t == "draw":
            card = state["deck"].pop()
            state["hands"][seat].append(card)
            events = [event("drew", seat, f"Seat {seat} drew a card.", private={seat: {"text": f"You drew {card}."}})]
        elif t == "advance":
            state["steps"][seat] += 1
            events = [event("advanced", seat, f"Seat {seat} advances.")]
            if state["steps"][seat] >= state["goal"]:
                self._win(state, seat, f"Seat {seat} reaches the goal.")
                return events + [
                    event(
                        "game_over",
                        None,
                        f"Seat {seat} reaches the goal.",
                        public={"winners": [seat]},
                        audience=list(range(state["n"])),
                    )
                ]
        elif t == "end_turn":
            events = [event("turn_ended", seat, f"Seat {seat} ends the turn.")]
        elif t == "calamity":
            v = action["victim"]
            state["pending"] = {"seat": v, "kind": MEDICINE}
            return [
                event(
                    "calamity",
                    seat,
                    f"Seat {seat} sends dysentery to seat {v}.",
                    public={"calamity": "dysentery", "victim": v, "by": seat},
                    audience=[v],
                ),
                event("calamity_received", v, f"Dysentery strikes the wagon of seat {v}.", audience=[v]),
            ]
        else:  # medicine: the victim decides out of turn; then the turn player's turn ends
            state["pending"] = None
            if action["use"]:
                events = [event("medicine_used", seat, f"Seat {seat} cures the dysentery.")]
            else:
                state["members"][seat] -= 1
                events = [event("member_died", seat, f"A member of seat {seat}'s wagon dies.", audience=[seat])]
                if state["members"][seat] <= 0:
                    events.append(event("player_out", seat, f"Seat {seat} is out.", audience=[seat]))
        state["turn"] = self._next(state, state["turn"])
        return events

    def _next(self, state, seat):
        n = state["n"]
        return next(((seat + step) % n for step in range(1, n + 1) if (seat + step) % n not in state["out"]), seat)

    def _win(self, state, seat, reason):
        others = [s for s in range(state["n"]) if s != seat]
        state["result"] = {"winners": [seat], "ranking": [seat, *others], "reason": reason}

    def resign(self, state, seat):
        if not self.resigns:
            raise NotImplementedError(f"{self.name} cannot take a seat out")
        state["out"].append(seat)
        alive = [s for s in range(state["n"]) if s not in state["out"]]
        if len(alive) == 1:
            self._win(state, alive[0], "Hand emptied.")
        elif state["turn"] == seat:
            state["turn"] = self._next(state, seat)
        return [event("player_out", seat, f"Seat {seat} left the game.")]

    def table_text(self, state, seat):
        lines = [
            f"{seat_label(s)}: {state['steps'][s]} steps, {state['members'][s]} members" for s in range(state["n"])
        ]
        if seat is not None and state["hands"][seat]:
            lines.append("Your hand: " + ", ".join(sorted(state["hands"][seat])))
        return lines

    def view(self, state, seat):
        return {
            "players": [
                {"seat": s, "cards": len(h), "steps": state["steps"][s], "members": state["members"][s]}
                for s, h in enumerate(state["hands"])
            ],
            "my_hand": sorted(state["hands"][seat]) if seat is not None else None,
            "pile": list(state["pile"]),
            "deck_size": len(state["deck"]),
            "turn": state["turn"],
            "goal": state["goal"],
            "pending": state["pending"],
            "result": state["result"],
        }

    def result(self, state):
        return state["result"]

    def default_action(self, state, seat):
        legal = self.legal_actions(state, seat)
        if {"type": "end_turn"} in legal:
            return {"type": "end_turn"}
        return {"type": "medicine", "use": True} if state["pending"] else legal[0]

    def bot_action(self, state, seat, rnd):
        return self.default_action(state, seat)

    # -- presentation --------------------------------------------------------------------------
    def action_label(self, state, seat, action):
        t = action["type"]
        if t == "play":
            return f"Play {action['card']}"
        if t == "draw":
            return "Draw a card"
        if t == "advance":
            return "Advance one step"
        if t == "end_turn":
            return "End the turn"
        if t == "calamity":
            return f"Send dysentery to seat {action['victim']}"
        return "Use medicine" if action["use"] else "Keep the medicine"

    def decision_kind(self, state, seat):
        p = state["pending"]
        return p["kind"] if p and p["seat"] == seat and state["result"] is None else None

    def standing_action(self, state, seat, kind, answer):
        if self.decision_kind(state, seat) != kind or answer not in ("always", "never"):
            return None
        return {"type": "medicine", "use": answer == "always"}

    def card_places(self, state):
        places = {"deck": list(state["deck"]), "pile": list(state["pile"])}
        for s, h in enumerate(state["hands"]):
            places[f"hand:{s}"] = list(h)
        return places

    def hidden_places(self, state, seat):
        return {"deck"} | {f"hand:{s}" for s in range(state["n"]) if s != seat}


SHED = ToyEngine("toy-shed", "Shed (test game)", hand_size=3)
RACE = ToyEngine("toy-notify", "Toy Race", goal=3, resigns=False)


# -- the decision-order rules ---------------------------------------------------------------------
TWICE_WORD = "ruby"  # what "hide" hides: a secret a spectator or the other players must never read


class TwiceEngine(Engine):
    """The `TWICE` rules ("toy-twice"). Seats in `to_act` choose: "again" (decide once more),
    "pass" (done; the next seat decides if nobody else is left), "all" (every seat must decide),
    "hide" (a secret word, a pass whose event has a private part for every seat) or "finish"."""

    name = "toy-twice"
    title = "Twice (test game)"
    version = "1"
    min_seats = 2
    max_seats = 3
    options_schema = {}

    def new_state(self, options, seats, seed):
        return {"n": seats, "to_act": [0], "out": [], "hidden": [], "over": None, "rng": new_rng(seed)}

    def to_act(self, state):
        return [] if state["over"] else list(state["to_act"])

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        return [
            {"type": "again"},
            {"type": "pass"},
            {"type": "all"},
            {"type": "hide", "word": TWICE_WORD},
            {"type": "finish"},
        ]

    def _pass(self, state, seat):
        state["to_act"].remove(seat)
        if not state["to_act"]:
            alive = [s for s in range(state["n"]) if s not in state["out"]]
            state["to_act"] = [next((s for s in alive if s > seat), alive[0])]

    def do_apply(self, state, seat, action):
        t = action["type"]
        if t == "again":
            return [event("again", seat, f"Seat {seat} thinks again.")]
        if t == "pass":
            self._pass(state, seat)
            return [event("passed", seat, f"Seat {seat} passes.")]
        if t == "all":
            state["to_act"] = [s for s in range(state["n"]) if s not in state["out"]]
            return [event("all", seat, f"Seat {seat} calls everyone.")]
        if t == "hide":
            state["hidden"].append(action["word"])
            self._pass(state, seat)
            private = {s: {"text": f"secret-for-{s}"} for s in range(state["n"])}
            private[seat] = {"text": f"You hid the {action['word']}."}
            return [event("hid", seat, f"Seat {seat} hid something.", private=private)]
        state["over"] = {"winners": [seat], "ranking": [seat], "reason": "Finished."}
        return [event("game_over", None, "Finished.")]

    def public_action(self, action):
        return {"type": "hide"} if action["type"] == "hide" else action

    def resign(self, state, seat):
        state["out"].append(seat)
        if seat in state["to_act"]:
            self._pass(state, seat)
        return [event("player_out", seat, f"Seat {seat} left the game.")]

    def view(self, state, seat):
        return {"to_act": list(state["to_act"]), "hidden": len(state["hidden"])}

    def result(self, state):
        return state["over"]

    def default_action(self, state, seat):
        return {"type": "pass"}

    def bot_action(self, state, seat, rnd):
        return {"type": "pass"}


TWICE = TwiceEngine()
