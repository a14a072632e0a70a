"""The statistics count public games only (#30 item 4): each key's totals that counted a private
game are counted again from its public games' records (standings.recorder.fold), with a new
version, so that the pictures cached under the old one are drawn afresh."""

from django.db import migrations

CHUNK = 2000


def recount(apps, schema_editor):
    from standings.recorder import fold

    Aggregate = apps.get_model("standings", "StatsAggregate")
    Record = apps.get_model("standings", "GameRecord")
    for aggregate in Aggregate.objects.all():
        if not Record.objects.filter(key=aggregate.key, private=True).exists():
            continue
        aggregate.games, aggregate.total_length = 0, 0
        aggregate.by_players, aggregate.lengths, aggregate.figures = {}, {}, {}
        chunk = []
        for record in Record.objects.filter(key=aggregate.key, private=False).order_by("pk").iterator(CHUNK):
            chunk.append(record)
            if len(chunk) == CHUNK:
                fold(aggregate, chunk)
                chunk = []
        fold(aggregate, chunk)
        aggregate.save()


class Migration(migrations.Migration):
    dependencies = [("standings", "0001_initial")]

    operations = [migrations.RunPython(recount, migrations.RunPython.noop)]
