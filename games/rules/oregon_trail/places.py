"""Where on the table an Oregon Trail Race action is played (Engine.place).

Places: a supply kind in the bank "bank:<kind>", one of the player's own supplies by kind
"mine:<kind>", a free supply of a town's pool "pool:<kind>", a trail card in the hand
"hand:<card>", a calamity on the player's wagon "cal:<card>", a town or fort on the trail
"town:<card>", another player's wagon "player:<seat>", or the action bar. A town's benefit is the
town, then what it gives or mends (a fort: the fort, then its two supplies); a trade for a
calamity is the calamity, then the supplies given for it.
"""

from __future__ import annotations

from games.rules.oregon_trail.cards import supply_kind

BAR = "bar"
# What the action bar asks a player to tap for moves on each kind of place; "own": the seat's own
# things, which another player's move names as theirs (Engine.place_kinds).
PLACE_KINDS = {
    "bank": {"tap": "tap a supply in the bank"},
    "mine": {"tap": "tap one of your supplies", "own": True},
    "pool": {"tap": "tap a free supply of the town"},
    "hand": {"tap": "tap a card in your hand", "own": True},
    "cal": {"tap": "tap one of your calamities", "own": True},
    "town": {"tap": "tap a town on the trail"},
    "player": {"tap": "tap a player"},
}


def _benefit(action: dict) -> list[str]:
    if action.get("remove"):
        return [f"cal:{action['remove']}"]
    return [f"bank:{k}" for k in action.get("take") or []]


def place(state: dict, seat: int, action: dict) -> str:
    kind = action.get("type")
    steps: list[str]
    if kind == "draft":
        steps = [f"bank:{action['supply']}"]
    elif kind == "victim":
        steps = [f"player:{action['seat']}"]
    elif kind == "lose_supply":
        steps = [f"mine:{action['supply']}"]
    elif kind == "measles" and action.get("choice") == "trade":
        steps = [f"mine:{action['give']}"]
    elif kind == "take_supply":
        steps = [f"pool:{action['supply']}"]
    elif kind == "forge":
        steps = [f"hand:{action['card']}"]
    elif kind in ("mend", "mend_any"):
        steps = [f"cal:{action['calamity']}"]
    elif kind == "trade":
        steps = [f"cal:{action['calamity']}"] + [f"mine:{k}" for k in action.get("give") or []]
    elif kind in ("use_town", "enter_town"):
        steps = [f"town:{action['town']}"] + _benefit(action)
        if action.get("supply"):
            steps.append(f"pool:{action['supply']}")
    elif kind == "place_town":
        steps = [f"hand:{action['card']}"] + _benefit(action)
    else:
        steps = [BAR]
    return " ".join(steps)


def hit_places(state: dict, seat: int, event: dict, action: dict) -> list[str]:
    """Where an event that hit the seat landed on its own table (Engine.hit_places): the calamity
    card sent onto its trail (while it is there), its calamities whose oxen died of a second one,
    a supply of the kind a thief took (while it has one of that kind)."""
    kind, pub = event.get("type"), event.get("public") or {}
    players = state.get("players") or []
    me = next((p for p in players if p.get("seat") == seat), None)
    if me is None:
        return []
    cals = me.get("calamities") or []
    if kind == "calamity" and pub.get("victim") == seat:
        return [f"cal:{c['card']}" for c in cals if c.get("card") == pub.get("card")]
    if kind == "oxen_died":
        return [f"cal:{c['card']}" for c in cals if c.get("oxen_dead")]
    if kind == "theft":
        took = ((event.get("private") or {}).get(str(seat)) or (event.get("private") or {}).get(seat) or {}).get(
            "supply"
        )
        return [f"mine:{took}"] if took and _has_kind(me, took) else []
    return []


def _has_kind(player: dict, kind: str) -> bool:
    return any(supply_kind(s) == kind for s in player.get("supplies") or [])
