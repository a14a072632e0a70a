"""`make run`: migrate, create the demo admin and a demo game against bots, then run the web
server, a Celery worker and Celery beat together until Ctrl-C.

SQLite unless DATABASE_URL is set. If no Redis answers at REDIS_URL, the broker falls back to
Kombu's filesystem transport under var/ (and says so), so a first run always works.
"""
import os
import signal
import socket
import subprocess
import sys
import time
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


def main() -> int:
    env = dict(os.environ)
    env.setdefault("TRAILPOST_ENV", "development")
    (ROOT / "var").mkdir(exist_ok=True)
    redis_url = env.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    if "CELERY_BROKER_URL" not in env and not redis_answers(redis_url):
        broker = ROOT / "var" / "broker"
        (broker / "done").mkdir(parents=True, exist_ok=True)
        env["CELERY_BROKER_URL"] = "filesystem://"
        print(f"No Redis at {redis_url}: using the filesystem broker in {broker}.")
    port = env.get("PORT", "8000")
    env.setdefault("SITE_URL", f"http://127.0.0.1:{port}")
    manage = [PY, str(ROOT / "manage.py")]
    subprocess.run(manage + ["migrate", "--noinput"], env=env, check=True, cwd=ROOT)
    subprocess.run(manage + ["demo_setup"], env=env, check=True, cwd=ROOT)
    procs = [
        subprocess.Popen(manage + ["runserver", f"127.0.0.1:{port}"], env=env, cwd=ROOT),
        subprocess.Popen([PY, "-m", "celery", "-A", "config", "worker", "-l", "warning", "--concurrency", "2"],
                         env=env, cwd=ROOT),
        subprocess.Popen([PY, "-m", "celery", "-A", "config", "beat", "-l", "warning",
                          "--schedule", str(ROOT / "var" / "celerybeat-schedule")], env=env, cwd=ROOT),
    ]
    print(f"\nTrailpost runs at http://127.0.0.1:{port}/ (admin: /admin/, API docs: /api/docs/). Ctrl-C stops.\n")
    try:
        while all(p.poll() is None for p in procs):
            time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        for p in procs:
            if p.poll() is None:
                p.send_signal(signal.SIGINT)
        for p in procs:
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
