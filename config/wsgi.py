"""WSGI entry point (gunicorn config.wsgi)."""

import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()


def _load_views():
    """Imports the URLconf, and with it every view, serializer and rules engine a request uses."""
    from django.urls import get_resolver

    return get_resolver().url_patterns


_load_views()
# What is loaded by now lives as long as the process. Frozen, it is left out of the garbage
# collector's full collections, which otherwise walk it all (some 100,000 objects, about 100 ms)
# in the middle of whichever request triggers one.
gc.freeze()
