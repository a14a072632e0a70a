"""Shared fixtures: users, API clients with tokens, the test games served.

`make test` runs the suite twice: on PostgreSQL with Redis, and on SQLite with the filesystem
broker (what `make run` uses on a laptop). A test that needs one of them says so with
`@pytest.mark.postgresql(reason=...)` and is skipped, with its reason, on the other.
"""

import itertools
import os
import shutil

import pytest
from rest_framework.test import APIClient

from games import rules

_counter = itertools.count()


def pytest_collection_modifyitems(config, items):
    from django.conf import settings

    engine = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
        mark = item.get_closest_marker("postgresql")
        if mark is not None and engine != "postgresql":
            item.add_marker(pytest.mark.skip(reason=f"needs PostgreSQL: {mark.kwargs['reason']}"))


@pytest.fixture
def serve_games(settings):
    """Serves more games for the test, or others under a slug: serve_games({slug: "module:attribute"})
    adds them to the TRAILPOST_GAMES setting (games/apps.py serves it), which is put back after."""

    def serve(table: dict[str, str]) -> None:
        settings.TRAILPOST_GAMES = {**rules.served(), **table}

    return serve


@pytest.fixture
def toy_engine(serve_games):
    """Serves the suite's one toy game (tests/toy_engine.py) for the test, under both its presets'
    slugs: "toy-shed" (cards, returned here) and "toy-notify" (the race; see toy_notify_engine)."""
    from tests.toy_engine import SHED

    serve_games({"toy-shed": "tests.toy_engine:SHED", "toy-notify": "tests.toy_engine:RACE"})
    return SHED


@pytest.fixture
def toy_notify_engine(toy_engine):
    """The toy game's race preset, "toy-notify" (served by toy_engine)."""
    from tests.toy_engine import RACE

    return RACE


@pytest.fixture
def fake_rails(serve_games):
    """Serves the crayon-rails stand-in (tests/games/crayon_rails_stand_in.py) under the
    crayon-rails slug, so that engine's board template and JavaScript are used."""
    from tests.games.crayon_rails_stand_in import ENGINE

    serve_games({"crayon-rails": "tests.games.crayon_rails_stand_in:ENGINE"})
    return ENGINE


@pytest.fixture
def announced(monkeypatch):
    """Every message the services announce, in order (each still told to its listeners)."""
    from games import events

    told = []
    real = events.announce

    def spy(message):
        told.append(message)
        return real(message)

    monkeypatch.setattr(events, "announce", spy)
    return told


@pytest.fixture
def make_user(db):
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    def make(name=None, **extra):
        # Automatic vacation days (games.clock.away, on for a real player) are off unless asked:
        # the tests of the clock time players out.
        extra.setdefault("auto_vacation", False)
        n = next(_counter)
        name = name or f"player{n}"
        user = get_user_model().objects.create_user(
            username=f"{name}-{n}",
            email=f"{name}-{n}@example.com",
            password="pw-Trailpost-1",
            display_name=name,
            **extra,
        )
        EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
        return user

    return make


@pytest.fixture
def api_for():
    from accounts.services import api_token_create

    def client(user):
        c = APIClient()
        c.credentials(HTTP_AUTHORIZATION=f"Token {api_token_create(user=user).key}")
        return c

    return client


# -- headless Chromium (Debian's package, driven by Playwright): the browser tests' and the email tests' --
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread, and the test's own database calls
    # would otherwise be refused as "async unsafe"; only while the browser is up.
    old = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as p:
            b = p.chromium.launch(
                executable_path=CHROMIUM,
                headless=True,
                args=[
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-quic",
                    "--no-first-run",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                ],
            )
            yield b
            b.close()
    finally:
        if old is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = old
