"""The transactional outbox: notices written in the same transaction as the change behind them.

The notices of a game's changes come from its announcements (games.events): this app listens
(NotificationsConfig.ready) and answers each with the notices it causes, which the change writes
with its own rows. What a notice says follows the change generically: a menu for each seat that
newly has a decision to make; a notice at once for each seat an event names as hit (its
`audience`), unless that seat made the move itself while looking at the game; the result to
everyone when the game ends; the missed deadline to whoever missed it; a moderator's act (a pause,
a resume, an abort, a seat replaced, a player kicked) and its reason to the players and to whoever
lost the seat. Other notices (reminders, answers to emailed moves) are written here by `record_notice`.

A change's notices are written while it holds the game's row lock, so they carry only what must
commit with it: who is told, of what kind, how, at which version, the move's own sentences and the
decision's deadline. What the email shows of the game (the table, the menu, what a hit does, the
moves since the player's last) is drawn when it goes (`complete`), from the game as that version
left it, and kept in the notice.

Once the transaction commits, the immediate notices are handed to Celery in one task
(notifications.handoff, with `transaction.on_commit`); `notifications.delivery` sends them, each
claimed first so none goes twice.
"""

from __future__ import annotations

import copy
import logging
from datetime import UTC, timedelta

from django.conf import settings
from django.db.models import Q, Subquery, Value
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils import timezone

from accounts import timezones
from games import events
from games.clock.bank import duration_text, is_bank, seat_bank_left
from games.models import Game, Move, Seat
from games.selectors import (
    game_names,
    legal_actions,
    legal_moves,
    named_event,
    named_result,
    seat_names,
    state_as_of,
    with_names,
)

from .emails import site_url
from .handoff import send_after_commit
from .models import DEFAULT_DELIVERY, TUNABLE_KINDS, Delivery, GameMute, Kind, KindPreference, Notification
from .tokens import back_token, reply_address

log = logging.getLogger(__name__)

MUTED = "-muted-"

# Moves from these channels were made by a player looking at the game (or answered by reply mail):
# they need no email for the decision that follows, or for what their own move did to them.
ATTENDED_CHANNELS = {"web", "api", "email"}


# -- what a notice says ---------------------------------------------------------------------------


def game_context(game) -> dict:
    return {"id": game.pk, "title": str(game), "rules_title": _engine_title(game)}


def _engine_title(game) -> str:
    try:
        return game.engine.title
    except Exception:  # an engine being rewritten must not stop mail
        return game.rules


def format_when(dt, tz: str | None) -> str:
    """The moment in the reader's IANA zone: "Tue 24 Nov 2026, 19:30 CET (Europe/Berlin)"; UTC for
    no zone or one zoneinfo does not know ("Tue 24 Nov 2026, 18:30 UTC")."""
    if not dt:
        return ""
    name = timezones.or_default(tz)
    if name == timezones.DEFAULT:
        return dt.astimezone(UTC).strftime("%a %d %b %Y, %H:%M UTC")
    return f"{dt.astimezone(timezones.zone(name)).strftime('%a %d %b %Y, %H:%M %Z')} ({name})"


def bank_sentence(game, seat) -> str:
    """On a time-bank game, what the seat has left: "You have 3 days, 4 hours left in your time
    bank; each move adds 1 day, up to 7 days." ("" on a per-move game)."""
    if not is_bank(game) or seat.is_bot:
        return ""
    left = seat_bank_left(seat, game, timezone.now())
    return (
        f"You have {duration_text(left)} left in your time bank; each move adds "
        f"{duration_text(game.increment_hours * 3600)}, up to {duration_text(game.cap_hours * 3600)}."
    )


def decision_context(game, seat, *, version: int | None = None, names: dict | None = None) -> dict:
    """Returns what a seat needs to decide from an email: what it sees of the table (the engine's
    table_text, with names), the numbered menu of its legal moves, its deadline in the reader's
    time zone and the reply-to address."""
    names = seat_names(game) if names is None else names
    return {**decision_terms(game, seat, version=version), **decision_menu(game, seat, names=names)}


def decision_terms(game, seat, *, version: int | None = None) -> dict:
    """Returns what a decision's email says of it as the change that asked for it set it: the
    deadline (in the reader's time zone), the time bank left, the version it is for, and the
    address a reply plays it at (decision_menu takes it away if there is nothing to play)."""
    version = game.version if version is None else version
    return {
        "deadline": seat.deadline_at.isoformat() if seat.deadline_at else None,
        "deadline_text": format_when(seat.deadline_at, seat.user.time_zone if seat.user_id else None),
        "bank_text": bank_sentence(game, seat),
        "version": version,
        "reply_to": reply_address(seat_id=seat.pk, game_id=game.pk, version=version),
    }


def decision_menu(game, seat, *, names: dict) -> dict:
    """Returns the game's part of a decision's email, drawn from its state: the table as the seat
    sees it, the numbered menu (and reply grid) of its legal moves, and no reply-to address when
    there are none."""
    legal = legal_moves(game, seat, names=names)
    engine = game.engine
    grid = engine.reply_grid(game.state, seat.position) if legal else None
    coded = [c.get("action") for row in grid["rows"] for c in row["cells"] if c.get("code")] if grid else []
    # a move a grid's code plays is left out of the numbered menu (its number still plays it)
    moves = [{"index": m["index"], "label": m["label"], "coded": m["action"] in coded} for m in legal]
    kind = engine.decision_kind(game.state, seat.position) if moves else None
    label = engine.decision_kinds.get(kind, {}).get("label", "") if kind else ""
    return {
        "table": [with_names(line, names) for line in engine.table_text(game.state, seat.position)] if moves else [],
        "moves": moves,
        "menu": [m for m in moves if not m["coded"]],
        "grid": reply_grid_context(grid, names) if grid else None,
        "decision_label": label,
        **({} if moves else {"reply_to": None}),
    }


def reply_grid_context(grid: dict, names: dict) -> dict:
    """Returns an engine's reply grid (Engine.reply_grid) as an email shows it: the cells without
    their actions, and the text part's lines, aligned in columns (a code shown as "[B7]")."""
    rows = [
        {"label": row["label"], "cells": [{"text": c.get("text", ""), "code": c.get("code")} for c in row["cells"]]}
        for row in grid["rows"]
    ]
    shown = [[row["label"]] + [f"[{c['code']}]" if c["code"] else c["text"] for c in row["cells"]] for row in rows]
    head = ["", *grid["columns"]]
    widths = [max(len(line[i]) for line in [head, *shown]) for i in range(len(head))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(line, widths)).rstrip() for line in [head, *shown]]
    return {
        "title": with_names(grid["title"], names),
        "columns": grid["columns"],
        "rows": rows,
        "lines": lines,
        "how": with_names(grid.get("how", ""), names),
    }


def event_text(event: dict, position: int | None) -> str:
    """Returns the event's sentence, with the recipient's private detail when there is one."""
    text = (event.get("public") or {}).get("text") or ""
    mine = (event.get("private") or {}).get(str(position)) if position is not None else None
    if isinstance(mine, dict) and mine.get("text"):
        text = f"{text} ({mine['text']})" if text else mine["text"]
    return text


def _is_out_of_turn(game, position: int) -> bool:
    """Whether the seat's pending decision is out of turn (the engine says whose turn it is)."""
    engine = game.engine
    if engine.decision_kind(game.state, position):
        return True
    turn = engine.turn_seat(game.state)
    return turn is not None and turn != position


# -- preferences ----------------------------------------------------------------------------------


class Batch:
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
            mutes = (
                GameMute.objects.filter(game=self.game, user_id__in=ids)
                .annotate(k=Value(MUTED), d=Value(MUTED))
                .values_list("user_id", "k", "d")
            )
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
            return _grace_or_now(DEFAULT_DELIVERY.get(kind, Delivery.IMMEDIATE))
        self._load(user)
        if user.pk in self._muted:
            return Delivery.NEVER
        if kind not in TUNABLE_KINDS:
            return Delivery.IMMEDIATE
        return _grace_or_now(self._prefs.get((user.pk, kind)) or DEFAULT_DELIVERY.get(kind, Delivery.IMMEDIATE))

    def add(
        self,
        *,
        kind: str,
        seat=None,
        user=None,
        email: str | None = None,
        context: dict,
        version: int | None = None,
        force: bool = False,
        present: bool = False,
    ) -> bool:
        """Adds a notice unless the recipient muted the game or turned this kind off; says if it did.
        A notice that would go at once waits out the grace window instead when its player is
        `present` (has the game open): they see it there, and get no email."""
        user = user or (seat.user if seat is not None else None)
        email = email or (user.email if user is not None else "")
        if not email:
            return False
        delivery = Delivery.IMMEDIATE
        if user is not None and not force:
            delivery = self.delivery(user, kind)
            if delivery == Delivery.NEVER:
                return False
            if present and delivery == Delivery.IMMEDIATE:
                delivery = _grace_or_now(Delivery.GRACE)
        self.rows.append(
            Notification(
                kind=kind,
                user=user,
                email=email,
                game=self.game,
                seat=seat,
                delivery=delivery,
                version=self.game.version if (version is None and self.game is not None) else version,
                context=context,
            )
        )
        return True

    def done(self) -> list[Notification]:
        """Returns the notices, their immediate ones to be handed to Celery once the transaction
        commits; the caller writes them in that transaction (a listener of games.events returns
        them to the change, which writes them)."""
        # Notices that wait out a grace window are handed over too: their task puts them off
        # until they are due (notifications.tasks.send_notifications).
        now = [n for n in self.rows if n.delivery in (Delivery.IMMEDIATE, Delivery.GRACE)]
        if now:
            send_after_commit(now)
        return self.rows

    def save(self) -> list[Notification]:
        """Writes the notices now (a notice of this app's own: a reminder, an answer to a reply)."""
        if self.rows:
            Notification.objects.bulk_create(self.rows)
        return self.done()  # outside a transaction they are handed over at once: written first


def is_present(seat, now=None) -> bool:
    """Whether the seat's player has the game open now: its page's polls (every few seconds) or an
    API client's polls of it wrote the seat's `seen_at` (games.services.seat_seen, at most once
    every PRESENCE_SECONDS) within about two of those periods."""
    if seat is None or seat.seen_at is None:
        return False
    now = now or timezone.now()
    return seat.seen_at >= now - timedelta(seconds=2 * settings.TRAILPOST["PRESENCE_SECONDS"])


def _grace_or_now(delivery: str) -> str:
    """A grace window of 0 seconds is no window: such notices go at once."""
    if delivery == Delivery.GRACE and settings.TRAILPOST["GRACE_SECONDS"] <= 0:
        return Delivery.IMMEDIATE
    return delivery


# -- the listeners of games.events ---------------------------------------------------------------


def on_game_changed(change: events.GameChanged) -> list[Notification]:
    """The notices a change causes: a notice for each seat an event hits, the result when the game
    ends, and a menu for each seat that newly has a decision pending."""
    game, move = change.game, change.move
    mover = move.position if move is not None else None
    attended = move is not None and move.channel in ATTENDED_CHANNELS
    hit = {p for e in change.events for p in (e.get("audience") or ()) if not (p == mover and attended)}
    finished = game.status == Game.Status.FINISHED and move is not None and move.kind in ("move", "resign")
    if not change.deciding and not finished and not hit:
        return []  # nobody needs telling: the usual move within a turn writes nothing and reads nothing
    seats = {s.position: s for s in change.seats if s.position is not None}
    batch = Batch(game, users=[s.user for s in seats.values() if s.user_id and not s.is_bot])
    names = {p: s.name for p, s in seats.items()}
    evs = [named_event(e, names) for e in change.events or []]
    base = {"game": game_context(game)}
    to_act = set(game.engine.to_act(game.state)) if game.status == Game.Status.ACTIVE else set()
    menu_sent: set[int] = set()

    def human(position):
        seat = seats.get(position)
        return seat if seat is not None and seat.user_id and not seat.is_bot else None

    if finished:
        result = game.result or {}
        ctx = dict(
            base,
            reason=(named_result(result, names) or {}).get("reason", ""),
            winners=[names.get(w, f"Seat {w}") for w in result.get("winners", [])],
            ranking=[names.get(p, f"Seat {p}") for p in result.get("ranking", [])],
            events=[t for t in (event_text(e, None) for e in evs) if t][-8:],
            seed=game.seed,
            seed_sha256=game.seed_sha256,
            verify_url=settings.SITE_URL + f"/games/{game.pk}/verify/",
            api_verify_url=settings.SITE_URL + f"/api/games/{game.pk}/verify/",
        )
        for seat in seats.values():
            if human(seat.position):
                batch.add(kind=Kind.GAME_OVER, seat=seat, context=ctx)
        return batch.done()

    for position in sorted(hit):
        seat = human(position)
        if seat is None:
            continue
        mine = [i for i, e in enumerate(evs) if position in (e.get("audience") or ())]
        first = evs[mine[0]]
        effects = [
            event_text(e, position)
            for e in evs[mine[0] + 1 :]
            if e.get("seat") == position or position in (e.get("audience") or ())
        ]
        by = first.get("seat")
        raw = change.events[mine[0]]
        try:  # whether the hit is news of its own: the engine's word, on the raw event
            matters = game.engine.hit_matters(game.state, raw, position)
        except Exception:  # an engine's judgement must not undo the move that wrote this notice
            log.exception("hit_matters failed in game %s for position %s", game.pk, position)
            matters = True
        if not matters:  # no news of its own: the player's next email lists it with what happened
            continue
        with_menu = position in to_act and seat.status == seat.Status.PLAYING
        # What it does to them and what mends it (the engine's words), and, when they decide now,
        # the menu, or else what it did to their table: drawn when the email goes (complete).
        later = {"version": game.version, "names": names, "hit": raw, "menu": with_menu}
        later["table"] = not with_menu and game.status == Game.Status.ACTIVE
        ctx = dict(
            base,
            by=names.get(by, "") if by is not None and by != position else "",
            text=event_text(first, position),
            effects=[t for t in effects if t],
            **{LATER: later},
        )
        if with_menu:
            ctx["decision"] = decision_terms(game, seat)
        if batch.add(kind=Kind.HIT, seat=seat, context=ctx, present=is_present(seat)) and with_menu:
            menu_sent.add(position)

    recent = [t for t in (event_text(e, None) for e in evs) if t]
    for seat in change.deciding:
        if seat.is_bot or not seat.user_id or seat.position in menu_sent:
            continue
        if seat.position == mover and attended:
            continue
        seat = seats.get(seat.position, seat)
        if not legal_actions(game, seat):
            continue
        kind = Kind.DECISION if _is_out_of_turn(game, seat.position) else Kind.YOUR_TURN
        # The table, the menu and what happened since the seat's own last move are drawn when
        # the email goes (complete); this change's own sentences are told here.
        later = {
            "version": game.version,
            "names": names,
            "menu": True,
            "since_before": move.seq if move is not None else game.version + 1,
            "told": [t for t in (event_text(e, seat.position) for e in evs) if t],
            "recent": recent,
        }
        batch.add(kind=kind, seat=seat, context=dict(base, decision=decision_terms(game, seat), **{LATER: later}))
    return batch.done()


# The most events a "your turn" email lists of what happened since the player's last move.
SINCE_MOST = 30

# The key of a notice's context that says what its email shows of the game that is drawn only when
# it goes (`complete`): a change writes its notices under the game's row lock, and what they say
# of the table, the menu, a hit's meaning and the player's history needs none of it.
LATER = "later"


def complete(notices) -> None:
    """Draws, in place, what the notices' emails show of their game as the change behind each left
    it (its version): the table as the seat saw it, the menu of its legal moves, what a hit does to
    it, what happened since its own last move. Each completed context is kept, so the email reads
    the same however often it is rendered (a retry, the webhook)."""
    pending = [n for n in notices if LATER in (n.context or {})]
    if not pending:
        return
    games = Game.objects.in_bulk({n.game_id for n in pending})
    seats = Seat.objects.select_related("user").in_bulk({n.seat_id for n in pending})
    then: dict = {}  # (game id, version): the game as it was, when it has moved on since
    for n in pending:
        context = dict(n.context)
        later = context.pop(LATER)
        game, seat = games.get(n.game_id), seats.get(n.seat_id)
        if game is not None and seat is not None:
            game, seat = _as_of(game, seat, later["version"], then)
            context.update(_drawn(game, seat, later, context))
        n.context = context
        Notification.objects.filter(pk=n.pk).update(context=context)


def _as_of(game, seat, version: int, then: dict):
    """Returns the game and seat as they were at `version`: as they are, unless the game has moved
    on since (its state replayed to then; the seat was playing, in a game in play, when asked)."""
    if game.version == version:
        return game, seat
    if (game.pk, version) not in then:
        past = copy.copy(game)
        past.state, past.version, past.status = state_as_of(game, version), version, Game.Status.ACTIVE
        then[game.pk, version] = past
    seat = copy.copy(seat)
    seat.status = Seat.Status.PLAYING
    return then[game.pk, version], seat


def _drawn(game, seat, later: dict, context: dict) -> dict:
    """Returns the parts of a notice's context that `later` asks for, drawn from the game."""
    names = {int(position): name for position, name in later["names"].items()}
    position = seat.position
    out = {}
    if later.get("menu"):
        out["decision"] = {**context["decision"], **decision_menu(game, seat, names=names)}
    if later.get("table"):
        out["table"] = [with_names(line, names) for line in game.engine.table_text(game.state, position)]
    if "hit" in later:
        try:  # what the hit does to them, what mends it, by when: the engine's words, on the raw event
            explain = game.engine.explain_hit(game.state, later["hit"], position)
        except Exception:  # an engine's explanation must not stop the email
            log.exception("explain_hit failed in game %s for position %s", game.pk, position)
            explain = []
        out["explain"] = [with_names(line, names) for line in explain]
    if "told" in later:
        earlier = _named_since_last_move(game, position, later["since_before"], later["version"], names)
        told = [t for t in (event_text(e, position) for e in earlier) if t] + later["told"]
        out["events"] = (told or later["recent"])[-SINCE_MOST:]
    return out


def _since_last_move(game, position: int, before: int, version: int) -> list[tuple[int, list[dict]]]:
    """Returns the moves logged since the seat's own last move and before the move `before` (one
    query), oldest first, as (seq, events): what the player has not seen since they last acted,
    as the log stood at `version` (a move undone since still counts)."""
    log = Move.objects.filter(game_id=game.pk, seq__lt=before).filter(
        Q(undone_by__isnull=True) | Q(undone_by__gt=version)
    )
    own = log.filter(position=position, kind=Move.Kind.MOVE).order_by("-seq").values("seq")[:1]
    rows = (
        log.filter(seq__gt=Coalesce(Subquery(own), Value(0))).order_by("-seq").values_list("seq", "events")[:SINCE_MOST]
    )
    return list(reversed(list(rows)))


def _named_since_last_move(game, position: int, before: int, version: int, names: dict) -> list[dict]:
    """Returns the events since the seat's own last move, before the move `before`
    (`_since_last_move`), each naming the players as of its own move (games.selectors.Names: a seat
    replaced since, or a name changed, does not rewrite them). `names` are the seats' names at
    `version`."""
    rows = _since_last_move(game, position, before, version)
    if not rows:
        return []
    history = game_names(game, current=names)
    return [named_event(e, history.at(seq)) for seq, events_ in rows for e in events_ or ()]


def decision_notice(game, seat) -> dict | None:
    """Returns a decision notice's context as the game stands now (the table, the menu and
    everything since the seat's own last move), or None when the seat has nothing to decide:
    what a notice that waited out its grace window says when it finally goes."""
    names = seat_names(game)
    decision = decision_context(game, seat, names=names)
    if not decision["moves"]:
        return None
    earlier = _named_since_last_move(game, seat.position, game.version + 1, game.version, names)
    told = (event_text(e, seat.position) for e in earlier)
    return {"game": game_context(game), "decision": decision, "events": [t for t in told if t][-SINCE_MOST:]}


def on_deadline_missed(missed: events.DeadlineMissed) -> list[Notification]:
    """Tells a player the clock played for them, and what became of their seat if they keep missing."""
    game, seat = missed.game, missed.seat
    if not seat.user_id:
        return []
    batch = Batch(game, users=[seat.user])
    batch.add(
        kind=Kind.TIMEOUT,
        seat=seat,
        context={
            "game": game_context(game),
            "played": missed.played,
            "misses": missed.misses,
            "miss_limit": game.miss_limit,
            "on_missed": game.on_missed,
            "replaced": missed.replaced,
            "seat": seat.pk,
        },
    )
    return batch.done()


# What a moderator's act says to the players (`others`), to whoever lost the seat (`former`) and to
# whoever was given it (`given`): {old} is the seat's name before, {new} after, {title} the game's.
MODERATION_TEXTS = {
    "pause": {
        "headline": "paused by a moderator",
        "others": "A moderator paused {title}: no moves can be made, and deadlines stop, until it is resumed.",
    },
    "resume": {
        "headline": "resumed by a moderator",
        "others": "A moderator resumed {title}: play goes on, and whoever is to move has a fresh deadline.",
    },
    "abort": {
        "headline": "aborted by a moderator",
        "others": "A moderator aborted {title}: the game is over, with no result, and no more moves can be made.",
    },
    "replace": {
        "headline": "{old} replaced by {new}",
        "others": "A moderator replaced {old} with {new} in {title}.",
        "former": "A moderator gave your seat in {title} to {new}. You can still watch the game.",
        "former_headline": "your seat was given to {new}",
        "given": "A moderator gave you the seat {old} had in {title}.",
        "given_headline": "you now play the seat {old} had",
    },
    "kick": {
        "headline": "{old} was kicked",
        "others": "A moderator kicked {old} out of {title}.",
        "others_bot": "A moderator kicked {old} out of {title}: {new} plays the seat now.",
        "former": "A moderator kicked you out of {title}. You can still watch the game.",
        "former_headline": "you were kicked",
    },
}


def on_moderated(message: events.Moderated) -> list[Notification]:
    """Tells every player of the game (bots aside), and whoever lost a seat to the act, what a
    moderator did and why: a pause, a resume, an abort, a seat replaced, a player kicked."""
    texts = MODERATION_TEXTS.get(message.action)
    if texts is None:
        return []
    game, seat, former = message.game, message.seat, message.former
    readers: dict[int, tuple] = {}  # user id -> (user, their seat or None)
    for s in message.seats:
        if s.user_id and not s.is_bot:
            readers.setdefault(s.user_id, (s.user, s))
    if former is not None:
        readers.setdefault(former.pk, (former, None))
    if not readers:
        return []
    words = {"title": str(game), "old": message.former_name, "new": seat.name if seat is not None else ""}
    batch = Batch(game, users=[user for user, _ in readers.values()])
    for user_id, (user, own) in readers.items():
        if former is not None and user_id == former.pk:
            role = "former"
        elif seat is not None and own is not None and own.pk == seat.pk and message.action == "replace":
            role = "given"
        else:
            role = "others_bot" if message.action == "kick" and seat is not None and seat.is_bot else "others"
        text = texts.get(role) or texts["others"]
        headline = texts.get(f"{role}_headline") or texts["headline"]
        batch.add(
            kind=Kind.MODERATION,
            seat=own,
            user=user,
            context={
                "game": game_context(game),
                "action": message.action,
                "headline": headline.format(**words),
                "text": text.format(**words),
                "reason": message.reason,
                "seq": message.move.seq if message.move is not None else None,
            },
        )
    return batch.done()


def _days(n: int) -> str:
    return "none" if n == 0 else str(n)


def on_away_day(message: events.AwayDay) -> list[Notification]:
    """A vacation day was spent for a player whose deadline passed (games.clock.away): everyone
    at the tables whose deadlines moved is told ("Olga is away: one vacation day used, 4 left"),
    and the player, once, with the "I'm back" link."""
    away = message.user
    name = away.public_name
    rows: list[Notification] = []
    games = (
        Game.objects.filter(pk__in=set(message.game_ids) | {message.game.pk})
        .order_by("pk")
        .prefetch_related("seats__user")
    )
    for game in games:
        batch = Batch(game, users=[s.user for s in game.seats.all() if s.user_id])
        for seat in game.seats.all():
            if not seat.user_id or seat.is_bot or seat.user_id == away.pk or seat.status != "playing":
                continue
            batch.add(
                kind=Kind.AWAY,
                seat=seat,
                context={
                    "game": game_context(game),
                    "text": f"{name} is away: one vacation day used, {_days(message.left)} left. "
                    f"{name}'s deadline in {game} moves 24 hours later.",
                },
            )
        rows += batch.done()
    batch = Batch(message.game, users=[away])
    token = back_token(user_id=away.pk, vacation_id=message.vacation.pk)
    batch.add(
        kind=Kind.AWAY,
        user=away,
        force=True,
        context={
            "game": game_context(message.game),
            "text": f"Your deadline in {message.game} passed, so one of your vacation days was used "
            f"({_days(message.left)} left this year): your deadlines in all your games moved 24 hours later.",
            "back_url": site_url(reverse("notifications:back", args=[token])),
        },
    )
    return rows + batch.done()


def on_invitation_sent(message: events.InvitationSent) -> list[Notification]:
    """The invitation notice (to an address that may not have an account yet)."""
    invitation = message.invitation
    game = invitation.game
    batch = Batch(game)
    batch.add(
        kind=Kind.INVITATION,
        email=invitation.email,
        force=True,
        context={
            "game": game_context(game),
            "inviter": invitation.invited_by.public_name,
            "join_url": settings.SITE_URL + f"/join/{invitation.code}/",
        },
    )
    return batch.done()


def record_notice(
    *, kind: str, game=None, seat=None, user=None, email=None, context: dict, force: bool = False
) -> list[Notification]:
    """Writes one notice (reminders, answers to emailed moves) inside the caller's transaction."""
    batch = Batch(game)
    ctx = {"game": game_context(game)} if game is not None else {}
    ctx.update(context)
    batch.add(kind=kind, seat=seat, user=user, email=email, context=ctx, force=force)
    return batch.save()
