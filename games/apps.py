from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from . import events, signals, tasks

        signals.connect()
        events.listen(events.GameChanged, tasks.queue_automatic_turns)
