"""Games, seats, the append-only move log, invitations, and what the turn clock keeps per player
(vacations) and per seat (standing orders)."""

import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.db.models import Exists, OuterRef, Q

from games.rules import get_engine


def new_code() -> str:
    return secrets.token_urlsafe(9)


class GameQuerySet(models.QuerySet):
    def visible_to(self, user):
        """Returns the games `user` may see: public ones, and private ones where they are a player
        (seated, resigned, or replaced), the owner, an invitee (by email address) or staff.

        Every page and API call that shows a game starts here; anyone else gets a 404.
        """
        public = Q(visibility=Game.Visibility.PUBLIC)
        if user is None or not user.is_authenticated:
            return self.filter(public)
        if user.is_staff:
            return self.all()
        game = OuterRef("pk")
        invited = Q(accepted_by=user)
        if user.email:
            invited |= Q(email__iexact=user.email)
        return self.filter(
            public
            | Q(owner=user)
            | Exists(Seat.objects.filter(game=game, user=user))
            | Exists(Game.former_players.through.objects.filter(game=game, user=user))
            | Exists(Invitation.objects.filter(invited, game=game))
        )


class Game(models.Model):
    class Visibility(models.TextChoices):
        PUBLIC = "public", "Public: anyone may watch it, and it is listed in the lobby"
        PRIVATE = "private", "Private: only its players, the people invited to it and staff can see it"

    class Status(models.TextChoices):
        LOBBY = "lobby", "Waiting for players"
        ACTIVE = "active", "In play"
        PAUSED = "paused", "Paused"
        FINISHED = "finished", "Finished"
        ABORTED = "aborted", "Aborted"

    class OnMissed(models.TextChoices):
        BOT = "bot", "A bot takes the seat"
        DROP = "drop", "The player is dropped"

    class Clock(models.TextChoices):
        MOVE = "move", "Per move: the same time for each decision"
        BANK = "bank", "Time bank: each player's own bank, with time added after each move"

    rules = models.CharField(max_length=40)
    rules_version = models.CharField(max_length=20)
    options = models.JSONField(default=dict)
    title = models.CharField(max_length=100, blank=True)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="owned_games")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.LOBBY, db_index=True)
    max_players = models.PositiveSmallIntegerField()
    # Who may join: is_open lets anyone who can see the game take a free seat without an invitation.
    # Who may see it is `visibility`, a separate choice.
    is_open = models.BooleanField(
        default=True, help_text="Anyone who can see the game may join it without an invitation."
    )
    # Public by default, as every game was before the choice existed: watching and verifying
    # others' games is part of the server, and API clients that create games keep working.
    visibility = models.CharField(
        max_length=7,
        choices=Visibility.choices,
        default=Visibility.PUBLIC,
        help_text="Who may watch the game: anyone, or only its players, invitees and staff.",
    )
    former_players = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="former_games",
        help_text="Players whose seat went to someone else (a bot or a replacement): they may still watch.",
    )
    invite_code = models.CharField(max_length=20, unique=True, default=new_code)
    # Dice nobody can choose (games.rules.seeding): the server's seed is drawn, and its sha256
    # published, when the game is created; each player adds entropy of their own when joining
    # (Seat.entropy); at the start the game's seed is derived from both. All is revealed at the end.
    server_seed = models.CharField(max_length=64, default="", blank=True)
    server_seed_sha256 = models.CharField(max_length=64, default="", blank=True)
    seed = models.CharField(max_length=64, default="", blank=True)
    seed_sha256 = models.CharField(max_length=64, default="", blank=True)
    seed_scheme = models.CharField(
        max_length=20,
        default="",
        blank=True,
        help_text="How the seed was made: 'commit-reveal-v1' (games.rules.seeding), or '' for a seed the server drew alone.",
    )
    state = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    turn_hours = models.PositiveIntegerField(default=48)
    # The clock (games.clock.bank): per move, turn_hours for each decision; or a Fischer bank,
    # each seat starting with bank_hours, gaining increment_hours when a decision of theirs
    # ends, never holding more than cap_hours. The bank fields are 0 on a per-move game.
    clock = models.CharField(max_length=4, choices=Clock.choices, default=Clock.MOVE)
    bank_hours = models.PositiveIntegerField(default=0, help_text="A time bank's initial hours.")
    increment_hours = models.PositiveIntegerField(default=0, help_text="Hours a time bank gains per move.")
    cap_hours = models.PositiveIntegerField(default=0, help_text="The most hours a time bank may hold.")
    miss_limit = models.PositiveSmallIntegerField(default=3)
    on_missed = models.CharField(max_length=4, choices=OnMissed.choices, default=OnMissed.BOT)
    result = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    paused_at = models.DateTimeField(null=True, blank=True)
    rated = models.BooleanField(
        default=False, help_text="The result moves the players' ratings (standings) when the game finishes."
    )
    imported = models.BooleanField(
        default=False, help_text="Loaded from an exported file for replay and analysis, not played here."
    )

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return self.title or f"Game {self.pk}"

    @property
    def is_private(self) -> bool:
        return self.visibility == self.Visibility.PRIVATE

    @property
    def engine(self):
        return get_engine(self.rules)

    # A stored state is read as the engine's code reads it today: one written at an older state
    # version is upgraded as the row loads (Engine.load_state), and saved so with the next move.
    @classmethod
    def from_db(cls, db, field_names, values):
        game = super().from_db(db, field_names, values)
        game._load_state()
        return game

    def refresh_from_db(self, *args, **kwargs):
        super().refresh_from_db(*args, **kwargs)
        self._load_state()

    def _load_state(self) -> None:
        loaded = self.__dict__  # only fields already loaded: reading a deferred one would query
        if loaded.get("state") is not None and loaded.get("rules"):
            try:
                engine = get_engine(self.rules)
            except (KeyError, ImportError):  # a game this server does not serve: left as stored
                return
            self.state = engine.load_state(self.state)

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
        KICKED = "kicked", "Kicked by a moderator"

    # No index of its own: seat_unique_position (game, position) serves lookups by game. Every
    # turn change rewrites seats (deadline_at is indexed, so never in place): one index fewer.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats", db_index=False)
    position = models.PositiveSmallIntegerField(null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="seats"
    )
    is_bot = models.BooleanField(default=False)
    bot_name = models.CharField(max_length=40, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    deadline_at = models.DateTimeField(null=True, blank=True, db_index=True)
    reminder_sent_for = models.PositiveIntegerField(
        null=True, blank=True, help_text="Game version the last reminder was for."
    )
    missed_deadlines = models.PositiveSmallIntegerField(default=0)
    # A time-bank game's seat (games.clock.bank): bank_seconds is the bank it had when its
    # current decision began, or has between decisions (None: the game's initial bank); while
    # bank_running, what is left is what lies before deadline_at outside the player's pauses.
    bank_seconds = models.PositiveIntegerField(null=True, blank=True)
    bank_running = models.BooleanField(default=False)
    has_standing_orders = models.BooleanField(
        default=False, help_text="Kept by games.signals; without orders a decision costs no lookup."
    )
    joined_at = models.DateTimeField(auto_now_add=True)
    entropy = models.CharField(
        max_length=200,
        blank=True,
        help_text="The player's own contribution to the game's seed (a random value or a phrase), given when joining.",
    )
    seen_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the seat's player last had the game page open (kept to within PRESENCE_SECONDS).",
    )

    class Meta:
        ordering = ["position", "joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_unique_position"),
            models.UniqueConstraint(fields=["game", "user"], condition=Q(user__isnull=False), name="seat_unique_user"),
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
            # A key is its sender's own: another player's move with the same key is another move.
            models.UniqueConstraint(
                fields=["game", "actor", "idempotency_key"],
                condition=Q(idempotency_key__isnull=False),
                name="move_unique_idempotency_key_per_actor",
            ),
        ]

    def __str__(self):
        return f"#{self.seq} {self.kind} {self.action.get('type', '')}"


class Tenure(models.Model):
    """Who held a seat over a stretch of the log: from the move with seq `from_seq` up to, not
    including, `until_seq` (None: still holds it). A move was played by the tenure of its position
    whose stretch holds its seq; the log, pages, API and emails name it by `name`, the name it had
    then, for good (a seat replaced later, or a display name changed, does not rewrite history)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="tenures")
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="tenures"
    )
    is_bot = models.BooleanField(default=False)
    name = models.CharField(max_length=150)
    from_seq = models.PositiveIntegerField()
    until_seq = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["game", "position", "from_seq"]
        indexes = [models.Index(fields=["game", "position", "from_seq"], name="tenure_game_pos_idx")]

    def __str__(self):
        end = self.until_seq if self.until_seq is not None else "now"
        return f"{self.name} at seat {self.position} of {self.game_id}, moves {self.from_seq} to {end}"


class Snapshot(models.Model):
    """A game's full state after the move `seq`, kept every SNAPSHOT_EVERY moves so that a replay
    step replays at most that many moves (games.replay)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="snapshots", db_index=False)
    seq = models.PositiveIntegerField()
    state = models.JSONField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="snapshot_unique_seq")]


class Invitation(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="invitations")
    email = models.EmailField()
    code = models.CharField(max_length=20, unique=True, default=new_code)
    invited_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    accepted_at = models.DateTimeField(null=True, blank=True)


class Vacation(models.Model):
    """Days (inclusive, UTC) on which a player's deadlines pause; or a day the clock spent for them."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations")
    starts_on = models.DateField()
    ends_on = models.DateField()
    created_at = models.DateTimeField(auto_now_add=True)
    # A day spent by the clock when a deadline would pass (games.clock.away): it counts against
    # the year's allowance but pauses nothing itself (the player's deadlines were moved 24 hours).
    automatic = models.BooleanField(default=False)
    returned_at = models.DateTimeField(
        null=True, blank=True, help_text="When the player said they were back from an automatic day."
    )

    class Meta:
        ordering = ["starts_on"]
        indexes = [models.Index(fields=["user", "ends_on"], name="vacation_user_end_idx")]

    def __str__(self):
        return f"{self.user}: {self.starts_on} to {self.ends_on}"

    @property
    def days(self) -> int:
        return (self.ends_on - self.starts_on).days + 1


class StandingOrder(models.Model):
    """A seat's answer, given in advance, to one of the engine's out-of-turn decision kinds."""

    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="standing_orders")
    kind = models.CharField(max_length=40)
    answer = models.CharField(max_length=40)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["seat", "kind"], name="standingorder_unique")]

    def __str__(self):
        return f"{self.seat}: {self.kind} -> {self.answer}"
