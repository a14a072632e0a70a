"""Vacation and StandingOrder take the games app's table names, now that notifications has let go of them."""
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0005_vacation_standingorder"),
        ("notifications", "0004_clock_models_move_to_games"),
    ]

    operations = [
        migrations.AlterModelTable(name="standingorder", table=None),
        migrations.AlterModelTable(name="vacation", table=None),
        migrations.AlterField(
            model_name="seat", name="has_standing_orders",
            field=models.BooleanField(default=False, help_text="Kept by games.signals; without orders a "
                                                               "decision costs no lookup.")),
    ]
