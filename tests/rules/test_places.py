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


@pytest.mark.parametrize(
    "action,place",
    [
        ({"type": "draft", "supply": "oxen"}, "bank:oxen"),
        ({"type": "victim", "seat": 2}, "player:2"),
        ({"type": "lose_supply", "supply": "food"}, "mine:food"),
        ({"type": "measles", "choice": "trade", "give": "clothes"}, "mine:clothes"),
        ({"type": "measles", "choice": "medicine"}, "bar"),
        ({"type": "measles", "choice": "decline"}, "bar"),
        ({"type": "take_supply", "supply": "medicine"}, "pool:medicine"),
        ({"type": "forge", "card": "T07", "turned": True}, "hand:T07"),
        ({"type": "mend", "calamity": "C03"}, "cal:C03"),
        ({"type": "mend_any", "calamity": "C05"}, "cal:C05"),
        ({"type": "trade", "calamity": "C03", "give": ["clothes", "food"]}, "cal:C03 mine:clothes mine:food"),
        ({"type": "trade", "calamity": "C03"}, "cal:C03"),
        ({"type": "use_town", "town": "T50", "remove": "C04"}, "town:T50 cal:C04"),
        ({"type": "use_town", "town": "T50", "take": ["water"]}, "town:T50 bank:water"),
        ({"type": "use_town", "town": "T50"}, "town:T50"),
        ({"type": "enter_town", "town": "T51", "supply": "food"}, "town:T51 pool:food"),
        ({"type": "enter_town", "town": "T51"}, "town:T51"),
        ({"type": "place_town", "card": "T52", "take": []}, "hand:T52"),
        ({"type": "place_town", "card": "T52", "remove": "C04"}, "hand:T52 cal:C04"),
        ({"type": "place_town", "card": "T52", "take": ["food", "oxen"]}, "hand:T52 bank:food bank:oxen"),
        ({"type": "end_turn"}, "bar"),
        ({"type": "scout"}, "bar"),
        ({}, "bar"),
    ],
)
def test_oregon_places_each_kind_of_action_where_its_card_or_supply_lies(action, place):
    """Oregon Trail Race's places (its places.py): a supply in the bank, one of the seat's own, one
    of a town's pool, a card in hand, a calamity on the wagon, a town, a player; a town's benefit
    after the town (or the town card placed), a trade's supplies after its calamity; the rest is
    played from the action bar."""
    assert OREGON.place({}, 0, action) == place


def test_oregon_hit_places_read_the_thief_event_before_and_after_storage():
    """A theft's private part is keyed by the seat (an int) when the engine writes it and by its
    text once stored as JSON: either way the robbed seat's remaining supply of the kind is marked
    (a kept hunting card is food), and nothing once it has none of it left, nor for a seat the
    event tells nothing or the state has no wagon for."""
    state = OREGON.new_state({}, 2, "hit")
    state["players"][1]["supplies"] = ["S01", "S05"]  # food, clothes
    theft = {"type": "theft", "seat": 0, "public": {}, "private": {1: {"supply": "clothes"}}}
    stored = {**theft, "private": {"1": {"supply": "clothes"}}}
    assert OREGON.hit_places(state, 1, theft, None) == ["mine:clothes"]
    assert OREGON.hit_places(state, 1, stored, None) == ["mine:clothes"]
    assert OREGON.hit_places(state, 0, stored, None) == []
    assert OREGON.hit_places(state, 3, stored, None) == []
    assert OREGON.hit_places({}, 1, theft, None) == []
    state["players"][1]["supplies"] = ["S01"]
    assert OREGON.hit_places(state, 1, theft, None) == []
    state["players"][1]["supplies"] = ["C31"]
    food = {**theft, "private": {1: {"supply": "food"}}}
    assert OREGON.hit_places(state, 1, food, None) == ["mine:food"]


def test_oregon_hit_places_of_a_calamity_sent_to_another_seat_mark_nothing():
    """A calamity event marks its victim's card only: another seat holding that very card now (the
    calamity deck is refilled from its discard, so a card can come round again) was not hit by it."""
    state = OREGON.new_state({}, 3, "hit")
    state["players"][2]["calamities"] = [{"card": "C23", "kind": "starvation", "deadline": 2, "fresh": False}]
    sent = {"type": "calamity", "seat": 0, "public": {"calamity": "starvation", "victim": 1, "card": "C23"}}
    assert OREGON.hit_places(state, 2, sent, None) == []
    assert OREGON.hit_places(state, 2, {**sent, "public": {**sent["public"], "victim": 2}}, None) == ["cal:C23"]


def test_an_engine_without_a_places_module_plays_from_the_bar(toy_engine):
    assert toy_engine.place({}, 0, {"type": "anything"}) == "bar"
