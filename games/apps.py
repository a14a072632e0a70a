from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from celery.signals import after_task_publish

        from . import events, signals, tasks
        from .broker import broker_outage

        signals.connect()
        # A task published, whoever published it, ends a broker outage (games.broker).
        after_task_publish.connect(broker_outage.published, weak=False, dispatch_uid="trailpost-broker-outage")
        events.listen(events.GameChanged, tasks.queue_automatic_turns)
