"""The writes and the lock every move makes, in two forms: the ORM's, and statements written out.

`move_submit` runs for every move of every game. The ORM form (select_for_update with
select_related, bulk_create, bulk_update, save(update_fields=...)) works on every database Django
supports and is what SQLite (`make run`) and any other database use. On PostgreSQL, and while
TRAILPOST["SQL_HOTPATH"] is on, the same work goes as statements made once per process from the
models' own metadata and sent in one psycopg pipeline; rows become instances through
`Model.from_db` with each field's own converters, as the ORM does it. `bench/api.py` and
`bench/sweep.py` measure the two forms against each other in one run.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from functools import cache

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections

from games.models import Game, Seat


def hand_written() -> bool:
    """Whether this connection takes the hand-written statements: PostgreSQL with SQL_HOTPATH on."""
    return _db().vendor == "postgresql" and settings.TRAILPOST["SQL_HOTPATH"]


def _db():
    """This thread's default connection itself. `django.db.connection` is a proxy that looks the
    connection up again on every attribute, and the field adapters read several per value."""
    return connections[DEFAULT_DB_ALIAS]


# What the pipeline and the notices read of a seat's player; the rest of the row stays deferred.
USER_FIELDS = (
    "id",
    "username",
    "email",
    "display_name",
    "is_active",
    "has_notice_settings",
    "vacation_until",
    "time_zone",
    "quiet_from",
    "quiet_until",
    "quiet_days",
    "auto_vacation",
    "seems_away_since",
)


class _Part:
    """One model's columns in the joined row: their names, converters and position."""

    def __init__(self, model, alias: str, field_names=None):
        connection = _db()
        fields = [f for f in model._meta.concrete_fields if field_names is None or f.name in field_names]
        self.model = model
        self.attnames = [f.attname for f in fields]
        self.columns = [f"{alias}.{connection.ops.quote_name(f.column)}" for f in fields]
        self.converters = []
        for i, f in enumerate(fields):
            col = f.get_col(alias)
            convs = connection.ops.get_db_converters(col) + f.get_db_converters(connection)
            if convs:
                self.converters.append((i, convs, col))
        self.start = 0

    def build(self, row, db, connection):
        values = list(row[self.start : self.start + len(self.attnames)])
        if values[0] is None:  # a LEFT JOIN that found nothing (a bot's seat has no user)
            return None
        for i, convs, col in self.converters:
            for conv in convs:
                values[i] = conv(values[i], col, connection)
        return self.model.from_db(db, self.attnames, values)


@cache
def _plan(vendor: str, n_games: int, skip_locked: bool):
    connection = _db()
    q = connection.ops.quote_name
    user_model = get_user_model()
    game, seat, user = _Part(Game, "g"), _Part(Seat, "s"), _Part(user_model, "u", USER_FIELDS)
    seat.start = len(game.attnames)
    user.start = seat.start + len(seat.attnames)
    where = "= %s" if n_games == 1 else f"IN ({', '.join(['%s'] * n_games)})"
    sql = (
        f"SELECT {', '.join(game.columns + seat.columns + user.columns)} "
        f"FROM {q(Seat._meta.db_table)} s "
        f"INNER JOIN {q(Game._meta.db_table)} g ON g.{q('id')} = s.{q('game_id')} "
        f"LEFT OUTER JOIN {q(user_model._meta.db_table)} u ON u.{q('id')} = s.{q('user_id')} "
        f"WHERE s.{q('game_id')} {where} ORDER BY s.{q('game_id')}, s.{q('id')}"
    )
    if connection.features.has_select_for_update_of:
        sql += " FOR UPDATE OF g"
    elif connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    if skip_locked and connection.features.has_select_for_update_skip_locked:
        sql += " SKIP LOCKED"
    return sql, game, seat, user


@dataclass
class Locked:
    """A game as read under its row lock, with its seats and their players (one query).

    `vacations`, when the caller read them too ({user id: [(first day, last day)]} for the
    players with vacations ahead), spare the deadlines set for these players a query each.
    """

    game: Game
    seats: list[Seat]
    vacations: dict[int, list[tuple[date, date]]] | None = None


def lock_games_with_seats(game_ids, *, skip_locked: bool = False) -> dict[int, Locked]:
    """Locks the games' rows and returns {game id: Locked(game, its seats with their players)}, in
    one query. With skip_locked, games another transaction holds are left out rather than waited for."""
    game_ids = list(game_ids)
    if not game_ids:
        return {}
    if not hand_written():
        return _orm_lock(game_ids, skip_locked)
    connection = _db()
    sql, game_part, seat_part, user_part = _plan(connection.vendor, len(game_ids), skip_locked)
    connection.ensure_connection()
    # In pipeline mode BEGIN goes with the query: one round trip for both.
    with connection.wrap_database_errors, connection.connection.pipeline(), connection.cursor() as cursor:
        cursor.execute(sql, game_ids)
        rows = cursor.fetchall()
    db = connection.alias
    out: dict[int, Locked] = {}
    game = None
    for row in rows:
        if game is None or row[0] != game.pk:
            game = game_part.build(row, db, connection)
            out[game.pk] = Locked(game, [])
        seat = seat_part.build(row, db, connection)
        seat.game = game
        seat.user = user_part.build(row, db, connection)
        out[game.pk].seats.append(seat)
    return out


def _orm_lock(game_ids, skip_locked: bool) -> dict[int, Locked]:
    """The same lock and rows through the ORM: one query, the game rows locked (FOR UPDATE OF)."""
    out: dict[int, Locked] = {}
    seats = (
        Seat.objects.filter(game_id__in=game_ids)
        .select_related("game", "user")
        .select_for_update(skip_locked=skip_locked, of=("game",))
        .order_by("game_id", "id")
    )
    for seat in seats:
        locked = out.setdefault(seat.game_id, Locked(seat.game, []))
        seat.game = locked.game  # one instance per game, shared by its seats
        locked.seats.append(seat)
    return out


def lock_game_with_seats(game_id: int) -> Locked:
    """Locks the game row and returns it with its seats and their players, in one query.

    Raises Game.DoesNotExist when there is no such game (every game has its owner's seat).
    """
    found = lock_games_with_seats([game_id])
    if game_id not in found:
        raise Game.DoesNotExist(f"no game {game_id}")
    return found[game_id]


def save_deadlines(seats: list[Seat]) -> None:
    """Writes the seats' deadline_at, reminder_sent_for, missed_deadlines and time bank
    (bank_seconds, bank_running) in one UPDATE.

    This runs on every turn change; bulk_update's CASE expressions cost more to build in Python
    than the statement costs the database.
    """
    if not seats:
        return
    if not hand_written():
        Seat.objects.bulk_update(
            seats, ["deadline_at", "reminder_sent_for", "missed_deadlines", "bank_seconds", "bank_running"]
        )
        return
    connection = _db()
    ops = connection.ops
    meta = Seat._meta
    pk, deadline, reminder, missed, bank, running = (
        ops.quote_name(meta.get_field(f).column)
        for f in ("id", "deadline_at", "reminder_sent_for", "missed_deadlines", "bank_seconds", "bank_running")
    )
    # PostgreSQL types a CASE of bare NULLs as text, so it gets the column types spelled out.
    typed = connection.vendor == "postgresql"
    when_d = "WHEN %s THEN %s::timestamptz" if typed else "WHEN %s THEN %s"
    when_r = "WHEN %s THEN %s::integer" if typed else "WHEN %s THEN %s"
    when_b = "WHEN %s THEN %s::boolean" if typed else "WHEN %s THEN %s"
    params_d, params_r, params_m, params_k, params_b = [], [], [], [], []
    for seat in seats:
        params_d += [seat.pk, ops.adapt_datetimefield_value(seat.deadline_at)]
        params_r += [seat.pk, seat.reminder_sent_for]
        params_m += [seat.pk, seat.missed_deadlines]
        params_k += [seat.pk, seat.bank_seconds]
        params_b += [seat.pk, seat.bank_running]
    ids = [seat.pk for seat in seats]
    sql = (
        f"UPDATE {ops.quote_name(meta.db_table)} SET "
        f"{deadline} = CASE {pk} {' '.join([when_d] * len(seats))} END, "
        f"{reminder} = CASE {pk} {' '.join([when_r] * len(seats))} END, "
        f"{missed} = CASE {pk} {' '.join([when_r] * len(seats))} END, "
        f"{bank} = CASE {pk} {' '.join([when_r] * len(seats))} END, "
        f"{running} = CASE {pk} {' '.join([when_b] * len(seats))} END "
        f"WHERE {pk} IN ({', '.join(['%s'] * len(ids))})"
    )
    _write(sql, params_d + params_r + params_m + params_k + params_b + ids)


class _Held:
    """The writes of an open `pipeline()` block, not sent yet: this module's UPDATEs, in order, and
    its new rows by model. It is the block's execute wrapper (Django's `execute_wrapper`): before
    any other statement on the connection runs, whoever runs it, the held writes go first, so what
    the rest of the code reads and counts is what it would be without the block."""

    def __init__(self):
        self.updates: list[tuple[str, list]] = []
        self.rows: dict = {}  # model: [instances], in the order the models came

    def __call__(self, execute, sql, params, many, context):
        if isinstance(sql, str) and sql.lstrip()[:8].upper() == "ROLLBACK":
            # ROLLBACK TO SAVEPOINT: what was held since the savepoint is what it takes back
            # (the SAVEPOINT statement itself sent everything held before it).
            self.updates, self.rows = [], {}
        else:
            self.send()
        return execute(sql, params, many, context)

    def send(self) -> None:
        """Sends the held writes together, in one round trip, and sets the new rows' pks. An error
        in any of them is raised here, inside the caller's transaction."""
        updates, rows = self.updates, self.rows
        if not updates and not rows:
            return
        self.updates, self.rows = [], {}
        connection = _db()
        cursors, inserts = [], []
        try:
            # Errors raised when the pipeline syncs come straight from psycopg: wrapped as Django's
            # own (IntegrityError, ...), as a cursor's would be.
            with connection.wrap_database_errors, connection.connection.pipeline():
                for sql, params in updates:
                    cursor = connection.cursor()
                    cursors.append(cursor)
                    cursor.execute(sql, params)
                for objs in rows.values():
                    cursor = _insert(objs)
                    cursors.append(cursor)
                    inserts.append((cursor, objs))
            for cursor, objs in inserts:
                _set_pks(objs, _inserted_ids(cursor))
        finally:
            for cursor in cursors:
                cursor.close()


def _held() -> _Held | None:
    """The writes held by this connection's open `pipeline()` block, if one is open."""
    return next((w for w in _db().execute_wrappers if isinstance(w, _Held)), None)


@contextlib.contextmanager
def pipeline() -> Iterator[None]:
    """Holds the writes of this module made in the block and sends them together, in one round
    trip, instead of one each.

    A move writes its log row, the game, the seats' deadlines and its notices (the sweep's chunk
    of timeouts: one INSERT of moves, one of notices): `update_fields`, `save_deadlines` and
    `insert_rows` hold them until the block ends or, if sooner, until any other statement runs
    on the connection, which they then precede. Code inside the block needs to know nothing of
    it: every read sees the held writes, an ORM save reads its row count as anywhere else, and a
    savepoint's rollback takes back what was held since it. What the block does hold back: the
    pks of new rows are set once they are sent, and an error in a held write is raised when they
    are, inside the caller's transaction (which it rolls back). A block inside an open one adds
    to it. It must be inside a transaction (the block's end comes before the commit). On the
    ORM path this does nothing: the writes go at once.
    """
    if not hand_written() or _held() is not None:
        yield
        return
    connection = _db()
    if not connection.in_atomic_block:
        raise RuntimeError("games.hotpath.pipeline() holds writes until its end: open it inside transaction.atomic()")
    connection.ensure_connection()
    held = _Held()
    with connection.execute_wrapper(held):
        try:
            yield
        except BaseException:
            # As psycopg's own pipeline does: what was held still goes (a caller that goes on
            # after the error keeps it); an error in sending it yields to the block's own.
            with contextlib.suppress(DatabaseError):
                held.send()
            raise
        held.send()


def _set_pks(objs, ids) -> None:
    alias = _db().alias
    for obj, pk in zip(objs, ids, strict=True):
        obj.pk = pk
        obj._state.adding = False
        obj._state.db = alias


def insert_rows(objs: list) -> None:
    """Inserts new model instances of one model in one INSERT ... VALUES and sets their pks.

    For the few rows a move writes (its notices) this is cheaper than bulk_create, whose
    PostgreSQL path sends each column as an array (and escapes every JSON document in it).
    Inside a `pipeline()` block the rows are held with the block's other writes (their pks set
    when they are sent).
    """
    if not objs:
        return
    model = type(objs[0])
    if not hand_written():
        model.objects.bulk_create(objs)
        return
    held = _held()
    if held is not None:
        held.rows.setdefault(model, []).extend(objs)
        return
    with _insert(objs) as cursor:
        _set_pks(objs, _inserted_ids(cursor))


# psycopg keeps the parsed form of a statement with at most this many parameters (its
# MAX_CACHED_STATEMENT_PARAMS); a longer INSERT ... VALUES is parsed again on every execution.
_CACHED_PARAMS = 50


def _insert(objs: list):
    """Sends the INSERT ... RETURNING pk of the objects; returns its cursor (see _inserted_ids).

    A few rows (a move's notices) go as one INSERT ... VALUES. Many rows (a sweep chunk's
    timeouts) go as one prepared single-row INSERT executed once per row in the pipeline: one
    multi-row statement would be parsed anew each time, by psycopg and by PostgreSQL.
    """
    connection = _db()
    meta = objs[0]._meta
    fields = [f for f in meta.concrete_fields if not f.primary_key]
    ops = connection.ops
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    many = len(objs) > 1 and len(objs) * len(fields) > _CACHED_PARAMS and connection.vendor == "postgresql"
    head = (
        f"INSERT INTO {ops.quote_name(meta.db_table)} ({', '.join(ops.quote_name(f.column) for f in fields)}) VALUES "
    )
    tail = f" RETURNING {ops.quote_name(meta.pk.column)}"
    rows = [[f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields] for obj in objs]
    cursor = connection.cursor()
    try:
        if many:
            with connection.wrap_database_errors:
                cursor.cursor.executemany(head + row + tail, rows, returning=True)
        else:
            cursor.execute(head + ", ".join([row] * len(objs)) + tail, [p for r in rows for p in r])
    except BaseException:
        cursor.close()
        raise
    return cursor


def _inserted_ids(cursor) -> list:
    """The pks an _insert returned, in the order of its objects (one result set per executed row
    when it ran the single-row INSERT many times)."""
    with _db().wrap_database_errors:
        ids = [r[0] for r in cursor.fetchall()]
        raw = cursor.cursor
        while raw.nextset():
            ids += [r[0] for r in raw.fetchall()]
    return ids


def update_fields(obj, names) -> None:
    """Writes some fields of a saved instance in one UPDATE (Model.save(update_fields=...) without
    the signals and bookkeeping, which nothing on the move path listens to)."""
    if not hand_written():
        obj.save(update_fields=names)
        return
    connection = _db()
    ops = connection.ops
    meta = obj._meta
    fields = [meta.get_field(n) for n in names]
    sets = ", ".join(f"{ops.quote_name(f.column)} = %s" for f in fields)
    params = [f.get_db_prep_save(getattr(obj, f.attname), connection) for f in fields]
    _write(
        f"UPDATE {ops.quote_name(meta.db_table)} SET {sets} WHERE {ops.quote_name(meta.pk.column)} = %s",
        params + [obj.pk],
    )


def _write(sql: str, params: list) -> None:
    """Runs one of this module's UPDATEs: held with the open `pipeline()` block's writes, or now."""
    held = _held()
    if held is not None:
        held.updates.append((sql, params))
        return
    with _db().cursor() as cursor:
        cursor.execute(sql, params)
