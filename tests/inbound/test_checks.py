"""The system checks of inbound webhooks (inbound.checks), without a database: the provider an
anymail URL serves, which providers TRAILPOST_INBOUND_WEBHOOKS serves, and every error with its
id, sentence and hint."""

import pytest
from django.core.checks import Error

from inbound.checks import inbound_webhooks_are_guarded, known_providers, webhook_provider, webhook_served

pytestmark = pytest.mark.filterwarnings("ignore:django-anymail has dropped official support")


@pytest.mark.parametrize(
    ("url_name", "provider"),
    [
        ("mailgun_inbound_webhook", "mailgun"),
        ("postmark_tracking_webhook", "postmark"),
        ("amazon_ses_webhook", "amazon_ses"),
        ("sendgrid_inbound_webhook_webhook", "sendgrid_inbound_webhook"),
        ("other", "other"),
        ("", ""),
    ],
)
def test_the_provider_of_a_url_name(url_name, provider):
    assert webhook_provider(url_name) == provider


def test_the_known_providers_are_anymails():
    known = known_providers()
    assert {"mailgun", "postmark", "amazon_ses", "sparkpost", "postal"} <= known
    assert not any(name.endswith("_webhook") for name in known)


def test_a_provider_is_served_when_named_or_with_a_star(settings):
    settings.TRAILPOST_INBOUND_WEBHOOKS = ["mailgun"]
    assert webhook_served("mailgun") and not webhook_served("postmark")
    settings.TRAILPOST_INBOUND_WEBHOOKS = ["*"]
    assert webhook_served("postmark")
    settings.TRAILPOST_INBOUND_WEBHOOKS = []
    assert not webhook_served("mailgun")


def errors(settings, *, production, webhooks, anymail):
    settings.PRODUCTION = production
    settings.TRAILPOST_INBOUND_WEBHOOKS = webhooks
    settings.ANYMAIL = anymail
    return inbound_webhooks_are_guarded(None)


def test_an_unknown_provider_is_named_with_the_known_ones(settings):
    [error] = errors(settings, production=False, webhooks=["*", "mailgun", "mailgum"], anymail={})
    assert isinstance(error, Error) and error.id == "trailpost.E002"
    assert error.msg == "TRAILPOST_INBOUND_WEBHOOKS names 'mailgum', which is not a provider django-anymail serves."
    assert error.hint == "One or more of: " + ", ".join(sorted(known_providers())) + "."


def test_production_serving_webhooks_needs_a_secret_of_its_own(settings):
    dev = settings.DEVELOPMENT_WEBHOOK_SECRET
    for anymail in (None, {}, {"WEBHOOK_SECRET": None}, {"WEBHOOK_SECRET": ""}, {"WEBHOOK_SECRET": dev}):
        [error] = errors(settings, production=True, webhooks=["mailgun"], anymail=anymail)
        assert isinstance(error, Error) and error.id == "trailpost.E001"
        assert error.msg == (
            "Inbound mail webhooks are served without a secret of their own: anyone could post replies to them."
        )
        assert error.hint == (
            "Set ANYMAIL_WEBHOOK_SECRET to a random 'user:password' and give the same to the provider's webhook "
            "URL, or leave TRAILPOST_INBOUND_WEBHOOKS empty."
        )
    assert errors(settings, production=True, webhooks=["mailgun"], anymail={"WEBHOOK_SECRET": "ops:k"}) == []
    assert errors(settings, production=True, webhooks=[], anymail=None) == []
    assert errors(settings, production=False, webhooks=["*"], anymail={"WEBHOOK_SECRET": dev}) == []


def test_both_errors_are_given_together(settings):
    found = errors(settings, production=True, webhooks=["mailgum"], anymail=None)
    assert [e.id for e in found] == ["trailpost.E002", "trailpost.E001"]
