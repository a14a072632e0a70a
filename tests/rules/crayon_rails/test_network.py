"""The track search (network.build_search) against a plain search written from the rules, fresh and
carried on from the seat's last search, and the small readings of the track network.py makes.

The reference (helpers.reference, shared with test_path_menus.py) prices a build as the rules do
(README, "Crayon rails — the base rules"): entering a milepost costs its terrain, crossing water
adds its price, own track and the track inside major cities cost nothing; another player's track,
a flooded river's crossings, snowed-in mountain and alpine mileposts and a small or medium city
already holding the track of as many other players as it takes are closed. Ways rank by (cost,
sections); between equally good ways the predecessor with the least (rank, milepost) is kept, as
network.build_search promises.
"""

from __future__ import annotations

import pytest

from games.rules.crayon_rails import network as net
from games.rules.crayon_rails.board import (
    CITY_INDEX,
    CITY_TRACK,
    MAJOR_POSTS,
    NEIGHBOURS,
    NODES,
    RIVER_EDGES,
    TERRAIN_AT,
    edge,
    edge_nodes,
    node,
)
from games.rules.crayon_rails.cards import EVENTS
from games.rules.crayon_rails.state import new_player

from .helpers import at, blank, event_card, flood, fresh_caches, lay, link, network_of, posts, reference, snow  # noqa: F401 (fresh_caches: autouse)


def check(state: dict, seat: int, sources=None) -> tuple[list, list]:
    """The engine's search equals the reference's; returns the reference's answer."""
    want = reference(state, seat, set(network_of(state["players"][seat]["track"]) if sources is None else sources))
    dist, prev = net.build_search(state, seat, sources)
    assert dist == want[0]
    assert prev == want[1]
    return want


def test_a_first_search_starts_at_every_major_city_and_prices_by_the_rules():
    s = blank("standard", 3)
    cost, _prev = check(s, 0)
    assert all(cost[n] == 0 for n in MAJOR_POSTS)
    assert cost[node(22, 7)] == 1 + 1 + 3  # Velmora to Larkmere (small), as test_building pays
    assert cost[node(17, 13)] == 1 + 1 + 2  # out of Ondrey to (18, 13), then across the Amber


def test_a_search_from_other_majors_reaches_the_missing_one():
    s = blank("standard", 3)
    ondrey = set(posts("Ondrey"))
    others = sorted(n for n in MAJOR_POSTS if n not in ondrey)
    cost, _prev = check(s, 0, others)
    assert min(cost[n] for n in ondrey) > 0


def test_a_search_carried_on_over_many_changes_equals_a_fresh_one():
    """Each step changes the position the way play does (track grows, events come and go, a
    city fills, a flood washes track away); the search carried on from the seat's last one must
    give what a fresh search gives, and each step must change that answer."""
    s = blank("standard", 4)
    link(s, 0, "Velmora", "Wyvern Gap", "Oakhurst")
    link(s, 0, "Jessamy", "Calder Mills")  # a spur linking no major city: no source
    spur = list(s["players"][0]["track"][-3:])
    answers = [check(s, 0)]

    def step():
        answers.append(check(s, 0))
        assert answers[-1] != answers[-2]
        # the same position searched afresh (no last search to carry on from) agrees
        net._CACHE.clear()
        last = net._LAST_SEARCH.pop(0)
        assert check(s, 0) == answers[-1]
        net._LAST_SEARCH[0] = last

    link(s, 1, "Ondrey", "Greyhollow", "Harrowgate")  # across seat 0's cheapest ways west
    step()
    s["events"].append(flood("Wend"))
    step()
    s["events"].append(snow("Caskerton"))
    step()
    # one section of new track (on clear land) right on the way to its far end, b
    cost, prev = answers[-1]
    a, b = next(
        (a, b)
        for b in range(NODES)
        if 0 <= (a := prev[b]) < b and TERRAIN_AT[a] == TERRAIN_AT[b] == "clear" and cost[b] > 0
    )
    s["players"][2]["track"].append(edge(a, b))
    step()
    # a milepost cut off: track taken on every side but toward a snowed-in mountain
    snowed = net.snow_blocked(s)
    cost, prev = answers[-1]
    v = next(
        v
        for v in range(NODES)
        if TERRAIN_AT.get(v) == "clear"
        and 0 < cost[v] < net.INF
        and v not in snowed
        and any(w in snowed for w in NEIGHBOURS[v])
        and all(TERRAIN_AT[w] in ("clear", "mountain", "alpine") for w in NEIGHBOURS[v])
        and not any(edge(v, w) in net.owners(s) for w in NEIGHBOURS[v])
    )
    s["players"][3]["track"] += [edge(v, w) for w in NEIGHBOURS[v] if w not in snowed]
    step()
    assert answers[-1][0][v] == net.INF
    s["players"][0]["track"].remove(spur[1])  # the spur loses a section (no event: a state made so)
    step()
    link(s, 0, "Oakhurst", "Ondrey")  # new own track: new sources
    step()
    varrow = posts("Varrow")[0]
    link(s, 2, "Velmora", "Varrow")
    link(s, 3, "Harrowgate", "Varrow")
    assert varrow in net.full_cities(s, 0)
    step()
    s["events"] = [ev for ev in s["events"] if ev["type"] != "snow"]  # the snow ends
    step()
    s["events"] = []  # the flood ends
    step()
    s["players"][1]["track"] = s["players"][1]["track"][:-3]  # other track washed away
    step()
    s["players"][0]["track"] = s["players"][0]["track"][:-2]  # own track washed away
    step()
    s["players"].append(new_player())  # another game: the same track, and one more player's
    s["seats"] = 5
    link(s, 4, "Caskerton", "Thornwick", "Oakhurst")
    step()


def test_a_network_runs_through_a_major_city_s_own_track():
    """A major city's seven mileposts are joined by free track: track into it at one milepost and
    out at another is one network (all but one major linked is the win's condition)."""
    s = blank("standard", 2)
    link(s, 0, "Velmora", "Wyvern Gap", "Oakhurst", "Ondrey")
    assert net.connected_majors(s["players"][0]["track"]) == 2
    lay(s, 0, (19, 13), (18, 13), (17, 13))  # out of Ondrey by another milepost
    link(s, 1, "Harrowgate", "Hobbsford")
    assert net.connected_majors(s["players"][1]["track"]) == 1
    assert net.connected_majors([]) == 0 and net.main_network([]) == set()
    comps = net.components(tuple(s["players"][0]["track"]))
    assert len(comps) == 1 and set(posts("Ondrey")) <= comps[0] and node(17, 13) in comps[0]
    assert set(posts("Caskerton")).isdisjoint(comps[0])


def test_the_main_network_links_most_majors_then_is_the_largest():
    s = blank("standard", 2)
    link(s, 0, "Harrowgate", "Hobbsford")  # one major, short
    link(s, 0, "Saltmere", "Calder Mills", "Jessamy")  # one major, longer
    main = net.main_network(s["players"][0]["track"])
    assert at("Jessamy") in main and at("Hobbsford") not in main
    link(s, 0, "Hobbsford", "Greyhollow", "Ondrey")  # now two majors
    main = net.main_network(s["players"][0]["track"])
    assert at("Hobbsford") in main and at("Jessamy") not in main
    assert net.build_sources(s, 0) == sorted(main)
    assert net.build_sources(s, 1) == sorted(MAJOR_POSTS)


def test_a_route_pays_each_other_owner_still_in_once_in_order():
    """4 to each owner of other track used, once a turn; a player who left takes no fee."""
    s = blank("standard", 3)
    lay(s, 2, (12, 10), (13, 10))
    lay(s, 0, (13, 10), (14, 10))
    lay(s, 1, (14, 10), (15, 10), (16, 10))
    lay(s, 2, (16, 10), (17, 10))
    path = [node(x, 10) for x in range(12, 18)]
    assert net.route_fee_owners(s, 0, path) == [2, 1]
    assert net.route_fee_owners(s, 1, path) == [2, 0]
    s["out"] = [2]
    assert net.route_fee_owners(s, 0, path) == [1]
    assert net.route_fee_owners(s, 0, path[1:3]) == []


@pytest.mark.parametrize(
    "kind, city, bound",
    [
        ("coastal", "Kestrel Bay", True),
        ("coastal", "Ondrey", False),
        ("cities", "Tarnside", True),
        ("cities", "Morrowfen", True),
        ("cities", "Kestrel Bay", False),
        ("rail", "Kestrel Bay", False),
    ],
)
def test_a_strike_binds_the_coast_or_its_named_cities(kind, city, bound):
    s = blank("standard", 2)
    cid = event_card("strike", kind=kind)
    s["events"] = [
        {"card": event_card("snow", cities=["Caskerton"]), "type": "snow", "drawer": 1, "turns_left": 2},
        {
            "card": cid,
            "type": "strike",
            "drawer": 0,
            "turns_left": 2,
            **{k: v for k, v in EVENTS[cid].items() if k in ("kind", "cities")},
        },
    ]
    assert net.strike_bound(s, CITY_INDEX[city]) is bound
    s["events"] = s["events"][:1]
    assert net.strike_bound(s, CITY_INDEX[city]) is False


def route_reference(state: dict, seat: int, start: int, own_only: bool) -> tuple[dict, dict]:
    """Returns ({milepost: fewest sections from start}, {milepost: fewest sections of other
    players' track among those shortest routes}) over the usable track: the major cities' own
    track, and every player's track (only the seat's own with own_only)."""
    links: dict = {}
    usable = [(e, None) for e in CITY_TRACK] + [
        (e, s) for s, p in enumerate(state["players"]) for e in p["track"] if not own_only or s == seat
    ]
    for e, s in usable:
        a, b = edge_nodes(e)
        links.setdefault(a, []).append((b, s))
        links.setdefault(b, []).append((a, s))
    steps, foreign = {start: 0}, {start: 0}
    frontier = [start]
    while frontier:
        nxt = {}
        for u in frontier:
            for v, s in links.get(u, ()):
                if v in steps:
                    continue
                f = foreign[u] + (s is not None and s != seat)
                nxt[v] = min(nxt.get(v, f), f)
        for v, f in nxt.items():
            steps[v] = steps[frontier[0]] + 1
            foreign[v] = f
        frontier = list(nxt)
    return steps, foreign


def crossing_networks() -> dict:
    """Three players' track crossing and sharing mileposts and cities."""
    s = blank("standard", 3)
    link(s, 0, "Velmora", "Wyvern Gap", "Oakhurst", "Ondrey", "Tarnside")
    link(s, 1, "Harrowgate", "Hobbsford", "Greyhollow", "Ondrey", "Fenwick", "Saltmere")
    link(s, 2, "Varrow", "Wyvern Gap", "Greyhollow", "Brackenfield", "Tarnside", "Saltmere")
    for seat in (1, 2):  # a section has one owner: the later cheapest ways give way where they meet
        before = {e for p in s["players"][:seat] for e in p["track"]}
        s["players"][seat]["track"] = [e for e in s["players"][seat]["track"] if e not in before]
    return s


@pytest.mark.parametrize("seat", [0, 1, 2])
@pytest.mark.parametrize("city", ["Velmora", "Ondrey", "Greyhollow", "Saltmere"])
def test_routes_are_shortest_and_then_use_the_least_foreign_track(seat, city):
    s = crossing_networks()
    start = at(city)
    for own_only in (True, False):
        steps, foreign = route_reference(s, seat, start, own_only)
        got, prev = net.route_search(s, seat, start, own_only)
        assert got == steps
        owner = {e: o for o, p in enumerate(s["players"]) for e in p["track"]}
        for v in steps:
            path = net.route_path(prev, v)
            assert path[0] == start and path[-1] == v and len(path) == steps[v] + 1
            used = [owner.get(edge(a, b)) for a, b in zip(path, path[1:])]
            assert all(o is not None or edge(a, b) in CITY_TRACK for o, a, b in zip(used, path, path[1:]))
            assert sum(o is not None and o != seat for o in used) == foreign[v]
            assert not own_only or foreign[v] == 0


def test_the_cheapest_milepost_of_a_city_is_the_one_a_build_reaches_for_least():
    dist = [net.INF] * NODES
    ondrey = posts("Ondrey")
    for cost, n in enumerate(reversed(ondrey)):
        dist[n] = 10 + cost
    assert net.cheapest_to_city(dist, CITY_INDEX["Ondrey"]) == ondrey[-1]
    dist[ondrey[3]] = 2
    assert net.cheapest_to_city(dist, CITY_INDEX["Ondrey"]) == ondrey[3]


def hops_reference(state: dict, sources) -> dict:
    """{milepost: fewest sections from any source} along the major cities' track and every
    player's track but a rail-striking one's."""
    striking = {ev["drawer"] for ev in state["events"] if ev["type"] == "strike" and ev["kind"] == "rail"}
    links: dict = {}
    for e in [*CITY_TRACK, *(e for s, p in enumerate(state["players"]) if s not in striking for e in p["track"])]:
        a, b = edge_nodes(e)
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)
    dist = {n: 0 for n in sources}
    frontier = list(dist)
    while frontier:
        nxt = []
        for u in frontier:
            for v in sorted(links.get(u, ())):
                if v not in dist:
                    dist[v] = dist[u] + 1
                    nxt.append(v)
        frontier = nxt
    return dist


def test_the_steps_to_a_city_and_the_reach_of_a_network_follow_the_usable_track():
    """What the bot plans with: mileposts along usable track to each city, and the mileposts a
    train can reach from the seat's main network; a rail strike takes its drawer's track out."""
    s = crossing_networks()
    before = {}
    for city in ("Velmora", "Ondrey", "Greyhollow", "Saltmere", "Tarnside"):
        before[city] = hops_reference(s, posts(city))
        assert net.steps_to_city(s, CITY_INDEX[city]) == before[city]
    reach = {seat: set(hops_reference(s, network_of(s["players"][seat]["track"]))) for seat in range(3)}
    for seat in range(3):
        assert net.reachable(s, seat) == reach[seat]
    cid = event_card("strike", kind="rail")
    s["events"] = [{"card": cid, "type": "strike", "kind": "rail", "drawer": 1, "turns_left": 2}]
    for city in ("Velmora", "Ondrey", "Greyhollow", "Saltmere", "Tarnside"):
        assert net.steps_to_city(s, CITY_INDEX[city]) == hops_reference(s, posts(city))
    assert hops_reference(s, posts("Ondrey")) != before["Ondrey"]
    for seat in range(3):
        assert net.reachable(s, seat) == set(hops_reference(s, network_of(s["players"][seat]["track"])))
    assert net.reachable(s, 0) != reach[0]


def test_snow_on_the_network_s_own_mountain_leaves_it_a_place_to_build_from():
    """Snow forbids building into its mountains; a snowed-in milepost already on the seat's
    network still starts builds (README: track starts at your own track), fresh or carried on."""
    s = blank("standard", 2)
    link(s, 0, "Saltmere", "Istral")
    check(s, 0)
    s["events"].append(snow("Saltmere"))
    mountain = node(31, 22)
    assert mountain in net.snow_blocked(s) and mountain in net.build_sources(s, 0)
    cost, _prev = check(s, 0)
    assert cost[mountain] == 0


def test_a_full_city_stays_open_to_a_player_already_in_it():
    """A small city takes the track of 2 players: full for a third, not for either of the two."""
    s = blank("standard", 3)
    link(s, 0, "Ondrey", "Greyhollow")  # its network, and apart from it a spur
    lay(s, 0, (22, 5), (22, 6), (22, 7))  # into Larkmere (small)
    lay(s, 1, (23, 7), (22, 7))
    larkmere = posts("Larkmere")[0]
    assert net.full_cities(s, 0) == frozenset() and net.full_cities(s, 1) == frozenset()
    assert net.full_cities(s, 2) == {larkmere}
    assert larkmere not in net.build_sources(s, 0)
    assert check(s, 0)[0][larkmere] < net.INF
    assert check(s, 2)[0][larkmere] == net.INF


def test_two_floods_and_two_snows_in_force_close_both():
    s = blank("standard", 2)
    s["events"] = [flood("Wend"), flood("Lissen"), snow("Caskerton"), snow("Saltmere")]
    assert net.flooded(s) == RIVER_EDGES["Wend"] | RIVER_EDGES["Lissen"]
    both = net.snow_blocked(s)
    s["events"] = [snow("Caskerton")]
    one = net.snow_blocked(s)
    s["events"] = [snow("Saltmere")]
    other = net.snow_blocked(s)
    assert one and other and both == one | other
    s["events"] = []
    assert net.flooded(s) == frozenset() and net.snow_blocked(s) == frozenset()


def test_the_cache_stays_bounded():
    for i in range(net._CACHE_MAX * 2 + 5):
        assert net.cached(("bound", i), lambda i=i: [i]) == [i]
        assert len(net._CACHE) <= net._CACHE_MAX
    assert net.cached(("bound", 0), lambda: [0]) == [0]
