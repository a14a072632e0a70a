"""Production refuses an unsafe inbound setup (#30 item 8). The attack that found it: without
ANYMAIL_WEBHOOK_SECRET the settings fell back to a known development secret and `check --deploy`
said nothing; the webhooks of providers nobody configured answered 200 to anyone and stored a
"malformed" row per distinct body."""

import base64
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.checks import Error

from notifications.checks import inbound_webhooks_are_guarded
from notifications.models import InboundMessage

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.filterwarnings("ignore:django-anymail has dropped official support")


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/mail/anymail/mailgun/inbound/", "/mail/anymail/postmark/tracking/"])
def test_a_provider_that_is_not_configured_has_no_address(client, settings, path):
    settings.TRAILPOST_INBOUND_WEBHOOKS = ["sendgrid"]
    auth = "Basic " + base64.b64encode(settings.ANYMAIL["WEBHOOK_SECRET"].encode()).decode()
    missing = client.post("/mail/anymail/no-such-provider/inbound/", {"email": "x"}, HTTP_AUTHORIZATION=auth)
    answer = client.post(path, {"email": "From: a@b\n\nhello", "envelope": "{}"}, HTTP_AUTHORIZATION=auth)
    assert answer.status_code == 404

    def page(response):  # the page's CSRF token differs from one answer to the next
        return re.sub(
            rb'"X-CSRFToken": "[^"]*"', b"", re.sub(rb'name="csrfmiddlewaretoken" value="[^"]*"', b"", response.content)
        )

    assert page(answer) == page(missing)  # exactly as an address that does not exist
    assert not InboundMessage.objects.exists()


@pytest.mark.django_db
def test_a_configured_provider_refuses_an_unauthenticated_call_and_stores_nothing(client, settings):
    settings.TRAILPOST_INBOUND_WEBHOOKS = ["sendgrid"]
    answer = client.post("/mail/anymail/sendgrid/inbound/", {"email": "From: a@b\n\nhello", "envelope": "{}"})
    assert answer.status_code in (400, 401, 403)
    assert not InboundMessage.objects.exists()


def _check(settings, *, production, webhooks, secret):
    settings.PRODUCTION = production
    settings.TRAILPOST_INBOUND_WEBHOOKS = webhooks
    settings.ANYMAIL = {"WEBHOOK_SECRET": secret}
    return [e.id for e in inbound_webhooks_are_guarded(None) if isinstance(e, Error)]


def test_production_needs_a_secret_of_its_own_when_it_serves_webhooks(settings):
    dev = settings.DEVELOPMENT_WEBHOOK_SECRET
    assert _check(settings, production=True, webhooks=["mailgun"], secret=None) == ["trailpost.E001"]
    assert _check(settings, production=True, webhooks=["mailgun"], secret=dev) == ["trailpost.E001"]
    assert _check(settings, production=True, webhooks=["mailgun"], secret="ops:Kq3-long-random") == []
    assert _check(settings, production=True, webhooks=[], secret=None) == []  # no webhook, nothing to guard
    assert _check(settings, production=False, webhooks=["*"], secret=dev) == []


def test_an_unknown_provider_is_an_error(settings):
    assert _check(settings, production=False, webhooks=["mailgum"], secret="a:b") == ["trailpost.E002"]


def _manage_check(**extra) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ANYMAIL_", "TRAILPOST_INBOUND"))}
    env.update({"TRAILPOST_ENV": "production", "SECRET_KEY": "a-production-key-" + "x" * 40, **extra})
    return subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def test_manage_py_check_refuses_production_webhooks_without_a_secret():
    refused = _manage_check(TRAILPOST_INBOUND_WEBHOOKS="mailgun")
    assert refused.returncode != 0
    assert "trailpost.E001" in refused.stderr
    fine = _manage_check(TRAILPOST_INBOUND_WEBHOOKS="mailgun", ANYMAIL_WEBHOOK_SECRET="ops:Kq3-long-random")
    assert fine.returncode == 0, fine.stderr
    assert _manage_check().returncode == 0  # no webhooks served: nothing to guard
