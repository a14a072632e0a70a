"""What a player reads when an action is refused (menus.refusal, which explain_illegal says), and
that the same checks let the menu's own actions through: the details mutation testing (#31) found
untested."""

from games.rules.oregon_trail import menus
from games.rules.oregon_trail.engine import ENGINE

from .helpers import act, blank, give_calamity, give_hand, give_supplies, lay_length, place_town
from .test_calamities import send

NOT_IN_TOWN = "You are not in a town or fort that offers that."
MEND_REFUSED = "You cannot mend that calamity that way now."


def test_a_finished_game_refuses_everything():
    state = blank(players=2)
    state["result"] = {"winners": [0], "ranking": [0, 1], "reason": "done"}
    assert menus.refusal(state, 0, {"type": "scout"}) == "The game is over."


def test_a_pending_decision_refuses_everything_but_its_answers():
    state = blank(players=3)
    lay_length(state, 0, 2)
    cid = give_hand(state, 0, "trigger", "middle")
    act(state, 0, {"type": "forge", "card": cid, "turned": False})
    assert menus.refusal(state, 0, {"type": "scout"}) == "First choose who receives the calamity."
    assert menus.refusal(state, 0, {"type": "victim", "seat": 2}) is None
    assert menus.refusal(state, 0, {"type": "victim", "seat": 0}) == "First choose who receives the calamity."


def test_forging_a_card_not_in_hand_is_refused_with_its_own_sentence():
    state = blank(players=2)
    lay_length(state, 0, 2)
    cid = give_hand(state, 1, "plain", "middle")
    assert menus.refusal(state, 0, {"type": "forge", "card": cid, "turned": False}) == "That card is not in your hand."


def test_a_trade_must_give_a_spare_supply_for_the_missing_remedy():
    state = blank(players=2)
    rec = give_calamity(state, 0, "starvation", deadline=2)
    give_supplies(state, 0, "oxen")
    trade = {"type": "trade", "calamity": rec["card"], "give": ["oxen"]}
    assert trade in menus.legal_actions(state, 0)
    assert menus.refusal(state, 0, trade) is None
    assert menus.refusal(state, 0, {**trade, "give": ["food"]}) == MEND_REFUSED
    assert menus.refusal(state, 0, {**trade, "calamity": "C99"}) == MEND_REFUSED


def test_revised_placing_a_town_needs_that_card_in_hand_and_a_benefit_it_offers():
    state = blank(players=2)
    cid = give_hand(state, 0, "town")
    other = next(c for c in state["trail_deck"] if c != cid and menus.TRAIL_CARDS[c]["kind"] == "town")
    place = {"type": "place_town", "card": cid, "take": ["food"]}
    assert menus.refusal(state, 0, place) is None
    assert menus.refusal(state, 0, {**place, "card": other}) == "You have no such town or fort card to place."
    assert (
        menus.refusal(state, 0, {**place, "take": ["food", "oxen"]}) == "You have no such town or fort card to place."
    )


def test_revised_a_town_removing_a_calamity_not_in_front_of_the_seat_says_so():
    state = blank(players=2)
    lay_length(state, 0, 2)
    town = place_town(state, "town", 2)
    rec = give_calamity(state, 0, "starvation", deadline=2)
    use = {"type": "use_town", "town": town["card"], "remove": rec["card"]}
    assert menus.refusal(state, 0, use) is None
    other = give_calamity(state, 1, "typhoid", deadline=1)
    assert menus.refusal(state, 0, {**use, "remove": other["card"]}) == "That calamity is not in front of you."


def test_classic_mend_any_names_a_calamity_in_front_of_the_seat():
    state = blank("classic", players=2)
    rec = give_calamity(state, 0, "starvation", deadline=8)
    other = give_calamity(state, 1, "typhoid", deadline=4)
    assert menus.refusal(state, 0, {"type": "mend_any", "calamity": rec["card"]}) is None
    assert (
        menus.refusal(state, 0, {"type": "mend_any", "calamity": other["card"]})
        == "That calamity is not in front of you."
    )


def _at_town(pool_kinds=("food",), towns=1):
    """Classic: seat 0 stands at point 2 where `towns` towns wait for it, the first with a pool."""
    state = blank("classic", players=2)
    lay_length(state, 0, 2)
    here = [place_town(state, "town", 2) for _ in range(towns)]
    for t in here:
        t["waiting"] = [0]
    give_supplies(state, 1, *pool_kinds)
    here[0]["pool"] = state["players"][1]["supplies"]
    state["players"][1]["supplies"] = []
    return state, here


def test_classic_stepping_into_a_town_takes_a_supply_its_pool_has():
    state, (town,) = _at_town()
    enter = {"type": "enter_town", "town": town["card"], "supply": "food"}
    assert enter in menus.legal_actions(state, 0)
    assert menus.refusal(state, 0, enter) is None
    assert menus.refusal(state, 0, {**enter, "supply": "oxen"}) == NOT_IN_TOWN
    assert menus.refusal(state, 0, {**enter, "supply": ["food"]}) == NOT_IN_TOWN
    assert menus.refusal(state, 0, {"type": "enter_town", "town": town["card"]}) == NOT_IN_TOWN
    assert menus.refusal(state, 0, {**enter, "town": "T99"}) == NOT_IN_TOWN


def test_classic_stepping_into_towns_with_nothing_to_give_enters_the_first():
    state, (first, second) = _at_town((), towns=2)
    assert menus.refusal(state, 0, {"type": "enter_town", "town": first["card"]}) is None
    assert menus.refusal(state, 0, {"type": "enter_town", "town": second["card"]}) == NOT_IN_TOWN
    assert menus.refusal(state, 0, {"type": "enter_town", "town": first["card"], "supply": "food"}) == NOT_IN_TOWN


def test_classic_at_willamette_only_mending_and_buying_are_left():
    state = blank("classic", players=2)
    lay_length(state, 0, 2)
    state["players"][0]["at_end"] = True
    rec = give_calamity(state, 0, "starvation", deadline=8)
    assert menus.refusal(state, 0, {"type": "scout"}) == (
        "You are at Willamette Valley: only mending your calamities (or buying supplies) is left."
    )
    assert menus.refusal(state, 0, {"type": "mend_any", "calamity": rec["card"]}) is None


def test_revised_measles_that_took_the_last_action_leaves_only_its_mend_or_the_end():
    state = blank(players=2)
    send(state, "measles", 1)
    state["players"][1]["members"] = 1
    give_supplies(state, 1, "medicine")
    act(state, 0, {"type": "end_turn"})
    assert state["actions_left"] == 0
    measles = next(c for c in state["players"][1]["calamities"] if c["kind"] == "measles")
    starving = give_calamity(state, 1, "starvation", deadline=2)
    give_supplies(state, 1, "food")
    no_action = menus.NO_ACTION_LEFT
    assert menus.refusal(state, 1, {"type": "scout"}) == no_action
    assert menus.refusal(state, 1, {"type": "mend", "calamity": starving["card"]}) == no_action
    assert menus.refusal(state, 1, {"type": "mend", "calamity": measles["card"]}) is None
    assert menus.refusal(state, 1, {"type": "end_turn"}) is None


def test_the_gates_say_why_no_action_of_the_kind_may_be_played():
    state = blank(players=2)
    lay_length(state, 0, 3)
    assert menus.refusal(state, 0, {"type": "ford"}) == "You are not in a river."
    assert menus.refusal(state, 0, {"type": "step_forward"}) == "You are already at the front of your trail."
    state["players"][0]["pos"] = 2
    cid = give_hand(state, 0, "plain", "middle")
    forge = {"type": "forge", "card": cid, "turned": False}
    assert menus.refusal(state, 0, forge) == "You must stand at the front of your trail to forge."
    state["players"][0]["pos"] = 3
    give_calamity(state, 0, "dead_oxen", deadline=1)
    assert menus.refusal(state, 0, forge) == "Your wagon cannot move: mend the broken wagon or dead oxen first."
    state["players"][0]["pos"] = 0
    assert menus.refusal(state, 0, {"type": "step_back"}) == "You cannot move more than 4 steps back on your trail."
    state["trail_deck"] = []
    state["trail_discard"] = []
    assert menus.refusal(state, 0, {"type": "scout"}) == (
        "The trail deck and its discards are empty: scouting is not possible."
    )


def test_revised_a_river_holds_the_wagon_until_it_is_forded():
    state = blank(players=2)
    lay_length(state, 0, 3)
    state["players"][0]["stuck"] = True
    assert menus.refusal(state, 0, {"type": "step_back"}) == "You are stuck in the river: ford it first."


def test_revised_a_town_card_is_placed_not_forged():
    state = blank(players=2)
    lay_length(state, 0, 2)
    cid = give_hand(state, 0, "town")
    assert menus.refusal(state, 0, {"type": "forge", "card": cid, "turned": False}) == (
        "Towns and forts are placed with 'place a town here'."
    )


def test_classic_refusals_a_town_founded_turned_a_pass_a_step_back_past_the_floor():
    state = blank("classic", players=2)
    lay_length(state, 0, 2)
    cid = give_hand(state, 0, "fort")
    assert menus.refusal(state, 0, {"type": "forge", "card": cid, "turned": False}) is None
    assert menus.refusal(state, 0, {"type": "forge", "card": cid, "turned": True}) == "That town cannot be founded now."
    assert menus.refusal(state, 0, {"type": "end_turn"}) == "You cannot pass now."
    state["floor"] = 2
    assert menus.refusal(state, 0, {"type": "step_back"}) == "You cannot step back past a town everyone has passed."


def test_the_draft_refuses_anything_but_a_supply_left_in_the_bank():
    state = ENGINE.new_state({}, 2, "s")
    seat = ENGINE.to_act(state)[0]
    assert menus.refusal(state, seat, {"type": "scout"}) == "Draft a supply from the bank first."
    assert menus.refusal(state, seat, {"type": "draft", "supply": "gold"}) == "That supply is not left in the bank."
    assert menus.refusal(state, seat, {"type": "draft", "supply": "food"}) is None


def test_classic_two_broken_arms_losing_different_turns_are_both_on_the_menu():
    state = blank("classic", players=2)
    first = give_calamity(state, 0, "broken_arm", skip=2)
    second = give_calamity(state, 0, "broken_arm", skip=1)
    mends = [a for a in menus.legal_actions(state, 0) if a["type"] == "mend_any"]
    assert mends == [
        {"type": "mend_any", "calamity": first["card"]},
        {"type": "mend_any", "calamity": second["card"]},
    ]


def _bank_emptied(state):
    """Revised: every supply card of the bank goes to seat 1, so the bank has nothing to give."""
    state["players"][1]["supplies"] = state["supply_bank"]
    state["supply_bank"] = []


def test_revised_with_the_bank_empty_a_fort_is_not_used_for_nothing_but_a_town_card_is_placed():
    """Revised: "If the bank is short on supplies then you simply don't get them": with the bank
    empty and no calamity to remove, using the fort here would give nothing, so it is neither on
    the menu nor accepted; a town card in hand is still placed (the card goes on the table),
    taking nothing."""
    state = blank(players=2)
    lay_length(state, 0, 2)
    fort = place_town(state, "fort", 2)
    cid = give_hand(state, 0, "town")
    _bank_emptied(state)
    use = {"type": "use_town", "town": fort["card"], "take": []}
    place = {"type": "place_town", "card": cid, "take": []}
    assert [a for a in menus.legal_actions(state, 0) if a["type"] in ("use_town", "place_town")] == [place]
    assert menus.refusal(state, 0, use) == NOT_IN_TOWN
    assert menus.refusal(state, 0, place) is None


def test_revised_a_fort_used_or_placed_gives_two_supplies_not_one():
    """Revised: "The benefit for a fort is that you get to pick 2 supply cards from the bank" (a
    town's is one): the fort here and a fort card placed are checked as forts."""
    state = blank(players=2)
    lay_length(state, 0, 2)
    fort = place_town(state, "fort", 2)
    card = give_hand(state, 0, "fort")
    use = {"type": "use_town", "town": fort["card"], "take": ["food", "oxen"]}
    place = {"type": "place_town", "card": card, "take": ["food", "oxen"]}
    assert menus.refusal(state, 0, use) is None
    assert menus.refusal(state, 0, place) is None
    assert menus.refusal(state, 0, {**use, "take": ["food"]}) == NOT_IN_TOWN
    assert menus.refusal(state, 0, {**place, "take": ["food"]}) == "You have no such town or fort card to place."


def test_revised_a_town_benefit_that_cannot_be_read_is_refused_not_raised():
    state = blank(players=2)
    lay_length(state, 0, 2)
    town = place_town(state, "town", 2)
    assert menus.refusal(state, 0, {"type": "use_town", "town": town["card"], "take": [["food"]]}) == NOT_IN_TOWN


def test_a_town_move_naming_the_seats_own_calamity_away_from_a_town_says_why():
    """The calamity is in front of the seat, so the sentence is the kind's own: no town here."""
    state = blank(players=2)
    lay_length(state, 0, 2)
    town = place_town(state, "town", 1)
    rec = give_calamity(state, 0, "starvation", deadline=2)
    assert menus.refusal(state, 0, {"type": "use_town", "town": town["card"], "remove": rec["card"]}) == NOT_IN_TOWN
    state = blank("classic", players=2)
    lay_length(state, 0, 2)
    rec = give_calamity(state, 0, "starvation", deadline=8)
    assert menus.refusal(state, 0, {"type": "mend_any", "calamity": rec["card"]}) == NOT_IN_TOWN


def test_a_move_of_no_kind_the_game_has_is_not_allowed():
    state = blank(players=2)
    assert menus.refusal(state, 0, {"type": "fly"}) == "That move is not allowed now."
    assert menus.refusal(state, 0, {}) == "That move is not allowed now."


def test_revised_placing_a_town_to_remove_another_seats_calamity_says_it_is_not_in_front():
    state = blank(players=2)
    cid = give_hand(state, 0, "town")
    other = give_calamity(state, 1, "typhoid", deadline=1)
    place = {"type": "place_town", "card": cid, "remove": other["card"]}
    assert menus.refusal(state, 0, place) == "That calamity is not in front of you."


def _measles_took_the_last_action():
    """Revised: seat 1, one member left, starts its turn with the measles' lost action: none left.
    Seat 1 stands at point 2, where a town stands."""
    state = blank(players=2)
    lay_length(state, 1, 2)
    town = place_town(state, "town", 2)
    send(state, "measles", 1)
    state["players"][1]["members"] = 1
    act(state, 0, {"type": "end_turn"})
    assert state["turn"] == 1 and state["actions_left"] == 0
    measles = next(c for c in state["players"][1]["calamities"] if c["kind"] == "measles")
    return state, town, measles


def test_revised_a_town_removing_the_measles_that_took_the_last_action_gives_it_back():
    """The measles' lost action comes back when the measles is mended, and "you can always remove
    any calamity from in front of you by choosing that option when using a town": that removal
    is open, the town's other benefits are not."""
    state, town, measles = _measles_took_the_last_action()
    remove = {"type": "use_town", "town": town["card"], "remove": measles["card"]}
    uses = [a for a in menus.legal_actions(state, 1) if a["type"] == "use_town"]
    assert uses == [remove]
    assert menus.refusal(state, 1, remove) is None
    take = {"type": "use_town", "town": town["card"], "take": ["food"]}
    assert menus.refusal(state, 1, take) == menus.NO_ACTION_LEFT


def test_revised_no_action_left_refuses_another_kind_even_naming_the_measles():
    """Only a mend of the measles (or the end) is open: a scout that names the measles is still a
    scout, refused."""
    state, _town, measles = _measles_took_the_last_action()
    assert menus.refusal(state, 1, {"type": "scout", "calamity": measles["card"]}) == menus.NO_ACTION_LEFT
    assert menus.refusal(state, 1, {"type": "step_back", "remove": measles["card"]}) == menus.NO_ACTION_LEFT


def test_classic_towns_are_neither_used_nor_placed_as_revised_ones_are():
    """Classic towns give their pool as a player steps in and mend any calamity inside; a town card
    is forged: the revised "use a town" and "place a town" are refused, even at a town's point
    with a calamity it could remove and a town card in hand."""
    state = blank("classic", players=2)
    lay_length(state, 0, 2)
    town = place_town(state, "town", 2)
    rec = give_calamity(state, 0, "starvation", deadline=8)
    cid = give_hand(state, 0, "town")
    use = {"type": "use_town", "town": town["card"], "remove": rec["card"]}
    assert menus.refusal(state, 0, use) == NOT_IN_TOWN
    place = {"type": "place_town", "card": cid, "remove": rec["card"]}
    assert menus.refusal(state, 0, place) == "You have no such town or fort card to place."
