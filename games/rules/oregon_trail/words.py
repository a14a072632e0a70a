"""The words of Oregon Trail Race: how a menu entry reads (`action_label`), why a move is refused
(`explain_illegal`: its check's sentence, from menus.py), the table as plain text for an email
(`table_text`, built from the view), and what a calamity (or another hit) means for the player it
hits (`explain_hit`; the rule sentences are in cards.py).
"""

from __future__ import annotations

import textwrap

from .. import checks
from ..base import seat_label
from .cards import (
    AT_ONCE,
    BROKEN_PARTS,
    CALAMITY_EFFECT,
    CALAMITY_NAMES,
    ONE_ACTION,
    REMEDY,
    SUPPLY_NAMES,
    TOWN_MEND,
    TRADE,
    TRAIL_CARDS,
    TRAIL_NAMES,
    UNMENDED,
    supply_kind,
    turned,
)
from .menus import refusal
from .state import oxen_dead, remedy
from .view import view


def _cal_label(state, seat, cid):
    p = state["players"][seat]
    c = next((x for x in p["calamities"] if x["card"] == cid), None)
    if c is None:
        return "a calamity"
    text = CALAMITY_NAMES[c["kind"]]
    if c.get("oxen_dead"):
        text += " (dead oxen)"
    if c["deadline"] is not None:
        text += f" ({c['deadline']} turn{'s' if c['deadline'] != 1 else ''} left)"
    if c.get("fewer") and c["kind"] == "broken_arm":
        text += f" (one action fewer for {c['fewer']} more turn{'s' if c['fewer'] != 1 else ''})"
    return text


def _take_text(take):
    return " + ".join(SUPPLY_NAMES[k] for k in take) if take else "nothing"


def action_label(engine, state, seat, action):
    """Returns a short, distinct phrase for a legal action."""
    t = action.get("type")
    if t == "draft":
        return f"Draft {SUPPLY_NAMES[action['supply']]}"
    if t == "scout":
        return "Scout (draw a trail card)"
    if t == "end_turn":
        return "End turn" if state["ruleset"] == "revised" else "Wait (nothing else to do)"
    if t == "forge":
        info = TRAIL_CARDS[action["card"]]
        if info["left"] is None:
            return f"Found a {TRAIL_NAMES[info['kind']]} here"
        left, right = info["left"], info["right"]
        if action.get("turned"):
            left, right = turned(left, right)
        text = f"Forge {TRAIL_NAMES[info['kind']]} ({left}→{right})"
        return text + (", turned" if action.get("turned") else "")
    if t == "ford":
        return "Try to ford the river"
    if t == "mend":
        p = state["players"][seat]
        c = next(x for x in p["calamities"] if x["card"] == action["calamity"])
        rem = " and ".join(SUPPLY_NAMES[k] for k in remedy(c))
        return f"Mend {_cal_label(state, seat, action['calamity'])} with {rem}"
    if t == "trade":
        give = " and ".join(SUPPLY_NAMES[k] for k in action["give"])
        return f"Trade {give} to mend {_cal_label(state, seat, action['calamity'])} (roll even)"
    if t == "step_back":
        return "Step back"
    if t == "step_forward":
        return "Step forward"
    if t in ("use_town", "place_town"):
        if t == "use_town":
            kind = next(x["kind"] for x in state["towns"] if x["card"] == action["town"])
            head = f"Use the {kind}"
        else:
            kind = TRAIL_CARDS[action["card"]]["kind"]
            head = f"Place a {kind} here"
        if "remove" in action:
            return f"{head}: remove {_cal_label(state, seat, action['remove'])}"
        return f"{head}: take {_take_text(action['take'])}"
    if t == "enter_town":
        if "supply" in action:
            return f"Step into town and take {SUPPLY_NAMES[action['supply']]}"
        return "Step into town"
    if t == "mend_any":
        return f"Mend any calamity in town: {_cal_label(state, seat, action['calamity'])}"
    if t == "buy":
        return "Buy a supply card"
    if t == "victim":
        return f"Send the calamity to {seat_label(action['seat'])}"
    if t == "lose_supply":
        return f"Lose {SUPPLY_NAMES[action['supply']]} in the river"
    if t == "bullets":
        pend = state["pending"][0] if state["pending"] else {}
        if pend.get("kind") == "hunting_bullets":
            return "Spend bullets for food" if action["use"] else "Keep the bullets"
        return "Discard bullets against the thief" if action["use"] else "Keep the bullets"
    if t == "measles":
        if action["choice"] == "medicine":
            return "Discard Medicine to avoid the Measles"
        if action["choice"] == "trade":
            return f"Trade {SUPPLY_NAMES[action['give']]} for Medicine (roll even)"
        return "Take the Measles"
    if t == "take_supply":
        return f"Take {SUPPLY_NAMES[action['supply']]}"
    return str(t)


def explain_illegal(engine, state, seat, action):
    """Returns the sentence of the check that refuses the action (menus.py)."""
    return refusal(state, seat, action) or checks.SAME_MOVE


# -- the table as plain text (emails) ---------------------------------------------------------------
WIDTH = 88
PENDING_TEXT = {
    "victim": "choose who receives the calamity",
    "river_loss": "choose the supply lost in the river",
    "thief_bullets": "decide whether to use bullets against the thief",
    "hunting_bullets": "decide whether to spend bullets on hunting",
    "measles_medicine": "decide whether to use medicine against the measles",
    "town_pick": "take a free supply from the town",
}


def _wrap(head, parts, indent="    "):
    """Returns lines of `head` followed by the parts joined with ", ", wrapped under WIDTH: a part
    that would pass it starts the next line, indented; a part too long for a line of its own
    goes on from the line it starts, broken between its words (a word is never cut)."""
    lines = []
    line = head
    for i, part in enumerate(parts):
        piece = part + ("," if i < len(parts) - 1 else "")
        if len(line) + 1 + len(piece) <= WIDTH or not line.strip():
            line = f"{line} {piece}" if line else piece
            if len(line) <= WIDTH:
                continue
        elif len(indent) + len(piece) <= WIDTH:
            lines.append(line)
            line = indent + piece
            continue
        else:
            line = f"{line} {piece}"
        *done, line = textwrap.wrap(
            line, WIDTH, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
        )
        lines += done
    lines.append(line)
    return lines


def _shape(left, right):
    return f"{left}→{right}"


def _hand_text(card):
    """Returns a hand card with its shape and, when different, its shape turned 180 degrees."""
    if card["left"] is None:
        return f"{card['name']} (no trail line: placed at your front)"
    text = f"{card['name']}, {_shape(card['left'], card['right'])}"
    flip = turned(card["left"], card["right"])
    if flip != (card["left"], card["right"]):
        text += f" (turned: {_shape(*flip)})"
    return text


def _counted(names):
    counts = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return [f"{n} x{c}" if c > 1 else n for n, c in counts.items()]


def _calamity_text(c):
    """Returns an active calamity with its count-down and what mends it."""
    text = "Dead Oxen" if c["dead_oxen"] and c["kind"] != "dead_oxen" else c["name"]
    if c["dead_oxen"] and c["kind"] != "dead_oxen":
        text += f" (from {c['name']})"
    bits = []
    if c["turns_left"] is not None:
        n = c["turns_left"]
        bits.append(f"{n} turn{'s' if n != 1 else ''} left to mend")
    if c.get("dormant"):
        bits.append("no count-down (a second one strikes)")
    if c.get("fewer_actions_turns"):
        n = c["fewer_actions_turns"]
        bits.append(f"one action fewer for {n} turn{'s' if n != 1 else ''}")
    if c.get("lost_turns"):
        n = c["lost_turns"]
        bits.append(f"{n} turn{'s' if n != 1 else ''} to lose")
    if c["dead_oxen"] or c["kind"] in ("broken_tongue", "broken_axle", "broken_wheel"):
        bits.append("the wagon cannot move")
    rem = ("oxen",) if c["dead_oxen"] else REMEDY.get(c["kind"])
    if rem:
        bits.append("mend with " + " + ".join(SUPPLY_NAMES[k] for k in rem))
    else:
        bits.append("only a town or fort removes it")
    return f"{text}: " + "; ".join(bits)


def _where(v, p):
    """Returns where a player's marker stands."""
    n = v["trail_length"]
    if not p["alive"]:
        return "out of the game"
    if p["at_end"]:
        return "at Willamette Valley"
    if p["in_town"]:
        kinds = [t["kind"] for t in v["towns"] if t["point"] == p["pos"]]
        return f"in the {kinds[0] if kinds else 'town'} after card {p['pos']}"
    if p["pos"] == 0:
        where = "at Independence"
    else:
        where = f"at card {p['pos']} of {n}"
    if p["length"] and p["at_front"]:
        where += " (the front)"
    elif p["length"]:
        where += f" (front: card {p['length']})"
    if p["stuck"]:
        where += ", stuck in the river"
    return where


def _track_parts(p):
    parts = ["Independence"]
    for x in p["track"]:
        if x["type"] == "card":
            text = f"{x['number']} {x['name']} {_shape(x['left'], x['right'])}"
        else:
            text = f"[{x['type'].capitalize()}]"
        if x["marker"]:
            text += " <wagon>"
        parts.append(text)
    return parts


def _next_card(v, p):
    """Returns where the next forged card must start on a player's trail."""
    last = p["track"][-1] if p["track"] else None
    if last is None or last["type"] != "card" or last["number"] != p["length"]:
        return "any height"
    return f"the {last['right']}"


def table_text(engine, state, seat):
    """Returns the seat's view (seat None: a spectator) as short lines of plain text for an email."""
    v = view(engine, state, seat)
    revised = v["ruleset"] == "revised"
    goal = "Oregon" if revised else "Willamette Valley"
    lines = [f"Oregon Trail Race, {v['ruleset']} rules: {v['trail_length']} trail cards to {goal}."]
    if v["phase"] == "over":
        result = v["result"] or {}
        winners = ", ".join(seat_label(s) for s in result.get("winners", [])) or "nobody"
        lines.append(f"Game over. Winner: {winners}.")
        if result.get("reason"):
            lines += _wrap("", [result["reason"]])
    elif v["phase"] == "draft":
        lines.append(f"Drafting supplies: {seat_label(v['turn'])} picks.")
    else:
        turn = f"Turn {v['turn_number']}: {seat_label(v['turn'])} to play"
        if v["actions_left"] is not None and revised:
            turn += f", {v['actions_left']} action{'s' if v['actions_left'] != 1 else ''} left"
        lines.append(turn + ".")
    if v["pending"]:
        pend = v["pending"]
        lines.append(f"Waiting for {seat_label(pend['seat'])} to {PENDING_TEXT.get(pend['kind'], 'decide')}.")
    if v["revealed"]:
        lines.append("Calamity drawn: " + ", ".join(CALAMITY_NAMES[r["kind"]] for r in v["revealed"]) + ".")

    if seat is not None:  # a seat's view: its own hand and supplies
        me = v["players"][seat]
        lines.append("")
        lines.append("Your hand:")
        lines += [f"- {_hand_text(c)}" for c in v["hand"]] or ["- (no trail cards)"]
        lines.append("")
        lines.append("Your wagon:")
        lines.append(f"- {me['members']} wagon member{'s' if me['members'] != 1 else ''}, {_where(v, me)}")
        supplies = _counted(s["name"] for s in v["supplies"])
        lines += _wrap("- Supplies:", supplies or ["none"])
        if me["calamities"]:
            lines.append("- Calamities:")
            for c in me["calamities"]:
                lines += _wrap("  -", [_calamity_text(c)], indent="    ")
        else:
            lines.append("- Calamities: none")

    lines.append("")
    lines.append("The trail:")
    for p in v["players"]:
        who = seat_label(p["seat"]) + (" (you)" if p["is_me"] else "")
        lines += _wrap(f"- {who}:", _track_parts(p))
        if p["alive"] and not p["at_end"]:
            lines.append(f"  next card: {p['length'] + 1} of {v['trail_length']}, starts at {_next_card(v, p)}")
    for t in v["towns"]:
        text = f"- {t['kind'].capitalize()} after card {t['point']}, placed by {seat_label(t['founder'])}"
        if t["pool"]:
            text += ": free " + ", ".join(SUPPLY_NAMES[k] for k in t["pool"])
        lines += _wrap("", [text])

    lines.append("")
    lines.append("Players:")
    for p in v["players"]:
        who = seat_label(p["seat"]) + (" (you)" if p["is_me"] else "")
        head = f"- {who}: {_where(v, p)}"
        if p["is_turn"]:
            head += ", to play"
        lines += _wrap("", [head])
        if not p["alive"]:
            continue
        lines.append(
            f"  {p['members']} member{'s' if p['members'] != 1 else ''}, {p['hand_size']} trail card"
            f"{'s' if p['hand_size'] != 1 else ''} in hand, {p['supply_count']} suppl"
            f"{'ies' if p['supply_count'] != 1 else 'y'}"
        )
        for c in p["calamities"]:
            lines += _wrap("  -", [_calamity_text(c)], indent="    ")

    lines.append("")
    lines.append("Table:")
    if v["supply_bank"]:
        lines += _wrap("- Supply bank:", [f"{b['name']} {b['count']}" for b in v["supply_bank"]])
    d = v["decks"]
    lines.append(f"- Trail deck {d['trail']} (discards {d['trail_discard']}), calamity deck {d['calamity']}")
    if not revised:
        lines.append(f"- Supply deck {d['supply']} (discards {d['supply_discard']})")
    if v["calamity_discard_top"]:
        lines.append(f"- Last calamity discarded: {v['calamity_discard_top']}")
    return lines


# -- what a hit means for the seat it hits (explain_hit) --------------------------------------------
NOTHING_TO_MEND = "Nothing to mend."
NOTHING_TO_DO = "Nothing to do: it is over."
DECIDE_NOW = "Now: your answer is needed before play goes on."


def _count(n, word):
    return f"{n} {word}{'' if n == 1 else 's'}"


def _in_turn(state, seat):
    """Returns whether the seat is playing its turn now (it may have begun within the move)."""
    return state["result"] is None and state["phase"] == "play" and state["turn"] == seat


def _wagon_now(state, p):
    """Returns what a living wagon has left after losing members (explain_hit tells a dead party
    before it comes here)."""
    if state["ruleset"] == "revised":
        return (
            f"You have {_count(p['members'], 'wagon member')} left, and each turn you start gives one action "
            "per member."
        )
    return (
        f"You have {_count(p['members'], 'wagon member')} left; the count-downs of calamities you receive from "
        "now on are shorter (turns times wagon members)."
    )


def _key(c):
    """Returns the CALAMITY_EFFECT key of an active calamity."""
    if c["kind"] in BROKEN_PARTS:
        return "broken_part"
    if oxen_dead(c):
        return "dead_oxen"
    return c["kind"]


def _supplies_text(kinds):
    counts = {}
    for k in kinds:
        counts[k] = counts.get(k, 0) + 1
    words = {1: "", 2: "two ", 3: "three "}
    return " and ".join(f"{words.get(n, f'{n} ')}{SUPPLY_NAMES[k]}" for k, n in counts.items())


def _mend_text(state, c):
    """Returns what mends an active calamity: its supplies (or a trade), and the town's way."""
    rs = state["ruleset"]
    town = TOWN_MEND[rs]
    dormant = c["deadline"] is None and c["kind"] in ("inadequate_grass", "bad_water") and not oxen_dead(c)
    rem = remedy(c)
    if c["kind"] == "broken_arm":
        if rs == "classic":
            return "Nothing: it wears off once the lost turns are over."
        return f"No supply mends it: only {town} removes it (sparing the actions still to lose)."
    if rem is None:
        text = f"No supply mends it: only {town} removes it."
    else:
        supplies = _supplies_text(rem)
        text = f"{supplies[0].upper()}{supplies[1:]} ({ONE_ACTION[rs]}), or {TRADE}; or {town}."
        if c["kind"] == "measles" and rs == "classic":
            text = f"On any turn after the lost one: {text}"
    if dormant:
        text += " Once your oxen are dead, Oxen mend it" + (" instead." if rem else " as well.")
    return text


def _by_when(state, p, c):
    """Returns the count-down of an active calamity, as its holder's turns count it."""
    rs = state["ruleset"]
    key = _key(c)
    if c["deadline"] is not None:
        d = c["deadline"]
        now = _in_turn(state, p["seat"])
        counts_now = now and not c["fresh"]
        if counts_now:
            when = "by the end of this turn, yours now" if d == 1 else f"within {d} turns of yours, this one included"
        else:
            when = "by the end of your next turn" if d == 1 else f"within your next {d} turns"
        left = _count(d, "turn") + " left to mend"
        if now and c["fresh"]:
            left += "; this turn does not count"
        text = f"Mend it {when} ({left}): unmended, {UNMENDED[key]}."
        if rs == "classic":
            text += " Turns you lose count too."
        return text
    if c["kind"] in ("inadequate_grass", "bad_water"):
        if rs == "revised":
            later = "you will have until the end of your next turn to replace the oxen"
        else:
            later = f"you will have as many turns as wagon members (now {p['members']}) to replace the oxen"
        return f"No count-down while it waits for the other copy. Once your oxen die, {later}, or the whole party dies."
    if c["kind"] == "cholera":
        return "No count-down: it strikes only when the other copy is played. Mend it before that."
    if c["kind"] == "measles":
        if rs == "revised":
            if c.get("penalty_now") and _in_turn(state, p["seat"]):
                return (
                    "Mend it this turn to get its action back. After that there is no count-down, but it stays a "
                    "danger until mended."
                )
            if c.get("fewer"):
                return (
                    "Mend it on your next turn to keep that turn's actions whole. After that there is no count-down, "
                    "but it stays a danger until mended."
                )
        return "No count-down: it stays a danger until it is mended."
    if c["kind"] == "broken_arm":
        if rs == "revised":
            k = c.get("fewer", 0)
            if _in_turn(state, p["seat"]):
                return "It lasts this turn" + (" and your next" if k else "") + ", then it is discarded."
            return f"It lasts your next {_count(k, 'turn')}, then it is discarded."
        k = c.get("skip", 0)
        return f"It is over after {'that lost turn' if k == 1 else 'those lost turns'}."
    return "No count-down."


def _effect_text(state, p, c):
    """Returns what an active calamity does to its holder, as the state stands."""
    rs = state["ruleset"]
    key = _key(c)
    now = _in_turn(state, p["seat"])
    if c["kind"] == "measles":
        first = ""
        if rs == "revised":
            if c.get("penalty_now") and now:
                first = "This turn has one action fewer, unless you mend it with Medicine in it: then the action comes back. "
            elif c.get("fewer"):
                first = (
                    "Your next turn has one action fewer, unless you mend it with Medicine in that turn: then the "
                    "action comes back. "
                )
        else:
            if c.get("skip"):
                first = "You lose your next turn (your other calamities count down through it). "
            else:
                first = "It has cost you a turn already. "
        return first + CALAMITY_EFFECT["measles"][rs]
    if c["kind"] == "broken_arm":
        if rs == "revised":
            k = c.get("fewer", 0)
            if now:
                return "This turn has one action fewer" + (", and so will your next." if k else ".")
            return "One action fewer on your next turn." if k == 1 else CALAMITY_EFFECT["broken_arm"][rs]
        k = c.get("skip", 0)
        if k == 2:
            return CALAMITY_EFFECT["broken_arm"][rs]
        return (
            "You lose your next turn too (one is lost already): no action at all, not even fording a river. "
            "Your other calamities count down through it."
        )
    return CALAMITY_EFFECT[key][rs]


def _explain_active(state, p, c):
    if oxen_dead(c):  # oxen die once: the first dead-oxen card to run out is the one that counts
        oxen = [x for x in p["calamities"] if oxen_dead(x) and x["deadline"] is not None]
        if oxen:
            c = min(oxen, key=lambda x: (x["deadline"] + (1 if x["fresh"] else 0), x["card"]))
    mend = _mend_text(state, c)
    dead = [x for x in p["calamities"] if oxen_dead(x)]
    if oxen_dead(c) and len(dead) > 1:
        cards = "both your dead-oxen cards" if len(dead) == 2 else f"all {len(dead)} of your dead-oxen cards"
        mend += f" Oxen die only once: one mend cures {cards}."
    return [_effect_text(state, p, c), mend, _by_when(state, p, c)]


def _thief_answer_text(state, thief):
    rs = state["ruleset"]
    if rs == "revised":
        return (
            f"{seat_label(thief)} draws one of your supplies at random, unless you fire Bullets: discarding them "
            f"turns the theft around, and you draw one of {seat_label(thief)}'s at random instead (they may fire "
            "Bullets back).",
            "Bullets: discard them now to turn the theft around.",
        )
    variant = state["options"].get("classic_thief", "cancel")
    if variant == "keep_bullets":
        stop = "show your Bullets: then they get nothing, and you keep the Bullets"
        how = "Bullets: show them now and the thief gets nothing."
    elif variant == "thief_dies":
        stop = f"discard your Bullets: then they get nothing, and {seat_label(thief)} loses a wagon member"
        how = "Bullets: discard them now and the thief gets nothing (and is shot)."
    else:
        stop = "discard your Bullets: then they get nothing"
        how = "Bullets: discard them now and the thief gets nothing."
    return (f"{seat_label(thief)} draws one of your supplies at random, unless you {stop}.", how)


def _explain_pending(state, p, pend):
    rs = state["ruleset"]
    kind = pend["kind"]
    if kind == "thief_bullets":
        does, mend = _thief_answer_text(state, pend["taker"])
        return [does, mend, DECIDE_NOW]
    if kind == "hunting_bullets":
        if rs == "revised":
            does = (
                "No harm. If you discard Bullets, you keep this card as a Food supply (once used, it goes to the "
                "calamity discard)."
            )
        else:
            does = "No harm. If you discard Bullets, you take a Food supply from the supply discard (or the deck)."
        return [does, NOTHING_TO_MEND, DECIDE_NOW]
    if kind == "measles_medicine":
        other = next(
            (
                (q["seat"], x)
                for q in state["players"]
                if q["alive"]
                for x in q["calamities"]
                if x["kind"] == "measles" and x["card"] != pend["card"]
            ),
            None,
        )
        if other is None:
            does = "If you take it, you lose your next turn. " + CALAMITY_EFFECT["measles"]["classic"]
        elif other[0] == p["seat"]:
            does = (
                "You hold the other copy, unmended: take this one and you lose two wagon members; avoid it and you "
                "lose one. Both cards are discarded either way."
            )
        else:
            holder = seat_label(other[0])
            does = (
                f"The other copy is in front of {holder}, unmended: take this one and you both lose a wagon member; "
                f"avoid it and only {holder} does. Both cards are discarded either way."
            )
        mend = (
            "Avoid it now: discard Medicine, or trade another supply for Medicine (an even roll; on an odd roll the "
            "traded supply is lost, and you may try again). Once taken, it is mended with Medicine on any turn "
            f"after the lost one, or with {TOWN_MEND['classic']}."
        )
        return [does, mend, DECIDE_NOW]
    return []


def _supplies_left(p):
    return f"you hold {_count(len(p['supplies']), 'supply card')} now"


# How explain_hit begins its first text for a calamity that changed nothing for the seat.
NO_EFFECT = "No effect:"


def hit_matters(engine, state, event, seat) -> bool:
    """Whether a hit changes anything for the seat: not when its explanation says it had no effect
    and nothing mends or remains of it (it was discarded at once)."""
    explain = explain_hit(engine, state, event, seat)
    return not (explain and explain[0].startswith(NO_EFFECT) and explain[2] == NOTHING_TO_DO)


def explain_hit(engine, state, event, seat):
    """Returns [what it does, what mends it, by when] for a seat an event hits (see Engine.explain_hit)."""
    if state["result"] is not None or not 0 <= seat < len(state["players"]):
        return []
    rs = state["ruleset"]
    p = state["players"][seat]
    kind = event.get("type")
    pub = event.get("public") or {}
    pend = next((x for x in state["pending"] if x["seat"] == seat), None)
    if not p["alive"]:
        if kind in ("calamity", "member_died", "calamity_expired", "player_out", "pair_struck", "theft_stopped"):
            return [
                "Your whole party has died: you are out of the race.",
                "Nothing: the dead do not come back.",
                NOTHING_TO_DO,
            ]
        return []
    if kind == "calamity":
        cid, ckind = pub.get("card"), pub.get("calamity")
        if pub.get("victim", seat) != seat or ckind is None:
            return []
        c = next((x for x in p["calamities"] if x["card"] == cid), None)
        if c is not None:
            return _explain_active(state, p, c)
        if pend is not None and (pend.get("card") == cid or (ckind == "thief" and pend["kind"] == "thief_bullets")):
            return _explain_pending(state, p, pend)
        if ckind in BROKEN_PARTS:
            return [f"{NO_EFFECT} it is discarded.", NOTHING_TO_MEND, NOTHING_TO_DO]
        if ckind in AT_ONCE:
            never = "Nothing: it cannot be mended" + (", not even in a town." if rs == "classic" else ".")
            return [f"It struck at once. {_wagon_now(state, p)}", never, NOTHING_TO_DO]
        if ckind in ("measles", "cholera"):
            return [
                "The other copy was still unmended in front of someone, so it struck at once: you lost a wagon member "
                f"(two if you held the other copy) and both cards are discarded. {_wagon_now(state, p)}",
                "Nothing: the loss cannot be undone.",
                NOTHING_TO_DO,
            ]
        if ckind == "thief":
            return [
                f"{seat_label(pub.get('by', event.get('seat')))} draws one of your supplies at random, if you hold "
                f"any: {_supplies_left(p)}.",
                "Nothing brings a stolen supply back: Bullets, held when a thief comes, are the only defence.",
                NOTHING_TO_DO,
            ]
        if ckind == "hunting":
            if any(supply_kind(c) == "bullets" for c in p["supplies"]):  # classic: no food to be had
                does = (
                    f"{NO_EFFECT} there is no Food in the supply discard or the deck to hunt, so you keep your Bullets."
                )
            else:
                does = f"{NO_EFFECT} you hold no Bullets to hunt with."
            return [does, NOTHING_TO_MEND, NOTHING_TO_DO]
        if ckind in UNMENDED:  # its count-down ran out within the move, in turns of yours that were lost
            return [
                f"Its count-down ran out before you could act, in a turn you lost: {UNMENDED[ckind]}, and it is "
                f"discarded. {_wagon_now(state, p)}",
                "Nothing: the loss cannot be undone.",
                NOTHING_TO_DO,
            ]
        if ckind == "broken_arm":
            return ["It has worn off already: the turns it cost you are over.", NOTHING_TO_MEND, NOTHING_TO_DO]
        return ["It is no longer in front of you: it has been discarded.", NOTHING_TO_MEND, NOTHING_TO_DO]
    if kind == "oxen_died":
        dead = [x for x in p["calamities"] if oxen_dead(x) and x["kind"] != "dead_oxen"]
        return _explain_active(state, p, dead[0]) if dead else []
    if kind == "pair_struck":
        return [
            f"Your unmended copy struck with the new one: you lose a wagon member and both cards are discarded. "
            f"{_wagon_now(state, p)}",
            "Nothing: the loss cannot be undone.",
            NOTHING_TO_DO,
        ]
    if kind == "member_died":
        return [_wagon_now(state, p), "Nothing: a lost wagon member does not come back.", NOTHING_TO_DO]
    if kind == "theft_reversed":
        if pend is not None and pend["kind"] == "thief_bullets":
            return _explain_pending(state, p, pend)
        return [
            f"{seat_label(event.get('seat'))} draws one of your supplies at random instead, if you hold any: "
            f"{_supplies_left(p)}.",
            "Nothing brings a stolen supply back.",
            NOTHING_TO_DO,
        ]
    if kind == "theft":
        return [f"You lose the supply: {_supplies_left(p)}.", "Nothing brings a stolen supply back.", NOTHING_TO_DO]
    if kind == "theft_stopped":
        shot = state["options"].get("classic_thief") == "thief_dies"
        does = "The theft gets you nothing" + (
            f", and it cost you a wagon member. {_wagon_now(state, p)}" if shot else "."
        )
        return [does, NOTHING_TO_MEND, NOTHING_TO_DO]
    return []
