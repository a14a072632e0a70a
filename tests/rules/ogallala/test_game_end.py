"""Ending the game, the result, the views, the events and the labels, and bot playouts."""

import json

import pytest

from games.rules.base import IllegalAction, Rng
from games.rules.ogallala import bots
from games.rules.ogallala.cards import info
from games.rules.ogallala.display import boats_of
from games.rules.ogallala.engine import ENGINE
from games.rules.simulate import play_one, simulate

from .helpers import draw, fresh, grab, kinds, lay, legal, place


def _two_boats_and_a_bow(s, edition="I"):
    lay(s, 0, 1, 0, "bow", "furs", "stern")
    lay(s, 0, 2, 0, "bow", "warrior1", "stern")
    lay(s, 0, 0, 0, "bow", "tobacco")


def test_one_player_with_three_boats_may_end_the_game_right_after_completing_one():
    s = fresh()
    _two_boats_and_a_bow(s)
    assert {"type": "end_game"} not in legal(s, 0)
    draw(s, 0, "stern")
    place(s, 0, 0, 2)
    assert legal(s, 0) == [{"type": "end_game"}, {"type": "continue"}]
    events = ENGINE.apply(s, 0, {"type": "end_game"})
    over = [e for e in events if e["type"] == "game_over"]
    assert len(over) == 1 and over[0]["public"]["scores"] == [4 + 4 + 3, 0]
    res = ENGINE.result(s)
    assert res["winners"] == [0] and res["ranking"] == [0, 1]
    assert ENGINE.to_act(s) == [] and legal(s, 0) == []


def test_one_passing_the_chance_means_a_further_boat_is_needed_to_end():
    s = fresh()
    _two_boats_and_a_bow(s)
    draw(s, 0, "stern")
    place(s, 0, 0, 2)
    ENGINE.apply(s, 0, {"type": "continue"})
    assert ENGINE.current_step(s) == "draw"  # the empty stern lets the drawing go on
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 0, {"type": "end_game"})
    lay(s, 0, 0, 6, "bow")
    draw(s, 0, "stern")
    place(s, 0, 0, 7)
    assert {"type": "end_game"} in legal(s, 0)


def test_one_end_offer_comes_after_the_spoils_are_placed():
    s = fresh()
    lay(s, 0, 1, 0, "bow", "furs", "stern")
    lay(s, 0, 2, 0, "bow", "warrior1", "stern")
    lay(s, 0, 0, 0, "bow", "chieftain")
    lay(s, 1, 0, 0, "furs", "tent")
    draw(s, 0, "stern")
    place(s, 0, 0, 2)
    ENGINE.apply(s, 0, {"type": "attack", "target": 1, "row": 0, "start": 0})
    assert ENGINE.current_step(s) == "place"
    place(s, 0, 0, 5)
    place(s, 0, 0, 6)
    assert ENGINE.current_step(s) == "end_offer" and s["hand"] == []


def test_one_ends_when_all_three_stacks_are_empty():
    s = fresh()
    last = s["stacks"][1][-1]
    s["removed"] = [c for st in s["stacks"] for c in st if c != last]
    s["stacks"] = [[], [last], []]
    ENGINE.apply(s, 0, {"type": "draw", "stack": 1})
    ENGINE.apply(s, 0, legal(s, 0)[0])
    while ENGINE.current_step(s) != "over":
        ENGINE.apply(s, 0, legal(s, 0)[-1])
    assert ENGINE.result(s)["reason"] == "All three stacks are empty."


def test_two_ends_when_a_player_has_completed_three_boats_with_the_300_bonus():
    s = fresh("II")
    _two_boats_and_a_bow(s, "II")
    draw(s, 0, "stern")
    events = place(s, 0, 0, 2)
    assert any(e["type"] == "game_over" for e in events)
    assert s["first_three"] == 0
    assert ENGINE.result(s)["reason"] == "Player 1 has completed 3 boats."
    cards, booty = 9, 2
    assert ENGINE.result(s)["scores"][0] == 10 * cards + 20 * booty + 300


def test_two_ends_when_all_cards_have_been_placed():
    s = fresh("II")
    last = s["stacks"][0].pop()
    s["removed"] = s["stacks"][0]  # as if long since placed and lost
    s["stacks"][0] = [last]
    ENGINE.apply(s, 0, {"type": "draw", "stack": 0})
    ENGINE.apply(s, 0, legal(s, 0)[0])
    while ENGINE.current_step(s) != "over":
        ENGINE.apply(s, s["turn"], legal(s, s["turn"])[-1])
    assert ENGINE.result(s)["reason"] == "All cards have been placed."


def test_a_player_who_resigns_mid_turn_discards_the_hand_and_the_turn_passes():
    s = fresh(seats=3)
    lay(s, 0, 0, 0, "bow", "furs", "stern")
    draw(s, 0, "tent")
    events = ENGINE.resign(s, 0)
    assert events[0]["type"] == "resigned"
    assert s["hand"] == [] and ENGINE.to_act(s) == [1] and ENGINE.current_step(s) == "draw"
    assert ENGINE.view(s, None)["players"][0]["resigned"]
    ENGINE.resign(s, 2)
    res = ENGINE.result(s)
    assert res["winners"] == [1] and res["ranking"][0] == 1  # 0 had more points, but left


def test_view_shows_displays_boats_strengths_and_stack_sizes_but_no_stack_cards():
    s = fresh()
    lay(s, 0, 0, 2, "bow", "chieftain", "furs", "stern")
    lay(s, 1, 1, 0, "warrior3", "furs")
    draw(s, 0, "tent")
    v = ENGINE.view(s, 1)
    assert "rng" not in v and [x["seat"] for x in v["players"]] == [0, 1]
    me = v["players"][0]
    assert len(me["display"]) == 3 and all(len(r) == 14 for r in me["display"])
    assert me["boats"] == [{"row": 0, "start": 2, "end": 5, "strength": 5, "cards": 4, "totem": False}]
    assert me["display"][0][2]["in_boat"] and me["display"][0][2]["boat_left"]
    assert me["display"][0][3]["combat"] == 5 and me["display"][0][4]["booty"]
    assert v["players"][1]["sections"][0]["strength"] == 3
    assert [x["size"] for x in v["stacks"]] == [len(x) for x in s["stacks"]]
    assert v["pending"]["phase"] == "place" and v["pending"]["card"]["kind"] == "tent"
    dumped = json.dumps(v)
    assert not any(cid in dumped for st in s["stacks"] for cid in st)
    assert me["score"] == 4 + 1


def test_two_discard_is_face_down():
    s = fresh("II")
    assert "discard" in ENGINE.hidden_places(s, 0)
    assert "discard" not in ENGINE.hidden_places(fresh("I"), 0)
    assert "discard" not in ENGINE.view(s, 0) and "discard_size" in ENGINE.view(s, 0)


def test_card_places_cover_every_card():
    for edition, size in (("I", 134), ("II", 98)):
        s = fresh(edition)
        draw(s, 0, "furs")
        places = ENGINE.card_places(s)
        assert sum(len(v) for v in places.values()) == size
        assert len(places["hand"]) == 1


def test_card_places_name_the_places_a_card_may_be_in():
    """card_places is every card by the place it is in, under the names hidden_places hides: I's
    three stacks, each river, the drawn card ("hand"), the discard, the cards out of the game ("removed": I's
    arrow takes the warrior "out of the game"); II's discard is face down, and its spoils variant adds the
    box's empty cards left over ("spare": 10 bows and 10 sterns, 6 of each in the stack)."""
    s = fresh()
    lay(s, 1, 0, 0, "bow_warrior", "chieftain", "furs")
    draw(s, 0, "archer")
    place(s, 0, 0, 0)
    ENGINE.apply(s, 0, {"type": "shoot", "target": 1, "row": 0, "col": 1})
    places = ENGINE.card_places(s)
    assert set(places) == {"stack:0", "stack:1", "stack:2", "display:0", "display:1", "hand", "discard", "removed"}
    assert [info(c).kind for c in places["removed"]] == ["chieftain"] and places["discard"] == []
    s = fresh("II", spoils_canoes=True)
    lay(s, 1, 0, 3, "warrior2")
    draw(s, 0, "archer")
    place(s, 0, 0, 0)
    ENGINE.apply(s, 0, {"type": "shoot", "target": 1, "row": 0, "col": 3})
    places = ENGINE.card_places(s)
    assert set(places) == {"stack:0", "display:0", "display:1", "hand", "discard", "removed", "spare"}
    assert [info(c).kind for c in places["discard"]] == ["warrior2"] and places["removed"] == []
    assert (
        places["spare"] == s["spare"] and sorted(info(c).kind for c in places["spare"]) == ["bow"] * 4 + ["stern"] * 4
    )
    assert ENGINE.hidden_places(s, 1) == {"stack:0", "discard"}


def test_the_clocks_move_is_the_bots_choice_from_a_stream_of_its_own():
    """A seat whose deadline passed gets the bot's choice, its ties broken by a stream derived from the
    game's seed and counter under its own label ("default_action"), so the game's counter stays put (the
    contract tests/rules/test_default_moves.py sweeps over whole games)."""
    s = fresh()
    draw(s, 0, "furs")
    counter = s["rng"]["counter"]
    got = ENGINE.default_action(s, 0)
    assert got == bots.choose(ENGINE, s, 0, Rng(s).derive("default_action")) and got in legal(s, 0)
    assert s["rng"]["counter"] == counter


def test_action_labels_are_short_and_distinct():
    rnd = Rng.stream(3)
    for edition in ("I", "II"):
        s = fresh(edition, seats=3)
        seen = set()
        while ENGINE.result(s) is None:
            seat = ENGINE.to_act(s)[0]
            acts = legal(s, seat)
            labels = [ENGINE.action_label(s, seat, a) for a in acts]
            assert len(set(labels)) == len(labels), labels
            seen.update(label.split(" ")[0] for label in labels)
            ENGINE.apply(s, seat, ENGINE.bot_action(s, seat, rnd))
        assert {"Draw", "Place"} <= seen
    s = fresh()
    draw(s, 0, "furs")
    assert ENGINE.action_label(s, 0, {"type": "place", "row": 1, "col": 4}) == "Place Furs at row 2, space 5"
    s = fresh()
    assert ENGINE.action_label(s, 0, {"type": "draw", "stack": 2}) == "Draw from the booty stack"


def test_default_action_is_legal():
    s = fresh()
    draw(s, 0, "furs")
    assert ENGINE.default_action(s, 0) in legal(s, 0)


@pytest.mark.parametrize("edition", ["I", "II"])
def test_bots_finish_50_games(edition):
    for players in (2, 3, 4):
        report = simulate(ENGINE, games=17, players=players, seed="t", options={"edition": edition})
        assert report["errors"] == 0, report.get("first_error")
        assert report["finished"] == 17 and report["illegal_actions"] == 0


def test_bot_completes_boats_and_raids():
    taken = []
    ended_by_a_player = 0
    for g in range(10):
        state, *_ = play_one(
            ENGINE, players=3, seed=g, options={"edition": "I"}, on_step=lambda st, seat, a: taken.append(a["type"])
        )
        ended_by_a_player += any(len(boats_of(d)) >= 3 for d in state["displays"])
    assert ended_by_a_player >= 7
    assert taken.count("attack") >= 5


def _last_card_drawn_and_placed(s, seat):
    """Leaves one plain warrior card in the stacks; the seat draws it and places it alone."""
    last = grab(s, "warrior1")
    s["removed"] = [c for stack in s["stacks"] for c in stack]
    s["stacks"] = [[], [last], []]
    ENGINE.apply(s, seat, {"type": "draw", "stack": 1})
    return place(s, seat, 2, 10)


def test_one_players_level_on_points_all_win_and_share_the_ranking_by_seat():
    """ "The player who scored most points at the end of the game wins": two players level on the
    most points both win; the ranking lists them in seat order, ahead of the lower score."""
    s = fresh(seats=3)
    lay(s, 0, 0, 0, "bow", "stern")
    lay(s, 2, 1, 3, "bow", "stern")
    events = _last_card_drawn_and_placed(s, 0)
    res = ENGINE.result(s)
    assert res["scores"] == [2, 0, 2] and res["winners"] == [0, 2] and res["ranking"] == [0, 2, 1]
    assert events[-1]["public"]["winners"] == [0, 2] and events[-1]["public"]["scores"] == [2, 0, 2]
    assert events[-1]["public"]["text"] == (
        "Game over: All three stacks are empty. Player 1 and Player 3 win with 2 points."
    )


def test_one_a_single_winner_wins_and_the_others_rank_by_points():
    """The highest tally wins alone; the others follow by their points, not by their seats."""
    s = fresh(seats=3)
    lay(s, 0, 0, 0, "bow", "stern")
    lay(s, 1, 0, 0, "bow", "warrior1", "furs", "stern")
    lay(s, 2, 0, 0, "bow", "warrior1", "stern")
    events = _last_card_drawn_and_placed(s, 0)
    res = ENGINE.result(s)
    assert res["scores"] == [2, 5, 3] and res["winners"] == [1] and res["ranking"] == [1, 2, 0]
    assert events[-1]["public"]["text"] == "Game over: All three stacks are empty. Player 2 wins with 5 points."


def test_a_player_who_leaves_out_of_turn_changes_nothing_of_the_turn():
    """The display of a seat that left stays on the table; the player whose turn it is goes on
    with the card in hand and the steps pending."""
    s = fresh(seats=3)
    lay(s, 2, 0, 0, "bow", "furs")
    draw(s, 0, "lasso")
    hand, pending = list(s["hand"]), [dict(t) for t in s["pending"]]
    events = ENGINE.resign(s, 2)
    assert [e["public"]["text"] for e in events] == ["Player 3 leaves the game."]
    assert s["hand"] == hand and s["pending"] == pending and s["turn"] == 0 and s["discard"] == []
    assert ENGINE.to_act(s) == [0] and kinds(s, 2, 0)[:2] == ["bow", "furs"]


def test_a_player_who_resigns_after_a_warrior_ends_the_drawing_the_next_player_draws_anew():
    """I: "If the card is a Red Indian Card ... he may not draw any more cards. Then, the next
    player becomes active": the leaver's stopped drawing is not the next player's."""
    s = fresh(seats=3)
    s["discard"] = [grab(s, "furs")]  # a card discarded before (a face-up discard pile)
    draw(s, 0, "warrior2")
    assert s["keep_drawing"] is False
    events = ENGINE.resign(s, 0)
    assert [(e["type"], e["seat"]) for e in events] == [("resigned", 0)]
    assert ENGINE.to_act(s) == [1] and s["keep_drawing"] is True and s["pending"] == []
    assert sorted(info(c).kind for c in s["discard"]) == ["furs", "warrior2"]
    draw(s, 1, "furs")
    place(s, 1, 0, 0)
    assert ENGINE.to_act(s) == [1] and ENGINE.current_step(s) == "draw"  # booty: player 2 draws on


def test_the_last_player_left_is_named_in_the_result():
    """A game with one player left ends there, tallied (the rulings for a seat leaving)."""
    s = fresh(seats=2)
    draw(s, 0, "furs")
    assert ENGINE.view(s, 0)["pending"]["phase"] == "place"
    events = ENGINE.resign(s, 1)
    assert ENGINE.result(s)["reason"] == "Player 1 is the only player left."
    assert [e["type"] for e in events] == ["resigned", "game_over"]
    # the card drawn is not placed any more: nothing is left to do
    assert s["pending"] == [] and ENGINE.view(s, 0)["pending"] is None and legal(s, 0) == []


def test_a_player_who_resigns_holding_the_last_card_ends_the_game():
    """I: "The game also ends when all 3 card decks are empty": the leaver's card is discarded
    and no stack is left for the next player."""
    s = fresh(seats=3)
    last = grab(s, "warrior1")
    s["removed"] = [c for stack in s["stacks"] for c in stack]
    s["stacks"] = [[], [last], []]
    ENGINE.apply(s, 0, {"type": "draw", "stack": 1})
    events = ENGINE.resign(s, 0)
    assert [e["type"] for e in events] == ["resigned", "game_over"]
    assert ENGINE.result(s)["reason"] == "All three stacks are empty."
