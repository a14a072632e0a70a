"""Django's Redis cache, answering as an empty cache while Redis cannot be reached.

Nothing Trailpost keeps in the cache is needed for a request to succeed: the API's throttle
counts, allauth's rate limits on sign-in, sign-up and password reset, the drawn pictures of the
emails and of the standings. With Django's own RedisCache an unreachable Redis turned each of
those into a 500 (allauth takes a lock in the cache before every login). Here a failed call
answers as a cache that holds nothing: `get` gives the default, `add` says it stored (so a lock
is taken and the rate limit fails open for that request), writes are dropped. The outage is
logged once, when it starts, and once more when Redis answers again.
"""

import functools
import logging

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

from core.outage import OutageLog

log = logging.getLogger(__name__)
outage = OutageLog(log, recovery_level=logging.WARNING)


def _failing_open(answer):
    """Wraps a cache method: on a Redis or socket error, `answer(*args, **kwargs)` is returned."""

    def wrap(method):
        @functools.wraps(method)
        def call(self, *args, **kwargs):
            try:
                result = method(self, *args, **kwargs)
            except (RedisError, OSError) as exc:
                outage.failed("The cache (Redis) is unreachable; going on without it: %s", exc)
                return answer(*args, **kwargs)
            outage.answered("The cache (Redis) answers again.")
            return result

        return call

    return wrap


def _default(key, default=None, *args, **kwargs):
    return default


class FailOpenRedisCache(RedisCache):
    """RedisCache whose every call succeeds as an empty cache would while Redis is down."""

    get = _failing_open(_default)(RedisCache.get)
    add = _failing_open(lambda *a, **k: True)(RedisCache.add)
    set = _failing_open(lambda *a, **k: None)(RedisCache.set)
    touch = _failing_open(lambda *a, **k: False)(RedisCache.touch)
    delete = _failing_open(lambda *a, **k: False)(RedisCache.delete)
    has_key = _failing_open(lambda *a, **k: False)(RedisCache.has_key)
    get_many = _failing_open(lambda *a, **k: {})(RedisCache.get_many)
    set_many = _failing_open(lambda keys, *a, **k: list(keys))(RedisCache.set_many)
    delete_many = _failing_open(lambda *a, **k: None)(RedisCache.delete_many)
    clear = _failing_open(lambda *a, **k: False)(RedisCache.clear)
