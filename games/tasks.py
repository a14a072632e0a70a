"""Celery tasks of the games app: thin wrappers around services."""
import logging

from celery import shared_task

from games.broker import broker_outage

log = logging.getLogger(__name__)


@shared_task(acks_late=True)
def play_bots(game_id: int) -> int:
    """Plays the pending bot decisions of a game; requeues itself if more remain.

    Two of these may race for one game (a move queues one while another runs; the sweep plays
    stuck bots too): the one that loses finds the game moved on, over, or the seat no longer its
    to play. That is expected, and the winner plays on: one info line, no traceback.
    """
    from django.conf import settings

    from games.errors import ErrorCode, GameError
    from games.services import bots_play

    limit = settings.TRAILPOST["BOT_MOVES_PER_TASK"]
    try:
        played = bots_play(game_id, limit=limit)
    except GameError as exc:
        if exc.code not in (ErrorCode.STALE_VERSION, ErrorCode.NOT_YOUR_TURN, ErrorCode.GAME_NOT_ACTIVE,
                            ErrorCode.NOT_A_PLAYER):
            raise
        log.info("bot moves of game %s stopped, someone else moved first: %s", game_id, exc.code)
        return 0
    if played >= limit:
        try:
            play_bots.delay(game_id)
        except Exception:
            broker_outage.failed(f"the rest of the bot moves of game {game_id}")
    return played
