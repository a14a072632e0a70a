"""Reminders before a deadline, for players who have not decided yet."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction

from accounts import quiet
from games.clock.bank import decision_span
from games.clock.orders import covered_action
from games.models import Game, Seat

from .models import Kind
from .outbox import decision_context, record_notice


def send_reminders(now, *, batch: int | None = None) -> int:
    """Reminds players whose deadline is near and who have not decided yet; returns how many."""
    batch = batch or settings.TRAILPOST["SWEEP_BATCH"]
    before = timedelta(hours=settings.TRAILPOST["REMINDER_BEFORE_HOURS"])
    sent = 0
    rows = list(
        Seat.objects.filter(
            deadline_at__gt=now,
            deadline_at__lte=now + before,
            reminder_sent_for__isnull=True,
            is_bot=False,
            user__isnull=False,
            status=Seat.Status.PLAYING,
        )
        .order_by("deadline_at")
        .values_list("pk", "game_id")[:batch]
    )
    for seat_id, game_id in rows:
        with transaction.atomic():
            # Skipped if another transaction holds the game: the next sweep reminds them.
            game = Game.objects.select_for_update(skip_locked=True).filter(pk=game_id).first()
            if game is None:
                continue
            seat = Seat.objects.select_related("user").get(pk=seat_id)
            if seat.reminder_sent_for is not None or seat.deadline_at is None or seat.deadline_at <= now:
                continue
            if quiet.is_quiet(seat.user, now):
                continue  # not in the player's quiet hours: the first minute after them
            # A short turn is not reminded at once: wait for at least half of it to pass.
            lead = min(before, decision_span(game, seat) / 2)
            if seat.deadline_at - now > lead:
                continue
            Seat.objects.filter(pk=seat.pk).update(reminder_sent_for=game.version)
            if game.status != Game.Status.ACTIVE or seat.position not in set(game.engine.to_act(game.state)):
                continue  # decided already: no reminder
            if covered_action(game, seat) is not None:
                continue  # a standing order answers it
            decision = decision_context(game, seat)
            if not decision["moves"]:
                continue
            record_notice(kind=Kind.REMINDER, game=game, seat=seat, context={"decision": decision})
            sent += 1
    return sent
