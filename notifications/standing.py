"""Standing orders: out-of-turn decisions answered in advance."""


def standing_orders_due(game) -> bool:
    """Returns whether a pending decision of this game is covered by a standing order."""
    return False
