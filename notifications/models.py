"""The notification outbox, player preferences (per kind, per game, webhook) and the inbound-mail log."""

from django.conf import settings
from django.db import models
from django.db.models import Q


class Kind(models.TextChoices):
    """What a notice is about. The first group is what a player can tune in their preferences."""

    YOUR_TURN = "your_turn", "It is your turn"
    DECISION = "decision", "A decision is needed (out of turn)"
    REMINDER = "reminder", "Reminder before a deadline"
    HIT = "hit", "Another player's move hits you"
    GAME_OVER = "game_over", "The game is over"
    TIMEOUT = "timeout", "A deadline passed and a default move was played"
    CHAT = "chat", "A message at the table (chat)"
    # Not tunable: always sent at once.
    INVITATION = "invitation", "Invitation to a game"
    REPLY_OK = "reply_ok", "Your emailed move was played"
    REPLY_ERROR = "reply_error", "Your emailed move could not be played"
    DIGEST = "digest", "Daily digest"
    MODERATION = "moderation", "A moderator paused, resumed or aborted the game, or replaced or kicked a player"
    AWAY = "away", "A deadline passed and a vacation day was used (yours, or a player's at your table)"


TUNABLE_KINDS = [Kind.YOUR_TURN, Kind.DECISION, Kind.REMINDER, Kind.HIT, Kind.GAME_OVER, Kind.TIMEOUT, Kind.CHAT]


class Delivery(models.TextChoices):
    IMMEDIATE = "immediate", "Immediately"
    GRACE = "grace", "After a short wait, unless I am already playing"
    DIGEST = "digest", "In a daily digest"
    NEVER = "never", "Never"


# How a kind is delivered to a player who has not chosen: a decision waits out the grace window
# (TRAILPOST["GRACE_SECONDS"]), so a player who is at the table gets no email for it; the rest go
# at once (a hit is news the player should have now). Table talk waits out the window too: a
# player with the game page open reads it there and gets no email, and the messages of a lively
# exchange go out as one email showing the latest of them.
DEFAULT_DELIVERY = {Kind.YOUR_TURN: Delivery.GRACE, Kind.DECISION: Delivery.GRACE, Kind.CHAT: Delivery.GRACE}


class Outcome(models.TextChoices):
    """Why a notice went out as no email of its own (blank: it was sent, or is still to go)."""

    SENT = "", "Sent (or still to go)"
    MERGED = "merged", "Went out in one email with the player's later decision"
    ACTED = "acted", "Not sent: the player moved within the grace window"
    SEEN = "seen", "Not sent: the player had the game page open within the grace window"
    STALE = "stale", "Not sent: nothing was left to decide when it was due"
    HANDED = "handed", "Not sent again: its worker died after the mail server had all of it, before the answer"


class Notification(models.Model):
    """One notice to one recipient: written in the transaction of the change behind it (outbox),
    handed to Celery after commit, and claimed atomically before it is sent, so it goes out once."""

    kind = models.CharField(max_length=16, choices=Kind.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="notifications"
    )
    email = models.EmailField(help_text="Where the email goes (the user's address when it was written).")
    game = models.ForeignKey(
        "games.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="notifications"
    )
    seat = models.ForeignKey("games.Seat", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    version = models.PositiveIntegerField(null=True, blank=True, help_text="Game version it was written for.")
    delivery = models.CharField(max_length=10, choices=Delivery.choices, default=Delivery.IMMEDIATE)
    context = models.JSONField(default=dict, help_text="Everything the templates need, fixed when written.")
    created_at = models.DateTimeField(auto_now_add=True)
    claimed_at = models.DateTimeField(null=True, blank=True, help_text="When a worker took it for sending (a lease).")
    handed_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When its whole text was with the mail server, just before the line that ends it "
        "(notifications.smtp); with no sent_at, its worker died before the server's answer.",
    )
    sent_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    retry_at = models.DateTimeField(
        null=True, blank=True, help_text="After a failed attempt: not tried again before this (a growing pause)."
    )
    outcome = models.CharField(max_length=8, choices=Outcome.choices, default=Outcome.SENT, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            # The sweep's and the digest's scans: only unsent rows are in these indexes.
            models.Index(
                fields=["created_at"], name="notif_unsent_idx", condition=Q(sent_at__isnull=True, delivery="immediate")
            ),
            models.Index(
                fields=["created_at"], name="notif_grace_idx", condition=Q(sent_at__isnull=True, delivery="grace")
            ),
            models.Index(
                fields=["user", "created_at"],
                name="notif_digest_idx",
                condition=Q(sent_at__isnull=True, delivery="digest"),
            ),
        ]

    def __str__(self):
        return f"{self.kind} to {self.email} ({'sent' if self.sent_at else 'pending'})"


class NotificationSettings(models.Model):
    """A user's notice settings that are not per kind: the optional webhook."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_settings"
    )
    webhook_url = models.URLField(
        blank=True, help_text="Receives the same notices as JSON (Discord or Slack incoming webhook)."
    )

    def __str__(self):
        return f"Notification settings of {self.user}"


class KindPreference(models.Model):
    """How a user wants one kind of notice delivered (missing row: DEFAULT_DELIVERY, else immediately)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="kind_preferences")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    delivery = models.CharField(max_length=10, choices=Delivery.choices, default=Delivery.IMMEDIATE)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "kind"], name="kindpref_unique")]

    def __str__(self):
        return f"{self.user}: {self.kind} {self.delivery}"


class GameMute(models.Model):
    """A user who wants no notices about one game."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="game_mutes")
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="gamemute_unique")]


class InboundMessage(models.Model):
    """An email reply that was handled, by Message-ID, so a redelivered one is not handled twice;
    also what was not: mail from robots (auto-replies, bulk mail, bounces), replies over the hourly
    cap and hostile mail, each with why (`outcome`, `detail`). Its text is cleaned before it is
    stored (no NUL, which PostgreSQL refuses, and no undecodable bytes)."""

    message_key = models.CharField(max_length=64, unique=True, help_text="sha256 of the Message-ID.")
    message_id = models.CharField(max_length=300, blank=True)
    sender = models.CharField(max_length=300, blank=True)
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    seat = models.ForeignKey("games.Seat", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    reply_token = models.CharField(
        max_length=100,
        blank=True,
        help_text="The verified address it answered (play:… or chat:…); the hourly cap counts per one.",
    )
    outcome = models.CharField(max_length=20)
    detail = models.TextField(blank=True)
    size = models.PositiveIntegerField(default=0, help_text="Bytes of the raw message.")
    received_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-received_at"]

    def __str__(self):
        return f"{self.message_id} from {self.sender}: {self.outcome}"


class CalendarFeed(models.Model):
    """A user's private calendar of their deadlines (notifications.calendar): an ICS feed at a URL
    holding a random key. Only the key's SHA-256 is stored, with its first characters to find
    it (as accounts.ApiToken): the URL is shown once, when it is made; a new one replaces it,
    and revoking deletes it (its URL then answers 404)."""

    PREFIX_LENGTH = 8

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="calendar_feed")
    prefix = models.CharField(max_length=PREFIX_LENGTH, db_index=True, editable=False)
    digest = models.CharField(max_length=64, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"Calendar of {self.user} ({self.prefix}…)"


class CalendarEvent(models.Model):
    """What a user's calendar feed last said of a seat's deadline: a calendar keeps the event by
    its UID (the seat's) and takes a moved deadline when its SEQUENCE is higher (RFC 5545)."""

    seat = models.OneToOneField("games.Seat", on_delete=models.CASCADE, related_name="+")
    deadline_at = models.DateTimeField()
    sequence = models.PositiveIntegerField(default=0)
