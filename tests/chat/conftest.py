"""Fixtures for the table talk tests: a started toy game with three people and a bot at the table."""

from types import SimpleNamespace

import pytest

from games.models import Seat
from tests.builders import start_game
from tests.notifications.conftest import smtp_sink  # noqa: F401 (the SMTP sink fixture, shared)


@pytest.fixture(autouse=True)
def _toy_game(toy_engine):
    """The toy game served (tests/conftest.py): its race preset ("toy-notify") is the table here."""


@pytest.fixture
def table(make_user):
    """Ann (owner), Bob and Cy playing Toy Race with a bot; Sam watches (a spectator) and Mod is
    staff (a superuser in admin). Seats come from the game's seed: the test finds them by person."""
    ann, bob, cy = make_user("Ann"), make_user("Bob"), make_user("Cy")
    sam = make_user("Sam")
    mod = make_user("Mod", is_staff=True, is_superuser=True)
    game = start_game(ann, bob, cy, rules="toy-notify", title="Chatty trail", bots=1)
    seats = {s.user_id: s for s in Seat.objects.filter(game=game).select_related("user") if s.user_id}
    bot = Seat.objects.get(game=game, is_bot=True)
    return SimpleNamespace(
        game=game,
        ann=ann,
        bob=bob,
        cy=cy,
        sam=sam,
        mod=mod,
        seat={u.pk: seats[u.pk] for u in (ann, bob, cy)},
        pos={u.pk: seats[u.pk].position for u in (ann, bob, cy)},
        bot=bot,
    )


def post(t, user, text, to=None, channel="web"):
    """Writes a message through the service (the channel's own path is tested where it matters)."""
    from chat.services import post_message

    return post_message(game=t.game, user=user, text=text, to=to, channel=channel)
