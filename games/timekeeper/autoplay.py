"""Turns nobody sits at a screen for: bot seats, and decisions a standing order answers.

Both are played through `games.services.move_submit`, like every move, with channel "bot" or
"standing". After each change `games.tasks` queues them (see its `queue_automatic_turns`); a
task lost while the broker was down is made good by the sweep, as these decisions get a short
deadline (`games.clock.deadlines`).
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import transaction

from core.errors import ErrorCode, GameError
from games.clock.orders import covered_seat, standing_orders_for
from games.models import Game, Move, Seat, StandingOrder
from games.rules.base import Rng
from games.services import move_submit

log = logging.getLogger(__name__)


def bots_play(game_id: int, limit: int | None = None) -> int:
    """Plays every pending bot decision of a game through move_submit; returns how many moves."""
    limit = limit or settings.TRAILPOST["BOT_MOVES_PER_TASK"]
    played = 0
    while played < limit:
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.ACTIVE:
            break
        engine = game.engine
        to_act = engine.to_act(game.state)
        seat = game.seats.filter(is_bot=True, position__in=to_act, status=Seat.Status.PLAYING).first()
        if seat is None:
            break
        rnd = Rng.stream(f"{game.seed}:{game.version}:{seat.position}")
        action = engine.bot_action(game.state, seat.position, rnd)
        try:
            move_submit(game=game, seat=seat, action=action, expected_version=game.version, channel=Move.Channel.BOT)
        except GameError as exc:
            if exc.code == ErrorCode.STALE_VERSION:
                continue  # someone else moved first; look again
            raise
        played += 1
    return played


def apply_standing_orders(game_id: int, limit: int = 50) -> int:
    """Plays every pending decision of a game that a standing order covers; returns how many."""
    played = 0
    while played < limit:
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.ACTIVE:
            break
        seat, action = covered_seat(game)
        if seat is None:
            break
        try:
            move_submit(
                game=game, seat=seat, action=action, expected_version=game.version, channel=Move.Channel.STANDING
            )
        except GameError as exc:
            if exc.code == ErrorCode.STALE_VERSION:
                continue
            log.warning("standing order of seat %s in game %s refused: %s", seat.pk, game_id, exc)
            break
        played += 1
    return played


@transaction.atomic
def standing_orders_set(*, seat, orders: dict) -> dict[str, str]:
    """Replaces a seat's standing orders ({kind: answer}; an empty answer removes one). A decision
    already pending that a new order answers is played at once, in the same transaction."""
    kinds = seat.game.engine.decision_kinds
    for kind, answer in orders.items():
        if kind not in kinds:
            raise GameError(
                ErrorCode.VALIDATION_ERROR, f"This game has no decision called '{kind}'.", kinds=sorted(kinds)
            )
        if answer and answer not in kinds[kind].get("answers", {}):
            raise GameError(
                ErrorCode.VALIDATION_ERROR,
                f"'{answer}' is not an answer to '{kind}'.",
                answers=sorted(kinds[kind].get("answers", {})),
            )
    for kind, answer in orders.items():
        if answer:
            StandingOrder.objects.update_or_create(seat=seat, kind=kind, defaults={"answer": answer})
        else:
            StandingOrder.objects.filter(seat=seat, kind=kind).delete()
    apply_standing_orders(seat.game_id)
    return standing_orders_for(seat)
