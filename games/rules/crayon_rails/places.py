"""Where on the table a Crayon Rails action is played (Engine.place).

Places: a milepost of the map "mp:<x>,<y>" (a build or a move is the mileposts of its path, in
order, as the map's path tool composes it), a city "city:<name>" (where a train is put; spaces in the name written "_", as a place name
has none), a demand
card "card:<id>" (kept in the draft, delivered, or locked from the pool: the card, then the demand
chosen beside it), or the action bar (picking up, dropping, upgrading, ending the turn).
"""

from __future__ import annotations

BAR = "bar"
# What the action bar asks a player to tap for moves on each kind of place (Engine.place_kinds).
PLACE_KINDS = {
    "card": {"tap": "tap a demand card"},
    "city": {"tap": "tap a city on the map"},
    "mp": {"tap": "draw your route on the map", "route": True},
}


def city_place(name: str) -> str:
    """Returns the place of a city (the map marks its shape with it)."""
    return "city:" + str(name).replace(" ", "_")


def place(state: dict, seat: int, action: dict) -> str:
    kind = action.get("type")
    if kind in ("build", "move"):
        return " ".join(f"mp:{x},{y}" for x, y in action["path"])
    if kind == "place_train":
        return city_place(action["city"])
    if kind in ("keep", "deliver", "lock"):
        return f"card:{action['card']}"
    return BAR


def hit_places(state: dict, seat: int, event: dict, action: dict) -> list[str]:
    """Where an event that hit the seat landed on its own table (Engine.hit_places): the load a
    delivery set free by taking the card it locked ("load:<good>"), the cash a tax took ("cash"),
    the train a derailment stopped ("train"), each section of track a flood washed away
    ("track:x,y|x,y", drawn on the map where it was)."""
    kind, pub = event.get("type"), event.get("public") or {}
    if kind == "deliver" and seat in (pub.get("freed") or []):
        return [f"load:{pub['good']}"] if pub.get("good") else []
    if kind == "tax" and event.get("seat") == seat:
        return ["cash"]
    if kind == "derailed" and event.get("seat") == seat:
        return ["train"]
    if kind == "washed_away" and event.get("seat") == seat:
        return [f"track:{a[0]},{a[1]}|{b[0]},{b[1]}" for a, b in pub.get("sections") or []]
    return []
