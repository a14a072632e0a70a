"""Deadlines for pending decisions: vacation-aware deadlines, reminders, timeouts and the sweep.

The minute sweep reads only due rows through the index on Seat.deadline_at and takes the due
games' row locks with SKIP LOCKED, one short transaction per chunk of games, so its cost follows
what is due rather than how many games exist, and two sweeps (or a sweep and a player) never act
on the same game at once. Bot seats and decisions covered by a standing order get a short
deadline, so a bot or standing-order task lost while the broker was down is picked up by the
same sweep.
"""
from __future__ import annotations

import contextlib
import contextvars
import logging
from datetime import datetime, time, timedelta
from datetime import timezone as dt_timezone

from django.conf import settings
from django.db import transaction
from django.utils import timezone

log = logging.getLogger(__name__)


# -- vacations ------------------------------------------------------------------------------------

def _day_start(day) -> datetime:
    return datetime.combine(day, time.min, tzinfo=dt_timezone.utc)


# The sweep reads the vacations of a whole chunk's players at once ({user_id: [(start, end)]}).
_vacation_cache: contextvars.ContextVar = contextvars.ContextVar("trailpost_vacations", default=None)


def vacation_intervals(user_id, *, since) -> list[tuple[datetime, datetime]]:
    """Returns the user's vacations ending after `since` as merged [start, end) UTC intervals."""
    from .models import Vacation

    if not user_id:
        return []
    cache = _vacation_cache.get()
    if cache is not None and user_id in cache:
        rows = [v for v in cache[user_id] if v[1] >= since.date()]
    else:
        rows = Vacation.objects.filter(user_id=user_id, ends_on__gte=since.date()).order_by(
            "starts_on").values_list("starts_on", "ends_on")
    merged: list[list[datetime]] = []
    for v in rows:
        a, b = _day_start(v[0]), _day_start(v[1]) + timedelta(days=1)
        if merged and a <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    return [(a, b) for a, b in merged if b > since]


def paused_deadline(start, span: timedelta, intervals) -> datetime:
    """Returns start + span where time inside the vacation intervals does not count."""
    deadline = start + span
    for a, b in intervals:
        if b <= start:
            continue
        if a >= deadline:
            break
        deadline += b - max(a, start)
    return deadline


def on_vacation(user_id, now) -> bool:
    from .models import Vacation

    return bool(user_id) and Vacation.objects.filter(user_id=user_id, starts_on__lte=now.date(),
                                                     ends_on__gte=now.date()).exists()


def _short_deadline(now):
    return now + timedelta(seconds=settings.TRAILPOST["BOT_STUCK_AFTER_SECONDS"])


def deadline_for(*, seat, game, now):
    """Returns when a decision that arises now for this seat falls due.

    A player's deadline is the game's turn time with their vacation days not counted. A bot's
    decision, and one a standing order answers, get a short deadline: their task normally plays
    them at once, and if it was lost the sweep does when that passes.
    """
    if seat.is_bot:
        return _short_deadline(now)
    from .standing import covered_action

    if covered_action(game, seat) is not None:
        return _short_deadline(now)
    span = timedelta(hours=game.turn_hours)
    return paused_deadline(now, span, _seat_vacations(seat, now))


def _seat_vacations(seat, now) -> list[tuple[datetime, datetime]]:
    """The seat's player's vacations ahead; no query when the loaded user says there are none."""
    from games.models import Seat

    if seat.user_id and Seat.user.is_cached(seat):
        until = seat.user.vacation_until
        if until is None or until < now.date():
            return []
    return vacation_intervals(seat.user_id, since=now)


def _paused_within(now, deadline, intervals) -> timedelta:
    """Returns how much of [now, deadline) the vacation intervals cover."""
    covered = timedelta(0)
    for a, b in intervals:
        lo, hi = max(a, now), min(b, deadline)
        if hi > lo:
            covered += hi - lo
    return covered


def vacations_changed(*, user, before) -> int:
    """Moves the user's pending deadlines after their vacations changed; returns how many moved.

    `before` is the user's vacation intervals (vacation_intervals) before the change. The turn
    time the player still has is what lay between now and the deadline outside the old
    vacations; the new deadline gives them exactly that much outside the new ones. So a new
    vacation pushes deadlines out, and removing one pulls them back in.
    """
    from games.models import Game, Seat

    changed = 0
    now = timezone.now()
    after = vacation_intervals(user.pk, since=now)
    for seat in Seat.objects.filter(user=user, deadline_at__isnull=False, status=Seat.Status.PLAYING,
                                    is_bot=False, game__status=Game.Status.ACTIVE):
        left = max(seat.deadline_at - now - _paused_within(now, seat.deadline_at, before), timedelta(0))
        new = paused_deadline(now, left, after)
        if new != seat.deadline_at:
            Seat.objects.filter(pk=seat.pk, deadline_at=seat.deadline_at).update(
                deadline_at=new, reminder_sent_for=None)
            changed += 1
    return changed


# -- the sweep ------------------------------------------------------------------------------------

def sweep(now=None, *, fan_out: bool = False) -> dict:
    """Runs everything the minute sweep does; returns counts (for logs and the benchmark).

    With fan_out, a large set of due games is split into tasks for the workers instead of being
    handled here one by one.
    """
    from .outbox import send_unsent

    now = now or timezone.now()
    stats = {"reminders": send_reminders(now)}
    if fan_out:
        stats.update(fan_out_due(now))
    else:
        stats.update(handle_due(now))
    stats["sent"] = send_unsent()
    return stats


def _locked_game(game_id):
    """Returns the game under its row lock, or None if another transaction holds it (skip it)."""
    from games.models import Game

    return Game.objects.select_for_update(skip_locked=True).filter(pk=game_id).first()


def due_game_ids(now, *, exclude=(), limit: int) -> list[int]:
    """Returns the games with a passed deadline, oldest first (an index range scan on deadline_at)."""
    from games.models import Seat

    qs = Seat.objects.filter(deadline_at__lte=now)
    if exclude:
        qs = qs.exclude(game_id__in=list(exclude))
    return list(dict.fromkeys(qs.order_by("deadline_at").values_list("game_id", flat=True)[:limit]))


def handle_due(now, *, batch: int | None = None) -> dict:
    """Handles every seat whose deadline has passed: bot and standing-order seats are played,
    a player on vacation gets their deadline pushed, anyone else times out."""
    batch = batch or settings.TRAILPOST["SWEEP_BATCH"]
    stats = {"timeouts": 0, "bots": 0, "standing": 0, "paused": 0, "skipped": 0}
    handled: set[int] = set()  # each game once per sweep: a game that stays due waits for the next
    while True:
        due = due_game_ids(now, exclude=handled, limit=batch)
        if not due:
            return stats
        handled.update(due)
        _add(stats, handle_games(due, now))


FAN_OUT_CHUNK = 50


def fan_out_due(now) -> dict:
    """Queues the due games in chunks for the workers (handled here if the broker is down)."""
    from .tasks import handle_due_games

    ids = due_game_ids(now, limit=settings.TRAILPOST["SWEEP_BATCH"] * 20)
    if len(ids) <= FAN_OUT_CHUNK:
        return handle_due(now)
    queued = 0
    for i in range(0, len(ids), FAN_OUT_CHUNK):
        chunk = ids[i:i + FAN_OUT_CHUNK]
        try:
            handle_due_games.apply_async((chunk, now.isoformat()), retry=False)
            queued += len(chunk)
        except Exception:
            log.warning("broker unreachable: handling %d due games in the sweep", len(chunk))
            handle_games(chunk, now)
    return {"queued_games": queued}


def _add(stats: dict, more: dict) -> None:
    for key, n in more.items():
        stats[key] = stats.get(key, 0) + n


def handle_games(game_ids, now, *, chunk: int = FAN_OUT_CHUNK) -> dict:
    """Handles the due seats of these games, one transaction per chunk (its games locked, their
    seats, players and vacations read with one query each).

    A chunk runs first without a savepoint per game (two round trips fewer per timeout); if any
    game fails, the whole chunk is rolled back and done again with one savepoint per game, so the
    failing game is isolated and the others go through.
    """
    from games.services import bots_play

    from .standing import apply_standing_orders

    stats: dict = {}
    for i in range(0, len(game_ids), chunk):
        ids = game_ids[i:i + chunk]
        try:
            out, after = _handle_chunk(ids, now, isolated=False)
        except Exception:
            log.warning("sweep: a game of chunk %s failed; handling it game by game", ids[:3], exc_info=True)
            out, after = _handle_chunk(ids, now, isolated=True)
        _add(stats, out)
        for what, game_id, notice in after:  # outside the chunk's transaction: these take their own locks
            try:
                if what == "give_up":
                    give_up_seat(game_id, notice)
                elif what == "standing":
                    _add(stats, {"standing": apply_standing_orders(game_id)})
                else:
                    _add(stats, {"bots": bots_play(game_id)})
            except Exception:
                log.exception("sweep: %s of game %s failed", what, game_id)
    return stats


def _handle_chunk(ids, now, *, isolated: bool) -> tuple[dict, list]:
    """Handles one chunk in one transaction; with isolated, each game in its own savepoint."""
    from games.hotpath import pipeline

    stats: dict = {}
    after = []
    # Without savepoints the whole chunk is one pipeline: its timeouts' writes reach PostgreSQL
    # in one round trip, and an error in any of them, raised by the end, rolls back the chunk.
    with transaction.atomic(), (pipeline() if not isolated else contextlib.nullcontext()):
        games, seats, names, vacations = _lock_chunk(ids, now)  # games: {id: (game, seats)}
        _add(stats, {"skipped": len(ids) - len(games)})
        token = _vacation_cache.set(vacations)
        try:
            for game_id in ids:
                if game_id not in games:
                    continue
                args = (games[game_id], seats.get(game_id, []), now)  # (game, its seats) as locked
                if not isolated:
                    out, post = _handle_game(*args, names=names.get(game_id))
                else:
                    try:
                        with transaction.atomic():
                            out, post = _handle_game(*args, names=names.get(game_id))
                    except Exception:
                        log.exception("sweep: game %s failed", game_id)
                        continue
                _add(stats, out)
                after += [(what, game_id, notice) for what, notice in post]
        finally:
            _vacation_cache.reset(token)
    return stats, after


def _lock_chunk(game_ids, now):
    """Locks the chunk's games (skipping any another transaction holds) and reads their seats and
    players in one query, and the vacations of the players who have any (one more query).

    Returns {game id: (game, seats)} as locked, each game's due seats (oldest deadline first,
    `away` set for a player on vacation today), each game's seat names, and the vacation cache
    the deadlines set here use.
    """
    from games.hotpath import lock_games_with_seats

    from .models import Vacation

    locked = lock_games_with_seats(game_ids, skip_locked=True)
    all_seats = [seat for _game, seats in locked.values() for seat in seats]
    today = now.date()
    users = {s.user_id: s.user for s in all_seats if s.user_id}
    vacations: dict = {uid: [] for uid in users}
    away_soon = [uid for uid, u in users.items() if u.vacation_until is not None and u.vacation_until >= today]
    if away_soon:
        for uid, a, b in (Vacation.objects.filter(user_id__in=away_soon, ends_on__gte=today)
                          .order_by("starts_on").values_list("user_id", "starts_on", "ends_on")):
            vacations[uid].append((a, b))
    due: dict[int, list] = {}
    names: dict[int, dict] = {}
    for seat in sorted(all_seats, key=lambda s: (s.deadline_at is None, s.deadline_at)):
        if seat.position is not None:
            names.setdefault(seat.game_id, {})[seat.position] = seat.name
        if seat.deadline_at is not None and seat.deadline_at <= now:
            seat.away = any(a <= today <= b for a, b in vacations.get(seat.user_id, ()))
            due.setdefault(seat.game_id, []).append(seat)
    return locked, due, names, vacations


def _handle_game(locked, seats, now, *, names=None) -> tuple[dict, list]:
    """Handles one game's due seats; `locked` is (game, all its seats) as the chunk locked them.

    Returns counts, and what is left for after the chunk commits: ("bots" | "standing", None)
    to play, ("give_up", notice) for a player whose misses reached the game's limit."""
    from games.models import Game, Seat

    from .standing import covered_action

    game = locked[0]
    if game.status != Game.Status.ACTIVE:
        game.seats.filter(deadline_at__isnull=False).update(deadline_at=None)
        return {}, []
    out: dict = {}
    post: list = []
    to_act = set(game.engine.to_act(game.state))
    for i, seat in enumerate(seats):
        if i:  # an earlier timeout of this game may have changed this seat
            seat.refresh_from_db(fields=["deadline_at", "status", "is_bot", "user", "missed_deadlines"])
            if seat.deadline_at is None or seat.deadline_at > now:
                continue
        if seat.status != Seat.Status.PLAYING or seat.position not in to_act:
            Seat.objects.filter(pk=seat.pk).update(deadline_at=None)
            continue
        if seat.is_bot:
            post.append(("bots", None))
            continue
        if covered_action(game, seat) is not None:
            post.append(("standing", None))
            continue
        if seat.away:
            Seat.objects.filter(pk=seat.pk).update(deadline_at=deadline_for(seat=seat, game=game, now=now))
            _add(out, {"paused": 1})
            continue
        # move_submit updates the locked game and seats in place.
        game, give_up = time_out(game, seat, now, reload=i + 1 < len(seats), names=names, locked=locked)
        _add(out, {"timeouts": 1})
        if give_up is not None:
            post.append(("give_up", give_up))
        if game is None or game.status != Game.Status.ACTIVE:
            break
        to_act = set(game.engine.to_act(game.state))
    return out, [(what, notice) for what, notice in post if what == "give_up"] + list(
        dict.fromkeys(p for p in post if p[0] != "give_up"))


def time_out(game, seat, now, *, reload: bool = True, names: dict | None = None, locked=None):
    """Plays the engine's default action for a seat whose deadline passed and counts the miss.

    Returns the game as it is afterwards (None when not asked to reload it and nothing needed
    it), and, when this miss was the game's miss_limit-th in a row, the timeout notice for
    `give_up_seat`, which hands the seat to a bot (or drops the player) and sends it once the
    caller's transaction has committed: the sweep writes its chunk in one psycopg pipeline, where
    the ORM saves of a replacement cannot run."""
    from games.models import Game, Move
    from games.services import move_submit

    from .models import Kind
    from .outbox import attach_notice

    engine = game.engine
    action = engine.default_action(game.state, seat.position)
    from games.selectors import seat_names, with_names

    label = with_names(engine.action_label(game.state, seat.position, action), names or seat_names(game))
    misses = seat.missed_deadlines + 1
    notice = {"played": label, "misses": misses, "miss_limit": game.miss_limit, "on_missed": game.on_missed,
              "replaced": "", "seat": seat.pk}
    give_up = misses >= game.miss_limit
    # Inside the sweep's chunk transaction (or a game's savepoint in it), which any error here
    # rolls back: move_submit needs no savepoint of its own. The usual notice rides with the
    # move's own notices; a player about to lose the seat is told what became of it instead.
    with (attach_notice(kind=Kind.TIMEOUT, seat=seat, context=notice) if not give_up
          else contextlib.nullcontext()):
        move_submit(game=game, seat=seat, action=action, expected_version=game.version,
                    channel=Move.Channel.TIMEOUT, savepoint=False, locked=locked)
    seat.missed_deadlines = misses  # move_submit counted it, in the move's own transaction
    if reload or give_up:
        game = locked[0] if locked is not None else Game.objects.get(pk=game.pk)
    else:
        game = None
    return game, (notice if give_up else None)


def give_up_seat(game_id: int, notice: dict) -> None:
    """After a timeout that reached the game's miss limit: gives the seat to a bot or drops the
    player (game.on_missed), unless they played meanwhile, and sends them the timeout notice."""
    from games.models import Game, Seat

    from .models import Kind
    from .outbox import record_notice

    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        seat = Seat.objects.select_related("user").get(pk=notice["seat"], game=game)
        if (game.status == Game.Status.ACTIVE and seat.status == Seat.Status.PLAYING and not seat.is_bot
                and seat.missed_deadlines >= game.miss_limit):
            notice = {**notice, "replaced": replace_absent(game, seat)}
        if seat.user_id:
            record_notice(kind=Kind.TIMEOUT, game=game, seat=seat, context=notice)


def replace_absent(game, seat) -> str:
    """Gives the seat to a bot or drops the player, per game.on_missed; returns what happened."""
    from games.models import Game, Move, Seat
    from games.services import _seat_out, seat_replace

    reason = f"was dropped after missing {seat.missed_deadlines} deadlines in a row"
    if game.on_missed == Game.OnMissed.DROP:
        try:
            with transaction.atomic():
                locked = Game.objects.select_for_update().get(pk=game.pk)
                _seat_out(locked, seat, status=Seat.Status.DROPPED, actor=None, channel=Move.Channel.TIMEOUT,
                          reason=reason)
            return "dropped"
        except NotImplementedError:
            log.warning("engine %s cannot drop a player; a bot takes seat %s of game %s instead",
                        game.rules, seat.position, game.pk)
    user = seat.user
    seat_replace(game=game, seat=seat, by=None, bot=True)
    seat.user = user  # the notice about it still goes to the player who missed
    return "bot"


def send_reminders(now, *, batch: int | None = None) -> int:
    """Reminds players whose deadline is near and who have not decided yet; returns how many."""
    from games.models import Game, Seat

    from .models import Kind
    from .outbox import decision_context, record_notice
    from .standing import covered_action

    batch = batch or settings.TRAILPOST["SWEEP_BATCH"]
    before = timedelta(hours=settings.TRAILPOST["REMINDER_BEFORE_HOURS"])
    sent = 0
    rows = list(Seat.objects.filter(deadline_at__gt=now, deadline_at__lte=now + before,
                                    reminder_sent_for__isnull=True, is_bot=False, user__isnull=False,
                                    status=Seat.Status.PLAYING)
                .order_by("deadline_at").values_list("pk", "game_id")[:batch])
    for seat_id, game_id in rows:
        with transaction.atomic():
            game = _locked_game(game_id)
            if game is None:
                continue
            seat = Seat.objects.select_related("user").get(pk=seat_id)
            if seat.reminder_sent_for is not None or seat.deadline_at is None or seat.deadline_at <= now:
                continue
            # A short turn is not reminded at once: wait for at least half of it to pass.
            lead = min(before, timedelta(hours=game.turn_hours) / 2)
            if seat.deadline_at - now > lead:
                continue
            Seat.objects.filter(pk=seat.pk).update(reminder_sent_for=game.version)
            if game.status != Game.Status.ACTIVE or seat.position not in set(game.engine.to_act(game.state)):
                continue  # decided already: no reminder
            if covered_action(game, seat) is not None:
                continue  # a standing order answers it

            decision = decision_context(game, seat)
            if not decision["moves"]:
                continue
            record_notice(kind=Kind.REMINDER, game=game, seat=seat, context={"decision": decision})
            sent += 1
    return sent
