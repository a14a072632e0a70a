"""What each action does to the position, one rule each, where a coarser test left a detail open
(found by mutation testing, issue #31: games/rules/crayon_rails/actions.py)."""

import pytest

from games.rules.base import IllegalAction
from games.rules.crayon_rails.board import ADJ, node, xy
from games.rules.crayon_rails.cards import DEMANDS
from games.rules.crayon_rails.engine import ENGINE

from .helpers import act, at, blank, demand_cards, lay, legal, lock, on_top, plain_cards, to_hand, to_pool

VELMORA_LARKMERE = [[21, 3], [22, 4], [22, 5], [22, 6], [22, 7]]
GRAIN = [cid for cid, _d in demand_cards(good="Grain")]


def grain_demand(cid):
    return next(d for d, (g, _c, _p) in enumerate(DEMANDS[cid]) if g == "Grain")


def others(n, *taken):
    return plain_cards(n, exclude=set(GRAIN) | set(taken))


def test_a_lock_after_a_pitch_leaves_the_turn_pitched():
    """shared/rules/003, Pitching: the player gives up the entire turn; they may only lock cards
    with the loads on board ("He cannot pick up new loads at his current location for this
    purpose"). A lock after the pitch must not reopen moving or loading."""
    s = blank("public", 2)
    pool = others(6)
    to_pool(s, *pool)
    s["players"][0].update(pos=at("Larkmere"), loads=["Grain"])
    on_top(s, GRAIN[0], *others(4, *pool))
    act(s, 0, "pitch")
    assert GRAIN[0] in s["pool"]
    act(s, 0, "lock", card=GRAIN[0], demand=grain_demand(GRAIN[0]), good="Grain")
    assert s["players"][0]["stage"] == "pitched"
    assert {a["type"] for a in legal(s, 0)} <= {"lock", "end_turn"}
    with pytest.raises(IllegalAction, match="pitched"):
        act(s, 0, "pickup", good="Grain")


def test_a_pickup_loads_one_private_card_of_that_good_only():
    """shared/rules/README.md, public pool setup: each kept card commits one load (privately
    locked). One Grain picked up serves one of two private Grain cards; the other still waits
    for its own load and cannot be delivered."""
    s = blank("public", 2)
    a_card, b_card = GRAIN[0], next(c for c in GRAIN[1:] if DEMANDS[c][grain_demand(c)][1] != "Larkmere")
    to_pool(s, *others(6))
    to_hand(s, 0, a_card, b_card)
    lock(s, 0, a_card, grain_demand(a_card), private=True, loaded=False)
    lock(s, 0, b_card, grain_demand(b_card), private=True, loaded=False)
    s["players"][0]["pos"] = at("Larkmere")
    act(s, 0, "pickup", good="Grain")
    assert [lk["loaded"] for lk in s["players"][0]["locks"]] == [True, False]
    s["players"][0]["pos"] = at(DEMANDS[b_card][grain_demand(b_card)][1])
    with pytest.raises(IllegalAction, match="its load on your train"):
        act(s, 0, "deliver", card=b_card, demand=grain_demand(b_card))
    s["players"][0]["pos"] = at("Larkmere")
    act(s, 0, "pickup", good="Grain")  # the second Grain goes to the card still waiting
    assert [lk["loaded"] for lk in s["players"][0]["locks"]] == [True, True]


def test_two_players_passing_the_whole_draft_open_the_pool_with_the_rejects_alone():
    """shared/rules/README.md, public pool setup: the first player is dealt 4 cards, the next gets
    the rejects plus 2 new ones; the last rejects start the public pool, filled to 3 x N. With two
    players keeping nothing, the 6 rejects are 3 x N already: no card is added."""
    s = ENGINE.new_state({"mode": "public"}, 2, "pass")
    act(s, 0, "keep_done")
    rejects = list(s["draft"]["offer"])
    deck = list(s["deck"])
    assert len(rejects) == 6
    act(s, 1, "keep_done")
    assert s["phase"] == "build" and s["pool"] == rejects and s["deck"] == deck


def test_each_action_tells_the_log_what_it_did():
    """The log says what each action did (engine.py, Actions): where the train went and the fees
    it paid (4 to each owner, shared/rules/README.md), the load, the track built and its cost."""
    s = blank("standard", 3)
    lay(s, 1, (22, 4), (22, 5))
    lay(s, 2, (22, 5), (22, 6))
    lay(s, 0, (22, 6), (22, 7))
    logged = [
        e
        for a in (
            {"type": "place_train", "city": "Velmora"},
            {"type": "move", "path": [[21, 3], [22, 4], [22, 5], [22, 6], [22, 7]]},
            {"type": "pickup", "good": "Grain"},
            {"type": "drop", "good": "Grain"},
            {"type": "build", "path": [[22, 7], [22, 8]]},
            {"type": "end_turn"},
        )
        for e in act(s, 0, a.pop("type"), **a)
    ]
    said = [e["public"] for e in logged]
    assert [(e["type"], e["seat"]) for e in logged] == [
        ("place_train", 0),
        ("move", 0),
        ("pickup", 0),
        ("drop", 0),
        ("build", 0),
        ("end_turn", 0),
        ("turn", 1),
    ]
    assert said == [
        {"at": [21, 3], "text": "Player 1 puts the train on Velmora."},
        {
            "path": [[21, 3], [22, 4], [22, 5], [22, 6], [22, 7]],
            "fees": [1, 2],
            "text": "Player 1 moves 4 mileposts to Larkmere, paying 4 to Player 2 and Player 3.",
        },
        {"good": "Grain", "text": "Player 1 picks up Grain at Larkmere."},
        {"good": "Grain", "text": "Player 1 drops Grain at Larkmere."},
        {
            "path": [[22, 7], [22, 8]],
            "sections": [[[22, 7], [22, 8]]],
            "cost": 1,
            "text": "Player 1 builds 1 track section to the milepost just south-west of Larkmere for 1.",
        },
        {"text": "Player 1 ends the turn."},
        {"text": "Round 1: Player 2's turn."},
    ]
    s = blank("standard", 2)
    s["players"][0]["cash"] = 60
    assert act(s, 0, "upgrade", train="heavy")[0]["public"] == {
        "train": "heavy",
        "text": "Player 1 upgrades to a Heavy Freight for 20.",
    }
    to_hand(s, 1, *plain_cards(3))
    act(s, 0, "end_turn")
    assert act(s, 1, "discard_hand")[0]["public"] == {
        "text": "Player 2 discards all 3 demand cards and draws new ones, ending the turn."
    }


def test_locking_and_delivering_a_pool_card_tell_the_log_the_demand():
    """shared/rules/003: a lock names the card and the demand; a delivery pays the demand."""
    s = blank("public", 2)
    cid = GRAIN[0]
    d = grain_demand(cid)
    good, city, pay = DEMANDS[cid][d]
    pool = others(5)
    to_pool(s, cid, *pool)
    s["players"][0].update(pos=at("Larkmere"), loads=["Grain"])
    on_top(s, *others(3, *pool))
    lock_said = act(s, 0, "lock", card=cid, demand=d, good="Grain")[0]
    assert lock_said["public"] == {
        "card": cid,
        "demand": d,
        "good": "Grain",
        "text": f"Player 1 locks card {cid} with Grain: Grain to {city} for {pay}.",
    }
    s["players"][0]["pos"] = at(city)
    deliver_said = act(s, 0, "deliver", card=cid, demand=d)[0]
    assert deliver_said["public"] == {
        "card": cid,
        "demand": d,
        "good": good,
        "city": city,
        "payoff": pay,
        "freed": [],
        "text": f"Player 1 delivers Grain to {city} for {pay} (card {cid}).",
    }
    assert "audience" not in deliver_said
    s = ENGINE.new_state({"mode": "public"}, 2, "pass")
    kept = s["draft"]["offer"][0]
    said = act(s, 0, "keep", card=kept, demand=1)[0]
    good, city, pay = DEMANDS[kept][1]
    assert said["public"] == {"text": "Player 1 keeps a demand card."}
    # the kept card is privately locked to that demand, its load still to fetch
    assert s["players"][0]["locks"] == [{"card": kept, "demand": 1, "good": good, "private": True, "loaded": False}]
    assert said["private"] == {
        "0": {"card": kept, "demand": 1, "text": f"You keep {kept}: {good} to {city} for {pay}."}
    }


def test_the_train_moves_on_after_each_load_action_and_builds_after():
    """shared/rules/README.md: a normal turn is move (picking up and delivering loads along the
    way), then build. Placing the train, a pickup, a drop or a delivery leaves the train free to
    go on moving, and to build after."""
    s = blank("standard", 2)
    lay(s, 0, (22, 4), (22, 5), (22, 6), (22, 7))
    act(s, 0, "place_train", city="Velmora")
    act(s, 0, "move", path=VELMORA_LARKMERE)
    act(s, 0, "pickup", good="Grain")
    act(s, 0, "move", path=[[22, 7], [22, 6]])
    act(s, 0, "move", path=[[22, 6], [22, 7]])
    act(s, 0, "drop", good="Grain")
    act(s, 0, "move", path=[[22, 7], [22, 6]])
    act(s, 0, "build", path=[[22, 6], [23, 6]])
    assert s["players"][0]["pos"] == node(22, 6) and s["players"][0]["built"] > 0
    s = blank("standard", 2)
    to_hand(s, 0, "D003")  # its demand 2: Grain to Calder Mills
    on_top(s, *plain_cards(1, exclude=["D003"]))
    a = at("Calder Mills")
    b = ADJ[a][0][0]
    lay(s, 0, xy(a), xy(b))
    s["players"][0].update(pos=a, loads=["Grain"])
    act(s, 0, "deliver", card="D003", demand=2)
    act(s, 0, "move", path=[xy(a), xy(b)])
    assert s["players"][0]["pos"] == b
