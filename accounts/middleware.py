"""Pages show times in the reader's time zone: the signed-in user's `time_zone`, else UTC."""

from django.contrib.auth.views import redirect_to_login
from django.urls import reverse
from django.utils import timezone

from . import timezones


class TimeZoneMiddleware:
    """Activates the user's zone for the request (after AuthenticationMiddleware)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            timezone.activate(timezones.zone(user.time_zone))
        else:
            timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()


def _wants_a_page(request) -> bool:
    """A page opened in a browser (an image, a script or a feed asks with another Accept)."""
    accept = request.headers.get("Accept", "")
    return not accept or "text/html" in accept


class ChooseNameMiddleware:
    """An account made before sign-up asked for a display name is asked for one on its next visit:
    a page opened in the browser (GET, not htmx) goes to /accounts/name/, which asks once and then
    goes on to the page that was asked for. The API, the admin, allauth's own pages (sign out,
    email confirmation, password reset) and static files are left alone."""

    EXEMPT = ("/accounts/", "/api/", "/admin/", "/static/", "/media/", "/health", "/favicon.ico", "/robots.txt")

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if (
            user is not None
            and user.is_authenticated
            and not user.display_name
            and request.method == "GET"
            and not request.headers.get("HX-Request")
            and _wants_a_page(request)
            and not request.path.startswith(self.EXEMPT)
        ):
            return redirect_to_login(
                request.get_full_path(), login_url=reverse("accounts:choose_name"), redirect_field_name="next"
            )
        return self.get_response(request)
