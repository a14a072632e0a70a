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
