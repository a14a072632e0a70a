"""The game page's rivers to play on (page.board_context): each river as rows of spaces, with the
place a move there names, the few characters its card shows, its role for the page's CSS and what a
screen reader hears."""

from games.rules.ogallala.engine import ENGINE
from games.rules.ogallala.page import board_context, role, short_text

from .helpers import fresh, lay


def _board(state, seat, places=()):
    return board_context({"view": ENGINE.view(state, seat), "seat": seat, "places": set(places)})


def _spaces(river, row):
    return {sp["place"]: (sp["text"], sp["role"], sp["name"]) for sp in river["rows"][row]}


def test_the_seats_own_river_comes_first_and_a_river_a_move_aims_at_is_open():
    s = fresh(seats=3)
    rivers = _board(s, 1, places={"river:2:0:3", "stack:0"})["rivers"]
    assert [(t["player"]["seat"], t["mine"], t["open"]) for t in rivers] == [
        (1, True, False),
        (0, False, False),
        (2, False, True),
    ]
    rivers = _board(s, None, places={"river:0:2:13"})["rivers"]  # a spectator: no river is theirs
    assert [(t["player"]["seat"], t["mine"], t["open"]) for t in rivers] == [
        (0, False, True),
        (1, False, False),
        (2, False, False),
    ]
    assert board_context({}) == {"rivers": []}


def test_what_is_not_a_seats_river_is_left_out():
    """A player entry without a seat number, or not an object, is neither drawn nor fatal."""
    view = {"players": [{"name": "no seat"}, "seat 1", {"seat": 1, "display": [[None]]}]}
    assert [t["player"]["seat"] for t in board_context({"view": view, "seat": 1})["rivers"]] == [1]


def test_each_space_names_its_place_and_how_a_screen_reader_hears_it():
    s = fresh(row_length=16)
    lay(s, 1, 0, 1, "chieftain")
    [river, theirs] = _board(s, 0)["rivers"]
    assert [len(row) for row in river["rows"]] == [16, 16, 16]
    assert river["rows"][2][15]["place"] == "river:0:2:15" and river["rows"][2][15]["cell"] is None
    assert _spaces(river, 2)["river:0:2:15"] == ("", "", "Row 3, space 16")
    chief = theirs["rows"][0][1]
    assert chief["place"] == "river:1:0:1" and chief["cell"]["kind"] == "chieftain"
    assert (chief["text"], chief["role"], chief["name"]) == ("5", "warrior", "Row 1, space 2: Chieftain")


def test_a_card_shows_its_combat_number_its_booty_name_or_its_totem():
    """A warrior card shows its combat number (Crazy Axe's is 0), booty the first three letters of its
    short name (a suite's halves and person by their suite's or their own), a totem pole "totem"; a
    bow, stern or canoe section shows nothing (its hull is drawn)."""
    s = fresh()
    lay(s, 0, 0, 0, "bow_warrior", "axe", "furs", "gunpowder", "stern")
    lay(s, 0, 1, 0, "bow", "wood_front", "wood_rear", "bear_hunter", "totem", "stern_warrior")
    river = _board(s, 0)["rivers"][0]
    texts = [[sp["text"] for sp in row[:6]] for row in river["rows"][:2]]
    roles = [[sp["role"] for sp in row[:6]] for row in river["rows"][:2]]
    assert texts == [["1", "0", "Fur", "Pow", "", ""], ["", "Woo", "Woo", "Hun", "totem", "1"]]
    assert roles == [
        ["bow", "warrior", "booty", "booty", "stern", ""],
        ["bow", "booty", "booty", "booty", "totem", "stern"],
    ]
    s = fresh("II")
    lay(s, 0, 0, 0, "canoe", "horse_rear", "lumberjack")
    river = _board(s, 0)["rivers"][0]
    assert [(sp["text"], sp["role"]) for sp in river["rows"][0][:3]] == [
        ("", "canoe"),
        ("Hor", "booty"),
        ("Lum", "booty"),
    ]


def test_a_space_without_a_card_shows_nothing():
    assert (short_text(None), role(None)) == ("", "")
    assert (short_text("furs#1"), role("furs#1")) == ("", "")  # only a view's card (a dict) is drawn
