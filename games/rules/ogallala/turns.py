"""The Ogallala turn loop and the end: resolving the steps that need no decision, passing the turn
on, reshuffling Ogallala II's discard, the tallies, the end of the game and a seat leaving."""

from __future__ import annotations

from ..base import Rng, event, seat_label
from .display import boats_of, score_one, score_two
from .menus import take_ok, targets
from .state import next_seat


# -- between decisions ----------------------------------------------------------------
def _needs_decision(state: dict, seat: int, task: dict) -> bool:
    t = task["kind"]
    if t in ("lasso", "archer", "hunt"):
        return bool(targets(state, seat, t, task))
    if t == "attack":
        return bool(targets(state, seat, "attack", task))
    if t == "take":
        return take_ok(state, seat, task)
    if t == "end_offer":
        return len(boats_of(state["displays"][seat])) >= 3
    return True


def advance(state: dict, events: list) -> None:
    """Resolves what needs no decision, up to the next decision or the end of the game."""
    while not state["result"]:
        seat = state["turn"]
        tasks = state["pending"]
        if tasks:
            task = tasks[0]
            if task["kind"] == "attack_done":
                tasks.pop(0)
                state["keep_drawing"] = task["free"]
                continue
            if not _needs_decision(state, seat, task):
                tasks.pop(0)
                continue
            return
        if state["edition"] == "II" and len(boats_of(state["displays"][seat])) >= 3:
            state["first_three"] = seat
            finish(state, f"{seat_label(seat)} has completed 3 boats.", events)
            return
        if not state["keep_drawing"]:
            state["turn"] = next_seat(state, seat)
            state["keep_drawing"] = True
        if any(state["stacks"]):
            return
        if state["edition"] == "I":
            finish(state, "All three stacks are empty.", events)
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
        finish(state, reason, events)
        return


def tallies(state: dict) -> list[int]:
    """Returns each seat's tally as it stands."""
    if state["edition"] == "I":
        return [score_one(d) for d in state["displays"]]
    return [score_two(d, state["first_three"] == s) for s, d in enumerate(state["displays"])]


def finish(state: dict, reason: str, events: list) -> None:
    state["pending"] = []
    scores = tallies(state)
    out = set(state["out"])
    # a seat that left the game is ranked last and never wins
    ranking = sorted(range(state["seats"]), key=lambda s: (s in out, -scores[s], s))
    best = max(scores[s] for s in ranking if s not in out)
    winners = [s for s in ranking if s not in out and scores[s] == best]
    state["result"] = {"reason": reason, "scores": scores, "winners": winners, "ranking": ranking}
    names = " and ".join(seat_label(s) for s in winners)
    events.append(
        event(
            "game_over",
            None,
            f"Game over: {reason} {names} win{'s' if len(winners) == 1 else ''} with {best} points.",
            public={"scores": scores, "winners": winners, "reason": reason},
        )
    )


def seat_left(state: dict, seat: int) -> list[dict]:
    """A seat left the game (Engine.resign put it in `out`); returns the events.

    Its river display stays on the table (others may still raid it); cards it was holding
    are discarded. With one player left the game ends and is tallied.
    """
    events: list[dict] = [event("resigned", seat, f"{seat_label(seat)} leaves the game.")]
    left = [s for s in range(state["seats"]) if s not in state["out"]]
    if len(left) == 1:
        finish(state, f"{seat_label(left[0])} is the only player left.", events)
        return events
    if state["turn"] == seat:
        state["discard"] += state["hand"]
        state["hand"] = []
        state["pending"] = []
        state["turn"] = next_seat(state, seat)
        state["keep_drawing"] = True
        advance(state, events)
    return events
