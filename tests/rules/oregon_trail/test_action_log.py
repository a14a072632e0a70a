"""What each action tells the table: the log line every seat reads and the facts it carries (the
card forged and its line, a roll, the supply lost or taken), and what only the acting seat reads.
The rules texts make each of these a public act at the table (a card laid, a die rolled, a supply
put back in the bank) except a scouted card and a bought supply, which only their taker sees."""

from games.rules.oregon_trail.cards import SUPPLY_NAMES, TRAIL_CARDS, TRAIL_NAMES, supply_kind
from games.rules.oregon_trail.engine import ENGINE

from .helpers import (
    act,
    blank,
    give_calamity,
    give_hand,
    give_supplies,
    held,
    lay_length,
    lay_trail,
    logged,
    place_town,
    set_draws,
    stack_calamity,
)


def test_a_draft_pick_names_the_supply_taken_from_the_bank():
    """Revised set-up: "take turns selecting supplies to start with in reverse of the play order":
    the last seat picks first, in the open, and the next seat in reverse order picks next."""
    state = ENGINE.new_state({"ruleset": "revised"}, 2, "log")
    assert state["turn"] == 1
    events = act(state, 1, {"type": "draft", "supply": "oxen"})
    assert events == [logged("supply_drafted", 1, "Player 2 drafts Oxen.", supply="oxen")]
    assert state["turn"] == 0 and state["phase"] == "draft"


def test_scouting_shows_the_card_to_the_scout_only_and_a_reshuffle_to_everyone():
    """ "Scout the road ahead -- draw a trail card"; "Don't place the trail cards back into the trail
    deck until it is empty. Then, reshuffle the discarded trail cards"."""
    state = blank(players=2)
    state["trail_discard"], state["trail_deck"] = state["trail_deck"], []
    events = act(state, 0, {"type": "scout"})
    cid = state["players"][0]["hand"][-1]
    assert cid not in state["trail_deck"]
    info = TRAIL_CARDS[cid]
    line = f", {info['left']}→{info['right']}." if info["left"] else " card."
    drawn = f"You draw {TRAIL_NAMES[info['kind']]}" if info["left"] else f"You draw a {TRAIL_NAMES[info['kind']]}"
    assert events[0] == logged("trail_reshuffled", None, "The trail discards are shuffled into a new trail deck.")
    mine = {"0": {"card": cid, "text": drawn + line}}
    assert events[1] == logged("scouted", 0, "Player 1 scouts the road ahead.", private=mine)
    assert len(events) == 2


def test_forging_lays_the_card_with_its_line_as_turned_and_its_number_in_the_trail():
    """ "The trail cards must match up, and can be turned either direction to make this happen":
    the log shows the line as laid (turned: ends swapped, top and bottom traded) and the count."""
    state = blank(players=2)
    lay_trail(state, 0, [("bottom", "top")])
    cid = give_hand(state, 0, "plain", "middle", "bottom")
    events = act(state, 0, {"type": "forge", "card": cid, "turned": True})
    assert events == [
        logged(
            "trail_forged",
            0,
            "Player 1 forges Trail (top→middle) as trail card 2.",
            card=cid,
            kind="plain",
            left="top",
            right="middle",
            number=2,
        )
    ]
    assert state["players"][0]["trail"][-1] == {
        "card": cid,
        "kind": "plain",
        "left": "top",
        "right": "middle",
        "turned": True,
    }


def test_a_failed_ford_holding_one_kind_loses_that_supply_without_asking():
    """ "if you roll an odd number you lose a supply (pick one to put back in the bank)": with one
    kind held there is nothing to pick, the card goes back to the bank at once."""
    state = blank(players=2)
    cid = give_hand(state, 0, "river_supply", "middle", "middle")
    give_supplies(state, 0, "food", "food")
    bank = len(state["supply_bank"])
    set_draws(state, 3)
    events = act(state, 0, {"type": "forge", "card": cid, "turned": False})
    assert events[1:] == [
        logged("river_failed", 0, "Player 1 rolls 3 and is stuck in the river.", roll=3),
        logged("supply_lost", 0, "Player 1 loses Food in the river.", supply="food"),
    ]
    assert held(state, 0) == ["food"] and len(state["supply_bank"]) == bank + 1
    assert state["pending"] == [] and state["players"][0]["stuck"]
    set_draws(state, 4)
    assert act(state, 0, {"type": "ford"}) == [
        logged("river_forded", 0, "Player 1 rolls 4 and fords the river.", roll=4)
    ]
    assert ENGINE.view(state, 0)["players"][0]["stuck"] is False and state["actions_left"] == 2


def test_a_failed_ford_holding_two_kinds_lets_the_player_pick_the_supply_lost():
    """ "most cards say that if you roll an odd number you lose a supply (pick one to put back in
    the bank)"."""
    state = blank(players=2)
    cid = give_hand(state, 0, "river_supply", "middle", "middle")
    give_supplies(state, 0, "food", "oxen")
    set_draws(state, 5)
    act(state, 0, {"type": "forge", "card": cid, "turned": False})
    assert state["pending"] == [{"kind": "river_loss", "seat": 0}]
    events = act(state, 0, {"type": "lose_supply", "supply": "oxen"})
    assert events == [logged("supply_lost", 0, "Player 1 loses Oxen in the river.", supply="oxen")]
    assert held(state, 0) == ["food"] and state["pending"] == [] and state["actions_left"] == 3


def test_a_calamity_trigger_asks_for_a_victim_then_the_card_is_drawn_for_them():
    """Ruling: "The player who forges a calamity trigger picks a victim among the other players
    still in the game, then the calamity is drawn and revealed"."""
    state = blank(players=3)
    cid = give_hand(state, 0, "trigger", "middle", "middle")
    card = stack_calamity(state, "dysentery")
    act(state, 0, {"type": "forge", "card": cid, "turned": False})
    assert state["pending"] == [{"kind": "victim", "seat": 0}]
    events = act(state, 0, {"type": "victim", "seat": 2})
    assert events[0] == logged(
        "calamity",
        0,
        "Player 1 sends Dysentery to Player 3.",
        audience=[2],
        calamity="dysentery",
        victim=2,
        by=0,
        card=card,
    )
    assert state["players"][2]["members"] == 3 and state["players"][0]["members"] == 4


def test_mending_and_trading_say_what_was_spent_and_rolled():
    """ "you can play those supply cards as an action on your turn to remove the calamity";
    trading: "If you roll an even number then the trade is successful and the calamity is mended
    ... If you roll an odd number, then the trade has failed and you lose the supply"."""
    state = blank(players=2)
    typhoid = give_calamity(state, 0, "typhoid", deadline=1)
    give_supplies(state, 0, "clean_water", "medicine")
    assert act(state, 0, {"type": "mend", "calamity": typhoid["card"]}) == [
        logged("calamity_mended", 0, "Player 1 mends Typhoid with Clean Water and Medicine.", calamities=["typhoid"])
    ]
    typhoid = give_calamity(state, 0, "typhoid", deadline=1)
    give_supplies(state, 0, "food", "clothes", "medicine")
    set_draws(state, 3)
    assert act(state, 0, {"type": "trade", "calamity": typhoid["card"], "give": ["food"]}) == [
        logged("trade_failed", 0, "Player 1 rolls 3: the trade fails and Food is lost.", roll=3, give=["food"])
    ]
    assert held(state, 0) == ["clothes", "medicine"] and state["actions_left"] == 3
    set_draws(state, 6)
    assert act(state, 0, {"type": "trade", "calamity": typhoid["card"], "give": ["clothes"]}) == [
        logged(
            "calamity_mended", 0, "Player 1 trades and mends Typhoid (rolled 6, gave Clothes).", calamities=["typhoid"]
        )
    ]
    assert held(state, 0) == [] and state["actions_left"] == 2 and state["players"][0]["calamities"] == []


def test_stepping_back_and_forward_tells_where_the_marker_stands():
    """ "Move backwards along your trail by one card ... Move forwards along your already forged
    trail by one card"."""
    state = blank(players=2)
    lay_length(state, 0, 3)
    assert act(state, 0, {"type": "step_back"}) == [
        logged("stepped_back", 0, "Player 1 steps back along the trail.", pos=2)
    ]
    assert act(state, 0, {"type": "step_forward"}) == [
        logged("stepped_forward", 0, "Player 1 steps forward along the trail.", pos=3)
    ]
    assert state["players"][0]["pos"] == 3 and state["actions_left"] == 2


def test_revised_fort_and_placed_town_say_what_was_taken_where():
    """ "The benefit for a fort is that you get to pick 2 supply cards from the bank"; "If you have
    a fort or town card in your hand, you can place it on your tail at any point to use it. You
    place and use the behavior as a single action"."""
    state = blank(players=2)
    lay_length(state, 0, 3)
    fort = place_town(state, "fort", 3)
    events = act(state, 0, {"type": "use_town", "town": fort["card"], "take": ["oxen", "medicine"]})
    assert events == [
        logged(
            "town_used", 0, "Player 1 takes Oxen and Medicine at the fort.", town_kind="fort", take=["oxen", "medicine"]
        )
    ]
    cid = give_hand(state, 0, "town")
    events = act(state, 0, {"type": "place_town", "card": cid, "take": ["food"]})
    assert events == [
        logged("town_founded", 0, "Player 1 founds a town after trail card 3.", card=cid, point=3),
        logged("town_used", 0, "Player 1 takes Food at the town.", town_kind="town", take=["food"]),
    ]
    assert state["towns"][-1] == {"card": cid, "kind": "town", "point": 3, "founder": 0, "pool": [], "waiting": []}
    assert held(state, 0) == ["food", "medicine", "oxen"] and state["actions_left"] == 2


def test_revised_placing_a_town_with_an_empty_bank_takes_nothing():
    """ "If the bank is short on supplies then you simply don't get them. You are not owed them.\""""
    state = blank(players=2)
    lay_length(state, 0, 2)
    state["players"][1]["supplies"], state["supply_bank"] = state["supply_bank"], []
    cid = give_hand(state, 0, "fort")
    events = act(state, 0, {"type": "place_town", "card": cid, "take": []})
    assert events[1] == logged("town_used", 0, "Player 1 takes nothing at the fort.", town_kind="fort", take=[])


def test_classic_town_founding_tells_its_pool_and_each_free_pick():
    """Classic: a town or fort forged at the front holds a free supply for each player behind,
    plus one; its discoverer takes two (000, forts and towns)."""
    state = blank("classic", players=3)
    lay_length(state, 0, 3)
    lay_length(state, 1, 1)
    lay_length(state, 2, 5)
    cid = give_hand(state, 0, "town")
    events = act(state, 0, {"type": "forge", "card": cid, "turned": False})
    pool = list(state["towns"][0]["pool"])
    assert events == [
        logged(
            "town_founded",
            0,
            "Player 1 founds a town after trail card 3; 3 free supplies wait there.",
            card=cid,
            point=3,
            pool=pool,
        )
    ]
    assert state["pending"] == [{"kind": "town_pick", "seat": 0, "town": cid}] * 2
    town = ENGINE.view(state, 2)["towns"][0]
    assert (town["card"], town["point"], town["founder"], town["waiting"]) == (cid, 3, 0, [1])
    kind = supply_kind(pool[-1])
    events = act(state, 0, {"type": "take_supply", "supply": kind})
    text = f"Player 1 takes {SUPPLY_NAMES[kind]} from the town."
    assert events == [logged("town_supply_taken", 0, text, supply=kind)]
    assert len(state["towns"][0]["pool"]) == 2 and len(state["pending"]) == 1


def test_classic_stepping_into_a_town_takes_the_free_supply_waiting_there():
    """Classic: a player behind the discoverer takes their free supply as they reach the town."""
    state = blank("classic", players=3)
    lay_length(state, 0, 3)
    lay_length(state, 1, 1)
    lay_length(state, 2, 5)
    cid = give_hand(state, 0, "town")
    act(state, 0, {"type": "forge", "card": cid, "turned": False})
    for _ in range(2):
        act(state, 0, ENGINE.legal_actions(state, 0)[0])
    town = state["towns"][0]
    left = town["pool"][0]
    lay_length(state, 1, 2)
    kind = supply_kind(left)
    events = act(state, 1, {"type": "enter_town", "town": cid, "supply": kind})
    text = f"Player 2 steps into the town and takes {SUPPLY_NAMES[kind]}."
    assert events[0] == logged("town_entered", 1, text, town=cid, supply=kind)
    assert state["players"][1]["supplies"] == [left] and state["players"][1]["in_town"]
    assert town["waiting"] == [] and town["pool"] == []


def test_classic_mend_any_and_buy_in_town():
    """Classic ruling: Independence allows mend-any-calamity and buy-supplies; the bought card is
    seen by its buyer only."""
    state = blank("classic", players=2)
    starve = give_calamity(state, 0, "starvation", deadline=8)
    events = act(state, 0, {"type": "mend_any", "calamity": starve["card"]})
    assert events[0] == logged("calamity_mended", 0, "Player 1 mends Starvation in town.", calamities=["starvation"])
    state = blank("classic", players=2)
    top = state["supply_deck"][-1]
    events = act(state, 0, {"type": "buy"})
    kind = supply_kind(top)
    mine = {"0": {"supply": [kind], "text": f"You get {SUPPLY_NAMES[kind]}."}}
    assert events[0] == logged("supplies_bought", 0, "Player 1 buys supplies.", private=mine)
    assert state["players"][0]["supplies"] == [top] and state["turn"] == 1


def test_ending_the_turn_early_is_logged():
    """Ruling: "A player may end their turn with actions unused (revised rules)"."""
    state = blank(players=2)
    events = act(state, 0, {"type": "end_turn"})
    assert events[0] == logged("turn_ended", 0, "Player 1 ends the turn.")
    assert state["turn"] == 1


def test_revised_town_removing_a_calamity_says_which():
    """ "If you chose the calamity mending benefit, simply discard one calamity from in front of
    you ... even if there is no natural remedy for the calamity (such as with Inadequate Grass)"."""
    state = blank(players=2)
    lay_length(state, 0, 3)
    town = place_town(state, "town", 3)
    grass = give_calamity(state, 0, "inadequate_grass")
    events = act(state, 0, {"type": "use_town", "town": town["card"], "remove": grass["card"]})
    assert events == [
        logged("calamity_mended", 0, "Player 1 has the town remove Inadequate Grass.", calamities=["inadequate_grass"])
    ]


def test_a_drowned_member_is_told_with_its_cause():
    """River, "roll even to ford; a 1 drowns a wagon member": the member lost says how."""
    state = blank(players=2)
    cid = give_hand(state, 0, "river_drown", "top")
    set_draws(state, 1)
    events = act(state, 0, {"type": "forge", "card": cid, "turned": False})
    assert events[-1] == logged(
        "member_died",
        0,
        "Player 1 loses 1 wagon member (drowned in the river); 3 left.",
        audience=[0],
        victim=0,
        count=1,
        cause="drowned in the river",
        members_left=3,
    )


def test_a_failed_double_trade_names_both_supplies_lost():
    """ "If you need to trade for both supplies needed, you only roll the die once. Both supply
    trades either succeed or fail together": both are lost."""
    state = blank(players=2)
    cholera = give_calamity(state, 0, "cholera")
    give_supplies(state, 0, "food", "oxen")
    set_draws(state, 5)
    events = act(state, 0, {"type": "trade", "calamity": cholera["card"], "give": ["food", "oxen"]})
    assert events == [
        logged(
            "trade_failed",
            0,
            "Player 1 rolls 5: the trade fails and Food and Oxen is lost.",
            roll=5,
            give=["food", "oxen"],
        )
    ]
