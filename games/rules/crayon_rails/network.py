"""Reading the track off a state: owners, networks, events in force, cheapest builds and routes.

Nothing here changes a state. The searches are cached by everything they depend on (every
player's track, the events in force, the seat, the train's place), so the menu, the bot and the
checks of one turn share one search instead of repeating it; a cache key never stands for two
different positions.
"""

from __future__ import annotations

import heapq

from .board import (
    ADJ,
    CITY_LIMIT,
    CITY_LIST,
    CITY_OF,
    CITY_TRACK,
    COASTAL,
    MAJOR_POSTS,
    MAJORS,
    NEIGHBOURS,
    NODES,
    RADJ,
    RIVER_EDGES,
    TERRAIN_AT,
    city_area,
    edge,
    edge_nodes,
)

INF = 1 << 30
_CACHE: dict = {}
_CACHE_MAX = 512


def cached(key, compute):
    """Returns the result stored under key, computing it first if needed (a bounded cache of
    pure results, keyed by everything they depend on)."""
    hit = _CACHE.get(key)
    if hit is None:
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.clear()
        hit = _CACHE[key] = compute()
    return hit


def tracks_key(state: dict) -> tuple:
    return tuple(tuple(p["track"]) for p in state["players"])


def build_env(state: dict) -> tuple:
    """Returns what the events in force change for building: (flooded sections, snowed-in
    mileposts)."""
    if not state["events"]:
        return (frozenset(), frozenset())
    return (flooded(state), snow_blocked(state))


def move_env(state: dict) -> tuple:
    """Returns what the events in force change for moving: the seats whose track is on strike."""
    if not state["events"]:
        return ()
    return tuple(sorted(striking_rails(state)))


# -- owners and networks -------------------------------------------------------------------------
def owners(state: dict) -> dict[int, int]:
    """Returns {edge: seat} for every built track section."""
    key = ("owners", tracks_key(state))
    return cached(key, lambda: {e: s for s, p in enumerate(state["players"]) for e in p["track"]})


def node_owners(state: dict) -> dict[int, frozenset]:
    """Returns {milepost: seats whose track touches it}."""

    def compute():
        out: dict = {}
        for s, p in enumerate(state["players"]):
            for e in p["track"]:
                for n in edge_nodes(e):
                    out.setdefault(n, set()).add(s)
        return {n: frozenset(v) for n, v in out.items()}

    return cached(("node_owners", tracks_key(state)), compute)


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

    return cached(("components", tuple(track)), compute)


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


_LAST_SEARCH: dict = {}


def build_search(state: dict, seat: int, sources: list[int] | None = None):
    """Returns (dist, prev): the cheapest build cost from the seat's network to every milepost.

    Own track and the track inside major cities cost nothing; other players' track, flooded
    crossings, snowed-in mountains and full cities are closed. The search ranks ways by (cost,
    sections); between equally good ways to a milepost, prev is the one through the predecessor
    with the least (rank, node): the answer depends on the position alone, however it was
    computed. That lets a search carry on from the
    seat's last one when tracks only grew since (the usual case, a turn later): mileposts whose
    way ran through newly taken sections or full cities are searched again, new mileposts of
    the seat's own network start the search afresh from cost 0, the rest is kept.
    """
    srcs = tuple(sources if sources is not None else build_sources(state, seat))
    key = ("build", seat, srcs, tracks_key(state), build_env(state))

    def compute():
        players = state["players"]
        # one lookup per section: 0 for own track, None where closed, else the terrain price
        env = build_env(state)
        special: dict = {e: None for e in owners(state)}
        special.update((e, None) for e in env[0])
        special.update((e, 0) for e in players[seat]["track"])
        closed_set = env[1] | full_cities(state, seat)
        closed = bytearray(NODES)
        for n in closed_set:
            closed[n] = 1
        own = tuple(players[seat]["track"])
        others = tuple(tuple(p["track"]) for p in players)
        src_set = set(srcs)
        get = special.get
        heap: list = []
        last = _LAST_SEARCH.get(seat)
        if last is not None and _grew(last, others, own, env, src_set, closed_set):
            dist, prev = last[5][:], last[6][:]
            taken = [e for s, (old, new) in enumerate(zip(last[0], others)) if s != seat for e in new[len(old) :]]
            taken += [e for e in env[0] if e not in last[1][0]]
            _research(dist, prev, closed, get, heap, taken, closed_set - last[4])
            # new sources, and old ones a newly closed milepost took out (they stay sources)
            starts = [s for s in srcs if s not in last[3] or dist[s] != 0]
        else:
            dist, prev = [INF] * NODES, [-1] * NODES
            starts = list(srcs)
        for s in starts:
            dist[s] = 0
            prev[s] = -1
            heap.append((0, s))
        heapq.heapify(heap)
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            d, u = pop(heap)
            if d > dist[u]:
                continue
            for v, c, e in ADJ[u]:
                if closed[v]:
                    continue
                c = get(e, c)
                if c is None:
                    continue
                nd = d + (c << 10) + 1  # rank: cost, then sections
                dv = dist[v]
                if nd < dv:
                    dist[v] = nd
                    prev[v] = u
                    push(heap, (nd, v))
                elif nd == dv:
                    pv = prev[v]
                    if pv >= 0 and (d < dist[pv] or (d == dist[pv] and u < pv)):
                        prev[v] = u
        _LAST_SEARCH[seat] = (others, env, own, src_set, closed_set, dist, prev)
        return [d >> 10 if d < INF else INF for d in dist], prev

    return cached(key, compute)


def _grew(last, others, own, env, src_set, closed_set) -> bool:
    """Tells whether the position only added track since the last search (and closed, never
    reopened, sections and mileposts), so that search may be carried on."""
    old_others, old_env, old_own, old_srcs, old_closed = last[:5]
    if not old_env[0] <= env[0] or not old_srcs <= src_set or not old_closed <= closed_set:
        return False
    if own[: len(old_own)] != old_own or len(old_others) != len(others):
        return False
    return all(new[: len(old)] == old for old, new in zip(old_others, others))


def _research(dist, prev, closed, get, heap, taken, newly_closed) -> None:
    """Forgets the mileposts whose cheapest way used a newly taken section or a newly closed
    milepost, and seeds them again from their neighbours that kept theirs."""
    roots = []
    for e in taken:
        a, b = edge_nodes(e)
        if prev[b] == a:
            roots.append(b)
        elif prev[a] == b:
            roots.append(a)
    roots += [n for n in newly_closed if dist[n] < INF]
    if not roots:
        return
    children: dict = {}
    for n, p in enumerate(prev):
        if p >= 0:
            children.setdefault(p, []).append(n)
    lost = set()
    stack = roots
    while stack:
        n = stack.pop()
        if n in lost:
            continue
        lost.add(n)
        stack.extend(children.get(n, ()))
    for n in lost:
        dist[n] = INF
        prev[n] = -1
    for v in lost:
        if closed[v]:
            continue
        best = None
        for u, c, e in RADJ[v]:
            if u in lost or dist[u] >= INF:
                continue
            c = get(e, c)
            if c is None:
                continue
            cand = (dist[u] + (c << 10) + 1, dist[u], u)
            if best is None or cand < best:
                best = cand
        if best is not None:
            dist[v] = best[0]
            prev[v] = best[2]
            heap.append((best[0], v))


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
    return sum(1 for a in posts for b in NEIGHBOURS[a] if CITY_OF.get(b) != major and edge(a, b) not in taken)


# -- moving --------------------------------------------------------------------------------------
def move_graph(state: dict) -> dict[int, list]:
    """Returns {milepost: [(neighbour, owner or None), ...]} over all usable track."""
    key = ("move_graph", tracks_key(state), move_env(state))

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

    return cached(key, compute)


def route_search(state: dict, seat: int, start: int, own_only: bool):
    """Returns (steps, prev) of the shortest train routes from a milepost.

    With own_only, only the seat's track and city track; otherwise any track, and among routes
    of equal length the one with the fewest sections of other players' track.
    """
    key = ("route", seat, start, own_only, tracks_key(state), move_env(state))

    def compute():
        adj = move_graph(state)
        steps = {start: 0}
        foreign = {start: 0}
        prev = {start: -1}
        frontier = [start]
        n = 0
        while frontier:
            n += 1
            layer: dict = {}
            for u in frontier:
                fu = foreign[u]
                for v, s in adj.get(u, ()):
                    if v in steps:
                        continue
                    f = fu
                    if s is not None and s != seat:
                        if own_only:
                            continue
                        f += 1
                    if v not in layer or f < layer[v][0]:
                        layer[v] = (f, u)
            for v, (f, u) in layer.items():
                steps[v] = n
                foreign[v] = f
                prev[v] = u
            frontier = list(layer)
        return steps, prev

    return cached(key, compute)


def _hops(adj: dict, sources) -> dict[int, int]:
    """Returns {milepost: fewest mileposts along the graph from any of the sources}."""
    dist = {n: 0 for n in sources}
    frontier = list(dist)
    while frontier:
        nxt = []
        for u in frontier:
            for v, _s in adj.get(u, ()):
                if v not in dist:
                    dist[v] = dist[u] + 1
                    nxt.append(v)
        frontier = nxt
    return dist


def steps_to_city(state: dict, city: int) -> dict[int, int]:
    """Returns {milepost: fewest mileposts along usable track to the city}."""
    key = ("steps_to", city, tracks_key(state), move_env(state))
    return cached(key, lambda: _hops(move_graph(state), CITY_LIST[city]["posts"]))


def reachable(state: dict, seat: int) -> set[int]:
    """Returns the mileposts a train can reach along any track from the seat's main network."""
    key = ("reachable", seat, tracks_key(state), move_env(state))
    return cached(key, lambda: set(_hops(move_graph(state), main_network(state["players"][seat]["track"]))))


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
        if s is not None and s != seat and s not in state["out"] and s not in out:
            out.append(s)
    return out
