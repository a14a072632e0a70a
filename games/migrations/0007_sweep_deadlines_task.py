"""The minute sweep of passed deadlines is the games app's task now (games.tasks.sweep_deadlines);
the notifications app's reminders and unsent mail have tasks of their own (notifications 0006).
The beat entry the notifications app made for the old combined sweep is taken over."""
from django.db import migrations

OLD = "trailpost: deadline and outbox sweep"
NAME = "trailpost: deadline sweep"


def take_over(apps, schema_editor):
    IntervalSchedule = apps.get_model("django_celery_beat", "IntervalSchedule")
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    every_minute, _ = IntervalSchedule.objects.get_or_create(every=1, period="minutes")
    fields = {"task": "games.tasks.sweep_deadlines",
              "description": "Passed deadlines: default moves for players who missed them, stuck bots and "
                             "standing orders, vacations."}
    if PeriodicTask.objects.filter(name=OLD).update(name=NAME, **fields) == 0:
        PeriodicTask.objects.get_or_create(name=NAME, defaults=dict(fields, interval=every_minute))


def give_back(apps, schema_editor):
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    PeriodicTask.objects.filter(name=NAME).update(
        name=OLD, task="notifications.tasks.sweep",
        description="Reminders, deadline timeouts, stuck bots and standing orders, unsent notices.")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0006_clock_tables"),
        ("notifications", "0002_periodic_tasks"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]
    operations = [migrations.RunPython(take_over, give_back)]
