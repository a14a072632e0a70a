"""Registers the minute sweep and the daily digest with django-celery-beat (editable in admin)."""
from django.db import migrations

SWEEP = "trailpost: deadline and outbox sweep"
DIGEST = "trailpost: daily digest"


def create(apps, schema_editor):
    IntervalSchedule = apps.get_model("django_celery_beat", "IntervalSchedule")
    CrontabSchedule = apps.get_model("django_celery_beat", "CrontabSchedule")
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    every_minute, _ = IntervalSchedule.objects.get_or_create(every=1, period="minutes")
    PeriodicTask.objects.get_or_create(name=SWEEP, defaults={
        "task": "notifications.tasks.sweep", "interval": every_minute,
        "description": "Reminders, deadline timeouts, stuck bots and standing orders, unsent notices.",
    })
    daily, _ = CrontabSchedule.objects.get_or_create(minute="0", hour="7", day_of_week="*", day_of_month="*",
                                                     month_of_year="*", timezone="UTC")
    PeriodicTask.objects.get_or_create(name=DIGEST, defaults={
        "task": "notifications.tasks.send_digests", "crontab": daily,
        "description": "One email per player with the notices they asked to receive daily.",
    })


def remove(apps, schema_editor):
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    PeriodicTask.objects.filter(name__in=[SWEEP, DIGEST]).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("notifications", "0001_initial"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]
    operations = [migrations.RunPython(create, remove)]
