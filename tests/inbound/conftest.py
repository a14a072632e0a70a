"""Fixtures for the inbound mail tests: the notification tests' own (the toy game served, games of
three players, the frozen clock, an SMTP sink), as the answers these tests read are notices."""

from tests.notifications.conftest import (  # noqa: F401 (fixtures, and helpers the tests import from here)
    T0,
    _toy_game,
    clock,
    free_port,
    make_game,
    minute,
    seat_at,
    smtp_sink,
    turn_seat,
    users,
)
