"""Engine.place (issue #24): every legal action of seeded games, for every seat to act, says where
on the table it is played, and each place it names is something that seat sees on the table: a
space of a river that exists, a card in its hand, a supply kind in the bank, a milepost of the
map. Games are played by the engines' bots from several seeds and option sets."""

import re

import pytest

from games.rules.base import Rng
from games.rules.crayon_rails.engine import ENGINE as CRAYON
from games.rules.crayon_rails.places import city_place
from games.rules.ogallala.engine import ENGINE as OGALLALA
from games.rules.oregon_trail.engine import ENGINE as OREGON

SEEDS = ["places-1", "places-2", "places-3"]
STEPS = 400  # moves played into each game, every position checked


def _positions(engine, options, seats, seed):
    """Yields (state, seat) for each seat to act along a bot-played game."""
    state = engine.new_state(engine.normalize_options(options, seats), seats, seed)
    rnd = Rng.stream(f"places:{seed}")
    for _ in range(STEPS):
        to_act = engine.to_act(state)
        if not to_act:
            return
        for seat in to_act:
            yield state, seat
        engine.apply(state, to_act[0], engine.bot_action(state, to_act[0], rnd))


def _ogallala_things(view, seat):
    things = {f"stack:{s['index']}" for s in view["stacks"]}
    for p in view["players"]:
        for r, row in enumerate(p["display"]):
            things |= {f"river:{p['seat']}:{r}:{c}" for c in range(len(row))}
    return things


def _oregon_things(view, seat):
    things = {f"bank:{b['kind']}" for b in view.get("supply_bank") or [] if b["count"]}
    things |= {f"mine:{s['kind']}" for s in view.get("supplies") or []}
    things |= {f"hand:{c['card']}" for c in view.get("hand") or []}
    things |= {f"town:{t['card']}" for t in view.get("towns") or []}
    things |= {f"pool:{k}" for t in view.get("towns") or [] for k in t.get("pool") or []}
    things |= {f"player:{p['seat']}" for p in view["players"]}
    for p in view["players"]:
        if p["seat"] == seat:
            things |= {f"cal:{c['card']}" for c in p["calamities"]}
    return things


_MAP = CRAYON.map_data({})


def _crayon_things(view, seat):
    things = {f"mp:{x},{y}" for x, y, _t in _MAP["mileposts"]}
    things |= {city_place(c["name"]) for c in _MAP["cities"]}
    cards = list(view.get("hand") or []) + list(view.get("pool") or [])
    cards += list((view.get("draft") or {}).get("offer") or [])
    things |= {f"card:{c['id']}" for c in cards}
    return things


GAMES = [
    pytest.param(OGALLALA, {}, 2, _ogallala_things, id="ogallala-I"),
    pytest.param(OGALLALA, {"edition": "II"}, 3, _ogallala_things, id="ogallala-II"),
    pytest.param(OREGON, {}, 2, _oregon_things, id="oregon-revised"),
    pytest.param(OREGON, {"ruleset": "classic"}, 3, _oregon_things, id="oregon-classic"),
    pytest.param(CRAYON, {}, 2, _crayon_things, id="crayon-rails"),
    pytest.param(CRAYON, {"mode": "standard"}, 3, _crayon_things, id="crayon-rails-standard"),
]


@pytest.mark.parametrize("engine,options,seats,things", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_every_legal_action_is_played_at_places_the_seat_sees(engine, options, seats, things, seed):
    checked = 0
    for state, seat in _positions(engine, options, seats, seed):
        seen = things(engine.view(state, seat), seat)
        for action in engine.legal_actions(state, seat):
            place = engine.place(state, seat, action)
            assert place and re.fullmatch(r"\S+( \S+)*", place), (action, place)
            if place == "bar":
                continue
            for step in place.split():
                assert step in seen, f"{action} is played at {step}, which seat {seat} does not see"
            checked += 1
    assert checked > 20  # the games reached positions with moves on the table


def test_a_fort_is_the_fort_then_its_two_supplies():
    action = {"type": "use_town", "town": "T52", "take": ["food", "clothes"]}
    assert OREGON.place({}, 0, action) == "town:T52 bank:food bank:clothes"


def test_an_engine_without_a_places_module_plays_from_the_bar(toy_engine):
    assert toy_engine.place({}, 0, {"type": "anything"}) == "bar"
