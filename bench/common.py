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
