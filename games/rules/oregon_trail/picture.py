"""Oregon Trail Race's table as a picture: every wagon's trail, the towns and forts, the wagons.

One row per player. On the left, the player: a disc in their colour with their initial, their
name, a pip per wagon member (grey: lost) and a red mark per calamity. Then Independence, the
trail's card slots up to the goal (Oregon; Willamette Valley in the classic rules) and the goal.
A laid card shows its trail line from its left exit to its right exit; a river card is blue with a
wave, a calamity trail card has a red corner; a picked-up or not yet laid card is an empty slot.
Towns and forts are bands across every trail after the card they follow (everyone meets them at
the same point), with a house (town) or a flag (fort) on top. A wagon is its player's disc; a
wagon stuck in a river has a blue ring. The seat's own row is tinted; a red arrow marks the
player to play. Below: the seat's own hand (the view holds no other) and a key.

Words are few on purpose: resvg spends about 25 microseconds on every letter, and the email
around the picture says the rest in text.
"""

from __future__ import annotations

from ..base import seat_label
from ..drawing.common import EMAIL_TEXT, EMAIL_W, email_tag, seat_colour, seat_names, token, token_labels
from ..drawing.svg import ALARM, INK, Canvas, num, rect_d

W = 560
PAD = 8
NAME_W = 108  # the players' column
START_W = 14  # Independence
GOAL_W = 18  # the goal
BAND_W = 10  # a town or fort between two cards
TOP = 40  # the first trail's top
CARD_H = 26
ROW = 32
HAND_W, HAND_H = 22, 30
EXIT = {"top": 0.2, "middle": 0.5, "bottom": 0.8}

BACKGROUND = "#fffaf0"
PAPER, PAPER_EDGE = "#f6ecd6", "#b08a5a"
RIVER, RIVER_EDGE, WATER = "#dcecf8", "#4f86b5", "#2e6da4"
TRIGGER, TRIGGER_EDGE = "#f8e1dc", "#b5574f"
TOWN, TOWN_EDGE = "#f3d9a4", "#c8953a"
FORT, FORT_EDGE = "#cfd8c4", "#6d7f59"
GOAL, GOAL_EDGE = "#e4efcf", "#6f8f3c"
SLOT = "#eee5d1"
MINE = "#fff0c2"
LINE = "#7a4b22"
MUTED = "#7a6a58"
LOST = "#cdbfa6"

PENDING = {
    "victim": "choosing who gets the calamity",
    "river_loss": "choosing a supply lost in the river",
    "thief_bullets": "bullets against the thief?",
    "hunting_bullets": "bullets for hunting?",
    "measles_medicine": "medicine against the measles?",
    "town_pick": "taking a free supply",
}


class _Shapes:
    """Shapes gathered by colour and drawn as one filled path per colour.

    resvg's time for a path grows with the rows of pixels it spans times its edges, so each trail
    (and the hand, and the key) is drawn as its own band of paths rather than the whole picture
    as one path per colour.
    """

    def __init__(self):
        self.paths: dict[tuple[int, str], list[str]] = {}

    def fill(self, colour: str, d: str, layer: int = 1) -> None:
        """Adds a shape; layer 0 (card faces) is drawn under layer 1 (what is printed on them)."""
        self.paths.setdefault((layer, colour), []).append(d)

    def face(self, x, y, w, h, face: str, edge: str) -> None:
        self.fill(edge, rect_d(x, y, w, h), 0)
        self.fill(face, rect_d(x + 1, y + 1, w - 2, h - 2), 0)

    def card(self, x: float, y: float, w: float, h: float, item: dict) -> None:
        """A trail card: its face and what is printed on it (line, river, calamity mark, town, fort)."""
        kind = item.get("kind")
        if item.get("river") or kind in ("river_supply", "river_drown"):
            self.face(x, y, w, h, RIVER, RIVER_EDGE)
            self.fill(WATER, rect_d(x + w * 0.62 - 1.5, y + 1, 3, h - 2))
        elif item.get("trigger") or kind == "trigger":
            self.face(x, y, w, h, TRIGGER, TRIGGER_EDGE)
            s = round(min(7.0, w * 0.34))
            self.fill(ALARM, f"M{round(x + w - 1)} {round(y + h - 1)}h{-s}l{s} {-s}z")
        elif kind in ("town", "fort"):
            self.face(x, y, w, h, TOWN if kind == "town" else FORT, TOWN_EDGE if kind == "town" else FORT_EDGE)
            self.icon(kind, x + w / 2, y + h / 2, min(w, h) * 0.55)
        else:
            self.face(x, y, w, h, PAPER, PAPER_EDGE)
        left, right = item.get("left"), item.get("right")
        if left in EXIT and right in EXIT:  # in, across, out: two flat stubs (rectangles) and a slope
            y1, y2 = round(y + h * EXIT[left]), round(y + h * EXIT[right])
            a, b = round(x + w * 0.3), round(x + w * 0.7)
            if y1 == y2:
                self.fill(LINE, rect_d(x + 1, y1 - 1, w - 2, 2.5))
            else:
                self.fill(LINE, rect_d(x + 1, y1 - 1, a - x - 1, 2.5) + rect_d(b, y2 - 1, x + w - 1 - b, 2.5))
                self.fill(LINE, f"M{a} {y1 - 1}L{b} {y2 - 1}v2.5L{a} {y1 + 1.5}z")

    def icon(self, kind: str, cx: float, cy: float, s: float) -> None:
        """A town (a house) or a fort (a flag on a pole), centred, about s pixels tall."""
        if kind == "town":
            self.fill(
                LINE,
                f"M{num(cx - s / 2)} {num(cy + s / 2)}v{num(-s / 2)}l{num(s / 2)} {num(-s / 2)}"
                f"l{num(s / 2)} {num(s / 2)}v{num(s / 2)}z",
            )
        else:
            self.fill(
                LINE,
                rect_d(cx - s * 0.4, cy - s / 2, max(1.0, s * 0.13), s)
                + f"M{num(cx - s * 0.27)} {num(cy - s / 2)}l{num(s * 0.7)} {num(s * 0.22)}"
                f"l{num(-s * 0.7)} {num(s * 0.22)}z",
            )

    def draw(self, canvas: Canvas) -> None:
        for layer in (0, 1):
            for (at, colour), parts in self.paths.items():
                if at == layer:
                    canvas.add(f'<path fill="{colour}" d="{"".join(parts)}"/>')
        self.paths = {}


def tag(canvas: Canvas, shapes: _Shapes, x: int, y: int, seat: int, label: str) -> None:
    """A player's tag: a square in their colour with their initial."""
    shapes.fill(seat_colour(seat), rect_d(x, y, 15, 15))
    size = 10 if len(label) == 1 else 7.5
    canvas.text(x + 7.5, y + 7.5 + size * 0.36, label, size=size, bold=True, fill="#fff", anchor="middle")


def _where(p: dict, n: int, goal: str) -> str:
    if not p.get("alive", True):
        return "out of the game"
    if p.get("at_end"):
        return f"reached {goal}"
    pos = p.get("pos") or 0
    if p.get("in_town"):
        return f"in town after card {pos}"
    if pos == 0:
        return "at Independence"
    return f"at card {pos} of {n}" + (", stuck in a river" if p.get("stuck") else "")


def _status(view: dict, names: dict, me) -> str:
    def who(seat):
        return "you" if seat == me else names.get(seat, "?")

    result = view.get("result")
    if view.get("phase") == "over" or result:
        winners = [who(s) for s in (result or {}).get("winners", [])]
        return "Game over: " + (" and ".join(winners) + " won" if winners else "nobody won")
    pend = view.get("pending")
    if isinstance(pend, dict) and pend.get("kind"):
        return f"Waiting for {who(pend.get('seat'))}: {PENDING.get(pend['kind'], 'a decision')}"
    if view.get("phase") == "draft":
        return f"Drafting supplies: {who(view.get('turn'))} to pick"
    text = f"Turn {view.get('turn_number', '?')}: {who(view.get('turn'))} to play"
    left = view.get("actions_left")
    if left is not None and view.get("ruleset") == "revised":
        text += f", {left} action{'' if left == 1 else 's'} left"
    return text


def _read(view: dict, names: dict | None, me: int | None) -> tuple:
    """Returns what both drawings read off a view: (names, token labels, the seat's own part of the
    view, the seat looking, the trail's length, the goal's name, the players, the towns, the points
    of the trail where towns stand)."""
    names = seat_names(view, names)
    mine = view if isinstance(view.get("hand"), list) else None  # a seat's view: its `hand` and `supplies`
    n = max(1, int(view.get("trail_length") or 20))
    goal = "Willamette Valley" if view.get("ruleset") == "classic" else "Oregon"
    players = [p for p in view.get("players") or [] if isinstance(p, dict) and isinstance(p.get("seat"), int)]
    if me is None and mine is not None:
        me = next((p["seat"] for p in players if p.get("is_me") is True), None)
    towns = [t for t in view.get("towns") or [] if isinstance(t, dict) and isinstance(t.get("point"), int)]
    points = sorted({t["point"] for t in towns if 0 <= t["point"] <= n})
    return names, token_labels(names), mine, me, n, goal, players, towns, points


class _Trail:
    """Where a trail's parts stand across a drawing, from `left` (the first card slot) to `right`:
    its n card slots, a band after each point where a town stands, the goal."""

    def __init__(self, n: int, points: list[int], left: int, right: int):
        self.n, self.points, self.left = n, points, left
        self.cw = max(6, (right - GOAL_W - 2 - left - BAND_W * len(points)) // n)  # whole pixels: cheaper to fill
        self.goal_x = self.card_x(n) + self.cw + BAND_W * (n in points) + 1

    def card_x(self, k: int) -> float:
        """Returns the left edge of card slot k (1..n)."""
        return self.left + (k - 1) * self.cw + BAND_W * sum(1 for q in self.points if q < k)

    def band_x(self, point: int) -> float:
        """Returns the left edge of the band of the towns at a point."""
        return self.card_x(point + 1) - BAND_W

    def cards(self, c: Canvas, shapes: _Shapes, p: dict, y: float, h: float, inset: float) -> None:
        """Draws a player's trail `h` high: the start (unless picked up), its laid cards, an empty slot
        (`inset` inside the row) for each card not laid, the goal."""
        laid = {x.get("number"): x for x in p.get("track") or [] if x.get("type") == "card"}
        if not p.get("trimmed"):
            shapes.face(self.left - START_W - 2, y, START_W, h, GOAL, GOAL_EDGE)
        for k in range(1, self.n + 1):
            if k in laid:
                shapes.card(self.card_x(k), y, self.cw - 2, h, laid[k])
            else:
                shapes.fill(SLOT, rect_d(self.card_x(k) + 1, y + inset, self.cw - 4, h - 2 * inset), 0)
        shapes.face(self.goal_x, y, GOAL_W, h, GOAL, GOAL_EDGE)
        shapes.draw(c)

    def towns(self, shapes: _Shapes, towns: list, top: float, h: float, icon_y: float | None) -> None:
        """Fills the band of each point where towns or forts stand, `h` high from `top` (a town's
        colour and a fort's side by side), with the first kind's icon at `icon_y` (None: none)."""
        for point in self.points:
            kinds = sorted({"fort" if t.get("kind") == "fort" else "town" for t in towns if t["point"] == point})
            x, part = self.band_x(point) + 1, (BAND_W - 2) / len(kinds)
            for i, kind in enumerate(kinds):
                colour = (FORT, FORT_EDGE) if kind == "fort" else (TOWN, TOWN_EDGE)
                shapes.face(x + i * part, top, part, h, *colour)
            if icon_y is not None:
                shapes.icon(kinds[0], x + (BAND_W - 2) / 2, icon_y, 7)

    def wagon_x(self, p: dict) -> float:
        """Returns the middle of where a player's wagon stands: at the goal, in a town's band, before
        the start or on the card of its position."""
        pos = p.get("pos") or 0
        marker = next((x for x in p.get("track") or [] if x.get("type") != "card" and x.get("marker")), None)
        if p.get("at_end"):
            return self.goal_x + GOAL_W / 2
        if (p.get("in_town") or marker is not None) and (marker or {}).get("point", pos) in self.points:
            return self.band_x((marker or {}).get("point", pos)) + BAND_W / 2
        if pos <= 0:
            return self.left - START_W / 2 - 2
        return self.card_x(min(pos, self.n)) + (self.cw - 2) / 2


# the key's cards, each with its word
KEY = (
    ({"kind": "river_supply"}, "river"),
    ({"kind": "trigger"}, "calamity trail"),
    ({"kind": "town"}, "town"),
    ({"kind": "fort"}, "fort"),
)


def _hand(c: Canvas, shapes: _Shapes, mine: dict, x: float, y: float, right: float, cards: tuple, words: tuple) -> None:
    """Draws "Your hand" from x and the seat's cards after it, as many as end before `right`:
    cards (width, height, gap), words (size, the size of "none", the baseline below the cards' middle,
    the gap after "Your hand")."""
    w, h, gap = cards
    size, none_size, lift, after = words
    hand = [card for card in mine.get("hand") or [] if isinstance(card, dict)]
    x = x + c.text(x, y + h / 2 + lift, "Your hand", size=size, bold=True) + after
    for card in hand:
        if x + w > right:
            break
        shapes.card(x, y, w, h, card)
        x += w + gap
    if not hand:
        c.text(x, y + h / 2 + lift, "none", size=none_size, fill=MUTED)
    shapes.draw(c)


def picture(
    view: dict, *, names: dict | None = None, me: int | None = None, board: dict | None = None, browser: bool = False
) -> str:
    """Returns the table of an Oregon Trail Race view as a standalone SVG (`board` is unused: no map)."""
    names, labels, mine, me, n, goal, players, towns, points = _read(view, names, me)
    c = Canvas(W, browser=browser)
    shapes = _Shapes()
    trail = _Trail(n, points, PAD + NAME_W + START_W + 2, W - PAD)
    card_x, cw = trail.card_x, trail.cw
    bottom = TOP + ROW * len(players) - (ROW - CARD_H)

    c.text(PAD, 17, c.fit(_status(view, names, me), W - 2 * PAD, 12, bold=True), size=12, bold=True)
    for k in sorted({1, n, *range(5, n, 5)}):
        c.text(card_x(k) + (cw - 2) / 2, TOP - 5, str(k), size=8, fill=MUTED, anchor="middle")

    # the seat's own row, then the towns and forts across every trail
    for row, p in enumerate(players):
        if p["seat"] == me:
            shapes.fill(MINE, rect_d(PAD - 4, TOP + row * ROW - 3, W - 2 * PAD + 8, CARD_H + 6), 0)
    trail.towns(shapes, towns, TOP - 14, bottom - TOP + 16, TOP - 8)
    shapes.draw(c)

    wagons = []
    for row, p in enumerate(players):
        seat = p["seat"]
        y = TOP + row * ROW
        alive = p.get("alive", True)
        if p.get("is_turn"):
            shapes.fill(ALARM, f"M{num(PAD - 6)} {num(y + 5)}l6 4l-6 4z")
        tag(c, shapes, PAD, y + 1, seat, labels.get(seat, "?"))
        name = c.fit(names.get(seat, seat_label(seat)), NAME_W - 20, 10, bold=True)
        c.text(PAD + 19, y + 12, name, size=10, bold=True, fill=INK if alive else MUTED)
        members = int(p.get("members") or 0)
        for i in range(4):
            shapes.fill(INK if alive and i < members else LOST, rect_d(PAD + 1 + i * 7, y + 19, 5, 5))
        for i, _cal in enumerate((p.get("calamities") or [])[:7]):
            shapes.fill(ALARM, f"M{PAD + 31 + i * 8} {y + 25}h7l-3.5 -7z")

        trail.cards(c, shapes, p, y, CARD_H, 3)

        if alive:
            wagons.append((trail.wagon_x(p), y + CARD_H / 2, seat, WATER if p.get("stuck") else None))
    for wx, wy, seat, ring in wagons:
        token(c, wx, wy, seat, labels.get(seat, "?"), r=7, ring=ring)

    y = bottom + 8
    if mine is not None:  # the seat's own hand
        _hand(c, shapes, mine, PAD, y, W - PAD, (HAND_W, HAND_H, 4), (10, 10, 4, 8))
        y += HAND_H + 8

    # the key
    x = PAD
    for item, word in KEY:
        shapes.card(x, y, 10, 13, item)
        x += 13 + c.text(x + 13, y + 10, word, size=9, fill=MUTED) + 10
    shapes.fill(INK, rect_d(x, y + 4, 5, 5))
    shapes.fill(LOST, rect_d(x + 7, y + 4, 5, 5))
    x += 15 + c.text(x + 15, y + 10, "members", size=9, fill=MUTED) + 10
    shapes.fill(ALARM, f"M{x} {y + 11}h7l-3.5 -7z")
    c.text(x + 10, y + 10, "calamities", size=9, fill=MUTED)
    shapes.draw(c)
    height = y + 18

    summary = "Oregon Trail Race table. " + "; ".join(f"{names.get(p['seat'])}: {_where(p, n, goal)}" for p in players)
    return c.svg(height, summary=summary, background=BACKGROUND)


# -- the email's picture ---------------------------------------------------------------------------
E_PAD = 10
E_BIG = 46  # the reader's own trail: card height
E_SMALL = 16  # everyone else's
E_HAND_W, E_HAND_H = 40, 54


def email_picture(
    view: dict, *, names: dict | None = None, me: int | None = None, board: dict | None = None, browser: bool = False
) -> str:
    """Returns an Oregon Trail Race view drawn for an email (EMAIL_W wide): the status, the reader's
    own trail large with their wagon, party and calamities in words, their hand and supplies; then
    every other trail as a thin strip under its player's name and where they are; then the key."""
    names, labels, mine, me, n, goal, players, towns, points = _read(view, names, me)
    players.sort(key=lambda p: p["seat"] != me)  # the reader first
    W, T = EMAIL_W, EMAIL_TEXT
    c = Canvas(W, browser=browser)
    shapes = _Shapes()
    trail = _Trail(n, points, E_PAD + START_W + 2, W - E_PAD)
    card_x, cw = trail.card_x, trail.cw
    c.text(E_PAD, 22, c.fit(_status(view, names, me), W - 2 * E_PAD, 16, bold=True), size=16, bold=True)
    y = 36
    for p in players:
        seat, big = p["seat"], p["seat"] == me
        alive = p.get("alive", True)
        ch = E_BIG if big else E_SMALL
        if big:
            shapes.fill(MINE, rect_d(0, y - 6, W, 74 + ch + (E_HAND_H + 40 if mine is not None else 0) + 8), 0)
        if p.get("is_turn"):
            shapes.fill(ALARM, f"M{E_PAD - 8} {y + 5}l7 5l-7 5z")
        x = E_PAD + email_tag(c, shapes.fill, E_PAD, y, seat, labels.get(seat, "?")) + 6
        name = names.get(seat, seat_label(seat)) + (" (you)" if big else "")
        x += c.text(x, y + 15, c.fit(name, 240, 14, bold=True), size=14, bold=True, fill=INK if alive else MUTED)
        members = int(p.get("members") or 0)
        facts = [_where(p, n, goal)] if not big else [f"{members} of 4 in the wagon"]
        c.text(x + 10, y + 15, c.fit(" · ".join(facts), W - E_PAD - x - 10, T), size=T, fill=MUTED)
        y += 26
        if big:
            cals = [str(k.get("name") or "calamity") for k in p.get("calamities") or [] if isinstance(k, dict)]
            where = _where(p, n, goal)  # its first letter upper-case, the places' names kept as they are
            line = where[:1].upper() + where[1:] + (". Calamities: " + ", ".join(cals) if cals else "")
            c.text(E_PAD, y + 13, c.fit(line, W - 2 * E_PAD, T), size=T, fill=INK)
            y += 20
            for k in sorted({1, n, *range(5, n, 5)}):
                c.text(card_x(k) + (cw - 2) / 2, y + 13, str(k), size=T, fill=MUTED, anchor="middle")
            y += 18
        trail.towns(shapes, towns, y, ch, y + 6 if big else None)
        trail.cards(c, shapes, p, y, ch, 2)
        if alive:
            wx = trail.wagon_x(p)
            ring = WATER if p.get("stuck") else None
            if big:
                token(c, wx, y + ch / 2, seat, labels.get(seat, "?"), r=max(T, 11), ring=ring)
            else:  # a plain disc: the strip is too thin for a letter, its name is just above
                for radius, colour in ([(10, ring)] if ring else []) + [(7.5, "#fff"), (6, seat_colour(seat))]:
                    c.add(f'<circle cx="{num(wx)}" cy="{num(y + ch / 2)}" r="{radius}" fill="{colour}"/>')
        y += ch + 10
        if big and mine is not None:
            _hand(c, shapes, mine, E_PAD, y, W - E_PAD, (E_HAND_W, E_HAND_H, 6), (14, T, 5, 10))
            y += E_HAND_H + 6
            supplies = [str(s.get("name") or "") if isinstance(s, dict) else str(s) for s in mine.get("supplies") or []]
            words = "Your supplies: " + (", ".join(s for s in supplies if s) or "none")
            c.text(E_PAD, y + 14, c.fit(words, W - 2 * E_PAD, T), size=T, fill=INK)
            y += 34

    x = E_PAD
    for item, word in KEY:
        shapes.card(x, y, 14, 18, item)
        x += 18 + c.text(x + 18, y + 14, word, size=T, fill=MUTED) + 14
    shapes.draw(c)
    height = y + 26
    summary = "Oregon Trail Race table. " + "; ".join(f"{names.get(p['seat'])}: {_where(p, n, goal)}" for p in players)
    return c.svg(height, summary=summary, background=BACKGROUND)
