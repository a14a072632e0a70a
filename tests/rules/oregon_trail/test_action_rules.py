"""Rules of the turn's actions the other files left open (found by mutation testing, #31): the
measles' lost action left unspent, a failed ford with nothing to lose, a calamity trigger as the
classic Nth card, and where a classic marker stands as it steps or forges through a town."""

from games.rules.oregon_trail.engine import ENGINE

from .helpers import (
    act,
    blank,
    give_calamity,
    give_hand,
    give_supplies,
    lay_length,
    place_town,
    set_draws,
    stack_calamity,
    types,
)


def _kinds(legal):
    return {a["type"] for a in legal}


def test_scouting_a_town_card_reads_as_a_town_card():
    """ "Scout the road ahead -- draw a trail card": a town or fort has no trail line to show."""
    state = blank(players=2)
    town = give_hand(state, 0, "town")
    state["players"][0]["hand"].remove(town)
    state["trail_deck"].append(town)
    events = act(state, 0, {"type": "scout"})
    assert events[0]["private"] == {"0": {"card": town, "text": "You draw a Town card."}}


def test_revised_ending_the_turn_with_the_measles_action_unspent_passes_the_turn():
    """Ruling: "A player may end their turn with actions unused"; the measles costs "one action
    fewer, unless you spend an action mending it with medicine": ending the turn instead of that
    mend passes the turn, and the measles stays."""
    state = blank(players=2)
    state["players"][1]["members"] = 2
    measles = give_calamity(state, 1, "measles", fewer=1)
    give_supplies(state, 1, "medicine")
    act(state, 0, {"type": "end_turn"})
    assert ENGINE.to_act(state) == [1] and state["actions_left"] == 1
    act(state, 1, {"type": "scout"})
    assert ENGINE.to_act(state) == [1] and state["actions_left"] == 0
    assert {"type": "mend", "calamity": measles["card"]} in ENGINE.legal_actions(state, 1)
    act(state, 1, {"type": "end_turn"})
    assert ENGINE.to_act(state) == [0] and state["turn"] == 0
    assert [c["card"] for c in state["players"][1]["calamities"]] == [measles["card"]]


def test_a_failed_ford_with_no_supplies_loses_nothing_and_asks_nothing():
    """ "if you roll an odd number you lose a supply (pick one to put back in the bank)": a wagon
    without supplies has none to lose, and stays stuck in the river."""
    state = blank(players=2)
    cid = give_hand(state, 0, "river_supply", "middle", "middle")
    set_draws(state, 1)
    events = act(state, 0, {"type": "forge", "card": cid, "turned": False})
    assert types(events) == ["trail_forged", "river_failed"]
    assert state["pending"] == [] and state["players"][0]["stuck"] and state["players"][0]["members"] == 4
    assert ENGINE.to_act(state) == [0] and state["actions_left"] == 3


def test_classic_calamity_trigger_as_the_nth_card_still_sends_a_calamity():
    """Ruling: only the revised race's Nth card "draws nothing" when it is a calamity trigger;
    classic reaching the Nth card puts the player at Willamette Valley, and the trigger's victim is
    still picked and the calamity drawn."""
    state = blank("classic", players=2)
    lay_length(state, 0, 19)
    stack_calamity(state, "dysentery")
    events = act(state, 0, {"type": "forge", "card": give_hand(state, 0, "trigger", "middle"), "turned": False})
    arrived = {"type": "reached_willamette", "seat": 0, "public": {"text": "Player 1 reaches Willamette Valley."}}
    assert {**arrived, "private": {}} in events and state["players"][0]["at_end"]
    assert state["pending"] == [{"kind": "victim", "seat": 0}] and ENGINE.result(state) is None
    act(state, 0, {"type": "victim", "seat": 1})
    assert state["players"][1]["members"] == 3
    assert ENGINE.result(state)["winners"] == [0]


def test_classic_stepping_back_onto_a_town_enters_it_and_stepping_forward_leaves_it():
    """Classic: "you will need a turn for each trail segment you have to go back along to get to a
    fort / town plus one more turn to use the Mend Any Calamity action": a marker stepped back to a
    town's point stands in it (mend any, buy), and one step forward it no longer does."""
    state = blank("classic", players=2)
    lay_length(state, 0, 3)
    place_town(state, "town", 1)
    starve = give_calamity(state, 0, "starvation", deadline=8)
    act(state, 0, {"type": "step_back"})
    assert state["players"][0]["pos"] == 2 and not state["players"][0]["in_town"]
    act(state, 1, {"type": "scout"})
    act(state, 0, {"type": "step_back"})
    assert state["players"][0]["pos"] == 1 and state["players"][0]["in_town"]
    act(state, 1, {"type": "scout"})
    legal = ENGINE.legal_actions(state, 0)
    assert {"type": "mend_any", "calamity": starve["card"]} in legal and {"type": "buy"} in legal
    assert "enter_town" not in _kinds(legal)
    act(state, 0, {"type": "step_forward"})
    assert state["players"][0]["pos"] == 2 and ENGINE.view(state, 0)["players"][0]["in_town"] is False
    act(state, 1, {"type": "scout"})
    assert not _kinds(ENGINE.legal_actions(state, 0)) & {"mend_any", "buy"}


def test_classic_stepping_back_onto_a_town_at_point_0_enters_it_as_at_any_other_point():
    """Classic: a town founded as the first card sits at point 0 ("after trail card 0"), and "a
    player whose marker is at k may use it" (the rulings): a marker stepped back to point 0 stands
    in that town, as one stepped back to a town's point further on does, with no step into it."""
    state = blank("classic", players=2)
    lay_length(state, 0, 1)
    place_town(state, "town", 0)
    starve = give_calamity(state, 0, "starvation", deadline=8)
    act(state, 0, {"type": "step_back"})
    assert state["players"][0]["pos"] == 0 and state["players"][0]["in_town"]
    act(state, 1, {"type": "scout"})
    legal = ENGINE.legal_actions(state, 0)
    assert {"type": "mend_any", "calamity": starve["card"]} in legal
    assert "enter_town" not in _kinds(legal)


def test_classic_forging_out_of_a_town_leaves_it():
    """Classic: the marker moves to the front of each card forged; out of a town it is no longer
    in the town (no mend any, no buying)."""
    state = blank("classic", players=2)
    lay_length(state, 0, 2)
    place_town(state, "town", 2)
    state["players"][0]["in_town"] = True
    give_calamity(state, 0, "starvation", deadline=8)
    assert "mend_any" in _kinds(ENGINE.legal_actions(state, 0))
    act(state, 0, {"type": "forge", "card": give_hand(state, 0, "plain", "top"), "turned": False})
    assert ENGINE.view(state, 0)["players"][0]["in_town"] is False
    act(state, 1, {"type": "scout"})
    assert not _kinds(ENGINE.legal_actions(state, 0)) & {"mend_any", "buy"}


def test_classic_discoverer_stands_in_the_town_founded():
    """Classic: a town forged at the front is where the discoverer stands: they may mend any
    calamity or buy there on their next turn."""
    state = blank("classic", players=2)
    lay_length(state, 0, 3)
    lay_length(state, 1, 5)
    starve = give_calamity(state, 0, "starvation", deadline=8)
    act(state, 0, {"type": "forge", "card": give_hand(state, 0, "fort"), "turned": False})
    while state["pending"]:
        act(state, 0, ENGINE.legal_actions(state, 0)[0])
    assert state["players"][0]["in_town"]
    act(state, 1, {"type": "scout"})
    legal = ENGINE.legal_actions(state, 0)
    assert {"type": "mend_any", "calamity": starve["card"]} in legal and {"type": "buy"} in legal


def test_classic_town_pool_of_one_gives_the_discoverer_one_pick():
    """Classic: "Draw this number of supplies off the supply deck"; with fewer cards left than the
    discoverer's two picks, they pick what there is."""
    state = blank("classic", players=2)
    lay_length(state, 0, 3)
    lay_length(state, 1, 5)
    state["players"][1]["supplies"] = state["supply_deck"][1:]
    state["supply_deck"] = state["supply_deck"][:1]
    cid = give_hand(state, 0, "town")
    act(state, 0, {"type": "forge", "card": cid, "turned": False})
    assert len(state["towns"][0]["pool"]) == 1
    assert state["pending"] == [{"kind": "town_pick", "seat": 0, "town": cid}]


def test_classic_reaching_a_town_founded_ahead_keeps_the_free_supply_waiting():
    """Classic: "Once other players have forged a trail up to your town they have an option, they
    can step into the town as the action of their turn (and receive a free supply card) or they
    can choose to skip the town": forging up to the town keeps the choice; only forging past it
    forfeits the supply."""
    state = blank("classic", players=2)
    lay_length(state, 0, 3)
    lay_length(state, 1, 2)
    cid = give_hand(state, 0, "town")
    act(state, 0, {"type": "forge", "card": cid, "turned": False})
    town = state["towns"][0]
    while state["pending"]:
        act(state, 0, ENGINE.legal_actions(state, 0)[0])
    assert town["waiting"] == [1] and len(town["pool"]) == 1
    act(state, 1, {"type": "forge", "card": give_hand(state, 1, "plain", "middle", "middle"), "turned": False})
    assert town["waiting"] == [1] and len(town["pool"]) == 1
    act(state, 0, {"type": "scout"})
    enter = [a for a in ENGINE.legal_actions(state, 1) if a["type"] == "enter_town"]
    assert enter == [{"type": "enter_town", "town": cid, "supply": enter[0]["supply"]}]


def test_classic_stepping_into_a_town_with_no_free_supply_for_you():
    """Classic: a player who was ahead when the town was founded "can make use of the calamity
    mending features of the town if they want to come back to it, but they do not get a free
    supply card": stepping in takes nothing."""
    state = blank("classic", players=2)
    lay_length(state, 0, 2)
    town = place_town(state, "fort", 2, founder=1)
    events = act(state, 0, {"type": "enter_town", "town": town["card"]})
    assert events[0] == {
        "type": "town_entered",
        "seat": 0,
        "public": {"town": town["card"], "supply": None, "text": "Player 1 steps into the fort."},
        "private": {},
    }
    assert state["players"][0]["in_town"] and state["players"][0]["supplies"] == []


def test_revised_draft_ends_with_the_first_seat_still_in_the_race_to_play():
    """Revised set-up: "Determine who will go first and then take turns selecting supplies to
    start with in reverse of the play order": the draft ends, play starts with the first player;
    with seat 0 gone mid-draft, the first seat still in the race plays first."""
    state = ENGINE.new_state({"ruleset": "revised"}, 3, "draft")
    act(state, 2, ENGINE.legal_actions(state, 2)[0])
    ENGINE.resign(state, 0)
    events = []
    while state["phase"] == "draft":
        seat = state["turn"]
        events = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    assert state["turn"] == 1 and ENGINE.to_act(state) == [1]
    assert [e["type"] for e in events] == ["supply_drafted"]  # no lost turn told of the seat that left
    assert state["actions_left"] == 4
