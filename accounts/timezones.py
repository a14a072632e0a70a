"""Time zones of players: IANA names ("Europe/Berlin"), checked against the zoneinfo database."""

import functools
import zoneinfo

from django.core.exceptions import ValidationError

DEFAULT = "UTC"


@functools.cache
def names() -> frozenset:
    """Every IANA name this Python's zoneinfo knows, and "UTC"."""
    return frozenset(zoneinfo.available_timezones() | {DEFAULT})


def choices() -> list[tuple[str, str]]:
    return [(name, name) for name in sorted(names())]


def is_valid(name) -> bool:
    return isinstance(name, str) and name in names()


def or_default(name) -> str:
    """The name if it is a time zone we know, else UTC (a browser's odd answer is not an error)."""
    return name if is_valid(name) else DEFAULT


def bad_zone_message(name) -> str:
    return f"“{name}” is not a time zone we know: pick one from the list, e.g. Europe/Berlin or America/New_York."


def validate(name) -> None:
    if not is_valid(name):
        raise ValidationError(bad_zone_message(name), code="invalid_time_zone")


def zone(name) -> zoneinfo.ZoneInfo:
    """The zone of that name; UTC for a name that is empty or unknown (a row written before the check)."""
    return zoneinfo.ZoneInfo(or_default(name))
