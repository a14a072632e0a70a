"""The Celery app: Redis broker from REDIS_URL (see settings), tasks discovered in the apps."""

import os

from celery import Celery
from kombu.transport import TRANSPORT_ALIASES

# filesystem:// URLs (make run without Redis) get Kombu's filesystem transport that writes each
# message whole before a worker can take it (config/fsbroker.py); other URLs keep their own.
TRANSPORT_ALIASES["filesystem"] = "config.fsbroker:Transport"

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("trailpost")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
