"""Reminders and the sending of unsent notices run as tasks of their own, every minute (the
deadline sweep they were part of is the games app's now: games 0007)."""
from django.db import migrations

TASKS = {
    "trailpost: reminders": ("notifications.tasks.send_reminders",
                             "Reminds players whose deadline is near and who have not decided yet."),
    "trailpost: unsent notices": ("notifications.tasks.send_unsent",
                                  "Sends notices still unsent (the broker was down, or a worker died)."),
}


def create(apps, schema_editor):
    IntervalSchedule = apps.get_model("django_celery_beat", "IntervalSchedule")
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    every_minute, _ = IntervalSchedule.objects.get_or_create(every=1, period="minutes")
    for name, (task, description) in TASKS.items():
        PeriodicTask.objects.get_or_create(name=name, defaults={
            "task": task, "interval": every_minute, "description": description})


def remove(apps, schema_editor):
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    PeriodicTask.objects.filter(name__in=list(TASKS)).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("notifications", "0005_one_kind_for_hits"),
        ("games", "0007_sweep_deadlines_task"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]
    operations = [migrations.RunPython(create, remove)]
