"""Sending notices: email (claimed first, so none goes twice), webhooks, digests, and what is left
unsent. Nothing here queues a task: `notifications.tasks` does, around these functions.
"""

from __future__ import annotations

import json
import logging
import smtplib
from datetime import timedelta

import httpx
from django.conf import settings
from django.core.mail import get_connection
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from core.outage import OutageLog
from games.models import Game, Move, Seat

from . import smtp, webhooks
from .emails import base_context, message_id_domain, render_email
from .models import Delivery, Kind, Notification, NotificationSettings, Outcome
from .outbox import ATTENDED_CHANNELS, LATER, complete, decision_context, decision_notice
from .pictures import table_pictures
from .tokens import help_address

log = logging.getLogger(__name__)

# Tries of a notice's email: after a failed one it waits SEND_RETRY_SECONDS (15), then twice as
# long each time, at most SEND_RETRY_MAX_SECONDS (10 minutes): about four hours of a mail server down.
MAX_ATTEMPTS = 30


def retry_delay(attempts: int) -> float:
    """Seconds a notice waits after its `attempts`-th failed try."""
    first, most = settings.TRAILPOST["SEND_RETRY_SECONDS"], settings.TRAILPOST["SEND_RETRY_MAX_SECONDS"]
    return min(first * 2 ** min(attempts - 1, 20), most)


# The mail server's outage, logged once per process (not once per notice or per try): the first
# failed connection logs one warning line, the rest are counted until an email goes again, which
# ends the outage with an info line.
mail_outage = OutageLog(log)


def _error_text(exc: BaseException) -> str:
    return (str(exc) or type(exc).__name__)[:2000]


def _is_outage(exc: BaseException) -> bool:
    """Whether a failed send means the connection is lost (the server went away mid-batch), as
    opposed to the server answering about this one email (a refused address)."""
    return isinstance(exc, OSError) and not isinstance(
        exc, (smtplib.SMTPResponseException, smtplib.SMTPRecipientsRefused)
    )


# -- sending --------------------------------------------------------------------------------------


def claim_seconds() -> float:
    """How long a worker's claim on a notice lasts unless renewed (SEND_CLAIM_SECONDS)."""
    return settings.TRAILPOST["SEND_CLAIM_SECONDS"]


def _claim(ids, now) -> tuple[list[Notification], list[Notification]]:
    """Claims unsent notices for this worker (one UPDATE, all stamped `now`); returns the rows it
    won, and apart those a dead worker had handed whole to the mail server (`_handed_over`)."""
    lease = now - timedelta(seconds=claim_seconds())
    with transaction.atomic():
        won = list(
            Notification.objects.select_for_update(skip_locked=True)
            .filter(pk__in=ids, sent_at__isnull=True)
            .filter(Q(claimed_at__isnull=True) | Q(claimed_at__lt=lease))
            .filter(Q(retry_at__isnull=True) | Q(retry_at__lte=now), attempts__lt=MAX_ATTEMPTS)
            .values_list("pk", "handed_at")
        )
        again = settings.TRAILPOST["SEND_HANDED"] == "again"
        handed = [pk for pk, at in won if at is not None and not again]
        won = [pk for pk, at in won if at is None or again]
        if won:
            Notification.objects.filter(pk__in=won).update(claimed_at=now)
        if handed:
            Notification.objects.filter(pk__in=handed).update(
                claimed_at=now, sent_at=F("handed_at"), outcome=Outcome.HANDED
            )
    rows = list(Notification.objects.filter(pk__in=won + handed).select_related("user").order_by("pk"))
    handed_rows = [n for n in rows if n.pk in set(handed)]
    return [n for n in rows if n not in handed_rows], _handed_over(handed_rows, now)


def _handed_over(rows: list[Notification], now) -> list[Notification]:
    """Closes the notices a worker died sending after the mail server had their whole text, before
    its answer (handed_at set, sent_at not; notifications.smtp): they are marked sent (HANDED), not
    sent again. The worker stamped handed_at just before writing the line that ends the text, where
    the server takes the message: a server that keeps what it has before answering (Postfix) has
    it, and sending it again would make a second copy. With SEND_HANDED "again" (a server that
    drops a message whose sender left before its answer) they are sent again instead, with the
    same Message-ID (`_claim`). A notice that stood for earlier ones (the grace window) closes them
    as its email would."""
    for n in rows:
        log.warning(
            "notice %s: its worker died after handing the whole email to the mail server (%s), before "
            "the server answered; taken as sent, not sent again (Message-ID <notice-%s@%s>)",
            n.pk,
            n.handed_at.isoformat(),
            n.pk,
            message_id_domain(),
        )
        if n.delivery == Delivery.GRACE:
            _settle(n, outcome=Outcome.MERGED, now=now)
    return rows


class _Claim:
    """A worker's claims on the notices it is sending, all stamped alike. They last
    SEND_CLAIM_SECONDS; the worker renews those it still holds each time a third of that has
    passed, so a live worker keeps its notices however long its batch, and a dead one's lapse
    within seconds. A notice whose claim lapsed and was taken meanwhile is not sent here."""

    def __init__(self, stamp):
        self.stamp = stamp
        self.lost: set[int] = set()

    def keep(self, rows: list[Notification]) -> None:
        """Renews the claim on `rows` (those left to send) once a third of it has passed."""
        now = timezone.now()
        if (now - self.stamp).total_seconds() < claim_seconds() / 3:
            return
        ids = [n.pk for n in rows if n.pk not in self.lost]
        with transaction.atomic():
            mine = Notification.objects.select_for_update().filter(
                pk__in=ids, claimed_at=self.stamp, sent_at__isnull=True
            )
            kept = set(mine.values_list("pk", flat=True))
            Notification.objects.filter(pk__in=kept).update(claimed_at=now)
        self.lost.update(set(ids) - kept)
        self.stamp = now

    def holds(self, n: Notification) -> bool:
        return n.pk not in self.lost


# Emails that show the table: what asks for a decision, and a hit.
PICTURED = {Kind.YOUR_TURN, Kind.DECISION, Kind.REMINDER, Kind.HIT, Kind.REPLY_OK, Kind.REPLY_ERROR}


def _pictured(n: Notification) -> bool:
    """Whether a notice's email shows the table's picture: it asks for a decision, or is a hit
    (one whose menu or table is still to be drawn, outbox.complete, may: its picture is ready)."""
    ctx = n.context or {}
    later = ctx.get(LATER) or {}
    shown = (ctx.get("decision") or {}).get("moves") or ctx.get("table") or later.get("menu") or later.get("table")
    return n.kind in PICTURED and bool(shown)


def render_notification(notification: Notification, connection=None, *, pictures: dict | None = None):
    """Returns the email for a notice, with the picture of the table when it shows a decision or a
    hit (`pictures`: those of a batch, notifications.pictures.table_pictures; drawn here without
    it; a webhook's text passes {} for none)."""
    complete([notification])
    ctx = dict(notification.context)
    game_id = (ctx.get("game") or {}).get("id") or notification.game_id
    ctx.update(base_context(user_id=notification.user_id, kind=notification.kind, game_id=game_id))
    if notification.user is not None:
        ctx.setdefault("recipient", notification.user.public_name)
    ctx["kind"] = notification.kind
    # A decision's menu has its play+ address; a chat email its chat+ one; an email that asks
    # nothing, to a player about their game, a help+ one (a reply gets how to play by email).
    reply_to = (ctx.get("decision") or {}).get("reply_to") or ctx.get("reply_to")
    if not reply_to and game_id and notification.seat_id and notification.user_id:
        reply_to = help_address(seat_id=notification.seat_id, game_id=game_id)
    picture = None
    if _pictured(notification):
        key = (notification.game_id, notification.seat_id)
        if pictures is None:
            pictures = table_pictures([key])
        picture = pictures.get(key)
    return render_email(
        template="reply_help" if ctx.get("help") else notification.kind,
        to=notification.email,
        context=ctx,
        reply_to=reply_to,
        connection=connection,
        picture=picture,
        # One Message-ID per notice: the one email a worker killed mid-send leaves unmarked goes again
        # with the same id, which mail systems that deduplicate (Gmail, Fastmail) show once.
        message_id=f"<notice-{notification.pk}@{message_id_domain()}>",
    )


def _mark_sent(n: Notification) -> None:
    """Marks a sent notice, right after the mail server's answer: a worker killed mid-send leaves
    at most the one email it was sending unmarked, with handed_at telling whether the server had
    all of it (`_mark_handed`).

    On PostgreSQL the commit does not wait for the disk (synchronous_commit off for this
    transaction only): a killed worker loses nothing by it, as the mark is in the database once
    the statement returns; only a crash of the database server itself within a fraction of a
    second could lose a few marks, and with them send those notices again.
    """
    _mark(n, _MARK_SENT, sent_at=timezone.now(), attempts=F("attempts") + 1, last_error="")


def _mark_handed(n: Notification) -> None:
    """Records that the mail server has a notice's whole email, in a transaction of its own, just
    before the line that ends it (notifications.smtp.before_end_of_data): committed before the
    server can take the email, so a worker killed from then on leaves the notice marked, and it is
    not sent a second time (`_handed_over`). Killed before, the server has dropped the unfinished
    email, and the notice goes again. As `_mark_sent`, the commit does not wait for the disk: a
    crash of the database server could lose the stamp and, with it, send the email again."""
    _mark(n, _MARK_HANDED, handed_at=timezone.now())


def _mark(n: Notification, statement: str, **fields) -> None:
    connection = transaction.get_connection()
    if connection.vendor == "postgresql" and not connection.in_atomic_block:
        # One round trip for the four statements (the ORM's way takes four and costs about 0.5 ms
        # more an email; bench/sweep.py's send figure). Only outside a transaction, and only an
        # integer is put in: the statements are fixed.
        with connection.cursor() as cursor:
            cursor.execute(statement.format(table=Notification._meta.db_table, pk=int(n.pk)))
        return
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL synchronous_commit TO OFF")
        Notification.objects.filter(pk=n.pk).update(**fields)


_MARK_SENT = (
    "BEGIN; SET LOCAL synchronous_commit TO OFF; "
    "UPDATE {table} SET sent_at = now(), attempts = attempts + 1, last_error = '' WHERE id = {pk}; COMMIT"
)
_MARK_HANDED = (
    "BEGIN; SET LOCAL synchronous_commit TO OFF; UPDATE {table} SET handed_at = now() WHERE id = {pk}; COMMIT"
)


# -- the grace window ----------------------------------------------------------------------------


def grace_seconds() -> float:
    return settings.TRAILPOST["GRACE_SECONDS"]


def _not_yet_due(ids, now) -> tuple[list[int], float]:
    """Returns the given notices that wait out a grace window not over yet, and the seconds until
    the first of them is due."""
    window = timedelta(seconds=grace_seconds())
    waiting = list(
        Notification.objects.filter(
            pk__in=ids, delivery=Delivery.GRACE, sent_at__isnull=True, created_at__gt=now - window
        ).values_list("pk", "created_at")
    )
    if not waiting:
        return [], 0.0
    first = min(created for _, created in waiting) + window
    return [pk for pk, _ in waiting], max((first - now).total_seconds(), 0.0)


def _settle(n: Notification, *, outcome: str, now) -> None:
    """Closes a notice that goes out as no email of its own (if it is still unsent), and the
    player's earlier ones it stands for (the same game, still waiting): after the email of the
    latest one went, those are MERGED. Chat notices stand only for chat notices, and the rest only
    for the rest: a message at the table never swallows a "your turn" email, nor the reverse."""
    same = Q(kind=Kind.CHAT) if n.kind == Kind.CHAT else ~Q(kind=Kind.CHAT)
    Notification.objects.filter(
        Q(pk=n.pk)
        | (Q(user_id=n.user_id, game_id=n.game_id, delivery=Delivery.GRACE, created_at__lte=n.created_at) & same),
        sent_at__isnull=True,
    ).update(sent_at=now, outcome=outcome)


def _after_grace(n: Notification, now) -> bool:
    """Settles a claimed notice whose grace window is over; returns whether its email should go.

    Only a player's latest waiting notice of a game goes out, as one email with the game as it
    is now (the table, the menu, everything since their own last move); it stands for their
    earlier ones, which are marked MERGED once it has gone. It goes not at all if, since it was
    written, the player moved (ACTED) or had the game page open (SEEN), or if they have nothing
    left to decide (STALE). A hit that waited (its player had the game open when it came) goes as
    it was written, with the menu of the decision the player has now, if any."""
    if n.game_id is None or n.seat_id is None or n.user_id is None:
        return True
    if n.kind == Kind.CHAT:
        return _chat_after_grace(n, now)
    later = (
        Notification.objects.filter(
            user_id=n.user_id, game_id=n.game_id, delivery=Delivery.GRACE, created_at__gt=n.created_at
        )
        .exclude(pk=n.pk)
        .exclude(kind=Kind.CHAT)
    )
    if later.exists():  # a later notice of the same game stands for this one
        if not later.filter(sent_at__isnull=True).exists():
            _settle(n, outcome=Outcome.MERGED, now=now)
        else:
            Notification.objects.filter(pk=n.pk).update(claimed_at=None)
        return False
    game = Game.objects.filter(pk=n.game_id).first()
    seat = Seat.objects.select_related("user").filter(pk=n.seat_id, game_id=n.game_id).first()
    if game is None or seat is None or seat.user_id != n.user_id:
        _settle(n, outcome=Outcome.STALE, now=now)
        return False
    if Move.objects.filter(
        game_id=game.pk, position=seat.position, channel__in=ATTENDED_CHANNELS, created_at__gt=n.created_at
    ).exists():
        _settle(n, outcome=Outcome.ACTED, now=now)
        return False
    if seat.seen_at is not None and seat.seen_at >= n.created_at:
        _settle(n, outcome=Outcome.SEEN, now=now)
        return False
    if n.kind == Kind.HIT:  # the hit as it was written, with the menu as it is now, if any
        complete([n])
        n.context = dict(n.context)
        n.context.pop("decision", None)
        decision = decision_context(game, seat) if game.status == Game.Status.ACTIVE else None
        if decision and decision["moves"]:
            n.context["decision"] = decision
            n.context.pop("table", None)
        n.version = game.version
        return True
    context = decision_notice(game, seat) if game.status == Game.Status.ACTIVE else None
    if context is None:
        _settle(n, outcome=Outcome.STALE, now=now)
        return False
    n.context, n.version = context, game.version
    return True


def _chat_after_grace(n: Notification, now) -> bool:
    """Settles a claimed chat notice whose grace window is over; returns whether its email should
    go: not if a later chat notice of the game stands for it (its email shows the latest messages),
    nor if the player had the game page open since it was written (they read it there)."""
    later = Notification.objects.filter(
        user_id=n.user_id, game_id=n.game_id, kind=Kind.CHAT, delivery=Delivery.GRACE, created_at__gt=n.created_at
    ).exclude(pk=n.pk)
    if later.exists():
        if not later.filter(sent_at__isnull=True).exists():
            _settle(n, outcome=Outcome.MERGED, now=now)
        else:
            Notification.objects.filter(pk=n.pk).update(claimed_at=None)
        return False
    seen = Seat.objects.filter(pk=n.seat_id, user_id=n.user_id).values_list("seen_at", flat=True).first()
    if seen is not None and seen >= n.created_at:
        _settle(n, outcome=Outcome.SEEN, now=now)
        return False
    return True


def send_notifications(ids: list[int], *, then_webhooks=None, then_later=None) -> int:
    """Sends the given notices that nobody has sent or claimed; returns how many went out.

    Each is claimed first (one UPDATE for all), so no other worker or retry sends it while this
    one holds the claim, and marked sent as soon as its email has gone. The sent notices whose
    player has a webhook go to `then_webhooks(ids)` (the task queues a post for each), or are
    posted now, once, without it. Notices still inside their grace window go to
    `then_later(ids, seconds)` (the task asks Celery to run it again when they are due), or wait
    for the minute sweep (`send_unsent`) without it.
    """
    now = timezone.now()
    waiting, wait = _not_yet_due(ids, now)
    if waiting:
        if then_later is not None:
            then_later(waiting, wait)
        later = set(waiting)
        ids = [pk for pk in ids if pk not in later]
    rows, handed = _claim(ids, now)
    rows = [n for n in rows if n.delivery != Delivery.GRACE or _after_grace(n, now)]
    hooks = _webhooks({n.user_id for n in rows + handed if n.user_id})
    hooked = [n.pk for n in handed if n.user_id in hooks]  # the dead worker did not get to them
    if not rows:
        if hooked:
            (then_webhooks or _post_webhooks_now)(hooked)
        return 0
    try:
        sent, failed = _send_rows(rows, hooks, hooked, _Claim(now))
    finally:
        if hooked:
            (then_webhooks or _post_webhooks_now)(hooked)
    if failed and then_later is not None:  # the task comes back when the first of them is due
        failed_attempts = [n.attempts + 1 for n in rows if n.pk in set(failed)]  # rows hold the count before
        then_later(failed, retry_delay(min(failed_attempts)))
    return sent


def _send_rows(rows: list[Notification], hooks: dict, hooked: list[int], claim: _Claim) -> tuple[int, list[int]]:
    """Sends claimed notices over one connection; returns how many went and the ids that failed
    (each recorded: an attempt, its error, when it is tried again). A connection that cannot be
    opened, or is lost on the way, fails every notice left: the outage is logged once. The claim
    on those left is renewed as it goes, and each notice that asks for a decision is checked
    just before it goes: one the game has moved past is marked STALE, not sent."""
    pictures = table_pictures([(n.game_id, n.seat_id) for n in rows if _pictured(n)])
    connection = get_connection()
    try:
        connection.open()
    except Exception as exc:
        _failed(rows, exc, outage=True)
        return 0, [n.pk for n in rows]
    sent, failed = 0, []
    try:
        for i, n in enumerate(rows):
            claim.keep(rows[i:])
            if not claim.holds(n) or _passed(n):
                continue
            try:
                message = render_notification(n, connection=connection, pictures=pictures)
                with smtp.before_end_of_data(lambda n=n: _mark_handed(n)):
                    message.send()
            except Exception as exc:
                if _is_outage(exc):
                    _failed(rows[i:], exc, outage=True)
                    return sent, failed + [m.pk for m in rows[i:]]
                # Refused by the mail server (one line), or a bug (a template, say: its traceback).
                expected = isinstance(exc, (smtplib.SMTPException, OSError))
                log.warning("sending notice %s failed: %s", n.pk, exc, exc_info=not expected)
                _failed([n], exc)  # one bad address must not block the rest
                failed.append(n.pk)
                continue
            _mark_sent(n)
            mail_outage.answered("mail server reachable again, after %(failures)d failed connection(s)")
            if n.delivery == Delivery.GRACE:  # it went for the player's earlier ones too
                _settle(n, outcome=Outcome.MERGED, now=timezone.now())
            sent += 1
            if n.user_id in hooks:
                hooked.append(n.pk)
    finally:
        try:
            connection.close()
        except Exception:  # a connection already lost: nothing to close
            pass
    return sent, failed


# Notices whose email is a decision's menu, with a reply address for the version it was written at.
_DECISIONS = {Kind.YOUR_TURN, Kind.DECISION, Kind.REMINDER}


def _passed(n: Notification) -> bool:
    """Marks a notice STALE and returns True when it asks for a decision at a version the game
    has moved past (its menu and reply address are dead: a reply would not be played), or in a
    game that is over; False for anything else."""
    if n.kind not in _DECISIONS or n.game_id is None:
        return False
    version = (n.context.get("decision") or {}).get("version", n.version)
    if version is None:
        return False
    game = Game.objects.filter(pk=n.game_id).values_list("version", "status").first()
    over = (Game.Status.FINISHED, Game.Status.ABORTED)
    if game is not None and game[0] == version and game[1] not in over:
        return False
    Notification.objects.filter(pk=n.pk, sent_at__isnull=True).update(sent_at=timezone.now(), outcome=Outcome.STALE)
    log.info("notice %s not sent: the game moved past the version it was written for", n.pk)
    return True


def _failed(rows: list[Notification], exc: BaseException, *, outage: bool = False) -> None:
    """Records a failed try of each notice (attempts, last_error, shown in admin) and gives up its
    claim until it is due again (retry_at, a growing pause), when its task or the minute sweep
    sends it."""
    now = timezone.now()
    error = _error_text(exc)
    by_attempts: dict[int, list[int]] = {}
    for n in rows:
        by_attempts.setdefault(n.attempts + 1, []).append(n.pk)
    for attempts, ids in by_attempts.items():
        retry_at = now + timedelta(seconds=retry_delay(attempts))
        Notification.objects.filter(pk__in=ids).update(
            attempts=attempts, last_error=error, claimed_at=None, retry_at=retry_at, handed_at=None
        )
    if outage:
        mail_outage.failed(
            "mail server unreachable (%s): %d notice(s) tried again in %d s, then less and less often; "
            "logged once until it answers again",
            _error_text(exc),
            len(rows),
            retry_delay(min(by_attempts)),
        )


def send_unsent(*, limit: int | None = None, then_webhooks=None) -> int:
    """Sends notices still unsent (the broker was down, a worker died) and those whose grace window
    is over; returns the count."""
    limit = limit or settings.TRAILPOST["SWEEP_BATCH"]
    now = timezone.now()
    lease = now - timedelta(seconds=claim_seconds())
    due = now - timedelta(seconds=grace_seconds())
    total = 0
    while True:
        ids = list(
            Notification.objects.filter(sent_at__isnull=True)
            .filter(Q(delivery=Delivery.IMMEDIATE) | Q(delivery=Delivery.GRACE, created_at__lte=due))
            .filter(Q(claimed_at__isnull=True) | Q(claimed_at__lt=lease))
            .filter(Q(retry_at__isnull=True) | Q(retry_at__lte=now))
            .filter(attempts__lt=MAX_ATTEMPTS)
            .order_by("created_at")
            .values_list("pk", flat=True)[:limit]
        )
        if not ids:
            return total
        sent = send_notifications(ids, then_webhooks=then_webhooks)
        total += sent
        if sent == 0:
            return total


def send_digests(*, now=None) -> int:
    """Sends each user one email with their unsent digest notices; returns how many emails."""
    now = now or timezone.now()
    users = (
        Notification.objects.filter(sent_at__isnull=True, delivery=Delivery.DIGEST, created_at__lte=now)
        .values_list("user_id", flat=True)
        .distinct()
    )
    emails = 0
    for user_id in list(users):
        with transaction.atomic():
            rows = list(
                Notification.objects.select_for_update(skip_locked=True, of=("self",))
                .filter(user_id=user_id, sent_at__isnull=True, delivery=Delivery.DIGEST, created_at__lte=now)
                .select_related("user", "game")
                .order_by("created_at")
            )
            if not rows:
                continue
            user = rows[0].user
            items = []
            for n in rows:
                game = n.context.get("game") or {}
                items.append(
                    {
                        "kind": n.get_kind_display(),
                        "game": game.get("title", ""),
                        "game_url": settings.SITE_URL + f"/games/{game['id']}/" if game.get("id") else "",
                        "text": digest_line(n),
                    }
                )
            ctx = base_context(user_id=user_id, kind=Kind.DIGEST, game_id=None)
            ctx.update(items=items, recipient=user.public_name, count=len(items))
            render_email(template="digest", to=user.email, context=ctx).send()
            Notification.objects.filter(pk__in=[n.pk for n in rows]).update(sent_at=timezone.now())
            emails += 1
    return emails


def digest_line(n: Notification) -> str:
    c = n.context
    if n.kind == Kind.GAME_OVER:
        return c.get("reason", "")
    if n.kind in (Kind.YOUR_TURN, Kind.DECISION, Kind.REMINDER):
        d = c.get("decision") or {}
        return f"A decision is pending (due {d.get('deadline_text', '')})."
    return c.get("text", "")


# -- webhooks -------------------------------------------------------------------------------------


def _webhooks(user_ids) -> dict[int, str]:
    if not user_ids:
        return {}
    return dict(
        NotificationSettings.objects.filter(user_id__in=user_ids)
        .exclude(webhook_url="")
        .values_list("user_id", "webhook_url")
    )


def webhook_payload(n: Notification) -> dict:
    """Returns the JSON a chat webhook receives: `content` for Discord, `text` for Slack."""
    message = render_notification(n, pictures={})
    url = settings.SITE_URL + f"/games/{n.game_id}/" if n.game_id else settings.SITE_URL
    text = f"{message.kind_line or message.subject}\n{url}"
    return {"content": text[:1900], "text": text, "kind": n.kind, "game": n.game_id}


def _post_webhooks_now(ids: list[int]) -> None:
    for pk in ids:
        deliver_webhook(pk)


def deliver_webhook(notice_id: int) -> bool:
    """Posts a sent notice to its player's webhook as it is set now; returns False when the post
    failed (to be tried again), True when it went or there is nothing to post any more."""
    n = Notification.objects.filter(pk=notice_id).select_related("user").first()
    url = _webhooks({n.user_id}).get(n.user_id) if n is not None and n.user_id else None
    if not url:
        return True
    return post_webhook(url, n)


def post_webhook(url: str, n: Notification) -> bool:
    """Posts a notice to a webhook. Returns False when trying again later may help (no answer, a
    server error, 429 Too Many Requests), True when it is done: taken, or refused for good (any
    other 4xx, such as a deleted Discord or Slack webhook; a redirect; an address webhooks may
    not go to). A redirect is not followed and not asked again: the server answered, and would
    answer the same; where it points is the player's URL to fix, checked when they save it."""

    body = json.dumps(webhook_payload(n)).encode()
    try:
        status = webhooks.post(url, body)
    except webhooks.WebhookRefused as exc:
        log.warning("webhook for notice %s refused: %s Not tried again.", n.pk, exc)
        return True
    except (webhooks.WebhookUnresolved, httpx.HTTPError) as exc:
        log.warning("webhook for notice %s failed: %s", n.pk, str(exc) or type(exc).__name__)
        return False
    except Exception:  # not an expected failure: worth its traceback
        log.warning("webhook for notice %s failed", n.pk, exc_info=True)
        return False
    if 200 <= status < 300:
        return True
    if 300 <= status < 500 and status != 429:
        log.warning("webhook for notice %s refused (%s): not tried again", n.pk, status)
        return True
    log.warning("webhook for notice %s failed (%s)", n.pk, status)
    return False
