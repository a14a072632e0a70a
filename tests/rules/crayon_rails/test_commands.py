"""Crayon Rails builds and moves named by cities (Engine.command): the path found is one the rules
accept, the same every time, and refused with a sentence when it cannot be played."""

import copy

import pytest

from games.rules.base import IllegalAction
from games.rules.crayon_rails.board import MAJOR_POSTS, node, xy
from games.rules.crayon_rails.engine import ENGINE
from games.rules.crayon_rails.network import track_nodes

from .helpers import at, begin, blank, lay, link, posts


def test_a_named_build_is_accepted_by_the_rules_and_the_same_every_time():
    state = blank(players=3)
    action = ENGINE.command(state, 0, "build Harrowgate to Kestrel Bay")
    assert action == ENGINE.command(copy.deepcopy(state), 0, "BUILD FROM harrowgate TO kestrel bay.")
    assert ENGINE.accepts(state, 0, action)
    assert node(*action["path"][0]) in posts("Harrowgate") and node(*action["path"][-1]) in posts("Kestrel Bay")
    ENGINE.apply(state, 0, action)
    # from the network now: the same city again is on it already
    with pytest.raises(IllegalAction, match="on your track already"):
        ENGINE.command(state, 0, "build to Kestrel Bay")


def test_toward_builds_what_this_turn_pays_where_the_whole_way_is_refused():
    state = blank(players=2)
    with pytest.raises(IllegalAction, match="costs 23; you may spend only 20"):
        ENGINE.command(state, 0, "build Harrowgate to Velmora")
    part = ENGINE.command(state, 0, "build toward Velmora")
    cost, _new = ENGINE.check_path(state, 0, part)
    assert 0 < cost <= 20


def test_a_move_goes_no_further_than_the_train_and_pays_no_fee_it_need_not():
    state = blank(players=2)
    ENGINE.apply(state, 0, ENGINE.command(state, 0, "build Harrowgate to Kestrel Bay"))
    begin(state, 0)
    state["players"][0]["pos"] = posts("Harrowgate")[0]
    move = ENGINE.command(state, 0, "move to Kestrel Bay")
    assert ENGINE.accepts(state, 0, move) and ENGINE.check_path(state, 0, move) == []
    assert len(move["path"]) - 1 <= state["players"][0]["moves"]
    state["players"][0]["moves"] = 1
    with pytest.raises(IllegalAction, match="mileposts away along the track; your train has 1 left"):
        ENGINE.command(state, 0, "move to Kestrel Bay")
    part = ENGINE.command(state, 0, "move toward Kestrel Bay")
    assert len(part["path"]) == 2 and ENGINE.accepts(state, 0, part)


def test_other_text_is_no_command():
    state = blank(players=2)
    for text in ("End your turn", "3", "build", "moving on", "Pick up Coal"):
        assert ENGINE.command(state, 0, text) is None


def refusal(state, text, seat=0):
    with pytest.raises(IllegalAction) as caught:
        ENGINE.command(state, seat, text)
    return str(caught.value)


def test_a_city_is_named_whole_in_any_case_or_by_the_start_only_one_name_has():
    state = blank(players=2)
    whole = ENGINE.command(state, 0, "build Harrowgate to Kestrel Bay")
    # its whole name, in any case and with its space written as a dash; three letters that start
    # only one city's name (Kes: Kestrel Bay); quotes and closing punctuation are not the name
    for text in ("build HARROWGATE to kestrel-bay", "build Harrowgate to Kes", "build “Harrowgate” to 'Kestrel Bay'!"):
        assert ENGINE.command(state, 0, text) == whole
    # two letters are no start, even of one name only (Ke: Kestrel Bay), nor close enough to one
    assert refusal(state, "build Harrowgate to Ke") == "There is no city called “Ke” on the map."
    assert refusal(state, "build Har to Kestrel Bay") == (
        "“Har” could be Harnoc or Harrowgate: which one? Write the city's whole name."
    )
    assert refusal(state, "build Harrowgate to Kestrelbay") == (
        "There is no city called “Kestrelbay”. Did you mean Kestrel Bay?"
    )


def test_a_named_build_says_why_building_is_not_allowed_now():
    draft = ENGINE.new_state({"mode": "public"}, 2, "commands")
    assert refusal(draft, "build Harrowgate to Kestrel Bay") == "Building starts after the draft."
    for change, why in (
        ({"upgraded": True}, "You upgraded your train this turn instead of building."),
        ({"stage": "pitched"}, "You pitched this turn: you may only lock loads or end it."),
        ({"cash": 0}, "You have no cash to build with."),
        ({"built": 20}, "You have spent this turn's 20 on building already."),
    ):
        state = blank(players=2)
        state["players"][0].update(change)
        assert refusal(state, "build Harrowgate to Kestrel Bay") == why, change
    # in the initial building turns a build is allowed, and its budget is the turn's 20
    building = ENGINE.new_state({"mode": "standard"}, 2, "commands")
    seat = ENGINE.to_act(building)[0]
    assert ENGINE.accepts(building, seat, ENGINE.command(building, seat, "build Harrowgate to Kestrel Bay"))


def test_a_named_build_from_a_city_needs_two_cities_and_track_that_reaches_the_first():
    state = blank(players=2)
    assert refusal(state, "build Harrowgate to Harrowgate") == (
        "That names Harrowgate twice: build from one city to another."
    )
    assert refusal(state, "build Oakhurst to Kestrel Bay") == (
        "Track starts at a major city or on your own track, and your track does not reach Oakhurst. "
        "Reply “build to Kestrel Bay” to build from your network."
    )
    link(state, 0, "Harrowgate", "Kestrel Bay")
    # from Kestrel Bay now: the seat's own track reaches it (a medium city); the build starts where
    # its first new section leaves that track or a major city's
    onward = ENGINE.command(state, 0, "build Kestrel Bay to Oakhurst")
    own = track_nodes(state["players"][0]["track"])
    assert node(*onward["path"][0]) in own | MAJOR_POSTS and node(*onward["path"][1]) not in own
    assert node(*onward["path"][-1]) in posts("Oakhurst")
    assert ENGINE.accepts(state, 0, onward)
    assert refusal(state, "build Kestrel Bay to Harrowgate") == "Your track already links Kestrel Bay and Harrowgate."
    assert refusal(state, "build to Harrowgate") == "Harrowgate is on your track already."


def test_a_named_build_too_dear_says_what_is_left_to_spend_and_toward_builds_what_it_pays():
    state = blank(players=2)
    state["players"][0]["cash"] = 10
    assert refusal(state, "build Harrowgate to Velmora") == (
        "The cheapest track from Harrowgate to Velmora costs 23; you have 10. "
        "Reply “build toward Velmora” to build as much of it as that pays."
    )
    state["players"][0].update(cash=50, built=15)
    assert refusal(state, "build Harrowgate to Velmora") == (
        "The cheapest track from Harrowgate to Velmora costs 23; you may spend only 5 more on building this turn. "
        "Reply “build toward Velmora” to build as much of it as that pays."
    )
    part = ENGINE.command(state, 0, "build toward Velmora")
    cost, _new = ENGINE.check_path(state, 0, part)
    assert 0 < cost <= 5 and part["toward"] == "Velmora"


def test_a_named_move_says_why_the_train_cannot_go():
    building = ENGINE.new_state({"mode": "standard"}, 2, "commands")
    seat = ENGINE.to_act(building)[0]
    assert refusal(building, "move to Kestrel Bay", seat) == "Trains move once the initial building is over."
    for change, why in (
        ({"stage": "pitched"}, "You pitched this turn: you may only lock loads or end it."),
        ({"stage": "build"}, "You have built or upgraded this turn: your train stays until your next turn."),
        ({"pos": None}, "Place your train on a city first."),
        ({"moves": 0}, "Your train has no mileposts left this turn."),
    ):
        state = blank(players=2)
        state["players"][0].update(pos=at("Harrowgate"))
        state["players"][0].update(change)
        assert refusal(state, "move to Kestrel Bay") == why, change
    state = blank(players=2)
    state["players"][0]["pos"] = posts("Harrowgate")[3]
    assert refusal(state, "move to Harrowgate") == "Your train is at Harrowgate already."
    # no track at all: neither the whole way nor toward
    assert refusal(state, "move to Kestrel Bay") == "No track you can use leads from your train to Kestrel Bay."
    assert refusal(state, "move toward Kestrel Bay") == "No track you can use leads from your train to Kestrel Bay."


def test_a_named_move_rides_anothers_track_for_the_fee_the_cash_pays_or_free_when_owed_nothing():
    """shared/rules/README.md: using another player's track costs 4 to each owner per turn; a
    resigned player's track is free to use (engine.py's readings)."""

    def on_player_2s_track(cash, **change):
        state = blank("standard", 2)
        link(state, 1, "Harrowgate", "Kestrel Bay")
        state["players"][0].update(pos=at("Harrowgate"), cash=cash, **change)
        return state

    for cash in (4, 50):
        state = on_player_2s_track(cash)
        move = ENGINE.command(state, 0, "move to Kestrel Bay")
        assert node(*move["path"][-1]) in posts("Kestrel Bay") and ENGINE.check_path(state, 0, move) == [1]
    assert refusal(on_player_2s_track(3), "move to Kestrel Bay") == (
        "No track you can use leads from your train to Kestrel Bay."
    )
    paid = on_player_2s_track(0, fees=[1])  # paid this turn already
    assert ENGINE.check_path(paid, 0, ENGINE.command(paid, 0, "move to Kestrel Bay")) == []
    left = on_player_2s_track(0)
    left["out"].append(1)
    assert ENGINE.check_path(left, 0, ENGINE.command(left, 0, "move to Kestrel Bay")) == []
    # two mileposts left: toward goes two along the route, to is refused with the distance
    short = on_player_2s_track(50, moves=2)
    part = ENGINE.command(short, 0, "move toward Kestrel Bay")
    assert len(part["path"]) == 3 and ENGINE.accepts(short, 0, part)
    assert refusal(short, "move to Kestrel Bay") == (
        "Kestrel Bay is 4 mileposts away along the track; your train has 2 left this turn. "
        "Reply “move toward Kestrel Bay” to go as far as it gets."
    )


def test_a_named_move_takes_the_route_with_the_least_fees_then_the_shortest():
    """commands.py: the route that pays the least in track fees, then the shortest. Player 2's
    track reaches Kestrel Bay in 4 mileposts, the seat's own in 5: the own one, free, is taken;
    once Player 2 is paid this turn both are free and the shorter one is taken."""
    state = blank("standard", 2)
    link(state, 1, "Harrowgate", "Kestrel Bay")
    own = [(7, 6), (7, 5), (8, 4), (7, 3), (7, 2), (6, 2)]
    lay(state, 0, *own)
    state["players"][0].update(pos=at("Harrowgate"), cash=50)
    assert node(*own[0]) == at("Harrowgate") and node(*own[-1]) in posts("Kestrel Bay")
    move = ENGINE.command(state, 0, "move to Kestrel Bay")
    assert move["path"] == [list(pt) for pt in own] and ENGINE.check_path(state, 0, move) == []
    state["players"][0]["fees"] = [1]
    move = ENGINE.command(state, 0, "move to Kestrel Bay")
    assert move["path"] == [[7, 6], [6, 5], [6, 4], [5, 3], [6, 2]] and ENGINE.check_path(state, 0, move) == []


def test_a_named_move_goes_exactly_as_far_as_the_mileposts_left_from_any_stage_before_building():
    state = blank("standard", 2)
    link(state, 0, "Harrowgate", "Kestrel Bay")  # 4 mileposts from the train
    state["players"][0].update(pos=at("Harrowgate"), moves=4, stage="move")  # it has moved this turn already
    move = ENGINE.command(state, 0, "move to Kestrel Bay")
    assert len(move["path"]) == 5 and ENGINE.accepts(state, 0, move)
    state["players"][0]["moves"] = 3
    assert refusal(state, "move to Kestrel Bay").startswith(
        "Kestrel Bay is 4 mileposts away along the track; your train has 3 left this turn."
    )
    # a train at a city no track leaves
    state = blank("standard", 2)
    state["players"][0]["pos"] = at("Oakhurst")
    assert refusal(state, "move to Kestrel Bay") == "No track you can use leads from your train to Kestrel Bay."


def test_a_named_build_refused_before_any_search_after_an_upgrade_or_a_pitch():
    """Velmora costs 23 from Harrowgate: the refusal is the upgrade's or the pitch's, not the cost's."""
    for change, why in (
        ({"upgraded": True}, "You upgraded your train this turn instead of building."),
        ({"stage": "pitched"}, "You pitched this turn: you may only lock loads or end it."),
    ):
        state = blank(players=2)
        state["players"][0].update(change)
        assert refusal(state, "build Harrowgate to Velmora") == why


def test_a_named_build_spends_to_the_last_coin_and_counts_the_water_it_crosses():
    """shared/rules/README.md: a medium city costs 3 to enter, crossing a river 2 more. Harrowgate
    to Quarry End costs 17 with one river crossed."""
    state = blank(players=2)
    state["players"][0]["cash"] = 16
    assert refusal(state, "build Harrowgate to Quarry End") == (
        "The cheapest track from Harrowgate to Quarry End costs 17; you have 16. "
        "Reply “build toward Quarry End” to build as much of it as that pays."
    )
    state["players"][0]["cash"] = 17
    build = ENGINE.command(state, 0, "build Harrowgate to Quarry End")
    assert ENGINE.check_path(state, 0, build)[0] == 17
    # one coin builds one clear section; with the turn's 20 spent, a coin is no budget
    state["players"][0]["cash"] = 1
    assert ENGINE.check_path(state, 0, ENGINE.command(state, 0, "build toward Kestrel Bay"))[0] == 1
    state["players"][0]["built"] = 20
    assert refusal(state, "build toward Kestrel Bay") == "You have spent this turn's 20 on building already."


def test_a_named_build_of_one_section_and_one_the_money_cannot_start():
    """The seat's track ends next to Kestrel Bay (a medium city: 3 to enter)."""
    state = blank(players=2)
    lay(state, 0, (7, 6), (6, 5), (6, 4), (5, 3))
    build = ENGINE.command(state, 0, "build to Kestrel Bay")
    assert build["path"] == [[5, 3], [6, 2]] and ENGINE.check_path(state, 0, build)[0] == 3
    state["players"][0]["cash"] = 2
    assert refusal(state, "build toward Kestrel Bay") == (
        "This turn's building money (2) does not pay the first section toward Kestrel Bay."
    )


def test_a_named_build_to_a_city_full_of_others_track_is_refused():
    """shared/rules/README.md: a small city takes track from at most 2 players; Players 2 and 3
    are at Dunmarrow."""
    state = blank("standard", 3)
    dunmarrow = posts("Dunmarrow")[0]
    lay(state, 1, (10, 1), xy(dunmarrow))
    lay(state, 2, (11, 1), xy(dunmarrow))
    way = "other players' track, floods, snow or full cities are in the way."
    assert (
        refusal(state, "build Harrowgate to Dunmarrow")
        == f"No track can be built from Harrowgate to Dunmarrow now: {way}"
    )
    assert refusal(state, "build to Dunmarrow") == f"No track can be built to Dunmarrow now: {way}"


def test_a_named_move_over_two_others_track_pays_both():
    """4 to each owner whose track is used: Player 2's track to [6, 4], Player 3's on to Kestrel Bay."""
    state = blank("standard", 3)
    lay(state, 1, (7, 6), (6, 5), (6, 4))
    lay(state, 2, (6, 4), (5, 3), (6, 2))
    state["players"][0].update(pos=at("Harrowgate"), cash=7)
    assert refusal(state, "move to Kestrel Bay") == "No track you can use leads from your train to Kestrel Bay."
    state["players"][0]["cash"] = 8
    move = ENGINE.command(state, 0, "move to Kestrel Bay")
    assert move["path"] == [[7, 6], [6, 5], [6, 4], [5, 3], [6, 2]] and ENGINE.check_path(state, 0, move) == [1, 2]


def test_a_city_is_named_without_the_quotes_and_closing_punctuation_around_it():
    """The name a refusal repeats is the reply's own, less the quotes around it and the sentence's
    closing punctuation; an apostrophe inside a word stays."""
    state = blank(players=2)
    for text, name in (
        ('move to "Nowhere"', "Nowhere"),
        ("move to 'Nowhere'", "Nowhere"),
        ("move to «Nowhere»!", "Nowhere"),
        ("move to Nowhere.", "Nowhere"),
        ("move to 'NOWHERE'S'", "NOWHERE'S"),
        ("move to nowhere's", "nowhere's"),
        ("move to STYX", "STYX"),
    ):
        assert refusal(state, text) == f"There is no city called “{name}” on the map.", text


def test_a_named_move_runs_back_along_the_track_it_came_by():
    """From Kestrel Bay back to Harrowgate: each milepost's neighbours are searched whatever the one
    before it (already passed, and first in milepost order)."""
    state = blank("standard", 2)
    route = [(7, 6), (6, 5), (6, 4), (5, 3), (6, 2)]
    lay(state, 0, *route)
    state["players"][0]["pos"] = node(6, 2)
    move = ENGINE.command(state, 0, "move to Harrowgate")
    assert node(6, 5) in posts("Harrowgate")  # the nearest of Harrowgate's mileposts
    assert move["path"] == [[6, 2], [5, 3], [6, 4], [6, 5]] and ENGINE.accepts(state, 0, move)


def test_of_two_routes_equal_in_fees_and_length_the_first_in_milepost_order_is_taken():
    """commands.py: a breadth-first search, neighbours in milepost order. Players 2 and 3 each have
    4 mileposts of track from Harrowgate's [7, 6] to Kestrel Bay's [6, 2], each a fee of 4: the
    route by [6, 5] (the lower milepost of the two first steps: row 5 before, column 6 before 7)
    is found first and kept."""
    state = blank("standard", 3)
    lay(state, 1, (7, 6), (6, 5), (6, 4), (5, 3), (6, 2))
    lay(state, 2, (7, 6), (7, 5), (7, 4), (6, 3), (6, 2))
    state["players"][0].update(pos=at("Harrowgate"), cash=50)
    assert node(6, 5) < node(7, 5)
    move = ENGINE.command(state, 0, "move to Kestrel Bay")
    assert move["path"] == [[7, 6], [6, 5], [6, 4], [5, 3], [6, 2]] and ENGINE.check_path(state, 0, move) == [1]
