"""explain_hit: what an event card (tax, derailment, flood) or a delivery that frees a lock does
to the player it hits, what mends it and by when, as engine.py's rulings read the base rules;
where a sentence gives a duration, playing the turns out shows it is the engine's."""

import pytest

from games.rules.base import IllegalAction
from games.rules.crayon_rails.cards import DEMANDS, demand_text
from games.rules.crayon_rails.engine import ENGINE

from .helpers import act, at, blank, event_card, lay, legal, lock, on_top, plain_cards, to_hand, to_pool
from .test_events import DERAIL, deliver_drawing, end_turns
from .test_public_pool import GRAIN, grain_demand, others


def explained(state, events, seat, type_):
    ev = next(e for e in events if e["type"] == type_ and seat in (e.get("audience") or ()))
    parts = ENGINE.explain_hit(state, ev, seat)
    assert len(parts) == 3 and all(isinstance(p, str) and p.endswith(".") for p in parts), parts
    return parts


def test_the_tax_says_what_it_takes_and_what_is_left():
    s = blank("standard", 2)
    s["players"][1]["cash"] = 160
    events = deliver_drawing(s, 0, event_card("tax"), plain_cards(1, exclude=["D003"])[0])
    does, mends, by_when = explained(s, events, 1, "tax")
    assert s["players"][1]["cash"] == 140
    assert does == (
        "It takes 10 from 50 cash or more, 15 from 100, 20 from 150, 25 from 200. You have 140 now; you need 250 "
        "to win."
    )
    assert mends == "Nothing refunds it: deliveries earn it back."
    assert by_when == "Nothing to do: it is paid."


def test_a_derailed_train_chooses_its_load_and_loses_the_next_turn():
    s = blank("standard", 2)
    s["players"][1].update(pos=at("Wyvern Gap"), loads=["Iron", "Copper"])
    events = deliver_drawing(s, 0, DERAIL, plain_cards(1, exclude=["D003"])[0])
    does, mends, by_when = explained(s, events, 1, "derailed")
    assert does == "Your train loses one load, and you choose which. You also lose your next turn."
    assert mends.startswith("Nothing gives the turn back. A lost load can be picked up again")
    assert by_when == "Now: your choice is needed before play goes on. It is over once your next turn has been skipped."
    act(s, 1, "lose_load", good="Iron")
    end_turns(s, 0)
    assert ENGINE.to_act(s) == [0]  # as said: the next turn was lost


def test_public_mode_says_what_losing_a_locked_load_does():
    s = blank("public", 2)
    s["players"][1].update(pos=at("Wyvern Gap"), loads=["Iron", "Copper"])
    to_pool(s, *plain_cards(6))
    s["players"][0].update(pos=at("Wyvern Gap"), loads=["Coal"])
    on_top(s, DERAIL, *plain_cards(4, exclude=s["pool"]))
    events = act(s, 0, "pitch")
    does, _, _ = explained(s, events, 1, "derailed")
    assert "Losing a load that locks a pool card gives up that lock" in does


def test_a_derailed_drawer_with_one_load_has_it_over_with():
    s = blank("standard", 2)
    s["players"][0].update(pos=at("Wyvern Gap"), loads=["Coal"])
    to_hand(s, 0, "D003")
    on_top(s, DERAIL, *plain_cards(3, exclude=["D003"]))
    events = act(s, 0, "discard_hand")
    does, _, by_when = explained(s, events, 0, "derailed")
    assert does == (
        "Your train loses one load, if it carries any: it carries nothing now. The turn it costs you is over already."
    )
    assert by_when == "Nothing more to do: it is over."


def test_a_flood_says_which_river_and_until_when():
    s = blank("standard", 2)
    lay(s, 1, (19, 13), (18, 13), (17, 13), (16, 13))
    events = deliver_drawing(s, 0, event_card("flood", river="Amber"), plain_cards(1, exclude=["D003"])[0])
    does, mends, by_when = explained(s, events, 1, "washed_away")
    assert does == (
        "Those track sections across the Amber are gone (no train can use them), and nobody may build across the "
        "Amber while the flood lasts."
    )
    assert mends == "Build them again once the flood is over, at the usual cost (crossing a river adds 2)."
    assert by_when == "The flood lasts until the end of Player 1's next turn."
    # as said: through Player 1's next turn nobody builds across; after it, Player 2 may
    end_turns(s, 0)
    with pytest.raises(IllegalAction, match="in flood"):
        act(s, 1, "build", path=[[18, 13], [17, 13]])
    end_turns(s, 1)
    ev = next(e for e in events if e["type"] == "washed_away")
    assert ENGINE.explain_hit(s, ev, 1)[2] == "The flood lasts until the end of Player 1's current turn."
    end_turns(s, 0)
    act(s, 1, "build", path=[[18, 13], [17, 13]])
    assert ENGINE.explain_hit(s, ev, 1)[2] == "The flood is over already."


def test_a_delivery_that_frees_a_lock_says_the_load_is_free():
    s = blank("public", 2)
    cid = GRAIN[0]
    d = grain_demand(cid)
    to_pool(s, cid, *others(5))
    s["players"][1]["loads"] = ["Grain"]
    lock(s, 1, cid, d)
    s["players"][0].update(pos=at(DEMANDS[cid][d][1]), loads=["Grain"])
    lock(s, 0, cid, d)
    on_top(s, *others(1, *s["pool"]))
    events = act(s, 0, "deliver", card=cid, demand=d)
    does, mends, by_when = explained(s, events, 1, "deliver")
    assert does == f"Your lock on card {cid} is gone: the Grain that locked it is a free load again."
    assert mends.startswith("Nothing: the demand is delivered. Your free Grain may lock another card")
    assert by_when == "No count-down."
    assert ENGINE.explain_hit(s, next(e for e in events if e["type"] == "deliver"), 0) == []


def test_a_standard_draw_tells_only_the_drawer_the_card():
    s = blank("standard", 2)
    nxt = plain_cards(1, exclude=["D003"])[0]
    events = deliver_drawing(s, 0, nxt)
    [ev] = [e for e in events if e["type"] == "draw"]
    assert set(ev["private"]) == {"0"} and ev["private"]["0"]["card"] == nxt
    assert ev["private"]["0"]["text"] == f"You draw {nxt}: " + "; ".join(demand_text(nxt, d) for d in range(3)) + "."
    assert nxt not in ev["public"]["text"]
    assert legal(s, 0)


def _hit_places(state, events, seat, type_, action=None):
    ev = next(e for e in events if e["type"] == type_ and seat in (e.get("audience") or ()))
    return ENGINE.hit_places(state, seat, ev, action)


def test_hit_places_name_the_freed_load_the_taxed_cash_the_derailed_train_and_the_washed_track():
    """Engine.hit_places (#24): the page marks exactly what hit the player on their own table."""
    s = blank("public", 2)
    cid = GRAIN[0]
    d = grain_demand(cid)
    to_pool(s, cid, *others(5))
    s["players"][1]["loads"] = ["Grain"]
    lock(s, 1, cid, d)
    s["players"][0].update(pos=at(DEMANDS[cid][d][1]), loads=["Grain"])
    lock(s, 0, cid, d)
    on_top(s, *others(1, *s["pool"]))
    events = act(s, 0, "deliver", card=cid, demand=d)
    assert _hit_places(s, events, 1, "deliver") == ["load:Grain"]
    deliver = next(e for e in events if e["type"] == "deliver")
    assert ENGINE.hit_places(s, 0, deliver, None) == []  # the deliverer was not hit

    s = blank("standard", 2)
    s["players"][1]["cash"] = 160
    events = deliver_drawing(s, 0, event_card("tax"), plain_cards(1, exclude=["D003"])[0])
    assert _hit_places(s, events, 1, "tax") == ["cash"]

    s = blank("standard", 2)
    s["players"][1].update(pos=at("Wyvern Gap"), loads=["Iron", "Copper"])
    events = deliver_drawing(s, 0, DERAIL, plain_cards(1, exclude=["D003"])[0])
    assert _hit_places(s, events, 1, "derailed") == ["train"]

    s = blank("standard", 2)
    lay(s, 1, (19, 13), (18, 13), (17, 13), (16, 13))
    events = deliver_drawing(s, 0, event_card("flood", river="Amber"), plain_cards(1, exclude=["D003"])[0])
    washed = next(e for e in events if e["type"] == "washed_away")["public"]["sections"]
    places = _hit_places(s, events, 1, "washed_away")
    assert places and places == [f"track:{a[0]},{a[1]}|{b[0]},{b[1]}" for a, b in washed]


def test_an_event_marks_nothing_on_a_seat_it_did_not_hit():
    s = blank("public", 2)
    freed = {"type": "deliver", "seat": 0, "public": {"good": "Grain", "freed": [1]}}
    assert ENGINE.hit_places(s, 1, freed, None) == ["load:Grain"]
    assert ENGINE.hit_places(s, 0, freed, None) == []
    assert ENGINE.hit_places(s, 1, {"type": "deliver", "seat": 0, "public": {"freed": [1]}}, None) == []
    assert ENGINE.hit_places(s, 1, {"type": "deliver", "seat": 0, "public": {"good": "Grain"}}, None) == []
    for kind, mark in (("tax", ["cash"]), ("derailed", ["train"])):
        assert ENGINE.hit_places(s, 1, {"type": kind, "seat": 1, "public": {}}, None) == mark
        assert ENGINE.hit_places(s, 0, {"type": kind, "seat": 1, "public": {}}, None) == []
    washed = {"type": "washed_away", "seat": 1, "public": {"sections": [[[19, 13], [18, 13]], [[18, 13], [17, 14]]]}}
    assert ENGINE.hit_places(s, 1, washed, None) == ["track:19,13|18,13", "track:18,13|17,14"]
    assert ENGINE.hit_places(s, 0, washed, None) == []
    assert ENGINE.hit_places(s, 1, {"type": "washed_away", "seat": 1}, None) == []
    assert ENGINE.hit_places(s, 1, {"type": "event", "seat": 1, "public": {}}, None) == []
