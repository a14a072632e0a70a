"""Celery tasks of the games app (thin wrappers around services and the turn clock), and the
queueing of bot and standing-order turns after each change."""

import logging
from datetime import datetime

from celery import shared_task
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from core.errors import ErrorCode, GameError
from games import events
from games.broker import broker_outage
from games.clock.orders import standing_orders_due
from games.models import Game, Seat
from games.timekeeper import autoplay, sweep

log = logging.getLogger(__name__)


@shared_task(acks_late=True)
def play_bots(game_id: int) -> int:
    """Plays the pending bot decisions of a game; requeues itself if more remain.

    Two of these may race for one game (a move queues one while another runs; the sweep plays
    stuck bots too): the one that loses finds the game moved on, over, or the seat no longer its
    to play. That is expected, and the winner plays on: one info line, no traceback.
    """
    limit = settings.TRAILPOST["BOT_MOVES_PER_TASK"]
    try:
        played = autoplay.bots_play(game_id, limit=limit)
    except GameError as exc:
        if exc.code not in (
            ErrorCode.STALE_VERSION,
            ErrorCode.NOT_YOUR_TURN,
            ErrorCode.GAME_NOT_ACTIVE,
            ErrorCode.NOT_A_PLAYER,
        ):
            raise
        log.info("bot moves of game %s stopped, someone else moved first: %s", game_id, exc.code)
        return 0
    if played >= limit:
        _queue(play_bots, game_id, f"the rest of the bot moves of game {game_id}")
    return played


@shared_task
def apply_standing_orders(game_id: int) -> int:
    """Plays the pending decisions of a game that standing orders answer."""
    return autoplay.apply_standing_orders(game_id)


@shared_task(acks_late=True)
def sweep_deadlines() -> dict:
    """The minute sweep of passed deadlines: timeouts, stuck bots and standing orders, vacations.

    Many due games are split into tasks for the workers (fan_out)."""
    return fan_out(timezone.now())


def fan_out(now) -> dict:
    """Queues the due games in chunks for the workers (a few are handled here, and all of them if
    the broker is down)."""
    ids = sweep.due_game_ids(now, limit=settings.TRAILPOST["SWEEP_BATCH"] * 20)
    if len(ids) <= sweep.CHUNK:
        return sweep.handle_due(now)
    queued = 0
    for i in range(0, len(ids), sweep.CHUNK):
        chunk = ids[i : i + sweep.CHUNK]
        try:
            handle_due_games.apply_async((chunk, now.isoformat()), retry=False)
            queued += len(chunk)
        except Exception:
            broker_outage.failed(f"{len(chunk)} due games (handled in the sweep instead)")
            sweep.handle_games(chunk, now)
    return {"queued_games": queued}


@shared_task(acks_late=True)
def handle_due_games(game_ids: list[int], now: str | None = None) -> dict:
    """Handles the passed deadlines of some games (the sweep fans large batches out to this)."""
    moment = max(datetime.fromisoformat(now), timezone.now()) if now else timezone.now()
    return sweep.handle_games(game_ids, moment)


def _queue(task, game_id: int, what: str) -> None:
    try:
        task.delay(game_id)
    except Exception:  # broker down: their short deadline brings the sweep to them
        broker_outage.failed(what)


@shared_task
def write_snapshots(game_id: int) -> int:
    """Writes a finished game's replay snapshots (games.replay), so its first viewer does not
    replay the whole log; returns how many the game has."""
    from games import replay  # the replay module reads selectors, which this module's importers load

    game = Game.objects.filter(pk=game_id).first()
    if game is None or not game.seed:
        return 0
    last = replay.effective_moves(game).values_list("seq", flat=True).last()
    if last:
        replay.snapshot_state(game, last)
    return game.snapshots.count()


def queue_automatic_turns(change: events.GameChanged) -> list:
    """After a change commits, queues the turns of bots and of standing orders now due in its game
    (a listener of games.events.GameChanged, registered in GamesConfig.ready); and once the change
    finished the game, the writing of its replay snapshots."""
    game = change.game
    if game.status == Game.Status.FINISHED and change.move is not None and game.finished_at is not None:
        game_id = game.pk
        transaction.on_commit(lambda: _queue(write_snapshots, game_id, f"the replay snapshots of game {game_id}"))
    if game.status != Game.Status.ACTIVE:
        return []
    to_act = set(game.engine.to_act(game.state))
    game_id = game.pk
    if any(s.is_bot and s.position in to_act and s.status == Seat.Status.PLAYING for s in change.seats):
        transaction.on_commit(lambda: _queue(play_bots, game_id, f"the bot moves of game {game_id}"))
    if standing_orders_due(game, change.seats):
        transaction.on_commit(lambda: _queue(apply_standing_orders, game_id, f"the standing orders of game {game_id}"))
    return []
