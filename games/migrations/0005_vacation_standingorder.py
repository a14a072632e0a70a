"""The turn clock's models move from the notifications app to games (issue #14): Vacation and
StandingOrder. Only Django's record of them moves here; their tables stay until 0006 renames them."""
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0004_game_visibility"),
        ("notifications", "0003_inbound_message_size"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="StandingOrder",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                                   verbose_name="ID")),
                        ("kind", models.CharField(max_length=40)),
                        ("answer", models.CharField(max_length=40)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        ("seat", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                                   related_name="standing_orders", to="games.seat")),
                    ],
                    options={
                        "db_table": "notifications_standingorder",
                        "constraints": [models.UniqueConstraint(fields=("seat", "kind"), name="standingorder_unique")],
                    },
                ),
                migrations.CreateModel(
                    name="Vacation",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                                   verbose_name="ID")),
                        ("starts_on", models.DateField()),
                        ("ends_on", models.DateField()),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("user", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                                   related_name="vacations", to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        "db_table": "notifications_vacation",
                        "ordering": ["starts_on"],
                        "indexes": [models.Index(fields=["user", "ends_on"], name="vacation_user_end_idx")],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
