"""The sites framework's Site (settings.SITE_ID) is Trailpost, at the host of settings.SITE_URL,
instead of the "example.com" Django creates: allauth and anything else reading the current site
names Trailpost."""

from urllib.parse import urlsplit

from django.conf import settings
from django.core.management.color import no_style
from django.db import migrations


def site_domain() -> str:
    return urlsplit(settings.SITE_URL).netloc or "trailpost.localhost"


def name_the_site(apps, schema_editor):
    Site = apps.get_model("sites", "Site")
    connection = schema_editor.connection
    domain = site_domain()
    if Site.objects.using(connection.alias).exclude(pk=settings.SITE_ID).filter(domain=domain).exists():
        domain = None  # another Site holds that (unique) domain: only the name changes
    site, created = Site.objects.using(connection.alias).get_or_create(
        pk=settings.SITE_ID, defaults={"domain": domain or "trailpost.localhost", "name": "Trailpost"}
    )
    if not created:
        site.name = "Trailpost"
        site.domain = domain or site.domain
        site.save(using=connection.alias)
    else:  # a row written with its own id: the id sequence moves past it (as Django's own default site)
        for statement in connection.ops.sequence_reset_sql(no_style(), [Site]):
            with connection.cursor() as cursor:
                cursor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0004_user_time_zone"),
        ("sites", "0002_alter_domain_unique"),
    ]

    operations = [migrations.RunPython(name_the_site, migrations.RunPython.noop)]
