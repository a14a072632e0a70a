"""Games for the standings tests, played through the real services (the listener sees what a
real game's finish announces): rated Oregon Trail Race unless told otherwise. Playing a game to its
end is tests.builders.play_out."""

from games import services
from games.models import Game
from tests.builders import start_game


def new_game(users, *, rules="oregon-trail-race", options=None, rated=True, bots=0, visibility="public"):
    """Creates, fills and starts a game of `users` (the first owns it) and `bots` bots."""
    return start_game(*users, rules=rules, options=options or {}, rated=rated, bots=bots, visibility=visibility)


def resign(game, *users):
    """Has these players resign, in this order."""
    for user in users:
        services.game_resign(game=Game.objects.get(pk=game.pk), user=user)
    return Game.objects.get(pk=game.pk)
