"""The notices of calamities, deaths and players out become one kind, "hit": whoever an event of
any game names as hit is told (issue #14). A player's preference for the old kinds carries over
(the first of calamity, member_died, player_out they had set), and unsent notices of those kinds
are sent with the new template (it reads the same context keys)."""
from django.db import migrations, models

OLD = ["calamity", "member_died", "player_out"]


def merge(apps, schema_editor):
    KindPreference = apps.get_model("notifications", "KindPreference")
    Notification = apps.get_model("notifications", "Notification")
    kept = set()
    for pref in KindPreference.objects.filter(kind__in=OLD).order_by("user_id", "kind"):
        # "calamity" sorts first: the preference most players set for these notices wins.
        if pref.user_id in kept or KindPreference.objects.filter(user_id=pref.user_id, kind="hit").exists():
            pref.delete()
            continue
        pref.kind = "hit"
        pref.save(update_fields=["kind"])
        kept.add(pref.user_id)
    Notification.objects.filter(kind__in=OLD).update(kind="hit")


def split(apps, schema_editor):
    KindPreference = apps.get_model("notifications", "KindPreference")
    Notification = apps.get_model("notifications", "Notification")
    for pref in KindPreference.objects.filter(kind="hit"):
        for kind in OLD:
            KindPreference.objects.get_or_create(user_id=pref.user_id, kind=kind, defaults={"delivery": pref.delivery})
        pref.delete()
    Notification.objects.filter(kind="hit").update(kind="calamity")


KINDS = [("your_turn", "It is your turn"), ("decision", "A decision is needed (out of turn)"),
         ("reminder", "Reminder before a deadline"), ("hit", "Another player's move hits you"),
         ("game_over", "The game is over"), ("timeout", "A deadline passed and a default move was played"),
         ("invitation", "Invitation to a game"), ("reply_ok", "Your emailed move was played"),
         ("reply_error", "Your emailed move could not be played"), ("digest", "Daily digest")]


class Migration(migrations.Migration):

    dependencies = [
        ("notifications", "0004_clock_models_move_to_games"),
    ]

    operations = [
        migrations.RunPython(merge, split),
        migrations.AlterField(model_name="kindpreference", name="kind",
                              field=models.CharField(choices=KINDS, max_length=16)),
        migrations.AlterField(model_name="notification", name="kind",
                              field=models.CharField(choices=KINDS, max_length=16)),
    ]
