"""Helpers the benchmark scripts share."""

import socket


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def settle(cursor, maintenance: str) -> None:
    """Runs `maintenance` (ANALYZE or VACUUM ANALYZE on what the setup wrote), then a CHECKPOINT.

    A benchmark's setup writes more in seconds than a live server does in hours: left alone,
    autovacuum and the checkpoint that writing calls for (and the kernel writing it back) would
    run during the first measured seconds and fall on whatever is measured then. CHECKPOINT needs
    a superuser or pg_checkpoint; without either the figures are taken without it.
    """
    from django.db import DatabaseError

    cursor.execute(maintenance)
    try:
        cursor.execute("CHECKPOINT")
    except DatabaseError:
        pass


def ensure_database(url: str) -> None:
    """Creates the PostgreSQL database `url` names if it does not exist (nothing for SQLite)."""
    if not url.startswith("postgres"):
        return
    import psycopg

    name = url.rsplit("/", 1)[1]
    admin = url[: url.rindex("/")] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


def django_setup(url: str, *, empty: bool = True) -> None:
    """Sets Django up on the bench's own database `url` (created if missing, migrated): tasks run
    at once, the setup's emails stay in memory, any host is served; with `empty`, the games of an
    earlier run are deleted (their moves, seats, snapshots and the rest go with them)."""
    import os

    ensure_database(url)
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("TRAILPOST_ENV", "test")
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "1"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"  # the setup's notices stay quiet
    settings.ALLOWED_HOSTS = ["*"]
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    if empty:
        from games.models import Game

        Game.objects.all().delete()


def figures(ms: list[float], *, percentile: float = 0.95) -> dict:
    """Returns the count, median, a high percentile (p95 by default), min and max of timings in ms."""
    import statistics

    ordered = sorted(ms)
    return {
        "runs": len(ms),
        "median_ms": round(statistics.median(ms), 2),
        f"p{round(percentile * 100)}_ms": round(ordered[min(len(ordered) - 1, int(percentile * len(ordered)))], 2),
        "min_ms": round(ordered[0], 2),
        "max_ms": round(ordered[-1], 2),
    }


def bench_users(prefix: str, names=("Ada", "Bea", "Cy", "Dot")) -> list:
    """Returns the bench's players (made on the first run), named for the pages and emails."""
    from django.contrib.auth import get_user_model

    User = get_user_model()
    return [
        User.objects.get_or_create(
            username=f"bench-{prefix}-{i}", defaults={"email": f"bench-{prefix}-{i}@x.test", "display_name": name}
        )[0]
        for i, name in enumerate(names)
    ]
