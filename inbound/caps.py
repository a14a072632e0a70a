"""The hourly caps on inbound mail, so that robots and mail loops get silence.

A reply over the cap of replies read an hour (per reply address and sender, so neither replies to
an old email nor a stranger's use up the allowance of the current one; a refusal counts
REFUSAL_WEIGHT times) is not read, and answered once with when the player may reply again.
Answers of refusal ("Not played", "Not posted", how to play by email) are capped per seat and
hour (INBOUND_ERROR_REPLIES_PER_HOUR). Both are counted under the game's row lock, so concurrent
replies to one game see each other.
"""

from __future__ import annotations

from datetime import timedelta
from email.utils import parseaddr

from django.conf import settings

from notifications.models import InboundMessage, Kind, Notification
from notifications.outbox import format_when

# Outcomes of mail recorded without being handled: they do not count towards a seat's hourly cap.
UNHANDLED = ("auto_reply", "bulk", "bounce", "over_cap", "malformed", "too_large")
# A reply that is neither played nor posted (not understood, refused, stale) counts this many times
# towards the hourly cap: a person playing sends few of them, a robot or a mail loop many.
REFUSAL_WEIGHT = 5
_PLAYS = ("played", "chat")


def over_cap(seat, record, since) -> str | None:
    """Returns why a reply past the cap of replies read an hour is not read
    (INBOUND_REPLIES_PER_HOUR; a refusal counts REFUSAL_WEIGHT times), or None while under it.
    Replies are counted per reply address (one email's play+ or chat+ address) and sender (the
    From header): a robot or a loop answering one email is stopped, while replies to an old email,
    or from a stranger who has an address, never use up the player's allowance for the email they
    answer now. The sentence says when the sender may reply again: when enough of the counted
    replies are an hour old."""
    counted = list(
        InboundMessage.objects.filter(
            seat=seat, sender=record.sender, reply_token=record.reply_token, received_at__gte=since
        )
        .exclude(pk=record.pk)
        .exclude(outcome__in=UNHANDLED)
        .order_by("received_at")
        .values_list("outcome", "received_at")
    )
    weights = [1 if outcome in _PLAYS else REFUSAL_WEIGHT for outcome, _ in counted]
    cap, used = settings.TRAILPOST["INBOUND_REPLIES_PER_HOUR"], sum(weights)
    if used < cap:
        return None
    # The sender may reply again an hour after the reply whose ageing out takes the count under the cap.
    last = since
    for (_, received_at), weight in zip(counted, weights, strict=True):
        used, last = used - weight, received_at
        if used < cap:
            break
    again = format_when(last + timedelta(hours=1), seat.user.time_zone if seat.user_id else None)
    sender = parseaddr(record.sender)[1] or "you"
    return (
        f"It was not read: more than {cap} replies to this email came from {sender} within an hour (a reply "
        f"that cannot be played counts as {REFUSAL_WEIGHT}). You can reply again from {again}."
    )


def answer_over_cap(why: str, answer, seat, since) -> str:
    """Answers a reply past the cap once (`answer(why, over_cap=True)`), within the cap on answers
    of refusal, so robots and mail loops still get silence; returns what the reply's record adds
    to `why` when no answer was sent ("" when one was)."""
    if told(seat, since, "over_cap"):
        return " No answer was sent: the player was already told so within the hour."
    answers = error_answers(seat, since)
    if answers_used_up(answers):
        return f" No answer was sent: {answers} answers of refusal went to this seat this hour."
    answer(why, over_cap=True)
    return ""


def error_answers(seat, since) -> int:
    """Returns how many answers of refusal ("Not played", "Not posted") went to the seat since."""
    return Notification.objects.filter(seat=seat, kind=Kind.REPLY_ERROR, created_at__gte=since).count()


def answers_used_up(answers: int) -> bool:
    """Whether this many answers of refusal within the hour are as many as a seat may get."""
    return answers >= settings.TRAILPOST["INBOUND_ERROR_REPLIES_PER_HOUR"]


def told(seat, since, mark: str) -> bool:
    """Whether an answer of refusal marked so in its context (`over_cap`, `help`) went to the seat
    since."""
    return Notification.objects.filter(
        seat=seat, kind=Kind.REPLY_ERROR, created_at__gte=since, **{f"context__{mark}": True}
    ).exists()
