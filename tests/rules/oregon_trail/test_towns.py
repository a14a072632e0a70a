"""Towns and forts: revised (bank benefits, place-and-use) and classic (free pools, mend any)."""

import pytest

from games.rules.base import IllegalAction
from games.rules.checks import SAME_MOVE
from games.rules.oregon_trail import menus
from games.rules.oregon_trail.cards import SUPPLY_CARDS
from games.rules.oregon_trail.engine import ENGINE

from .helpers import (
    act,
    blank,
    give_calamity,
    give_hand,
    held,
    lay_length,
    place_town,
)


def _town_actions(state, seat):
    return [a for a in ENGINE.legal_actions(state, seat) if a["type"] in ("use_town", "place_town")]


# -- revised -----------------------------------------------------------------------------------
def test_revised_fort_gives_two_supplies_of_your_choice_from_the_bank():
    state = blank(players=2)
    lay_length(state, 0, 3)
    fort = place_town(state, "fort", 3)
    action = {"type": "use_town", "town": fort["card"], "take": ["oxen", "medicine"]}
    assert action in ENGINE.legal_actions(state, 0)
    assert {"type": "use_town", "town": fort["card"], "take": ["oxen", "oxen"]} in ENGINE.legal_actions(state, 0)
    bank = len(state["supply_bank"])
    act(state, 0, action)
    assert held(state, 0) == ["medicine", "oxen"] and len(state["supply_bank"]) == bank - 2
    assert state["actions_left"] == 3


def test_revised_fort_with_a_short_bank_gives_only_what_is_there():
    state = blank(players=2)
    lay_length(state, 0, 3)
    fort = place_town(state, "fort", 3)
    keep = state["supply_bank"]
    state["supply_bank"] = [c for c in keep if c == "S01"]
    state["players"][1]["supplies"] = [c for c in keep if c != "S01"]
    assert _town_actions(state, 0) == [{"type": "use_town", "town": fort["card"], "take": ["food"]}]


def test_revised_fort_gives_two_of_a_kind_only_while_the_bank_holds_two():
    """Revised fort: "you get to pick 2 supply cards from the bank": two bullets while the bank
    holds both (there are only two), one food with another kind but not two while it holds one."""
    state = blank(players=2)
    lay_length(state, 0, 3)
    fort = place_town(state, "fort", 3)
    use = {"type": "use_town", "town": fort["card"]}
    assert use | {"take": ["bullets", "bullets"]} in ENGINE.legal_actions(state, 0)
    foods = [c for c in state["supply_bank"] if c in SUPPLY_CARDS and SUPPLY_CARDS[c] == "food"]
    state["supply_bank"] = [c for c in state["supply_bank"] if c not in foods[1:]]
    state["players"][1]["supplies"] = foods[1:]
    legal = _town_actions(state, 0)
    assert use | {"take": ["food", "oxen"]} in legal and use | {"take": ["food", "bullets"]} in legal
    assert use | {"take": ["food", "food"]} not in legal


def test_revised_town_gives_one_supply_or_removes_any_calamity():
    state = blank(players=2)
    lay_length(state, 0, 3)
    town = place_town(state, "town", 3)
    grass = give_calamity(state, 0, "inadequate_grass")
    legal = _town_actions(state, 0)
    assert {"type": "use_town", "town": town["card"], "take": ["food"]} in legal
    assert {"type": "use_town", "town": town["card"], "take": ["food", "oxen"]} not in legal
    act(state, 0, {"type": "use_town", "town": town["card"], "remove": grass["card"]})
    assert state["players"][0]["calamities"] == [] and grass["card"] in state["calamity_discard"]
    # the same town again with the next action, choosing its benefit anew
    act(state, 0, {"type": "use_town", "town": town["card"], "take": ["clothes"]})
    assert held(state, 0) == ["clothes"] and state["actions_left"] == 2


def test_revised_town_can_always_remove_any_calamity_either_of_two_broken_arms():
    # "You can always remove any calamity from in front of you by choosing that option when
    # using a town": two broken arms with different actions still to lose are two choices
    state = blank(players=2)
    lay_length(state, 0, 3)
    town = place_town(state, "town", 3)
    first = give_calamity(state, 0, "broken_arm", fewer=1)
    second = give_calamity(state, 0, "broken_arm", fewer=2)
    legal = _town_actions(state, 0)
    assert {"type": "use_town", "town": town["card"], "remove": first["card"]} in legal
    assert {"type": "use_town", "town": town["card"], "remove": second["card"]} in legal
    labels = {ENGINE.action_label(state, 0, a) for a in legal if "remove" in a}
    assert len(labels) == 2
    act(state, 0, {"type": "use_town", "town": town["card"], "remove": second["card"]})
    assert state["players"][0]["calamities"] == [first] and second["card"] in state["calamity_discard"]


def test_revised_town_removing_a_calamity_not_in_front_of_you_says_so():
    state = blank(players=2)
    lay_length(state, 0, 3)
    town = place_town(state, "town", 3)
    other = give_calamity(state, 1, "broken_arm", fewer=2)
    with pytest.raises(IllegalAction, match="not in front of you"):
        act(state, 0, {"type": "use_town", "town": town["card"], "remove": other["card"]})


def test_revised_placing_a_town_from_hand_is_one_action_and_usable_again():
    state = blank(players=2)
    lay_length(state, 0, 3)
    cid = give_hand(state, 0, "fort")
    act(state, 0, {"type": "place_town", "card": cid, "take": ["oxen", "spare_parts"]})
    assert state["towns"][0]["point"] == 3 and state["towns"][0]["card"] == cid
    assert held(state, 0) == ["oxen", "spare_parts"] and state["actions_left"] == 3
    assert {"type": "use_town", "town": cid, "take": ["food", "food"]} in ENGINE.legal_actions(state, 0)


def test_revised_the_menu_places_the_first_town_card_and_the_first_fort_card_in_hand():
    """Revised: a town card and a fort card in hand are each placed with every benefit of their
    kind (a town one supply, a fort two); a second town card is the same move as the first, so the
    menu lists the first one only (explain_illegal says it is the same move)."""
    state = blank(players=2)
    lay_length(state, 0, 3)
    town = give_hand(state, 0, "town")
    fort = give_hand(state, 0, "fort")
    second = give_hand(state, 0, "town")
    placings = [a for a in _town_actions(state, 0) if a["type"] == "place_town"]
    kinds = ("food", "clothes", "oxen", "spare_parts", "medicine", "clean_water", "bullets")
    assert placings[: len(kinds)] == [{"type": "place_town", "card": town, "take": [k]} for k in kinds]
    assert placings[len(kinds)] == {"type": "place_town", "card": fort, "take": ["food", "food"]}
    assert {a["card"] for a in placings[len(kinds) :]} == {fort}
    assert {"type": "place_town", "card": fort, "take": ["oxen", "bullets"]} in placings
    assert ENGINE.explain_illegal(state, 0, {"type": "place_town", "card": second, "take": ["food"]}) == SAME_MOVE


def test_revised_at_a_town_a_town_card_in_hand_is_placed_for_the_same_benefits():
    """Revised: a town card placed where a town already stands gives what using that town gives:
    one supply of each kind the bank has, or the removal of a calamity."""
    state = blank(players=2)
    lay_length(state, 0, 3)
    town = place_town(state, "town", 3)
    cid = give_hand(state, 0, "town")
    grass = give_calamity(state, 0, "inadequate_grass")
    legal = _town_actions(state, 0)
    uses = [{k: v for k, v in a.items() if k not in ("type", "town")} for a in legal if a["type"] == "use_town"]
    places = [{k: v for k, v in a.items() if k not in ("type", "card")} for a in legal if a["type"] == "place_town"]
    assert uses == places and {"remove": grass["card"]} in places and {"take": ["food"]} in places
    assert all(a.get("town", a.get("card")) in (town["card"], cid) for a in legal)


def test_revised_town_can_be_placed_with_a_broken_wagon_but_not_in_a_river():
    state = blank(players=2)
    lay_length(state, 0, 3)
    cid = give_hand(state, 0, "town")
    axle = give_calamity(state, 0, "broken_axle", deadline=1)
    assert {"type": "place_town", "card": cid, "remove": axle["card"]} in ENGINE.legal_actions(state, 0)
    state["players"][0]["stuck"] = True
    assert _town_actions(state, 0) == []
    with pytest.raises(IllegalAction, match="stuck in the river"):
        act(state, 0, {"type": "place_town", "card": cid, "remove": axle["card"]})


def test_revised_town_sits_at_its_point_in_every_trail():
    state = blank(players=2)
    lay_length(state, 0, 3)
    lay_length(state, 1, 2)
    cid = give_hand(state, 0, "town")
    act(state, 0, {"type": "place_town", "card": cid, "take": ["food"]})
    act(state, 0, {"type": "end_turn"})
    assert _town_actions(state, 1) == []  # player 2 has not reached point 3 yet
    act(state, 1, {"type": "forge", "card": give_hand(state, 1, "plain", "middle"), "turned": False})
    assert {"type": "use_town", "town": cid, "take": ["food"]} in ENGINE.legal_actions(state, 1)


def test_revised_town_behind_can_be_reached_by_stepping_back():
    state = blank(players=2)
    lay_length(state, 0, 5)
    town = place_town(state, "town", 3)
    assert _town_actions(state, 0) == []
    act(state, 0, {"type": "step_back"})
    act(state, 0, {"type": "step_back"})
    assert {"type": "use_town", "town": town["card"], "take": ["food"]} in ENGINE.legal_actions(state, 0)


def test_revised_independence_gives_no_town_benefit():
    state = blank(players=2)
    give_calamity(state, 0, "inadequate_grass")
    assert _town_actions(state, 0) == []
    assert not any(a["type"] in ("mend_any", "buy") for a in ENGINE.legal_actions(state, 0))


def test_two_towns_may_share_a_point():
    state = blank(players=2)
    lay_length(state, 0, 2)
    place_town(state, "town", 2)
    place_town(state, "fort", 2)
    kinds = {next(t["kind"] for t in state["towns"] if t["card"] == a["town"]) for a in _town_actions(state, 0)}
    assert kinds == {"town", "fort"}


# -- classic -----------------------------------------------------------------------------------
def _classic_town_game():
    state = blank("classic", players=3)
    lay_length(state, 0, 3)
    lay_length(state, 1, 1)
    lay_length(state, 2, 5)
    cid = give_hand(state, 0, "town")
    act(state, 0, {"type": "forge", "card": cid, "turned": False})
    return state, cid


def test_classic_town_pool_is_players_behind_plus_one_and_the_discoverer_takes_two():
    state, cid = _classic_town_game()
    town = state["towns"][0]
    assert town["point"] == 3 and len(town["pool"]) == 3  # players 1 and 2 behind, plus one
    assert town["waiting"] == [1]  # player 3 was ahead: no free supply
    assert ENGINE.to_act(state) == [0]
    for _ in range(2):
        act(state, 0, ENGINE.legal_actions(state, 0)[0])
    assert len(state["players"][0]["supplies"]) == 2 and len(town["pool"]) == 1
    assert ENGINE.to_act(state) == [1]


def test_classic_later_arrival_steps_into_the_town_for_a_free_supply():
    state, cid = _classic_town_game()
    act(state, 0, ENGINE.legal_actions(state, 0)[0])
    act(state, 0, ENGINE.legal_actions(state, 0)[0])
    town = state["towns"][0]
    left = town["pool"][0]
    lay_length(state, 1, 2)  # player 2 has reached the town's point
    enter = [a for a in ENGINE.legal_actions(state, 1) if a["type"] == "enter_town"]
    assert len(enter) == 1 and "supply" in enter[0]
    act(state, 1, enter[0])
    assert state["players"][1]["supplies"] == [left] and state["players"][1]["in_town"]
    assert town["waiting"] == []
    act(state, 2, {"type": "scout"})
    act(state, 0, {"type": "scout"})
    assert any(a["type"] == "buy" for a in ENGINE.legal_actions(state, 1))


def _classic_fort_waiting_for(state, seat):
    """A fort behind at point 2 with one free supply left, waiting only for `seat`."""
    fort = place_town(state, "fort", 2, founder=2)
    fort["pool"] = [state["supply_deck"].pop()]
    fort["waiting"] = [seat]
    return fort


def test_classic_the_last_waiting_seat_leaving_discards_the_pool_while_another_towns_picks_wait():
    """ "Once the last player has reached or passed the town, any left over supplies ... are
    discarded": the fort's last waiting seat leaves while the new town's discoverer still picks
    there; only the town whose picks wait keeps its pool."""
    state = blank("classic", players=3)
    lay_length(state, 0, 3)
    lay_length(state, 1, 1)
    lay_length(state, 2, 5)
    fort = _classic_fort_waiting_for(state, 1)
    (left,) = fort["pool"]
    act(state, 0, {"type": "forge", "card": give_hand(state, 0, "town"), "turned": False})
    town = state["towns"][-1]
    assert [x["kind"] for x in state["pending"]] == ["town_pick", "town_pick"] and town["waiting"] == [1]
    ENGINE.resign(state, 1)
    assert fort["pool"] == [] and left in state["supply_discard"]
    assert len(town["pool"]) == 3 and ENGINE.to_act(state) == [0]


def test_classic_the_last_waiting_seat_leaving_discards_the_pool_while_a_victim_is_chosen():
    state = blank("classic", players=3)
    lay_length(state, 0, 3)
    lay_length(state, 1, 1)
    fort = _classic_fort_waiting_for(state, 1)
    (left,) = fort["pool"]
    act(state, 0, {"type": "forge", "card": give_hand(state, 0, "trigger", "middle"), "turned": False})
    assert [x["kind"] for x in state["pending"]] == ["victim"]
    ENGINE.resign(state, 1)
    assert fort["pool"] == [] and left in state["supply_discard"]
    assert ENGINE.legal_actions(state, 0) == [{"type": "victim", "seat": 2}]


def test_classic_skipping_the_town_forfeits_and_leftovers_are_discarded():
    state, cid = _classic_town_game()
    act(state, 0, ENGINE.legal_actions(state, 0)[0])
    act(state, 0, ENGINE.legal_actions(state, 0)[0])
    town = state["towns"][0]
    left = town["pool"][0]
    lay_length(state, 1, 2)
    act(
        state, 1, {"type": "forge", "card": give_hand(state, 1, "plain", "bottom"), "turned": False}
    )  # the card after a town starts at any height
    assert town["waiting"] == [] and town["pool"] == [] and left in state["supply_discard"]


def test_classic_mend_any_calamity_and_buy_supplies_at_independence_and_in_town():
    state = blank("classic", players=2)
    starve = give_calamity(state, 0, "starvation", deadline=8)
    legal = ENGINE.legal_actions(state, 0)
    assert {"type": "mend_any", "calamity": starve["card"]} in legal and {"type": "buy"} in legal
    deck = len(state["supply_deck"])
    act(state, 0, {"type": "buy"})
    assert len(state["players"][0]["supplies"]) == 1 and len(state["supply_deck"]) == deck - 1
    lay_length(state, 1, 2)
    give_calamity(state, 1, "inadequate_grass")
    assert not any(a["type"] in ("mend_any", "buy") for a in ENGINE.legal_actions(state, 1))
    with pytest.raises(IllegalAction, match="not in a town"):
        act(state, 1, {"type": "buy"})


def test_classic_mend_any_offers_dead_oxen_once_as_one_mend_cures_every_cause():
    """Both Bad Water cards killed this player's oxen: mending either discards both, so the two
    would be one choice under two identical labels; they are offered once."""
    state = blank("classic", players=2)
    first = give_calamity(state, 0, "bad_water", deadline=4, oxen_dead=True)
    give_calamity(state, 0, "bad_water", deadline=4, oxen_dead=True)
    thirst = give_calamity(state, 0, "typhoid", deadline=3)
    mends = [a for a in ENGINE.legal_actions(state, 0) if a["type"] == "mend_any"]
    assert mends == [{"type": "mend_any", "calamity": c["card"]} for c in (first, thirst)]
    labels = [ENGINE.action_label(state, 0, a) for a in mends]
    assert labels == [
        "Mend any calamity in town: Bad Water (dead oxen) (4 turns left)",
        "Mend any calamity in town: Typhoid (3 turns left)",
    ]
    act(state, 0, mends[0])
    assert [c["kind"] for c in state["players"][0]["calamities"]] == ["typhoid"]


def test_classic_town_pool_combines_deck_and_discard_when_short():
    state = blank("classic", players=2)
    lay_length(state, 0, 2)
    state["supply_discard"] = state["supply_deck"][2:]
    state["supply_deck"] = state["supply_deck"][:2]
    act(state, 0, {"type": "forge", "card": give_hand(state, 0, "fort"), "turned": False})
    assert len(state["towns"][0]["pool"]) == 3
    assert state["supply_discard"] == []


def test_classic_a_town_after_the_first_trail_card_is_stepped_into():
    """Classic: a player whose trail has reached the town (here after trail card 1) may step into
    it, and only then is in it: standing before it mends and buys nothing."""
    state = blank("classic", players=2)
    lay_length(state, 0, 1)
    town = place_town(state, "town", 1)
    starving = give_calamity(state, 0, "starvation", deadline=8)
    legal = ENGINE.legal_actions(state, 0)
    assert {"type": "enter_town", "town": town["card"]} in legal
    assert not any(a["type"] in ("mend_any", "buy") for a in legal)
    act(state, 0, {"type": "enter_town", "town": town["card"]})
    act(state, 1, {"type": "scout"})
    legal = ENGINE.legal_actions(state, 0)
    assert {"type": "mend_any", "calamity": starving["card"]} in legal and {"type": "buy"} in legal


def test_classic_buying_draws_from_the_deck_or_its_discard_and_neither_empty():
    """Classic: "draw a supply card from the supply deck", the deck made again from its discard
    when empty; with both empty there is nothing to buy."""
    state = blank("classic", players=2)
    state["supply_discard"] = state["supply_deck"]
    state["supply_deck"] = []
    assert {"type": "buy"} in ENGINE.legal_actions(state, 0)
    assert menus.refusal(state, 0, {"type": "buy"}) is None
    state["players"][1]["supplies"] = state["supply_discard"]
    state["supply_discard"] = []
    assert {"type": "buy"} not in ENGINE.legal_actions(state, 0)
    assert menus.refusal(state, 0, {"type": "buy"}) == "You are not in a town or fort that offers that."


def test_classic_the_menu_forges_each_shape_once_and_founds_one_town_and_one_fort():
    """Classic forges town and fort cards too ("four kinds of trail cards"): the menu lists each
    trail card's shape once and founds the first town card and the first fort card in hand."""
    state = blank("classic", players=2)
    lay_length(state, 0, 2)
    plain = give_hand(state, 0, "plain", "middle", "middle")
    town = give_hand(state, 0, "town")
    fort = give_hand(state, 0, "fort")
    give_hand(state, 0, "town")
    forges = [a for a in ENGINE.legal_actions(state, 0) if a["type"] == "forge"]
    assert forges == [
        {"type": "forge", "card": plain, "turned": False},
        {"type": "forge", "card": town, "turned": False},
        {"type": "forge", "card": fort, "turned": False},
    ]


def test_classic_a_town_founded_as_the_first_card_gives_those_at_independence_their_supply():
    """Classic: a town founded before any trail card (after trail card 0) waits for every player
    behind it, those still at Independence among them ("count up how many players are behind the
    town, including yourself, and add one"), and "as each other player reaches the town, they
    look at the supply cards left by the town and pick the one they want": a player at
    Independence has reached it, and steps into it for their free supply."""
    state = blank("classic", players=2)
    cid = give_hand(state, 0, "town")
    act(state, 0, {"type": "forge", "card": cid, "turned": False})
    town = state["towns"][0]
    assert town["point"] == 0 and town["waiting"] == [1] and len(town["pool"]) == 3
    for _ in range(2):
        act(state, 0, ENGINE.legal_actions(state, 0)[0])
    (left,) = town["pool"]
    enter = {"type": "enter_town", "town": cid, "supply": SUPPLY_CARDS[left]}
    assert ENGINE.to_act(state) == [1] and enter in ENGINE.legal_actions(state, 1)
    act(state, 1, enter)
    assert state["players"][1]["supplies"] == [left] and town["waiting"] == []
