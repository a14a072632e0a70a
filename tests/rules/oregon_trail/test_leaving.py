"""A seat that leaves the race (issue #25, item 2) in the middle of another player's turn.

Resigning, being dropped by the clock and being kicked out all reach the engine as
`Engine.resign` (games.services.seat_out); the server's paths are pinned in
tests/games/test_leaving_mid_turn.py. Classic text, "On your turn, you may do ONE of the following
actions": once the forger's calamity trigger has spent that action, a victim who leaves while the
forger waits on their decision ends the action as an answer would, and so the turn."""

import pytest

from games.rules.oregon_trail.engine import ENGINE

from .helpers import blank, give_supplies, held
from .test_calamities import send

# (ruleset, calamity, the victim's supplies, the decision it asks of them)
DECISIONS = [
    ("classic", "thief", ("bullets", "food"), "thief_bullets"),
    ("classic", "measles", ("medicine",), "measles_medicine"),
    ("classic", "hunting", ("bullets",), "hunting_bullets"),
    ("revised", "thief", ("bullets", "food"), "thief_bullets"),
    ("revised", "hunting", ("bullets",), "hunting_bullets"),
]
IDS = [f"{rs}-{kind}" for rs, kind, _, _ in DECISIONS]


def waiting_on_victim(ruleset, kind, supplies, decision, actions_left=1):
    """Three players; seat 0 forges a trigger with its turn's last action (classic: its one
    action) and sends the calamity to seat 1, whose decision is now awaited."""
    state = blank(ruleset, players=3)
    state["actions_left"] = actions_left
    give_supplies(state, 1, *supplies)
    send(state, kind, 1)
    assert ENGINE.decision_kind(state, 1) == decision and state["actions_left"] == actions_left - 1
    return state


@pytest.mark.parametrize(("ruleset", "kind", "supplies", "decision"), DECISIONS, ids=IDS)
def test_a_victim_who_leaves_during_their_decision_ends_the_forgers_spent_turn(ruleset, kind, supplies, decision):
    state = waiting_on_victim(ruleset, kind, supplies, decision)
    turn = state["turn_number"]
    events = ENGINE.resign(state, 1)
    assert [e["type"] for e in events][0] == "player_out"
    assert events[-1]["type"] != "game_over" and state["result"] is None
    # the forger spent their action on the trigger: no scouting, stepping back or "end turn" again
    assert state["pending"] == [] and state["revealed"] == []
    assert ENGINE.to_act(state) == [2] and state["turn"] == 2 and state["turn_number"] == turn + 1
    assert ENGINE.legal_actions(state, 0) == []
    assert ENGINE.explain_illegal(state, 0, {"type": "scout"}) == "It is not your turn to decide anything."
    assert {"type": "scout"} in ENGINE.legal_actions(state, 2)


@pytest.mark.parametrize(("kind", "supplies", "decision"), [d[1:] for d in DECISIONS if d[0] == "revised"])
def test_revised_a_victim_who_leaves_leaves_the_forger_the_actions_still_unspent(kind, supplies, decision):
    state = waiting_on_victim("revised", kind, supplies, decision, actions_left=4)
    ENGINE.resign(state, 1)
    assert ENGINE.to_act(state) == [0] and state["actions_left"] == 3
    assert {"type": "scout"} in ENGINE.legal_actions(state, 0)


@pytest.mark.parametrize(("ruleset", "kind", "supplies", "decision"), DECISIONS, ids=IDS)
def test_a_bystander_who_leaves_changes_nothing_of_the_decision(ruleset, kind, supplies, decision):
    state = waiting_on_victim(ruleset, kind, supplies, decision)
    pending = list(state["pending"])
    ENGINE.resign(state, 2)
    assert state["pending"] == pending and ENGINE.to_act(state) == [1]


@pytest.mark.parametrize("ruleset", ["classic", "revised"])
def test_a_thief_who_leaves_is_no_longer_stopped_with_bullets(ruleset):
    """The forger plays the thief and leaves before the victim answers: nobody is left to steal,
    so the victim is not asked to spend bullets against nobody, and keeps them."""
    state = waiting_on_victim(ruleset, "thief", ("bullets", "food"), "thief_bullets")
    ENGINE.resign(state, 0)
    assert state["pending"] == [] and held(state, 1) == ["bullets", "food"]
    assert ENGINE.to_act(state) == [1] and ENGINE.decision_kind(state, 1) is None
    assert {"type": "bullets", "use": True} not in ENGINE.legal_actions(state, 1)


def test_revised_a_victim_who_turned_the_theft_around_and_leaves_ends_the_forgers_spent_turn():
    """Revised: the victim fires bullets, the theft turns on the forger, who may fire back; the
    victim leaves before that answer: there is no theft left to answer."""
    state = waiting_on_victim("revised", "thief", ("bullets", "food"), "thief_bullets")
    give_supplies(state, 0, "bullets")
    ENGINE.apply(state, 1, {"type": "bullets", "use": True})
    assert ENGINE.decision_kind(state, 0) == "thief_bullets"
    ENGINE.resign(state, 1)
    assert state["pending"] == [] and held(state, 0) == ["bullets"]
    assert ENGINE.to_act(state) == [2] and ENGINE.legal_actions(state, 0) == []


@pytest.mark.parametrize("ruleset", ["classic", "revised"])
def test_the_second_to_last_wagon_leaving_makes_the_last_one_the_winner(ruleset):
    """Ruling: "When only one wagon has anyone alive, that player wins": a seat that leaves a race
    of two (here on its own turn) ends the game at once, the other wagon the winner."""
    state = blank(ruleset, players=2)
    events = ENGINE.resign(state, 0)
    reason = "Player 2 has the only wagon left on the trail."
    assert [e["type"] for e in events] == ["player_out", "game_over"]
    assert state["result"] == {"winners": [1], "ranking": [1, 0], "reason": reason}
    assert ENGINE.to_act(state) == []
