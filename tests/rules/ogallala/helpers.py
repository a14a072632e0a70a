"""Position builders for the Ogallala scenario tests: lay chosen cards, stack the deck."""

from games.rules.ogallala.cards import info, stack_of
from games.rules.ogallala.engine import ENGINE


def fresh(edition="I", seats=2, **options):
    """Returns a new game state with the given options."""
    opts = ENGINE.normalize_options(dict(edition=edition, **options), seats)
    return ENGINE.new_state(opts, seats, "scenario")


def grab(state, spec):
    """Takes a card out of the stacks by kind ("warrior2" or "warrior2:r") and returns its id."""
    kind, _, colour = spec.partition(":")
    colour = {"r": "red", "b": "blue", "": None}[colour]
    for stack in state["stacks"]:
        for cid in reversed(stack):
            c = info(cid)
            if c.kind == kind and (colour is None or c.colour == colour):
                stack.remove(cid)
                return cid
    raise LookupError(spec)


def lay(state, seat, row, col, *specs):
    """Lays cards on a display from (row, col) rightwards; "." leaves a space empty."""
    ids = []
    for i, spec in enumerate(specs):
        if spec == ".":
            continue
        cid = grab(state, spec)
        assert state["displays"][seat][row][col + i] is None
        state["displays"][seat][row][col + i] = cid
        ids.append(cid)
    return ids


def on_top(state, spec):
    """Puts a card of that kind on top of its stack; returns (stack index, card id)."""
    cid = grab(state, spec)
    k = stack_of(info(cid).kind) if state["edition"] == "I" else 0
    state["stacks"][k].append(cid)
    return k, cid


def draw(state, seat, spec):
    """Stacks a card and draws it; returns the events."""
    k, cid = on_top(state, spec)
    return ENGINE.apply(state, seat, {"type": "draw", "stack": k})


def kinds(state, seat, row):
    """Returns the kinds along a display row ("." for an empty space)."""
    return [info(c).kind if c else "." for c in state["displays"][seat][row]]


def legal(state, seat, type_=None):
    acts = ENGINE.legal_actions(state, seat)
    return [a for a in acts if type_ is None or a["type"] == type_]


def fill_two_display(state, seat):
    """Fills every space of a seat's II display without a complete boat (no bows, no tent)."""
    common = ["stern", "canoe", "stern_warrior", "warrior1", "warrior2"]
    common += ["warrior3", "chieftain", "lasso", "archer", "furs"]
    singles = [
        ["firewater", "gunpowder", "tobacco", "eagle"],
        ["rifles", "gun_front", "gun_rear", "soldier"],
        ["bear_front", "bear_rear", "buffalo_front", "buffalo_rear"],
    ]
    for r in range(3):
        lay(state, seat, r, 0, *common, *singles[r])


def place(state, seat, row, col, **extra):
    """Places the drawn card at (row, col); returns the events."""
    return ENGINE.apply(state, seat, {"type": "place", "row": row, "col": col, **extra})


def act(state, seat, type_, **extra):
    """Plays an action of the given type with its fields; returns the events."""
    return ENGINE.apply(state, seat, {"type": type_, **extra})
