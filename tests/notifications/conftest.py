"""Fixtures for the notification tests: the toy game served, games, an SMTP sink, a real Celery worker."""

import socket
import threading
import time
import uuid
from datetime import UTC, datetime

import pytest
import time_machine
from aiosmtpd.controller import Controller

from games import tasks as game_tasks
from games.models import Game
from notifications import tasks as notice_tasks
from tests.builders import seat_at, seat_to_act, start_game  # noqa: F401 (seat_at: imported from here by the tests)


@pytest.fixture(autouse=True)
def _toy_game(toy_engine):
    """Every notification test has the toy game served (tests/conftest.py); the conformance suite,
    elsewhere, must not see it."""


# The deadline tests' clock: frozen at T0 and moved by hand (time-machine).
T0 = datetime(2030, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def clock():
    with time_machine.travel(T0, tick=False) as traveller:
        yield traveller


def minute() -> dict:
    """Runs what beat starts every minute, in its order, and returns their counts: reminders,
    the deadline sweep (inline: tasks run eagerly here), and the sending of unsent notices."""
    stats = {"reminders": notice_tasks.send_reminders()}
    stats.update(game_tasks.sweep_deadlines())
    stats["sent"] = notice_tasks.send_unsent()
    return stats


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Sink:
    """aiosmtpd handler that keeps every message it receives."""

    def __init__(self):
        self.messages = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        import email
        import email.policy

        msg = email.message_from_bytes(envelope.original_content or envelope.content, policy=email.policy.default)
        with self.lock:
            self.messages.append(msg)
        return "250 OK"

    def wait_for(self, n, timeout=15.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if len(self.messages) >= n:
                return self.messages
            time.sleep(0.05)
        return self.messages


@pytest.fixture
def smtp_sink(settings):
    """A real SMTP server on a free port; Django sends to it over SMTP."""
    sink = Sink()
    port = free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    settings.EMAIL_BACKEND = "notifications.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = port
    settings.EMAIL_USE_TLS = False
    settings.EMAIL_HOST_USER = ""
    settings.EMAIL_HOST_PASSWORD = ""
    yield sink
    controller.stop()


@pytest.fixture
def celery_app():
    from config.celery import app

    return app


@pytest.fixture
def eager(celery_app):
    """Tasks run in-process (for tests that do not need a worker)."""
    old = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = old


def _forget_routes(app):
    """Drops the app's cached queues and router, so a changed default queue takes effect."""
    for name in ("queues", "default_queue", "router"):
        app.amqp.__dict__.pop(name, None)


def point_producers_at(app, url):
    """Points the app's producers at another broker URL, or back at the broker with None (the
    worker keeps its own connection). The write URL: CELERY_BROKER_URL in the environment, as on
    the suite's SQLite run, outranks a changed broker_url."""
    app._pool = None
    app.amqp._producer_pool = None
    app.conf.broker_write_url = url


@pytest.fixture
def live_worker(celery_app, transactional_db):
    """A real Celery worker (in a thread) consuming a queue of its own on the real Redis."""
    from celery.contrib.testing.worker import start_worker
    from celery.signals import task_postrun
    from django.db import connections
    from kombu import Queue

    def close_db(**kwargs):  # the worker thread's connection must not outlive the test database
        connections.close_all()

    task_postrun.connect(close_db, weak=False, dispatch_uid="notif-test-close-db")

    queue = f"trailpost-test-{uuid.uuid4().hex[:10]}"
    old = (celery_app.conf.task_default_queue, celery_app.conf.task_always_eager, celery_app.conf.task_queues)
    celery_app.conf.task_default_queue = queue
    celery_app.conf.task_queues = [Queue(queue)]
    celery_app.conf.task_always_eager = False
    _forget_routes(celery_app)
    with start_worker(celery_app, pool="solo", concurrency=1, perform_ping_check=False, shutdown_timeout=15) as worker:
        yield worker
    task_postrun.disconnect(dispatch_uid="notif-test-close-db")
    celery_app.conf.task_default_queue, celery_app.conf.task_always_eager, celery_app.conf.task_queues = old
    _forget_routes(celery_app)


@pytest.fixture
def users(django_user_model):
    """Three players. Automatic vacation days (games.clock.away, on for a real player) are off:
    these tests time players out; tests/games/clock/test_away.py turns them on."""
    return [
        django_user_model.objects.create_user(
            username=f"p{i}", email=f"p{i}@example.com", password="x", display_name=f"Player{i}", auto_vacation=False
        )
        for i in range(3)
    ]


@pytest.fixture
def make_game(users):
    def make(
        n=2, *, bots=0, rules="toy-notify", options=None, turn_hours=48, miss_limit=3, on_missed=Game.OnMissed.BOT
    ):
        return start_game(
            *users[:n],
            rules=rules,
            options=options,
            title="Test trail",
            turn_hours=turn_hours,
            bots=bots,
            miss_limit=miss_limit,
            on_missed=on_missed,
        )

    return make


turn_seat = seat_to_act  # the name these tests know


def hook_server(answers, probe=lambda: None):
    """A chat server (webhook) answering each POST with the next status of `answers` (the last
    one ever after); returns (server, hits), hits being (status, probe() at that moment) per POST.
    The caller shuts the server down."""
    import threading
    from http.server import BaseHTTPRequestHandler, HTTPServer

    hits = []

    class Hook(BaseHTTPRequestHandler):
        def do_POST(self):
            self.rfile.read(int(self.headers["Content-Length"]))
            status = answers[min(len(hits), len(answers) - 1)]
            hits.append((status, probe()))
            self.send_response(status)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = HTTPServer(("127.0.0.1", 0), Hook)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, hits
