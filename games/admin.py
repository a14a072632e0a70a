"""Django admin: games, seats and the (read-only) move log, with moderation actions.

Every moderation goes through games.services (so it is in the game's own log) and is also
recorded in Django's admin log (LogEntry) by `_record`.
"""

import json

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ActionForm
from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse

from accounts.validators import validate_title
from core.errors import GameError
from games import services
from games.models import Game, Invitation, Move, Seat, StandingOrder, Vacation


def redacted_state(game: Game):
    """Returns the game's state, with its rng seed hidden unless the game is over."""
    state = game.state
    rng = state.get("rng") if isinstance(state, dict) else None
    if game.is_over or not isinstance(rng, dict) or "seed" not in rng:
        return state
    return {**state, "rng": {**rng, "seed": "(hidden until the game ends)"}}


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("position", "user", "is_bot", "bot_name", "status", "deadline_at", "missed_deadlines")
    readonly_fields = fields
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False


def reason_field(*, required: bool) -> forms.CharField:
    """The moderator's reason: the players are emailed it, and the game's log keeps it."""
    return forms.CharField(
        required=required,
        max_length=services.REASON_MAX,
        widget=forms.Textarea(attrs={"rows": 3, "class": "vLargeTextField"}),
        help_text=f"The players are emailed it, and the game's log keeps it (at most {services.REASON_MAX} characters).",
    )


class GameActionForm(ActionForm):
    """The changelist's action bar, with the reason a pause, resume or abort gives the players."""

    reason = forms.CharField(
        required=False,
        label="Reason",
        help_text="For pause, resume and abort: emailed to the players.",
        widget=forms.TextInput(attrs={"size": 40}),
    )


class ReplaceSeatForm(forms.Form):
    seat = forms.ModelChoiceField(queryset=Seat.objects.none())
    user = forms.ModelChoiceField(
        queryset=get_user_model().objects.all(), required=False, help_text="Leave empty to give the seat to a bot."
    )
    reason = reason_field(required=False)

    def __init__(self, *args, game, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["seat"].queryset = game.seats.filter(position__isnull=False)


class ExtendDeadlineForm(forms.Form):
    seat = forms.ModelChoiceField(queryset=Seat.objects.none())
    hours = forms.IntegerField(min_value=1, max_value=24 * 30, initial=24)

    def __init__(self, *args, game, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["seat"].queryset = game.seats.filter(deadline_at__isnull=False)


class KickForm(forms.Form):
    seat = forms.ModelChoiceField(queryset=Seat.objects.none(), label="Player")
    reason = reason_field(required=True)

    def __init__(self, *args, game, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["seat"].queryset = game.seats.filter(
            position__isnull=False, user__isnull=False, is_bot=False, status=Seat.Status.PLAYING
        ).select_related("user")
        self.fields["seat"].help_text = (
            "A bot takes the seat."
            if game.on_missed == Game.OnMissed.BOT
            else "The player is out of the game (the game's rule for a player who keeps missing deadlines)."
        )


class UndoForm(forms.Form):
    count = forms.IntegerField(min_value=1, max_value=100, initial=1, label="Moves to undo")


class GameAdminForm(forms.ModelForm):
    """The title checked as the game forms check it (accounts.validators)."""

    title = forms.CharField(max_length=100, required=False, validators=[validate_title])


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    form = GameAdminForm
    list_display = ("id", "__str__", "rules", "status", "version", "owner", "created_at", "shown_seed")
    list_filter = ("status", "rules")
    search_fields = ("title", "owner__email")
    # The seed (and the state, which carries it in its rng) only through shown_*: hidden until the game ends.
    exclude = ("seed", "state")
    readonly_fields = (
        "rules",
        "rules_version",
        "options",
        "seed_sha256",
        "shown_state",
        "version",
        "result",
        "created_at",
        "started_at",
        "finished_at",
        "paused_at",
        "invite_code",
        "shown_seed",
        "former_players",
    )
    inlines = [SeatInline]
    actions = ["pause", "resume", "abort", "undo_last_move"]
    action_form = GameActionForm
    change_form_template = "admin/games/game_change_form.html"

    @admin.display(description="seed")
    def shown_seed(self, game):
        """The seed once the game is over; until then it must stay secret, from staff too."""
        return game.revealed_seed or "(hidden until the game ends)"

    @admin.display(description="state")
    def shown_state(self, game):
        """The state snapshot, its rng seed hidden while the game runs."""
        return json.dumps(redacted_state(game), indent=1, sort_keys=True)

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        return fields + ["status"]

    def _record(self, request, game, message):
        self.log_change(request, game, message)

    def _each(self, request, queryset, fn, done, **kwargs):
        for game in queryset:
            try:
                fn(game=game, by=request.user, **kwargs)
            except GameError as exc:
                self.message_user(request, f"{game}: {exc.message}", messages.ERROR)
            else:
                self._record(request, game, done)
                self.message_user(request, f"{game}: {done}.", messages.SUCCESS)

    @admin.action(description="Pause selected games (with the reason given)")
    def pause(self, request, queryset):
        self._each(request, queryset, services.game_pause, "paused", reason=request.POST.get("reason", ""))

    @admin.action(description="Resume selected games (with the reason given)")
    def resume(self, request, queryset):
        self._each(request, queryset, services.game_resume, "resumed", reason=request.POST.get("reason", ""))

    @admin.action(description="Abort selected games (with the reason given)")
    def abort(self, request, queryset):
        self._each(request, queryset, services.game_abort, "aborted", reason=request.POST.get("reason", ""))

    @admin.action(description="Undo the last move of selected games")
    def undo_last_move(self, request, queryset):
        self._each(request, queryset, services.game_undo, "last move undone", count=1)

    def get_urls(self):
        own = [
            path(
                "<int:pk>/replace-seat/",
                self.admin_site.admin_view(self.replace_seat_view),
                name="games_game_replace_seat",
            ),
            path(
                "<int:pk>/extend-deadline/",
                self.admin_site.admin_view(self.extend_deadline_view),
                name="games_game_extend_deadline",
            ),
            path("<int:pk>/undo/", self.admin_site.admin_view(self.undo_view), name="games_game_undo"),
            path("<int:pk>/kick/", self.admin_site.admin_view(self.kick_view), name="games_game_kick"),
        ]
        return own + super().get_urls()

    def _form_view(self, request, pk, form_class, title, handle):
        game = get_object_or_404(Game, pk=pk)
        if not self.has_change_permission(request, game):
            return redirect("admin:index")
        form = (
            form_class(request.POST or None, game=game)
            if form_class is not UndoForm
            else form_class(request.POST or None)
        )
        if request.method == "POST" and form.is_valid():
            try:
                done = handle(game, form.cleaned_data)
            except GameError as exc:
                form.add_error(None, exc.message)
            else:
                self._record(request, game, done)
                self.message_user(request, done, messages.SUCCESS)
                return redirect(reverse("admin:games_game_change", args=[pk]))
        return render(
            request,
            "admin/games/moderation_form.html",
            {
                **self.admin_site.each_context(request),
                "title": title,
                "form": form,
                "game": game,
                "opts": self.model._meta,
            },
        )

    def replace_seat_view(self, request, pk):
        def handle(game, data):
            seat = services.seat_replace(
                game=game,
                seat=data["seat"],
                by=request.user,
                user=data["user"],
                bot=data["user"] is None,
                reason=data["reason"],
            )
            return f"Seat {seat.position} given to {seat.name}"

        return self._form_view(request, pk, ReplaceSeatForm, "Replace a player", handle)

    def extend_deadline_view(self, request, pk):
        def handle(game, data):
            seat = services.deadline_extend(game=game, seat=data["seat"], by=request.user, hours=data["hours"])
            return f"Deadline of {seat.name} extended by {data['hours']} h"

        return self._form_view(request, pk, ExtendDeadlineForm, "Extend a deadline", handle)

    def kick_view(self, request, pk):
        def handle(game, data):
            name = data["seat"].name
            seat = services.seat_kick(game=game, seat=data["seat"], by=request.user, reason=data["reason"])
            if seat.status == Seat.Status.KICKED:
                return f"Kicked {name} out of the game: {data['reason']}"
            return f"Kicked {name}; {seat.name} plays the seat: {data['reason']}"

        return self._form_view(request, pk, KickForm, "Kick a player", handle)

    def undo_view(self, request, pk):
        def handle(game, data):
            services.game_undo(game=game, by=request.user, count=data["count"])
            return f"Undid the last {data['count']} move(s)"

        return self._form_view(request, pk, UndoForm, "Undo moves", handle)


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ("game", "position", "user", "is_bot", "status", "deadline_at", "missed_deadlines")
    list_filter = ("status", "is_bot")
    readonly_fields = (
        "game",
        "position",
        "user",
        "is_bot",
        "bot_name",
        "status",
        "deadline_at",
        "missed_deadlines",
        "reminder_sent_for",
        "has_standing_orders",
    )


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    """The log is append-only: visible, never editable here."""

    list_display = ("game", "seq", "kind", "position", "channel", "created_at", "undone_by")
    list_filter = ("kind", "channel")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ("game", "email", "invited_by", "accepted_by", "created_at")


@admin.register(Vacation)
class VacationAdmin(admin.ModelAdmin):
    list_display = ("user", "starts_on", "ends_on")
    raw_id_fields = ("user",)


@admin.register(StandingOrder)
class StandingOrderAdmin(admin.ModelAdmin):
    list_display = ("seat", "kind", "answer", "updated_at")
    raw_id_fields = ("seat",)
