"""Keeps the flags the move pipeline reads instead of querying on every turn change:
`User.vacation_until` (the end of the user's latest vacation) and `Seat.has_standing_orders`."""

from django.contrib.auth import get_user_model
from django.db.models import Max
from django.db.models.signals import post_delete, post_save

from .models import Seat, StandingOrder, Vacation


def _vacations_changed(sender, instance, **kwargs):
    until = Vacation.objects.filter(user_id=instance.user_id).aggregate(m=Max("ends_on"))["m"]
    get_user_model().objects.filter(pk=instance.user_id).update(vacation_until=until)


def _standing_changed(sender, instance, **kwargs):
    has = StandingOrder.objects.filter(seat_id=instance.seat_id).exists()
    Seat.objects.filter(pk=instance.seat_id).update(has_standing_orders=has)


def connect() -> None:
    for signal in (post_save, post_delete):
        signal.connect(_vacations_changed, sender=Vacation, dispatch_uid=f"trailpost.vacation.{signal}")
        signal.connect(_standing_changed, sender=StandingOrder, dispatch_uid=f"trailpost.standing.{signal}")
