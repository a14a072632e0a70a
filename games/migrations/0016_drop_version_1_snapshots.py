"""The replay snapshots (games.Snapshot) written before the engines' common state Frame (#28
item 2) hold version-1 states, which the replay would feed to today's engines unread. Snapshots
are a cache the replay writes again as it passes (games.replay), so those are dropped; a game's
own state upgrades as its row loads (Game.from_db, Engine.load_state)."""

from django.db import migrations


def drop_old_snapshots(apps, schema_editor):
    Snapshot = apps.get_model("games", "Snapshot")
    Snapshot.objects.exclude(state__has_key="version").delete()


class Migration(migrations.Migration):
    dependencies = [("games", "0015_merge_names_and_clock")]

    operations = [migrations.RunPython(drop_old_snapshots, migrations.RunPython.noop)]
