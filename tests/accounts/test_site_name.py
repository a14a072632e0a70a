"""The site is Trailpost everywhere (issue #15): the sites framework's Site and allauth's emails,
which are our own templates and never say "example.com"."""

import importlib
from types import SimpleNamespace

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.sites.models import Site
from django.db import connection
from django.urls import reverse

pytestmark = pytest.mark.django_db

migration = importlib.import_module("accounts.migrations.0005_site_trailpost")


@pytest.fixture
def example_site():
    """The Site as Django's own default writes it: what allauth would otherwise show."""
    Site.objects.update_or_create(pk=settings.SITE_ID, defaults={"domain": "example.com", "name": "example.com"})
    Site.objects.clear_cache()
    yield
    Site.objects.clear_cache()


def _signup(client, email="newbie@trailpost.test"):
    resp = client.post(
        reverse("account_signup"),
        {"display_name": "Site Tester", "email": email, "password1": "Trail-pw-12345", "password2": "Trail-pw-12345"},
    )
    assert resp.status_code in (200, 302)


def test_the_confirmation_email_at_sign_up_says_trailpost(client, mailoutbox, settings, example_site):
    settings.ACCOUNT_EMAIL_VERIFICATION = "mandatory"  # as outside development
    _signup(client)
    (message,) = mailoutbox
    assert message.to == ["newbie@trailpost.test"]
    assert message.subject == "[Trailpost] Confirm your email address"
    assert message.body.startswith("Hello from Trailpost!")
    assert "Trailpost account" in message.body and "/accounts/confirm-email/" in message.body
    for part in [message.subject, message.body, *(content for content, _ in getattr(message, "alternatives", []))]:
        assert "example.com" not in part.lower() and "example" not in part.lower()


def test_the_password_reset_email_says_trailpost(client, mailoutbox, make_user, example_site):
    user = make_user("ann")
    user.email = "ann@trailpost.test"
    user.save()
    client.post(reverse("account_reset_password"), {"email": "ann@trailpost.test"})
    (message,) = mailoutbox
    assert message.subject == "[Trailpost] Reset your password"
    assert "Trailpost" in message.body and "/accounts/password/reset/key/" in message.body
    assert "example" not in (message.subject + message.body).lower()


def test_the_migration_names_the_site_trailpost_at_the_site_url_host(settings, example_site):
    settings.SITE_URL = "https://play.trailpost.test"
    migration.name_the_site(apps, SimpleNamespace(connection=connection))
    site = Site.objects.get(pk=settings.SITE_ID)
    assert (site.name, site.domain) == ("Trailpost", "play.trailpost.test")
    settings.SITE_URL = "http://127.0.0.1:8000"  # a port is part of a Site's domain
    migration.name_the_site(apps, SimpleNamespace(connection=connection))
    assert Site.objects.get(pk=settings.SITE_ID).domain == "127.0.0.1:8000"


def test_the_migration_writes_the_site_when_there_is_none(settings):
    Site.objects.all().delete()
    settings.SITE_URL = "https://play.trailpost.test"
    migration.name_the_site(apps, SimpleNamespace(connection=connection))
    assert list(Site.objects.values_list("pk", "name", "domain")) == [
        (settings.SITE_ID, "Trailpost", "play.trailpost.test")
    ]
    assert Site.objects.create(domain="other.test", name="Other").pk != settings.SITE_ID  # the sequence moved on
