"""Building track: prices, the 20 a turn, where track may start, shared cities, majors, upgrades."""

import json

import pytest

from games.rules.base import IllegalAction
from games.rules.crayon_rails import board
from games.rules.crayon_rails.board import CITY_INDEX, CITY_LIST, edge, node
from games.rules.crayon_rails.engine import ENGINE

from .helpers import act, begin, blank, lay, legal

ONDREY_IN = [[19, 13], [18, 13], [18, 14], [19, 14], [20, 14]]  # out of Ondrey and back in


def build(state, seat, *points):
    return act(state, seat, "build", path=[list(p) for p in points])


def test_prices_clear_mountain_alpine_and_a_river():
    s = blank("standard", 2)
    assert s["players"][0]["cash"] == 50
    build(s, 0, (20, 3), (19, 3), (18, 3))  # Velmora: mountain 2, alpine 5
    assert s["players"][0]["cash"] == 43
    begin(s, 0)
    assert board.RIVER_OF[edge(node(18, 13), node(17, 13))] == "Amber"
    build(s, 0, (19, 13), (18, 13), (17, 13))  # Ondrey: clear 1, clear 1 + river 2
    assert s["players"][0]["cash"] == 39
    assert len(s["players"][0]["track"]) == 4


def test_small_cities_cost_3_and_major_cities_5():
    s = blank("standard", 2)
    build(s, 0, (22, 4), (22, 5), (22, 6), (22, 7))  # Velmora to Larkmere (small): 1 + 1 + 3
    assert s["players"][0]["cash"] == 45
    for a, b in zip(ONDREY_IN, ONDREY_IN[1:]):
        assert edge(node(*a), node(*b)) not in board.RIVER_OF
    build(s, 0, *ONDREY_IN)  # 1 + 1 + 1, then into Ondrey 5
    assert s["players"][0]["cash"] == 37


def test_at_most_20_a_turn():
    s = blank("standard", 2)
    s["players"][0]["cash"] = 100
    with pytest.raises(IllegalAction, match="only 20"):
        # 2 + 5 + 5 + 5 + 2 + 2 = 21 along the Greywall
        build(s, 0, (20, 3), (19, 3), (18, 3), (17, 3), (17, 4), (16, 4), (15, 4))
    build(s, 0, (20, 3), (19, 3), (18, 3), (17, 3), (17, 4))  # 17
    with pytest.raises(IllegalAction, match="only 3 more"):
        build(s, 0, (17, 4), (16, 4), (15, 4))  # 4 more
    build(s, 0, (17, 4), (16, 4))  # 2 more: 19
    assert s["players"][0]["built"] == 19 and s["players"][0]["cash"] == 81
    assert all(a["path"] and ENGINE.build_cost(s, 0, a) <= 1 for a in legal(s, 0, "build"))


def test_track_starts_at_a_major_city_or_on_own_track():
    s = blank("standard", 2)
    before = json.dumps(s, sort_keys=True)
    with pytest.raises(IllegalAction, match="major city or on your own track"):
        build(s, 0, (10, 10), (11, 10))
    assert json.dumps(s, sort_keys=True) == before
    build(s, 0, (22, 4), (22, 5))
    build(s, 0, (22, 5), (22, 6))  # on from the end of its own track
    begin(s, 1)
    with pytest.raises(IllegalAction, match="major city or on your own track"):
        build(s, 1, (22, 6), (22, 7))  # not from somebody else's


def test_nobody_builds_over_another_players_track():
    s = blank("standard", 2)
    lay(s, 1, (22, 4), (22, 5), (22, 6))
    with pytest.raises(IllegalAction, match="Player 2 already has track"):
        build(s, 0, (22, 4), (22, 5))
    build(s, 0, (21, 4), (21, 5), (22, 6))  # alongside is fine, and through its milepost
    assert s["players"][0]["cash"] == 48


def test_a_small_city_takes_track_from_two_players():
    s = blank("standard", 3)
    lay(s, 1, (22, 4), (22, 5), (22, 6), (22, 7))
    lay(s, 2, (22, 7), (23, 7))
    with pytest.raises(IllegalAction, match="Larkmere already has track from 2 players"):
        build(s, 0, (21, 4), (21, 5), (21, 6), (21, 7), (22, 7))
    s["players"][2]["track"] = []
    build(s, 0, (21, 4), (21, 5), (21, 6), (21, 7), (22, 7))
    lay(s, 1, (22, 7), (22, 8))  # a player already there may add more
    assert ENGINE.check_build(s, 1, [node(22, 8), node(23, 8)])


def test_a_medium_city_takes_track_from_three_players():
    s = blank("standard", 4)
    wyvern = [18, 7]
    lay(s, 1, (19, 6), wyvern)
    lay(s, 2, (19, 7), wyvern)
    lay(s, 3, (19, 8), wyvern)
    s["players"][0]["cash"] = 100
    with pytest.raises(IllegalAction, match="Wyvern Gap already has track from 3 players"):
        build(s, 0, (20, 3), (20, 4), (19, 5), (18, 5), (18, 6), wyvern)
    s["players"][3]["track"] = []
    build(s, 0, (20, 3), (20, 4), (19, 5), (18, 5), (18, 6), wyvern)


def test_nobody_may_block_a_major_city():
    s = blank("standard", 3)
    ondrey = CITY_LIST[CITY_INDEX["Ondrey"]]["posts"]
    entries = sorted(edge(a, b) for a in ondrey for b in board.NEIGHBOURS[a] if b not in ondrey)
    assert len(entries) == 18
    s["players"][1]["track"] = entries[:-2]  # Player 2 took all but two entries
    last_two = [board.edge_nodes(e) for e in entries[-2:]]
    a, b = last_two[0]
    build(
        s, 0, *[board.xy(n) for n in (a, b)] if a in ondrey else [board.xy(n) for n in (b, a)]
    )  # one left, and Player 3 is not there yet
    a, b = last_two[1]
    path = [a, b] if a in ondrey else [b, a]
    with pytest.raises(IllegalAction, match="would block Ondrey"):
        ENGINE.check_build(s, 0, path)
    s["players"][2]["track"] = [edge(*path)]  # once Player 3 is in, nobody waits for it
    s["players"][1]["track"].append(edge(*last_two[0]))
    s["players"][0]["track"] = []
    assert ENGINE._blocked_major(s, 0, [edge(node(22, 13), node(23, 13))]) is None


def test_the_builder_itself_is_not_among_those_a_major_city_waits_for():
    """Nobody may block a major city: the entries left must be at least the OTHER players
    without track there. Player 2 holds 16 of Ondrey's 18 entries; Player 3 takes one of the
    two left, which leaves one for Player 1, the only other player not there yet."""
    s = blank("standard", 3)
    ondrey = CITY_LIST[CITY_INDEX["Ondrey"]]["posts"]
    entries = sorted(edge(a, b) for a in ondrey for b in board.NEIGHBOURS[a] if b not in ondrey)
    s["players"][1]["track"] = entries[:-2]
    assert ENGINE._blocked_major(s, 2, [entries[-1]]) is None
    # Player 1 taking both would leave none for Player 3
    assert ENGINE._blocked_major(s, 0, entries[-2:]) == CITY_INDEX["Ondrey"]


def test_upgrade_instead_of_building():
    s = blank("standard", 2)
    s["players"][0]["cash"] = 60
    assert {a["train"] for a in legal(s, 0, "upgrade")} == {"fast", "heavy"}
    act(s, 0, "upgrade", train="fast")
    p = s["players"][0]
    assert (p["train"], p["cash"]) == ("fast", 40)
    with pytest.raises(IllegalAction, match="upgraded your train this turn"):
        build(s, 0, (22, 4), (22, 5))
    assert not legal(s, 0, "build")
    act(s, 0, "end_turn")
    act(s, 1, "end_turn")
    assert p["moves"] == 12
    assert [a["train"] for a in legal(s, 0, "upgrade")] == ["super"]
    view = ENGINE.view(s, 0)["players"][0]["train"]
    assert (view["speed"], view["capacity"]) == (12, 2)


def test_no_upgrade_after_building_and_none_in_the_first_turns():
    s = blank("standard", 2)
    build(s, 0, (22, 4), (22, 5))
    assert not legal(s, 0, "upgrade")
    with pytest.raises(IllegalAction, match="instead of building"):
        act(s, 0, "upgrade", train="heavy")
    s = ENGINE.new_state({"mode": "standard"}, 2, "first turns")
    assert s["phase"] == "build"
    assert {a["type"] for a in ENGINE.legal_actions(s, 0)} == {"end_turn", "build"}


def test_any_rules_valid_path_is_accepted_and_bad_ones_change_nothing():
    s = blank("standard", 2)
    path = [[21, 4], [20, 5], [20, 6], [19, 7]]
    assert {"type": "build", "path": path} not in legal(s, 0, "build")
    build(s, 0, *path)
    assert len(s["players"][0]["track"]) == 3
    before = json.dumps(s, sort_keys=True)
    for bad, why in [
        ([[19, 7], [21, 7]], "not neighbours"),
        ([[19, 7], [90, 7]], "no milepost"),
        ([[19, 7]], "at least two"),
        ("north", "at least two"),
        ([[19, 7], [19.5, 8]], "whole numbers"),
    ]:
        with pytest.raises(IllegalAction, match=why):
            act(s, 0, "build", path=bad)
    with pytest.raises(IllegalAction, match="nothing new"):
        build(s, 0, (19, 7), (20, 6), (20, 5))
    with pytest.raises(IllegalAction, match="path and nothing else"):
        act(s, 0, "build", path=[[19, 7], [19, 8]], cost=0)
    assert json.dumps(s, sort_keys=True) == before


def test_the_menu_offers_affordable_builds_toward_the_cities_that_matter():
    s = blank("standard", 2)
    from .helpers import to_hand

    to_hand(s, 0, "D001", "D002", "D003")
    builds = legal(s, 0, "build")
    assert builds
    towards = {a["toward"] for a in builds}
    assert "Jessamy" in towards  # D001: Iron to Jessamy
    for a in builds:
        cost = ENGINE.build_cost(s, 0, a)
        assert 0 < cost <= 20


def test_a_path_through_a_major_city_uses_two_of_its_entries():
    """Nobody may block a major city (shared/rules/README.md): a path in and out of Ondrey takes two
    of its entries, whichever end of each section is the city's; the players waiting are those with
    no track in it yet. Player 2 holds all of Ondrey's entries but three; Players 3 and 4 wait."""
    s = blank("standard", 4)
    ondrey = CITY_LIST[CITY_INDEX["Ondrey"]]["posts"]
    down = [(20, 11), (20, 12), (20, 13), (20, 14), (20, 15)]  # in from the north, out to the south
    into, out_of = edge(node(*down[0]), node(*down[1])), edge(node(*down[3]), node(*down[4]))
    assert board.edge_nodes(into)[1] in ondrey and board.edge_nodes(out_of)[0] in ondrey
    left = {into, out_of, edge(node(19, 13), node(18, 13))}
    s["players"][1]["track"] = sorted(edge(a, b) for a in ondrey for b in board.NEIGHBOURS[a] if b not in ondrey)
    s["players"][1]["track"] = [e for e in s["players"][1]["track"] if e not in left]
    lay(s, 0, (20, 10), (20, 11))
    path = [node(*pt) for pt in down]
    with pytest.raises(IllegalAction, match="would block Ondrey"):  # 3 - 2 entries for 2 waiting
        ENGINE.check_build(s, 0, path)
    assert ENGINE.check_build(s, 0, path[:2]) == (5, [into])  # 3 - 1 for 2: one each
    assert ENGINE.check_build(s, 0, path[2:]) == (1, [out_of])


def test_a_ready_made_build_is_the_part_of_its_path_this_turn_pays_from_where_new_track_starts():
    """The menu's build toward a city (paths.affordable): from the first section to build (not over
    the city's own track or the seat's), as far as the budget pays to the last unit."""
    out_of_velmora = [node(21, 3), node(20, 3), node(19, 3), node(18, 3)]  # city track, mountain 2, alpine 5
    assert ENGINE.affordable(out_of_velmora, set(), 7) == out_of_velmora[1:]
    assert ENGINE.affordable(out_of_velmora, set(), 6) == out_of_velmora[1:3]
    assert ENGINE.affordable(out_of_velmora, set(), 2) == out_of_velmora[1:3]
    assert ENGINE.affordable(out_of_velmora, set(), 1) is None  # not even the mountain
    own = {edge(node(20, 3), node(19, 3))}
    assert ENGINE.affordable(out_of_velmora, own, 5) == out_of_velmora[2:]
    assert ENGINE.affordable(out_of_velmora, own, 4) is None
    assert ENGINE.affordable(out_of_velmora[:3], own, 20) is None  # nothing new to build
    assert ENGINE.affordable(out_of_velmora[1:], set(), 1) is None  # its very first section too dear
    further = [*out_of_velmora, node(17, 3)]  # and alpine 5 more: 12 in all
    assert ENGINE.affordable(further, set(), 10) == further[1:4]  # 2 + 5, and 5 more is 12
    assert ENGINE.affordable(further, set(), 12) == further[1:]
    over_the_amber = [node(19, 13), node(18, 13), node(17, 13)]  # out of Ondrey: clear 1, clear 1 + river 2
    assert ENGINE.affordable(over_the_amber, set(), 3) == over_the_amber[:2]
    assert ENGINE.affordable(over_the_amber, set(), 4) == over_the_amber
