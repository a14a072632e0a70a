"""Games, seats, the append-only move log, and invitations."""
import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q


def new_code() -> str:
    return secrets.token_urlsafe(9)


class Game(models.Model):
    class Status(models.TextChoices):
        LOBBY = "lobby", "Waiting for players"
        ACTIVE = "active", "In play"
        PAUSED = "paused", "Paused"
        FINISHED = "finished", "Finished"
        ABORTED = "aborted", "Aborted"

    class OnMissed(models.TextChoices):
        BOT = "bot", "A bot takes the seat"
        DROP = "drop", "The player is dropped"

    rules = models.CharField(max_length=40)
    rules_version = models.CharField(max_length=20)
    options = models.JSONField(default=dict)
    title = models.CharField(max_length=100, blank=True)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="owned_games")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.LOBBY, db_index=True)
    max_players = models.PositiveSmallIntegerField()
    is_open = models.BooleanField(default=True, help_text="Listed in open games for anyone to join.")
    invite_code = models.CharField(max_length=20, unique=True, default=new_code)
    seed = models.CharField(max_length=64, default="", blank=True)
    seed_sha256 = models.CharField(max_length=64, default="", blank=True)
    state = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    turn_hours = models.PositiveIntegerField(default=48)
    miss_limit = models.PositiveSmallIntegerField(default=3)
    on_missed = models.CharField(max_length=4, choices=OnMissed.choices, default=OnMissed.BOT)
    result = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    paused_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return self.title or f"Game {self.pk}"

    @property
    def engine(self):
        from games.rules import get_engine

        return get_engine(self.rules)

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.ABORTED)

    @property
    def revealed_seed(self) -> str | None:
        """The seed, once the game is over; None before (it stays secret while play goes on)."""
        return self.seed if self.is_over else None

    @staticmethod
    def hash_seed(seed: str) -> str:
        return hashlib.sha256(seed.encode()).hexdigest()


class Seat(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", "Playing"
        RESIGNED = "resigned", "Resigned"
        DROPPED = "dropped", "Dropped"

    # No index of its own: seat_unique_position (game, position) serves lookups by game. Every
    # turn change rewrites seats (deadline_at is indexed, so never in place): one index fewer.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats", db_index=False)
    position = models.PositiveSmallIntegerField(null=True, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="seats")
    is_bot = models.BooleanField(default=False)
    bot_name = models.CharField(max_length=40, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    deadline_at = models.DateTimeField(null=True, blank=True, db_index=True)
    reminder_sent_for = models.PositiveIntegerField(null=True, blank=True,
                                                    help_text="Game version the last reminder was for.")
    missed_deadlines = models.PositiveSmallIntegerField(default=0)
    has_standing_orders = models.BooleanField(
        default=False, help_text="Kept by notifications.signals; without orders a decision costs no lookup.")
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["position", "joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_unique_position"),
            models.UniqueConstraint(fields=["game", "user"], condition=Q(user__isnull=False),
                                    name="seat_unique_user"),
        ]

    def __str__(self):
        return f"{self.name} in {self.game}"

    @property
    def name(self) -> str:
        if self.is_bot:
            return self.bot_name or "Bot"
        return self.user.public_name if self.user else "(empty seat)"


class Move(models.Model):
    """One entry of a game's log; never updated except to mark it undone."""

    class Channel(models.TextChoices):
        WEB = "web"
        API = "api"
        EMAIL = "email"
        TIMEOUT = "timeout"
        ADMIN = "admin"
        BOT = "bot"
        STANDING = "standing"

    class Kind(models.TextChoices):
        MOVE = "move", "Move"
        UNDO = "undo", "Undo"
        ADMIN = "admin", "Moderation"
        RESIGN = "resign", "Resignation"

    # No index of its own: move_unique_seq (game, seq) serves lookups by game, on every move's insert.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves", db_index=False)
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=6, choices=Kind.choices, default=Kind.MOVE)
    seat = models.ForeignKey(Seat, null=True, blank=True, on_delete=models.SET_NULL, related_name="moves")
    position = models.PositiveSmallIntegerField(null=True, blank=True)
    action = models.JSONField(default=dict)
    events = models.JSONField(default=list)
    channel = models.CharField(max_length=8, choices=Channel.choices)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    idempotency_key = models.CharField(max_length=100, null=True, blank=True)
    request_hash = models.CharField(max_length=64, blank=True)
    undone_by = models.PositiveIntegerField(null=True, blank=True, help_text="seq of the undo that cancelled it")
    note = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="move_unique_seq"),
            models.UniqueConstraint(fields=["game", "idempotency_key"], condition=Q(idempotency_key__isnull=False),
                                    name="move_unique_idempotency_key"),
        ]

    def __str__(self):
        return f"#{self.seq} {self.kind} {self.action.get('type', '')}"


class Invitation(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="invitations")
    email = models.EmailField()
    code = models.CharField(max_length=20, unique=True, default=new_code)
    invited_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    accepted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    accepted_at = models.DateTimeField(null=True, blank=True)
