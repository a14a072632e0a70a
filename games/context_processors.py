"""What every page's header shows of the signed-in player's games."""

import functools

from games import selectors


def waiting(request):
    """`games_waiting`: how many games wait for the user's decision (the header's count). A
    callable, which templates call: its one query runs only on a page that shows it, at most once
    per request."""
    user = getattr(request, "user", None)
    return {"games_waiting": functools.cache(lambda: selectors.waiting_count(user))}
