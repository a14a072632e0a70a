"""The checks of a build or a move path (paths.py) say their own sentence, exactly, and let a path
through at their bounds (found by mutation testing, issue #31: most of these sentences were read
by no test, or only in part)."""

import re

import pytest

from games.rules.base import IllegalAction
from games.rules.checks import SAME_MOVE
from games.rules.crayon_rails.board import node
from games.rules.crayon_rails.engine import ENGINE

from .helpers import at, event_card, lay, legal
from .test_refusals import public, standard


def on_velmora_line(**p0):
    """Player 1 has track from Velmora's south-east milepost (22, 4) down to Larkmere (22, 7)."""
    s = standard(**p0)
    lay(s, 0, (22, 4), (22, 5), (22, 6), (22, 7))
    return s


def snowed_in():
    """Snow around Quarry End (drawn by Player 2); Player 1 has track into Quarry End (11, 20)."""
    s = standard()
    lay(s, 0, (12, 20), (11, 20))
    s["events"].append(
        {"card": event_card("snow", cities=["Quarry End"]), "type": "snow", "drawer": 1, "turns_left": 2}
        | {"cities": ["Quarry End"], "radius": 4}
    )
    return s


def theirs():
    """Player 2 has track from Velmora's south-east milepost (22, 4) to (22, 5)."""
    s = standard()
    lay(s, 1, (22, 4), (22, 5))
    return s


def build(*points, **extra):
    return {"type": "build", "path": [list(p) for p in points], **extra}


def move(*points, **extra):
    return {"type": "move", "path": [list(p) for p in points], **extra}


VELMORA_DOWN = [(21, 3), (22, 4), (22, 5), (22, 6)]  # Velmora's city track, then two of Player 1's
PITCHED = "You pitched this turn: you may only lock loads or end it."

CASES = [
    # reading the path (parse_path)
    (
        "a path and nothing else, the rest named in order",
        standard,
        build((22, 4), (22, 5), via=1, cost=0),
        "A build has a path and nothing else (not cost, via).",
    ),
    ("'toward' names a city", standard, move((21, 3), (22, 4), toward=3), "'toward' names a city."),
    (
        "two mileposts at least",
        standard,
        build((22, 4)),
        "A path is a list of at least two mileposts [x, y].",
    ),
    (
        "a milepost is two numbers",
        standard,
        build((22, 4), (22, 5, 0)),
        "Each milepost of a path is [x, y] with whole numbers.",
    ),
    (
        "a milepost's numbers are not yes and no",
        standard,
        build((22, 4), (True, 5)),
        "Each milepost of a path is [x, y] with whole numbers.",
    ),
    ("a milepost west of the map", standard, build((-1, 5), (0, 5)), "There is no milepost at -1,5."),
    ("a milepost below the map", standard, build((22, 4), (22, 30)), "There is no milepost at 22,30."),
    ("the sea has no milepost", standard, build((0, 0), (1, 0)), "There is no milepost at 0,0."),
    (
        "row 0 has mileposts (the path is read, then refused where it starts)",
        standard,
        build((11, 0), (12, 0)),
        "Track starts at a major city or on your own track; the milepost 2 steps north of Dunmarrow is neither.",
    ),
    (
        "each step goes to a neighbour, the sentence capitalised",
        standard,
        build((22, 5), (22, 7)),
        "The milepost just south-east of Velmora and Larkmere are not neighbours.",
    ),
    # building (check_build)
    (
        "no building after an upgrade",
        lambda: standard(upgraded=True, stage="build"),
        build((22, 4), (22, 5)),
        "You upgraded your train this turn instead of building.",
    ),
    (
        "no building on a pitched turn",
        lambda: public(stage="pitched"),
        build((22, 4), (22, 5)),
        PITCHED,
    ),
    (
        "another player's track",
        theirs,
        build((22, 4), (22, 5)),
        "Player 2 already has track between Velmora and the milepost just south-east of Velmora.",
    ),
    ("something new", on_velmora_line, build((22, 4), (22, 5)), "That path builds nothing new."),
    (
        "a section once",
        standard,
        build((22, 4), (22, 5), (22, 4)),
        "The path builds the same section twice.",
    ),
    (
        "snow: no building into its mountains",
        snowed_in,
        build((11, 20), (10, 20)),
        "Snow: nobody builds into the mountains at the milepost just west of Quarry End now.",
    ),
    (
        "20 a turn",
        lambda: standard(cash=100),
        build((20, 3), (19, 3), (18, 3), (17, 3), (17, 4), (16, 4), (15, 4)),  # 2 + 5 + 5 + 5 + 2 + 2
        "That costs 21; you may spend only 20 more on building this turn.",
    ),
    (
        "only the cash there is",
        lambda: standard(cash=6),
        build((20, 3), (19, 3), (18, 3)),  # mountain 2, alpine 5
        "That costs 7 and you have 6.",
    ),
    # moving (check_move)
    (
        "no moving in the initial building turns",
        lambda: ENGINE.new_state({"mode": "standard"}, 2, "path checks"),
        move((21, 3), (22, 4)),
        "Trains move once the initial building is over.",
    ),
    ("no moving on a pitched turn", lambda: public(stage="pitched", pos=at("Velmora")), move(*VELMORA_DOWN), PITCHED),
    (
        "no moving after building",
        lambda: on_velmora_line(stage="build", pos=at("Velmora")),
        move(*VELMORA_DOWN),
        "You have built or upgraded this turn: your train stays until your next turn.",
    ),
    (
        "no track at all where the train stands",
        lambda: standard(pos=at("Larkmere")),
        move((22, 7), (22, 6)),
        "There is no track between Larkmere and the milepost just north-west of Larkmere.",
    ),
    ("a train on the map", on_velmora_line, move(*VELMORA_DOWN), "Place your train on a city first."),
    (
        "from where the train stands",
        lambda: on_velmora_line(pos=at("Velmora")),
        move(*VELMORA_DOWN[1:]),
        "A move starts where your train stands, Velmora.",
    ),
    (
        "no further than the mileposts left",
        lambda: on_velmora_line(pos=at("Velmora"), moves=2),
        move(*VELMORA_DOWN),
        "That is 3 mileposts; your train has 2 left this turn.",
    ),
    (
        "one milepost is one",
        lambda: on_velmora_line(pos=at("Velmora"), moves=0),
        move(*VELMORA_DOWN[:2]),
        "That is 1 milepost; your train has 0 left this turn.",
    ),
]


MALFORMED = {
    "a path and nothing else, the rest named in order",
    "'toward' names a city",
    "two mileposts at least",
    "a milepost is two numbers",
    "a milepost's numbers are not yes and no",
}


@pytest.mark.parametrize(("rule", "position", "action", "sentence"), CASES, ids=[c[0] for c in CASES])
def test_each_path_check_says_why(rule, position, action, sentence):
    """The rule named in the case's id; the refusal is that check's own sentence, the menu offers
    no such path and apply refuses it; a path that cannot be read is refused as malformed (its
    code), where accepts raises instead of saying no."""
    s = position()
    seat = ENGINE.to_act(s)[0]
    assert ENGINE.explain_illegal(s, seat, action) == sentence
    assert action not in legal(s, seat)
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(s, seat, action)
    assert refused.value.message == sentence
    malformed = rule in MALFORMED
    assert refused.value.code == ("MALFORMED_ACTION" if malformed else "ILLEGAL_ACTION")
    if malformed:  # a path that cannot be read is an error of the message, not a move to weigh
        with pytest.raises(IllegalAction, match="^" + re.escape(sentence) + "$"):
            ENGINE.accepts(s, seat, action)
    else:
        assert not ENGINE.accepts(s, seat, action)


def test_the_build_check_itself_refuses_a_build_in_the_draft():
    """The draft comes before any building (the menu takes no path then; the check says so too)."""
    s = ENGINE.new_state({"mode": "public"}, 2, "path checks")
    assert s["phase"] == "draft"
    with pytest.raises(IllegalAction, match=r"^Building starts after the draft\.$"):
        ENGINE.check_build(s, 0, [node(22, 4), node(22, 5)])


def test_the_path_checks_pass_at_their_bounds():
    """Exactly the cash, exactly the 20 left, exactly the mileposts left, exactly the fee: allowed."""
    s = standard(cash=7)
    assert ENGINE.explain_illegal(s, 0, build((20, 3), (19, 3), (18, 3))) == SAME_MOVE
    s = standard(cash=100, built=1)
    path = build((20, 3), (19, 3), (18, 3), (17, 3), (17, 4), (16, 4))  # 2 + 5 + 5 + 5 + 2 = 19
    assert ENGINE.explain_illegal(s, 0, path) == SAME_MOVE
    s = on_velmora_line(pos=at("Velmora"), moves=3)
    assert ENGINE.explain_illegal(s, 0, move(*VELMORA_DOWN)) == SAME_MOVE
    assert ENGINE.accepts(s, 0, move(*VELMORA_DOWN))
    s = theirs()  # the fee of Player 2's track, 4, with exactly 4
    s["players"][0].update(pos=at("Velmora"), cash=4)
    assert ENGINE.explain_illegal(s, 0, move((21, 3), (22, 4), (22, 5))) == SAME_MOVE


def test_the_draft_refuses_a_path_with_its_own_sentence_before_reading_it():
    """shared/rules/README.md, public-locking setup: the draft comes first; a build or a move then
    is the draft's to refuse, and the path is not read (a malformed one is not an error there)."""
    s = ENGINE.new_state({"mode": "public"}, 2, "path checks")
    assert s["phase"] == "draft"
    draft = "It is the setup draft: keep up to two cards, or pass the rest on."
    for action in (build((22, 4), (22, 5)), move((22, 4), (22, 5)), {"type": "build", "path": "north"}):
        assert ENGINE.explain_illegal(s, 0, action) == draft
        assert ENGINE.accepts(s, 0, action) is False
