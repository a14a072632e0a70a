"""The bot's choices in exact positions, against what its module says it does: it mends what it
can, walks back to a town when stuck, forges calamity trails first, uses towns and forts when
short, and sends every calamity to the rival furthest along."""

from games.rules.base import Rng
from games.rules.oregon_trail.cards import SUPPLY_CARDS
from games.rules.oregon_trail.engine import ENGINE

from .helpers import _pull, act, blank, give_calamity, give_hand, give_supplies, lay_length, lay_trail, place_town


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


def test_a_calamity_goes_to_the_rival_with_more_members_when_two_are_as_far_along():
    """Victims: the rival furthest along; of two as far along, the one with more wagon members."""
    state = blank(players=4)
    lay_length(state, 1, 5)
    lay_length(state, 2, 5)
    lay_length(state, 3, 2)
    state["players"][1]["members"] = 3
    act(state, 0, {"type": "forge", "card": give_hand(state, 0, "trigger", "middle"), "turned": False})
    assert bot(state) == {"type": "victim", "seat": 2}


def test_a_calamity_goes_to_the_lowest_seat_of_rivals_alike_in_length_and_members():
    """Victims: rivals alike in trail length and members: the lowest seat."""
    state = blank(players=4)
    for seat in (1, 2, 3):
        lay_length(state, seat, 4)
    act(state, 0, {"type": "forge", "card": give_hand(state, 0, "trigger", "middle"), "turned": False})
    assert bot(state) == {"type": "victim", "seat": 1}


def test_classic_a_town_mends_a_broken_arm_that_costs_turns():
    """Classic: a broken arm loses turns (its `skip`), which hurts as a deadline does: mended in
    town (Independence mends any calamity) before forging."""
    state = blank("classic", players=2)
    rec = give_calamity(state, 0, "broken_arm", skip=2)
    give_hand(state, 0, "trigger", "middle")
    assert bot(state) == {"type": "mend_any", "calamity": rec["card"]}


def test_classic_at_willamette_the_bot_mends_a_calamity_that_does_not_hurt_yet():
    """Classic: at Willamette Valley the race is won once no calamity is left, so every one is mended
    (one turn each), a dormant cholera too, rather than buying supplies."""
    state = blank("classic", players=2)
    lay_length(state, 0, state["options"]["trail_length"])
    state["players"][0]["at_end"] = True
    rec = give_calamity(state, 0, "cholera")
    give_supplies(state, 0, "food")
    assert {"type": "buy"} in ENGINE.legal_actions(state, 0)
    assert bot(state) == {"type": "mend_any", "calamity": rec["card"]}


def test_a_wagon_that_can_move_trades_for_a_remedy_when_it_holds_two_supplies():
    """A calamity with a deadline, no food for it: two supplies held, one (the least wanted) goes in
    trade, before forging."""
    state = blank(players=2)
    rec = give_calamity(state, 0, "starvation", deadline=2)
    give_supplies(state, 0, "clothes", "oxen")
    give_hand(state, 0, "trigger", "middle")
    assert bot(state) == {"type": "trade", "calamity": rec["card"], "give": ["clothes"]}


def test_a_wagon_that_can_move_keeps_its_last_supply_rather_than_trade_it():
    """A wagon that can still move trades only when it holds more than one supply."""
    state = blank(players=2)
    rec = give_calamity(state, 0, "starvation", deadline=2)
    give_supplies(state, 0, "clothes")
    trigger = give_hand(state, 0, "trigger", "middle")
    assert {"type": "trade", "calamity": rec["card"], "give": ["clothes"]} in ENGINE.legal_actions(state, 0)
    assert bot(state) == {"type": "forge", "card": trigger, "turned": False}


def test_a_wagon_in_a_river_fords_it_first():
    """Revised: a wagon stuck in a river may still scout; the bot fords."""
    state = blank(players=2)
    lay_trail(state, 0, [("middle", "middle")], kind="river_supply")
    state["players"][0]["stuck"] = True
    give_hand(state, 0, "plain", "middle", "middle")
    assert {"type": "scout"} in ENGINE.legal_actions(state, 0)
    assert bot(state) == {"type": "ford"}


def test_a_stuck_wagon_places_its_town_to_remove_the_calamity_that_stops_it():
    """A town card placed by a stuck wagon removes the wheel, not a dormant cholera listed first."""
    state = blank(players=2)
    lay_length(state, 0, 4)
    cholera = give_calamity(state, 0, "cholera")
    wheel = give_calamity(state, 0, "broken_wheel")
    town = give_hand(state, 0, "town")
    assert {"type": "place_town", "card": town, "remove": cholera["card"]} in ENGINE.legal_actions(state, 0)
    assert bot(state) == {"type": "place_town", "card": town, "remove": wheel["card"]}


def test_classic_the_bot_does_not_step_into_a_town_that_has_no_free_supply_for_it():
    """Classic: stepping into a town not waiting for the seat gives nothing: the bot forges."""
    state = blank("classic", players=2)
    lay_length(state, 0, 4)
    town = place_town(state, "town", 4)
    give_supplies(state, 0, "food", "food", "oxen", "clothes")
    trigger = give_hand(state, 0, "trigger", "middle")
    assert {"type": "enter_town", "town": town["card"]} in ENGINE.legal_actions(state, 0)
    assert bot(state) == {"type": "forge", "card": trigger, "turned": False}


def test_revised_a_wagon_short_of_supplies_forges_rather_than_place_a_town_for_one():
    """Revised, short of supplies: only a fort (two supplies) is placed for supplies; a town card
    would give one, as an action spent at a town does, so the bot forges."""
    state = blank(players=2)
    give_supplies(state, 0, "food")
    trigger = give_hand(state, 0, "trigger", "middle")
    town = give_hand(state, 0, "town")
    assert {"type": "place_town", "card": town, "take": ["oxen"]} in ENGINE.legal_actions(state, 0)
    assert bot(state) == {"type": "forge", "card": trigger, "turned": False}


def test_classic_forges_a_fort_first_when_supplies_run_short():
    """Classic founds towns and forts alike: a fort in hand is forged first when short."""
    state = blank("classic", players=2)
    give_supplies(state, 0, "food")
    give_hand(state, 0, "trigger", "middle")
    fort = give_hand(state, 0, "fort")
    assert bot(state) == {"type": "forge", "card": fort, "turned": False}


def test_classic_founds_its_only_town_card_with_supplies_plenty():
    """Classic: a town card is the only card to forge: the bot founds it (a card that fits)."""
    state = blank("classic", players=2)
    give_supplies(state, 0, "food", "food", "oxen", "clothes")
    town = give_hand(state, 0, "town")
    assert bot(state) == {"type": "forge", "card": town, "turned": False}


def test_classic_buys_when_short_and_nothing_else_is_useful_else_ends_the_turn():
    """Classic at Independence, nothing to forge, no scouting (the trail deck and its discards
    empty): the bot buys a supply while it holds fewer than three, then ends its turn."""
    state = blank("classic", players=2)
    state["trail_deck"] = []
    state["trail_discard"] = []
    give_supplies(state, 0, "food", "oxen")
    assert bot(state) == {"type": "buy"}
    give_supplies(state, 0, "clothes")
    assert {"type": "buy"} in ENGINE.legal_actions(state, 0)
    assert bot(state) == {"type": "end_turn"}


def test_a_stuck_wagon_walks_back_to_a_town_at_point_0():
    """Revised: a town founded at point 0 within 4 points counts (Independence itself does not)."""
    state = blank(players=2)
    lay_length(state, 0, 3)
    give_calamity(state, 0, "broken_wheel")
    place_town(state, "town", 0)
    assert bot(state) == {"type": "step_back"}


def test_a_stuck_wagon_walks_back_to_a_town_just_behind():
    """A stuck wagon that cannot mend walks back to the town at the point just behind its marker."""
    state = blank(players=2)
    lay_length(state, 0, 5)
    give_calamity(state, 0, "broken_wheel")
    place_town(state, "town", 4)
    assert bot(state) == {"type": "step_back"}


def test_a_stuck_wagon_does_not_walk_back_for_a_town_ahead_or_for_independence():
    """Revised: a town further along is not behind the marker, and Independence is no town: the bot
    scouts."""
    state = blank(players=2)
    lay_length(state, 0, 3)
    give_calamity(state, 0, "broken_wheel")
    place_town(state, "town", 4)
    assert {"type": "step_back"} in ENGINE.legal_actions(state, 0)
    assert bot(state) == {"type": "scout"}


def test_classic_a_stuck_wagon_walks_back_to_independence_from_point_1():
    """Classic: Independence, one step behind, mends any calamity as a town does."""
    state = blank("classic", players=2)
    lay_length(state, 0, 1)
    give_calamity(state, 0, "broken_wheel")
    assert bot(state) == {"type": "step_back"}


def test_classic_a_stuck_wagon_walks_back_to_independence_from_any_distance():
    """Classic: no 4-point limit: Independence (or the town everyone passed) is always behind."""
    state = blank("classic", players=2)
    lay_length(state, 0, 6)
    give_calamity(state, 0, "broken_wheel")
    assert bot(state) == {"type": "step_back"}


def test_with_no_card_that_fits_the_bot_scouts_then_with_none_to_draw_places_a_town_at_the_front():
    """No card in hand fits the trail: the bot scouts for one; with the trail deck and its discards
    empty, a town placed at the front resets the height the next card may start at (taking the
    first supply the bank offers)."""
    state = blank(players=2)
    lay_length(state, 0, 3)
    give_supplies(state, 0, "oxen", "clothes", "bullets")
    give_hand(state, 0, "plain", "top", "top")
    town = give_hand(state, 0, "town")
    assert not any(a["type"] == "forge" for a in ENGINE.legal_actions(state, 0))
    assert bot(state) == {"type": "scout"}
    state["trail_deck"] = []
    state["trail_discard"] = []
    assert bot(state) == {"type": "place_town", "card": town, "take": ["food"]}
