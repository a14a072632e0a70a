"""Counts a game when it finishes: its record, the statistics' running totals (public games
only) and, for a rated game, its players' ratings, all in the transaction that finishes it.

`record_finished_game` listens to games.events.GameChanged (standings.apps). It acts only on the
change that finished a game (status finished, no record yet); an aborted game never gets here.
The record and the rating changes are new rows: the listener answers with them and the change
writes them with its own. Two games of the same key finishing at once take the aggregate's row
lock in turn; ratings are locked in user order, so two games sharing players cannot deadlock.
"""

from __future__ import annotations

from django.utils import timezone

from games.events import GameChanged
from games.models import Game, Move, Seat
from games.rules import Engine, get_engine

from . import figures, keys, ratings
from .models import GameRecord, Rating, RatingChange, StatsAggregate

OUT = {Seat.Status.RESIGNED, Seat.Status.DROPPED, Seat.Status.KICKED}


def bin_width(rules: str) -> int:
    """Returns how many moves a bar of a game's length distribution spans (its engine's length_bin)."""
    try:
        return get_engine(rules).length_bin
    except KeyError:
        return Engine.length_bin  # a game no longer registered: the contract's default


def length_bin(rules: str, length: int) -> str:
    """Returns the bar of the length distribution a game of `length` moves falls in (its first move count)."""
    width = bin_width(rules)
    return str(length // width * width)


def record_finished_game(message: GameChanged) -> list:
    """Answers the change that finished a game with its record and rating changes (rows to insert),
    after adding it to its key's totals and moving the ratings of a rated game."""
    game = message.game
    if game.status != Game.Status.FINISHED or message.move is None or game.imported or not game.result:
        return []
    if GameRecord.objects.filter(game_id=game.pk).exists():
        return []  # counted already: a change after the finish (none does so today) counts nothing
    record = build_record(game, message.seats, _moves(game, message))
    if not record.private:  # the statistics are public: a private game's length and winner stay out
        aggregate_add(record.key, record.rules, [record])
    rows: list = [record]
    if game.rated:
        rows += rate_game(game, record)
    return rows


def _moves(game: Game, message: GameChanged) -> list[list[dict]]:
    """Returns each played (not undone) move's events, in order, this last one included (whether
    or not it is written yet)."""
    wanted = game.engine.figures_read_events
    rows = Move.objects.filter(game_id=game.pk, kind=Move.Kind.MOVE, undone_by__isnull=True).order_by("seq")
    found = dict(rows.values_list("seq", "events")) if wanted else dict.fromkeys(rows.values_list("seq", flat=True))
    move = message.move
    if move.kind == Move.Kind.MOVE and move.seq not in found:
        found[move.seq] = message.events
    return [found[seq] or [] for seq in sorted(found)]


def build_record(game: Game, seats: list[Seat], moves: list[list[dict]]) -> GameRecord:
    """Returns the unsaved record of a finished game from its seats as they ended and its moves."""
    key = keys.key_of(game.rules, game.options)
    seated = sorted((s for s in seats if s.position is not None), key=lambda s: s.position)
    result = game.result or {}
    out = {s.position for s in seated if s.status in OUT}
    place_of = game.engine.finishing_places(game.state, result, out)
    n = len(seated)
    return GameRecord(
        game=game,
        key=key.value,
        rules=game.rules,
        private=game.is_private,
        rated=game.rated,
        players=n,
        length=len(moves),
        winner_positions=sorted(p for p in result.get("winners") or [] if 0 <= p < n),
        places=[place_of.get(p, n) for p in range(n)],
        humans=[None if s.is_bot or s.user_id is None else s.user_id for s in seated],
        figures=figures.count(game.rules, game.state, moves),
        finished_at=game.finished_at or timezone.now(),
    )


def fold(aggregate: StatsAggregate, records: list[GameRecord]) -> StatsAggregate:
    """Adds records to an aggregate in memory (the listener's one game, the bench's many)."""
    by_players = aggregate.by_players or {}
    lengths = aggregate.lengths or {}
    sums = aggregate.figures or {}
    for r in records:
        entry = by_players.setdefault(str(r.players), {"games": 0, "wins": [0] * r.players})
        entry["games"] += 1
        for p in r.winner_positions:
            entry["wins"][p] += 1
        b = length_bin(r.rules, r.length)
        lengths[b] = lengths.get(b, 0) + 1
        for name, counts in (r.figures or {}).items():
            total = sums.setdefault(name, {})
            for label, value in counts.items():
                total[label] = total.get(label, 0) + value
        aggregate.games += 1
        aggregate.total_length += r.length
    aggregate.by_players, aggregate.lengths, aggregate.figures = by_players, lengths, sums
    aggregate.version += 1
    aggregate.updated_at = timezone.now()
    return aggregate


def aggregate_add(key: str, rules: str, records: list[GameRecord]) -> None:
    """Adds finished games to their key's totals under the aggregate's row lock."""
    aggregate, _ = StatsAggregate.objects.select_for_update().get_or_create(
        key=key, defaults={"rules": rules, "updated_at": timezone.now()}
    )
    fold(aggregate, records).save(
        update_fields=["version", "games", "total_length", "by_players", "lengths", "figures", "updated_at"]
    )


def rate_game(game: Game, record: GameRecord) -> list[RatingChange]:
    """Moves the ratings of a rated game's human players; returns their unsaved changes."""
    players = sorted(
        (user_id, record.places[position]) for position, user_id in enumerate(record.humans) if user_id is not None
    )
    if len(players) < 2:
        return []
    now = record.finished_at
    Rating.objects.bulk_create(
        [
            Rating(
                user_id=user_id,
                key=record.key,
                mu=ratings.DEFAULT_MU,
                sigma=ratings.DEFAULT_SIGMA,
                ordinal=ratings.ordinal(ratings.DEFAULT_MU, ratings.DEFAULT_SIGMA),
                updated_at=now,
            )
            for user_id, _ in players
        ],
        ignore_conflicts=True,
    )
    current = {
        r.user_id: r
        for r in Rating.objects.select_for_update()
        .filter(key=record.key, user_id__in=[u for u, _ in players])
        .order_by("user_id")
    }
    rated = ratings.rate([(u, place, current[u].mu, current[u].sigma) for u, place in players])
    winners = {record.humans[p] for p in record.winner_positions}
    changes = []
    for r in rated:
        rating = current[r.user_id]
        rating.mu, rating.sigma, rating.ordinal, rating.updated_at = r.mu_after, r.sigma_after, r.ordinal_after, now
        rating.games += 1
        rating.wins += 1 if r.user_id in winners else 0
        rating.save(update_fields=["mu", "sigma", "ordinal", "games", "wins", "updated_at"])
        changes.append(rating_change(r, game=game, key=record.key, players=len(rated), at=now))
    return changes


def rating_change(r: ratings.Rated, *, game: Game, key: str, players: int, at) -> RatingChange:
    """Returns the unsaved RatingChange of one player's rating in a game (r: from ratings.rate)."""
    return RatingChange(
        user_id=r.user_id,
        game=game,
        key=key,
        place=r.place,
        players=players,
        mu_before=r.mu_before,
        sigma_before=r.sigma_before,
        mu_after=r.mu_after,
        sigma_after=r.sigma_after,
        ordinal_after=r.ordinal_after,
        at=at,
    )
