"""explain_hit: what a calamity does to its victim, what mends it and by when, in each ruleset,
checked against the rule texts (shared/rules) and against what the engine then does: where a
sentence gives a count-down, playing the turns out shows it is the engine's count-down."""

import pytest

from games.rules.oregon_trail.cards import SUPPLY_NAMES
from games.rules.oregon_trail.engine import ENGINE

from .helpers import act, blank, give_calamity, give_hand, give_supplies, lay_length, set_draws, stack_calamity
from .test_calamities import end_turns, no_food_to_hunt, send


def explained(state, events, seat=1, type_="calamity"):
    """Returns explain_hit's three texts for the first event of that type hitting the seat."""
    ev = next(e for e in events if e["type"] == type_ and seat in (e.get("audience") or ()))
    parts = ENGINE.explain_hit(state, ev, seat)
    assert len(parts) == 3 and all(isinstance(p, str) and p.endswith(".") for p in parts), parts
    return parts


def cal(state, seat, kind):
    return next(c for c in state["players"][seat]["calamities"] if c["kind"] == kind)


# -- measles --------------------------------------------------------------------------------------
def test_revised_measles_costs_one_action_of_the_next_turn_unless_mended_in_it():
    state = blank("revised", players=2)
    events = send(state, "measles")
    does, mends, by_when = explained(state, events)
    # revised calamity details: one action fewer on the first turn after receiving it, unless an
    # action mends it with medicine; the other copy kills one member of each holder
    assert does.startswith(
        "Your next turn has one action fewer, unless you mend it with Medicine in that turn: then the action "
        "comes back."
    )
    assert "you and that player each lose a wagon member (you lose two if it is played on you)" in does
    assert mends.startswith("Medicine (one action), or trade another supply") and "a town's remove-a-calamity" in mends
    assert by_when.startswith("Mend it on your next turn") and "no count-down" in by_when
    assert "Measles" not in " ".join([does, mends, by_when])  # the notice names it once, before
    # as said: the next turn has one action fewer ...
    give_supplies(state, 1, "medicine")
    end_turns(state, 0)
    assert ENGINE.to_act(state) == [1] and state["actions_left"] == 3
    # ... and mending it in that turn gives the action back
    act(state, 1, {"type": "mend", "calamity": cal(state, 1, "measles")["card"]})
    assert state["actions_left"] == 3


def test_the_second_measles_on_the_same_player_strikes_at_once():
    state = blank("revised", players=2)
    give_calamity(state, 1, "measles")
    events = send(state, "measles")
    does, mends, by_when = explained(state, events)
    assert does.startswith("The other copy was still unmended in front of someone, so it struck at once")
    assert "You have 2 wagon members left" in does and state["players"][1]["members"] == 2
    assert mends == "Nothing: the loss cannot be undone." and by_when == "Nothing to do: it is over."


def test_classic_measles_asks_for_medicine_and_says_what_the_other_copy_would_do():
    state = blank("classic", players=3)
    give_supplies(state, 1, "medicine")
    give_calamity(state, 2, "measles", skip=0)
    events = send(state, "measles")
    does, mends, by_when = explained(state, events)
    # classic: the second copy's receiver loses a member too, unless they deflect it with medicine
    assert does == (
        "The other copy is in front of Player 3, unmended: take this one and you both lose a wagon member; avoid "
        "it and only Player 3 does. Both cards are discarded either way."
    )
    assert mends.startswith("Avoid it now: discard Medicine, or trade another supply for Medicine (an even roll")
    assert "Mend Any Calamity in a town or fort" in mends
    assert by_when.startswith("Now")
    act(state, 1, {"type": "measles", "choice": "medicine"})  # as said: only Player 3 loses one
    assert [p["members"] for p in state["players"]] == [4, 4, 3]


def test_classic_measles_without_supplies_costs_the_next_turn():
    state = blank("classic", players=3)
    events = send(state, "measles", victim=2)
    does, _mends, by_when = explained(state, events, seat=2)
    assert does.startswith("You lose your next turn (your other calamities count down through it).")
    assert by_when == "No count-down: it stays a danger until it is mended."


# -- the count-downs -------------------------------------------------------------------------------
def test_revised_broken_axle_must_be_mended_by_the_end_of_the_next_turn_or_the_party_dies():
    state = blank("revised", players=2)
    events = send(state, "broken_axle", 1, 2)  # rolls 2: it sticks
    does, mends, by_when = explained(state, events)
    assert does.startswith("Your wagon cannot forge new trail until it is mended")
    assert mends.startswith("Spare Parts (one action)")
    assert by_when == (
        "Mend it by the end of your next turn (1 turn left to mend): unmended, your whole party dies and you are "
        "out of the race."
    )
    assert cal(state, 1, "broken_axle")["deadline"] == 1
    end_turns(state, 0, 1)  # as said: unmended at the end of the next turn, the party dies
    assert not state["players"][1]["alive"]


def test_a_broken_part_shrugged_off_does_nothing():
    state = blank("revised", players=2)
    events = send(state, "broken_wheel", 1, 5)
    assert explained(state, events) == ["No effect: it is discarded.", "Nothing to mend.", "Nothing to do: it is over."]


def test_only_a_hit_that_changes_something_matters():
    # a broken part shrugged off (4-6) is discarded with no effect: no news of its own
    state = blank("revised", players=2)
    ev = next(e for e in send(state, "broken_wheel", 1, 5) if e["type"] == "calamity")
    assert ENGINE.hit_matters(state, ev, 1) is False
    # starvation leaves two turns to mend it with food
    state = blank("revised", players=2)
    ev = next(e for e in send(state, "starvation") if e["type"] == "calamity")
    assert ENGINE.hit_matters(state, ev, 1) is True


@pytest.mark.parametrize("members", [4, 2])
def test_classic_count_downs_are_turns_times_wagon_members_and_match_the_state(members):
    state = blank("classic", players=3)
    state["players"][2]["members"] = members
    events = send(state, "starvation", victim=2)  # two rounds of play: 2 x members turns
    deadline = cal(state, 2, "starvation")["deadline"]
    assert deadline == 2 * members
    does, mends, by_when = explained(state, events, seat=2)
    assert does == "Unmended in time, it costs you a wagon member (and is discarded)."
    assert mends.startswith("Food (your turn's action)") and "Mend Any Calamity in a town or fort" in mends
    assert by_when == (
        f"Mend it within your next {deadline} turns ({deadline} turns left to mend): unmended, you lose a wagon "
        "member. Turns you lose count too."
    )


def test_classic_count_down_of_a_victim_whose_turn_has_begun_includes_this_turn():
    state = blank("classic", players=2)
    events = send(state, "extreme_cold")  # the sender's one action ends the turn: the victim's begins
    assert ENGINE.to_act(state) == [1] and cal(state, 1, "extreme_cold")["deadline"] == 4
    _does, mends, by_when = explained(state, events)
    assert mends.startswith("Clothes (your turn's action)")
    assert by_when.startswith("Mend it within 4 turns of yours, this one included (4 turns left to mend)")
    for _ in range(3):
        end_turns(state, 1, 0)
    assert state["players"][1]["members"] == 4
    end_turns(state, 1)  # the fourth of the victim's turns ends: the member is lost, as said
    assert state["players"][1]["members"] == 3


def test_revised_starvation_gives_two_turns():
    state = blank("revised", players=2)
    events = send(state, "starvation")
    assert explained(state, events)[2].startswith("Mend it within your next 2 turns (2 turns left to mend)")


def test_typhoid_needs_clean_water_and_medicine():
    state = blank("revised", players=2)
    events = send(state, "typhoid")
    assert explained(state, events)[1].startswith("Clean Water and Medicine (one action)")


# -- the pairs --------------------------------------------------------------------------------------
def test_dormant_grass_waits_and_only_a_town_removes_it():
    state = blank("revised", players=3)
    events = send(state, "inadequate_grass")
    does, mends, by_when = explained(state, events)
    assert does.startswith("No effect for now. If the other copy is played on anyone")
    assert mends.startswith("No supply mends it: only a town's remove-a-calamity") and "Oxen mend it" in mends
    assert by_when.startswith("No count-down while it waits for the other copy.")
    assert "until the end of your next turn to replace the oxen" in by_when


def test_the_second_grass_kills_the_holders_oxen_too_with_a_count_down():
    state = blank("revised", players=3)
    give_calamity(state, 2, "inadequate_grass")
    events = send(state, "inadequate_grass")
    # the earlier holder is hit by the pairing, the receiver by the calamity itself
    for seat, type_ in ((2, "oxen_died"), (1, "calamity")):
        does, mends, by_when = explained(state, events, seat=seat, type_=type_)
        assert does.startswith("Your oxen are dead: your wagon cannot forge new trail")
        assert mends.startswith("Oxen (one action)")
        assert by_when.startswith("Mend it by the end of your next turn (1 turn left to mend)")


def test_the_second_cholera_costs_the_holder_a_member():
    state = blank("classic", players=3)
    give_calamity(state, 2, "cholera")
    events = send(state, "cholera")
    does, mends, by_when = explained(state, events, seat=2, type_="pair_struck")
    assert does.startswith("Your unmended copy struck with the new one: you lose a wagon member")
    assert "You have 3 wagon members left" in does
    assert (mends, by_when) == ("Nothing: the loss cannot be undone.", "Nothing to do: it is over.")


def test_dormant_cholera_needs_two_medicine():
    state = blank("revised", players=2)
    events = send(state, "cholera")
    does, mends, by_when = explained(state, events)
    assert does.startswith("No effect for now.") and mends.startswith("Two Medicine (one action)")
    assert by_when == "No count-down: it strikes only when the other copy is played. Mend it before that."


# -- at once, lost turns, thieves and hunters ---------------------------------------------------------
@pytest.mark.parametrize("ruleset", ["revised", "classic"])
def test_dysentery_strikes_at_once_and_nothing_mends_it(ruleset):
    state = blank(ruleset, players=3)
    events = send(state, "dysentery", victim=2)
    does, mends, by_when = explained(state, events, seat=2)
    assert does.startswith("It struck at once. You have 3 wagon members left")
    assert mends == (
        "Nothing: it cannot be mended, not even in a town." if ruleset == "classic" else "Nothing: it cannot be mended."
    )
    assert by_when == "Nothing to do: it is over."


def test_revised_broken_arm_takes_an_action_from_each_of_two_turns():
    state = blank("revised", players=2)
    events = send(state, "broken_arm")
    does, mends, by_when = explained(state, events)
    assert does == "One action fewer on each of your next two turns."
    assert mends.startswith("No supply mends it: only a town's remove-a-calamity")
    assert by_when == "It lasts your next 2 turns, then it is discarded."
    end_turns(state, 0)
    assert state["actions_left"] == 3


def test_classic_broken_arm_takes_two_whole_turns_and_nothing_mends_it():
    state = blank("classic", players=3)
    events = send(state, "broken_arm", victim=2)
    does, mends, by_when = explained(state, events, seat=2)
    assert does.startswith("You lose your next two turns: no action at all, not even fording a river.")
    assert mends == "Nothing: it wears off once the lost turns are over."
    assert by_when == "It is over after those lost turns."


@pytest.mark.parametrize(
    ("variant", "stop"),
    [
        ("cancel", "unless you discard your Bullets: then they get nothing."),
        ("keep_bullets", "unless you show your Bullets: then they get nothing, and you keep the Bullets."),
        ("thief_dies", "unless you discard your Bullets: then they get nothing, and Player 1 loses a wagon member."),
    ],
)
def test_classic_thief_with_bullets_says_what_the_bullets_do_in_each_variant(variant, stop):
    state = blank("classic", players=2, classic_thief=variant)
    give_supplies(state, 1, "bullets", "food")
    events = send(state, "thief")
    does, _mends, by_when = explained(state, events)
    assert does == f"Player 1 draws one of your supplies at random, {stop}"
    assert by_when.startswith("Now")
    if variant == "thief_dies":  # the thief is told what it cost them
        events = act(state, 1, {"type": "bullets", "use": True})
        does, _, _ = explained(state, events, seat=0, type_="theft_stopped")
        assert does.startswith("The theft gets you nothing, and it cost you a wagon member. You have 3")


def test_revised_thief_without_bullets_takes_a_supply():
    state = blank("revised", players=2)
    give_supplies(state, 1, "food", "oxen")
    events = send(state, "thief")
    does, mends, _ = explained(state, events)
    assert does == "Player 1 draws one of your supplies at random, if you hold any: you hold 1 supply card now."
    assert mends.startswith("Nothing brings a stolen supply back")


def test_revised_thief_turned_around_asks_the_thief_in_turn():
    state = blank("revised", players=2)
    give_supplies(state, 1, "bullets", "food")
    give_supplies(state, 0, "bullets")
    send(state, "thief")
    events = act(state, 1, {"type": "bullets", "use": True})
    does, mends, by_when = explained(state, events, seat=0, type_="theft_reversed")
    assert does.startswith("Player 2 draws one of your supplies at random, unless you fire Bullets")
    assert mends == "Bullets: discard them now to turn the theft around." and by_when.startswith("Now")


@pytest.mark.parametrize("ruleset", ["revised", "classic"])
def test_hunting_with_bullets_offers_food(ruleset):
    state = blank(ruleset, players=2)
    give_supplies(state, 1, "bullets")
    events = send(state, "hunting")
    does, mends, by_when = explained(state, events)
    if ruleset == "revised":
        assert does.startswith("No harm. If you discard Bullets, you keep this card as a Food supply")
    else:
        assert does.startswith("No harm. If you discard Bullets, you take a Food supply from the supply discard")
    assert mends == "Nothing to mend." and by_when.startswith("Now")


def test_hunting_without_bullets_does_nothing():
    state = blank("revised", players=2)
    events = send(state, "hunting")
    assert explained(state, events)[0] == "No effect: you hold no Bullets to hunt with."


def test_classic_hunting_with_no_food_to_be_had_says_the_bullets_stay():
    state = blank("classic", players=3)
    no_food_to_hunt(state)
    give_supplies(state, 1, "bullets")
    events = send(state, "hunting")
    assert explained(state, events) == [
        "No effect: there is no Food in the supply discard or the deck to hunt, so you keep your Bullets.",
        "Nothing to mend.",
        "Nothing to do: it is over.",
    ]


def test_a_drowned_member_is_explained():
    state = blank("revised", players=2)
    lay_length(state, 0, 2)
    cid = give_hand(state, 0, "river_drown", "middle")
    set_draws(state, 1)
    events = act(state, 0, {"type": "forge", "card": cid, "turned": False})
    does, mends, by_when = explained(state, events, seat=0, type_="member_died")
    assert does == "You have 3 wagon members left, and each turn you start gives one action per member."
    assert mends == "Nothing: a lost wagon member does not come back."


def test_events_that_hit_nobody_or_another_seat_explain_nothing():
    state = blank("revised", players=3)
    events = send(state, "starvation")
    ev = next(e for e in events if e["type"] == "calamity")
    assert ENGINE.explain_hit(state, ev, 2) == []  # not its victim
    assert ENGINE.explain_hit(state, {"type": "turn_ended", "seat": 0, "public": {"text": "x"}}, 0) == []


def test_explaining_changes_nothing():
    state = blank("revised", players=2)
    events = send(state, "bad_water")
    before = repr(state)
    explained(state, events)
    assert repr(state) == before


# -- what only the mover reads -----------------------------------------------------------------------
def test_a_scout_reads_the_card_drawn_in_the_private_text():
    state = blank("revised", players=2)
    stack = state["trail_deck"][-1]
    [ev] = act(state, 0, {"type": "scout"})
    assert set(ev["private"]) == {"0"} and ev["private"]["0"]["card"] == stack
    text = ev["private"]["0"]["text"]
    assert text.startswith("You draw ") and text.endswith(".")
    assert stack not in ev["public"]["text"] and "draw" not in ev["public"]["text"]


def test_classic_buying_tells_the_buyer_the_supply():
    state = blank("classic", players=2)
    [ev] = act(state, 0, {"type": "buy"})
    [kind] = ev["private"]["0"]["supply"]
    assert ev["private"]["0"]["text"] == f"You get {SUPPLY_NAMES[kind]}."
    assert set(ev["private"]) == {"0"}


def test_a_count_down_that_runs_out_in_a_lost_turn_within_the_move_is_told_as_struck():
    state = blank("revised", players=2)
    state["players"][1]["members"] = 2
    give_calamity(state, 1, "broken_arm", fewer=2)
    give_calamity(state, 1, "measles", fewer=1)  # two actions fewer: the victim's next turn is lost
    state["actions_left"] = 1  # the victim choice is the sender's last action: the turn passes on
    events = send(state, "typhoid")
    assert "turn_lost" in [e["type"] for e in events] and state["players"][1]["members"] == 1
    does, mends, by_when = explained(state, events)
    assert does.startswith("Its count-down ran out before you could act, in a turn you lost: you lose a wagon member")
    assert "You have 1 wagon member left" in does
    assert (mends, by_when) == ("Nothing: the loss cannot be undone.", "Nothing to do: it is over.")


def _hit_places(state, events, seat, type_):
    ev = next(e for e in events if e["type"] == type_ and seat in (e.get("audience") or ()))
    return ENGINE.hit_places(state, seat, ev, None)


def test_hit_places_name_the_calamity_card_on_the_victims_trail_and_the_kind_a_thief_took():
    """Engine.hit_places (#24): the page marks the exact card that hit the player, not their area."""
    state = blank("revised", players=3)
    give_calamity(state, 2, "inadequate_grass")
    events = send(state, "inadequate_grass")
    assert _hit_places(state, events, 1, "calamity") == [f"cal:{cal(state, 1, 'inadequate_grass')['card']}"]
    assert _hit_places(state, events, 2, "oxen_died") == [f"cal:{cal(state, 2, 'inadequate_grass')['card']}"]
    ev = next(e for e in events if e["type"] == "calamity")
    assert ENGINE.hit_places(state, 0, ev, None) == []  # the sender was not hit

    state = blank("revised", players=2)
    give_supplies(state, 1, "food", "food", "oxen")
    events = send(state, "thief")
    ev = next(e for e in events if e["type"] == "theft")
    took = ev["private"]["1"]["supply"]
    # a food taken leaves a food to mark; the one oxen taken leaves nothing of its kind
    assert ENGINE.hit_places(state, 1, ev, None) == (["mine:food"] if took == "food" else [])


# -- precise positions, one text each ----------------------------------------------------------------
def _sent(rec, victim, by=0):
    """The event of a calamity card sent to `victim` (as calamities.draw_calamity logs it)."""
    return {
        "type": "calamity",
        "seat": by,
        "public": {"calamity": rec["kind"], "victim": victim, "by": by, "card": rec["card"], "text": "x"},
        "audience": [victim],
    }


def test_a_count_down_read_in_the_holders_own_turn_counts_this_turn():
    """_by_when in the holder's turn: a count-down already running counts this turn (1: by its
    end; more: this one included); one received in this turn starts after it (rulings: a calamity
    received on your own turn does not count that turn)."""
    state = blank("revised", players=2)
    rec = give_calamity(state, 0, "starvation", deadline=1)
    assert ENGINE.explain_hit(state, _sent(rec, 0, by=1), 0)[2] == (
        "Mend it by the end of this turn, yours now (1 turn left to mend): unmended, you lose a wagon member."
    )
    rec["deadline"] = 2
    assert ENGINE.explain_hit(state, _sent(rec, 0, by=1), 0)[2] == (
        "Mend it within 2 turns of yours, this one included (2 turns left to mend): unmended, you lose a wagon member."
    )
    rec["fresh"] = True
    assert ENGINE.explain_hit(state, _sent(rec, 0, by=1), 0)[2] == (
        "Mend it within your next 2 turns (2 turns left to mend; this turn does not count): unmended, you lose a "
        "wagon member."
    )
    rec["deadline"] = 1
    assert ENGINE.explain_hit(state, _sent(rec, 0, by=1), 0)[2] == (
        "Mend it by the end of your next turn (1 turn left to mend; this turn does not count): unmended, you lose "
        "a wagon member."
    )
    state["result"] = {"winners": [1], "ranking": [1, 0], "reason": "x"}  # over: nothing to explain
    assert ENGINE.explain_hit(state, _sent(rec, 0, by=1), 0) == []


def test_a_seat_outside_the_game_is_explained_nothing():
    state = blank("revised", players=2)
    rec = give_calamity(state, 1, "starvation", deadline=2)
    assert ENGINE.explain_hit(state, _sent(rec, 2), 2) == []
    assert ENGINE.explain_hit(state, _sent(rec, -1), -1) == []
    assert len(ENGINE.explain_hit(state, _sent(rec, 1), 1)) == 3


@pytest.mark.parametrize(
    ("kind", "told"),
    [
        ("calamity", True),
        ("member_died", True),
        ("calamity_expired", True),
        ("player_out", True),
        ("pair_struck", True),
        ("theft_stopped", True),
        ("theft", False),
        ("oxen_died", False),
    ],
)
def test_a_dead_party_is_told_it_is_out_by_what_killed_it(kind, told):
    """A wagon whose party has died reads that it is out, for the hits that can kill or touch it;
    nothing for the others."""
    state = blank("revised", players=3)
    state["players"][1].update(alive=False, members=0)
    ev = {"type": kind, "seat": 0, "public": {"text": "x", "calamity": "typhoid", "victim": 1}, "audience": [1]}
    expected = [
        "Your whole party has died: you are out of the race.",
        "Nothing: the dead do not come back.",
        "Nothing to do: it is over.",
    ]
    assert ENGINE.explain_hit(state, ev, 1) == (expected if told else [])


def test_a_calamity_event_without_a_kind_or_for_another_victim_explains_nothing():
    state = blank("revised", players=3)
    rec = give_calamity(state, 1, "starvation", deadline=2)
    ev = _sent(rec, 1)
    del ev["public"]["calamity"]
    assert ENGINE.explain_hit(state, ev, 1) == []
    assert ENGINE.explain_hit(state, _sent(rec, 2), 1) == []


def test_the_receiver_of_a_cholera_that_struck_at_once_is_told_the_loss():
    """Rules: the second cholera played while the first is unmended strikes both holders at once,
    both cards discarded: the receiver reads the loss, not that it was mended or discarded."""
    state = blank("classic", players=3)
    give_calamity(state, 2, "cholera")
    events = send(state, "cholera")
    does, mends, by_when = explained(state, events)
    assert does == (
        "The other copy was still unmended in front of someone, so it struck at once: you lost a wagon member (two "
        "if you held the other copy) and both cards are discarded. You have 3 wagon members left; the count-downs "
        "of calamities you receive from now on are shorter (turns times wagon members)."
    )
    assert (mends, by_when) == ("Nothing: the loss cannot be undone.", "Nothing to do: it is over.")


def test_a_calamity_gone_from_the_table_by_the_end_of_the_move_says_so():
    """A broken arm whose lost turns passed within the move has worn off; a pair card no longer in
    front of its receiver has been discarded."""
    state = blank("classic", players=2)
    arm = {"card": stack_calamity(state, "broken_arm"), "kind": "broken_arm"}
    assert ENGINE.explain_hit(state, _sent(arm, 1), 1) == [
        "It has worn off already: the turns it cost you are over.",
        "Nothing to mend.",
        "Nothing to do: it is over.",
    ]
    grass = {"card": stack_calamity(state, "inadequate_grass"), "kind": "inadequate_grass"}
    assert ENGINE.explain_hit(state, _sent(grass, 1), 1) == [
        "It is no longer in front of you: it has been discarded.",
        "Nothing to mend.",
        "Nothing to do: it is over.",
    ]


def test_a_member_lost_in_classic_shortens_later_count_downs():
    """Classic count-downs are turns times wagon members: a wagon left with one member is told so."""
    state = blank("classic", players=2)
    state["players"][1]["members"] = 1
    ev = {"type": "member_died", "seat": 1, "public": {"text": "x"}, "audience": [1]}
    assert ENGINE.explain_hit(state, ev, 1) == [
        "You have 1 wagon member left; the count-downs of calamities you receive from now on are shorter (turns "
        "times wagon members).",
        "Nothing: a lost wagon member does not come back.",
        "Nothing to do: it is over.",
    ]


def test_a_theft_turned_around_onto_a_thief_without_bullets_takes_from_the_thief():
    """Revised thief: the victim fires bullets, and the thief, holding none, loses a supply at random."""
    state = blank("revised", players=2)
    give_supplies(state, 1, "bullets", "food")
    give_supplies(state, 0, "oxen", "oxen")
    send(state, "thief")
    events = act(state, 1, {"type": "bullets", "use": True})
    assert explained(state, events, seat=0, type_="theft_reversed") == [
        "Player 2 draws one of your supplies at random instead, if you hold any: you hold 1 supply card now.",
        "Nothing brings a stolen supply back.",
        "Nothing to do: it is over.",
    ]
    assert explained(state, events, seat=0, type_="theft") == [
        "You lose the supply: you hold 1 supply card now.",
        "Nothing brings a stolen supply back.",
        "Nothing to do: it is over.",
    ]


def test_a_classic_theft_stopped_costs_the_thief_nothing_unless_thieves_die():
    state = blank("classic", players=2)
    give_supplies(state, 1, "bullets", "food")
    send(state, "thief")
    events = act(state, 1, {"type": "bullets", "use": True})
    assert explained(state, events, seat=0, type_="theft_stopped") == [
        "The theft gets you nothing.",
        "Nothing to mend.",
        "Nothing to do: it is over.",
    ]


def test_classic_measles_taken_is_mended_on_a_turn_after_the_lost_one():
    """Classic measles: the turn after receiving it is lost; Medicine mends it on any later turn."""
    state = blank("classic", players=2)
    rec = give_calamity(state, 1, "measles", skip=1)
    does, mends, by_when = ENGINE.explain_hit(state, _sent(rec, 1), 1)
    assert does.startswith("You lose your next turn (your other calamities count down through it). While it stays")
    assert mends.startswith("On any turn after the lost one: Medicine (your turn's action), or trade another supply")
    assert mends.endswith(
        "or Mend Any Calamity in a town or fort you stand in (Independence and Willamette Valley too)."
    )
    rec["skip"] = 0
    does, _, _ = ENGINE.explain_hit(state, _sent(rec, 1), 1)
    assert does.startswith("It has cost you a turn already. While it stays unmended")


def test_dormant_bad_water_is_mended_by_clean_water_until_the_oxen_die_then_by_oxen():
    """A dormant Bad Water: Clean Water mends it; once its oxen are dead, Oxen instead (and the
    holder has until its next turn's end, revised)."""
    state = blank("revised", players=2)
    rec = give_calamity(state, 1, "bad_water")
    does, mends, by_when = ENGINE.explain_hit(state, _sent(rec, 1), 1)
    assert mends == (
        "Clean Water (one action), or trade another supply for what you lack (an even roll mends it; on an odd "
        "roll the traded supply is lost, and you may try again); or a town's remove-a-calamity (at a town you "
        "stand at, or by placing a town card from your hand). Once your oxen are dead, Oxen mend it instead."
    )
    rec.update(oxen_dead=True, deadline=1)
    does, mends, by_when = ENGINE.explain_hit(state, _sent(rec, 1), 1)
    assert mends.startswith("Oxen (one action), or trade") and mends.endswith("placing a town card from your hand).")


def test_classic_dormant_grass_gives_as_many_turns_as_members_once_the_oxen_die():
    state = blank("classic", players=2)
    state["players"][1]["members"] = 3
    rec = give_calamity(state, 1, "inadequate_grass")
    assert ENGINE.explain_hit(state, _sent(rec, 1), 1)[2] == (
        "No count-down while it waits for the other copy. Once your oxen die, you will have as many turns as wagon "
        "members (now 3) to replace the oxen, or the whole party dies."
    )


def test_revised_measles_in_the_turn_it_takes_an_action_from():
    """Revised measles: the turn after receiving it has one action fewer, given back if Medicine
    mends it in that turn; after that, no count-down."""
    state = blank("revised", players=2)
    rec = give_calamity(state, 0, "measles", penalty_now=True)
    does, _, by_when = ENGINE.explain_hit(state, _sent(rec, 0, by=1), 0)
    assert does.startswith(
        "This turn has one action fewer, unless you mend it with Medicine in it: then the action comes back. While"
    )
    assert by_when == (
        "Mend it this turn to get its action back. After that there is no count-down, but it stays a danger until "
        "mended."
    )
    del rec["penalty_now"]
    does, _, by_when = ENGINE.explain_hit(state, _sent(rec, 0, by=1), 0)
    assert does.startswith("While it stays unmended, if the other copy is played on anyone, you and that player")
    assert by_when == "No count-down: it stays a danger until it is mended."


def test_revised_broken_arm_read_in_its_first_turn_and_before_its_second():
    """Revised broken arm: one action fewer on each of the next two turns, then discarded."""
    state = blank("revised", players=2)
    rec = give_calamity(state, 0, "broken_arm", fewer=1)  # its first turn is being played
    does, _, by_when = ENGINE.explain_hit(state, _sent(rec, 0, by=1), 0)
    assert does == "This turn has one action fewer, and so will your next."
    assert by_when == "It lasts this turn and your next, then it is discarded."
    state["turn"] = 1  # that turn over: one turn of one action fewer left
    does, _, by_when = ENGINE.explain_hit(state, _sent(rec, 0, by=1), 0)
    assert does == "One action fewer on your next turn."
    assert by_when == "It lasts your next 1 turn, then it is discarded."


def test_classic_broken_arm_after_its_first_lost_turn():
    state = blank("classic", players=2)
    rec = give_calamity(state, 1, "broken_arm", skip=1)
    does, mends, by_when = ENGINE.explain_hit(state, _sent(rec, 1), 1)
    assert does == (
        "You lose your next turn too (one is lost already): no action at all, not even fording a river. Your other "
        "calamities count down through it."
    )
    assert by_when == "It is over after that lost turn."


@pytest.mark.parametrize("cards", [2, 3])
def test_dead_oxen_held_twice_read_the_first_to_run_out_and_one_mend(cards):
    """Oxen die only once: with several dead-oxen cards, the one that runs out first (a card
    received this turn counting one more) is told, and one Oxen mends them all."""
    state = blank("revised", players=2)
    fresh = give_calamity(state, 0, "inadequate_grass", deadline=1, oxen_dead=True, fresh=True)
    give_calamity(state, 0, "bad_water", deadline=1, oxen_dead=True)
    if cards == 3:
        give_calamity(state, 0, "dead_oxen", deadline=2)
    does, mends, by_when = ENGINE.explain_hit(state, _sent(fresh, 0, by=1), 0)
    assert does.startswith("Your oxen are dead: your wagon cannot forge new trail")
    both = "both your dead-oxen cards" if cards == 2 else "all 3 of your dead-oxen cards"
    assert mends.endswith(f"placing a town card from your hand). Oxen die only once: one mend cures {both}.")
    assert by_when.startswith("Mend it by the end of this turn, yours now (1 turn left to mend)")
    ev = {"type": "oxen_died", "seat": 1, "public": {"text": "x"}, "audience": [0]}
    assert ENGINE.explain_hit(state, ev, 0)[2] == by_when
    assert ENGINE.explain_hit(blank("revised", players=2), ev, 0) == []  # no oxen dead: nothing


def test_only_a_hit_without_effect_and_over_does_not_matter():
    """hit_matters: an event with nothing to explain still matters (the notice reads as before); a
    calamity that struck and is over matters; one shrugged off does not."""
    state = blank("revised", players=2)
    assert ENGINE.hit_matters(state, {"type": "turn_ended", "seat": 0, "public": {"text": "x"}}, 1) is True
    events = send(state, "dysentery")
    assert ENGINE.hit_matters(state, next(e for e in events if e["type"] == "calamity"), 1) is True
    state = blank("revised", players=2)
    events = send(state, "hunting")
    assert ENGINE.hit_matters(state, next(e for e in events if e["type"] == "calamity"), 1) is False


def test_classic_measles_to_answer_with_no_other_copy_or_the_other_copy_held():
    """Classic measles, before the victim answers: with no other copy unmended, taking it costs the
    next turn (another calamity in play changes nothing); holding the other copy, taking it costs
    two members and avoiding it one. Medicine avoids it now, or mends it after the lost turn."""
    state = blank("classic", players=3)
    give_supplies(state, 1, "medicine")  # something to answer with: the victim is asked
    give_calamity(state, 0, "starvation", deadline=4)
    events = send(state, "measles")
    does, mends, by_when = explained(state, events)
    assert does == (
        "If you take it, you lose your next turn. While it stays unmended, if the other copy is played on anyone, "
        "you lose a wagon member, and so does that player unless they avoid it with Medicine; both cards are "
        "discarded."
    )
    assert mends == (
        "Avoid it now: discard Medicine, or trade another supply for Medicine (an even roll; on an odd roll the "
        "traded supply is lost, and you may try again). Once taken, it is mended with Medicine on any turn after "
        "the lost one, or with Mend Any Calamity in a town or fort you stand in (Independence and Willamette "
        "Valley too)."
    )
    assert by_when == "Now: your answer is needed before play goes on."
    state = blank("classic", players=3)
    give_supplies(state, 1, "medicine")
    give_calamity(state, 1, "measles", skip=0)
    events = send(state, "measles")
    assert explained(state, events)[0] == (
        "You hold the other copy, unmended: take this one and you lose two wagon members; avoid it and you lose "
        "one. Both cards are discarded either way."
    )


def test_revised_hunting_and_thief_answers_read_whole():
    """Revised: bullets spent on a hunt keep the Hunting card as Food; bullets fired at a thief turn
    the theft around, and the thief may fire back."""
    state = blank("revised", players=2)
    give_supplies(state, 1, "bullets")
    assert explained(state, send(state, "hunting"))[0] == (
        "No harm. If you discard Bullets, you keep this card as a Food supply (once used, it goes to the calamity "
        "discard)."
    )
    state = blank("revised", players=2)
    give_supplies(state, 1, "bullets")
    assert explained(state, send(state, "thief"))[:2] == [
        "Player 1 draws one of your supplies at random, unless you fire Bullets: discarding them turns the theft "
        "around, and you draw one of Player 1's at random instead (they may fire Bullets back).",
        "Bullets: discard them now to turn the theft around.",
    ]


@pytest.mark.parametrize(
    ("variant", "how"),
    [
        ("cancel", "Bullets: discard them now and the thief gets nothing."),
        ("keep_bullets", "Bullets: show them now and the thief gets nothing."),
        ("thief_dies", "Bullets: discard them now and the thief gets nothing (and is shot)."),
    ],
)
def test_classic_thief_says_how_to_answer_in_each_variant(variant, how):
    state = blank("classic", players=2, classic_thief=variant)
    give_supplies(state, 1, "bullets")
    assert explained(state, send(state, "thief"))[1] == how


def test_dormant_grass_and_bad_water_read_whole():
    """Dormant Inadequate Grass: no supply mends it, Oxen as well once the oxen die; dormant Bad
    Water (revised): no count-down, then until the end of the next turn once the oxen die."""
    state = blank("revised", players=2)
    grass = give_calamity(state, 1, "inadequate_grass")
    water = give_calamity(state, 1, "bad_water")
    assert ENGINE.explain_hit(state, _sent(grass, 1), 1)[1] == (
        "No supply mends it: only a town's remove-a-calamity (at a town you stand at, or by placing a town card "
        "from your hand) removes it. Once your oxen are dead, Oxen mend it as well."
    )
    assert ENGINE.explain_hit(state, _sent(water, 1), 1)[2] == (
        "No count-down while it waits for the other copy. Once your oxen die, you will have until the end of your "
        "next turn to replace the oxen, or the whole party dies."
    )


def test_one_dead_oxen_card_and_other_calamities_beside_dead_oxen():
    """One dead-oxen card: no word of curing several. Another calamity beside two dead-oxen cards is
    explained for itself, however near its own count-down; the oxen are told by the dead-oxen card
    that runs out first (a card received this turn counting one more, the lower card on a tie)."""
    state = blank("revised", players=2)
    give_calamity(state, 0, "starvation", deadline=1)
    fresh = give_calamity(state, 0, "inadequate_grass", deadline=1, oxen_dead=True, fresh=True)
    oxen_mend = (
        "Oxen (one action), or trade another supply for what you lack (an even roll mends it; on an odd roll the "
        "traded supply is lost, and you may try again); or a town's remove-a-calamity (at a town you stand at, or "
        "by placing a town card from your hand)."
    )
    assert ENGINE.explain_hit(state, _sent(fresh, 0, by=1), 0)[1:] == [
        oxen_mend,
        "Mend it by the end of your next turn (1 turn left to mend; this turn does not count): unmended, your whole "
        "party dies and you are out of the race.",
    ]
    water = give_calamity(state, 0, "bad_water", deadline=2, oxen_dead=True)
    assert fresh["card"] < water["card"]  # a tie (1 + 1 and 2): the lower card tells
    does, mends, by_when = ENGINE.explain_hit(state, _sent(water, 0, by=1), 0)
    assert mends == oxen_mend + " Oxen die only once: one mend cures both your dead-oxen cards."
    assert by_when.startswith("Mend it by the end of your next turn (1 turn left to mend; this turn does not count)")
    ev = {"type": "oxen_died", "seat": 1, "public": {"text": "x"}, "audience": [0]}
    assert ENGINE.explain_hit(state, ev, 0)[2] == by_when
    starving = state["players"][0]["calamities"][0]
    assert ENGINE.explain_hit(state, _sent(starving, 0, by=1), 0) == [
        "Unmended in time, it costs you a wagon member (and is discarded).",
        "Food (one action), or trade another supply for what you lack (an even roll mends it; on an odd roll the "
        "traded supply is lost, and you may try again); or a town's remove-a-calamity (at a town you stand at, or "
        "by placing a town card from your hand).",
        "Mend it by the end of this turn, yours now (1 turn left to mend): unmended, you lose a wagon member.",
    ]


def test_revised_measles_before_the_turn_it_takes_an_action_from():
    state = blank("revised", players=2)
    rec = give_calamity(state, 1, "measles", fewer=1)
    assert ENGINE.explain_hit(state, _sent(rec, 1), 1)[2] == (
        "Mend it on your next turn to keep that turn's actions whole. After that there is no count-down, but it "
        "stays a danger until mended."
    )
