"""What a seat or a spectator of Crayon Rails sees (view.py): every public fact of each player,
its own private cards and draft offer only, never another seat's hand, the deck's order nor the
seed (found by mutation testing, issue #31: most of the view's fields no test read)."""

import json

from games.rules.crayon_rails.board import edge, node, xy
from games.rules.crayon_rails.cards import DEMANDS, EVENTS
from games.rules.crayon_rails.engine import ENGINE
from games.rules.crayon_rails.state import GOODS, MAJORS_TO_WIN

from .helpers import at, blank, event_card, link, lock, plain_cards, to_hand, to_pool

SNOW = event_card("snow", cities=["Caskerton"])
FLOOD = event_card("flood", river="Amber")
STRIKE = event_card("strike", kind="coastal")


def table():
    """Seat 0's turn of round 4 in the public mode, three players: seat 0 (Fast Freight, at
    Harrowgate, Grain and Coal on board, 5 mileposts left, 3 built, its track linking Harrowgate
    and Velmora) locks a pool card with its Grain; seat 1 holds a private draft card locked with
    its (not yet loaded) Wine and has a turn to lose; seat 2 has left. Snow drawn by seat 1 is in
    force, and a flood and a dock strike seat 0 drew; seat 1 must choose a load to lose; two cards
    lie in the discards."""
    s = blank("public", 3)
    pool = plain_cards(6)
    to_pool(s, *pool)
    private = next(c for c in sorted(DEMANDS) if c not in pool and DEMANDS[c][1][0] == "Wine")
    to_hand(s, 1, private)
    s["discard"] = [s["deck"].pop(0), s["deck"].pop(0)]
    s["round"] = 4
    p0, p1 = s["players"][0], s["players"][1]
    p0.update(train="fast", pos=at("Harrowgate"), loads=["Grain", "Coal"], moves=5, built=3, cash=61)
    link(s, 0, "Harrowgate", "Velmora")
    grain_card, grain_demand = next((c, d) for c in pool for d in range(3) if DEMANDS[c][d][0] == "Grain")
    lock(s, 0, grain_card, grain_demand)
    p1.update(pos=at("Kestrel Bay"), loads=["Iron"], lost_turns=1, built=7, moves=9, cash=40)
    lock(s, 1, private, 1, private=True, loaded=False)
    s["out"].append(2)
    s["events"].append(
        {"card": SNOW, "type": "snow", "drawer": 1, "turns_left": 2, "cities": ["Caskerton"], "radius": 4}
    )
    s["events"].append({"card": FLOOD, "type": "flood", "drawer": 0, "turns_left": 1, "river": "Amber"})
    s["events"].append({"card": STRIKE, "type": "strike", "drawer": 0, "turns_left": 1, "kind": "coastal"})
    s["pending"] = [{"seat": 1, "kind": "derailment", "card": event_card("derailment")}]
    return s, pool, private, (grain_card, grain_demand)


def test_each_player_is_seen_by_everyone_with_its_train_track_loads_and_counts():
    s, _pool, private, (grain_card, grain_demand) = table()
    view = ENGINE.view(s, None)
    p0, p1, p2 = view["players"]
    assert p0 == {
        "seat": 0,
        "name": "Player 1",
        "cash": 61,
        "train": {"kind": "fast", "name": "Fast Freight", "speed": 12, "capacity": 2},
        "position": xy(at("Harrowgate")),
        "loads": ["Grain", "Coal"],
        "track": p0["track"],
        "locks": [{"card": grain_card, "demand": grain_demand, "good": "Grain"}],
        "hand_count": 0,
        "moves_left": 5,
        "built_this_turn": 3,
        "connected_majors": 2,
        "lost_turns": 0,
        "status": "active",
    }
    # the track as the [x, y] of each section's two ends, section by section
    assert [edge(node(*a), node(*b)) for a, b in p0["track"]] == s["players"][0]["track"]
    # seat 1: its private card's lock is hidden from others, its hand counted; not its turn, so no
    # mileposts left nor building shown; a turn to lose is "derailed"
    assert p1["locks"] == [] and p1["hand_count"] == 1 and private not in json.dumps(view)
    assert (p1["moves_left"], p1["built_this_turn"], p1["lost_turns"], p1["status"]) == (0, 0, 1, "derailed")
    assert p1["train"] == {"kind": "freight", "name": "Freight", "speed": 9, "capacity": 2}
    assert p1["connected_majors"] == 0 and node(*p1["position"]) == at("Kestrel Bay")
    assert p2["status"] == "resigned" and p2["position"] is None and p2["track"] == []


def test_the_table_shows_the_turn_the_pool_the_chips_the_events_and_the_counts():
    s, pool, _private, (grain_card, grain_demand) = table()
    view = ENGINE.view(s, 2)
    assert view["game"] == "crayon-rails" and view["mode"] == "public" and view["phase"] == "play"
    assert (view["turn"], view["round"], view["max_rounds"], view["cash_to_win"]) == (0, 4, 150, 250)
    assert view["majors_to_win"] == MAJORS_TO_WIN == 5
    assert view["to_act"] == [1]  # the derailed player's choice comes first
    assert [c["id"] for c in view["pool"]] == pool
    locked = next(c for c in view["pool"] if c["id"] == grain_card)
    assert [d["locked_by"] for d in locked["demands"]] == [[0] if i == grain_demand else [] for i in range(3)]
    assert view["hand"] == [] and ENGINE.view(s, None)["hand"] == []  # a seat that left, a spectator
    assert view["chips"]["Grain"] == GOODS["Grain"] - 1 and view["chips"]["Iron"] == GOODS["Iron"] - 1
    assert view["events_in_force"] == [
        {
            "type": "snow",
            "text": EVENTS[SNOW]["text"],
            "card": SNOW,
            "drawer": 1,
            "turns_left": 2,
            "cities": ["Caskerton"],
            "radius": 4,
        },
        {"type": "flood", "text": EVENTS[FLOOD]["text"], "card": FLOOD, "drawer": 0, "turns_left": 1, "river": "Amber"},
        {
            "type": "strike",
            "text": EVENTS[STRIKE]["text"],
            "card": STRIKE,
            "drawer": 0,
            "turns_left": 1,
            "kind": "coastal",
        },
    ]
    assert view["deck_count"] == len(s["deck"]) and view["discard_count"] == 2
    assert view["pending"] == [{"seat": 1, "kind": "derailment"}]
    assert view["result"] is None and "draft" not in view
    # cards set aside in the setup count as the deck's
    s["set_aside"] = [s["deck"].pop()]
    assert ENGINE.view(s, 2)["deck_count"] == len(s["deck"]) + 1


def test_a_seat_sees_its_own_private_card_and_lock_and_a_finished_game_is_over():
    s, _pool, private, _grain = table()
    mine = ENGINE.view(s, 1)
    assert mine["players"][1]["locks"] == [
        {"card": private, "demand": 1, "good": "Wine", "private": True, "loaded": False}
    ]
    assert mine["hand"] == [
        {
            "id": private,
            "demands": [
                {"good": g, "city": c, "payoff": pay, "locked_by": [1] if i == 1 else []}
                for i, (g, c, pay) in enumerate(DEMANDS[private])
            ],
        }
    ]
    # seat 0 sees neither
    assert private not in json.dumps(ENGINE.view(s, 0))
    ENGINE.resign(s, 1)  # seat 0 is the last one left: it wins
    over = ENGINE.view(s, 0)
    assert over["phase"] == "over" and over["result"]["winners"] == [0]


def test_only_the_drafter_sees_the_offer_the_others_its_size():
    s = ENGINE.new_state({"mode": "public"}, 3, "view")
    offer = s["draft"]["offer"]
    assert ENGINE.view(s, 0)["draft"] == {
        "seat": 0,
        "offer_count": len(offer),
        "offer": [
            {"id": cid, "demands": [{"good": g, "city": c, "payoff": p, "locked_by": []} for g, c, p in DEMANDS[cid]]}
            for cid in offer
        ],
    }
    for viewer in (1, None):
        view = ENGINE.view(s, viewer)
        assert view["draft"] == {"seat": 0, "offer_count": len(offer)}
        assert not any(cid in json.dumps(view) for cid in offer)
        assert view["phase"] == "draft"
