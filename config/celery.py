"""The Celery app: Redis broker from REDIS_URL (see settings), tasks discovered in the apps."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("trailpost")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
