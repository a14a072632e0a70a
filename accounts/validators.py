"""The one check for text that Trailpost shows other people: display names, game titles and
(allowing line breaks) message bodies.

Refused, because each can make a name or a title say something else than it seems to where it is
shown (an email's text part, a page, a log line):
- control characters, C0 and C1 (a line break would start a new line in an email: a fake menu or
  link under Trailpost's name); a body may hold line breaks (\\n) and nothing else of them;
- the line and paragraph separators U+2028 and U+2029 (line breaks to many mail readers and
  browsers' text views);
- the bidirectional overrides, embeddings and isolates U+202A–U+202E and U+2066–U+2069 (they turn
  the text after them around: "Ann\\u202egnp.exe" reads as "Annexe.png").

Forms and serializers trim the value before this runs; the model validator refuses what is still
untrimmed (a name saved through the admin is a form too). Rows stored before the check stay as they
are; a form that saves one again runs the check on it.
"""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError
from django.utils.deconstruct import deconstructible

SEPARATORS = {"\u2028", "\u2029"}
BIDI_CONTROLS = {chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))}
CODE = "unsafe_text"


def unsafe_character(value: str, *, line_breaks: bool = False) -> str | None:
    """Returns the first character of `value` that the check refuses (None: none)."""
    for ch in value:
        if ch == "\n" and line_breaks:
            continue
        if unicodedata.category(ch) == "Cc" or ch in SEPARATORS or ch in BIDI_CONTROLS:
            return ch
    return None


def one_line(value: str) -> str:
    """Returns `value` with every character the check refuses in a name turned into a space, and
    trimmed: for showing a name stored before the check (an email's text part, a subject)."""
    return "".join(" " if unsafe_character(ch) else ch for ch in value).strip()


def _sentence(what: str, ch: str, line_breaks: bool) -> str:
    kind = (
        "a line break"
        if ch in "\r\n" or ch in SEPARATORS
        else "a mark that turns the direction of text around"
        if ch in BIDI_CONTROLS
        else "a control character"
    )
    allowed = "Line breaks are fine; " if line_breaks else ""
    return (
        f"{what} cannot hold {kind} (U+{ord(ch):04X}). {allowed}Use letters, digits, spaces and punctuation only: "
        "no control characters, line or paragraph separators, or marks that change the direction of text."
    )


@deconstructible
class SafeText:
    """A validator for a model or form field: refuses the characters listed above, and (for a
    one-line text) leading or trailing white space."""

    def __init__(self, what: str = "A name", *, line_breaks: bool = False):
        self.what = what
        self.line_breaks = line_breaks

    def __call__(self, value) -> None:
        if not isinstance(value, str):
            return
        ch = unsafe_character(value, line_breaks=self.line_breaks)
        if ch is not None:
            raise ValidationError(_sentence(self.what, ch, self.line_breaks), code=CODE)
        if not self.line_breaks and value != value.strip():
            raise ValidationError(f"{self.what} cannot start or end with spaces.", code=CODE)

    def __eq__(self, other) -> bool:
        return isinstance(other, SafeText) and (self.what, self.line_breaks) == (other.what, other.line_breaks)


validate_display_name = SafeText("A display name")
validate_title = SafeText("A title")
