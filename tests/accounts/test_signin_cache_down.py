"""Sign-in, sign-up and password reset while Redis (the cache) cannot be reached.

allauth's rate limits take a lock in the cache before each of them; with Django's own RedisCache
an unreachable Redis made all three answer 500. The cache (config.cache.FailOpenRedisCache) now
answers as an empty one: the request goes through, the outage is logged once.
"""

import logging

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from redis.exceptions import ConnectionError as RedisConnectionError

# Nothing listens on port 1: every connection is refused at once.
UNREACHABLE = {
    "default": {
        "BACKEND": "config.cache.FailOpenRedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",
        "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
    }
}


@pytest.fixture
def cache_down(settings):
    settings.CACHES = UNREACHABLE
    settings.ACCOUNT_EMAIL_VERIFICATION = "optional"
    from django.core.cache import cache

    with pytest.raises(RedisConnectionError):
        cache._cache.get_client().ping()  # the cache really is down for these tests
    return cache


def _outage_lines(caplog):
    return [r for r in caplog.records if r.name == "config.cache" and "unreachable" in r.getMessage()]


@pytest.mark.django_db
def test_login_works_and_the_outage_is_logged_once(client, make_user, cache_down, caplog):
    user = make_user("prairie")
    with caplog.at_level(logging.WARNING, logger="config.cache"):
        response = client.post("/accounts/login/", {"login": user.email, "password": "pw-Trailpost-1"})
        again = client.post("/accounts/login/", {"login": user.email, "password": "pw-Trailpost-1"})
    assert response.status_code == 302
    assert again.status_code == 302
    assert client.session["_auth_user_id"] == str(user.pk)
    assert len(_outage_lines(caplog)) == 1


@pytest.mark.django_db
def test_a_wrong_password_is_still_refused(client, make_user, cache_down):
    user = make_user("prairie")
    response = client.post("/accounts/login/", {"login": user.email, "password": "not-the-password"})
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_signup_works(client, cache_down):
    response = client.post(
        "/accounts/signup/",
        {
            "display_name": "Oxbow Olga",
            "email": "oxbow@example.com",
            "password1": "pw-Trailpost-1",
            "password2": "pw-Trailpost-1",
        },
    )
    assert response.status_code == 302
    assert get_user_model().objects.filter(email="oxbow@example.com").exists()


@pytest.mark.django_db
def test_password_reset_works(client, make_user, cache_down):
    user = make_user("prairie")
    response = client.post("/accounts/password/reset/", {"email": user.email})
    assert response.status_code == 302
    assert [m.to for m in mail.outbox] == [[user.email]]
