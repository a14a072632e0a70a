"""Tenures for the games started before tenures were recorded: one per seated position, from the
log's first move, under the name the seat has now (the best record there is of who played it).
Going back removes nothing: the tenures belong to migration 0009's table."""

from django.db import migrations


def _name(seat) -> str:
    """Seat.name, for the historical model (which has no properties)."""
    if seat.is_bot:
        return seat.bot_name or "Bot"
    user = seat.user
    if user is None:
        return "(empty seat)"
    return user.display_name or (user.email.split("@")[0] if user.email else user.username)


def create_tenures(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    Tenure = apps.get_model("games", "Tenure")
    started = Game.objects.exclude(status="lobby").exclude(started_at__isnull=True, state__isnull=True)
    held = set(Tenure.objects.values_list("game_id", "position"))
    seats = Seat.objects.filter(game__in=started, position__isnull=False).select_related("user").order_by("pk")
    rows, batch = [], 1000
    for seat in seats.iterator(chunk_size=batch):
        if (seat.game_id, seat.position) in held:
            continue
        held.add((seat.game_id, seat.position))
        rows.append(
            Tenure(
                game_id=seat.game_id,
                position=seat.position,
                user_id=seat.user_id,
                is_bot=seat.is_bot,
                name=_name(seat)[:150],
                from_seq=1,
            )
        )
        if len(rows) >= batch:
            Tenure.objects.bulk_create(rows)
            rows = []
    if rows:
        Tenure.objects.bulk_create(rows)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0010_game_rated"),
    ]

    operations = [migrations.RunPython(create_tenures, migrations.RunPython.noop)]
