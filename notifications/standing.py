"""Standing orders: out-of-turn decisions answered in advance.

An engine declares the decisions a standing order may answer (`decision_kinds`), says which one
a seat faces (`decision_kind`) and turns an answer into the legal action (`standing_action`).
When such a decision arises and the seat has an order for it, the order is played at once
through games.services.move_submit with channel "standing".
"""
from __future__ import annotations

import logging

log = logging.getLogger(__name__)


def covered_action(game, seat):
    """Returns the action the seat's standing order plays for its pending decision, or None."""
    from games.models import Game, Seat

    from .models import StandingOrder

    if game.status != Game.Status.ACTIVE or game.state is None or seat.position is None:
        return None
    if seat.is_bot or seat.status != Seat.Status.PLAYING or not _may_have_orders(seat):
        return None
    engine = game.engine
    kind = engine.decision_kind(game.state, seat.position)
    if not kind or kind not in engine.decision_kinds:
        return None
    answer = StandingOrder.objects.filter(seat_id=seat.pk, kind=kind).values_list("answer", flat=True).first()
    if answer is None:
        return None
    return engine.standing_action(game.state, seat.position, kind, answer)


def _may_have_orders(seat) -> bool:
    """False when the loaded seat says it has no standing orders (then no lookup is needed)."""
    return "has_standing_orders" in seat.get_deferred_fields() or seat.has_standing_orders


def _pending_kinds(game) -> dict[int, str]:
    """Returns {position: decision kind} for the seats to act whose decision an order may answer."""
    engine = game.engine
    if not engine.decision_kinds:
        return {}
    out = {}
    for position in engine.to_act(game.state):
        kind = engine.decision_kind(game.state, position)
        if kind in engine.decision_kinds:
            out[position] = kind
    return out


def _covered_seat(game, seats=None):
    """Returns (seat, action) for a pending decision a standing order answers, or (None, None).

    `seats`: the game's seats as just loaded (under its lock), whose flags spare the lookup when
    no seat with a pending decision has any standing order."""
    from games.models import Seat

    from .models import StandingOrder

    pending = _pending_kinds(game)
    if not pending:  # the common case costs no query
        return None, None
    if seats is not None and not any(_may_have_orders(s) for s in seats if s.position in pending):
        return None, None
    orders = (StandingOrder.objects.filter(seat__game_id=game.pk, seat__position__in=list(pending),
                                           seat__status=Seat.Status.PLAYING, seat__is_bot=False)
              .select_related("seat"))
    for order in orders:
        if pending.get(order.seat.position) != order.kind:
            continue
        action = game.engine.standing_action(game.state, order.seat.position, order.kind, order.answer)
        if action is not None:
            return order.seat, action
    return None, None


def standing_orders_due(game, seats=None) -> bool:
    """Returns whether a pending decision of this game is covered by a standing order."""
    from games.models import Game

    if game.status != Game.Status.ACTIVE or game.state is None:
        return False
    return _covered_seat(game, seats)[0] is not None


def apply_standing_orders(game_id: int, limit: int = 50) -> int:
    """Plays every pending decision of a game that a standing order covers; returns how many."""
    from games.errors import ErrorCode, GameError
    from games.models import Game, Move
    from games.services import move_submit

    played = 0
    while played < limit:
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.ACTIVE:
            break
        seat, action = _covered_seat(game)
        if seat is None:
            break
        try:
            move_submit(game=game, seat=seat, action=action, expected_version=game.version,
                        channel=Move.Channel.STANDING)
        except GameError as exc:
            if exc.code == ErrorCode.STALE_VERSION:
                continue
            log.warning("standing order of seat %s in game %s refused: %s", seat.pk, game_id, exc)
            break
        played += 1
    return played


def standing_orders_for(seat) -> dict[str, str]:
    """Returns the seat's standing orders as {kind: answer}."""
    return dict(seat.standing_orders.values_list("kind", "answer"))


def standing_orders_set(*, seat, orders: dict) -> dict[str, str]:
    """Replaces a seat's standing orders ({kind: answer}; an empty answer removes one)."""
    from games.errors import ErrorCode, GameError

    from .models import StandingOrder

    kinds = seat.game.engine.decision_kinds
    for kind, answer in orders.items():
        if kind not in kinds:
            raise GameError(ErrorCode.VALIDATION_ERROR, f"This game has no decision called '{kind}'.",
                            kinds=sorted(kinds))
        if answer and answer not in kinds[kind].get("answers", {}):
            raise GameError(ErrorCode.VALIDATION_ERROR, f"'{answer}' is not an answer to '{kind}'.",
                            answers=sorted(kinds[kind].get("answers", {})))
    for kind, answer in orders.items():
        if answer:
            StandingOrder.objects.update_or_create(seat=seat, kind=kind, defaults={"answer": answer})
        else:
            StandingOrder.objects.filter(seat=seat, kind=kind).delete()
    _queue_if_due(seat.game_id)
    return standing_orders_for(seat)


def _queue_if_due(game_id):
    """A new order may cover a decision already pending: play it after commit."""
    from django.db import transaction

    from games.models import Game

    game = Game.objects.get(pk=game_id)
    if standing_orders_due(game):
        from games.services import _queue_standing

        transaction.on_commit(lambda: _queue_standing(game_id))
