import sys

from django.conf import settings
from django.contrib import admin
from django.core.exceptions import RequestDataTooBig
from django.db import InterfaceError, OperationalError
from django.http import HttpResponse
from django.template import loader
from django.templatetags.static import static
from django.urls import include, path
from django.views import defaults
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from core.api import TOO_LARGE_MESSAGE, json_error
from core.errors import ErrorCode

urlpatterns = [
    # Browsers ask for /favicon.ico whatever the page's <link rel="icon"> says (on history
    # navigation, say): send them to the icon rather than a 404.
    path("favicon.ico", RedirectView.as_view(url=static("img/favicon.svg"), permanent=True)),
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("accounts/", include("accounts.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # Swagger UI's script comes from the server (the split view); its page
    # (templates/drf_spectacular/swagger_ui.html) carries our header, its styles in static files.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    path("api/", include("games.api.urls")),
    path("api/", include("accounts.api")),
    path("api/", include("chat.api_urls")),
    path("api/", include("standings.api_urls")),
    path("mail/", include("notifications.urls")),
    path("mail/", include("games.clock_urls")),
    path("mail/", include("inbound.urls")),
    path("", include("games.rules_urls")),
    path("", include("chat.urls")),
    path("", include("standings.urls")),
    path("", include("games.urls")),
]

if settings.BENCH:  # bench/api.py's baseline endpoint, never in production
    urlpatterns.insert(0, path("bench/", include("bench.urls")))


# Django answers some errors before (or outside) DRF: unknown URLs and ids the routes refuse
# (/api/games/-1/), bodies over DATA_UPLOAD_MAX_MEMORY_SIZE, crashes. Under /api/ they get the
# API's error body; everywhere else the usual pages.
def _api(request) -> bool:
    return request.path.startswith("/api/")


def json_or_html_400(request, exception):
    if not _api(request):
        return defaults.bad_request(request, exception)
    if isinstance(exception, RequestDataTooBig):
        return json_error(ErrorCode.REQUEST_TOO_LARGE, TOO_LARGE_MESSAGE, 413)
    return json_error(ErrorCode.VALIDATION_ERROR, "The request could not be read.", 400)


def json_or_html_404(request, exception):
    if not _api(request):
        return defaults.page_not_found(request, exception)
    return json_error(ErrorCode.NOT_FOUND, "Not found.", 404)


# While the database cannot be reached (a restart, a failover) a request fails with Django's
# OperationalError or InterfaceError, in a view or already in the session or auth middleware: that is
# 503 with Retry-After (clients and proxies retry), not a 500. Django calls handler500 inside its
# `except`, so the exception is at hand.
DATABASE_RETRY_SECONDS = 30


def _database_down() -> bool:
    return isinstance(sys.exc_info()[1], (OperationalError, InterfaceError))


def json_or_html_500(request):
    if _database_down():
        if _api(request):
            response = json_error(
                ErrorCode.SERVICE_UNAVAILABLE, "The database cannot be reached just now; nothing was changed.", 503
            )
        else:
            response = HttpResponse(loader.get_template("503.html").render(), status=503)
        response["Retry-After"] = str(DATABASE_RETRY_SECONDS)
        return response
    if not _api(request):
        return defaults.server_error(request)
    return json_error(ErrorCode.SERVER_ERROR, "The server failed to answer; the error is logged.", 500)


handler400 = json_or_html_400
handler404 = json_or_html_404
handler500 = json_or_html_500
