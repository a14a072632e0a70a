"""The answers a person's reply gets, written to the outbox in the reply's transaction and sent in
its thread (`in_reply_to`): "Played" with what happened, "Not played" or "Not posted" with why
(and a fresh menu when the player has a decision to make), and how to play and talk by email.

Only a seat that still has its player is answered; robots' and hostile mail never reach here.
"""

from __future__ import annotations

from games.models import Game, Seat
from games.selectors import named_event, seat_names
from notifications.models import Kind
from notifications.outbox import decision_context, event_text, record_notice

from .trim import written_line


def _fresh(game, seat):
    return Game.objects.get(pk=game.pk), Seat.objects.select_related("user").get(pk=seat.pk)


def _with_menu(ctx: dict, game, seat) -> dict:
    """Adds the seat's fresh menu to an answer's context, when it has a decision to make."""
    decision = decision_context(game, seat)
    if decision["moves"]:
        ctx["decision"] = decision
    return ctx


def reply_ok(game, seat, label, results, in_reply_to="", stopped=None) -> None:
    """Tells the player what their reply played (`label`) and what it did; `stopped` is the step
    that was not played, and why."""
    game, seat = _fresh(game, seat)
    if not seat.user_id:
        return
    names = seat_names(game)
    told = (event_text(named_event(e, names), seat.position) for result in results for e in result.events)
    ctx = {"played": label, "events": [t for t in told if t], "in_reply_to": in_reply_to}
    if stopped:
        ctx["not_played"] = {"step": stopped[0][:200], "why": stopped[1]}
    record_notice(kind=Kind.REPLY_OK, game=game, seat=seat, context=_with_menu(ctx, game, seat), force=True)


def reply_error(game, seat, line, why, in_reply_to="", **extra) -> None:
    """Tells the player why their reply (`line`) was not played; `extra` goes in the notice's
    context."""
    game, seat = _fresh(game, seat)
    if not seat.user_id:
        return
    ctx = {"error": why, "line": line[:200], "in_reply_to": in_reply_to, **extra}
    record_notice(kind=Kind.REPLY_ERROR, game=game, seat=seat, context=_with_menu(ctx, game, seat), force=True)


def reply_help(game, seat, in_reply_to="") -> None:
    """Tells the player how to play and talk by email (with their menu, in a game in play)."""
    game, seat = _fresh(game, seat)
    if not seat.user_id:
        return
    active = game.status == Game.Status.ACTIVE
    ctx = {"help": True, "in_reply_to": in_reply_to, "active": active}
    if active:
        _with_menu(ctx, game, seat)
    record_notice(kind=Kind.REPLY_ERROR, game=game, seat=seat, context=ctx, force=True)


def chat_refused(seat, why: str, text: str, in_reply_to: str, **extra) -> None:
    """Tells the writer of a chat reply that was not posted why, in its thread (no menu: a chat
    reply is never a move); `extra` goes in the notice's context."""
    seat = Seat.objects.select_related("user", "game").get(pk=seat.pk)
    if not seat.user_id:
        return
    ctx = {"error": why, "line": written_line(text)[:200], "in_reply_to": in_reply_to, "chat": True, **extra}
    record_notice(kind=Kind.REPLY_ERROR, game=seat.game, seat=seat, context=ctx, force=True)
