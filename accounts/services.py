"""Writes for accounts: API tokens and profile."""

from types import SimpleNamespace

from .models import ApiToken
from .signals import quiet_changed

# What a player's quiet times are read from (accounts.quiet): a change to any moves deadlines.
QUIET_FIELDS = ("quiet_from", "quiet_until", "quiet_days", "time_zone")


def quiet_snapshot(user) -> SimpleNamespace:
    """The user's quiet times as they are now, to tell what a change changed."""
    return SimpleNamespace(**{f: getattr(user, f) for f in QUIET_FIELDS})


def profile_saved(*, user, before: SimpleNamespace) -> None:
    """After a profile change: if the quiet times (or the zone they are in) changed, tells the
    clock (quiet_changed), which moves the player's pending deadlines."""
    if any(getattr(before, f) != getattr(user, f) for f in QUIET_FIELDS):
        quiet_changed.send(sender=type(user), user=user, before=before)


def api_token_create(*, user, name: str = "") -> ApiToken:
    """Creates a new API token for the user; its plain `key` is on the returned object only."""
    return ApiToken.create_with_key(user=user, name=(name or "API token")[:60])


def api_token_revoke(*, user, token_id: int) -> bool:
    """Deletes one of the user's tokens; returns whether one was deleted."""
    deleted, _ = ApiToken.objects.filter(user=user, pk=token_id).delete()
    return bool(deleted)
