"""Setup, drawing and placing cards, the suite move, discards and reshuffles."""

import json

import pytest

from games.rules.base import BadOptions, IllegalAction
from games.rules.ogallala.cards import deck, info
from games.rules.ogallala.engine import ENGINE

from .helpers import draw, fill_two_display, fresh, grab, kinds, lay, legal


def test_decks_follow_the_card_table():
    one, two = deck("I"), deck("II")
    assert (len(one), len(set(one))) == (134, 134)
    assert (len(two), len(set(two))) == (98, 98)
    assert sum(info(c).kind == "furs" for c in one) == 12
    assert sum(info(c).kind == "axe" for c in two) == 0
    assert sum(info(c).kind == "canoe" for c in two) == 4
    reds = [c for c in one if info(c).kind == "chieftain" and info(c).colour == "red"]
    assert len(reds) == 4


def test_edition_one_has_three_stacks_sorted_by_kind():
    s = fresh("I")
    assert [len(x) for x in s["stacks"]] == [32, 60, 42]
    assert all(info(c).role in ("bow", "stern") for c in s["stacks"][0])
    assert all(info(c).booty for c in s["stacks"][2])
    assert not any(info(c).booty or info(c).role in ("bow", "stern") for c in s["stacks"][1])
    assert legal(s, 0) == [{"type": "draw", "stack": k} for k in range(3)]


def test_edition_two_has_one_stack_of_98():
    s = fresh("II")
    assert [len(x) for x in s["stacks"]] == [98]
    assert legal(s, 0) == [{"type": "draw", "stack": 0}]


def test_options_row_length_and_two_tribes_only_in_edition_one():
    s = fresh("I", row_length=16)
    assert all(len(row) == 16 for row in s["displays"][0])
    with pytest.raises(BadOptions):
        ENGINE.normalize_options({"edition": "II", "two_tribes": True}, 2)
    with pytest.raises(BadOptions):
        ENGINE.normalize_options({"row_length": 15}, 2)


def test_draw_one_keeps_drawing_after_empty_bow_and_booty():
    s = fresh()
    draw(s, 0, "bow")
    ENGINE.apply(s, 0, {"type": "place", "row": 0, "col": 0})
    assert ENGINE.current_step(s) == "draw" and ENGINE.to_act(s) == [0]
    draw(s, 0, "furs")
    ENGINE.apply(s, 0, {"type": "place", "row": 0, "col": 1})
    assert ENGINE.to_act(s) == [0]
    draw(s, 0, "warrior2")
    ENGINE.apply(s, 0, {"type": "place", "row": 0, "col": 2})
    assert ENGINE.to_act(s) == [1]
    assert kinds(s, 0, 0)[:3] == ["bow", "furs", "warrior2"]


def test_draw_one_stops_after_bow_with_warrior_or_totem():
    s = fresh()
    draw(s, 0, "bow_warrior")
    ENGINE.apply(s, 0, {"type": "place", "row": 0, "col": 0})
    assert ENGINE.to_act(s) == [1]
    draw(s, 1, "totem")
    ENGINE.apply(s, 1, {"type": "place", "row": 1, "col": 0})
    assert ENGINE.to_act(s) == [0]


def test_draw_two_continues_until_a_card_already_on_the_display():
    s = fresh("II")
    lay(s, 0, 0, 0, "furs")
    draw(s, 0, "tent")
    ENGINE.apply(s, 0, {"type": "place", "row": 0, "col": 5})
    assert ENGINE.to_act(s) == [0]
    draw(s, 0, "furs")  # already on the display: place it too, then the turn ends
    ENGINE.apply(s, 0, {"type": "place", "row": 1, "col": 0})
    assert ENGINE.to_act(s) == [1]


def test_two_same_card_never_twice_in_one_row():
    s = fresh("II")
    lay(s, 0, 0, 0, "furs")
    draw(s, 0, "furs")
    rows = {a["row"] for a in legal(s, 0, "place")}
    assert rows == {1, 2}
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 0, {"type": "place", "row": 0, "col": 3})


def test_card_without_an_empty_space_is_discarded():
    s = fresh()
    for r in range(3):
        lay(s, 0, r, 0, *["furs", "warrior1", "warrior2", "warrior3", "chieftain", "lasso", "archer"] * 2)
    draw(s, 0, "tent")
    assert legal(s, 0) == [{"type": "discard"}]
    ENGINE.apply(s, 0, {"type": "discard"})
    assert info(s["discard"][-1]).kind == "tent"
    assert ENGINE.to_act(s) == [0]  # booty: the drawing goes on


def test_discard_is_offered_only_when_no_space_is_free():
    s = fresh()
    draw(s, 0, "furs")
    assert {"type": "discard"} not in legal(s, 0)
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 0, {"type": "discard"})


def test_two_discard_is_reshuffled_when_the_stack_is_empty():
    s = fresh("II")
    keep = s["stacks"][0][-3:]
    s["discard"] = s["stacks"][0][:-3]
    s["stacks"][0] = keep
    for _ in range(3):
        ENGINE.apply(s, s["turn"], {"type": "draw", "stack": 0})
        act = legal(s, s["turn"])[0]
        ENGINE.apply(s, s["turn"], act)
        while ENGINE.current_step(s) not in ("draw", "over"):
            ENGINE.apply(s, s["turn"], legal(s, s["turn"])[-1])
    assert s["reshuffles"] == 1 and len(s["stacks"][0]) == 95 and s["discard"] == []


def test_placed_cards_never_move():
    s = fresh()
    lay(s, 0, 0, 0, "bow", "furs")
    draw(s, 0, "stern")
    spaces = {(a["row"], a["col"]) for a in legal(s, 0)}
    assert (0, 0) not in spaces and (0, 1) not in spaces and (0, 2) in spaces
    assert all("moves" not in a for a in legal(s, 0))


def test_booty_suite_move_shifts_placed_suite_cards_one_space():
    s = fresh()
    lay(s, 0, 0, 4, "wood_front", "furs")
    draw(s, 0, "wood_rear")
    move = {"type": "place", "row": 0, "col": 4, "moves": [[0, 4, 3]]}
    assert move in legal(s, 0)
    ENGINE.apply(s, 0, move)
    assert kinds(s, 0, 0)[3:6] == ["wood_front", "wood_rear", "furs"]


def test_booty_suite_move_brings_the_person_next_to_the_pair():
    s = fresh()
    lay(s, 0, 1, 2, "horse_front", ".", "cowboy")
    draw(s, 0, "horse_rear")
    # plain placement between the two already assembles the suite; moving the cowboy also works
    assert {"type": "place", "row": 1, "col": 3} in legal(s, 0)
    move = {"type": "place", "row": 1, "col": 3, "moves": [[1, 4, 5]]}
    assert move not in legal(s, 0)  # that would break the suite apart
    ENGINE.apply(s, 0, {"type": "place", "row": 1, "col": 3})
    assert kinds(s, 0, 1)[2:5] == ["horse_front", "horse_rear", "cowboy"]


def test_booty_suite_move_moves_only_the_cards_of_the_suite_being_completed():
    # "he may move the placed cards of the suite one space each to be able to complete the
    # suite": the front moves one space to meet its new rear; the lumberjack far off in the same
    # row is not part of that pair and stays where it is, as it would in another row
    s = fresh()
    lay(s, 0, 0, 4, "wood_front", "furs")
    lay(s, 0, 0, 11, "lumberjack")
    draw(s, 0, "wood_rear")
    move = {"type": "place", "row": 0, "col": 4, "moves": [[0, 4, 3]]}
    assert move in legal(s, 0)
    ENGINE.apply(s, 0, move)
    assert kinds(s, 0, 0)[3:6] == ["wood_front", "wood_rear", "furs"] and kinds(s, 0, 0)[11] == "lumberjack"


def test_booty_suite_move_moves_the_right_hand_mate_alone_too():
    """The same with the far card on the left: the rear moves one space right to take the new front
    beside it (the furs hold the space left of it); the lumberjack at the row's start stays put."""
    s = fresh()
    lay(s, 0, 0, 0, "lumberjack")
    lay(s, 0, 0, 4, "furs", "wood_rear")
    draw(s, 0, "wood_front")
    move = {"type": "place", "row": 0, "col": 5, "moves": [[0, 5, 6]]}
    assert move in legal(s, 0)
    ENGINE.apply(s, 0, move)
    assert kinds(s, 0, 0)[:7] == ["lumberjack", ".", ".", ".", "furs", "wood_front", "wood_rear"]


def test_booty_suite_move_offers_the_same_whether_the_far_card_is_in_the_row_or_not():
    for row in (0, 1):
        s = fresh()
        lay(s, 0, 0, 4, "gold_front", "furs")
        lay(s, 0, row, 12, "gold_digger")
        draw(s, 0, "gold_rear")
        front_moves = [a for a in legal(s, 0) if "moves" in a and a["row"] == 0 and a["col"] < 10]
        assert front_moves == [{"type": "place", "row": 0, "col": 4, "moves": [[0, 4, 3]]}]


def test_booty_suite_move_never_off_the_display():
    s = fresh()
    lay(s, 0, 0, 0, "gold_front", "furs")
    draw(s, 0, "gold_rear")
    assert not [a for a in legal(s, 0) if "moves" in a]


def test_booty_suite_move_only_when_the_suite_was_started():
    s = fresh()
    lay(s, 0, 0, 4, "bear_front", "furs")
    draw(s, 0, "gold_rear")
    assert not [a for a in legal(s, 0) if "moves" in a]


def test_two_has_no_suite_move():
    s = fresh("II")
    lay(s, 0, 0, 4, "wood_front", "furs")
    draw(s, 0, "wood_rear")
    assert not [a for a in legal(s, 0) if "moves" in a]


def test_wrong_player_and_bad_moves_are_refused_without_change():
    import json

    s = fresh()
    before = json.dumps(s, sort_keys=True)
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 1, {"type": "draw", "stack": 0})
    with pytest.raises(IllegalAction, match="no card to place"):
        ENGINE.apply(s, 0, {"type": "place", "row": 0, "col": 0})
    assert json.dumps(s, sort_keys=True) == before


def test_ogallala_ii_unplaceable_drawn_card_ends_the_turn():
    # "When a newly-drawn card can not be placed it is discarded face down, and the next
    # player takes his turn" - even a card not yet on the display, which would let the
    # drawing go on had it found a space
    s = fresh("II")
    fill_two_display(s, 0)
    draw(s, 0, "tent")
    assert legal(s, 0) == [{"type": "discard"}]
    ENGINE.apply(s, 0, {"type": "discard"})
    assert info(s["discard"][-1]).kind == "tent"
    assert ENGINE.to_act(s) == [1] and ENGINE.current_step(s) == "draw"


def test_ogallala_ii_unplaceable_drawn_card_is_seen_by_its_drawer_only():
    # "When a newly-drawn card can not be placed it is discarded face down": the others learn
    # that a card was drawn and discarded, never which; its drawer sees it
    s = fresh("II", seats=3)
    fill_two_display(s, 0)
    events = draw(s, 0, "tent")
    tent = s["hand"][0]
    [drawn] = events
    assert drawn["public"]["text"] == "Player 1 draws a card that has no space in their river."
    assert drawn["public"]["card"] is None and drawn["private"]["0"]["text"] == "You drew Tent."
    for seat in (1, 2, None):
        seen = json.dumps([ENGINE.view(s, seat), ENGINE.table_text(s, seat)])
        assert tent not in seen and "Tent" not in seen
        assert ENGINE.view(s, seat)["pending"] == {"phase": "place", "seat": 0, "face_down": True}
        assert "hand" in ENGINE.hidden_places(s, seat)
    assert ENGINE.view(s, 0)["hand"][0]["id"] == tent and "place Tent" in ENGINE.table_text(s, 0)[1]
    assert ENGINE.action_label(s, 0, {"type": "discard"}) == "Discard Tent (no free space)"
    [discarded] = ENGINE.apply(s, 0, {"type": "discard"})
    assert discarded["public"] == {"card": None, "text": "Player 1 discards the card face down."}
    assert discarded["private"] == {"0": {"text": "It was Tent."}}
    for seat in (1, 2, None):
        assert tent not in json.dumps(ENGINE.view(s, seat))
    assert ENGINE.to_act(s) == [1]


def test_ogallala_ii_a_drawn_card_with_a_space_is_seen_by_everyone():
    """Only a drawn card that has no space is discarded face down unseen; one that goes to the river is
    shown to the table while its drawer places it: no seat's hidden places hold the drawn card."""
    s = fresh("II", seats=3)
    draw(s, 0, "tent")
    tent = s["hand"][0]
    for seat in (0, 1, 2, None):
        assert "hand" not in ENGINE.hidden_places(s, seat)
        assert ENGINE.view(s, seat)["pending"]["card"]["id"] == tent


def test_ogallala_ii_an_unplaceable_archer_discarded_unused_stays_unseen():
    s = fresh("II")
    for r in range(3):
        lay(s, 0, r, 0, "archer")
    lay(s, 1, 0, 3, "warrior2")
    events = draw(s, 0, "archer")
    assert "archer" not in json.dumps(events[0]["public"]).lower()
    assert ENGINE.view(s, 1)["pending"] == {"phase": "place", "seat": 0, "face_down": True}
    assert ENGINE.action_label(s, 0, {"type": "discard"}).startswith("Discard Warrior with bow and arrow face down")
    [discarded] = ENGINE.apply(s, 0, {"type": "discard"})
    assert "bow and arrow" not in json.dumps(discarded["public"])
    assert kinds(s, 1, 0)[3] == "warrior2" and ENGINE.to_act(s) == [1]


def _resolve(s):
    while ENGINE.current_step(s) not in ("draw", "over"):
        ENGINE.apply(s, s["turn"], legal(s, s["turn"])[-1])


def test_ogallala_ii_discard_is_reshuffled_as_often_as_its_cards_still_fit():
    # the game ends only when "All cards have been placed" or "A player has completed 3
    # boats": no count of reshuffles ends it while discarded cards would still fit
    s = fresh("II")
    last = s["stacks"][0].pop()
    s["discard"] = s["stacks"][0]
    s["stacks"][0] = [last]
    s["reshuffles"] = 5
    s["placed_since_reshuffle"] = 0  # the last pass placed one card: the one drawn now
    ENGINE.apply(s, 0, {"type": "draw", "stack": 0})
    events = ENGINE.apply(s, 0, legal(s, 0, "place")[0])
    _resolve(s)
    assert not s["result"]
    shuffled = [(e["type"], e["seat"], e["public"]["text"]) for e in events if e["type"] == "reshuffle"]
    assert shuffled == [
        ("reshuffle", None, "The stack is empty: the 97 discarded cards are shuffled into a new stack.")
    ]
    assert s["reshuffles"] == 6 and len(s["stacks"][0]) == 97 and s["discard"] == []
    assert s["placed_since_reshuffle"] == 0  # the new pass has placed nothing yet


def test_ogallala_ii_a_pass_through_the_stack_that_places_nothing_ends_the_game():
    # the safety net for cards that fit nowhere (they would otherwise circle for ever): here
    # two bows, with player 1's display full and a bow in every row of player 2's
    s = fresh("II")
    fill_two_display(s, 0)
    for r in range(3):
        lay(s, 1, r, 2 * r, "bow")
    bows = [c for c in s["stacks"][0] if info(c).kind == "bow"][:2]
    s["removed"] = [c for c in s["stacks"][0] if c not in bows]
    s["stacks"][0] = [bows[0]]
    s["discard"] = [bows[1]]
    s["reshuffles"] = 1
    s["placed_since_reshuffle"] = 0
    ENGINE.apply(s, 0, {"type": "draw", "stack": 0})
    ENGINE.apply(s, 0, {"type": "discard"})
    _resolve(s)
    assert ENGINE.result(s)["reason"] == "The stack ran out once more and the discarded cards no longer fit."


def _drawn_before_unseen_draws(s, spec):
    """Puts a drawn card in hand as a game begun before unplaceable draws were hidden held it:
    its place step without "unseen", the drawing still on."""
    cid = grab(s, spec)
    s["hand"].append(cid)
    s["pending"] = [{"seat": 0, "kind": "place", "card": cid, "src": "stack"}]
    s["keep_drawing"] = True
    return cid


def test_ogallala_ii_an_earlier_games_unplaceable_drawn_card_still_ends_the_turn():
    """II: "When a newly-drawn card can not be placed it is discarded face down, and the next
    player takes his turn", in a game whose drawn card was not yet hidden too."""
    s = fresh("II")
    fill_two_display(s, 0)
    cid = _drawn_before_unseen_draws(s, "tent")
    ENGINE.apply(s, 0, {"type": "discard"})
    assert s["discard"] == [cid] and ENGINE.to_act(s) == [1] and ENGINE.view(s, 1)["keep_drawing"] is True


def test_ogallala_ii_an_earlier_games_unplaceable_archer_still_shoots():
    """II: the archer "may do this even if he cannot place the Red Indian with Bow and Arrow"."""
    s = fresh("II")
    fill_two_display(s, 0)
    lay(s, 1, 0, 0, "warrior2")
    _drawn_before_unseen_draws(s, "archer")
    ENGINE.apply(s, 0, {"type": "discard"})
    assert ENGINE.current_step(s) == "archer" and s["keep_drawing"] is False
    assert s["pending"] == [{"seat": 0, "kind": "archer"}]  # the saved step (state.Task)
    ENGINE.apply(s, 0, {"type": "shoot", "target": 1, "row": 0, "col": 0})
    assert ENGINE.to_act(s) == [1]


def test_ogallala_ii_an_earlier_games_unplaceable_lasso_thrower_still_throws():
    """II: the lasso thrower's card is used as the archer's is ("See 7. for the way rule 3. is
    applied"), though it has no space: here a lasso sits in each row already."""
    s = fresh("II")
    for r in range(3):
        lay(s, 0, r, 0, "lasso")
    lay(s, 1, 0, 0, "tent")
    _drawn_before_unseen_draws(s, "lasso")
    ENGINE.apply(s, 0, {"type": "discard"})
    assert ENGINE.current_step(s) == "lasso"
    ENGINE.apply(s, 0, {"type": "lasso", "target": 1, "row": 0, "col": 0})
    assert kinds(s, 1, 0)[0] == "." and ENGINE.current_step(s) == "place"


@pytest.mark.parametrize("edition", ["I", "II"])
def test_a_new_game_is_dealt_from_its_seed_at_todays_state_version(edition):
    opts = ENGINE.normalize_options({"edition": edition}, 2)
    one, again, other = (ENGINE.new_state(opts, 2, seed) for seed in ("seed-a", "seed-a", "seed-b"))
    assert one["stacks"] == again["stacks"] and one["stacks"] != other["stacks"]
    assert one["version"] == ENGINE.state_version == 2
    # the first player has drawn nothing yet: the table shows them drawing on
    v = ENGINE.view(one, 1)
    assert v["keep_drawing"] is True and v["pending"] == {"phase": "draw", "seat": 0}


def test_the_glossary_explains_the_cards_of_the_games_own_edition_and_variants():
    """The rules page and the emails explain the cards the game deals: Ogallala I (the default)
    has the Crazy Axe and no empty canoe sections, II the other way round; a variant that deals
    none of a kind leaves it out."""
    one, two = ENGINE.glossary({"edition": "I"}), ENGINE.glossary({"edition": "II"})
    assert ENGINE.glossary({}) == one
    assert "Crazy Axe" in one and "Empty canoe section" not in one
    assert "Empty canoe section" in two and "Crazy Axe" not in two
    assert "Crazy Axe" not in ENGINE.glossary({"edition": "I", "crazy_axes": 0})
    assert "Totem pole" in two and "Totem pole" not in ENGINE.glossary({"edition": "II", "no_totems": True})
