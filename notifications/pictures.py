"""The table picture of an email: the game page's drawing (games.pictures) of what one seat sees,
rendered to PNG, since mail clients do not show SVG. It rides in the email itself (an inline part
that the HTML names by Content-ID), so it shows without loading anything from the site.

A picture is drawn from the game as it is when the email goes (the notice may have waited), and
kept in the cache per game, version and seat: every email of one change to one seat, a reminder
and a resend share it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.core.cache import cache

from games.boards import game_board
from games.models import Game, Seat
from games.pictures import render_png, table_svg
from games.selectors import game_view, seat_names

log = logging.getLogger(__name__)

CACHE_SECONDS = 24 * 3600


@dataclass(frozen=True)
class Picture:
    cid: str  # the Content-ID, without brackets: the HTML shows it as <img src="cid:...">
    png: bytes
    alt: str


def table_picture(*, game_id: int | None, seat_id: int | None) -> Picture | None:
    """Returns the table as the seat sees it now, or None (no game or seat, a game without a
    drawing, a finished game). A drawing that fails is logged and the email goes without it."""
    if not game_id or not seat_id:
        return None
    game = Game.objects.filter(pk=game_id).only("id", "rules", "options", "state", "status", "version").first()
    seat = Seat.objects.filter(pk=seat_id, game_id=game_id).first()
    if game is None or seat is None or seat.position is None or game.state is None:
        return None
    if game.status != Game.Status.ACTIVE:
        return None
    key = f"table-png:{game.pk}:{game.version}:{seat.position}"
    png = cache.get(key)
    if png is None:
        try:
            png = _draw(game, seat)
        except Exception:  # a drawing's bug must not stop the email: it goes with the text table
            log.warning("table picture of game %s for seat %s failed", game.pk, seat.position, exc_info=True)
            png = b""
        cache.set(key, png, CACHE_SECONDS)
    if not png:
        return None
    return Picture(
        cid=f"table-{game.pk}-{game.version}-{seat.position}@trailpost",
        png=png,
        alt=f"The table of {game} as you see it (version {game.version})",
    )


def _draw(game, seat) -> bytes:
    view = game_view(game, seat)
    svg = table_svg(game.rules, view, names=seat_names(game), board=game_board(game), me=seat.position)
    return render_png(svg) if svg else b""
