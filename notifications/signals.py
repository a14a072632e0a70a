"""Keeps `User.has_notice_settings` (the user has per-kind preferences or muted games), which the
notices of a change read instead of querying for every player on every turn change; listens for
moderators' acts (games.events.Moderated) to tell the players; and, when a player changes their
name, has their seats in games in play held under the new name from the next move on
(games.services.tenures_follow_rename: the log keeps the old name for their earlier moves)."""

from django.contrib.auth import get_user_model
from django.db.models.signals import post_delete, post_save

from games import events, services

from . import outbox
from .models import GameMute, KindPreference

# What User.public_name is made of: a save that touches none of them cannot rename anyone.
NAME_FIELDS = {"display_name", "email", "username"}


def _settings_changed(sender, instance, **kwargs):
    has = (
        KindPreference.objects.filter(user_id=instance.user_id).exists()
        or GameMute.objects.filter(user_id=instance.user_id).exists()
    )
    get_user_model().objects.filter(pk=instance.user_id).update(has_notice_settings=has)


def _user_saved(sender, instance, created, update_fields=None, **kwargs):
    if created or (update_fields is not None and not NAME_FIELDS & set(update_fields)):
        return  # a login (last_login) or a new account: no seat changes its name
    services.tenures_follow_rename(user=instance)


def connect() -> None:
    for signal in (post_save, post_delete):
        for model in (KindPreference, GameMute):
            signal.connect(
                _settings_changed, sender=model, dispatch_uid=f"trailpost.settings.{model.__name__}.{signal}"
            )
    post_save.connect(_user_saved, sender=get_user_model(), dispatch_uid="trailpost.tenures.rename")
    events.listen(events.Moderated, outbox.on_moderated)
