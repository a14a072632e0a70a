"""System checks (`manage.py check`, run by every management command and at the server's start) of
the notifications app's settings (the inbound webhooks' are inbound.checks)."""

from django.conf import settings
from django.core.checks import Error, register


@register()
def send_handed_is_known(app_configs, **kwargs) -> list:
    """TRAILPOST_SEND_HANDED is "sent" or "again" (notifications.delivery._claim)."""
    value = settings.TRAILPOST["SEND_HANDED"]
    if value in ("sent", "again"):
        return []
    return [
        Error(
            f"TRAILPOST_SEND_HANDED is {value!r}.",
            hint='"sent" (a mail server that keeps a message it has all of, as Postfix does) or "again".',
            id="trailpost.E010",
        )
    ]
