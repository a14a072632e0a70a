"""The shape of a game: initial building, winning, the round limit, resigning, views, bots."""

import json

import pytest

from games.rules.base import Rng
from games.rules.crayon_rails import network as net
from games.rules.crayon_rails.cards import DEMANDS
from games.rules.crayon_rails.engine import ENGINE
from games.rules.simulate import simulate

from .helpers import act, at, blank, demand_cards, legal, link, lock, on_top, plain_cards, to_hand

FIVE = ("Harrowgate", "Velmora", "Caskerton", "Ondrey", "Saltmere")


def test_two_initial_building_turns_in_order_then_reversed():
    s = ENGINE.new_state({"mode": "standard"}, 3, "order")
    assert s["phase"] == "build" and all(p["cash"] == 50 for p in s["players"])
    seen = []
    while s["phase"] == "build":
        seat = ENGINE.to_act(s)[0]
        seen.append(seat)
        act(s, seat, "end_turn")
    assert seen == [0, 1, 2, 2, 1, 0]
    assert (s["phase"], s["turn"], s["round"]) == ("play", 0, 1)
    assert s["players"][0]["moves"] == 9 and legal(s, 0, "place_train")


def test_winning_takes_the_cash_and_all_but_one_major_city_linked():
    s = blank("standard", 2)
    link(s, 0, *FIVE[:4])
    assert net.connected_majors(s["players"][0]["track"]) == 4
    cid, d = demand_cards(good="Grain", city="Calder Mills")[0]
    to_hand(s, 0, cid)
    s["players"][0].update(cash=240, pos=at("Calder Mills"), loads=["Grain"])
    on_top(s, *plain_cards(1, exclude=[cid]))
    act(s, 0, "deliver", card=cid, demand=d)
    assert s["players"][0]["cash"] >= 250 and ENGINE.result(s) is None  # 4 majors only
    link(s, 0, "Ondrey", "Saltmere")
    s["players"][0]["cash"] = 249
    act(s, 0, "end_turn")
    assert ENGINE.result(s) is None  # 249 is not enough
    act(s, 1, "end_turn")
    s["players"][0]["cash"] = 250
    act(s, 0, "end_turn")
    result = ENGINE.result(s)
    assert result["winners"] == [0] and result["ranking"][0] == 0
    assert ENGINE.to_act(s) == [] and ENGINE.legal_actions(s, 0) == []


def test_no_win_while_holding_a_locked_load():
    """The variant's proviso: the cash and the cities are not enough with a load locked."""
    s = blank("public", 2)
    link(s, 0, *FIVE)
    first, second = [c for c, _d in demand_cards(good="Grain")][:2]
    d1 = next(d for d, (g, _c, _p) in enumerate(DEMANDS[first]) if g == "Grain")
    d2 = next(d for d, (g, _c, _p) in enumerate(DEMANDS[second]) if g == "Grain")
    on_top(s, *plain_cards(6, exclude=[first, second]))
    s["pool"] = [first, second]
    s["deck"] = [c for c in s["deck"] if c not in (first, second)]
    p = s["players"][0]
    p.update(cash=245, pos=at(DEMANDS[first][d1][1]), loads=["Grain", "Grain"])
    lock(s, 0, first, d1)
    lock(s, 0, second, d2)
    act(s, 0, "deliver", card=first, demand=d1)
    assert p["cash"] >= 250 and ENGINE.result(s) is None
    act(s, 0, "end_turn")
    act(s, 1, "end_turn")
    assert ENGINE.result(s) is None
    p["pos"] = at(DEMANDS[second][d2][1])
    act(s, 0, "deliver", card=second, demand=d2)
    assert ENGINE.result(s)["winners"] == [0]


def test_the_round_limit_crowns_the_richest_player_with_the_cities_linked():
    s = blank("standard", 3, max_rounds=2)
    link(s, 2, *FIVE)
    for p, cash in zip(s["players"], (200, 150, 120)):
        p["cash"] = cash
    for _ in range(2):
        for seat in range(3):
            act(s, seat, "end_turn")
    result = ENGINE.result(s)
    assert result["winners"] == [2] and "round limit" in result["reason"]
    assert result["ranking"] == [2, 0, 1]
    s = blank("standard", 2, max_rounds=1)
    s["players"][1]["cash"] = 60
    act(s, 0, "end_turn")
    act(s, 1, "end_turn")
    assert ENGINE.result(s)["winners"] == [1]  # nobody linked: the richest


def test_a_resigned_player_never_acts_and_its_track_rides_free():
    s = blank("standard", 3)
    to_hand(s, 1, *plain_cards(3))
    s["players"][1]["track"] = []
    from .helpers import lay

    lay(s, 1, (22, 4), (22, 5), (22, 6))
    events = ENGINE.resign(s, 1)
    assert "leaves the game" in events[0]["public"]["text"]
    assert s["players"][1]["hand"] == [] and len(s["discard"]) == 3
    act(s, 0, "end_turn")
    assert ENGINE.to_act(s) == [2]
    s["players"][2]["pos"] = at("Velmora")
    act(s, 2, "move", path=[[21, 3], [22, 4], [22, 5], [22, 6]])
    assert s["players"][2]["cash"] == 50
    ENGINE.resign(s, 2)
    assert ENGINE.result(s)["winners"] == [0]


def test_views_show_no_other_hand_and_no_deck():
    s = blank("standard", 3)
    to_hand(s, 1, "D010", "D011", "D012")
    for viewer in (None, 0, 2):
        dumped = json.dumps(ENGINE.view(s, viewer))
        assert not any(cid in dumped for cid in ("D010", "D011", "D012"))
        assert s["deck"][-1] not in dumped and "scenario" not in dumped
    mine = ENGINE.view(s, 1)
    assert [c["id"] for c in mine["hand"]] == ["D010", "D011", "D012"]
    assert mine["players"][1]["hand_count"] == 3 and mine["deck_count"] == len(s["deck"])
    assert {
        "mode",
        "phase",
        "turn",
        "round",
        "players",
        "pool",
        "hand",
        "chips",
        "events_in_force",
        "deck_count",
        "discard_count",
    } <= set(mine)


def test_the_default_action_is_a_pass():
    s = blank("standard", 2)
    assert ENGINE.default_action(s, 0) == {"type": "end_turn"}
    s = ENGINE.new_state({}, 2, "draft")
    assert ENGINE.default_action(s, 0) == {"type": "keep_done"}


@pytest.mark.parametrize("mode", ["public", "standard"])
def test_bots_play_whole_games(mode):
    report = simulate(ENGINE, games=2, players=3, seed="flow", options={"mode": mode})
    assert report["finished"] == 2 and report["errors"] == 0 and report["illegal_actions"] == 0


def test_standard_hands_are_three_demand_cards():
    s = ENGINE.new_state({"mode": "standard"}, 4, "hands")
    for p in s["players"]:
        assert len(p["hand"]) == 3 and all(c in DEMANDS for c in p["hand"])
    assert not s["set_aside"] and s["pool"] == []


def test_the_menu_depends_on_the_position_alone():
    """Email menus are numbered: the same position must give the same menu in any process,
    whatever the search caches saw before."""
    from games.rules.crayon_rails import network

    s = ENGINE.new_state({"mode": "public"}, 3, "menu")
    rnd = Rng.stream(3)
    menus = []
    for step in range(400):
        if ENGINE.result(s) is not None:
            break
        seat = ENGINE.to_act(s)[0]
        if step % 25 == 0:
            menus.append((json.dumps(s), seat, ENGINE.legal_actions(s, seat)))
        ENGINE.apply(s, seat, ENGINE.bot_action(s, seat, rnd))
    assert len(menus) >= 10
    for dumped, seat, menu in menus:
        network._CACHE.clear()
        network._LAST_SEARCH.clear()
        assert ENGINE.legal_actions(json.loads(dumped), seat) == menu


def test_every_end_of_turn_says_so_and_the_next_turn_reads_round_first():
    """No empty log line at the end of a building turn (#27); "Round 1: Player 1's turn.", not
    "Player 3: Player 1's turn (round 1).", once the building is over."""
    s = ENGINE.new_state({"mode": "standard"}, 2, "words")
    said = []
    while s["phase"] == "build":
        seat = ENGINE.to_act(s)[0]
        events = ENGINE.apply(s, seat, {"type": "end_turn"})
        texts = [e["public"]["text"] for e in events if e["public"].get("text")]
        assert texts and texts[0] == f"Player {seat + 1} ends the turn."
        said += texts
    assert said[-1] == "Round 1: Player 1's turn."
