"""Trains: placing, moving along track, track fees; loads: pickup, chips, delivery, dropping."""

import pytest

from games.rules.base import IllegalAction
from games.rules.crayon_rails.board import GOODS, node
from games.rules.crayon_rails.cards import DEMANDS
from games.rules.crayon_rails.engine import ENGINE

from .helpers import act, at, begin, blank, demand_cards, lay, legal, on_top, plain_cards, to_hand

VELMORA_LARKMERE = [[21, 3], [22, 4], [22, 5], [22, 6], [22, 7]]


def moved(state, seat, path):
    return act(state, seat, "move", path=path)


def test_the_train_starts_on_any_city_then_runs_on_track():
    s = blank("standard", 2)
    lay(s, 0, (22, 4), (22, 5), (22, 6), (22, 7))
    places = legal(s, 0, "place_train")
    assert len(places) == 37 and not legal(s, 0, "move")
    act(s, 0, "place_train", city="Velmora")
    assert not legal(s, 0, "place_train")
    moved(s, 0, VELMORA_LARKMERE)  # city track in Velmora, then own track
    p = s["players"][0]
    assert p["pos"] == node(22, 7) and p["moves"] == 5 and p["cash"] == 50


def test_a_freight_moves_9_mileposts_a_turn():
    s = blank("standard", 2)
    lay(s, 0, (22, 4), (22, 5), (22, 6), (22, 7), (22, 8), (22, 9), (22, 10), (22, 11), (22, 12), (22, 13))
    s["players"][0]["pos"] = at("Velmora")
    path = [[21, 3], [22, 4], [22, 5], [22, 6], [22, 7], [22, 8], [22, 9], [22, 10], [22, 11], [22, 12], [22, 13]]
    with pytest.raises(IllegalAction, match="10 mileposts; your train has 9"):
        moved(s, 0, path)
    moved(s, 0, path[:6])
    with pytest.raises(IllegalAction, match="has 4 left"):
        moved(s, 0, path[5:])
    moved(s, 0, path[5:10])
    assert s["players"][0]["moves"] == 0 and not legal(s, 0, "move")


def test_trains_run_only_on_track():
    s = blank("standard", 2)
    lay(s, 0, (22, 4), (22, 5))
    s["players"][0]["pos"] = at("Velmora")
    with pytest.raises(
        IllegalAction,
        match="no track between the milepost just south-east of Velmora and the milepost just north-west of Larkmere",
    ):
        moved(s, 0, [[21, 3], [22, 4], [22, 5], [22, 6]])
    with pytest.raises(IllegalAction, match="starts where your train stands"):
        moved(s, 0, [[22, 4], [22, 5]])


def test_other_players_track_costs_4_to_each_owner_once_a_turn():
    s = blank("standard", 3)
    lay(s, 1, (22, 4), (22, 5), (22, 6))
    lay(s, 2, (22, 6), (22, 7))
    s["players"][0]["pos"] = at("Velmora")
    moved(s, 0, VELMORA_LARKMERE)
    cash = [p["cash"] for p in s["players"]]
    assert cash == [42, 54, 54]
    moved(s, 0, [[22, 7], [22, 6], [22, 5]])  # back over both: paid already this turn
    assert [p["cash"] for p in s["players"]] == cash
    act(s, 0, "end_turn")
    for seat in (1, 2):
        act(s, seat, "end_turn")
    moved(s, 0, [[22, 5], [22, 6]])  # a new turn: Player 2 is paid again
    assert [p["cash"] for p in s["players"]] == [38, 58, 54]


def test_no_riding_on_others_track_without_the_fee():
    s = blank("standard", 2)
    lay(s, 1, (22, 4), (22, 5))
    s["players"][0].update(pos=at("Velmora"), cash=3)
    with pytest.raises(IllegalAction, match="costs 4 in fees and you have 3"):
        moved(s, 0, [[21, 3], [22, 4], [22, 5]])
    assert all(len(a["path"]) < 3 or a["path"][2] != [22, 5] for a in legal(s, 0, "move"))


def test_no_moving_or_loading_after_building():
    s = blank("standard", 2)
    lay(s, 0, (22, 4), (22, 5), (22, 6), (22, 7))
    s["players"][0]["pos"] = node(22, 7)
    act(s, 0, "build", path=[[22, 7], [22, 8]])
    with pytest.raises(IllegalAction, match="built or upgraded this turn"):
        moved(s, 0, [[22, 7], [22, 6]])
    with pytest.raises(IllegalAction, match="no more moving, loading"):
        act(s, 0, "pickup", good="Grain")
    assert not legal(s, 0, "move") and not legal(s, 0, "pickup")


def test_pickup_at_a_supplying_city_with_room_and_chips():
    s = blank("standard", 3)
    s["players"][0]["pos"] = at("Larkmere")  # supplies Grain
    with pytest.raises(IllegalAction, match="does not supply Coal"):
        act(s, 0, "pickup", good="Coal")
    act(s, 0, "pickup", good="Grain")
    act(s, 0, "pickup", good="Grain")
    with pytest.raises(IllegalAction, match="carries 2 loads and is full"):
        act(s, 0, "pickup", good="Grain")
    s["players"][0]["loads"] = ["Grain"]
    s["players"][1]["loads"] = ["Grain", "Grain"]
    s["players"][2]["loads"] = ["Grain", "Grain"]
    assert GOODS["Grain"] == 5
    assert ENGINE.view(s, 0)["chips"]["Grain"] == 0
    with pytest.raises(IllegalAction, match="All the Grain loads are on trains"):
        act(s, 0, "pickup", good="Grain")


def test_a_delivery_pays_discards_the_card_and_draws_another():
    s = blank("standard", 2)
    cid, d = demand_cards(good="Grain")[0]
    good, city, pay = DEMANDS[cid][d]
    to_hand(s, 0, cid)
    nxt = plain_cards(1, exclude=[cid])[0]
    on_top(s, nxt)
    s["players"][0].update(pos=at(city), loads=["Grain", "Coal"])
    events = act(s, 0, "deliver", card=cid, demand=d)
    p = s["players"][0]
    assert p["cash"] == 50 + pay and p["loads"] == ["Coal"]
    assert p["hand"] == [nxt] and s["discard"] == [cid]
    assert any(ev["private"].get("0", {}).get("card") == nxt for ev in events)
    assert not any(nxt in str(ev["public"]) for ev in events)
    # only one demand of a card is ever paid
    with pytest.raises(IllegalAction):
        act(s, 0, "deliver", card=cid, demand=(d + 1) % 3)


def test_dropping_a_load_returns_its_chip():
    s = blank("standard", 2)
    s["players"][0].update(pos=at("Ondrey"), loads=["Wine"])
    assert ENGINE.view(s, 0)["chips"]["Wine"] == GOODS["Wine"] - 1
    act(s, 0, "drop", good="Wine")
    assert s["players"][0]["loads"] == [] and ENGINE.view(s, 0)["chips"]["Wine"] == GOODS["Wine"]
    s["players"][0].update(pos=node(22, 5), loads=["Wine"])
    with pytest.raises(IllegalAction, match="dropped at cities"):
        act(s, 0, "drop", good="Wine")


def test_discarding_the_hand_takes_the_whole_turn():
    s = blank("standard", 2)
    old = plain_cards(3)
    to_hand(s, 0, *old)
    new = plain_cards(3, exclude=old)
    on_top(s, *new)
    act(s, 0, "discard_hand")
    assert sorted(s["players"][0]["hand"]) == sorted(new)
    assert sorted(s["discard"]) == sorted(old)
    assert ENGINE.to_act(s) == [1]
    s2 = blank("standard", 2)
    to_hand(s2, 0, *old)
    s2["players"][0]["pos"] = at("Ondrey")
    act(s2, 0, "build", path=[[19, 13], [18, 13]])
    with pytest.raises(IllegalAction, match="before anything else"):
        act(s2, 0, "discard_hand")


def test_the_move_menu_offers_cities_in_reach():
    s = blank("standard", 2)
    lay(s, 0, (22, 4), (22, 5), (22, 6), (22, 7), (22, 8), (22, 9))
    s["players"][0]["pos"] = at("Velmora")
    moves = legal(s, 0, "move")
    assert {"type": "move", "path": VELMORA_LARKMERE, "toward": "Larkmere"} in moves
    assert all(len(a["path"]) - 1 <= 9 for a in moves)
    begin(s, 0)
    s["players"][0]["moves"] = 3
    assert all(a["toward"] != "Larkmere" or a["path"][-1] == [22, 6] for a in legal(s, 0, "move"))
