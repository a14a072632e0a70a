"""Tally's rules (see the package's docstring): `ENGINE`, what the registry loads."""

from __future__ import annotations

from games.rules.base import Engine, Rng, counted, event, new_frame, seat_label

VALUES = {f"tally-{i:02d}": i % 8 + 1 for i in range(24)}  # card id -> value
HAND = 3


class TallyEngine(Engine):
    name = "tally"
    title = "Tally"
    version = "1"
    min_seats = 2
    max_seats = 4
    pitch = "Play a card a turn from a hand only you see, and end with the best tally."
    length = "a few turns each"
    options_schema = {
        "scoring": {
            "default": "high",
            "choices": ["high", "low"],
            "labels": {"high": "Highest tally wins", "low": "Lowest tally wins"},
            "label": "Scoring",
            "help": "Whether the highest or the lowest tally wins.",
        },
        "rounds": {"default": 3, "min": 2, "max": 5, "label": "Turns each", "help": "How many cards each plays."},
    }
    conformance_options = [{}, {"scoring": "low", "rounds": 2}]
    variants = [({"scoring": "high"}, "High tally"), ({"scoring": "low"}, "Low tally")]
    blurb = "Play your hidden cards one a turn; the best tally after a few turns wins. 2 to 4 players."
    demo_moves = 4

    # -- the game ------------------------------------------------------------------------------
    def new_state(self, options, seats, seed):
        state = {  # the Frame (games.rules.base.Frame), then the game's own
            **new_frame(self.state_version, seats, seed),
            "options": dict(options),
            "deck": sorted(VALUES),
            "hands": [],
            "played": [[] for _ in range(seats)],
        }
        Rng(state).shuffle(state["deck"])
        state["hands"] = [[state["deck"].pop() for _ in range(HAND)] for _ in range(seats)]
        return state

    turn_seat = Engine.turn_of_state  # to_act and result are the base's, read off the Frame

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        return [{"type": "play", "value": v} for v in sorted({VALUES[c] for c in state["hands"][seat]})]

    def do_apply(self, state, seat, action):
        hand = state["hands"][seat]
        card = min(c for c in hand if VALUES[c] == action["value"])
        hand.remove(card)
        state["played"][seat].append(card)
        tally = _tally(state, seat)
        events = [event("played", seat, f"{seat_label(seat)} plays a {action['value']}: tally {tally}.")]
        if state["deck"]:
            drawn = state["deck"].pop()
            hand.append(drawn)
            events.append(
                event(
                    "drew",
                    seat,
                    f"{seat_label(seat)} draws a card.",
                    private={seat: {"text": f"You draw a {VALUES[drawn]}."}},
                )
            )
        self._next(state)
        return events + self._end_if_over(state)

    def _next(self, state):
        n = state["seats"]
        state["turn"] = next(
            ((state["turn"] + k) % n for k in range(1, n + 1) if (state["turn"] + k) % n not in state["out"]),
            state["turn"],
        )

    def _end_if_over(self, state):
        playing = [s for s in range(state["seats"]) if s not in state["out"]]
        rounds = state["options"]["rounds"]
        if len(playing) > 1 and any(len(state["played"][s]) < rounds for s in playing):
            return []
        tallies = [_tally(state, s) for s in range(state["seats"])]
        low = state["options"]["scoring"] == "low"
        ranking = sorted(playing, key=lambda s: tallies[s] if low else -tallies[s]) + list(state["out"])
        best = tallies[ranking[0]]
        winners = [s for s in playing if tallies[s] == best]
        if len(playing) == 1:
            reason = f"{seat_label(winners[0])} is the last one in."
        else:
            who = " and ".join(seat_label(s) for s in winners)
            reason = f"{who} {'end' if len(winners) > 1 else 'ends'} with the {'lowest' if low else 'highest'} tally, {best}."
        state["result"] = {"winners": winners, "ranking": ranking, "reason": reason, "tally": tallies}
        return [event("game_over", None, reason, public={"winners": winners})]

    def seat_left(self, state, seat):
        if state["turn"] == seat:
            self._next(state)
        return [event("player_out", seat, f"{seat_label(seat)} leaves the game.")] + self._end_if_over(state)

    def default_action(self, state, seat):
        return self.legal_actions(state, seat)[0]

    def bot_action(self, state, seat, rnd):
        return rnd.choice(self.legal_actions(state, seat))

    # -- what a seat sees ----------------------------------------------------------------------
    def view(self, state, seat):
        out = {
            "game": self.name,
            "scoring": state["options"]["scoring"],
            "rounds": state["options"]["rounds"],
            "turn": state["turn"],
            "deck_count": len(state["deck"]),
            "players": [
                {
                    "seat": s,
                    "tally": _tally(state, s),
                    "played": [VALUES[c] for c in state["played"][s]],
                    "hand_count": len(state["hands"][s]),
                    "out": s in state["out"],
                }
                for s in range(state["seats"])
            ],
            "result": state["result"],
        }
        if seat is not None:
            out["hand"] = [{"id": c, "value": VALUES[c]} for c in sorted(state["hands"][seat])]
        return out

    def table_text(self, state, seat):
        lines = [
            f"{seat_label(s)}: tally {_tally(state, s)}, {counted(len(state['played'][s]), 'card')} played"
            for s in range(state["seats"])
        ]
        if seat is not None:
            lines.append("Your hand: " + ", ".join(str(VALUES[c]) for c in sorted(state["hands"][seat])))
        return lines

    def action_label(self, state, seat, action):
        return f"Play your {action['value']}"

    def glossary(self, options):
        low = (options or {}).get("scoring", "high") == "low"
        return {"tally": f"The sum of the cards a player has played; the {'lowest' if low else 'highest'} wins."}

    # -- checks used by the conformance suite --------------------------------------------------
    def card_places(self, state):
        places = {"deck": list(state["deck"])}
        for s in range(state["seats"]):
            places[f"hand:{s}"] = list(state["hands"][s])
            places[f"played:{s}"] = list(state["played"][s])
        return places

    def hidden_places(self, state, seat):
        return {"deck"} | {f"hand:{s}" for s in range(state["seats"]) if s != seat}


def _tally(state, seat) -> int:
    return sum(VALUES[c] for c in state["played"][seat])


ENGINE = TallyEngine()
