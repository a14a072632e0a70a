"""The map of Tessary as board.py derives it when imported (terrain and cities, neighbours and
edges, lake and inlet crossings, river cuts), against its docstring's description.

board.py builds these when it is imported; mutmut never runs that code with a mutant on:
`scripts/mutate.py --import-time` does, and these tests are what its mutants must fail."""

from collections import Counter

from games.rules.crayon_rails import board
from games.rules.crayon_rails.board import CITY_LIST, node


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
