"""The bot's choices in exact positions, against what its module says it does: it mends what it
can, walks back to a town when stuck, forges calamity trails first, uses towns and forts when
short, and sends every calamity to the rival furthest along."""

from games.rules.base import Rng
from games.rules.oregon_trail.cards import SUPPLY_CARDS
from games.rules.oregon_trail.engine import ENGINE

from .helpers import _pull, act, blank, give_calamity, give_hand, give_supplies, lay_length, place_town


def bot(state, seat=0):
    action = ENGINE.bot_action(state, seat, Rng.stream(1))
    assert action in ENGINE.legal_actions(state, seat)
    return action


def test_a_calamity_goes_to_the_rival_furthest_along_whatever_its_seat():
    state = blank(players=4)
    give_supplies(state, 1, "bullets")
    lay_length(state, 0, 2)
    lay_length(state, 1, 7)
    lay_length(state, 2, 3)
    lay_length(state, 3, 5)
    act(state, 0, {"type": "forge", "card": give_hand(state, 0, "trigger", "middle"), "turned": False})
    assert bot(state) == {"type": "victim", "seat": 1}


def test_the_draft_takes_the_wanted_kind_held_fewest():
    # spare parts come first in what a wagon wants, but one is held already: oxen, held by none
    # and next in that order, is now wanted most
    state = ENGINE.new_state({"ruleset": "revised"}, 2, "draft")
    assert state["phase"] == "draft"
    seat = ENGINE.to_act(state)[0]
    p = state["players"][seat]
    state["supply_bank"].extend(p["supplies"])
    p["supplies"] = []
    give_supplies(state, seat, "spare_parts")
    assert bot(state, seat) == {"type": "draft", "supply": "oxen"}


def test_a_river_takes_the_kind_held_most():
    state = blank(players=2)
    give_supplies(state, 0, "bullets", "food", "spare_parts", "spare_parts")
    state["pending"] = [{"kind": "river_loss", "seat": 0}]
    assert bot(state) == {"type": "lose_supply", "supply": "spare_parts"}


def test_the_bot_uses_its_bullets_against_a_thief():
    state = blank(players=2)
    give_supplies(state, 0, "bullets")
    state["pending"] = [{"kind": "thief_bullets", "seat": 0, "thief": 1, "taker": 1, "giver": 0}]
    assert bot(state) == {"type": "bullets", "use": True}


def test_a_calamity_trail_is_forged_before_a_plain_one():
    state = blank(players=2)
    give_supplies(state, 0, "food", "food", "food", "food")
    plain = give_hand(state, 0, "plain", "middle", "middle")
    trigger = give_hand(state, 0, "trigger", "middle")
    assert plain and bot(state)["card"] == trigger


def test_classic_forges_a_town_first_when_supplies_run_short():
    state = blank("classic", players=2)
    give_supplies(state, 0, "food")
    trigger = give_hand(state, 0, "trigger", "middle")
    town = give_hand(state, 0, "town")
    assert {"type": "forge", "card": trigger, "turned": False} in ENGINE.legal_actions(state, 0)
    assert bot(state) == {"type": "forge", "card": town, "turned": False}


def test_classic_forges_the_calamity_trail_when_supplies_are_plenty():
    state = blank("classic", players=2)
    give_supplies(state, 0, "food", "food", "oxen", "clothes")
    trigger = give_hand(state, 0, "trigger", "middle")
    give_hand(state, 0, "town")
    assert bot(state) == {"type": "forge", "card": trigger, "turned": False}


def test_revised_places_a_fort_for_two_supplies_when_short():
    state = blank(players=2)
    give_supplies(state, 0, "food")
    give_hand(state, 0, "trigger", "middle")
    fort = give_hand(state, 0, "fort")
    action = bot(state)
    assert action["type"] == "place_town" and action["card"] == fort
    assert len(action["take"]) == 2 and "spare_parts" in action["take"] and "food" not in action["take"]


def test_revised_forges_rather_than_placing_a_fort_with_three_supplies():
    state = blank(players=2)
    give_supplies(state, 0, "food", "oxen", "clothes")
    trigger = give_hand(state, 0, "trigger", "middle")
    give_hand(state, 0, "fort")
    assert bot(state) == {"type": "forge", "card": trigger, "turned": False}


def test_a_town_pick_takes_the_kind_wanted_most():
    # medicine comes before food in what a wagon wants; spare parts first, but one is held
    state = blank(players=2)
    give_supplies(state, 0, "spare_parts")
    town = place_town(state, "town", 0)
    for kind in ("food", "medicine", "spare_parts"):
        cid = next(c for c, k in SUPPLY_CARDS.items() if k == kind and c in state["supply_bank"])
        _pull(state, cid)
        town["pool"].append(cid)
    state["pending"] = [{"kind": "town_pick", "seat": 0, "town": town["card"]}]
    assert bot(state) == {"type": "take_supply", "supply": "medicine"}


def test_a_stuck_wagon_walks_back_to_a_town_up_to_four_points_behind():
    # a broken wheel and no spare parts: the town at point 2 is 4 back from the marker at 6
    state = blank(players=2)
    lay_length(state, 0, 6)
    give_calamity(state, 0, "broken_wheel")
    give_hand(state, 0, "plain", "middle", "middle")
    place_town(state, "town", 2)
    assert bot(state) == {"type": "step_back"}


def test_a_stuck_wagon_does_not_walk_back_toward_a_town_out_of_reach():
    # the town at point 1 is 5 back: the marker may go back 4 points at most, so the bot scouts
    state = blank(players=2)
    lay_length(state, 0, 6)
    give_calamity(state, 0, "broken_wheel")
    give_hand(state, 0, "plain", "middle", "middle")
    place_town(state, "town", 1)
    assert {"type": "step_back"} in ENGINE.legal_actions(state, 0)
    assert bot(state) == {"type": "scout"}


def test_the_bot_mends_before_it_forges():
    state = blank(players=2)
    rec = give_calamity(state, 0, "broken_wheel")
    give_supplies(state, 0, "spare_parts")
    give_hand(state, 0, "trigger", "middle")
    assert bot(state) == {"type": "mend", "calamity": rec["card"]}
