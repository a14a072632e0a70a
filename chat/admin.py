"""Moderating table talk in Django admin: every message (private ones included: moderators must be
able to see what they are asked to act on), and a "Hide" action that asks for a reason, hides the
messages through chat.services.hide_message and leaves its mark in admin's log (LogEntry)."""

from django import forms
from django.contrib import admin, messages
from django.shortcuts import render

from core.errors import GameError

from . import services
from .models import Message


class HideForm(forms.Form):
    reason = forms.CharField(
        max_length=300, help_text="Why the message is hidden (kept in the admin log and on the message)."
    )


@admin.register(Message)
class MessageAdmin(admin.ModelAdmin):
    list_display = ("created_at", "game", "author_name", "to_whom", "short_text", "channel", "hidden_at")
    list_filter = ("channel", ("hidden_at", admin.EmptyFieldListFilter))
    search_fields = ("text", "author_name", "recipient_name")
    list_select_related = ("game",)
    raw_id_fields = ("game", "author", "recipient", "hidden_by")
    readonly_fields = [f.name for f in Message._meta.fields]
    actions = ["hide"]
    date_hierarchy = "created_at"

    def has_add_permission(self, request):
        return False  # messages are written at the table, not here

    def has_delete_permission(self, request, obj=None):
        return False  # hide instead: the record stays, with who hid it and why

    @admin.display(description="To")
    def to_whom(self, obj):
        return f"{obj.recipient_name} (private)" if obj.is_private else "everyone"

    @admin.display(description="Text")
    def short_text(self, obj):
        return obj.text if len(obj.text) <= 80 else obj.text[:79] + "…"

    @admin.action(description="Hide selected messages (asks for a reason)")
    def hide(self, request, queryset):
        if "apply" in request.POST:
            form = HideForm(request.POST)
            if form.is_valid():
                hidden = 0
                for message in queryset:
                    try:
                        services.hide_message(message=message, by=request.user, reason=form.cleaned_data["reason"])
                    except GameError as exc:
                        self.message_user(request, f"Message {message.pk}: {exc.message}", messages.ERROR)
                    else:
                        hidden += 1
                self.message_user(request, f"Hid {hidden} message{'s' if hidden != 1 else ''}.", messages.SUCCESS)
                return None
        else:
            form = HideForm()
        return render(
            request,
            "chat/admin_hide.html",
            {
                **self.admin_site.each_context(request),
                "title": "Hide messages",
                "form": form,
                "queryset": queryset,
                "opts": self.model._meta,
                "action_checkbox_name": admin.helpers.ACTION_CHECKBOX_NAME,
            },
        )
