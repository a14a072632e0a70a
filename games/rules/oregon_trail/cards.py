"""Oregon Trail Race components as data: the trail deck, the supply cards and the calamities.

The split of the 56 trail cards is our default (see shared/rules/README.md); change the tables
here and everything else follows. Card ids are globally unique strings: T.. trail, S.. supply,
C.. calamity.
"""

from __future__ import annotations

HEIGHTS = ("top", "middle", "bottom")
FLIP = {"top": "bottom", "middle": "middle", "bottom": "top"}
# The nine (left, right) shapes a trail line can take.
SHAPES = [(left, right) for left in HEIGHTS for right in HEIGHTS]

# trail kind -> count; plain, river and trigger cards carry a trail line, towns and forts do not.
TRAIL_COUNTS = {
    "plain": 10,
    "river_supply": 8,  # roll even to ford; odd: lose 1 supply card (you pick which)
    "river_drown": 4,  # roll even to ford; a 1 drowns a wagon member; 3 or 5 nothing
    "trigger": 22,  # draw a calamity card now
    "town": 6,
    "fort": 6,
}
LINED_KINDS = ("plain", "river_supply", "river_drown", "trigger")
RIVER_KINDS = ("river_supply", "river_drown")
TOWN_KINDS = ("town", "fort")

TRAIL_NAMES = {
    "plain": "Trail",
    "river_supply": "River (odd: lose a supply)",
    "river_drown": "River (a 1 drowns)",
    "trigger": "Calamity trail",
    "town": "Town",
    "fort": "Fort",
}

SUPPLY_COUNTS = {
    "food": 4,
    "clothes": 4,
    "oxen": 4,
    "spare_parts": 4,
    "medicine": 4,
    "clean_water": 4,
    "bullets": 2,
}
SUPPLY_KINDS = tuple(SUPPLY_COUNTS)
SUPPLY_NAMES = {
    "food": "Food",
    "clothes": "Clothes",
    "oxen": "Oxen",
    "spare_parts": "Spare Parts",
    "medicine": "Medicine",
    "clean_water": "Clean Water",
    "bullets": "Bullets",
}

CALAMITY_KINDS = (
    "broken_tongue",
    "broken_axle",
    "broken_wheel",
    "dead_oxen",
    "inadequate_grass",
    "bad_water",
    "measles",
    "typhoid",
    "cholera",
    "dysentery",
    "snake_bite",
    "starvation",
    "extreme_cold",
    "broken_arm",
    "thief",
    "hunting",
)
CALAMITY_NAMES = {
    "broken_tongue": "Broken Tongue",
    "broken_axle": "Broken Axle",
    "broken_wheel": "Broken Wheel",
    "dead_oxen": "Dead Oxen",
    "inadequate_grass": "Inadequate Grass",
    "bad_water": "Bad Water",
    "measles": "Measles",
    "typhoid": "Typhoid",
    "cholera": "Cholera",
    "dysentery": "Dysentery",
    "snake_bite": "Snake Bite",
    "starvation": "Starvation",
    "extreme_cold": "Extreme Cold",
    "broken_arm": "Broken Arm",
    "thief": "Thief",
    "hunting": "Hunting (Food)",
}
BROKEN_PARTS = ("broken_tongue", "broken_axle", "broken_wheel")
PAIRED = ("cholera", "measles", "bad_water", "inadequate_grass")
# The supplies that mend a calamity in front of you (None: only a town removes it).
REMEDY = {
    "broken_tongue": ("spare_parts",),
    "broken_axle": ("spare_parts",),
    "broken_wheel": ("spare_parts",),
    "dead_oxen": ("oxen",),
    "inadequate_grass": None,
    "bad_water": ("clean_water",),
    "measles": ("medicine",),
    "typhoid": ("clean_water", "medicine"),
    "cholera": ("medicine", "medicine"),
    "starvation": ("food",),
    "extreme_cold": ("clothes",),
    "broken_arm": None,
}


def _build_trail():
    cards = {}
    n = 0
    shape_i = 0
    for kind, count in TRAIL_COUNTS.items():
        for _ in range(count):
            n += 1
            cid = f"T{n:02d}"
            if kind in LINED_KINDS:
                left, right = SHAPES[shape_i % 9]
                shape_i += 1
                cards[cid] = {"kind": kind, "left": left, "right": right}
            else:
                cards[cid] = {"kind": kind, "left": None, "right": None}
    return cards


def _build(prefix, counts):
    cards = {}
    n = 0
    for kind, count in counts.items():
        for _ in range(count):
            n += 1
            cards[f"{prefix}{n:02d}"] = kind
    return cards


TRAIL_CARDS = _build_trail()  # id -> {"kind", "left", "right"}
SUPPLY_CARDS = _build("S", SUPPLY_COUNTS)  # id -> supply kind
CALAMITY_CARDS = _build("C", {k: 2 for k in CALAMITY_KINDS})  # id -> calamity kind


def turned(left, right):
    """Returns the (left, right) of a card turned 180 degrees."""
    return FLIP[right], FLIP[left]


def supply_kind(card_id: str) -> str:
    """Returns the supply kind of a held card (a kept hunting card counts as food)."""
    return SUPPLY_CARDS.get(card_id, "food")


# -- what a calamity does, as its holder reads it (explain_hit; shared/rules: the classic text's
# calamity table, the revised calamity details). Texts say "it" for the card, never its name: the
# notice has named it already. Keys: a calamity kind, or "broken_part" for the three broken parts.
# What each does while it lies in front of you, per ruleset.
CALAMITY_EFFECT = {
    "broken_part": {
        "revised": "Your wagon cannot forge new trail until it is mended; you can still scout, mend, "
        "step along your trail and use towns.",
        "classic": "Your wagon cannot forge new trail until it is mended; you can still scout, mend "
        "and step along your trail.",
    },
    "dead_oxen": {
        "revised": "Your oxen are dead: your wagon cannot forge new trail until they are replaced; you can "
        "still scout, mend, step along your trail and use towns.",
        "classic": "Your oxen are dead: your wagon cannot forge new trail until they are replaced; you can "
        "still scout, mend and step along your trail.",
    },
    "inadequate_grass": {
        "revised": "No effect for now. If the other copy is played on anyone while you still hold this one, "
        "your oxen die, and so do that player's.",
        "classic": "No effect for now. If the other copy is played on anyone while you still hold this one, "
        "your oxen die, and so do that player's.",
    },
    "measles": {
        "revised": "While it stays unmended, if the other copy is played on anyone, you and that player each "
        "lose a wagon member (you lose two if it is played on you) and both cards are discarded.",
        "classic": "While it stays unmended, if the other copy is played on anyone, you lose a wagon member, "
        "and so does that player unless they avoid it with Medicine; both cards are discarded.",
    },
    "typhoid": {
        "revised": "Unmended in time, it costs you a wagon member (and is discarded).",
        "classic": "Unmended in time, it costs you a wagon member (and is discarded).",
    },
    "cholera": {
        "revised": "No effect for now. If the other copy is played on anyone while you still hold this one, "
        "you lose a wagon member and so does that player (you lose two if it is played on you); both "
        "cards are discarded.",
        "classic": "No effect for now. If the other copy is played on anyone while you still hold this one, "
        "you lose a wagon member and so does that player (you lose two if it is played on you); both "
        "cards are discarded.",
    },
    "starvation": {
        "revised": "Unmended in time, it costs you a wagon member (and is discarded).",
        "classic": "Unmended in time, it costs you a wagon member (and is discarded).",
    },
    "extreme_cold": {
        "revised": "Unmended in time, it costs you a wagon member (and is discarded).",
        "classic": "Unmended in time, it costs you a wagon member (and is discarded).",
    },
    "broken_arm": {
        "revised": "One action fewer on each of your next two turns.",
        "classic": "You lose your next two turns: no action at all, not even fording a river. Your other "
        "calamities count down through them.",
    },
}
CALAMITY_EFFECT["bad_water"] = CALAMITY_EFFECT["inadequate_grass"]

# What the unmended calamity does when its count-down runs out.
UNMENDED = {
    "broken_part": "your whole party dies and you are out of the race",
    "dead_oxen": "your whole party dies and you are out of the race",
    "typhoid": "you lose a wagon member",
    "starvation": "you lose a wagon member",
    "extreme_cold": "you lose a wagon member",
}

# The town's way to remove any calamity, per ruleset (revised: towns, not forts).
TOWN_MEND = {
    "revised": "a town's remove-a-calamity (at a town you stand at, or by placing a town card from your hand)",
    "classic": "Mend Any Calamity in a town or fort you stand in (Independence and Willamette Valley too)",
}
ONE_ACTION = {"revised": "one action", "classic": "your turn's action"}
TRADE = (
    "trade another supply for what you lack (an even roll mends it; on an odd roll the traded supply "
    "is lost, and you may try again)"
)
# Calamities that strike at once and leave nothing to mend.
AT_ONCE = ("dysentery", "snake_bite")


# -- the glossary (Engine.glossary): each card, calamity and trail card by the name the page shows,
# explained in a sentence or two for a player who hovers over or taps it. Per ruleset; the
# calamities' texts follow the classic text's calamity table and the revised calamity details.
_MEND_TOWN = {"revised": "or a town's remove-a-calamity", "classic": "or Mend Any Calamity in a town or fort"}
_WITHIN = {
    "revised": "by the end of your next turn",
    "classic": "within as many turns as you have wagon members",
}
_GLOSSARY_CALAMITY = {
    "broken_tongue": "Roll at once: 4-6 and it is discarded. On 1-3 your wagon cannot forge new trail; mend it "
    "with Spare Parts {town} {within}, or your whole party dies.",
    "dead_oxen": "Your wagon cannot forge new trail; replace the oxen with Oxen {town} {within}, or your whole "
    "party dies.",
    "inadequate_grass": "No effect until the other copy is played on someone: then both holders have dead oxen. "
    "Before that only {town_only} removes it.",
    "bad_water": "No effect until the other copy is played on someone: then both holders have dead oxen. "
    "Clean Water {town} mends it before that.",
    "measles": {
        "revised": "On your next turn you have one action fewer unless you mend it with Medicine. If the other copy "
        "is played while yours is unmended, you and that player each lose a wagon member.",
        "classic": "Discard Medicine at once to avoid it; otherwise you lose your next turn. Mend it later with "
        "Medicine or in a town or fort; if the other copy comes up while yours is unmended, you lose a member.",
    },
    "typhoid": {
        "revised": "Mend it with Clean Water and Medicine {town} on your next turn, or you lose a wagon member.",
        "classic": "Mend it with Clean Water and Medicine {town} within as many turns as you have wagon members, "
        "or you lose one.",
    },
    "cholera": "No effect until the other copy is played on someone: then every unmended holder and the receiver "
    "lose a wagon member. Two Medicine {town} mend it.",
    "dysentery": "You lose a wagon member at once. Nothing mends it.",
    "snake_bite": "You lose a wagon member at once. Nothing mends it.",
    "starvation": {
        "revised": "Mend it with Food {town} within two turns, or you lose a wagon member.",
        "classic": "Mend it with Food {town} within twice as many turns as you have wagon members, or you lose one.",
    },
    "extreme_cold": {
        "revised": "Mend it with Clothes {town} on your next turn, or you lose a wagon member.",
        "classic": "Mend it with Clothes {town} within as many turns as you have wagon members, or you lose one.",
    },
    "broken_arm": {
        "revised": "One action fewer on each of your next two turns.",
        "classic": "You lose your next two turns (not even fording a river); other count-downs go on.",
    },
    "thief": {
        "revised": "The player who played it draws one of your supplies at random. Discard Bullets to turn the theft "
        "around; the thief may answer with Bullets of their own.",
        "classic": "The player who played it draws one of your supplies at random, unless you stop them with Bullets.",
    },
    "hunting": {
        "revised": "Discard Bullets to keep this card as a Food supply; without Bullets it does nothing.",
        "classic": "Discard Bullets to take a Food supply from the supply discard, or else the deck; without "
        "Bullets, or with no Food in either, it does nothing.",
    },
}
_GLOSSARY_SUPPLY = {
    "food": "A supply: mends Starvation; Hunting with Bullets gives you more.",
    "clothes": "A supply: mends Extreme Cold.",
    "oxen": "A supply: mends Dead Oxen (and Bad Water or Inadequate Grass once they have killed the oxen).",
    "spare_parts": "A supply: mends a Broken Tongue, Broken Axle or Broken Wheel.",
    "medicine": "A supply: mends Measles; two mend Cholera; with Clean Water it mends Typhoid.",
    "clean_water": "A supply: mends Bad Water; with Medicine it mends Typhoid.",
    "bullets": "A supply: stops a Thief, or turns Hunting into Food. Bullets cannot be had by trading.",
}
_GLOSSARY_TRAIL = {
    "plain": "A plain trail card: forge it to move on, its line starting at the height where the last card ends.",
    "river_supply": "A river: roll on forging it and each turn after until you get across. Even: you ford it; "
    "odd: you lose a supply card of your choice and stay in the river.",
    "river_drown": "A river: roll on forging it and each turn after until you get across. Even: you ford it; "
    "a 1 drowns a wagon member; 3 or 5: nothing happens and you stay in the river.",
    "trigger": "Forging it sends a calamity: you pick a victim among the other players, then the calamity card "
    "is drawn.",
    "town": {
        "revised": "Every player whose trail reaches it may use it, an action each time: take one supply from the "
        "bank or remove a calamity. It does not count toward the trail's length.",
        "classic": "In it you can mend any calamity or buy a supply. Whoever places it takes two of its free supplies, "
        "each player behind who steps in takes one. It does not count toward the trail's length.",
    },
    "fort": {
        "revised": "Every player whose trail reaches it may use it, an action each time: take two supplies from "
        "the bank. It does not count toward the trail's length.",
        "classic": "Works as a town: in it you can mend any calamity or buy a supply, and it has free supplies for "
        "those who step in. It does not count toward the trail's length.",
    },
}


def glossary(ruleset: str) -> dict[str, str]:
    """Returns name -> explanation for every calamity, supply and trail card of a ruleset."""
    ruleset = "classic" if ruleset == "classic" else "revised"
    fill = {
        "town": _MEND_TOWN[ruleset],
        "town_only": "a town" if ruleset == "revised" else "Mend Any Calamity in a town or fort",
        "within": _WITHIN[ruleset],
    }
    out = {}
    for table, names in ((_GLOSSARY_TRAIL, TRAIL_NAMES), (_GLOSSARY_SUPPLY, SUPPLY_NAMES)):
        for kind, text in table.items():
            out[names[kind]] = text[ruleset] if isinstance(text, dict) else text
    for kind in CALAMITY_KINDS:
        text = _GLOSSARY_CALAMITY.get(kind, _GLOSSARY_CALAMITY["broken_tongue"])
        text = text[ruleset] if isinstance(text, dict) else text
        out[CALAMITY_NAMES[kind]] = text.format(**fill)
    return out
