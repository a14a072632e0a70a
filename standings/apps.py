from django.apps import AppConfig


class StandingsConfig(AppConfig):
    name = "standings"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from games import events

        from . import recorder

        events.listen(events.GameChanged, recorder.record_finished_game)
