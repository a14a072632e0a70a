"""The transactional outbox: notices written in the same transaction as the change behind them."""


def record_game_change(*, game, move, events, newly_to_act):
    """Writes the notices a move (or moderation) causes."""


def record_invitation(*, invitation):
    """Writes the invitation notice."""
