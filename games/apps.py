from django.apps import AppConfig
from django.conf import settings
from django.core.signals import setting_changed


def serve_configured_games() -> None:
    """Serves the games of the TRAILPOST_GAMES setting (slug -> "module:attribute" of an engine, in
    the order the pages list them), or, without one, the games this code base ships (rules.GAMES)."""
    from . import rules

    rules.configure(getattr(settings, "TRAILPOST_GAMES", None) or rules.GAMES)


def _games_setting_changed(*, setting, **kwargs) -> None:
    """Serves the games again when TRAILPOST_GAMES changes (override_settings, as Django's own
    settings that are read once are reloaded)."""
    if setting == "TRAILPOST_GAMES":
        serve_configured_games()


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from celery.signals import after_task_publish

        from . import events, signals, tasks
        from .broker import broker_outage

        serve_configured_games()
        setting_changed.connect(_games_setting_changed)
        signals.connect()
        # A task published, whoever published it, ends a broker outage (games.broker).
        after_task_publish.connect(broker_outage.published, weak=False, dispatch_uid="trailpost-broker-outage")
        events.listen(events.GameChanged, tasks.queue_automatic_turns)
