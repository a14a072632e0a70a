"""Keeps `User.has_notice_settings` (the user has per-kind preferences or muted games), which the
notices of a change read instead of querying for every player on every turn change. A signal keeps
it, as games.signals keeps its flags (and for the same reason): the rows it sums up change from the
services, the admin and cascades alike."""

from django.contrib.auth import get_user_model
from django.db.models.signals import post_delete, post_save

from .models import GameMute, KindPreference


def _settings_changed(sender, instance, **kwargs):
    has = (
        KindPreference.objects.filter(user_id=instance.user_id).exists()
        or GameMute.objects.filter(user_id=instance.user_id).exists()
    )
    get_user_model().objects.filter(pk=instance.user_id).update(has_notice_settings=has)


def connect() -> None:
    for signal in (post_save, post_delete):
        for model in (KindPreference, GameMute):
            signal.connect(
                _settings_changed, sender=model, dispatch_uid=f"trailpost.settings.{model.__name__}.{signal}"
            )
