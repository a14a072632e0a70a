"""Builders for exact Crayon rails positions: track, trains, loads, hands, the pool, the deck and
events in force; and `reference`, the cheapest builds searched by the rules alone."""

from __future__ import annotations

import heapq

import pytest

from games.rules.crayon_rails import network as net
from games.rules.crayon_rails import state as state_module
from games.rules.crayon_rails.board import (
    CITY_INDEX,
    CITY_LIMIT,
    CITY_LIST,
    CITY_TRACK,
    MAJOR_POSTS,
    NEIGHBOURS,
    NODES,
    RIVER_EDGES,
    TERRAIN_AT,
    city_area,
    edge,
    edge_nodes,
    enter_cost,
    node,
)
from games.rules.crayon_rails.cards import DEMANDS, EVENTS
from games.rules.crayon_rails.engine import ENGINE
from games.rules.crayon_rails.state import speed

PLACES = ("deck", "discard", "pool", "set_aside")


def empty_caches() -> None:
    """Empties the memos: the network's searches, the seats' last searches, the targets."""
    net._CACHE.clear()
    net._LAST_SEARCH.clear()
    state_module._TARGETS.clear()


@pytest.fixture(autouse=True)
def fresh_caches():
    """Each test computes its own answers (an earlier test's kept ones would hide the code); a test
    module that imports it has it around each of its tests."""
    empty_caches()
    yield
    empty_caches()


def blank(mode: str = "public", players: int = 3, **options) -> dict:
    """Returns a game in play at seat 0's turn (round 1): no track, trains, cards or locks."""
    opts = ENGINE.normalize_options({"mode": mode, **options}, players)
    state = ENGINE.new_state(opts, players, "scenario")
    cards = []
    for place in PLACES:
        cards += state[place]
        state[place] = []
    if state["draft"]:
        cards += state["draft"]["offer"]
    for p in state["players"]:
        cards += p["hand"]
        p["hand"] = []
        p["locks"] = []
    state["deck"] = sorted(cards, reverse=True)  # D001 on top, events at the bottom
    state.update(phase="play", round=1, turn=0, draft=None, initial_order=[])
    begin(state, 0)
    return state


def begin(state: dict, seat: int) -> None:
    """Makes it the start of a seat's turn."""
    state["turn"] = seat
    p = state["players"][seat]
    p.update(stage="start", built=0, upgraded=False, fees=[], derailed=False, moves=speed(p))


def posts(city: str) -> list[int]:
    return CITY_LIST[CITY_INDEX[city]]["posts"]


def at(city: str) -> int:
    return posts(city)[0]


def lay(state: dict, seat: int, *points) -> None:
    """Gives a seat track along [x, y] points (already built: nothing paid)."""
    nodes = [node(*pt) for pt in points]
    for a, b in zip(nodes, nodes[1:]):
        e = edge(a, b)
        if e not in state["players"][seat]["track"]:
            state["players"][seat]["track"].append(e)


def pull(state: dict, cid: str) -> None:
    """Takes a card out of wherever it is."""
    for place in PLACES:
        if cid in state[place]:
            state[place].remove(cid)
            return
    for p in state["players"]:
        if cid in p["hand"]:
            p["hand"].remove(cid)
            return
    raise LookupError(cid)


def on_top(state: dict, *cids: str) -> None:
    """Stacks cards on the deck so that they are drawn in the given order."""
    for cid in cids:
        pull(state, cid)
    state["deck"] += list(reversed(cids))


def to_pool(state: dict, *cids: str) -> None:
    for cid in cids:
        pull(state, cid)
        state["pool"].append(cid)


def to_hand(state: dict, seat: int, *cids: str) -> None:
    for cid in cids:
        pull(state, cid)
        state["players"][seat]["hand"].append(cid)


def lock(state: dict, seat: int, cid: str, demand: int, private: bool = False, loaded: bool = True) -> None:
    """Records a lock (the load must already be on the train)."""
    state["players"][seat]["locks"].append(
        {"card": cid, "demand": demand, "good": DEMANDS[cid][demand][0], "private": private, "loaded": loaded}
    )


def demand_cards(good: str | None = None, city: str | None = None, exclude=()) -> list:
    """Returns (card, demand index) for demand cards matching a good and/or a city."""
    out = []
    for cid, demands in DEMANDS.items():
        if cid in exclude:
            continue
        for d, (g, c, _pay) in enumerate(demands):
            if (good is None or g == good) and (city is None or c == city):
                out.append((cid, d))
    return out


def plain_cards(n: int, exclude=()) -> list[str]:
    """Returns n demand card ids (for filling a pool or a deck)."""
    return [cid for cid in sorted(DEMANDS) if cid not in exclude][:n]


def event_card(type_: str, **match) -> str:
    """Returns the id of an event card of that type (matching e.g. river=... or kind=...)."""
    for cid, ev in EVENTS.items():
        if ev["type"] == type_ and all(ev.get(k) == v for k, v in match.items()):
            return cid
    raise LookupError(type_)


def act(state: dict, seat: int, type_: str, **fields) -> list:
    return ENGINE.apply(state, seat, {"type": type_, **fields})


def legal(state: dict, seat: int, type_: str | None = None) -> list:
    return [a for a in ENGINE.legal_actions(state, seat) if type_ is None or a["type"] == type_]


def texts(events: list) -> str:
    return " ".join(ev["public"]["text"] for ev in events)


def link(state: dict, seat: int, *cities: str) -> None:
    """Lays the cheapest track (on the empty map) joining each city to the next."""
    import heapq

    from games.rules.crayon_rails.board import ADJ, xy

    for a, b in zip(cities, cities[1:]):
        src, goal = posts(a), set(posts(b))
        dist = {n: 0 for n in src}
        prev = {n: None for n in src}
        heap = [(0, n) for n in src]
        while heap:
            d, u = heapq.heappop(heap)
            if u in goal:
                break
            if d > dist[u]:
                continue
            for v, c, _e in ADJ[u]:
                if d + c < dist.get(v, 1 << 30):
                    dist[v], prev[v] = d + c, u
                    heapq.heappush(heap, (d + c, v))
        path = [u]
        while prev[path[-1]] is not None:
            path.append(prev[path[-1]])
        lay(state, seat, *[xy(n) for n in path])


def reference(state: dict, seat: int, sources) -> tuple[list, list]:
    """Returns (cost, prev) of the cheapest builds from the sources, by the rules alone: a plain
    search written from the rules (README, "Crayon rails — the base rules"), to check network.py's
    and paths.py's searches against. Entering a milepost costs its terrain, crossing water adds
    its price, own track and the track inside major cities cost nothing; another player's track, a
    flooded river's crossings, snowed-in mountain and alpine mileposts and a small or medium city
    already holding the track of as many other players as it takes are closed. Ways rank by (cost,
    sections); between equally good ways the predecessor with the least (rank, milepost) is kept."""
    players = state["players"]
    own = {e for e in players[seat]["track"]}
    taken = {e for p in players for e in p["track"]}
    flooded, snowed = set(), set()
    for ev in state["events"]:
        if ev["type"] == "flood":
            flooded |= RIVER_EDGES[ev["river"]]
        if ev["type"] == "snow":
            snowed |= {
                n for n in city_area(tuple(ev["cities"]), ev["radius"]) if TERRAIN_AT[n] in ("mountain", "alpine")
            }
    touching: dict = {}
    for s, p in enumerate(players):
        for e in p["track"]:
            for n in edge_nodes(e):
                touching.setdefault(n, set()).add(s)
    full = {
        n
        for n, seats in touching.items()
        if TERRAIN_AT[n] in CITY_LIMIT and seat not in seats and len(seats) >= CITY_LIMIT[TERRAIN_AT[n]]
    }
    closed = snowed | full

    def price(u, v):
        e = edge(u, v)
        if v in closed:
            return None
        if e in own or e in CITY_TRACK:
            return 0
        if e in taken or e in flooded:
            return None
        return enter_cost(e, v)

    rank = {n: (0, 0) for n in sources}
    heap = [((0, 0), n) for n in sources]
    done = set()
    while heap:
        r, u = heapq.heappop(heap)
        if u in done:
            continue
        done.add(u)
        for v in NEIGHBOURS[u]:
            c = price(u, v)
            if c is None:
                continue
            nr = (r[0] + c, r[1] + 1)
            if v not in rank or nr < rank[v]:
                rank[v] = nr
                heapq.heappush(heap, (nr, v))
    cost, prev = [net.INF] * NODES, [-1] * NODES
    for v, r in rank.items():
        cost[v] = r[0]
        if v in sources:
            continue
        ways = []
        for u in NEIGHBOURS[v]:
            c = price(u, v)
            if u in rank and c is not None and (rank[u][0] + c, rank[u][1] + 1) == r:
                ways.append((rank[u], u))
        prev[v] = min(ways)[1]
    return cost, prev


def network_of(track: list) -> set:
    """Where a seat's builds start: every major city milepost while it has no track, else the
    mileposts of its network (own track joined by major cities' track) linking most major cities,
    the largest of those on a tie."""
    if not track:
        return set(MAJOR_POSTS)
    links: dict = {}
    for e in [*track, *CITY_TRACK]:
        a, b = edge_nodes(e)
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)
    touched = {n for e in track for n in edge_nodes(e)}
    best, seen = None, set()
    for start in sorted(touched):
        if start in seen:
            continue
        group, todo = set(), [start]
        while todo:
            n = todo.pop()
            if n not in group:
                group.add(n)
                todo += links[n]
        seen |= group
        majors = {i for i, c in enumerate(CITY_LIST) if c["size"] == "major" and group & set(c["posts"])}
        if best is None or (len(majors), len(group)) > best[0]:
            best = ((len(majors), len(group)), group)
    return best[1]


def flood(river: str) -> dict:
    cid = event_card("flood", river=river)
    return {"card": cid, "type": "flood", "drawer": 1, "turns_left": 2, "river": river}


def snow(city: str) -> dict:
    cid = event_card("snow", cities=[city])
    return {
        "card": cid,
        "type": "snow",
        "drawer": 1,
        "turns_left": 2,
        **{k: EVENTS[cid][k] for k in ("cities", "radius")},
    }
