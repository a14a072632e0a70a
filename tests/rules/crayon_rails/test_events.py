"""Event cards turned up by a draw: derailment, snow, flood, strikes, excess profit tax; the pool
refilled and the discards shuffled in (events.py)."""

import pytest

from games.rules.base import IllegalAction
from games.rules.crayon_rails import board
from games.rules.crayon_rails.board import edge, node
from games.rules.crayon_rails.cards import DEMANDS, EVENTS, demand_text
from games.rules.crayon_rails.engine import ENGINE

from .helpers import act, at, begin, blank, event_card, lay, legal, lock, on_top, plain_cards, texts, to_hand, to_pool

DERAIL = event_card("derailment", cities=["Wyvern Gap", "Morrowfen", "Redscar"])


def deliver_drawing(state, seat, *stack):
    """Seat delivers Grain at Calder Mills (card D003) after the given cards were stacked."""
    to_hand(state, seat, "D003")
    state["players"][seat].update(pos=at("Calder Mills"), loads=["Grain"])
    on_top(state, *stack)
    return act(state, seat, "deliver", card="D003", demand=2)


def end_turns(state, *seats):
    for seat in seats:
        act(state, seat, "end_turn")


def test_derailment_takes_a_load_and_the_next_turn_of_trains_in_its_area():
    s = blank("standard", 2)
    s["players"][1].update(pos=at("Wyvern Gap"), loads=["Iron", "Copper"])
    refill = plain_cards(1, exclude=["D003"])[0]
    events = deliver_drawing(s, 0, DERAIL, refill)
    assert "Player 2 is derailed" in texts(events)
    # the derailed player chooses the load before any further card is drawn
    assert ENGINE.to_act(s) == [1]
    assert refill not in s["players"][0]["hand"]
    assert legal(s, 1) == [{"type": "lose_load", "good": "Copper"}, {"type": "lose_load", "good": "Iron"}]
    assert ENGINE.decision_kind(s, 1) == "derailment"
    act(s, 1, "lose_load", good="Iron")
    assert s["players"][1]["loads"] == ["Copper"]
    assert refill in s["players"][0]["hand"] and ENGINE.to_act(s) == [0]
    end_turns(s, 0)
    assert ENGINE.to_act(s) == [0] and s["round"] == 2  # Player 2's turn was lost


def test_a_derailed_drawer_loses_the_rest_of_the_turn():
    s = blank("standard", 2)
    s["players"][0]["loads"] = ["Coal"]
    to_hand(s, 0, "D003")
    s["players"][0].update(pos=at("Wyvern Gap"))
    # Grain to Calder Mills cannot be delivered at Wyvern Gap: use a draw of a discarded hand
    on_top(s, DERAIL, *plain_cards(3, exclude=["D003"]))
    events = act(s, 0, "discard_hand")
    assert "Player 1 is derailed: loses the rest of this turn" in texts(events)
    assert "loses Coal" in texts(events)  # the only load goes without a question
    assert s["players"][0]["lost_turns"] == 0 and ENGINE.to_act(s) == [1]


def test_snow_halves_speed_and_stops_building_in_the_mountains():
    s = blank("standard", 2)
    snow = event_card("snow", cities=["Quarry End"])
    lay(s, 1, (12, 20), (11, 20))
    s["players"][1]["pos"] = at("Quarry End")
    deliver_drawing(s, 0, snow, plain_cards(1, exclude=["D003"])[0])
    assert [ev["type"] for ev in ENGINE.view(s, 1)["events_in_force"]] == ["snow"]
    end_turns(s, 0)
    assert s["players"][1]["moves"] == 5  # 9 at half speed, rounded up
    with pytest.raises(IllegalAction, match="Snow"):
        act(s, 1, "build", path=[[11, 20], [10, 20]])  # a mountain milepost near Quarry End
    end_turns(s, 1, 0)  # the drawer's next turn ends it
    assert not s["events"]
    assert s["players"][1]["moves"] == 9
    act(s, 1, "build", path=[[11, 20], [10, 20]])


def test_flood_washes_the_bridges_away_and_bars_rebuilding_while_it_lasts():
    s = blank("standard", 2)
    flood = event_card("flood", river="Amber")
    lay(s, 1, (19, 13), (18, 13), (17, 13), (16, 13))
    bridge = edge(node(18, 13), node(17, 13))
    assert board.RIVER_OF[bridge] == "Amber"
    events = deliver_drawing(s, 0, flood, plain_cards(1, exclude=["D003"])[0])
    assert "washes away 1 of Player 2's bridges" in texts(events)
    assert bridge not in s["players"][1]["track"] and len(s["players"][1]["track"]) == 2
    end_turns(s, 0)
    with pytest.raises(IllegalAction, match="The Amber is in flood"):
        act(s, 1, "build", path=[[18, 13], [17, 13]])
    end_turns(s, 1, 0)
    act(s, 1, "build", path=[[18, 13], [17, 13]])
    assert s["players"][1]["cash"] == 47


def test_dock_strike_stops_loading_at_coastal_cities():
    s = blank("standard", 2)
    strike = event_card("strike", kind="coastal")
    deliver_drawing(s, 0, strike, plain_cards(1, exclude=["D003"])[0])
    end_turns(s, 0)
    s["players"][1]["pos"] = at("Kestrel Bay")  # coastal, supplies Fish
    assert not legal(s, 1, "pickup")
    with pytest.raises(IllegalAction, match="strike stops all loading at Kestrel Bay"):
        act(s, 1, "pickup", good="Fish")
    s["players"][1]["pos"] = at("Larkmere")  # inland
    act(s, 1, "pickup", good="Grain")


def test_rail_strike_stops_every_train_on_the_drawers_track():
    s = blank("standard", 2)
    strike = event_card("strike", kind="rail")
    lay(s, 0, (22, 4), (22, 5), (22, 6))
    deliver_drawing(s, 0, strike, plain_cards(1, exclude=["D003"])[0])
    end_turns(s, 0)
    s["players"][1]["pos"] = at("Velmora")
    with pytest.raises(IllegalAction, match="rail strike stops trains on Player 1's track"):
        act(s, 1, "move", path=[[21, 3], [22, 4], [22, 5]])
    act(s, 1, "move", path=[[21, 3], [22, 4]])  # Velmora's own track still runs


def test_excess_profit_tax_by_cash_bracket():
    s = blank("standard", 6)
    tax = event_card("tax")
    for p, cash in zip(s["players"], (100, 49, 50, 150, 199, 260)):
        p["cash"] = cash
    events = deliver_drawing(s, 0, tax, plain_cards(1, exclude=["D003"])[0])
    # Player 1 had 100 + 33 for the delivery before the tax came up
    assert [p["cash"] for p in s["players"]] == [133 - 15, 49, 40, 130, 179, 235]
    # each player who pays is told, alone, what it paid; Player 2 (49) pays nothing
    paid = [ev for ev in events if ev["type"] == "tax"]
    assert [(ev["seat"], ev["audience"], ev["public"]) for ev in paid] == [
        (seat, [seat], {"tax": tax, "text": f"Player {seat + 1} pays {tax} in excess profit tax."})
        for seat, tax in ((0, 15), (2, 10), (3, 20), (4, 20), (5, 25))
    ]


def test_the_pool_is_refilled_card_by_card_and_the_discards_shuffled_in_when_the_deck_runs_out():
    """shared/rules/README.md's pool-size list: while fewer than 2 x N pool cards are unlocked, or
    the pool holds fewer than 3 x N, draw (N = 2 here: 6 cards, 4 of them unlocked)."""
    s = blank("public", 2)
    deck = plain_cards(2)
    discards = plain_cards(5, exclude=deck)
    s["deck"], s["discard"] = list(reversed(deck)), list(discards)
    events = act(s, 0, "end_turn")
    drawn = [ev for ev in events if ev["type"] in ("pool_card", "reshuffle")]
    assert [ev["type"] for ev in drawn] == ["pool_card"] * 2 + ["reshuffle"] + ["pool_card"] * 4
    assert drawn[2]["public"]["text"] == "The 5 discarded cards are shuffled into a new deck."
    for ev in drawn[:2] + drawn[3:]:
        cid = ev["public"]["card"]
        assert (
            ev["public"]["text"]
            == f"Card {cid} joins the pool: " + "; ".join(demand_text(cid, d) for d in range(3)) + "."
        )
    assert s["pool"][:2] == deck and len(s["pool"]) == 6 and s["discard"] == []
    assert sorted(s["pool"][2:] + s["deck"]) == sorted(discards)
    # three of the six locked: one more card until four are unlocked; two locked: none
    s = blank("public", 2)
    to_pool(s, *plain_cards(6))
    s["players"][1]["loads"] = [DEMANDS[cid][0][0] for cid in s["pool"][:3]]
    for cid in s["pool"][:3]:
        lock(s, 1, cid, 0)
    top = s["deck"][-1]
    act(s, 0, "end_turn")
    assert len(s["pool"]) == 7 and s["pool"][-1] == top
    s = blank("public", 2)
    to_pool(s, *plain_cards(6))
    s["players"][1]["loads"] = [DEMANDS[cid][0][0] for cid in s["pool"][:2]]
    for cid in s["pool"][:2]:
        lock(s, 1, cid, 0)
    act(s, 0, "end_turn")
    assert len(s["pool"]) == 6
    # nothing left to draw: the pool stays short and play goes on
    s = blank("public", 2)
    s["deck"], s["discard"] = [], []
    act(s, 0, "end_turn")
    assert s["pool"] == [] and ENGINE.to_act(s) == [1]


def test_an_event_card_is_announced_with_its_drawer_and_the_derailed_choose_from_the_drawer_on():
    s = blank("standard", 3)
    begin(s, 1)
    for seat in (0, 2):
        s["players"][seat].update(pos=at("Wyvern Gap"), loads=["Iron", "Copper"])
    events = deliver_drawing(s, 1, DERAIL, plain_cards(1, exclude=["D003"])[0])
    drawn = next(ev for ev in events if ev["type"] == "event")
    assert drawn["seat"] == 1 and drawn["public"] == {
        "card": DERAIL,
        "event": "derailment",
        "text": f"Event (Player 2 draws it): {EVENTS[DERAIL]['text']}",
    }
    # seat 2 comes after the drawer, seat 0 before it: seat 2 chooses first
    assert [x["seat"] for x in s["pending"]] == [2, 0]
    assert [ev["seat"] for ev in events if ev["type"] == "derailed"] == [2, 0]


def test_a_derailed_private_cards_load_is_lost_with_its_card_kept_or_let_go():
    for release, said in (
        (False, "Player 2 loses Grain in the derailment, keeping its private card."),
        (True, "Player 2 loses Grain in the derailment and lets private card D003 go into the pool."),
    ):
        s = blank("public", 2)
        to_pool(s, *plain_cards(6, exclude=["D003"]))
        to_hand(s, 1, "D003")  # its demand 2: Grain to Calder Mills
        s["players"][1].update(loads=["Grain", "Coal"], pos=at("Larkmere"))
        lock(s, 1, "D003", 2, private=True, loaded=True)
        s["pending"] = [{"seat": 1, "kind": "derailment", "card": DERAIL}]
        events = act(s, 1, "lose_load", good="Grain", card="D003", release=release)
        lost = next(ev for ev in events if ev["type"] == "lose_load")
        assert lost["public"] == {"good": "Grain", "text": said}
        assert lost["private"] == ({} if release else {"1": {"card": "D003"}})
        assert s["players"][1]["loads"] == ["Coal"]


def test_a_derailed_locked_load_gives_up_its_lock_and_says_whether_the_card_is_unlocked_again():
    for others_lock, said in (
        (False, "Player 2 loses Grain in the derailment, giving up the lock on card D003, which is unlocked again."),
        (True, "Player 2 loses Grain in the derailment, giving up the lock on card D003."),
    ):
        s = blank("public", 3)
        to_pool(s, "D003", *plain_cards(8, exclude=["D003"]))  # its demand 2: Grain to Calder Mills
        s["players"][1].update(loads=["Grain", "Coal"], pos=at("Larkmere"))
        lock(s, 1, "D003", 2)
        if others_lock:
            s["players"][2]["loads"] = ["Grain"]
            lock(s, 2, "D003", 2)
        s["pending"] = [{"seat": 1, "kind": "derailment", "card": DERAIL}]
        events = act(s, 1, "lose_load", good="Grain", card="D003")
        lost = next(ev for ev in events if ev["type"] == "lose_load")
        assert lost["seat"] == 1 and lost["public"] == {"good": "Grain", "text": said} and lost["private"] == {}
        assert s["players"][1]["locks"] == [] and s["players"][1]["loads"] == ["Coal"]


def test_a_derailment_costs_the_drawer_the_rest_of_its_turn_and_the_others_a_turn_more():
    """Player 2 draws the derailment discarding its hand at Wyvern Gap, where Players 1 and 3 stand
    too (Player 1 with a turn to lose already): all three lose a load, chosen in turn from the
    drawer on."""
    s = blank("standard", 3)
    begin(s, 1)
    for seat in (0, 1, 2):
        s["players"][seat].update(pos=at("Wyvern Gap"), loads=["Iron", "Copper"])
    s["players"][0]["lost_turns"] = 1
    to_hand(s, 1, *plain_cards(3))
    on_top(s, DERAIL, *plain_cards(3, exclude=s["players"][1]["hand"]))
    events = act(s, 1, "discard_hand")
    derailed = [(ev["seat"], ev["audience"], ev["public"]["text"]) for ev in events if ev["type"] == "derailed"]
    assert derailed == [
        (1, [1], "Player 2 is derailed: loses the rest of this turn and one load."),
        (2, [2], "Player 3 is derailed: loses the next turn and one load."),
        (0, [0], "Player 1 is derailed: loses the next turn and one load."),
    ]
    assert s["pending"] == [{"seat": seat, "kind": "derailment", "card": DERAIL} for seat in (1, 2, 0)]
    assert [p["lost_turns"] for p in s["players"]] == [2, 0, 1] and s["players"][1]["derailed"] is True
    assert ENGINE.to_act(s) == [1]
