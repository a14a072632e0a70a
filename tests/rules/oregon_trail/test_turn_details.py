"""The turn loop and the end of the race, the details mutation testing (#31) found untested: what
a wagon out gives back, the ranking, the end's words, the count-downs' order, lost turns."""

from games.rules.oregon_trail import turns
from games.rules.oregon_trail.engine import ENGINE

from .helpers import act, blank, give_calamity, give_hand, give_supplies, lay_length, logged, place_town, types
from .test_calamities import cal, send


def test_a_wagon_out_gives_back_its_cards_and_the_last_one_left_wins():
    state = blank(players=3)
    p = state["players"][1]
    p["members"] = 1
    lay_length(state, 1, 3)
    p["stuck"] = True
    hand = [give_hand(state, 1, "plain"), give_hand(state, 1, "plain")]
    trail = [x["card"] for x in p["trail"]]
    give_supplies(state, 1, "food", "oxen")
    supplies = list(p["supplies"])
    starving = give_calamity(state, 1, "starvation", deadline=2)
    events = send(state, "dysentery", 1)
    assert p["alive"] is False and p["members"] == 0 and p["out_order"] == 0
    assert state["out"] == [1] and state["outs"] == 1
    assert p["hand"] == [] and p["trail"] == [] and p["trimmed"] == 3
    assert p["stuck"] is False and p["in_town"] is False
    assert p["supplies"] == [] and p["calamities"] == []
    assert set(hand + trail) <= set(state["trail_discard"])
    assert set(supplies) <= set(state["supply_bank"])
    assert starving["card"] in state["calamity_discard"]
    assert events[-1] == logged("player_out", 1, "Player 2's whole party has died.", audience=[1], victim=1)
    # the second wagon out leaves one: it wins; of the dead, the longer trail ranks first
    state["players"][2]["members"] = 1
    events = send(state, "snake_bite", 2)
    assert state["players"][2]["out_order"] == 1 and state["outs"] == 2
    reason = "Player 1 has the only wagon left on the trail."
    assert events[-1] == logged("game_over", None, reason, winners=[0], ranking=[0, 1, 2])
    assert state["result"] == {"winners": [0], "ranking": [0, 1, 2], "reason": reason}


def test_the_last_wagons_dying_together_leave_no_winner():
    state = blank(players=2)
    state["players"][0]["members"] = 1
    state["players"][1]["members"] = 1
    give_calamity(state, 0, "cholera")
    events = send(state, "cholera", 1)
    reason = "The last wagons died together: nobody wins."
    assert events[-1]["type"] == "game_over" and events[-1]["public"]["text"] == reason
    assert state["result"]["winners"] == []


def test_ranking_winners_then_the_living_by_trail_and_members_then_the_dead_latest_first():
    state = blank(players=6)
    for seat, length, members in ((0, 2, 4), (1, 3, 2), (2, 3, 4), (3, 5, 1)):
        lay_length(state, seat, length)
        state["players"][seat]["members"] = members
    for seat, order in ((4, 0), (5, 1)):
        state["players"][seat].update(alive=False, members=0, out_order=order)
    events = []
    turns.finish(state, [0], "done", events)
    assert state["result"]["ranking"] == [0, 3, 2, 1, 5, 4]


def test_the_end_clears_the_decisions_and_discards_the_revealed_cards():
    state = blank("classic", players=2)
    give_supplies(state, 1, "medicine")
    events = send(state, "measles", 1)
    cid = next(e["public"]["card"] for e in events if e["type"] == "calamity")
    assert state["pending"] and state["revealed"] == [cid]
    events = []
    turns.finish(state, [0], "done", events)
    assert state["pending"] == [] and state["revealed"] == []
    assert state["calamity_discard"][-1] == cid
    assert events == [logged("game_over", None, "done", winners=[0], ranking=[0, 1])]


def test_the_winners_words_name_the_rulesets_end_and_the_trail_length():
    for ruleset, place in (("revised", "Oregon"), ("classic", "Willamette Valley")):
        state = blank(ruleset, players=2)
        events = []
        turns.win(state, state["players"][1], events)
        n = state["options"]["trail_length"]
        assert events[-1]["public"]["text"] == f"Player 2 reaches {place} after {n} trail cards."
        assert state["result"]["winners"] == [1]


def test_an_unmended_broken_part_is_told_and_takes_every_member():
    state = blank(players=2)
    state["players"][1]["members"] = 2
    give_calamity(state, 1, "broken_axle", deadline=1)
    events = act(state, 0, {"type": "end_turn"})
    events += act(state, 1, {"type": "end_turn"})
    assert events[-4:-1] == [
        logged("calamity_expired", 1, "Player 2 could not mend the Broken Axle in time.", audience=[1]),
        logged(
            "member_died",
            1,
            "Player 2 loses 2 wagon members (Broken Axle); 0 left.",
            audience=[1],
            victim=1,
            count=2,
            cause="Broken Axle",
            members_left=0,
        ),
        logged("player_out", 1, "Player 2's whole party has died.", audience=[1], victim=1),
    ]


def test_an_unmended_starvation_costs_the_last_member_and_is_discarded():
    state = blank(players=3)
    state["players"][1]["members"] = 1
    rec = give_calamity(state, 1, "starvation", deadline=1)
    act(state, 0, {"type": "end_turn"})
    events = act(state, 1, {"type": "end_turn"})
    died = next(e for e in events if e["type"] == "member_died")
    assert died["public"]["cause"] == "Starvation" and "(Starvation)" in died["public"]["text"]
    assert not state["players"][1]["alive"] and rec["card"] in state["calamity_discard"]


def test_every_calamity_counts_down_past_a_fresh_one_and_one_still_running():
    state = blank(players=2)
    fresh = give_calamity(state, 1, "typhoid", deadline=1, fresh=True)
    running = give_calamity(state, 1, "starvation", deadline=3)
    cold = give_calamity(state, 1, "extreme_cold", deadline=1)
    act(state, 0, {"type": "end_turn"})
    act(state, 1, {"type": "end_turn"})
    assert fresh["deadline"] == 1 and fresh["fresh"] is False
    assert running["deadline"] == 2
    assert cold not in state["players"][1]["calamities"] and state["players"][1]["members"] == 3
    act(state, 0, {"type": "end_turn"})
    act(state, 1, {"type": "end_turn"})
    assert fresh not in state["players"][1]["calamities"] and state["players"][1]["members"] == 2


def test_revised_measles_action_is_given_back_only_in_the_turn_it_was_lost():
    state = blank(players=2)
    send(state, "measles", 1)
    act(state, 0, {"type": "end_turn"})
    assert state["actions_left"] == 3
    for _ in range(3):  # the turn used up, not ended
        act(state, 1, {"type": "scout"})
    act(state, 0, {"type": "end_turn"})
    give_supplies(state, 1, "medicine")
    act(state, 1, {"type": "mend", "calamity": cal(state, 1, "measles")["card"]})
    assert state["actions_left"] == 3


def test_classic_wagon_at_willamette_whose_last_calamity_a_pair_struck_away_wins_at_its_turn():
    state = blank("classic", players=3)
    p = state["players"][1]
    p["at_end"] = True
    give_calamity(state, 1, "cholera")
    events = send(state, "cholera", 2)
    assert "pair_struck" in types(events) and p["calamities"] == []
    assert state["result"]["winners"] == [1]
    assert (
        events[-1]["public"]["text"]
        == f"Player 2 reaches Willamette Valley after {state['options']['trail_length']} trail cards."
    )


def test_revised_one_member_has_one_action():
    state = blank(players=2)
    state["players"][1]["members"] = 1
    act(state, 0, {"type": "end_turn"})
    assert ENGINE.to_act(state) == [1] and state["actions_left"] == 1


def test_revised_broken_arm_healed_goes_to_the_calamity_discard():
    state = blank(players=2)
    arm = give_calamity(state, 1, "broken_arm", fewer=1)
    act(state, 0, {"type": "end_turn"})
    assert state["actions_left"] == 3 and arm not in state["players"][1]["calamities"]
    assert state["calamity_discard"][-1] == arm["card"]


def test_classic_broken_arm_healed_goes_to_the_calamity_discard_and_the_lost_turn_is_told():
    state = blank("classic", players=2)
    arm = give_calamity(state, 1, "broken_arm", skip=1)
    events = act(state, 0, {"type": "scout"})
    assert logged("turn_lost", 1, "Player 2 loses this turn.") in events
    assert arm not in state["players"][1]["calamities"] and state["calamity_discard"][-1] == arm["card"]
    assert ENGINE.to_act(state) == [0]


def test_revised_turn_without_an_action_is_told():
    state = blank(players=2)
    give_calamity(state, 1, "broken_arm", fewer=2)
    state["players"][1]["members"] = 1
    events = act(state, 0, {"type": "end_turn"})
    assert logged("turn_lost", 1, "Player 2 has no action this turn.") in events
    assert ENGINE.to_act(state) == [0]


def test_revised_a_one_action_turn_with_nothing_to_do_but_end_it_is_still_played():
    """Revised: "you take as many actions as you have people in your wagon": a wagon of one member
    has its turn even when nothing but ending it is open (scouting is not possible, no card in
    hand, no trail to step along); only a turn left with no action at all is lost."""
    state = blank(players=2)
    state["players"][1]["members"] = 1
    state["trail_deck"] = []
    state["trail_discard"] = []
    events = act(state, 0, {"type": "end_turn"})
    assert "turn_lost" not in types(events)
    assert ENGINE.to_act(state) == [1] and state["actions_left"] == 1
    assert ENGINE.legal_actions(state, 1) == [{"type": "end_turn"}]


def test_a_seat_leaving_the_draft_passes_the_pick_on_and_the_last_one_starts_the_race():
    state = ENGINE.new_state({}, 3, "s")
    assert state["draft_order"][0] == 2 and ENGINE.to_act(state) == [2]
    events = ENGINE.resign(state, 2)
    assert logged("player_out", 2, "Player 3 leaves the race.", audience=[2], victim=2) in events
    assert state["phase"] == "draft" and 2 not in state["draft_order"] and ENGINE.to_act(state) == [1]


def test_the_last_drafter_leaving_starts_the_race_with_the_next_living_seat():
    state = ENGINE.new_state({}, 3, "s")
    while state["draft_order"] != [0]:
        seat = ENGINE.to_act(state)[0]
        act(state, seat, ENGINE.legal_actions(state, seat)[0])
    ENGINE.resign(state, 0)
    assert state["players"][0]["members"] == 0
    assert state["phase"] == "play" and "draft_order" not in state
    assert state["turn"] == 1 and ENGINE.to_act(state) == [1] and state["actions_left"] == 4


def test_a_wagon_out_leaves_its_place_in_the_towns_line_and_its_trimmed_count_grows():
    state = blank("classic", players=3)
    p = state["players"][1]
    p["trimmed"] = 2
    lay_length(state, 1, 3)
    p["in_town"] = True
    town = place_town(state, "town", 5)
    town["waiting"] = [1]
    give_supplies(state, 2, "food")
    town["pool"] = state["players"][2]["supplies"]
    state["players"][2]["supplies"] = []
    pool = list(town["pool"])
    ENGINE.resign(state, 1)
    assert p["trimmed"] == 5 and p["in_town"] is False
    assert town["waiting"] == [] and town["pool"] == [] and state["supply_discard"][-1:] == pool


def test_a_victim_out_during_their_decision_discards_the_revealed_card():
    state = blank("classic", players=3)
    give_supplies(state, 1, "medicine")
    events = send(state, "measles", 1)
    cid = next(e["public"]["card"] for e in events if e["type"] == "calamity")
    ENGINE.resign(state, 1)
    assert state["revealed"] == [] and state["calamity_discard"][-1] == cid


def test_classic_the_last_wagon_behind_a_fort_dying_picks_up_the_trail_before_it():
    state = blank("classic", players=3)
    lay_length(state, 0, 4)
    lay_length(state, 1, 1)
    lay_length(state, 2, 4)
    state["players"][1]["members"] = 1
    town = place_town(state, "town", 1)
    give_supplies(state, 2, "food")
    town["pool"] = state["players"][2]["supplies"]
    state["players"][2]["supplies"] = []
    pool = list(town["pool"])
    fort = place_town(state, "fort", 3)
    picked = [x["card"] for x in state["players"][0]["trail"][:3]]
    events = send(state, "dysentery", 1)
    assert events[-1] == logged(
        "trail_trimmed", None, "Everyone has passed the fort after trail card 3: the trail before it is picked up."
    )
    assert state["floor"] == 3 and state["towns"] == [fort]
    assert [p["trimmed"] for p in state["players"]] == [3, 1, 3]
    assert set(picked + [town["card"]]) <= set(state["trail_discard"])
    assert state["supply_discard"][-1:] == pool
    # a later trim finds the fort at the floor already passed: nothing more to pick up or tell
    again = []
    turns.trim(state, again)
    assert again == [] and state["towns"] == [fort]


def test_classic_a_wagon_standing_at_a_town_has_not_passed_it():
    state = blank("classic", players=2)
    lay_length(state, 0, 3)
    lay_length(state, 1, 2)
    town = place_town(state, "town", 2)
    turns.trim(state, [])
    assert state["floor"] == 0 and state["towns"] == [town]
    assert [p["trimmed"] for p in state["players"]] == [0, 0]


def test_classic_a_town_after_the_first_card_picks_up_that_one_card():
    state = blank("classic", players=2)
    lay_length(state, 0, 3)
    lay_length(state, 1, 2)
    place_town(state, "fort", 1)
    events = []
    turns.trim(state, events)
    assert state["floor"] == 1 and [p["trimmed"] for p in state["players"]] == [1, 1]
    assert [len(p["trail"]) for p in state["players"]] == [2, 1]
    # the next town everyone passes picks up only the cards between the two
    lay_length(state, 0, 2)
    lay_length(state, 1, 3)
    place_town(state, "town", 3)
    turns.trim(state, events)
    assert state["floor"] == 3 and [p["trimmed"] for p in state["players"]] == [3, 3]
    assert [len(p["trail"]) for p in state["players"]] == [2, 2]


def test_revised_trim_keeps_four_cards_behind_the_front_counting_those_already_picked_up():
    state = blank(players=2)
    p = state["players"][0]
    p["trimmed"] = 2
    lay_length(state, 0, 6)
    turns.trim(state, [])
    assert p["trimmed"] == 3 and len(p["trail"]) == 5


def test_revised_a_town_at_independence_stays_while_a_wagon_can_step_back_to_it():
    state = blank(players=2)
    lay_length(state, 0, 2)
    lay_length(state, 1, 3)
    town = place_town(state, "town", 0)
    turns.trim(state, [])
    assert state["towns"] == [town]


def test_classic_the_turn_player_leaving_passes_the_turn_on_past_a_lost_one():
    state = blank("classic", players=3)
    give_calamity(state, 1, "broken_arm", skip=1)
    events = ENGINE.resign(state, 0)
    assert logged("turn_lost", 1, "Player 2 loses this turn.") in events
    assert ENGINE.to_act(state) == [2]
