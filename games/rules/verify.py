"""Checks an exported game ("trailpost-game/1", games.archive) without the server: the
commitment, the seed, the seating and the whole log replayed by the engine. Pure Python, like
the engines: `python -m games.rules verify FILE` runs it, and the server's import and verify
page use the same code.

A file is first read and checked for shape (`load`, `check_shape`): anything that is not such a
file (not JSON, another format, wrong types, too long, unknown rules) raises `BadFile` with a
sentence. `verify` then answers a `Report`: each check passed or failed, and the replayed state.
A move the engine refuses is a failed replay and also a `Report.bad_file` sentence: the file
cannot be what a game on a Trailpost server recorded.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from . import get_engine, replaying, seeding
from .base import IllegalAction, counted, json_depth, json_has_unsafe_text, name_seats

FORMAT = "trailpost-game/1"
MAX_BYTES = 5 * 1024 * 1024
MAX_MOVES = 10_000  # a 6-player Crayon Rails game to 500 cash takes about 1,100; replaying 10,000 takes seconds
MAX_SEATS = 8
MAX_DEPTH = 64
MAX_SEQ = 2_000_000_000  # a database's whole number; no game's log comes near it
MOVE_KINDS = ("move", "undo", "admin", "resign")
OVER = ("finished", "aborted")
SCHEMES = ("", seeding.SCHEME)


class BadFile(ValueError):
    """A file that is not a game export this verifier can read; the message is a sentence."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass
class Check:
    name: str
    ok: bool | None  # None: not applicable (a note)
    detail: str


@dataclass
class Report:
    checks: list[Check] = field(default_factory=list)
    state: dict | None = None
    moves_replayed: int = 0
    seed_recomputed: str | None = None
    seating_recomputed: list[int] | None = None
    bad_file: str | None = None

    @property
    def ok(self) -> bool:
        return self.bad_file is None and all(c.ok is not False for c in self.checks)

    def failed(self) -> list[str]:
        return [c.name for c in self.checks if c.ok is False]

    def add(self, name: str, ok: bool | None, detail: str) -> bool | None:
        self.checks.append(Check(name, ok, detail))
        return ok


# -- reading -------------------------------------------------------------------------------------


def load(data: bytes | str) -> dict:
    """Returns the parsed, shape-checked export; raises BadFile with a sentence."""
    if len(data) > MAX_BYTES:
        raise BadFile(f"The file is larger than {MAX_BYTES // (1024 * 1024)} MB: it is not a game export.")
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise BadFile("The file is not text (UTF-8): it is not a game export.") from None
    try:
        doc = json.loads(data)
    except RecursionError:
        raise BadFile(f"The file nests deeper than {MAX_DEPTH} levels: it is not a game export.") from None
    except ValueError as exc:
        raise BadFile(f"The file is not JSON ({exc}).") from None
    check_shape(doc)
    return doc


def _is_int(v) -> bool:
    return type(v) is int


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise BadFile(message)


def _text(doc: dict, key: str, limit: int, where: str = "The file") -> str:
    value = doc.get(key)
    _need(isinstance(value, str), f"{where}'s '{key}' must be text.")
    _need(len(value) <= limit, f"{where}'s '{key}' is longer than {limit} characters.")
    return value


def _opt_int(value, message: str) -> None:
    _need(value is None or (_is_int(value) and 0 <= value <= MAX_SEQ), message)


def check_shape(doc) -> None:
    """Raises BadFile unless `doc` has the export's shape, every field of its type and bounded."""
    _need(isinstance(doc, dict), "The file is JSON but not a game export (it is not an object).")
    _need(
        doc.get("format") == FORMAT,
        f"The file is not a Trailpost game export: its 'format' is {str(doc.get('format'))[:40]!r}, not {FORMAT!r}.",
    )
    _need(json_depth(doc) <= MAX_DEPTH, f"The file nests deeper than {MAX_DEPTH} levels.")
    _need(
        not json_has_unsafe_text(doc),
        "The file holds a NUL character, another control character or half of a surrogate pair: it is not a game export.",
    )
    _text(doc, "rules", 40)
    _text(doc, "rules_version", 20)
    _text(doc, "title", 100)
    _need(_text(doc, "seed_scheme", 20) in SCHEMES, f"Unknown seed scheme {doc['seed_scheme']!r}.")
    for key in ("server_seed", "server_seed_sha256", "seed", "seed_sha256"):
        _text(doc, key, 64)
    _need(isinstance(doc.get("options"), dict), "The file's 'options' must be an object.")
    _need(doc.get("status") in OVER, "The file's 'status' must be 'finished' or 'aborted': only a game that is over.")
    _need(doc.get("result") is None or isinstance(doc.get("result"), dict), "The file's 'result' must be an object.")
    for key in ("started_at", "finished_at"):
        value = doc.get(key)
        _need(value is None or (isinstance(value, str) and len(value) <= 40), f"The file's '{key}' must be a time.")

    seats = doc.get("seats")
    _need(isinstance(seats, list) and 1 <= len(seats) <= MAX_SEATS, f"The file's 'seats' must be 1 to {MAX_SEATS}.")
    n = len(seats)
    for i, seat in enumerate(seats):
        where = f"Seat {i + 1}"
        _need(isinstance(seat, dict), f"{where} must be an object.")
        position = seat.get("position")
        _need(position is None or (_is_int(position) and 0 <= position < n), f"{where}'s 'position' is not a seat.")
        _need(_is_int(seat.get("join_index")) and 0 <= seat["join_index"] < n, f"{where}'s 'join_index' is wrong.")
        _text(seat, "name", 150, where)
        _text(seat, "entropy", seeding.MAX_CONTRIBUTION, where)
        _need(isinstance(seat.get("is_bot"), bool), f"{where}'s 'is_bot' must be true or false.")
        tenures = seat.get("tenures")
        _need(isinstance(tenures, list) and len(tenures) <= 1000, f"{where}'s 'tenures' must be a list.")
        for tenure in tenures:
            _need(isinstance(tenure, dict), f"{where}'s tenures must be objects.")
            _text(tenure, "name", 150, f"{where}'s tenure")
            _need(
                _is_int(tenure.get("from_seq")) and 0 <= tenure["from_seq"] <= MAX_SEQ,
                f"{where}'s tenure needs 'from_seq'.",
            )
            _opt_int(tenure.get("until_seq"), f"{where}'s tenure's 'until_seq' must be a move number or null.")
    _need(sorted(s["join_index"] for s in seats) == list(range(n)), "The seats' 'join_index' values must be 0 to n-1.")
    positions = [s["position"] for s in seats if s["position"] is not None]
    _need(len(set(positions)) == len(positions), "Two seats have the same position.")

    moves = doc.get("moves")
    _need(isinstance(moves, list), "The file's 'moves' must be a list.")
    _need(len(moves) <= MAX_MOVES, f"The file has more than {MAX_MOVES} moves.")
    last = 0
    for move in moves:
        _need(isinstance(move, dict), "Every move must be an object.")
        seq = move.get("seq")
        _need(_is_int(seq) and last < seq <= MAX_SEQ, "The moves' 'seq' must be whole numbers, increasing.")
        last = seq
        where = f"Move {seq}"
        _need(move.get("kind") in MOVE_KINDS, f"{where}'s 'kind' must be one of {', '.join(MOVE_KINDS)}.")
        _opt_int(move.get("position"), f"{where}'s 'position' must be a seat or null.")
        _need(isinstance(move.get("action"), dict), f"{where}'s 'action' must be an object.")
        events = move.get("events")
        _need(isinstance(events, list) and all(isinstance(e, dict) for e in events), f"{where}'s 'events' is wrong.")
        _text(move, "channel", 8, where)
        _text(move, "created_at", 40, where)
        _text(move, "note", 200, where)
        _opt_int(move.get("undone_by"), f"{where}'s 'undone_by' must be a move number or null.")
        if move["kind"] in ("move", "resign"):
            _need(_is_int(move.get("position")), f"{where} is a {move['kind']} without a seat position.")


# -- checking ------------------------------------------------------------------------------------


def _short(h: str) -> str:
    return f"{h[:16]}…" if len(h) > 16 else h or "(none)"


def _canonical(value):
    return json.loads(json.dumps(value, sort_keys=True))


def _without_text(value):
    if isinstance(value, dict):
        return {k: _without_text(v) for k, v in value.items() if k != "text"}
    if isinstance(value, list):
        return [_without_text(v) for v in value]
    return value


def _substance(events):
    """What a move's events say happened, their sentences set aside: the words of a rules version
    may be bettered after a game was played (a plural, a place named instead of its x,y), what the
    dice and the players decided (each event's type, seat and data) may not."""
    return _canonical(_without_text(events if isinstance(events, list) else []))


def join_order(doc: dict) -> list[dict]:
    """Returns the file's seats in the order they joined."""
    return sorted(doc["seats"], key=lambda s: s["join_index"])


def effective_moves(doc: dict) -> list[dict]:
    """Returns the moves a replay applies: moves and resignations that no undo cancelled."""
    return [m for m in doc["moves"] if m["kind"] in ("move", "resign") and m.get("undone_by") is None]


def _where(move: dict) -> str:
    return f"move {move['seq']} (seat {move['position']})"


def verify(doc: dict) -> Report:
    """Checks a shape-checked export (load); raises BadFile for rules this verifier lacks."""
    try:
        engine = get_engine(doc["rules"])
    except (KeyError, ImportError):
        raise BadFile(f"Unknown rules {doc['rules']!r}: this verifier plays none by that name.") from None
    report = Report()
    scheme, server_seed, seed = doc["seed_scheme"], doc["server_seed"], doc["seed"]
    seated = [s for s in doc["seats"] if s["position"] is not None]

    if scheme == seeding.SCHEME:
        committed = seeding.commitment(server_seed) == doc["server_seed_sha256"]
        report.add(
            "commitment",
            committed,
            f"sha256(server seed) = {_short(seeding.commitment(server_seed))}, published at creation "
            f"{_short(doc['server_seed_sha256'])}" + ("" if committed else ": THEY DIFFER"),
        )
    else:
        report.add("commitment", None, "this game's seed was drawn by the server alone, before commit-reveal")

    if not seed:
        report.add("seed", None, "the game never started: it has no seed")
        if effective_moves(doc):
            report.bad_file = "The file has moves but no seed."
            report.add("replay", False, report.bad_file)
        return report

    if scheme == seeding.SCHEME:
        contributions = [s["entropy"] for s in join_order(doc)]
        report.seed_recomputed = seeding.derive_seed(server_seed, contributions)
        seed_ok = report.seed_recomputed == seed and hashlib.sha256(seed.encode()).hexdigest() == doc["seed_sha256"]
        report.add(
            "seed",
            seed_ok,
            f"derived from the server seed and {counted(len(contributions), 'contribution')} in join order: "
            f"{_short(report.seed_recomputed)}"
            + (", the recorded seed" if seed_ok else f"; the file says {_short(seed)}: THEY DIFFER"),
        )
        report.seating_recomputed = seeding.seating(seed, len(seated))
        by_join = {s["join_index"]: s for s in doc["seats"]}
        seating_ok = len(seated) == len(doc["seats"]) and all(
            by_join[j]["position"] == p for p, j in enumerate(report.seating_recomputed)
        )
        report.add(
            "seating",
            seating_ok,
            "the seed seats the players in the recorded order"
            if seating_ok
            else "the seed seats the players in another order than the file's",
        )
    else:
        seed_ok = hashlib.sha256(seed.encode()).hexdigest() == doc["seed_sha256"]
        report.add(
            "seed",
            seed_ok,
            f"checked against the sha256 published at the start only (no commit-reveal): "
            f"{_short(doc['seed_sha256'])}" + ("" if seed_ok else ": IT DIFFERS"),
        )

    if doc["rules_version"] != engine.version:
        report.add(
            "rules version",
            None,
            f"played under rules version {doc['rules_version']}, checked with version {engine.version}",
        )

    positions = {s["position"] for s in seated}
    try:
        state = engine.new_state(engine.normalize_options(doc["options"], len(seated)), len(seated), seed)
    except Exception as exc:  # bad options, or an engine refusing them: never a traceback
        report.bad_file = f"The engine cannot deal this game ({type(exc).__name__}: {exc})."
        report.add("replay", False, report.bad_file)
        return report
    moves = effective_moves(doc)
    steps = [(m["kind"], m["position"], m["action"]) for m in moves]
    differs = None
    try:  # the move that fails is the one after those replayed
        for index, events in replaying.play(engine, state, steps, seats=positions):
            report.moves_replayed = index + 1
            if differs is None and _substance(events) != _substance(moves[index]["events"]):
                differs = moves[index]["seq"]
    except IllegalAction as exc:  # refused by the engine, or naming no seat (replaying.IllegalStep)
        report.bad_file = f"The {_where(moves[report.moves_replayed])} is not legal: {exc}"
    except Exception as exc:  # an action the engine cannot even read
        report.bad_file = (
            f"The {_where(moves[report.moves_replayed])} cannot be played ({type(exc).__name__}: {str(exc)[:200]})."
        )
    if report.bad_file:
        report.add("replay", False, report.bad_file)
        return report
    report.state = state
    report.add(
        "replay",
        True,
        f"{counted(report.moves_replayed, 'move')} replayed by the engine from the seed, every one legal",
    )
    report.add(
        "events",
        differs is None,
        "every move's recorded events (dice, draws, what happened) are the ones the replay makes"
        if differs is None
        else f"move {differs}'s recorded events are not the ones the replay makes",
    )
    result = engine.result(state)
    same = _canonical(result) == _canonical(doc.get("result"))
    said = (result or {}).get("reason") if isinstance(result, dict) else None
    if isinstance(said, str):
        said = name_seats(said, {s["position"]: s["name"] for s in seated})
    report.add(
        "result",
        same,
        ("the replay ends with the recorded result" + (f": {said}" if said else ""))
        if same
        else f"the replay ends with {json.dumps(result)[:200]}, the file records {json.dumps(doc.get('result'))[:200]}",
    )
    return report


def verify_text(data: bytes | str) -> Report:
    """Reads and verifies a file's content; a file that cannot be read is a Report with bad_file."""
    try:
        return verify(load(data))
    except BadFile as exc:
        return Report(bad_file=exc.message)


def render(report: Report, doc: dict | None = None) -> str:
    """Returns the report as lines a person reads (each check ✓ or ✗)."""
    lines = []
    if doc is not None:
        lines.append(
            f"{doc.get('title') or 'A game'}: {doc.get('rules')} (rules version {doc.get('rules_version')}), "
            f"{counted(len(doc.get('seats') or []), 'seat')}, {counted(len(doc.get('moves') or []), 'log entry', 'log entries')}"
        )
    for check in report.checks:
        mark = {True: "✓", False: "✗", None: "·"}[check.ok]
        lines.append(f"{mark} {check.name}: {check.detail}")
    if report.bad_file and not any(c.detail == report.bad_file for c in report.checks):
        lines.append(f"✗ {report.bad_file}")
    if report.ok:
        lines.append("All checks pass: the file reproduces its recorded result.")
    elif report.bad_file:
        lines.append("The file cannot be verified.")
    else:
        lines.append(f"Verification FAILED: {', '.join(report.failed())}.")
    return "\n".join(lines)
