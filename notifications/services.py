"""Writes for notification preferences, game mutes, vacations and unsubscribe links."""
from __future__ import annotations

from datetime import date, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.errors import ErrorCode, GameError

from . import webhooks
from .models import Delivery, GameMute, KindPreference, NotificationSettings, TUNABLE_KINDS, Vacation


def preferences_of(user) -> dict:
    """Returns {"deliveries": {kind: delivery}, "webhook_url": str} for a user."""
    deliveries = {k.value: Delivery.IMMEDIATE.value for k in TUNABLE_KINDS}
    deliveries.update(dict(KindPreference.objects.filter(user=user).values_list("kind", "delivery")))
    hook = NotificationSettings.objects.filter(user=user).values_list("webhook_url", flat=True).first() or ""
    return {"deliveries": deliveries, "webhook_url": hook}


@transaction.atomic
def preferences_save(*, user, deliveries: dict | None = None, webhook_url: str | None = None) -> dict:
    """Saves per-kind delivery choices and the webhook URL (refused, with a VALIDATION_ERROR,
    unless it is http(s) to a public address)."""
    for kind, delivery in (deliveries or {}).items():
        if kind not in TUNABLE_KINDS or delivery not in Delivery.values:
            raise GameError(ErrorCode.VALIDATION_ERROR, f"Unknown notice kind or delivery: {kind}={delivery}.")
        KindPreference.objects.update_or_create(user=user, kind=kind, defaults={"delivery": delivery})
    if webhook_url is not None:
        webhook_url = webhook_url.strip()
        if webhook_url:
            try:
                webhooks.check_url(webhook_url)
            except webhooks.WebhookRefused as exc:
                raise GameError(ErrorCode.VALIDATION_ERROR, str(exc), field="webhook_url") from None
        NotificationSettings.objects.update_or_create(user=user, defaults={"webhook_url": webhook_url})
    return preferences_of(user)


def game_mute_set(*, user, game, muted: bool) -> None:
    if muted:
        GameMute.objects.get_or_create(user=user, game=game)
    else:
        GameMute.objects.filter(user=user, game=game).delete()


def unsubscribe_apply(data: dict) -> str:
    """Applies a signed unsubscribe token's content; returns a sentence saying what changed."""
    from django.contrib.auth import get_user_model

    from games.models import Game

    user = get_user_model().objects.filter(pk=data["u"]).first()
    if user is None:
        return "That account no longer exists."
    if data.get("g"):
        game = Game.objects.filter(pk=data["g"]).first()
        if game is None:
            return "That game no longer exists."
        game_mute_set(user=user, game=game, muted=True)
        return f"You will get no more emails about {game}."
    kind = data.get("k")
    if kind in TUNABLE_KINDS:
        preferences_save(user=user, deliveries={kind: Delivery.NEVER})
        from .models import Kind

        return f"You will get no more emails of this kind: {Kind(kind).label.lower()}."
    # The digest: everything the player had gathered into it is turned off.
    digested = [k for k, d in preferences_of(user)["deliveries"].items() if d == Delivery.DIGEST]
    preferences_save(user=user, deliveries={k: Delivery.NEVER for k in digested})
    return "You will get no more digest emails."


def vacation_days_used(user, year: int, *, exclude_pk=None) -> int:
    start, end = date(year, 1, 1), date(year, 12, 31)
    used = 0
    for v in Vacation.objects.filter(user=user, starts_on__lte=end, ends_on__gte=start).exclude(pk=exclude_pk):
        used += (min(v.ends_on, end) - max(v.starts_on, start)).days + 1
    return used


@transaction.atomic
def vacation_add(*, user, starts_on: date, ends_on: date) -> Vacation:
    """Adds vacation days (within the yearly allowance) and pauses the player's pending deadlines."""
    from .deadlines import vacation_intervals, vacations_changed

    today = timezone.now().date()
    if ends_on < starts_on:
        raise GameError(ErrorCode.VALIDATION_ERROR, "A vacation must end on or after the day it starts.")
    if ends_on < today:
        raise GameError(ErrorCode.VALIDATION_ERROR, "That vacation is already over.")
    allowance = settings.TRAILPOST["VACATION_DAYS_PER_YEAR"]
    day = starts_on
    while day <= ends_on:
        year_end = min(ends_on, date(day.year, 12, 31))
        wanted = (year_end - day).days + 1
        used = vacation_days_used(user, day.year)
        if used + wanted > allowance:
            raise GameError(ErrorCode.VALIDATION_ERROR,
                            f"That is more than your {allowance} vacation days for {day.year} "
                            f"({used} used, {wanted} asked).", used=used, allowance=allowance)
        day = year_end + timedelta(days=1)
    if Vacation.objects.filter(user=user, starts_on__lte=ends_on, ends_on__gte=starts_on).exists():
        raise GameError(ErrorCode.VALIDATION_ERROR, "That overlaps a vacation you already have.")
    before = vacation_intervals(user.pk, since=timezone.now())
    vacation = Vacation.objects.create(user=user, starts_on=starts_on, ends_on=ends_on)
    vacations_changed(user=user, before=before)
    return vacation


@transaction.atomic
def vacation_remove(*, user, vacation_id: int) -> bool:
    """Removes a vacation; deadlines it pushed out come back in (the days already taken stay taken)."""
    from .deadlines import vacation_intervals, vacations_changed

    before = vacation_intervals(user.pk, since=timezone.now())
    if not Vacation.objects.filter(user=user, pk=vacation_id).delete()[0]:
        return False
    vacations_changed(user=user, before=before)
    return True
