"""The move the clock plays when a deadline passes (`default_action`), for every kind of decision
of every engine (issue #31): not only a legal move, the one the engine promises.

- Oregon Trail Race, "a safe move": end the turn when that is legal (else the bot's choice, from
  a stream of its own); spend bullets against a thief and for food (the player keeps their
  supplies or gains one); avoid measles with medicine when they hold it, else decline; and the
  first choice offered when there is nothing safer: the first supply of the bank's order in the
  draft, the first other player as a calamity's victim, the first supply held for a river's
  loss, the first supply a town offers.
- Ogallala: the bot's choice, from a stream of its own (the game's counter does not move).
- Crayon Rails, "a pass, or the least harm": end the turn (build and play), stop keeping in the
  draft, and when derailed lose a load that locks no card if there is one.

Seeded bot games are swept and every decision met is checked; the sweep must meet every kind.
"""

import json

from games.rules import get_engine
from games.rules.base import Rng
from games.rules.ogallala import bots as ogallala_bots
from games.rules.oregon_trail import bots as trail_bots

GAMES = 4


def _sweep(slug, options_list, kind_of, expected):
    """Plays seeded bot games; checks the default of the seat to act at every step; returns the
    kinds met."""
    engine = get_engine(slug)
    met = set()
    for options in options_list:
        for g in range(GAMES):
            seats = min(engine.max_seats, engine.min_seats + g)
            state = engine.new_state(engine.normalize_options(options, seats), seats, f"default-{g}")
            rnd = Rng.stream(f"bots-{g}")
            for _ in range(3000):
                if engine.result(state) is not None:
                    break
                seat = engine.to_act(state)[0]
                kind = kind_of(state)
                before = json.dumps(state, sort_keys=True)
                got = engine.default_action(state, seat)
                assert json.dumps(state, sort_keys=True) == before
                legal = engine.legal_actions(state, seat)
                assert got in legal, (kind, got)
                want = expected(engine, state, seat, kind, legal)
                assert got == want, f"{slug} {kind}: the clock plays {got}, not {want}"
                met.add(kind)
                engine.apply(state, seat, engine.bot_action(state, seat, rnd))
    return met


def _trail_kind(state):
    return state["pending"][0]["kind"] if state["pending"] else state["phase"]


def _trail_expected(engine, state, seat, kind, legal):
    if kind in ("thief_bullets", "hunting_bullets"):
        return {"type": "bullets", "use": True}
    if kind == "measles_medicine":
        medicine = {"type": "measles", "choice": "medicine"}
        return medicine if medicine in legal else {"type": "measles", "choice": "decline"}
    if kind == "draft":
        return {"type": "draft", "supply": next(a["supply"] for a in legal)}
    if kind == "victim":
        return {"type": "victim", "seat": min(a["seat"] for a in legal)}
    if kind in ("river_loss", "town_pick"):
        return legal[0]
    assert kind == "play", kind
    if {"type": "end_turn"} in legal:
        return {"type": "end_turn"}
    return trail_bots.choose(engine, state, seat, Rng(state).derive("default_action"))


def test_oregon_trail_every_decision():
    met = _sweep("oregon-trail-race", [{}, {"ruleset": "classic"}], _trail_kind, _trail_expected)
    kinds = {
        "draft",
        "play",
        "victim",
        "river_loss",
        "town_pick",
        "measles_medicine",
        "thief_bullets",
        "hunting_bullets",
    }
    assert kinds <= met, kinds - met


def _ogallala_kind(state):
    return state["pending"][0]["kind"] if state["pending"] else "turn"


def _ogallala_expected(engine, state, seat, kind, legal):
    return ogallala_bots.choose(engine, state, seat, Rng(state).derive("default_action"))


def test_ogallala_every_decision_is_the_bots_choice():
    met = _sweep("ogallala", [{}, {"edition": "II"}], _ogallala_kind, _ogallala_expected)
    kinds = {"turn", "place", "attack", "take", "hunt", "archer", "lasso"}
    assert kinds <= met, kinds - met


def _rails_kind(state):
    return "derailment" if state["pending"] else state["phase"]


def _rails_expected(engine, state, seat, kind, legal):
    if kind == "derailment":
        free = [a for a in legal if a["type"] == "lose_load" and "card" not in a]
        return free[0] if free else next(a for a in legal if a["type"] == "lose_load")
    if kind == "draft":
        return {"type": "keep_done"}
    assert kind in ("build", "play"), kind
    return {"type": "end_turn"}


def test_crayon_rails_every_decision():
    met = _sweep("crayon-rails", [{"mode": "public"}, {"mode": "standard"}], _rails_kind, _rails_expected)
    assert {"draft", "build", "play", "derailment"} <= met, met


def test_crayon_rails_derailment_loses_a_free_load_before_a_locked_one():
    """A derailed player holding a load that locks a card and one that locks none loses the free one."""
    engine = get_engine("crayon-rails")
    state = engine.new_state(engine.normalize_options({"mode": "public"}, 2), 2, "default-derail")
    state["phase"] = "play"
    p = state["players"][0]
    p["loads"] = ["Coal", "Wine"]
    p["locks"] = [{"good": "Coal", "card": "pool-card", "private": False, "loaded": True}]
    state["pending"] = [{"kind": "derailment", "seat": 0}]
    legal = engine.legal_actions(state, 0)
    assert {"type": "lose_load", "good": "Coal", "card": "pool-card"} in legal
    assert engine.default_action(state, 0) == {"type": "lose_load", "good": "Wine"}
