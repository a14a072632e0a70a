"""Builders the tests share: a started game of any engine, the seat to act, a seat by position, a
move played through the move pipeline (games.services), as a player's would be.

    game = start_game(owner, other, rules="ogallala", options={"edition": "II"})
    play(game, seat_to_act(game), {"type": "draw"})

Seats are ordered at random when a game starts (games.services.game_start): ask for the seat to act
rather than assume one.
"""

from games import services
from games.models import Game, Move, Seat


def start_game(owner, *others, rules: str = "toy-shed", bots: int = 0, max_players: int | None = None, **create):
    """A started game of `rules` with `owner`, the users `others` and `bots` bots seated (as many
    seats as that, unless `max_players` says more); `create` goes to game_create (options,
    turn_hours, on_missed...)."""
    game = services.game_create(
        owner=owner, rules=rules, max_players=max_players or 1 + len(others) + bots, bots=bots, **create
    )
    for user in others:
        services.game_join(game=game, user=user, code=game.invite_code)
    services.game_start(game=game, by=owner)
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
