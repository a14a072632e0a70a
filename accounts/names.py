"""Display names: the one name other players read for a person (pages, chat, logs, emails, the API).

A name is chosen at sign-up (accounts.forms.SignupForm) or, for an account made before names were
asked for, once on the next visit (accounts.middleware.ChooseNameMiddleware). It must be:
- safe text (accounts.validators: no control characters, line separators or bidi overrides);
- nobody else's, compared by `name_key`: Unicode NFKC, case-folded, each character that is a
  look-alike of a Latin one (the Unicode confusables data of TR39, as the `confusable-homoglyphs`
  package ships it) replaced by that Latin one, and everything but letters and digits dropped; so
  "Prairie Pat", "prairie_pat" and "Prаirie Pat" (a Cyrillic а) are one name;
- not a mix of scripts that only look alike (`confusable_homoglyphs.confusables.is_dangerous`);
- not one of the reserved names (Trailpost's own voices and its bots), nor an email address.

An account with no name yet is shown by `fallback_name`, made from its id with the server's secret
key, never from the email address or the username (allauth makes that from the email address).
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import re
import unicodedata

from confusable_homoglyphs import confusables
from django.conf import settings
from django.core.exceptions import ValidationError

from .validators import validate_display_name

MAX_LENGTH = 60
# Names that would pass for Trailpost itself, its moderators or one of its bots.
RESERVED = {
    "admin",
    "administrator",
    "trailpost",
    "moderator",
    "mod",
    "system",
    "staff",
    "support",
    "root",
    "bot",
    "noreply",
    "postmaster",
    "webmaster",
    "everyone",
    "you",
}
# Words no name may hold: the bots are "Ezra (bot)", "Nell (bot)", ...; unnamed accounts "Traveller …".
RESERVED_WORDS = {"bot", "trailpost", "admin", "moderator", "traveller"}


@functools.lru_cache(maxsize=4096)
def _latin(ch: str) -> str:
    """The Latin letter or digit `ch` is a look-alike of, else `ch` itself."""
    if ch.isascii():
        return ch
    found = confusables.is_confusable(ch, preferred_aliases=["latin"], greedy=True)
    for entry in found or ():
        for glyph in entry["homoglyphs"]:
            if len(glyph["c"]) == 1 and glyph["c"].isascii() and glyph["c"].isalnum():
                return glyph["c"]
    return ch


def name_key(name: str) -> str:
    """The form two names are compared in: equal keys are one name (see the module's note)."""
    text = unicodedata.normalize("NFKC", name or "").casefold()
    return "".join(_latin(ch).casefold() for ch in text if ch.isalnum())


def _words(name: str) -> set[str]:
    return {w for w in re.split(r"[^\w]+", unicodedata.normalize("NFKC", name).casefold()) if w}


def name_problem(name: str) -> str | None:
    """A sentence saying why `name` cannot be anyone's name, or None (uniqueness aside)."""
    key = name_key(name)
    if not key:
        return "A display name needs at least one letter or digit."
    if "@" in name:
        return "A display name cannot be an email address: other players see it."
    if key in RESERVED or _words(name) & RESERVED_WORDS:
        return f"“{name}” is kept for Trailpost itself or its bots: please choose another name."
    # Joiners and other invisible format characters (emoji sequences use them) are left to the key,
    # which drops them; the script check looks at what shows.
    if confusables.is_dangerous("".join(ch for ch in name if unicodedata.category(ch) != "Cf")):
        return (
            "That name mixes letters of different alphabets that look alike (so it could pass for "
            "someone else's): please write it in one alphabet."
        )
    return None


def validate_new_name(name: str, *, user=None) -> None:
    """Every check a chosen name must pass, the others' names included; raises ValidationError."""
    from .models import User

    validate_display_name(name)
    if user is not None and user.pk and user.display_name and name == user.display_name:
        return  # the name one has kept: a profile saved for its time zone is not refused for it
    problem = name_problem(name)
    if problem:
        raise ValidationError(problem, code="reserved_name")
    taken = User.objects.filter(name_key=name_key(name))
    if user is not None and user.pk:
        taken = taken.exclude(pk=user.pk)
    if taken.exists():
        raise ValidationError(
            f"Another player is already called “{name}” (or something that looks just like it): "
            "please choose another name.",
            code="name_taken",
        )


SYLLABLES = "ba be bi bo da de di do ka ke ki ko la le li lo ma me mi mo na ne ni no ra re ri ro sa se si so ta te ti to va ve vi vo".split()


def fallback_name(pk) -> str:
    """The name of an account that has not chosen one: "Traveller Mira", from its id and the secret
    key (so it says nothing of the email address, nor of how many accounts there are)."""
    digest = hmac.new(settings.SECRET_KEY.encode(), f"name:{pk}".encode(), hashlib.sha256).digest()
    word = "".join(SYLLABLES[b % len(SYLLABLES)] for b in digest[:3])
    return f"Traveller {word.capitalize()}"


def user_display(user) -> str:
    """allauth's ACCOUNT_USER_DISPLAY: "Successfully signed in as Prairie Pat"."""
    return user.public_name
