"""Filters for the text part of emails: what a player wrote is set apart from Trailpost's own lines.

A name is one line (accounts.validators.one_line: a name stored before names were checked may hold a
line break); a message is quoted, each line after "> ", so no line of it can pass for a menu, a link
or an instruction of Trailpost's.
"""

from django import template
from django.utils.text import wrap

from accounts.validators import one_line

register = template.Library()


@register.filter
def name_line(value) -> str:
    """Returns a name as one plain line."""
    return one_line(str(value or ""))


@register.filter
def quoted(value, width: int = 76) -> str:
    """Returns a player's text wrapped to `width` and quoted, each line after "> "."""
    lines = wrap(str(value or ""), width).splitlines() or [""]
    return "\n".join(f"> {line}".rstrip() for line in lines)
