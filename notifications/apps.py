from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from games import events

        from . import checks, outbox, signals, tasks  # noqa: F401 (checks: registered; tasks: with Celery)

        signals.connect()
        # The notices of what happens in games, written with each change.
        events.listen(events.GameChanged, outbox.on_game_changed)
        events.listen(events.DeadlineMissed, outbox.on_deadline_missed)
        events.listen(events.InvitationSent, outbox.on_invitation_sent)
        events.listen(events.Moderated, outbox.on_moderated)
        events.listen(events.AwayDay, outbox.on_away_day)
