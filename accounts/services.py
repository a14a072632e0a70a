"""Writes for accounts: API tokens and profile."""

from .models import ApiToken


def api_token_create(*, user, name: str = "") -> ApiToken:
    """Creates a new API token for the user; its plain `key` is on the returned object only."""
    return ApiToken.create_with_key(user=user, name=(name or "API token")[:60])


def api_token_revoke(*, user, token_id: int) -> bool:
    """Deletes one of the user's tokens; returns whether one was deleted."""
    deleted, _ = ApiToken.objects.filter(user=user, pk=token_id).delete()
    return bool(deleted)
