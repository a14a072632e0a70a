"""A legal, sensible Crayon rails player for simulations, solo games and timed-out seats.

It rates every demand it may work toward (its hand, or the pool and its private cards) by payoff
against the track still to build and the mileposts to travel, then: delivers what it can, locks
its free loads onto the best demands for them, picks up loads for its best jobs, moves to the
next stop, builds toward the cities its jobs need (and, once it is rich enough, toward the major
cities it must link to win), upgrades to a faster train when the money allows, and ends the turn.

It only ever returns an action from `legal_actions` (ready-made paths included), so it is always
legal; `rnd` is not needed: the bot is deterministic.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache

from . import network as net
from .board import CITY_INDEX, CITY_LIST, MAJORS, NEIGHBOURS, SOURCES, node
from .cards import DEMANDS
from .deckgen import cheapest_track
from .state import MAJORS_TO_WIN, capacity, chips_left, city_at, free_loads, lock_map, relevant_demands, speed

LOCKED_BY_OTHERS = 0.6  # a demand somebody else locked may be gone before we get there


# -- static distances between cities (computed once) ----------------------------------------------
@lru_cache(maxsize=1)
def _tables():
    """Returns (build cost, mileposts) between every two cities on the empty map, and the nearest
    city of every milepost."""
    n = len(CITY_LIST)
    cost = [[0] * n for _ in range(n)]
    hops = [[0] * n for _ in range(n)]
    for i, c in enumerate(CITY_LIST):
        dist = cheapest_track(c["posts"])
        steps = _bfs(c["posts"])
        for j, other in enumerate(CITY_LIST):
            cost[i][j] = min(dist.get(m, net.INF) for m in other["posts"])
            hops[i][j] = min(steps.get(m, net.INF) for m in other["posts"])
    nearest = {}
    frontier = deque()
    for i, c in enumerate(CITY_LIST):
        for m in c["posts"]:
            nearest[m] = i
            frontier.append(m)
    while frontier:
        u = frontier.popleft()
        for v in NEIGHBOURS[u]:
            if v not in nearest:
                nearest[v] = nearest[u]
                frontier.append(v)
    return cost, hops, nearest


def _bfs(starts) -> dict:
    seen = {s: 0 for s in starts}
    q = deque(starts)
    while q:
        u = q.popleft()
        for v in NEIGHBOURS[u]:
            if v not in seen:
                seen[v] = seen[u] + 1
                q.append(v)
    return seen


# -- rating the demands ---------------------------------------------------------------------------
class Job:
    """A demand the bot could fill: where to fetch the load, where to take it, and its worth."""

    __slots__ = ("card", "demand", "good", "dest", "source", "pay", "build", "score", "have", "mine", "locked")

    def __init__(self, card, demand, good, dest, source, pay, build, score, have, mine, locked):
        self.card, self.demand, self.good, self.dest, self.source = card, demand, good, dest, source
        self.pay, self.build, self.score, self.have = pay, build, score, have
        self.mine, self.locked = mine, locked


def _connection(state: dict, seat: int) -> list[int]:
    """Returns, for every city, what building to it from the bot's network would cost."""

    def compute():
        dist, _prev = net.build_search(state, seat)
        conn = [min(dist[m] for m in c["posts"]) for c in CITY_LIST]
        for city, cost in enumerate(conn):
            if cost >= net.INF:  # closed to our building: others' track may still lead there
                if any(n in net.reachable(state, seat) for n in CITY_LIST[city]["posts"]):
                    conn[city] = 0
        return conn

    return net.cached(("conn", seat, net.tracks_key(state), net.build_env(state), net.move_env(state)), compute)


def jobs(state: dict, seat: int) -> list[Job]:
    """Returns the demands the seat may work toward, best first (by card and demand on a tie).

    A demand's load is aboard (standard: a load of its good; public: its lock's load, or a free
    load of its good), else fetched from the source of its good that rates best (the first
    of the board's sources of that good on a tie). The rating:
    `(pay - build / 2) / (build / 20 + mileposts / speed + 0.7)`, where build is the track to
    lay (to the city for a load aboard; else to the source and to the city from the network, or
    to the nearer of them and on between them on the empty map, whichever is cheaper; with no
    track yet, a load aboard builds from the train's city to the demand's) and mileposts the
    hops from the train's city (none before it is placed) to the source and on to the city;
    less a quarter of the build the cash does not cover; times 0.6 when another player locked
    the card; plus 3 for a load aboard. A city nobody may build into any more, that our track
    does not reach, is skipped, as a destination or a source.
    """
    cost, hops, nearest = _tables()
    p = state["players"][seat]
    conn = _connection(state, seat)
    here = None if p["pos"] is None else nearest[p["pos"]]
    spd = speed(p)
    free = free_loads(p)
    mine_locks = {(lk["card"], lk["demand"]): lk for lk in p["locks"]}
    others = lock_map(state)
    standard = state["mode"] == "standard"
    trackless = not p["track"]  # every major is a start, none is reached yet
    out = []
    for cid, d, g, city, pay, mine in relevant_demands(state, seat):
        dest = CITY_INDEX[city]
        lk = mine_locks.get((cid, d))
        if standard:
            have = g in p["loads"]
        elif lk is not None:
            have = (not lk["private"]) or lk["loaded"]
        else:
            have = free.get(g, 0) > 0
        if conn[dest] >= net.INF:
            continue  # nobody may build there any more and our track does not reach it
        best = None
        for src in [None] if have else SOURCES[g]:
            if src is not None and conn[src] >= net.INF:
                continue
            if src is None:
                build = cost[here][dest] if trackless and here is not None else conn[dest]
                travel = hops[here][dest] if here is not None else 0
            elif trackless:
                build = min(conn[src], conn[dest]) + cost[src][dest]
                travel = (hops[here][src] if here is not None else 0) + hops[src][dest]
            else:
                build = min(conn[src] + conn[dest], min(conn[src], conn[dest]) + cost[src][dest])
                travel = (hops[here][src] if here is not None else 0) + hops[src][dest]
            turns = build / 20 + travel / spd + 0.7
            score = (pay - 0.5 * build) / turns
            if build > p["cash"]:
                score -= (build - p["cash"]) / 4
            if best is None or score > best[0]:
                best = (score, src, build)
        if best is None:
            continue
        score, src, build = best
        locked = bool(others.get(cid)) and not (lk and not lk["private"])
        if locked:
            score *= LOCKED_BY_OTHERS
        if have:
            score += 3
        out.append(Job(cid, d, g, dest, src, pay, build, score, have, mine, locked))
    out.sort(key=lambda j: (-j.score, j.card, j.demand))
    return out


# -- choosing -------------------------------------------------------------------------------------
def choose(engine, state: dict, seat: int, rnd=None) -> dict:
    """Returns the bot's action for the seat (always one of legal_actions)."""
    legal = engine.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    if state["pending"]:
        return _lose(state, seat, legal)
    if state["phase"] == "draft":
        return _draft(state, seat, legal)
    if state["phase"] == "build":
        return _build(engine, state, seat, legal, jobs(state, seat)) or _first(legal, "end_turn")
    return _turn(engine, state, seat, legal)


def _first(legal, type_):
    return next((a for a in legal if a["type"] == type_), None)


def _of(legal, type_):
    return [a for a in legal if a["type"] == type_]


def _lose(state, seat, legal):
    """Loses a free load first, else the locked load worth least (keeping private cards)."""
    free = [a for a in legal if "card" not in a]
    if free:
        return free[0]
    pays = {(j.card, j.demand): j.pay for j in jobs(state, seat)}
    p = state["players"][seat]
    demand_of = {lk["card"]: lk["demand"] for lk in p["locks"]}
    keep = [a for a in legal if a.get("release") is not True]
    return min(keep, key=lambda a: (pays.get((a["card"], demand_of.get(a["card"])), 0), a["card"]))


def _draft(state, seat, legal):
    """Keeps the best two cards (by their best demand), if they are worth it.

    A demand's worth is its payoff less the cheapest track from a source of its good to its city
    on the empty map; of equally worthy demands, the first offered is kept."""
    keeps = _of(legal, "keep")
    if not keeps:
        return _first(legal, "keep_done")
    cost, _hops, _nearest = _tables()
    best = None
    for a in keeps:
        g, city, pay = DEMANDS[a["card"]][a["demand"]]
        dest = CITY_INDEX[city]
        build = min(cost[s][dest] for s in SOURCES[g])
        score = pay - build
        if best is None or score > best[0]:
            best = (score, a)
    if best[0] < 6:
        return _first(legal, "keep_done")
    return best[1]


def _turn(engine, state, seat, legal):
    """Plays the turn's next action, the first of: give the cards up at the turn's start when
    no job is worth working; place the train; deliver the best-paying load; (public, with the
    cash to win: no new load, only the locked loads aboard count) lock a free load onto the
    best-rated demand for it, when that rates above 0 or once the seat has pitched (its turn is
    then only locking); pick up; drop a load no job wants; move toward the stops of its best
    jobs worth anything (as many as the train holds, and one more); build; upgrade; end."""
    p = state["players"][seat]
    todo = jobs(state, seat)
    top = [j for j in todo if j.score > 0][: capacity(p) + 1]
    public = state["mode"] == "public"

    if p["stage"] == "start" and not _workable(todo, p):
        give_up = _first(legal, "pitch" if public else "discard_hand")
        if give_up:
            return give_up

    if p["pos"] is None and _first(legal, "place_train"):
        return _place(state, seat, legal, todo)

    delivers = _of(legal, "deliver")
    if delivers:
        return max(delivers, key=lambda a: DEMANDS[a["card"]][a["demand"]][2])

    # public mode: with the cash to win, take on no new load (a locked load bars the win)
    closing = public and p["cash"] >= state["cash_to_win"]
    if closing:
        top = []
        todo = [j for j in todo if j.have and not _free_only(p, j)]

    locks = [] if closing else _of(legal, "lock")
    if locks:
        score = {(j.card, j.demand): j.score for j in todo}
        best = max(locks, key=lambda a: (score.get((a["card"], a["demand"]), -99), a["card"]))
        if score.get((best["card"], best["demand"]), -99) > 0 or p["stage"] == "pitched":
            return best

    pickup = None if closing else _pickup(state, seat, legal, todo)
    if pickup:
        return pickup

    drops = _of(legal, "drop")
    wanted = {j.good for j in todo}
    for a in drops:
        if a["good"] not in wanted:
            return a

    move = _move(engine, state, seat, legal, todo, top)
    if move:
        return move

    built = _build(engine, state, seat, legal, todo)
    if built:
        return built
    upgrade = _upgrade(state, seat, legal, todo)
    if upgrade:
        return upgrade
    return _first(legal, "end_turn")


def _free_only(p, j) -> bool:
    """Tells whether a job's load is only a free load (locking nothing yet)."""
    return not any(lk["card"] == j.card and lk["demand"] == j.demand for lk in p["locks"])


def _workable(todo, p) -> bool:
    """Tells whether any demand is worth working on (else give the turn up for new cards): any
    load on the train, or a job scoring above 1 whose track costs at most 5 more than the cash."""
    return p["loads"] or any(j.score > 1 and j.build <= p["cash"] + 5 for j in todo)


def _place(state, seat, legal, todo):
    """Places the train at the source of the first job (best first) whose load waits on the
    network (where building costs nothing); else at the network's city nearest the best job's
    source in mileposts (the first in the map's list of equally near ones); else at the
    network's first city in the map's list; with no city on the network, at the first offered."""
    places = {a["city"]: a for a in _of(legal, "place_train")}
    conn = _connection(state, seat)
    cost, hops, _nearest = _tables()
    for j in todo:
        if j.source is not None and conn[j.source] == 0:
            return places[CITY_LIST[j.source]["name"]]
    on_net = [i for i in range(len(CITY_LIST)) if conn[i] == 0]
    if on_net and todo and todo[0].source is not None:
        src = todo[0].source
        i = min(on_net, key=lambda c: (hops[c][src], c))
        return places[CITY_LIST[i]["name"]]
    if on_net:
        return places[CITY_LIST[on_net[0]]["name"]]
    return next(iter(places.values()))


def _pickup(state, seat, legal, todo):
    """Picks up the load of the best job scoring above 0 that this city supplies, whose load is
    not aboard and whose card no load aboard serves yet; for a job rated for fetching it from
    another source, only when it scores 4 or more."""
    pickups = _of(legal, "pickup")
    if not pickups:
        return None
    p = state["players"][seat]
    room = capacity(p) - len(p["loads"])
    here = city_at(p)
    goods = {a["good"]: a for a in pickups}
    # loads for the best jobs without one yet, this city being a fine source
    wanted = []
    covered = {j.card for j in todo if j.have}
    for j in todo:
        if j.score <= 0 or j.have or j.card in covered:
            continue
        if j.good not in goods:
            continue
        if j.source != here and j.score < 4:
            continue
        wanted.append(j)
    if wanted and room > 0:
        return goods[wanted[0].good]
    return None


def _stops(state, seat, todo, top):
    """Returns (where its loads are wanted, where the loads of its best other jobs wait), each
    best job first; no pickups without room or chips."""
    p = state["players"][seat]
    here = city_at(p)
    drops, fetches = [], []
    covered = {j.card for j in todo if j.have}
    for j in todo:
        if j.have and j.score > 0 and j.dest != here and j.dest not in drops:
            drops.append(j.dest)
    if len(p["loads"]) < capacity(p):
        left = chips_left(state)
        for j in top:
            if (
                not j.have
                and j.card not in covered
                and j.source is not None
                and j.source != here
                and j.source not in fetches
                and left[j.good] > 0
            ):
                fetches.append(j.source)
    return drops, fetches


def _move(engine, state, seat, legal, todo, top):
    """Moves toward the nearest city wanting a load aboard, or toward the nearest source of the
    first two of its best jobs' loads when that is nearer still (of equally near, the first in
    the map's list); None when neither is reachable along any track.

    It takes the ready-made move to that stop (even when another move would end nearer it); a
    fetch takes it only if it keeps the cash to get home after its fees (`_fees_ok`: a delivery
    pays them back). Otherwise, of the moves (those that keep the fees' reserve, for a fetch)
    ending nearer the stop along the track, the one ending nearest, the shortest of those; none:
    the other stop, then no move."""
    moves = _of(legal, "move")
    if not moves:
        return None
    p = state["players"][seat]
    drops, fetches = _stops(state, seat, todo, top)
    pos = p["pos"]

    steps, _prev = net.route_search(state, seat, pos, False)

    def far(city):
        return min(steps.get(n, net.INF) for n in CITY_LIST[city]["posts"])

    # the nearest first: heading for the best-paying one flips as the train moves
    drop = min((c for c in drops if far(c) < net.INF), key=lambda c: (far(c), c), default=None)
    fetch = min((c for c in fetches[:2] if far(c) < net.INF), key=lambda c: (far(c), c), default=None)
    order = [c for c in (drop, fetch) if c is not None]
    if drop is not None and fetch is not None and far(fetch) < far(drop):
        order.reverse()  # fetch on the way
    routes = dict(engine.move_routes(state, seat))
    by_path = {tuple(node(*pt) for pt in a["path"]): a for a in moves}
    for stop in order:
        # a delivery pays the fees back: only fetching keeps the cash to get home
        careful = stop != drop
        a = by_path.get(tuple(routes.get(stop, ())))
        if a is not None and (not careful or _fees_ok(state, seat, a)):
            return a
        steps_to = net.steps_to_city(state, stop)
        start = steps_to.get(pos, net.INF)
        # the ready-made move that ends nearest the stop along the track (the stop when in reach)
        options = []
        for a in moves:
            end = steps_to.get(node(*a["path"][-1]), net.INF)
            if end >= start:
                continue
            if not careful or _fees_ok(state, seat, a):
                options.append((end, len(a["path"]), a))
        if options:
            return min(options, key=lambda o: (o[0], o[1]))[2]
    return None


def _fees_ok(state, seat, move) -> bool:
    """Tells whether a move leaves the cash to get back onto our own track after its fees."""
    p = state["players"][seat]
    fees = net.route_fee_owners(state, seat, [node(*pt) for pt in move["path"]])
    fees = [s for s in fees if s not in p["fees"]]
    return not fees or p["cash"] >= 4 * len(fees) + 12


def _build(engine, state, seat, legal, todo):
    """Builds toward the cities off its network that its jobs need: those of the loads it
    carries, however poor (public: only the locked ones, a free load may yet serve any
    demand), then of its two best jobs worth anything, each source before its city (with no
    track, every city counts). Once rich (60% of the cash to win, or 40 with nothing to build
    for) and short of the majors to win, the major city cheapest to reach comes first. A train
    standing on others' track keeps 12 for the fees home."""
    builds = _of(legal, "build")
    if not builds:
        return None
    p = state["players"][seat]
    by_path = {tuple(node(*pt) for pt in a["path"]): a for a in builds}
    conn = _connection(state, seat)
    want = []
    carried = (
        [j for j in todo if j.have and not _free_only(p, j)]
        if state["mode"] == "public"
        else [j for j in todo if j.have]
    )
    for j in carried + [j for j in todo if j.score > 0][:2]:
        for c in (j.source, j.dest):
            if c is not None and (conn[c] > 0 or not p["track"]) and c not in want:
                want.append(c)
    rich = p["cash"] >= 0.6 * state["cash_to_win"] or (not want and p["cash"] >= 40)
    if rich and net.connected_majors(p["track"]) < MAJORS_TO_WIN:
        missing = [m for m in MAJORS if conn[m] > 0]
        missing.sort(key=lambda m: (conn[m], m))
        want = missing[:1] + want
    # a train standing on others' track keeps the fees to get home
    reserve = 0 if p["pos"] is None or p["pos"] in net.main_network(p["track"]) else 12
    for c in want:
        a = by_path.get(tuple(engine.build_toward(state, seat, c) or ()))
        if a and p["cash"] - engine.build_cost(state, seat, a) >= reserve:
            return a
    return None


def _upgrade(state, seat, legal, todo):
    """Upgrades a freight to a fast freight from 70 in cash (never to a heavy one), and a fast or
    heavy freight to a superfreight from 120."""
    ups = {a["train"]: a for a in _of(legal, "upgrade")}
    if not ups:
        return None
    p = state["players"][seat]
    if p["built"] or p["stage"] not in ("start", "move"):
        return None
    if p["train"] == "freight" and p["cash"] >= 70:
        return ups.get("fast")
    if p["cash"] >= 120 and "super" in ups:
        return ups["super"]
    return None
