"""A tiny deterministic engine for the notification tests: a race to `goal` steps where the turn
player may send a calamity; its victim then decides out of turn whether to use medicine."""
from games.rules.base import Engine, event, new_rng


class ToyEngine(Engine):
    name = "toy-notify"
    title = "Toy Race"
    version = "1"
    min_seats = 2
    max_seats = 4
    options_schema = {"goal": {"default": 3, "min": 1, "max": 50, "label": "Goal"}}
    decision_kinds = {"medicine_choice": {"label": "Dysentery: use medicine",
                                          "answers": {"always": "Use medicine", "never": "Keep the medicine"}}}

    def new_state(self, options, seats, seed):
        return {"n": seats, "turn": 0, "steps": [0] * seats, "members": [2] * seats, "pending": None,
                "result": None, "goal": options.get("goal", 3), "rng": new_rng(seed)}

    def to_act(self, state):
        if state["result"] is not None:
            return []
        if state["pending"]:
            return [state["pending"]["seat"]]
        return [state["turn"]]

    def turn_seat(self, state):
        return None if state["result"] is not None else state["turn"]

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        if state["pending"]:
            return [{"type": "medicine", "use": True}, {"type": "medicine", "use": False}]
        return ([{"type": "advance"}] + [{"type": "calamity", "victim": v} for v in range(state["n"]) if v != seat]
                + [{"type": "end_turn"}])

    def _next(self, state):
        state["turn"] = (state["turn"] + 1) % state["n"]

    def do_apply(self, state, seat, action):
        t = action["type"]
        if t == "advance":
            state["steps"][seat] += 1
            events = [event("advanced", seat, f"Seat {seat} advances.")]
            if state["steps"][seat] >= state["goal"]:
                state["result"] = {"winners": [seat], "ranking": sorted(range(state["n"]), key=lambda s: s != seat),
                                   "reason": f"Seat {seat} reaches the goal."}
                events.append(event("game_over", None, f"Seat {seat} reaches the goal.",
                                    public={"winners": [seat]}, audience=list(range(state["n"]))))
                return events
            self._next(state)
            return events
        if t == "end_turn":
            self._next(state)
            return [event("turn_ended", seat, f"Seat {seat} ends the turn.")]
        if t == "calamity":
            v = action["victim"]
            state["pending"] = {"seat": v, "kind": "medicine_choice"}
            return [event("calamity", seat, f"Seat {seat} sends dysentery to seat {v}.",
                          public={"calamity": "dysentery", "victim": v, "by": seat}, audience=[v]),
                    event("calamity_received", v, f"Dysentery strikes the wagon of seat {v}.", audience=[v])]
        if t == "medicine":
            state["pending"] = None
            events = []
            if action["use"]:
                events.append(event("medicine_used", seat, f"Seat {seat} cures the dysentery."))
            else:
                state["members"][seat] -= 1
                events.append(event("member_died", seat, f"A member of seat {seat}'s wagon dies.", audience=[seat]))
                if state["members"][seat] <= 0:
                    events.append(event("player_out", seat, f"Seat {seat} is out.", audience=[seat]))
            self._next(state)
            return events
        raise AssertionError(t)

    def view(self, state, seat):
        return {k: v for k, v in state.items() if k != "rng"}

    def result(self, state):
        return state["result"]

    def resign(self, state, seat):
        raise NotImplementedError

    def default_action(self, state, seat):
        legal = self.legal_actions(state, seat)
        return {"type": "end_turn"} if {"type": "end_turn"} in legal else {"type": "medicine", "use": True}

    def bot_action(self, state, seat, rnd):
        return self.default_action(state, seat)

    def action_label(self, state, seat, action):
        t = action["type"]
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


ENGINE = ToyEngine()
