"""Table talk: the messages players write at a game's table, to everyone or to one player."""

from django.conf import settings
from django.db import models

MAX_LENGTH = 2000


class Message(models.Model):
    """One message at a game's table. Who wrote it, and to whom, are kept as they were when it was
    written (the seat's position and the names then): a seat changing hands later does not hand
    over its private messages, which stay between the two people who exchanged them."""

    class Channel(models.TextChoices):
        WEB = "web", "Game page"
        API = "api", "API"
        EMAIL = "email", "Email reply"

    # No index of its own: chat_game_id_idx (game, id) serves lookups by game.
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="chat_messages", db_index=False)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="chat_messages"
    )
    author_position = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The author's seat when they wrote it (none before the game started)."
    )
    author_name = models.CharField(max_length=150, help_text="The author's name when they wrote it.")
    to = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The seat a private message is for; empty: everyone at the table."
    )
    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Who held that seat when the private message was written (none for a bot).",
    )
    recipient_name = models.CharField(max_length=150, blank=True)
    text = models.TextField(max_length=MAX_LENGTH)
    channel = models.CharField(max_length=8, choices=Channel.choices)
    created_at = models.DateTimeField(auto_now_add=True)
    hidden_at = models.DateTimeField(null=True, blank=True)
    hidden_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    hidden_reason = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["game", "pk"]
        indexes = [
            # A game's messages in order (the page, its poll, the API's pages).
            models.Index(fields=["game", "id"], name="chat_game_id_idx"),
            # The author's rate in a game (minute and day windows).
            models.Index(fields=["game", "author", "created_at"], name="chat_rate_idx"),
        ]

    def __str__(self):
        return f"{self.author_name} in game {self.game_id}: {self.text[:40]}"

    @property
    def author_now(self) -> str:
        """The author's name as pages and the API show it: the person's current name (a rename shows
        at once), or the name kept when it was written (a bot, a deleted account)."""
        return self.author.public_name if self.author_id and self.author else self.author_name

    @property
    def recipient_now(self) -> str:
        return self.recipient.public_name if self.recipient_id and self.recipient else self.recipient_name

    @property
    def is_private(self) -> bool:
        return self.to is not None

    @property
    def is_hidden(self) -> bool:
        return self.hidden_at is not None
