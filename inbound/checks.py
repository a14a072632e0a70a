"""System checks (`manage.py check`, run by every management command and at the server's start):
production refuses an inbound-mail webhook that anyone could call. Registered when the app is
ready (InboundConfig.ready imports this module)."""

from django.conf import settings
from django.core.checks import Error, Tags, register


def webhook_provider(url_name: str) -> str:
    """Returns the provider an anymail URL pattern serves ("mailgun_inbound_webhook" -> "mailgun")."""
    for suffix in ("_inbound_webhook", "_tracking_webhook", "_webhook"):
        if url_name.endswith(suffix):
            return url_name[: -len(suffix)]
    return url_name


def webhook_served(provider: str) -> bool:
    """Whether TRAILPOST_INBOUND_WEBHOOKS names the provider ("*": every one)."""
    names = settings.TRAILPOST_INBOUND_WEBHOOKS
    return "*" in names or provider in names


def known_providers() -> set:
    from anymail import urls

    return {webhook_provider(p.name or "") for p in urls.urlpatterns}


@register(Tags.security)
def inbound_webhooks_are_guarded(app_configs, **kwargs) -> list:
    names = [n for n in settings.TRAILPOST_INBOUND_WEBHOOKS if n != "*"]
    errors = [
        Error(
            f"TRAILPOST_INBOUND_WEBHOOKS names {name!r}, which is not a provider django-anymail serves.",
            hint="One or more of: " + ", ".join(sorted(known_providers())) + ".",
            id="trailpost.E002",
        )
        for name in names
        if name not in known_providers()
    ]
    if settings.PRODUCTION and settings.TRAILPOST_INBOUND_WEBHOOKS:
        secret = (settings.ANYMAIL or {}).get("WEBHOOK_SECRET")
        if not secret or secret == settings.DEVELOPMENT_WEBHOOK_SECRET:
            errors.append(
                Error(
                    "Inbound mail webhooks are served without a secret of their own: anyone could post "
                    "replies to them.",
                    hint="Set ANYMAIL_WEBHOOK_SECRET to a random 'user:password' and give the same to the "
                    "provider's webhook URL, or leave TRAILPOST_INBOUND_WEBHOOKS empty.",
                    id="trailpost.E001",
                )
            )
    return errors
