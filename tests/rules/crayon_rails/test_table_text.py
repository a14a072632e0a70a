"""table_text: what a seat reads of a Crayon Rails table in an email, built from its view."""

import re

from games.rules.crayon_rails.board import node
from games.rules.crayon_rails.cards import DEMANDS
from games.rules.crayon_rails.engine import ENGINE

from .helpers import at, begin, blank, event_card, lock, plain_cards, to_hand, to_pool

CARDS = plain_cards(12)


def card_text(cid: str) -> list[str]:
    return [f"{g} → {c}, {p}" for g, c, p in DEMANDS[cid]]


def only_in(cid: str) -> str:
    """Returns a demand of the card that no other card of CARDS shows the same way."""
    others = {t for c in CARDS if c != cid for t in card_text(c)}
    return next(t for t in card_text(cid) if t not in others)


def position(mode: str) -> dict:
    """Three players: seat 0 at Caskerton with Grain and Coal, seat 1 between cities, seat 2 off
    the map and derailed; a snow in force; cards dealt (standard) or a pool of 9 (public)."""
    s = blank(mode, 3)
    if mode == "public":
        to_pool(s, *CARDS[:9])
        to_hand(s, 0, CARDS[9])
        lock(s, 0, CARDS[9], 1, private=True, loaded=False)
    else:
        for seat in range(3):
            to_hand(s, seat, *CARDS[3 * seat : 3 * seat + 3])
    p = s["players"]
    p[0].update(cash=63, train="fast", pos=at("Caskerton"), loads=["Grain", "Coal"])
    p[1].update(cash=112, pos=node(12, 7), loads=["Wine"])
    p[2].update(cash=41, lost_turns=1)
    if mode == "public":
        p[1]["loads"].append(DEMANDS[CARDS[0]][0][0])
        lock(s, 1, CARDS[0], 0)
    s["events"].append(
        {"card": event_card("snow"), "type": "snow", "drawer": 1, "turns_left": 1, "cities": ["Caskerton"], "radius": 4}
    )
    begin(s, 0)
    return s


def text(s: dict, seat) -> str:
    lines = ENGINE.table_text(s, seat)
    assert lines and all(isinstance(line, str) and len(line) <= 90 for line in lines)
    return "\n".join(lines)


def flat(t: str) -> str:
    """Returns the text with its line breaks and indents as single spaces (wrapped lines joined)."""
    return " ".join(t.split())


def section(t: str, heading: str) -> str:
    """Returns the lines under a heading, up to the next blank line or heading."""
    out = []
    for line in t.split(heading, 1)[1].splitlines()[1:]:
        if not line.startswith(" "):
            break
        out.append(line)
    return "\n".join(out)


def test_a_seat_reads_its_cash_train_loads_cards_and_where_each_train_stands():
    s = position("standard")
    t = text(s, 0)
    you = section(t, "You:")
    assert "Cash 63" in you and "Fast Freight, 12 mileposts a turn, carries 2 loads" in you
    assert "Where: at Caskerton" in you and "Loads: Grain, Coal (full)" in you
    assert "Mileposts left to move this turn: 12" in you
    cards = section(t, "Your demand cards:")
    for cid in CARDS[:3]:
        assert cid in cards and all(d in cards for d in card_text(cid))
    trains = section(t, "Trains:").splitlines()
    assert trains[0] == "  Player 1 (you): at Caskerton; Fast Freight (12, 2 loads)."
    assert trains[1].startswith("    loads: Grain, Coal; cash 63;")
    assert trains[2].startswith("  Player 2: at the milepost 3 steps south-west of Varrow;")  # never x,y
    assert "loads: Wine; cash 112;" in trains[3] and "3 demand cards" in trains[3]
    assert trains[4].startswith("  Player 3: not on the map yet; Freight (9, 2 loads).")
    assert "derailed, loses 1 more turn" in flat(section(t, "Trains:"))
    events = flat(section(t, "Events in force:"))
    assert "Snow around Caskerton" in events and "drawn by Player 2" in events
    assert "Player 2's next turn" in events
    assert "The pool:" not in t


def test_standard_mode_never_shows_another_seats_cards():
    s = position("standard")
    for seat in range(3):
        t = text(s, seat)
        mine = CARDS[3 * seat : 3 * seat + 3]
        for cid in CARDS[:9]:
            shown = cid in t or only_in(cid) in t
            assert shown == (cid in mine), (seat, cid)
        assert f"You: Player {seat + 1}" in t


def test_a_spectator_sees_no_hand_and_no_you():
    for mode in ("standard", "public"):
        s = position(mode)
        t = text(s, None)
        assert "You:" not in t and "Your demand cards" not in t and "(you)" not in t
        for cid in CARDS[:9] if mode == "standard" else CARDS[9:10]:
            assert cid not in t and only_in(cid) not in t
        assert "Player 1: at Caskerton" in t and "Trains:" in t


def test_public_mode_shows_the_pool_and_its_locks_to_everyone():
    s = position("public")
    good, city, pay = DEMANDS[CARDS[0]][0]
    for seat in (0, 1, 2, None):
        t = text(s, seat)
        pool = section(t, "The pool:")
        assert "The pool: 9 cards, 1 locked" in t
        for cid in CARDS[:9]:
            assert cid in pool and all(d in pool for d in card_text(cid))
        marker = "you" if seat == 1 else "Player 2"
        assert f"{CARDS[0]}  {good} → {city}, {pay}  [locked by {marker}]" in pool
        assert f"(locks {CARDS[0]})" in section(t, "Trains:")
        private = CARDS[9]
        assert (private in t) == (seat == 0), seat  # the draft-kept card is seat 0's alone
    t = text(s, 0)
    mine = section(t, "Your demand cards (privately locked for you):")
    assert f"{CARDS[9]}" in mine and "[locked by you]" in mine and "not picked up yet" in mine
    assert "with no locked loads" in t


def test_a_finished_game_says_who_won():
    s = position("standard")
    s["result"] = {"winners": [1], "ranking": [1, 0, 2], "reason": "Rich and linked.", "cash": [63, 260, 41]}
    t = text(s, 2)
    assert "Game over: Player 2 wins. Rich and linked." in t


def test_a_milepost_is_named_by_its_city_or_the_nearest_one_never_by_x_y():
    from games.rules.crayon_rails.board import CITY_INDEX, CITY_LIST, NEIGHBOURS, place_name

    post = CITY_LIST[CITY_INDEX["Varrow"]]["posts"][0]
    assert place_name(post) == "Varrow"
    beside = next(n for n in NEIGHBOURS[post] if place_name(n) != "Varrow")
    assert re.fullmatch(r"the milepost (just [a-z-]+|\d+ steps [a-z-]+) of [A-Z][\w ]+", place_name(beside))
