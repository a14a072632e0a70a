"""Crayon Rails paths: building track and moving trains. Paths are too many to list, so the
menu offers ready-made ones (this turn's share of the cheapest build toward each city that
matters; a move to every city in reach and toward the far ones that matter), while the
validators `check_build` and `check_move` judge any path fully: that is the check of a build or
a move, what `accepts` takes and what `explain_illegal` says of a refused path. The search
caches (network.py) never change an answer: the menu is a function of the state alone.
"""

from __future__ import annotations

from ..base import IllegalAction, counted, seat_label
from . import network as net
from .board import (
    CITY_LIMIT,
    CITY_LIST,
    CITY_OF,
    CITY_TRACK,
    HEIGHT,
    MAJOR_POSTS,
    MAJORS,
    NEIGHBOURS,
    RIVER_OF,
    TERRAIN_AT,
    WIDTH,
    city_name,
    edge,
    edge_nodes,
    enter_cost,
    node,
    place_name,
    xy,
)
from .state import BUILD_LIMIT, FEE, active, target_cities


def milepost(n: int) -> str:
    """A milepost in a sentence: its city, or where it lies from the nearest one (never x,y)."""
    return place_name(n)


def _river_of(e: int) -> str:
    return RIVER_OF.get(e, "river")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- the ready-made paths of the menu -------------------------------------------------------------
def path_menu(state: dict, seat: int) -> list[dict]:
    """Returns the menu's ready-made builds and moves (none while a decision or the draft waits)."""
    if state["pending"] or state["phase"] not in ("build", "play"):
        return []
    return build_menu(state, seat) + move_menu(state, seat)


def _may_build(state: dict, seat: int) -> bool:
    p = state["players"][seat]
    if state["phase"] == "build":
        return True
    return state["phase"] == "play" and p["stage"] in ("start", "move", "build") and not p["upgraded"]


def build_budget(state: dict, seat: int) -> int:
    p = state["players"][seat]
    return min(BUILD_LIMIT - p["built"], p["cash"])


def build_menu(state: dict, seat: int) -> list[dict]:
    """Returns the cheapest build this turn toward each city that matters to the seat."""
    if not _may_build(state, seat):
        return []
    budget = build_budget(state, seat)
    if budget <= 0:
        return []
    targets = tuple(target_cities(state, seat))
    key = ("build_menu", seat, budget, targets, net.tracks_key(state), net.build_env(state), tuple(active(state)))

    def compute():
        out, seen = [], set()
        for city in targets:
            path = build_toward(state, seat, city)
            if path is None or tuple(path) in seen:
                continue
            seen.add(tuple(path))
            out.append({"type": "build", "path": [xy(n) for n in path], "toward": city_name(city)})
        return out

    return net.cached(key, compute)


def build_toward(state: dict, seat: int, city: int) -> list[int] | None:
    """Returns the ready-made build toward a city: the start of the cheapest track to it
    from the seat's network, as much as this turn's budget pays (None if nothing)."""
    if not _may_build(state, seat):
        return None
    full = full_builds(state, seat)[city]
    if full is None:
        return None
    own = set(state["players"][seat]["track"])
    path = affordable(full, own, build_budget(state, seat))
    if path is None:
        return None
    # the search kept to open sections; only a major city's entries need a look
    if any(n in MAJOR_POSTS for n in path):
        new = [edge(a, b) for a, b in zip(path, path[1:]) if edge(a, b) not in own and edge(a, b) not in CITY_TRACK]
        if blocked_major(state, seat, new) is not None:
            return None
    return path


def full_builds(state: dict, seat: int) -> list:
    """Returns, for every city, the cheapest whole build path to it from the seat's network
    (None when it is already on the network or cannot be reached)."""
    key = ("full_builds", seat, net.tracks_key(state), net.build_env(state))

    def compute():
        dist, prev = net.build_search(state, seat)
        out = []
        for city in range(len(CITY_LIST)):
            goal = net.cheapest_to_city(dist, city)
            ok = 0 < dist[goal] < net.INF
            out.append(net.path_to(prev, goal) if ok else None)
        if not state["players"][seat]["track"]:
            # no track yet: a major city is reached from the nearest other major
            for major in MAJORS:
                posts = set(CITY_LIST[major]["posts"])
                d2, p2 = net.build_search(state, seat, [n for n in sorted(MAJOR_POSTS) if n not in posts])
                goal = net.cheapest_to_city(d2, major)
                out[major] = net.path_to(p2, goal) if d2[goal] < net.INF else None
        return out

    return net.cached(key, compute)


def build_cost(state: dict, seat: int, action: dict) -> int:
    """Returns what a (legal) build action costs."""
    return check_build(state, seat, parse_path(action))[0]


def affordable(path: list[int], own: set, budget: int) -> list[int] | None:
    """Returns the part of a build path from where new track starts that the budget pays."""
    start = None
    spent = 0
    end = None
    for i, (a, b) in enumerate(zip(path, path[1:])):
        e = edge(a, b)
        cost = 0 if e in own or e in CITY_TRACK else enter_cost(e, b)
        if cost and start is None:
            start = i
        if spent + cost > budget:
            break
        spent += cost
        end = i + 1
    if start is None or end is None or end <= start:
        return None
    return path[start : end + 1]


def move_menu(state: dict, seat: int) -> list[dict]:
    """Returns a move to every city the train reaches this turn and toward the others that
    matter (as far as it gets)."""
    p = state["players"][seat]
    if state["phase"] != "play" or p["stage"] not in ("start", "move") or p["pos"] is None or p["moves"] <= 0:
        return []
    targets = tuple(target_cities(state, seat))
    key = (
        "move_menu",
        seat,
        p["pos"],
        p["moves"],
        p["cash"],
        tuple(p["fees"]),
        targets,
        net.tracks_key(state),
        net.move_env(state),
        tuple(state["out"]),
    )

    def compute():
        out, seen = [], set()
        for city, path in move_routes(state, seat):
            if CITY_OF.get(path[-1]) != city and city not in targets:
                continue  # heading for a city out of reach only if it matters
            if tuple(path) in seen:
                continue
            seen.add(tuple(path))
            out.append({"type": "move", "path": [xy(n) for n in path], "toward": CITY_LIST[city]["name"]})
        return out

    return net.cached(key, compute)


def move_routes(state: dict, seat: int) -> list[tuple[int, list[int]]]:
    """Returns (city, route) for every city the train can head for this turn: the shortest
    route on own track if it gets there this turn, else on any track if that gets there this
    turn; a city farther than the mileposts left is headed for on own track when own track leads
    there at all (no fee owed), else on any track, the route cut to the mileposts left. A route over others' track is offered only if the player can pay its
    fees. A route ends at the city's nearest milepost (on a tie, the one the search reaches
    first)."""
    p = state["players"][seat]
    key = (
        "move_routes",
        seat,
        p["pos"],
        p["moves"],
        p["cash"],
        tuple(p["fees"]),
        net.tracks_key(state),
        net.move_env(state),
        tuple(state["out"]),
    )

    def compute():
        here = CITY_OF.get(p["pos"])
        own_steps, own_prev = net.route_search(state, seat, p["pos"], True)
        all_steps, all_prev = net.route_search(state, seat, p["pos"], False)
        moves = p["moves"]
        # the nearest milepost of each city, on own track and on any track
        own_best: dict = {}
        all_best: dict = {}
        for steps, best in ((own_steps, own_best), (all_steps, all_best)):
            for n, d in steps.items():
                c = CITY_OF.get(n)
                if c is not None and c != here and (c not in best or d < best[c][0]):
                    best[c] = (d, n)
        out = []
        for city in sorted(set(own_best) | set(all_best)):
            own_far, own_n = own_best.get(city, (net.INF, None))
            all_far, all_n = all_best.get(city, (net.INF, None))
            foreign = False
            if own_far <= moves:
                path = net.route_path(own_prev, own_n)
            elif all_far <= moves:
                path, foreign = net.route_path(all_prev, all_n), True
            elif own_n is not None:
                path = net.route_path(own_prev, own_n)[: moves + 1]
            else:
                path, foreign = net.route_path(all_prev, all_n)[: moves + 1], True
            if len(path) < 2:
                continue
            if foreign:
                fees = [s for s in net.route_fee_owners(state, seat, path) if s not in p["fees"]]
                if FEE * len(fees) > p["cash"]:
                    continue
            out.append((city, path))
        return out

    return net.cached(key, compute)


# -- checking paths: the checks of a build and a move ---------------------------------------------
def parse_path(action: dict) -> list[int]:
    extra = set(action) - {"type", "path", "toward"}
    if extra:
        raise IllegalAction(
            f"A {action['type']} has a path and nothing else (not {', '.join(sorted(extra))}).",
            code="MALFORMED_ACTION",
        )
    if "toward" in action and not isinstance(action["toward"], str):
        raise IllegalAction("'toward' names a city.", code="MALFORMED_ACTION")
    path = action.get("path")
    if not isinstance(path, list) or len(path) < 2:
        raise IllegalAction("A path is a list of at least two mileposts [x, y].", code="MALFORMED_ACTION")
    out = []
    for pt in path:
        if (
            not isinstance(pt, (list, tuple))
            or len(pt) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in pt)
        ):
            raise IllegalAction("Each milepost of a path is [x, y] with whole numbers.", code="MALFORMED_ACTION")
        x, y = pt
        if not (0 <= x < WIDTH and 0 <= y < HEIGHT) or node(x, y) not in TERRAIN_AT:
            raise IllegalAction(f"There is no milepost at {x},{y}.")
        out.append(node(x, y))
    for a, b in zip(out, out[1:]):
        if b not in NEIGHBOURS[a]:
            raise IllegalAction(f"{_cap(milepost(a))} and {milepost(b)} are not neighbours.")
    return out


def check_build(state: dict, seat: int, path: list[int]) -> tuple[int, list[int]]:
    """Returns (cost, new sections) of a build path, or raises IllegalAction saying why not."""
    p = state["players"][seat]
    if state["phase"] not in ("build", "play"):
        raise IllegalAction("Building starts after the draft.")
    if state["phase"] == "play":
        if p["upgraded"]:
            raise IllegalAction("You upgraded your train this turn instead of building.")
        if p["stage"] not in ("start", "move", "build"):
            raise IllegalAction("You pitched this turn: you may only lock loads or end it.")
    own = set(p["track"])
    if path[0] not in MAJOR_POSTS and not any(path[0] in edge_nodes(e) for e in own):
        raise IllegalAction(f"Track starts at a major city or on your own track; {milepost(path[0])} is neither.")
    taken = net.owners(state)
    flooded = net.flooded(state)
    snowed = net.snow_blocked(state)
    cost = 0
    new: list[int] = []
    for a, b in zip(path, path[1:]):
        e = edge(a, b)
        if e in own or e in CITY_TRACK:
            continue
        if e in taken:
            raise IllegalAction(f"{seat_label(taken[e])} already has track between {milepost(a)} and {milepost(b)}.")
        if e in new:
            raise IllegalAction("The path builds the same section twice.")
        if e in flooded:
            raise IllegalAction(f"The {_river_of(e)} is in flood: nobody builds across it now.")
        if b in snowed:
            raise IllegalAction(f"Snow: nobody builds into the mountains at {milepost(b)} now.")
        new.append(e)
        cost += enter_cost(e, b)
    if not new:
        raise IllegalAction("That path builds nothing new.")
    left = BUILD_LIMIT - p["built"]
    if cost > left:
        raise IllegalAction(f"That costs {cost}; you may spend only {left} more on building this turn.")
    if cost > p["cash"]:
        raise IllegalAction(f"That costs {cost} and you have {p['cash']}.")
    node_owners = net.node_owners(state)
    touched = {n for e in new for n in edge_nodes(e)}
    for n in touched:
        size = TERRAIN_AT[n]
        if size in CITY_LIMIT:
            seats = set(node_owners.get(n, ())) | {seat}
            if len(seats) > CITY_LIMIT[size]:
                raise IllegalAction(f"{city_name(CITY_OF[n])} already has track from {CITY_LIMIT[size]} players.")
    blocked = blocked_major(state, seat, new)
    if blocked is not None:
        raise IllegalAction(
            f"That would block {city_name(blocked)}: it must keep an entry for every player not yet there."
        )
    return cost, new


def blocked_major(state: dict, seat: int, new: list[int]) -> int | None:
    """Returns a major city these new sections would block (nobody may), else None."""
    entries: dict = {}
    for e in new:
        a, b = edge_nodes(e)
        ca, cb = CITY_OF.get(a), CITY_OF.get(b)
        for n, c, other in ((a, ca, cb), (b, cb, ca)):
            if n in MAJOR_POSTS and other != c:
                entries[c] = entries.get(c, 0) + 1
    if not entries:
        return None
    node_owners = net.node_owners(state)
    for major, count in entries.items():
        posts = CITY_LIST[major]["posts"]
        present = {s for n in posts for s in node_owners.get(n, ())}
        waiting = [s for s in active(state) if s != seat and s not in present]
        if net.free_entries(state, major) - count < len(waiting):
            return major
    return None


def check_move(state: dict, seat: int, path: list[int]) -> list[int]:
    """Returns the owners a move pays fees to, or raises IllegalAction saying why not."""
    p = state["players"][seat]
    if state["phase"] != "play":
        raise IllegalAction("Trains move once the initial building is over.")
    if p["stage"] == "pitched":
        raise IllegalAction("You pitched this turn: you may only lock loads or end it.")
    if p["stage"] not in ("start", "move"):
        raise IllegalAction("You have built or upgraded this turn: your train stays until your next turn.")
    if p["pos"] is None:
        raise IllegalAction("Place your train on a city first.")
    if path[0] != p["pos"]:
        raise IllegalAction(f"A move starts where your train stands, {milepost(p['pos'])}.")
    steps = len(path) - 1
    if steps > p["moves"]:
        raise IllegalAction(f"That is {counted(steps, 'milepost')}; your train has {p['moves']} left this turn.")
    adj = net.move_graph(state)
    taken = net.owners(state)
    for a, b in zip(path, path[1:]):
        if not any(v == b for v, _s in adj.get(a, ())):
            e = edge(a, b)
            if e in taken:
                raise IllegalAction(f"A rail strike stops trains on {seat_label(taken[e])}'s track.")
            raise IllegalAction(f"There is no track between {milepost(a)} and {milepost(b)}.")
    fees = [s for s in net.route_fee_owners(state, seat, path) if s not in p["fees"]]
    if FEE * len(fees) > p["cash"]:
        raise IllegalAction(f"Using that track costs {FEE * len(fees)} in fees and you have {p['cash']}.")
    return fees


def takes_path(state: dict, action: dict) -> bool:
    """Returns whether an action is a build or move path that the validators judge (any path
    the rules allow is accepted, not just the menu's)."""
    return action["type"] in ("build", "move") and not state["pending"] and state["phase"] != "draft"


def check_path(state: dict, seat: int, action: dict):
    """Returns what a build ((cost, new sections)) or move (the owners it pays fees to)
    path comes to, or raises IllegalAction saying why the rules refuse it."""
    path = parse_path(action)
    if action["type"] == "build":
        return check_build(state, seat, path)
    return check_move(state, seat, path)
