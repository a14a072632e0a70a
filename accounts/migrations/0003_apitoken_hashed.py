"""API tokens stored hashed: each existing key becomes its prefix and SHA-256 digest, so the
tokens people already use keep working (better than revoking them all), and the plain keys are
dropped with the column."""
import hashlib

from django.db import migrations, models


def hash_keys(apps, schema_editor):
    ApiToken = apps.get_model("accounts", "ApiToken")
    for token in ApiToken.objects.all().only("id", "key"):
        token.prefix = token.key[:8]
        token.digest = hashlib.sha256(token.key.encode()).hexdigest()
        token.save(update_fields=["prefix", "digest"])


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0002_user_notice_flags"),
    ]

    operations = [
        migrations.AddField(
            model_name="apitoken", name="prefix",
            field=models.CharField(db_index=True, default="", editable=False, max_length=8,
                                   help_text="The key's first characters, to find it and to tell tokens apart."),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="apitoken", name="digest",
            field=models.CharField(default="", editable=False, max_length=64, help_text="SHA-256 of the key, hex."),
            preserve_default=False,
        ),
        migrations.RunPython(hash_keys, migrations.RunPython.noop),
        migrations.RemoveField(model_name="apitoken", name="key"),
    ]
