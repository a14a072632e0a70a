"""Player pages by name (#30 item 5): each user's `slug`, made from the display name, and the
`listed` choice; display names checked by accounts.validators from now on (rows stay as they are).
Existing players with a display name get their slug here, in id order (the first "Ann" is "ann",
the next "ann-2"), as User.save would have made them."""

from django.db import migrations, models

import accounts.validators


def fill_slugs(apps, schema_editor):
    from accounts.models import free_slug, slug_base

    User = apps.get_model("accounts", "User")
    taken = set()
    for user in User.objects.exclude(display_name="").order_by("pk").only("pk", "display_name").iterator():
        base = slug_base(user.display_name)
        if not base:
            continue
        candidate = free_slug(base, taken)
        taken.add(candidate)
        User.objects.filter(pk=user.pk).update(slug=candidate)


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0005_site_trailpost'),
    ]

    operations = [
        migrations.AddField(
            model_name='user',
            name='listed',
            field=models.BooleanField(default=False, help_text='Your ratings get a public page once you play a public game; tick this to have it now.', verbose_name='Show my player page'),
        ),
        migrations.AddField(
            model_name='user',
            name='slug',
            field=models.CharField(blank=True, editable=False, max_length=68, null=True, unique=True),
        ),
        migrations.AlterField(
            model_name='user',
            name='display_name',
            field=models.CharField(blank=True, max_length=60, validators=[accounts.validators.SafeText('A display name')]),
        ),
        migrations.RunPython(fill_slugs, migrations.RunPython.noop),
    ]
