"""Pictures of a game's table as SVG, and as PNG for emails (mail clients do not show SVG).

Pure Python like games.rules: no Django. Each game draws its own table (Engine.table_picture and
Engine.email_picture: the `picture` module of its package, games/rules/drawing its kit); this
module finds the drawing by the game's slug and renders it. A picture is drawn from a seat's view
(engine.view(state, seat)), never from the state, so it shows only what that seat may see: never
another seat's hand, the order of a deck or the seed.

    svg = table_svg(game.rules, view, names={0: "Ann", 1: "Bob"}, me=0)
    png = render_png(svg)

The game page shows the same drawings (games/templatetags/pictures.py), with browser=True: the
text is then `<text>` that the browser lays out with its own fonts, instead of the vendored
font's outlines that resvg fills about twice as fast as it lays out text (see
games/rules/drawing/svg.py).
"""

from __future__ import annotations

import re
from functools import cache

import svg2png_py

from games.boards import board_data
from games.rules import get_engine
from games.rules.drawing.common import EMAIL_TEXT, EMAIL_W
from games.rules.drawing.fonts import FONT_FILES

__all__ = ["EMAIL_TEXT", "EMAIL_W", "email_svg", "render_png", "table_svg"]


def table_svg(
    rules: str,
    view: dict,
    *,
    names: dict[int, str] | None = None,
    board: dict | None = None,
    me: int | None = None,
    browser: bool = False,
) -> str | None:
    """Returns the seat's table as a standalone SVG document, or None for rules without a drawing.

    view: what the seat may see (engine.view); names: {seat: display name} (default: the view's
    names, else "Player N"); board: the static map ({"key", "data"}, games.boards) of a game with
    one (default: the engine's map under default options); me: the seat looking (marked "you";
    default: the view's own seat, if it says); browser: write the text for a browser to lay out
    (the game page) rather than as outlines for resvg (render_png).
    """
    return _draw("table_picture", rules, view, names=names, board=board, me=me, browser=browser)


def email_svg(
    rules: str,
    view: dict,
    *,
    names: dict[int, str] | None = None,
    board: dict | None = None,
    me: int | None = None,
    browser: bool = False,
) -> str | None:
    """Returns the seat's table as drawn for an email, or None for rules without one: EMAIL_W
    (600) units wide, the seat's own area large and the others compact, no text under EMAIL_TEXT
    units (so at least 12 CSS pixels in a 552 to 600 pixel column). Same arguments as table_svg;
    render it with render_png(svg, width=2 * EMAIL_W) and show it at EMAIL_W."""
    return _draw("email_picture", rules, view, names=names, board=board, me=me, browser=browser)


def _draw(drawing: str, rules: str, view: dict, *, board: dict | None, **kwargs) -> str | None:
    """Returns the engine's drawing (an Engine method's name) of the view, or None."""
    try:
        engine = get_engine(rules)
    except KeyError:
        return None
    if not isinstance(view, dict):
        return None
    return getattr(engine, drawing)(view, board=board or board_data(engine, {}), **kwargs)


def render_png(svg: str, *, width: int | None = None) -> bytes:
    """Returns the SVG as PNG bytes, drawn with the vendored DejaVu fonts only (the same on any
    machine); width scales the picture (default: its own size).

    svg2png-py is resvg (as resvg-py is), built for speed: the fonts are loaded once per process,
    not per picture, and the GIL is released while it draws, so a worker's threads render side by
    side. Its pictures are byte for byte resvg-py's, two to three times faster."""
    size = _SIZE.search(svg[:400])
    if width is None or size is None:
        return bytes(svg2png_py.svg_to_png(svg, _fonts()))
    w, h = float(size["w"]), float(size["h"])
    scale = width / w
    return bytes(
        svg2png_py.svg_to_png(svg, _fonts(), transform=(scale, 0, 0, 0, scale, 0), bg_size=(width, round(h * scale)))
    )


_SIZE = re.compile(r'<svg\b[^>]*?\bwidth="(?P<w>[\d.]+)"[^>]*?\bheight="(?P<h>[\d.]+)"')


@cache
def _fonts():
    """The font database of this process: the vendored fonts only, loaded once."""
    db = svg2png_py.FontDatabase()
    for path in FONT_FILES:
        db.load_font_file(str(path))
    return db
