"""The table as the place to move (issue #24): where each legal move is played, for the boards and
the move list of the game page.

    {% load table %}{% table_places as places %}

reads the live context (games.views._live_context): `game` (its engine and state), `my_seat`
and `moves` (the seat's legal moves, each {"index", "action", "label", ...}). It writes each
move's `place` (Engine.place: the taps that play it, space-separated) and `taps` (what its form
tells static/js/table.js: the place, or a route's first milepost) into the move, once, and
returns the set of every place named by some move, so a board draws a real control (a button
with data-place) exactly where a tap plays something. static/js/table.js plays the move whose
taps were made, through the move's own button in the list's one form.
"""

from __future__ import annotations

import hashlib
import re

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

register = template.Library()


@register.simple_tag(takes_context=True)
def table_places(context) -> set[str]:
    """Returns every place a legal move of this seat names (see the module's docstring)."""
    moves = context.get("moves") or []
    game, seat = context.get("game"), context.get("my_seat")
    places: set[str] = set()
    for m in moves:
        if "place" not in m:
            try:
                m["place"] = game.engine.place(game.state, seat, m["action"])
            except (AttributeError, KeyError, TypeError, ValueError):
                m["place"] = "bar"  # a move the table cannot show is still played from the bar
            # the taps table.js matches; a route is drawn by the map's own tool, so its first milepost will do
            m["taps"] = m["place"].split()[0] if m["place"].startswith("mp:") else m["place"]
        places.update(m["place"].split())
    return places


@register.filter
def place_of(prefix, value) -> str:
    """Returns a place name: "bank:"|place_of:"food" -> "bank:food"."""
    return f"{prefix}{value}"


# What a tap on each kind of place does, said in the action bar.
TAP_WHERE = {
    "river": "tap a space of your river",
    "stack": "tap a stack to draw from it",
    "bank": "tap a supply in the bank",
    "mine": "tap one of your supplies",
    "pool": "tap a free supply of the town",
    "hand": "tap a card in your hand",
    "cal": "tap one of your calamities",
    "town": "tap a town on the trail",
    "player": "tap a player",
    "card": "tap a demand card",
    "city": "tap a city on the map",
    "mp": "draw your route on the map",
}


@register.simple_tag(takes_context=True)
def table_prompt(context, places) -> str:
    """Returns what the action bar asks: what the moves have in common, and where to tap for them
    ("Place Bow with a warrior: tap a space of your river"); "Your move" over moves of many kinds."""
    moves = context.get("moves") or []
    seat = context.get("my_seat")
    tapped = [m for m in moves if m.get("place", "bar") != "bar"]
    if not tapped:
        return "Your move: choose below."
    kinds = {m["place"].split(":", 1)[0] for m in tapped}
    heads = {m["label"].split(" at ", 1)[0] for m in tapped}
    head = heads.pop() if len(heads) == 1 and len(tapped) > 1 else "Your move"
    if len(kinds) > 1:
        return f"{head}: tap a marked place on the table."
    kind = kinds.pop()
    where = TAP_WHERE.get(kind, "tap a marked place on the table")
    if kind == "river" and not any(m["place"].startswith(f"river:{seat}:") for m in tapped):
        where = "tap a card or boat of another player's river"
    return f"{head}: {where}."


@register.filter
def has_place(places, prefix) -> bool:
    """Returns whether a place of `places` starts with `prefix` (a river of a player: "river:1:")."""
    return any(p.startswith(prefix) for p in places or ())


@register.filter
def og_short(cell) -> str:
    """Returns the few characters an Ogallala card shows on its space: its combat number, a
    special warrior's name, a booty's first three letters (its name is the space's label), "totem"; a bow or stern's hull is drawn by CSS."""
    from games.pictures.ogallala import BOOTY_NAMES, SPECIAL

    if not isinstance(cell, dict):
        return ""
    kind = str(cell.get("kind") or "")
    if cell.get("combat") is not None:
        return str(cell["combat"])
    if cell.get("booty"):
        suite = kind.rsplit("_", 1)[0] if kind.endswith(("_front", "_rear")) else kind
        return (BOOTY_NAMES.get(suite) or str(cell.get("name") or kind))[:3]  # a space is 3 letters wide on a phone
    return SPECIAL.get(kind) or {"totem": "totem"}.get(kind, "")


@register.filter
def og_role(cell) -> str:
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


@register.simple_tag
def og_table(view, me, places) -> list[dict]:
    """Returns the Ogallala rivers to draw as the table: the seat's own first, then the others',
    each {"player", "mine", "open" (a place of a move is on it), "rows"}; a row is a list of spaces
    {"place", "cell", "text", "role", "name"} ("name": how a screen reader hears the space)."""
    players = [p for p in (view or {}).get("players") or [] if isinstance(p, dict) and isinstance(p.get("seat"), int)]
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
                        "text": og_short(cell),
                        "role": og_role(cell),
                        "name": name,
                    }
                )
            rows.append(spaces)
        out.append(
            {"player": p, "mine": p["seat"] == me, "open": has_place(places, f"river:{p['seat']}:"), "rows": rows}
        )
    return out


@register.filter
def attr_json(value) -> str:
    """Returns a value as compact JSON for an attribute quoted with single quotes ('...'): a move's
    action, as the button that sends it names it (double quotes left as they are, not &quot;, which
    tripled a route's size)."""
    import json

    from django.utils.safestring import mark_safe

    text = json.dumps(value, separators=(",", ":"))
    return mark_safe(text.replace("&", "&amp;").replace("'", "&#x27;").replace("<", "&lt;").replace(">", "&gt;"))


@register.simple_tag(takes_context=True)
def move_hints(context, glossary) -> str:
    """Writes into each move its `hint` (what its label says more about, games.templatetags.glossary
    .move_hint) and `hint_at`, the index of the first move with the same hint: the list shows each
    hint once, and every move it explains points at it (42 places of one card share one)."""
    from games.templatetags.glossary import move_hint

    first: dict[str, int] = {}
    for m in context.get("moves") or []:
        m["hint"] = move_hint(m.get("label"), glossary)
        if m["hint"]:
            m["hint_at"] = first.setdefault(m["hint"], m["index"])
    return ""


# -- sending only what changed -----------------------------------------------------------------------

KEEP_NAME = re.compile(r"[a-z0-9-]{1,40}")


def kept_parts(raw: str) -> set[str]:
    """Returns the parts a page says it has ("name:digest" pairs, comma-separated, sent by
    static/js/table.js with a live update's request as `keep`); anything unreadable is ignored."""
    out = set()
    for item in (raw or "")[:4000].split(","):
        name, _, digest = item.partition(":")
        if KEEP_NAME.fullmatch(name) and re.fullmatch(r"[0-9a-f]{12}", digest):
            out.add(f"{name}:{digest}")
    return out


class KeepNode(template.Node):
    def __init__(self, name, nodelist):
        self.name, self.nodelist = name, nodelist

    def render(self, context) -> str:
        name = str(self.name.resolve(context))
        html = self.nodelist.render(context)  # rendered whatever is sent: the glossary counts its terms
        digest = hashlib.sha256(html.encode()).hexdigest()[:12]
        if context.get("fragment") and f"{name}:{digest}" in (context.get("kept") or ()):
            return format_html(
                '<div class="tp-keep" id="keep-{}" data-keep="{}" hx-preserve="true"></div>', name, digest
            )
        return format_html('<div class="tp-keep" id="keep-{}" data-keep="{}">{}</div>', name, digest, mark_safe(html))


@register.tag("keep")
def keep(parser, token):
    """{% keep "name" %}...{% endkeep %}: a part of the live section that a live update sends only
    when it changed. The part is wrapped in <div class="tp-keep" id="keep-NAME" data-keep=DIGEST>
    (display: contents); a page's request says which parts it has (`keep`, the context's `kept`),
    and a live update (`fragment`) whose part is the same sends an empty stand-in that htmx
    replaces with the page's own (hx-preserve). The name must be unique on the page."""
    bits = token.split_contents()
    if len(bits) != 2:
        raise template.TemplateSyntaxError("{% keep %} takes one name")
    nodelist = parser.parse(("endkeep",))
    parser.delete_first_token()
    return KeepNode(parser.compile_filter(bits[1]), nodelist)


@register.simple_tag
def every_tip(glossary):
    """Returns the popover of every term of the game's glossary, once: the game page has them
    outside its live section, so a live update (and an earlier page of the log) sends none, however
    many terms it shows (Ogallala's were 3.5 KB of an update)."""
    from django.utils.html import format_html_join

    from games.templatetags.glossary import Glossary

    if not isinstance(glossary, Glossary) or not glossary.terms:
        return ""
    return format_html_join(
        "",
        '<div id="{}" popover class="term-tip"><strong>{}</strong> {}</div>',
        ((glossary.tip_id(term), term, glossary.explain(term)) for term in glossary.terms),
    )
