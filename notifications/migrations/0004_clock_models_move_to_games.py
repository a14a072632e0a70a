"""Vacation and StandingOrder now belong to the games app (the turn clock); see games 0005 and 0006.
Only Django's record of them leaves here: the rows stay where they are."""
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("notifications", "0003_inbound_message_size"),
        ("games", "0005_vacation_standingorder"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="StandingOrder"),
                migrations.DeleteModel(name="Vacation"),
            ],
            database_operations=[],
        ),
    ]
