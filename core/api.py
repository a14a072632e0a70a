"""The API's error body, {"code", "message", "extra"}, for every app: one DRF exception handler
(REST_FRAMEWORK's EXCEPTION_HANDLER) that gives every error that body with the right status, the
serializer that documents it in the schema, and `json_error`, the same body for errors Django answers
before or outside DRF (config/urls.py's handler400/404/500 use it for paths under /api/).
"""

import math

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, JsonResponse
from rest_framework import exceptions, serializers
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_handler

from core.errors import ErrorCode, GameError

TOO_LARGE_MESSAGE = "The request body is too large."


# The error body, as the schema shows it (the component `Error`; no docstring, which would become
# the component's description).
class ErrorSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    extra = serializers.DictField()


def json_error(code: ErrorCode, message: str, status: int, **extra) -> JsonResponse:
    """The API's error body as a plain Django response."""
    return JsonResponse({"code": str(code), "message": message, "extra": extra}, status=status)


def _first_message(detail) -> str:
    if isinstance(detail, dict):
        for key, value in detail.items():
            msg = _first_message(value)
            return msg if key in ("non_field_errors", "detail") else f"{key}: {msg}"
    if isinstance(detail, list) and detail:
        return _first_message(detail[0])
    return str(detail)


def exception_handler(exc, context):
    if isinstance(exc, RequestDataTooBig):  # Django's, raised when DRF reads the body
        exc = GameError(ErrorCode.REQUEST_TOO_LARGE, TOO_LARGE_MESSAGE)
    if isinstance(exc, GameError):
        response = Response(exc.as_dict(), status=exc.http_status)
        if "retry_after" in exc.extra:
            response["Retry-After"] = str(exc.extra["retry_after"])
        return response
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_handler(exc, context)
    if response is None:
        return None
    codes = {
        exceptions.NotAuthenticated: ErrorCode.NOT_AUTHENTICATED,
        exceptions.AuthenticationFailed: ErrorCode.NOT_AUTHENTICATED,
        exceptions.PermissionDenied: ErrorCode.PERMISSION_DENIED,
        exceptions.NotFound: ErrorCode.NOT_FOUND,
        exceptions.ValidationError: ErrorCode.VALIDATION_ERROR,
        exceptions.ParseError: ErrorCode.VALIDATION_ERROR,
        exceptions.UnsupportedMediaType: ErrorCode.VALIDATION_ERROR,
        exceptions.MethodNotAllowed: ErrorCode.METHOD_NOT_ALLOWED,
        exceptions.NotAcceptable: ErrorCode.NOT_ACCEPTABLE,
        exceptions.Throttled: ErrorCode.THROTTLED,
    }
    code = next((c for cls, c in codes.items() if isinstance(exc, cls)), None)
    if code is None:
        code = str(getattr(exc, "default_code", "error")).upper()
    extra = {}
    if isinstance(exc, exceptions.ValidationError) and isinstance(exc.detail, dict):
        extra = {"fields": exc.detail}
    message = _first_message(exc.detail)
    if isinstance(exc, exceptions.NotFound):
        message = "Not found."
    if isinstance(exc, exceptions.Throttled):
        wait = math.ceil(exc.wait or 1)
        extra = {"retry_after": wait}
        message = f"Too many requests: try again in {wait} second{'s' if wait != 1 else ''}."
        response["Retry-After"] = str(wait)
    response.data = {"code": str(code), "message": message, "extra": extra}
    return response
