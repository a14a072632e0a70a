"""Request and response shapes of the API (they also document it in the OpenAPI schema)."""
from rest_framework import serializers

from games.rules import engine_slugs


class ErrorSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    extra = serializers.DictField()


class GameCreateSerializer(serializers.Serializer):
    rules = serializers.ChoiceField(choices=[], help_text="Engine slug, see /api/engines/.")
    options = serializers.DictField(required=False, default=dict)
    title = serializers.CharField(required=False, allow_blank=True, max_length=100, default="")
    max_players = serializers.IntegerField(required=False, min_value=1, max_value=8)
    turn_hours = serializers.IntegerField(required=False, min_value=1, max_value=24 * 30)
    is_open = serializers.BooleanField(
        required=False, default=True,
        help_text="Anyone who can see the game may join it without an invitation (a seat, not a view).")
    visibility = serializers.ChoiceField(
        choices=["public", "private"], required=False, default="public",
        help_text="public: anyone may watch it (and an open one is listed in the lobby); "
                  "private: only its players, invitees and staff see it, anyone else gets NOT_FOUND.")
    bots = serializers.IntegerField(required=False, min_value=0, max_value=7, default=0)
    miss_limit = serializers.IntegerField(required=False, min_value=1, max_value=20, default=3)
    on_missed = serializers.ChoiceField(choices=["bot", "drop"], required=False, default="bot")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rules"].choices = engine_slugs()


class JoinSerializer(serializers.Serializer):
    code = serializers.CharField(max_length=40, help_text="The invite link's code or an invitation code.")


class InviteSerializer(serializers.Serializer):
    email = serializers.EmailField()


class MoveSubmitSerializer(serializers.Serializer):
    action = serializers.JSONField(help_text='One of the legal actions, e.g. {"type": "scout"}.')
    expected_version = serializers.IntegerField(
        required=False, allow_null=True, min_value=0,
        help_text="The game version the move was chosen at; a stale one is refused (STALE_VERSION).")

    def validate_action(self, value):
        if not isinstance(value, dict) or not isinstance(value.get("type"), str):
            raise serializers.ValidationError('An action is an object with a "type", e.g. {"type": "scout"}.')
        return value


class TokenCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=60, required=False, allow_blank=True, default="")


class TokenSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    prefix = serializers.CharField(help_text="The key's first characters, to tell tokens apart.")
    created_at = serializers.DateTimeField()
    key = serializers.CharField(required=False, help_text="Only in the answer to its creation: it is stored hashed.")
