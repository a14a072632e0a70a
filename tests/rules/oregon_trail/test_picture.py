"""Oregon Trail Race's table pictures (games.rules.oregon_trail.picture), the game page's and the
email's, read back from the SVG: each trail card in its slot with its face, line, river wave or
calamity corner; the towns' and forts' bands; each wagon where its player stands; a seat's colour,
name, party and calamities; the seat's own hand and nothing of another's. Drawn for a browser (text
as <text>), so that labels can be read with their positions.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from games.rules.drawing.common import EMAIL_W, seat_colour
from games.rules.drawing.svg import ALARM, INK, Canvas
from games.rules.oregon_trail import picture as pic
from games.rules.oregon_trail.engine import ENGINE

from ..drawn import SVG, Drawn
from .helpers import blank, give_calamity, give_hand, give_supplies, lay_trail, place_town

NAMES = {0: "Ann", 1: "Bob", 2: "Cy"}


def _page(view, me=0, names=NAMES):
    return Drawn(pic.picture(view, names=names, me=me, browser=True))


def _email(view, me=0, names=NAMES):
    return Drawn(pic.email_picture(view, names=names, me=me, browser=True))


def _measure(text, size, bold=True):
    """Returns a label's width as the pictures measure it."""
    return Canvas(10).measure(text, size, bold)


def _view(state, seat=0):
    return ENGINE.view(state, seat)


# -- the page: W 560; a trail of 20 slots 20 px wide from x 132 (8 + 108 + 14 + 2), the goal at 533;
# row r's cards from y 40 + 32 r, 26 high
LEFT, CW, TOP, ROW, H = 132, 20, pic.TOP, pic.ROW, pic.CARD_H


def _slot(k, row=0, bands=0):
    """Returns the box (x, y, w, h) of card slot k's card on the page, after `bands` town bands."""
    return (LEFT + (k - 1) * CW + 10 * bands, TOP + row * ROW, CW - 2, H)


def _inner(box):
    x, y, w, h = box
    return (x + 1, y + 1, w - 2, h - 2)


def test_each_laid_card_lies_in_its_slot_with_its_face_and_every_other_slot_is_empty():
    """A trail is its slots 1 to 20: a laid card fills its slot with a rim and a face of its kind
    (plain paper, a river in blue, a calamity trail in red); a slot not laid is an empty box."""
    state = blank(players=2)
    lay_trail(state, 0, [("middle", "middle")], kind="plain")
    lay_trail(state, 0, [("middle", "middle")], kind="river_supply")
    lay_trail(state, 0, [("middle", "middle")], kind="trigger")
    d = _page(_view(state))
    assert _slot(1) in d.rects(pic.PAPER_EDGE) and _inner(_slot(1)) in d.rects(pic.PAPER)
    assert _slot(2) in d.rects(pic.RIVER_EDGE) and _inner(_slot(2)) in d.rects(pic.RIVER)
    assert _slot(3) in d.rects(pic.TRIGGER_EDGE) and _inner(_slot(3)) in d.rects(pic.TRIGGER)
    # the river's wave: a 3 px stripe at 62% of the card, the calamity trail's corner: 6 px
    x, y, w, h = _slot(2)
    assert (round(x + w * 0.62 - 1.5), y + 1, 3, h - 2) in d.rects(pic.WATER)
    x, y, w, h = _slot(3)
    assert ((x + w - 1, y + h - 1), (x + w - 7, y + h - 1), (x + w - 1, y + h - 7)) in d.polygons(ALARM)
    empty = sorted(r for r in d.rects(pic.SLOT) if r[1] < TOP + ROW)
    assert empty == [(LEFT + (k - 1) * CW + 1, TOP + 3, CW - 4, H - 6) for k in range(4, 21)]
    # the second player's trail: every slot empty, one row below
    second = sorted(r for r in d.rects(pic.SLOT) if r[1] > TOP + ROW)
    assert second == [(LEFT + (k - 1) * CW + 1, TOP + ROW + 3, CW - 4, H - 6) for k in range(1, 21)]


def test_a_card_s_line_runs_from_its_left_exit_to_its_right_exit():
    """A laid card shows its trail line: a flat stub at its left exit's height (top, middle, bottom:
    a fifth, half, four fifths down), a slope, a stub at its right exit; a straight line when both
    exits are at the same height."""
    state = blank(players=2)
    lay_trail(state, 0, [("middle", "top"), ("top", "top"), ("top", "bottom")], kind="plain")
    d = _page(_view(state))
    line = d.polygons(pic.LINE)
    y = TOP
    mid, top, bottom = round(y + H * 0.5), round(y + H * 0.2), round(y + H * 0.8)
    x = _slot(1)[0]
    a, b = round(x + 18 * 0.3), round(x + 18 * 0.7)
    rect = set(d.rects(pic.LINE))

    # card 1: middle to top
    def thick(y):  # a stub 2.5 px thick from y - 1, on whole pixels
        return round(y - 1 + 2.5) - (y - 1)

    assert (x + 1, mid - 1, a - x - 1, thick(mid)) in rect
    assert (b, top - 1, x + 17 - b, thick(top)) in rect
    assert ((a, mid - 1), (b, top - 1), (b, top + 1.5), (a, mid + 1.5)) in line
    # card 2: top to top, one flat line across
    x2 = _slot(2)[0]
    assert (x2 + 1, top - 1, 16, thick(top)) in rect
    # card 3: top to bottom
    x3 = _slot(3)[0]
    a3, b3 = round(x3 + 18 * 0.3), round(x3 + 18 * 0.7)
    assert ((a3, top - 1), (b3, bottom - 1), (b3, bottom + 1.5), (a3, top + 1.5)) in line
    assert (b3, bottom - 1, x3 + 17 - b3, thick(bottom)) in rect


def test_independence_and_the_goal_stand_at_each_end_of_every_trail():
    """Every trail starts at Independence (a green box before slot 1) and ends at the goal (a green
    box after slot 20); a trail whose start was picked up (trimmed) has no Independence."""
    state = blank(players=2)
    lay_plain(state, 1, 3)
    state["players"][1]["trimmed"] = 2
    d = _page(_view(state))
    edges = d.rects(pic.GOAL_EDGE)
    start0, goal0 = (LEFT - 16, TOP, 14, H), (533, TOP, 18, H)
    start1, goal1 = (LEFT - 16, TOP + ROW, 14, H), (533, TOP + ROW, 18, H)
    assert start0 in edges and goal0 in edges and goal1 in edges
    assert start1 not in edges
    assert _inner(goal0) in d.rects(pic.GOAL) and _inner(start0) in d.rects(pic.GOAL)
    # the trimmed trail's cards are numbered from 3: slots 3 to 5 laid, 1 and 2 empty
    laid = [r for r in d.rects(pic.PAPER_EDGE) if r[1] == TOP + ROW]
    assert sorted(laid) == [_slot(k, 1) for k in (3, 4, 5)]


def test_a_town_and_a_fort_make_a_band_across_every_trail_after_the_card_they_follow():
    """Towns and forts stand at a point: a band 10 px wide after that card, across every trail (from
    above the first to below the last), a town's colour and a fort's side by side, the first kind's
    icon on top; the slots after it move right by the band, and the slots are narrower to fit."""
    state = blank(players=2)
    place_town(state, "town", 2)
    place_town(state, "fort", 2)
    lay_plain(state, 0, 3)
    d = _page(_view(state))
    cw = (552 - 18 - 2 - LEFT - 10) // 20  # 19
    band = LEFT + 2 * cw  # slot 3's left edge before the band moves it
    top, h = TOP - 14, (TOP + 2 * ROW - (ROW - H)) - TOP + 16
    assert (band + 1, top, 4, h) in d.rects(pic.FORT_EDGE)
    assert (band + 5, top, 4, h) in d.rects(pic.TOWN_EDGE)
    assert (band + 2, top + 1, 2, h - 2) in d.rects(pic.FORT)
    # slots 1 and 2 before the band, slot 3 after it
    assert (LEFT, TOP, cw - 2, H) in d.rects(pic.PAPER_EDGE)
    assert (LEFT + cw, TOP, cw - 2, H) in d.rects(pic.PAPER_EDGE)
    assert (LEFT + 2 * cw + 10, TOP, cw - 2, H) in d.rects(pic.PAPER_EDGE)
    assert (LEFT + 3 * cw + 10 + 1, TOP + 3, cw - 4, H - 6) in d.rects(pic.SLOT)
    # the goal after slot 20
    assert (LEFT + 20 * cw + 10 + 1, TOP, 18, H) in d.rects(pic.GOAL_EDGE)
    # the fort's flag (the first kind) above the band: a pole 7 px tall centred on the band
    cx, cy, s = band + 1 + 4, TOP - 8, 7
    x0, y0 = round(cx - s * 0.4), round(cy - s / 2)
    assert (x0, y0, round(cx - s * 0.4 + 1) - x0, round(cy + s / 2) - y0) in d.rects(pic.LINE)
    flag = (cx - s * 0.27, cy - s / 2)
    assert any(p[0] == flag and len(p) == 3 for p in d.polygons(pic.LINE))


def test_a_lone_town_band_is_the_town_s_colour_with_a_house_on_top():
    """A point with one town: the band's whole width in the town's colour, a house above it."""
    state = blank(players=2)
    place_town(state, "town", 0)
    d = _page(_view(state))
    cw = (552 - 18 - 2 - LEFT - 10) // 20
    band = LEFT  # point 0: the band before slot 1, which moves right
    top, h = TOP - 14, (TOP + 2 * ROW - (ROW - H)) - TOP + 16
    assert (band + 1, top, 8, h) in d.rects(pic.TOWN_EDGE)
    assert (band + 2, top + 1, 6, h - 2) in d.rects(pic.TOWN)
    assert [r for r in d.rects(pic.FORT_EDGE) if r[1] < 100] == []
    assert (LEFT + 1, TOP + 3, cw - 4, H - 6) not in d.rects(pic.SLOT)
    assert (LEFT + 10 + 1, TOP + 3, cw - 4, H - 6) in d.rects(pic.SLOT)
    cx, cy, s = band + 1 + 4, TOP - 8, 7
    house = ((cx - s / 2, cy + s / 2), (cx - s / 2, cy), (cx, cy - s / 2), (cx + s / 2, cy), (cx + s / 2, cy + s / 2))
    assert house in d.polygons(pic.LINE)


def lay_plain(state, seat, n):
    """Lays n plain cards, middle to middle."""
    lay_trail(state, seat, [("middle", "middle")] * n, kind="plain")


def _deal(state, seat, n):
    """Moves the trail deck's first n cards into a hand."""
    state["players"][seat]["hand"] += state["trail_deck"][:n]
    del state["trail_deck"][:n]


def _wagons(d, r=7):
    """Returns {(x, y): colour} of the wagons' discs (their colour disc of radius r)."""
    return {(x, y): fill for x, y, rad, fill in d.circles if rad == r}


def test_each_wagon_stands_where_its_player_is():
    """A wagon is its player's disc: before the start at Independence, on the card of its position,
    in a town's band when in town, on the goal when it has arrived; a player out of the game has
    none. A wagon stuck in a river has a blue ring."""
    state = blank(players=3)
    place_town(state, "town", 2)
    lay_plain(state, 0, 4)
    state["players"][0]["pos"] = 3
    state["players"][0]["stuck"] = True
    lay_plain(state, 1, 2)
    state["players"][1]["in_town"] = True
    d = _page(_view(state))
    cw = 19
    mid = TOP + H / 2
    assert _wagons(d) == {
        (LEFT + 2 * cw + 10 + (cw - 2) / 2, mid): seat_colour(0),
        (LEFT + 2 * cw + 5, mid + ROW): seat_colour(1),
        (LEFT - 9, mid + 2 * ROW): seat_colour(2),
    }
    assert (LEFT + 2 * cw + 10 + 8.5, mid, 11, pic.WATER) in d.circles
    assert [c for c in d.circles if c[3] == pic.WATER] == [(LEFT + 2 * cw + 10 + 8.5, mid, 11, pic.WATER)]
    state["players"][0]["at_end"] = True
    state["players"][2]["alive"] = False
    d = _page(_view(state))
    goal_x = LEFT + 20 * cw + 10 + 1
    assert _wagons(d) == {(goal_x + 9, mid): seat_colour(0), (LEFT + 2 * cw + 5, mid + ROW): seat_colour(1)}


def test_a_seat_shows_its_colour_name_party_and_calamities_in_the_left_column():
    """On the left of each row: a square in the seat's colour with its initial, its name, a pip per
    wagon member (grey once lost) and a red mark per calamity."""
    state = blank(players=2)
    state["players"][1]["members"] = 2
    give_calamity(state, 1, "measles")
    give_calamity(state, 1, "dysentery")
    d = _page(_view(state))
    y1 = TOP + ROW
    assert (8, TOP + 1, 15, 15) in d.rects(seat_colour(0))
    assert (8, y1 + 1, 15, 15) in d.rects(seat_colour(1))
    ann, bob = d.label("Ann"), d.label("Bob")
    assert (ann.x, ann.y, ann.size, ann.bold, ann.fill) == (27, TOP + 12, 10, True, INK)
    assert (bob.x, bob.y) == (27, y1 + 12)
    initials = [lab for lab in d.labels if lab.text in ("A", "B") and lab.size == 10]
    assert {(lab.x, lab.y, lab.fill, lab.anchor) for lab in initials} == {
        (15.5, TOP + 1 + 7.5 + 3.6, "#fff", "middle"),
        (15.5, y1 + 1 + 7.5 + 3.6, "#fff", "middle"),
    }
    pips = [(9 + i * 7, y1 + 19, 5, 5) for i in range(4)]
    assert pips[:2] == [r for r in d.rects(INK) if r[1] == y1 + 19]
    assert pips[2:] == [r for r in d.rects(pic.LOST) if r[1] == y1 + 19]
    assert sorted(r for r in d.rects(INK) if r[1] == TOP + 19) == [(9 + i * 7, TOP + 19, 5, 5) for i in range(4)]
    marks = [p for p in d.polygons(ALARM) if len(p) == 3 and p[0][1] == y1 + 25]
    assert marks == [((39 + i * 8, y1 + 25), (46 + i * 8, y1 + 25), (42.5 + i * 8, y1 + 18)) for i in range(2)]
    assert not [p for p in d.polygons(ALARM) if len(p) == 3 and p[0][1] == TOP + 25]


def test_at_most_seven_calamity_marks_and_a_player_out_is_greyed():
    """A row has room for seven calamity marks; a player out of the game has a grey name and grey
    pips only."""
    state = blank(players=2)
    for kind in ("measles", "dysentery", "cholera", "snake_bite", "broken_arm", "typhoid", "thief", "measles"):
        give_calamity(state, 1, kind)
    state["players"][1]["alive"] = False
    d = _page(_view(state))
    y1 = TOP + ROW
    assert len([p for p in d.polygons(ALARM) if len(p) == 3 and p[0][1] == y1 + 25]) == 7
    assert d.label("Bob").fill == pic.MUTED
    assert [r for r in d.rects(pic.LOST) if r[1] == y1 + 19] == [(9 + i * 7, y1 + 19, 5, 5) for i in range(4)]
    assert not [r for r in d.rects(INK) if r[1] == y1 + 19]


def test_the_seat_s_own_row_is_tinted_and_a_red_arrow_marks_the_player_to_play():
    """The row of the seat looking is tinted (a band 6 px taller than the cards, across the
    picture); a red arrow left of the tag marks the player whose turn it is."""
    state = blank(players=3)
    state["turn"] = 2
    d = _page(_view(state, 1), me=1)
    assert d.rects(pic.MINE) == [(4, TOP + ROW - 3, 552, H + 6)]
    arrows = [p for p in d.polygons(ALARM) if p[0][0] == 2]
    y = TOP + 2 * ROW
    assert arrows == [((2, y + 5), (8, y + 9), (2, y + 13))]
    # a spectator: no row tinted, no hand
    d = Drawn(pic.picture(ENGINE.view(state, None), names=NAMES, browser=True))
    assert d.rects(pic.MINE) == []
    assert "Your hand" not in d.texts()


def test_the_seat_s_hand_is_drawn_below_the_trails_and_no_other_hand():
    """Below the trails: "Your hand" and the seat's own trail cards (22 x 30, 4 apart), each with its
    face and line; another seat's hand is never drawn (its cards are not in the view)."""
    state = blank(players=2)
    give_hand(state, 0, "trigger")
    give_hand(state, 0, "river_supply")
    for _ in range(3):
        give_hand(state, 1, "plain")
    d = _page(_view(state))
    bottom = TOP + 2 * ROW - (ROW - H)
    y = bottom + 8
    label = d.label("Your hand")
    assert (label.x, label.y, label.size, label.bold) == (8, y + 15 + 4, 10, True)
    x = 8 + _measure("Your hand", 10) + 8
    hand_rims = [r for r in d.rects(pic.TRIGGER_EDGE) + d.rects(pic.RIVER_EDGE) if r[1] == y]
    assert sorted(hand_rims) == [(round(x), y, 22, 30), (round(x + 26), y, 22, 30)]
    assert not [r for r in d.rects(pic.PAPER_EDGE) if r[1] == y]  # nothing of seat 1's plain cards
    assert "none" not in d.texts()
    # the key one row of cards further down
    assert (8, y + 30 + 8, 10, 13) in d.rects(pic.RIVER_EDGE)
    assert d.height == y + 38 + 18


def test_an_empty_hand_reads_none_and_a_long_hand_stops_at_the_picture_s_edge():
    """No cards in hand: "none" after "Your hand"; more cards than fit: those that end inside the
    picture (its right margin 8 px) only."""
    state = blank(players=2)
    d = _page(_view(state))
    x = 8 + _measure("Your hand", 10) + 8
    none = d.label("none")
    assert (round(none.x, 2), none.fill) == (round(x, 2), pic.MUTED)
    _deal(state, 0, 20)
    d = _page(_view(state))
    y = TOP + 2 * ROW - (ROW - H) + 8
    edges = (pic.PAPER_EDGE, pic.RIVER_EDGE, pic.TRIGGER_EDGE, pic.TOWN_EDGE, pic.FORT_EDGE)
    cards = sorted(r for e in edges for r in d.rects(e) if r[1] == y)
    fit = int((552 - x + 4) // 26)  # card i ends at x + 26 i + 22
    assert len(cards) == fit and cards[-1][0] + 22 <= 552 < cards[-1][0] + 26 + 22
    assert "none" not in d.texts()


def test_slot_numbers_stand_above_the_trails_every_five_cards():
    """Above the trails: the numbers 1, 5, 10, 15 and 20, each centred on its slot."""
    d = _page(_view(blank(players=2)))
    ticks = [lab for lab in d.labels if lab.size == 8]
    assert [(lab.text, lab.x, lab.y, lab.anchor) for lab in ticks] == [
        (str(k), LEFT + (k - 1) * CW + 9, TOP - 5, "middle") for k in (1, 5, 10, 15, 20)
    ]


def test_the_key_names_each_kind_of_card_the_pips_and_the_calamity_marks():
    """The key under everything: a river, a calamity trail, a town, a fort, the members' pips (one
    kept, one lost) and a calamity mark, each with its word."""
    state = blank(players=2)
    d = Drawn(pic.picture(ENGINE.view(state, None), names=NAMES, browser=True))
    y = TOP + 2 * ROW - (ROW - H) + 8
    words = [lab for lab in d.labels if lab.size == 9]
    assert [lab.text for lab in words] == ["river", "calamity trail", "town", "fort", "members", "calamities"]
    assert {lab.y for lab in words} == {y + 10} and {lab.fill for lab in words} == {pic.MUTED}
    x = 8
    for word, edge in zip(words[:4], (pic.RIVER_EDGE, pic.TRIGGER_EDGE, pic.TOWN_EDGE, pic.FORT_EDGE), strict=True):
        assert (round(x), y, 10, 13) in d.rects(edge)
        assert word.x == round(x + 13, 2)
        x += 13 + _measure(word.text, 9, False) + 10
    assert (round(x), y + 4, 5, 5) in d.rects(INK) and (round(x + 7), y + 4, 5, 5) in d.rects(pic.LOST)
    assert words[4].x == round(x + 15, 2)
    x += 15 + _measure("members", 9, False) + 10
    assert words[5].x == round(x + 10, 2)
    [mark] = [p for p in d.polygons(ALARM) if p[0][1] == y + 11]
    assert abs(mark[0][0] - x) < 1e-6 and mark[1:] == ((mark[0][0] + 7, y + 11), (mark[0][0] + 3.5, y + 4))
    assert d.height == y + 18


def test_every_shape_and_label_lies_inside_the_picture():
    """A full table (four trails, towns, a long hand, every kind of card) stays inside its canvas."""
    state = blank(players=4)
    place_town(state, "town", 3)
    place_town(state, "fort", 7)
    lay_trail(state, 0, [("middle", "top"), ("top", "bottom"), ("bottom", "middle")] * 6 + [("middle", "middle")] * 2)
    state["players"][0]["at_end"] = True
    _deal(state, 0, 12)
    for drawn in (_page(_view(state)), _email(_view(state))):
        for _, polys in drawn.shapes:
            for poly in polys:
                for x, y in poly:
                    assert 0 <= x <= drawn.width and 0 <= y <= drawn.height
        for x, y, r, _ in drawn.circles:
            assert r <= x <= drawn.width - r and r <= y <= drawn.height - r
        for lab in drawn.labels:
            assert 0 <= lab.x <= drawn.width and 0 < lab.y <= drawn.height


def _status(view, me=0):
    """Returns the page picture's status line (the bold 12 px label at the top)."""
    [line] = [lab for lab in _page(view, me=me).labels if lab.size == 12]
    assert (line.x, line.y, line.bold) == (8, 17, True)
    return line.text


def test_the_status_line_says_whose_turn_it_is_and_what_is_awaited():
    """The top line: the turn's number and who plays (revised: the actions left, one in the
    singular); in the draft, who picks; a pending decision, whose and which; at the end, who won."""
    state = blank(players=3)
    view = _view(state)
    view.update(turn=1, turn_number=7, actions_left=1)
    assert _status(view) == "Turn 7: Bob to play, 1 action left"
    view.update(turn=0, actions_left=3)
    assert _status(view) == "Turn 7: you to play, 3 actions left"
    classic = _view(blank("classic", players=3))
    classic.update(turn=2, turn_number=4)
    assert _status(classic) == "Turn 4: Cy to play"
    view.update(phase="draft", turn=2)
    assert _status(view) == "Drafting supplies: Cy to pick"
    view.update(phase="play", pending={"kind": "river_loss", "seat": 1})
    assert _status(view) == "Waiting for Bob: choosing a supply lost in the river"
    view.update(pending={"kind": "something_new", "seat": 0})
    assert _status(view) == "Waiting for you: a decision"
    view.update(pending=None, phase="over", result={"winners": [0, 2]})
    assert _status(view) == "Game over: you and Cy won"
    view.update(result={"winners": []})
    assert _status(view) == "Game over: nobody won"
    view.update(phase="play", result={"winners": [1]})
    assert _status(view, me=2) == "Game over: Bob won"


def test_a_status_line_too_long_for_the_picture_is_cut():
    """A status line wider than the picture less its margins ends in an ellipsis within them."""
    view = _view(blank(players=2))
    long = {0: "Ann", 1: "B" * 80}
    view.update(turn=1)
    [line] = [lab for lab in _page(view, names=long).labels if lab.size == 12]
    assert line.text.endswith("…") and _measure(line.text, 12) <= 560 - 16 < _measure(line.text[:-1] + "BB…", 12)


def test_the_summary_says_where_every_player_is():
    """The picture's title (read out by screen readers) says where each player stands: at
    Independence, at a card of the trail (stuck in a river), in town after a card, at the goal
    (Oregon; Willamette Valley in classic), out of the game."""
    state = blank(players=3)
    place_town(state, "town", 2)
    lay_plain(state, 0, 3)
    state["players"][0]["stuck"] = True
    lay_plain(state, 1, 2)
    state["players"][1]["in_town"] = True
    d = _page(_view(state))
    assert d.title == (
        "Oregon Trail Race table. Ann: at card 3 of 20, stuck in a river; Bob: in town after card 2; "
        "Cy: at Independence"
    )
    state["players"][0]["at_end"] = True
    state["players"][2]["alive"] = False
    assert _page(_view(state)).title == (
        "Oregon Trail Race table. Ann: reached Oregon; Bob: in town after card 2; Cy: out of the game"
    )
    classic = blank("classic", players=2)
    classic["players"][1]["at_end"] = True
    lay_plain(classic, 0, 1)
    n = _view(classic)["trail_length"]
    assert _email(_view(classic)).title == (
        f"Oregon Trail Race table. Ann: at card 1 of {n}; Bob: reached Willamette Valley"
    )


def test_a_trail_length_missing_from_the_view_draws_twenty_slots():
    """A view without a trail length (an old one) draws the revised 20 slots."""
    view = _view(blank(players=2))
    del view["trail_length"]
    d = _page(view)
    assert len([r for r in d.rects(pic.SLOT) if r[1] == TOP + 3]) == 20
    assert (533, TOP, 18, H) in d.rects(pic.GOAL_EDGE)


# -- the email: EMAIL_W 600; a trail of 20 slots 27 px wide from x 26 (10 + 14 + 2), the goal at 567;
# the reader's own block first (its trail 46 high), then each other player's (16 high)
E_LEFT, E_CW = 26, 27


def test_the_email_draws_the_reader_first_large_then_every_other_trail_thin():
    """The reader's block comes first whatever their seat: their tag and name "(you)", their party,
    where they are and their calamities in words, the slot numbers, their trail 46 px high with
    their wagon, their hand and supplies; then each other player's name, where they are and a trail
    16 px high with a plain disc; then the key."""
    state = blank(players=3)
    lay_plain(state, 1, 3)
    state["players"][1]["members"] = 3
    give_calamity(state, 1, "measles")
    give_calamity(state, 1, "thief")
    lay_plain(state, 2, 1)
    state["players"][2]["stuck"] = True
    give_hand(state, 1, "river_supply")
    give_supplies(state, 1, "food", "oxen")
    d = _email(_view(state, 1), me=1)
    assert d.width == EMAIL_W
    # the reader's block: tag, name, facts
    assert d.label("Bob (you)").y == 36 + 15 and d.label("Bob (you)").size == 14
    assert d.label("3 of 4 in the wagon").y == 36 + 15
    line = d.label("At card 3 of 20. Calamities: Measles, Thief")
    assert (line.x, line.y, line.fill) == (10, 36 + 26 + 13, INK)
    ticks = [lab for lab in d.labels if lab.text in ("1", "5", "10", "15", "20")]
    assert [(lab.x, lab.y) for lab in ticks] == [(E_LEFT + (k - 1) * E_CW + 12.5, 82 + 13) for k in (1, 5, 10, 15, 20)]
    y = 36 + 26 + 20 + 18
    assert sorted(r for r in d.rects(pic.PAPER_EDGE) if r[1] == y) == [
        (E_LEFT + (k - 1) * E_CW, y, 25, 46) for k in (1, 2, 3)
    ]
    assert (E_LEFT + 3 * E_CW + 1, y + 2, 23, 42) in d.rects(pic.SLOT)
    # the reader's wagon: a token with its letter, on card 3
    assert (E_LEFT + 2 * E_CW + 12.5, y + 23, 13.5, seat_colour(1)) in d.circles
    # the hand (40 x 54) and the supplies
    hy = y + 46 + 10
    assert [r for r in d.rects(pic.RIVER_EDGE) if r[1] == hy and r[2] == 40] != []
    assert d.label("Your hand").y == hy + 27 + 5
    supplies = d.label("Your supplies: Food, Oxen")
    assert (supplies.x, supplies.y) == (10, hy + 60 + 14)
    # the reader's block tinted, from 6 px above their tag to below their supplies
    assert d.rects(pic.MINE) == [(0, 30, EMAIL_W, 74 + 46 + 54 + 40 + 8)]
    # then Ann, then Cy, each a thin strip under their name and where they are
    ay = hy + 60 + 34
    assert (d.label("Ann").y, d.label("at Independence").y) == (ay + 15, ay + 15)
    assert (E_LEFT + 1, ay + 26 + 2, 23, 12) in d.rects(pic.SLOT)
    cy = ay + 26 + 26
    assert d.label("Cy").y == cy + 15 and d.label("at card 1 of 20, stuck in a river").y == cy + 15
    assert (E_LEFT, cy + 26, 25, 16) in d.rects(pic.PAPER_EDGE)
    discs = sorted((c for c in d.circles if c[2] in (6, 7.5, 10)), key=lambda c: (c[1], -c[2]))
    assert discs == [
        (E_LEFT - 9, ay + 26 + 8, 7.5, "#fff"),
        (E_LEFT - 9, ay + 26 + 8, 6, seat_colour(0)),
        (E_LEFT + 12.5, cy + 26 + 8, 10, pic.WATER),
        (E_LEFT + 12.5, cy + 26 + 8, 7.5, "#fff"),
        (E_LEFT + 12.5, cy + 26 + 8, 6, seat_colour(2)),
    ]
    # the key below, and the picture's end
    ky = cy + 26 + 26
    assert (10, ky, 14, 18) in d.rects(pic.RIVER_EDGE)
    assert d.height == ky + 26


def test_the_email_marks_the_player_to_play_and_greys_a_player_out():
    """In the email too a red arrow marks the player to play; a player out of the game has a grey
    name and no wagon; the reader stuck in a river has a blue ring round their wagon; no supplies
    read "none"."""
    state = blank(players=3)
    state["turn"] = 2
    lay_plain(state, 0, 2)
    state["players"][0]["stuck"] = True
    state["players"][1]["alive"] = False
    d = _email(_view(state))
    arrows = [p for p in d.polygons(ALARM) if p[0][0] == 2]
    hy = 36 + 26 + 20 + 18 + 46 + 10
    ay = hy + 60 + 34  # Bob's block (seat order after the reader)
    cy = ay + 26 + 26
    assert arrows == [((2, cy + 5), (9, cy + 10), (2, cy + 15))]
    assert d.label("Bob").fill == pic.MUTED and d.label("Ann (you)").fill == INK
    assert not [c for c in d.circles if c[1] == ay + 26 + 8]
    assert (E_LEFT + E_CW + 12.5, 100 + 23, 17.5, pic.WATER) in d.circles
    assert d.label("Your supplies: none").y == hy + 60 + 14
    assert (d.label("none").y, d.label("none").size) == (hy + 27 + 5, 13.5)  # the empty hand


def test_the_email_draws_towns_across_every_trail_and_a_wagon_in_town_in_its_band():
    """In the email each trail has its own band at a town's point (the reader's with the icon); a
    wagon in town stands in the band."""
    state = blank(players=2)
    place_town(state, "fort", 1)
    lay_plain(state, 0, 1)
    state["players"][0]["in_town"] = True
    d = _email(_view(state))
    cw = (590 - 18 - 2 - E_LEFT - 10) // 20  # 26
    band = E_LEFT + cw
    y = 100
    ay = y + 46 + 10 + 60 + 34 + 26
    assert sorted(r for r in d.rects(pic.FORT_EDGE) if r[0] == band + 1) == [
        (band + 1, y, 8, 46),
        (band + 1, ay, 8, 16),
    ]
    assert (band + 5, y + 23, 13.5, seat_colour(0)) in d.circles
    poles = [r for r in d.rects(pic.LINE) if r[2] == 1 and r[3] in (7, 8) and r[1] < ay]  # not the key's
    assert [(r[0], r[1]) for r in poles] == [(round(band + 5 - 2.8), round(y + 6 - 3.5))]


def test_cards_in_hand_show_their_kind_town_and_fort_with_their_icons():
    """A town or fort card in hand has its colour and its icon (a house, a flag) centred on it, about
    half the card tall; a calamity trail's red corner is at most 7 px."""
    state = blank(players=2)
    give_hand(state, 0, "town")
    give_hand(state, 0, "fort")
    give_hand(state, 0, "trigger")
    d = _email(_view(state))
    hy = 36 + 26 + 20 + 18 + 46 + 10
    x = 10 + _measure("Your hand", 14) + 10
    xs = [x, x + 46, x + 92]
    assert (round(xs[0]), hy, 40, 54) in d.rects(pic.TOWN_EDGE)
    assert (round(xs[1]), hy, 40, 54) in d.rects(pic.FORT_EDGE)
    assert (round(xs[0]) + 1, hy + 1, 38, 52) in d.rects(pic.TOWN)
    assert (round(xs[1]) + 1, hy + 1, 38, 52) in d.rects(pic.FORT)
    assert (round(xs[2]), hy, 40, 54) in d.rects(pic.TRIGGER_EDGE)
    s = 40 * 0.55
    cx, cy = xs[0] + 20, hy + 27
    house = [p for p in d.polygons(pic.LINE) if len(p) == 5 and hy < p[0][1] < hy + 54]
    want = ((cx - s / 2, cy + s / 2), (cx - s / 2, cy), (cx, cy - s / 2), (cx + s / 2, cy), (cx + s / 2, cy + s / 2))
    assert len(house) == 1 and all(abs(a - b) < 0.01 for p, q in zip(house[0], want, strict=True) for a, b in zip(p, q))
    fx, fy = xs[1] + 20, hy + 27
    pole = (round(fx - s * 0.4), round(fy - s / 2), round(fx - s * 0.4 + s * 0.13) - round(fx - s * 0.4), 22)
    assert pole in d.rects(pic.LINE)
    flag = [p for p in d.polygons(pic.LINE) if len(p) == 3 and hy < p[0][1] < hy + 54]
    assert (
        len(flag) == 1
        and abs(flag[0][0][0] - (fx - s * 0.27)) < 0.01
        and abs(flag[0][1][0] - flag[0][0][0] - s * 0.7) < 0.01
    )
    assert abs(flag[0][1][1] - flag[0][0][1] - s * 0.22) < 0.01 and abs(flag[0][2][1] - flag[0][1][1] - s * 0.22) < 0.01
    assert abs(flag[0][2][0] - flag[0][0][0]) < 0.02  # back to the pole
    corner = [p for p in d.polygons(ALARM) if p[0][1] == hy + 53]
    right = round(xs[2] + 39)
    assert corner == [((right, hy + 53), (right - 7, hy + 53), (right, hy + 46))]


def test_two_seats_with_the_same_initial_carry_their_numbers_in_smaller_letters():
    """Two names with the same initial: each tag reads the initial and the seat's number, 7.5 px
    instead of 10 (and the wagons' labels likewise)."""
    d = _page(_view(blank(players=2)), names={0: "Ann", 1: "Al"})
    tags = sorted((lab for lab in d.labels if lab.text in ("A1", "A2") and lab.x == 15.5), key=lambda lab: lab.y)
    assert [(lab.text, lab.y, lab.size) for lab in tags] == [
        ("A1", TOP + 1 + 7.5 + 2.7, 7.5),
        ("A2", TOP + ROW + 1 + 7.5 + 2.7, 7.5),
    ]


def test_the_seat_looking_is_read_from_the_view_when_not_given():
    """A seat's view drawn without `me`: the player marked is_me is the one looking (their row
    tinted, "you" in the status line, first and large in the email)."""
    state = blank(players=3)
    state["turn"] = 1
    view = _view(state, 1)
    d = Drawn(pic.picture(view, names=NAMES, browser=True))
    assert d.rects(pic.MINE) == [(4, TOP + ROW - 3, 552, H + 6)]
    assert [lab.text for lab in d.labels if lab.size == 12] == ["Turn 1: you to play, 4 actions left"]
    e = Drawn(pic.email_picture(view, names=NAMES, browser=True))
    assert e.label("Bob (you)").y == 36 + 15


def test_towns_count_from_independence_to_the_goal_and_malformed_entries_are_left_out():
    """A town at the trail's last point stands between slot 20 and the goal (which moves right by
    its band); a town at no point of the trail (before 0, after the goal, no point) and a player
    entry without a seat are not drawn."""
    view = _view(blank(players=2))
    view["towns"] = [
        {"kind": "town", "point": 20},
        {"kind": "fort", "point": 21},
        {"kind": "fort", "point": -1},
        {"kind": "fort", "point": None},
    ]
    view["players"].append({"seat": None, "name": "ghost"})
    d = _page(view)
    cw = (552 - 18 - 2 - LEFT - 10) // 20  # 19: one band
    assert [r for r in d.rects(pic.TOWN_EDGE) if r[1] < TOP] == [(LEFT + 20 * cw + 1, TOP - 14, 8, 2 * ROW - 6 + 16)]
    assert [r for r in d.rects(pic.FORT_EDGE) if r[1] < TOP] == []
    assert (LEFT + 20 * cw + 10 + 1, TOP, 18, H) in d.rects(pic.GOAL_EDGE)
    assert d.height == TOP + 2 * ROW - 6 + 8 + 30 + 8 + 18


def test_a_marker_stepped_back_onto_a_town_at_the_trail_s_start_stands_in_its_band():
    """Classic: a wagon stepped back onto a town whose trail before it is gone (picked up) stands in
    that town's band, though not marked in town."""
    state = blank("classic", players=2)
    place_town(state, "town", 2)
    lay_plain(state, 0, 4)
    state["players"][0]["trimmed"] = 2
    state["players"][0]["pos"] = 2
    state["players"][0]["trail"] = state["players"][0]["trail"][:2]
    d = _page(_view(state))
    cw = 19
    assert (LEFT + 2 * cw + 5, TOP + H / 2, 7, seat_colour(0)) in d.circles


def test_a_longer_or_shorter_trail_has_narrower_or_wider_slots_and_its_own_numbers():
    """The trail's slots share the room between Independence and the goal: 30 slots 13 px wide on
    the page (18 in the email), 10 slots 40 px wide (54); the numbers: 1, every fifth, the last."""
    for n, cw, ecw in ((30, 13, 18), (10, 40, 54)):
        view = _view(blank(players=2, trail_length=n))
        d = _page(view)
        assert sorted(r for r in d.rects(pic.SLOT) if r[1] == TOP + 3) == [
            (LEFT + (k - 1) * cw + 1, TOP + 3, cw - 4, H - 6) for k in range(1, n + 1)
        ]
        assert (LEFT + n * cw + 1, TOP, 18, H) in d.rects(pic.GOAL_EDGE)
        ticks = [(lab.text, lab.x) for lab in d.labels if lab.size == 8]
        assert ticks == [(str(k), LEFT + (k - 1) * cw + (cw - 2) / 2) for k in sorted({1, n, *range(5, n, 5)})]
        e = _email(view)
        assert (E_LEFT + n * ecw + 1, 100, 18, 46) in e.rects(pic.GOAL_EDGE)
        assert d.title.endswith("Ann: at Independence; Bob: at Independence")


def test_a_card_s_line_is_drawn_over_every_card_face_of_its_trail():
    """What is printed on a card (its line, the river's wave) is drawn after the faces of the whole
    trail, so a river laid after a plain card still shows its line."""
    state = blank(players=2)
    lay_trail(state, 0, [("middle", "middle")], kind="plain")
    lay_trail(state, 0, [("middle", "bottom")], kind="river_supply")
    d = _page(_view(state))
    colours = [colour for colour, _ in d.shapes]
    line = next(
        i
        for i, (colour, polys) in enumerate(d.shapes)
        if colour == pic.LINE and any(p[0][1] < TOP + ROW for p in polys)
    )
    for face in (pic.PAPER, pic.RIVER, pic.RIVER_EDGE, pic.SLOT, pic.GOAL):
        assert colours.index(face) < line
    assert colours.index(pic.WATER) > colours.index(pic.RIVER)


def test_long_names_are_cut_to_their_column():
    """A name too long for its place ends in an ellipsis: 88 px at 10 px on the page, 240 px at
    14 px in the email (where the reader's ends in "(you)" before the cut)."""
    names = {0: "Bartholomew-Alexander the Third", 1: "Maximiliana Montgomery-Smythe"}
    view = _view(blank(players=2))
    d = _page(view, names=names)
    for lab in (lab for lab in d.labels if lab.size == 10 and lab.x == 27):
        assert lab.text.endswith("…") and _measure(lab.text, 10) <= 88
        assert _measure(lab.text[:-1] + "xx…", 10) > 88
    e = _email(view, names=names)
    for lab in (lab for lab in e.labels if lab.size == 14 and lab.text.endswith("…") and lab.bold):
        assert _measure(lab.text, 14) <= 240 < _measure(lab.text[:-1] + "xx…", 14)
    assert len([lab for lab in e.labels if lab.size == 14 and lab.text.endswith("…")]) == 2


def test_the_email_cuts_a_long_calamity_or_supply_line_to_the_column():
    """The reader's calamities and supplies, too many for one line, end in an ellipsis within the
    column (600 px less 10 each side)."""
    state = blank(players=2)
    for kind in ("measles", "dysentery", "cholera", "snake_bite", "broken_arm", "typhoid", "inadequate_grass"):
        give_calamity(state, 0, kind)
    give_supplies(state, 0, *["food", "clothes", "oxen", "spare_parts", "medicine", "clean_water"] * 2)
    e = _email(_view(state))
    cal = next(lab for lab in e.labels if lab.text.startswith("At Independence. Calamities: Measles"))
    sup = next(lab for lab in e.labels if lab.text.startswith("Your supplies: Food, Clothes"))
    for lab in (cal, sup):
        assert lab.text.endswith("…") and lab.size == 13.5
        assert _measure(lab.text, 13.5, False) <= 580 < _measure(lab.text[:-1] + "xx…", 13.5, False)


def test_a_player_with_no_members_count_shows_four_grey_pips_and_none_in_the_wagon():
    """A player entry without a members count reads as none left: four grey pips on the page, "0 of
    4 in the wagon" in the email."""
    view = _view(blank(players=2))
    del view["players"][0]["members"]
    d = _page(view)
    assert [r for r in d.rects(pic.LOST) if r[1] == TOP + 19] == [(9 + i * 7, TOP + 19, 5, 5) for i in range(4)]
    assert _email(view).label("0 of 4 in the wagon").y == 36 + 15


def test_the_wagons_carry_their_players_initials():
    """Each wagon's disc carries its player's initial in white."""
    state = blank(players=2)
    lay_plain(state, 1, 1)
    d = _page(_view(state))
    on = sorted((lab.text, lab.x, lab.y) for lab in d.labels if lab.size == 9.1)
    lift = round(9.1 * 0.36, 2)
    assert on == [("A", LEFT - 9, TOP + 13 + lift), ("B", LEFT + 9, TOP + ROW + 13 + lift)]
    assert {lab.fill for lab in d.labels if lab.size == 9.1} == {"#fff"}


def test_the_key_s_cards_are_drawn_small_with_their_marks():
    """The key's cards are 10 x 13 on the page (the calamity trail's corner 3 px, the town's house
    and the fort's flag 5.5 px tall) and 14 x 18 in the email, each word after its card."""
    d = Drawn(pic.picture(ENGINE.view(blank(players=2), None), names=NAMES, browser=True))
    y = TOP + 2 * ROW - (ROW - H) + 8
    x = 8 + 13 + _measure("river", 9, False) + 10
    right = round(x + 9)
    assert ((right, y + 12), (right - 3, y + 12), (right, y + 9)) in d.polygons(ALARM)
    town_x = x + 13 + _measure("calamity trail", 9, False) + 10
    house = [p for p in d.polygons(pic.LINE) if len(p) == 5 and p[0][1] > y]
    assert len(house) == 1 and abs(house[0][0][0] - (town_x + 5 - 2.75)) < 0.01 and house[0][0][1] == y + 6.5 + 2.75
    e = Drawn(pic.email_picture(ENGINE.view(blank(players=2), None), names=NAMES, browser=True))
    ky = e.height - 26
    words = [lab for lab in e.labels if lab.y == ky + 14]
    assert [lab.text for lab in words] == ["river", "calamity trail", "town", "fort"]
    x = 10
    for lab, edge in zip(words, (pic.RIVER_EDGE, pic.TRIGGER_EDGE, pic.TOWN_EDGE, pic.FORT_EDGE), strict=True):
        assert (round(x), ky, 14, 18) in e.rects(edge) and lab.x == round(x + 18, 2) and lab.size == 13.5
        x += 18 + _measure(lab.text, 13.5, False) + 14


def test_the_email_for_a_spectator_draws_every_trail_thin_and_a_public_view_no_hand():
    """Without a seat looking every trail is thin and none is tinted; a reader given with a public
    view (no hand in it) has the large trail and a tint that stops after it, with no hand."""
    view = ENGINE.view(blank(players=2), None)
    e = Drawn(pic.email_picture(view, names=NAMES, browser=True))
    assert e.rects(pic.MINE) == [] and "Your hand" not in e.texts()
    assert (E_LEFT - 16, 36 + 26, 14, 16) in e.rects(pic.GOAL_EDGE)
    e = Drawn(pic.email_picture(view, names=NAMES, me=0, browser=True))
    assert e.rects(pic.MINE) == [(0, 30, EMAIL_W, 74 + 46 + 8)]
    assert "Your hand" not in e.texts() and not [t for t in e.texts() if t.startswith("Your supplies")]
    assert e.label("Bob").y == 100 + 46 + 10 + 15


def test_the_reader_s_line_keeps_the_places_names_as_they_are_written():
    """The reader's line in the email starts with a capital and keeps Independence, Oregon and
    Willamette Valley as they are written (a bug fixed: the whole line was lower-cased after its
    first letter)."""
    state = blank("classic", players=2)
    assert _email(_view(state)).label("At Independence").x == 10
    state["players"][0]["at_end"] = True
    assert _email(_view(state)).label("Reached Willamette Valley").y == 36 + 26 + 13
    revised = blank(players=2)
    revised["players"][0]["at_end"] = True
    assert _email(_view(revised)).label("Reached Oregon").y == 36 + 26 + 13


def test_the_status_line_reads_a_partial_view_plainly():
    """What a view leaves out reads plainly: no turn number "?", no actions left nothing (revised),
    a pending entry without a kind (or not an entry) the turn, a pending seat unknown "?", the end
    with no result nobody; entries that are not players or towns are left out."""
    view = _view(blank(players=2))
    view.update(turn=1, actions_left=None)
    del view["turn_number"]
    assert _status(view) == "Turn ?: Bob to play"
    view.update(turn_number=2, actions_left=2, pending={"seat": 0})
    assert _status(view) == "Turn 2: Bob to play, 2 actions left"
    view.update(pending="victim")
    assert _status(view) == "Turn 2: Bob to play, 2 actions left"
    view.update(pending={"kind": "victim", "seat": 5})
    assert _status(view) == "Waiting for ?: choosing who gets the calamity"
    view.update(pending=None, phase="over", result=None)
    assert _status(view) == "Game over: nobody won"
    view.update(phase="play")
    view["players"].append("not a player")
    view["towns"] = ["not a town", {"kind": "fort", "point": 4}]
    d = _page(view)
    assert len(d.rects(pic.GOAL_EDGE)) == 4 and [r for r in d.rects(pic.FORT_EDGE) if r[1] < TOP] != []


def _style(lab):
    return (lab.size, lab.bold, lab.fill, lab.anchor)


def _rich(players=3):
    """A position with a bit of everything: seat 1 looking, a town, laid cards, a calamity, a hand
    and supplies."""
    state = blank(players=players)
    place_town(state, "town", 1)
    lay_plain(state, 1, 2)
    give_calamity(state, 1, "measles")
    give_hand(state, 1, "trigger")
    give_supplies(state, 1, "food")
    state["turn"] = 1
    return state


def test_every_label_of_the_page_has_its_size_weight_and_colour():
    """The page's words: the status 12 px bold; the slot numbers 8 px grey, centred; the tags'
    initials 10 px bold white, centred; names 10 px bold; "Your hand" 10 px bold; the key's words
    9 px grey; the wagons' initials bold white, centred."""
    state = _rich()
    state["players"][1]["hand"] = []
    d = _page(_view(state, 1), me=1)
    assert _style(d.label("Turn 1: you to play, 4 actions left")) == (12, True, INK, "start")
    assert {_style(lab) for lab in d.labels if lab.text in ("1", "5", "10", "15", "20")} == {
        (8, False, pic.MUTED, "middle")
    }
    assert {_style(lab) for lab in d.labels if lab.text in ("A", "B", "C") and lab.x == 15.5} == {
        (10, True, "#fff", "middle")
    }
    assert {_style(d.label(name)) for name in ("Ann", "Bob", "Cy")} == {(10, True, INK, "start")}
    assert _style(d.label("Your hand")) == (10, True, INK, "start")
    assert _style(d.label("none")) == (10, False, pic.MUTED, "start")
    for word in ("river", "calamity trail", "town", "fort", "members", "calamities"):
        assert _style(d.label(word)) == (9, False, pic.MUTED, "start")
    assert {_style(lab) for lab in d.labels if lab.size == 9.1} == {(9.1, True, "#fff", "middle")}


def test_every_label_of_the_email_has_its_size_weight_colour_and_place():
    """The email's words: the status 16 px bold; a tag's initial 13.5 px bold white centred on its
    square; the name 14 px bold 6 px after the tag; its facts 13.5 px grey 10 px after the name; the
    reader's line, supplies 13.5 px; the slot numbers 13.5 px grey centred; "Your hand" 14 px bold;
    the key's words 13.5 px grey."""
    state = _rich()
    d = _email(_view(state, 1), me=1)
    status = d.label("Turn 1: you to play, 4 actions left")
    assert (status.x, status.y, *_style(status)) == (10, 22, 16, True, INK, "start")
    for name, initial, y in (("Bob (you)", "B", 36), ("Ann", "A", 250), ("Cy", "C", 302)):
        w = max(20.0, _measure(initial, 13.5) + 8)
        tag = next(lab for lab in d.labels if lab.text == initial and lab.size == 13.5)
        assert (tag.x, tag.y, *_style(tag)) == (10 + w / 2, y + 15, 13.5, True, "#fff", "middle")
        assert (10, y, round(w), 20) in d.rects(seat_colour({"A": 0, "B": 1, "C": 2}[initial]))
        lab = d.label(name)
        assert (lab.x, lab.y, *_style(lab)) == (round(10 + w + 6, 2), y + 15, 14, True, INK, "start")
    fact = d.label("4 of 4 in the wagon")
    assert (fact.x, *_style(fact)) == (
        round(10 + 20 + 6 + _measure("Bob (you)", 14) + 10, 2),
        13.5,
        False,
        pic.MUTED,
        "start",
    )
    assert {_style(lab) for lab in d.labels if lab.text == "at Independence"} == {(13.5, False, pic.MUTED, "start")}
    assert _style(d.label("At card 2 of 20. Calamities: Measles")) == (13.5, False, INK, "start")
    assert _style(d.label("Your supplies: Food")) == (13.5, False, INK, "start")
    assert _style(d.label("Your hand")) == (14, True, INK, "start")
    ticks = [lab for lab in d.labels if lab.y == 82 + 13]
    assert [(lab.text, *_style(lab)) for lab in ticks] == [
        (str(k), 13.5, False, pic.MUTED, "middle") for k in (1, 5, 10, 15, 20)
    ]
    for word in ("river", "calamity trail", "town", "fort"):
        assert _style(d.label(word)) == (13.5, False, pic.MUTED, "start")
    # the wagon's initial on the reader's token
    on = next(lab for lab in d.labels if lab.text == "B" and lab.size != 13.5)
    assert _style(on) == (round(13.5 * 1.3, 2), True, "#fff", "middle")


def test_both_pictures_have_their_background_and_draw_text_as_outlines_by_default():
    """Each picture is filled with its paper colour from corner to corner; drawn for an email (the
    default) its words are outlines, not <text>, so that every client shows the same letters."""
    view = _view(_rich(), 1)
    for draw in (pic.picture, pic.email_picture):
        svg = draw(view, names=NAMES, me=1)
        root = ET.fromstring(svg)
        [bg] = [el for el in root if el.tag == f"{SVG}rect"]
        assert (bg.get("width"), bg.get("height"), bg.get("fill")) == (
            root.get("width"),
            root.get("height"),
            pic.BACKGROUND,
        )
        assert root.find(f".//{SVG}text") is None
        assert ET.fromstring(draw(view, names=NAMES, me=1, browser=True)).find(f".//{SVG}text") is not None


def test_the_reader_s_tint_is_drawn_under_the_towns_and_the_cards():
    """The reader's tint lies under everything on their row: the town bands on the page, the card
    faces and slots in the email."""
    view = _view(_rich(), 1)
    d = _page(view, me=1)
    colours = [colour for colour, _ in d.shapes]
    assert colours.index(pic.MINE) < colours.index(pic.TOWN_EDGE) < colours.index(pic.TOWN)
    e = _email(view, me=1)
    colours = [colour for colour, _ in e.shapes]
    assert colours.index(pic.MINE) < min(
        colours.index(pic.PAPER_EDGE), colours.index(pic.SLOT), colours.index(pic.TOWN)
    )


def test_a_public_view_drawn_for_a_seat_tints_its_row():
    """A public view (no hand) drawn for a given seat: that seat's row is tinted and it is "you"."""
    state = _rich()
    d = Drawn(pic.picture(ENGINE.view(state, None), names=NAMES, me=1, browser=True))
    assert d.rects(pic.MINE) == [(4, TOP + ROW - 3, 552, H + 6)]
    assert "Turn 1: you to play, 4 actions left" in d.texts()
    e = Drawn(pic.email_picture(ENGINE.view(state, None), names=NAMES, me=1, browser=True))
    assert "Turn 1: you to play, 4 actions left" in e.texts()


def test_names_are_cut_at_exactly_their_room():
    """Names are cut to exactly their room: 88 px at 10 px bold on the page, 240 px at 14 px bold in
    the email; the status line to the picture less 8 px each side."""
    names = {0: "Prudence Jemima Jemima Trail", 1: "Ira Wagon Prudence Quill", 2: "Cy"}
    long = "Obadiah Faith Trail of Moses Wilhelmina Zeke Obadiah Uriah Quill Hattie Prudence"
    fit = Canvas(10).fit
    view = _view(blank(players=3))
    d = _page(view, names=names)
    for seat in (0, 1):
        assert fit(names[seat], 88, 10, True) in d.texts()
    e = _email(view, names={**names, 1: long})
    assert fit(long, 240, 14, True) in e.texts()
    view.update(turn=1)
    narrow = {0: "Ann", 1: "Il" * 90, 2: "Cy"}
    assert fit("Turn 1: " + "Il" * 90 + " to play, 4 actions left", 544, 12, True) in _page(view, names=narrow).texts()


def test_the_email_s_long_lines_are_cut_at_exactly_the_column():
    """The reader's calamity line and supplies line are cut to exactly the column, 580 px."""
    state = blank(players=2)
    for kind in ("measles", "dysentery", "cholera", "snake_bite", "broken_arm", "typhoid", "inadequate_grass"):
        give_calamity(state, 0, kind)
    give_supplies(state, 0, *["food", "clothes", "oxen", "spare_parts", "medicine", "clean_water"] * 2)
    view = _view(state)
    e = _email(view)
    fit = Canvas(10).fit
    cals = ", ".join(c["name"] for c in view["players"][0]["calamities"])
    sup = ", ".join(s["name"] for s in view["supplies"])
    assert fit("At Independence. Calamities: " + cals, 580, 13.5) in e.texts()
    assert fit("Your supplies: " + sup, 580, 13.5) in e.texts()


def test_the_email_tells_where_the_others_are_and_the_reader_is_you():
    """Another player's facts in the email name the goal they reached; the status line calls the
    reader "you"; only the reader's trail carries the towns' icons."""
    state = _rich()
    state["players"][0]["at_end"] = True
    state["turn"] = 1
    e = _email(_view(state, 1), me=1)
    assert e.label("reached Oregon").y == 250 + 15
    assert "Turn 1: you to play, 4 actions left" in e.texts()
    houses = [p for p in e.polygons(pic.LINE) if len(p) == 5 and p[0][1] < e.height - 26]
    assert len(houses) == 1


def test_a_partial_view_reads_plainly_in_the_email():
    """A player entry without "alive" is in the game; a calamity without a name reads "calamity";
    supplies given as plain names are listed, one without a name left out."""
    view = _view(_rich(), 1)
    for p in view["players"]:
        del p["alive"]
    view["players"][1]["calamities"] = [{"kind": "measles"}, "not a calamity"]
    view["supplies"] = ["Food", {"kind": "oxen"}, {"name": "Oxen"}]
    e = _email(view, me=1)
    assert "At card 2 of 20. Calamities: calamity" in e.texts()
    assert "Your supplies: Food, Oxen" in e.texts()
    assert e.label("Ann").fill == INK and len([c for c in e.circles if c[2] == 6]) == 2
    d = _page(view, me=1)
    assert d.label("Ann").fill == INK and len(_wagons(d)) == 3
    assert d.title == "Oregon Trail Race table. Ann: at Independence; Bob: at card 2 of 20; Cy: at Independence"


def test_a_drowning_river_is_drawn_as_a_river():
    """Both kinds of river card (one that takes a supply, one that can drown a member) are blue with
    a wave."""
    state = blank(players=2)
    lay_trail(state, 0, [("middle", "middle")], kind="river_drown")
    d = _page(_view(state))
    assert _slot(1) in d.rects(pic.RIVER_EDGE)
    x, y, w, h = _slot(1)
    assert (round(x + w * 0.62 - 1.5), y + 1, 3, h - 2) in d.rects(pic.WATER)


def test_thirteen_slots_share_the_room_in_whole_pixels():
    """The slots' width is the room between Independence and the goal (its 18 px and a 2 px gap)
    shared out in whole pixels: 13 slots of 30 px on the page (400 / 13 = 30.8), 41 in the email."""
    view = _view(blank(players=2, trail_length=13))
    d = _page(view)
    assert (LEFT + 12 * 30 + 1, TOP + 3, 26, H - 6) in d.rects(pic.SLOT)
    assert (LEFT + 13 * 30 + 1, TOP, 18, H) in d.rects(pic.GOAL_EDGE)
    e = _email(view)
    assert (E_LEFT + 13 * 41 + 1, 100, 18, 46) in e.rects(pic.GOAL_EDGE)


def test_the_hand_and_the_key_are_drawn_as_paths_of_their_own():
    """Each band of the picture (a trail, the hand, the key) is drawn as its own paths (resvg's time
    for a path grows with the rows it spans): no path holds both a hand card and a key card, even
    when the hand has more cards than fit."""
    state = blank(players=2)
    for _ in range(20):
        give_hand(state, 0, "trigger")
    page, email = _page(_view(state)), _email(_view(state))
    for d, hand_y, hand_h, key_y in (
        (page, TOP + 2 * ROW - 6 + 8, 30, page.height - 18),
        (email, 156, 54, email.height - 26),
    ):
        for _, polys in d.shapes:
            ys = {y for p in polys for _, y in p}
            assert not (any(hand_y <= y <= hand_y + hand_h for y in ys) and any(key_y <= y for y in ys))


def test_a_result_without_winners_reads_nobody_won():
    """A result that names no winners (a game ended otherwise) reads "nobody won"."""
    view = _view(blank(players=2))
    view.update(result={"reason": "abandoned"})
    assert _status(view) == "Game over: nobody won"


def test_a_wagon_on_the_card_before_a_town_but_not_in_it_stands_on_the_card():
    """A wagon at the card a town follows, not in town, stands on that card, not in the band."""
    state = blank(players=2)
    place_town(state, "town", 2)
    lay_plain(state, 0, 2)
    d = _page(_view(state))
    cw = 19
    assert _wagons(d)[(LEFT + cw + 8.5, TOP + H / 2)] == seat_colour(0)


def test_a_drowning_river_in_hand_is_drawn_as_a_river():
    """A drowning river card in hand (told by its kind alone) is blue with a wave, like one laid."""
    state = blank(players=2)
    give_hand(state, 0, "river_drown")
    d = _page(_view(state))
    y = TOP + 2 * ROW - 6 + 8
    x = round(8 + _measure("Your hand", 10) + 8)
    assert (x, y, 22, 30) in d.rects(pic.RIVER_EDGE)
    assert [r for r in d.rects(pic.WATER) if r[1] == y + 1] != []


def test_the_email_s_status_line_is_cut_at_exactly_the_column():
    """The email's status line, 16 px bold, is cut to exactly the column (600 px less 10 each side)."""
    view = _view(blank(players=2))
    view.update(turn=1)
    line = "Turn 1: " + "Il" * 90 + " to play, 4 actions left"
    e = _email(view, names={0: "Ann", 1: "Il" * 90})
    [status] = [lab for lab in e.labels if lab.size == 16]
    assert (status.text, status.bold) == (Canvas(10).fit(line, 580, 16, True), True)
