"""Fixtures for the tests of the turn clock (games.clock): the notification tests' own (the toy game
served, three players, games of them, the clock frozen at T0, `minute()`), as what the clock does is
told to players by notices."""

from tests.notifications.conftest import (  # noqa: F401 (fixtures, and helpers the tests import from here)
    T0,
    _toy_game,
    celery_app,
    clock,
    eager,
    make_game,
    minute,
    seat_at,
    turn_seat,
    users,
)
