"""Request and response shapes of the API (they also document it in the OpenAPI schema)."""

from rest_framework import serializers

from accounts.validators import validate_title
from core.api import ErrorSerializer
from games.rules import engine_slugs, seeding

from .schema import ERROR_STATUSES, FreeFormSerializer

# Every operation may answer these with the error body (the schema says so, and the fuzz test in
# tests/games/test_fuzz_api.py holds the API to it; games.api.schema adds any an operation omits).
ERRORS = {status: ErrorSerializer for status in ERROR_STATUSES}


class EntropyField(serializers.CharField):
    """A player's own contribution to the game's seed (games.rules.seeding): text only, bounded."""

    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        kwargs.setdefault("allow_blank", True)
        kwargs.setdefault("default", "")
        kwargs.setdefault("max_length", seeding.MAX_CONTRIBUTION)
        kwargs.setdefault(
            "help_text",
            "Your own contribution to the game's seed: a random value of your client's (e.g. 16 random "
            "bytes as hex) or a phrase; at most 200 characters. With the server's committed seed it "
            "makes the dice, so that neither the server nor any one player can choose them. It is "
            "shown to you, and to everyone once the game is over.",
        )
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, str):
            raise serializers.ValidationError("Your entropy must be text: a random value or a phrase.")
        try:
            return seeding.clean_contribution(data)
        except ValueError as exc:
            raise serializers.ValidationError(str(exc)) from None


class GameCreateSerializer(serializers.Serializer):
    rules = serializers.ChoiceField(choices=[], help_text="Engine slug, see /api/engines/.")
    options = serializers.DictField(required=False, default=dict)
    title = serializers.CharField(
        required=False, allow_blank=True, max_length=100, default="", validators=[validate_title]
    )
    max_players = serializers.IntegerField(required=False, min_value=1, max_value=8)
    turn_hours = serializers.IntegerField(
        required=False, min_value=1, max_value=24 * 30, help_text="Hours per decision, on the per-move clock."
    )
    clock = serializers.ChoiceField(
        choices=["move", "bank"],
        required=False,
        default="move",
        help_text="move: turn_hours for each decision; bank: a time bank per player (bank_hours to start, "
        "increment_hours added after each move, at most cap_hours). A bad bank is refused with BAD_CLOCK.",
    )
    bank_hours = serializers.IntegerField(
        required=False, allow_null=True, default=None, help_text="A time bank's starting hours (1 to 1440)."
    )
    increment_hours = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Hours a time bank gains after each move (1 to 720, at most bank_hours).",
    )
    cap_hours = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        help_text="The most hours a time bank may hold (bank_hours to 2160; bank_hours when left out).",
    )
    is_open = serializers.BooleanField(
        required=False,
        default=True,
        help_text="Anyone who can see the game may join it without an invitation (a seat, not a view).",
    )
    visibility = serializers.ChoiceField(
        choices=["public", "private"],
        required=False,
        default="public",
        help_text="public: anyone may watch it (and an open one is listed in the lobby); "
        "private: only its players, invitees and staff see it, anyone else gets NOT_FOUND.",
    )
    bots = serializers.IntegerField(required=False, min_value=0, max_value=7, default=0)
    miss_limit = serializers.IntegerField(required=False, min_value=1, max_value=20, default=3)
    on_missed = serializers.ChoiceField(choices=["bot", "drop"], required=False, default="bot")
    rated = serializers.BooleanField(
        required=False,
        default=False,
        help_text="The result moves the players' ratings when the game finishes (bots are not rated).",
    )
    entropy = EntropyField()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rules"].choices = engine_slugs()


class JoinSerializer(serializers.Serializer):
    code = serializers.CharField(max_length=40, help_text="The invite link's code or an invitation code.")
    entropy = EntropyField()


class JoinOpenSerializer(serializers.Serializer):
    entropy = EntropyField()


class InviteSerializer(serializers.Serializer):
    email = serializers.EmailField()


class MoveSubmitSerializer(serializers.Serializer):
    action = serializers.JSONField(help_text='One of the legal actions, e.g. {"type": "scout"}.')
    expected_version = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        help_text="The game version the move was chosen at; a stale one is refused (STALE_VERSION).",
    )

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


# -- responses (documentation: the views build these shapes in games.selectors) -------------------


class EngineSerializer(serializers.Serializer):
    slug = serializers.CharField()
    title = serializers.CharField()
    version = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    options = serializers.DictField(help_text="{option: {default, choices | min/max, label, help}}")
    decision_kinds = serializers.DictField(help_text="{kind: {label, answers: {answer: label}}}")


class PlayerSerializer(serializers.Serializer):
    position = serializers.IntegerField(allow_null=True, help_text="Null until the game starts.")
    name = serializers.CharField()
    is_bot = serializers.BooleanField()
    status = serializers.CharField()
    deadline_at = serializers.DateTimeField(allow_null=True)
    missed_deadlines = serializers.IntegerField()
    bank_seconds = serializers.IntegerField(
        allow_null=True, help_text="On a time-bank game: the seconds left in this seat's bank now; else null."
    )
    seems_away = serializers.BooleanField(
        help_text="An automatic reply (out of office) came back to this player's move email since their last move."
    )


class ClockSerializer(serializers.Serializer):
    kind = serializers.CharField(help_text="move (turn_hours per decision) or bank (a time bank per player).")
    turn_hours = serializers.IntegerField(help_text="Hours per decision (per-move clock).")
    bank_hours = serializers.IntegerField(help_text="A time bank's starting hours (0 on a per-move clock).")
    increment_hours = serializers.IntegerField(help_text="Hours added after each move (0 on a per-move clock).")
    cap_hours = serializers.IntegerField(help_text="The most a bank may hold (0 on a per-move clock).")
    text = serializers.CharField(help_text='The clock in words, e.g. "2 days per move".')


class ContributionSerializer(serializers.Serializer):
    join_index = serializers.IntegerField(help_text="The seat's place in the order of arrival.")
    position = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()
    is_bot = serializers.BooleanField()
    entropy = serializers.CharField(allow_blank=True)


class GameSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    title = serializers.CharField()
    rules = serializers.CharField()
    rules_title = serializers.CharField()
    rules_version = serializers.CharField()
    options = serializers.DictField()
    status = serializers.CharField()
    owner = serializers.CharField()
    max_players = serializers.IntegerField()
    is_open = serializers.BooleanField()
    visibility = serializers.CharField(required=False)
    turn_hours = serializers.IntegerField()
    clock = ClockSerializer()
    version = serializers.IntegerField()
    seed_sha256 = serializers.CharField(allow_null=True, help_text="Published at the start.")
    seed = serializers.CharField(allow_null=True, help_text="Revealed once the game is over.")
    seed_scheme = serializers.CharField(
        allow_blank=True, help_text="'commit-reveal-v1' (the seed made from the server's and the players' entropy)."
    )
    server_seed_sha256 = serializers.CharField(
        allow_null=True, help_text="sha256 of the server's seed, published when the game is created."
    )
    server_seed = serializers.CharField(allow_null=True, help_text="Revealed once the game is over.")
    contributions = ContributionSerializer(
        many=True, allow_null=True, help_text="Every seat's contribution, in join order: once the game is over."
    )
    my_entropy = serializers.CharField(
        allow_null=True, allow_blank=True, help_text="Your own contribution (null if you have no seat)."
    )
    result = serializers.DictField(
        allow_null=True, help_text='Once the game is over: {"winners": [positions], ...} (engine-specific); else null.'
    )
    created_at = serializers.DateTimeField()
    players = PlayerSerializer(many=True)
    to_act = serializers.ListField(child=serializers.IntegerField())
    my_seat = serializers.IntegerField(allow_null=True)
    my_turn = serializers.BooleanField()
    invite_code = serializers.CharField(allow_null=True, help_text="Only for the game's players.")


class GameDetailSerializer(GameSummarySerializer):
    view = serializers.DictField(allow_null=True, help_text="The game as the caller may see it (engine-specific).")


class InvitationSerializer(serializers.Serializer):
    email = serializers.EmailField()
    code = serializers.CharField()


class LegalActionSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    label = serializers.CharField()
    action = serializers.DictField()


class ActionsSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    status = serializers.CharField()
    actions = LegalActionSerializer(many=True)


class BoardSerializer(serializers.Serializer):
    board = serializers.DictField(allow_null=True, help_text="Null for games without a board.")
    key = serializers.CharField(allow_null=True)


class MoveEntrySerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    kind = serializers.CharField()
    seat = serializers.IntegerField(allow_null=True)
    player = serializers.CharField(
        allow_null=True,
        help_text="Who made it: the seat's holder at the time (named as then, for good), 'A moderator' for "
        "a moderator's act, null for the game's start and the clock handing a seat on.",
    )
    channel = serializers.CharField()
    action = serializers.DictField(allow_null=True, help_text="Null when it is another seat's secret.")
    events = serializers.ListField(child=serializers.DictField())
    undone_by = serializers.IntegerField(allow_null=True)
    note = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()


class MoveResultSerializer(serializers.Serializer):
    applied = serializers.BooleanField(help_text="False when an Idempotency-Key repeated an earlier move.")
    version = serializers.IntegerField()
    move = MoveEntrySerializer()


class CheckSerializer(serializers.Serializer):
    name = serializers.CharField()
    ok = serializers.BooleanField(allow_null=True, help_text="Null for a note, not a check.")
    detail = serializers.CharField()


class SeatingSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    join_index = serializers.IntegerField()
    name = serializers.CharField(allow_blank=True)


class VerifySerializer(serializers.Serializer):
    game = serializers.IntegerField()
    seed = serializers.CharField(allow_blank=True)
    seed_sha256 = serializers.CharField(allow_blank=True)
    seed_matches_hash = serializers.BooleanField()
    moves_replayed = serializers.IntegerField()
    reproduces_snapshot = serializers.BooleanField()
    seed_scheme = serializers.CharField(allow_blank=True)
    server_seed = serializers.CharField(allow_blank=True)
    server_seed_sha256 = serializers.CharField(allow_blank=True)
    commitment_matches = serializers.BooleanField(allow_null=True)
    contributions = ContributionSerializer(many=True)
    seed_recomputed = serializers.CharField(allow_null=True)
    seating_recomputed = SeatingSerializer(many=True)
    seating_matches = serializers.BooleanField(allow_null=True)
    checks = CheckSerializer(many=True)
    ok = serializers.BooleanField(help_text="Every check passed.")
    problem = serializers.CharField(allow_null=True)


class ExportSeatSerializer(serializers.Serializer):
    position = serializers.IntegerField(allow_null=True)
    join_index = serializers.IntegerField()
    name = serializers.CharField()
    entropy = serializers.CharField(allow_blank=True)
    is_bot = serializers.BooleanField()
    status = serializers.CharField()
    tenures = serializers.ListField(
        child=serializers.DictField(), help_text="[{name, from_seq, until_seq, is_bot}]: who held the seat when."
    )


class ExportMoveSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    kind = serializers.CharField()
    position = serializers.IntegerField(allow_null=True)
    action = serializers.DictField()
    events = serializers.ListField(child=serializers.DictField())
    channel = serializers.CharField()
    created_at = serializers.DateTimeField()
    undone_by = serializers.IntegerField(allow_null=True)
    note = serializers.CharField(allow_blank=True)


class ExportSerializer(serializers.Serializer):
    format = serializers.CharField(help_text='"trailpost-game/1"')
    rules = serializers.CharField()
    rules_version = serializers.CharField()
    options = serializers.DictField()
    title = serializers.CharField(allow_blank=True)
    status = serializers.CharField()
    seed_scheme = serializers.CharField(allow_blank=True)
    server_seed = serializers.CharField(allow_blank=True)
    server_seed_sha256 = serializers.CharField(allow_blank=True)
    seed = serializers.CharField(allow_blank=True)
    seed_sha256 = serializers.CharField(allow_blank=True)
    seats = ExportSeatSerializer(many=True)
    moves = ExportMoveSerializer(many=True, help_text="Every entry of the log, unredacted.")
    result = serializers.DictField(allow_null=True, help_text="The recorded result (engine-specific).")
    created_at = serializers.DateTimeField(allow_null=True)
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    exported_at = serializers.DateTimeField()


class GameImportSerializer(serializers.Serializer):
    file = serializers.FileField(help_text="A game exported from a Trailpost server (JSON, at most 5 MB).")


class StandingOrdersSerializer(serializers.Serializer):
    decision_kinds = serializers.DictField(help_text="{kind: {label, answers: {answer: label}}}")
    orders = serializers.DictField(child=serializers.CharField(allow_blank=True), help_text="{kind: answer}")


class StandingOrdersUpdateSerializer(serializers.Serializer):
    orders = serializers.DictField(
        child=serializers.CharField(allow_blank=True, allow_null=True),
        help_text='{kind: answer, or "" to answer each time}',
    )


class ReplayHandSerializer(FreeFormSerializer, serializers.Serializer):
    """One seat's hand and secrets once the game is over: `seat` and `name`, then the keys of that
    seat's own view that the spectator's lacks, which depend on the engine (e.g. `hand`, `coins`,
    `demands`): the same keys as the seat's `view` in games_retrieve."""

    seat = serializers.IntegerField()
    name = serializers.CharField()


class ReplayMoveSerializer(MoveEntrySerializer):
    description = serializers.CharField(
        required=False,
        help_text="Only for a move whose events say nothing in the log (ending a turn): its kind of action, in words.",
    )


class ReplayStepSerializer(serializers.Serializer):
    step = serializers.IntegerField(help_text="0 is the dealt table; n the table after the n-th effective move.")
    total_steps = serializers.IntegerField(help_text="How many moves and resignations, not undone, the log holds.")
    seq = serializers.IntegerField(help_text="The log seq of the move that made this step (0 at the start).")
    open = serializers.BooleanField(help_text="The game is over: every hand is shown.")
    position = serializers.IntegerField(
        allow_null=True, help_text="Whose own view `view` is during play; null: the spectator's view."
    )
    view = serializers.DictField(help_text="The table at this step (engine-specific, players named).")
    hands = ReplayHandSerializer(
        many=True, help_text="Once the game is over, each seat's hand and secrets (engine-specific keys); else empty."
    )
    move = ReplayMoveSerializer(allow_null=True, help_text="The move that made this step; null at step 0.")
