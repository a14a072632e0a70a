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

A game's own board template (templates/games/boards/<slug>.html) draws the view with what its
engine adds (`board_static`, `board_context`) and the generic filters here (a seat's colour and
name, a lookup): no tag here knows a game.
"""

from __future__ import annotations

import hashlib
import re

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from games.boards import board_static as static_board
from games.rules.base import name_seats, seat_label
from games.rules.drawing.common import seat_colour as colour_of
from games.rules.drawing.common import seat_colour_name as colour_name_of

register = template.Library()


@register.simple_tag(takes_context=True)
def table_places(context) -> set[str]:
    """Returns every place a legal move of this seat names (see the module's docstring)."""
    moves = context.get("moves") or []
    game, seat = context.get("game"), context.get("my_seat")
    places: set[str] = set()
    kinds = game.engine.place_kinds() if moves else {}
    for m in moves:
        if "place" not in m:
            try:
                m["place"] = game.engine.place(game.state, seat, m["action"])
            except (AttributeError, KeyError, TypeError, ValueError):
                m["place"] = "bar"  # a move the table cannot show is still played from the bar
            # the taps table.js matches; a route is drawn by the board's own tool (a "route" kind of
            # Engine.place_kinds), so table.js leaves it alone and its first step will do
            m["route"] = bool((kinds.get(m["place"].split(":")[0]) or {}).get("route"))
            m["taps"] = m["place"].split()[0] if m["route"] else m["place"]
        places.update(m["place"].split())
    return places


@register.filter
def place_of(prefix, value) -> str:
    """Returns a place name: "bank:"|place_of:"food" -> "bank:food"."""
    return f"{prefix}{value}"


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
    words = context.get("game").engine.place_kinds().get(kind) or {}
    where = words.get("tap", "tap a marked place on the table")
    if "tap_others" in words and not any(m["place"].startswith(f"{kind}:{seat}:") for m in tapped):
        where = words["tap_others"]  # every one is on another seat's part of the table
    return f"{head}: {where}."


@register.filter
def has_place(places, prefix) -> bool:
    """Returns whether a place of `places` starts with `prefix` (a river of a player: "river:1:")."""
    return any(p.startswith(prefix) for p in places or ())


# -- the game's own board: what its engine adds to the view, seats' colours and names ---------------


@register.simple_tag(takes_context=True)
def board_static(context) -> dict | None:
    """Returns what the game's board draws from its map alone (Engine.board_static: a map's layers,
    built once per board by games.boards), its "svg" ready to write: {% board_static as map %}."""
    game, board = context.get("game"), context.get("board")
    found = static_board(game.engine, board) if game is not None else None
    if not found:
        return None
    return {**found, "svg": mark_safe(found.get("svg", ""))}  # the engine's markup, every text escaped


@register.simple_tag(takes_context=True)
def board_context(context, places=None) -> dict:
    """Returns what the game's board draws beyond the seat's view (Engine.board_context), from the
    live context (games.views._live_context) and the places of table_places:
    {% table_places as places %}{% board_context places as extra %}."""
    game = context.get("game")
    if game is None or not isinstance(context.get("view"), dict):
        return {}
    return game.engine.board_context(
        {
            "view": context["view"],
            "seat": context.get("my_seat"),
            "board": context.get("board"),
            "moves": context.get("moves") or [],
            "places": places or set(),
            "hit_places": context.get("hit_places") or set(),
        }
    )


@register.filter
def game_template(rules, kind) -> list[str]:
    """Returns the templates of a part of the page that each game may draw its own way, found by the
    game's slug, then the generic one: {% include game.rules|game_template:"hands" %} includes
    games/hands/<slug>.html, else games/hands/generic.html."""
    return [f"games/{kind}/{rules}.html", f"games/{kind}/generic.html"]


@register.filter
def seat_colour(seat) -> str:
    """Returns a seat's colour, as the table pictures draw it."""
    return colour_of(seat)


@register.filter
def seat_colour_name(seat) -> str:
    """Returns the name of a seat's colour ("red"), for a CSS class and a screen reader."""
    return colour_name_of(seat)


@register.filter
def seat_name(players, seat):
    """Returns the display name of a seat from the view's players."""
    for p in players or []:
        if p.get("seat") == seat:
            return p.get("name") or seat_label(seat)
    return seat_label(seat) if isinstance(seat, int) else str(seat)


@register.filter
def player_names(text, players):
    """Returns an engine text with "Player N" replaced by the players' display names."""
    return name_seats(text, {p["seat"]: p.get("name") for p in players or [] if p.get("name")})


@register.filter
def get(mapping, key):
    """Returns mapping[key], or None: {{ view.chips|get:good }}."""
    try:
        return mapping.get(key)
    except AttributeError:
        return None


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
    many terms it shows (one game's were 3.5 KB of an update)."""
    from django.utils.html import format_html_join

    from games.templatetags.glossary import Glossary

    if not isinstance(glossary, Glossary) or not glossary.terms:
        return ""
    return format_html_join(
        "",
        '<div id="{}" popover class="term-tip"><strong>{}</strong> {}</div>',
        ((glossary.tip_id(term), term, glossary.explain(term)) for term in glossary.terms),
    )
