"""Standing orders: a seat's answers, given in advance, to out-of-turn decisions.

An engine declares the decisions a standing order may answer (`decision_kinds`), says which one
a seat faces (`decision_kind`) and turns an answer into the legal action (`standing_action`).
This module reads orders; `games.timekeeper.autoplay` plays them and sets them.
"""

from __future__ import annotations

from games.models import Game, Seat, StandingOrder


def covered_action(game, seat):
    """Returns the action the seat's standing order plays for its pending decision, or None."""
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


def covered_seat(game, seats=None):
    """Returns (seat, action) for a pending decision a standing order answers, or (None, None).

    `seats`: the game's seats as just loaded (under its lock), whose flags spare the lookup when
    no seat with a pending decision has any standing order."""
    pending = _pending_kinds(game)
    if not pending:  # the common case costs no query
        return None, None
    if seats is not None and not any(_may_have_orders(s) for s in seats if s.position in pending):
        return None, None
    orders = StandingOrder.objects.filter(
        seat__game_id=game.pk, seat__position__in=list(pending), seat__status=Seat.Status.PLAYING, seat__is_bot=False
    ).select_related("seat")
    for order in orders:
        if pending.get(order.seat.position) != order.kind:
            continue
        action = game.engine.standing_action(game.state, order.seat.position, order.kind, order.answer)
        if action is not None:
            return order.seat, action
    return None, None


def standing_orders_due(game, seats=None) -> bool:
    """Returns whether a pending decision of this game is covered by a standing order."""
    if game.status != Game.Status.ACTIVE or game.state is None:
        return False
    return covered_seat(game, seats)[0] is not None


def standing_orders_for(seat) -> dict[str, str]:
    """Returns the seat's standing orders as {kind: answer}."""
    return dict(seat.standing_orders.values_list("kind", "answer"))
