"""Ratings, their history, and what the statistics pages read: one record per finished game and
one aggregate per rating key, both written in the transaction that finishes the game
(standings.recorder), so a page reads a handful of small rows however many games were played.

A key names a game and the edition it was played in ("some-game:II", or the slug alone for a game
with one way of playing); see standings.keys.
"""

from django.conf import settings
from django.db import models


class Rating(models.Model):
    """A player's current rating at one key (openskill Plackett-Luce: mu, sigma)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    key = models.CharField(max_length=60)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(help_text="mu - 3 sigma: what the leaderboard sorts by (a cautious estimate).")
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="rating_unique_user_key")]
        indexes = [models.Index(fields=["key", "-ordinal", "user"], name="rating_key_ordinal_idx")]

    def __str__(self):
        return f"{self.user} at {self.key}: {self.ordinal:.1f}"


class RatingChange(models.Model):
    """What one rated game did to one player's rating (the profile's rating over time)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes")
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="rating_changes")
    key = models.CharField(max_length=60)
    place = models.PositiveSmallIntegerField(help_text="1 for the winners; players who tie share a place.")
    players = models.PositiveSmallIntegerField(help_text="Rated players in the game (bots are not rated).")
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    ordinal_after = models.FloatField()
    at = models.DateTimeField()

    class Meta:
        ordering = ["at", "pk"]
        indexes = [models.Index(fields=["user", "key", "at"], name="ratingchange_user_key_at_idx")]


class GameRecord(models.Model):
    """A finished game as the statistics see it, written once when it finishes."""

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="record")
    key = models.CharField(max_length=60)
    rules = models.CharField(max_length=40)
    private = models.BooleanField(default=False)
    rated = models.BooleanField(default=False)
    players = models.PositiveSmallIntegerField()
    length = models.PositiveIntegerField(help_text="Moves played (undone moves not counted).")
    winner_positions = models.JSONField(default=list)
    places = models.JSONField(default=list, help_text="Each seat position's place (1: won), ties shared.")
    humans = models.JSONField(default=list, help_text="User ids holding each position at the end (null: a bot).")
    figures = models.JSONField(default=dict, help_text="The game's own counts, {figure: {label: number}}.")
    finished_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["key", "finished_at"], name="gamerecord_key_finished_idx")]


class StatsAggregate(models.Model):
    """The running totals of every finished game at one key: what /stats/ draws.

    `version` grows with every game counted: cached plots name it, so a new game invalidates them.
    """

    key = models.CharField(max_length=60, unique=True)
    rules = models.CharField(max_length=40)
    version = models.PositiveIntegerField(default=0)
    games = models.PositiveIntegerField(default=0)
    total_length = models.PositiveBigIntegerField(default=0)
    by_players = models.JSONField(
        default=dict,
        help_text='{"3": {"games": n, "wins": [wins of position 0, 1, 2]}} (a shared win counts for each).',
    )
    lengths = models.JSONField(default=dict, help_text="Games per length bin: {bin start: count}.")
    figures = models.JSONField(default=dict, help_text="The sums of the games' figures, {figure: {label: number}}.")
    updated_at = models.DateTimeField()

    def __str__(self):
        return f"{self.key}: {self.games} games"
