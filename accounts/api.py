"""The player's profile in the REST API: GET and PATCH /api/profile/ (display name, time zone,
quiet hours and days).

Only the signed-in user's own profile, by token or session. A PATCH changes `display_name` (checked
by accounts.validators), `listed` and `time_zone` (an IANA name, checked against accounts.timezones as the profile page does) and
nothing else; a refused PATCH changes nothing. Errors have the API's one shape, {"code",
"message", "extra"} (core.api, the project's DRF exception handler): a bad value is
VALIDATION_ERROR with a sentence naming the field, and the field's messages in extra.fields.
"""

from django.core.exceptions import ValidationError as DjangoValidationError
from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view
from rest_framework.response import Response

from core.api import ErrorSerializer

from . import names, quiet, services, timezones

EDITABLE = ("display_name", "time_zone", "listed", "quiet_from", "quiet_until", "quiet_days", "auto_vacation")
READ_ONLY = ("username", "email")
MAX_ECHO = 40  # characters of a refused value that an error message repeats


def _echo(value: str) -> str:
    """Returns a refused value as an error may repeat it: short, on one line."""
    value = "".join(ch if ch.isprintable() else " " for ch in value)
    return value if len(value) <= MAX_ECHO else value[: MAX_ECHO - 1] + "…"


class ProfileSerializer(serializers.Serializer):
    username = serializers.CharField(read_only=True)
    display_name = serializers.CharField(
        max_length=60,
        required=False,
        help_text="The name other players see: nobody else's (look-alikes included), not reserved, one line: no "
        "control characters, line or paragraph separators, or marks that change the direction of text.",
    )
    email = serializers.EmailField(read_only=True)
    time_zone = serializers.CharField(
        max_length=64,
        required=False,
        help_text="IANA time zone name, e.g. Europe/Berlin: deadlines in emails and on the pages are shown in it.",
        error_messages={"max_length": "That is not a time zone we know: zone names are at most 64 characters."},
    )
    listed = serializers.BooleanField(
        required=False,
        help_text="Show your player page before you play a public game (it is shown from then on anyway).",
    )

    quiet_from = serializers.TimeField(
        required=False,
        allow_null=True,
        format="%H:%M",
        help_text="Quiet hours (your turn clock stops) start each day at this time in your zone, e.g. 23:00; "
        "null: no quiet hours (then quiet_until is null too).",
    )
    quiet_until = serializers.TimeField(
        required=False,
        allow_null=True,
        format="%H:%M",
        help_text="Quiet hours end at this time, e.g. 07:00 (the next morning when earlier than quiet_from).",
    )
    quiet_days = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=7),
        required=False,
        max_length=7,
        help_text="Whole weekdays your clock stops, ISO numbers: 1 Monday … 7 Sunday, e.g. [6, 7]. Quiet "
        "times may not cover the whole day or week, and must leave the clock 56 hours a week.",
    )

    auto_vacation = serializers.BooleanField(
        required=False,
        help_text="When a deadline of yours would pass, spend one of your vacation days (24 hours more in all "
        "your games; the tables are told) instead of playing your default move. On by default.",
    )

    def validate_display_name(self, value: str) -> str:
        try:
            names.validate_new_name(value, user=self.instance)
        except DjangoValidationError as e:
            raise serializers.ValidationError(e.messages[0], code=e.code) from None
        return value

    def validate_time_zone(self, value: str) -> str:
        if not timezones.is_valid(value):
            raise serializers.ValidationError(timezones.bad_zone_message(_echo(value)), code="invalid_time_zone")
        return value

    def validate(self, attrs: dict) -> dict:
        """Refuses keys that are not editable here; the read-only ones may come back unchanged."""
        data = self.initial_data if isinstance(self.initial_data, dict) else {}
        user = self.instance
        for key in data:
            if key in EDITABLE:
                continue
            if key in READ_ONLY:
                if user is not None and data[key] == getattr(user, key):
                    continue
                raise serializers.ValidationError({key: f"The {key} cannot be changed here."})
            raise serializers.ValidationError(
                {
                    _echo(str(key)): "Not a profile field: the profile takes display_name, time_zone, listed, "
                    "quiet_from, quiet_until, quiet_days and auto_vacation."
                }
            )
        if "quiet_days" in attrs:
            attrs["quiet_days"] = quiet.parse_days(attrs["quiet_days"])
        if {"quiet_from", "quiet_until", "quiet_days"} & set(attrs):
            merged = {k: attrs.get(k, getattr(user, k, None)) for k in ("quiet_from", "quiet_until", "quiet_days")}
            try:
                quiet.validate(merged["quiet_from"], merged["quiet_until"], merged["quiet_days"] or "")
            except DjangoValidationError as exc:
                raise serializers.ValidationError({"quiet": exc.messages}, code=exc.code) from None
        return attrs


ERRORS = {status: ErrorSerializer for status in (400, 401, 403, 405, 413, 415, 429)}


def _profile(user) -> dict:
    return {
        "username": user.username,
        "display_name": user.display_name,
        "email": user.email,
        "time_zone": user.time_zone,
        "listed": user.listed,
        "quiet_from": user.quiet_from.strftime("%H:%M") if user.quiet_from else None,
        "quiet_until": user.quiet_until.strftime("%H:%M") if user.quiet_until else None,
        "quiet_days": [int(d) for d in user.quiet_days or ""],
        "auto_vacation": user.auto_vacation,
    }


@extend_schema(
    methods=["GET"],
    operation_id="profile_retrieve",
    description="My profile.",
    responses={200: ProfileSerializer, **ERRORS},
    tags=["profile"],
)
@extend_schema(
    methods=["PATCH"],
    operation_id="profile_partial_update",
    description="Changes my display name and/or time zone; a refused change changes nothing.",
    request=ProfileSerializer,
    responses={200: ProfileSerializer, **ERRORS},
    tags=["profile"],
)
@api_view(["GET", "PATCH"])
def profile(request):
    """GET: my profile. PATCH: change my display name, time zone or listing; a refused change changes nothing."""
    user = request.user
    if request.method == "PATCH":
        ser = ProfileSerializer(user, data=request.data, partial=True)
        ser.is_valid(raise_exception=True)
        before = services.quiet_snapshot(user)
        changed = [key for key in EDITABLE if key in ser.validated_data]
        for key in changed:
            setattr(user, key, ser.validated_data[key])
        if changed:
            user.save(update_fields=changed)
            services.profile_saved(user=user, before=before)
    return Response(_profile(user))


# Included under /api/ by config/urls.py.
urlpatterns = [
    path("profile/", profile, name="api-profile"),
]
