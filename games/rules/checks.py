"""One check per action kind: how every game's `menus` module builds its menu and its refusals.

A game describes each action kind by a check in two parts, `kinds[kind] = (gate, fit)`: the gate
reads the position alone and says why no action of the kind may be played now; the fit reads the
action and says why this one may not. Each returns a sentence a player can read, or None when it
passes; either may be None (nothing to ask). The menu is the candidates that pass their kind's
check, each gate asked once for the whole kind; the refusal of any other action runs the same
check, so a rule of a move is written once and `legal_actions` and `explain_illegal` cannot drift
apart. A game may add its own rules around the kinds' checks (a river that holds the wagon, the
stage of a turn): `shut` before the gates, `spoils` after the fits.
"""

from __future__ import annotations

LISTED = "listed by the rules"  # a candidates entry's mark: see table

# what explain_illegal says of an action every check passes that the menu does not list: an alike
# move written another way (the second of two cards of one shape, a card that reads the same turned)
SAME_MOVE = "That is the same move as one on the menu, written another way: choose it from the menu."


def table(kinds: dict, *entries) -> tuple:
    """Returns a menu's table, kind by kind in menu order, from entries (kind, candidates):
    candidates(context) lists every action of the kind the position might offer (None: the one
    action {"type": kind}). An entry (kind, candidates, LISTED) says the candidates are the rules'
    own list of what the kind, and any kind listed with it, offers now (a town's benefits, a card's
    free spaces, a calamity's trades), the list their fits ask: no fit is asked again of them."""
    return tuple((entry[0], kinds[entry[0]][0], kinds[entry[0]][1], entry[1], len(entry) < 3) for entry in entries)


def menu(context, kinds: dict, rows: tuple, shut=None, spoils=None) -> list[dict]:
    """Returns the actions that pass their check, row by row of a `table`. A kind that
    `shut(context, kind)` or its gate refuses is passed over whole; an action its kind's fit or
    `spoils(context, action)` refuses is left out."""
    out = []
    append = out.append
    for kind, gate, fit, listed, asked in rows:
        if (shut is not None and shut(context, kind)) or (gate is not None and gate(context) is not None):
            continue
        if listed is None:
            action = {"type": kind}
            if spoils is None or spoils(context, action) is None:
                append(action)
            continue
        actions = listed(context)
        if not asked and spoils is None:  # the rules' own list, and nothing to ask of it
            out += actions
            continue
        for action in actions:
            if asked:  # a kind listed with another is asked its own fit
                check = fit if action["type"] == kind else kinds[action["type"]][1]
                if check is not None and check(context, action) is not None:
                    continue
            if spoils is None or spoils(context, action) is None:
                append(action)
    return out


def refusal(context, kinds: dict, action: dict, unknown: str) -> str | None:
    """Returns why the action may not be played now, by its kind's gate and fit (None: both pass);
    `unknown` for a kind the game does not have."""
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in kinds:
        return unknown
    gate, fit = kinds[kind]
    return (gate and gate(context)) or (fit and fit(context, action)) or None
