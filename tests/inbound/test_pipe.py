"""The inbound pipe as an MTA runs it (`scripts/receive_email.py`, a process of its own with a bare
environment and the settings in an environment file): 0 when the message was handled, 75 (the
MTA keeps it and tries again later) when the database cannot be reached or the settings are
broken, and never a traceback for the MTA to bounce to the player."""

import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection

from games.models import Move
from notifications.models import InboundMessage, Kind, Notification

from .conftest import turn_seat
from .test_inbound import reply

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "receive_email.py"
UNREACHABLE = "postgres://trailpost@127.0.0.1:1/trailpost"

pytestmark = pytest.mark.django_db(transaction=True)


def database_url() -> str:
    """The test database's URL, for the pipe's own process."""
    s = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{s['NAME']}"
    auth = quote(s["USER"] or "") + (":" + quote(s["PASSWORD"]) if s["PASSWORD"] else "")
    return f"postgres://{auth}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"


@pytest.fixture
def env_file(tmp_path):
    """Writes an environment file of the given variables (a broker and a folder of the test's
    own: the pipe's process hands its notices over as any command does); returns its path."""

    def write(**variables):
        settings = {
            "TRAILPOST_ENV": "test",
            "TRAILPOST_VAR_DIR": str(tmp_path / "var"),
            "CELERY_BROKER_URL": "filesystem://",
            "EMAIL_BACKEND": "django.core.mail.backends.dummy.EmailBackend",
            "DATABASE_URL": database_url(),
            **variables,
        }
        path = tmp_path / "env"
        lines = ["# Trailpost's settings for the mail pipe"]
        lines += [
            f'export {k}="{v}"' if k == "SECRET_KEY" else f"{k}={v}" for k, v in settings.items() if v is not None
        ]
        path.write_text("\n".join(lines) + "\n")
        return path

    return write


def pipe(raw: bytes, *args, env=None) -> subprocess.CompletedProcess:
    """Runs the pipe as Postfix's pipe(8) would: its own process, almost no environment."""
    environment = {"PATH": "/usr/bin:/bin", **(env or {})}
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], input=raw, env=environment, capture_output=True, timeout=120
    )


def no_traceback(done: subprocess.CompletedProcess):
    out, err = done.stdout.decode(), done.stderr.decode()
    assert "Traceback" not in out + err and 'File "' not in out + err
    return out, err


def oregon(make_game):
    """A real game (the pipe's process serves the real engines, not the suite's toy one)."""
    return make_game(rules="oregon-trail-race")


def menu_reply(game, body):
    seat = turn_seat(game)
    note = Notification.objects.filter(seat=seat, context__decision__isnull=False).latest("pk")
    return seat, reply(note.context["decision"]["reply_to"], body)


def test_a_played_reply_exits_0(make_game, env_file):
    game = oregon(make_game)
    seat, raw = menu_reply(game, "1")
    done = pipe(raw, "--env-file", str(env_file()), "--sender", seat.user.email)
    out, _ = no_traceback(done)
    assert done.returncode == 0 and out.startswith("played")
    assert Move.objects.filter(game=game, channel="email", position=seat.position).exists()


def test_a_refused_reply_is_answered_and_exits_0_with_the_file_named_by_a_variable(make_game, env_file):
    game = oregon(make_game)
    seat, raw = menu_reply(game, "fly to the moon")
    done = pipe(raw, env={"TRAILPOST_ENV_FILE": str(env_file())})
    out, _ = no_traceback(done)
    assert done.returncode == 0 and out.startswith("not_understood")
    assert Notification.objects.filter(seat=seat, kind=Kind.REPLY_ERROR).exists()


def test_an_unreachable_database_exits_75_with_one_line(make_game, env_file, tmp_path):
    game = oregon(make_game)
    _, raw = menu_reply(game, "1")
    log = tmp_path / "pipe.log"
    done = pipe(raw, "--env-file", str(env_file(DATABASE_URL=UNREACHABLE)), "--log-file", str(log))
    out, err = no_traceback(done)
    assert done.returncode == 75
    assert out == "" and len(err.strip().splitlines()) == 1 and "OperationalError" in err
    assert "Traceback" in log.read_text()  # the whole story is kept for the postmaster
    assert not InboundMessage.objects.exists() and game.moves.filter(channel="email").count() == 0


@pytest.mark.parametrize(
    "broken",
    [
        pytest.param({"TRAILPOST_ENV": "production", "SECRET_KEY": None}, id="production-without-secret-key"),
        pytest.param({"DATABASE_URL": None, "TRAILPOST_VAR_DIR": "/dev/null/var"}, id="var-cannot-be-made"),
        pytest.param({"DATABASE_URL": "nosuchdb://x"}, id="database-url-unreadable"),
    ],
)
def test_broken_settings_exit_75_with_one_line(make_game, env_file, broken):
    _, raw = menu_reply(oregon(make_game), "1")
    done = pipe(raw, "--env-file", str(env_file(**broken)))
    out, err = no_traceback(done)
    assert done.returncode == 75 and out == "" and len(err.strip().splitlines()) == 1


def test_a_missing_or_unreadable_env_file_exits_75_without_showing_its_lines(make_game, tmp_path):
    _, raw = menu_reply(oregon(make_game), "1")
    done = pipe(raw, "--env-file", str(tmp_path / "missing"))
    assert done.returncode == 75 and len(no_traceback(done)[1].strip().splitlines()) == 1
    bad = tmp_path / "bad"
    bad.write_text("DATABASE_URL=postgres://u:s3cret@db/trailpost\nthe password is s3cret\n")
    done = pipe(raw, "--env-file", str(bad))
    out, err = no_traceback(done)
    assert done.returncode == 75 and "line 2" in err and "s3cret" not in out + err
