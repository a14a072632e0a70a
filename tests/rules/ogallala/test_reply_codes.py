"""Ogallala's reply grid and codes (Engine.reply_grid, Engine.command): every code on the grid
plays exactly its own legal placement, and nothing else reads as a code."""

import pytest

from games.rules.base import IllegalAction
from games.rules.ogallala.engine import ENGINE

from .helpers import draw, fill_two_display, fresh, lay


@pytest.mark.parametrize("edition", ["I", "II"])
def test_every_code_on_the_grid_plays_its_own_legal_placement(edition):
    state = fresh(edition)
    lay(state, 0, 0, 0, "bow", "warrior1", ".", "furs")
    draw(state, 0, "warrior2")
    grid = ENGINE.reply_grid(state, 0)
    legal = ENGINE.legal_actions(state, 0)
    cells = [c for row in grid["rows"] for c in row["cells"] if c.get("code")]
    assert cells and len({c["code"] for c in cells}) == len(cells)
    for cell in cells:
        assert cell["action"] in legal
        assert ENGINE.command(state, 0, cell["code"]) == cell["action"]
        assert ENGINE.command(state, 0, cell["code"].lower()) == cell["action"]
    # the taken spaces show their cards and have no code
    assert [c["text"] for c in grid["rows"][0]["cells"]][0] == "Bow"
    assert grid["rows"][0]["cells"][0]["code"] is None and grid["rows"][3]["cells"][0]["code"] is None
    for taken in ("A1", "A2", "A4"):
        with pytest.raises(IllegalAction, match=f"Space {taken} already holds"):
            ENGINE.command(state, 0, taken)


def test_no_grid_and_no_code_without_a_card_to_place():
    state = fresh("I")
    assert ENGINE.reply_grid(state, 0) is None and ENGINE.reply_grid(state, 1) is None
    assert ENGINE.command(state, 0, "Furs") is None and ENGINE.command(state, 0, "end the game") is None
    with pytest.raises(IllegalAction, match="no card to place"):
        ENGINE.command(state, 0, "B7")


def _refusal(state, seat, text):
    with pytest.raises(IllegalAction) as refused:
        ENGINE.command(state, seat, text)
    return str(refused.value)


def test_the_grid_lays_the_river_out_a_line_per_space_and_names_the_card_to_place():
    state = fresh("I", two_tribes=True)
    lay(state, 0, 1, 0, "warrior1:r", ".", "warrior1:b")
    draw(state, 0, "furs")
    grid = ENGINE.reply_grid(state, 0)
    assert grid["title"] == "Your river (a column per row, a line per space)"
    assert grid["columns"] == ["Row 1 (A)", "Row 2 (B)", "Row 3 (C)"]
    assert [row["label"] for row in grid["rows"]] == [str(n) for n in range(1, 15)]
    first, second = grid["rows"][0]["cells"], grid["rows"][1]["cells"]
    assert first[0] == {"text": "", "code": "A1", "action": {"type": "place", "row": 0, "col": 0}}
    # a card shows its colour when the tribes play apart; a space the card may not take shows a dash
    assert first[1]["code"] is None and "red" in first[1]["text"].lower()
    assert second[1] == {"text": "—", "code": None}
    assert grid["how"] == "To place Furs, reply with the code of a free space shown in the grid, e.g. A1."
    assert ENGINE.reply_grid(state, 1) is None


def test_the_grid_of_a_spoil_to_take_names_the_victims_card():
    s = fresh("II")
    lay(s, 0, 0, 0, "bow", "shaman")
    lay(s, 1, 0, 0, "warrior1", ".", "tent", "warrior2")
    draw(s, 0, "stern")
    ENGINE.apply(s, 0, {"type": "place", "row": 0, "col": 2})
    ENGINE.apply(s, 0, {"type": "attack", "target": 1, "row": 0, "start": 2})
    assert ENGINE.current_step(s) == "take"
    grid = ENGINE.reply_grid(s, 0)
    assert grid["how"].startswith("To place Tent, reply with the code")
    cell = grid["rows"][0]["cells"][1]
    assert ENGINE.command(s, 0, cell["code"]) == cell["action"] == {"type": "place", "row": 1, "col": 0}
    assert _refusal(s, 0, "A1").startswith("Space A1 already holds")


def test_a_code_that_only_a_suite_move_reaches_plays_that_move():
    s = fresh()
    lay(s, 0, 0, 4, "wood_front", "furs")
    draw(s, 0, "wood_rear")
    assert ENGINE.command(s, 0, "A5") == {"type": "place", "row": 0, "col": 4, "moves": [[0, 4, 3]]}
    assert ENGINE.command(s, 0, "A4") == {"type": "place", "row": 0, "col": 3}


def test_a_code_refused_says_why_and_lists_the_free_spaces_when_few():
    s = fresh("II")
    lay(s, 0, 0, 0, "furs")
    draw(s, 0, "furs")
    assert _refusal(s, 0, "A3") == (
        "Row A already holds Furs, and a row never holds the same card twice. Reply with one of the codes in the grid."
    )
    for code in ("Z1", "A0", "A15"):
        assert _refusal(s, 0, code) == (
            f"There is no space {code}: your river's rows are A, B and C, and their spaces 1 to 14."
        )
    assert _refusal(s, 1, "B3") == "You have no card to place now, so B3 plays nothing."
    tribes = fresh("I", two_tribes=True)
    lay(tribes, 0, 1, 0, "warrior1:r", ".", "warrior1:b")
    draw(tribes, 0, "furs")
    assert _refusal(tribes, 0, "B2") == (
        "Furs at B2 would put red and blue warriors in one row. Reply with one of the codes in the grid."
    )
    free = [(0, 10), (0, 11), (0, 12), (0, 13), (1, 12), (1, 13), (2, 13)]
    for n, listed in ((1, "A11"), (6, "A11, A12, A13, A14, B13, B14"), (7, None)):
        s = fresh("II")
        fill_two_display(s, 0)
        for r, c in free[:n]:
            s["displays"][0][r][c] = None
        draw(s, 0, "tent")
        tail = f"Free spaces for it: {listed}." if listed else "Reply with one of the codes in the grid."
        assert _refusal(s, 0, "A1") == f"Space A1 already holds Empty stern. {tail}"
    # a drawn card with no space at all: no free space to list
    s = fresh("II")
    fill_two_display(s, 0)
    draw(s, 0, "tent")
    assert _refusal(s, 0, "A1") == "Space A1 already holds Empty stern."


def test_a_stacks_name_draws_from_it_in_ogallala_one_only():
    s = fresh("I")
    assert ENGINE.command(s, 0, "Warriors!") == {"type": "draw", "stack": 1}
    assert ENGINE.command(s, 0, "draw from the BOWS, please") == {"type": "draw", "stack": 0}
    assert ENGINE.command(s, 0, "booty.") == {"type": "draw", "stack": 2}
    assert ENGINE.command(s, 0, "bows or warriors") is None  # two stacks: no choice
    assert ENGINE.command(s, 1, "warriors") is None  # not their turn
    s["stacks"][1] = []
    assert _refusal(s, 0, "warriors") == "The warriors stack is empty."
    assert ENGINE.command(fresh("II"), 0, "warriors") is None
    draw(s, 0, "furs")
    assert ENGINE.command(s, 0, "booty") is None  # a card to place first
    s["result"] = {"reason": "over", "scores": [0, 0], "winners": [0, 1], "ranking": [0, 1]}
    assert ENGINE.command(s, 0, "booty") is None
    assert _refusal(s, 0, "A3") == "You have no card to place now, so A3 plays nothing."


def test_a_code_names_the_plain_placement_when_a_suite_move_also_reaches_its_space():
    s = fresh()
    lay(s, 0, 0, 3, "bear_rear", "bear_front")
    draw(s, 0, "bear_hunter")
    assert {"type": "place", "row": 0, "col": 2, "moves": [[0, 3, 4], [0, 4, 3]]} in ENGINE.legal_actions(s, 0)
    assert ENGINE.command(s, 0, "A3") == {"type": "place", "row": 0, "col": 2}


def test_a_code_refused_in_ogallala_one_names_the_tribes_or_the_card_not_the_row():
    # Ogallala I lets a row hold the same card twice: the refusal is the tribes' or the card's own
    s = fresh("I", two_tribes=True)
    lay(s, 0, 1, 0, "warrior1:r", ".", "warrior1:b")
    draw(s, 0, "warrior1:r")
    assert _refusal(s, 0, "B2").startswith("One warrior at B2 would put red and blue warriors in one row.")
    s = fresh("I")
    lay(s, 0, 0, 2, "bow", "furs", "stern")
    draw(s, 0, "axe")
    assert _refusal(s, 0, "A1").startswith("Crazy Axe cannot go to A1.")
