"""Crayon Rails builds and moves named by cities (Engine.command): the path found is one the rules
accept, the same every time, and refused with a sentence when it cannot be played."""

import copy

import pytest

from games.rules.base import IllegalAction
from games.rules.crayon_rails.board import node
from games.rules.crayon_rails.engine import ENGINE

from .helpers import begin, blank, posts


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
