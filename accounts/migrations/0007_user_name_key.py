"""Display names compared by their key (accounts.names.name_key), filled for the names there are."""

from django.db import migrations, models

from accounts.names import name_key


def fill_keys(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    for user in User.objects.exclude(display_name="").only("pk", "display_name").iterator():
        User.objects.filter(pk=user.pk).update(name_key=name_key(user.display_name))


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0006_user_slug_listed"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="name_key",
            field=models.CharField(blank=True, db_index=True, editable=False, max_length=120),
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop),
    ]
