"""A bounded fuzz run of the whole API from its OpenAPI schema (schemathesis).

Every operation in /api/schema/ gets generated requests, valid and invalid, as a user who plays in
a running game (and owns a game in its lobby), so the game endpoints are reached, not only their
404s. Each answer must not be a server error and must match the schema: its status code, content
type, headers and body. Deterministic (derandomized, no example database) and bounded: about
FUZZ_EXAMPLES cases per operation and generation mode.
"""

import os
from collections import Counter

import pytest
import schemathesis
from django.conf import settings as django_settings
from hypothesis import HealthCheck, Phase, settings
from hypothesis.configuration import set_hypothesis_home_dir
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

# No example database is kept (database=None), but Hypothesis caches a few things of its own:
# under var/ with everything else the tests write, not in the checkout.
set_hypothesis_home_dir(django_settings.VAR_DIR / "hypothesis")

FUZZ_EXAMPLES = int(os.environ.get("TRAILPOST_FUZZ_EXAMPLES", "10"))
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]
# Operations that act on a game still in its lobby; the others get the running game.
LOBBY_OPERATIONS = {"games_join", "games_leave", "games_bots_add", "games_invitations_create", "games_start"}
STATS = Counter()


@pytest.fixture
def keep_connection(world):
    """The WSGI handler closes the database connection around each request, which would end the
    test's transaction; Django's test client turns that off the same way (and on again after each
    of its requests: so this comes after the world is built)."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def world(make_user, api_for):
    """A player in a running game against a bot, the owner of a lobby game, with a spare token."""
    from accounts.services import api_token_create

    fuzzer = make_user("fuzzer")
    client = api_for(fuzzer)
    running = client.post(
        "/api/games/", {"rules": "oregon-trail-race", "bots": 1, "title": "Fuzzed"}, format="json"
    ).json()["id"]
    assert client.post(f"/api/games/{running}/start/").status_code == 200
    lobby = client.post("/api/games/", {"rules": "ogallala", "title": "Fuzz lobby"}, format="json").json()["id"]
    return {
        "auth": f"Token {api_token_create(user=fuzzer, name='fuzz').key}",
        "running": running,
        "lobby": lobby,
        "spare_token": api_token_create(user=fuzzer, name="spare").pk,
    }


def _load_schema():
    """The schema as the server serves it (built without the database, so at collection)."""
    from config.wsgi import application

    return schemathesis.openapi.from_wsgi("/api/schema/", application)


schema = _load_schema()


@pytest.fixture(scope="module", autouse=True)
def report():
    yield
    if STATS:
        print(f"\nfuzz: {len(STATS)} operations, {sum(STATS.values())} cases")


@schema.parametrize()
@settings(
    max_examples=FUZZ_EXAMPLES,
    derandomize=True,
    database=None,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)
def test_every_operation_answers_without_server_errors_and_as_the_schema_says(case, world, keep_connection):
    operation_id = case.operation.definition.raw.get("operationId", case.operation.label)
    if "id" in (case.path_parameters or {}):
        case.path_parameters["id"] = world["lobby" if operation_id in LOBBY_OPERATIONS else "running"]
    if "token_id" in (case.path_parameters or {}):
        case.path_parameters["token_id"] = world["spare_token"]
    case.headers = {**(case.headers or {}), "Authorization": world["auth"]}
    STATS[operation_id] += 1
    case.call_and_validate(checks=CHECKS)


def test_the_schema_validates_without_warnings(tmp_path):
    """No operationId collisions, no view the generator has to guess about."""
    from django.core.management import call_command

    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yaml"))
