"""The small queries of state.py the engine, the view and the bot share: tax brackets, loads
free or locked, the supply's chips, the pool's size, the setup deal, the demands a seat may
work toward."""

import pytest

from games.rules.crayon_rails import state as state_module
from games.rules.crayon_rails.board import CITY_INDEX, GOODS, MAJORS, SOURCES
from games.rules.crayon_rails.cards import DEMANDS, is_event
from games.rules.crayon_rails.state import (
    chips_left,
    deal_setup,
    end_setup_draws,
    free_loads,
    lock_map,
    locked_loads,
    pool_target,
    relevant_demands,
    target_cities,
    tax_for,
)

from .helpers import blank, demand_cards, event_card, lock, plain_cards, to_hand, to_pool


@pytest.fixture(autouse=True)
def no_kept_targets():
    """target_cities keeps its answers across games: each test here computes its own."""
    state_module._TARGETS.clear()
    yield
    state_module._TARGETS.clear()


@pytest.mark.parametrize(
    "cash, tax",
    [(0, 0), (49, 0), (50, 10), (99, 10), (100, 15), (149, 15), (150, 20), (199, 20), (200, 25), (900, 25)],
)
def test_the_excess_profit_tax_brackets(cash, tax):
    """The tax card: every player pays 10 with 50 or more in cash, 15 with 100 or more, 20 with
    150 or more, 25 with 200 or more (and nothing below 50)."""
    assert tax_for(cash) == tax


def test_loads_locking_a_card_are_neither_free_nor_counted_twice():
    """A public lock holds its load on the train; a private (draft) card holds one only once its
    load is picked up (`loaded`); every other load is free."""
    s = blank("public", 2)
    p = s["players"][0]
    p["loads"] = ["Coal", "Coal", "Wine"]
    coal = demand_cards("Coal")[0]
    wine = demand_cards("Wine", exclude=[coal[0]])[0]
    lock(s, 0, *coal)
    lock(s, 0, *wine, private=True, loaded=False)
    assert free_loads(p) == {"Coal": 1, "Wine": 1}
    assert locked_loads(p) == 1
    p["locks"][1]["loaded"] = True
    assert free_loads(p) == {"Coal": 1}  # no Wine: none is free, and no zero either
    assert locked_loads(p) == 2
    assert free_loads(s["players"][1]) == {} and locked_loads(s["players"][1]) == 0


def test_lock_map_lists_the_public_locks_by_card_and_demand():
    s = blank("public", 3)
    coal = demand_cards("Coal")[0]
    wine = demand_cards("Wine", exclude=[coal[0]])[0]
    lock(s, 0, *coal)
    lock(s, 2, *coal)
    lock(s, 1, *wine, private=True)  # a draft card in hand: no public lock
    assert lock_map(s) == {coal[0]: {coal[1]: [0, 2]}}


def test_the_supply_holds_each_goods_chips_less_the_loads_on_trains():
    s = blank("standard", 3)
    s["players"][0]["loads"] = ["Coal", "Wine"]
    s["players"][2]["loads"] = ["Coal", "Coal", "Salt"]
    left = chips_left(s)
    assert left["Coal"] == GOODS["Coal"] - 3 and left["Wine"] == GOODS["Wine"] - 1 and left["Salt"] == GOODS["Salt"] - 1
    assert {g: n for g, n in left.items() if g not in ("Coal", "Wine", "Salt")} == {
        g: n for g, n in GOODS.items() if g not in ("Coal", "Wine", "Salt")
    }


def test_the_pool_target_counts_the_players_still_in_and_never_drops_below_one():
    """README: the pool is drawn to 2×N unlocked and 3×N cards, N the players (still in)."""
    s = blank("public", 4)
    assert pool_target(s) == 4
    s["out"] = [1, 3]
    assert pool_target(s) == 2
    s["out"] = [0, 1, 2, 3]
    assert pool_target(s) == 1


def test_the_setup_deal_sets_events_aside_and_stops_at_an_empty_deck():
    s = blank("public", 2)
    demands = plain_cards(3)
    flood = event_card("flood", river="Wend")
    snow = event_card("snow", cities=["Saltmere"])
    s["deck"] = [demands[2], snow, demands[1], flood, demands[0]]  # drawn from the end
    assert deal_setup(s, 2) == [demands[0], demands[1]]
    assert s["set_aside"] == [flood] and s["deck"] == [demands[2], snow]
    assert deal_setup(s, 3) == [demands[2]]  # the deck runs out
    assert s["set_aside"] == [flood, snow] and s["deck"] == []
    assert deal_setup(s, 0) == []


def test_the_events_set_aside_go_back_shuffled_and_nothing_is_shuffled_without_them():
    s = blank("public", 2)
    deck = list(s["deck"])
    rng = dict(s["rng"])
    end_setup_draws(s)  # nothing set aside: the deck and the random stream stay as they were
    assert s["deck"] == deck and s["rng"] == rng
    events = [c for c in deck if is_event(c)]
    s["deck"] = [c for c in deck if not is_event(c)]
    s["set_aside"] = list(events)
    end_setup_draws(s)
    assert s["set_aside"] == [] and sorted(s["deck"]) == sorted(deck)
    assert s["rng"] != rng  # shuffled


def test_a_standard_seat_works_toward_its_hands_demands_only():
    s = blank("standard", 2)
    hand = plain_cards(3)
    to_hand(s, 0, *hand)
    to_pool(s, plain_cards(1, exclude=hand)[0])  # no pool in standard play: never read
    want = [(c, d, *DEMANDS[c][d], True) for c in hand for d in range(3)]
    assert relevant_demands(s, 0) == want
    assert relevant_demands(s, 1) == []


def test_a_public_seat_works_toward_its_private_cards_and_the_pool_s_open_demands():
    """A locked pool card is delivered only by its locked demand; a private card only by its
    keeper (`mine`), and only by the demand its load was committed to."""
    s = blank("public", 2)
    kept, locked, open_ = plain_cards(3)
    to_hand(s, 0, kept)
    to_pool(s, locked, open_)
    lock(s, 0, kept, 1, private=True, loaded=False)
    lock(s, 1, locked, 2)
    mine = [(kept, 1, *DEMANDS[kept][1], True)]
    pool = [(locked, 2, *DEMANDS[locked][2], False)] + [(open_, d, *DEMANDS[open_][d], False) for d in range(3)]
    assert relevant_demands(s, 0) == mine + pool
    assert relevant_demands(s, 1) == pool


def cities_of(*demands) -> list:
    """The majors, and each (card, demand)'s city and its good's sources."""
    out = set(MAJORS)
    for cid, d in demands:
        g, c, _pay = DEMANDS[cid][d]
        out |= {CITY_INDEX[c], *SOURCES[g]}
    return sorted(out)


def test_the_target_cities_are_the_majors_the_demand_cities_and_their_goods_sources():
    s = blank("standard", 2)
    hand = plain_cards(1)
    to_hand(s, 0, *hand)
    assert target_cities(s, 0) == cities_of(*[(hand[0], d) for d in range(3)])
    assert target_cities(s, 1) == sorted(MAJORS)


def test_the_target_cities_follow_every_change_of_what_a_seat_may_deliver():
    """target_cities keeps its answers; each of these positions differs from the one before in
    one thing only, and each gets its own answer."""
    s = blank("public", 2)
    a, b, c = plain_cards(3)
    seen = [sorted(MAJORS)]

    def expect(*demands):
        want = cities_of(*demands)
        assert want != seen[-1]  # the change matters
        assert target_cities(s, 0) == want
        seen.append(want)

    assert target_cities(s, 0) == seen[0]
    to_pool(s, a)
    expect(*[(a, d) for d in range(3)])
    lock(s, 1, a, 0)  # a public lock: only that demand is left
    expect((a, 0))
    s["players"][1]["locks"][0]["demand"] = 2
    expect((a, 2))
    s["players"][1]["locks"][0]["private"] = True  # a card kept in hand locks no pool card
    expect(*[(a, d) for d in range(3)])
    to_hand(s, 0, b)
    lock(s, 0, b, 1, private=True, loaded=False)
    expect(*[(a, d) for d in range(3)], (b, 1))
    s["mode"] = "standard"  # the same cards read as a standard hand
    expect(*[(b, d) for d in range(3)])
    to_hand(s, 0, c)
    expect(*[(x, d) for x in (b, c) for d in range(3)])
    assert target_cities(s, 1) == sorted(MAJORS)  # the other seat holds nothing
