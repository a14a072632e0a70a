"""Each check of menus.py says its own sentence when it refuses an action, and the menu leaves the
action out (found by mutation testing, issue #31: most of these sentences no test read)."""

import pytest

from games.rules.checks import SAME_MOVE
from games.rules.crayon_rails.board import node
from games.rules.crayon_rails.engine import ENGINE
from games.rules.crayon_rails.menus import LOCK_REFUSED

from .helpers import at, blank, event_card, legal, lock, plain_cards, to_hand, to_pool


def strike_at_the_coast(state):
    """Puts a dock strike in force (drawn by seat 1, as events.py records it)."""
    state["events"].append(
        {
            "card": event_card("strike", kind="coastal"),
            "type": "strike",
            "drawer": 1,
            "turns_left": 2,
            "kind": "coastal",
        }
    )


def standard(**p0):
    s = blank("standard", 2)
    s["players"][0].update(p0)
    return s


def public(**p0):
    s = blank("public", 2)
    to_pool(s, *plain_cards(6))
    s["players"][0].update(p0)
    return s


def all_locked():
    """Every pool card is locked by Player 2: nothing left to pitch."""
    s = blank("public", 2)
    cards = plain_cards(2)
    to_pool(s, *cards)
    for cid in cards:
        lock(s, 1, cid, 0)
    return s


def with_d003(**p0):
    s = standard(**p0)
    to_hand(s, 0, "D003")  # its demand 2: Grain to Calder Mills
    return s


NEED = "You need that demand's card, its load on your train and your train in its city."


def in_draft():
    return ENGINE.new_state({"mode": "public"}, 2, "refusals")


def in_building():
    return ENGINE.new_state({"mode": "standard"}, 2, "refusals")


def derailed():
    s = standard(pos=at("Larkmere"), loads=["Grain", "Coal"])
    s["pending"] = [{"seat": 0, "kind": "derailment", "card": event_card("derailment")}]
    return s


def struck(**p0):
    s = standard(**p0)
    strike_at_the_coast(s)
    return s


def with_hand(**p0):
    s = standard(**p0)
    to_hand(s, 0, *plain_cards(3))
    return s


def salt_gone(left: int = 0):
    """Player 2's heavy freight carries every Salt chip of the supply but `left` (3 in all)."""
    s = standard(pos=at("Kestrel Bay"))
    s["players"][1].update(train="heavy", loads=["Salt"] * (3 - left))
    return s


def locked_iron(**p0):
    """Player 1 carries Iron locked onto the pool's D001 (its demand 0: Iron to Jessamy)."""
    s = public(loads=["Iron"], **p0)
    lock(s, 0, "D001", 0)
    return s


CASES = [
    # rules text of shared/rules/README.md (base rules) and engine.py's readings, check by check
    (
        "the train is placed once",
        lambda: standard(pos=at("Larkmere")),
        {"type": "place_train", "city": "Ondrey"},
        "Your train is already on the map.",
    ),
    (
        "a train starts on a city",
        standard,
        {"type": "place_train", "city": "Atlantis"},
        "Name a city to put your train on.",
    ),
    (
        "loads are picked up at cities",
        lambda: standard(pos=node(22, 5)),
        {"type": "pickup", "good": "Grain"},
        "Loads are picked up at cities.",
    ),
    (
        "loads are dropped at cities",
        lambda: standard(pos=node(22, 5), loads=["Grain"]),
        {"type": "drop", "good": "Grain"},
        "Loads are dropped at cities.",
    ),
    (
        "no load before the train is on the map",
        standard,
        {"type": "pickup", "good": "Grain"},
        "Put your train on a city first.",
    ),
    (
        "a demand names a real card",
        lambda: standard(pos=at("Larkmere")),
        {"type": "deliver", "card": "Z999", "demand": 0},
        "There is no such demand card.",
    ),
    (
        "a strike stops deliveries (events as in the family's rules)",
        lambda: struck(pos=at("Kestrel Bay"), loads=["Grain"]),
        {"type": "deliver", "card": "D003", "demand": 2},
        "A strike stops all deliveries at Kestrel Bay.",
    ),
    (
        "a delivery takes the demand's load (base rules: a demand is load, city, payoff)",
        lambda: with_d003(pos=at("Calder Mills"), loads=["Coal"]),
        {"type": "deliver", "card": "D003", "demand": 2},
        NEED,
    ),
    (
        "a delivery takes the card in hand (standard mode)",
        lambda: standard(pos=at("Calder Mills"), loads=["Grain"]),
        {"type": "deliver", "card": "D003", "demand": 2},
        NEED,
    ),
    (
        "a delivery is made in the demand's city",
        lambda: with_d003(pos=at("Larkmere"), loads=["Grain"]),
        {"type": "deliver", "card": "D003", "demand": 2},
        NEED,
    ),
    (
        "a lock names the load of the demand (shared/rules/003: the necessary load)",
        lambda: public(pos=at("Larkmere"), loads=["Grain", "Iron"]),
        {"type": "lock", "card": "D001", "demand": 0, "good": "Grain"},
        LOCK_REFUSED,
    ),
    (
        "locking is the variant's (shared/rules/003)",
        lambda: standard(pos=at("Larkmere"), loads=["Grain"]),
        {"type": "lock", "card": "D003", "demand": 2, "good": "Grain"},
        "Locking belongs to the public-pool mode.",
    ),
    (
        "pitching is the variant's (shared/rules/003)",
        standard,
        {"type": "pitch"},
        "Pitching belongs to the public-pool mode.",
    ),
    (
        "a pitch gives up the entire turn (shared/rules/003)",
        lambda: public(stage="move"),
        {"type": "pitch"},
        "Pitching gives up the whole turn: do it before anything else.",
    ),
    (
        "a pitch takes unlocked cards (shared/rules/003)",
        all_locked,
        {"type": "pitch"},
        "Every card in the pool is locked: there is nothing to pitch.",
    ),
    (
        "no hands in the variant",
        public,
        {"type": "discard_hand"},
        "In the public-pool mode you pitch pool cards instead.",
    ),
    (
        "discarding the hand is the whole turn",
        lambda: with_hand(stage="move"),
        {"type": "discard_hand"},
        "Discarding your hand gives up the whole turn: do it before anything else.",
    ),
    ("no hand, nothing to discard", standard, {"type": "discard_hand"}, "You hold no demand cards to discard."),
    (
        "upgrading is instead of building",
        lambda: standard(stage="build", built=3),
        {"type": "upgrade", "train": "fast"},
        "Upgrading is instead of building: not after you built this turn.",
    ),
    (
        "one upgrade a turn, instead of building",
        lambda: standard(stage="build", train="fast", upgraded=True),
        {"type": "upgrade", "train": "super"},
        "Upgrading is instead of building: not after you built this turn.",
    ),
    (
        "an upgrade costs 20",
        lambda: standard(cash=19),
        {"type": "upgrade", "train": "fast"},
        "An upgrade costs 20; you have 19.",
    ),
    (
        "freight to fast or heavy, those to super",
        standard,
        {"type": "upgrade", "train": "super"},
        "Freight upgrades to fast or heavy freight, and those to superfreight.",
    ),
    (
        "only a derailment loses a load",
        lambda: standard(pos=at("Larkmere"), loads=["Grain"]),
        {"type": "lose_load", "good": "Grain"},
        "Only a derailed train loses a load.",
    ),
    ("the draft is over: keep", standard, {"type": "keep", "card": "D003", "demand": 0}, "The setup draft is over."),
    ("the draft is over: keep_done", standard, {"type": "keep_done"}, "The setup draft is over."),
    (
        "the draft keeps offered cards",
        in_draft,
        {"type": "keep", "card": "Z999", "demand": 0},
        "Keep one of the cards you are offered, naming one of its three demands (at most two cards).",
    ),
    (
        "the draft is for keeping",
        in_draft,
        {"type": "end_turn"},
        "It is the setup draft: keep up to two cards, or pass the rest on.",
    ),
    (
        "two initial building turns",
        in_building,
        {"type": "upgrade", "train": "fast"},
        "The first two turns are for building track only.",
    ),
    (
        "the derailed player resolves the lost load first (shared/rules/003)",
        derailed,
        {"type": "end_turn"},
        "You were derailed: choose which load to lose first.",
    ),
    (
        "a strike stops loading (events as in the family's rules)",
        lambda: struck(pos=at("Kestrel Bay")),
        {"type": "pickup", "good": "Salt"},
        "A strike stops all loading at Kestrel Bay.",
    ),
    (
        "the load chips are limited (base rules)",
        salt_gone,
        {"type": "pickup", "good": "Salt"},
        "All the Salt loads are on trains already.",
    ),
    (
        "a train carries its capacity (freight: two loads)",
        lambda: standard(pos=at("Kestrel Bay"), loads=["Fish", "Fish"]),
        {"type": "pickup", "good": "Salt"},
        "Your train carries 2 loads and is full.",
    ),
    (
        "only a load carried is dropped",
        lambda: standard(pos=at("Larkmere"), loads=["Grain"]),
        {"type": "drop", "good": "Coal"},
        "You may drop only a load you carry that locks no card.",
    ),
    (
        "a locked load stays on the train (shared/rules/003)",
        lambda: locked_iron(pos=at("Larkmere")),
        {"type": "drop", "good": "Iron"},
        "You may drop only a load you carry that locks no card.",
    ),
    (
        "locks come before building (shared/rules/003)",
        lambda: public(stage="build", built=3, pos=at("Larkmere"), loads=["Iron"]),
        {"type": "lock", "card": "D001", "demand": 0, "good": "Iron"},
        "Cards are locked before you build or upgrade, not after.",
    ),
    (
        "a pitch takes a train with no locked load (shared/rules/003)",
        locked_iron,
        {"type": "pitch"},
        "You may pitch only with no locked loads on your train.",
    ),
    (
        "after a pitch only locking (shared/rules/003)",
        lambda: public(stage="pitched", pos=at("Larkmere")),
        {"type": "pickup", "good": "Grain"},
        "You pitched this turn: you may only lock loads or end it.",
    ),
    (
        "building ends moving and loading",
        lambda: standard(stage="build", built=3, pos=at("Larkmere")),
        {"type": "pickup", "good": "Grain"},
        "You have built or upgraded this turn: no more moving, loading or delivering.",
    ),
    (
        "a pool card is delivered through its lock (shared/rules/003)",
        lambda: public(pos=at("Jessamy"), loads=["Iron"]),
        {"type": "deliver", "card": "D001", "demand": 0},
        "You deliver a pool card only with a load you locked onto it (lock it first).",
    ),
    (
        "no such kind of action",
        standard,
        {"type": "fly"},
        "That move is not allowed now (build up to 20, fees 4 a player).",
    ),
]


@pytest.mark.parametrize(("rule", "position", "action", "sentence"), CASES, ids=[c[0] for c in CASES])
def test_each_check_says_why(rule, position, action, sentence):
    """The rule named in the case's id; the refusal is that check's sentence and the menu offers
    no such action."""
    s = position()
    seat = ENGINE.to_act(s)[0]
    assert ENGINE.explain_illegal(s, seat, action) == sentence
    assert action not in legal(s, seat)
    assert not ENGINE.accepts(s, seat, action)


def test_nobody_acts_once_the_game_is_over():
    s = standard(pos=at("Larkmere"))
    s["result"] = {"winners": [1], "ranking": [1, 0], "reason": "Rich and linked.", "cash": [50, 260]}
    assert ENGINE.explain_illegal(s, 0, {"type": "end_turn"}) == "The game is over."
    assert legal(s, 0) == []


def test_only_the_seat_to_act_decides():
    s = standard(pos=at("Larkmere"))
    assert ENGINE.explain_illegal(s, 1, {"type": "end_turn"}) == "It is not your turn to decide anything."
    assert legal(s, 1) == []
    assert {"type": "end_turn"} in legal(s, 0)


def test_the_checks_pass_at_their_bounds():
    """Exactly the upgrade's cost, the last chip of a good, one place left on the train: allowed."""
    s = standard(cash=20)
    assert ENGINE.explain_illegal(s, 0, {"type": "upgrade", "train": "heavy"}) == SAME_MOVE
    assert [a["train"] for a in legal(s, 0, "upgrade")] == ["fast", "heavy"]
    s = salt_gone(left=1)
    s["players"][0]["loads"] = ["Fish"]
    assert {"type": "pickup", "good": "Salt"} in legal(s, 0, "pickup")
    assert ENGINE.accepts(s, 0, {"type": "pickup", "good": "Salt"})


PITCHED = "You pitched this turn: you may only lock loads or end it."
BUILT = "You have built or upgraded this turn: no more moving, loading or delivering."
OFF_THE_MAP = "Put your train on a city first."
STAGES = [
    # a pitch gives up the rest of the turn but locking (shared/rules/003)
    *[
        (lambda: public(stage="pitched", pos=at("Jessamy"), loads=["Iron"]), action, PITCHED)
        for action in (
            {"type": "pickup", "good": "Wine"},
            {"type": "deliver", "card": "D001", "demand": 0},
            {"type": "drop", "good": "Iron"},
            {"type": "place_train", "city": "Larkmere"},
            {"type": "upgrade", "train": "fast"},
        )
    ],
    # building or upgrading ends the moving part of the turn (base rules: move, then build)
    *[
        (lambda: with_d003(stage="build", built=3, pos=at("Calder Mills"), loads=["Grain"]), action, BUILT)
        for action in (
            {"type": "pickup", "good": "Wool"},
            {"type": "deliver", "card": "D003", "demand": 2},
            {"type": "drop", "good": "Grain"},
            {"type": "place_train", "city": "Larkmere"},
        )
    ],
    # loads are handled where the train stands, so not before it is on the map
    *[
        (lambda: with_d003(loads=["Grain"]), action, OFF_THE_MAP)
        for action in (
            {"type": "pickup", "good": "Grain"},
            {"type": "deliver", "card": "D003", "demand": 2},
            {"type": "drop", "good": "Grain"},
        )
    ],
]


@pytest.mark.parametrize(
    ("position", "action", "sentence"), STAGES, ids=[f"{c[2][:12]}-{c[1]['type']}" for c in STAGES]
)
def test_the_turns_stage_rules_out_each_kind_it_names(position, action, sentence):
    s = position()
    assert ENGINE.explain_illegal(s, 0, action) == sentence
    assert action not in legal(s, 0)


def test_a_delivery_names_one_of_the_cards_three_demands():
    """A demand is 0, 1 or 2 of the card (base rules: three demands a card); any other is refused
    with the delivery's sentence, not read as another demand and not an error."""
    s = with_d003(pos=at("Catterby"), loads=["Oil"])  # D003's demand 1: Oil to Catterby
    for demand in (3, -2, True, "1", None):
        action = {"type": "deliver", "card": "D003", "demand": demand}
        assert ENGINE.explain_illegal(s, 0, action) == NEED
    assert ENGINE.explain_illegal(s, 0, {"type": "deliver", "card": ["D003"], "demand": 1}) == (
        "There is no such demand card."
    )
    assert {"type": "deliver", "card": "D003", "demand": 1} in legal(s, 0, "deliver")


def test_a_train_between_cities_delivers_nothing_during_a_city_strike():
    s = with_d003(pos=node(22, 5), loads=["Grain"])
    strike = event_card("strike", kind="cities")
    s["events"].append(
        {"card": strike, "type": "strike", "drawer": 1, "turns_left": 2, "kind": "cities", "cities": ["Tarnside"]}
    )
    assert ENGINE.explain_illegal(s, 0, {"type": "deliver", "card": "D003", "demand": 2}) == NEED


def test_a_pool_card_is_delivered_only_through_a_lock_on_that_very_demand():
    """shared/rules/003: a load is delivered to the pool card demand it locked. Player 1's Iron
    locks D001's demand 0; neither another card's Iron demand (D005's 0, Iron to Redscar) nor
    another demand of D001 (its 1, Cattle to Velmora) rides on that lock."""
    first = "You deliver a pool card only with a load you locked onto it (lock it first)."
    s = locked_iron(pos=at("Redscar"))
    s["players"][0]["loads"] = ["Iron", "Iron"]
    assert ENGINE.explain_illegal(s, 0, {"type": "deliver", "card": "D005", "demand": 0}) == first
    s = locked_iron(pos=at("Velmora"))
    s["players"][0]["loads"] = ["Iron", "Cattle"]
    assert ENGINE.explain_illegal(s, 0, {"type": "deliver", "card": "D001", "demand": 1}) == first
    assert legal(s, 0, "deliver") == []


def test_the_setup_turns_explain_their_own_moves_as_on_the_menu():
    """What the draft and the building turns offer is explained as a menu move; a card not in the
    drafter's offer is not kept, even a real one."""
    s = in_draft()
    seat = ENGINE.to_act(s)[0]
    offered = s["draft"]["offer"][0]
    assert ENGINE.explain_illegal(s, seat, {"type": "keep_done"}) == SAME_MOVE
    assert ENGINE.explain_illegal(s, seat, {"type": "keep", "card": offered, "demand": 2}) == SAME_MOVE
    elsewhere = next(cid for cid in plain_cards(30) if cid not in s["draft"]["offer"])
    assert ENGINE.explain_illegal(s, seat, {"type": "keep", "card": elsewhere, "demand": 0}) == (
        "Keep one of the cards you are offered, naming one of its three demands (at most two cards)."
    )
    s = in_building()
    assert ENGINE.explain_illegal(s, ENGINE.to_act(s)[0], {"type": "end_turn"}) == SAME_MOVE


def test_a_derailed_player_may_lose_each_load_it_carries():
    s = derailed()
    for good in ("Coal", "Grain"):
        assert ENGINE.explain_illegal(s, 0, {"type": "lose_load", "good": good}) == SAME_MOVE
    assert ENGINE.explain_illegal(s, 0, {"type": "lose_load", "good": "Iron"}) == (
        "You were derailed: choose which load to lose first."
    )


def test_a_player_may_lock_several_cards_but_each_only_once():
    """shared/rules/003: each load locks one pool card demand, and a player locks a card once.
    Player 1 carries two Iron, one locked onto D001's demand 0 (Iron to Jessamy)."""
    s = locked_iron(pos=at("Larkmere"))
    s["players"][0]["loads"] = ["Iron", "Iron"]
    other = {"type": "lock", "card": "D005", "demand": 0, "good": "Iron"}  # Iron to Redscar
    again = {"type": "lock", "card": "D001", "demand": 0, "good": "Iron"}
    assert ENGINE.explain_illegal(s, 0, other) == SAME_MOVE
    assert ENGINE.explain_illegal(s, 0, again) == LOCK_REFUSED
    assert other in legal(s, 0, "lock") and again not in legal(s, 0, "lock")


def test_a_derailed_player_of_the_variant_chooses_among_all_its_loads():
    """shared/rules/003: a derailed train loses one load of its choice: a free one, one locked on a
    pool card, or a private card's (kept private or released to the pool)."""
    s = public(pos=at("Larkmere"), loads=["Coal", "Iron", "Grain"])
    lock(s, 0, "D001", 0)  # the pool's D001, Iron to Jessamy
    s["players"][0]["hand"] = ["D003"]
    lock(s, 0, "D003", 2, private=True, loaded=True)  # Grain to Calder Mills, private
    s["pending"] = [{"seat": 0, "kind": "derailment", "card": event_card("derailment")}]
    assert legal(s, 0) == [
        {"type": "lose_load", "good": "Coal"},
        {"type": "lose_load", "good": "Iron", "card": "D001"},
        {"type": "lose_load", "good": "Grain", "card": "D003", "release": False},
        {"type": "lose_load", "good": "Grain", "card": "D003", "release": True},
    ]
