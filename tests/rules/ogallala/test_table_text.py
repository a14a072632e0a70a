"""The table as plain lines for an email: the river displays, the card to place, only what a seat sees."""

import copy

from games.rules.ogallala.engine import ENGINE

from .helpers import draw, fresh, lay, on_top


def section(lines, title):
    """Returns the lines under a heading, up to the next blank line."""
    start = lines.index(title) + 1
    end = lines.index("", start) if "" in lines[start:] else len(lines)
    return lines[start:end]


def row_items(block, r):
    """Returns a display row's spaces as texts, joined back from its (possibly split) lines."""
    items = []
    for line in block:
        head, _, rest = line.strip().partition(": ")
        if head in (f"Row {r}", f"Row {r} (more)"):
            items += rest.split(" · ")
    return items


def test_the_cards_of_every_display_appear_in_their_rows_and_spaces():
    s = fresh()
    lay(s, 0, 0, 0, "bow", "furs", ".", ".", "stern")
    lay(s, 0, 1, 2, "bow_warrior", "chieftain", "stern")
    lay(s, 1, 2, 0, *["warrior3"] * 7, *["chieftain"] * 7)
    lines = ENGINE.table_text(s, 0)
    assert all(len(line) < 90 for line in lines)
    mine = section(lines, "Your river:")
    assert "  Row 1: 1 Bow · 2 Furs · 5 Stern" == mine[0]  # only the cards, each after its space
    assert row_items(mine, 2) == ["3 Bow+warrior (1)", "4 Chieftain (5)", "5 Stern"]
    assert row_items(mine, 3) == ["empty"]
    assert "  Complete boats: 1; score so far: 3" in mine
    assert "    Boat: row 2, spaces 3-5, strength 6" in mine
    assert "    Incomplete: row 1, spaces 1-2, strength 0" in mine
    theirs = section(lines, "Player 2's river:")
    full = row_items(theirs, 3)  # a full row is split over lines, every one short
    assert full == [f"{i} Warriors (3)" for i in range(1, 8)] + [f"{i} Chieftain (5)" for i in range(8, 15)]
    assert sum(line.startswith("  Row 3 (more): ") for line in theirs) >= 1
    assert row_items(theirs, 1) == ["empty"]
    # the other seat sees the same displays, its own first
    other = ENGINE.table_text(s, 1)
    assert section(other, "Your river:") == theirs and section(other, "Player 1's river:") == mine


def test_the_card_to_place_is_shown_to_the_seat_who_holds_it_and_as_the_view_does_to_others():
    s = fresh()
    draw(s, 0, "shaman")
    assert ENGINE.current_step(s) == "place"
    mine = ENGINE.table_text(s, 0)
    assert "Your turn: place Shaman (10)." in mine
    # a drawn card is face up: the view shows it to every seat, so the text does too
    assert any(c["kind"] == "shaman" for c in ENGINE.view(s, 1)["hand"])
    assert "Player 1's turn: place Shaman (10)." in ENGINE.table_text(s, 1)
    spectator = ENGINE.table_text(s, None)
    assert "Player 1's turn: place Shaman (10)." in spectator
    assert not any("Your" in line or "You " in line for line in spectator)


def test_the_next_card_to_draw_is_not_shown_to_anyone():
    s = fresh()
    lay(s, 1, 0, 0, "bow", "furs")
    draw(s, 0, "warrior1")
    on_top(s, "shaman")
    on_top(s, "eagle")
    before = {seat: ENGINE.table_text(s, seat) for seat in (0, 1, None)}
    other = copy.deepcopy(s)
    for stack in other["stacks"]:  # the stacks in another order: what the seats read does not change
        stack.reverse()
    assert [a[-1] for a in other["stacks"]] != [a[-1] for a in s["stacks"]]
    assert {seat: ENGINE.table_text(other, seat) for seat in (0, 1, None)} == before
    spectator = before[None]
    assert not any("Eagle" in line or "Shaman" in line for line in spectator)
    sizes = [len(a) for a in s["stacks"]]
    assert "Stacks (cards left): bows and sterns {} · warriors {} · booty {}".format(*sizes) in spectator


def test_ogallala_two_hides_the_discard_and_two_tribes_show_colours():
    s = fresh(edition="II")
    lines = ENGINE.table_text(s, 0)
    assert lines[0] == f"Ogallala II, rows of {s['row_length']} spaces"
    assert "Discard: 0 cards (face down)" in lines
    assert "Your turn: draw a card." in lines
    t = fresh(two_tribes=True)
    lay(t, 0, 0, 0, "bow_warrior:r", "warrior2:r")
    mine = section(ENGINE.table_text(t, 0), "Your river:")
    assert row_items(mine, 1) == ["1 Bow+warrior (1 red)", "2 Warriors (2 red)"]


def test_the_end_of_the_game_names_the_winner_and_the_scores():
    s = fresh()
    lay(s, 1, 0, 0, "bow", "furs", "stern")
    ENGINE.resign(s, 0)
    lines = ENGINE.table_text(s, 1)
    assert "Winner: You" in lines
    assert any(line.startswith("Scores: You 4, Player 1 ") for line in lines)
    assert not any("turn:" in line for line in lines)
