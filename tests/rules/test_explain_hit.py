"""explain_hit across whole games: every engine explains every event that hits a seat.

The golden playthroughs (tests/rules/golden/) and a few more seeded bot games per engine are
replayed; after each move, as the notices do, each seat an event hits gets the engine's
explanation of the first such event, on the state right after the move. It must be three plain,
finished texts (what it does, what mends it, by when) with nothing left unfilled, and asking must
change nothing. Scenario tests per engine (tests/rules/<game>/test_explain_hit.py) check the words
against the rules.
"""

import json
import random
from collections import Counter

import pytest

from games.rules import get_engine
from games.rules.base import Engine, json_roundtrip

from .test_golden import CASES, GOLDEN_DIR, _stem

# Hits that need no explanation: the seat's own answer, told back to it (avoiding measles with
# medicine, a hunt), or a step whose explanation came with the event before it.
UNEXPLAINED = {"calamity_avoided", "hunted", "calamity_received"}
EXTRA_SEEDS = 8


def games(slug, options):
    """Yields (engine, state, [(seat, action)]) for the golden game and a few seeded bot games."""
    engine = get_engine(slug)
    doc = json.loads((GOLDEN_DIR / f"{_stem(slug, options)}.json").read_text(encoding="utf-8"))
    yield engine, engine.new_state(doc["options"], doc["seats"], doc["seed"]), doc["actions"]
    for k in range(EXTRA_SEEDS):
        seats = engine.min_seats + k % (engine.max_seats - engine.min_seats + 1)
        opts = engine.normalize_options(options, seats)
        yield engine, engine.new_state(opts, seats, f"explain:{slug}:{k}"), random.Random(k)


def check(engine, state, events, told: Counter):
    if engine.result(state) is not None:
        return
    seen = set()
    for ev in events:
        for seat in ev.get("audience") or ():
            if seat in seen:
                continue
            seen.add(seat)
            before = json.dumps(state, sort_keys=True)
            parts = engine.explain_hit(state, ev, seat)
            assert json.dumps(state, sort_keys=True) == before, "explain_hit changed the state"
            if not parts:
                assert ev["type"] in UNEXPLAINED, f"{engine.name}: {ev['type']} for seat {seat} is not explained: {ev}"
                continue
            assert len(parts) == len(Engine.HIT_PARTS), parts
            for text in parts:
                assert isinstance(text, str) and text.strip() == text and text[-1] == ".", parts
                assert "{" not in text and "}" not in text and "None" not in text, parts
                assert len(text) < 600, text
            told[ev["type"]] += 1


@pytest.mark.parametrize(("slug", "options"), CASES, ids=[_stem(slug, options) for slug, options in CASES])
def test_every_hit_of_whole_games_is_explained(slug, options):
    told = Counter()
    for engine, state, plan in games(slug, options):
        for step in range(500):
            if engine.result(state) is not None:
                break
            if isinstance(plan, list):
                if step >= len(plan):
                    break
                seat, action = plan[step]
            else:
                seat = engine.to_act(state)[0]
                action = engine.bot_action(state, seat, plan)
            events = engine.apply(state, seat, action)
            state = json_roundtrip(state)
            check(engine, state, events, told)
    assert told, f"{slug} {options}: no event hit anybody in these games"
    print(f"\n{_stem(slug, options)}: {dict(sorted(told.items()))}")
