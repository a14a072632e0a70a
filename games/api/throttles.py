"""DRF's throttles, reading their rates from settings when they run (not when DRF was imported),
so REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] set from the environment, or by a test, applies.

A rate of None turns its throttle off. Counts live in Django's cache (Redis when the server has
one, config/settings.py CACHES), so every web process shares them. If the cache cannot be reached
the request goes through (one warning line): an outage of Redis must not take the API down.
"""

import logging

from redis.exceptions import RedisError
from rest_framework import throttling
from rest_framework.settings import api_settings

log = logging.getLogger(__name__)


class _RatesFromSettings:
    def get_rate(self):
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def allow_request(self, request, view):
        try:
            return super().allow_request(request, view)
        except (RedisError, OSError) as exc:
            log.warning("API throttle skipped, the cache is unreachable: %s", exc)
            return True


class AnonThrottle(_RatesFromSettings, throttling.AnonRateThrottle):
    """Anonymous callers, per client address (NUM_PROXIES says which X-Forwarded-For entry)."""


class UserThrottle(_RatesFromSettings, throttling.UserRateThrottle):
    """Every request of a logged-in user or token holder, on every endpoint."""


class WriteScopeThrottle(_RatesFromSettings, throttling.ScopedRateThrottle):
    """A stricter rate for the writes of a view marked @throttle_scope("..."): creating games,
    inviting, creating tokens. Reads of the same view (GET) count only towards the user's rate."""

    def allow_request(self, request, view):
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return True
        return super().allow_request(request, view)
