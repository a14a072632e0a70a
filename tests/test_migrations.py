"""The migrations of issue #14, run on real rows, forward, back and forward again.

games 0005/0006 move Vacation and StandingOrder from notifications to games (Django's record
first, then the tables' names): the rows stay and games' models read them. notifications 0005
merges the notice kinds calamity, member_died and player_out into "hit": each player keeps one
preference for it (the calamity one when they had several) and unsent notices of the old kinds
become "hit". The test database is put back at the latest migrations when the test ends.
"""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = [pytest.mark.xdist_group("migrations"), pytest.mark.django_db(transaction=True)]

BEFORE = [("games", "0004_game_visibility"), ("notifications", "0003_inbound_message_size")]


def migrate(targets):
    """Migrates to these (app, migration) targets; returns the historical apps there."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def latest():
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()


@pytest.fixture
def at_the_latest_afterwards(transactional_db):
    """Whatever the test leaves, the database is at the latest migrations when it ends (before
    the test database is flushed)."""
    yield
    migrate(latest())


def _tables():
    return set(connection.introspection.table_names())


def _seed(apps):
    """Rows as they were before the move: with the historical models of BEFORE."""
    from django.contrib.auth import get_user_model

    User = get_user_model()
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    Vacation = apps.get_model("notifications", "Vacation")
    StandingOrder = apps.get_model("notifications", "StandingOrder")
    KindPreference = apps.get_model("notifications", "KindPreference")
    Notification = apps.get_model("notifications", "Notification")
    ann = User.objects.create_user(username="ann", email="ann@example.com")  # accounts is not migrated back
    bob = User.objects.create_user(username="bob", email="bob@example.com")
    game = Game.objects.create(rules="toy-notify", rules_version="1", owner_id=ann.pk, max_players=2, invite_code="m1")
    seat = Seat.objects.create(game=game, user_id=ann.pk, position=0)
    Vacation.objects.create(user_id=ann.pk, starts_on=datetime.date(2030, 3, 1), ends_on=datetime.date(2030, 3, 9))
    StandingOrder.objects.create(seat=seat, kind="medicine_choice", answer="always")
    KindPreference.objects.create(user_id=ann.pk, kind="calamity", delivery="never")
    KindPreference.objects.create(user_id=bob.pk, kind="calamity", delivery="digest")
    KindPreference.objects.create(user_id=bob.pk, kind="member_died", delivery="never")
    KindPreference.objects.create(user_id=bob.pk, kind="your_turn", delivery="digest")
    for user in (ann, bob):
        Notification.objects.create(kind="member_died", user_id=user.pk, email=user.email, game=game)
    return ann.pk, bob.pk, seat.pk


def _check_forward(ann, bob, seat):
    from games.models import StandingOrder, Vacation
    from notifications.models import KindPreference, Notification

    assert {"games_vacation", "games_standingorder"} <= _tables()
    assert not {"notifications_vacation", "notifications_standingorder"} & _tables()
    assert list(Vacation.objects.values_list("user_id", "starts_on", "ends_on")) == [
        (ann, datetime.date(2030, 3, 1), datetime.date(2030, 3, 9))
    ]
    assert list(StandingOrder.objects.values_list("seat_id", "kind", "answer")) == [(seat, "medicine_choice", "always")]
    prefs = set(KindPreference.objects.values_list("user_id", "kind", "delivery"))
    assert prefs == {(ann, "hit", "never"), (bob, "hit", "digest"), (bob, "your_turn", "digest")}
    assert sorted(Notification.objects.values_list("user_id", "kind", "sent_at")) == [
        (ann, "hit", None),
        (bob, "hit", None),
    ]


def test_the_clock_models_and_the_hit_notices_migrate_forward_back_and_forward(at_the_latest_afterwards):
    ann, bob, seat = _seed(migrate(BEFORE))
    assert {"notifications_vacation", "notifications_standingorder"} <= _tables()
    migrate(latest())
    _check_forward(ann, bob, seat)
    # Back: the tables are notifications' again, and every player has a preference for each old kind.
    old = migrate(BEFORE)
    assert {"notifications_vacation", "notifications_standingorder"} <= _tables()
    assert old.get_model("notifications", "Vacation").objects.count() == 1
    assert old.get_model("notifications", "StandingOrder").objects.count() == 1
    prefs = set(old.get_model("notifications", "KindPreference").objects.values_list("user_id", "kind", "delivery"))
    assert prefs == {
        (ann, "calamity", "never"),
        (ann, "member_died", "never"),
        (ann, "player_out", "never"),
        (bob, "calamity", "digest"),
        (bob, "member_died", "digest"),
        (bob, "player_out", "digest"),
        (bob, "your_turn", "digest"),
    }
    kinds = old.get_model("notifications", "Notification").objects.values_list("kind", flat=True)
    assert sorted(kinds) == ["calamity", "calamity"]
    migrate(latest())
    _check_forward(ann, bob, seat)


def test_idempotency_keys_become_their_senders_own_with_every_move_kept(at_the_latest_afterwards):
    """games 0012 (#30): the key's constraint widens from (game, key) to (game, actor, key). Moves
    with keys, a deleted player's (no actor) among them, stay as they were; afterwards a key Bob
    used may be Carol's too, and still not Bob's twice."""
    from django.contrib.auth import get_user_model
    from django.db import IntegrityError, transaction

    old = migrate([("games", "0011_tenures_for_started_games")])
    User = get_user_model()
    bob = User.objects.create_user(username="bob", email="bob@example.com")
    carol = User.objects.create_user(username="carol", email="carol@example.com")
    Game, Move = old.get_model("games", "Game"), old.get_model("games", "Move")
    game = Game.objects.create(rules="toy-shed", rules_version="1", owner_id=bob.pk, max_players=2, invite_code="k1")
    for seq, actor, key in [(1, None, None), (2, bob.pk, "a"), (3, carol.pk, "b"), (4, None, "c"), (5, bob.pk, None)]:
        Move.objects.create(game=game, seq=seq, channel="api", actor_id=actor, idempotency_key=key)
    kept = list(Move.objects.order_by("seq").values_list("seq", "actor_id", "idempotency_key"))
    migrate(latest())
    from games.models import Move as Latest

    assert (
        list(Latest.objects.filter(game_id=game.pk).order_by("seq").values_list("seq", "actor_id", "idempotency_key"))
        == kept
    )
    Latest.objects.create(game_id=game.pk, seq=6, channel="api", actor_id=carol.pk, idempotency_key="a")
    with pytest.raises(IntegrityError), transaction.atomic():
        Latest.objects.create(game_id=game.pk, seq=7, channel="api", actor_id=bob.pk, idempotency_key="a")
