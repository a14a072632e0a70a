"""What each action leaves the rest of the turn open to (found by mutation testing, issue #31:
games/rules/crayon_rails/actions.py, whose stage changes no test read after most actions)."""

import copy

import pytest

from games.rules.base import IllegalAction
from games.rules.crayon_rails.board import node
from games.rules.crayon_rails.cards import DEMANDS

from .helpers import act, at, blank, demand_cards, lay, legal, lock, on_top, plain_cards, to_hand, to_pool

FIRST = "Discarding your hand gives up the whole turn: do it before anything else."


def with_hand(**p0):
    """Standard mode, Player 1 to play, holding three cards (one of them D003: Grain to Calder Mills)."""
    s = blank("standard", 2)
    to_hand(s, 0, "D003", *plain_cards(2, exclude=["D003"]))
    on_top(s, *plain_cards(3, exclude=s["players"][0]["hand"]))
    s["players"][0].update(copy.deepcopy(p0))  # the caller's lists stay as they were
    return s


@pytest.mark.parametrize(
    "why, position, action",
    [
        ("placing the train", {}, {"type": "place_train", "city": "Velmora"}),
        ("moving", {"pos": node(22, 7)}, {"type": "move", "path": [[22, 7], [22, 6]]}),
        ("picking up a load", {"pos": node(22, 7)}, {"type": "pickup", "good": "Grain"}),
        ("dropping a load", {"pos": node(22, 7), "loads": ["Grain"]}, {"type": "drop", "good": "Grain"}),
        (
            "delivering",
            {"pos": at("Calder Mills"), "loads": ["Grain"]},
            {"type": "deliver", "card": "D003", "demand": 2},
        ),
    ],
)
def test_no_hand_discarded_after_another_action(why, position, action):
    """shared/rules/README.md, standard mode: discarding the hand gives up the whole turn, so it
    comes before anything else (menus.py): after any action of the turn it is refused."""
    position, action = copy.deepcopy(position), copy.deepcopy(action)  # the parameters are shared by reruns
    s = with_hand(**position)
    lay(s, 0, (22, 7), (22, 6))
    assert legal(s, 0, "discard_hand") == [{"type": "discard_hand"}]
    fields = dict(action)  # the parameter itself stays whole for a second run in the same process
    act(s, 0, fields.pop("type"), **fields)
    assert not legal(s, 0, "discard_hand"), why
    with pytest.raises(IllegalAction, match="before anything else"):
        act(s, 0, "discard_hand")


def test_an_upgrade_ends_moving_and_loading():
    """shared/rules/README.md: a turn is move, then build or upgrade; after the upgrade the train
    neither moves nor loads."""
    s = blank("standard", 2)
    lay(s, 0, (22, 7), (22, 6))
    s["players"][0].update(pos=at("Larkmere"))
    act(s, 0, "upgrade", train="fast")
    assert s["players"][0]["stage"] == "build"
    assert not legal(s, 0, "pickup") and not legal(s, 0, "move")
    with pytest.raises(IllegalAction, match="built or upgraded this turn"):
        act(s, 0, "pickup", good="Grain")
    with pytest.raises(IllegalAction, match="upgraded"):
        act(s, 0, "move", path=[[22, 7], [22, 6]])


def test_a_pickup_that_loads_a_private_card_is_told_like_any_other():
    """shared/rules/README.md, public pool setup: a kept card waits for its load; picking it up
    is logged as any pickup."""
    s = blank("public", 2)
    cid, d = demand_cards(good="Grain")[0]
    to_pool(s, *plain_cards(6, exclude=[cid]))
    to_hand(s, 0, cid)
    lock(s, 0, cid, d, private=True, loaded=False)
    s["players"][0]["pos"] = at("Larkmere")
    events = act(s, 0, "pickup", good="Grain")
    assert events[0]["public"] == {"good": "Grain", "text": "Player 1 picks up Grain at Larkmere."}
    assert s["players"][0]["locks"][0]["loaded"] is True and DEMANDS[cid][d][0] == "Grain"


def test_a_move_and_a_build_name_where_they_end():
    """The log says where the train went (with no fee on one's own track) and where a build of
    several sections ends."""
    s = blank("standard", 2)
    lay(s, 0, (22, 7), (22, 6), (22, 5))
    s["players"][0]["pos"] = at("Larkmere")
    said = act(s, 0, "move", path=[[22, 7], [22, 6], [22, 5]])[0]["public"]
    assert said["text"] == "Player 1 moves 2 mileposts to the milepost just south-east of Velmora."
    said = act(s, 0, "build", path=[[22, 7], [22, 8], [22, 9]])[0]["public"]
    assert said["text"] == "Player 1 builds 2 track sections to the milepost 2 steps south of Larkmere for 2."


@pytest.mark.parametrize("stage", ["start", "move", "build"])
def test_the_menu_offers_builds_before_and_after_moving_and_between_builds(stage):
    """shared/rules/README.md: move, then build or upgrade; building may come in several paths up
    to the turn's 20, so the menu's ready-made builds stay on offer at the turn's start, after a
    move and after a first build (paths.py's gate), and go once the seat upgraded."""
    s = blank("standard", 2)
    to_hand(s, 0, "D001", "D002", "D003")
    s["players"][0].update(stage=stage, built=3 if stage == "build" else 0)
    builds = legal(s, 0, "build")
    assert builds and {a["toward"] for a in builds} >= {"Jessamy"}  # D001: Iron to Jessamy
    s["players"][0]["upgraded"] = True
    assert not legal(s, 0, "build")
