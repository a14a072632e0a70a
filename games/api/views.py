"""The REST API. Views parse, call a service or selector, and render; nothing else."""

from django.http import HttpResponse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view, parser_classes, permission_classes, throttle_scope
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from accounts import services as account_services
from core.errors import ErrorCode, GameError
from games import archive, boards, replay, selectors, services
from games.clock.orders import standing_orders_for
from games.models import Game, Move
from games.rules import engines
from games.timekeeper.autoplay import standing_orders_set

from .serializers import (
    ERRORS,
    ActionsSerializer,
    BoardSerializer,
    EngineSerializer,
    ExportSerializer,
    GameCreateSerializer,
    GameDetailSerializer,
    GameImportSerializer,
    GameSummarySerializer,
    InvitationSerializer,
    InviteSerializer,
    JoinOpenSerializer,
    JoinSerializer,
    MoveEntrySerializer,
    MoveResultSerializer,
    MoveSubmitSerializer,
    ReplayStepSerializer,
    StandingOrdersSerializer,
    StandingOrdersUpdateSerializer,
    TokenCreateSerializer,
    TokenSerializer,
    VerifySerializer,
)


def _game(request, pk) -> Game:
    return selectors.visible_game(request.user, pk)


def _my_seat(game, user, *, required=True):
    seat = selectors.seat_of(game, user)
    if seat is None and required:
        raise GameError(ErrorCode.NOT_A_PLAYER, "You are not playing in this game.")
    return seat


def _detail(game, user):
    seat = selectors.seat_of(game, user)
    data = selectors.game_summary(game, user)
    data["view"] = selectors.game_view(game, seat)
    return data


@extend_schema(operation_id="engines_list", responses={200: EngineSerializer(many=True), **ERRORS}, tags=["engines"])
@api_view(["GET"])
@permission_classes([AllowAny])
def engine_list(request):
    """Lists the games this server plays, with their options."""
    return Response(
        [
            {
                "slug": e.name,
                "title": e.title,
                "version": e.version,
                "min_players": e.min_seats,
                "max_players": e.max_seats,
                "options": e.options_schema,
                "decision_kinds": e.decision_kinds,
            }
            for e in engines()
        ]
    )


@extend_schema(
    methods=["GET"],
    operation_id="games_list",
    description="My games: those I have a seat in, newest first.",
    responses={200: GameSummarySerializer(many=True), **ERRORS},
    tags=["games"],
)
@extend_schema(
    methods=["POST"],
    operation_id="games_create",
    description="Creates a game in the lobby; you take the first seat (and any `bots` the next ones).",
    request=GameCreateSerializer,
    responses={201: GameDetailSerializer, **ERRORS},
    tags=["games"],
)
@api_view(["GET", "POST"])
@throttle_scope("game_create")
def game_list(request):
    """GET: my games. POST: create a game (you take the first seat)."""
    if request.method == "GET":
        return Response([selectors.game_summary(g, request.user) for g in selectors.games_for_user(request.user)])
    ser = GameCreateSerializer(data=request.data)
    ser.is_valid(raise_exception=True)
    game = services.game_create(owner=request.user, **ser.validated_data)
    return Response(_detail(_game(request, game.pk), request.user), status=status.HTTP_201_CREATED)


@extend_schema(
    operation_id="games_open_list", responses={200: GameSummarySerializer(many=True), **ERRORS}, tags=["games"]
)
@api_view(["GET"])
def open_game_list(request):
    """Lists games waiting for players that anyone may join."""
    return Response([selectors.game_summary(g, request.user) for g in selectors.open_games(request.user)])


@extend_schema(operation_id="games_retrieve", responses={200: GameDetailSerializer, **ERRORS}, tags=["games"])
@api_view(["GET"])
def game_detail(request, pk):
    """A game with the caller's view only (a spectator view if the caller has no seat). A player's
    client polling it counts as having the game open, as the game page's polls do: notices that
    wait out their grace window then need no email."""
    game = _game(request, pk)
    services.seat_seen(game, request.user)
    return Response(_detail(game, request.user))


@extend_schema(
    operation_id="games_join_by_code",
    request=JoinSerializer,
    responses={200: GameDetailSerializer, **ERRORS},
    tags=["games"],
)
@api_view(["POST"])
def game_join_by_code(request):
    """Joins the game an invite link or invitation code belongs to."""
    ser = JoinSerializer(data=request.data)
    ser.is_valid(raise_exception=True)
    game = services.game_find_by_code(ser.validated_data["code"])
    services.game_join(
        game=game, user=request.user, code=ser.validated_data["code"], entropy=ser.validated_data["entropy"]
    )
    return Response(_detail(_game(request, game.pk), request.user))


@extend_schema(
    operation_id="games_join",
    request=JoinOpenSerializer,
    responses={200: GameDetailSerializer, **ERRORS},
    tags=["games"],
)
@api_view(["POST"])
def game_join(request, pk):
    """Joins an open game; `entropy` (optional) is your own contribution to the game's seed."""
    game = _game(request, pk)
    ser = JoinOpenSerializer(data=request.data)
    ser.is_valid(raise_exception=True)
    services.game_join(game=game, user=request.user, entropy=ser.validated_data["entropy"])
    return Response(_detail(_game(request, pk), request.user))


@extend_schema(
    operation_id="games_leave", request=None, responses={200: GameDetailSerializer, **ERRORS}, tags=["games"]
)
@api_view(["POST"])
def game_leave(request, pk):
    """Leaves a game that has not started."""
    services.game_leave(game=_game(request, pk), user=request.user)
    # Read without the visibility check: who just left a private game still gets the answer.
    game = Game.objects.select_related("owner").prefetch_related("seats__user").get(pk=pk)
    return Response(_detail(game, request.user))


@extend_schema(
    operation_id="games_bots_add", request=None, responses={200: GameDetailSerializer, **ERRORS}, tags=["games"]
)
@api_view(["POST"])
def game_add_bot(request, pk):
    """Adds a bot seat (owner, before the start)."""
    services.game_add_bot(game=_game(request, pk), by=request.user)
    return Response(_detail(_game(request, pk), request.user))


@extend_schema(
    operation_id="games_invitations_create",
    request=InviteSerializer,
    responses={201: InvitationSerializer, **ERRORS},
    tags=["games"],
)
@api_view(["POST"])
def game_invite(request, pk):
    """Invites someone by email: at most TRAILPOST_INVITATIONS_PER_HOUR (20) an hour and _PER_DAY
    (50) a day per sender, on every path (429 INVITATION_LIMIT with Retry-After past them)."""
    ser = InviteSerializer(data=request.data)
    ser.is_valid(raise_exception=True)
    inv = services.game_invite(game=_game(request, pk), by=request.user, email=ser.validated_data["email"])
    return Response({"email": inv.email, "code": inv.code}, status=status.HTTP_201_CREATED)


@extend_schema(
    operation_id="games_start", request=None, responses={200: GameDetailSerializer, **ERRORS}, tags=["games"]
)
@api_view(["POST"])
def game_start(request, pk):
    """Starts the game (owner): seats are ordered, cards dealt, sha256(seed) published."""
    services.game_start(game=_game(request, pk), by=request.user, channel=Move.Channel.API)
    return Response(_detail(_game(request, pk), request.user))


@extend_schema(operation_id="games_actions_list", responses={200: ActionsSerializer, **ERRORS}, tags=["moves"])
@api_view(["GET"])
def game_actions(request, pk):
    """The caller's legal actions now, numbered, with the version to send back (a poll of them
    counts as having the game open, as games_retrieve's does)."""
    game = _game(request, pk)
    seat = _my_seat(game, request.user)
    services.seat_seen(game, request.user)
    return Response({"version": game.version, "status": game.status, "actions": selectors.legal_moves(game, seat)})


@extend_schema(operation_id="games_board_retrieve", responses={200: BoardSerializer, **ERRORS}, tags=["games"])
@api_view(["GET"])
def game_board(request, pk):
    """The game's static board (a map's mileposts, cities, water, goods), for games that have one.

    It depends only on the rules and the game's options, never on the play: fetch it once. Build
    and move paths name its mileposts as [x, y]. `board` is null for games without a board.
    """
    board = boards.game_board(_game(request, pk))
    response = Response({"board": board["data"] if board else None, "key": board["key"] if board else None})
    response["Cache-Control"] = "private, max-age=86400"
    return response


@extend_schema(
    methods=["POST"],
    operation_id="games_moves_create",
    description="Submits a move: one of the caller's legal actions (games_actions_list), with the version it "
    "was chosen at. 201 when applied; 200 when an Idempotency-Key repeated an earlier move.",
    request=MoveSubmitSerializer,
    responses={201: MoveResultSerializer, 200: MoveResultSerializer, **ERRORS},
    parameters=[
        OpenApiParameter(
            "Idempotency-Key",
            str,
            OpenApiParameter.HEADER,
            required=False,
            description="Repeat a submission safely: the same key returns the first answer. A key is the "
            "caller's own in this game (another player's move with the same key is a move of its own); "
            "the same key with a different move is refused (IDEMPOTENCY_KEY_REUSED). At most 100 characters.",
        )
    ],
    tags=["moves"],
)
@extend_schema(
    methods=["GET"],
    operation_id="games_moves_list",
    description="The move log, oldest first, redacted for the caller (another seat's secrets are null).",
    responses={200: MoveEntrySerializer(many=True), **ERRORS},
    parameters=[OpenApiParameter("after", int, description="Only entries with seq greater than this.")],
    tags=["moves"],
)
@api_view(["GET", "POST"])
def game_moves(request, pk):
    """GET: the move log, redacted for the caller. POST: submit a move."""
    if request.method == "GET":
        game = _game(request, pk)
        seat = selectors.seat_of(game, request.user)
        try:
            after = int(request.query_params.get("after", 0))
        except ValueError:
            raise GameError(ErrorCode.VALIDATION_ERROR, "'after' must be a whole number.") from None
        return Response(selectors.move_log(game, seat, after_seq=after))
    ser = MoveSubmitSerializer(data=request.data)
    ser.is_valid(raise_exception=True)
    key = request.headers.get("Idempotency-Key") or None
    if key is not None and len(key) > 100:
        raise GameError(ErrorCode.VALIDATION_ERROR, "The Idempotency-Key header is at most 100 characters.")
    result = services.move_submit(
        game=pk,
        seat=None,
        action=ser.validated_data["action"],
        expected_version=ser.validated_data.get("expected_version"),
        channel=Move.Channel.API,
        idempotency_key=key,
        actor=request.user,
    )
    move = result.move
    entry = selectors.move_entry(move.game.engine, move, move.position, {move.position: request.user.public_name})
    return Response(
        {"applied": result.applied, "version": result.version, "move": entry},
        status=status.HTTP_201_CREATED if result.applied else status.HTTP_200_OK,
    )


@extend_schema(
    operation_id="games_resign", request=None, responses={200: GameDetailSerializer, **ERRORS}, tags=["games"]
)
@api_view(["POST"])
def game_resign(request, pk):
    """Resigns from a game in play."""
    services.game_resign(game=_game(request, pk), user=request.user, channel=Move.Channel.API)
    return Response(_detail(_game(request, pk), request.user))


@extend_schema(operation_id="games_verify_retrieve", responses={200: VerifySerializer, **ERRORS}, tags=["games"])
@api_view(["GET"])
@permission_classes([AllowAny])
def game_verify(request, pk):
    """Anyone may check a finished game: replay its log from the revealed seed."""
    game = _game(request, pk)
    if not game.is_over or not game.seed:
        raise GameError(ErrorCode.GAME_NOT_FINISHED, "The seed is revealed, and the game verifiable, once it is over.")
    return Response(selectors.verify_game(game))


@extend_schema(
    operation_id="games_export_retrieve",
    responses={200: ExportSerializer, **ERRORS},
    tags=["games"],
)
@api_view(["GET"])
@permission_classes([AllowAny])
def game_export(request, pk):
    """The whole game as one file, for a game that is over: rules, options, seats with their
    contributions to the seed, the server seed and the seed, every move unredacted. Check it
    without the server: `python -m games.rules verify FILE`."""
    game = _game(request, pk)
    response = HttpResponse(archive.export_json(game), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{archive.export_filename(game)}"'
    return response


@extend_schema(
    methods=["GET"],
    operation_id="games_standing_orders_retrieve",
    responses={200: StandingOrdersSerializer, **ERRORS},
    tags=["games"],
)
@extend_schema(
    methods=["PUT"],
    operation_id="games_standing_orders_update",
    request=StandingOrdersUpdateSerializer,
    responses={200: StandingOrdersSerializer, **ERRORS},
    tags=["games"],
)
@api_view(["GET", "PUT"])
def game_standing_orders(request, pk):
    """GET: the game's decision kinds and my standing orders. PUT {"orders": {kind: answer or ""}}."""
    game = _game(request, pk)
    seat = selectors.player_seat(game, request.user)
    if request.method == "PUT":
        data = request.data
        orders = data.get("orders", data) if isinstance(data, dict) else None  # a list or a string: refused
        if not isinstance(orders, dict) or not all(isinstance(v, (str, type(None))) for v in orders.values()):
            raise GameError(ErrorCode.VALIDATION_ERROR, 'Send {"orders": {"<kind>": "<answer>" or ""}}.')
        standing_orders_set(seat=seat, orders={k: v or "" for k, v in orders.items()})
    return Response({"decision_kinds": game.engine.decision_kinds, "orders": standing_orders_for(seat)})


@extend_schema(
    operation_id="games_import",
    request={"multipart/form-data": GameImportSerializer},
    responses={201: GameDetailSerializer, **ERRORS},
    tags=["games"],
)
@api_view(["POST"])
@parser_classes([MultiPartParser])  # the one body that is not JSON: a file
@throttle_scope("game_create")
def game_import(request):
    """Imports an exported game (the file as `file`, at most 5 MB) for replay and analysis: it is
    verified first (it must reproduce its recorded result), then kept as a finished private game
    of yours, its seats played by bots named as in the file."""
    upload = request.FILES.get("file")
    if upload is None:
        raise GameError(ErrorCode.VALIDATION_ERROR, "Send the exported game as the form field 'file'.")
    if upload.size > archive.MAX_IMPORT_BYTES:
        raise GameError(ErrorCode.REQUEST_TOO_LARGE, "The file is larger than 5 MB: it is not a game export.")
    game = archive.import_game(upload.read(), owner=request.user)
    return Response(_detail(_game(request, game.pk), request.user), status=status.HTTP_201_CREATED)


@extend_schema(operation_id="games_replay_retrieve", responses={200: ReplayStepSerializer, **ERRORS}, tags=["games"])
@api_view(["GET"])
@permission_classes([AllowAny])
def game_replay(request, pk, step):
    """The table at one step of the log (0: the start; total_steps: now): once the game is over with
    every hand shown, while it is in play as the caller's own seat sees it (a spectator's view for
    anyone without a seat). Never a deck's order nor the seed."""
    game = _game(request, pk)
    return Response(replay.replay_step(game, step=step, seat=selectors.seat_of(game, request.user)))


@extend_schema(
    methods=["GET"],
    operation_id="tokens_list",
    description="My API tokens, without their keys.",
    responses={200: TokenSerializer(many=True), **ERRORS},
    tags=["tokens"],
)
@extend_schema(
    methods=["POST"],
    operation_id="tokens_create",
    description="Creates an API token; its key is in this answer only (Trailpost keeps a hash).",
    request=TokenCreateSerializer,
    responses={201: TokenSerializer, **ERRORS},
    tags=["tokens"],
)
@api_view(["GET", "POST"])
@throttle_scope("tokens")
def token_list(request):
    """GET: my API tokens (without keys). POST: create one; its key is shown only in this answer."""
    if request.method == "GET":
        return Response(
            [
                {"id": t.pk, "name": t.name, "prefix": t.prefix, "created_at": t.created_at}
                for t in request.user.api_tokens.order_by("-created_at")
            ]
        )
    ser = TokenCreateSerializer(data=request.data)
    ser.is_valid(raise_exception=True)
    token = account_services.api_token_create(user=request.user, name=ser.validated_data["name"])
    return Response(
        {"id": token.pk, "name": token.name, "prefix": token.prefix, "created_at": token.created_at, "key": token.key},
        status=status.HTTP_201_CREATED,
    )


@extend_schema(operation_id="tokens_destroy", request=None, responses={204: None, **ERRORS}, tags=["tokens"])
@api_view(["DELETE"])
def token_revoke(request, token_id):
    """Revokes one of my API tokens."""
    if not account_services.api_token_revoke(user=request.user, token_id=token_id):
        raise GameError(ErrorCode.NOT_FOUND, "You have no token with that id.")
    return Response(status=status.HTTP_204_NO_CONTENT)
