"""Ogallala's reply grid and codes (Engine.reply_grid, Engine.command): every code on the grid
plays exactly its own legal placement, and nothing else reads as a code."""

import pytest

from games.rules.base import IllegalAction
from games.rules.ogallala.engine import ENGINE

from .helpers import draw, fresh, lay


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
