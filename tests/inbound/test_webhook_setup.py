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

from inbound.checks import inbound_webhooks_are_guarded
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


def _flat_parts(n: int, token_address: str = "play+x@trailpost.localhost") -> str:
    parts = "".join(f"--b\nContent-Type: text/plain\n\npart {i}\n" for i in range(n))
    return f'From: a@b\nTo: {token_address}\nContent-Type: multipart/mixed; boundary="b"\n\n{parts}--b--\n'


@pytest.mark.django_db
@pytest.mark.parametrize("encoding", ["multipart", "urlencoded", "json"])
def test_a_webhook_post_of_28000_parts_is_refused_before_anymail_parses_it(client, settings, encoding):
    """#30 item 1, the webhook path: the 28,000 flat parts that took anymail's parser about 10 s are
    counted in the post's bytes and refused at once (recorded, answered 200 so the provider stops)."""
    import json as json_module
    from urllib.parse import urlencode

    settings.TRAILPOST_INBOUND_WEBHOOKS = ["sendgrid"]
    auth = "Basic " + base64.b64encode(settings.ANYMAIL["WEBHOOK_SECRET"].encode()).decode()
    mail = _flat_parts(28_000)
    url = "/mail/anymail/sendgrid/inbound/"
    if encoding == "multipart":
        answer = client.post(url, {"email": mail, "envelope": "{}"}, HTTP_AUTHORIZATION=auth)
    elif encoding == "urlencoded":
        body = urlencode({"email": mail, "envelope": "{}"})
        answer = client.post(url, body, content_type="application/x-www-form-urlencoded", HTTP_AUTHORIZATION=auth)
    else:
        answer = client.post(
            url, json_module.dumps({"email": mail}), content_type="application/json", HTTP_AUTHORIZATION=auth
        )
    assert answer.status_code == 200
    (row,) = InboundMessage.objects.all()
    # rawmail's count refused it (anymail's parser would have taken about 10 s, then played or failed)
    assert row.outcome == "malformed" and "more than 200 MIME parts" in row.detail


@pytest.mark.django_db
def test_an_unauthenticated_hostile_post_is_left_to_anymail_and_stores_nothing(client, settings):
    settings.TRAILPOST_INBOUND_WEBHOOKS = ["sendgrid"]
    answer = client.post("/mail/anymail/sendgrid/inbound/", {"email": _flat_parts(28_000), "envelope": "{}"})
    assert answer.status_code in (400, 401, 403)
    assert not InboundMessage.objects.exists()
