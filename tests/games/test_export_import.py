"""A finished game as one JSON file (games.archive), checked without the server by
`python -m games.rules verify` (games.rules.verify), and imported back for replay and analysis.

Each real engine's game is played by two people through the move pipeline, with an undone move
and a resignation, then exported: the file verifies with the command line in a subprocess (no
Django), and a file tampered with (one move's action, the server seed, a contribution) fails,
the failing check named. Import round-trips; who may export and import; hostile files are
refused with a sentence and nothing is created.
"""

import copy
import html
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games import archive, services
from games.models import Game, Move, Seat, Tenure
from games.rules import get_engine
from tests.builders import lobby_game, start_game

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
ENGINES = ("oregon-trail-race", "ogallala", "crayon-rails")


def _finished(owner, other, rules, *, moves=14, private=False, moderator=None):
    """A game of `rules` between two people: `moves` first-legal moves, one undone (when a
    moderator is given), then the owner resigns and the other wins."""
    game = start_game(
        owner,
        other,
        rules=rules,
        title=f"Export {rules}",
        entropy={owner: "owner's phrase", other: "0f1e2d3c4b5a69788796a5b4c3d2e1f0"},
        visibility=Game.Visibility.PRIVATE if private else Game.Visibility.PUBLIC,
    )
    for i in range(moves):
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.ACTIVE:
            break
        position = game.engine.to_act(game.state)[0]
        seat = game.seats.get(position=position)
        action = game.engine.legal_actions(game.state, position)[i % 2 and -1]
        services.move_submit(game=game, seat=seat, action=action, expected_version=game.version, channel="web")
        if i == 5 and moderator is not None:
            services.game_undo(game=Game.objects.get(pk=game.pk), by=moderator)
    game = Game.objects.get(pk=game.pk)
    if game.status == Game.Status.ACTIVE:
        services.game_resign(game=game, user=owner)
    game = Game.objects.get(pk=game.pk)
    assert game.is_over
    return game


def _cli(path) -> subprocess.CompletedProcess:
    """`python -m games.rules verify FILE` in a subprocess, as anyone would run it."""
    return subprocess.run(
        [sys.executable, "-m", "games.rules", "verify", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
    )


def _write(tmp_path, doc, name="game.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(doc))
    return path


@pytest.fixture
def people(make_user):
    return make_user("Ann Export"), make_user("Bob Export"), make_user("Mod", is_staff=True)


@pytest.mark.parametrize("rules", ENGINES)
def test_an_exported_game_verifies_with_the_command_line(rules, people, tmp_path):
    ann, bob, mod = people
    game = _finished(ann, bob, rules, moderator=mod)
    doc = archive.export_game(game)
    assert doc["format"] == "trailpost-game/1" and doc["rules"] == rules and doc["seed"] == game.seed
    assert doc["server_seed"] == game.server_seed and doc["seed_scheme"] == "commit-reveal-v1"
    assert {s["entropy"] for s in doc["seats"]} == {"owner's phrase", "0f1e2d3c4b5a69788796a5b4c3d2e1f0"}
    assert any(m["undone_by"] for m in doc["moves"]), "the undone move is in the file, marked"
    assert [m["seq"] for m in doc["moves"]] == list(game.moves.order_by("seq").values_list("seq", flat=True))
    names = {t["name"] for s in doc["seats"] for t in s["tenures"]}
    assert names == {"Ann Export", "Bob Export"}

    run = _cli(_write(tmp_path, doc))
    assert run.returncode == 0, run.stdout + run.stderr
    for check in ("commitment", "seed", "seating", "replay", "events", "result"):
        assert f"✓ {check}:" in run.stdout
    assert "All checks pass" in run.stdout and run.stderr == ""
    assert "Player 1" not in run.stdout and "Player 2" not in run.stdout  # the file's names


def test_the_command_line_reads_stdin(people):
    ann, bob, _ = people
    data = archive.export_json(_finished(ann, bob, "ogallala", moves=4))
    run = subprocess.run(
        [sys.executable, "-m", "games.rules", "verify", "-"], cwd=ROOT, input=data, capture_output=True, timeout=120
    )
    assert run.returncode == 0 and "All checks pass" in run.stdout.decode()
    run = subprocess.run(
        [sys.executable, "-m", "games.rules", "verify", "-"],
        cwd=ROOT,
        input=data[:-5],
        capture_output=True,
        timeout=120,
    )
    assert run.returncode == 2 and "not JSON" in run.stdout.decode()


def test_the_verifier_imports_no_django(people, tmp_path):
    ann, bob, _ = people
    path = _write(tmp_path, archive.export_game(_finished(ann, bob, "oregon-trail-race", moves=4)))
    code = (
        "import sys; from games.rules.__main__ import main; rc = main(['verify', sys.argv[1]]); "
        "print('DJANGO' if any(m.split('.')[0] == 'django' for m in sys.modules) else 'PURE'); sys.exit(rc)"
    )
    run = subprocess.run([sys.executable, "-c", code, str(path)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and run.stdout.strip().endswith("PURE"), run.stdout + run.stderr


def _other_legal_action(doc):
    """Returns (index of a move in doc['moves'], another legal action than the one recorded)."""
    from games.rules.verify import effective_moves

    engine = get_engine(doc["rules"])
    state = engine.new_state(doc["options"], len(doc["seats"]), doc["seed"])
    effective = effective_moves(doc)
    for move in effective:
        if move["kind"] == "move":
            legal = engine.legal_actions(state, move["position"])
            others = [a for a in legal if a != move["action"]]
            if others:
                return doc["moves"].index(move), others[0]
            engine.apply(state, move["position"], move["action"])
        else:
            engine.resign(state, move["position"])
    raise AssertionError("no move had a choice")


@pytest.mark.parametrize("rules", ENGINES)
def test_a_tampered_file_fails_and_names_the_check(rules, people, tmp_path):
    ann, bob, _ = people
    doc = archive.export_game(_finished(ann, bob, rules))

    other = copy.deepcopy(doc)
    i, action = _other_legal_action(other)
    other["moves"][i]["action"] = action
    run = _cli(_write(tmp_path, other, "action.json"))
    assert run.returncode != 0
    assert any(f"✗ {c}:" in run.stdout for c in ("events", "replay", "result")), run.stdout

    illegal = copy.deepcopy(doc)
    illegal["moves"][i]["action"] = {"type": "teleport"}
    run = _cli(_write(tmp_path, illegal, "illegal.json"))
    assert run.returncode == 2 and "✗ replay:" in run.stdout and f"move {illegal['moves'][i]['seq']}" in run.stdout
    assert "Traceback" not in run.stdout + run.stderr

    server = copy.deepcopy(doc)
    server["server_seed"] = "0" * 64
    run = _cli(_write(tmp_path, server, "server.json"))
    assert run.returncode == 1 and "✗ commitment:" in run.stdout and "✗ seed:" in run.stdout

    contribution = copy.deepcopy(doc)
    contribution["seats"][1]["entropy"] = "a phrase chosen afterwards"
    run = _cli(_write(tmp_path, contribution, "contribution.json"))
    assert run.returncode == 1 and "✓ commitment:" in run.stdout and "✗ seed:" in run.stdout

    result = copy.deepcopy(doc)
    result["result"] = {**doc["result"], "winners": [1 - doc["result"]["winners"][0]]}
    run = _cli(_write(tmp_path, result, "result.json"))
    assert run.returncode == 1 and "✗ result:" in run.stdout


@pytest.mark.parametrize(
    "content,sentence",
    [
        ("not json at all", "not JSON"),
        ('{"format": "something-else/2"}', "not a Trailpost game export"),
        ("[1, 2, 3]", "not a game export"),
        ("[" * 5000 + "]" * 5000, "deeper"),
    ],
)
def test_the_command_line_reports_a_bad_file_in_a_sentence(content, sentence, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(content)
    run = _cli(path)
    assert run.returncode == 2 and sentence in run.stdout, run.stdout + run.stderr
    assert "Traceback" not in run.stdout + run.stderr


def test_the_command_line_reports_unknown_rules_and_a_missing_file(people, tmp_path):
    ann, bob, _ = people
    doc = archive.export_game(_finished(ann, bob, "ogallala", moves=2))
    doc["rules"] = "chess"
    run = _cli(_write(tmp_path, doc))
    assert run.returncode == 2 and "Unknown rules 'chess'" in run.stdout
    run = _cli(tmp_path / "missing.json")
    assert run.returncode == 2 and "Cannot read" in run.stdout and "Traceback" not in run.stderr


def test_a_game_from_before_commit_reveal_verifies_its_seed_by_hash_only(people, tmp_path):
    ann, bob, _ = people
    game = _finished(ann, bob, "oregon-trail-race", moves=4)
    doc = archive.export_game(game)
    doc.update(seed_scheme="", server_seed="", server_seed_sha256="")
    run = _cli(_write(tmp_path, doc))
    assert run.returncode == 0, run.stdout
    assert "drawn by the server alone" in run.stdout and "published at the start only" in run.stdout
    doc["seed_sha256"] = "f" * 64
    assert _cli(_write(tmp_path, doc)).returncode == 1


# -- export: who, when ----------------------------------------------------------------------------------


def test_export_is_for_a_game_that_is_over(people, client, api_for):
    ann, bob, _ = people
    game = start_game(ann, bob, rules="oregon-trail-race")
    client.force_login(ann)
    page = client.get(f"/games/{game.pk}/export.json")
    assert page.status_code == 409 and "once it is over" in page.content.decode()
    api = api_for(ann).get(f"/api/games/{game.pk}/export/")
    assert api.status_code == 409 and api.json()["code"] == "GAME_NOT_FINISHED"


def test_who_may_export(people, make_user, client, api_for):
    ann, bob, mod = people
    outsider = make_user("Cy Outsider")
    public = _finished(ann, bob, "ogallala", moves=4)
    private = _finished(ann, bob, "ogallala", moves=4, private=True)

    anonymous = client.get(f"/games/{public.pk}/export.json")
    assert anonymous.status_code == 200 and anonymous["Content-Disposition"].startswith("attachment;")
    assert json.loads(anonymous.content)["seed"] == public.seed
    assert client.get(f"/api/games/{public.pk}/export/").json()["server_seed"] == public.server_seed
    assert client.get(f"/games/{private.pk}/export.json").status_code == 404
    assert client.get(f"/api/games/{private.pk}/export/").status_code == 404

    client.force_login(outsider)
    assert client.get(f"/games/{private.pk}/export.json").status_code == 404
    assert api_for(outsider).get(f"/api/games/{private.pk}/export/").json()["code"] == "NOT_FOUND"
    for user in (bob, mod):
        client.force_login(user)
        assert client.get(f"/games/{private.pk}/export.json").status_code == 200
        assert api_for(user).get(f"/api/games/{private.pk}/export/").status_code == 200


def test_the_finished_game_page_and_verify_page_link_the_download(people, client):
    ann, bob, _ = people
    game = _finished(ann, bob, "oregon-trail-race", moves=4)
    client.force_login(bob)
    for path in (f"/games/{game.pk}/", f"/games/{game.pk}/verify/"):
        assert f'href="/games/{game.pk}/export.json"' in client.get(path).content.decode(), path


def test_export_costs_one_query_per_table(people, django_assert_max_num_queries):
    ann, bob, _ = people
    game = _finished(ann, bob, "crayon-rails", moves=20)
    game = Game.objects.get(pk=game.pk)
    with django_assert_max_num_queries(3):  # seats with their users, tenures, moves
        archive.export_game(game)


# -- import ------------------------------------------------------------------------------------------


def test_import_round_trip(people, make_user, client, tmp_path):
    ann, bob, mod = people
    cy = make_user("Cy Importer")
    game = _finished(ann, bob, "crayon-rails", moderator=mod)
    data = archive.export_json(game)
    client.force_login(cy)
    response = client.post("/games/import/", {"file": io.BytesIO(data)}, format="multipart")
    imported = Game.objects.get(imported=True)
    assert response.status_code == 302 and response["Location"] == f"/games/{imported.pk}/"
    assert imported.owner == cy and imported.is_private and imported.status == Game.Status.FINISHED
    assert imported.state == game.state and imported.result == game.result and imported.seed == game.seed
    assert imported.version == game.version
    seats = list(imported.seats.order_by("position"))
    assert all(s.is_bot and s.user is None for s in seats)
    assert [s.bot_name for s in seats] == [s.name for s in game.seats.order_by("position")]
    assert Tenure.objects.filter(game=imported).count() == Tenure.objects.filter(game=game).count()
    original = list(game.moves.order_by("seq").values_list("seq", "kind", "action", "channel", "created_at"))
    copied = list(imported.moves.order_by("seq").values_list("seq", "kind", "action", "channel", "created_at"))
    assert copied == original
    assert client.get(f"/games/{imported.pk}/").status_code == 200
    assert "✓ Verified" in client.get(f"/games/{imported.pk}/verify/").content.decode()
    # the imported game exports a file that verifies too, with the same log
    again = archive.export_game(imported)
    assert again["moves"] == json.loads(data)["moves"]
    assert _cli(_write(tmp_path, again)).returncode == 0
    # private to the importer
    client.force_login(ann)
    assert client.get(f"/games/{imported.pk}/").status_code == 404


def test_import_truncates_long_names_to_a_bot_name(people, make_user):
    ann, bob, _ = people
    doc = archive.export_game(_finished(ann, bob, "ogallala", moves=4))
    doc["seats"][0]["name"] = "N" * 150
    game = archive.import_game(json.dumps(doc), owner=bob)
    assert len(game.seats.get(position=doc["seats"][0]["position"]).bot_name) == 40


def test_imports_are_capped_per_user_and_hour_on_the_page_too(people, client, settings):
    ann, bob, _ = people
    settings.TRAILPOST = {**settings.TRAILPOST, "IMPORTS_PER_HOUR": 2}
    data = archive.export_json(_finished(ann, bob, "ogallala", moves=4))
    client.force_login(bob)
    for _ in range(2):
        assert client.post("/games/import/", {"file": io.BytesIO(data)}).status_code == 302
    refused = client.post("/games/import/", {"file": io.BytesIO(data)})
    assert refused.status_code == 400
    assert "You have imported 2 games in the last hour" in refused.content.decode()
    assert Game.objects.filter(imported=True, owner=bob).count() == 2
    other = archive.import_game(data, owner=ann)  # the cap is each user's own
    assert other.owner == ann


def test_who_may_import(people, client, api_for):
    ann, bob, _ = people
    data = archive.export_json(_finished(ann, bob, "oregon-trail-race", moves=4))
    assert client.get("/games/import/").status_code == 302  # to the login page
    assert client.post("/games/import/", {"file": io.BytesIO(data)}).status_code == 302
    assert client.post("/api/games/import/", {"file": io.BytesIO(data)}).status_code == 401
    assert not Game.objects.filter(imported=True).exists()
    client.force_login(bob)
    assert client.get("/games/import/").status_code == 200
    created = api_for(ann).post("/api/games/import/", {"file": io.BytesIO(data)}, format="multipart")
    assert created.status_code == 201, created.json()
    body = created.json()
    assert body["status"] == "finished" and body["visibility"] == "private" and body["server_seed"]
    assert Game.objects.get(pk=body["id"]).owner == ann


def _hostile(doc):
    deep = copy.deepcopy(doc)
    deep["moves"][0]["action"] = {"a": json.loads("[" * 100 + "]" * 100)}
    wrong_seats = copy.deepcopy(doc)
    wrong_seats["seats"] = "everyone"
    wrong_seq = copy.deepcopy(doc)
    wrong_seq["moves"][0]["seq"] = "1"
    long_title = copy.deepcopy(doc)
    long_title["title"] = "t" * 101
    bad_channel = copy.deepcopy(doc)
    bad_channel["moves"][-1]["channel"] = "pigeon"
    tampered = copy.deepcopy(doc)
    tampered["server_seed"] = "1" * 64
    nul = copy.deepcopy(doc)
    nul["moves"][0]["note"] = "a\u0000b"
    huge_seq = copy.deepcopy(doc)
    huge_seq["moves"][-1]["seq"] = 2**40
    edge_time = copy.deepcopy(doc)
    edge_time["moves"][-1]["created_at"] = "9999-12-31T23:59:59-14:00"
    options = copy.deepcopy(doc)
    options["options"] = {"no_such_option": 1}
    too_many = copy.deepcopy(doc)
    too_many["moves"] = [{"seq": i} for i in range(1, 10_002)]
    return [
        (b"\x89PNG\r\n\x1a\n not a game", "not text"),
        (b"{not json", "not JSON"),
        (b" " * (5 * 1024 * 1024 + 10), "larger than 5 MB"),
        (json.dumps(deep).encode(), "nests deeper"),
        (json.dumps(wrong_seats).encode(), "'seats'"),
        (json.dumps(wrong_seq).encode(), "'seq'"),
        (json.dumps(long_title).encode(), "'title' is longer"),
        (json.dumps(bad_channel).encode(), "unknown channel"),
        (json.dumps(tampered).encode(), "does not verify (failed: commitment, seed)"),
        (json.dumps(nul).encode(), "NUL character"),
        (json.dumps(huge_seq).encode(), "'seq'"),
        (json.dumps(edge_time).encode(), "is not a time"),
        (json.dumps(options).encode(), "Unknown option"),
        (json.dumps(too_many).encode(), "more than 10000 moves"),
    ]


def test_hostile_files_are_refused_with_a_sentence_and_nothing_created(people, client, api_for, tmp_path):
    ann, bob, _ = people
    doc = archive.export_game(_finished(ann, bob, "oregon-trail-race", moves=6))
    before = (Game.objects.count(), Seat.objects.count(), Move.objects.count(), Tenure.objects.count())
    client.force_login(bob)
    api = api_for(bob)
    for data, sentence in _hostile(doc):
        page = client.post("/games/import/", {"file": io.BytesIO(data)})
        assert page.status_code == 400 and sentence in html.unescape(page.content.decode()), sentence
        answer = api.post("/api/games/import/", {"file": io.BytesIO(data)}, format="multipart")
        assert answer.status_code in (400, 413) and sentence in answer.json()["message"], answer.json()
        assert answer.json()["code"] in ("VALIDATION_ERROR", "REQUEST_TOO_LARGE")
        path = tmp_path / "hostile.json"
        path.write_bytes(data)
        with pytest.raises(CommandError, match="Not imported|larger"):
            call_command("import_game", str(path), "--owner", bob.email)
    assert api.post("/api/games/import/", {}, format="multipart").json()["code"] == "VALIDATION_ERROR"
    assert (Game.objects.count(), Seat.objects.count(), Move.objects.count(), Tenure.objects.count()) == before


def test_the_import_command(people, tmp_path, capsys):
    ann, bob, _ = people
    path = _write(tmp_path, archive.export_game(_finished(ann, bob, "ogallala", moves=4)))
    call_command("import_game", str(path), "--owner", bob.email.upper())
    game = Game.objects.get(imported=True)
    assert game.owner == bob and f"Imported as game {game.pk}" in capsys.readouterr().out
    with pytest.raises(CommandError, match="no user"):
        call_command("import_game", str(path), "--owner", "nobody@example.com")
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_game", str(tmp_path / "missing.json"), "--owner", bob.email)


def test_a_game_aborted_before_it_started_exports_verifies_and_imports(people, tmp_path):
    ann, bob, mod = people
    game = lobby_game(ann, bob, rules="ogallala", max_players=3, entropy={ann: "early"})
    services.game_abort(game=game, by=mod)
    doc = archive.export_game(Game.objects.get(pk=game.pk))
    assert doc["status"] == "aborted" and doc["seed"] == "" and doc["server_seed"] == game.server_seed
    run = _cli(_write(tmp_path, doc))
    assert run.returncode == 0 and "never started" in run.stdout, run.stdout
    imported = archive.import_game(json.dumps(doc), owner=bob)
    assert imported.status == Game.Status.ABORTED and imported.seats.count() == 2 and imported.state is None
