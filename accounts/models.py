"""Users, their API tokens, and their profile (display name, time zone, player page)."""

import hashlib
import hmac
import re
import secrets

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.text import slugify

from . import names, timezones
from .validators import validate_display_name

SLUG_LENGTH = 60
RESERVED_SLUGS = {"me"}  # /api/users/me/ratings/ and /players/me/...: the reader's own


def slug_base(name: str) -> str:
    """The address a display name gives its player page ("Ann Lee" -> "ann-lee"); "" for a name
    with no letter or digit."""
    return slugify(name, allow_unicode=True)[:SLUG_LENGTH].strip("-_")


def free_slug(base: str, taken: set[str]) -> str:
    """Returns `base`, or the first of base-2, base-3, ... that is neither taken nor reserved."""
    candidate, n = base, 1
    while candidate in taken or candidate in RESERVED_SLUGS:
        n += 1
        candidate = f"{base}-{n}"
    return candidate


class User(AbstractUser):
    """A player. Logs in by email (allauth); `display_name` is what other players see."""

    display_name = models.CharField(max_length=60, blank=True, validators=[validate_display_name])
    # The player page's address, /players/<slug>/: made from the display name when it is saved
    # (a number added when another player has it), none without a display name. Never the
    # user's id (sequential: it would count the accounts) nor anything of the email address.
    slug = models.CharField(max_length=SLUG_LENGTH + 8, unique=True, null=True, blank=True, editable=False)
    # The display name as names compare them (accounts.names.name_key): a new name whose key another
    # player has is refused (look-alikes, case and spacing aside). Kept by save().
    name_key = models.CharField(max_length=names.MAX_LENGTH * 2, blank=True, db_index=True, editable=False)
    listed = models.BooleanField(
        default=False,
        verbose_name="Show my player page",
        help_text="Your ratings get a public page once you play a public game; tick this to have it now.",
    )
    # Kept by games.signals (vacation_until) and notifications.signals (has_notice_settings), so a
    # move reads these with the seat's user and skips a query per turn for the many players who
    # never set a vacation or a preference.
    vacation_until = models.DateField(
        null=True, blank=True, editable=False, help_text="The last day of the user's latest vacation."
    )
    has_notice_settings = models.BooleanField(
        default=False, editable=False, help_text="The user has per-kind preferences or muted games."
    )
    # Times the player reads (email deadlines, the web pages) are in this zone: taken from the
    # browser at sign-up, changed on the profile page.
    time_zone = models.CharField(
        max_length=64,
        default=timezones.DEFAULT,
        validators=[timezones.validate],
        help_text="IANA time zone name, e.g. Europe/Berlin.",
    )

    # Quiet hours and days (accounts.quiet): when the player's turn clock does not run, in their
    # time zone. A daily window (which may run past midnight) and ISO weekdays ("67": weekends).
    quiet_from = models.TimeField(null=True, blank=True, verbose_name="Quiet from")
    quiet_until = models.TimeField(null=True, blank=True, verbose_name="Quiet until")
    quiet_days = models.CharField(max_length=7, blank=True, default="", verbose_name="Quiet days")
    # An automatic reply (RFC 3834, an out-of-office) to one of their move emails came back at
    # this moment (inbound.route): the game pages show the tables they seem away; their
    # next move clears it.
    seems_away_since = models.DateTimeField(null=True, blank=True, editable=False)
    # games.clock.away: when a deadline of theirs would pass, one of their vacation days is spent
    # (24 hours more in every game of theirs) while days remain this year.
    auto_vacation = models.BooleanField(
        default=True,
        verbose_name="Spend a vacation day automatically when a deadline would pass",
        help_text="Your deadlines in all your games move 24 hours later, the tables are told, and you get "
        "an email with an “I'm back” link; only while you have vacation days left this year.",
    )

    @property
    def public_name(self) -> str:
        """The one name other players read for this person, everywhere: the chosen display name, or
        (an account that has not chosen one yet) a made-up one, never anything of the email address."""
        return self.display_name or names.fallback_name(self.pk)

    @property
    def has_chosen_name(self) -> bool:
        return bool(self.display_name)

    def __str__(self):
        return self.public_name

    def save(self, *args, **kwargs):
        fields = kwargs.get("update_fields")
        if fields is None or "display_name" in fields:
            old = (self.slug, self.name_key)
            self.slug = self._slug_for(self.display_name)
            self.name_key = names.name_key(self.display_name)
            if fields is not None and (self.slug, self.name_key) != old:
                kwargs["update_fields"] = {*fields, "slug", "name_key"}
        super().save(*args, **kwargs)

    def _slug_for(self, name: str) -> str | None:
        """Keeps the slug while it still comes from the name; otherwise the first free one."""
        base = slug_base(name)
        if not base:
            return None
        if self.slug and re.fullmatch(rf"{re.escape(base)}(-\d+)?", self.slug) and self.slug not in RESERVED_SLUGS:
            return self.slug
        taken = User.objects.filter(slug__startswith=base).exclude(pk=self.pk).values_list("slug", flat=True)
        return free_slug(base, set(taken))


class ApiToken(models.Model):
    """A named API token; a user may hold several and revoke each one.

    Only a SHA-256 digest of the key is stored, with its first characters (`prefix`) to find the
    row: a copy of the database does not give anyone a working token. The key is 160 random bits,
    so a plain, unsalted hash is enough (salts and slow hashes protect guessable passwords; nobody
    can search a 2^160 space). The plain key exists only on the object `create_with_key` returns.
    """

    PREFIX_LENGTH = 8

    prefix = models.CharField(
        max_length=PREFIX_LENGTH,
        db_index=True,
        editable=False,
        help_text="The key's first characters, to find it and to tell tokens apart.",
    )
    digest = models.CharField(max_length=64, editable=False, help_text="SHA-256 of the key, hex.")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=60, default="API token")
    created_at = models.DateTimeField(auto_now_add=True)

    key = None  # the plain key, on a token just created only

    @staticmethod
    def digest_of(key: str) -> str:
        return hashlib.sha256(key.encode()).hexdigest()

    @classmethod
    def create_with_key(cls, **fields) -> "ApiToken":
        """Creates a token with a new random key; the returned object carries the plain `key`."""
        key = secrets.token_hex(20)
        token = cls.objects.create(prefix=key[: cls.PREFIX_LENGTH], digest=cls.digest_of(key), **fields)
        token.key = key
        return token

    @classmethod
    def find(cls, key: str) -> "ApiToken | None":
        """Returns the token whose key this is (digests compared in constant time), or None."""
        digest = cls.digest_of(key)
        found = None
        for token in cls.objects.select_related("user").filter(prefix=key[: cls.PREFIX_LENGTH]):
            if hmac.compare_digest(token.digest, digest):
                found = token
        return found

    def __str__(self):
        return f"{self.name} ({self.user}, {self.prefix}…)"
