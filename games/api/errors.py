"""One DRF exception handler: every error is {"code", "message", "extra"} with the right status."""
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_handler

from games.errors import ErrorCode, GameError


def _first_message(detail) -> str:
    if isinstance(detail, dict):
        for key, value in detail.items():
            msg = _first_message(value)
            return msg if key in ("non_field_errors", "detail") else f"{key}: {msg}"
    if isinstance(detail, list) and detail:
        return _first_message(detail[0])
    return str(detail)


def exception_handler(exc, context):
    if isinstance(exc, GameError):
        return Response(exc.as_dict(), status=exc.http_status)
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
    response.data = {"code": str(code), "message": message, "extra": extra}
    return response
