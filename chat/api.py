"""The API's table talk: GET /api/games/<id>/chat/ (a page of the messages the caller may read)
and POST (write one). Errors are the API's {code, message, extra}: NOT_A_PLAYER for a caller who
may only read, VALIDATION_ERROR for an empty, too long or misaddressed message, THROTTLED (429,
Retry-After) over the per-game limits or the API's chat rate."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view, throttle_scope
from rest_framework.response import Response

from core.errors import ErrorCode, GameError
from games import selectors as game_selectors
from games.api.serializers import ERRORS

from . import services
from .models import MAX_LENGTH, Message
from .selectors import MAX_PAGE_SIZE, PAGE_SIZE, chat_page, message_json


class ChatMessageSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    author = serializers.CharField(help_text="The author's name when they wrote it.")
    author_seat = serializers.IntegerField(allow_null=True, help_text="The author's seat (null before the start).")
    to_seat = serializers.IntegerField(allow_null=True, help_text="The seat a private message is for; null: everyone.")
    to_name = serializers.CharField(allow_null=True, help_text="The name of whoever it was for, when private.")
    private = serializers.BooleanField()
    text = serializers.CharField(allow_null=True, help_text="The message as written (null when a moderator hid it).")
    hidden = serializers.BooleanField()
    note = serializers.CharField(allow_blank=True, help_text='"A moderator hid this message." when hidden.')
    channel = serializers.ChoiceField(choices=Message.Channel.values)
    created_at = serializers.DateTimeField()


class ChatPageSerializer(serializers.Serializer):
    messages = ChatMessageSerializer(many=True, help_text="Oldest first.")
    earlier = serializers.IntegerField(
        allow_null=True, help_text="Pass as `before` for the page before this one; null at the start."
    )
    more = serializers.BooleanField(help_text="With `after`: more messages follow this page.")


class ChatPostSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=MAX_LENGTH, help_text=f"At most {MAX_LENGTH} characters.")
    to = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        max_value=99,
        help_text="A seat position for a private message (see the game's players); omit or null for everyone.",
    )


def _whole(request, name):
    value = request.query_params.get(name)
    if value is None or value == "":
        return None
    try:
        number = int(value)
    except ValueError:
        raise GameError(ErrorCode.VALIDATION_ERROR, f"'{name}' must be a whole number.") from None
    if not 0 <= number <= 2**62:
        raise GameError(ErrorCode.VALIDATION_ERROR, f"'{name}' is out of range.")
    return number


@extend_schema(
    methods=["GET"],
    operation_id="games_chat_list",
    description="The table talk the caller may read (public messages, and the private ones they wrote "
    "or received), a page at a time, oldest first.",
    responses={200: ChatPageSerializer, **ERRORS},
    parameters=[
        OpenApiParameter("before", int, description="Only messages before this message id (paging back)."),
        OpenApiParameter("after", int, description="Only messages after this message id (polling forward)."),
        OpenApiParameter("limit", int, description=f"Messages per page, 1 to {MAX_PAGE_SIZE} (default {PAGE_SIZE})."),
    ],
    tags=["chat"],
)
@extend_schema(
    methods=["POST"],
    operation_id="games_chat_create",
    description="Writes a message to everyone at the table, or privately to one seat (players only).",
    request=ChatPostSerializer,
    responses={201: ChatMessageSerializer, **ERRORS},
    tags=["chat"],
)
@api_view(["GET", "POST"])
@throttle_scope("chat")
def game_chat(request, pk):
    """GET: the table talk the caller may read (public messages, and the private ones they wrote
    or received), a page at a time, oldest first. POST: write a message to everyone at the table,
    or privately to one seat (players only)."""
    game = game_selectors.visible_game(request.user, pk)
    if request.method == "GET":
        before, after, limit = _whole(request, "before"), _whole(request, "after"), _whole(request, "limit")
        if limit is not None and not 1 <= limit <= MAX_PAGE_SIZE:
            raise GameError(ErrorCode.VALIDATION_ERROR, f"'limit' must be between 1 and {MAX_PAGE_SIZE}.")
        page = chat_page(game, request.user, before=before, after=after, limit=limit or PAGE_SIZE)
        return Response(
            {
                "messages": [message_json(m) for m in page["messages"]],
                "earlier": page["earlier"],
                "more": page["more"],
            }
        )
    ser = ChatPostSerializer(data=request.data)
    ser.is_valid(raise_exception=True)
    message = services.post_message(
        game=game,
        user=request.user,
        text=ser.validated_data["text"],
        to=ser.validated_data.get("to"),
        channel=Message.Channel.API,
    )
    return Response(message_json(message), status=status.HTTP_201_CREATED)
