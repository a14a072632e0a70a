from django.db import migrations, models


def fill(apps, schema_editor):
    Seat = apps.get_model("games", "Seat")
    StandingOrder = apps.get_model("notifications", "StandingOrder")
    Seat.objects.filter(pk__in=StandingOrder.objects.values("seat_id")).update(has_standing_orders=True)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0002_drop_indexes_covered_by_unique'),
        ('notifications', '0001_initial'),
    ]

    operations = [
        migrations.AddField(
            model_name='seat',
            name='has_standing_orders',
            field=models.BooleanField(default=False, help_text='Kept by notifications.signals; without orders a decision costs no lookup.'),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
