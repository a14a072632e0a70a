"""Admin for the outbox (resend, inspect), preferences and inbound mail."""

from django.contrib import admin
from django.utils import timezone

from .models import GameMute, InboundMessage, KindPreference, Notification, NotificationSettings


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "kind",
        "email",
        "game",
        "delivery",
        "created_at",
        "sent_at",
        "outcome",
        "attempts",
        "retry_at",
        "last_error",
    )
    list_filter = ("kind", "delivery", "outcome", ("sent_at", admin.EmptyFieldListFilter))
    search_fields = ("email",)
    raw_id_fields = ("user", "game", "seat")
    readonly_fields = ("created_at",)
    actions = ["send_again"]

    @admin.action(description="Send again (clears sent_at; the sweep sends within a minute)")
    def send_again(self, request, queryset):
        n = queryset.update(sent_at=None, claimed_at=None, retry_at=None, attempts=0, last_error="")
        self.message_user(request, f"{n} notice(s) queued again at {timezone.now():%H:%M}.")


@admin.register(InboundMessage)
class InboundMessageAdmin(admin.ModelAdmin):
    list_display = ("received_at", "sender", "game", "outcome", "detail")
    list_filter = ("outcome",)
    search_fields = ("sender", "message_id")
    raw_id_fields = ("game", "seat")


admin.site.register(KindPreference, list_display=("user", "kind", "delivery"), raw_id_fields=("user",))
admin.site.register(GameMute, list_display=("user", "game"), raw_id_fields=("user", "game"))
admin.site.register(NotificationSettings, list_display=("user", "webhook_url"), raw_id_fields=("user",))
