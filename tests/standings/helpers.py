"""Games for the standings tests, played through the real services (the listener sees what a
real game's finish announces)."""

from games import services
from games.models import Game, Move
from games.rules.base import Rng


def new_game(users, *, rules="oregon-trail-race", options=None, rated=True, bots=0, visibility="public"):
    """Creates, fills and starts a game of `users` (the first owns it) and `bots` bots."""
    game = services.game_create(
        owner=users[0],
        rules=rules,
        options=options or {},
        rated=rated,
        bots=bots,
        max_players=len(users) + bots,
        visibility=visibility,
    )
    for user in users[1:]:
        services.game_join(game=game, user=user)
    services.game_start(game=game, by=users[0])
    return Game.objects.get(pk=game.pk)


def resign(game, *users):
    """Has these players resign, in this order."""
    for user in users:
        services.game_resign(game=Game.objects.get(pk=game.pk), user=user)
    return Game.objects.get(pk=game.pk)


def play_out(game, *, seed="standings", limit=5000):
    """Plays the game to its end with the engine's bot choosing every seat's moves."""
    rnd = Rng.stream(f"test:{seed}")
    for _ in range(limit):
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.ACTIVE:
            return game
        engine = game.engine
        position = engine.to_act(game.state)[0]
        seat = game.seats.get(position=position)
        services.move_submit(
            game=game,
            seat=seat,
            action=engine.bot_action(game.state, position, rnd),
            expected_version=None,
            channel=Move.Channel.BOT if seat.is_bot else Move.Channel.API,
            actor=seat.user,
        )
    raise AssertionError("the game did not end")
