"""The bot's choices in exact positions, against what its module says it does: it builds boats
bow first and completes them, raids the most valuable card or shoots the strongest warrior,
attacks where the loot is richest, and ends the game only when it leads."""

from games.rules.base import Rng
from games.rules.ogallala.engine import ENGINE

from .helpers import draw, fresh, lay, legal, place


def bot(s, seat=0, stream=1):
    action = ENGINE.bot_action(s, seat, Rng.stream(stream))
    assert action in legal(s, seat)
    return action


def test_the_archer_shoots_the_strongest_warrior():
    s = fresh()
    lay(s, 1, 0, 0, "bow_warrior", "chieftain", "furs")  # combat 1 and 5
    draw(s, 0, "archer")
    place(s, 0, 0, 0)
    assert {(a["row"], a["col"]) for a in legal(s, 0, "shoot")} == {(0, 0), (0, 1)}
    for stream in range(5):
        assert bot(s, stream=stream) == {"type": "shoot", "target": 1, "row": 0, "col": 1}


def test_the_lasso_takes_the_most_valuable_card():
    # booty is worth more than a plain bow, and a totem pole more than any booty
    s = fresh()
    lay(s, 1, 0, 0, "bow", "furs")
    draw(s, 0, "lasso")
    place(s, 0, 0, 5)
    for stream in range(5):
        assert bot(s, stream=stream) == {"type": "lasso", "target": 1, "row": 0, "col": 1}
    s = fresh()
    lay(s, 1, 0, 0, "furs", "totem")
    draw(s, 0, "lasso")
    place(s, 0, 0, 5)
    targets = {(a["row"], a["col"]) for a in legal(s, 0, "lasso")}
    assert (0, 1) in targets
    assert bot(s) == {"type": "lasso", "target": 1, "row": 0, "col": 1}


def test_the_end_is_taken_only_when_leading():
    s = fresh()
    lay(s, 0, 1, 0, "bow", "furs", "stern")
    lay(s, 0, 2, 0, "bow", "warrior1", "stern")
    lay(s, 0, 0, 0, "bow", "tobacco")
    draw(s, 0, "stern")
    place(s, 0, 0, 2)
    assert legal(s, 0) == [{"type": "end_game"}, {"type": "continue"}]
    assert bot(s) == {"type": "end_game"}
    s = fresh()
    lay(s, 0, 1, 0, "bow", "furs", "stern")
    lay(s, 0, 2, 0, "bow", "warrior1", "stern")
    lay(s, 0, 0, 0, "bow", "tobacco")
    for r in range(3):
        lay(s, 1, r, 0, "bow", "firewater" if r == 0 else "furs", "stern")
    draw(s, 0, "stern")
    place(s, 0, 0, 2)
    scores = ENGINE.scores(s)
    assert scores[1] >= scores[0]
    assert bot(s) == {"type": "continue"}


def test_a_completed_boat_attacks_where_the_loot_is_richest():
    s = fresh()
    lay(s, 0, 0, 0, "bow", "chieftain", "furs")  # strength 5 once the stern is on
    lay(s, 1, 0, 0, "warrior1", "furs", "tobacco")  # a weak section holding two booty
    lay(s, 1, 1, 0, "warrior1")  # as weak, and nothing to take
    draw(s, 0, "stern")
    place(s, 0, 0, 3)
    assert {(a["row"], a["start"]) for a in legal(s, 0, "attack")} == {(0, 0), (1, 0)}
    for stream in range(5):
        assert bot(s, stream=stream) == {"type": "attack", "target": 1, "row": 0, "start": 0}


def test_the_crazy_axe_sinks_the_poorer_boat():
    s = fresh()
    lay(s, 0, 0, 0, "bow", "stern")
    lay(s, 0, 1, 2, "bow", "furs", "tobacco", "stern")
    draw(s, 0, "axe")
    assert len(legal(s, 0, "sink")) == 2
    for stream in range(5):
        assert bot(s, stream=stream) == {"type": "sink", "row": 0, "start": 0}


def test_ii_an_archer_with_no_space_still_shoots_the_strongest_warrior():
    s = fresh("II")
    for r in range(3):
        lay(s, 0, r, 0, "archer")
    lay(s, 1, 0, 3, "warrior2", "chieftain")
    draw(s, 0, "archer")
    assert {"type": "discard"} in legal(s, 0) and not legal(s, 0, "place")
    for stream in range(5):
        assert bot(s, stream=stream) == {"type": "shoot", "target": 1, "row": 0, "col": 4}


def test_the_end_is_not_taken_on_a_tie():
    s = fresh()
    lay(s, 0, 1, 0, "bow", "furs", "stern")
    lay(s, 0, 2, 0, "bow", "warrior1", "stern")
    lay(s, 0, 0, 0, "bow", "tobacco")
    lay(s, 1, 1, 0, "bow", "furs", "stern")
    lay(s, 1, 2, 0, "bow", "warrior1", "stern")
    lay(s, 1, 0, 0, "bow", "tobacco", "stern")
    draw(s, 0, "stern")
    place(s, 0, 0, 2)
    scores = ENGINE.scores(s)
    assert scores[0] == scores[1]
    assert bot(s) == {"type": "continue"}
