"""A game is public or private (who may see it), apart from is_open (who may join without an invitation).

Games that were invite-only (is_open false) become private: their creators chose to keep strangers
out, and until now the game page let strangers read them anyway. Open games stay public.
"""
from django.conf import settings
from django.db import migrations, models


def invite_only_games_become_private(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Game.objects.filter(is_open=False).update(visibility="private")


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0003_seat_has_standing_orders'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='former_players',
            field=models.ManyToManyField(blank=True, help_text='Players whose seat went to someone else (a bot or a replacement): they may still watch.', related_name='former_games', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddField(
            model_name='game',
            name='visibility',
            field=models.CharField(choices=[('public', 'Public: anyone may watch it, and it is listed in the lobby'), ('private', 'Private: only its players, the people invited to it and staff can see it')], default='public', help_text='Who may watch the game: anyone, or only its players, invitees and staff.', max_length=7),
        ),
        migrations.AlterField(
            model_name='game',
            name='is_open',
            field=models.BooleanField(default=True, help_text='Anyone who can see the game may join it without an invitation.'),
        ),
        migrations.RunPython(invite_only_games_become_private, migrations.RunPython.noop),
    ]
