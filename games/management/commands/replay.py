"""`manage.py replay GAME [--verify]`: rebuild a game's state from its seed and log."""

import json

from django.core.management.base import BaseCommand, CommandError

from games.models import Game
from games.selectors import replay_state


class Command(BaseCommand):
    help = "Replays a game's log from its seed; with --verify, checks it reproduces the stored snapshot."

    def add_arguments(self, parser):
        parser.add_argument("game", type=int)
        parser.add_argument("--verify", action="store_true")

    def handle(self, *args, **options):
        try:
            game = Game.objects.get(pk=options["game"])
        except Game.DoesNotExist:
            raise CommandError(f"There is no game {options['game']}.") from None
        state = replay_state(game)
        if state is None:
            raise CommandError("This game has not started: there is nothing to replay.")
        if not options["verify"]:
            self.stdout.write(json.dumps(state, indent=1, sort_keys=True))
            return
        if state != game.state:
            raise CommandError(f"Game {game.pk}: the log does NOT reproduce the snapshot at version {game.version}.")
        self.stdout.write(f"Game {game.pk}: the log reproduces the snapshot at version {game.version}.")
