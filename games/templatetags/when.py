"""Times as the reader reads them: in the time zone the request activated (the user's own).

`when` gives the absolute moment ("Tue 24 Nov 19:30 CET"); `relative` says it from now, the way
a player thinks of a deadline ("in 2 days, Wed 14:00", "5 minutes ago"), inside a
`<time datetime>` whose title is the absolute moment with its zone; `relative_text` is the same
words without the markup.
"""

from datetime import UTC, datetime

from django import template
from django.utils import dateformat, timezone
from django.utils.html import format_html

from games.clock.bank import duration_text

register = template.Library()


def _moment(value) -> datetime | None:
    """Returns an aware datetime from a datetime or the ISO text the API gives; None otherwise."""
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            return None
    if not isinstance(value, datetime):
        return None
    if timezone.is_naive(value):
        value = timezone.make_aware(value, UTC)
    return value


@register.filter
def when(value) -> str:
    """Formats a moment (a datetime, or the ISO text the API gives) in the active time zone,
    e.g. "Tue 24 Nov 19:30 CET"; an empty or unreadable value gives ""."""
    value = _moment(value)
    if value is None:
        return ""
    return dateformat.format(timezone.localtime(value), "D j M H:i T")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def relative_words(value: datetime, now: datetime | None = None) -> str:
    """Returns a moment said from now in the active time zone: "in 5 minutes (14:05)",
    "in 3 hours (14:00)", "tomorrow, 09:00", "in 2 days, Wed 14:00", "on Thu 3 Dec, 14:00",
    "just now", "5 minutes ago", "3 hours ago (11:00)", "yesterday, 18:30", "3 days ago, Mon 18:30",
    "on Tue 3 Nov, 18:30" (the year added when it is not this year's)."""
    now = timezone.localtime(now or timezone.now())
    local = timezone.localtime(value)
    seconds = (local - now).total_seconds()
    future = seconds >= 0
    span = abs(seconds)
    clock = local.strftime("%H:%M")  # strftime, not dateformat: a page may say 50 of these
    days = (local.date() - now.date()).days
    if span < 60:
        return "in less than a minute" if future else "just now"
    if span < 3600:
        minutes = max(1, round(span / 60))
        if minutes == 60:
            minutes = 59
        return f"in {_plural(minutes, 'minute')} ({clock})" if future else f"{_plural(minutes, 'minute')} ago"
    hours = max(1, round(span / 3600))
    if days == 0 or span < 12 * 3600:
        if days == 0:
            at = clock
        else:
            at = local.strftime("%a %H:%M")
        return f"in {_plural(hours, 'hour')} ({at})" if future else f"{_plural(hours, 'hour')} ago ({at})"
    if days == 1:
        return f"tomorrow, {clock}"
    if days == -1:
        return f"yesterday, {clock}"
    if abs(days) < 7:
        weekday = local.strftime("%a %H:%M")
        return f"in {abs(days)} days, {weekday}" if future else f"{abs(days)} days ago, {weekday}"
    date = f"{local:%a} {local.day} {local:%b}" + ("" if local.year == now.year else f" {local.year}")
    return f"on {date}, {clock}"


@register.filter
def relative_text(value) -> str:
    """The moment said from now, as plain words ("" for an empty or unreadable value)."""
    value = _moment(value)
    return relative_words(value) if value is not None else ""


@register.filter
def relative(value) -> str:
    """The moment said from now inside <time datetime="ISO" title="absolute moment and zone">."""
    value = _moment(value)
    if value is None:
        return ""
    local = timezone.localtime(value)
    absolute = f"{local:%a} {local.day} {local:%b %Y %H:%M} {local.tzname()}"
    zone = timezone.get_current_timezone_name()
    if not absolute.endswith(f" {zone}"):
        absolute = f"{absolute} ({zone})"
    return format_html(
        '<time datetime="{}" title="{}">{}</time>',
        value.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z"),
        absolute,
        relative_words(value),
    )


@register.filter
def duration(seconds) -> str:
    """Seconds as a person says a span of time: "3 days, 4 hours" ("" for no value)."""
    if seconds is None or seconds == "":
        return ""
    return duration_text(int(seconds))
