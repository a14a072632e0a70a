"""The Crayon rails map of Tessary, an invented land: terrain, cities, goods and water, as data.

Mileposts sit on a triangular grid of WIDTH x HEIGHT points. A point is named [x, y]; odd rows
are shifted right by half a step, so a point is drawn at px = x + 0.5 * (y % 2), py = 0.866 * y.
Neighbours of (x, y): (x-1, y), (x+1, y), and for an even row (x-1, y-1), (x, y-1), (x-1, y+1),
(x, y+1); for an odd row (x, y-1), (x+1, y-1), (x, y+1), (x+1, y+1).

The hand-drawn part is `TERRAIN` (one character a point), `CITIES`, `GOODS` and `RIVERS`;
everything else in this module is derived from them at import:
- Water points (sea, lake, inlet) have no milepost. Crossing a lake or an inlet is an edge
  between two land mileposts whose two flanking points (the points that make a triangle with
  the edge on either side) are both water of that kind: the track runs over the narrows.
- A river is a line drawn between mileposts (`RIVERS`, in drawing coordinates); every edge the
  line cuts costs the river's extra to build.
- A major city is seven mileposts, its centre and the six around it. The edges between them are
  the city's own track: nobody builds them, everybody may use them for free.

Nodes are integers y * WIDTH + x; an edge is the integer a * NODES + b for its nodes a < b.
"""

from __future__ import annotations

import math
from functools import cache, lru_cache

WIDTH, HEIGHT = 40, 30
NODES = WIDTH * HEIGHT

#   . clear   m mountain   A alpine   ~ sea   L lake   I inlet
TERRAIN = (
    "~~~~~~~~~~~.......mm......II~~~~~~~~~~~~",  # 0
    "~~~~~~~~.........mmm......II.....~~~~~~~",  # 1
    "~~~~~~..........mmAm......II........~~~~",  # 2
    "~~~~~...........mAAm.................~~~",  # 3
    "~~~~...........mmAAm......II..........~~",  # 4
    "~~~~...........mAAm.......II..........~~",  # 5
    "~~~~..........mmAm........II...........~",  # 6
    "~~~...........mAAm........II.mm........~",  # 7
    "~~~..........mmAm...........mmAm.......~",  # 8
    "~~...........mAAm............mAAm......~",  # 9
    "~~..........mmAm.............mmm.......~",  # 10
    "~~..........mAAm..............m.......~~",  # 11
    "~~~........mmAm.......................~~",  # 12
    "~~~........mAm..........mm............~~",  # 13
    "~~.........mmm.........mmm............~~",  # 14
    "~~.........mm..........................~",  # 15
    "~~~.......................LL...........~",  # 16
    "~~~~.....................LLLL.........~~",  # 17
    "~~~~.....m............................~~",  # 18
    "~~~.....mmm..............LLLL.........~~",  # 19
    "~~~....mmAm.........I.....LL....m.....~~",  # 20
    "~~.....mAAm....................mm.....~~",  # 21
    "~~.....mmm..........I.........mmm....~~~",  # 22
    "~~~.....m...........I..................~",  # 23
    "~~~~................I.................~~",  # 24
    "~~~~.................................~~~",  # 25
    "~~~~~...............II..............~~~~",  # 26
    "~~~~~~............IIII.............~~~~~",  # 27
    "~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~",  # 28
    "~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~",  # 29
)
TERRAIN_CODES = {".": "clear", "m": "mountain", "A": "alpine"}
WATER_CODES = {"~": "sea", "L": "lake", "I": "inlet"}

# good -> number of load chips
GOODS = {
    "Coal": 4,
    "Iron": 4,
    "Copper": 3,
    "Marble": 3,
    "Timber": 4,
    "Grain": 5,
    "Cattle": 4,
    "Wine": 4,
    "Fish": 4,
    "Salt": 3,
    "Wool": 4,
    "Oil": 3,
    "Cheese": 3,
    "Machinery": 4,
}

# (name, size, [x, y] (a major city's centre), goods supplied)
CITIES = (
    ("Harrowgate", "major", (7, 6), ("Machinery",)),
    ("Velmora", "major", (21, 3), ("Machinery",)),
    ("Caskerton", "major", (33, 4), ("Machinery",)),
    ("Ondrey", "major", (20, 13), ()),
    ("Saltmere", "major", (33, 23), ("Machinery",)),
    ("Port Brannock", "major", (13, 26), ("Fish",)),
    ("Kestrel Bay", "medium", (6, 2), ("Fish", "Salt")),
    ("Greyhollow", "medium", (14, 13), ("Coal", "Iron")),
    ("Wyvern Gap", "medium", (18, 7), ("Copper", "Iron")),
    ("Oakhurst", "medium", (17, 10), ("Timber",)),
    ("Thornwick", "medium", (26, 9), ("Cattle",)),
    ("Eastwold", "medium", (38, 10), ("Oil",)),
    ("Rookhaven", "medium", (2, 14), ("Wool",)),
    ("Brackenfield", "medium", (16, 18), ("Grain", "Cattle")),
    ("Quarry End", "medium", (11, 20), ("Marble", "Copper")),
    ("Fenwick", "medium", (29, 15), ("Cattle", "Cheese")),
    ("Tarnside", "medium", (24, 18), ("Cheese",)),
    ("Calder Mills", "medium", (27, 25), ("Wool", "Cheese")),
    ("Dunmarrow", "small", (11, 2), ("Timber",)),
    ("Varrow", "small", (14, 4), ("Coal",)),
    ("Nettlecombe", "small", (30, 1), ("Timber",)),
    ("Pikeholm", "small", (35, 2), ("Fish",)),
    ("Fellhaven", "small", (3, 7), ("Wool",)),
    ("Larkmere", "small", (22, 7), ("Grain",)),
    ("Redscar", "small", (31, 11), ("Coal", "Copper")),
    ("Hobbsford", "small", (9, 12), ("Grain",)),
    ("Brindle", "small", (34, 13), ("Oil",)),
    ("Quillon", "small", (26, 14), ("Marble",)),
    ("Oskel", "small", (16, 15), ("Cattle",)),
    ("Catterby", "small", (6, 16), ("Grain",)),
    ("Glimmerdale", "small", (6, 19), ("Wool",)),
    ("Harnoc", "small", (36, 18), ("Oil",)),
    ("Istral", "small", (30, 20), ("Wine",)),
    ("Ebbridge", "small", (21, 21), ("Wine",)),
    ("Morrowfen", "small", (2, 22), ("Salt",)),
    ("Jessamy", "small", (22, 27), ("Wine",)),
    ("Korvin", "small", (36, 25), ("Fish", "Salt")),
)

# (name, course in grid units: (x, row) with x already shifted, i.e. px = x, py = 0.866 * row)
RIVERS = (
    ("Amber", ((16.3, 9.4), (18.6, 11.3), (17.4, 15.5), (18.7, 18.4), (19.9, 20.7))),
    ("Wend", ((27.5, 8.3), (27.7, 10.4), (26.4, 13.5), (26.6, 16.2))),
    ("Tamsin", ((26.9, 20.4), (28.6, 22.6), (29.6, 25.3), (30.3, 27.9))),
    ("Lissen", ((11.4, 14.6), (8.6, 16.5), (5.3, 17.6), (2.4, 19.4))),
    ("Corrow", ((31.6, 9.6), (34.4, 12.4), (36.6, 14.6), (39.3, 15.4))),
)

BUILD_COST = {"clear": 1, "mountain": 2, "alpine": 5, "small": 3, "medium": 3, "major": 5}
WATER_COST = {"river": 2, "lake": 3, "inlet": 3}
CITY_LIMIT = {"small": 2, "medium": 3}  # how many players' track may enter such a city


def node(x: int, y: int) -> int:
    return y * WIDTH + x


def xy(n: int) -> list[int]:
    return [n % WIDTH, n // WIDTH]


def edge(a: int, b: int) -> int:
    return a * NODES + b if a < b else b * NODES + a


def edge_nodes(e: int) -> tuple[int, int]:
    return divmod(e, NODES)


def grid_neighbours(x: int, y: int) -> list[tuple[int, int]]:
    """Returns the neighbouring grid points of (x, y) that lie on the grid."""
    if y % 2 == 0:
        cand = ((x - 1, y), (x + 1, y), (x - 1, y - 1), (x, y - 1), (x - 1, y + 1), (x, y + 1))
    else:
        cand = ((x - 1, y), (x + 1, y), (x, y - 1), (x + 1, y - 1), (x, y + 1), (x + 1, y + 1))
    return [(a, b) for a, b in cand if 0 <= a < WIDTH and 0 <= b < HEIGHT]


def draw_pos(x: float, y: int) -> tuple[float, float]:
    return (x + 0.5 * (y % 2), 0.866 * y)


# -- derived at import -------------------------------------------------------------------------
def _derive():
    terrain = {}  # node -> clear/mountain/alpine/small/medium/major
    water = {}  # node -> sea/lake/inlet
    for y, row in enumerate(TERRAIN):
        assert len(row) == WIDTH, f"terrain row {y} has {len(row)} points"
        for x, ch in enumerate(row):
            if ch in WATER_CODES:
                water[node(x, y)] = WATER_CODES[ch]
            else:
                terrain[node(x, y)] = TERRAIN_CODES[ch]
    cities = []
    city_of = {}
    for idx, (name, size, (cx, cy), goods) in enumerate(CITIES):
        posts = [node(cx, cy)]
        if size == "major":
            posts += [node(a, b) for a, b in grid_neighbours(cx, cy)]
        for n in posts:
            assert n in terrain, f"{name} stands in the water"
            assert n not in city_of, f"{name} overlaps {cities[city_of[n]]['name']}"
            terrain[n] = size
            city_of[n] = idx
        cities.append({"name": name, "size": size, "posts": posts, "goods": list(goods)})
    for good in GOODS:
        assert any(good in c["goods"] for c in cities), f"nobody supplies {good}"
    assert len(GOODS) == len(set(GOODS))

    neighbours = {n: [node(a, b) for a, b in grid_neighbours(*xy(n)) if node(a, b) in terrain] for n in terrain}
    edges = {edge(a, b) for a in neighbours for b in neighbours[a]}

    # lakes and inlets: both flanking points of the edge are water of that kind
    crossing = {}
    for e in edges:
        a, b = edge_nodes(e)
        flanks = set(map(lambda p: node(*p), grid_neighbours(*xy(a)))) & set(
            map(lambda p: node(*p), grid_neighbours(*xy(b)))
        )
        kinds = {water.get(f) for f in flanks}
        if len(flanks) == 2 and len(kinds) == 1 and kinds <= {"lake", "inlet"}:
            crossing[e] = kinds.pop()

    # rivers: every edge whose segment the river's course cuts
    river_edges = {}
    for name, course in RIVERS:
        cut = set()
        segs = [
            ((course[i][0], 0.866 * course[i][1]), (course[i + 1][0], 0.866 * course[i + 1][1]))
            for i in range(len(course) - 1)
        ]
        for s, t in segs:
            x0, x1 = min(s[0], t[0]) - 1, max(s[0], t[0]) + 1
            y0, y1 = min(s[1], t[1]) - 1, max(s[1], t[1]) + 1
            for e in edges:
                a, b = edge_nodes(e)
                pa, pb = draw_pos(*xy(a)), draw_pos(*xy(b))
                if x0 <= pa[0] <= x1 and y0 <= pa[1] <= y1 and _segments_cross(pa, pb, s, t):
                    cut.add(e)
        river_edges[name] = cut
    return terrain, water, cities, city_of, neighbours, edges, crossing, river_edges


def _segments_cross(p1, p2, p3, p4) -> bool:
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2 = orient(p3, p4, p1), orient(p3, p4, p2)
    d3, d4 = orient(p1, p2, p3), orient(p1, p2, p4)
    return d1 * d2 < 0 and d3 * d4 < 0


(TERRAIN_AT, WATER_AT, CITY_LIST, CITY_OF, NEIGHBOURS, EDGES, CROSSING, RIVER_EDGES) = _derive()
CITY_INDEX = {c["name"]: i for i, c in enumerate(CITY_LIST)}
MAJORS = [i for i, c in enumerate(CITY_LIST) if c["size"] == "major"]
MAJOR_POSTS = frozenset(n for i in MAJORS for n in CITY_LIST[i]["posts"])
# the free track inside each major city
CITY_TRACK = frozenset(
    edge(a, b) for a in MAJOR_POSTS for b in NEIGHBOURS[a] if b in MAJOR_POSTS and CITY_OF[a] == CITY_OF[b]
)
RIVER_OF = {e: name for name, cut in RIVER_EDGES.items() for e in cut}
SOURCES = {g: [i for i, c in enumerate(CITY_LIST) if g in c["goods"]] for g in GOODS}
COASTAL = frozenset(
    i
    for i, c in enumerate(CITY_LIST)
    if any(WATER_AT.get(node(a, b)) in ("sea", "inlet") for n in c["posts"] for a, b in grid_neighbours(*xy(n)))
)


def water_extra(e: int) -> int:
    """Returns what crossing water adds to building an edge."""
    extra = 0
    if e in RIVER_OF:
        extra += WATER_COST["river"]
    if e in CROSSING:
        extra += WATER_COST[CROSSING[e]]
    return extra


def enter_cost(e: int, to: int) -> int:
    """Returns the cost of building edge e into milepost `to`."""
    return BUILD_COST[TERRAIN_AT[to]] + water_extra(e)


# ADJ[n]: ((neighbour, cost to build into it, edge), ...); RADJ[n]: ((neighbour, cost to build
# from it into n, edge), ...). City track costs nothing.
ADJ: list = [()] * NODES
RADJ: list = [()] * NODES
for _n, _nbrs in NEIGHBOURS.items():
    ADJ[_n] = tuple((m, 0 if edge(_n, m) in CITY_TRACK else enter_cost(edge(_n, m), m), edge(_n, m)) for m in _nbrs)
    RADJ[_n] = tuple((m, 0 if edge(_n, m) in CITY_TRACK else enter_cost(edge(_n, m), _n), edge(_n, m)) for m in _nbrs)
del _n, _nbrs


def city_name(i: int) -> str:
    return CITY_LIST[i]["name"]


def hex_steps(a: int, b: int) -> int:
    """Mileposts between two mileposts as the crow flies (odd rows sit half a step to the right)."""
    (x1, y1), (x2, y2) = xy(a), xy(b)
    q1, q2 = x1 - (y1 - (y1 & 1)) // 2, x2 - (y2 - (y2 & 1)) // 2
    return (abs(q1 - q2) + abs(y1 - y2) + abs(q1 + y1 - q2 - y2)) // 2


COMPASS = ("east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east")


def place_name(n: int) -> str:
    """A milepost as a player reads it: its city's name, or where it lies from the nearest city
    ("the milepost 2 steps north-east of Harrowgate"), never its x,y."""
    city = CITY_OF.get(n)
    if city is not None:
        return city_name(city)
    steps, post, i = min((hex_steps(n, m), m, i) for i, c in enumerate(CITY_LIST) for m in c["posts"])
    (x, y), (cx, cy) = xy(n), xy(post)
    dx, dy = (x + (y & 1) / 2) - (cx + (cy & 1) / 2), (y - cy) * 0.866
    angle = math.degrees(math.atan2(dy, dx)) % 360
    direction = COMPASS[int((angle + 22.5) // 45) % 8]
    if steps == 1:
        return f"the milepost just {direction} of {city_name(i)}"
    return f"the milepost {steps} steps {direction} of {city_name(i)}"


def within(centres, radius: int) -> frozenset:
    """Returns the mileposts at most `radius` steps (over land) from any of the given nodes."""
    seen = set(centres)
    frontier = list(centres)
    for _ in range(radius):
        nxt = []
        for n in frontier:
            for m in NEIGHBOURS[n]:
                if m not in seen:
                    seen.add(m)
                    nxt.append(m)
        frontier = nxt
    return frozenset(seen)


@cache
def city_area(names: tuple, radius: int) -> frozenset:
    """Returns the mileposts within `radius` of the named cities (an event's area)."""
    return within([n for name in names for n in CITY_LIST[CITY_INDEX[name]]["posts"]], radius)


@lru_cache(maxsize=1)
def map_data() -> dict:
    """Returns the static board as the web board draws it (JSON-serialisable)."""
    posts = [[*xy(n), TERRAIN_AT[n]] for n in sorted(TERRAIN_AT)]
    water = [
        {
            "kind": "river",
            "name": name,
            "edges": [[xy(a), xy(b)] for a, b in map(edge_nodes, sorted(RIVER_EDGES[name]))],
            "course": [[x, round(0.866 * r, 3)] for x, r in course],
        }
        for name, course in RIVERS
    ]
    for kind in ("lake", "inlet"):
        water.append(
            {
                "kind": kind,
                "edges": [
                    [xy(a), xy(b)] for a, b in map(edge_nodes, sorted(e for e, k in CROSSING.items() if k == kind))
                ],
            }
        )
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "mileposts": posts,
        "cities": [
            {
                "name": c["name"],
                "size": c["size"],
                "mileposts": [xy(n) for n in c["posts"]],
                "goods": list(c["goods"]),
                "coastal": i in COASTAL,
            }
            for i, c in enumerate(CITY_LIST)
        ],
        "water": water,
        "water_cells": [[*xy(n), k] for n, k in sorted(WATER_AT.items())],
        "goods": [
            {"name": g, "chips": chips, "sources": [city_name(i) for i in SOURCES[g]]} for g, chips in GOODS.items()
        ],
        "city_track": [[xy(a), xy(b)] for a, b in map(edge_nodes, sorted(CITY_TRACK))],
    }
