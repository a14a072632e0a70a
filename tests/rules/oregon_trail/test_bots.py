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


def test_a_town_at_the_marker_removes_a_wheel_the_bot_cannot_mend():
    state = blank(players=2)
    lay_length(state, 0, 4)
    rec = give_calamity(state, 0, "broken_wheel")
    town = place_town(state, "town", 4)
    give_hand(state, 0, "plain", "middle", "middle")
    assert bot(state) == {"type": "use_town", "town": town["card"], "remove": rec["card"]}


def test_a_stuck_wagon_trades_away_the_kind_it_holds_most():
    state = blank(players=2)
    lay_length(state, 0, 4)
    rec = give_calamity(state, 0, "broken_wheel")
    give_supplies(state, 0, "food", "food", "clothes")
    assert bot(state) == {"type": "trade", "calamity": rec["card"], "give": ["food"]}


def test_classic_a_stuck_wagon_with_no_town_behind_enters_the_town_it_stands_at():
    # everyone has passed the town at point 4: the marker may not step back past it
    state = blank("classic", players=2)
    lay_length(state, 0, 4)
    give_calamity(state, 0, "broken_wheel")
    town = place_town(state, "town", 4)
    state["floor"] = 4
    assert bot(state) == {"type": "enter_town", "town": town["card"]}


def test_classic_the_bot_steps_into_a_town_for_its_free_supply_before_forging():
    state = blank("classic", players=2)
    lay_length(state, 0, 4)
    town = place_town(state, "town", 4)
    town["waiting"] = [0]
    cid = next(c for c, k in SUPPLY_CARDS.items() if k == "oxen" and c in state["supply_deck"])
    _pull(state, cid)
    town["pool"].append(cid)
    give_hand(state, 0, "trigger", "middle")
    assert bot(state) == {"type": "enter_town", "town": town["card"], "supply": "oxen"}


def test_a_stuck_wagon_with_nothing_better_scouts_until_its_hand_is_big_then_ends_the_turn():
    # no spare parts, no trade, no town within reach: scouting is the only useful move, until the
    # hand holds the bot's eight cards (the rules set no limit: more cards would only slow it down)
    state = blank(players=2)
    lay_length(state, 0, 6)
    give_calamity(state, 0, "broken_wheel")
    for _ in range(7):
        give_hand(state, 0, "plain")
    assert bot(state) == {"type": "scout"}
    give_hand(state, 0, "plain")
    assert {"type": "scout"} in ENGINE.legal_actions(state, 0)
    assert bot(state) == {"type": "end_turn"}


def test_a_stuck_wagon_places_the_town_in_its_hand_to_remove_the_wheel():
    state = blank(players=2)
    lay_length(state, 0, 4)
    rec = give_calamity(state, 0, "broken_wheel")
    town = give_hand(state, 0, "town")
    assert bot(state) == {"type": "place_town", "card": town, "remove": rec["card"]}


def test_a_town_removes_a_calamity_with_a_deadline_but_not_one_that_does_not_hurt_yet():
    state = blank(players=2)
    lay_length(state, 0, 4)
    rec = give_calamity(state, 0, "starvation", deadline=2)
    town = place_town(state, "town", 4)
    give_supplies(state, 0, "oxen", "clothes", "bullets")
    trigger = give_hand(state, 0, "trigger", "middle")
    assert bot(state) == {"type": "use_town", "town": town["card"], "remove": rec["card"]}
    rec["deadline"] = None
    assert {"type": "use_town", "town": town["card"], "remove": rec["card"]} in ENGINE.legal_actions(state, 0)
    assert bot(state) == {"type": "forge", "card": trigger, "turned": False}


def test_a_marker_behind_the_front_steps_forward_to_forge():
    state = blank(players=2)
    lay_length(state, 0, 6)
    state["players"][0]["pos"] = 4
    give_hand(state, 0, "trigger", "middle")
    assert bot(state) == {"type": "step_forward"}


def test_the_only_rival_gets_the_calamity():
    state = blank(players=2)
    give_supplies(state, 1, "bullets")
    act(state, 0, {"type": "forge", "card": give_hand(state, 0, "trigger", "middle"), "turned": False})
    assert ENGINE.legal_actions(state, 0) == [{"type": "victim", "seat": 1}]
    assert bot(state) == {"type": "victim", "seat": 1}


def test_the_bot_spends_bullets_on_hunting_and_medicine_on_the_measles():
    state = blank(players=2)
    give_supplies(state, 0, "bullets", "medicine")
    state["pending"] = [{"kind": "hunting_bullets", "seat": 0, "card": "C01"}]
    assert bot(state) == {"type": "bullets", "use": True}
    state["pending"] = [{"kind": "measles_medicine", "seat": 0, "card": "C01"}]
    assert bot(state) == {"type": "measles", "choice": "medicine"}


def test_classic_a_stuck_wagon_walks_back_toward_independence():
    # classic: Independence (point 0) mends any calamity, as a town does; no town lies between
    state = blank("classic", players=2)
    lay_length(state, 0, 2)
    give_calamity(state, 0, "broken_wheel")
    assert {"type": "step_back"} in ENGINE.legal_actions(state, 0)
    assert bot(state) == {"type": "step_back"}


def test_revised_a_wagon_short_of_supplies_takes_one_from_the_town_it_stands_at():
    state = blank(players=2)
    lay_length(state, 0, 4)
    town = place_town(state, "town", 4)
    give_supplies(state, 0, "food")
    give_hand(state, 0, "trigger", "middle")
    assert bot(state) == {"type": "use_town", "town": town["card"], "take": ["spare_parts"]}


def test_a_town_removes_measles_that_cost_actions():
    # measles declined: the wagon plays fewer actions, which hurts as a deadline does
    state = blank(players=2)
    lay_length(state, 0, 4)
    rec = give_calamity(state, 0, "measles", fewer=1)
    town = place_town(state, "town", 4)
    give_supplies(state, 0, "oxen", "clothes", "bullets")
    give_hand(state, 0, "trigger", "middle")
    assert bot(state) == {"type": "use_town", "town": town["card"], "remove": rec["card"]}
