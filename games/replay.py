"""A game's table at any step of its log, for the replay viewer (web page and API).

A step is an index into the game's effective log: the moves and resignations that were not undone,
oldest first (what `selectors.replay_state` replays); step 0 is the dealt table, step n the table
after the n-th of them. Replaying from the seed costs the whole log, so the full state is kept
(`Snapshot`) after every SNAPSHOT_EVERY effective moves: a step starts from the nearest snapshot at
or below it and applies at most SNAPSHOT_EVERY - 1 moves (games.rules.replaying's `play`, the
replay the selectors and the export verifier use too). Snapshots are written lazily, by the
first replay that passes their place, and `services.game_undo` deletes those at or after the first
move it undoes (they would hold undone moves).

Who sees what (`replay_step`): once the game is over, anyone who may see the game sees every hand
(`Engine.open_view`; never a deck's order nor the seed, which the game page reveals on its own).
While it is in play, a seated player sees their own view at each step (their hand then, nobody
else's) and anyone else the spectator's view: the public table the game page already shows them.
"""

from __future__ import annotations

from django.db import transaction

from core.errors import ErrorCode, GameError
from games import selectors
from games.models import Game, Seat, Snapshot
from games.rules import replaying
from games.rules.base import json_roundtrip

SNAPSHOT_EVERY = 25


def effective_moves(game: Game):
    """Returns the moves that make the game's state, oldest first: not undone, moves and resignations."""
    return game.moves.filter(undone_by__isnull=True, kind__in=selectors.REPLAYED_KINDS).order_by("seq")


def steps(game: Game) -> list[tuple[int, int | None]]:
    """Returns (seq, position) of each effective move, oldest first: step n is the table after the
    n-th of them."""
    return list(effective_moves(game).values_list("seq", "position"))


def snapshot_state(game: Game, seq: int) -> dict | None:
    """Returns the full state after the move `seq` (0: the dealt table), as replay_state(upto_seq=seq)
    would: from the nearest snapshot at or below `seq`, the effective moves after it applied. Stores
    the snapshots this replay passes that were missing. None for a game without a seed."""
    if not game.seed:
        return None
    engine = game.engine
    snap = Snapshot.objects.filter(game=game, seq__lte=seq).order_by("-seq").values_list("seq", "state").first()
    base, state = snap if snap is not None else (0, None)
    if state is None:
        seats = game.seats.filter(position__isnull=False).count()
        state = engine.new_state(game.options, seats, game.seed)
    rows = selectors.replay_steps(effective_moves(game).filter(seq__gt=base, seq__lte=seq))
    new: list[Snapshot] = []
    for index, _events in replaying.play(engine, state, [step for _seq, step in rows]):
        if (index + 1) % SNAPSHOT_EVERY == 0:
            new.append(Snapshot(game=game, seq=rows[index][0], state=json_roundtrip(state)))
    if new:
        _store(game, base, new, applied_to_last=len(new) * SNAPSHOT_EVERY)
    return state


def _store(game: Game, base: int, snapshots: list[Snapshot], *, applied_to_last: int) -> None:
    """Stores snapshots computed from `base` unless an undo since made them wrong.

    Under the game's row lock (which game_undo holds while it marks moves undone and deletes
    snapshots), the log must still hold the moves this replay applied up to the last snapshot,
    and the snapshot it started from must still exist; otherwise nothing is stored."""
    last = snapshots[-1].seq
    with transaction.atomic():
        Game.objects.select_for_update().filter(pk=game.pk).values_list("pk", flat=True).first()
        if base and not Snapshot.objects.filter(game=game, seq=base).exists():
            return
        if effective_moves(game).filter(seq__gt=base, seq__lte=last).count() != applied_to_last:
            return
        Snapshot.objects.bulk_create(snapshots, ignore_conflicts=True)


# -- who sees what ---------------------------------------------------------------------------------


def named_view(view, names: dict):
    """Returns a view whose sentences name the players, and whose players carry their names."""
    out = _named(view, names)
    if isinstance(out, dict):
        for p in out.get("players") or []:
            if isinstance(p, dict) and isinstance(p.get("seat"), int):
                p["name"] = names.get(p["seat"], p.get("name") or f"Seat {p['seat'] + 1}")
    return out


def _named(value, names: dict):
    if isinstance(value, str):
        return selectors.with_names(value, names)
    if isinstance(value, dict):
        return {k: _named(v, names) for k, v in value.items()}
    if isinstance(value, list):
        if value and all(type(v) is int for v in value):
            return list(value)  # coordinates and counts
        return [_named(v, names) for v in value]
    return value


def viewer_position(game: Game, seat: Seat | None) -> int | None:
    """Returns whose view a replay shows the viewer while the game is in play: their seat's
    position if they hold one, None (the spectator's view) otherwise."""
    if seat is None or seat.position is None:
        return None
    return seat.position


def replay_step(game: Game, *, step: int | None, seat: Seat | None) -> dict:
    """Returns the table at `step` (None: the latest) as the viewer (their seat in the game, or None) may see it:

    {"step", "total_steps", "seq", "open", "position", "view", "hands", "move"}. `open`: the game is
    over and every hand is shown (`hands`: each seat's own part, named); otherwise `view` is the
    seat's own view (`position`) or the spectator's. `move` is the log entry of the move that made
    this step (None at step 0), redacted as the log redacts it for the viewer (over: as its mover
    saw it). Raises GameError when the game has no table yet or the step is not one of the game's.
    """
    if game.state is None or not game.seed or game.status == Game.Status.LOBBY:
        raise GameError(ErrorCode.GAME_NOT_ACTIVE, "The game has not started: there is nothing to replay yet.")
    log = steps(game)
    total = len(log)
    if step is None:
        step = total
    if step < 0 or step > total:
        raise GameError(
            ErrorCode.NOT_FOUND,
            f"There is no step {step}: this game's steps are 0 (the start) to {total}.",
            total_steps=total,
        )
    seq, mover_position = log[step - 1] if step else (0, None)
    state = game.state if step == total else snapshot_state(game, seq)
    engine = game.engine
    seats = list(game.seats.all())
    # the table at this step names whoever held each seat then (games.models.Tenure)
    names = selectors.game_names(game).at(max(seq, 1))
    is_open = game.is_over
    position = None if is_open else viewer_position(game, seat)
    if is_open:
        table = engine.open_view(state)
        hands = [named_view(h, names) for h in table.pop("hands", [])]
        for h in hands:
            h["name"] = names.get(h.get("seat"), f"Seat {h.get('seat', 0) + 1}")
    else:
        table = engine.view(state, position)
        hands = []
    move = None
    if step:
        if is_open:
            # the hands are open: the move as its mover saw it (the card they drew, say)
            viewer = next((s for s in seats if s.position is not None and s.position == mover_position), None)
        else:
            viewer = seat if position is not None else None
        entries = selectors.move_log(game, viewer, after_seq=seq - 1, limit=1)
        move = entries[0] if entries else None
        if move is not None and not any((e.get("public") or {}).get("text") for e in move["events"]):
            # a move that says nothing in the log (ending a turn): its kind of action, in words
            kind = (move.get("action") or {}).get("type") or move["kind"]
            move["description"] = str(kind).replace("_", " ").capitalize() + "."
    return {
        "step": step,
        "total_steps": total,
        "seq": seq,
        "open": is_open,
        "position": position,
        "view": named_view(table, names),
        "hands": hands,
        "move": move,
    }


def parse_step(raw) -> int:
    """Returns a step read from outside input (a query string); raises GameError VALIDATION_ERROR
    for anything but a whole number of at most 100 ASCII digits."""
    text = str(raw).strip() if raw is not None else ""
    if not text or len(text) > 100 or not text.isascii() or not text.isdigit():
        raise GameError(
            ErrorCode.VALIDATION_ERROR,
            "The step must be a whole number: 0 for the start, 1 after the first move, and so on.",
        )
    return int(text)
