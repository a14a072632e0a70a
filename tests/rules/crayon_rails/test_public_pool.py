"""The public-locking demand pool (shared/rules/003): the setup draft, locking, the pool-size
rules, derailment, pitching, and every case the variant text spells out."""

import json

import pytest

from games.rules.base import IllegalAction
from games.rules.crayon_rails.board import edge, node
from games.rules.crayon_rails.cards import DEMANDS, is_event
from games.rules.crayon_rails.engine import ENGINE

from .helpers import (
    act,
    at,
    begin,
    blank,
    demand_cards,
    event_card,
    lay,
    legal,
    lock,
    on_top,
    plain_cards,
    texts,
    to_hand,
    to_pool,
)

GRAIN = [cid for cid, _d in demand_cards(good="Grain")]  # cards with a Grain demand
DERAIL = event_card("derailment", cities=["Wyvern Gap", "Morrowfen", "Redscar"])


def grain_demand(cid):
    return next(d for d, (g, _c, _p) in enumerate(DEMANDS[cid]) if g == "Grain")


def others(n, *taken):
    return plain_cards(n, exclude=set(GRAIN) | set(taken))


def unlocked(state):
    return ENGINE._unlocked_pool(state)


# -- the setup draft -------------------------------------------------------------------------------
def test_the_draft_deals_4_keeps_2_and_passes_the_rejects_on_with_2_more():
    s = ENGINE.new_state({"mode": "public"}, 3, "draft")
    total = sum(len(v) for v in ENGINE.card_places(s).values())
    assert s["phase"] == "draft" and ENGINE.to_act(s) == [0]
    offer = list(s["draft"]["offer"])
    assert len(offer) == 4
    assert len(legal(s, 0, "keep")) == 12  # any card, committed to any demand
    act(s, 0, "keep", card=offer[0], demand=1)
    act(s, 0, "keep_done")
    assert ENGINE.to_act(s) == [1]
    second = s["draft"]["offer"]
    assert len(second) == 5 and set(offer[1:]) <= set(second)
    act(s, 1, "keep", card=second[0], demand=0)
    act(s, 1, "keep", card=second[1], demand=2)  # two kept: the turn passes on
    assert ENGINE.to_act(s) == [2] and len(s["draft"]["offer"]) == 5
    rejects = list(s["draft"]["offer"])
    act(s, 2, "keep_done")
    assert s["phase"] == "build" and set(rejects) <= set(s["pool"]) and len(s["pool"]) == 9
    assert not any(is_event(c) for c in s["pool"]) and not s["set_aside"]
    assert sum(len(v) for v in ENGINE.card_places(s).values()) == total
    # a kept card is privately locked: only its holder sees it, committed to one demand
    p0 = s["players"][0]
    assert p0["hand"] == [offer[0]] and p0["locks"][0]["private"] and p0["locks"][0]["demand"] == 1
    mine = ENGINE.view(s, 0)["hand"][0]
    assert mine["id"] == offer[0] and mine["demands"][1]["locked_by"] == [0]
    assert offer[0] not in json.dumps(ENGINE.view(s, 1))
    assert ENGINE.view(s, 1)["players"][0]["hand_count"] == 1


# -- locking ---------------------------------------------------------------------------------------
def test_locking_needs_a_free_load_and_comes_before_building():
    s = blank("public", 2)
    to_pool(s, GRAIN[0], GRAIN[1], *others(4))
    s["players"][0]["pos"] = at("Larkmere")
    assert not legal(s, 0, "lock")
    with pytest.raises(IllegalAction, match="load you carry"):
        act(s, 0, "lock", card=GRAIN[0], demand=grain_demand(GRAIN[0]), good="Grain")
    act(s, 0, "pickup", good="Grain")
    assert {a["card"] for a in legal(s, 0, "lock")} == {GRAIN[0], GRAIN[1]}
    act(s, 0, "lock", card=GRAIN[0], demand=grain_demand(GRAIN[0]), good="Grain")
    assert not legal(s, 0, "lock")  # the load already locks a card
    act(s, 0, "pickup", good="Grain")
    lay(s, 0, (22, 7), (22, 8))
    act(s, 0, "build", path=[[22, 8], [22, 9]])
    with pytest.raises(IllegalAction, match="before you build"):
        act(s, 0, "lock", card=GRAIN[1], demand=grain_demand(GRAIN[1]), good="Grain")


def test_several_players_may_lock_one_demand_but_no_other_demand_of_that_card():
    s = blank("public", 3)
    cid = next(c for c in GRAIN if grain_demand(c) != 2)
    d = grain_demand(cid)
    other_good = DEMANDS[cid][2][0]
    to_pool(s, cid, *others(8, cid))
    s["players"][1]["loads"] = ["Grain"]
    lock(s, 1, cid, d)
    s["players"][0]["loads"] = ["Grain", other_good]
    locks = legal(s, 0, "lock")
    assert {"type": "lock", "card": cid, "demand": d, "good": "Grain"} in locks
    assert not any(a["card"] == cid and a["demand"] == 2 for a in locks)
    act(s, 0, "lock", card=cid, demand=d, good="Grain")
    view = ENGINE.view(s, 2)
    card = next(c for c in view["pool"] if c["id"] == cid)
    assert card["demands"][d]["locked_by"] == [0, 1]


def test_a_pool_card_is_delivered_only_through_ones_own_lock():
    s = blank("public", 2)
    cid = GRAIN[0]
    d = grain_demand(cid)
    city = DEMANDS[cid][d][1]
    to_pool(s, cid, *others(5))
    s["players"][0].update(pos=at(city), loads=["Grain"])
    assert not legal(s, 0, "deliver")
    with pytest.raises(IllegalAction, match="lock it first"):
        act(s, 0, "deliver", card=cid, demand=d)
    act(s, 0, "lock", card=cid, demand=d, good="Grain")
    on_top(s, *others(1, *s["pool"]))
    act(s, 0, "deliver", card=cid, demand=d)
    assert s["players"][0]["cash"] == 50 + DEMANDS[cid][d][2]


def test_a_delivery_frees_the_other_players_loads_locked_on_that_demand():
    s = blank("public", 2)
    cid = GRAIN[0]
    d = grain_demand(cid)
    city = DEMANDS[cid][d][1]
    to_pool(s, cid, *others(5))
    s["players"][1]["loads"] = ["Grain"]
    lock(s, 1, cid, d)
    s["players"][0].update(pos=at(city), loads=["Grain"])
    lock(s, 0, cid, d)
    on_top(s, *others(1, *s["pool"]))
    events = act(s, 0, "deliver", card=cid, demand=d)
    assert "Player 2 had locked it: their loads are free" in texts(events)
    assert s["players"][1]["locks"] == [] and s["players"][1]["loads"] == ["Grain"]
    assert cid in s["discard"] and cid not in s["pool"]


# -- the pool-size rules ---------------------------------------------------------------------------
def test_after_a_delivery_the_pool_is_filled_to_3n():
    s = blank("public", 2)
    cid = GRAIN[0]
    d = grain_demand(cid)
    rest = others(5)
    to_pool(s, cid, *rest)
    s["players"][0].update(pos=at(DEMANDS[cid][d][1]), loads=["Grain"])
    lock(s, 0, cid, d)
    nxt = others(2, *rest)
    on_top(s, *nxt)
    act(s, 0, "deliver", card=cid, demand=d)
    assert s["pool"] == rest + nxt[:1] and s["deck"][-1] == nxt[1]  # 6 = 3 x N


def test_fewer_than_2n_unlocked_cards_draws_even_past_3n():
    s = blank("public", 2)
    cid = GRAIN[0]
    d = grain_demand(cid)
    held = others(3)
    free = others(3, *held)
    to_pool(s, cid, *held, *free)  # 7 cards: 3 locked by Player 2
    p1 = s["players"][1]
    p1.update(train="super", loads=[DEMANDS[c][0][0] for c in held])
    for c in held:
        lock(s, 1, c, 0)
    s["players"][0].update(pos=at(DEMANDS[cid][d][1]), loads=["Grain"])
    lock(s, 0, cid, d)
    nxt = others(2, *held, *free)
    on_top(s, *nxt)
    act(s, 0, "deliver", card=cid, demand=d)
    # 6 left, only 3 unlocked (< 2 x N): one more card, the pool now 7 (> 3 x N)
    assert len(s["pool"]) == 7 and len(unlocked(s)) == 4 and s["deck"][-1] == nxt[1]


def test_a_lock_that_turns_up_an_event():
    """The variant: locking may turn up an event, e.g. a flood that washes away the bridge the
    just-locked load needed; another card is drawn after it."""
    s = blank("public", 2)
    flood = event_card("flood", river="Amber")
    cid = GRAIN[0]
    d = grain_demand(cid)
    held = others(2)
    free = others(3, *held)
    to_pool(s, cid, *held, *free)  # 6 cards, 4 unlocked
    p1 = s["players"][1]
    p1["loads"] = [DEMANDS[c][0][0] for c in held]
    for c in held:
        lock(s, 1, c, 0)
    lay(s, 0, (19, 13), (18, 13), (17, 13))  # across the Amber
    s["players"][0].update(pos=at("Ondrey"), loads=["Grain"])
    nxt = others(1, *held, *free)[0]
    on_top(s, flood, nxt)
    events = act(s, 0, "lock", card=cid, demand=d, good="Grain")
    kinds = [ev["type"] for ev in events]
    assert kinds.index("event") < kinds.index("washed_away") < kinds.index("pool_card")
    assert edge(node(18, 13), node(17, 13)) not in s["players"][0]["track"]
    assert s["pool"][-1] == nxt and len(unlocked(s)) == 4 and flood in s["discard"]


def test_an_unlock_that_brings_the_unlocked_pool_to_2n_draws_no_more():
    """The variant: a derailed player gives up a locked load; the card unlocks and brings the
    unlocked pool back to 2 x N, so no further card is drawn."""
    s = blank("public", 2)
    a_card, b_card = others(2)
    free = others(3, a_card, b_card)
    cid = GRAIN[0]
    to_pool(s, a_card, b_card, cid, *free)  # 6 cards, 4 unlocked
    p1 = s["players"][1]
    p1.update(pos=at("Wyvern Gap"), loads=[DEMANDS[a_card][0][0], DEMANDS[b_card][0][0]])
    lock(s, 1, a_card, 0)
    lock(s, 1, b_card, 0)
    s["players"][0].update(pos=at("Larkmere"), loads=["Grain"])
    nxt = others(1, a_card, b_card, *free)[0]
    on_top(s, DERAIL, nxt)
    act(s, 0, "lock", card=cid, demand=grain_demand(cid), good="Grain")
    # 3 unlocked: a card was drawn, the derailment; Player 2 must decide before any more
    assert ENGINE.to_act(s) == [1] and s["deck"][-1] == nxt
    options = legal(s, 1)
    assert {"type": "lose_load", "good": DEMANDS[a_card][0][0], "card": a_card} in options
    act(s, 1, "lose_load", good=DEMANDS[a_card][0][0], card=a_card)
    assert len(unlocked(s)) == 4 and len(s["pool"]) == 6
    assert s["deck"][-1] == nxt and nxt not in s["pool"]  # no further card drawn
    assert ENGINE.to_act(s) == [0]


def test_a_derailed_player_gives_up_a_locked_load_which_unlocks_the_card_unless_shared():
    s = blank("public", 3)
    cid = GRAIN[0]
    d = grain_demand(cid)
    to_pool(s, cid, *others(7))  # one short of 3 x N
    for seat in (1, 2):
        s["players"][seat]["loads"] = ["Grain"]
        lock(s, seat, cid, d)
    s["players"][1]["pos"] = at("Redscar")
    s["players"][1]["loads"].append("Coal")
    to_hand(s, 0, "D003")  # a private card, its Grain on board
    lock(s, 0, "D003", 2, private=True, loaded=True)
    s["players"][0].update(pos=at("Calder Mills"), loads=["Grain"])
    on_top(s, DERAIL, *others(1, *s["pool"]))
    act(s, 0, "deliver", card="D003", demand=2)
    assert ENGINE.to_act(s) == [1]
    assert legal(s, 1) == [{"type": "lose_load", "good": "Coal"}, {"type": "lose_load", "good": "Grain", "card": cid}]
    events = act(s, 1, "lose_load", good="Grain", card=cid)
    assert "giving up the lock" in texts(events) and "unlocked again" not in texts(events)
    assert s["players"][1]["locks"] == [] and s["players"][1]["loads"] == ["Coal"]
    assert cid not in unlocked(s)  # Player 3 still holds it


def test_a_derailed_private_card_may_stay_private_or_go_to_the_pool():
    for release in (False, True):
        s = blank("public", 2)
        cid = GRAIN[0]
        target = GRAIN[1]
        x_card, y_card = others(2)
        free = others(3, x_card, y_card)
        to_pool(s, target, x_card, y_card, *free)  # 6 cards, 4 unlocked
        to_hand(s, 1, cid)
        p1 = s["players"][1]
        p1.update(train="super", pos=at("Redscar"), loads=["Grain", DEMANDS[x_card][0][0], DEMANDS[y_card][0][0]])
        lock(s, 1, cid, grain_demand(cid), private=True, loaded=True)
        lock(s, 1, x_card, 0)
        lock(s, 1, y_card, 0)
        s["players"][0].update(pos=at("Larkmere"), loads=["Grain"])
        nxt = others(1, x_card, y_card, *free)[0]
        on_top(s, DERAIL, nxt)
        act(s, 0, "lock", card=target, demand=grain_demand(target), good="Grain")
        assert ENGINE.to_act(s) == [1]
        assert {"type": "lose_load", "good": "Grain", "card": cid, "release": release} in legal(s, 1)
        act(s, 1, "lose_load", good="Grain", card=cid, release=release)
        if release:
            assert cid in s["pool"] and p1["hand"] == [] and len(s["pool"]) == 7  # past 3 x N
            assert s["deck"][-1] == nxt  # 4 unlocked again: nothing drawn
        else:
            assert p1["hand"] == [cid] and p1["locks"][0]["loaded"] is False
            assert cid not in json.dumps(ENGINE.view(s, 0))
            assert s["pool"][-1] == nxt  # still 3 unlocked: the draw goes on
            p1["pos"] = at("Larkmere")  # it must fetch the load again
            begin(s, 1)
            act(s, 1, "pickup", good="Grain")
            assert p1["locks"][0]["loaded"] is True


# -- pitching --------------------------------------------------------------------------------------
def test_pitching_three_unlocked_cards_gives_up_the_turn_but_allows_locks():
    s = blank("public", 2)
    held = others(1)
    pool = others(5, *held)
    to_pool(s, *held, *pool)
    s["players"][1]["loads"] = [DEMANDS[held[0]][0][0]]
    lock(s, 1, held[0], 0)
    s["players"][0].update(pos=at("Larkmere"), loads=["Grain"])
    new = [GRAIN[0]] + others(4, *held, *pool)
    on_top(s, *new)
    events = act(s, 0, "pitch")
    pitched = events[0]["public"]["cards"]
    assert len(pitched) == 3 and set(pitched) <= set(pool) and set(pitched) <= set(s["discard"])
    assert held[0] in s["pool"]
    assert s["pool"][-3:] == new[:3] and len(s["pool"]) == 6  # refilled to 3 x N
    assert {a["type"] for a in legal(s, 0)} == {"lock", "end_turn"}
    with pytest.raises(IllegalAction, match="pitched"):
        act(s, 0, "pickup", good="Grain")
    with pytest.raises(IllegalAction, match="pitched"):
        act(s, 0, "build", path=[[22, 4], [22, 5]])
    act(s, 0, "lock", card=GRAIN[0], demand=grain_demand(GRAIN[0]), good="Grain")
    act(s, 0, "end_turn")
    assert ENGINE.to_act(s) == [1]
    # Player 2 holds a locked load: no pitching
    assert not legal(s, 1, "pitch")
    with pytest.raises(IllegalAction, match="no locked loads"):
        act(s, 1, "pitch")
