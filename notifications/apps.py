from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from celery.signals import task_postrun, task_prerun
        from django.core.signals import request_finished, request_started

        from games import events

        from . import checks, outbox, signals, tasks  # noqa: F401 (checks: registered; tasks: with Celery)
        from .handoff import handoff

        signals.connect()
        # The notices of what happens in games, written with each change.
        events.listen(events.GameChanged, outbox.on_game_changed)
        events.listen(events.DeadlineMissed, outbox.on_deadline_missed)
        events.listen(events.InvitationSent, outbox.on_invitation_sent)
        events.listen(events.Moderated, outbox.on_moderated)
        events.listen(events.AwayDay, outbox.on_away_day)
        # When committed notices are handed to Celery (see notifications.handoff).
        request_started.connect(handoff.request_started, dispatch_uid="trailpost.handoff.request_started")
        request_finished.connect(handoff.request_finished, dispatch_uid="trailpost.handoff.request_finished")
        task_prerun.connect(handoff.task_started, weak=False, dispatch_uid="trailpost.handoff.task_started")
        task_postrun.connect(handoff.task_finished, weak=False, dispatch_uid="trailpost.handoff.task_finished")
