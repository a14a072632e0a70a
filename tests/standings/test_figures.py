"""Each game's own figures, counted from a bot game played by the engine (no database): the
counts agree with the game's events and final table."""

import pytest

from games.rules import get_engine
from games.rules.base import TENTHS, Rng
from games.rules.ogallala.display import boats_of
from standings import figures


def _play(rules, options, seed):
    engine = get_engine(rules)
    state = engine.new_state(engine.normalize_options(options, 3), 3, seed)
    rnd = Rng.stream(f"figures:{seed}")
    moves = []
    while engine.result(state) is None:
        seat = engine.to_act(state)[0]
        moves.append(engine.apply(state, seat, engine.bot_action(state, seat, rnd)))
    return state, moves


def _events(moves, kind):
    return [ev for events in moves for ev in events if ev["type"] == kind]


def test_oregon_trail_race_calamities_and_deaths():
    state, moves = _play("oregon-trail-race", {"trail_length": 10}, "f1")
    found = figures.count("oregon-trail-race", state, moves)
    assert sum(found["calamities"].values()) == len(_events(moves, "calamity"))
    assert sum(found.get("deaths", {}).values()) == sum(
        int(e["public"]["count"]) for e in _events(moves, "member_died")
    )
    assert all(label[:1].isupper() for label in found["calamities"])  # names, not slugs


@pytest.mark.parametrize("edition", ["I", "II"])
def test_ogallala_boats_and_their_points(edition):
    state, moves = _play("ogallala", {"edition": edition}, f"f-{edition}")
    found = figures.count("ogallala", state, moves)
    boats = [b for display in state["displays"] for b in boats_of(display)]
    assert sum(found["boats"].values()) == len(boats)
    assert {int(size) for size in found["boats"]} == {len(b.cards) for b in boats}
    if edition == "I":  # the boats' tallies are the whole score in Ogallala I
        assert sum(found["boat_points"].values()) == sum(state["result"]["scores"])


def test_crayon_rails_deliveries_and_payoffs():
    state, moves = _play("crayon-rails", {}, "f2")
    found = figures.count("crayon-rails", state, moves)
    delivered = _events(moves, "deliver")
    assert sum(found["deliveries"].values()) == len(delivered) > 0
    assert sum(found["payoffs"].values()) == sum(e["public"]["payoff"] for e in delivered)
    assert sum(found["payoff_deliveries"].values()) == len(delivered)
    assert set(found["payoffs"]) <= set(TENTHS)


def test_an_unknown_game_has_no_figures():
    assert figures.count("toy-shed", {}, [[{"type": "calamity", "public": {"calamity": "x"}}]]) == {}
