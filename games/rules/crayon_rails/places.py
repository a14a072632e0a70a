"""Where on the table a Crayon Rails action is played (Engine.place).

Places: a milepost of the map "mp:<x>,<y>" (a build or a move is the mileposts of its path, in
order, as the map's path tool composes it), a city "city:<name>" (where a train is put), a demand
card "card:<id>" (kept in the draft, delivered, or locked from the pool: the card, then the demand
chosen beside it), or the action bar (picking up, dropping, upgrading, ending the turn).
"""

from __future__ import annotations

BAR = "bar"


def place(state: dict, seat: int, action: dict) -> str:
    kind = action.get("type")
    if kind in ("build", "move"):
        return " ".join(f"mp:{x},{y}" for x, y in action["path"])
    if kind == "place_train":
        return f"city:{action['city']}"
    if kind in ("keep", "deliver", "lock"):
        return f"card:{action['card']}"
    return BAR
