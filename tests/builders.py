"""Builders the tests share: a game of any engine in the lobby or started, the seat to act, a seat
by position, a move played through the move pipeline (games.services), as a player's would be,
and a game played on by its engine's bots to a state a test wants (or to its end).

    lobby = lobby_game(owner, other, rules="ogallala", title="Waiting")  # created, joined, not started
    game = start(lobby)  # started by its owner
    game = start_game(owner, other, rules="ogallala", options={"edition": "II"})
    play(game, seat_to_act(game), {"type": "draw"})
    game = play_until(game, lambda game: game.moves.count() >= 10)
    game = play_out(game)

Seats are ordered at random when a game starts (games.services.game_start): ask for the seat to act
rather than assume one.
"""

from collections.abc import Callable

from games import services
from games.models import Game, Move, Seat
from games.rules.base import Rng


def lobby_game(owner, *others, rules: str = "toy-shed", bots: int = 0, entropy: dict | None = None, **create):
    """A game of `rules` in the lobby, not started: created by `owner` with `bots` bot seats, and
    joined by the users `others` through its invite link. `entropy` maps a player (the owner too)
    to that player's own words for the seed (none for a player it leaves out); `create` goes to
    game_create (max_players: the engine's most unless said; options, title, visibility,
    is_open...)."""
    entropy = entropy or {}
    game = services.game_create(owner=owner, rules=rules, bots=bots, entropy=entropy.get(owner), **create)
    for user in others:
        services.game_join(game=game, user=user, code=game.invite_code, entropy=entropy.get(user))
    game.refresh_from_db()
    return game


def start_game(owner, *others, rules: str = "toy-shed", bots: int = 0, max_players: int | None = None, **create):
    """A started game of `rules` with `owner`, the users `others` and `bots` bots seated (as many
    seats as that, unless `max_players` says more); the rest goes to lobby_game (entropy) and
    game_create (options, turn_hours, on_missed...)."""
    return start(
        lobby_game(owner, *others, rules=rules, bots=bots, max_players=max_players or 1 + len(others) + bots, **create)
    )


def start(game: Game) -> Game:
    """Starts a lobby game (lobby_game) as its owner would; returns it read afresh."""
    services.game_start(game=game, by=game.owner)
    game.refresh_from_db()
    return game


def seat_at(game: Game, position: int) -> Seat:
    return Seat.objects.select_related("user").get(game=game, position=position)


def seat_to_act(game: Game) -> Seat:
    """The (first) seat the engine waits for, the game read afresh."""
    game.refresh_from_db()
    return seat_at(game, game.engine.to_act(game.state)[0])


def play(game: Game, seat: Seat | int, action: dict, *, channel: str = Move.Channel.WEB):
    """Submits `action` for `seat` (a Seat or a position) at the game's current version (read
    afresh); returns move_submit's result."""
    game.refresh_from_db()
    if isinstance(seat, int):
        seat = seat_at(game, seat)
    return services.move_submit(game=game, seat=seat, action=action, expected_version=game.version, channel=channel)


def play_until(game: Game, done: Callable[[Game], bool], *, seed: str = "bots", limit: int = 5000) -> Game:
    """Plays `game` on, each move the engine's bot's choice for the seat to act (through the move
    pipeline: a bot's seat by the bot channel, a player's by the API, as that player), until
    `done(game)` holds; returns the game read afresh. The bots draw from a stream of their own,
    seeded by `seed`. Fails if the game ends first or `limit` moves do not get there."""
    rnd = Rng.stream(f"test:{seed}")
    for _ in range(limit):
        game = Game.objects.get(pk=game.pk)
        if done(game):
            return game
        if game.status != Game.Status.ACTIVE:
            raise AssertionError(f"the game ended ({game.status}) before the state the test waits for")
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
    raise AssertionError(f"{limit} moves did not get the game to the state the test waits for")


def play_out(game: Game, *, seed: str = "bots", limit: int = 5000) -> Game:
    """Plays `game` to its end with its engine's bots choosing every seat's moves (play_until)."""
    return play_until(game, lambda game: game.status != Game.Status.ACTIVE, seed=seed, limit=limit)
