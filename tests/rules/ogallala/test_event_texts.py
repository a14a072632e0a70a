"""What the table reads of each Ogallala action: the log lines (who did what, to whom, where) and
what each event shows in public and to its drawer alone, one scenario per action kind."""

from games.rules.ogallala.engine import ENGINE

from .helpers import act, draw, fill_two_display, fresh, lay, place

# what each event type's line says (the first phrase found names the type)
TYPES = [
    ("Game over", "game_over"),
    ("conquers", "attack"),
    ("discards", "discarded"),
    ("sinks", "sunk"),
    ("completes a boat", "boat_completed"),
    ("draws", "draw"),
    ("places", "placed"),
    ("lassoes", "lasso"),
    ("shoots", "arrow"),
    ("takes", "hunt"),
    ("does not use", "pass"),
    ("does not attack", "no_attack"),
    ("plays on", "continue"),
    ("leaves", "left"),
]


def texts(events):
    """Returns the events' log lines; each is the acting seat's (seat 0 throughout), the end of the
    game nobody's, and its type is the one its line tells."""
    assert [e["seat"] for e in events] == [None if e["type"] == "game_over" else 0 for e in events]
    lines = [e["public"]["text"] for e in events]
    assert [e["type"] for e in events] == [next(k for p, k in TYPES if p in line) for line in lines]
    return lines


def test_one_draw_names_the_stack_and_the_card_placed_names_its_space():
    """I: the player "takes up one card (from a deck of his choice)" of the three stacks (README
    rulings: bows and sterns, warriors, booty) and places it on an empty space."""
    s = fresh()
    events = draw(s, 0, "furs")
    assert texts(events) == ["Player 1 draws Furs from the booty stack."]
    assert events[0]["public"]["stack"] == 2 and events[0]["public"]["card"]["kind"] == "furs"
    events = place(s, 0, 1, 4)
    assert texts(events) == ["Player 1 places Furs at row 2, space 5."]
    assert {k: events[0]["public"][k] for k in ("row", "col", "moves")} == {"row": 1, "col": 4, "moves": []}
    assert texts(draw(s, 0, "bow")) == ["Player 1 draws Empty bow from the bows and sterns stack."]
    place(s, 0, 0, 0)
    assert texts(draw(s, 0, "warrior2")) == ["Player 1 draws Two warriors from the warriors stack."]


def test_two_draw_is_from_the_one_stack():
    """II: "The active player takes one card from the stack": no stack is named."""
    s = fresh("II")
    assert texts(draw(s, 0, "bow")) == ["Player 1 draws Empty bow."]


def test_one_suite_move_tells_which_cards_moved_where():
    """I, Special Rule: placed cards of a suite "may move one space each" to complete it."""
    s = fresh()
    lay(s, 0, 0, 3, "bear_front", ".", "bear_rear")
    draw(s, 0, "bear_hunter")
    events = place(s, 0, 0, 2, moves=[[0, 5, 4]])
    assert texts(events) == ["Player 1 places Bear hunter at row 1, space 3 (moving Bear (rear) to space 5)."]
    assert events[0]["public"]["moves"] == [[0, 5, 4]]


def test_a_completed_boat_is_announced_with_its_size_row_and_strength():
    """ "A boat is completed when it has a bow and a stern, with no empty river spaces between
    them"; its combat strength is the sum of its Red Indian cards' numbers."""
    s = fresh()
    lay(s, 0, 2, 4, "bow", "chieftain", "furs")
    draw(s, 0, "stern")
    events = place(s, 0, 2, 7)
    assert texts(events)[1] == "Player 1 completes a boat of 4 cards in row 3 (strength 5)."
    done = events[1]["public"]
    assert (done["row"], done["start"], done["end"], done["strength"]) == (2, 4, 7, 5)


def test_one_card_without_a_space_is_discarded_in_the_open():
    """README ruling: "A drawn card that has no empty space to go to is discarded."."""
    s = fresh()
    lay(s, 0, 0, 0, *["chieftain"] * 8, *["bow_warrior"] * 6)
    lay(s, 0, 1, 0, *["warrior1"] * 7, *["warrior2"] * 7)
    lay(s, 0, 2, 0, *["warrior3"] * 7, *["furs"] * 7)
    draw(s, 0, "tent")
    events = act(s, 0, "discard")
    assert texts(events) == ["Player 1 has no space for Tent and discards it."]
    assert events[0]["public"]["card"]["kind"] == "tent" and not events[0].get("private")


def test_two_card_without_a_space_is_discarded_face_down_and_named_to_its_drawer_only():
    """II: "When a newly-drawn card can not be placed it is discarded face down"."""
    s = fresh("II")
    fill_two_display(s, 0)
    drawn = draw(s, 0, "tent")
    assert texts(drawn) == ["Player 1 draws a card that has no space in their river."]
    assert drawn[0]["public"] == {"card": None, "stack": 0, "text": texts(drawn)[0]}
    assert drawn[0]["private"]["0"]["card"]["kind"] == "tent"
    assert ENGINE.view(s, 0)["keep_drawing"] is False  # "and the next player takes his turn"
    events = act(s, 0, "discard")
    assert texts(events) == ["Player 1 discards the card face down."]
    assert events[0]["public"]["card"] is None
    assert events[0]["private"] == {"0": {"text": "It was Tent."}}


def test_two_archer_without_a_space_is_shown_as_it_is_used():
    """II: the archer "may do this even if he cannot place the Red Indian with Bow and Arrow on
    his own display": the card is used (so seen), then discarded."""
    s = fresh("II")
    for r in range(3):
        lay(s, 0, r, 0, "archer")
    lay(s, 1, 0, 3, "warrior2")
    draw(s, 0, "archer")
    events = act(s, 0, "shoot", target=1, row=0, col=3)
    assert texts(events) == [
        "Player 1 uses Warrior with bow and arrow, which has no space, and discards it face down.",
        "Player 1 shoots Two warriors in Player 2's row 1, space 4.",
    ]
    assert events[0]["public"]["card"]["kind"] == "archer" and not events[0].get("private")
    assert events[1]["public"]["victim"] == 1 and events[1]["public"]["card"]["kind"] == "warrior2"


def test_raids_name_the_card_its_owner_and_its_space():
    """Lasso: "catch one card from an incomplete boat"; bow and arrow: "shoot one Red Indian";
    II hunters "take the corresponding cards from other players' boats"."""
    s = fresh()
    lay(s, 1, 0, 0, "bow", "furs")
    draw(s, 0, "lasso")
    place(s, 0, 0, 5)
    assert texts(act(s, 0, "lasso", target=1, row=0, col=1)) == [
        "Player 1 lassoes Furs from Player 2's row 1, space 2."
    ]
    s = fresh()
    lay(s, 1, 2, 3, "bow", "chieftain")
    draw(s, 0, "archer")
    place(s, 0, 0, 5)
    assert texts(act(s, 0, "shoot", target=1, row=2, col=4)) == [
        "Player 1 shoots Chieftain in Player 2's row 3, space 5."
    ]
    s = fresh("II")
    lay(s, 1, 1, 6, "bear_front")
    draw(s, 0, "bear_hunter")
    place(s, 0, 0, 5)
    events = act(s, 0, "hunt", target=1, row=1, col=6)
    assert texts(events) == ["Player 1 takes Bear (front) from Player 2's row 2, space 7."]
    assert events[0]["audience"] == [1] and events[0]["public"]["card"]["kind"] == "bear_front"


def test_passing_names_the_special_action_not_used():
    """The lasso, the bow and arrow and (II) the hunt are privileges: "you may"."""
    s = fresh()
    lay(s, 1, 0, 0, "furs")
    draw(s, 0, "lasso")
    place(s, 0, 0, 5)
    assert texts(act(s, 0, "pass")) == ["Player 1 does not use the lasso."]
    s = fresh()
    lay(s, 1, 0, 0, "warrior1")
    draw(s, 0, "archer")
    place(s, 0, 0, 5)
    assert texts(act(s, 0, "pass")) == ["Player 1 does not use the bow and arrow."]
    s = fresh("II")
    lay(s, 1, 0, 0, "bear_front")
    draw(s, 0, "bear_hunter")
    place(s, 0, 0, 5)
    assert texts(act(s, 0, "pass")) == ["Player 1 does not use the hunt."]


def test_one_conquest_tells_both_strengths_the_warriors_lost_and_the_spoils():
    """I: "You can only conquer a boat or section with a lesser combat strength"; its Red
    Indian cards are discarded into the box, the rest are the spoils."""
    s = fresh()
    lay(s, 0, 0, 0, "bow", "chieftain", "furs")
    lay(s, 1, 1, 2, "bow_warrior", "warrior3", "tobacco")
    draw(s, 0, "stern")
    place(s, 0, 0, 3)
    events = act(s, 0, "attack", target=1, row=1, start=2)
    assert texts(events) == [
        "Player 1's boat in row 1 (strength 5) conquers Player 2's section in row 2 (strength 4): "
        "2 warrior cards lost, 1 card of spoils."
    ]
    public = events[0]["public"]
    assert (public["row"], public["start"], public["end"], public["strength"]) == (1, 2, 4, 4)
    assert public["attacker_strength"] == 5 and len(public["warriors_lost"]) == 2 and len(public["spoils"]) == 1


def test_one_conquered_complete_boat_is_called_a_boat():
    """ "You may take (conquer) one complete boat from another player, or one section"."""
    s = fresh()
    lay(s, 0, 0, 0, "bow", "chieftain")
    lay(s, 1, 2, 0, "bow", "warrior1", "stern")
    draw(s, 0, "stern")
    place(s, 0, 0, 2)
    events = act(s, 0, "attack", target=1, row=2, start=0)
    assert texts(events)[0] == (
        "Player 1's boat in row 1 (strength 5) conquers Player 2's boat in row 3 (strength 1): "
        "1 warrior card lost, 2 cards of spoils."
    )


def test_two_leaving_a_card_names_where_it_stays():
    """II: the attacker "must leave all other cards" (with its conquered owner); with the
    empty-canoe variant, an empty card left behind stays in the box."""
    s = fresh("II")
    lay(s, 0, 0, 0, "bow", "chieftain")
    lay(s, 1, 0, 0, "tent", "warrior2")
    draw(s, 0, "stern")
    place(s, 0, 0, 2)
    act(s, 0, "attack", target=1, row=0, start=0)
    assert texts(act(s, 0, "leave")) == ["Player 1 leaves Tent to Player 2."]
    s = fresh("II", spoils_canoes=True, exchange_canoes=True)
    lay(s, 0, 0, 0, "stern_warrior", ".", "bow_warrior", "chieftain")
    lay(s, 1, 0, 0, "warrior3", "stern_warrior")
    draw(s, 0, "stern")
    place(s, 0, 0, 4)
    events = act(s, 0, "attack", target=1, row=0, start=0)
    assert texts(events)[0].endswith(
        "2 warrior cards lost, 0 cards of spoils; the warriors leave 2 empty cards behind."
    )
    assert texts(act(s, 0, "leave")) == ["Player 1 leaves Empty canoe section in the box."]


def test_declining_the_attack_and_the_end_and_ending_the_game():
    """ "A completed boat only has one attack" (which may be declined); I: "A player may end the
    game once he has completed 3 boats ... He may, however, chose to continue playing"."""
    s = fresh()
    lay(s, 0, 1, 0, "bow", "stern")
    lay(s, 0, 2, 0, "bow", "stern")
    lay(s, 0, 0, 0, "bow", "warrior2")
    lay(s, 1, 0, 0, "warrior1")
    draw(s, 0, "stern")
    place(s, 0, 0, 2)
    assert texts(act(s, 0, "no_attack")) == ["Player 1 does not attack."]
    assert texts(act(s, 0, "continue")) == ["Player 1 plays on."]
    s = fresh()
    lay(s, 0, 1, 0, "bow", "stern")
    lay(s, 0, 2, 0, "bow", "stern")
    lay(s, 0, 0, 0, "bow", "warrior1")
    draw(s, 0, "stern")
    place(s, 0, 0, 2)
    events = act(s, 0, "end_game")
    assert texts(events) == ["Game over: Player 1 ended the game with 3 complete boats. Player 1 wins with 7 points."]
    assert events[0]["public"]["reason"] == "Player 1 ended the game with 3 complete boats."


def test_crazy_axe_texts_for_a_boat_sunk_and_for_himself():
    """Crazy Axe: "you must place it on an own, complete boat. This boat sinks immediately. All
    its cards, including Crazy Axe, are removed"; without one, "Crazy Axe will sink himself"."""
    s = fresh()
    lay(s, 0, 1, 3, "bow", "furs", "warrior1", "stern")
    draw(s, 0, "axe")
    events = act(s, 0, "sink", row=1, start=3)
    assert texts(events) == ["The Crazy Axe sinks Player 1's boat in row 2 with its 4 cards."]
    public = events[0]["public"]
    assert (public["row"], public["start"], len(public["cards"])) == (1, 3, 5)
    s = fresh()
    events = draw(s, 0, "axe")
    assert texts(events)[1] == "Player 1 has no complete boat: the Crazy Axe sinks himself."
    assert events[1]["public"]["cards"] == [events[0]["public"]["card"]["id"]]
