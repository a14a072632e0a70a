"""What each calamity tells the table as it strikes: who sent what to whom, the victim's roll, the
pairs that come up, the theft (which supply only the two players read) and the victims' answers.
The rules texts make each a public act (a card revealed, a die rolled) but the stolen supply."""

from .helpers import act, blank, give_calamity, give_hand, give_supplies, lay_length, logged, set_draws
from .test_calamities import send


def _sent(kind, name, card, victim=1, by=0):
    return logged(
        "calamity",
        by,
        f"Player {by + 1} sends {name} to Player {victim + 1}.",
        audience=[victim],
        calamity=kind,
        victim=victim,
        by=by,
        card=card,
    )


def test_broken_part_roll_is_told_shrugged_off_or_stopping_the_wagon():
    """Revised calamity details: "Broken tongue / axle / wheel: roll at once on receipt; 4-6
    discards it. On 1-3 you cannot forge new trail until it is mended"."""
    state = blank(players=2)
    events = send(state, "broken_axle", 1, 5)
    card = events[0]["public"]["card"]
    assert events == [
        _sent("broken_axle", "Broken Axle", card),
        logged("calamity_avoided", 1, "Player 2 rolls 5: the Broken Axle is shrugged off.", audience=[1], roll=5),
    ]
    state = blank(players=2)
    events = send(state, "broken_wheel", 1, 2)
    assert events[1:] == [
        logged("calamity_received", 1, "Player 2 rolls 2: a Broken Wheel stops the wagon.", audience=[1], roll=2)
    ]


def test_second_bad_water_tells_both_holders_their_oxen_die():
    """ "Bad water: as inadequate grass ...": "then both holders have dead oxen"."""
    state = blank(players=3)
    give_calamity(state, 2, "bad_water")
    events = send(state, "bad_water", 1)
    assert events[1:] == [
        logged("oxen_died", 1, "The second Bad Water comes up: the oxen of Player 3 and Player 2 die.", audience=[1, 2])
    ]


def test_second_cholera_tells_the_pair_and_each_member_lost():
    """ "Cholera: no effect until the other copy comes up; then each unmended holder and the
    receiver lose a member; both discarded"."""
    state = blank(players=3)
    give_calamity(state, 2, "cholera")
    events = send(state, "cholera", 1)
    assert events[1:] == [
        logged("pair_struck", 1, "The second Cholera comes up while Player 3 still has the first.", audience=[1, 2]),
        logged(
            "member_died",
            2,
            "Player 3 loses 1 wagon member (Cholera); 3 left.",
            audience=[2],
            victim=2,
            count=1,
            cause="Cholera",
            members_left=3,
        ),
        logged(
            "member_died",
            1,
            "Player 2 loses 1 wagon member (Cholera); 3 left.",
            audience=[1],
            victim=1,
            count=1,
            cause="Cholera",
            members_left=3,
        ),
    ]


def test_revised_thief_turned_around_tells_the_thief_and_who_read_which_supply():
    """ "if the victim of thieving has bullets, they can discard those and turn the direction of
    thieving around": the supply taken is read by the two players only."""
    state = blank(players=2)
    give_supplies(state, 1, "bullets", "food")
    give_supplies(state, 0, "oxen")
    send(state, "thief", 1)
    events = act(state, 1, {"type": "bullets", "use": True})
    assert events == [
        logged("theft_reversed", 1, "Player 2 fires bullets and turns the theft around.", audience=[0]),
        logged(
            "theft",
            1,
            "Player 2 steals a supply from Player 1.",
            audience=[0],
            private={
                "1": {"supply": "oxen", "text": "You take Oxen."},
                "0": {"supply": "oxen", "text": "You lose Oxen."},
            },
        ),
    ]


def test_thief_with_nothing_to_take_says_so():
    """ "the player who played it draws one of the victim's supplies at random": with none, none."""
    state = blank(players=2)
    events = send(state, "thief", 1)
    assert events[1:] == [logged("theft_empty", 0, "Player 1 finds nothing to steal from Player 2.")]


def test_classic_thief_stopped_by_bullets_is_told_to_the_thief():
    """Classic ruling: "bullets cancel the theft (default)"."""
    state = blank("classic", players=2)
    give_supplies(state, 1, "bullets", "food")
    send(state, "thief", 1)
    events = act(state, 1, {"type": "bullets", "use": True})
    assert events[0] == logged("theft_stopped", 1, "Player 2 shows bullets and the thief gets nothing.", audience=[0])


def test_hunting_with_bullets_is_told_to_the_hunter():
    """ "Hunting: the victim may discard bullets to keep this card as a food supply"."""
    state = blank(players=2)
    give_supplies(state, 1, "bullets")
    send(state, "hunting", 1)
    events = act(state, 1, {"type": "bullets", "use": True})
    assert events[0] == logged("hunted", 1, "Player 2 spends bullets on a hunt and gains food.", audience=[1])


def test_classic_measles_answers_are_told():
    """Classic measles: "If you have a medicine supply card (or successfully "trade" for one), then
    you can discard this calamity ... and the trade fails, you can try again"."""
    state = blank("classic", players=2)
    give_supplies(state, 1, "food")
    send(state, "measles", 1)
    set_draws(state, 3)
    events = act(state, 1, {"type": "measles", "choice": "trade", "give": "food"})
    assert events == [logged("trade_failed", 1, "Player 2 rolls 3: the trade for medicine fails.", roll=3)]
    state = blank("classic", players=2)
    give_supplies(state, 1, "medicine")
    send(state, "measles", 1)
    events = act(state, 1, {"type": "measles", "choice": "medicine"})
    assert events[0] == logged("calamity_avoided", 1, "Player 2 avoids the Measles with medicine.", audience=[1])


def test_a_calamity_trigger_with_no_calamity_card_left_does_nothing():
    """Ruling: "Decks refill from their discard piles as the texts say": with the deck and its
    discards both empty nothing can be drawn."""
    state = blank(players=2)
    state["calamity_deck"], state["calamity_discard"] = [], []
    lay_length(state, 0, 2)
    cid = give_hand(state, 0, "trigger", state["players"][0]["trail"][-1]["right"])
    act(state, 0, {"type": "forge", "card": cid, "turned": False})
    events = act(state, 0, {"type": "victim", "seat": 1})
    assert events == [logged("calamity_none", 0, "The calamity deck is empty: nothing happens.")]
    assert state["players"][1]["calamities"] == [] and state["players"][1]["members"] == 4
