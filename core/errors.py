"""The one application error type, with stable codes (the API returns them as-is)."""

from enum import StrEnum


class ErrorCode(StrEnum):
    NOT_YOUR_TURN = "NOT_YOUR_TURN"
    ILLEGAL_ACTION = "ILLEGAL_ACTION"
    MALFORMED_ACTION = "MALFORMED_ACTION"
    STALE_VERSION = "STALE_VERSION"
    GAME_NOT_ACTIVE = "GAME_NOT_ACTIVE"
    GAME_NOT_IN_LOBBY = "GAME_NOT_IN_LOBBY"
    GAME_NOT_FINISHED = "GAME_NOT_FINISHED"
    NOT_A_PLAYER = "NOT_A_PLAYER"
    NOT_THE_OWNER = "NOT_THE_OWNER"
    ALREADY_JOINED = "ALREADY_JOINED"
    GAME_FULL = "GAME_FULL"
    NOT_ENOUGH_PLAYERS = "NOT_ENOUGH_PLAYERS"
    INVALID_INVITE = "INVALID_INVITE"
    UNKNOWN_RULES = "UNKNOWN_RULES"
    BAD_OPTIONS = "BAD_OPTIONS"
    BAD_CLOCK = "BAD_CLOCK"
    IDEMPOTENCY_KEY_REUSED = "IDEMPOTENCY_KEY_REUSED"
    NOTHING_TO_UNDO = "NOTHING_TO_UNDO"
    VALIDATION_ERROR = "VALIDATION_ERROR"
    NOT_FOUND = "NOT_FOUND"
    NOT_AUTHENTICATED = "NOT_AUTHENTICATED"
    PERMISSION_DENIED = "PERMISSION_DENIED"
    METHOD_NOT_ALLOWED = "METHOD_NOT_ALLOWED"
    NOT_ACCEPTABLE = "NOT_ACCEPTABLE"
    REQUEST_TOO_LARGE = "REQUEST_TOO_LARGE"
    THROTTLED = "THROTTLED"
    INVITATION_LIMIT = "INVITATION_LIMIT"
    SERVER_ERROR = "SERVER_ERROR"
    SERVICE_UNAVAILABLE = "SERVICE_UNAVAILABLE"


HTTP_STATUS = {
    ErrorCode.NOT_YOUR_TURN: 409,
    ErrorCode.ILLEGAL_ACTION: 422,
    ErrorCode.MALFORMED_ACTION: 400,
    ErrorCode.STALE_VERSION: 409,
    ErrorCode.GAME_NOT_ACTIVE: 409,
    ErrorCode.GAME_NOT_IN_LOBBY: 409,
    ErrorCode.GAME_NOT_FINISHED: 409,
    ErrorCode.NOT_A_PLAYER: 403,
    ErrorCode.NOT_THE_OWNER: 403,
    ErrorCode.ALREADY_JOINED: 409,
    ErrorCode.GAME_FULL: 409,
    ErrorCode.NOT_ENOUGH_PLAYERS: 409,
    ErrorCode.INVALID_INVITE: 404,
    ErrorCode.UNKNOWN_RULES: 400,
    ErrorCode.BAD_OPTIONS: 400,
    ErrorCode.BAD_CLOCK: 400,
    ErrorCode.IDEMPOTENCY_KEY_REUSED: 422,
    ErrorCode.NOTHING_TO_UNDO: 409,
    ErrorCode.VALIDATION_ERROR: 400,
    ErrorCode.NOT_FOUND: 404,
    ErrorCode.NOT_AUTHENTICATED: 401,
    ErrorCode.PERMISSION_DENIED: 403,
    ErrorCode.METHOD_NOT_ALLOWED: 405,
    ErrorCode.NOT_ACCEPTABLE: 406,
    ErrorCode.REQUEST_TOO_LARGE: 413,
    ErrorCode.THROTTLED: 429,
    ErrorCode.INVITATION_LIMIT: 429,
    ErrorCode.SERVER_ERROR: 500,
    ErrorCode.SERVICE_UNAVAILABLE: 503,
}


class GameError(Exception):
    """A refused request: a stable code, a sentence for the player, optional details."""

    def __init__(self, code: ErrorCode, message: str, **extra):
        super().__init__(message)
        self.code = ErrorCode(code)
        self.message = message
        self.extra = extra

    @property
    def http_status(self) -> int:
        return HTTP_STATUS.get(self.code, 400)

    def as_dict(self) -> dict:
        return {"code": str(self.code), "message": self.message, "extra": self.extra}
