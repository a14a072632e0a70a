"""The table picture on the game page: the drawing an email shows (games.pictures), as inline SVG.

    {% load pictures %}{% table_picture %}

reads the board context of games.views._live_context: `game` (its rules), `view` (what this seat
may see, players named), `my_seat` and `board` (static map data, for a game with a map). The
SVG's text is written for a browser (browser=True): selectable, laid out with the reader's fonts.
"""

from __future__ import annotations

from django import template
from django.utils.safestring import mark_safe

from games.pictures import table_svg

register = template.Library()


@register.simple_tag(takes_context=True)
def table_picture(context) -> str:
    """Returns the table as this seat sees it, as an <svg> element (empty for rules without one)."""
    view = context.get("view")
    if not isinstance(view, dict):
        return ""
    game = context.get("game")
    rules = getattr(game, "rules", None) or view.get("game")
    names = {
        p["seat"]: p["name"]
        for p in view.get("players") or []
        if isinstance(p, dict) and isinstance(p.get("seat"), int) and p.get("name")
    }
    svg = table_svg(rules, view, names=names, board=context.get("board"), me=context.get("my_seat"), browser=True)
    return mark_safe(svg) if svg else ""  # every text in it is escaped by games.pictures


@register.filter
def row_cards(row) -> list[tuple[int, dict]]:
    """Returns the cards of a row of spaces as (space number from 1, card), empty spaces left out."""
    return [(i, cell) for i, cell in enumerate(row or [], start=1) if isinstance(cell, dict)]
