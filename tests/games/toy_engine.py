"""A tiny engine for pipeline tests that must not depend on a real game's rules.

"Shed": each seat holds hidden number cards; on your turn you play one (or draw); the first
to empty their hand wins. It keeps the full contract so the server cannot tell it apart.
"""
from games.rules.base import Engine, Rng, event, new_rng


class ShedEngine(Engine):
    name = "toy-shed"
    title = "Shed (test game)"
    version = "1"
    min_seats = 2
    max_seats = 4
    options_schema = {"hand_size": {"default": 3, "min": 1, "max": 6, "label": "Cards in hand"}}

    def new_state(self, options, seats, seed):
        state = {"rng": new_rng(seed), "options": options, "seats": seats, "turn": 0,
                 "deck": [f"c{i}" for i in range(40)], "hands": [], "pile": [], "winner": None}
        Rng(state).shuffle(state["deck"])
        for _ in range(seats):
            state["hands"].append([state["deck"].pop() for _ in range(options["hand_size"])])
        return state

    def to_act(self, state):
        return [] if state["winner"] is not None or state.get("out_all") else [state["turn"]]

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        acts = [{"type": "play", "card": c} for c in sorted(state["hands"][seat])]
        if state["deck"]:
            acts.append({"type": "draw"})
        return acts

    def do_apply(self, state, seat, action):
        if action["type"] == "play":
            state["hands"][seat].remove(action["card"])
            state["pile"].append(action["card"])
            evs = [event("played", seat, f"Seat {seat} played {action['card']}.")]
        else:
            card = state["deck"].pop()
            state["hands"][seat].append(card)
            evs = [event("drew", seat, f"Seat {seat} drew a card.", private={seat: {"text": f"You drew {card}."}})]
        if not state["hands"][seat]:
            state["winner"] = seat
            evs.append(event("game_over", None, f"Seat {seat} wins."))
        else:
            state["turn"] = self._next(state, seat)
        return evs

    def _next(self, state, seat):
        n = state["seats"]
        for step in range(1, n + 1):
            s = (seat + step) % n
            if s not in state.get("out", []):
                return s
        return seat

    def resign(self, state, seat):
        state.setdefault("out", []).append(seat)
        alive = [s for s in range(state["seats"]) if s not in state["out"]]
        if len(alive) == 1:
            state["winner"] = alive[0]
        elif state["turn"] == seat:
            state["turn"] = self._next(state, seat)
        return [event("player_out", seat, f"Seat {seat} left the game.")]

    def view(self, state, seat):
        return {"players": [{"seat": s, "cards": len(h)} for s, h in enumerate(state["hands"])],
                "my_hand": sorted(state["hands"][seat]) if seat is not None else None,
                "pile": list(state["pile"]), "deck_size": len(state["deck"]), "turn": state["turn"]}

    def result(self, state):
        if state["winner"] is None:
            return None
        others = [s for s in range(state["seats"]) if s != state["winner"]]
        return {"winners": [state["winner"]], "ranking": [state["winner"], *others], "reason": "Hand emptied."}

    def bot_action(self, state, seat, rnd):
        return self.legal_actions(state, seat)[0]

    def action_label(self, state, seat, action):
        return f"Play {action['card']}" if action["type"] == "play" else "Draw a card"

    def card_places(self, state):
        places = {"deck": list(state["deck"]), "pile": list(state["pile"])}
        for s, h in enumerate(state["hands"]):
            places[f"hand:{s}"] = list(h)
        return places

    def hidden_places(self, state, seat):
        return {"deck"} | {f"hand:{s}" for s in range(state["seats"]) if s != seat}


ENGINE = ShedEngine()
