"""The transactional outbox: notices written in the same transaction as the change behind them.

`record_*` functions run inside the caller's transaction and only write `Notification` rows; after
commit their ids are handed to Celery (`send_notifications`), by a web process once its response
has gone and in one task for all the requests of HANDOFF_SECONDS (`_HandOff`). If the broker is
down the hand-off fails quietly and the minute sweep sends them later. Sending claims each row with one
conditional UPDATE (sent_at IS NULL and no live claim), so a retry, a second worker or a
redelivered task never sends a notice twice.
"""
from __future__ import annotations

import atexit
import contextlib
import contextvars
import json
import logging
import os
import smtplib
import threading
from datetime import timedelta
from datetime import timezone as dt_timezone

import httpx
from django.conf import settings
from django.db import DatabaseError, transaction
from django.db.models import F, Q, Value
from django.utils import timezone

from games.broker import broker_outage
from games.hotpath import insert_rows
from games.selectors import legal_moves, named_event

from .emails import base_context, render_email
from .models import (Delivery, GameMute, KindPreference, Kind, Notification, NotificationSettings,
                     TUNABLE_KINDS)
from .tokens import reply_address

log = logging.getLogger(__name__)

MUTED = "-muted-"
# What notices read of seats and their players (not the whole user row).
_SEAT_FIELDS = ("game_id", "position", "user_id", "is_bot", "bot_name", "status", "deadline_at",
                "user__email", "user__display_name", "user__username", "user__has_notice_settings")
MAX_ATTEMPTS = 30  # with the 10-minute lease: five hours of a mail server being down

# Moves from these channels were made by a player looking at the game (or answered by reply mail):
# they need no "your turn" email for the decision that follows their own move.
_ATTENDED_CHANNELS = {"web", "api", "email"}


# -- what a notice says ---------------------------------------------------------------------------

def game_context(game) -> dict:
    return {"id": game.pk, "title": str(game), "rules_title": _engine_title(game)}


def _engine_title(game) -> str:
    try:
        return game.engine.title
    except Exception:  # an engine being rewritten must not stop mail
        return game.rules


def format_when(dt) -> str:
    return dt.astimezone(dt_timezone.utc).strftime("%a %d %b %Y, %H:%M UTC") if dt else ""


def decision_context(game, seat, *, version: int | None = None, names: dict | None = None) -> dict:
    """Returns the numbered menu of a seat's legal moves, its deadline and the reply-to address."""
    moves = [{"index": m["index"], "label": m["label"]} for m in legal_moves(game, seat, names=names)]
    version = game.version if version is None else version
    engine = game.engine
    kind = engine.decision_kind(game.state, seat.position) if moves else None
    label = engine.decision_kinds.get(kind, {}).get("label", "") if kind else ""
    return {
        "moves": moves,
        "decision_label": label,
        "deadline": seat.deadline_at.isoformat() if seat.deadline_at else None,
        "deadline_text": format_when(seat.deadline_at),
        "reply_to": reply_address(seat_id=seat.pk, game_id=game.pk, version=version) if moves else None,
        "version": version,
    }


def _event_text(event: dict, position: int | None) -> str:
    """Returns the event's sentence, with the recipient's private detail when there is one."""
    text = (event.get("public") or {}).get("text") or ""
    mine = (event.get("private") or {}).get(str(position)) if position is not None else None
    if isinstance(mine, dict) and mine.get("text"):
        text = f"{text} ({mine['text']})" if text else mine["text"]
    return text


def _humanize(slug) -> str:
    return str(slug or "").replace("_", " ").strip().capitalize()


def _is_out_of_turn(game, position: int) -> bool:
    """Whether the seat's pending decision is out of turn (the engine says whose turn it is)."""
    engine = game.engine
    if engine.decision_kind(game.state, position):
        return True
    turn = engine.turn_seat(game.state)
    return turn is not None and turn != position


# -- preferences ----------------------------------------------------------------------------------

class _Batch:
    """Collects the notices of one change, applying mutes and per-kind preferences.

    Preferences and mutes are read once per change (one query), for the users it may notify who
    have any (`User.has_notice_settings`); for everyone else the defaults need no query.
    """

    def __init__(self, game=None, users=()):
        self.game = game
        self.rows: list[Notification] = []
        self._users = {u.pk: u for u in users}
        self._loaded: set = set()
        self._muted: set = set()
        self._prefs: dict = {}

    def _load(self, user) -> None:
        self._users.setdefault(user.pk, user)
        ids = [pk for pk, u in self._users.items() if u.has_notice_settings and pk not in self._loaded]
        if not ids:
            return
        # One round trip for both tables.
        query = KindPreference.objects.filter(user_id__in=ids).values_list("user_id", "kind", "delivery")
        if self.game is not None:
            mutes = (GameMute.objects.filter(game=self.game, user_id__in=ids)
                     .annotate(k=Value(MUTED), d=Value(MUTED)).values_list("user_id", "k", "d"))
            query = query.union(mutes, all=True)
        for uid, kind, delivery in query:
            if kind == MUTED:
                self._muted.add(uid)
            else:
                self._prefs[(uid, kind)] = delivery
        self._loaded.update(ids)

    def delivery(self, user, kind) -> str:
        """Returns how this user wants this kind delivered here (NEVER when the game is muted)."""
        if not user.has_notice_settings:
            return Delivery.IMMEDIATE
        self._load(user)
        if user.pk in self._muted:
            return Delivery.NEVER
        if kind not in TUNABLE_KINDS:
            return Delivery.IMMEDIATE
        return self._prefs.get((user.pk, kind), Delivery.IMMEDIATE)

    def add(self, *, kind: str, seat=None, user=None, email: str | None = None, context: dict,
            version: int | None = None, force: bool = False) -> bool:
        """Adds a notice unless the recipient muted the game or turned this kind off; says if it did."""
        user = user or (seat.user if seat is not None else None)
        email = email or (user.email if user is not None else "")
        if not email:
            return False
        delivery = Delivery.IMMEDIATE
        if user is not None and not force:
            delivery = self.delivery(user, kind)
            if delivery == Delivery.NEVER:
                return False
        self.rows.append(Notification(
            kind=kind, user=user, email=email, game=self.game, seat=seat, delivery=delivery,
            version=self.game.version if (version is None and self.game is not None) else version,
            context=context))
        return True

    def save(self) -> list[Notification]:
        """Inserts the notices and hands the immediate ones to Celery when the transaction commits.

        Inside `games.hotpath.pipeline()` their pks are set only when that block ends."""
        if not self.rows:
            return []
        insert_rows(self.rows)
        immediate = [n for n in self.rows if n.delivery == Delivery.IMMEDIATE]
        if immediate:
            hand_over_on_commit(immediate)
        return self.rows


def hand_over_on_commit(rows: list[Notification]) -> None:
    """Queues notices for sending when the transaction commits, with one hand-off per commit
    however many changes the transaction holds (the sweep times out many games in one)."""
    connection = transaction.get_connection()
    pending = getattr(connection, "_trailpost_outbox", None)
    if pending is None:
        pending = connection._trailpost_outbox = []
    pending.extend(rows)
    # Every change registers a flush; the first to run after commit takes all the rows, the rest
    # find nothing. Rows of a rolled-back change ride along and are skipped: they have no pk, or
    # one no committed row has.
    transaction.on_commit(lambda: _flush(connection))


def _flush(connection) -> None:
    rows, connection._trailpost_outbox = getattr(connection, "_trailpost_outbox", None) or [], []
    ids = [n.pk for n in rows if n.pk is not None]
    if ids:
        if _handoff.in_request():
            _handoff.add(ids)
        else:
            hand_to_celery(ids)


class _HandOff:
    """Hands the notices committed while serving web requests to Celery after the response has
    gone, and coalesces them: one task per process every HANDOFF_SECONDS at most.

    Publishing a task costs about a millisecond of CPU (kombu builds a Redis pipeline per
    message); a web worker under load commits many changes a second. Waiting for the timer loses
    nothing: the rows are committed, and if the process dies first the minute sweep sends them.
    Work outside requests (Celery tasks, commands) hands its notices over at commit, as before.
    """

    def __init__(self):
        self._local = threading.local()
        self._reset()
        os.register_at_fork(after_in_child=self._reset)
        atexit.register(self.flush)

    def _reset(self):
        self._lock = threading.Lock()
        self._ids: list[int] = []
        self._timer = None

    def in_request(self) -> bool:
        """Whether this thread is serving a web request (and tasks are really queued, not eager)."""
        if not getattr(self._local, "serving", False):
            return False
        from .tasks import send_notifications

        return not send_notifications.app.conf.task_always_eager

    def request_started(self, **kwargs):
        self._local.serving = True

    def request_finished(self, **kwargs):
        self._local.serving = False
        with self._lock:
            if not self._ids or self._timer is not None:
                return
            delay = settings.TRAILPOST["HANDOFF_SECONDS"]
            if delay > 0:
                self._timer = threading.Timer(delay, self.flush)
                self._timer.daemon = True
                self._timer.start()
                return
        self.flush()

    def add(self, ids: list[int]) -> None:
        with self._lock:
            self._ids.extend(ids)

    def flush(self) -> None:
        with self._lock:
            ids, self._ids, self._timer = self._ids, [], None
        if ids:
            hand_to_celery(ids)


_handoff = _HandOff()


# -- the seams called by games.services -------------------------------------------------------------

_attached: contextvars.ContextVar = contextvars.ContextVar("trailpost_attached_notice", default=None)


@contextlib.contextmanager
def attach_notice(*, kind: str, seat, context: dict):
    """Adds one more notice (e.g. "your deadline passed") to the change made inside the block,
    written with that change's notices (one preference lookup, one insert)."""
    token = _attached.set({"kind": kind, "seat_id": seat.pk, "context": context})
    try:
        yield
    finally:
        _attached.reset(token)


# Event types that reach someone's inbox (the calamity's victim, the dead, everyone at the end).
NOTIFIED_EVENTS = frozenset({"calamity", "member_died", "player_out", "game_over"})


def record_game_change(*, game, move, events, newly_to_act, seats=None):
    """Writes the notices a move (or moderation) causes: calamities, deaths, players out, game over,
    and a menu for each seat that newly has a decision pending.

    A bug in here must not cost a player their move: anything but a database error is logged and
    the change goes through without its notices.
    """
    if (not newly_to_act and game.status != game.Status.FINISHED
            and not any(e.get("type") in NOTIFIED_EVENTS for e in events or ())):
        return  # nobody needs telling: the usual move within a turn writes nothing and reads nothing
    try:
        _record_game_change(game=game, move=move, events=events, newly_to_act=newly_to_act, seats=seats)
    except DatabaseError:
        raise  # the transaction is broken: the move cannot commit anyway
    except Exception:
        log.exception("notices for game %s version %s could not be written", game.pk, game.version)


def _record_game_change(*, game, move, events, newly_to_act, seats=None):
    if seats is None:
        seats = game.seats.select_related("user").only(*_SEAT_FIELDS)
    seats = {s.position: s for s in seats if s.position is not None}
    batch = _Batch(game, users=[s.user for s in seats.values() if s.user_id and not s.is_bot])
    names = {p: s.name for p, s in seats.items()}
    events = [named_event(e, names) for e in events or []]
    base = {"game": game_context(game)}
    to_act = set()
    if game.status == game.Status.ACTIVE and game.state is not None:
        to_act = set(game.engine.to_act(game.state))
    menu_sent: set[int] = set()

    def human(position):
        seat = seats.get(position)
        return seat if seat is not None and seat.user_id and not seat.is_bot else None

    for i, event in enumerate(events):
        etype = event.get("type")
        public = event.get("public") or {}
        if etype == "calamity":
            victim = public.get("victim")
            if victim is None and event.get("audience"):
                victim = event["audience"][0]
            seat = human(victim)
            if seat is None:
                continue
            effects = [_event_text(e, victim) for e in events[i + 1:]
                       if e.get("type") != "calamity"
                       and (e.get("seat") == victim or victim in (e.get("audience") or []))]
            ctx = dict(base, calamity=_humanize(public.get("calamity")) or "A calamity",
                       by=names.get(public.get("by", event.get("seat")), "Another player"),
                       text=_event_text(event, victim), effects=[t for t in effects if t])
            with_menu = victim in to_act and seat.status == seat.Status.PLAYING
            if with_menu:
                ctx["decision"] = decision_context(game, seat, names=names)
            if batch.add(kind=Kind.CALAMITY, seat=seat, context=ctx) and with_menu:
                menu_sent.add(victim)
        elif etype in ("member_died", "player_out"):
            audience = event.get("audience") or ([event["seat"]] if event.get("seat") is not None else [])
            for position in audience:
                seat = human(position)
                if seat is not None:
                    batch.add(kind=etype, seat=seat, context=dict(base, text=_event_text(event, position)))
        elif etype == "game_over":
            pass  # written once below, from the game's result
    over = next((e for e in events if e.get("type") == "game_over"), None)
    just_finished = game.status == game.Status.FINISHED and move is not None and move.kind in ("move", "resign")
    if over is not None or just_finished:
        result = game.result or {}
        winners = [names.get(w, f"Seat {w}") for w in result.get("winners", [])]
        ctx = dict(base, reason=result.get("reason") or (over or {}).get("public", {}).get("text", ""),
                   winners=winners, ranking=[names.get(p, f"Seat {p}") for p in result.get("ranking", [])],
                   seed=game.seed, seed_sha256=game.seed_sha256,
                   verify_url=settings.SITE_URL + f"/games/{game.pk}/verify/",
                   api_verify_url=settings.SITE_URL + f"/api/games/{game.pk}/verify/")
        for seat in seats.values():
            if seat.user_id and not seat.is_bot:
                batch.add(kind=Kind.GAME_OVER, seat=seat, context=ctx)

    mover = move.position if move is not None else None
    channel = move.channel if move is not None else None
    recent = [t for t in (_event_text(e, None) for e in events) if t]
    for seat in newly_to_act or []:
        if seat.is_bot or not seat.user_id or seat.position in menu_sent:
            continue
        if seat.position == mover and channel in _ATTENDED_CHANNELS:
            continue
        seat = seats.get(seat.position, seat)
        decision = decision_context(game, seat, names=names)
        if not decision["moves"]:
            continue
        kind = Kind.DECISION if _is_out_of_turn(game, seat.position) else Kind.YOUR_TURN
        personal = [t for t in (_event_text(e, seat.position) for e in events) if t] or recent
        batch.add(kind=kind, seat=seat, context=dict(base, decision=decision, events=personal[-8:]))
    extra = _attached.get()
    if extra is not None:
        _attached.set(None)  # once: only the change it was attached to
        seat = next((s for s in seats.values() if s.pk == extra["seat_id"]), None)
        if seat is not None and seat.user_id:
            batch.add(kind=extra["kind"], seat=seat, context=dict(base, **extra["context"]))
    batch.save()


def record_invitation(*, invitation):
    """Writes the invitation notice (to an address that may not have an account yet)."""
    game = invitation.game
    batch = _Batch(game)
    batch.add(kind=Kind.INVITATION, email=invitation.email, force=True, context={
        "game": game_context(game),
        "inviter": invitation.invited_by.public_name,
        "join_url": settings.SITE_URL + f"/join/{invitation.code}/",
    })
    batch.save()


def record_notice(*, kind: str, game=None, seat=None, user=None, email=None, context: dict,
                  force: bool = False) -> list[Notification]:
    """Writes one notice (reminders, timeouts, email replies) inside the caller's transaction."""
    batch = _Batch(game)
    ctx = {"game": game_context(game)} if game is not None else {}
    ctx.update(context)
    batch.add(kind=kind, seat=seat, user=user, email=email, context=ctx, force=force)
    return batch.save()


# -- sending --------------------------------------------------------------------------------------

def hand_to_celery(ids: list[int]) -> None:
    """Queues the sending of committed notices; if the broker is down the sweep sends them later."""
    from .tasks import send_notifications

    try:
        send_notifications.apply_async((ids,), retry=False)
    except Exception:
        broker_outage.failed(f"{len(ids)} notice(s)")


def _claim(ids, now) -> list[Notification]:
    """Claims unsent notices for this worker (one UPDATE); returns the rows it won."""
    lease = now - timedelta(seconds=settings.TRAILPOST["SEND_LEASE_SECONDS"])
    with transaction.atomic():
        won = list(Notification.objects.select_for_update(skip_locked=True)
                   .filter(pk__in=ids, sent_at__isnull=True)
                   .filter(Q(claimed_at__isnull=True) | Q(claimed_at__lt=lease))
                   .values_list("pk", flat=True))
        if won:
            Notification.objects.filter(pk__in=won).update(claimed_at=now)
    return list(Notification.objects.filter(pk__in=won).select_related("user").order_by("pk"))


def render_notification(notification: Notification, connection=None):
    """Returns the email for a notice."""
    ctx = dict(notification.context)
    game_id = (ctx.get("game") or {}).get("id") or notification.game_id
    ctx.update(base_context(user_id=notification.user_id, kind=notification.kind, game_id=game_id))
    if notification.user is not None:
        ctx.setdefault("recipient", notification.user.public_name)
    ctx["kind"] = notification.kind
    reply_to = (ctx.get("decision") or {}).get("reply_to")
    return render_email(template=notification.kind, to=notification.email, context=ctx, reply_to=reply_to,
                        connection=connection)


def _mark_sent(n: Notification) -> None:
    """Marks a sent notice, right after its email went: a worker killed mid-send leaves at most
    the one email it was sending unmarked, to go out again once its claim lapses.

    On PostgreSQL the commit does not wait for the disk (synchronous_commit off for this
    transaction only): a killed worker loses nothing by it, as the mark is in the database once
    the statement returns; only a crash of the database server itself within a fraction of a
    second could lose a few marks, and with them send those notices again.
    """
    with transaction.atomic():
        if transaction.get_connection().vendor == "postgresql":
            with transaction.get_connection().cursor() as cursor:
                cursor.execute("SET LOCAL synchronous_commit TO OFF")
        Notification.objects.filter(pk=n.pk).update(sent_at=timezone.now(), attempts=F("attempts") + 1,
                                                    last_error="")


def send_notifications(ids: list[int]) -> int:
    """Sends the given notices that nobody has sent or claimed; returns how many went out.

    Each is claimed first (one UPDATE for all), so no other worker or retry sends it while this
    one holds the claim, and marked sent as soon as its email has gone.
    """
    from django.core.mail import get_connection

    rows = _claim(ids, timezone.now())
    if not rows:
        return 0
    sent = 0
    hooks = _webhooks({n.user_id for n in rows if n.user_id})
    hooked: list[int] = []
    try:
        with get_connection() as connection:
            for n in rows:
                try:
                    render_notification(n, connection=connection).send()
                except Exception as exc:  # isolate each notice: one bad address must not block the rest
                    # A refusal by the mail server is expected now and then: one line. Anything
                    # else is a bug (a template, say): its traceback.
                    expected = isinstance(exc, (smtplib.SMTPException, OSError))
                    log.warning("sending notice %s failed: %s", n.pk, exc, exc_info=not expected)
                    # The claim stays: the sweep tries again when it lapses (SEND_LEASE_SECONDS), a
                    # back-off that rides out a mail server outage without hammering it.
                    Notification.objects.filter(pk=n.pk).update(attempts=n.attempts + 1,
                                                                last_error=str(exc)[:2000])
                    continue
                _mark_sent(n)
                sent += 1
                if n.user_id in hooks:
                    hooked.append(n.pk)
    finally:
        _hand_webhooks(hooked)
    return sent


def send_unsent(*, limit: int | None = None) -> int:
    """Sends immediate notices still unsent (the broker was down, or a worker died); returns the count."""
    limit = limit or settings.TRAILPOST["SWEEP_BATCH"]
    lease = timezone.now() - timedelta(seconds=settings.TRAILPOST["SEND_LEASE_SECONDS"])
    total = 0
    while True:
        ids = list(Notification.objects.filter(sent_at__isnull=True, delivery=Delivery.IMMEDIATE)
                   .filter(Q(claimed_at__isnull=True) | Q(claimed_at__lt=lease))
                   .filter(attempts__lt=MAX_ATTEMPTS)
                   .order_by("created_at").values_list("pk", flat=True)[:limit])
        if not ids:
            return total
        sent = send_notifications(ids)
        total += sent
        if sent == 0:
            return total


def send_digests(*, now=None) -> int:
    """Sends each user one email with their unsent digest notices; returns how many emails."""
    now = now or timezone.now()
    users = (Notification.objects.filter(sent_at__isnull=True, delivery=Delivery.DIGEST, created_at__lte=now)
             .values_list("user_id", flat=True).distinct())
    emails = 0
    for user_id in list(users):
        with transaction.atomic():
            rows = list(Notification.objects.select_for_update(skip_locked=True, of=("self",))
                        .filter(user_id=user_id, sent_at__isnull=True, delivery=Delivery.DIGEST,
                                created_at__lte=now).select_related("user", "game").order_by("created_at"))
            if not rows:
                continue
            user = rows[0].user
            items = []
            for n in rows:
                game = n.context.get("game") or {}
                items.append({"kind": n.get_kind_display(), "game": game.get("title", ""),
                              "game_url": settings.SITE_URL + f"/games/{game['id']}/" if game.get("id") else "",
                              "text": digest_line(n)})
            ctx = base_context(user_id=user_id, kind=Kind.DIGEST, game_id=None)
            ctx.update(items=items, recipient=user.public_name, count=len(items))
            render_email(template="digest", to=user.email, context=ctx).send()
            Notification.objects.filter(pk__in=[n.pk for n in rows]).update(sent_at=timezone.now())
            emails += 1
    return emails


def digest_line(n: Notification) -> str:
    c = n.context
    if n.kind == Kind.CALAMITY:
        return f"{c.get('calamity')}: {c.get('text', '')}"
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
    return dict(NotificationSettings.objects.filter(user_id__in=user_ids).exclude(webhook_url="")
                .values_list("user_id", "webhook_url"))


def webhook_payload(n: Notification) -> dict:
    """Returns the JSON a chat webhook receives: `content` for Discord, `text` for Slack."""
    message = render_notification(n)
    url = settings.SITE_URL + f"/games/{n.game_id}/" if n.game_id else settings.SITE_URL
    text = f"{message.subject}\n{url}"
    return {"content": text[:1900], "text": text, "kind": n.kind, "game": n.game_id}


def _hand_webhooks(ids: list[int]) -> None:
    """Queues a webhook post per sent notice whose player has a webhook. They go in tasks of their
    own, after the emails: a slow or unreachable chat server holds up no one's email, and a failed
    post is tried again later (tasks.post_webhook). With the broker down they are posted now, once."""
    if not ids:
        return
    from kombu.exceptions import OperationalError

    from .tasks import post_webhook as task

    for pk in ids:
        try:
            task.apply_async((pk,), retry=False)
        except OperationalError:  # posted now, once, instead
            broker_outage.failed(f"the webhook of notice {pk} (posted now, without retries)")
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
    from . import webhooks

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
