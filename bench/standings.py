"""Standings at scale: the statistics page and a leaderboard with 100,000 finished games; prints JSON.

    .venv/bin/python bench/standings.py [--games 100000] [--players 5000] [--requests 40]

Works on the database BENCH_STANDINGS_DATABASE_URL names: by default its own PostgreSQL database,
trailpost_bench_standings, created if missing (the figures of record); a SQLite file works too
(BENCH_STANDINGS_DATABASE_URL=sqlite:////tmp/bench.sqlite3). It empties that database first
(manage.py flush), so it refuses one whose name does not say "bench". Then:

1. plays one game of every rating key with the engines' bots (no database) and counts its
   figures (standings.figures), the pattern of the games it writes next;
2. writes --games finished games with bulk_create, as the listener (standings.recorder) would
   have left them: Game rows, one GameRecord each, the aggregate of each key (recorder.fold), and
   for the rated ones (all but one in ten) the openskill ratings played game by game in time
   order, with a RatingChange per player per game; about --players players, 2 to 4 per game;
3. plays a few real games through the move pipeline (services.move_submit), which finish among
   those 100,000: the listener's own time when a game finishes is measured there;
4. times, with Django's test Client (the whole request in process: middleware, session, view,
   templates; no network), --requests GETs of each: the statistics page of the busiest key, its
   pictures (cold: drawn, as after a game finished; warm: from the cache), the leaderboard's
   first page and a deep page as a rated player (with their own row), and the API's leaderboard
   and statistics. Each: median and p95 in ms.

`warnings` lists what is over target: the statistics page's median over 200 ms, the leaderboard's
over 50 ms; and the run's own doubts (the machine busy, too few games written).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import ensure_database  # noqa: E402

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/trailpost_bench_standings"
STATS_TARGET_MS = 200.0
BOARD_TARGET_MS = 50.0
BATCH = 5000
# How the games spread over the keys (the default editions are played most).
SHARE = {
    "oregon-trail-race:revised": 0.35,
    "oregon-trail-race:classic": 0.10,
    "ogallala:I": 0.15,
    "ogallala:II": 0.10,
    "crayon-rails:public": 0.20,
    "crayon-rails:standard": 0.10,
}
LENGTHS = {"oregon-trail-race": (60, 220), "ogallala": (90, 260), "crayon-rails": (250, 700)}


def django_setup() -> str:
    url = os.environ.get("BENCH_STANDINGS_DATABASE_URL") or DEFAULT_DB
    if "bench" not in url.rsplit("/", 1)[-1]:
        sys.exit(f"bench/standings.py empties its database: {url} does not look like a bench database")
    ensure_database(url)
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("TRAILPOST_ENV", "test")
    os.environ.setdefault("TRAILPOST_CACHE", "locmem")
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "1"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.ALLOWED_HOSTS = ["*"]
    # The bench's own requests are not to be throttled.
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_CLASSES": []}
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("flush", interactive=False, verbosity=0)
    return url.split(":", 1)[0]


def patterns() -> dict:
    """Plays one bot game per key without a database; returns {key: (figures, length)}."""
    from games.rules import get_engine
    from games.rules.base import Rng
    from standings import figures, keys

    out = {}
    for value in SHARE:
        key = keys.parse(value)
        engine = get_engine(key.rules)
        options = engine.normalize_options({engine.edition_option: key.edition}, 3)
        state = engine.new_state(options, 3, f"bench:standings:{value}")
        rnd = Rng.stream(f"bench:{value}")
        moves = []
        while engine.result(state) is None and len(moves) < 5000:
            seat = engine.to_act(state)[0]
            moves.append(engine.apply(state, seat, engine.bot_action(state, seat, rnd)))
        out[value] = (figures.count(key.rules, state, moves), len(moves))
    return out


def fill(n_games: int, n_players: int, found: dict, rnd: random.Random) -> dict:
    """Writes n_games finished games and what the listener keeps of them; returns counts."""
    from django.contrib.auth import get_user_model
    from django.db import transaction
    from django.utils import timezone

    from games.models import Game
    from games.rules import get_engine
    from standings import keys, ratings, recorder
    from standings.models import GameRecord, Rating, RatingChange, StatsAggregate

    User = get_user_model()
    started = time.perf_counter()
    users = User.objects.bulk_create(
        [
            # bulk_create skips User.save: the slug as it would make it, listed to have a page
            User(
                username=f"bench{i}",
                email=f"bench{i}@example.com",
                display_name=f"Player {i:05d}",
                slug=f"player-{i:05d}",
                listed=True,
                password="!",
            )
            for i in range(n_players)
        ],
        batch_size=BATCH,
    )
    ids = [u.pk for u in users]
    now = timezone.now()
    keys_ = list(SHARE)
    weights = [SHARE[k] for k in keys_]
    aggregates = {k: StatsAggregate(key=k, rules=keys.parse(k).rules, updated_at=now) for k in keys_}
    rated: dict[tuple[int, str], list] = {}  # (user, key): [mu, sigma, games, wins, pk]
    changes = 0
    for start in range(0, n_games, BATCH):
        size = min(BATCH, n_games - start)
        plan = []
        for i in range(size):
            value = rnd.choices(keys_, weights)[0]
            key = keys.parse(value)
            players = rnd.choice((2, 3, 3, 4, 4))
            seats = rnd.sample(ids, players)
            if rnd.random() < 0.15:  # a bot in one game of seven
                seats[rnd.randrange(players)] = None
            low, high = LENGTHS[key.rules]
            length = rnd.randint(low, high)
            order = list(range(players))
            rnd.shuffle(order)
            places = [0] * players
            for place, position in enumerate(order, start=1):
                places[position] = place
            figures, _ = found[value]
            scale = length / max(1, found[value][1])
            plan.append(
                {
                    "key": key,
                    "players": players,
                    "seats": seats,
                    "length": length,
                    "places": places,
                    "winners": [order[0]],
                    "figures": {
                        name: {label: max(1, round(v * scale * rnd.uniform(0.5, 1.5))) for label, v in counts.items()}
                        for name, counts in figures.items()
                    },
                    "rated": rnd.random() < 0.9,
                    "private": rnd.random() < 0.1,
                    "finished_at": now - timedelta(minutes=(n_games - start - i) * 5),
                }
            )
        with transaction.atomic():
            games = Game.objects.bulk_create(
                [
                    Game(
                        rules=p["key"].rules,
                        rules_version="1",
                        options={get_engine(p["key"].rules).edition_option: p["key"].edition},
                        title=f"Bench {start + i}",
                        owner_id=next(s for s in p["seats"] if s is not None),
                        status=Game.Status.FINISHED,
                        max_players=p["players"],
                        visibility=Game.Visibility.PRIVATE if p["private"] else Game.Visibility.PUBLIC,
                        invite_code=f"bench-{start + i}",
                        result={
                            "winners": p["winners"],
                            "ranking": sorted(range(p["players"]), key=p["places"].__getitem__),
                        },
                        version=p["length"],
                        rated=p["rated"],
                        started_at=p["finished_at"] - timedelta(days=3),
                        finished_at=p["finished_at"],
                    )
                    for i, p in enumerate(plan)
                ],
                batch_size=1000,
            )
            records = []
            rating_changes = []
            for game, p in zip(games, plan, strict=True):
                record = GameRecord(
                    game=game,
                    key=p["key"].value,
                    rules=p["key"].rules,
                    private=p["private"],
                    rated=p["rated"],
                    players=p["players"],
                    length=p["length"],
                    winner_positions=p["winners"],
                    places=p["places"],
                    humans=p["seats"],
                    figures=p["figures"],
                    finished_at=p["finished_at"],
                )
                records.append(record)
                if not record.private:  # as standings.recorder: the statistics count public games
                    recorder.fold(aggregates[record.key], [record])
                humans = [(u, p["places"][pos]) for pos, u in enumerate(p["seats"]) if u is not None]
                if not p["rated"] or len(humans) < 2:
                    continue
                before = [
                    rated.setdefault((u, record.key), [ratings.DEFAULT_MU, ratings.DEFAULT_SIGMA, 0, 0])
                    for u, _ in humans
                ]
                result = ratings.rate([(u, place, b[0], b[1]) for (u, place), b in zip(humans, before, strict=True)])
                for r, b in zip(result, before, strict=True):
                    b[0], b[1], b[2], b[3] = r.mu_after, r.sigma_after, b[2] + 1, b[3] + (r.place == 1)
                    rating_changes.append(
                        recorder.rating_change(r, game=game, key=record.key, players=len(result), at=p["finished_at"])
                    )
            GameRecord.objects.bulk_create(records, batch_size=1000)
            RatingChange.objects.bulk_create(rating_changes, batch_size=2000)
            changes += len(rating_changes)
    StatsAggregate.objects.bulk_create(list(aggregates.values()))
    Rating.objects.bulk_create(
        [
            Rating(
                user_id=u,
                key=k,
                mu=v[0],
                sigma=v[1],
                ordinal=ratings.ordinal(v[0], v[1]),
                games=v[2],
                wins=v[3],
                updated_at=now,
            )
            for (u, k), v in rated.items()
        ],
        batch_size=BATCH,
    )
    return {
        "games": n_games,
        "players": n_players,
        "ratings": len(rated),
        "rating_changes": changes,
        "seconds": round(time.perf_counter() - started, 1),
    }


def settle(vendor: str) -> None:
    """ANALYZE what the fill wrote (and a CHECKPOINT), so autovacuum does not fall on the timing."""
    from django.db import connection

    if vendor.startswith("postgres"):
        from bench.common import settle as pg_settle

        with connection.cursor() as cursor:
            pg_settle(cursor, "ANALYZE")
    else:
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")


def play_real(n: int) -> dict:
    """Plays n real Oregon Trail Race games (3 players, trail 10) through the move pipeline with
    the engines' bots; returns the listener's time on the move that finished each."""
    from django.contrib.auth import get_user_model

    from games import events, services
    from games.models import Game, Move
    from games.rules.base import Rng
    from standings import recorder

    spent: list[float] = []

    def timed(message):
        t = time.perf_counter()
        try:
            return recorder.record_finished_game(message)
        finally:
            if message.game.status == Game.Status.FINISHED:
                spent.append((time.perf_counter() - t) * 1000)

    # The standings listener, timed: put in its place in the registry for these games only.
    listeners = events._listeners[events.GameChanged]
    with mock.patch.dict(
        events._listeners,
        {events.GameChanged: [timed if one is recorder.record_finished_game else one for one in listeners]},
    ):
        users = list(get_user_model().objects.order_by("pk")[:3])
        for g in range(n):
            game = services.game_create(
                owner=users[0], rules="oregon-trail-race", options={"trail_length": 10}, rated=True, max_players=3
            )
            for u in users[1:]:
                services.game_join(game=game, user=u)
            services.game_start(game=game, by=users[0])
            rnd = Rng.stream(f"bench:real:{g}")
            for _ in range(3000):
                game = Game.objects.get(pk=game.pk)
                if game.status != Game.Status.ACTIVE:
                    break
                position = game.engine.to_act(game.state)[0]
                seat = game.seats.get(position=position)
                services.move_submit(
                    game=game,
                    seat=seat,
                    action=game.engine.bot_action(game.state, position, rnd),
                    expected_version=None,
                    channel=Move.Channel.API,
                    actor=seat.user,
                )
    return {
        "games": n,
        "finished": len(spent),
        "listener_median_ms": round(statistics.median(spent), 2) if spent else None,
        "listener_max_ms": round(max(spent), 2) if spent else None,
    }


def timed(client, url: str, n: int, *, before=None) -> dict:
    for _ in range(3):
        if before:
            before()
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code, response.content[:300])
    ms = []
    for _ in range(n):
        if before:
            before()
        t = time.perf_counter()
        response = client.get(url)
        ms.append((time.perf_counter() - t) * 1000)
        assert response.status_code == 200, (url, response.status_code)
    ms.sort()
    return {
        "url": url,
        "median_ms": round(statistics.median(ms), 2),
        "p95_ms": round(ms[min(len(ms) - 1, int(len(ms) * 0.95))], 2),
        "min_ms": round(ms[0], 2),
        "bytes": len(response.content),
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=5_000)
    parser.add_argument("--requests", type=int, default=40)
    parser.add_argument("--real-games", type=int, default=3)
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    vendor = django_setup()
    from django.core.cache import cache
    from django.test import Client

    from standings import keys, plots
    from standings.models import GameRecord, Rating, StatsAggregate

    rnd = random.Random(20261124)
    found = patterns()
    filled = fill(args.games, args.players, found, rnd)
    real = play_real(args.real_games)
    settle(vendor)

    key = keys.parse(max(SHARE, key=SHARE.get))
    busiest = StatsAggregate.objects.get(key=key.value)
    board = Rating.objects.filter(key=key.value).order_by("-ordinal", "user_id")
    me = board[min(500, board.count() // 2)].user  # a player on page 11 (with their own row on page 1)
    client = Client()
    client.force_login(me)
    stats_url = key.stats_url()
    pictures = plots.plot_names(key.rules)
    out = {
        "database": vendor,
        "fill": filled,
        "real_games": real,
        "busiest_key": {
            "key": key.value,
            "games": busiest.games,
            "rated_players": Rating.objects.filter(key=key.value).count(),
        },
        "stats_page": timed(client, stats_url, args.requests),
        "stats_page_and_pictures_cold": None,
        "picture_warm": timed(client, key.plot_url(pictures[-1]), args.requests),
        "picture_cold": timed(client, key.plot_url(pictures[-1]), args.requests, before=cache.clear),
        "leaderboard": timed(client, key.leaderboard_url(), args.requests),
        "leaderboard_page_20": timed(client, key.leaderboard_url() + "?page=20", args.requests),
        "api_leaderboard": timed(client, f"/api/standings/{key.rules}/?edition={key.edition}", args.requests),
        "api_stats": timed(client, f"/api/stats/{key.rules}/?edition={key.edition}", args.requests),
        "player_page": timed(client, f"/players/{me.slug}/", args.requests),
    }
    # The statistics page with all its pictures drawn afresh: what the first reader after a game sees.
    cold = []
    for _ in range(max(5, args.requests // 4)):
        cache.clear()
        t = time.perf_counter()
        client.get(stats_url)
        for name in pictures:
            client.get(key.plot_url(name))
        cold.append((time.perf_counter() - t) * 1000)
    out["stats_page_and_pictures_cold"] = {"median_ms": round(statistics.median(cold), 2), "pictures": len(pictures)}
    out["records"] = GameRecord.objects.count()
    out["load_average_1m"] = {"before": round(load_before, 2), "after": round(os.getloadavg()[0], 2)}
    out["targets_ms"] = {"stats_page_median": STATS_TARGET_MS, "leaderboard_median": BOARD_TARGET_MS}
    warnings = []
    if out["stats_page"]["median_ms"] > STATS_TARGET_MS:
        warnings.append(f"statistics page median {out['stats_page']['median_ms']} ms is over {STATS_TARGET_MS} ms")
    if out["leaderboard"]["median_ms"] > BOARD_TARGET_MS:
        warnings.append(f"leaderboard median {out['leaderboard']['median_ms']} ms is over {BOARD_TARGET_MS} ms")
    if out["records"] < args.games:
        warnings.append(
            f"only {out['records']} finished games were written, not {args.games}: the figures are not at scale"
        )
    if busiest.games != GameRecord.objects.filter(key=key.value, private=False).count():
        warnings.append("the busiest key's aggregate does not count its records: the figures are invalid")
    cores = os.cpu_count() or 1
    if load_before > cores / 2:
        warnings.append(
            f"the machine was busy before the run (load {load_before:.1f} on {cores} cores): figures are noisy"
        )
    if vendor != "postgres":
        warnings.append(f"measured on {vendor}, not PostgreSQL: not the figure of record")
    out["warnings"] = warnings
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
