"""Reading the track off a state: owners, networks, events in force, cheapest builds and routes.

Nothing here changes a state. The searches are cached by everything they depend on (every
player's track, the events in force, the seat, the train's place), so the menu, the bot and the
checks of one turn share one search instead of repeating it; a cache key never stands for two
different positions.
"""
from __future__ import annotations

import heapq

from .board import (ADJ, BUILD_COST, CITY_LIMIT, CITY_LIST, CITY_OF, CITY_TRACK, MAJOR_POSTS, MAJORS,
                    NEIGHBOURS, NODES, RIVER_EDGES, TERRAIN_AT, city_area, edge, edge_nodes)

INF = 1 << 30
_CACHE: dict = {}
_CACHE_MAX = 512


def _cached(key, compute):
    hit = _CACHE.get(key)
    if hit is None:
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.clear()
        hit = _CACHE[key] = compute()
    return hit


def tracks_key(state: dict) -> tuple:
    return tuple(tuple(p["track"]) for p in state["players"])


def events_key(state: dict) -> tuple:
    return tuple(ev["card"] for ev in state["events"])


# -- owners and networks -------------------------------------------------------------------------
def owners(state: dict) -> dict[int, int]:
    """Returns {edge: seat} for every built track section."""
    key = ("owners", tracks_key(state))
    return _cached(key, lambda: {e: s for s, p in enumerate(state["players"]) for e in p["track"]})


def node_owners(state: dict) -> dict[int, frozenset]:
    """Returns {milepost: seats whose track touches it}."""
    def compute():
        out: dict = {}
        for s, p in enumerate(state["players"]):
            for e in p["track"]:
                for n in edge_nodes(e):
                    out.setdefault(n, set()).add(s)
        return {n: frozenset(v) for n, v in out.items()}
    return _cached(("node_owners", tracks_key(state)), compute)


def track_nodes(track) -> set[int]:
    return {n for e in track for n in edge_nodes(e)}


def components(track: tuple) -> list[set[int]]:
    """Returns the player's networks: own track joined by the free track inside major cities."""
    def compute():
        parent: dict = {}

        def find(a):
            while parent.setdefault(a, a) != a:
                parent[a] = parent[parent[a]]
                a = parent[a]
            return a

        nodes = track_nodes(track)
        for e in track:
            a, b = edge_nodes(e)
            parent[find(a)] = find(b)
        for i in MAJORS:
            posts = CITY_LIST[i]["posts"]
            if any(n in nodes for n in posts):
                for n in posts[1:]:
                    parent[find(n)] = find(posts[0])
        groups: dict = {}
        for n in list(parent):
            groups.setdefault(find(n), set()).add(n)
        return list(groups.values())
    return _cached(("components", tuple(track)), compute)


def majors_in(nodes: set) -> list[int]:
    return [i for i in MAJORS if any(n in nodes for n in CITY_LIST[i]["posts"])]


def connected_majors(track) -> int:
    """Returns the most major cities that one network of this track links."""
    return max((len(majors_in(c)) for c in components(tuple(track))), default=0)


def main_network(track) -> set[int]:
    """Returns the nodes of the network linking the most majors (largest on a tie)."""
    comps = components(tuple(track))
    if not comps:
        return set()
    return max(comps, key=lambda c: (len(majors_in(c)), len(c)))


# -- events in force -----------------------------------------------------------------------------
def snow_area(state: dict) -> frozenset:
    area: set = set()
    for ev in state["events"]:
        if ev["type"] == "snow":
            area |= city_area(tuple(ev["cities"]), ev["radius"])
    return frozenset(area)


def snow_blocked(state: dict) -> frozenset:
    """Returns mountain and alpine mileposts nobody may build into (snow)."""
    return frozenset(n for n in snow_area(state) if TERRAIN_AT[n] in ("mountain", "alpine"))


def flooded(state: dict) -> frozenset:
    """Returns the river crossings nobody may build while their river floods."""
    out: set = set()
    for ev in state["events"]:
        if ev["type"] == "flood":
            out |= RIVER_EDGES[ev["river"]]
    return frozenset(out)


def striking_rails(state: dict) -> set[int]:
    """Returns the seats whose track no train may use (rail strike)."""
    return {ev["drawer"] for ev in state["events"] if ev["type"] == "strike" and ev["kind"] == "rail"}


def strike_bound(state: dict, city: int) -> bool:
    """Tells whether a strike forbids pickups and deliveries at a city."""
    from .board import COASTAL
    for ev in state["events"]:
        if ev["type"] != "strike":
            continue
        if ev["kind"] == "coastal" and city in COASTAL:
            return True
        if ev["kind"] == "cities" and CITY_LIST[city]["name"] in ev["cities"]:
            return True
    return False


# -- building ------------------------------------------------------------------------------------
def full_cities(state: dict, seat: int) -> frozenset:
    """Returns small and medium city mileposts this seat may no longer build into."""
    out = []
    for n, seats in node_owners(state).items():
        size = TERRAIN_AT[n]
        if size in CITY_LIMIT and seat not in seats and len(seats) >= CITY_LIMIT[size]:
            out.append(n)
    return frozenset(out)


def build_sources(state: dict, seat: int) -> list[int]:
    """Returns where the seat's ready-made builds start: the network linking most majors (with
    those majors' mileposts), or every major city milepost while it has no track."""
    track = state["players"][seat]["track"]
    if not track:
        return sorted(MAJOR_POSTS)
    return sorted(main_network(track))


def build_search(state: dict, seat: int, sources: list[int] | None = None):
    """Returns (dist, prev): the cheapest build cost from the seat's network to every milepost.

    Own track and the track inside major cities cost nothing; other players' track, flooded
    crossings, snowed-in mountains and full cities are closed.
    """
    srcs = tuple(sources if sources is not None else build_sources(state, seat))
    key = ("build", seat, srcs, tracks_key(state), events_key(state))

    def compute():
        own = set(state["players"][seat]["track"])
        taken = owners(state)
        closed_edges = flooded(state)
        closed_nodes = snow_blocked(state) | full_cities(state, seat)
        dist = [INF] * NODES
        prev = [-1] * NODES
        heap = []
        for s in srcs:
            dist[s] = 0
            heap.append((0, s))
        heapq.heapify(heap)
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            d, u = pop(heap)
            if d > dist[u]:
                continue
            for v, c, e in ADJ[u]:
                if e in own:
                    c = 0
                elif e in taken or e in closed_edges or v in closed_nodes:
                    continue
                nd = d + c
                if nd < dist[v]:
                    dist[v] = nd
                    prev[v] = u
                    push(heap, (nd, v))
        return dist, prev
    return _cached(key, compute)


def path_to(prev: list, target: int) -> list[int]:
    path = [target]
    while prev[path[-1]] != -1:
        path.append(prev[path[-1]])
    path.reverse()
    return path


def cheapest_to_city(dist: list, city: int) -> int:
    """Returns the city milepost that is cheapest to reach."""
    return min(CITY_LIST[city]["posts"], key=lambda n: dist[n])


def free_entries(state: dict, major: int) -> int:
    """Returns how many track sections into a major city are still unbuilt."""
    taken = owners(state)
    posts = CITY_LIST[major]["posts"]
    return sum(1 for a in posts for b in NEIGHBOURS[a]
               if CITY_OF.get(b) != major and edge(a, b) not in taken)


# -- moving --------------------------------------------------------------------------------------
def move_graph(state: dict) -> dict[int, list]:
    """Returns {milepost: [(neighbour, owner or None), ...]} over all usable track."""
    key = ("move_graph", tracks_key(state), events_key(state))

    def compute():
        stopped = striking_rails(state)
        adj: dict = {}
        for e in CITY_TRACK:
            a, b = edge_nodes(e)
            adj.setdefault(a, []).append((b, None))
            adj.setdefault(b, []).append((a, None))
        for e, s in owners(state).items():
            if s in stopped:
                continue
            a, b = edge_nodes(e)
            adj.setdefault(a, []).append((b, s))
            adj.setdefault(b, []).append((a, s))
        return adj
    return _cached(key, compute)


def route_search(state: dict, seat: int, start: int, own_only: bool):
    """Returns (steps, prev) of the shortest train routes from a milepost.

    With own_only, only the seat's track and city track; otherwise any track, preferring the
    seat's own among routes of equal length.
    """
    key = ("route", seat, start, own_only, tracks_key(state), events_key(state))

    def compute():
        adj = move_graph(state)
        dist = {start: 0}
        prev = {start: -1}
        heap = [(0, start)]
        while heap:
            d, u = heapq.heappop(heap)
            if d > dist[u]:
                continue
            for v, s in adj.get(u, ()):
                foreign = s is not None and s != seat
                if foreign and own_only:
                    continue
                nd = d + (101 if foreign else 100)
                if nd < dist.get(v, INF):
                    dist[v] = nd
                    prev[v] = u
                    heapq.heappush(heap, (nd, v))
        steps = {n: _steps(d) for n, d in dist.items()}
        return steps, prev
    return _cached(key, compute)


def _steps(d: int) -> int:
    """Returns the number of steps of a route weighted 100 (own) or 101 (foreign) per step."""
    # fewer than 100 foreign steps: d = 100 * steps + foreign
    return d // 100


def steps_to_city(state: dict, city: int) -> dict[int, int]:
    """Returns {milepost: fewest mileposts along usable track to the city}."""
    key = ("steps_to", city, tracks_key(state), events_key(state))

    def compute():
        adj = move_graph(state)
        posts = CITY_LIST[city]["posts"]
        dist = {n: 0 for n in posts}
        frontier = list(posts)
        while frontier:
            nxt = []
            for u in frontier:
                for v, _s in adj.get(u, ()):
                    if v not in dist:
                        dist[v] = dist[u] + 1
                        nxt.append(v)
            frontier = nxt
        return dist
    return _cached(key, compute)


def route_path(prev: dict, target: int) -> list[int]:
    path = [target]
    while prev[path[-1]] != -1:
        path.append(prev[path[-1]])
    path.reverse()
    return path


def route_fee_owners(state: dict, seat: int, path: list[int]) -> list[int]:
    """Returns the other players (still in the game) whose track a route uses, in order."""
    taken = owners(state)
    out = []
    for a, b in zip(path, path[1:]):
        s = taken.get(edge(a, b))
        if s is not None and s != seat and not state["players"][s]["resigned"] and s not in out:
            out.append(s)
    return out


def build_cost_of(seat_track: set, e: int, to: int) -> int:
    """Returns what building edge e into milepost `to` costs the seat (0 on own or city track)."""
    if e in seat_track or e in CITY_TRACK:
        return 0
    from .board import enter_cost
    return enter_cost(e, to)


__all__ = ["BUILD_COST", "INF"]
