"""Stored states keep working (issue #28 item 2): every state saved before the common Frame
(tests/rules/fixtures/states_v1/, written by make_v1.py from the code of that time) loads through
`Engine.load_state` into exactly the state today's code reaches from the same seed and the same
moves, and the game goes on from it: to_act, the menu, every seat's view, the result, and the
bots playing it to its end.
"""

import json
import random
from pathlib import Path

import pytest

from games.rules import get_engine
from games.rules.base import json_roundtrip

FIXTURES = sorted(Path(__file__).with_name("fixtures").joinpath("states_v1").glob("*.json"))
FRAME = {"version", "seats", "turn", "phase", "pending", "result", "out", "rng"}


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _replayed(engine, doc: dict) -> dict:
    """The fixture's log played afresh on today's code."""
    state = engine.new_state(doc["options"], doc["seats"], doc["seed"])
    for seat, action in doc["log"]:
        if action is None:
            engine.resign(state, seat)
        else:
            engine.apply(state, seat, action)
    return json_roundtrip(state)


def test_there_are_fixtures_of_every_point_of_every_golden_case():
    from tests.rules.test_golden import CASES, _stem

    names = {p.stem for p in FIXTURES}
    for slug, options in CASES:
        for point in ("start", "pending", "resigned", "finished"):
            assert f"{_stem(slug, options)}--{point}" in names


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_a_version_1_state_upgrades_to_what_todays_code_reaches(path):
    doc = _load(path)
    engine = get_engine(doc["engine"])
    stored = doc["state"]
    assert "version" not in stored  # written before the Frame
    loaded = json_roundtrip(engine.load_state(json_roundtrip(stored)))
    assert loaded["version"] == engine.state_version
    assert FRAME <= set(loaded)
    assert loaded == _replayed(engine, doc)
    assert engine.load_state(loaded) == loaded  # a state of today's version is left as it is


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_an_upgraded_state_plays_on_to_the_end(path):
    doc = _load(path)
    engine = get_engine(doc["engine"])
    state = engine.load_state(json_roundtrip(doc["state"]))
    for seat in [None, *range(doc["seats"])]:
        assert doc["seed"] not in json.dumps(engine.view(state, seat))  # a view never shows the seed
    assert (engine.result(state) is not None) == path.stem.endswith("--finished")
    steps = 0
    while engine.result(state) is None:
        seats = engine.to_act(state)
        assert seats and steps < 2000
        seat = seats[0]
        assert engine.legal_actions(state, seat)
        engine.apply(state, seat, engine.bot_action(state, seat, random.Random(steps)))
        state = json_roundtrip(state)
        steps += 1
    assert engine.to_act(state) == []
    assert set(engine.result(state)["winners"]) <= set(range(doc["seats"]))
