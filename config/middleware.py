"""Bounds on a request's address and headers, checked before anything reads them.

A NUL byte or another control character in the path or the query string reached the database
(PostgreSQL refuses NUL in text: a 500); an address over 4 KB or headers over 8 KB were refused by
gunicorn with its own HTML page, under /api/ too. Here each is refused first, with the API's JSON
error under /api/ and a plain page elsewhere. gunicorn.conf.py lets lines up to gunicorn's own
ceiling through, so these limits, not gunicorn's, are the ones a client meets.
"""

import re
from urllib.parse import unquote

from django.http import HttpResponse

from core.api import json_error
from core.errors import ErrorCode

MAX_URL = 4096  # characters of path and query string, as sent
MAX_HEADERS = 8192  # characters of all HTTP_ headers' values together
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def _refusal(request, status: int, code: ErrorCode, message: str) -> HttpResponse:
    if request.path_info.startswith("/api/"):
        return json_error(code, message, status)
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


class RequestBoundsMiddleware:
    """Refuses an address or headers out of bounds (414, 431) and control characters in the
    address (400), before any view, session or database sees them."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        refusal = self.refusal(request)
        return refusal if refusal is not None else self.get_response(request)

    @staticmethod
    def refusal(request):
        query = request.META.get("QUERY_STRING", "")
        if len(request.path_info) + len(query) > MAX_URL:
            return _refusal(request, 414, ErrorCode.REQUEST_TOO_LARGE, "The address is too long.")
        headers = sum(len(str(v)) for k, v in request.META.items() if k.startswith("HTTP_"))
        if headers > MAX_HEADERS:
            return _refusal(request, 431, ErrorCode.REQUEST_TOO_LARGE, "The request's headers are too large.")
        if CONTROL.search(request.path_info) or CONTROL.search(unquote(query)):
            return _refusal(
                request, 400, ErrorCode.VALIDATION_ERROR, "The address holds characters that are not allowed."
            )
        return None
