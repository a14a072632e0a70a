"""Calamities, the details mutation testing (#31) found untested: where each card goes, who is
told what, the count-downs of each ruleset."""

from games.rules.oregon_trail.engine import ENGINE

from .helpers import act, blank, give_supplies, held, logged, set_draws
from .test_calamities import send


def test_hunting_bullets_kept_the_card_goes_to_the_calamity_discard():
    state = blank(players=2)
    give_supplies(state, 1, "bullets")
    events = send(state, "hunting", 1)
    cid = next(e["public"]["card"] for e in events if e["type"] == "calamity")
    assert state["revealed"] == [cid]
    act(state, 1, {"type": "bullets", "use": False})
    assert held(state, 1) == ["bullets"] and state["revealed"] == []
    assert state["calamity_discard"][-1] == cid
    assert ENGINE.to_act(state) == [0]


def test_thief_bullets_not_fired_the_thief_draws_one_of_the_victims_supplies():
    state = blank(players=2)
    give_supplies(state, 1, "bullets", "food")
    send(state, "thief", 1)
    assert ENGINE.decision_kind(state, 1) == "thief_bullets"
    set_draws(state, (2, 1))
    events = act(state, 1, {"type": "bullets", "use": False})
    assert held(state, 0) == ["food"] and held(state, 1) == ["bullets"]
    assert events == [
        logged(
            "theft",
            0,
            "Player 1 steals a supply from Player 2.",
            audience=[1],
            private={
                "0": {"supply": "food", "text": "You take Food."},
                "1": {"supply": "food", "text": "You lose Food."},
            },
        )
    ]


def test_classic_thief_dies_variant_tells_the_member_shot_as_a_thief():
    state = blank("classic", players=3, classic_thief="thief_dies")
    give_supplies(state, 1, "bullets")
    send(state, "thief", 1)
    events = act(state, 1, {"type": "bullets", "use": True})
    assert events[-1] == logged(
        "member_died",
        0,
        "Player 1 loses 1 wagon member (shot as a thief); 3 left.",
        audience=[0],
        victim=0,
        count=1,
        cause="shot as a thief",
        members_left=3,
    )
