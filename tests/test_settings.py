"""Settings read from the environment."""

import json
import os
import subprocess
import sys
from pathlib import Path

from config.settings import env


def test_an_empty_variable_counts_as_unset(monkeypatch):
    monkeypatch.setenv("TRAILPOST_PROBE", "")
    assert env("TRAILPOST_PROBE", "fallback") == "fallback"
    monkeypatch.setenv("TRAILPOST_PROBE", "set")
    assert env("TRAILPOST_PROBE", "fallback") == "set"


ROOT = Path(__file__).resolve().parent.parent


def _production_env(tmp_path, **extra) -> dict:
    """The environment of a production process: nothing of this one's but where programs are (the
    browser tests, say, set DJANGO_ALLOW_ASYNC_UNSAFE, which the deploy check rightly refuses)."""
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LANG", "TMPDIR")}
    env.update(
        {
            "TRAILPOST_ENV": "production",
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "SECRET_KEY": "k3$-" + "x7Qp9vL2mZ4rT8wY1bN6cF0hJ5gD3sA" * 2,
            "ALLOWED_HOSTS": "trailpost.example",
            "CSRF_TRUSTED_ORIGINS": "https://trailpost.example",
            "SECURE_PROXY_SSL_HEADER": "HTTP_X_FORWARDED_PROTO,https",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'deploy.sqlite3'}",
            "TRAILPOST_VAR_DIR": str(tmp_path),
            "CELERY_BROKER_URL": "filesystem://",
        },
        **extra,
    )
    return env


def test_production_settings_pass_the_deploy_check(tmp_path):
    env = _production_env(tmp_path, SECURE_HSTS_INCLUDE_SUBDOMAINS="1", SECURE_HSTS_PRELOAD="1")
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout, result.stdout + result.stderr


PROBE = (
    "import django, json; django.setup(); from django.conf import settings as s; print(json.dumps("
    "[s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE,"
    " list(s.SECURE_PROXY_SSL_HEADER), s.DEBUG]))"
)


def _probe(env):
    return subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)


def test_production_defaults_are_the_safe_ones_and_the_environment_overrides_them(tmp_path):
    env = _production_env(tmp_path)
    assert json.loads(_probe(env).stdout) == [True, 31536000, True, True, ["HTTP_X_FORWARDED_PROTO", "https"], False]
    env.update(SECURE_SSL_REDIRECT="0", SECURE_HSTS_SECONDS="60")
    assert json.loads(_probe(env).stdout)[:2] == [False, 60]
    del env["SECRET_KEY"]  # production refuses to start without one
    assert _probe(env).returncode != 0
