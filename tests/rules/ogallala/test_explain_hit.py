"""explain_hit: what a lasso, an arrow, a conquest or (II) a hunter does to the player it hits,
what mends it and until when, in each edition, checked against the rules text."""

import pytest

from games.rules.ogallala.cards import info
from games.rules.ogallala.engine import ENGINE

from .helpers import draw, fresh, kinds, lay, place


def explained(state, events, seat=1):
    ev = next(e for e in events if seat in (e.get("audience") or ()))
    parts = ENGINE.explain_hit(state, ev, seat)
    assert len(parts) == 3 and all(isinstance(p, str) and p.endswith(".") for p in parts), parts
    return parts


@pytest.mark.parametrize("edition", ["I", "II"])
def test_a_lassoed_card_is_gone_for_good_and_its_space_is_free(edition):
    s = fresh(edition)
    lay(s, 1, 0, 0, "bow", "furs")
    draw(s, 0, "lasso")
    place(s, 0, 1, 5)
    events = ENGINE.apply(s, 0, {"type": "lasso", "target": 1, "row": 0, "col": 1})
    does, mends, by_when = explained(s, events)
    assert does.startswith("The card leaves your river for good: Player 1 places it in their own")
    assert "Furs" not in does  # the event's own sentence names it
    if edition == "I":
        # I: only complete boats score, and a boat has no empty space between bow and stern
        assert "Only complete boats score at the end" in does
        assert mends.endswith("placed cards never move (except to assemble a booty suite).")
        assert "all three stacks are empty" in by_when and by_when.endswith(" cards left in the stacks.")
        left = sum(len(x) for x in s["stacks"])
        assert f"{left} cards left in the stacks." in by_when
    else:
        # II: every card on the display scores; the same card never twice in a row
        assert "Every card in your river scores at the end" in does
        assert "never a second card of a kind already in that row" in mends
        assert "a player completes 3 boats or when all cards have been placed" in by_when
    assert mends.startswith("Nothing gives back what was taken.")
    assert "Nobody has a complete boat yet." in by_when


@pytest.mark.parametrize("edition", ["I", "II"])
def test_an_arrow_takes_the_warriors_strength(edition):
    s = fresh(edition)
    lay(s, 1, 0, 0, "bow", "warrior3")
    draw(s, 0, "archer")
    place(s, 0, 1, 5)
    events = ENGINE.apply(s, 0, {"type": "shoot", "target": 1, "row": 0, "col": 1})
    does, _, _ = explained(s, events)
    boat = "incomplete boat" if edition == "I" else "boat"  # II's arrow reaches complete boats too
    assert f"its combat strength (3) leaves that {boat} of yours, which is now easier to conquer" in does
    if edition == "I":
        assert does.startswith("The warrior is out of the game")
        assert info(s["removed"][-1]).kind == "warrior3"
    else:
        assert does.startswith("The warrior goes face down to the discard")
        assert info(s["discard"][-1]).kind == "warrior3"


def test_a_conquest_in_one_sends_the_warriors_out_and_the_spoils_to_the_winner():
    s = fresh("I")
    lay(s, 0, 0, 0, "bow", "chieftain", "furs")
    lay(s, 1, 0, 0, "bow_warrior", "warrior3", "tobacco")
    lay(s, 1, 2, 0, "bow", "stern")
    draw(s, 0, "stern")
    place(s, 0, 0, 3)
    events = ENGINE.apply(s, 0, {"type": "attack", "target": 1, "row": 0, "start": 0})
    does, mends, by_when = explained(s, events)
    assert does == (
        "Its 2 warrior cards are out of the game. Its other card goes to Player 1, who places what fits in their "
        "river (the rest is discarded). Those spaces in your river are empty now."
    )
    assert kinds(s, 1, 0)[:3] == [".", ".", "."]
    assert "Most complete boats now: Player 1 and you, with 1." in by_when


def test_a_conquest_in_two_leaves_what_the_winner_cannot_use():
    s = fresh("II")
    lay(s, 0, 0, 0, "bow", "chieftain", "furs")
    lay(s, 1, 0, 0, "bow_warrior", "warrior3", "tobacco")
    draw(s, 0, "stern")
    place(s, 0, 0, 3)
    events = ENGINE.apply(s, 0, {"type": "attack", "target": 1, "row": 0, "start": 0})
    does, _, by_when = explained(s, events)
    assert does == (
        "Its 2 warrior cards are now face down on the discard. Player 1 may take its other cards that they do not "
        "have yet and can place; whatever they leave stays in your river."
    )
    assert "Most complete boats now: Player 1, with 1; you have 0." in by_when


def test_a_hunter_in_two_takes_a_suite_card():
    s = fresh("II")
    lay(s, 1, 0, 0, "bear_front", "furs")
    draw(s, 0, "bear_hunter")
    place(s, 0, 0, 0)
    events = ENGINE.apply(s, 0, {"type": "hunt", "target": 1, "row": 0, "col": 0})
    does, _, _ = explained(s, events)
    assert does.startswith("The card leaves your river for good: Player 1's hunter places it in their own")


def test_only_the_player_hit_is_explained_anything():
    s = fresh("I")
    lay(s, 1, 0, 0, "bow", "furs")
    draw(s, 0, "lasso")
    place(s, 0, 1, 5)
    events = ENGINE.apply(s, 0, {"type": "lasso", "target": 1, "row": 0, "col": 1})
    lasso = next(e for e in events if e["type"] == "lasso")
    assert ENGINE.explain_hit(s, lasso, 0) == []
    assert all(ENGINE.explain_hit(s, e, 1) == [] for e in events if e["type"] != "lasso")


def test_hit_places_name_the_spaces_a_lasso_or_a_conquest_emptied():
    """Engine.hit_places (#24): the page marks the exact spaces of the victim's river that were hit."""
    s = fresh("I")
    lay(s, 1, 0, 0, "bow", "furs")
    draw(s, 0, "lasso")
    place(s, 0, 1, 5)
    action = {"type": "lasso", "target": 1, "row": 0, "col": 1}
    events = ENGINE.apply(s, 0, action)
    ev = next(e for e in events if 1 in (e.get("audience") or ()))
    assert ENGINE.hit_places(s, 1, ev, action) == ["river:1:0:1"]
    assert ENGINE.hit_places(s, 0, ev, action) == []

    s = fresh("I")
    lay(s, 0, 0, 0, "bow", "chieftain", "furs")
    lay(s, 1, 0, 0, "bow_warrior", "warrior3", "tobacco")
    lay(s, 1, 2, 0, "bow", "stern")
    draw(s, 0, "stern")
    place(s, 0, 0, 3)
    action = {"type": "attack", "target": 1, "row": 0, "start": 0}
    events = ENGINE.apply(s, 0, action)
    ev = next(e for e in events if e["type"] == "attack")
    assert ENGINE.hit_places(s, 1, ev, action) == ["river:1:0:0", "river:1:0:1", "river:1:0:2"]
