"""Each action's event as the log and the emails read it: its kind, whose it is, its fields and
its sentence (found by mutation testing, issue #31: games/rules/crayon_rails/actions.py, whose
events' texts a coarser test read but not their kind or seat)."""

from games.rules.crayon_rails.board import node
from games.rules.crayon_rails.cards import DEMANDS
from games.rules.crayon_rails.engine import ENGINE

from .helpers import act, at, blank, demand_cards, lay, lock, on_top, plain_cards, to_hand, to_pool

GRAIN = [cid for cid, _d in demand_cards(good="Grain")]  # cards with a Grain demand


def test_keeping_a_card_in_the_draft_is_the_drafters_keep_event():
    """shared/rules/README.md, public pool setup: each player keeps up to 2 of the cards offered;
    the others read that a card was kept, only the drafter reads which."""
    s = ENGINE.new_state({"mode": "public"}, 2, "pass")
    offer = list(s["draft"]["offer"])
    kept = offer[2]
    good, city, pay = DEMANDS[kept][0]
    events = act(s, 0, "keep", card=kept, demand=0)
    assert events[0] == {
        "type": "keep",
        "seat": 0,
        "public": {"text": "Player 1 keeps a demand card."},
        "private": {"0": {"card": kept, "demand": 0, "text": f"You keep {kept}: {good} to {city} for {pay}."}},
    }
    assert len(events) == 1 and s["draft"]["seat"] == 0  # one kept of two: still the drafter's


def test_a_pitch_is_the_seats_event_naming_the_pitched_cards():
    """shared/rules/003, Pitching: the player gives up the turn and pitches three randomly selected
    unlocked cards; the log names them."""
    s = blank("public", 2)
    held = plain_cards(1)
    pool = plain_cards(5, exclude=held)
    to_pool(s, *held, *pool)
    s["players"][1]["loads"] = [DEMANDS[held[0]][0][0]]
    lock(s, 1, held[0], 0)
    on_top(s, *plain_cards(4, exclude=held + pool))
    said = act(s, 0, "pitch")[0]
    pitched = said["public"]["cards"]
    assert len(set(pitched)) == 3 and set(pitched) <= set(pool)
    assert said == {
        "type": "pitch",
        "seat": 0,
        "public": {"cards": pitched, "text": "Player 1 gives up the turn and pitches " + ", ".join(pitched) + "."},
        "private": {},
    }


def test_discarding_the_hand_keeps_the_discard_pile_and_is_the_seats_event():
    """shared/rules/README.md, standard mode: the discarded hand joins the cards discarded before
    (the pile a new deck is shuffled from); the log says who discarded."""
    s = blank("standard", 2)
    earlier, hand, new = plain_cards(2), plain_cards(3, exclude=plain_cards(2)), plain_cards(8)[5:]
    for cid in earlier:
        s["deck"].remove(cid)
    s["discard"] = list(earlier)
    to_hand(s, 1, *hand)
    on_top(s, *new)
    act(s, 0, "end_turn")
    events = act(s, 1, "discard_hand")
    assert events[0] == {
        "type": "discard_hand",
        "seat": 1,
        "public": {"text": "Player 2 discards all 3 demand cards and draws new ones, ending the turn."},
        "private": {},
    }
    assert s["discard"] == earlier + hand
    assert s["players"][1]["hand"] == new


def test_a_lock_at_the_start_of_the_turn_leaves_the_train_free_to_move():
    """shared/rules/003: a card may be locked "at any time during a player's turn, until he starts
    building track"; locking first, at the start of the turn, still leaves the move to make. The
    lock records the load as on the train, and the log names the lock's kind and seat."""
    s = blank("public", 2)
    cid = GRAIN[0]
    d = next(d for d, (g, _c, _p) in enumerate(DEMANDS[cid]) if g == "Grain")
    pool = plain_cards(5, exclude=GRAIN)
    to_pool(s, cid, *pool)
    on_top(s, *plain_cards(3, exclude=GRAIN + pool))
    lay(s, 0, (22, 7), (22, 6), (22, 5))
    s["players"][0].update(pos=at("Larkmere"), loads=["Grain"])
    said = act(s, 0, "lock", card=cid, demand=d, good="Grain")[0]
    assert (said["type"], said["seat"], said["private"]) == ("lock", 0, {})
    assert s["players"][0]["locks"] == [{"card": cid, "demand": d, "good": "Grain", "private": False, "loaded": True}]
    act(s, 0, "move", path=[[22, 7], [22, 6], [22, 5]])
    assert s["players"][0]["pos"] == node(22, 5) and s["players"][0]["moves"] == 9 - 2


def test_a_delivery_tells_each_player_whose_lock_it_freed():
    """shared/rules/003: having somebody else deliver the demand frees a locked load; the players
    who had locked it are told at once (the event's audience), and the log names them."""
    s = blank("public", 3)
    cid = GRAIN[0]
    d = next(d for d, (g, _c, _p) in enumerate(DEMANDS[cid]) if g == "Grain")
    _good, city, pay = DEMANDS[cid][d]
    pool = plain_cards(8, exclude=GRAIN)
    to_pool(s, cid, *pool)
    for seat in (1, 2):
        s["players"][seat]["loads"] = ["Grain"]
        lock(s, seat, cid, d)
    s["players"][0].update(pos=at(city), loads=["Grain"])
    lock(s, 0, cid, d)
    on_top(s, *plain_cards(2, exclude=GRAIN + pool))
    said = act(s, 0, "deliver", card=cid, demand=d)[0]
    assert said == {
        "type": "deliver",
        "seat": 0,
        "public": {
            "card": cid,
            "demand": d,
            "good": "Grain",
            "city": city,
            "payoff": pay,
            "freed": [1, 2],
            "text": f"Player 1 delivers Grain to {city} for {pay} (card {cid}). "
            "Player 2, Player 3 had locked it: their loads are free.",
        },
        "private": {},
        "audience": [1, 2],
    }
    assert [p["locks"] for p in s["players"]] == [[], [], []]


def test_an_upgrade_is_the_seats_event():
    """shared/rules/README.md: upgrading for 20 instead of building; the log says who upgraded."""
    s = blank("standard", 2)
    act(s, 0, "end_turn")
    assert act(s, 1, "upgrade", train="fast")[0] == {
        "type": "upgrade",
        "seat": 1,
        "public": {"train": "fast", "text": "Player 2 upgrades to a Fast Freight for 20."},
        "private": {},
    }
    assert s["players"][1]["cash"] == 50 - 20 and s["players"][1]["train"] == "fast"
