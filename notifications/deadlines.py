"""Deadlines for pending decisions."""
from datetime import timedelta


def deadline_for(*, seat, game, now):
    """Returns when a decision that arises now for this seat falls due."""
    return now + timedelta(hours=game.turn_hours)
