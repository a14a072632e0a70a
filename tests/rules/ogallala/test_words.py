"""The words a player reads (words.py): menu labels, the table's lines, a raid's explanation,
checked against the rule texts and the position, not copied from the code's output."""

from games.rules.ogallala.engine import ENGINE

from .helpers import fresh


def test_edition_ones_draws_name_its_three_stacks():
    # the rules' overview: the three stacks are bows and sterns, the other warriors, the booty
    s = fresh()
    labels = sorted(ENGINE.action_label(s, 0, a) for a in ENGINE.legal_actions(s, 0))
    assert labels == [
        "Draw from the booty stack",
        "Draw from the bows and sterns stack",
        "Draw from the warriors stack",
    ]
