"""What every page's header shows of the signed-in player's games."""

from django.utils.functional import SimpleLazyObject

from games import selectors


def waiting(request):
    """`games_waiting`: how many games wait for the user's decision (the header's count). Lazy: the
    one query runs only on a page whose template shows it, at most once per request."""
    user = getattr(request, "user", None)
    return {"games_waiting": SimpleLazyObject(lambda: selectors.waiting_count(user))}
