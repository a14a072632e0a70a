"""The inbound app's routes, included under /mail/ by config/urls.py: django-anymail's webhooks
(e.g. /mail/anymail/mailgun/inbound/, replies to move emails), each served only for the
providers TRAILPOST_INBOUND_WEBHOOKS names, the inbound ones wrapped so that a message anymail
cannot parse is recorded and answered 200, not a 500 (inbound.webhooks)."""

from django.urls import include, path

from .webhooks import guarded_anymail_urls

app_name = "inbound"
urlpatterns = [
    path("anymail/", include((guarded_anymail_urls(), "anymail"))),
]
