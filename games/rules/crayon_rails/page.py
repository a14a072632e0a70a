"""What the game page's Crayon Rails board (templates/games/boards/crayon-rails.html) draws beyond
the seat's view: the map's static layers and building costs, made once per board (`board_static`),
and the figures of the moment (`board_context`): each track as SVG path data, the trains and where
they stand in words, the running cost's limits for static/js/crayon-rails.js, where the map opens.

Pure Python like the rest of the package; the map's drawing is picture.py's.
"""

from __future__ import annotations

import json
import re

from ..drawing.common import seat_colour
from . import board as rules
from .picture import coord, page_layers, trains, xy
from .state import BUILD_LIMIT


def board_static(data: dict) -> dict:
    """Returns the board's static map {"w", "h", "s", "margin", "svg"} (picture.page_layers) and
    "costs", what building into each milepost costs, as JSON for the map's running cost as a route
    is drawn (crayon-rails.js; the engine still checks the route): {"into": {"x,y": cost} for
    mileposts other than clear (1), "edge": {"x,y>x,y": cost} where an edge costs otherwise (a
    river or water crossed: more; a major city's own track: nothing)}."""
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
    return {**page_layers(data), "costs": json.dumps({"into": into, "edge": edges}, separators=(",", ":"))}


def board_context(table: dict) -> dict:
    """Returns the figures of the board as the seat sees it now (see Engine.board_context):
    "tracks" [{"seat", "name", "colour", "d"}] of the players with track; "trains" (picture.trains,
    each with "where" it stands); "at" {seat: where its train stands}; "hit_track", path data of the
    seat's track a flood washed away (its "track:" hit places); "turn" and "start" (turn_limits,
    opening_milepost)."""
    view, seat = table.get("view") or {}, table.get("seat")
    players = view.get("players") or []
    return {
        "tracks": [
            {"seat": p["seat"], "name": p.get("name", ""), "colour": seat_colour(p["seat"]), "d": track_d(p["track"])}
            for p in players
            if p.get("track")
        ],
        "trains": [{**t, "where": where(t["x"], t["y"])} for t in trains(players)],
        "at": {p["seat"]: where(*p["position"]) for p in players if p.get("position")},
        "hit_track": track_d(hit_sections(table.get("hit_places") or ())),
        "turn": turn_limits(view, seat),
        "start": opening_milepost(table.get("moves") or [], view, seat),
    }


_TRACK_PLACE = re.compile(r"track:(\d+),(\d+)\|(\d+),(\d+)")


def hit_sections(hit_places) -> list[list[list[int]]]:
    """Returns the track sections among a seat's hit places ("track:x,y|x,y", places.hit_places:
    what a flood washed away), [[x, y], [x, y]] each, in the places' order."""
    out = []
    for place in sorted(hit_places):
        m = _TRACK_PLACE.fullmatch(place)
        if m:
            out.append([[int(m[1]), int(m[2])], [int(m[3]), int(m[4])]])
    return out


def track_d(track) -> str:
    """Returns an SVG path `d` drawing a list of track segments [[x1, y1], [x2, y2]], walked into
    runs ("M a L b L c ...", a run going on from where the last section ended while an unused
    section leaves it): the same lines as picture.segments_d in about half the bytes, as a live
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
    return "".join(f"{op}{coord(xy(*p)[0])} {coord(xy(*p)[1])}" for p, op in out)


def where(x, y) -> str:
    """Returns where a milepost is, for a player: its city's name, else "near <nearest city>"."""
    try:
        n = rules.node(int(x), int(y))
    except (TypeError, ValueError, KeyError, IndexError):
        return f"{x},{y}"
    city = rules.CITY_OF.get(n)
    if city is not None:
        return rules.city_name(city)
    best = min(
        rules.CITY_LIST,
        key=lambda c: min((cx - int(x)) ** 2 + (cy - int(y)) ** 2 for cx, cy in map(rules.xy, c["posts"])),
    )
    return f"near {best['name']}"


def turn_limits(view: dict, seat) -> str:
    """Returns, as JSON, what the running cost of a route is checked against (crayon-rails.js):
    {"left": what may still be built this turn, "cash", "me": this seat}. Whose track is where,
    the script reads off the map's tracks (each .cr-track's data-seat, data-name and d), which a
    live update sends anyway: listing it here again made a late update 6 KB bigger."""
    out = {"left": None, "cash": None, "me": seat}
    for p in view.get("players") or []:
        if p.get("seat") == seat:
            out["cash"] = p.get("cash")
            out["left"] = BUILD_LIMIT - (p.get("built_this_turn") or 0)
    return json.dumps(out, separators=(",", ":"))


def opening_milepost(moves, view: dict, seat) -> str:
    """Returns "x,y", where the map opens for a player with no train on the map and no track yet: the
    first milepost of the first build the menu offers (a major city, the engine's suggestion
    toward a demand), so a first build needs no pan; "" otherwise."""
    for p in view.get("players") or []:
        if p.get("seat") == seat and (p.get("track") or p.get("position")):
            return ""
    for m in moves:
        path = m["action"].get("path") if m["action"].get("type") == "build" else None
        if path:
            return f"{path[0][0]},{path[0][1]}"
    return ""
