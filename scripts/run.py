"""`make run`: migrate, create the demo admin and a demo game against bots, then hand over to
honcho, which runs Procfile.dev (the web server, a Celery worker and Celery beat) until Ctrl-C.

SQLite unless DATABASE_URL is set. If no Redis answers at REDIS_URL, the broker falls back to
Kombu's filesystem transport (and says so), so a first run always works. The SQLite file, the
broker's folders and beat's schedule go under TRAILPOST_VAR_DIR (<repo>/var by default, as in
config/settings.py), so a run can keep its state in a temporary folder. PORT (8000) is the web
server's port.
"""

import os
import socket
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable


def redis_answers(url: str) -> bool:
    u = urlparse(url)
    try:
        with socket.create_connection((u.hostname or "127.0.0.1", u.port or 6379), timeout=0.5) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def shown(url: str) -> str:
    """The URL without its user and password, to print."""
    u = urlparse(url)
    return u._replace(netloc=u.netloc.rpartition("@")[2]).geturl()


def main() -> None:
    sys.stdout.reconfigure(line_buffering=True)  # this script's lines in order with its commands'
    env = dict(os.environ)
    env.setdefault("TRAILPOST_ENV", "development")
    var = Path(env.get("TRAILPOST_VAR_DIR") or ROOT / "var").resolve()
    var.mkdir(parents=True, exist_ok=True)
    env["TRAILPOST_VAR_DIR"] = str(var)  # Procfile.dev puts beat's schedule there
    redis_url = env.get("REDIS_URL") or "redis://127.0.0.1:6379/0"
    broker = env.get("CELERY_BROKER_URL")
    if broker:
        print(f"Celery broker: {shown(broker)} (CELERY_BROKER_URL).")
    elif redis_answers(redis_url):
        print(f"Celery broker: Redis at {shown(redis_url)}.")
    else:
        broker = env["CELERY_BROKER_URL"] = "filesystem://"
        print(f"No Redis at {shown(redis_url)}: using the filesystem broker in {var / 'broker'}.")
    port = env.get("PORT") or "8000"
    env.setdefault("SITE_URL", f"http://127.0.0.1:{port}")
    # The venv's bin first, so that `python` and `celery` in Procfile.dev are the venv's; output
    # unbuffered, so that honcho shows each process's lines as they come.
    env["PATH"] = os.path.dirname(PY) + os.pathsep + env.get("PATH", "")
    env["PYTHONUNBUFFERED"] = "1"
    manage = [PY, str(ROOT / "manage.py")]
    subprocess.run(manage + ["migrate", "--noinput"], env=env, check=True, cwd=ROOT)
    subprocess.run(manage + ["demo_setup"], env=env, check=True, cwd=ROOT)
    print(f"\nTrailpost runs at http://127.0.0.1:{port}/ (admin: /admin/, API docs: /api/docs/). Ctrl-C stops.\n")
    # honcho takes this process's place, so Ctrl-C reaches it directly. It gives the first entry,
    # web, the port PORT. On SIGINT or SIGTERM it sends SIGTERM to each entry's process group
    # (runserver's autoreloader and its server, the worker, beat), and SIGKILL to the groups
    # still running 5 s after the first one stopped (the worker's warm shutdown takes about 4 s).
    os.chdir(ROOT)
    os.execve(PY, [PY, "-m", "honcho", "start", "-f", "Procfile.dev", "-p", port], env)


if __name__ == "__main__":
    main()
