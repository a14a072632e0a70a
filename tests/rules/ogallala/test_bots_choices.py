"""The bot's choices the module's docstrings promise, in exact positions: which of Ogallala I's
stacks it draws from (weighted by what its display needs), what it does with spoils, what its
hunter takes, which attack it makes, what its raids take and how it breaks ties."""

from collections import Counter

import pytest

from games.rules.base import Rng
from games.rules.ogallala import bots
from games.rules.ogallala.engine import ENGINE

from .helpers import draw, fresh, lay, legal, place

# -- Ogallala I's draw: _choose_stack's weights (bows and sterns, warriors, booty) ----------------

DRAWS = 2000  # bot draws counted per position; a share's standard error is about 0.011


def shares(s, seat=0):
    """Returns how often the bot draws from each stack over DRAWS streams, as shares."""
    counts = Counter(ENGINE.bot_action(s, seat, Rng.stream(f"draw {i}"))["stack"] for i in range(DRAWS))
    return {k: counts[k] / DRAWS for k in range(3)}


def assert_weighs(s, weights):
    """Asserts the bot draws each stack in proportion to its weight (within 3 standard errors)."""
    assert {a["stack"] for a in legal(s, 0)} == set(weights)
    total = sum(weights.values())
    got = shares(s)
    for k in range(3):
        assert got[k] == pytest.approx(weights.get(k, 0) / total, abs=0.035), (k, got)


def test_with_no_open_section_the_bot_draws_mostly_bows_and_sterns():
    """A complete boat, a warrior section and one ending with a stern open no section (one must
    start with a bow and be no boat yet): 3 for the bows and sterns, 1.5 the warriors, 0.7 booty."""
    s = fresh()
    lay(s, 0, 0, 0, "bow", "warrior1", "stern")
    lay(s, 0, 1, 0, "warrior2")
    lay(s, 0, 2, 0, "warrior1", "stern")
    assert_weighs(s, {0: 3.0, 1: 1.5, 2: 0.7})


def test_one_open_section_makes_booty_as_likely_as_warriors():
    """One open section (a bow and a warrior, strength 1): booty has a boat to go in, 1.5."""
    s = fresh()
    lay(s, 0, 0, 0, "bow", "warrior1")
    assert_weighs(s, {0: 3.0, 1: 1.5, 2: 1.5})


def test_two_short_open_sections_of_strength_four_want_booty_most():
    """Two open sections, neither of four cards: bows and sterns 0.8; their strength 1 + 3 = 4
    is enough: warriors 1."""
    s = fresh()
    lay(s, 0, 0, 0, "bow", "warrior1")
    lay(s, 0, 1, 0, "bow", "warrior3")
    assert_weighs(s, {0: 0.8, 1: 1.0, 2: 1.5})


def test_an_open_section_of_four_cards_wants_its_stern():
    """Two open sections, one of exactly four cards: bows and sterns 2.5; strength 1 + 2 = 3,
    under 4: warriors 1.5."""
    s = fresh()
    lay(s, 0, 0, 0, "bow", "furs", "tobacco", "warrior1")
    lay(s, 0, 1, 0, "bow", "warrior2")
    assert_weighs(s, {0: 2.5, 1: 1.5, 2: 1.5})


def test_an_empty_stack_is_never_drawn_and_the_others_keep_their_weights():
    """The bows and sterns run out: warriors 1.5 against booty 0.7 (no open section)."""
    s = fresh()
    s["stacks"][0].clear()
    assert_weighs(s, {1: 1.5, 2: 0.7})


# -- spoils, hunts, attacks, raids ------------------------------------------------------------------


def bot(s, seat=0, stream=1):
    action = ENGINE.bot_action(s, seat, Rng.stream(stream))
    assert action in legal(s, seat)
    return action


def test_ii_the_bot_places_a_spoil_where_it_completes_a_boat():
    """II: the conqueror takes a stern from the spoils ("those he does not have himself and which
    he can place"); the bot completes its open bow and warrior section with it, as it does with a
    drawn card, rather than the first free space of its river."""
    s = fresh("II")
    lay(s, 0, 0, 0, "bow", "chieftain")
    lay(s, 0, 1, 5, "bow", "warrior1")  # the stern completes it at (1, 7)
    lay(s, 1, 0, 0, "warrior2", "stern")  # a section of strength 2: its stern is the spoils
    draw(s, 0, "stern_warrior")
    place(s, 0, 0, 2)  # the raider, strength 6
    ENGINE.apply(s, 0, {"type": "attack", "target": 1, "row": 0, "start": 0})
    assert ENGINE.current_step(s) == "take" and "card" not in s["pending"][0]
    assert legal(s, 0)[0] == {"type": "place", "row": 0, "col": 3}
    for stream in range(5):
        assert bot(s, stream=stream) == {"type": "place", "row": 1, "col": 7}


def test_ii_the_hunter_takes_either_half_of_his_suite_never_passes():
    """II: the hunter "may now immediately take the corresponding cards": both halves are worth the
    same to the bot, so its tie-break takes one or the other, and it never passes."""
    s = fresh("II")
    lay(s, 1, 0, 0, "bear_front", "furs")
    lay(s, 1, 1, 0, "warrior1", "bear_rear")
    draw(s, 0, "bear_hunter")
    place(s, 0, 0, 0)
    assert ENGINE.current_step(s) == "hunt"
    hunts = legal(s, 0, "hunt")
    assert len(hunts) == 2 and {"type": "pass"} in legal(s, 0)
    assert {tuple(bot(s, stream=i).items()) for i in range(20)} == {tuple(a.items()) for a in hunts}


def _attack_of(loot_extra):
    """Ogallala I: a shaman's boat completed, facing a victim's boat bow-warrior-stern (row 0) and
    a section of the same cards reversed plus `loot_extra` (row 1)."""
    s = fresh()
    lay(s, 0, 0, 0, "bow", "shaman")  # strength 10 once the stern is on
    lay(s, 1, 0, 0, "bow", "warrior1", "stern")  # a complete boat: 2 + 1.5 + 2, and 3 for being one
    lay(s, 1, 1, 0, "stern", "warrior1", "bow", *loot_extra)  # no boat: the same cards, no bonus
    draw(s, 0, "stern")
    place(s, 0, 0, 2)
    assert {(a["row"], a["start"]) for a in legal(s, 0, "attack")} == {(0, 0), (1, 0)}
    return s


def test_a_complete_boat_adds_three_to_the_loot_of_an_attack():
    """I: the loot of a complete boat counts its cards and 3 more (it scores whole): a boat beats
    a section of its own cards and a three-warrior card (2.5 more), not one of a warrior and a
    two-warrior card (3.5 more)."""
    s = _attack_of(["warrior3"])
    for stream in range(5):
        assert bot(s, stream=stream) == {"type": "attack", "target": 1, "row": 0, "start": 0}
    s = _attack_of(["warrior1", "warrior2"])
    for stream in range(5):
        assert bot(s, stream=stream) == {"type": "attack", "target": 1, "row": 1, "start": 0}


def test_the_archer_shoots_by_strength_the_lasso_takes_by_worth():
    """The archer shoots the strongest warrior: a three-warrior card (3) before a bow with a warrior
    (1), though the lasso would rather take the bow with its warrior (a boat's end, worth more)."""
    s = fresh()
    lay(s, 1, 0, 0, "bow_warrior", "warrior3")
    draw(s, 0, "archer")
    place(s, 0, 0, 0)
    for stream in range(5):
        assert bot(s, stream=stream) == {"type": "shoot", "target": 1, "row": 0, "col": 1}
    s = fresh()
    lay(s, 1, 0, 0, "bow_warrior", "warrior3")
    draw(s, 0, "lasso")
    place(s, 0, 0, 0)
    for stream in range(5):
        assert bot(s, stream=stream) == {"type": "lasso", "target": 1, "row": 0, "col": 0}


# -- _best: the highest key, ties broken by rnd -------------------------------------------------------


def test_best_takes_the_highest_key_wherever_it_stands():
    """A key higher by a half, before or after the others, is taken whatever the stream."""
    for items in (["a", "b", "c"], ["c", "b", "a"]):
        key = {"a": 1.0, "b": 1.5, "c": 0.5}.get
        assert {bots._best(items, key, Rng.stream(i)) for i in range(10)} == {"b"}


def test_best_breaks_a_tie_by_the_stream_even_a_tie_off_by_rounding():
    """Items of the same key are each taken on some stream; 0.1 + 0.2 is 0.3 for the bot (it
    differs from 0.3 in its last bits only), but 0.3 and 0.30001 are not tied."""
    key = {"a": 0.3, "b": 0.1 + 0.2, "c": 0.2}.get
    assert 0.1 + 0.2 != 0.3
    assert {bots._best(["a", "b", "c"], key, Rng.stream(i)) for i in range(20)} == {"a", "b"}
    assert {bots._best(["c", "b", "a"], key, Rng.stream(i)) for i in range(20)} == {"a", "b"}
    key = {"a": 0.3, "b": 0.30001}.get
    assert {bots._best(["b", "a"], key, Rng.stream(i)) for i in range(10)} == {"b"}
