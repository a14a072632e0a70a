"""Users, their API tokens, and their profile (display name)."""
import binascii
import os

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models


class User(AbstractUser):
    """A player. Logs in by email (allauth); `display_name` is what other players see."""

    display_name = models.CharField(max_length=60, blank=True)
    # Kept by notifications.signals, so the move pipeline reads these with the seat's user and
    # skips a query per turn for the many players who never set a vacation or a preference.
    vacation_until = models.DateField(null=True, blank=True, editable=False,
                                      help_text="The last day of the user's latest vacation.")
    has_notice_settings = models.BooleanField(default=False, editable=False,
                                              help_text="The user has per-kind preferences or muted games.")

    @property
    def public_name(self) -> str:
        return self.display_name or (self.email.split("@")[0] if self.email else self.username)

    def __str__(self):
        return self.public_name


class ApiToken(models.Model):
    """A named API token; a user may hold several and revoke each one."""

    key = models.CharField(max_length=40, unique=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=60, default="API token")
    created_at = models.DateTimeField(auto_now_add=True)

    def save(self, *args, **kwargs):
        if not self.key:
            self.key = binascii.hexlify(os.urandom(20)).decode()
        super().save(*args, **kwargs)

    def __str__(self):
        return f"{self.name} ({self.user})"
