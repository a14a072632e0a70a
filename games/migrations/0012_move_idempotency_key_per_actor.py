"""An idempotency key belongs to the player who sent it (#30): unique per game and actor, no longer
per game, so another player's move with the same key is a move of its own.

The new constraint is added before the old one goes, so no moment is without one, and every row
that was unique on (game, key) is unique on (game, actor, key): existing rows always satisfy it.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0011_tenures_for_started_games"),
    ]

    operations = [
        migrations.AddConstraint(
            model_name="move",
            constraint=models.UniqueConstraint(
                condition=models.Q(("idempotency_key__isnull", False)),
                fields=("game", "actor", "idempotency_key"),
                name="move_unique_idempotency_key_per_actor",
            ),
        ),
        migrations.RemoveConstraint(
            model_name="move",
            name="move_unique_idempotency_key",
        ),
    ]
