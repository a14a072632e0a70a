"""The Python client that openapi-python-client generates from the served /api/schema/ plays whole
games, as it is, against the live test server.

The generator must not warn and every module it writes must import. Then, for each engine, the
README's client script (run as it is written there) plays a game against two bots, and the same
client goes on: the log, the replay at its first and last steps, verify, export, and the exported
file imported back and verified. Every answer is checked against the schema, made strict first
(an object that does not say it allows more properties allows no more): its status must be
documented for its operation, its body must match, and it may carry no field the schema does not
declare.

The dice differ from run to run (the server draws its own seed, the script its entropy): playing
the first legal action against the bots ends every game of these options (200 seeds of each
engine, played without the server: at most 306 moves, Ogallala's).
"""

import functools
import importlib
import json
import pkgutil
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import httpx
import pytest
import schemathesis

pytestmark = [pytest.mark.slow]

README = Path(__file__).resolve().parents[2] / "README.md"
PACKAGE = "trailpost_client"
GAMES = {
    "oregon-trail-race": {"trail_length": 10},
    "ogallala": {},
    "crayon-rails": {"cash_to_win": 100, "max_rounds": 3},
}


def readme_script() -> str:
    """The README's client script: the python block after its `play.py` marker."""
    text = README.read_text()
    found = re.search(r"<!-- play\.py: .*?-->\n```python\n(.*?)```", text, re.DOTALL)
    assert found, "the README has no play.py client script"
    return found.group(1)


def strict(schema):
    """The schema with `additionalProperties: false` on every object that declares properties and
    says nothing of others: validated with it, an undeclared field is an error."""
    if isinstance(schema, dict):
        schema = {key: strict(value) for key, value in schema.items()}
        if "properties" in schema and "additionalProperties" not in schema:
            schema["additionalProperties"] = False
        return schema
    if isinstance(schema, list):
        return [strict(value) for value in schema]
    return schema


class Validator:
    """An httpx response hook: each answer checked against the (strict) schema, and counted."""

    def __init__(self, raw_schema: dict):
        self.schema = schemathesis.openapi.from_dict(strict(raw_schema))
        # literal paths first: /api/games/import/ before /api/games/{id}/
        self.paths = [
            (re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", template) + "$"), template)
            for template in sorted(raw_schema["paths"], key=lambda t: t.count("{"))
        ]
        self.calls = Counter()

    def __call__(self, response: httpx.Response):
        response.read()
        response.request.read()  # a multipart upload is streamed: schemathesis reads it back
        request = response.request
        template = next((t for pattern, t in self.paths if pattern.match(request.url.path)), None)
        assert template is not None, f"{request.method} {request.url.path} is not in the schema"
        operation = self.schema[template][request.method]
        declared = operation.definition.raw["responses"]
        self.calls[f"{operation.definition.raw['operationId']} {response.status_code}"] += 1
        assert str(response.status_code) in declared, (
            f"{request.method} {template} answered {response.status_code}, which its schema does not list"
        )
        if response.status_code != 204:
            assert response.headers["content-type"] == "application/json", response.headers
        operation.validate_response(response)


@pytest.fixture(scope="module")
def served_schema(live_server):
    return httpx.get(f"{live_server.url}/api/schema/", headers={"Accept": "application/json"}).json()


@pytest.fixture(scope="module")
def client_package(live_server, tmp_path_factory):
    """The client generated from the live server's schema, imported (and forgotten afterwards)."""
    where = tmp_path_factory.mktemp("client")
    bin_dir = Path(sys.executable).parent
    generated = subprocess.run(
        [
            bin_dir / "openapi-python-client",
            "generate",
            "--url",
            f"{live_server.url}/api/schema/",
            "--meta",
            "none",
            "--output-path",
            where / PACKAGE,
        ],
        capture_output=True,
        text=True,
        cwd=where,
        env={"PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": str(where)},  # ruff, for the generator's own tidying
        check=False,
    )
    output = (generated.stdout + generated.stderr).strip()
    assert generated.returncode == 0, output
    assert output == f"Generating {where / PACKAGE}", f"the generator said more than that:\n{output}"
    sys.path.insert(0, str(where))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(where))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]
        shutil.rmtree(where)


def test_every_generated_module_imports(client_package):
    modules = [m.name for m in pkgutil.walk_packages(client_package.__path__, PACKAGE + ".")]
    for name in modules:
        importlib.import_module(name)
    assert len(modules) > 100  # every operation's module and every model's


@pytest.mark.parametrize("rules", GAMES)
def test_the_generated_client_plays_a_whole_game_exports_and_imports_it(
    rules, client_package, served_schema, live_server, make_user, monkeypatch, capsys
):
    from trailpost_client.api.chat import games_chat_create, games_chat_list
    from trailpost_client.api.games import (
        games_export_retrieve,
        games_import,
        games_replay_retrieve,
        games_verify_retrieve,
    )
    from trailpost_client.api.moves import games_moves_list
    from trailpost_client.api.profile import profile_retrieve
    from trailpost_client.api.standings import standings_retrieve
    from trailpost_client.models import ChatPostRequest, GameImportRequest
    from trailpost_client.types import File

    from accounts.services import api_token_create

    validator = Validator(served_schema)
    hooks = {"event_hooks": {"response": [validator]}}
    # the README's script makes its own client: this one checks every answer
    monkeypatch.setattr(
        client_package, "AuthenticatedClient", functools.partial(client_package.AuthenticatedClient, httpx_args=hooks)
    )
    token = api_token_create(user=make_user("scripter"), name="client").key
    monkeypatch.setenv("TRAILPOST_URL", live_server.url)
    monkeypatch.setenv("TRAILPOST_TOKEN", token)
    monkeypatch.setenv("TRAILPOST_RULES", rules)
    monkeypatch.setenv("TRAILPOST_OPTIONS", json.dumps(GAMES[rules]))

    script = {"__name__": "play"}
    exec(compile(readme_script(), "README.md play.py", "exec"), script)
    client, game = script["client"], script["game"]
    assert game.status == "finished" and game.result is not None
    assert capsys.readouterr().out.startswith("finished ")

    log = games_moves_list.sync(client=client, id=game.id)
    moves = [entry for entry in log if entry.kind == "move"]
    assert len(moves) >= 10
    assert any(entry.player == "scripter" for entry in moves), "the script's own moves are in the log"
    first = games_replay_retrieve.sync(client=client, id=game.id, step=0)
    assert first.move is None and first.open_  # "open", renamed by the generator (a builtin)
    last = games_replay_retrieve.sync(client=client, id=game.id, step=first.total_steps)
    assert last.move is not None and len(last.hands) == 3
    assert games_verify_retrieve.sync(client=client, id=game.id).ok

    exported = games_export_retrieve.sync_detailed(client=client, id=game.id)
    assert exported.status_code == 200 and exported.parsed.rules == rules
    upload = File(payload=exported.content, file_name="game.json", mime_type="application/json")
    imported = games_import.sync(client=client, body=GameImportRequest(file=upload))
    assert imported.id != game.id and imported.status == "finished" and imported.rules == rules
    assert imported.result == game.result
    assert games_verify_retrieve.sync(client=client, id=imported.id).ok

    # the other parts of the API a script reads, also checked against the schema
    said = games_chat_create.sync(client=client, id=game.id, body=ChatPostRequest(text="Good game!"))
    assert [m.text for m in games_chat_list.sync(client=client, id=game.id).messages] == [said.text]
    assert standings_retrieve.sync(client=client, rules=rules).me is None  # unrated: a nullable object
    assert profile_retrieve.sync(client=client).display_name == "scripter"

    with capsys.disabled():
        print(f"\n{rules}: {sum(validator.calls.values())} calls: {dict(sorted(validator.calls.items()))}")
    assert validator.calls["games_moves_create 201"] == len([m for m in moves if m.player == "scripter"])


def test_every_operation_documents_every_answer_and_bodies_are_json(client_package, served_schema, live_server):
    from trailpost_client.api.engines import engines_list

    assert served_schema["servers"][0]["url"] == f"{live_server.url}/"
    for path, item in served_schema["paths"].items():
        for method, operation in item.items():
            assert {"400", "401", "404", "406", "414", "415", "429", "431", "503"} <= set(operation["responses"]), (
                method,
                path,
            )
            media = set(operation.get("requestBody", {}).get("content", {}))
            assert media <= ({"multipart/form-data"} if path == "/api/games/import/" else {"application/json"})
    upload = served_schema["components"]["schemas"]["GameImportRequest"]["properties"]["file"]
    assert upload == {**upload, "type": "string", "format": "binary"}

    # an Accept the API cannot answer: 406, documented, so the client parses it as the error body
    client = client_package.Client(base_url=live_server.url, headers={"Accept": "application/xml"})
    answer = engines_list.sync_detailed(client=client)
    assert answer.status_code == 406 and answer.parsed.code == "NOT_ACCEPTABLE"
