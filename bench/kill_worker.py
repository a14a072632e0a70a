"""How many emails go out twice when a Celery worker is killed (`kill -9`) in the middle of sending.

Each trial writes NOTICES notices (each to an address of its own), starts a real worker
(`celery -A config worker`, a process of its own) on Redis and the database, hands it all the
notices in one task, and kills it with SIGKILL once the SMTP sink (aiosmtpd, slowed by SINK_DELAY
per message) has taken KILL_AFTER emails. Then the minute sweep (`delivery.send_unsent`, run here
every SWEEP_EVERY seconds after the kill, as beat runs it) sends what is left once the dead
worker's claim lapses (SEND_CLAIM_SECONDS, the setting's own value unless BENCH_CLAIM is given),
and the sink's messages are counted: duplicates = messages - distinct addresses, missing = notices
never received, late = seconds from the kill until the last of them was received, handed = notices
the dead worker had handed whole to the sink before dying unmarked (taken as sent, not sent again:
notifications.smtp). A killed worker re-sends nothing, loses nothing, and its notices go out within
2 minutes. The kill lands just after the sink took an email, the worst moment for a duplicate;
BENCH_KILL_JITTER_MS (0) delays it by a random part of that many milliseconds, to land anywhere in
the next email's conversation instead.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/trailpost_killbench \\
    REDIS_URL=redis://127.0.0.1:6379/15 .venv/bin/python bench/kill_worker.py

The database is created if missing and migrated. BENCH_NOTICES (400), BENCH_KILL_AFTER
(comma-separated, one trial each: 60,150,290), BENCH_SINK_DELAY (0.01 s), BENCH_CLAIM (the
setting's), BENCH_SWEEP_EVERY (60 s, beat's period), BENCH_KILL_JITTER_MS (0), BENCH_SEED (1),
BENCH_RECORD_FIRST (1: the sink keeps each message, then answers SINK_DELAY later, so each kill
lands after the server has the email and before the worker has its answer).

The two sinks are the two kinds of mail server: by default it keeps a message only once it answers,
and drops it if the sender leaves before (aiosmtpd cancels the handler); with BENCH_RECORD_FIRST it
keeps it as soon as it has it all (as Postfix does). TRAILPOST_SEND_HANDED (sent, the default, or
again) says what becomes of an email its worker died waiting the answer for: run each with its
server, and the kills anywhere (BENCH_KILL_JITTER_MS), for 0 duplicates and 0 missing.
"""

import asyncio
import os
import random
import signal
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

NOTICES = int(os.environ.get("BENCH_NOTICES", "400"))
KILL_AFTER = [int(n) for n in os.environ.get("BENCH_KILL_AFTER", "60,150,290").split(",")]
SINK_DELAY = float(os.environ.get("BENCH_SINK_DELAY", "0.01"))
SWEEP_EVERY = float(os.environ.get("BENCH_SWEEP_EVERY", "60"))
# The sink keeps a message as soon as it has it, then answers SINK_DELAY later (a server that
# writes the message to disk before answering): every kill lands between the two, the worst case.
RECORD_FIRST = os.environ.get("BENCH_RECORD_FIRST", "") == "1"
KILL_JITTER = float(os.environ.get("BENCH_KILL_JITTER_MS", "0")) / 1000
random.seed(int(os.environ.get("BENCH_SEED", "1")))

os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/trailpost_killbench")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["TRAILPOST_ENV"] = "development"
os.environ["CELERY_TASK_ALWAYS_EAGER"] = "0"
if os.environ.get("BENCH_CLAIM"):
    os.environ["TRAILPOST_SEND_CLAIM_SECONDS"] = os.environ["BENCH_CLAIM"]
os.environ["EMAIL_BACKEND"] = "notifications.smtp.EmailBackend"
os.environ["EMAIL_HOST"] = "127.0.0.1"


def create_database(url: str) -> None:
    """Creates the PostgreSQL database of DATABASE_URL when it does not exist."""
    import dj_database_url
    import psycopg

    if not url.startswith("postgres"):
        return
    cfg = dj_database_url.parse(url)
    with psycopg.connect(
        host=cfg["HOST"],
        port=cfg["PORT"] or 5432,
        user=cfg["USER"],
        password=cfg["PASSWORD"] or None,
        dbname="postgres",
        autocommit=True,
    ) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [cfg["NAME"]]).fetchone():
            conn.execute(f'CREATE DATABASE "{cfg["NAME"]}"')


class Sink:
    """Takes each message SINK_DELAY after its DATA (a slowish mail server) and keeps its recipients."""

    def __init__(self):
        self.rcpts: list[str] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        if not RECORD_FIRST:
            await asyncio.sleep(SINK_DELAY)
        with self.lock:
            self.rcpts.extend(envelope.rcpt_tos)
        if RECORD_FIRST:  # it has the message, and answers SINK_DELAY later
            await asyncio.sleep(SINK_DELAY)
        return "250 OK"

    def count(self) -> int:
        with self.lock:
            return len(self.rcpts)


def wait_until(predicate, timeout: float) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.002)
    return False


def trial(kill_after: int, port: int, sink: Sink) -> dict:
    from django.db import connections

    from notifications import delivery
    from notifications.models import Kind, Notification, Outcome
    from notifications.tasks import send_notifications

    Notification.objects.filter(email__endswith="@killbench.example").delete()
    context = {
        "game": {"id": None, "title": "Kill bench", "rules_title": "Bench"},
        "inviter": "The bench",
        "join_url": "http://127.0.0.1:8000/join/x/",
    }
    rows = Notification.objects.bulk_create(
        Notification(kind=Kind.INVITATION, email=f"r{i}@killbench.example", context=context) for i in range(NOTICES)
    )
    ids = [n.pk for n in rows]
    with sink.lock:
        sink.rcpts.clear()

    queue = f"killbench-{uuid.uuid4().hex[:8]}"
    env = dict(
        os.environ,
        EMAIL_PORT=str(port),
        LOG_LEVEL="ERROR",
        PYTHONWARNINGS="ignore:You're running the worker with superuser",
    )
    worker = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "celery"),
            "-A",
            "config",
            "worker",
            "-P",
            "solo",
            "-Q",
            queue,
            "--without-mingle",
            "--without-gossip",
            "--without-heartbeat",
            "-l",
            "ERROR",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
    )
    try:
        send_notifications.apply_async((ids,), queue=queue)
        if not wait_until(lambda: sink.count() >= kill_after, timeout=120):
            raise SystemExit(f"the worker sent only {sink.count()} emails in 120 s")
        if KILL_JITTER:
            time.sleep(random.uniform(0, KILL_JITTER))
        worker.send_signal(signal.SIGKILL)
        worker.wait()
    finally:
        if worker.poll() is None:
            worker.kill()
            worker.wait()
    killed = time.monotonic()
    at_kill = sink.count()
    time.sleep(0.5)  # anything the dead worker's last connection still delivers
    taken_before_sweep = sink.count()
    marked = Notification.objects.filter(pk__in=ids, sent_at__isnull=False).count()
    late, sweeps = None, 0
    while late is None and sweeps < 4:  # beat's sweep, every SWEEP_EVERY seconds after the kill
        sweeps += 1
        time.sleep(max(killed + sweeps * SWEEP_EVERY - time.monotonic(), 0))
        delivery.send_unsent()
        if len(set(sink.rcpts)) == NOTICES:
            late = round(time.monotonic() - killed, 1)
    connections.close_all()
    rcpts = list(sink.rcpts)
    distinct = set(rcpts)
    stale = Notification.objects.filter(pk__in=ids, outcome=Outcome.STALE).count()
    handed = Notification.objects.filter(pk__in=ids, outcome=Outcome.HANDED).count()
    return {
        "kill_after": kill_after,
        "at_kill": at_kill,
        "taken_by_dead_worker": taken_before_sweep,
        "marked_sent_by_it": marked,
        "messages": len(rcpts),
        "duplicates": len(rcpts) - len(distinct),
        "missing": NOTICES - len(distinct),
        "stale": stale,
        "handed": handed,
        "sweeps": sweeps,
        "all_sent_after_kill_s": late,
    }


def main() -> None:
    create_database(os.environ["DATABASE_URL"])
    import django

    django.setup()
    from aiosmtpd.controller import Controller
    from django.conf import settings
    from django.core.management import call_command

    from bench.common import free_port

    call_command("migrate", verbosity=0)
    sink = Sink()
    port = free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    settings.EMAIL_PORT = port
    try:
        print(
            f"{NOTICES} notices per trial, sink {SINK_DELAY * 1000:.0f} ms per message, "
            f"claim {settings.TRAILPOST['SEND_CLAIM_SECONDS']} s, sweep every {SWEEP_EVERY:.0f} s, "
            f"sink {'keeps then answers' if RECORD_FIRST else 'answers as it keeps'}, "
            f"kill jitter {KILL_JITTER * 1000:.0f} ms, backend {settings.EMAIL_BACKEND}, "
            f"handed emails {settings.TRAILPOST['SEND_HANDED']}, "
            f"database {settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]}"
        )
        results = []
        for kill_after in KILL_AFTER:
            results.append(trial(kill_after, port, sink))
            print("  ".join(f"{k}={v}" for k, v in results[-1].items()), flush=True)
        lates = [r["all_sent_after_kill_s"] for r in results]
        print(
            f"in {len(KILL_AFTER)} kills: duplicates {sum(r['duplicates'] for r in results)}, "
            f"missing {sum(r['missing'] for r in results)}, stale {sum(r['stale'] for r in results)}, "
            f"handed {sum(r['handed'] for r in results)}, "
            f"all sent within {max(lates) if None not in lates else 'never'} s of the kill"
        )
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
