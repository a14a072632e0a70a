from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from anymail.signals import inbound

        from .inbound import on_anymail_inbound

        inbound.connect(on_anymail_inbound, dispatch_uid="trailpost.notifications.inbound")

        from . import signals

        signals.connect()

        from django.core.signals import request_finished, request_started

        from .outbox import _handoff

        request_started.connect(_handoff.request_started, dispatch_uid="trailpost.outbox.request_started")
        request_finished.connect(_handoff.request_finished, dispatch_uid="trailpost.outbox.request_finished")
