"""`manage.py import_game FILE --owner EMAIL`: load an exported game (games.archive) for replay and
analysis, as the web page /games/import/ and POST /api/games/import/ do: verified first, then kept
as a finished private game of the owner's."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from core.errors import GameError
from games.archive import MAX_IMPORT_BYTES, import_game


class Command(BaseCommand):
    help = "Imports an exported game (JSON) as a finished private game of --owner's, once it verifies."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the exported game, a .json file")
        parser.add_argument("--owner", required=True, help="the email address of the user who will own it")

    def handle(self, *args, **options):
        owner = get_user_model().objects.filter(email__iexact=options["owner"]).first()
        if owner is None:
            raise CommandError(f"There is no user with the email address {options['owner']}.")
        try:
            with open(options["file"], "rb") as f:
                data = f.read(MAX_IMPORT_BYTES + 1)
        except OSError as exc:
            raise CommandError(f"Cannot read {options['file']}: {exc.strerror or exc}.") from None
        try:
            game = import_game(data, owner=owner)
        except GameError as exc:
            raise CommandError(f"Not imported: {exc.message}") from None
        self.stdout.write(
            f"Imported as game {game.pk}, {game.moves.count()} log entries, private to {owner.email}: /games/{game.pk}/"
        )
