"""The engine's bot (bots.py) moving, loading and choosing outside building, in exact positions:
each choice checked against the strategy its docstrings describe (found by mutation testing of
`_move`, `_fees_ok`, `_stops`, `_pickup`, `_place`, `_free_only`, `_workable`, `_upgrade`, `_lose`
and `_draft`, issue #31)."""

from games.rules.crayon_rails import bots
from games.rules.crayon_rails import network as net
from games.rules.crayon_rails.board import CITY_INDEX, node
from games.rules.crayon_rails.engine import ENGINE

from .helpers import at, blank, event_card, lay, legal, link, lock, to_hand, to_pool
from .test_bots import calder_line  # Seat 0's track from Larkmere to Calder Mills


def job(card, demand, **fields):
    """A rated job with the given fields (the rest: nothing aboard, no score)."""
    base = dict(good="Grain", dest=0, source=None, pay=20, build=0, score=0, have=False, mine=True, locked=False)
    base.update(fields)
    return bots.Job(card, demand, **base)


def test_a_load_is_free_only_while_no_lock_names_its_card_and_demand():
    """A lock is a card and one of its demands: the same card's other demand is not locked."""
    p = {"locks": [{"card": "D001", "demand": 0, "good": "Iron", "private": False, "loaded": True}]}
    assert bots._free_only(p, job("D001", 0)) is False
    assert bots._free_only(p, job("D001", 1)) is True
    assert bots._free_only(p, job("D002", 0)) is True
    assert bots._free_only({"locks": []}, job("D001", 0)) is True


def fee_line(cash, fees=()):
    """Seat 0 stands on Larkmere (22,7); Player 2's track runs east to (24,7), Player 3's on to
    (26,7)."""
    s = blank("public", 3)
    lay(s, 1, (22, 7), (23, 7), (24, 7))
    lay(s, 2, (24, 7), (25, 7), (26, 7))
    s["players"][0].update(pos=at("Larkmere"), cash=cash, fees=list(fees))
    return s


def move(*points):
    return {"type": "move", "path": [list(pt) for pt in points]}


def test_a_move_onto_one_players_track_is_careful_from_16():
    """_fees_ok: a fee of 4 to the owner, and 12 kept to get back onto our own track."""
    onto = move((22, 7), (23, 7), (24, 7))
    assert bots._fees_ok(fee_line(16), 0, onto)
    assert not bots._fees_ok(fee_line(15), 0, onto)


def test_a_move_onto_two_players_track_is_careful_from_20():
    """_fees_ok: 4 to each of the two owners, and 12 kept."""
    across = move((22, 7), (23, 7), (24, 7), (25, 7), (26, 7))
    assert bots._fees_ok(fee_line(20), 0, across)
    assert not bots._fees_ok(fee_line(19), 0, across)


def test_a_fee_paid_this_turn_is_not_counted_again():
    """_fees_ok: a player already paid this turn is paid nothing more (the fee is once a turn)."""
    across = move((22, 7), (23, 7), (24, 7), (25, 7), (26, 7))
    assert bots._fees_ok(fee_line(16, fees=[1]), 0, across)
    assert not bots._fees_ok(fee_line(15, fees=[1]), 0, across)
    assert bots._fees_ok(fee_line(0, fees=[1, 2]), 0, across)


def test_a_move_that_owes_no_fee_is_always_careful():
    """_fees_ok: no other player's track, or a resigned player's (it rides free): no cash needed."""
    s = fee_line(0)
    lay(s, 0, (22, 7), (22, 8), (22, 9))
    assert bots._fees_ok(s, 0, move((22, 7), (22, 8), (22, 9)))
    s["out"] = [1]
    assert bots._fees_ok(s, 0, move((22, 7), (23, 7), (24, 7)))


def test_a_job_is_worth_working_from_a_score_above_1():
    """_workable: a demand is worth working on when it scores above 1 and its track costs at most
    5 more than the cash; any load on the train is worth keeping the cards for."""
    p = {"loads": [], "cash": 20}
    assert not bots._workable([job("D003", 2, score=1, build=0)], p)
    assert bots._workable([job("D003", 2, score=1.5, build=25)], p)
    assert not bots._workable([job("D003", 2, score=1.5, build=26)], p)
    assert not bots._workable([job("D003", 2, score=1, build=0), job("D001", 0, score=9, build=26)], p)
    assert bots._workable([job("D003", 2, score=1, build=0), job("D001", 0, score=9, build=20)], p)
    assert not bots._workable([], p)
    assert bots._workable([], {"loads": ["Fish"], "cash": 0})


def test_a_freight_upgrades_to_a_fast_freight_however_rich():
    """_upgrade: a freight becomes a fast freight from 70 (never a heavy one); a fast or heavy
    freight becomes a superfreight from 120."""
    s = blank("standard", 2)
    s["players"][0].update(pos=at("Larkmere"), cash=150)
    assert bots._upgrade(s, 0, legal(s, 0), []) == {"type": "upgrade", "train": "fast"}
    s["players"][0].update(train="fast", cash=120)
    assert bots._upgrade(s, 0, legal(s, 0), []) == {"type": "upgrade", "train": "super"}
    s["players"][0].update(train="heavy", cash=100)
    assert bots._upgrade(s, 0, legal(s, 0), []) is None
    s["players"][0].update(train="super", cash=200)
    assert bots._upgrade(s, 0, legal(s, 0), []) is None


LARKMERE, CALDER, QUILLON, KORVIN, OAKHURST = (
    CITY_INDEX[c] for c in ("Larkmere", "Calder Mills", "Quillon", "Korvin", "Oakhurst")
)


def test_the_stops_are_the_cities_wanting_its_loads_in_the_order_of_the_jobs():
    """_stops: a drop is the city of a job scoring above 0 whose load is aboard, not the city the
    train stands on, each once, the best job's first."""
    s = blank("standard", 2)
    s["players"][0].update(pos=at("Larkmere"), loads=["Grain"])
    todo = [
        job("D001", 0, have=True, score=5, dest=CALDER),
        job("D002", 0, have=True, score=0, dest=KORVIN),  # worth nothing
        job("D003", 0, have=True, score=3, dest=LARKMERE),  # here
        job("D004", 0, have=True, score=2, dest=CALDER),  # already a stop
        job("D005", 0, have=False, score=9, dest=OAKHURST),  # its load is not aboard
        job("D006", 0, have=True, score=0.5, dest=QUILLON),
    ]
    drops, fetches = bots._stops(s, 0, todo, [])
    assert drops == [CALDER, QUILLON] and fetches == []


def test_the_stops_fetch_for_the_best_jobs_whose_loads_wait_elsewhere():
    """_stops: a fetch is the source of one of the best jobs (`top`) without its load aboard, for
    a card no load aboard serves yet, not the city the train stands on, each once, while the
    supply still has a chip of the good."""
    s = blank("standard", 2)
    s["players"][0].update(pos=at("Larkmere"), loads=["Wool"])
    s["players"][1]["loads"] = ["Grain"] * 5  # every Grain chip
    carried = job("D001", 0, have=True, score=5, dest=CALDER, good="Wool")
    top = [
        job("D002", 0, source=OAKHURST, good="Timber"),
        carried,
        job("D001", 1, source=QUILLON, good="Marble"),  # its card is served by the Wool aboard
        job("D003", 0, source=None, good="Timber"),
        job("D004", 0, source=LARKMERE, good="Iron"),  # here
        job("D005", 0, source=OAKHURST, good="Timber"),  # already a stop
        job("D006", 0, source=CALDER, good="Grain"),  # no chip left
        job("D007", 0, source=KORVIN, good="Fish"),
    ]
    assert bots._stops(s, 0, [carried, *top], top) == ([CALDER], [OAKHURST, KORVIN])
    s["players"][0]["loads"] = ["Wool", "Fish"]  # a full freight fetches nothing
    assert bots._stops(s, 0, [carried, *top], top) == ([CALDER], [])
    s["players"][0]["train"] = "heavy"  # room for a third
    assert bots._stops(s, 0, [carried, *top], top)[1] == [OAKHURST, KORVIN]


FENWICK = CITY_INDEX["Fenwick"]


def at_calder(loads=()):
    """Seat 0's freight at Calder Mills, which supplies Wool and Cheese."""
    s = blank("standard", 2)
    s["players"][0].update(pos=at("Calder Mills"), loads=list(loads))
    return s


def pickup(s, todo):
    return bots._pickup(s, 0, legal(s, 0), todo)


def test_the_pickup_is_for_the_best_job_scoring_above_0_whose_load_this_city_supplies():
    """_pickup: jobs worth nothing, jobs with their load aboard and goods the city does not
    supply are passed over."""
    s = at_calder()
    assert {a["good"] for a in legal(s, 0, "pickup")} == {"Wool", "Cheese"}
    wool = job("D002", 0, good="Wool", source=CALDER, score=1)
    assert pickup(s, [job("D001", 0, good="Cheese", source=CALDER, score=0), wool]) == {
        "type": "pickup",
        "good": "Wool",
    }
    assert pickup(s, [job("D001", 0, good="Cheese", source=CALDER, score=5, have=True), wool])["good"] == "Wool"
    assert pickup(s, [job("D001", 0, good="Grain", source=LARKMERE, score=9), wool])["good"] == "Wool"
    assert pickup(s, [job("D001", 0, good="Cheese", source=CALDER, score=-1)]) is None


def test_no_pickup_for_a_card_a_load_aboard_serves():
    """_pickup: a card whose other demand's load is aboard is served already."""
    s = at_calder(loads=["Fish"])
    carried = job("D001", 0, good="Fish", dest=KORVIN, score=5, have=True)
    assert pickup(s, [carried, job("D001", 1, good="Cheese", source=CALDER, score=5)]) is None
    assert pickup(s, [carried, job("D002", 1, good="Cheese", source=CALDER, score=5)])["good"] == "Cheese"


def test_a_load_whose_best_source_is_elsewhere_is_picked_up_here_for_a_job_scoring_4():
    """_pickup: a job rated for fetching its load from another source takes it here only when it
    scores 4 or more; its own source here, any score above 0 will do."""
    s = at_calder()
    assert pickup(s, [job("D001", 0, good="Cheese", source=FENWICK, score=3.9)]) is None
    assert pickup(s, [job("D001", 0, good="Cheese", source=FENWICK, score=4)])["good"] == "Cheese"
    assert pickup(s, [job("D001", 0, good="Cheese", source=CALDER, score=0.1)])["good"] == "Cheese"
    passed_over = job("D001", 0, good="Cheese", source=FENWICK, score=3.9)
    assert pickup(s, [passed_over, job("D002", 0, good="Wool", source=CALDER, score=1)])["good"] == "Wool"


def place(s, todo):
    return bots._place(s, 0, legal(s, 0), todo)["city"]


def test_the_train_is_placed_at_the_first_source_on_the_network_of_any_job():
    """_place: the best job whose load waits on the network wins, even below a job whose source
    is off it; a job with its load aboard has no source."""
    s = calder_line()
    assert place(s, [job("D001", 0, source=None), job("D002", 0, source=LARKMERE)]) == "Larkmere"
    assert place(s, [job("D001", 0, source=OAKHURST), job("D002", 0, source=LARKMERE)]) == "Larkmere"
    assert place(s, [job("D001", 0, source=OAKHURST), job("D002", 0, source=CALDER)]) == "Calder Mills"


def test_with_no_source_on_the_network_the_train_is_placed_at_its_first_city():
    """_place: no job, or a best job with no source (its load aboard): the network's first city
    in the map's list (Calder Mills before Larkmere)."""
    s = calder_line()
    assert CALDER < LARKMERE
    assert place(s, []) == "Calder Mills"
    assert place(s, [job("D001", 0, source=None), job("D002", 0, source=OAKHURST)]) == "Calder Mills"


def test_a_trackless_train_is_placed_at_the_major_city_nearest_the_best_jobs_source():
    """_place: with no track every major city is on the network (building starts there); the
    nearest to the source in mileposts, the first in the map's list of equally near ones:
    Quillon is 5 from Ondrey; Varrow 7 from Harrowgate and Velmora; Thornwick 7 from Velmora and
    Ondrey."""
    s = blank("standard", 2)
    assert place(s, [job("D001", 0, source=CITY_INDEX["Quillon"])]) == "Ondrey"
    assert place(s, [job("D001", 0, source=CITY_INDEX["Varrow"])]) == "Harrowgate"
    assert place(s, [job("D001", 0, source=CITY_INDEX["Thornwick"])]) == "Velmora"
    assert place(s, []) == "Harrowgate"


def calder_route():
    """The 18 mileposts of Seat 0's track from Larkmere (the first) to Calder Mills (the last)."""
    s = calder_line()
    steps, prev = net.route_search(s, 0, at("Larkmere"), False)
    return net.route_path(prev, at("Calder Mills"))


def on_the_line(step, loads=()):
    """Seat 0's freight `step` mileposts from Larkmere along its track to Calder Mills (18)."""
    s = calder_line()
    s["players"][0].update(pos=calder_route()[step], loads=list(loads))
    return s


def heading(s, todo, top):
    a = bots._move(ENGINE, s, 0, legal(s, 0), todo, top)
    assert a is None or a in legal(s, 0, "move")
    return a and a["toward"]


def test_the_train_heads_for_the_nearest_city_wanting_a_load_aboard():
    """_move: the nearest drop first, not the best-paying one (that one flips as the train moves);
    of two equally near, the first in the map's list (Calder Mills before Larkmere)."""
    to_lark = job("D001", 0, have=True, score=9, dest=LARKMERE, good="Timber")
    to_calder = job("D002", 0, have=True, score=5, dest=CALDER, good="Timber")
    assert heading(on_the_line(8, ["Timber"]), [to_calder, to_lark], []) == "Larkmere"
    assert heading(on_the_line(10, ["Timber"]), [to_lark, to_calder], []) == "Calder Mills"
    assert heading(on_the_line(9, ["Timber"]), [to_lark, to_calder], []) == "Calder Mills"


def test_the_train_fetches_on_the_way_only_when_the_source_is_nearer_than_the_drop():
    """_move: a fetch goes first when its source is strictly nearer than the nearest drop."""
    drop = job("D001", 0, have=True, score=5, dest=CALDER, good="Timber")
    fetch = job("D002", 0, score=5, dest=KORVIN, source=LARKMERE, good="Grain")
    assert heading(on_the_line(8, ["Timber"]), [drop, fetch], [fetch]) == "Larkmere"
    assert heading(on_the_line(9, ["Timber"]), [drop, fetch], [fetch]) == "Calder Mills"
    assert heading(on_the_line(10, ["Timber"]), [drop, fetch], [fetch]) == "Calder Mills"


def test_the_train_fetches_for_the_nearer_of_its_two_best_jobs_it_can_reach():
    """_move: of the sources of the first two fetching jobs, the nearest reachable one; a third
    job's source is not looked at, nor one no track leads to (Oakhurst, Quillon); of two equally
    near, the first in the map's list."""
    lark = job("D001", 0, score=5, dest=KORVIN, source=LARKMERE, good="Grain")
    calder = job("D002", 0, score=5, dest=KORVIN, source=CALDER, good="Cheese")
    oak = job("D003", 0, score=9, dest=KORVIN, source=OAKHURST, good="Timber")
    quillon = job("D004", 0, score=9, dest=KORVIN, source=QUILLON, good="Marble")
    s = on_the_line(8)
    assert heading(s, [calder, lark], [calder, lark]) == "Larkmere"
    assert heading(on_the_line(9), [lark, calder], [lark, calder]) == "Calder Mills"
    assert heading(s, [oak, lark], [oak, lark]) == "Larkmere"
    assert heading(s, [oak, quillon, lark], [oak, quillon, lark]) is None
    assert heading(s, [oak, quillon], [oak, quillon]) is None


def korvin_line(cash, loads=()):
    """Seat 0's freight on its track 6 mileposts short of Calder Mills, where Player 2's track
    goes on east to Korvin (9 more): a move toward Korvin ends on Player 2's track. A Fish card
    in hand makes Korvin a city that matters (the menu heads there)."""
    s = on_the_line(12, loads)
    link(s, 1, "Calder Mills", "Korvin")
    to_hand(s, 0, "D007")  # Fish to Brackenfield
    s["players"][0]["cash"] = cash
    return s


def test_a_fetch_across_others_track_keeps_the_fees_reserve_else_stops_on_own_track():
    """_move: a fetch pays fees it earns nothing back for: without 4 a fee and 12 to spare, the
    train goes as near as its moves that keep that reserve take it (Calder Mills, the end of
    its own track), not onto Player 2's track."""
    fish = job("D007", 2, score=5, dest=CITY_INDEX["Brackenfield"], source=KORVIN, good="Fish")
    assert heading(korvin_line(16), [fish], [fish]) == "Korvin"
    s = korvin_line(15)
    move = bots._move(ENGINE, s, 0, legal(s, 0), [fish], [fish])
    assert move["toward"] == "Calder Mills" and node(*move["path"][-1]) == at("Calder Mills")


def test_a_delivery_across_others_track_goes_however_poor():
    """_move: a delivery pays the fees back, so the train heads for it with no reserve; when the
    fee itself cannot be paid (no ready-made move there), it goes as near as its own track
    takes it."""
    fish = job("D007", 2, score=5, dest=KORVIN, have=True, good="Fish")
    assert heading(korvin_line(4, ["Fish"]), [fish], []) == "Korvin"
    s = korvin_line(3, ["Fish"])
    assert "Korvin" not in {a["toward"] for a in legal(s, 0, "move")}
    move = bots._move(ENGINE, s, 0, legal(s, 0), [fish], [])
    assert move["toward"] == "Calder Mills" and node(*move["path"][-1]) == at("Calder Mills")


def test_a_network_holding_no_city_places_the_train_at_the_first_city_of_the_map():
    """_place: a network with no city on it (a flood can wash away a track's only link to one):
    the first city offered, the map's first."""
    s = blank("standard", 2)
    lay(s, 0, (22, 12), (22, 13), (23, 14))
    assert place(s, [job("D001", 0, source=OAKHURST)]) == "Harrowgate"
    assert place(s, []) == "Harrowgate"


def keep(card, demand):
    return {"type": "keep", "card": card, "demand": demand}


def test_of_two_equally_worthy_cards_the_draft_keeps_the_first_offered():
    """_draft: worth is the payoff less the cheapest track from a source of the good on the
    empty map: D008's Oil to Glimmerdale (61 for 37) and D003's Oil to Catterby (62 for 38) both
    clear 24, so the first offered is kept."""
    s = ENGINE.new_state({"mode": "public"}, 2, "draft")
    assert bots._draft(s, 0, [keep("D008", 0), keep("D003", 1)]) == keep("D008", 0)
    assert bots._draft(s, 0, [keep("D003", 1), keep("D008", 0)]) == keep("D003", 1)
    assert bots._draft(s, 0, [keep("D008", 1), keep("D003", 1)]) == keep("D003", 1)  # 21 for 11 clears 10


def test_a_fetch_with_no_careful_move_there_takes_the_nearest_own_track_move_toward_it():
    """_move: a fetch from Oakhurst, 13 mileposts away, 7 of them on Player 2's track beyond
    Larkmere (no ready-made move heads there: no card in hand names it): of the moves that keep
    the reserve, the one ending nearest Oakhurst (at Larkmere, 7 from it), though the move toward
    Calder Mills (away from it) comes first in the menu."""
    s = on_the_line(6)
    link(s, 1, "Larkmere", "Oakhurst")
    to_hand(s, 0, "D003")  # Grain to Calder Mills: both ends of the line matter
    s["players"][0]["cash"] = 10
    assert [a["toward"] for a in legal(s, 0, "move")] == ["Calder Mills", "Larkmere"]
    timber = job("D002", 0, score=5, dest=CALDER, source=OAKHURST, good="Timber")
    move = bots._move(ENGINE, s, 0, legal(s, 0), [timber], [timber])
    assert move["toward"] == "Larkmere" and node(*move["path"][-1]) == at("Larkmere")


def test_a_fetch_no_careful_move_brings_nearer_is_no_move():
    """_move: at Calder Mills, with Korvin's Fish 9 mileposts on along Player 2's track and 15 in
    cash, no move keeps the reserve and gets nearer (toward Larkmere is away): no move."""
    s = korvin_line(15)
    s["players"][0]["pos"] = at("Calder Mills")
    to_hand(s, 0, "D003")  # Larkmere's Grain matters: a move toward it is on the menu
    assert {a["toward"] for a in legal(s, 0, "move")} == {"Korvin", "Larkmere"}
    fish = job("D007", 2, score=5, dest=CITY_INDEX["Brackenfield"], source=KORVIN, good="Fish")
    assert bots._move(ENGINE, s, 0, legal(s, 0), [fish], [fish]) is None


def test_with_no_move_to_the_stop_the_train_takes_the_move_ending_nearest_it_not_the_shortest():
    """_move: a fast freight (12 mileposts) with Fish for Korvin and 3 in cash, 8 mileposts out
    of Larkmere (19 from Korvin), with a spur of its own to Tarnside. Korvin's fee cannot be paid,
    so no move heads there (its 12 mileposts would end on Player 2's track); of the moves ending
    nearer Korvin, the one to Calder Mills ends 9 from it, the shorter one to Tarnside (first in
    the menu) 18: toward Calder Mills."""
    s = korvin_line(3, ["Fish"])
    s["players"][0].update(pos=calder_route()[8], train="fast", moves=12)
    lay(s, 0, (24, 17), (24, 18))  # Tarnside
    assert [a["toward"] for a in legal(s, 0, "move")] == ["Tarnside", "Calder Mills", "Larkmere"]
    fish = job("D007", 2, score=5, dest=KORVIN, have=True, good="Fish")
    move = bots._move(ENGINE, s, 0, legal(s, 0), [fish], [])
    assert move["toward"] == "Calder Mills" and node(*move["path"][-1]) == at("Calder Mills")


def test_a_one_milepost_move_nearer_the_stop_is_taken():
    """_move: one milepost out of Larkmere, with Oakhurst's Timber 8 mileposts on (7 of them on
    Player 2's track) and 10 in cash: the move to Oakhurst would leave no reserve for the fees,
    so the train takes the one milepost to Larkmere, nearer Oakhurst by one."""
    s = on_the_line(1)
    link(s, 1, "Larkmere", "Oakhurst")
    to_hand(s, 0, "D003")
    s["players"][0]["cash"] = 10
    timber = job("D002", 0, score=5, dest=CALDER, source=OAKHURST, good="Timber")
    move = bots._move(ENGINE, s, 0, legal(s, 0), [timber], [timber])
    assert move["toward"] == "Larkmere" and move["path"] == [[22, 8], [22, 7]]


def test_the_ready_made_move_to_the_stop_goes_first_even_when_another_ends_nearer_it():
    """_move: Fenwick wants the Timber aboard, 11 mileposts away over Player 2's track by Quillon,
    29 along its own by Calder Mills. Not reached this turn either way, the ready-made move
    keeps to its own track (no fees for a part of the way); the bot takes it, though the move
    to Quillon would end 4 from Fenwick."""
    s = blank("standard", 2)
    link(s, 0, "Larkmere", "Calder Mills", "Fenwick")
    link(s, 1, "Larkmere", "Quillon", "Fenwick")
    to_hand(s, 0, "D044")  # a demand of Fenwick's: the menu heads there
    s["players"][0].update(pos=at("Larkmere"), cash=20, loads=["Timber"])
    timber = job("D001", 0, score=5, dest=FENWICK, have=True, good="Timber")
    move = bots._move(ENGINE, s, 0, legal(s, 0), [timber], [])
    assert move["toward"] == "Fenwick" and node(*move["path"][-1]) == calder_route()[9] and len(move["path"]) == 10


def test_a_derailed_bot_loses_first_the_load_for_a_city_it_can_no_longer_reach():
    """_lose: D001's Iron to Jessamy pays 37, D003's Grain to Calder Mills 33, both locked, so
    the Grain is lost first; but once Players 2 and 3 have both built into Jessamy (a small city
    takes two players' track) and no track leads there from the bot's, the Iron's demand is
    worth nothing to it (no job rates it): the Iron goes first."""
    s = blank("public", 3)
    link(s, 0, "Larkmere", "Calder Mills")
    to_pool(s, "D001", "D003")
    s["players"][0].update(pos=at("Larkmere"), loads=["Iron", "Grain"])
    lock(s, 0, "D001", 0)
    lock(s, 0, "D003", 2)
    s["pending"] = [{"seat": 0, "kind": "derailment", "card": event_card("derailment")}]
    assert bots.choose(ENGINE, s, 0) == {"type": "lose_load", "good": "Grain", "card": "D003"}
    lay(s, 1, (22, 27), (23, 27))
    lay(s, 2, (22, 27), (22, 26))
    assert [(j.card, j.demand) for j in bots.jobs(s, 0)] == [("D003", 2)]
    assert bots.choose(ENGINE, s, 0) == {"type": "lose_load", "good": "Iron", "card": "D001"}


def test_a_fetch_takes_the_ready_made_move_that_keeps_the_reserve_even_when_another_ends_nearer():
    """_move: the same track as above, fetching Fenwick's Cheese instead: the ready-made move
    toward Fenwick keeps to the bot's own track, so it owes no fee and keeps the reserve: the
    bot takes it, not the move to Quillon (4 from Fenwick, its fee affordable with 20)."""
    s = blank("standard", 2)
    link(s, 0, "Larkmere", "Calder Mills", "Fenwick")
    link(s, 1, "Larkmere", "Quillon", "Fenwick")
    to_hand(s, 0, "D044")
    s["players"][0].update(pos=at("Larkmere"), cash=20)
    cheese = job("D001", 0, score=5, dest=KORVIN, source=FENWICK, good="Cheese")
    move = bots._move(ENGINE, s, 0, legal(s, 0), [cheese], [cheese])
    assert move["toward"] == "Fenwick" and node(*move["path"][-1]) == calder_route()[9]
