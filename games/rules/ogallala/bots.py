"""A reasonable Ogallala player: builds boats bow first, completes them, raids weaker boats,
keeps its booty inside strong or totem-guarded boats, and ends the game when it leads.

It only ever picks from `legal_actions`, so it is always legal; `rnd` breaks ties.
"""

from __future__ import annotations

from .cards import info
from .display import boat_score_one, booty_bonuses_one, row_groups, size_bonus_two
from .state import taken_card


def _room(row: list, start: int, step: int) -> int:
    """Returns how many empty spaces follow `start` in direction `step`, counted up to 4 (the
    most a section's room to grow counts in `row_value`)."""
    n = 0
    i = start + step
    while 0 <= i < len(row) and row[i] is None and n < 4:
        n += 1
        i += step
    return n


def row_value(row: list, edition: str) -> float:
    """Returns how promising a row of a display looks (higher is better): the sum of what its
    boats and sections are worth, 0 for an empty row. The bot places a card where it adds most.

    A complete boat counts at its tally and more: in Ogallala I 3 for being complete (it
    scores, no lasso or arrow may take from it, and it attacks as it is completed; with the rest,
    completing a boat adds more than a lone bow (2.6 at most) or stern (2.0) is worth, so the bot
    completes a boat rather than start another), 1.3 per point of its tally and 0.1 per point of
    its combat strength; in II 4, 1.5 per card and a twentieth of its size bonus.

    A section counts its cards and its booty's points (as I would tally them) times how likely
    it is to become a boat, plus its room to grow (empty spaces, up to 4):
    1.0 when it starts with a bow and has room to its right, plus 0.4 per space of that room;
    0.8 when it ends with a stern and has room to its left, plus 0.3 per space of that room;
    0.6 when it has neither and room on both sides, 0.3 when room on one side only;
    0.1 when it has no room where it would grow. A bow after its first card or a stern before
    its last (it must be split to make a boat) cuts that factor to 40% of it.

    Booty wants guards: its points count 0.1 more for each point of the combat strength around
    it (up to 10), and 1 more when a totem pole is in its boat or section.
    """
    value = 0.0
    for g in row_groups(row):
        infos = [info(c) for c in g.cards]
        n = len(infos)
        booty = sum(booty_bonuses_one(g.cards))
        if g.boat:
            if edition == "I":
                value += 3.0 + 1.3 * boat_score_one(g.cards) + 0.1 * g.strength
            else:
                value += 4 + 1.5 * n + size_bonus_two(n) / 20
        else:
            room_right = _room(row, g.end, 1)
            room_left = _room(row, g.start, -1)
            if infos[0].is_bow and room_right:
                f, growth = 1.0, 0.4 * room_right
            elif infos[-1].is_stern and room_left:
                f, growth = 0.8, 0.3 * room_left
            elif not infos[0].is_bow and not infos[-1].is_stern and (room_left or room_right):
                f, growth = (0.6 if room_left and room_right else 0.3), 0.0
            else:
                f, growth = 0.1, 0.0
            if any(c.is_bow for c in infos[1:]) or any(c.is_stern for c in infos[:-1]):
                f *= 0.4
            value += f * (n + booty) + growth
        if booty:
            # booty wants guards: warriors around it, or better a totem pole
            value += 0.1 * min(g.strength, 10) * booty
            if g.has_totem:
                value += 1.0 * booty
    return value


def _placement_gain(engine, state, seat, action, cid) -> float:
    disp = state["displays"][seat]
    r = action["row"]
    row = list(disp[r])
    before = row_value(row, state["edition"])
    for _mr, a, _b in action.get("moves", []):  # a suite's mates shift one space each
        row[a] = None
    for mr, a, b in action.get("moves", []):
        row[b] = disp[mr][a]
    row[action["col"]] = cid
    return row_value(row, state["edition"]) - before


def _best(items, key, rnd):
    """Returns the item with the highest key; `rnd` picks among those tied with it (a key within
    1e-9 of the highest is tied: sums of the same weights in another order may differ in their
    last bits)."""
    values = [key(item) for item in items]
    top = max(values)
    return rnd.choice([items[i] for i, v in enumerate(values) if v >= top - 1e-9])


def _card_worth(cid: str) -> float:
    """Returns what a card is worth to take from another player (a lasso's pick, an attack's
    loot): a totem pole 5, booty 3 (4 for a suite's card), a bow or stern 2 plus its warrior's
    combat, any other card 1 plus half its combat (a shaman 6, an empty canoe section 1)."""
    c = info(cid)
    if c.kind == "totem":
        return 5
    if c.booty:
        return 3 + (1 if c.suite else 0)
    if c.is_bow or c.is_stern:
        return 2 + (c.combat or 0)
    return 1 + 0.5 * (c.combat or 0)


def _choose_stack(state, seat, legal, rnd):
    """Returns Ogallala I's draw (`legal`, two stacks or three): a stack at random, each weighted by
    what the seat's display needs. An open section starts with a bow and is no boat yet. The bows
    and sterns (stack 0) weigh 3 while fewer than two sections are open; with two or more, 2.5 if
    one of them has four cards or more (it wants its stern), else 0.8. The warriors (1) weigh 1.5
    while the open sections' strength is under 4 in all, else 1. The booty (2) weighs 1.5 once a
    section is open (a boat to keep it in), else 0.7."""
    rows = state["displays"][seat]
    sections = [g for row in rows for g in row_groups(row) if not g.boat and info(g.cards[0]).is_bow]
    long_open = any(len(g.cards) >= 4 for g in sections)
    strength = sum(g.strength for g in sections)
    weights = {
        0: 3.0 if len(sections) < 2 else (2.5 if long_open else 0.8),
        1: 1.5 if strength < 4 else 1.0,
        2: 1.5 if sections else 0.7,
    }
    total = sum(weights[a["stack"]] for a in legal)
    x = rnd.random() * total
    for a in legal[:-1]:
        x -= weights[a["stack"]]
        if x < 0:
            return a
    return legal[-1]  # what the others leave


def _raid(state: dict, raids: list, rnd) -> dict | None:
    """Returns the best lasso, hunt or shot among `raids` (None if there is none): the most
    valuable card to take, the strongest warrior to shoot."""
    if not raids:
        return None

    def worth(a):
        cid = state["displays"][a["target"]][a["row"]][a["col"]]
        return info(cid).combat if a["type"] == "shoot" else _card_worth(cid)  # a shot card is a warrior

    return _best(raids, worth, rnd)


def choose(engine, state: dict, seat: int, rnd) -> dict:
    """Returns the bot's action for a seat."""
    legal = engine.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    phase = engine.current_step(state)
    task = state["pending"][0] if state["pending"] else {}
    if phase == "draw":
        return _choose_stack(state, seat, legal, rnd)
    if phase in ("place", "take"):
        sinks = [a for a in legal if a["type"] == "sink"]
        if sinks:

            def boat_worth(a):
                g = next(g for g in row_groups(state["displays"][seat][a["row"]]) if g.start == a["start"])
                return -boat_score_one(g.cards)

            return _best(sinks, boat_worth, rnd)
        if phase == "take":
            cid = taken_card(state, task)
        else:
            cid = task["card"]
        places = [a for a in legal if a["type"] == "place"]
        if not places:  # II: an unplaceable drawn lasso thrower or archer raids (with no target its
            # discard would be the only action)
            return _raid(state, [a for a in legal if a["type"] != "discard"], rnd)
        return _best(places, lambda a: _placement_gain(engine, state, seat, a, cid), rnd)
    if phase == "attack":
        attacks = [a for a in legal if a["type"] == "attack"]

        def loot(a):
            g = next(g for g in row_groups(state["displays"][a["target"]][a["row"]]) if g.start == a["start"])
            return sum(_card_worth(c) for c in g.cards) + (3 if g.boat else 0)

        return _best(attacks, loot, rnd)
    if phase in ("lasso", "hunt", "archer"):
        return _raid(state, [a for a in legal if a["type"] != "pass"], rnd)
    if phase == "end_offer":
        scores = engine.scores(state)
        mine = scores[seat]
        lead = all(mine > s for k, s in enumerate(scores) if k != seat)
        return {"type": "end_game"} if lead else {"type": "continue"}
    return legal[0]
