"""The conformance suite: every registered engine, every listed option set and player count.

Seeded bot playouts check the engine contract at every step: legal actions exist until the game
ends, an action outside the legal list is refused and changes nothing, every card is in exactly
one place, the state survives JSON, replay reproduces the state, and no view leaks a secret.
"""
import json
import random
from collections import Counter

import pytest

from games.rules import engines
from games.rules.base import IllegalAction, clone, json_roundtrip
from tests.helpers import json_strings

PLAYOUTS_PER_CASE = 3
MAX_STEPS = 3000


def _cases():
    for engine in engines():
        for options in engine.conformance_options:
            for players in range(engine.min_seats, engine.max_seats + 1):
                label = ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "default"
                yield pytest.param(engine, options, players, id=f"{engine.name}-{label}-{players}p")


CASES = list(_cases())


def _card_multiset(engine, state):
    places = engine.card_places(state)
    return Counter(card for cards in places.values() for card in cards)


def _check_views(engine, state, players):
    seed = state["rng"]["seed"]
    places = engine.card_places(state)
    for viewer in [None, *range(players)]:
        view = engine.view(state, viewer)
        dumped = json.dumps(view)
        strings = json_strings(view, set())
        assert "rng" not in view, "a view must not carry the rng"
        assert seed not in strings, f"the seed shows in the view of {viewer}"
        for place in engine.hidden_places(state, viewer):
            leaked = strings.intersection(places.get(place, []))
            assert not leaked, f"seat {viewer} sees {sorted(leaked)} from hidden place {place}"
        json.loads(dumped)


def _playout(engine, options, players, seed):
    opts = engine.normalize_options(options, players)
    state = engine.new_state(opts, players, seed)
    initial = clone(state)
    all_cards = _card_multiset(engine, state)
    assert all(n == 1 for n in all_cards.values()), "a card id appears twice at the start"
    rnd = random.Random(seed)
    log = []
    steps = 0
    while engine.result(state) is None:
        assert steps < MAX_STEPS, "the game did not end"
        seats = engine.to_act(state)
        assert seats, "nobody is to act but the game is not over"
        seat = rnd.choice(seats)
        legal = engine.legal_actions(state, seat)
        assert legal, f"seat {seat} must act but has no legal action"
        for other in range(players):
            if other not in seats:
                assert engine.legal_actions(state, other) == [], "a seat not to act has actions"
        turn = engine.turn_seat(state)
        assert turn is None or 0 <= turn < players, f"turn_seat gave {turn}"
        if steps % 7 == 0:
            _check_views(engine, state, players)
            before = json.dumps(state, sort_keys=True)
            with pytest.raises(IllegalAction):
                engine.apply(state, seat, {"type": "__not_a_move__"})
            bogus_seat = next((s for s in range(players) if s not in seats), None)
            if bogus_seat is not None:
                with pytest.raises(IllegalAction):
                    engine.apply(state, bogus_seat, legal[0])
            assert json.dumps(state, sort_keys=True) == before, "a refused action changed the state"
        # mix bot moves with random legal ones so odd corners of the rules get visited
        action = engine.bot_action(state, seat, rnd) if rnd.random() < 0.7 else rnd.choice(legal)
        assert action in legal, f"the bot chose an illegal action {action}"
        events = engine.apply(state, seat, action)
        json.dumps(events)
        for ev in events:
            assert {"type", "seat", "public", "private"} <= set(ev), ev
            assert isinstance(ev["public"].get("text"), str) and ev["public"]["text"], ev
        log.append((seat, action))
        steps += 1
        assert _card_multiset(engine, state) == all_cards, "a card was lost or duplicated"
        state = json_roundtrip(state)
    result = engine.result(state)
    assert set(result) >= {"winners", "ranking", "reason"}
    assert engine.to_act(state) == []
    assert engine.turn_seat(state) is None, "a finished game has no turn player"
    _check_views(engine, state, players)

    replayed = json_roundtrip(initial)
    for seat, action in log:
        engine.apply(replayed, seat, action)
    assert json.dumps(replayed, sort_keys=True) == json.dumps(state, sort_keys=True), \
        "replaying the log did not reproduce the state"
    return steps


@pytest.mark.parametrize("engine,options,players", CASES)
def test_seeded_playouts_keep_the_contract(engine, options, players):
    for n in range(PLAYOUTS_PER_CASE):
        _playout(engine, options, players, seed=f"conf:{engine.name}:{players}:{n}")


@pytest.mark.parametrize("engine,options,players", CASES)
def test_new_state_is_deterministic_from_seed(engine, options, players):
    opts = engine.normalize_options(options, players)
    a = engine.new_state(opts, players, "same-seed")
    b = engine.new_state(opts, players, "same-seed")
    c = engine.new_state(opts, players, "other-seed")
    assert a == b
    assert a != c


@pytest.mark.parametrize("engine", engines(), ids=lambda e: e.name)
def test_engine_declares_its_metadata(engine):
    assert engine.name and engine.title and engine.version
    assert 1 <= engine.min_seats <= engine.max_seats
    defaults = engine.normalize_options({}, engine.min_seats)
    assert set(defaults) == set(engine.options_schema)
    for kind, spec in engine.decision_kinds.items():
        assert spec["label"] and spec["answers"], kind


@pytest.mark.parametrize("engine", engines(), ids=lambda e: e.name)
def test_unknown_option_is_refused(engine):
    from games.rules.base import BadOptions
    with pytest.raises(BadOptions):
        engine.normalize_options({"no_such_option": 1}, engine.min_seats)


@pytest.mark.parametrize("engine,options,players", CASES)
def test_a_resignation_keeps_the_contract(engine, options, players):
    """A seat leaves mid-game (resigned or dropped): the game goes on without it, or ends."""
    for n in range(2):
        seed = f"resign:{engine.name}:{players}:{n}"
        rnd = random.Random(seed)
        state = engine.new_state(engine.normalize_options(options, players), players, seed)
        initial = clone(state)
        all_cards = _card_multiset(engine, state)
        log = []
        quit_at = rnd.randrange(0, 40)
        quitter = rnd.randrange(players)
        steps = 0
        while engine.result(state) is None:
            assert steps < MAX_STEPS, "the game did not end"
            if steps == quit_at:
                events = engine.resign(state, quitter)
                assert all(ev["public"].get("text") for ev in events)
                log.append((quitter, None))
                assert _card_multiset(engine, state) == all_cards
                state = json_roundtrip(state)
                if engine.result(state) is not None:
                    break
            seats = engine.to_act(state)
            assert seats, "nobody is to act but the game is not over"
            if steps >= quit_at:
                assert quitter not in seats, "a seat that left is asked to decide"
            seat = rnd.choice(seats)
            action = engine.bot_action(state, seat, rnd)
            engine.apply(state, seat, action)
            log.append((seat, action))
            steps += 1
            assert _card_multiset(engine, state) == all_cards
            state = json_roundtrip(state)
        result = engine.result(state)
        if steps > quit_at:
            assert quitter not in result["winners"] or players == 1
        replayed = json_roundtrip(initial)
        for seat, action in log:
            if action is None:
                engine.resign(replayed, seat)
            else:
                engine.apply(replayed, seat, action)
        assert json.dumps(replayed, sort_keys=True) == json.dumps(state, sort_keys=True)
