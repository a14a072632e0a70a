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


# -- the map derived at import, against the module docstring's own description -----------------
# (board.py builds these when it is imported; mutmut never runs that code with a mutant on:
# `scripts/mutate.py --import-time` does, and these tests are what its mutants must fail)


def _land_neighbours(x, y):
    """The docstring's six neighbours of (x, y) that lie on the grid."""
    if y % 2 == 0:
        cand = ((x - 1, y), (x + 1, y), (x - 1, y - 1), (x, y - 1), (x - 1, y + 1), (x, y + 1))
    else:
        cand = ((x - 1, y), (x + 1, y), (x, y - 1), (x + 1, y - 1), (x, y + 1), (x + 1, y + 1))
    return [(a, b) for a, b in cand if 0 <= a < board.WIDTH and 0 <= b < board.HEIGHT]


def test_each_point_is_the_terrain_or_water_its_character_draws_and_a_city_its_size():
    """The hand-drawn TERRAIN, one character a point: water has no milepost; a city's mileposts
    (a major city's centre and the six around it, the others' one point) take the city's size."""
    cities = {}
    for i, (name, size, (cx, cy), goods) in enumerate(board.CITIES):
        posts = [(cx, cy)] + (_land_neighbours(cx, cy) if size == "major" else [])
        assert CITY_LIST[i] == {"name": name, "size": size, "posts": [node(*p) for p in posts], "goods": list(goods)}
        cities.update({p: (i, size) for p in posts})
    codes = {".": "clear", "m": "mountain", "A": "alpine"}
    water = {"~": "sea", "L": "lake", "I": "inlet"}
    for y, row in enumerate(board.TERRAIN):
        assert len(row) == board.WIDTH
        for x, ch in enumerate(row):
            n = node(x, y)
            if ch in water:
                assert (board.WATER_AT[n], n in board.TERRAIN_AT) == (water[ch], False), (x, y)
            else:
                assert (board.TERRAIN_AT[n], n in board.WATER_AT) == (cities.get((x, y), (0, codes[ch]))[1], False)
                assert board.CITY_OF.get(n) == cities.get((x, y), (None,))[0], (x, y)
    assert len(board.TERRAIN_AT) + len(board.WATER_AT) == board.NODES
    assert len(board.CITY_OF) == len(cities) == 6 * len(board.MAJORS) + len(CITY_LIST)


def test_mileposts_join_their_land_neighbours_and_nothing_else():
    """Track runs between neighbouring mileposts: each milepost's neighbours are its six grid
    neighbours that are land, and the edges are exactly those pairs, each once (a < b)."""
    pairs = set()
    for n in board.TERRAIN_AT:
        x, y = board.xy(n)
        land = [node(a, b) for a, b in _land_neighbours(x, y) if node(a, b) in board.TERRAIN_AT]
        assert board.NEIGHBOURS[n] == land, (x, y)
        pairs |= {(min(n, m), max(n, m)) for m in land}
    assert set(board.NEIGHBOURS) == set(board.TERRAIN_AT)
    assert board.EDGES == {a * board.NODES + b for a, b in pairs}


def test_a_lake_or_inlet_is_crossed_where_both_points_flanking_the_edge_are_that_water():
    """Crossing a lake or an inlet: an edge between two land mileposts whose two flanking points
    (the points making a triangle with the edge on either side) are both water of that kind."""
    expected = {}
    for e in board.EDGES:
        a, b = (tuple(board.xy(n)) for n in board.edge_nodes(e))
        flanks = set(_land_neighbours(*a)) & set(_land_neighbours(*b))
        kinds = {board.WATER_AT.get(node(*f)) for f in flanks}
        if len(flanks) == 2 and len(kinds) == 1 and kinds & {"lake", "inlet"}:
            expected[e] = kinds.pop()
    assert board.CROSSING == expected
    assert Counter(expected.values())["lake"] and Counter(expected.values())["inlet"]


def _cuts(p, q, s, t):
    """True when segment p-q crosses segment s-t at a point inside both (solved for the two
    segments' parameters, not by orientation signs)."""
    r, u = (q[0] - p[0], q[1] - p[1]), (t[0] - s[0], t[1] - s[1])
    den = r[0] * u[1] - r[1] * u[0]
    if den == 0:
        return False
    w = (s[0] - p[0], s[1] - p[1])
    along_pq, along_st = (w[0] * u[1] - w[1] * u[0]) / den, (w[0] * r[1] - w[1] * r[0]) / den
    return 0 < along_pq < 1 and 0 < along_st < 1


def test_a_river_costs_its_extra_on_every_edge_its_course_cuts_and_only_there():
    """A river is a line drawn between mileposts (RIVERS, in drawing coordinates, px = x and
    py = 0.866 * row); every edge the line cuts, wherever on the map, costs the river's extra. A
    milepost [x, y] is drawn at px = x + 0.5 * (y % 2), py = 0.866 * y (the docstring)."""

    def drawn(n):
        x, y = board.xy(n)
        return (x + 0.5 * (y % 2), 0.866 * y)

    assert set(board.RIVER_EDGES) == {name for name, _course in board.RIVERS}
    for name, course in board.RIVERS:
        line = [(px, 0.866 * row) for px, row in course]
        cut = {
            e
            for e in board.EDGES
            if any(_cuts(*map(drawn, board.edge_nodes(e)), s, t) for s, t in zip(line, line[1:], strict=False))
        }
        assert board.RIVER_EDGES[name] == cut, name
        assert len(cut) >= 2 * (len(course) - 1), name  # each stretch crosses at least two rows' edges
        assert all(board.RIVER_OF[e] == name for e in cut)
