"""Pages show times in the reader's time zone: the signed-in user's `time_zone`, else UTC."""

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
