"""What the turn loop tells the log and the players, event by event: the draft passed on, the
pool opening, a lost turn, an event running out, the end of the game, a seat leaving (found by
mutation testing, issue #31: games/rules/crayon_rails/turns.py)."""

from games.rules.crayon_rails.cards import EVENTS
from games.rules.crayon_rails.engine import ENGINE

from .helpers import act, at, blank, demand_cards, event_card, legal, link, lock, on_top, plain_cards, to_hand, to_pool

FIVE = ("Harrowgate", "Velmora", "Caskerton", "Ondrey", "Saltmere")


def test_the_draft_offers_each_seat_the_rejects_and_two_more_and_the_pool_opens_with_the_last():
    """shared/rules/README.md, public pool setup: the next player gets the rejects plus 2 new
    cards (only they read which); the last rejects start the public pool, filled to 3 x N."""
    s = ENGINE.new_state({"mode": "public"}, 3, "draft")
    first = list(s["draft"]["offer"])
    events = act(s, 0, "keep_done")
    second = list(s["draft"]["offer"])
    assert second[:4] == first and len(second) == 6
    assert events == [
        {
            "type": "draft",
            "seat": 1,
            "public": {"text": "Player 2 is offered 6 demand cards."},
            "private": {"1": {"offer": second}},
        }
    ]
    act(s, 1, "keep", card=second[0], demand=0)
    events = act(s, 1, "keep", card=second[1], demand=0)  # the second keep passes the draft on
    third = list(s["draft"]["offer"])
    assert (s["draft"]["seat"], third[:4], len(third)) == (2, second[2:], 6)
    assert [(e["type"], e["seat"]) for e in events] == [("keep", 1), ("draft", 2)]
    events = act(s, 2, "keep_done")
    assert s["pool"][:6] == third and len(s["pool"]) == 9
    assert events == [
        {
            "type": "pool",
            "seat": None,
            "public": {"pool": s["pool"], "text": "The public pool opens with 9 cards."},
            "private": {},
        }
    ]
    assert (s["phase"], s["initial_order"], s["turn"]) == ("build", [0, 1, 2, 2, 1, 0], 0)


def test_a_lost_turn_is_told_and_the_next_turn_starts_the_next_round():
    """shared/rules/README.md: a derailed player loses the next turn; the server keeps the
    count-down and says so."""
    s = blank("standard", 2)
    s["players"][1]["lost_turns"] = 1
    events = act(s, 0, "end_turn")
    assert events[1:] == [
        {"type": "lost_turn", "seat": 1, "public": {"text": "Player 2 loses this turn (derailed)."}, "private": {}},
        {"type": "turn", "seat": 0, "public": {"text": "Round 2: Player 1's turn."}, "private": {}},
    ]
    assert s["players"][1]["lost_turns"] == 0 and (s["turn"], s["round"]) == (0, 2)


def test_an_event_in_force_runs_out_at_the_end_of_its_drawers_next_turn():
    """engine.py: snow, flood and strikes last until the end of the drawing player's next turn;
    the log says when one is over."""
    s = blank("standard", 2)
    snow = event_card("snow")
    s["events"].append({"card": snow, "type": "snow", "drawer": 0, "turns_left": 2})
    assert [e["type"] for e in act(s, 0, "end_turn")] == ["end_turn", "turn"]
    assert s["events"][0]["turns_left"] == 1
    assert [e["type"] for e in act(s, 1, "end_turn")] == ["end_turn", "turn"]
    events = act(s, 0, "end_turn")
    assert events[1] == {
        "type": "event_over",
        "seat": None,
        "public": {"card": snow, "text": f"Over: {EVENTS[snow]['text']}"},
        "private": {},
    }
    assert s["events"] == []


def test_the_winners_game_over_event_says_why():
    """shared/rules/README.md, Winning: 250 in cash and all but one major city linked."""
    s = blank("standard", 2)
    link(s, 0, *FIVE)
    cid, d = demand_cards(good="Grain", city="Calder Mills")[0]
    to_hand(s, 0, cid)
    s["players"][0].update(cash=240, pos=at("Calder Mills"), loads=["Grain"])
    on_top(s, *plain_cards(1, exclude=[cid]))
    events = act(s, 0, "deliver", card=cid, demand=d)
    cash = s["players"][0]["cash"]
    reason = f"Player 1 has {cash} and links 5 major cities."
    assert events[-1] == {
        "type": "game_over",
        "seat": None,
        "public": {"winners": [0], "reason": reason, "text": f"Game over: Player 1 wins. {reason}"},
        "private": {},
    }
    assert ENGINE.result(s) == {"winners": [0], "ranking": [0, 1], "reason": reason, "cash": [cash, 50]}


def test_the_round_limit_names_who_has_the_cities_linked():
    s = blank("standard", 2, max_rounds=1)
    link(s, 1, *FIVE)
    s["players"][0]["cash"] = 90
    act(s, 0, "end_turn")
    events = act(s, 1, "end_turn")
    reason = "The 1-round limit is reached: the richest player wins (with the major cities linked)."
    assert events[-1]["public"] == {"winners": [1], "reason": reason, "text": f"Game over: Player 2 wins. {reason}"}
    assert ENGINE.result(s)["ranking"] == [1, 0] and s["round"] == 1


def test_a_seat_leaving_is_told_and_the_last_one_left_wins():
    """engine.py: a seat that leaves keeps its track on the map; with one seat left it wins."""
    s = blank("standard", 2)
    events = ENGINE.resign(s, 1)
    assert events[0] == {
        "type": "resigned",
        "seat": 1,
        "public": {"text": "Player 2 leaves the game; the track stays."},
        "private": {},
    }
    reason = "Player 1 is the only player left."
    assert events[1]["public"] == {"winners": [0], "reason": reason, "text": f"Game over: Player 1 wins. {reason}"}


def test_the_ranking_puts_the_winners_first_then_the_cities_linked_then_cash_and_those_who_left_last():
    """engine.py, Winning: the round limit crowns the richest player with the cities linked; the
    others follow by the major cities linked (all but one is as good as all), then by cash; a seat
    that left comes last, whatever its track and cash."""
    s = blank("standard", 5, max_rounds=1)
    link(s, 0, *FIVE)
    link(s, 1, *FIVE, "Port Brannock")
    link(s, 2, *FIVE)
    link(s, 3, *FIVE, "Port Brannock")
    for p, cash in zip(s["players"], (100, 60, 80, 500, 95)):
        p["cash"] = cash
    ENGINE.resign(s, 3)
    for seat in (0, 1, 2, 4):
        act(s, seat, "end_turn")
    assert ENGINE.result(s)["winners"] == [0]
    assert ENGINE.result(s)["ranking"] == [0, 2, 1, 4, 3]


def test_the_round_limit_with_nobody_linked_says_so():
    s = blank("standard", 2, max_rounds=1)
    s["players"][1]["cash"] = 51
    act(s, 0, "end_turn")
    reason = "The 1-round limit is reached: the richest player wins (nobody has the major cities linked)."
    assert act(s, 1, "end_turn")[-1]["public"]["text"] == f"Game over: Player 2 wins. {reason}"


def test_a_seat_leaving_gives_back_its_cards_locks_and_loads():
    """engine.py: a seat that leaves keeps its track; its cards join the discards, its locks free
    their pool cards and its loads' chips go back to the supply."""
    s = blank("public", 3)
    cid, d = demand_cards(good="Grain")[0]
    to_pool(s, cid, *plain_cards(8, exclude=[cid]))
    s["discard"] = [s["deck"].pop()]
    earlier = list(s["discard"])
    private = plain_cards(1, exclude=s["pool"] + earlier)
    to_hand(s, 2, *private)
    s["players"][2]["loads"] = ["Grain", "Coal"]
    lock(s, 2, cid, d)
    view = ENGINE.view(s, 0)
    grain, coal = view["chips"]["Grain"], view["chips"]["Coal"]
    assert next(c for c in view["pool"] if c["id"] == cid)["demands"][d]["locked_by"] == [2]
    ENGINE.resign(s, 2)
    view = ENGINE.view(s, 0)
    assert (view["chips"]["Grain"], view["chips"]["Coal"]) == (grain + 1, coal + 1)
    assert next(c for c in view["pool"] if c["id"] == cid)["demands"][d]["locked_by"] == []
    assert s["discard"] == earlier + private
    assert s["players"][2]["locks"] == [] and s["players"][2]["loads"] == []
    assert s["players"][2]["hand"] == []


def test_the_last_seat_left_wins_with_no_choice_left_pending():
    """A derailed player choosing a load to lose when the other seat leaves: the game is over,
    and nobody is asked anything more."""
    s = blank("standard", 2)
    s["players"][1]["loads"] = ["Grain", "Coal"]
    s["pending"] = [{"seat": 1, "kind": "derailment", "card": event_card("derailment")}]
    ENGINE.resign(s, 0)
    assert ENGINE.result(s)["winners"] == [1]
    assert ENGINE.view(s, 1)["pending"] == [] and ENGINE.to_act(s) == []


def test_a_drafter_leaving_passes_its_offer_on_and_a_later_seat_leaving_is_skipped():
    """shared/rules/README.md, public pool setup: the rejects go on to the next player with 2 new
    cards. A drafter that leaves keeps nothing: its whole offer goes on; a seat that left before
    its turn to draft is offered nothing, and the pool opens after the last seat still playing."""
    s = ENGINE.new_state({"mode": "public"}, 4, "draft")
    first = list(s["draft"]["offer"])
    ENGINE.resign(s, 2)
    assert s["draft"] == {"seat": 0, "offer": first}
    events = ENGINE.resign(s, 0)
    assert [(e["type"], e["seat"]) for e in events] == [("resigned", 0), ("draft", 1)]
    second = list(s["draft"]["offer"])
    assert s["draft"]["seat"] == 1 and second[:4] == first and len(second) == 6
    events = act(s, 1, "keep_done")
    assert [(e["type"], e["seat"]) for e in events] == [("draft", 3)]
    third = list(s["draft"]["offer"])
    assert third[:6] == second and len(third) == 8
    act(s, 3, "keep_done")
    assert s["phase"] == "build" and s["initial_order"] == [1, 3, 3, 1] and ENGINE.to_act(s) == [1]
    assert s["pool"] == third  # 8 rejects: more than 3 x N already, for the 2 seats left


def test_a_derailed_seat_leaving_before_it_chose_lets_the_draws_go_on():
    """shared/rules/003, Derailment: the derailed player resolves the lost load before any further
    card is drawn. When that player leaves instead, its choice goes with it and the turn's owed
    card is drawn."""
    s = blank("standard", 3)
    derail = event_card("derailment")
    s["players"][1]["loads"] = ["Grain", "Coal"]
    s["pending"] = [{"seat": 1, "kind": "derailment", "card": derail}]
    s["owed"] = 1
    nxt = plain_cards(1)
    on_top(s, *nxt)
    assert ENGINE.to_act(s) == [1]
    events = ENGINE.resign(s, 1)
    assert s["pending"] == [] and ENGINE.to_act(s) == [0]
    assert s["players"][0]["hand"] == nxt and s["owed"] == 0
    assert [(e["type"], e["seat"]) for e in events] == [("resigned", 1), ("draw", 0)]


def test_a_seat_leaving_on_the_last_building_turn_starts_play():
    """shared/rules/README.md: the two initial building turns, then normal turns; the last
    builder leaving starts the first round at once, and says so."""
    s = ENGINE.new_state({"mode": "standard"}, 3, "leave")
    for seat in (0, 1, 2, 2, 1):
        act(s, seat, "end_turn")
    events = ENGINE.resign(s, 0)
    assert [(e["type"], e["seat"]) for e in events] == [("resigned", 0), ("turn", 1)]
    assert (s["phase"], s["turn"], s["round"]) == ("play", 1, 1)


def test_the_turn_seat_leaving_takes_its_owed_cards_along():
    """Standard mode: a seat draws after its delivery; leaving before its draw (a derailed
    player's choice came first), it draws nothing, and nobody draws in its place."""
    s = blank("standard", 3)
    s["players"][1]["loads"] = ["Grain", "Coal"]
    to_hand(s, 1, *plain_cards(3))
    s["pending"] = [{"seat": 1, "kind": "derailment", "card": event_card("derailment")}]
    s["owed"] = 1
    ENGINE.resign(s, 0)
    assert ENGINE.to_act(s) == [1] and s["turn"] == 1
    act(s, 1, "lose_load", good="Coal")
    assert len(s["players"][1]["hand"]) == 3 and s["owed"] == 0


def test_each_building_turn_and_each_turn_has_its_own_20_and_its_own_upgrade():
    """shared/rules/README.md: at most 20 of building per turn, an upgrade instead of building:
    what a seat built or upgraded in one turn leaves the next one whole."""
    s = ENGINE.new_state({"mode": "standard"}, 2, "build")
    assert ENGINE.build_budget(s, 0) == 20
    act(s, 0, "end_turn")
    act(s, 1, "build", path=[[21, 3], [22, 4], [22, 5]])  # from Velmora, a major city
    assert ENGINE.view(s, 1)["players"][1]["built_this_turn"] > 0
    act(s, 1, "end_turn")
    assert ENGINE.to_act(s) == [1]  # the reversed order: its second building turn
    assert ENGINE.view(s, 1)["players"][1]["built_this_turn"] == 0 and ENGINE.build_budget(s, 1) == 20
    s = blank("standard", 2)
    s["players"][0]["pos"] = at("Velmora")
    act(s, 0, "build", path=[[21, 3], [22, 4], [22, 5]])
    act(s, 0, "end_turn")
    act(s, 1, "upgrade", train="fast")
    act(s, 1, "end_turn")
    assert ENGINE.build_budget(s, 0) == 20
    act(s, 0, "end_turn")
    assert ENGINE.build_budget(s, 1) == 20 and {a["train"] for a in legal(s, 1, "upgrade")} == {"super"}
    s["players"][1]["pos"] = at("Velmora")
    act(s, 1, "build", path=legal(s, 1, "build")[0]["path"])  # its own upgrade was last turn's


def test_a_lost_turn_counts_as_the_drawers_next_turn_for_its_event():
    """engine.py: snow, flood and strikes last until the end of the drawing player's next turn;
    a turn lost to a derailment is that turn."""
    s = blank("standard", 2)
    snow = event_card("snow")
    s["events"].append({"card": snow, "type": "snow", "drawer": 1, "turns_left": 1})
    s["players"][1]["lost_turns"] = 1
    events = act(s, 0, "end_turn")
    assert [(e["type"], e["seat"]) for e in events] == [
        ("end_turn", 0),
        ("lost_turn", 1),
        ("event_over", None),
        ("turn", 0),
    ]
    assert s["events"] == []


def test_a_turn_given_up_waits_for_the_derailed_players_choice_before_passing_on():
    """shared/rules/003, Derailment: the derailed player resolves the lost load before any further
    card is drawn. A hand discarded turns up a derailment of another player: the discarding
    player's new cards come after that choice, and only then does the turn pass on."""
    s = blank("standard", 2)
    to_hand(s, 0, *plain_cards(3))
    new = plain_cards(6)[3:]
    on_top(s, event_card("derailment", cities=["Wyvern Gap", "Morrowfen", "Redscar"]), *new)
    s["players"][1].update(pos=at("Wyvern Gap"), loads=["Iron", "Copper"])
    events = act(s, 0, "discard_hand")
    assert "turn" not in [e["type"] for e in events]
    assert ENGINE.to_act(s) == [1] and s["turn"] == 0
    events = act(s, 1, "lose_load", good="Iron")
    assert s["players"][0]["hand"] == new and len(s["players"][1]["hand"]) == 0
    assert [(e["type"], e["seat"]) for e in events[-2:]] == [("lost_turn", 1), ("turn", 0)]  # its lost turn
    assert (s["turn"], s["round"]) == (0, 2)


def test_snow_halves_a_fast_trains_speed_to_a_whole_number():
    """engine.py: snow halves the speed of trains in its area (rounded up): a fast freight's 12
    mileposts are 6, a whole number the view shows as such."""
    s = blank("standard", 2)
    snow = event_card("snow", cities=["Quarry End"])
    entry = {"card": snow, "type": "snow", "drawer": 0, "turns_left": 2}
    entry.update({k: EVENTS[snow][k] for k in ("cities", "radius") if k in EVENTS[snow]})
    s["events"].append(entry)
    s["players"][1].update(pos=at("Quarry End"), train="fast")
    act(s, 0, "end_turn")
    moves = ENGINE.view(s, 1)["players"][1]["moves_left"]
    assert moves == 6 and type(moves) is int
