"""Ogallala's table as a picture: every player's river display, whose turn it is, the stacks' sizes.

A display is three rows of spaces on the river. A card sits on its space: a bow shows a prow
pointing left, a stern a prow pointing right, a canoe section a hull; a warrior shows its combat
number in its colour (red or blue; it matters in the two-tribes game) and the special ones their
name under it, a totem pole a little pole, booty a yellow card with a short name (a suite's front half
points right, its rear half left). A complete boat is framed in green with its strength on the
frame. Each display has its player's colour tag, name, points and complete boats; the seat's own
display is tinted and a red arrow marks the player to play. Stacks show only their sizes (never
a card on top of them); Ogallala II's discard is face down, so only its size.
"""

from __future__ import annotations

from ..base import seat_label
from ..drawing.common import EMAIL_TEXT, EMAIL_W, email_tag, plural, seat_colour, seat_names, token_labels
from ..drawing.svg import ALARM, INK, Canvas, rect_d

W = 560
PAD = 8
CELL_H = 21
HEAD = 16  # a display's name line
GAP = 6

BACKGROUND = "#f3f8fb"
RIVER = "#8fc1dc"
SPACE = "#acd3e8"
FACE, EDGE = "#f6ecd9", "#b89a6a"
BOOTY, BOOTY_EDGE = "#ffeea6", "#c9a227"
HULL = "#6b4423"
BOAT = "#2d7a2d"
TOTEM = "#8e3b1f"
MINE = "#dcecf6"
MUTED = "#5d6b75"
RED, BLUE = "#b0231b", "#1b46b0"

# short names for booty, by card kind (persons and halves of suites by their suite)
BOOTY_NAMES = {
    "furs": "Furs",
    "firewater": "Firewater",
    "gunpowder": "Powder",
    "tobacco": "Tobacco",
    "tent": "Tent",
    "eagle": "Eagle",
    "rifles": "Rifles",
    "gun": "Gun",
    "bear": "Bear",
    "buffalo": "Buffalo",
    "wood": "Wood",
    "gold": "Gold",
    "horse": "Horse",
    "soldier": "Soldier",
    "bear_hunter": "Hunter",
    "buffalo_hunter": "Hunter",
    "lumberjack": "Lumberjack",
    "gold_digger": "Digger",
    "cowboy": "Cowboy",
}
SPECIAL = {"lasso": "lasso", "archer": "archer", "axe": "axe", "chieftain": "chief", "shaman": "shaman"}
STEPS = {
    "draw": "draw a card",
    "lasso": "use the lasso or not",
    "archer": "shoot or not",
    "hunt": "take a hunting card or not",
    "end_offer": "end the game or play on",
    "attack": "attack or not",
}


class _Shapes:
    """Shapes by layer and colour, drawn as one path each per display (see oregon_trail._Shapes)."""

    def __init__(self):
        self.paths: dict[tuple[int, str], list[str]] = {}

    def fill(self, colour: str, d: str, layer: int = 1) -> None:
        self.paths.setdefault((layer, colour), []).append(d)

    def draw(self, canvas: Canvas) -> None:
        for layer in (0, 1, 2):
            for (at, colour), parts in self.paths.items():
                if at == layer:
                    canvas.add(f'<path fill="{colour}" d="{"".join(parts)}"/>')
        self.paths = {}


def _kind(cell: dict) -> str:
    return str(cell.get("kind") or "")


def _role(kind: str) -> str:
    if kind in ("bow", "bow_warrior"):
        return "bow"
    if kind in ("stern", "stern_warrior"):
        return "stern"
    return kind


def _card(
    c: Canvas, shapes: _Shapes, x: int, y: int, w: int, h: int, cell: dict, sizes: tuple | None = (10, 7, 7.5)
) -> None:
    """One card on its space; sizes: its combat number's, special name's and booty name's text
    sizes (None: no text, for a strip too thin to read)."""
    kind = _kind(cell)
    booty = bool(cell.get("booty"))
    shapes.fill(BOOTY_EDGE if booty else EDGE, rect_d(x, y, w, h), 0)
    shapes.fill(BOOTY if booty else FACE, rect_d(x + 1, y + 1, w - 2, h - 2), 0)
    role = _role(kind)
    if role in ("bow", "stern", "canoe"):  # a hull along the bottom; a bow's prow rises on the left
        hy = y + h - 7
        if role == "bow":
            shapes.fill(HULL, f"M{x + 2} {y + 3}L{x + 8} {hy}H{x + w - 2}v5H{x + 7}z")
        elif role == "stern":
            shapes.fill(HULL, f"M{x + w - 2} {y + 3}L{x + w - 8} {hy}H{x + 2}v5H{x + w - 7}z")
        else:
            shapes.fill(HULL, rect_d(x + 2, hy, w - 4, 5))
    if kind == "totem":  # three blocks up the middle, 5 px high at most, inside the card however thin
        block = min(5, (h - 6) / 3)
        for i in range(3):
            shapes.fill(TOTEM, rect_d(x + w / 2 - 4 + (i % 2), y + 3 + i * (block + 1), 8 - 2 * (i % 2), block))
    combat = cell.get("combat")
    if sizes is None:
        return
    big, small, booty_size = sizes
    if combat is not None:
        colour = {"red": RED, "blue": BLUE}.get(cell.get("colour"), INK)
        special = SPECIAL.get(kind)
        base = y + (big if special or role in ("bow", "stern") else h / 2 + big * 0.4)
        cx = x + w / 2 + (3 if role == "bow" else -3 if role == "stern" else 0)
        c.text(cx, base, str(combat), size=big, bold=True, fill=colour, anchor="middle")
        if special:
            c.text(x + w / 2, y + h - 4, c.fit(special, w - 2, small), size=small, fill=MUTED, anchor="middle")
    elif booty:
        suite = kind.rsplit("_", 1)[0] if kind.endswith(("_front", "_rear")) else kind
        name = BOOTY_NAMES.get(suite) or str(cell.get("name") or kind)
        half = kind.endswith("_front") - kind.endswith("_rear")  # 1: points right, -1: left, 0: whole
        cx = x + w / 2 - 2.5 * half
        room = w - 4 - 5 * abs(half)
        label = c.fit(name, room, booty_size)
        if label.endswith("…") and booty_size > 10:  # the email's larger text: the name's first letters
            label = name[:3] if c.measure(name[:3], booty_size) <= room else name[:2]
        c.text(cx, y + h / 2 + booty_size * 0.4, label, size=booty_size, fill=INK, anchor="middle")
        if half > 0:
            shapes.fill(BOOTY_EDGE, f"M{x + w - 1} {y + h / 2 - 4}l-4 4l4 4z")
        elif half < 0:
            shapes.fill(BOOTY_EDGE, f"M{x + 1} {y + h / 2 - 4}l4 4l-4 4z")


def _status(view: dict, names: dict, me) -> str:
    def who(seat):
        return "you" if seat == me else names.get(seat, "?")

    result = view.get("result")
    if result:
        winners = [who(s) for s in result.get("winners", [])]
        return "Game over: " + (" and ".join(winners) + " won" if winners else "nobody won")
    pend = view.get("pending")
    if not isinstance(pend, dict):
        return f"Ogallala {view.get('edition', '')}".strip()
    phase = str(pend.get("phase") or "")
    card = pend.get("card") if isinstance(pend.get("card"), dict) else None
    if phase == "place" and card:
        step = f"place {card.get('name', 'a card')}"
    elif phase == "take" and card:
        step = f"take {card.get('name', 'a card')} as spoils"
    else:
        step = STEPS.get(phase, phase.replace("_", " ") or "play")
    seat = pend.get("seat")
    return f"{'Your turn' if seat == me else names.get(seat, '?') + ' to play'}: {step}"


def _read(view: dict, names: dict | None) -> tuple:
    """Returns what both drawings read off a view: (names, token labels, the players, a row's
    length, the seat whose turn it is unless the game is over)."""
    names = seat_names(view, names)
    players = [p for p in view.get("players") or [] if isinstance(p, dict) and isinstance(p.get("seat"), int)]
    length = max(1, int(view.get("row_length") or 14))
    turn = None if view.get("result") else view.get("turn")
    return names, token_labels(names), players, length, turn


def _facts(p: dict) -> list[str]:
    """Returns what a river's heading says of its player: points, boats, whether they left."""
    facts = [plural(p.get("score", 0), "point"), plural(p.get("complete_boats", 0), "boat")]
    if p.get("resigned"):
        facts.append("left the game")
    return facts


def _river(c: Canvas, shapes: _Shapes, p: dict, rows: list, grid: tuple, *, sizes=(10, 7, 7.5), strength=None) -> None:
    """Draws a player's river display: its rows of spaces, each card on its space (`sizes` as
    _card's) and a frame round each complete boat, then `strength(x, y, width, boat)` if given (its
    label). grid: (the rows' left edge, their top, a space's width, a row's length, its height)."""
    left, top, cw, length, h = grid
    for r, row in enumerate(rows):
        ry = top + r * h
        shapes.fill(RIVER, rect_d(left, ry, cw * length, h), 0)
        for col, cell in enumerate(row[:length]):
            if isinstance(cell, dict):
                _card(c, shapes, left + col * cw + 1, ry + 1, cw - 2, h - 2, cell, sizes)
            else:
                shapes.fill(SPACE, rect_d(left + col * cw + 1, ry + 1, cw - 2, h - 2), 0)
    for b in p.get("boats") or []:
        try:
            bx, by = left + int(b["start"]) * cw, top + int(b["row"]) * h
            bw = (int(b["end"]) - int(b["start"]) + 1) * cw
        except (KeyError, TypeError, ValueError):
            continue
        frame = rect_d(bx, by, bw, 2) + rect_d(bx, by + h - 2, bw, 2)
        frame += rect_d(bx, by, 2, h) + rect_d(bx + bw - 2, by, 2, h)
        shapes.fill(BOAT, frame, 2)
        if strength is not None:
            strength(bx, by, bw, b)


def _summary(names: dict, players: list[dict]) -> str:
    """Returns the picture's label, what a screen reader reads out."""
    return "Ogallala table. " + "; ".join(
        f"{names.get(p['seat'])}: {plural(p.get('score', 0), 'point')}, "
        f"{plural(p.get('complete_boats', 0), 'complete boat')}"
        for p in players
    )


def picture(
    view: dict, *, names: dict | None = None, me: int | None = None, board: dict | None = None, browser: bool = False
) -> str:
    """Returns the table of an Ogallala view as a standalone SVG (`board` is unused: the game has no map)."""
    names, labels, players, length, turn = _read(view, names)
    cw = (W - 2 * PAD) // length
    left = (W - cw * length) // 2

    c = Canvas(W, browser=browser)
    shapes = _Shapes()
    c.text(PAD, 17, c.fit(_status(view, names, me), 330, 12, bold=True), size=12, bold=True)
    stacks = [s.get("size", 0) for s in view.get("stacks") or [] if isinstance(s, dict)]
    piles = f"Stack{'s' if len(stacks) != 1 else ''} {' · '.join(str(n) for n in stacks)}"
    piles += f" · discard {view.get('discard_size', 0)}" + ("" if "discard" in view else " face down")
    c.text(W - PAD, 17, piles, size=9, fill=MUTED, anchor="end")

    def strength(bx, by, bw, b):  # a boat's strength over its frame
        text = str(b.get("strength", "?")) + ("+T" if b.get("totem") else "")
        tw = c.measure(text, 8, True) + 6
        shapes.fill(BOAT, rect_d(bx + bw / 2 - tw / 2, by - 6, tw, 10), 2)
        c.text(bx + bw / 2, by + 2, text, size=8, bold=True, fill="#fff", anchor="middle")

    y = 28
    for p in players:
        seat = p["seat"]
        rows = [r for r in p.get("display") or [] if isinstance(r, list)]
        block = HEAD + CELL_H * len(rows) + 2
        if seat == me:
            shapes.fill(MINE, rect_d(PAD - 4, y - 2, W - 2 * PAD + 8, block + 4), 0)
        if seat == turn:
            shapes.fill(ALARM, f"M{PAD - 7} {y + 3}l6 4.5l-6 4.5z")
        shapes.fill(seat_colour(seat), rect_d(PAD, y, 14, 14))
        label = labels.get(seat, "?")
        size = 9.5 if len(label) == 1 else 7
        c.text(PAD + 7, y + 7 + size * 0.36, label, size=size, bold=True, fill="#fff", anchor="middle")
        name = names.get(seat, seat_label(seat)) + (" (you)" if seat == me else "")
        x = PAD + 20 + c.text(PAD + 20, y + 11, c.fit(name, 260, 10, bold=True), size=10, bold=True)
        c.text(x + 8, y + 11, " · ".join(_facts(p)), size=9, fill=MUTED)

        _river(c, shapes, p, rows, (left, y + HEAD, cw, length, CELL_H), strength=strength)
        shapes.draw(c)
        c.flush()  # this display's numbers over its cards, under the next display's tint
        y += block + GAP

    # the key
    x = PAD
    shapes.fill(FACE, rect_d(x, y, 14, 13), 0)
    shapes.fill(HULL, f"M{x + 1} {y + 1}L{x + 5} {y + 8}H{x + 13}v4H{x + 5}z")
    x += 17 + c.text(x + 17, y + 10, "bow", size=9, fill=MUTED) + 10
    shapes.fill(FACE, rect_d(x, y, 14, 13), 0)
    shapes.fill(HULL, f"M{x + 13} {y + 1}L{x + 9} {y + 8}H{x + 1}v4H{x + 9}z")
    x += 17 + c.text(x + 17, y + 10, "stern", size=9, fill=MUTED) + 10
    shapes.fill(BOOTY_EDGE, rect_d(x, y, 14, 12), 0)
    shapes.fill(BOOTY, rect_d(x + 1, y + 1, 12, 10), 0)
    x += 17 + c.text(x + 17, y + 10, "booty", size=9, fill=MUTED) + 10
    shapes.fill(BOAT, rect_d(x, y, 14, 12), 0)
    shapes.fill(FACE, rect_d(x + 2, y + 2, 10, 8), 0)
    c.text(x + 17, y + 10, "complete boat: strength (T: totem pole)", size=9, fill=MUTED)
    shapes.draw(c)
    height = y + 18

    return c.svg(height, summary=_summary(names, players), background=BACKGROUND)


# -- the email's picture ---------------------------------------------------------------------------
E_PAD = 10
E_CELL = 40  # the reader's own river: a space's height
E_THIN = 11  # everyone else's


def email_picture(
    view: dict, *, names: dict | None = None, me: int | None = None, board: dict | None = None, browser: bool = False
) -> str:
    """Returns an Ogallala view drawn for an email (EMAIL_W wide): the status and the stacks, the
    reader's own river large with every card's number or name and their hand; then every other
    river as a thin strip of shapes under its player's name, points and boats; then the key."""
    names, labels, players, length, turn = _read(view, names)
    players.sort(key=lambda p: p["seat"] != me)  # the reader first
    W, T = EMAIL_W, EMAIL_TEXT
    cw = (W - 2 * E_PAD) // length
    left = (W - cw * length) // 2

    c = Canvas(W, browser=browser)
    shapes = _Shapes()
    c.text(E_PAD, 22, c.fit(_status(view, names, me), W - 2 * E_PAD, 16, bold=True), size=16, bold=True)
    stacks = [s.get("size", 0) for s in view.get("stacks") or [] if isinstance(s, dict)]
    piles = f"Stack{'s' if len(stacks) != 1 else ''}: {', '.join(str(n) for n in stacks)} cards"
    piles += f" · discard {view.get('discard_size', 0)}" + ("" if "discard" in view else " face down")
    c.text(E_PAD, 42, piles, size=T, fill=MUTED)

    def strength(bx, by, bw, b):  # a boat's strength over its frame
        text = str(b.get("strength", "?")) + ("+T" if b.get("totem") else "")
        tw = c.measure(text, T, True) + 8
        shapes.fill(BOAT, rect_d(bx + bw / 2 - tw / 2, by - 8, tw, 16), 2)
        c.text(bx + bw / 2, by + 5, text, size=T, bold=True, fill="#fff", anchor="middle")

    y = 56
    for p in players:
        seat, big = p["seat"], p["seat"] == me
        rows = [r for r in p.get("display") or [] if isinstance(r, list)]
        cell = E_CELL if big else E_THIN
        hand = [h for h in view.get("hand") or [] if isinstance(h, dict)] if big else []
        block = 28 + cell * len(rows) + (48 if big else 0)
        if big:
            shapes.fill(MINE, rect_d(0, y - 6, W, block + 10), 0)
        if seat == turn:
            shapes.fill(ALARM, f"M{E_PAD - 9} {y + 5}l7 5l-7 5z")
        x = E_PAD + email_tag(c, shapes.fill, E_PAD, y, seat, labels.get(seat, "?")) + 6
        name = names.get(seat, seat_label(seat)) + (" (you)" if big else "")
        x += c.text(x, y + 15, c.fit(name, 260, 14, bold=True), size=14, bold=True)
        c.text(x + 10, y + 15, c.fit(" · ".join(_facts(p)), W - E_PAD - x - 10, T), size=T, fill=MUTED)
        top = y + 28
        grid = (left, top, cw, length, cell)
        _river(c, shapes, p, rows, grid, sizes=(16, T, T) if big else None, strength=strength if big else None)
        shapes.draw(c)
        c.flush()
        y = top + cell * len(rows) + 8
        if big:
            words = ", ".join(str(h.get("name") or "a card") for h in hand) or "none"
            c.text(E_PAD, y + 15, c.fit("Your hand: " + words, W - 2 * E_PAD, T), size=T, fill=INK)
            y += 22
            booty = []
            for row in rows:
                for card in row[:length]:
                    if isinstance(card, dict) and card.get("booty"):
                        kind = str(card.get("kind") or "")
                        suite = kind.rsplit("_", 1)[0] if kind.endswith(("_front", "_rear")) else kind
                        name = BOOTY_NAMES.get(suite) or str(card.get("name") or kind)
                        if name not in booty:
                            booty.append(name)
            words = "Your booty: " + (", ".join(booty) or "none")
            c.text(E_PAD, y + 15, c.fit(words, W - 2 * E_PAD, T), size=T, fill=INK)
            y += 26
        y += 10

    x = E_PAD
    shapes.fill(FACE, rect_d(x, y, 18, 16), 0)
    shapes.fill(HULL, f"M{x + 1} {y + 1}L{x + 6} {y + 10}H{x + 17}v5H{x + 6}z")
    x += 22 + c.text(x + 22, y + 13, "bow", size=T, fill=MUTED) + 12
    shapes.fill(FACE, rect_d(x, y, 18, 16), 0)
    shapes.fill(HULL, f"M{x + 17} {y + 1}L{x + 12} {y + 10}H{x + 1}v5H{x + 12}z")
    x += 22 + c.text(x + 22, y + 13, "stern", size=T, fill=MUTED) + 12
    shapes.fill(BOOTY_EDGE, rect_d(x, y, 18, 16), 0)
    shapes.fill(BOOTY, rect_d(x + 1, y + 1, 16, 14), 0)
    x += 22 + c.text(x + 22, y + 13, "booty", size=T, fill=MUTED) + 12
    shapes.fill(BOAT, rect_d(x, y, 18, 16), 0)
    shapes.fill(FACE, rect_d(x + 2, y + 2, 14, 12), 0)
    c.text(x + 22, y + 13, "boat: strength (T: totem)", size=T, fill=MUTED)
    shapes.draw(c)
    height = y + 26
    return c.svg(height, summary=_summary(names, players), background=BACKGROUND)
