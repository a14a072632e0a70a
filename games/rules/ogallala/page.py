"""What the game page's Ogallala board (templates/games/boards/ogallala.html) draws beyond the seat's
view: each river as the table to play on, its spaces with the few characters a card shows there
(`board_context`). Pure Python like the rest of the package."""

from __future__ import annotations

from .picture import BOOTY_NAMES, SPECIAL


def board_context(table: dict) -> dict:
    """Returns {"rivers": the rivers to draw as the table}: the seat's own first, then the others',
    each {"player", "mine", "open" (a place of a move is on it), "rows"}; a row is a list of spaces
    {"place", "cell", "text", "role", "name"} ("name": how a screen reader hears the space)."""
    view, me, places = table.get("view") or {}, table.get("seat"), table.get("places") or ()
    players = [p for p in view.get("players") or [] if isinstance(p, dict) and isinstance(p.get("seat"), int)]
    players.sort(key=lambda p: p["seat"] != me)
    out = []
    for p in players:
        rows = []
        for r, row in enumerate(p.get("display") or []):
            spaces = []
            for c, cell in enumerate(row or []):
                name = f"Row {r + 1}, space {c + 1}"
                if isinstance(cell, dict):
                    name += f": {cell.get('name', '')}"
                spaces.append(
                    {
                        "place": f"river:{p['seat']}:{r}:{c}",
                        "cell": cell,
                        "text": short_text(cell),
                        "role": role(cell),
                        "name": name,
                    }
                )
            rows.append(spaces)
        river = f"river:{p['seat']}:"
        out.append(
            {"player": p, "mine": p["seat"] == me, "open": any(x.startswith(river) for x in places), "rows": rows}
        )
    return {"rivers": out}


def short_text(cell) -> str:
    """Returns the few characters a card shows on its space: its combat number, a special
    warrior's name, a booty's first three letters (its name is the space's label), "totem"; a bow
    or stern's hull is drawn by CSS."""
    if not isinstance(cell, dict):
        return ""
    kind = str(cell.get("kind") or "")
    if cell.get("combat") is not None:
        return str(cell["combat"])
    if cell.get("booty"):
        suite = kind.rsplit("_", 1)[0] if kind.endswith(("_front", "_rear")) else kind
        return (BOOTY_NAMES.get(suite) or str(cell.get("name") or kind))[:3]  # a space is 3 letters wide on a phone
    return SPECIAL.get(kind) or {"totem": "totem"}.get(kind, "")


def role(cell) -> str:
    """Returns the card's role for CSS: bow, stern, canoe, booty, totem or warrior ("" for a space)."""
    if not isinstance(cell, dict):
        return ""
    kind = str(cell.get("kind") or "")
    if kind in ("bow", "bow_warrior"):
        return "bow"
    if kind in ("stern", "stern_warrior"):
        return "stern"
    if cell.get("booty"):
        return "booty"
    return kind if kind in ("canoe", "totem") else "warrior"
