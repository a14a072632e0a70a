"""A mail server down for 20 s: how soon every notice goes once it is back. Prints one JSON object.

A Celery worker process sends the notices over SMTP to a local aiosmtpd sink. The sink is
stopped; games are started for OUTAGE_SECONDS (20), one every half second, each writing "your
turn" notices that the worker fails to send (each failure is recorded: a try, its error, when it
is tried again); then the sink is started again on the same port. Measured: the seconds from its
return until each notice went (from sent_at), whether every notice went (nothing lost) and each
once (the sink's count), the tries each took, one of the errors recorded meanwhile, and the lines
the worker logged about the outage. No minute sweep runs here: the retries are the worker's own
(the task comes back when the failed notices are due: SEND_RETRY_SECONDS, 15, then 30, 60...).

Uses its own database (BENCH_OUTAGE_DATABASE_URL, trailpost_bench_outage on the local PostgreSQL,
created if missing) and Redis (BENCH_OUTAGE_REDIS_URL, db 14), whose default queue it empties.
Run: TRAILPOST_ENV=test .venv/bin/python bench/mail_outage.py
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.common import ensure_database, free_port  # noqa: E402

BENCH_DB = os.environ.get("BENCH_OUTAGE_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/trailpost_bench_outage")
BENCH_REDIS = os.environ.get("BENCH_OUTAGE_REDIS_URL", "redis://127.0.0.1:6379/14")
OUTAGE_SECONDS = float(os.environ.get("BENCH_OUTAGE_SECONDS", "20"))


def setup_django(port: int) -> None:
    ensure_database(BENCH_DB)
    os.environ.update(
        DATABASE_URL=BENCH_DB,
        REDIS_URL=BENCH_REDIS,
        CELERY_BROKER_URL=BENCH_REDIS,
        CELERY_TASK_ALWAYS_EAGER="0",
        EMAIL_BACKEND="notifications.smtp.EmailBackend",
        EMAIL_HOST="127.0.0.1",
        EMAIL_PORT=str(port),
        TRAILPOST_GRACE_SECONDS="0",
    )
    os.environ.setdefault("TRAILPOST_ENV", "test")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from config.celery import app

    with app.connection_for_write() as conn:  # the default queue: the worker's retries come back to it
        conn.default_channel.queue_purge(app.conf.task_default_queue)
    from games.models import Game

    Game.objects.all().delete()


class Sink:
    """aiosmtpd handler counting the emails each address gets."""

    def __init__(self):
        self.received: list[str] = []

    async def handle_DATA(self, server, session, envelope):
        self.received.extend(envelope.rcpt_tos)
        return "250 OK"


def start_worker(log_path: str) -> subprocess.Popen:
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "-P", "solo"]
    command += ["-n", "outage@%h", "-l", "info", "--without-gossip", "--without-mingle"]
    command += ["--without-heartbeat", "--prefetch-multiplier", "1"]
    log = open(log_path, "w")  # noqa: SIM115 (the worker writes it until it stops)
    return subprocess.Popen(command, env=dict(os.environ, LOG_LEVEL="INFO"), cwd=ROOT, stdout=log, stderr=log)


def wait_for(predicate, timeout: float) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.2)
    return False


def start_game(users, number: int):
    from games import services

    game = services.game_create(owner=users[0], rules="oregon-trail-race", title=f"Outage {number}", max_players=2)
    services.game_join(game=game, user=users[1], code=game.invite_code)
    services.game_start(game=game, by=users[0])


def main() -> None:
    from aiosmtpd.controller import Controller

    port = free_port()
    setup_django(port)
    from django.contrib.auth import get_user_model
    from django.db.models import Max
    from django.utils import timezone

    from notifications.models import Notification

    User = get_user_model()
    User.objects.filter(username__startswith="outage-").delete()
    users = [
        User.objects.create_user(username=f"outage-{n}", email=f"{n}@example.com", password="x", display_name=n)
        for n in ("Ann", "Bob")
    ]
    sink = Sink()
    server = Controller(sink, hostname="127.0.0.1", port=port)
    server.start()
    log_path = tempfile.mktemp(prefix="trailpost-outage-worker-", suffix=".log")
    worker = start_worker(log_path)
    try:
        start_game(users, 0)  # the worker is up once this game's notices went
        assert wait_for(lambda: not Notification.objects.filter(sent_at__isnull=True).exists(), 60), "no worker"
        first_pk = Notification.objects.aggregate(last=Max("pk"))["last"]
        before = len(sink.received)
        server.stop()
        down = time.monotonic()
        number = 0
        while time.monotonic() - down < OUTAGE_SECONDS:
            number += 1
            start_game(users, number)
            time.sleep(0.5)
        notices = Notification.objects.filter(pk__gt=first_pk)
        error = notices.exclude(last_error="").values_list("last_error", flat=True).first()
        tried = notices.filter(attempts__gte=1).count()
        server = Controller(sink, hostname="127.0.0.1", port=port)
        server.start()
        back = timezone.now()
        back_monotonic = time.monotonic()
        all_sent = wait_for(lambda: not notices.filter(sent_at__isnull=True).exists(), 600)
        waited = time.monotonic() - back_monotonic
        delays = sorted((sent - back).total_seconds() for sent in notices.values_list("sent_at", flat=True) if sent)
        attempts = list(notices.values_list("attempts", flat=True))
        wait_for(lambda: len(sink.received) - before >= len(delays), 10)
    finally:
        server.stop()
        worker.terminate()
        worker.wait(timeout=30)
    worker_log = Path(log_path).read_text()
    print(
        json.dumps(
            {
                "outage_seconds": OUTAGE_SECONDS,
                "games_started_meanwhile": number,
                "notices": len(attempts),
                "tried_during_outage": tried,
                "error_recorded": error,
                "all_sent": all_sent,
                "unsent": len(attempts) - len(delays),
                "emails_received": len(sink.received) - before,
                "seconds_after_return": {
                    "median": round(statistics.median(delays), 1) if delays else None,
                    "max": round(max(delays), 1) if delays else None,
                },
                "waited_seconds": round(waited, 1),
                "attempts": {str(a): attempts.count(a) for a in sorted(set(attempts))},
                "outage_warnings_logged": worker_log.count("mail server unreachable"),
                "reachable_again_logged": worker_log.count("mail server reachable again"),
            }
        )
    )


if __name__ == "__main__":
    main()
