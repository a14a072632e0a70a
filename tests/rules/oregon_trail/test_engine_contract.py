"""The engine class's own answers (engine.py): the glossary of each ruleset, the places of the cards
and which of them a seat may not see, options refused, standing orders and their decisions."""

import pytest

from games.rules.base import BadOptions
from games.rules.oregon_trail.cards import CALAMITY_NAMES, SUPPLY_NAMES, TRAIL_NAMES
from games.rules.oregon_trail.engine import ENGINE

from .helpers import act, blank, give_calamity, give_hand, give_supplies, lay_trail, place_town, stack_calamity


def test_the_glossary_explains_every_card_of_the_ruleset_as_its_text_says():
    revised = ENGINE.glossary({"ruleset": "revised"})
    classic = ENGINE.glossary({"ruleset": "classic"})
    names = set(CALAMITY_NAMES.values()) | set(SUPPLY_NAMES.values()) | set(TRAIL_NAMES.values())
    assert set(revised) == set(classic) == names and len(names) == 16 + 7 + 6
    assert ENGINE.glossary({}) == revised  # the default ruleset
    assert not any("{" in text or "}" in text for text in [*revised.values(), *classic.values()])
    # revised: a broken part must be mended by the end of your next turn, with spare parts or a town
    assert revised["Broken Axle"] == (
        "Roll at once: 4-6 and it is discarded. On 1-3 your wagon cannot forge new trail; mend it with Spare "
        "Parts or a town's remove-a-calamity by the end of your next turn, or your whole party dies."
    )
    # classic: as many turns as you have people in your wagon; Mend Any Calamity in a fort / town
    assert classic["Broken Wheel"] == (
        "Roll at once: 4-6 and it is discarded. On 1-3 your wagon cannot forge new trail; mend it with Spare "
        "Parts or Mend Any Calamity in a town or fort within as many turns as you have wagon members, or your "
        "whole party dies."
    )
    # inadequate grass: before the other copy comes up only a town (classic: a town or fort) mends it
    assert revised["Inadequate Grass"].endswith("Before that only a town removes it.")
    assert classic["Inadequate Grass"].endswith("Before that only Mend Any Calamity in a town or fort removes it.")
    # classic starvation: the wagon's members times two
    assert classic["Starvation"] == (
        "Mend it with Food or Mend Any Calamity in a town or fort within twice as many turns as you have wagon "
        "members, or you lose one."
    )
    assert revised["Starvation"] == (
        "Mend it with Food or a town's remove-a-calamity within two turns, or you lose a wagon member."
    )
    assert revised["Fort"].startswith("Every player whose trail reaches it may use it, an action each time: take two")
    assert classic["Fort"].startswith("Works as a town")
    assert (
        revised["Bullets"]
        == classic["Bullets"]
        == ("A supply: stops a Thief, or turns Hunting into Food. Bullets cannot be had by trading.")
    )


def test_every_card_lies_in_one_named_place():
    state = blank("classic", players=2)
    lay_trail(state, 0, [("middle", "middle")] * 2)
    town = place_town(state, "town", 1)
    town["pool"] = [state["supply_deck"].pop()]
    hand = give_hand(state, 1, "plain")
    give_supplies(state, 1, "food")
    rec = give_calamity(state, 0, "typhoid", deadline=2)
    state["trail_discard"].append(state["trail_deck"].pop())
    state["supply_discard"].append(state["supply_deck"].pop())
    state["calamity_discard"].append(state["calamity_deck"].pop())
    state["revealed"].append(state["calamity_deck"].pop())
    places = ENGINE.card_places(state)
    p0, p1 = state["players"]
    assert places == {
        "trail_deck": state["trail_deck"],
        "trail_discard": state["trail_discard"],
        "calamity_deck": state["calamity_deck"],
        "calamity_discard": state["calamity_discard"],
        "supply_bank": [],
        "supply_deck": state["supply_deck"],
        "supply_discard": state["supply_discard"],
        "revealed": state["revealed"],
        "towns": [town["card"]],
        "town_pools": town["pool"],
        "hand:0": [],
        "supplies:0": [],
        "trail:0": [x["card"] for x in p0["trail"]],
        "calamities:0": [rec["card"]],
        "hand:1": [hand],
        "supplies:1": p1["supplies"],
        "trail:1": [],
        "calamities:1": [],
    }
    assert all(places[k] for k in ("trail_discard", "supply_discard", "calamity_discard", "revealed", "town_pools"))
    cards = [c for cs in places.values() for c in cs]
    assert len(cards) == len(set(cards)) == 56 + 26 + 32


def test_a_seat_may_not_see_the_decks_nor_another_seats_hand_or_supplies():
    state = blank(players=3)
    decks = {"trail_deck", "calamity_deck", "supply_deck"}
    assert ENGINE.hidden_places(state, 1) == decks | {"hand:0", "supplies:0", "hand:2", "supplies:2"}
    assert ENGINE.hidden_places(state, None) == decks | {f"{k}:{s}" for k in ("hand", "supplies") for s in range(3)}


@pytest.mark.parametrize(
    ("options", "seats", "words"),
    [
        ({"ruleset": "classic", "trail_length": 19}, 3, "Classic rules need a trail length of 20 to 25."),
        ({"ruleset": "classic", "trail_length": 26}, 3, "Classic rules need a trail length of 20 to 25."),
        ({}, 1, "Oregon Trail Race is for 2 to 6 players."),
        ({}, 7, "Oregon Trail Race is for 2 to 6 players."),
    ],
)
def test_options_the_ruleset_or_the_table_does_not_allow_are_refused_in_words(options, seats, words):
    with pytest.raises(BadOptions) as refused:
        ENGINE.normalize_options(options, seats)
    assert str(refused.value) == words


def test_the_edges_of_the_allowed_lengths_and_seats_and_options_without_seats_are_accepted():
    for n in (20, 25):
        assert ENGINE.normalize_options({"ruleset": "classic", "trail_length": n}, 2)["trail_length"] == n
    assert ENGINE.normalize_options({"trail_length": 10}, 6)["trail_length"] == 10  # revised: 10 to 30
    assert ENGINE.normalize_options({"ruleset": "classic", "trail_length": 22}, None)["ruleset"] == "classic"


def test_a_wagon_that_did_not_win_is_placed_by_life_then_members_then_trail():
    state = blank(players=3)
    lay_trail(state, 1, [("middle", "middle")] * 3)
    state["players"][1]["trimmed"] = 2
    state["players"][1]["members"] = 2
    state["players"][2]["alive"] = False
    state["players"][2]["out_order"] = 1
    assert ENGINE.finishing_measure(state, None, 1) == ("trail", True, None, 2, 5)
    assert ENGINE.finishing_measure(state, None, 2) == ("trail", False, 1, 4, 0)


def test_the_figures_count_the_calamities_played_and_the_members_lost_by_cause():
    state = blank(players=2)
    lay_trail(state, 0, [("middle", "middle")])
    stack_calamity(state, "snake_bite")
    moves = [act(state, 0, {"type": "forge", "card": give_hand(state, 0, "trigger", "middle"), "turned": False})]
    moves.append(act(state, 0, {"type": "victim", "seat": 1}))
    # a snake bite costs the victim a member at once (the revised calamity details)
    assert state["players"][1]["members"] == 3
    assert ENGINE.count_figures(state, moves) == {"calamities": {"Snake Bite": 1}, "deaths": {"Snake Bite": 1}}


def test_a_decision_is_owed_only_by_the_seat_asked_while_the_game_goes_on():
    state = blank(players=2)
    state["pending"] = [{"kind": "hunting_bullets", "seat": 1}]
    assert ENGINE.decision_kind(state, 1) == "hunting_bullets" and ENGINE.decision_kind(state, 0) is None
    state["pending"] = [{"kind": "river_loss", "seat": 1}]  # a choice no standing order answers
    assert ENGINE.decision_kind(state, 1) is None
    state["pending"] = [{"kind": "hunting_bullets", "seat": 1}]
    state["result"] = {"winners": [0]}
    assert ENGINE.decision_kind(state, 1) is None


def test_a_standing_order_answers_only_its_own_kind_with_always_or_never():
    state = blank("classic", players=2)
    give_supplies(state, 1, "medicine")
    lay_trail(state, 0, [("middle", "middle")])
    stack_calamity(state, "measles")
    act(state, 0, {"type": "forge", "card": give_hand(state, 0, "trigger", "middle"), "turned": False})
    act(state, 0, {"type": "victim", "seat": 1})
    assert ENGINE.decision_kind(state, 1) == "measles_medicine"
    assert ENGINE.standing_action(state, 1, "measles_medicine", "never") == {"type": "measles", "choice": "decline"}
    assert ENGINE.standing_action(state, 1, "measles_medicine", "sometimes") is None
    assert ENGINE.standing_action(state, 1, "thief_bullets", "always") is None


@pytest.mark.parametrize("seats", [1, 7])
def test_a_new_game_is_refused_for_a_table_the_rules_do_not_seat(seats):
    with pytest.raises(BadOptions, match=r"^Oregon Trail Race is for 2 to 6 players\.$"):
        ENGINE.new_state({}, seats, "seats")
