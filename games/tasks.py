"""Celery tasks of the games app: thin wrappers around services."""
from celery import shared_task


@shared_task(acks_late=True)
def play_bots(game_id: int) -> int:
    """Plays the pending bot decisions of a game; requeues itself if more remain."""
    from django.conf import settings

    from games.services import bots_play

    limit = settings.TRAILPOST["BOT_MOVES_PER_TASK"]
    played = bots_play(game_id, limit=limit)
    if played >= limit:
        play_bots.delay(game_id)
    return played
