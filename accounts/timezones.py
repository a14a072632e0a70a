"""Time zones of players: IANA names ("Europe/Berlin"), checked against the zoneinfo database."""

import functools
import zoneinfo

from django.core.exceptions import ValidationError

DEFAULT = "UTC"


@functools.cache
def names() -> frozenset:
    """Every IANA name this Python's zoneinfo knows, and "UTC"."""
    return frozenset(zoneinfo.available_timezones() | {DEFAULT})


# The zones a person picks from: the IANA areas' cities ("Europe/Berlin") and UTC, without the
# database's aliases and oddities ("Factory", "localtime", "posixrules", "US/Eastern", "Etc/GMT+5",
# "EST5EDT"), which stay valid for rows that hold them but are not offered.
AREAS = ("Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Europe", "Indian", "Pacific")
# Offered first: where most players are.
COMMON = (
    "UTC",
    "Europe/London",
    "Europe/Berlin",
    "Europe/Paris",
    "America/New_York",
    "America/Chicago",
    "America/Denver",
    "America/Los_Angeles",
    "America/Sao_Paulo",
    "Asia/Kolkata",
    "Asia/Shanghai",
    "Asia/Tokyo",
    "Australia/Sydney",
)


def label(name: str) -> str:
    """ "America/New_York" -> "America / New York"."""
    return name.replace("_", " ").replace("/", " / ")


@functools.cache
def offered() -> tuple[str, ...]:
    """The zones offered, common ones first, then every other by name."""
    rest = sorted(n for n in names() if n.split("/", 1)[0] in AREAS and "/" in n and n not in COMMON)
    return tuple(n for n in COMMON if n in names()) + tuple(rest)


def choices() -> list[tuple[str, str]]:
    return [(name, label(name)) for name in offered()]


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
