"""The deadline sweep and the notification sender under load. Prints one JSON object.

Both sweeps are measured with each form of a move's lock and writes (games/hotpath.py): the
hand-written statements (`sql`, TRAILPOST_SQL_HOTPATH=1) and the ORM's way (`orm`, =0), the two
forms taking turns run by run (each going first in turn), and `orm_vs_sql_time` is the ratio of
their medians. Sending does not touch the hot path and is measured once.

1. Sweep: 1,000 due decisions (real Oregon Trail Race games whose turn player's deadline has
   passed) among 10,000 and among 100,000 active games. The other games get a cheap fake state and
   deadlines in the future (beyond the reminder window): the sweep must not read them, so the two
   times should be close. Rows are inserted with COPY. The sweep is the one the minute task runs
   (reminders + timeouts + stuck bots + standing orders), minus sending, measured next. Each
   sweep runs once unmeasured first (warm processes), and every copy is vacuumed and
   checkpointed before its sweep is timed. Each scale is swept BENCH_SWEEP_REPEATS (3) times,
   the scales taking turns; the median is reported, with every run's time. In one process the
   form is switched between runs in the settings (games.hotpath reads them at every call); the
   two-worker sweep has a pair of workers per form, each pair started with its
   TRAILPOST_SQL_HOTPATH and reading its own queue, and each run's chunks go to its form's queue.
2. Sending: 10,000 "your turn" notices handed to 2 Celery worker processes on Redis, sent over
   SMTP to a local aiosmtpd sink; notices per second from the hand-off until the sink has them
   all. Each is to its own seat of 5,000 real Oregon Trail Race games, so each email draws and
   renders its own picture of the table (notifications.pictures), as the emails of different
   games do.

BENCH_CLOCK=bank runs the sweeps with every game on a time bank (48 hours to start, +24 per move,
at most 96; games.clock.bank) and every pending seat's deadline running on its bank, so a timeout
also settles the bank; BENCH_CLOCK=move (the default) is the per-move clock. BENCH_SWEEP_PARTS=one
measures the one-process sweep only (no workers, no sending).

Uses its own database (trailpost_bench_sweep on the local PostgreSQL, created if missing) and
Redis db 13. `make bench` runs it.
"""

import json
import os
import random
import subprocess
import sys
import threading
import time
import uuid
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.common import ensure_database, free_port, settle  # noqa: E402

BENCH_DB = os.environ.get("BENCH_SWEEP_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/trailpost_bench_sweep")
BENCH_REDIS = os.environ.get("BENCH_SWEEP_REDIS_URL", "redis://127.0.0.1:6379/13")
DUE = int(os.environ.get("BENCH_DUE", "1000"))
SCALES = [int(x) for x in os.environ.get("BENCH_SCALES", "10000,100000").split(",")]
NOTICES = int(os.environ.get("BENCH_NOTICES", "10000"))
REPEATS = int(os.environ.get("BENCH_SWEEP_REPEATS", "3"))  # sweeps per scale; the median is reported
CLOCK = os.environ.get("BENCH_CLOCK", "move")  # "move" or "bank": every game's clock
PARTS = os.environ.get("BENCH_SWEEP_PARTS", "all")  # "all", or "one": the one-process sweep only
WORKERS = 2  # per form
QUEUE = f"trailpost-bench-{uuid.uuid4().hex[:8]}"
LOAD_AT_START = os.getloadavg()[0]  # the 1-minute load average before this script does anything
FORMS = {"sql": True, "orm": False}  # TRAILPOST["SQL_HOTPATH"] of each form
QUEUES = {"sql": QUEUE, "orm": QUEUE + "-orm"}  # the fan-out workers of each form; sending uses QUEUE


def setup_django():
    ensure_database(BENCH_DB)
    os.environ["DATABASE_URL"] = BENCH_DB
    os.environ["REDIS_URL"] = BENCH_REDIS
    os.environ["CELERY_BROKER_URL"] = BENCH_REDIS
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "0"
    os.environ.setdefault("TRAILPOST_ENV", "test")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from config.celery import app

    app.conf.task_default_queue = QUEUE


def _copy(cursor, model, columns, rows):
    """COPYs rows into the model's table. The columns the rows leave out that have a default in the
    model (fields added after these lists were written) get that default, as the ORM gives them;
    a text column that may not be NULL and has no default gets "" (Field.get_default's answer)."""
    from django.db import connection

    rest = [
        f
        for f in model._meta.concrete_fields
        if f.column not in columns
        and (f.has_default() or (not f.null and f.empty_strings_allowed and not f.primary_key))
    ]
    extra = tuple(f.get_db_prep_save(f.get_default(), connection) for f in rest)
    columns = columns + [f.column for f in rest]
    with cursor.cursor.copy(f"COPY {model._meta.db_table} ({', '.join(columns)}) FROM STDIN") as copy:
        for row in rows:
            copy.write_row(row + extra)


def populate(n_games, users):
    """Creates n_games active games; DUE of them real games whose turn player's deadline passed."""
    from django.db import connection
    from django.utils import timezone

    from games.models import Game, Seat
    from games.rules import get_engine

    engine = get_engine("oregon-trail-race")
    options = engine.normalize_options({"ruleset": "revised"}, 2)
    now = timezone.now()
    rnd = random.Random(1)
    with connection.cursor() as c:
        c.execute(
            "TRUNCATE games_move, games_seat, games_invitation, games_game, notifications_notification, "
            "notifications_inboundmessage, games_standingorder CASCADE"
        )
        c.execute("SELECT nextval('games_game_id_seq')")
        first_id = c.fetchone()[0] + 1
        game_cols = [
            "id",
            "rules",
            "rules_version",
            "options",
            "title",
            "owner_id",
            "status",
            "max_players",
            "is_open",
            "invite_code",
            "seed",
            "seed_sha256",
            "state",
            "version",
            "turn_hours",
            "clock",
            "bank_hours",
            "increment_hours",
            "cap_hours",
            "miss_limit",
            "on_missed",
            "created_at",
            "started_at",
        ]
        fake_state = json.dumps({"fake": True})
        opts = json.dumps(options)
        due_states = {}

        def games():
            for i in range(n_games):
                gid = first_id + i
                due = i < DUE
                seed = f"{gid:032x}"
                if due:
                    state = engine.new_state(options, 2, seed)
                    due_states[gid] = state
                    state_json = json.dumps(state)
                else:
                    state_json = fake_state
                yield (
                    gid,
                    "oregon-trail-race",
                    engine.version,
                    opts,
                    f"Bench {gid}",
                    users[0].pk,
                    Game.Status.ACTIVE,
                    2,
                    False,
                    f"b{gid}",
                    seed,
                    Game.hash_seed(seed),
                    state_json,
                    1,
                    48,
                    CLOCK,
                    *((48, 24, 96) if CLOCK == "bank" else (0, 0, 0)),
                    3,
                    "bot",
                    now,
                    now,
                )

        _copy(c, Game, game_cols, games())
        c.execute("SELECT setval('games_game_id_seq', %s)", [first_id + n_games])
        seat_cols = [
            "game_id",
            "position",
            "user_id",
            "is_bot",
            "bot_name",
            "status",
            "deadline_at",
            "missed_deadlines",
            "has_standing_orders",
            "joined_at",
            "bank_seconds",
            "bank_running",
        ]
        banked = CLOCK == "bank"

        def seats():
            for i in range(n_games):
                gid = first_id + i
                if i < DUE:
                    turn = engine.to_act(due_states[gid])[0]
                    for pos in range(2):
                        deadline = now - timedelta(minutes=1) if pos == turn else None
                        bank = (48 * 3600, True) if banked and deadline else (None, False)
                        yield (gid, pos, users[pos].pk, False, "", "playing", deadline, 0, False, now, *bank)
                else:
                    # Pending far enough ahead that neither a reminder nor a timeout is due.
                    future = now + timedelta(hours=13 + rnd.random() * 35)
                    bank = (48 * 3600, True) if banked else (None, False)
                    yield (gid, 0, users[0].pk, False, "", "playing", future, 0, False, now, *bank)
                    yield (gid, 1, users[1].pk, False, "", "playing", None, 0, False, now, None, False)

        _copy(c, Seat, seat_cols, seats())
    # Vacuumed as a live database's autovacuum keeps it, and checkpointed (see settle): otherwise
    # both run in the middle of the measured sweep and take a core from it.
    with connection.cursor() as c:
        settle(c, "VACUUM ANALYZE games_game, games_seat, notifications_notification")


def bench_sweep(n_games, users, form):
    """The minute sweep in this process, at n_games (its form is already set: see use_form)."""
    from django.db import connection, reset_queries

    from games.timekeeper import sweep
    from notifications import reminders

    t0 = time.perf_counter()
    populate(n_games, users)
    setup_s = time.perf_counter() - t0
    from django.utils import timezone

    now = timezone.now()
    reset_queries()
    t0 = time.perf_counter()
    reminded = reminders.send_reminders(now)  # each transaction's notices handed over at its commit
    stats = sweep.handle_due(now)
    elapsed = time.perf_counter() - t0
    t1 = time.perf_counter()
    again = sweep.handle_due(now)  # nothing left: what a quiet minute costs at this scale
    idle = time.perf_counter() - t1
    with connection.cursor() as c:
        c.execute("SELECT count(*) FROM games_move WHERE channel = 'timeout'")
        timeouts = c.fetchone()[0]
        # On banks: the timed-out seats' banks settled (nothing left + the 24-hour increment)
        c.execute("SELECT count(*) FROM games_seat WHERE bank_seconds = %s AND NOT bank_running", [24 * 3600])
        settled = c.fetchone()[0]
    return {
        "games": n_games,
        "due": DUE,
        "timeouts": timeouts,
        "banks_settled": settled,
        "reminders": reminded,
        "sweep_seconds": round(elapsed, 3),
        "idle_sweep_seconds": round(idle, 4),
        "second_pass_timeouts": again["timeouts"],
        "setup_seconds": round(setup_s, 1),
        "stats": stats,
    }


class CountingSink:
    """Counts the messages for the send benchmark's recipients (the sweep's notices go elsewhere)."""

    def __init__(self):
        self.count = 0
        self.pictured = 0  # of them, with the table's picture inline
        self.other = 0
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            if any(r.endswith("@send.bench.example") for r in envelope.rcpt_tos):
                self.count += 1
                self.pictured += b"Content-Type: image/png" in envelope.content
            else:
                self.other += 1
        return "250 OK"


def start_workers(port, form):
    """WORKERS Celery workers for one form of the hot path, reading that form's queue."""
    queue = QUEUES[form]
    env = dict(
        os.environ,
        EMAIL_BACKEND="notifications.smtp.EmailBackend",
        EMAIL_HOST="127.0.0.1",
        EMAIL_PORT=str(port),
        DATABASE_URL=BENCH_DB,
        CELERY_TASK_ALWAYS_EAGER="0",
        CELERY_BROKER_URL=BENCH_REDIS,
        LOG_LEVEL="ERROR",
        TRAILPOST_SQL_HOTPATH=str(int(FORMS[form])),
    )
    return [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "-P",
                "solo",
                "-Q",
                queue,
                "-n",
                f"bench{i}-{queue}@%h",
                "-l",
                "error",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "--prefetch-multiplier",
                "1",
            ],
            env=env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for i in range(WORKERS)
    ]


def stop_workers(workers):
    for w in workers:
        w.terminate()
    for w in workers:
        try:
            w.wait(timeout=15)
        except subprocess.TimeoutExpired:
            w.kill()


def use_form(form):
    """The hot path's form for what runs next in this process (games.hotpath reads the setting
    at every call)."""
    from django.conf import settings

    settings.TRAILPOST["SQL_HOTPATH"] = FORMS[form]


def route(routes):
    """Sets the task routes of this process's sends: Celery prepares them once and keeps the
    router, so both are made again."""
    from config.celery import app

    app.conf.task_routes = routes
    app.amqp.flush_routes()
    app.amqp.__dict__.pop("router", None)


def bench_sweep_fan_out(n_games, users, form):
    """The sweep task as beat runs it: due games fanned out in chunks to the form's 2 workers."""
    from games import tasks
    from games.models import Seat
    from notifications import reminders

    populate(n_games, users)
    from django.utils import timezone

    from notifications.models import Notification

    while Notification.objects.filter(sent_at__isnull=True).exists():  # the previous scale's mail
        time.sleep(0.1)
    from config.celery import app

    # The notices the sweep writes are parked on a queue no worker reads, so this times the
    # decisions alone (sending is measured below); they are thrown away afterwards.
    parked = QUEUE + "-parked"
    route(
        {
            "notifications.tasks.send_notifications": {"queue": parked},
            "games.tasks.handle_due_games": {"queue": QUEUES[form]},
        }
    )
    try:
        now = timezone.now()
        t0 = time.perf_counter()
        reminders.send_reminders(now)
        queued = tasks.fan_out(now)
        while Seat.objects.filter(deadline_at__lte=now).exists() and time.perf_counter() - t0 < 120:
            time.sleep(0.01)
        elapsed = time.perf_counter() - t0
        due_left = Seat.objects.filter(deadline_at__lte=now).count()
        if due_left:
            print(
                f"warning: two-worker sweep ({form}, {n_games} games): {due_left} due seat(s) left after "
                f"{elapsed:.0f} s; this run's time is not valid",
                file=sys.stderr,
            )
    finally:
        route(None)
        with app.connection_for_write() as conn:
            conn.default_channel.queue_purge(parked)
        written = Notification.objects.count()
        Notification.objects.filter(sent_at__isnull=True).delete()
    return {
        "games": n_games,
        "due": DUE,
        "workers": WORKERS,
        "queued_games": queued.get("queued_games", 0),
        "sweep_seconds": round(elapsed, 3),
        "due_left": due_left,
        "notices_written": written,
    }


def real_tables(n_games):
    """Gives the first n_games games a real Oregon Trail Race table some moves in (40 different
    ones, bots' moves from fixed seeds) and returns their seats as (game, position, seat id): a
    table picture is drawn per game, version and seat, so each seat's notice draws its own."""
    from django.db import connection

    from games.models import Game
    from games.rules import get_engine

    engine = get_engine("oregon-trail-race")
    options = engine.normalize_options({"ruleset": "revised"}, 2)
    tables = []
    for k in range(40):
        state = engine.new_state(options, 2, f"{k + 1:032x}")
        rnd = random.Random(k)
        for _ in range(12 + k % 9):
            if not engine.to_act(state):
                break
            seat = engine.to_act(state)[0]
            engine.apply(state, seat, engine.bot_action(state, seat, rnd))
        tables.append(json.dumps(state))
    with connection.cursor() as c:
        c.execute("SELECT id FROM games_game ORDER BY id LIMIT %s", [n_games])
        ids = [r[0] for r in c.fetchall()]
        c.executemany(
            "UPDATE games_game SET state = %s, status = %s, version = 1 WHERE id = %s",
            [(tables[i % len(tables)], Game.Status.ACTIVE, gid) for i, gid in enumerate(ids)],
        )
        c.execute(
            "SELECT game_id, position, id FROM games_seat WHERE game_id = ANY(%s) AND position IS NOT NULL"
            " ORDER BY game_id, position",
            [ids],
        )
        return c.fetchall()


def bench_send(users, sink):
    from config.celery import app
    from notifications.handoff import hand_to_celery
    from notifications.models import Kind, Notification

    with app.connection_for_write() as conn:
        conn.default_channel.queue_purge(QUEUE)
    seats = real_tables(NOTICES // 2)  # every notice draws its own picture of the table
    rows = []
    for i in range(NOTICES):
        game_id, position, seat_id = seats[i % len(seats)]
        ctx = {
            "game": {"id": game_id, "title": f"Bench {game_id}", "rules_title": "Oregon Trail Race"},
            "events": ["Player 1 forges a trail card."],
            "decision": {
                "table": ["Your hand: River (odd: lose a supply), top→middle", "Wagon: 5 members, 3 supplies"],
                "moves": [{"index": i, "label": f"Move number {i}"} for i in range(1, 8)],
                "decision_label": "",
                "deadline_text": "Tue 24 Nov 2026, 07:28 UTC",
                "reply_to": "play+1-1-1.abcdefghijklmnopqrstuvwx@trailpost.localhost",
                "version": 1,
            },
        }
        rows.append(
            Notification(
                kind=Kind.YOUR_TURN,
                user=users[position],
                email=f"p{i}@send.bench.example",
                game_id=game_id,
                seat_id=seat_id,
                version=1,
                context=ctx,
            )
        )
    ids = [n.pk for n in Notification.objects.bulk_create(rows, batch_size=2000)]
    load_before = os.getloadavg()[0]
    t0 = time.perf_counter()
    for i in range(0, len(ids), 100):  # one hand-off per 100 notices, as a busy sweep does
        hand_to_celery(ids[i : i + 100])
    deadline = time.monotonic() + 120
    while sink.count < NOTICES and time.monotonic() < deadline:
        time.sleep(0.02)
    elapsed = time.perf_counter() - t0
    time.sleep(1.0)
    unsent = Notification.objects.filter(pk__in=ids, sent_at__isnull=True).count()
    warnings = []
    load_after = os.getloadavg()[0]
    if LOAD_AT_START > 1.0:  # before this script did anything: other work shares the cores
        warnings.append(f"load average {LOAD_AT_START:.1f} before the bench started: other work shares the cores")
    if sink.pictured < sink.count:
        warnings.append(
            f"only {sink.pictured} of {sink.count} emails had the table's picture: not the figure asked for"
        )
    return {
        "notices": NOTICES,
        "workers": WORKERS,
        "received_by_smtp_sink": sink.count,
        "with_table_picture": sink.pictured,
        "load_average": {
            "bench_start": round(LOAD_AT_START, 2),
            "send_start": round(load_before, 2),
            "send_end": round(load_after, 2),
        },
        "distinct_pictures": len(seats),
        "warnings": warnings,
        "duplicates": max(0, sink.count - NOTICES),
        "unsent": unsent,
        "seconds": round(elapsed, 2),
        "per_second": round(sink.count / elapsed, 1),
    }


def repeated(bench, users):
    """Runs the sweep REPEATS times at each scale with each form, the scales in turn (10k, 100k,
    10k, ...) and the forms in turn within each (which goes first alternates), and reports each
    scale's median per form as its sweep_seconds, with every run's time beside it (one run of a
    1.5-second sweep moves by a few tenths of a second with the machine), and the ratio of the
    medians, ORM over hand-written."""
    runs = {(n, form): [] for n in SCALES for form in FORMS}
    turn = 0
    for _ in range(REPEATS):
        for n in SCALES:
            for form in ("sql", "orm") if turn % 2 == 0 else ("orm", "sql"):
                use_form(form)
                runs[n, form].append(bench(n, users, form))
            turn += 1
    out = []
    for n in SCALES:
        scale = {"games": n}
        for form in FORMS:
            ordered = sorted(runs[n, form], key=lambda r: r["sweep_seconds"])
            median = dict(ordered[len(ordered) // 2])
            median["runs_seconds"] = [r["sweep_seconds"] for r in runs[n, form]]
            scale[form] = median
        scale["orm_vs_sql_time"] = round(scale["orm"]["sweep_seconds"] / scale["sql"]["sweep_seconds"], 3)
        out.append(scale)
    use_form("sql")
    return out


def largest_to_smallest(scales):
    """Per form: the largest scale's median sweep time over the smallest's."""
    return {
        form: round(max(s[form]["sweep_seconds"] for s in scales) / min(s[form]["sweep_seconds"] for s in scales), 2)
        for form in FORMS
    }


def main():
    from aiosmtpd.controller import Controller

    setup_django()
    from django.conf import settings
    from django.contrib.auth import get_user_model

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    User = get_user_model()
    users = []
    for i in range(2):
        # Automatic vacation days off: the sweep measured times players out (a day spent is another path).
        u, _ = User.objects.update_or_create(
            username=f"bench{i}", defaults={"email": f"bench{i}@example.com", "auto_vacation": False}
        )
        users.append(u)
    # Each part first runs once unmeasured, so the figures are a warm server's: a fresh process
    # pays for its imports, first connection and statement preparing in its first sweep.
    for form in FORMS:
        use_form(form)
        bench_sweep(min(SCALES), users, form)
    out = {"clock": CLOCK, "sweep_one_process": repeated(bench_sweep, users)}
    out["one_process_ratio_largest_to_smallest"] = largest_to_smallest(out["sweep_one_process"])
    if PARTS == "one":
        print(json.dumps(out, indent=2))
        return
    from config.celery import app
    from notifications.models import Notification

    Notification.objects.all().delete()  # the one-process sweeps' notices are not part of what follows
    with app.connection_for_write() as conn:
        conn.default_channel.queue_purge(QUEUE)
    sink = CountingSink()
    port = free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    workers = start_workers(port, "sql") + start_workers(port, "orm")
    try:
        time.sleep(3.0)  # let the workers start
        for form in FORMS:  # unmeasured (see above)
            use_form(form)
            bench_sweep_fan_out(min(SCALES), users, form)
        out["sweep_two_workers"] = repeated(bench_sweep_fan_out, users)
        out["two_workers_ratio_largest_to_smallest"] = largest_to_smallest(out["sweep_two_workers"])
        out["send"] = bench_send(users, sink)  # the sql workers read QUEUE
    finally:
        stop_workers(workers)
        controller.stop()
        from config.celery import app

        with app.connection_for_write() as conn:
            for queue in QUEUES.values():
                conn.default_channel.queue_purge(queue)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
