from django.apps import AppConfig


class InboundConfig(AppConfig):
    name = "inbound"
    verbose_name = "Inbound mail (moves and messages by email reply)"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from anymail.signals import inbound

        from . import checks  # noqa: F401 (its system checks are registered on import)
        from .webhooks import on_anymail_inbound

        inbound.connect(on_anymail_inbound, dispatch_uid="trailpost.inbound.anymail")
