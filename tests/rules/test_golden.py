"""Golden playthroughs: a seeded bot game per engine and rules variant, checked in as JSON.

Each file under tests/rules/golden/ holds the engine, options, seats, seed, the (seat, action)
pairs the engine's own bots chose, and the state and result those actions led to. The test
replays the recorded actions from `new_state(options, seats, seed)` through `engine.apply` (the
bots are not consulted) and compares the final state and result with the file, so any change to
the rules, the deal or the randomness shows up as a failing test and, once accepted, as a diff.

After a deliberate rules change, rewrite the files and review the diff before committing:

    TRAILPOST_GOLDEN_UPDATE=1 .venv/bin/python -m pytest -q tests/rules/test_golden.py
    git diff tests/rules/golden/

Update mode plays each game afresh with the bots (random.Random seeded from the file's
`bot_seed`) and writes the file. A game is played to its end, or stopped after
`MAX_ACTIONS` actions (the file then says so in `stopped_after` and holds the state at that
point). To add a variant, add a line to CASES and run the update command.

File format: JSON with sorted keys, indented, except that each recorded action is one line
(`[seat, action]`), so a changed move reads as a changed line.
"""

import json
import os
import random
from pathlib import Path

import pytest

from games.rules import get_engine
from games.rules.base import IllegalAction, json_roundtrip

GOLDEN_DIR = Path(__file__).with_name("golden")
UPDATE = os.environ.get("TRAILPOST_GOLDEN_UPDATE", "") not in ("", "0")
SEATS = 3
MAX_ACTIONS = 500

# (engine slug, options that pick the variant). Every option that changes how the game plays.
CASES = [
    ("oregon-trail-race", {"ruleset": "revised"}),
    ("oregon-trail-race", {"ruleset": "classic"}),
    ("ogallala", {"edition": "I"}),
    ("ogallala", {"edition": "II"}),
    ("crayon-rails", {"mode": "public"}),
    ("crayon-rails", {"mode": "standard"}),
]


def _stem(slug: str, options: dict) -> str:
    return "--".join([slug, *(f"{k}-{v}" for k, v in sorted(options.items()))])


def _path(slug: str, options: dict) -> Path:
    return GOLDEN_DIR / f"{_stem(slug, options)}.json"


# -- recording --------------------------------------------------------------------------------


def bot_game(engine, opts: dict, seed: str, bot_seed: str):
    """Plays a game of SEATS seats dealt from `seed`, every action the engine's bot's choice
    (random.Random seeded from `bot_seed`); yields (actions, state) at the start and after each
    action, the same list and state played on, until the game ends or MAX_ACTIONS are played."""
    state = engine.new_state(opts, SEATS, seed)
    rnd = random.Random(bot_seed)
    actions: list = []
    yield actions, state
    while engine.result(state) is None and len(actions) < MAX_ACTIONS:
        seat = engine.to_act(state)[0]
        action = engine.bot_action(state, seat, rnd)
        if action not in engine.legal_actions(state, seat):
            raise AssertionError(f"{engine.name}: the bot chose an illegal action {action!r}")
        engine.apply(state, seat, action)
        actions.append([seat, action])
        yield actions, state


def game_doc(slug: str, opts: dict, seed: str, bot_seed: str, **rest) -> dict:
    """A recorded game as JSON holds it: what it was played from, and `rest` (what it led to)."""
    return json_roundtrip({"engine": slug, "options": opts, "seats": SEATS, "seed": seed, "bot_seed": bot_seed, **rest})


def record(slug: str, options: dict) -> dict:
    """Plays a seeded bot game and returns the golden document for it."""
    engine = get_engine(slug)
    opts = engine.normalize_options(options, SEATS)
    seed = f"golden:{_stem(slug, options)}"
    bot_seed = f"{seed}:bots"
    *_, (actions, state) = bot_game(engine, opts, seed, bot_seed)
    result = engine.result(state)
    return game_doc(
        slug,
        opts,
        seed,
        bot_seed,
        actions=actions,
        stopped_after=None if result is not None else len(actions),
        state=state,
        result=result,
    )


def dumps(doc: dict) -> str:
    """Returns the file text: sorted keys, indent 2, one line per recorded action."""
    parts = []
    for key in sorted(doc):
        if key == "actions":
            rows = ",\n".join("    " + json.dumps(pair, sort_keys=True, ensure_ascii=False) for pair in doc[key])
            value = f"[\n{rows}\n  ]" if rows else "[]"
        else:
            value = json.dumps(doc[key], sort_keys=True, indent=2, ensure_ascii=False)
            value = value.replace("\n", "\n  ")
        parts.append(f"  {json.dumps(key)}: {value}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


# -- checking ---------------------------------------------------------------------------------


def differences(expected, actual, path="$", limit=5) -> list[str]:
    """Returns up to `limit` key paths where two JSON values differ, each with both values."""
    out: list[str] = []

    def short(v):
        text = json.dumps(v, sort_keys=True)
        return text if len(text) <= 120 else text[:117] + "..."

    def walk(e, a, p):
        if len(out) >= limit:
            return
        if isinstance(e, dict) and isinstance(a, dict):
            for k in sorted(set(e) | set(a)):
                if k not in a:
                    out.append(f"{p}.{k}: missing now (golden: {short(e[k])})")
                elif k not in e:
                    out.append(f"{p}.{k}: new key (now: {short(a[k])})")
                else:
                    walk(e[k], a[k], f"{p}.{k}")
                if len(out) >= limit:
                    return
        elif isinstance(e, list) and isinstance(a, list):
            for i, (x, y) in enumerate(zip(e, a)):
                walk(x, y, f"{p}[{i}]")
                if len(out) >= limit:
                    return
            if len(e) != len(a):
                out.append(f"{p}: length {len(a)} now, golden {len(e)}")
        elif e != a or type(e) is not type(a):
            out.append(f"{p}: golden {short(e)}, now {short(a)}")

    walk(expected, actual, path)
    return out


def replay(doc: dict) -> tuple[dict, dict | None]:
    """Replays a golden file's actions through engine.apply; returns (state, result)."""
    engine = get_engine(doc["engine"])
    state = engine.new_state(doc["options"], doc["seats"], doc["seed"])
    for step, (seat, action) in enumerate(doc["actions"]):
        if engine.result(state) is not None:
            pytest.fail(f"{doc['engine']}: the game ended before step {step} ({len(doc['actions'])} actions recorded)")
        try:
            engine.apply(state, seat, action)
        except IllegalAction as exc:
            pytest.fail(
                f"{doc['engine']}: step {step}, seat {seat}: recorded action "
                f"{json.dumps(action, sort_keys=True)} is refused now: {exc.message}"
            )
    return json_roundtrip(state), json_roundtrip(engine.result(state))


@pytest.mark.parametrize(("slug", "options"), CASES, ids=[_stem(slug, options) for slug, options in CASES])
def test_replaying_the_recorded_actions_reaches_the_golden_state(slug, options):
    path = _path(slug, options)
    if UPDATE:
        path.parent.mkdir(exist_ok=True)
        path.write_text(dumps(record(slug, options)), encoding="utf-8")
    if not path.exists():
        pytest.fail(f"{path} is missing; write it with TRAILPOST_GOLDEN_UPDATE=1 (see this module's docstring)")
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert (doc["engine"], doc["seats"]) == (slug, SEATS)
    state, result = replay(doc)
    hint = (
        "\nIf the rules changed on purpose, rewrite the golden files with "
        "TRAILPOST_GOLDEN_UPDATE=1 and review `git diff tests/rules/golden/`."
    )
    diffs = differences(doc["result"], result, "result")
    assert not diffs, f"{path.name}: the result differs:\n  " + "\n  ".join(diffs) + hint
    diffs = differences(doc["state"], state, "state")
    assert not diffs, f"{path.name}: the final state differs:\n  " + "\n  ".join(diffs) + hint
    if doc["stopped_after"] is None:
        assert result is not None, f"{path.name}: the recorded game should be over"
    else:
        assert doc["stopped_after"] == len(doc["actions"])


def test_every_golden_file_belongs_to_a_case():
    expected = {_path(slug, options).name for slug, options in CASES}
    present = {p.name for p in GOLDEN_DIR.glob("*.json")}
    assert present <= expected, f"golden files without a case: {sorted(present - expected)}"
