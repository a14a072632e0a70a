"""What an Ogallala view never shows, whoever asks (a seat, the turn player, a spectator): the
stacks' cards and their order, the seed, and in Ogallala II the discard and another seat's drawn
card that has no space (discarded face down). Every river and the cards drawn to place are public."""

import json

import pytest

from games.rules.ogallala.engine import ENGINE

from .helpers import draw, fill_two_display, fresh, lay


def _seen(state, seat):
    return json.dumps(ENGINE.view(state, seat))


@pytest.mark.parametrize("edition", ["I", "II"])
def test_no_view_shows_a_stack_card_or_the_seed(edition):
    s = fresh(edition, seats=3)
    s["rng"]["seed"] = "seed-7f3a"
    lay(s, 0, 0, 0, "bow", "warrior2")
    draw(s, 0, "furs")
    for seat in (0, 1, 2, None):
        v = ENGINE.view(s, seat)
        seen = json.dumps(v)
        assert not any(cid in seen for stack in s["stacks"] for cid in stack)
        assert "seed-7f3a" not in seen and "rng" not in v and "counter" not in seen
        # the card drawn to place is public: every seat sees it
        assert [c["kind"] for c in v["hand"]] == ["furs"] and v["pending"]["card"]["kind"] == "furs"
        assert v["stacks"] == [
            {"index": k, "name": name, "size": len(stack)}
            for k, (name, stack) in enumerate(
                zip(["bows and sterns", "warriors", "booty"] if edition == "I" else ["stack"], s["stacks"])
            )
        ]


def test_ogallala_two_hides_the_discard_from_every_seat_and_one_shows_it():
    s = fresh("II")
    discarded = [s["stacks"][0].pop(), s["stacks"][0].pop()]
    s["discard"] = list(discarded)
    for seat in (0, 1, None):
        v = ENGINE.view(s, seat)
        assert "discard" not in v and v["discard_size"] == 2
        assert not any(cid in json.dumps(v) for cid in discarded)
    one = fresh("I")
    one["discard"] = [one["stacks"][1].pop()]
    assert [c["id"] for c in ENGINE.view(one, 1)["discard"]] == one["discard"]


def test_a_card_without_a_space_is_hidden_from_the_other_seats_hand_and_shown_to_its_drawer():
    s = fresh("II", seats=3)
    fill_two_display(s, 0)
    draw(s, 0, "tent")
    tent = s["hand"][0]
    assert [c["id"] for c in ENGINE.view(s, 0)["hand"]] == [tent]
    assert ENGINE.view(s, 0)["pending"] == {"phase": "place", "seat": 0, "card": ENGINE.view(s, 0)["hand"][0]}
    for seat in (1, 2, None):
        v = ENGINE.view(s, seat)
        assert v["hand"] == [] and tent not in _seen(s, seat)


def test_a_view_names_the_game_the_turn_the_tallies_and_each_boats_edges():
    s = fresh("I", two_tribes=True)
    lay(s, 0, 0, 2, "bow", "furs", "stern")
    lay(s, 0, 1, 0, "warrior1:r", ".", ".", "furs")
    s["removed"] = [s["stacks"][1].pop()]
    v = ENGINE.view(s, 1)
    assert (v["game"], v["turn"], v["to_act"], v["removed_size"]) == ("ogallala", 0, [0], 1)
    assert v["scores"] == ENGINE.scores(s) and "spare" not in v
    me = v["players"][0]
    assert me["boats"][0]["colour"] is None
    assert [x["colour"] for x in me["sections"]] == ["red", None]
    left, middle, right = me["display"][0][2:5]
    assert (left["boat_left"], left["boat_right"]) == (True, False)
    assert (middle["boat_left"], middle["boat_right"]) == (False, False)
    assert (right["boat_left"], right["boat_right"]) == (False, True)
    assert "in_boat" not in me["display"][1][3] and "in_boat" not in me["display"][1][0]
    spare = fresh("II", spoils_canoes=True)
    assert [c["id"] for c in ENGINE.view(spare, 1)["spare"]] == spare["spare"]


def test_an_attack_step_shows_the_attacking_boat():
    s = fresh("II")
    lay(s, 0, 0, 0, "bow", "shaman")
    lay(s, 1, 0, 0, "warrior1")
    draw(s, 0, "stern")
    ENGINE.apply(s, 0, {"type": "place", "row": 0, "col": 2})
    assert ENGINE.current_step(s) == "attack"
    assert ENGINE.view(s, 1)["pending"]["boat"] == {"row": 0, "start": 0, "end": 2}
