"""Ogallala's cards as data: the kinds, their counts per edition, and the decks they make.

Counts follow the overview table of the rules text (Ogallala I: 134 cards, Ogallala II: 98).
Every physical card has an id `<kind>[-r|-b]#<n>`; the optional r/b is the colour of its combat
number (it matters only in the two-tribes variant of Ogallala I).
"""

from __future__ import annotations

# kind -> (name, combat value or None, booty name or None, suite or None, role)
# role: "bow", "stern", "canoe", "warrior", "totem", "booty", or for a suite "front"/"rear"/"person"
KINDS: dict[str, tuple] = {
    "bow": ("Empty bow", None, None, None, "bow"),
    "stern": ("Empty stern", None, None, None, "stern"),
    "canoe": ("Empty canoe section", None, None, None, "canoe"),
    "bow_warrior": ("Bow with a warrior", 1, None, None, "bow"),
    "stern_warrior": ("Stern with a warrior", 1, None, None, "stern"),
    "warrior1": ("One warrior", 1, None, None, "warrior"),
    "warrior2": ("Two warriors", 2, None, None, "warrior"),
    "warrior3": ("Three warriors", 3, None, None, "warrior"),
    "chieftain": ("Chieftain", 5, None, None, "warrior"),
    "shaman": ("Shaman", 10, None, None, "warrior"),
    "lasso": ("Warrior with lasso", 1, None, None, "warrior"),
    "archer": ("Warrior with bow and arrow", 1, None, None, "warrior"),
    "axe": ("Crazy Axe", 0, None, None, "warrior"),
    "totem": ("Totem pole", None, None, None, "totem"),
    "furs": ("Furs", None, "furs", None, "booty"),
    "firewater": ("Fire water", None, "firewater", None, "booty"),
    "gunpowder": ("Gunpowder", None, "gunpowder", None, "booty"),
    "tobacco": ("Tobacco", None, "tobacco", None, "booty"),
    "tent": ("Tent", None, "tent", None, "booty"),
    "eagle": ("Eagle", None, "eagle", None, "booty"),
    "rifles": ("Rifles", None, "rifles", None, "booty"),
}

# suite -> (booty name of its pair, person kind, person name)
SUITES = {
    "gun": ("Gun", "soldier", "Soldier"),
    "bear": ("Bear", "bear_hunter", "Bear hunter"),
    "buffalo": ("Buffalo", "buffalo_hunter", "Buffalo hunter"),
    "wood": ("Wood", "lumberjack", "Lumberjack"),
    "gold": ("Gold", "gold_digger", "Gold digger"),
    "horse": ("Horse", "cowboy", "Cowboy"),
}
for _suite, (_name, _person, _pname) in SUITES.items():
    # The pair is the front and the rear half of one picture; in a boat the front sits left.
    KINDS[f"{_suite}_front"] = (f"{_name} (front)", None, _suite, _suite, "front")
    KINDS[f"{_suite}_rear"] = (f"{_name} (rear)", None, _suite, _suite, "rear")
    KINDS[_person] = (_pname, None, _person, _suite, "person")

# kind -> (count in I, count in II, coloured?) ; coloured cards split evenly red/blue
COUNTS: dict[str, tuple[int, int, bool]] = {
    "bow": (8, 6, False),
    "stern": (8, 6, False),
    "canoe": (0, 4, False),
    "bow_warrior": (8, 6, True),
    "stern_warrior": (8, 6, True),
    "warrior1": (10, 6, True),
    "warrior2": (10, 6, True),
    "warrior3": (10, 6, True),
    "chieftain": (8, 6, True),
    "shaman": (4, 2, True),
    "lasso": (6, 6, True),
    "archer": (6, 6, True),
    "axe": (4, 0, True),
    "totem": (2, 2, False),
    "furs": (12, 6, False),
    "firewater": (2, 1, False),
    "gunpowder": (2, 1, False),
    "tobacco": (2, 1, False),
    "tent": (2, 1, False),
    "eagle": (2, 1, False),
    "rifles": (2, 1, False),
}
for _suite, (_name, _person, _pname) in SUITES.items():
    for _kind in (f"{_suite}_front", f"{_suite}_rear", _person):
        COUNTS[_kind] = (1, 1, False)

DECK_SIZE = {"I": 134, "II": 98}

# Ogallala I's three stacks (a ruling): bow and stern cards, warrior cards, booty cards.
# The totem pole is neither a bow, a stern nor booty; it goes with the warrior cards.
STACKS_I = ("bows and sterns", "warriors", "booty")


def stack_of(kind: str) -> int:
    """Returns which Ogallala I stack (0, 1, 2) a card kind is sorted into."""
    role = KINDS[kind][4]
    if role in ("bow", "stern", "canoe"):
        return 0
    if KINDS[kind][2] is not None:
        return 2
    return 1


# The box's cards of a kind (the table's "Total Cards" column) where an edition leaves some over:
# "with these surplus cards you can change the game" (Ogallala II's variants).
BOX = {"bow": 10, "stern": 10, "warrior1": 10, "lasso": 8, "archer": 8}
# An empty card a conquered warrior card leaves behind (II's variant "the Red Indians die").
EMPTY_OF = {"bow": "bow", "stern": "stern"}  # by role; any other warrior card leaves a canoe section


def counts(edition: str, options: dict | None = None) -> dict[str, int]:
    """Returns how many cards of each kind an edition's deck holds under the options' variants."""
    options = options or {}
    out = {kind: n_one if edition == "I" else n_two for kind, (n_one, n_two, _c) in COUNTS.items()}
    if edition == "I":
        out["axe"] = options.get("crazy_axes", out["axe"])
        return out
    if options.get("more_raiders"):
        out["lasso"], out["archer"] = BOX["lasso"], BOX["archer"]
    if options.get("exchange_canoes"):
        out["warrior1"] += out["canoe"]  # the box's spare one-warrior cards, as many as the sections
        out["canoe"] = 0
    if options.get("no_totems"):
        out["totem"] = 0
    return out


def ids_of(kind: str, first: int, last: int) -> list[str]:
    """Returns the ids of the cards of a kind numbered first..last (per colour, if coloured)."""
    if COUNTS[kind][2]:
        return [f"{kind}-{colour}#{i}" for colour in ("r", "b") for i in range(first // 2 + 1, last // 2 + 1)]
    return [f"{kind}#{i}" for i in range(first + 1, last + 1)]


def deck(edition: str, options: dict | None = None) -> list[str]:
    """Returns the ids of every card of an edition's deck, in a fixed order."""
    return [cid for kind, n in counts(edition, options).items() for cid in ids_of(kind, 0, n)]


def spare_empties(edition: str, options: dict | None = None) -> list[str]:
    """Returns the box's empty bows, sterns and canoe sections that the deck leaves over."""
    n = counts(edition, options)
    box = {"bow": BOX["bow"], "stern": BOX["stern"], "canoe": COUNTS["canoe"][1]}
    return [cid for kind, total in box.items() for cid in ids_of(kind, n[kind], total)]


def empty_of(cid: str) -> str:
    """Returns the kind of empty card a warrior card leaves behind: a bow, a stern or a canoe section."""
    return EMPTY_OF.get(info(cid).role, "canoe")


class CardInfo:
    """What a card id stands for (shared by all copies of a kind and colour)."""

    __slots__ = ("kind", "name", "combat", "booty", "suite", "role", "colour", "is_bow", "is_stern", "is_warrior")

    def __init__(self, cid: str):
        head = cid.split("#", 1)[0]
        kind, _, colour = head.partition("-")
        self.kind = kind
        self.name, self.combat, self.booty, self.suite, self.role = KINDS[kind]
        self.colour = {"r": "red", "b": "blue"}.get(colour)
        self.is_bow = self.role == "bow"
        self.is_stern = self.role == "stern"
        self.is_warrior = self.combat is not None


_INFO: dict[str, CardInfo] = {}


def info(cid: str) -> CardInfo:
    """Returns the CardInfo of a card id."""
    card = _INFO.get(cid)
    if card is None:
        card = _INFO[cid] = CardInfo(cid)
    return card


def card_public(cid: str) -> dict:
    """Returns a card as views show it."""
    c = info(cid)
    out = {"id": cid, "kind": c.kind, "name": c.name}
    if c.combat is not None:
        out["combat"] = c.combat
    if c.colour:
        out["colour"] = c.colour
    if c.booty:
        out["booty"] = True
    return out


# -- what a raid does to the player it hits (explain_hit), per edition: the rules text's lasso,
# bow and arrow, conquest and (II) hunter paragraphs, and its tallies. "{raider}" is the raiding
# seat's label; texts never repeat the event's own sentence (which names the card and the space).
RAID_EFFECT = {
    "lasso": {
        "I": "The card leaves your river for good: {raider} places it in their own, and its space in yours is "
        "empty again. Only complete boats score at the end, and a boat is complete only with no empty space "
        "between its bow and its stern.",
        "II": "The card leaves your river for good: {raider} places it in their own, and its space in yours is "
        "empty again. Every card in your river scores at the end, so its points go with it.",
    },
    "arrow": {
        "I": "The warrior is out of the game, and its combat strength ({combat}) leaves that incomplete boat of "
        "yours, which is now easier to conquer. Its space is empty again.",
        "II": "The warrior goes face down to the discard, and its combat strength ({combat}) leaves that boat of "
        "yours, which is now easier to conquer (a complete one is incomplete once it has an empty space). Every "
        "card in your river scores at the end, so its points go with it; its space is empty again.",
    },
    "hunt": {
        "II": "The card leaves your river for good: {raider}'s hunter places it in their own, and its space in "
        "yours is empty again. Every card in your river scores at the end, so its points (booty scores more) "
        "go with it.",
    },
    "attack": {
        "I": "{dead}{spoils} Those spaces in your river are empty now.",
        "II": "{dead}{spoils}",
    },
}
# The parts of a conquest's text: its warriors, and its other cards (the spoils).
CONQUEST_WARRIORS = {
    "I": "Its {n} out of the game.",
    "II": "Its {n} face down on the discard.",
    "none": "It held no warrior cards.",
}
CONQUEST_SPOILS = {
    "I": " {n} to {raider}, who places what fits in their river (the rest is discarded).",
    "II": " {raider} may take its other cards that they do not have yet and can place; whatever they leave stays "
    "in your river.",
}
RAID_MEND = {
    "I": "Nothing gives back what was taken. An empty space takes any card you draw later; placed cards never move (except "
    "to assemble a booty suite).",
    "II": "Nothing gives back what was taken. An empty space takes any card you draw later (never a second card of a kind "
    "already in that row); placed cards never move.",
}
GAME_END = {
    "I": "No count-down. The game ends when all three stacks are empty, or sooner, when a player with 3 or more "
    "complete boats ends it right after completing a boat; only complete boats score then.",
    "II": "No count-down. The game ends when a player completes 3 boats or when all cards have been placed; every "
    "card in your river scores then, in complete boats or not.",
}


# -- the glossary (Engine.glossary): each card by the name the page shows, explained in a sentence
# or two, per edition (the rules text's card paragraphs and tallies).
_BOOTY_SCORE = {
    "I": "Booty: in a complete boat it scores 1 extra point, 2 when the boat holds another of its kind.",
    "II": "Booty: 20 points wherever it lies in your river.",
}
_SUITE_SCORE = {
    "I": "Part of the {suite} suite (the {name} pair and the {person}): the pair side by side in one boat scores 3 "
    "extra points a card, with the {person} next to them 4.",
    "II": "Part of the {suite} suite (the {name} pair and the {person}): the pair side by side scores 50, the whole "
    "suite 150.",
}
_GLOSSARY = {
    "bow": "The left end of a boat: a boat is complete with a bow, a stern and no empty space between them.",
    "stern": "The right end of a boat: a boat is complete with a bow, a stern and no empty space between them.",
    "canoe": "A middle section of a boat, with no warrior on it.",
    "bow_warrior": "The left end of a boat, with one warrior (combat strength 1).",
    "stern_warrior": "The right end of a boat, with one warrior (combat strength 1).",
    "warrior1": "A warrior card: combat strength 1.",
    "warrior2": "A warrior card: combat strength 2.",
    "warrior3": "A warrior card: combat strength 3.",
    "chieftain": "A warrior card: combat strength 5.",
    "shaman": {
        "I": "A warrior card: combat strength 10.",
        "II": "A warrior card: combat strength 10. A completed boat with a Shaman may attack two boats, dividing "
        "its strength between them.",
    },
    "lasso": {
        "I": "A warrior (strength 1). When you place it, you may catch one card from another player's incomplete "
        "boat and place it in your river.",
        "II": "A warrior (strength 1). When you draw it, you may take one card of your choice from another "
        "player's boat and place it in your river.",
    },
    "archer": {
        "I": "A warrior (strength 1). When you place it, you may shoot one warrior card out of another player's "
        "incomplete boat: it leaves the game.",
        "II": "A warrior (strength 1). When you draw it, you may shoot one warrior card out of another player's "
        "boat: it goes to the discard.",
    },
    "axe": "Crazy Axe (strength 0) must go on one of your own complete boats and sinks it, himself included; "
    "with no complete boat he sinks alone.",
    "totem": {
        "I": "Guards its boat or section against attacks, lassos and arrows; only Crazy Axe sinks it, and a lasso "
        "may catch the pole itself from an incomplete boat.",
        "II": "Guards its boat against all attacks (a lasso may still catch the pole itself from an incomplete "
        "boat). Scores 50.",
    },
}


def glossary(edition: str, options: dict | None = None) -> dict[str, str]:
    """Returns name -> explanation for every card kind of an edition (under the options' variants)."""
    edition = "II" if edition == "II" else "I"
    dealt = counts(edition, options)
    out = {}
    for kind, (name, _combat, booty, suite, role) in KINDS.items():
        if dealt[kind] == 0:
            continue
        if suite:
            pair, person, pname = SUITES[suite]
            text = _SUITE_SCORE[edition].format(suite=pair, name=pair, person=pname)
            if role == "person" and edition == "II":
                text += f" Placing the {pname} lets you take the {pair} cards from other players' boats."
        elif booty:
            text = _BOOTY_SCORE[edition]
        else:
            text = _GLOSSARY[kind]
            text = text[edition] if isinstance(text, dict) else text
        out[name] = text
    return out
