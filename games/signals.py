"""Keeps two flags that every turn change reads with its seats instead of querying:
`User.vacation_until` (the end of the user's latest vacation: a deadline asks for vacations only
then) and `Seat.has_standing_orders` (the clock asks for a seat's orders only then); and, when a
player changes their name, has their seats in games in play held under the new name from the
next move on (services.tenures_follow_rename: the log keeps the old name for earlier moves).

The flags spare both forms of the move (games.hotpath) a query or two on every turn change, for the
many players who never set a vacation or an order (measured for #28: about 1.5 statements a move
of the 4.4 a move costs). Signals keep them because the rows they sum up change from more than
one place (the services, the admin, a cascade), and a signal sees every one of them."""

from django.contrib.auth import get_user_model
from django.db.models import Max
from django.db.models.signals import post_delete, post_save

from .models import Seat, StandingOrder, Vacation


def _vacations_changed(sender, instance, **kwargs):
    # A day the clock spent (automatic) pauses nothing: the player's deadlines were moved instead.
    until = Vacation.objects.filter(user_id=instance.user_id, automatic=False).aggregate(m=Max("ends_on"))["m"]
    get_user_model().objects.filter(pk=instance.user_id).update(vacation_until=until)


def _standing_changed(sender, instance, **kwargs):
    has = StandingOrder.objects.filter(seat_id=instance.seat_id).exists()
    Seat.objects.filter(pk=instance.seat_id).update(has_standing_orders=has)


# What User.public_name is made of: a save that touches none of them cannot rename anyone.
NAME_FIELDS = {"display_name", "email", "username"}


def _user_saved(sender, instance, created, update_fields=None, **kwargs):
    if created or (update_fields is not None and not NAME_FIELDS & set(update_fields)):
        return  # a login (last_login) or a new account: no seat changes its name
    from . import services  # services imports the models this module is loaded with

    services.tenures_follow_rename(user=instance)


def _quiet_changed(sender, user, before, **kwargs):
    """A player's quiet times changed: their pending deadlines keep the time they had left,
    counted outside the new quiet times."""
    from django.utils import timezone

    from .clock.vacations import vacation_intervals, vacations_changed

    vacations_changed(user=user, before=vacation_intervals(user.pk, since=timezone.now()), quiet_before=before)


def connect() -> None:
    from accounts.signals import quiet_changed

    quiet_changed.connect(_quiet_changed, dispatch_uid="trailpost.quiet.deadlines")
    post_save.connect(_user_saved, sender=get_user_model(), dispatch_uid="trailpost.tenures.rename")
    for signal in (post_save, post_delete):
        signal.connect(_vacations_changed, sender=Vacation, dispatch_uid=f"trailpost.vacation.{signal}")
        signal.connect(_standing_changed, sender=StandingOrder, dispatch_uid=f"trailpost.standing.{signal}")
