"""Writes for notification preferences, game mutes and unsubscribe links (vacations are the turn
clock's: games.clock.vacations)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction

from core.errors import ErrorCode, GameError
from games.models import Game

from . import webhooks
from .models import DEFAULT_DELIVERY, TUNABLE_KINDS, Delivery, GameMute, Kind, KindPreference, NotificationSettings


def preferences_of(user) -> dict:
    """Returns {"deliveries": {kind: delivery}, "webhook_url": str} for a user."""
    deliveries = {k.value: DEFAULT_DELIVERY.get(k, Delivery.IMMEDIATE).value for k in TUNABLE_KINDS}
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


def unsubscribe_apply(data: dict, *, undo: bool = False) -> str:
    """Applies a signed unsubscribe token's content (or, `undo`, takes a game's mute back); returns
    a sentence saying what changed."""
    user = get_user_model().objects.filter(pk=data["u"]).first()
    if user is None:
        return "That account no longer exists."
    if data.get("g"):
        game = Game.objects.filter(pk=data["g"]).first()
        if game is None:
            return "That game no longer exists."
        game_mute_set(user=user, game=game, muted=not undo)
        if undo:
            return f"Emails about {game} are back on."
        return (
            f"You will get no more emails about {game}. Its deadlines still run: when your turn's time is up, "
            "the default move is played for you, so keep an eye on the game's page."
        )
    if undo:
        return "Nothing to undo here: choose your emails in your notification settings."
    kind = data.get("k")
    if kind in TUNABLE_KINDS:
        preferences_save(user=user, deliveries={kind: Delivery.NEVER})
        return f"You will get no more emails of this kind: {Kind(kind).label.lower()}."
    # The digest: everything the player had gathered into it is turned off.
    digested = [k for k, d in preferences_of(user)["deliveries"].items() if d == Delivery.DIGEST]
    preferences_save(user=user, deliveries={k: Delivery.NEVER for k in digested})
    return "You will get no more digest emails."
