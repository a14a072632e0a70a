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
from games.rules import get_engine, verify
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


def test_an_events_sentences_may_be_other_words_than_the_replays(exported):
    """The words of a rules version may be bettered after a game was played: a move's recorded
    sentences are not compared, what they say happened (type, seat, data) is."""
    doc = copy.deepcopy(exported)
    for move in verify.effective_moves(doc):
        for event in move["events"]:
            if "text" in event.get("public", {}):
                event["public"]["text"] = "Older words for the same thing."
    assert verify.verify(verify.load(json.dumps(doc))).ok
    _first_move(doc)["events"][0]["public"]["supply"] = "gold"  # the first move drafts a supply
    assert verify.verify(verify.load(json.dumps(doc))).failed() == ["events"]


# -- the file's shape: each malformed field refused with its own sentence ----------------------------


def _put(*path_and_value):
    """A tampering that sets doc[k1][k2]... to the last argument (a key is added where missing)."""
    *path, value = path_and_value

    def tamper(doc):
        node = doc
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        return doc

    return tamper


def _drop(*path):
    def tamper(doc):
        node = doc
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]
        return doc

    return tamper


def _nested(levels):
    """A list `levels` deep: [[[...]]]."""
    value = []
    for _ in range(levels - 1):
        value = [value]
    return value


def _move(doc, seq):
    return next(m for m in doc["moves"] if m["seq"] == seq)


def _with_seats(count):
    """A tampering that gives the file `count` seats, each a copy of the first."""

    def tamper(doc):
        doc["seats"] = [{**doc["seats"][0], "join_index": i, "position": i} for i in range(count)]
        return doc

    return tamper


def _with_moves(count):
    def tamper(doc):
        doc["moves"] = [{**doc["moves"][1], "seq": i} for i in range(1, count + 1)]
        return doc

    return tamper


MALFORMED = {
    "a list": (lambda d: [d], "The file is JSON but not a game export (it is not an object)."),
    "another format": (
        _put("format", "trailpost-game/2"),
        "The file is not a Trailpost game export: its 'format' is 'trailpost-game/2', not 'trailpost-game/1'.",
    ),
    "a long format, cut": (
        _put("format", "f" * 50),
        f"The file is not a Trailpost game export: its 'format' is {'f' * 40!r}, not 'trailpost-game/1'.",
    ),
    "no format": (
        _drop("format"),
        "The file is not a Trailpost game export: its 'format' is 'None', not 'trailpost-game/1'.",
    ),
    "65 levels": (_put("options", "deep", _nested(63)), "The file nests deeper than 64 levels."),
    "a control character": (
        _put("title", "a\x07b"),
        "The file holds a NUL character, another control character or half of a surrogate pair: it is not a game export.",
    ),
    "rules not text": (_put("rules", 7), "The file's 'rules' must be text."),
    "rules too long": (_put("rules", "r" * 41), "The file's 'rules' is longer than 40 characters."),
    "rules_version too long": (
        _put("rules_version", "1" * 21),
        "The file's 'rules_version' is longer than 20 characters.",
    ),
    "no title": (_drop("title"), "The file's 'title' must be text."),
    "title too long": (_put("title", "t" * 101), "The file's 'title' is longer than 100 characters."),
    "seed_scheme too long": (_put("seed_scheme", "s" * 21), "The file's 'seed_scheme' is longer than 20 characters."),
    "unknown seed scheme": (_put("seed_scheme", "dice-v2"), "Unknown seed scheme 'dice-v2'."),
    "server_seed too long": (_put("server_seed", "0" * 65), "The file's 'server_seed' is longer than 64 characters."),
    "server_seed_sha256 not text": (_put("server_seed_sha256", None), "The file's 'server_seed_sha256' must be text."),
    "seed not text": (_put("seed", 1), "The file's 'seed' must be text."),
    "seed_sha256 too long": (_put("seed_sha256", "0" * 65), "The file's 'seed_sha256' is longer than 64 characters."),
    "options a list": (_put("options", []), "The file's 'options' must be an object."),
    "a game still going": (
        _put("status", "active"),
        "The file's 'status' must be 'finished' or 'aborted': only a game that is over.",
    ),
    "result a list": (_put("result", [1]), "The file's 'result' must be an object."),
    "started_at a number": (_put("started_at", 1), "The file's 'started_at' must be a time."),
    "finished_at too long": (_put("finished_at", "2" * 41), "The file's 'finished_at' must be a time."),
    "no seats": (_put("seats", []), "The file's 'seats' must be 1 to 8."),
    "nine seats": (_with_seats(9), "The file's 'seats' must be 1 to 8."),
    "seats an object": (_put("seats", {}), "The file's 'seats' must be 1 to 8."),
    "a seat a list": (_put("seats", 1, []), "Seat 2 must be an object."),
    "a position past the seats": (_put("seats", 1, "position", 2), "Seat 2's 'position' is not a seat."),
    "a position below 0": (_put("seats", 0, "position", -1), "Seat 1's 'position' is not a seat."),
    "a position as text": (_put("seats", 0, "position", "0"), "Seat 1's 'position' is not a seat."),
    "a join_index past the seats": (_put("seats", 1, "join_index", 2), "Seat 2's 'join_index' is wrong."),
    "a join_index below 0": (_put("seats", 1, "join_index", -1), "Seat 2's 'join_index' is wrong."),
    "a join_index true": (_put("seats", 1, "join_index", True), "Seat 2's 'join_index' is wrong."),
    "a seat's name too long": (_put("seats", 1, "name", "n" * 151), "Seat 2's 'name' is longer than 150 characters."),
    "a seat's entropy too long": (
        _put("seats", 0, "entropy", "e" * 201),
        "Seat 1's 'entropy' is longer than 200 characters.",
    ),
    "is_bot a number": (_put("seats", 0, "is_bot", 0), "Seat 1's 'is_bot' must be true or false."),
    "tenures an object": (_put("seats", 0, "tenures", {}), "Seat 1's 'tenures' must be a list."),
    "1001 tenures": (
        lambda d: _put("seats", 0, "tenures", d["seats"][0]["tenures"] * 1001)(d),
        "Seat 1's 'tenures' must be a list.",
    ),
    "a tenure a list": (_put("seats", 0, "tenures", 0, []), "Seat 1's tenures must be objects."),
    "a tenure's name missing": (_drop("seats", 1, "tenures", 0, "name"), "Seat 2's tenure's 'name' must be text."),
    "a tenure's name too long": (
        _put("seats", 1, "tenures", 0, "name", "n" * 151),
        "Seat 2's tenure's 'name' is longer than 150 characters.",
    ),
    "a tenure without from_seq": (_drop("seats", 0, "tenures", 0, "from_seq"), "Seat 1's tenure needs 'from_seq'."),
    "a tenure from below 0": (_put("seats", 0, "tenures", 0, "from_seq", -1), "Seat 1's tenure needs 'from_seq'."),
    "a tenure from past any seq": (
        _put("seats", 0, "tenures", 0, "from_seq", verify.MAX_SEQ + 1),
        "Seat 1's tenure needs 'from_seq'.",
    ),
    "a tenure until a fraction": (
        _put("seats", 0, "tenures", 0, "until_seq", 1.5),
        "Seat 1's tenure's 'until_seq' must be a move number or null.",
    ),
    "a tenure until past any seq": (
        _put("seats", 0, "tenures", 0, "until_seq", verify.MAX_SEQ + 1),
        "Seat 1's tenure's 'until_seq' must be a move number or null.",
    ),
    "a tenure until text": (
        _put("seats", 0, "tenures", 0, "until_seq", "9"),
        "Seat 1's tenure's 'until_seq' must be a move number or null.",
    ),
    "two join_index the same": (
        lambda d: _put("seats", 1, "join_index", d["seats"][0]["join_index"])(d),
        "The seats' 'join_index' values must be 0 to n-1.",
    ),
    "two positions the same": (
        lambda d: _put("seats", 1, "position", d["seats"][0]["position"])(d),
        "Two seats have the same position.",
    ),
    "moves an object": (_put("moves", {}), "The file's 'moves' must be a list."),
    "10001 moves": (_with_moves(10_001), "The file has more than 10000 moves."),
    "a move a list": (_put("moves", 3, []), "Every move must be an object."),
    "a seq of 0": (_put("moves", 0, "seq", 0), "The moves' 'seq' must be whole numbers, increasing."),
    "a seq repeated": (_put("moves", 2, "seq", 2), "The moves' 'seq' must be whole numbers, increasing."),
    "a seq as text": (_put("moves", 0, "seq", "1"), "The moves' 'seq' must be whole numbers, increasing."),
    "a seq past any seq": (
        _put("moves", -1, "seq", verify.MAX_SEQ + 1),
        "The moves' 'seq' must be whole numbers, increasing.",
    ),
    "an unknown kind": (_put("moves", 1, "kind", "cheat"), "Move 2's 'kind' must be one of move, undo, admin, resign."),
    "a move's position as text": (_put("moves", 0, "position", "1"), "Move 1's 'position' must be a seat or null."),
    "a move's action a list": (_put("moves", 1, "action", []), "Move 2's 'action' must be an object."),
    "a move's events an object": (_put("moves", 1, "events", {}), "Move 2's 'events' is wrong."),
    "an event a list": (_put("moves", 1, "events", [[]]), "Move 2's 'events' is wrong."),
    "a channel not text": (_put("moves", 1, "channel", None), "Move 2's 'channel' must be text."),
    "a channel too long": (
        _put("moves", 1, "channel", "carrier-pigeon"),
        "Move 2's 'channel' is longer than 8 characters.",
    ),
    "created_at too long": (
        _put("moves", 1, "created_at", "2" * 41),
        "Move 2's 'created_at' is longer than 40 characters.",
    ),
    "a note too long": (_put("moves", 1, "note", "n" * 201), "Move 2's 'note' is longer than 200 characters."),
    "undone_by below 0": (
        _put("moves", 1, "undone_by", -1),
        "Move 2's 'undone_by' must be a move number or null.",
    ),
    "a move without its seat": (_put("moves", 1, "position", None), "Move 2 is a move without a seat position."),
    "a resignation without its seat": (
        _put("moves", -1, "position", None),
        "Move 19 is a resign without a seat position.",
    ),
}


@pytest.mark.parametrize("case", list(MALFORMED))
def test_a_malformed_file_is_refused_with_its_sentence(case, exported):
    """Each field of the wrong type, out of its bounds or missing: `load` refuses the file with
    the sentence that names it (what the import page and the command line show)."""
    tamper, sentence = MALFORMED[case]
    doc = tamper(copy.deepcopy(exported))
    with pytest.raises(verify.BadFile) as refused:
        verify.load(json.dumps(doc))
    assert refused.value.message == sentence
    assert str(refused.value) == sentence
    assert verify.verify_text(json.dumps(doc).encode()).bad_file == sentence


def test_every_bound_is_inclusive(exported):
    """A file at each limit, every one at once, is still read: the bounds refuse only past them."""
    doc = copy.deepcopy(exported)
    doc.update(rules_version="1" * 20, title="t" * 100, seed_scheme="", started_at="2" * 40, finished_at=None)
    doc["options"]["deep"] = _nested(62)
    doc["result"] = None
    seat = doc["seats"][0]
    seat.update(name="n" * 150, entropy="e" * 200, position=None)
    seat["tenures"] = [{**seat["tenures"][0], "from_seq": verify.MAX_SEQ, "until_seq": verify.MAX_SEQ}] * 1000
    doc["seats"][1]["position"] = 1
    doc["seats"][1]["tenures"][0].update(name="n" * 150, from_seq=0)
    last = doc["moves"][-1]
    last.update(seq=verify.MAX_SEQ, undone_by=verify.MAX_SEQ, channel="c" * 8, created_at="2" * 40, note="n" * 200)
    assert verify.json_depth(doc) == verify.MAX_DEPTH
    assert verify.load(json.dumps(doc)) == doc
    many = _with_moves(verify.MAX_MOVES)(copy.deepcopy(exported))
    assert len(verify.load(json.dumps(many))["moves"]) == 10_000
    for count in (1, 8):
        seats = _with_seats(count)(copy.deepcopy(exported))
        assert len(verify.load(json.dumps(seats))["seats"]) == count


def test_files_that_are_not_json_are_refused_in_a_sentence(exported):
    text = json.dumps(exported)
    at_the_limit = text + " " * (verify.MAX_BYTES - len(text))
    assert verify.load(at_the_limit) == exported and verify.load(at_the_limit.encode()) == exported
    too_long = at_the_limit + " "
    for data in (too_long, too_long.encode()):
        with pytest.raises(verify.BadFile, match=r"^The file is larger than 5 MB: it is not a game export\.$"):
            verify.load(data)
    with pytest.raises(verify.BadFile, match=r"^The file is not text \(UTF-8\): it is not a game export\.$"):
        verify.load(b"\x89PNG\r\n")
    with pytest.raises(
        verify.BadFile, match=r"^The file is not JSON \(Expecting value: line 1 column 1 \(char 0\)\)\.$"
    ):
        verify.load("not json")
    with pytest.raises(verify.BadFile, match=r"^The file nests deeper than 64 levels: it is not a game export\.$"):
        verify.load("[" * 100_000 + "]" * 100_000)


# -- what the report says: the lines the command line and the verify page show -----------------------


def _h(text):
    """A hash as the report shortens it."""
    return f"{text[:16]}…"


def _report_lines(doc):
    return verify.render(verify.verify(copy.deepcopy(doc)), doc).splitlines()


def _passing_lines(doc):
    winner = next(s["name"] for s in doc["seats"] if s["position"] == doc["result"]["winners"][0])
    return [
        f"Export oregon-trail-race: oregon-trail-race (rules version 1), 2 seats, {len(doc['moves'])} log entries",
        f"✓ commitment: sha256(server seed) = {_h(doc['server_seed_sha256'])}, published at creation "
        f"{_h(doc['server_seed_sha256'])}",
        f"✓ seed: derived from the server seed and 2 contributions in join order: {_h(doc['seed'])}, the recorded seed",
        "✓ seating: the seed seats the players in the recorded order",
        "✓ replay: 16 moves replayed by the engine from the seed, every one legal",
        "✓ events: every move's recorded events (dice, draws, what happened) are the ones the replay makes",
        f"✓ result: the replay ends with the recorded result: {winner} has the only wagon left on the trail.",
        "All checks pass: the file reproduces its recorded result.",
    ]


def test_the_report_of_a_file_that_passes_says_each_check_in_words(exported):
    doc = copy.deepcopy(exported)
    assert _report_lines(doc) == _passing_lines(doc)
    report = verify.verify(copy.deepcopy(doc))
    assert report.moves_replayed == 16 and report.seed_recomputed == doc["seed"]
    positions = {s["join_index"]: s["position"] for s in doc["seats"]}
    assert [positions[j] for j in report.seating_recomputed] == [0, 1]
    assert report.state == verify.verify(copy.deepcopy(doc)).state and report.state is not None
    assert verify.render(report).splitlines() == _passing_lines(doc)[1:]  # no file: no heading


def test_the_report_of_a_tampered_file_says_what_differs(exported):
    doc = copy.deepcopy(exported)
    doc.update(title="", server_seed_sha256="0123456789abcdef", rules_version="0")
    doc["seats"][0]["entropy"] = "chosen afterwards"
    _swap(doc, "position")
    _first_move(doc)["events"] = [{"type": "forged"}]
    result = doc["result"]
    doc["result"] = {**result, "winners": [1 - result["winners"][0]]}
    derived = verify.seeding.derive_seed(doc["server_seed"], [s["entropy"] for s in verify.join_order(doc)])
    lines = _report_lines(doc)
    replayed = get_engine(doc["rules"]).result(verify.verify(copy.deepcopy(doc)).state)
    assert replayed == result  # the recorded result before it was tampered with (its keys in the engine's order)
    assert lines[0] == f"A game: oregon-trail-race (rules version 0), 2 seats, {len(doc['moves'])} log entries"
    assert lines[1:] == [
        f"✗ commitment: sha256(server seed) = {_h(verify.seeding.commitment(doc['server_seed']))}, published at "
        "creation 0123456789abcdef: THEY DIFFER",
        f"✗ seed: derived from the server seed and 2 contributions in join order: {_h(derived)}; the file says "
        f"{_h(doc['seed'])}: THEY DIFFER",
        "✗ seating: the seed seats the players in another order than the file's",
        "· rules version: played under rules version 0, checked with version 1",
        "✓ replay: 16 moves replayed by the engine from the seed, every one legal",
        f"✗ events: move {_first_move(doc)['seq']}'s recorded events are not the ones the replay makes",
        f"✗ result: the replay ends with {json.dumps(replayed)}, the file records {json.dumps(doc['result'])}",
        "Verification FAILED: commitment, seed, seating, events, result.",
    ]


def test_the_report_before_commit_reveal_checks_the_seed_by_its_hash(exported):
    doc = copy.deepcopy(exported)
    doc.update(seed_scheme="", server_seed="", server_seed_sha256="")
    lines = _report_lines(doc)
    assert lines[1:3] == [
        "· commitment: this game's seed was drawn by the server alone, before commit-reveal",
        f"✓ seed: checked against the sha256 published at the start only (no commit-reveal): {_h(doc['seed_sha256'])}",
    ]
    assert lines[3:] == _passing_lines(exported)[4:], "no seating check: the seating was not drawn from the seed"
    doc["seed_sha256"] = "0123456789abcdef"  # 16 characters: shown whole
    report = verify.verify(copy.deepcopy(doc))
    assert report.failed() == ["seed"] and report.seating_recomputed is None and report.seed_recomputed is None
    assert report.checks[1].detail.endswith("(no commit-reveal): 0123456789abcdef: IT DIFFERS")
    doc["seed_sha256"] = "0123456789abcdefa"  # 17: cut
    assert (
        verify.verify(copy.deepcopy(doc)).checks[1].detail.endswith("(no commit-reveal): 0123456789abcdef…: IT DIFFERS")
    )
    doc["seed_sha256"] = ""
    assert verify.verify(copy.deepcopy(doc)).checks[1].detail.endswith("(no commit-reveal): (none): IT DIFFERS")


def test_a_game_that_never_started_has_no_seed_and_no_moves(exported):
    doc = copy.deepcopy(exported)
    doc.update(seed="", seed_sha256="", status="aborted", result=None)
    doc["moves"] = [m for m in doc["moves"] if m["kind"] == "admin"]
    report = verify.verify(copy.deepcopy(doc))
    assert report.ok and report.bad_file is None and report.state is None
    assert [(c.name, c.ok, c.detail) for c in report.checks][1:] == [
        ("seed", None, "the game never started: it has no seed")
    ]
    assert verify.render(report, doc).splitlines() == [
        "Export oregon-trail-race: oregon-trail-race (rules version 1), 2 seats, 1 log entry",
        f"✓ commitment: sha256(server seed) = {_h(doc['server_seed_sha256'])}, published at creation "
        f"{_h(doc['server_seed_sha256'])}",
        "· seed: the game never started: it has no seed",
        "All checks pass: the file reproduces its recorded result.",
    ]
    doc["moves"] = exported["moves"]
    report = verify.verify(copy.deepcopy(doc))
    assert report.bad_file == "The file has moves but no seed." and not report.ok
    assert report.checks[-1] == verify.Check("replay", False, "The file has moves but no seed.")
    assert verify.render(report, doc).splitlines()[-2:] == [
        "✗ replay: The file has moves but no seed.",
        "The file cannot be verified.",
    ]


def test_a_file_the_engine_cannot_replay_is_a_bad_file_named_by_its_move(exported, monkeypatch):
    doc = copy.deepcopy(exported)
    move = _first_move(doc)
    move["action"] = {"type": "teleport"}
    report = verify.verify(copy.deepcopy(doc))
    assert report.bad_file.startswith(f"The move {move['seq']} (seat {move['position']}) is not legal: ")
    assert report.moves_replayed == 0 and report.state is None and report.failed() == ["replay"]

    doc = copy.deepcopy(exported)
    move = _first_move(doc)
    move["position"] = 5
    report = verify.verify(copy.deepcopy(doc))
    assert report.bad_file == f"The move {move['seq']} (seat 5) is not legal: there is no such seat"

    doc = copy.deepcopy(exported)
    later = [m for m in verify.effective_moves(doc) if m["kind"] == "move"][3]
    later["action"] = {"type": "unreadable"}
    engine = get_engine(doc["rules"])
    apply = engine.apply

    def crashes_on_unreadable(state, position, action):
        if action["type"] == "unreadable":
            raise ValueError("x" * 300)  # an engine's bug, or an action it cannot even read
        return apply(state, position, action)

    monkeypatch.setattr(engine, "apply", crashes_on_unreadable)
    report = verify.verify(copy.deepcopy(doc))
    assert report.moves_replayed == 3 and report.failed() == ["replay"] and report.state is None
    assert report.checks[-1] == verify.Check("replay", False, report.bad_file)
    assert (
        report.bad_file
        == f"The move {later['seq']} (seat {later['position']}) cannot be played (ValueError: {'x' * 200})."
    )

    doc = copy.deepcopy(exported)
    doc["options"] = {"trail_length": "far"}
    report = verify.verify(copy.deepcopy(doc))
    assert report.bad_file.startswith("The engine cannot deal this game (BadOptions: ")
    assert report.checks[-1] == verify.Check("replay", False, report.bad_file) and report.moves_replayed == 0


def test_a_bad_file_alone_is_one_line_and_unknown_rules_are_refused(exported):
    report = verify.verify_text(b"[]")
    assert verify.render(report).splitlines() == [
        "✗ The file is JSON but not a game export (it is not an object).",
        "The file cannot be verified.",
    ]
    doc = copy.deepcopy(exported)
    doc["rules"] = "chess"
    with pytest.raises(verify.BadFile, match=r"^Unknown rules 'chess': this verifier plays none by that name\.$"):
        verify.verify(doc)
    assert verify.verify_text(json.dumps(doc)).bad_file.startswith("Unknown rules 'chess'")
    assert verify.verify_text(json.dumps(exported)).ok


def test_a_game_aborted_in_play_verifies_with_no_result(exported):
    """A game a moderator aborted half-way: its moves replay, and neither the file nor the replay
    has a result, which is the same result."""
    doc = copy.deepcopy(exported)
    doc["moves"] = [m for m in doc["moves"] if m["kind"] != "resign"]
    doc.update(status="aborted", result=None)
    report = verify.verify(copy.deepcopy(doc))
    assert report.ok and report.checks[-1] == verify.Check("result", True, "the replay ends with the recorded result")


def test_a_long_result_is_cut_in_the_report(exported, monkeypatch):
    """What the report echoes of a result, the file's or the replay's, is at most 200 characters."""
    doc = copy.deepcopy(exported)
    doc["result"] = {"winners": [0], "reason": "f" * 300}
    engine = get_engine(doc["rules"])
    monkeypatch.setattr(engine, "result", lambda state: {"winners": [1], "reason": "r" * 300})
    detail = verify.verify(copy.deepcopy(doc)).checks[-1].detail
    replayed = json.dumps({"winners": [1], "reason": "r" * 300})[:200]
    recorded = json.dumps(doc["result"])[:200]
    assert detail == f"the replay ends with {replayed}, the file records {recorded}"
