"""A seat leaving a Crayon rails game at each stage: the turn order goes on without it (found by
mutation testing, issue #31: games/rules/crayon_rails/turns.py)."""

from games.rules.crayon_rails.engine import ENGINE

from .helpers import act, blank, event_card


def test_a_seat_leaving_on_its_initial_building_turn_is_skipped_in_the_reversed_order_too():
    """shared/rules/README.md: two initial building turns, in order, then in reverse order; a seat
    that left builds no more (its track stays, engine.py)."""
    s = ENGINE.new_state({"mode": "standard"}, 3, "leave")
    act(s, 0, "end_turn")
    assert ENGINE.to_act(s) == [1]
    ENGINE.resign(s, 1)
    seen = []
    while s["phase"] == "build":
        seat = ENGINE.to_act(s)[0]
        seen.append(seat)
        act(s, seat, "end_turn")
    assert seen == [2, 2, 0]
    assert (s["phase"], s["turn"], s["round"]) == ("play", 0, 1)


def test_a_seat_leaving_out_of_turn_in_the_building_turns_loses_its_later_turns():
    s = ENGINE.new_state({"mode": "standard"}, 3, "leave")
    ENGINE.resign(s, 2)
    seen = []
    while s["phase"] == "build":
        seat = ENGINE.to_act(s)[0]
        seen.append(seat)
        act(s, seat, "end_turn")
    assert seen == [0, 1, 1, 0]


def test_a_seat_leaving_on_its_turn_passes_it_on_and_takes_its_events_along():
    """engine.py: snow, flood and strikes last until the end of the drawing player's next turn,
    which never comes for a seat that left; its lost turns and derailment choices go with it."""
    s = blank("standard", 3)
    snow = event_card("snow")
    s["events"].append({"card": snow, "type": "snow", "drawer": 0, "turns_left": 1})
    s["players"][0]["lost_turns"] = 1
    events = ENGINE.resign(s, 0)
    assert s["events"] == [] and s["players"][0]["lost_turns"] == 0
    assert ENGINE.to_act(s) == [1] and s["round"] == 1
    assert [ev["type"] for ev in events] == ["resigned", "turn"]


def test_the_round_limit_shares_the_win_between_the_richest_and_ranks_the_rest():
    """engine.py, Winning: max_rounds ends the game after that many rounds; the richest player
    wins (nobody linked: the richest of all) and ties share the win."""
    s = blank("standard", 3, max_rounds=1)
    for p, cash in zip(s["players"], (70, 40, 70)):
        p["cash"] = cash
    for seat in range(3):
        events = act(s, seat, "end_turn")
    result = ENGINE.result(s)
    assert result["winners"] == [0, 2] and result["ranking"] == [0, 2, 1]
    assert s["round"] == 1 and ENGINE.to_act(s) == []
    assert events[-1]["public"]["text"].startswith("Game over: Player 1 and Player 3 win. The 1-round limit")
