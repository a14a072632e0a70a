"""The table picture a your-turn email carries (#27 part 3) is the email's own drawing
(games.pictures.email_svg) rendered at 1200 pixels, shown 600 CSS pixels wide, not the game
page's picture."""

import re
import struct

import pytest

from games.boards import game_board
from games.pictures import email_svg, render_png, table_svg
from games.selectors import game_view

from .conftest import minute, turn_seat

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("rules", "options"),
    [("oregon-trail-race", {"ruleset": "revised"}), ("ogallala", {}), ("crayon-rails", {"mode": "standard"})],
)
def test_the_email_carries_the_table_drawn_for_email_at_600_css_pixels(make_game, smtp_sink, rules, options):
    game = make_game(n=2, rules=rules, options=options)
    seat = turn_seat(game)
    minute()
    [message] = [m for m in smtp_sink.wait_for(1) if m["To"] == seat.user.email]
    html, image = message.get_payload()[1].get_payload()
    png = image.get_payload(decode=True)
    assert struct.unpack(">II", png[16:24])[0] == 1200
    [img] = re.findall(r"<img\b[^>]*>", html.get_content())
    assert 'width="600"' in img
    game.refresh_from_db()
    names = {s.position: s.name for s in game.seats.all()}
    view = game_view(game, seat, names=names)
    args = dict(names=names, board=game_board(game), me=seat.position)
    assert png == render_png(email_svg(game.rules, view, **args), width=1200)
    assert png != render_png(table_svg(game.rules, view, **args), width=1200)
