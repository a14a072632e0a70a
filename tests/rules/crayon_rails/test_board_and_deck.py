"""The map of Tessary as data, and the demand deck generated from it."""

import json
import os
from collections import Counter

import pytest

from games.rules.crayon_rails import board, deckgen
from games.rules.crayon_rails.board import CITY_LIST, GOODS, SOURCES, node
from games.rules.crayon_rails.cards import DEMANDS, EVENTS
from games.rules.crayon_rails.engine import ENGINE


def test_map_has_the_issue_s_sizes():
    sizes = Counter(c["size"] for c in CITY_LIST)
    assert (board.WIDTH, board.HEIGHT) == (40, 30)
    assert 5 <= sizes["major"] <= 7
    assert 25 <= sizes["medium"] + sizes["small"] <= 35
    assert 12 <= len(GOODS) <= 16
    terrain = Counter(board.TERRAIN_AT.values())
    assert terrain["mountain"] and terrain["alpine"] and terrain["clear"] > 500
    for good, chips in GOODS.items():
        assert 2 <= len(SOURCES[good]) <= 4, good
        assert 3 <= chips <= 5


def test_major_cities_are_seven_mileposts_joined_by_free_track():
    for c in CITY_LIST:
        assert len(c["posts"]) == (7 if c["size"] == "major" else 1)
    ondrey = CITY_LIST[board.CITY_INDEX["Ondrey"]]["posts"]
    inner = [e for e in board.CITY_TRACK if all(n in ondrey for n in board.edge_nodes(e))]
    assert len(inner) == 12  # six spokes and six rim sections


def test_water_costs_extra_where_it_is_crossed():
    assert {k for k in board.CROSSING.values()} == {"lake", "inlet"}
    assert len(board.RIVER_EDGES) >= 3 and all(board.RIVER_EDGES.values())
    # the Amber runs between (17, 13) and (18, 13): building across it costs clear 1 + river 2
    e = board.edge(node(18, 13), node(17, 13))
    assert board.RIVER_OF[e] == "Amber"
    assert board.enter_cost(e, node(17, 13)) == 3
    lake = next(e for e, k in board.CROSSING.items() if k == "lake")
    a, b = board.edge_nodes(lake)
    assert board.enter_cost(lake, b) == board.BUILD_COST[board.TERRAIN_AT[b]] + 3


def test_map_data_follows_the_interface():
    data = ENGINE.map_data({})
    json.dumps(data)
    assert data == ENGINE.map_data({"mode": "standard"})
    assert {"width", "height", "mileposts", "cities", "water", "water_cells", "goods"} <= set(data)
    kinds = {t for _x, _y, t in data["mileposts"]}
    assert kinds == {"clear", "mountain", "alpine", "small", "medium", "major"}
    points = {(x, y) for x, y, _t in data["mileposts"]}
    assert not points & {(x, y) for x, y, _k in data["water_cells"]}
    assert {w["kind"] for w in data["water"]} == {"river", "lake", "inlet"}
    for w in data["water"]:
        for (x1, y1), (x2, y2) in w["edges"]:
            assert (x1, y1) in points and (x2, y2) in points
            assert node(x2, y2) in board.NEIGHBOURS[node(x1, y1)]
    ondrey = next(c for c in data["cities"] if c["name"] == "Ondrey")
    assert ondrey["size"] == "major" and len(ondrey["mileposts"]) == 7
    coal = next(g for g in data["goods"] if g["name"] == "Coal")
    assert coal["chips"] == GOODS["Coal"] and "Greyhollow" in coal["sources"]


def test_the_committed_deck_is_what_the_generator_makes():
    path = os.path.join(os.path.dirname(deckgen.__file__), "deck.py")
    with open(path) as fh:
        committed = fh.read()
    assert deckgen.render(*deckgen.generate()) == committed
    # and another seed makes another deck
    assert deckgen.generate("another seed")[0] != DEMANDS


def test_payoffs_follow_the_cheapest_track_from_the_sources():
    for cid in ("D001", "D050", "D100"):
        for good, city, pay in DEMANDS[cid]:
            srcs = [n for i in SOURCES[good] for n in CITY_LIST[i]["posts"]]
            dist = deckgen.cheapest_track(srcs)
            cost = min(dist[n] for n in CITY_LIST[board.CITY_INDEX[city]]["posts"])
            assert cost >= deckgen.MIN_COST
            assert pay == deckgen.payoff(cost) == 5 + round(1.5 * cost)


def test_cards_hold_three_demands_and_the_events_are_mixed_in():
    for demands in DEMANDS.values():
        assert len(demands) == 3
        assert len({g for g, _c, _p in demands}) == 3
        assert len({c for _g, c, _p in demands}) == 3
        for good, city, _pay in demands:
            assert board.CITY_INDEX[city] not in SOURCES[good]
    kinds = Counter(ev["type"] for ev in EVENTS.values())
    assert set(kinds) == {"derailment", "snow", "flood", "strike", "tax"}
    assert {ev["river"] for ev in EVENTS.values() if ev["type"] == "flood"} == {name for name, _course in board.RIVERS}


def _grid_steps(start):
    """Steps from a grid point to every other over the whole grid (water too: as the crow flies),
    by the module's own neighbour rule (its docstring: odd rows shifted half a step right)."""
    dist, frontier = {start: 0}, [start]
    while frontier:
        nxt = []
        for x, y in frontier:
            for pt in board.grid_neighbours(x, y):
                if pt not in dist:
                    dist[pt] = dist[(x, y)] + 1
                    nxt.append(pt)
        frontier = nxt
    return dist


def test_steps_as_the_crow_flies_count_the_grid_s_neighbour_steps():
    assert len(_grid_steps((0, 0))) == board.NODES
    for start in ((14, 4), (18, 7), (0, 0), (39, 29), (0, 29), (39, 1)):
        for (x, y), steps in _grid_steps(start).items():
            assert board.hex_steps(node(*start), node(x, y)) == steps, (start, (x, y))


@pytest.mark.parametrize(
    "city, points",
    [
        # Varrow (14, 4), an even row: its north and south neighbours lie half a step either side
        (
            "Varrow",
            {
                (15, 4): "just east",
                (14, 5): "just south-east",
                (13, 5): "just south-west",
                (13, 4): "just west",
                (13, 3): "just north-west",
                (14, 3): "just north-east",
                (14, 2): "2 steps north",
                (14, 6): "2 steps south",
                (16, 3): "3 steps east",  # 19 degrees north of east: still east
            },
        ),
        # Wyvern Gap (18, 7), an odd row, shifted half a step right
        (
            "Wyvern Gap",
            {
                (19, 7): "just east",
                (19, 8): "just south-east",
                (18, 8): "just south-west",
                (17, 7): "just west",
                (18, 6): "just north-west",
                (19, 6): "just north-east",
                (18, 5): "2 steps north",
                (18, 9): "2 steps south",
            },
        ),
    ],
)
def test_a_milepost_off_a_city_is_named_by_its_steps_and_compass_point_from_it(city, points):
    for (x, y), where in points.items():
        assert board.place_name(node(x, y)) == f"the milepost {where} of {city}", (x, y)
