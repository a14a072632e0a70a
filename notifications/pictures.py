"""The table picture of an email: the game's email drawing (games.pictures.email_svg) of what one
seat sees, drawn for the email's 600-pixel column (the seat's own area large, no text under 12
pixels there) and rendered to PNG at twice that width for sharp screens, since mail clients do not
show SVG. It rides in the email itself (an inline part
that the HTML names by Content-ID), so it shows without loading anything from the site.

A picture is drawn from the game as it is when the email goes (the notice may have waited), and
kept in the cache per game, version and seat: every email of one change to one seat, a reminder
and a resend share it. A batch of notices loads its games and seats in two queries.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from dataclasses import dataclass

from django.core.cache import cache

from games.boards import game_board
from games.models import Game, Seat
from games.pictures import EMAIL_W, email_svg, render_png
from games.selectors import game_view

log = logging.getLogger(__name__)

CACHE_SECONDS = 24 * 3600


@dataclass(frozen=True)
class Picture:
    cid: str  # the Content-ID, without brackets: the HTML shows it as <img src="cid:...">
    png: bytes  # EMAIL_W * 2 pixels wide: the HTML shows it EMAIL_W CSS pixels wide (less in a narrower column)
    alt: str


def table_pictures(wanted: list[tuple[int, int]]) -> dict[tuple[int, int], Picture]:
    """Returns the table as each (game id, seat id) sees it now; a pair is left out when there is
    no picture (no such game or seat, a game not in play, a game without a drawing). A drawing
    that fails is logged and its email goes without it, with the text table."""
    wanted = [(g, s) for g, s in wanted if g and s]
    if not wanted:
        return {}
    games = {
        g.pk: g
        for g in Game.objects.filter(pk__in={g for g, _ in wanted}, status=Game.Status.ACTIVE).only(
            "id", "title", "rules", "options", "state", "status", "version", "seed_sha256"
        )
    }
    seats, names = {}, defaultdict(dict)
    for seat in Seat.objects.filter(game_id__in=games).select_related("user"):
        seats[seat.pk] = seat
        if seat.position is not None:
            names[seat.game_id][seat.position] = seat.name
    out = {}
    for game_id, seat_id in wanted:
        game, seat = games.get(game_id), seats.get(seat_id)
        if game is None or seat is None or seat.game_id != game_id or seat.position is None or game.state is None:
            continue
        picture = _picture(game, seat, names[game_id])
        if picture is not None:
            out[game_id, seat_id] = picture
    return out


def _picture(game, seat, names) -> Picture | None:
    # The seed's published hash tells games apart even where ids are used again (a test database).
    key = f"table-email-png:{game.pk}:{game.seed_sha256[:16]}:{game.version}:{seat.position}"
    png = cache.get(key)
    if png is None:
        try:
            svg = email_svg(
                game.rules, game_view(game, seat, names=names), names=names, board=game_board(game), me=seat.position
            )
            png = render_png(svg, width=2 * EMAIL_W) if svg else b""
        except Exception:  # a drawing's bug must not stop the email: it goes with the text table
            log.warning("table picture of game %s for seat %s failed", game.pk, seat.position, exc_info=True)
            png = b""
        cache.set(key, png, CACHE_SECONDS)
    if not png:
        return None
    return Picture(
        cid=f"table-{game.pk}-{game.version}-{seat.position}@trailpost",
        png=png,
        alt=f"The table of {game} as you see it",
    )
