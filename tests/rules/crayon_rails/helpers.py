"""Builders for exact Crayon rails positions: track, trains, loads, hands, the pool and the deck."""

from __future__ import annotations

from games.rules.crayon_rails.board import CITY_INDEX, CITY_LIST, edge, node
from games.rules.crayon_rails.cards import DEMANDS, EVENTS
from games.rules.crayon_rails.engine import ENGINE
from games.rules.crayon_rails.state import speed

PLACES = ("deck", "discard", "pool", "set_aside")


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
