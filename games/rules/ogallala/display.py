"""The river displays: reading boats and sections off a row, combat strength, and the tallies.

A display is 3 rows of `row_length` spaces, each a card id or None. Nothing here is stored:
boats and sections are always read off the cards, so they can never disagree with them.
"""

from __future__ import annotations

from .cards import info

ROWS = 3


class Group:
    """A complete boat or a section (a maximal run of adjacent cards that is not a boat)."""

    __slots__ = ("row", "start", "end", "boat", "cards")

    def __init__(self, row: int, start: int, end: int, boat: bool, cards: list):
        self.row, self.start, self.end, self.boat, self.cards = row, start, end, boat, cards

    @property
    def strength(self) -> int:
        return sum(info(c).combat or 0 for c in self.cards)

    @property
    def colours(self) -> set:
        return {info(c).colour for c in self.cards if info(c).is_warrior and info(c).colour}

    @property
    def has_totem(self) -> bool:
        return any(info(c).kind == "totem" for c in self.cards)


def row_groups(row: list, r: int = 0) -> list[Group]:
    """Returns the boats and sections of one row, left to right.

    A complete boat is a bow, then cards that are neither bows nor sterns, then a stern, with no
    empty space between; whatever else is adjacent forms sections.
    """
    groups = []
    n = len(row)
    i = 0
    while i < n:
        if row[i] is None:
            i += 1
            continue
        a = i
        while i < n and row[i] is not None:
            i += 1
        b = i - 1
        pending = a
        j = a
        while j <= b:
            if info(row[j]).is_bow:
                k = j + 1
                while k <= b and not info(row[k]).is_bow and not info(row[k]).is_stern:
                    k += 1
                if k <= b and info(row[k]).is_stern:
                    if pending < j:
                        groups.append(Group(r, pending, j - 1, False, row[pending:j]))
                    groups.append(Group(r, j, k, True, row[j : k + 1]))
                    pending = j = k + 1
                    continue
                j = k
                continue
            j += 1
        if pending <= b:
            groups.append(Group(r, pending, b, False, row[pending : b + 1]))
    return groups


def groups_of(display: list) -> list[Group]:
    """Returns every boat and section of a display."""
    out = []
    for r, row in enumerate(display):
        out += row_groups(row, r)
    return out


def boats_of(display: list) -> list[Group]:
    """Returns the complete boats of a display."""
    return [g for g in groups_of(display) if g.boat]


def row_is_monochrome(row: list) -> bool:
    """Returns whether every boat and section of a row holds warriors of one colour at most."""
    return all(len(g.colours) <= 1 for g in row_groups(row))


# -- tallies ---------------------------------------------------------------------------------
def booty_bonuses_one(cards: list) -> list[int]:
    """Returns the Ogallala I booty bonus of each card of a complete boat (0 for non-booty).

    Single booty +1; a booty present more than once +2; a suite pair (front left of rear,
    adjacent) +3; the pair with its person adjacent before or after it +4. Highest only.
    """
    infos = [info(c) for c in cards]
    counts: dict[str, int] = {}
    for c in infos:
        if c.booty:
            counts[c.booty] = counts.get(c.booty, 0) + 1
    pts = [0] * len(cards)
    for i, c in enumerate(infos):
        if c.booty:
            pts[i] = 1 if counts[c.booty] == 1 else 2
    for i in range(len(infos) - 1):
        a, b = infos[i], infos[i + 1]
        if a.role == "front" and b.role == "rear" and a.suite == b.suite:
            pts[i] = max(pts[i], 3)
            pts[i + 1] = max(pts[i + 1], 3)
            for p in (i - 1, i + 2):
                if 0 <= p < len(infos) and infos[p].role == "person" and infos[p].suite == a.suite:
                    pts[i] = pts[i + 1] = pts[p] = 4
    return pts


def boat_score_one(cards: list) -> int:
    """Returns what a complete boat scores in Ogallala I."""
    n = len(cards)
    base = n if n <= 8 else 2 * n
    return base + sum(booty_bonuses_one(cards))


def size_bonus_two(n: int) -> int:
    """Returns the Ogallala II bonus for a complete boat of n cards."""
    if n > 13:
        return 200
    if n >= 11:
        return 150
    if n >= 8:
        return 100
    if n >= 5:
        return 50
    return 0


def suites_two(display: list) -> tuple[int, int]:
    """Returns (2-card suites, 3-card suites) on a display: adjacent in a row, in order."""
    pairs = triples = 0
    for row in display:
        infos = [info(c) if c else None for c in row]
        for i in range(len(row) - 1):
            a, b = infos[i], infos[i + 1]
            if a and b and a.role == "front" and b.role == "rear" and a.suite == b.suite:
                full = any(
                    0 <= p < len(row) and infos[p] and infos[p].role == "person" and infos[p].suite == a.suite
                    for p in (i - 1, i + 2)
                )
                if full:
                    triples += 1
                else:
                    pairs += 1
    return pairs, triples


def score_two(display: list, first_three: bool) -> int:
    """Returns a display's Ogallala II tally (every card counts, complete or not)."""
    total = 0
    for row in display:
        for cid in row:
            if cid is None:
                continue
            c = info(cid)
            total += 10
            if c.booty:
                total += 20
            if c.kind == "totem":
                total += 50
    pairs, triples = suites_two(display)
    total += 50 * pairs + 150 * triples
    total += sum(size_bonus_two(len(b.cards)) for b in boats_of(display))
    if first_three:
        total += 300
    return total


def score_one(display: list) -> int:
    """Returns a display's Ogallala I tally (complete boats only)."""
    return sum(boat_score_one(b.cards) for b in boats_of(display))
