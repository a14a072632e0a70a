"""A finished game as one JSON file, and back: `export_game` writes what anyone needs to re-check
its dice without the server (format "trailpost-game/1": rules, options, seats with their
contributions and who held them, the server seed and the seed, every move unredacted), and
`import_game` loads such a file, once `games.rules.verify` has checked it reproduces its result,
as a private game of the importer's for replay and analysis.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from core.errors import ErrorCode, GameError
from games.models import Game, Move, Seat, Tenure
from games.rules import BadOptions, get_engine, verify

FORMAT = verify.FORMAT
MAX_IMPORT_BYTES = verify.MAX_BYTES
BOT_NAME_MAX = Seat._meta.get_field("bot_name").max_length


def _iso(value) -> str | None:
    return value.isoformat() if value else None


def export_game(game: Game) -> dict:
    """Returns the game as the export format; one query per table. Only a game that is over (its
    seeds are secret before): otherwise GameError GAME_NOT_FINISHED."""
    if not game.is_over:
        raise GameError(
            ErrorCode.GAME_NOT_FINISHED, "A game can be downloaded once it is over and its seeds are revealed."
        )
    seats = sorted(game.seats.select_related("user"), key=lambda s: (s.joined_at, s.pk))
    tenures: dict[int, list] = {}
    for position, name, from_seq, until_seq, is_bot in Tenure.objects.filter(game=game).values_list(
        "position", "name", "from_seq", "until_seq", "is_bot"
    ):
        tenures.setdefault(position, []).append(
            {"name": name, "from_seq": from_seq, "until_seq": until_seq, "is_bot": is_bot}
        )
    moves = [
        {
            "seq": seq,
            "kind": kind,
            "position": position,
            "action": action,
            "events": events,
            "channel": channel,
            "created_at": created_at.isoformat(),
            "undone_by": undone_by,
            "note": note,
        }
        for seq, kind, position, action, events, channel, created_at, undone_by, note in game.moves.order_by(
            "seq"
        ).values_list("seq", "kind", "position", "action", "events", "channel", "created_at", "undone_by", "note")
    ]
    return {
        "format": FORMAT,
        "rules": game.rules,
        "rules_version": game.rules_version,
        "options": game.options,
        "title": game.title,
        "status": game.status,
        "seed_scheme": game.seed_scheme,
        "server_seed": game.server_seed,
        "server_seed_sha256": game.server_seed_sha256,
        "seed": game.seed,
        "seed_sha256": game.seed_sha256,
        "seats": [
            {
                "position": s.position,
                "join_index": i,
                "name": s.name,
                "entropy": s.entropy,
                "is_bot": s.is_bot,
                "status": s.status,
                # a game from before tenures were kept: the seat's holder now held it throughout
                "tenures": sorted(tenures.get(s.position, []), key=lambda t: t["from_seq"])
                or (
                    [{"name": s.name, "from_seq": 1, "until_seq": None, "is_bot": s.is_bot}]
                    if s.position is not None
                    else []
                ),
            }
            for i, s in enumerate(seats)
        ],
        "moves": moves,
        "result": game.result,
        "created_at": _iso(game.created_at),
        "started_at": _iso(game.started_at),
        "finished_at": _iso(game.finished_at),
        "exported_at": timezone.now().isoformat(),
    }


def export_json(game: Game) -> bytes:
    """Returns the export as the file's bytes (UTF-8 JSON)."""
    return json.dumps(export_game(game), ensure_ascii=False, separators=(",", ":")).encode()


def export_filename(game: Game) -> str:
    return f"trailpost-game-{game.pk}-{game.rules}.json"


# -- import ----------------------------------------------------------------------------------------


def _when(text: str | None):
    """Returns an ISO time from the file as an aware datetime, or None if it is not one."""
    if not text:
        return None
    try:
        value = datetime.fromisoformat(text)
        if timezone.is_naive(value):
            value = timezone.make_aware(value, UTC)
        value.astimezone(UTC)  # a time at the calendar's very edge cannot be stored
    except (ValueError, OverflowError):
        return None
    return value


def _refuse(message: str):
    return GameError(ErrorCode.VALIDATION_ERROR, message)


def read_export(data: bytes | str) -> tuple[dict, verify.Report]:
    """Reads and verifies a file; raises GameError VALIDATION_ERROR (a sentence) unless it is a
    game export that reproduces its recorded result."""
    try:
        doc = verify.load(data)
        report = verify.verify(doc)
    except verify.BadFile as exc:
        raise _refuse(exc.message) from None
    if report.bad_file:
        raise _refuse(report.bad_file)
    if not report.ok:
        failed = ", ".join(report.failed())
        raise _refuse(f"The file does not verify (failed: {failed}): it is not the record of a fair game.")
    for move in doc["moves"]:
        if move["channel"] not in Move.Channel.values:
            raise _refuse(f"Move {move['seq']} came by an unknown channel {move['channel']!r}.")
        if _when(move["created_at"]) is None:
            raise _refuse(f"Move {move['seq']}'s time {move['created_at'][:40]!r} is not a time.")
    return doc, report


def _check_import_cap(owner) -> None:
    cap = settings.TRAILPOST["IMPORTS_PER_HOUR"]
    since = timezone.now() - timedelta(hours=1)
    made = list(
        Game.objects.filter(owner=owner, imported=True, created_at__gt=since)
        .order_by("-created_at")
        .values_list("created_at", flat=True)[:cap]
    )
    if len(made) >= cap:
        retry_after = max(1, int((made[-1] - since).total_seconds()) + 1)
        raise GameError(
            ErrorCode.THROTTLED,
            f"You have imported {cap} games in the last hour, the most allowed; try again later.",
            limit=cap,
            retry_after=retry_after,
        )


@transaction.atomic
def import_game(data: bytes | str, *, owner) -> Game:
    """Creates a finished, private game of `owner`'s from an export file, its seats played by bots
    named as in the file; raises GameError (nothing written) for a file that does not verify, or
    past the owner's IMPORTS_PER_HOUR (THROTTLED: each import replays its whole file)."""
    _check_import_cap(owner)
    doc, report = read_export(data)
    moves = doc["moves"]
    seats_in_order = verify.join_order(doc)
    finished_at = _when(doc.get("finished_at")) or timezone.now()
    seated = sum(1 for s in seats_in_order if s["position"] is not None)
    try:
        options = get_engine(doc["rules"]).normalize_options(doc["options"], seated or None)
    except BadOptions as exc:  # a game that never started: its options were not dealt by the verifier
        raise _refuse(f"The file's options are not this game's: {exc}") from None
    game = Game.objects.create(
        rules=doc["rules"],
        rules_version=doc["rules_version"],
        options=options,
        title=doc["title"][:100],
        owner=owner,
        status=doc["status"],
        max_players=len(seats_in_order),
        is_open=False,
        visibility=Game.Visibility.PRIVATE,
        server_seed=doc["server_seed"],
        server_seed_sha256=doc["server_seed_sha256"],
        seed=doc["seed"],
        seed_sha256=doc["seed_sha256"],
        seed_scheme=doc["seed_scheme"],
        state=report.state,
        version=moves[-1]["seq"] if moves else 0,
        result=doc["result"],
        started_at=_when(doc.get("started_at")),
        finished_at=finished_at,
        imported=True,
    )
    # Created one by one in join order, so (joined_at, pk) keeps the file's order of arrival.
    seats = {}
    for s in seats_in_order:
        seats[s["join_index"]] = Seat.objects.create(
            game=game,
            position=s["position"],
            is_bot=True,
            bot_name=s["name"][:BOT_NAME_MAX],
            entropy=s["entropy"],
            status=s.get("status") if s.get("status") in Seat.Status.values else Seat.Status.PLAYING,
        )
    by_position = {seat.position: seat for seat in seats.values() if seat.position is not None}
    Tenure.objects.bulk_create(
        Tenure(
            game=game,
            position=s["position"],
            is_bot=True,
            name=t["name"],
            from_seq=t["from_seq"],
            until_seq=t.get("until_seq"),
        )
        for s in seats_in_order
        if s["position"] is not None
        for t in s["tenures"]
    )
    rows = Move.objects.bulk_create(
        Move(
            game=game,
            seq=m["seq"],
            kind=m["kind"],
            seat=by_position.get(m["position"]),
            position=m["position"],
            action=m["action"],
            events=m["events"],
            channel=m["channel"],
            undone_by=m["undone_by"],
            note=m["note"],
        )
        for m in moves
    )
    # auto_now_add stamped them now; the file's times are the game's own.
    for row, m in zip(rows, moves, strict=True):
        row.created_at = _when(m["created_at"])
    Move.objects.bulk_update(rows, ["created_at"], batch_size=500)
    return game
