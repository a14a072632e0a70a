"""games.events: what a listener's failure costs a move, and where the listeners' rows are written.

A listener's bug (anything but a database error) is logged and the move goes through, with the
other listeners' rows; a database error breaks the move, which rolls back with nothing written;
the rows are written in the move's own transaction, so whatever rolls the move back takes them
too. Test listeners are registered for the duration of a test only (the `listening` fixture).
"""

import logging

import pytest
from django.db import DatabaseError, IntegrityError, transaction

from games import events, services
from games.models import Move, Seat
from notifications.models import Delivery, Kind, KindPreference, Notification
from tests.builders import start_game

pytestmark = pytest.mark.django_db

MARK = "listener@example.com"  # the address of the rows the test listener answers with


class Boom(Exception):
    """A listener's bug."""


@pytest.fixture
def listening(monkeypatch):
    """`listening(kind, listener)` registers a listener for this test only: the test registers into
    a copy of the apps' registry, and the registry itself is put back at its end."""
    monkeypatch.setattr(events, "_listeners", {kind: list(found) for kind, found in events._listeners.items()})

    def add(kind, listener):
        events.listen(kind, listener)
        return listener

    return add


@pytest.fixture
def race(make_user, toy_notify_engine):
    """A started two-player game of the toy race: seat 0 is to act; ending its turn makes seat 1
    decide, which the notifications app answers with a "your turn" notice."""
    return start_game(make_user("ann"), make_user("bob"), rules="toy-notify", turn_hours=48)


def _end_turn(game):
    game.refresh_from_db()
    seat = Seat.objects.get(game=game, position=game.engine.to_act(game.state)[0])
    return services.move_submit(
        game=game, seat=seat, action={"type": "end_turn"}, expected_version=game.version, channel=Move.Channel.WEB
    )


def _marked_row(change):
    """The test listener's answer: one notice of its own, recognisable by its address."""
    return [Notification(kind=Kind.DIGEST, email=MARK, game=change.game, context={"version": change.game.version})]


def _snapshot(game):
    game.refresh_from_db()
    return game.version, game.state, Move.objects.filter(game=game).count(), Notification.objects.count()


def test_a_listener_that_raises_is_logged_and_costs_neither_the_move_nor_the_other_listeners_rows(
    race, listening, caplog
):
    calls = []

    def broken(change):
        calls.append(change.move.seq)
        raise Boom("a bug in a listener")

    listening(events.GameChanged, broken)
    listening(events.GameChanged, _marked_row)  # registered after the broken one: still heard
    before = race.version
    with caplog.at_level(logging.ERROR, logger="games.events"):
        result = _end_turn(race)
    race.refresh_from_db()
    assert result.applied and race.version == before + 1 == result.version
    assert Move.objects.filter(game=race, seq=result.version).exists()
    assert calls == [result.version]
    # The notifications app's notice (its listener was registered before) and the test's own row.
    next_seat = Seat.objects.get(game=race, position=1)
    assert Notification.objects.filter(kind=Kind.YOUR_TURN, seat=next_seat, version=result.version).count() == 1
    assert list(Notification.objects.filter(email=MARK).values_list("context", flat=True)) == [
        {"version": result.version}
    ]
    assert any("could not handle GameChanged" in r.getMessage() and r.exc_info for r in caplog.records)


def test_a_listener_raising_a_database_error_breaks_the_move_and_nothing_is_written(race, listening):
    listening(events.GameChanged, _marked_row)  # answers first: its row must not be written either

    def broken(change):
        raise DatabaseError("the connection went away")

    listening(events.GameChanged, broken)
    before = _snapshot(race)
    with pytest.raises(DatabaseError):
        _end_turn(race)
    assert _snapshot(race) == before
    assert not Notification.objects.filter(email=MARK).exists()


def test_a_move_whose_listener_rows_cannot_be_written_rolls_back_with_all_of_them(race, listening):
    """The rows are written in the move's transaction: when one of them fails to insert (after
    every listener has answered), the move and the other rows go with it."""
    user = Seat.objects.select_related("user").get(game=race, position=1).user
    KindPreference.objects.create(user=user, kind=Kind.DIGEST, delivery=Delivery.IMMEDIATE)
    listening(events.GameChanged, _marked_row)
    listening(events.GameChanged, lambda change: [KindPreference(user=user, kind=Kind.DIGEST)])  # a duplicate
    before = _snapshot(race)
    with pytest.raises(IntegrityError):
        _end_turn(race)
    assert _snapshot(race) == before
    assert not Notification.objects.filter(email=MARK).exists()


def test_a_move_rolled_back_by_its_callers_transaction_leaves_no_listener_rows(race, listening):
    heard = []
    listening(events.GameChanged, lambda change: heard.append(change.move.seq) or _marked_row(change))
    before = _snapshot(race)

    class Abandon(Exception):
        pass

    with pytest.raises(Abandon), transaction.atomic():
        result = _end_turn(race)
        assert result.applied and Notification.objects.filter(email=MARK).count() == 1  # written, not yet committed
        raise Abandon
    assert heard == [before[0] + 1]
    assert _snapshot(race) == before
    assert not Notification.objects.filter(email=MARK).exists()
    assert not Notification.objects.filter(kind=Kind.YOUR_TURN, version=before[0] + 1).exists()


def test_listen_registers_a_listener_once(race, listening):
    heard = []

    def hear(change):
        heard.append(change.move.seq)
        return []

    listening(events.GameChanged, hear)
    listening(events.GameChanged, hear)  # a second registration of the same listener changes nothing
    first = _end_turn(race)
    assert heard == [first.version]
    # Only GameChanged: a listener of another kind of message is not called for a move.
    other = []
    listening(events.DeadlineMissed, lambda message: other.append(message) or [])
    _end_turn(race)
    assert other == []
