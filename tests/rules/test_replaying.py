"""games.rules.replaying: the one replay of a log that the selectors, the replay viewer and the
verifier share. Each shipped engine plays a seeded bot game with a resignation in it; replaying
its steps must reach the very states (and events) the moves reached when applied directly."""

import json

import pytest

from games.rules import GAMES, get_engine
from games.rules.base import IllegalAction, Rng, clone
from games.rules.replaying import IllegalStep, play, replay

STEPS = 80
RESIGN_AT = 30


def _seats(engine) -> int:
    return max(engine.min_seats, min(3, engine.max_seats))


def _played(slug: str) -> dict:
    """Plays a seeded game: bots move, one seat resigns at RESIGN_AT; returns its options, seats,
    seed, steps, the state after each step (index 0: dealt) and each step's events."""
    engine = get_engine(slug)
    seats, seed = _seats(engine), f"replaying:{slug}"
    options = engine.normalize_options(engine.conformance_options[-1], seats)  # not the defaults
    state = engine.new_state(options, seats, seed)
    assert state != engine.new_state(engine.normalize_options({}, seats), seats, seed), "the options must matter"
    rnd = Rng.stream(seed)
    steps, states, events = [], [clone(state)], []
    while len(steps) < STEPS and engine.result(state) is None:
        if len(steps) == RESIGN_AT:
            step = ("resign", seats - 1, None)
            events.append(engine.resign(state, seats - 1))
        else:
            seat = engine.to_act(state)[0]
            step = ("move", seat, engine.bot_action(state, seat, rnd))
            events.append(engine.apply(state, seat, step[2]))
        steps.append(step)
        states.append(clone(state))
    return {
        "engine": engine,
        "options": options,
        "seats": seats,
        "seed": seed,
        "steps": steps,
        "states": states,
        "events": events,
    }


@pytest.fixture(scope="module", params=list(GAMES))
def game(request):
    return _played(request.param)


def _same(a: dict, b: dict) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def test_a_replay_reaches_the_state_the_moves_reached(game):
    steps = game["steps"]
    assert len(steps) > RESIGN_AT and steps[RESIGN_AT][0] == "resign", "the game must outlast the resignation"
    state = replay(game["engine"], game["options"], game["seats"], game["seed"], steps)
    assert _same(state, game["states"][-1])
    assert not _same(state, game["states"][0])


def test_play_yields_each_steps_events_with_the_state_after_it(game):
    engine = game["engine"]
    state = engine.new_state(game["options"], game["seats"], game["seed"])
    seen = []
    for index, events in play(engine, state, game["steps"]):
        assert _same(state, game["states"][index + 1]), f"step {index}"
        seen.append(events)
    assert seen == game["events"]
    assert any(e["type"] for e in seen[RESIGN_AT]), "the resignation says so in its events"


def test_upto_stops_after_that_many_steps(game):
    args = (game["engine"], game["options"], game["seats"], game["seed"], game["steps"])
    for upto in (0, 1, RESIGN_AT, RESIGN_AT + 1, len(game["steps"]) - 1):
        assert _same(replay(*args, upto=upto), game["states"][upto]), f"upto={upto}"
    assert _same(replay(*args, upto=len(game["steps"]) + 5), game["states"][-1])


def test_a_step_the_engine_refuses_raises_illegal_action_with_its_index(game):
    engine, steps = game["engine"], list(game["steps"])
    at = RESIGN_AT + 3
    bad = (steps[at][0], steps[at][1], {"type": "__not_a_move__"})
    steps[at] = bad
    state = engine.new_state(game["options"], game["seats"], game["seed"])
    with pytest.raises(IllegalAction) as refused:
        for _ in play(engine, state, steps):
            pass
    assert isinstance(refused.value, IllegalStep)
    assert (refused.value.index, refused.value.step) == (at, bad)
    before = game["states"][at]
    assert refused.value.message == engine.explain_illegal(clone(before), bad[1], bad[2])
    assert _same(state, before), "the steps before it are applied, itself is not"
    with pytest.raises(IllegalStep) as again:
        replay(engine, game["options"], game["seats"], game["seed"], steps)
    assert again.value.index == at
    assert _same(replay(engine, game["options"], game["seats"], game["seed"], steps, upto=at), before)


def test_a_step_naming_no_seat_is_refused_before_the_engine_sees_it(game):
    engine, seats = game["engine"], game["seats"]
    steps = list(game["steps"][:5])
    kind, _, action = steps[4]
    steps[4] = (kind, seats, action)
    with pytest.raises(IllegalStep) as refused:
        replay(engine, game["options"], seats, game["seed"], steps)
    assert (refused.value.index, refused.value.step, refused.value.message) == (4, steps[4], "there is no such seat")
    absent = steps[2][1]  # a file's seats may leave out a position the engine has
    first = next(i for i, step in enumerate(steps) if step[1] == absent)
    state = engine.new_state(game["options"], seats, game["seed"])
    with pytest.raises(IllegalStep) as refused:
        list(play(engine, state, steps, seats=set(range(seats)) - {absent}))
    assert (refused.value.index, refused.value.message) == (first, "there is no such seat")
    assert _same(state, game["states"][first])
    state = engine.new_state(game["options"], seats, game["seed"])
    with pytest.raises(IllegalStep) as refused:  # no seats given: the engine's own refusal
        list(play(engine, state, steps))
    assert refused.value.index == 4 and refused.value.code == "NOT_YOUR_TURN"


def test_a_step_of_another_kind_is_refused(game):
    engine = game["engine"]
    steps = [*game["steps"][:2], ("undo", game["steps"][2][1], {})]
    with pytest.raises(IllegalStep) as refused:
        replay(engine, game["options"], game["seats"], game["seed"], steps)
    assert refused.value.index == 2
    assert refused.value.message == "a log entry of kind 'undo' is neither a move nor a resignation"


def test_play_is_lazy_so_a_caller_stops_where_it_likes(game):
    engine = game["engine"]
    state = engine.new_state(game["options"], game["seats"], game["seed"])
    for index, _events in play(engine, state, iter(game["steps"])):
        if index == 6:
            break
    assert _same(state, game["states"][7])
