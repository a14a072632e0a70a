"""At sign-up, the time zone the browser reported (templates/account/signup.html, static/js/trailpost.js);
and `quiet_changed`, sent when a player's quiet times (or the zone they are read in) changed."""

from django.dispatch import Signal

from . import timezones


def keep_browser_time_zone(sender, request, user, **kwargs):
    """Stores the browser's zone; a missing or unknown one leaves UTC, with no error to the player
    (allauth's user_signed_up receiver, connected in AccountsConfig.ready)."""
    posted = request.POST.get("time_zone", "").strip() if request is not None else ""
    name = timezones.or_default(posted)
    if name != user.time_zone:
        user.time_zone = name
        user.save(update_fields=["time_zone"])


# Sent by accounts.services.profile_update with `user` and `before` (what the quiet times were:
# quiet_from, quiet_until, quiet_days, time_zone); games.signals moves the player's deadlines.
quiet_changed = Signal()
