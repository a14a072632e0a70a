"""The menu's ready-made paths (paths.py: `path_menu`, `build_menu`, `build_toward`, `full_builds`,
`move_menu`, `move_routes`), each for a position built for the case and checked against the rules
(shared/rules/README.md: at most 20 of building a turn and no more than the cash, track from a major
city or one's own, nobody over another's track nor into a full city nor blocking a major city; a
train moves its speed in mileposts along track, paying 4 to each other owner once a turn).

The searches keep their answers in network.py's cache: every test here starts with it empty, and
the cache tests check that an answer kept for one position is never served for another."""

import pytest

from games.rules.crayon_rails import network as net
from games.rules.crayon_rails import paths
from games.rules.crayon_rails.board import (
    ADJ,
    CITY_INDEX,
    CITY_LIST,
    CITY_TRACK,
    MAJOR_POSTS,
    MAJORS,
    edge,
    enter_cost,
    node,
    xy,
)
from games.rules.crayon_rails.engine import ENGINE

from .helpers import (
    at,
    begin,
    blank,
    demand_cards,
    empty_caches,
    event_card,
    flood,
    fresh_caches,  # noqa: F401 (autouse: the memos emptied around each test)
    lay,
    link,
    network_of,
    posts,
    reference,
    snow,
    to_hand,
)

VELMORA_LARKMERE = [(21, 3), (22, 4), (22, 5), (22, 6), (22, 7)]
LONG_WAY = [(21, 3), (21, 4), (21, 5), (21, 6), (21, 7), (22, 8), (22, 7)]  # Velmora to Larkmere in 6


def city(name: str) -> int:
    return CITY_INDEX[name]


def pts(path) -> list:
    return [list(xy(n)) for n in path]


def cost_of(state, seat, path) -> int:
    """What building a path costs the seat, by the price list (however much it is)."""
    own = set(state["players"][seat]["track"])
    sections = [(edge(a, b), b) for a, b in zip(path, path[1:])]
    return sum(enter_cost(e, b) for e, b in sections if e not in own and e not in CITY_TRACK)


def cheapest(state, seat, sources, goals) -> int:
    """The cheapest build cost from the sources to any of the goals, by the rules' own search."""
    cost = reference(state, seat, set(sources))[0]
    return min(cost[n] for n in goals)


def velmora_line(**p0):
    """Standard mode, Player 1 with track from Velmora through Larkmere to (22, 9), its train at Velmora."""
    s = blank("standard", 2)
    lay(s, 0, (22, 4), (22, 5), (22, 6), (22, 7), (22, 8), (22, 9))
    s["players"][0]["pos"] = at("Velmora")
    s["players"][0].update(p0)
    return s


# -- path_menu --------------------------------------------------------------------------------------
def test_the_menu_is_the_builds_then_the_moves_in_play():
    """In play, the ready-made builds come first, then the moves."""
    s = velmora_line()
    builds, moves = paths.build_menu(s, 0), paths.move_menu(s, 0)
    assert builds and moves
    assert paths.path_menu(s, 0) == builds + moves


def test_the_initial_building_offers_builds_and_no_move():
    """In the initial building turns trains do not move yet: builds only."""
    s = velmora_line()
    s["phase"] = "build"
    assert paths.move_menu(s, 0) == []
    assert paths.path_menu(s, 0) == paths.build_menu(s, 0) != []


@pytest.mark.parametrize("phase", ["draft", "over"])
def test_no_paths_outside_building_and_play(phase):
    """No track is built and no train moves during the draft or once the game is over."""
    s = velmora_line()
    s["phase"] = phase
    assert paths.path_menu(s, 0) == []


def test_no_paths_while_a_derailed_player_decides():
    """A derailed player's choice of the load to lose comes first: no path is offered meanwhile."""
    s = velmora_line()
    s["pending"] = [{"seat": 1, "kind": "derailment", "card": event_card("derailment")}]
    assert paths.path_menu(s, 0) == []


# -- build_menu and build_toward --------------------------------------------------------------------
@pytest.mark.parametrize(
    "why, change",
    [
        ("upgraded instead of building", {"upgraded": True}),
        ("pitched this turn", {"stage": "pitched"}),
        ("20 spent on building already", {"built": 20}),
        ("no cash left", {"cash": 0}),
    ],
)
def test_no_ready_made_build_when_the_seat_may_not_build(why, change):
    """Building is refused after an upgrade or a pitch, and costs money the seat must have (at most
    20 a turn): no build is offered, and none toward any city."""
    s = velmora_line(**change)
    assert paths.build_menu(s, 0) == [], why
    assert all(paths.build_toward(s, 0, c) is None for c in range(len(CITY_LIST))), why


def test_with_1_left_the_menu_offers_single_clear_sections():
    """With 1 to spend (the cash), a build is one section into clear land, from a major city while
    the seat has no track: one toward each major city, each costing 1."""
    s = blank("standard", 2)
    s["players"][0]["cash"] = 1
    builds = paths.build_menu(s, 0)
    assert sorted(b["toward"] for b in builds) == sorted(CITY_LIST[m]["name"] for m in MAJORS)
    for b in builds:
        path = ENGINE.parse_path(b)
        assert len(path) == 2 and path[0] in MAJOR_POSTS and cost_of(s, 0, path) == 1


def test_the_budget_is_what_is_left_of_the_20_this_turn():
    """After building 18 this turn, only 2 more: every ready-made build costs 1 or 2."""
    s = velmora_line(built=18, cash=50)
    builds = paths.build_menu(s, 0)
    assert builds
    assert all(1 <= cost_of(s, 0, ENGINE.parse_path(b)) <= 2 for b in builds)
    assert any(cost_of(s, 0, ENGINE.parse_path(b)) == 2 for b in builds)


def test_one_ready_made_build_serves_several_cities_once():
    """Saltmere and Thornwick (a demand card's city) are both cheapest reached east from the end of
    the track: with 1 to spend both builds are the same single section, offered once, toward the
    first of them in the map's order of cities."""
    s = velmora_line(cash=1)
    to_hand(s, 0, demand_cards(city="Thornwick")[0][0])
    east = [node(22, 9), node(23, 9)]
    assert paths.build_toward(s, 0, city("Saltmere")) == east
    assert paths.build_toward(s, 0, city("Thornwick")) == east
    builds = paths.build_menu(s, 0)
    assert [b for b in builds if b["path"] == pts(east)] == [{"type": "build", "path": pts(east), "toward": "Saltmere"}]
    assert len({tuple(map(tuple, b["path"])) for b in builds}) == len(builds)


def test_a_ready_made_build_is_the_start_of_the_cheapest_way_that_the_budget_pays():
    """Toward Ondrey from the track ending at (22, 9): the whole way costs what the cheapest way
    costs, and this turn's build is its start from the track, as far as 20 pays."""
    s = velmora_line()
    own = set(s["players"][0]["track"])
    full = paths.full_builds(s, 0)[city("Ondrey")]
    assert full[0] in net.track_nodes(own) | set(posts("Velmora")) and full[-1] in posts("Ondrey")
    assert cost_of(s, 0, full) == cheapest(s, 0, network_of(s["players"][0]["track"]), posts("Ondrey"))
    toward = paths.build_toward(s, 0, city("Ondrey"))
    assert toward == paths.affordable(full, own, 20) and cost_of(s, 0, toward) <= 20
    menu = paths.build_menu(s, 0)
    assert {"type": "build", "path": pts(toward), "toward": "Ondrey"} in menu


def test_no_ready_made_build_toward_a_city_already_on_the_network():
    """Larkmere is on the seat's track: nothing to build toward it (nor toward Velmora)."""
    s = velmora_line()
    for name in ("Larkmere", "Velmora"):
        assert paths.full_builds(s, 0)[city(name)] is None
        assert paths.build_toward(s, 0, city(name)) is None
    assert "Larkmere" not in {b["toward"] for b in paths.build_menu(s, 0)}


def test_no_ready_made_build_into_a_small_city_two_others_already_reach():
    """A small city takes track from at most 2 players: with Player 2's track in Larkmere,
    Player 1 still gets a build toward it; once Player 3's is in too, none."""
    s = blank("standard", 3)
    lay(s, 1, (21, 3), (22, 4), (22, 5), (22, 6), (22, 7))
    lark = city("Larkmere")
    assert paths.full_builds(s, 0)[lark][-1] == node(22, 7) and paths.build_toward(s, 0, lark) is not None
    lay(s, 2, (23, 3), (23, 4), (23, 5), (23, 6), (22, 7))
    empty_caches()
    assert paths.full_builds(s, 0)[lark] is None and paths.build_toward(s, 0, lark) is None


def test_without_track_a_major_city_is_reached_from_the_nearest_other_major():
    """A seat with no track starts at any major city: the ready-made way to a major city starts at
    another one, and is the cheapest such way."""
    s = blank("standard", 2)
    for major in MAJORS:
        mine = set(CITY_LIST[major]["posts"])
        way = paths.full_builds(s, 0)[major]
        assert way[0] in MAJOR_POSTS - mine and way[-1] in mine
        assert cost_of(s, 0, way) == cheapest(s, 0, MAJOR_POSTS - mine, mine)
    # and any other city from the major city nearest to it
    for name in ("Larkmere", "Oskel"):
        way = paths.full_builds(s, 0)[city(name)]
        assert way[0] in MAJOR_POSTS and way[-1] in posts(name)
        assert cost_of(s, 0, way) == cheapest(s, 0, MAJOR_POSTS, posts(name))


def test_with_track_every_way_starts_on_the_seats_network():
    """Once the seat has track, even a major city is built toward from its own network."""
    s = velmora_line()
    network = network_of(s["players"][0]["track"])
    for major in MAJORS:
        way = paths.full_builds(s, 0)[major]
        if major == city("Velmora"):
            assert way is None
            continue
        assert way[0] in network and way[-1] in posts(CITY_LIST[major]["name"])
        assert cost_of(s, 0, way) == cheapest(s, 0, network, CITY_LIST[major]["posts"])


def ondrey_nearly_closed():
    """Four players; Player 2 holds every entry into Ondrey but two: (20, 11)-(20, 12) from the north
    and (19, 13)-(18, 13) from the west; Player 1's track runs (20, 10)-(20, 11), north of it."""
    s = blank("standard", 4)
    ondrey = posts("Ondrey")
    left = {edge(node(20, 11), node(20, 12)), edge(node(19, 13), node(18, 13))}
    entries = sorted({edge(a, b) for a in ondrey for b, _c, _e in ADJ[a] if b not in ondrey})
    s["players"][1]["track"] = [e for e in entries if e not in left]
    lay(s, 0, (20, 10), (20, 11))
    return s


def test_no_ready_made_build_into_a_major_city_it_would_block():
    """Nobody may block a major city: the way into Ondrey from the north takes one of its two free
    entries, leaving one for the two players still to come (Players 3 and 4), so the menu does not
    offer it; once Player 4 has left the game, one entry is enough for Player 3 and it is offered."""
    s = ondrey_nearly_closed()
    ondrey = city("Ondrey")
    north = [node(20, 11), node(20, 12), node(20, 13)]  # on to its centre over its own track
    assert paths.full_builds(s, 0)[ondrey] == north and cost_of(s, 0, north) == 5
    assert paths.build_toward(s, 0, ondrey) is None
    assert "Ondrey" not in {b["toward"] for b in paths.build_menu(s, 0)}
    s["out"].append(3)
    empty_caches()
    assert paths.build_toward(s, 0, ondrey) == north
    assert {"type": "build", "path": pts(north), "toward": "Ondrey"} in paths.build_menu(s, 0)


# -- move_menu and move_routes ----------------------------------------------------------------------
def test_a_move_reaches_each_city_in_reach_on_own_track():
    """Larkmere is 4 mileposts along Player 1's track: the move goes there; Velmora, where the
    train stands, is no destination."""
    s = velmora_line()
    assert paths.move_routes(s, 0) == [(city("Larkmere"), [node(*p) for p in VELMORA_LARKMERE])]
    assert paths.move_menu(s, 0) == [
        {"type": "move", "path": [list(p) for p in VELMORA_LARKMERE], "toward": "Larkmere"}
    ]


@pytest.mark.parametrize(
    "why, change",
    [
        ("built this turn", {"stage": "build"}),
        ("pitched", {"stage": "pitched"}),
        ("no train on the map", {"pos": None}),
        ("no mileposts left", {"moves": 0}),
    ],
)
def test_no_move_when_the_train_may_not_move(why, change):
    """A train moves before building, not after a pitch, once placed, and its speed a turn."""
    s = velmora_line(**change)
    assert paths.move_menu(s, 0) == [], why


def test_no_move_in_the_initial_building():
    s = velmora_line()
    s["phase"] = "build"
    assert paths.move_menu(s, 0) == []


def test_a_train_with_1_milepost_left_still_moves():
    """One milepost left is a move of one milepost toward a city that matters (a major city)."""
    s = blank("standard", 2)
    lay(s, 0, *reversed(VELMORA_LARKMERE))
    s["players"][0].update(pos=node(22, 7), moves=1)
    assert paths.move_menu(s, 0) == [{"type": "move", "path": [[22, 7], [22, 6]], "toward": "Velmora"}]


def long_and_short():
    """Player 1's own way from Velmora to Larkmere is 6 mileposts; Player 2's is 4."""
    s = blank("standard", 2)
    lay(s, 1, *VELMORA_LARKMERE)
    lay(s, 0, *LONG_WAY)
    s["players"][0]["pos"] = at("Velmora")
    to_hand(s, 0, demand_cards(city="Larkmere")[0][0])  # Larkmere matters to Player 1
    return s


def test_own_track_when_it_gets_there_this_turn():
    """With 9 mileposts the train takes its own 6 (no fee) rather than Player 2's 4."""
    s = long_and_short()
    lark = city("Larkmere")
    assert dict(paths.move_routes(s, 0))[lark] == [node(*p) for p in LONG_WAY]


def test_others_track_when_only_it_gets_there_this_turn():
    """With 5 mileposts only Player 2's track gets there this turn: the move takes it (fee 4)."""
    s = long_and_short()
    s["players"][0]["moves"] = 5
    lark = city("Larkmere")
    assert dict(paths.move_routes(s, 0))[lark] == [node(*p) for p in VELMORA_LARKMERE]
    assert {"type": "move", "path": [list(p) for p in VELMORA_LARKMERE], "toward": "Larkmere"} in paths.move_menu(s, 0)


def test_out_of_reach_the_move_heads_along_own_track_as_far_as_it_gets():
    """With 3 mileposts neither way gets there: the move heads along the seat's own track."""
    s = long_and_short()
    s["players"][0]["moves"] = 3
    lark = city("Larkmere")
    head = [node(*p) for p in LONG_WAY[:4]]
    assert dict(paths.move_routes(s, 0))[lark] == head
    assert {"type": "move", "path": pts(head), "toward": "Larkmere"} in paths.move_menu(s, 0)


def test_a_city_out_of_reach_is_headed_for_only_if_it_matters():
    """Larkmere out of reach is offered only while it matters to the seat (here a demand card
    naming it); a city in reach is offered whatever the cards."""
    s = long_and_short()
    s["players"][0]["hand"] = []
    s["players"][0]["moves"] = 3
    assert city("Larkmere") in dict(paths.move_routes(s, 0))
    assert "Larkmere" not in {m["toward"] for m in paths.move_menu(s, 0)}
    begin(s, 0)  # 9 mileposts: in reach
    assert "Larkmere" in {m["toward"] for m in paths.move_menu(s, 0)}


def test_out_of_reach_on_others_track_only_as_far_as_it_gets():
    """With no own track the move heads along Player 2's, cut to the mileposts left (and pays)."""
    s = blank("standard", 2)
    lay(s, 1, *VELMORA_LARKMERE)
    to_hand(s, 0, demand_cards(city="Larkmere")[0][0])
    s["players"][0].update(pos=at("Velmora"), moves=2)
    head = [node(*p) for p in VELMORA_LARKMERE[:3]]
    assert paths.move_routes(s, 0) == [(city("Larkmere"), head)]
    assert paths.move_menu(s, 0) == [{"type": "move", "path": pts(head), "toward": "Larkmere"}]


@pytest.mark.parametrize(
    "cash, fees, offered",
    [(3, [], False), (4, [], True), (0, [1], True)],
)
def test_a_move_over_others_track_needs_the_fee_unless_paid_this_turn(cash, fees, offered):
    """Using Player 2's track costs 4 once a turn: offered with 4 in cash, or with nothing once
    paid this turn, not with 3."""
    s = blank("standard", 2)
    lay(s, 1, *VELMORA_LARKMERE)
    s["players"][0].update(pos=at("Velmora"), cash=cash, fees=fees)
    expected = [(city("Larkmere"), [node(*p) for p in VELMORA_LARKMERE])] if offered else []
    assert paths.move_routes(s, 0) == expected


def test_a_move_to_the_nearest_milepost_of_a_city():
    """Toward a major city the move ends at its nearest milepost, not one further in."""
    s = blank("standard", 2)
    lay(s, 0, *reversed(VELMORA_LARKMERE))
    s["players"][0]["pos"] = node(22, 7)
    assert dict(paths.move_routes(s, 0))[city("Velmora")] == [node(*p) for p in reversed(VELMORA_LARKMERE[1:])]


# -- the cache never serves one position's answer for another ---------------------------------------
def same_as_fresh(fn, s, seat):
    """Returns fn's answer, checking it against one computed with every cache empty."""
    kept = fn(s, seat)
    empty_caches()
    assert fn(s, seat) == kept
    return kept


def check_each_change(fn, s, steps):
    """Applies each change in turn (the cache still holding the answers to the position before):
    the answer must be the fresh one, and differ from the one before."""
    answers = [fn(s, 0)]
    for why, change in steps:
        change()
        answers.append(same_as_fresh(fn, s, 0))
        assert answers[-1] != answers[-2], why


def strike(seat: int) -> dict:
    return {
        "card": event_card("strike", kind="rail"),
        "type": "strike",
        "kind": "rail",
        "drawer": seat,
        "turns_left": 2,
    }


def test_the_build_menus_answer_is_the_positions_own():
    """The build menu of one position is never served for another: a player leaving (Ondrey needs
    an entry less then), another card, a flood, more track, less to spend."""
    s = ondrey_nearly_closed()
    check_each_change(
        paths.build_menu,
        s,
        [
            ("a player leaving", lambda: s["out"].append(3)),
            ("a card naming Larkmere", lambda: to_hand(s, 0, demand_cards(city="Larkmere")[0][0])),
            ("a flood", lambda: s["events"].append(flood("Amber"))),
            ("more track", lambda: lay(s, 0, (20, 10), (21, 9))),
            ("less to spend", lambda: s["players"][0].update(built=18)),
        ],
    )


def test_the_ready_made_builds_are_each_seats_own():
    """Two seats with the same budget and cards get each its own builds and ways."""
    s = velmora_line()
    lay(s, 1, *reversed(VELMORA_LARKMERE))
    lay(s, 1, (22, 7), (23, 7))  # Player 2 from Velmora to Larkmere and on east
    for fn in (paths.build_menu, paths.full_builds):
        mine = fn(s, 0)
        assert fn(s, 1) != mine
        assert same_as_fresh(fn, s, 1) == fn(s, 1)


def test_the_whole_ways_are_the_positions_own():
    """The cheapest whole ways change with the seat's track and with a flood."""
    s = velmora_line()
    check_each_change(
        paths.full_builds,
        s,
        [
            ("more track", lambda: lay(s, 0, (22, 9), (22, 10))),
            ("another's track", lambda: lay(s, 1, (22, 10), (21, 11))),
            ("a flood", lambda: s["events"].append(flood("Amber"))),
        ],
    )


@pytest.mark.parametrize("fn", [paths.move_menu, paths.move_routes])
def test_the_moves_are_the_positions_own(fn):
    """The moves of one position are never served for another: the train's mileposts left, its
    cash, the fees paid, its place, a rail strike, the owner leaving, more track."""
    s = long_and_short()
    s["players"][0]["moves"] = 5  # Player 2's track gets there this turn
    check_each_change(
        fn,
        s,
        [
            ("fewer mileposts", lambda: s["players"][0].update(moves=3)),
            ("more mileposts", lambda: s["players"][0].update(moves=5)),
            ("less cash than the fee", lambda: s["players"][0].update(cash=3)),
            ("the fee paid", lambda: s["players"][0].update(fees=[1])),
            ("a strike on Player 2's track", lambda: s["events"].append(strike(1))),
            ("the strike over", lambda: s["events"].clear()),
            ("the fee not paid", lambda: s["players"][0].update(fees=[])),
            ("Player 2 gone: no fee", lambda: s["out"].append(1)),
            ("elsewhere", lambda: s["players"][0].update(pos=node(22, 7))),
            ("more track", lambda: lay(s, 0, (22, 7), (23, 7), (24, 7), (25, 7), (26, 8), (26, 9))),  # to Thornwick
        ],
    )


def test_the_move_menus_answer_follows_the_cards():
    """A city out of reach is offered while a card makes it matter, and not once it is gone."""
    s = long_and_short()
    s["players"][0]["moves"] = 3
    check_each_change(paths.move_menu, s, [("no card", lambda: s["players"][0]["hand"].clear())])


def test_a_ready_made_build_may_join_own_track_that_already_reaches_the_city():
    """Own track costs nothing to use: Player 1's spur from (23, 9) into Thornwick, one clear section
    from the end of its line, makes Thornwick 1 away, and the build toward it is that section,
    then on over the spur."""
    s = velmora_line()
    spur = [(23, 9), (24, 9), (25, 9), (26, 9)]
    lay(s, 0, *spur)
    way = [node(22, 9)] + [node(*p) for p in spur]
    assert paths.full_builds(s, 0)[city("Thornwick")] == way and cost_of(s, 0, way) == 1
    assert paths.build_toward(s, 0, city("Thornwick")) == way


def ondrey_entries_but(*left) -> list[int]:
    """Every entry into Ondrey (a section from one of its mileposts to one outside) but those named."""
    ondrey = posts("Ondrey")
    keep = {edge(node(*a), node(*b)) for a, b in left}
    entries = {edge(a, b) for a in ondrey for b, _c, _e in ADJ[a] if b not in ondrey}
    return sorted(entries - keep)


def test_a_single_section_out_of_a_major_city_may_not_block_it_either():
    """With 1 to spend, the build out of Ondrey (on Player 1's network) toward Saltmere is the one
    section (20, 14)-(20, 15): it takes one of the two free entries while two players still wait,
    so it is not offered; with one player waiting it is."""
    s = blank("standard", 4)
    lay(s, 0, (20, 10), (20, 11), (20, 12))  # Player 1 into Ondrey from the north
    s["players"][1]["track"] = ondrey_entries_but(((20, 11), (20, 12)), ((20, 14), (20, 15)), ((19, 13), (18, 13)))
    s["players"][0]["cash"] = 1
    salt = city("Saltmere")
    assert paths.full_builds(s, 0)[salt][:2] == [node(20, 14), node(20, 15)]
    assert paths.build_toward(s, 0, salt) is None
    s["out"].append(3)
    empty_caches()
    assert paths.build_toward(s, 0, salt) == [node(20, 14), node(20, 15)]


def test_joining_own_track_into_a_major_city_takes_none_of_its_entries():
    """Player 1's own spur (21, 11)-(21, 12) already enters Ondrey: the build joining it from the
    line's end builds no entry of Ondrey, so it is offered even though two free entries are all
    that is left for the two players still to come."""
    s = blank("standard", 4)
    lay(s, 0, (22, 4), (22, 5), (22, 6), (22, 7), (22, 8), (22, 9))
    lay(s, 0, (21, 11), (21, 12))
    s["players"][1]["track"] = ondrey_entries_but(((21, 11), (21, 12)), ((20, 14), (20, 15)), ((19, 13), (18, 13)))
    way = [node(22, 9), node(22, 10), node(21, 11), node(21, 12), node(20, 13)]
    assert paths.full_builds(s, 0)[city("Ondrey")] == way
    assert paths.build_toward(s, 0, city("Ondrey")) == way


def test_a_major_city_out_of_reach_has_no_way():
    """Player 2 holds every entry into Saltmere but the three into the mountains at (32, 21) and
    (32, 22) (three players: two entries left for the two still to come); snow around Saltmere
    closes those mountains. Player 1, with no track, has no way to Saltmere from the other majors."""
    s = blank("standard", 3)
    saltmere = posts("Saltmere")
    mountains = {node(32, 21), node(32, 22)}
    s["players"][1]["track"] = sorted(
        {edge(a, b) for a in saltmere for b, _c, _e in ADJ[a] if b not in saltmere and b not in mountains}
    )
    salt = city("Saltmere")
    assert mountains & set(paths.full_builds(s, 0)[salt])  # in over the mountains
    s["events"].append(snow("Saltmere"))
    empty_caches()
    assert paths.full_builds(s, 0)[salt] is None
    assert paths.build_toward(s, 0, salt) is None


def test_a_train_that_has_moved_moves_on():
    """After a first move (or a pickup) the train moves on with the mileposts it has left."""
    s = velmora_line(stage="move")
    assert paths.move_menu(s, 0) == [
        {"type": "move", "path": [list(p) for p in VELMORA_LARKMERE], "toward": "Larkmere"}
    ]


def wyvern_spur():
    """Player 1's train at (22, 6), between Velmora and Larkmere, with 1 milepost left; its track
    also runs on from Velmora toward Wyvern Gap, out of reach."""
    s = blank("standard", 2)
    lay(s, 0, *VELMORA_LARKMERE)
    link(s, 0, "Velmora", "Wyvern Gap")
    s["players"][0].update(pos=node(22, 6), moves=1)
    return s


TO_VELMORA = {"type": "move", "path": [[22, 6], [22, 5]], "toward": "Velmora"}
TO_LARKMERE = {"type": "move", "path": [[22, 6], [22, 7]], "toward": "Larkmere"}


def test_a_city_that_does_not_matter_out_of_reach_is_skipped_and_the_rest_offered():
    """Wyvern Gap (out of reach, on no card) is not headed for; Velmora (a major city) is, and
    Larkmere, in reach, is offered after both."""
    s = wyvern_spur()
    assert [c for c, _p in paths.move_routes(s, 0)] == [city("Velmora"), city("Wyvern Gap"), city("Larkmere")]
    assert paths.move_menu(s, 0) == [TO_VELMORA, TO_LARKMERE]


def test_the_same_move_toward_two_cities_is_offered_once():
    """Once Wyvern Gap matters (a card naming it), its move is the same first milepost as
    Velmora's: offered once (toward Velmora, the first), and Larkmere's after it."""
    s = wyvern_spur()
    to_hand(s, 0, demand_cards(city="Wyvern Gap")[0][0])
    routes = dict(paths.move_routes(s, 0))
    assert routes[city("Wyvern Gap")] == routes[city("Velmora")]
    assert paths.move_menu(s, 0) == [TO_VELMORA, TO_LARKMERE]


def test_a_move_whose_fee_the_cash_does_not_pay_is_skipped_and_the_rest_offered():
    """Velmora is reached only over Player 2's track, and 3 in cash does not pay its fee; Larkmere,
    on Player 1's own track, is still offered."""
    s = blank("standard", 2)
    lay(s, 1, *VELMORA_LARKMERE[:3])
    lay(s, 0, *VELMORA_LARKMERE[2:])
    s["players"][0].update(pos=node(22, 5), cash=3)
    assert paths.move_routes(s, 0) == [(city("Larkmere"), [node(22, 5), node(22, 6), node(22, 7)])]


def test_the_fee_is_owed_to_the_others_only():
    """A route over own track and then Player 2's owes one fee, 4: 4 in cash pays it."""
    s = blank("standard", 2)
    lay(s, 0, *VELMORA_LARKMERE[:3])
    lay(s, 1, *VELMORA_LARKMERE[2:])
    s["players"][0].update(pos=at("Velmora"), cash=4)
    assert paths.move_routes(s, 0) == [(city("Larkmere"), [node(*p) for p in VELMORA_LARKMERE])]


def test_out_of_reach_on_others_track_only_if_the_fee_is_paid():
    """Heading along Player 2's track (no own way) owes its fee too: not with 3 in cash."""
    s = blank("standard", 2)
    lay(s, 1, *VELMORA_LARKMERE)
    to_hand(s, 0, demand_cards(city="Larkmere")[0][0])
    s["players"][0].update(pos=at("Velmora"), moves=2, cash=3)
    assert paths.move_routes(s, 0) == []


@pytest.mark.parametrize(
    "moves, way",
    [(6, LONG_WAY), (4, VELMORA_LARKMERE)],
)
def test_the_own_way_or_the_others_at_exactly_the_mileposts_left(moves, way):
    """With 6 mileposts the own way (6) gets there this turn: it is taken. With 4, only Player 2's
    (4) does: it is taken rather than heading along the own way."""
    s = long_and_short()
    s["players"][0]["moves"] = moves
    assert dict(paths.move_routes(s, 0))[city("Larkmere")] == [node(*p) for p in way]


def test_between_equal_routes_the_one_over_less_of_others_track():
    """From (22, 3), in Velmora, to Larkmere two routes are 4 mileposts: through Velmora and over
    three sections of Player 2's track, or over three of Player 1's own and one of Player 3's. Own
    track is no one else's: the second uses less of others' track, and it is the move."""
    s = blank("standard", 3)
    lay(s, 1, (22, 4), (22, 5), (22, 6), (22, 7))
    mine = [(22, 3), (23, 4), (23, 5), (23, 6)]
    lay(s, 0, *mine)
    lay(s, 2, (23, 6), (22, 7))
    s["players"][0]["pos"] = node(22, 3)
    way = [node(*p) for p in [*mine, (22, 7)]]
    assert dict(paths.move_routes(s, 0))[city("Larkmere")] == way


@pytest.mark.parametrize("first", [(22, 4), (21, 4)])
def test_between_equally_near_mileposts_of_a_city_the_first_found(first):
    """From (21, 5) two of Velmora's mileposts, (22, 4) and (21, 4), are one section away along
    Player 1's track: the move ends at the one the search reaches first, along the section laid
    first (the menu depends on the position alone)."""
    s = blank("standard", 2)
    other = (21, 4) if first == (22, 4) else (22, 4)
    lay(s, 0, (21, 5), first)
    lay(s, 0, (21, 5), other)
    s["players"][0]["pos"] = node(21, 5)
    assert dict(paths.move_routes(s, 0))[city("Velmora")] == [node(21, 5), node(*first)]
