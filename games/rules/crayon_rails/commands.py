"""Builds and moves named by cities, for replies by email (Engine.command): "build Harrowgate to
Kestrel Bay", "build to Kestrel Bay", "build toward Kestrel Bay", "move to Hobbsford", "move
toward Hobbsford".

A build is the cheapest track (by cost, then sections; network.build_search's Dijkstra, whose ties
are broken by the position alone) from the first city, or from the seat's network when none is
named, to the nearest milepost of the second; it must fit this turn's building money whole
("toward" builds as much of it as that pays, as the menu's ready-made builds do). A move is the
route that pays the least in track fees, then the shortest, within the mileposts the train has
left (a breadth-first search over (milepost, owners paid) pairs, neighbours in milepost order);
"toward" goes as far as the train gets along the cheapest whole route. A city is named by its
name, or the start of it when only one city's name starts so (any case); a typo is answered with
"Did you mean ...?". What a command finds is only a proposal: the engine's validators judge it as
they judge any path (apply calls them), so a command never bends a rule.
"""

from __future__ import annotations

import difflib
import re

from ..base import IllegalAction
from . import network as net
from .board import CITY_LIST, CITY_OF, CITY_TRACK, MAJOR_POSTS, city_name, edge, enter_cost, xy
from .state import BUILD_LIMIT, FEE

# "build [from] A to B", "build to B", "build toward(s) B"; "move|go|travel to B", "move toward(s) B"
BUILD = re.compile(r"^build\s+(?:(?:from\s+)?(?P<src>.+?)\s+to\s+|(?P<to>to|towards?)\s+)(?P<dest>.+)$", re.IGNORECASE)
MOVE = re.compile(r"^(?:move|go|travel|run)\s+(?:(?P<toward>towards?)|to)\s+(?P<dest>.+)$", re.IGNORECASE)


def _words(text: str) -> str:
    """Returns a reply line with its quotes and closing punctuation dropped, spaces single."""
    text = re.sub(r"[\"“”‘’«»]", " ", text)
    text = re.sub(r"(?<![a-zA-Z])'|'(?![a-zA-Z])", " ", text)
    return " ".join(text.split()).strip(" .!?;:,")


def find_city(name: str) -> int:
    """Returns the city a reply names (its whole name, or the start of only one city's name), or
    raises IllegalAction: an unknown name with the closest one ("Did you mean ...?"), an
    ambiguous start with the cities it could be."""
    wanted = " ".join(re.sub(r"[^\w\s]", " ", name.lower()).split())
    names = {c["name"].lower(): i for i, c in enumerate(CITY_LIST)}
    if wanted in names:
        return names[wanted]
    starts = [i for n, i in names.items() if len(wanted) >= 3 and n.startswith(wanted)]
    if len(starts) == 1:
        return starts[0]
    if starts:
        listed = [city_name(i) for i in sorted(starts, key=city_name)]
        raise IllegalAction(
            f"“{name}” could be {', '.join(listed[:-1])} or {listed[-1]}: which one? Write the city's whole name."
        )
    close = difflib.get_close_matches(wanted, list(names), n=1, cutoff=0.6)
    if close:
        raise IllegalAction(f"There is no city called “{name}”. Did you mean {city_name(names[close[0]])}?")
    raise IllegalAction(f"There is no city called “{name}” on the map.")


def command(engine, state: dict, seat: int, text: str) -> dict | None:
    """Returns the build or move a reply names by cities, None for any other text; raises
    IllegalAction saying why a named build or move cannot be played."""
    line = _words(text)
    build = BUILD.match(line)
    if build:
        dest = find_city(build["dest"])
        src = find_city(build["src"]) if build["src"] else None
        return build_between(engine, state, seat, src, dest, whole=(build["to"] or "to").lower() == "to")
    move = MOVE.match(line)
    if move:
        return move_to(engine, state, seat, find_city(move["dest"]), whole=not move["toward"])
    return None


# -- building -------------------------------------------------------------------------------------
def _why_no_building(engine, state: dict, seat: int) -> str | None:
    p = state["players"][seat]
    if state["phase"] not in ("build", "play"):
        return "Building starts after the draft."
    if state["phase"] == "play":
        if p["upgraded"]:
            return "You upgraded your train this turn instead of building."
        if p["stage"] == "pitched":
            return "You pitched this turn: you may only lock loads or end it."
    if engine.build_budget(state, seat) <= 0:
        if p["cash"] <= 0:
            return "You have no cash to build with."
        return f"You have spent this turn's {BUILD_LIMIT} on building already."
    return None


def _new_part(path: list[int], own: set) -> list[int]:
    """Returns a build path from where its first new section starts (own and city track before
    it costs nothing and builds nothing)."""
    for i, (a, b) in enumerate(zip(path, path[1:])):
        e = edge(a, b)
        if e not in own and e not in CITY_TRACK:
            return path[i:]
    return path[-1:]


def build_between(engine, state: dict, seat: int, src: int | None, dest: int, *, whole: bool = True) -> dict:
    """Returns the build of the cheapest track from city `src` (None: the seat's network) to city
    `dest`, or raises IllegalAction: building not allowed now, no way, too dear (unless `whole` is
    False: then as much of it as this turn pays)."""
    why = _why_no_building(engine, state, seat)
    if why:
        raise IllegalAction(why)
    p = state["players"][seat]
    own = set(p["track"])
    own_nodes = net.track_nodes(own)
    to = city_name(dest)
    if src is not None:
        if src == dest:
            raise IllegalAction(f"That names {to} twice: build from one city to another.")
        starts = [n for n in CITY_LIST[src]["posts"] if n in MAJOR_POSTS or n in own_nodes]
        if not starts:
            raise IllegalAction(
                f"Track starts at a major city or on your own track, and your track does not reach "
                f"{city_name(src)}. Reply “build to {to}” to build from your network."
            )
        dist, prev = net.build_search(state, seat, starts)
        goal = net.cheapest_to_city(dist, dest)
        full = net.path_to(prev, goal) if dist[goal] < net.INF else None
        frm = f"from {city_name(src)} "
    else:
        full = engine.full_builds(state, seat)[dest]
        frm = ""
        if full is None and any(n in own_nodes for n in CITY_LIST[dest]["posts"]):
            raise IllegalAction(f"{to} is on your track already.")
    if full is None:
        raise IllegalAction(
            f"No track can be built {frm}to {to} now: other players' track, floods, snow or full cities are in the way."
        )
    path = _new_part(full, own)
    if len(path) < 2:
        raise IllegalAction(
            f"Your track already links {city_name(src)} and {to}."
            if src is not None
            else f"{to} is on your track already."
        )
    cost = sum(
        enter_cost(edge(a, b), b)
        for a, b in zip(path, path[1:])
        if edge(a, b) not in own and edge(a, b) not in CITY_TRACK
    )
    budget = engine.build_budget(state, seat)
    if cost > budget:
        if not whole:
            part = engine.affordable(path, own, budget)
            if part is None:
                raise IllegalAction(
                    f"This turn's building money ({budget}) does not pay the first section toward {to}."
                )
            path = part
        else:
            left = BUILD_LIMIT - p["built"]
            limit = (
                f"you have {p['cash']}" if p["cash"] < left else f"you may spend only {left} more on building this turn"
            )
            raise IllegalAction(
                f"The cheapest track {frm}to {to} costs {cost}; {limit}. "
                f"Reply “build toward {to}” to build as much of it as that pays."
            )
    action = {"type": "build", "path": [xy(n) for n in path], "toward": to}
    engine.check_path(state, seat, action)  # what the rules say of it (a major city's last entry, say)
    return action


# -- moving ---------------------------------------------------------------------------------------
def _why_no_move(state: dict, seat: int) -> str | None:
    p = state["players"][seat]
    if state["phase"] != "play":
        return "Trains move once the initial building is over."
    if p["stage"] == "pitched":
        return "You pitched this turn: you may only lock loads or end it."
    if p["stage"] not in ("start", "move"):
        return "You have built or upgraded this turn: your train stays until your next turn."
    if p["pos"] is None:
        return "Place your train on a city first."
    if p["moves"] <= 0:
        return "Your train has no mileposts left this turn."
    return None


def cheapest_routes(state: dict, seat: int, limit: int | None) -> tuple[dict, dict]:
    """Returns (best, prev) of the routes from the seat's train along usable track: best[milepost]
    = (fees, mileposts, owners-paid mask) of its cheapest route found within `limit` mileposts
    (None: any), prev[(milepost, mask)] = the step before. Fees are FEE for each other player
    (still in the game, not yet paid this turn) whose track the route enters; routes whose fees
    exceed the seat's cash are not taken."""
    p = state["players"][seat]
    adj = net.move_graph(state)
    payees = [s for s, q in enumerate(state["players"]) if s != seat and s not in state["out"] and s not in p["fees"]]
    bit = {s: 1 << i for i, s in enumerate(payees)}
    most = p["cash"] // FEE
    start = (p["pos"], 0)
    prev: dict = {start: None}
    frontier = [start]
    steps = 0
    best: dict = {p["pos"]: (0, 0, 0)}
    while frontier and (limit is None or steps < limit):
        steps += 1
        layer = []
        for u, mask in frontier:
            for v, owner in sorted(adj.get(u, ()), key=lambda vs: (vs[0], -1 if vs[1] is None else vs[1])):
                m = mask | bit.get(owner, 0)
                if bin(m).count("1") > most or (v, m) in prev:
                    continue
                prev[(v, m)] = (u, mask)
                layer.append((v, m))
                fees = FEE * bin(m).count("1")
                if v not in best or (fees, steps) < best[v][:2]:
                    best[v] = (fees, steps, m)
        frontier = layer
    return best, prev


def _route(prev: dict, end: tuple) -> list[int]:
    path = []
    while end is not None:
        path.append(end[0])
        end = prev[end]
    return path[::-1]


def move_to(engine, state: dict, seat: int, dest: int, *, whole: bool = True) -> dict:
    """Returns the move of the train to city `dest` along the route that pays the least in fees,
    then the shortest, within its mileposts left (`whole` False: as far as it gets along the
    cheapest whole route), or raises IllegalAction saying why not."""
    why = _why_no_move(state, seat)
    if why:
        raise IllegalAction(why)
    p = state["players"][seat]
    to = city_name(dest)
    if CITY_OF.get(p["pos"]) == dest:
        raise IllegalAction(f"Your train is at {to} already.")
    posts = CITY_LIST[dest]["posts"]

    def nearest(best):
        found = [(best[n], n) for n in posts if n in best]
        return min(found) if found else None

    here, prev = cheapest_routes(state, seat, p["moves"])
    reach = nearest(here)
    if reach is None or not whole:
        anywhere, far_prev = cheapest_routes(state, seat, None)
        far = nearest(anywhere)
        if far is None:
            raise IllegalAction(f"No track you can use leads from your train to {to}.")
        (fees, steps, mask), n = far
        if whole:
            raise IllegalAction(
                f"{to} is {steps} mileposts away along the track; your train has {p['moves']} left this turn. "
                f"Reply “move toward {to}” to go as far as it gets."
            )
        path = _route(far_prev, (n, mask))[: p["moves"] + 1]
    else:
        (_fees, _steps, mask), n = reach
        path = _route(prev, (n, mask))
    action = {"type": "move", "path": [xy(m) for m in path], "toward": to}
    engine.check_path(state, seat, action)  # the fees within the cash, the track there: the rules' say
    return action
