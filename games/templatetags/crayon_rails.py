"""Template tags for the crayon-rails board: the map as SVG, drawn by games.pictures.crayon_rails.

The map (terrain, water, cities, goods, the clickable mileposts) depends only on the rules and
options, so `crayon_static` builds it once per board key (games.boards) and keeps the string;
a page then only renders the layers that change: tracks, trains and the path being composed.
"""

from __future__ import annotations

import threading

from django import template
from django.utils.safestring import mark_safe

from games.pictures import crayon_rails as drawing
from games.pictures.common import seat_colour
from games.rules.base import name_seats, seat_label

register = template.Library()

PALETTE = drawing.PALETTE
PALETTE_NAMES = drawing.PALETTE_NAMES
xy = drawing.xy

_static: dict[str, dict] = {}
_lock = threading.Lock()


@register.simple_tag
def crayon_static(board):
    """Returns the board's static map {"w", "h", "s", "margin", "svg"}, built once per board key."""
    if not board or not board.get("data"):
        return None
    key = board["key"]
    found = _static.get(key)
    if found is None:
        found = drawing.page_layers(board["data"])
        found["svg"] = mark_safe(found["svg"])  # built from the map data, every text escaped
        with _lock:
            if len(_static) >= 64:
                _static.clear()
            _static[key] = found
    return found


@register.filter
def crayon_colour(seat):
    """Returns the track colour of a seat."""
    return seat_colour(seat)


@register.filter
def crayon_colour_name(seat):
    try:
        return PALETTE_NAMES[int(seat) % len(PALETTE_NAMES)]
    except (TypeError, ValueError):
        return ""


@register.filter
def crayon_track_d(track):
    """Returns an SVG path `d` drawing a list of track segments [[x1, y1], [x2, y2]], walked into
    runs ("M a L b L c ...", a run going on from where the last section ended while an unused
    section leaves it): the same lines as drawing.segments_d in about half the bytes, as a live
    update sends every track each time. crayon-rails.js reads the sections back from it (each "L"
    point with the point before it)."""
    edges: dict[tuple, list[tuple]] = {}
    order: list[tuple] = []
    for seg in track or []:
        try:
            (x1, y1), (x2, y2) = seg[0], seg[1]
        except (TypeError, ValueError, IndexError):
            continue
        a, b = (x1, y1), (x2, y2)
        for p, q in ((a, b), (b, a)):
            edges.setdefault(p, []).append(q)
        order.append(a)
    used: set[frozenset] = set()
    # runs start at a dead end where there is one (an odd number of sections), else anywhere
    starts = sorted(p for p in edges if len(edges[p]) % 2) + order
    out = []
    for start in starts:
        here = start
        while True:
            nxt = next((q for q in edges[here] if frozenset((here, q)) not in used), None)
            if nxt is None:
                break
            if here == start and (not out or out[-1][0] != here):
                out.append((here, "M"))
            used.add(frozenset((here, nxt)))
            out.append((nxt, "L"))
            here = nxt
    return "".join(f"{op}{drawing._f(drawing.xy(*p)[0])} {drawing._f(drawing.xy(*p)[1])}" for p, op in out)


@register.simple_tag
def crayon_trains(players):
    """Returns the trains to draw: {"seat", "cx", "cy", "colour", "label"}, spread when they share a milepost."""
    return drawing.trains(players)


@register.filter
def crayon_moving_left(n) -> str:
    """The header's words for what is left of the acting train's move this turn: mileposts, not
    "moves" (with none left the player may still pick up, deliver, drop or upgrade)."""
    n = int(n or 0)
    if n <= 0:
        return "no mileposts left to move"
    return f"{n} milepost{'s' if n != 1 else ''} left to move"


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
def crayon_get(mapping, key):
    """Returns mapping[key], or None."""
    try:
        return mapping.get(key)
    except AttributeError:
        return None


@register.filter
def crayon_where(x, y) -> str:
    """Returns where a milepost is, for a player: its city's name, else "near <nearest city>"."""
    from games.rules.crayon_rails import board

    try:
        n = board.node(int(x), int(y))
    except (TypeError, ValueError, KeyError, IndexError):
        return f"{x},{y}"
    city = board.CITY_OF.get(n)
    if city is not None:
        return board.city_name(city)
    best = min(
        board.CITY_LIST,
        key=lambda c: min((cx - int(x)) ** 2 + (cy - int(y)) ** 2 for cx, cy in map(board.xy, c["posts"])),
    )
    return f"near {best['name']}"


_costs: dict[str, str] = {}


@register.simple_tag
def crayon_costs(board) -> str:
    """Returns, as JSON, what building into each milepost costs, for the map's running cost as a
    route is drawn (crayon-rails.js; the engine still checks the route): {"into": {"x,y": cost}
    for mileposts other than clear (1), "edge": {"x,y>x,y": cost} where an edge costs otherwise
    (a river or water crossed: more; a major city's own track: nothing)}. Built once per board."""
    import json

    from games.rules.crayon_rails import board as rules

    if not board:
        return ""
    found = _costs.get(board["key"])
    if found is None:
        into = {}
        for n, terrain in rules.TERRAIN_AT.items():
            if rules.BUILD_COST.get(terrain, 1) != 1:
                x, y = rules.xy(n)
                into[f"{x},{y}"] = rules.BUILD_COST[terrain]
        edges = {}
        for a in rules.TERRAIN_AT:
            for b, cost, _e in rules.ADJ[a]:
                if cost != rules.BUILD_COST.get(rules.TERRAIN_AT[b], 1):
                    (ax, ay), (bx, by) = rules.xy(a), rules.xy(b)
                    edges[f"{ax},{ay}>{bx},{by}"] = cost
        found = json.dumps({"into": into, "edge": edges}, separators=(",", ":"))
        with _lock:
            _costs[board["key"]] = found
    return found


@register.simple_tag
def crayon_turn(view, me) -> str:
    """Returns, as JSON, what the running cost of a route is checked against (crayon-rails.js):
    {"left": what may still be built this turn, "cash", "me": this seat}. Whose track is where,
    the script reads off the map's tracks (each .cr-track's data-seat, data-name and d), which a
    live update sends anyway: listing it here again made a late Crayon Rails update 6 KB bigger."""
    import json

    from games.rules.crayon_rails.state import BUILD_LIMIT

    out = {"left": None, "cash": None, "me": me}
    for p in (view or {}).get("players") or []:
        if p.get("seat") == me:
            out["cash"] = p.get("cash")
            out["left"] = BUILD_LIMIT - (p.get("built_this_turn") or 0)
    return json.dumps(out, separators=(",", ":"))


@register.simple_tag
def crayon_start(moves, view, me) -> str:
    """Returns "x,y", where the map opens for a player with no train on the map and no track yet: the
    first milepost of the first build the menu offers (a major city, the engine's suggestion
    toward a demand), so a first build needs no pan; "" otherwise."""
    for p in (view or {}).get("players") or []:
        if p.get("seat") == me and (p.get("track") or p.get("position")):
            return ""
    for m in moves or []:
        path = m["action"].get("path") if m["action"].get("type") == "build" else None
        if path:
            return f"{path[0][0]},{path[0][1]}"
    return ""
