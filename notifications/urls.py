from django.urls import include, path

from . import views
from .inbound import guarded_anymail_urls

app_name = "notifications"
urlpatterns = [
    path("preferences/", views.preferences, name="preferences"),
    path("games/<int:pk>/mute/", views.game_mute, name="game_mute"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("back/<str:token>/", views.back, name="back"),
    path("calendar/new/", views.calendar_create, name="calendar_create"),
    path("calendar/revoke/", views.calendar_revoke, name="calendar_revoke"),
    path("calendar/<str:key>/deadlines.ics", views.calendar_feed, name="calendar_feed"),
    # django-anymail's inbound webhooks (e.g. /mail/anymail/mailgun/inbound/): replies to move emails.
    # Wrapped so that a message anymail cannot parse is recorded and answered 200, not a 500.
    path("anymail/", include((guarded_anymail_urls(), "anymail"))),
]
