"""Ratings, their changes and the statistics' rows, read-only in admin: they are written only by
standings.recorder when a game finishes."""

from django.contrib import admin

from .models import GameRecord, Rating, RatingChange, StatsAggregate


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnly):
    list_display = ("user", "key", "ordinal", "mu", "sigma", "games", "wins", "updated_at")
    list_filter = ("key",)
    search_fields = ("user__username", "user__display_name", "user__email")
    list_select_related = ("user",)
    ordering = ("key", "-ordinal")


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnly):
    list_display = ("user", "key", "game", "place", "players", "mu_before", "mu_after", "at")
    list_filter = ("key",)
    raw_id_fields = ("user", "game")
    list_select_related = ("user",)


@admin.register(GameRecord)
class GameRecordAdmin(ReadOnly):
    list_display = ("game", "key", "players", "length", "rated", "private", "finished_at")
    list_filter = ("key", "rated", "private")
    raw_id_fields = ("game",)


@admin.register(StatsAggregate)
class StatsAggregateAdmin(ReadOnly):
    list_display = ("key", "games", "version", "updated_at")
