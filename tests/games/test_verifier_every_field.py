"""The export verifier, one field at a time (issue #31): in a commit-reveal file of a game that had
an undo and a resignation, every field the checks cover is tampered with alone, and each time the
named check fails, the command line exits 1 (a failed check) or 2 (a move the engine refuses), and
the import refuses the file and creates nothing.

What no check covers is said here too: names, the title, the times, channels and notes are what
the file says about people, not the game, and `rules_version` is a note (an engine checks a game
of an older version of its rules with its own).
"""

import copy
import json

import pytest

from core.errors import GameError
from games import archive
from games.models import Game, Move
from games.rules import __main__ as rules_cli
from games.rules import verify
from tests.games.test_export_import import _finished

pytestmark = pytest.mark.django_db


def _swap(doc, key):
    """Swaps `key` between the file's first two seats."""
    a, b = doc["seats"][0], doc["seats"][1]
    a[key], b[key] = b[key], a[key]


def _undone(doc):
    return next(m for m in doc["moves"] if m["undone_by"] is not None)


def _first_move(doc):
    return next(m for m in verify.effective_moves(doc) if m["kind"] == "move")


def _last_resign(doc):
    return next(m for m in reversed(doc["moves"]) if m["kind"] == "resign")


def _other_action(doc):
    """A legal action of the first move's seat other than the one recorded."""
    from tests.games.test_export_import import _other_legal_action

    i, action = _other_legal_action(doc)
    doc["moves"][i]["action"] = action


def _flip_hash(text):
    return ("0" if text[0] != "0" else "1") + text[1:]


# Each tampering, and the checks that must fail because of it (at least one of them; "replay" is a
# refused move, exit 2).
TAMPERINGS = {
    "server_seed": (lambda d: d.update(server_seed=_flip_hash(d["server_seed"])), {"commitment"}),
    "server_seed_sha256": (
        lambda d: d.update(server_seed_sha256=_flip_hash(d["server_seed_sha256"])),
        {"commitment"},
    ),
    "seed": (lambda d: d.update(seed=_flip_hash(d["seed"])), {"seed"}),
    "seed_sha256": (lambda d: d.update(seed_sha256=_flip_hash(d["seed_sha256"])), {"seed"}),
    "a seat's entropy": (lambda d: d["seats"][1].update(entropy="chosen afterwards"), {"seed"}),
    "the join order": (lambda d: _swap(d, "join_index"), {"seed"}),
    "the seating": (lambda d: _swap(d, "position"), {"seating"}),
    "a move's action": (_other_action, {"events", "replay", "result"}),
    "a move's events": (lambda d: _first_move(d).update(events=[{"type": "forged"}]), {"events"}),
    "a move's seat": (
        lambda d: _first_move(d).update(position=1 - _first_move(d)["position"]),
        {"replay", "events", "result"},
    ),
    "an undo mark dropped": (lambda d: _undone(d).update(undone_by=None), {"replay", "events", "result"}),
    "a move made an undo": (lambda d: _first_move(d).update(kind="undo"), {"replay", "events", "result"}),
    "the resignation's seat": (
        lambda d: _last_resign(d).update(position=1 - _last_resign(d)["position"]),
        {"result"},
    ),
    "the result": (lambda d: d["result"].update(winners=[1 - d["result"]["winners"][0]]), {"result"}),
    # another ruleset deals other cards (a longer trail alone is not seen in a game that ended by a
    # resignation before anyone came near its end: the replay is the same under both)
    "the options": (lambda d: d["options"].update(ruleset="classic"), {"events", "replay", "result"}),
}


@pytest.fixture(scope="module")
def exported(django_db_blocker, django_db_setup):
    """One Oregon Trail Race game with an undone move and a resignation, exported."""
    from django.contrib.auth import get_user_model

    with django_db_blocker.unblock():
        from django.db import transaction

        with transaction.atomic():
            make = get_user_model().objects.create_user
            ann = make(username="ann-verif", email="ann-verif@example.com", display_name="Ann Verifier")
            bob = make(username="bob-verif", email="bob-verif@example.com", display_name="Bob Verifier")
            mod = make(username="mod-verif", email="mod-verif@example.com", display_name="Mod", is_staff=True)
            doc = archive.export_game(_finished(ann, bob, "oregon-trail-race", moves=16, moderator=mod))
            transaction.set_rollback(True)
    return doc


def test_the_untampered_file_passes_every_check(exported, tmp_path, capsys):
    assert exported["seed_scheme"] == "commit-reveal-v1"
    assert any(m["undone_by"] for m in exported["moves"]) and _last_resign(exported)
    report = verify.verify(verify.load(json.dumps(exported)))
    assert report.ok and report.failed() == []
    path = tmp_path / "game.json"
    path.write_text(json.dumps(exported))
    assert rules_cli.main(["verify", str(path)]) == 0


@pytest.mark.parametrize("field", list(TAMPERINGS))
def test_each_tampered_field_fails_its_check_the_command_line_and_the_import(
    field, exported, tmp_path, make_user, capsys
):
    tamper, checks = TAMPERINGS[field]
    doc = copy.deepcopy(exported)
    tamper(doc)
    assert doc != exported
    data = json.dumps(doc)

    report = verify.verify(verify.load(data))
    failed = set(report.failed())
    assert not report.ok and failed & checks, (field, failed, report.bad_file)

    path = tmp_path / "tampered.json"
    path.write_text(data)
    code = rules_cli.main(["verify", str(path)])
    out = capsys.readouterr().out
    assert code == (2 if report.bad_file else 1), out
    assert any(f"✗ {c}:" in out for c in failed & checks), out

    before = (Game.objects.count(), Move.objects.count())
    with pytest.raises(GameError) as refused:
        archive.import_game(data, owner=make_user("Importer"))
    assert "verify" in refused.value.message or "not legal" in refused.value.message
    assert (Game.objects.count(), Move.objects.count()) == before


def test_what_no_check_covers_is_only_about_people_and_times(exported, capsys):
    """Names, title, times, channels and notes are not the game: changing them changes no check."""
    doc = copy.deepcopy(exported)
    doc["title"] = "Another title"
    doc["seats"][0]["name"] = "Someone Else"
    doc["moves"][0]["created_at"] = "2020-01-01T00:00:00+00:00"
    doc["moves"][0]["note"] = "a note"
    assert verify.verify(verify.load(json.dumps(doc))).ok
