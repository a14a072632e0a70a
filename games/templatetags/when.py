"""Times as the reader reads them: in the time zone the request activated (the user's own)."""

from datetime import UTC, datetime

from django import template
from django.utils import dateformat, timezone

register = template.Library()


@register.filter
def when(value) -> str:
    """Formats a moment (a datetime, or the ISO text the API gives) in the active time zone,
    e.g. "Tue 24 Nov 19:30 CET"; an empty or unreadable value gives ""."""
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            return ""
    if not isinstance(value, datetime):
        return ""
    if timezone.is_naive(value):
        value = timezone.make_aware(value, UTC)
    return dateformat.format(timezone.localtime(value), "D j M H:i T")
