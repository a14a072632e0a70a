"""Template context every page may use."""

from django.conf import settings


def contact(request) -> dict:
    """Where a person who is stuck can write (TRAILPOST_CONTACT_EMAIL)."""
    return {"contact_email": settings.TRAILPOST_CONTACT_EMAIL}
