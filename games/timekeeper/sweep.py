"""The sweep of passed deadlines, run every minute (games.tasks.sweep_deadlines).

It reads only due rows through the index on Seat.deadline_at and takes the due games' row locks
with SKIP LOCKED, one short transaction per chunk of games, so its cost follows what is due
rather than how many games exist, and two sweeps (or a sweep and a player) never act on the same
game at once. For each due seat: a bot's or a standing order's decision is played, a player on
vacation gets their deadline pushed, a player with automatic vacation and days left has a day
spent (games.clock.away: all their deadlines move 24 hours), anyone else times out (the engine's default move is played
for them and the miss counted); a player whose misses reach the game's limit is replaced by a bot
or dropped.
"""

from __future__ import annotations

import contextlib
import logging

from django.conf import settings
from django.db import transaction

from games import events
from games.clock.away import DAY, spend_day
from games.clock.deadlines import deadline_for
from games.clock.orders import covered_action
from games.clock.vacations import vacations_ahead
from games.hotpath import Locked, lock_games_with_seats, pipeline
from games.models import Game, Move, Seat
from games.selectors import seat_names, with_names
from games.services import move_submit, seat_out, seat_replace

from .autoplay import apply_standing_orders, bots_play

log = logging.getLogger(__name__)

CHUNK = 50  # games per transaction (and per task when the sweep fans out)


def due_game_ids(now, *, exclude=(), limit: int) -> list[int]:
    """Returns the games with a passed deadline, oldest first (an index range scan on deadline_at)."""
    qs = Seat.objects.filter(deadline_at__lte=now)
    if exclude:
        qs = qs.exclude(game_id__in=list(exclude))
    return list(dict.fromkeys(qs.order_by("deadline_at").values_list("game_id", flat=True)[:limit]))


def handle_due(now, *, batch: int | None = None) -> dict:
    """Handles every seat whose deadline has passed; returns counts (for logs and the benchmark)."""
    batch = batch or settings.TRAILPOST["SWEEP_BATCH"]
    stats = {"timeouts": 0, "bots": 0, "standing": 0, "paused": 0, "vacation_days": 0, "skipped": 0}
    handled: set[int] = set()  # each game once per sweep: a game that stays due waits for the next
    while True:
        due = due_game_ids(now, exclude=handled, limit=batch)
        if not due:
            return stats
        handled.update(due)
        add(stats, handle_games(due, now))


def add(stats: dict, more: dict) -> None:
    """Adds the counts of `more` to `stats`."""
    for key, n in more.items():
        stats[key] = stats.get(key, 0) + n


def handle_games(game_ids, now, *, chunk: int = CHUNK) -> dict:
    """Handles the due seats of these games, one transaction per chunk (its games locked, their
    seats, players and vacations read with one query each).

    A chunk runs first without a savepoint per game (two round trips fewer per timeout); if any
    game fails, the whole chunk is rolled back and done again with one savepoint per game, so the
    failing game is isolated and the others go through.
    """
    stats: dict = {}
    for i in range(0, len(game_ids), chunk):
        ids = game_ids[i : i + chunk]
        try:
            out, after = _handle_chunk(ids, now, isolated=False)
        except Exception:
            log.warning("sweep: a game of chunk %s failed; handling it game by game", ids[:3], exc_info=True)
            out, after = _handle_chunk(ids, now, isolated=True)
        add(stats, out)
        for what, game_id in after:  # outside the chunk's transaction: these take their own locks
            try:
                if what == "standing":
                    add(stats, {"standing": apply_standing_orders(game_id)})
                else:
                    add(stats, {"bots": bots_play(game_id)})
            except Exception:
                log.exception("sweep: %s of game %s failed", what, game_id)
    return stats


def _handle_chunk(ids, now, *, isolated: bool) -> tuple[dict, list]:
    """Handles one chunk in one transaction; with isolated, each game in its own savepoint."""
    stats: dict = {}
    after = []
    # Without savepoints the chunk's timeouts' writes reach PostgreSQL together (hotpath.pipeline),
    # and an error in any of them rolls back the chunk.
    with transaction.atomic(), pipeline() if not isolated else contextlib.nullcontext():
        games, seats, names = _lock_chunk(ids, now)  # games: {id: Locked}
        spent: set[int] = set()  # players a vacation day was spent for in this chunk (away.spend_day)
        add(stats, {"skipped": len(ids) - len(games)})
        for game_id in ids:
            if game_id not in games:
                continue
            args = (games[game_id], seats.get(game_id, []), now)
            if not isolated:
                out, post = _handle_game(*args, names=names.get(game_id), spent=spent)
            else:
                try:
                    with transaction.atomic():
                        out, post = _handle_game(*args, names=names.get(game_id), spent=spent)
                except Exception:
                    log.exception("sweep: game %s failed", game_id)
                    continue
            add(stats, out)
            after += [(what, game_id) for what in post]
    return stats, after


def _lock_chunk(game_ids, now):
    """Locks the chunk's games (skipping any another transaction holds) and reads their seats and
    players in one query, and the vacations of the players who have any (one more query).

    Returns {game id: Locked} (each with the vacations of all the chunk's players), each game's
    due seats (oldest deadline first, `away` set for a player on vacation today), and each game's
    seat names.
    """
    locked = lock_games_with_seats(game_ids, skip_locked=True)
    all_seats = [seat for one in locked.values() for seat in one.seats]
    today = now.date()
    users = {s.user_id: s.user for s in all_seats if s.user_id}
    away_soon = [uid for uid, u in users.items() if u.vacation_until is not None and u.vacation_until >= today]
    vacations = {uid: [] for uid in users}
    vacations.update(vacations_ahead(away_soon, today))
    for one in locked.values():
        one.vacations = vacations
    due: dict[int, list] = {}
    names: dict[int, dict] = {}
    for seat in sorted(all_seats, key=lambda s: (s.deadline_at is None, s.deadline_at)):
        if seat.position is not None:
            names.setdefault(seat.game_id, {})[seat.position] = seat.name
        if seat.deadline_at is not None and seat.deadline_at <= now:
            seat.away = any(a <= today <= b for a, b in vacations.get(seat.user_id, ()))
            due.setdefault(seat.game_id, []).append(seat)
    return locked, due, names


def _handle_game(locked: Locked, seats, now, *, names=None, spent: set | None = None) -> tuple[dict, list]:
    """Handles one game's due seats; `locked` is the game and all its seats as the chunk locked them.

    Returns counts, and what is left to play after the chunk commits: "bots", "standing"."""
    game = locked.game
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
            post.append("bots")
            continue
        if covered_action(game, seat) is not None:
            post.append("standing")
            continue
        if seat.away:
            deadline = deadline_for(seat=seat, game=game, now=now, vacations=locked.vacations)
            Seat.objects.filter(pk=seat.pk).update(deadline_at=deadline, bank_running=seat.bank_running)
            add(out, {"paused": 1})
            continue
        if spent is not None and seat.user_id in spent:  # the day spent moved this deadline too
            seat.refresh_from_db(fields=["deadline_at"])
            if seat.deadline_at is None or seat.deadline_at > now:
                continue
        day = spend_day(seat.user, now) if seat.user_id else None
        if day is not None:  # a vacation day instead of a timeout: every deadline of theirs moved
            seat.deadline_at += DAY
            if spent is not None:
                spent.add(seat.user_id)
            events.announce(
                events.AwayDay(
                    user=seat.user,
                    game=game,
                    vacation=day.vacation,
                    game_ids=day.game_ids,
                    used=day.used,
                    left=day.left,
                )
            )
            add(out, {"vacation_days": 1})
            continue
        # move_submit updates the locked game and seats in place.
        time_out(locked, seat, now, names=names)
        add(out, {"timeouts": 1})
        if game.status != Game.Status.ACTIVE:
            break
        to_act = set(game.engine.to_act(game.state))
    return out, list(dict.fromkeys(post))


def time_out(locked: Locked, seat, now, *, names: dict | None = None) -> None:
    """Plays the engine's default action for a seat whose deadline passed and counts the miss.

    Runs inside the caller's transaction (the sweep's chunk, or a game's savepoint in it), which
    any error here rolls back, with the game locked (`locked`, updated in place). The player is
    told (DeadlineMissed) with the move's own notices. When this miss was the game's
    miss_limit-th in a row, `give_up_seat` hands the seat to a bot (or drops the player) in the
    same transaction and tells them that too.
    """
    game = locked.game
    engine = game.engine
    action = engine.default_action(game.state, seat.position)
    label = with_names(engine.action_label(game.state, seat.position, action), names or seat_names(game))
    misses = seat.missed_deadlines + 1
    move_submit(
        game=game,
        seat=seat,
        action=action,
        expected_version=game.version,
        channel=Move.Channel.TIMEOUT,
        locked=locked,
    )
    seat.missed_deadlines = misses  # move_submit counted it, in the move's own transaction
    missed = events.DeadlineMissed(game=game, seat=seat, played=label, misses=misses)
    if misses < game.miss_limit:
        events.announce(missed)
        return
    give_up_seat(game.pk, missed)
    _read_again(locked)
    if names is not None:  # a later timeout's label names whoever holds the seat now (a bot)
        names.update({s.position: s.name for s in locked.seats if s.position is not None})


def _read_again(locked: Locked) -> None:
    """Reads the locked game and its seats again once a service changed them through rows of its
    own (a seat given up): the sweep goes on with the game's other due seats as they are now."""
    locked.game.refresh_from_db()
    for seat in locked.seats:
        seat.refresh_from_db()
        seat.game = locked.game


def give_up_seat(game_id: int, missed: events.DeadlineMissed) -> None:
    """After a timeout that reached the game's miss limit: gives the seat to a bot or drops the
    player (game.on_missed), unless the game is over, and announces the miss with what
    became of the seat."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        seat = Seat.objects.select_related("user").get(pk=missed.seat.pk, game=game)
        replaced = ""
        if (
            game.status == Game.Status.ACTIVE
            and seat.status == Seat.Status.PLAYING
            and not seat.is_bot
            and seat.missed_deadlines >= game.miss_limit
        ):
            replaced = replace_absent(game, seat)
        if seat.user_id:
            events.announce(
                events.DeadlineMissed(
                    game=game, seat=seat, played=missed.played, misses=missed.misses, replaced=replaced
                )
            )


def replace_absent(game, seat) -> str:
    """Gives the seat to a bot or drops the player, per game.on_missed; returns what happened."""
    reason = f"was dropped after missing {seat.missed_deadlines} deadlines in a row"
    if game.on_missed == Game.OnMissed.DROP:
        try:
            with transaction.atomic():
                locked = Game.objects.select_for_update().get(pk=game.pk)
                seat_out(
                    game=locked,
                    seat=seat,
                    status=Seat.Status.DROPPED,
                    actor=None,
                    channel=Move.Channel.TIMEOUT,
                    reason=reason,
                )
            return "dropped"
        except NotImplementedError:
            log.warning(
                "engine %s cannot drop a player; a bot takes seat %s of game %s instead",
                game.rules,
                seat.position,
                game.pk,
            )
    user, misses = seat.user, seat.missed_deadlines
    seat_replace(
        game=game,
        seat=seat,
        by=None,
        bot=True,
        channel=Move.Channel.TIMEOUT,
        note=lambda old, new: f"{old} missed {misses} deadlines in a row: {new} takes the seat.",
    )
    seat.user = user  # the notice about it still goes to the player who missed
    return "bot"
