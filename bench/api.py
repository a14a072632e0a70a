"""Move submissions per second through the real API (gunicorn + PostgreSQL), with each form of a
move's lock and writes (games/hotpath.py: the hand-written statements, `sql`, and the ORM's way,
`orm`), against a bare DRF endpoint in the same run (token auth, one select_for_update row update,
one appended log row: the least a move can cost). 1, 8 and 32 concurrent clients.

Two gunicorn servers with the same worker count run side by side, one with
TRAILPOST_SQL_HOTPATH=1 and one with =0; the bare endpoint does not touch the hot path and is
served by the first (=1). Each client plays its own Oregon Trail Race game: the games get a known
seed, and the actions are worked out beforehand by replaying the engine's bot offline, so the
clients only POST moves. Both API forms get the same games (the same seeds in the same order).
Prints one JSON object; the ratios are what to read (the machine is noisy between runs).

The three sides take turns in short slices (ROUNDS of each per level, the order rotated every
round so that each side goes first in turn), so a burst of noise from elsewhere on the machine
falls on all of them rather than on whichever ran then. The setup's writes are checkpointed
before the clients start, and the client processes do not collect garbage while they time
requests. Each API client goes on with its games from one slice to the next, so every level
plays games at every stage (the openings notify more players than the middle of a game).

Games are sized from the rate measured, so that no client runs out on a faster machine: before
each round, every API chain whose scripted moves left would not cover twice what the fastest
client of its side played in that side's previous slice gets more games (for the first slice, a
generous guess: FIRST_RATE moves/s shared by the level's clients), then the writes are settled
again. A client that still ran dry, sat idle or got errors in a slice is flagged (a warning on
stderr and `flagged_slices`), and `clients_out_of_games` counts the clients that ran dry.
"""

import gc
import itertools
import json
import os
import random
import subprocess
import sys
import threading
import time
from http.client import HTTPConnection, HTTPException
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.common import free_port, settle  # noqa: E402

BENCH_DB = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/trailpost_bench_api")
BENCH_REDIS = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/14")
LEVELS = [int(x) for x in os.environ.get("BENCH_LEVELS", "1,8,32").split(",")]
SECONDS = float(os.environ.get("BENCH_SECONDS", "20"))  # per side and level, split over ROUNDS
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "6"))
MOVES_PER_GAME = 400
WARMUP_SECONDS = 0.5  # at the start of each slice, not counted
SIDES = ("bare", "sql", "orm")  # the bare endpoint, the API with each form of games/hotpath.py
API_SIDES = ("sql", "orm")
HOTPATH = {"sql": "1", "orm": "0"}  # TRAILPOST_SQL_HOTPATH of each side's server
FIRST_RATE = float(os.environ.get("BENCH_FIRST_RATE", "800"))  # moves/s guessed for a level's first slice
WORKERS = os.environ.get("BENCH_GUNICORN_WORKERS", "4")  # per server
SAFETY = 2  # a chain holds this many times the moves its client played in the previous slice


def django_setup():
    """Django in the bench process, which creates the games through the services."""
    os.environ["DATABASE_URL"] = BENCH_DB
    os.environ.setdefault("TRAILPOST_ENV", "test")
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "1"
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.conf import settings

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"  # setup's notices stay quiet
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def truncate():
    """Empties the game tables (once per level)."""
    from django.db import connection

    with connection.cursor() as c:
        c.execute("TRUNCATE games_move, games_seat, games_invitation, games_game, accounts_apitoken CASCADE")


def create_game(n, seed):
    """Creates game number n of the level (its own two players and tokens), playing from `seed`,
    and returns its script: the moves the bot makes from that seed, each with its player's token."""
    from django.contrib.auth import get_user_model

    from accounts.services import api_token_create
    from games import services
    from games.models import Game, Seat

    User = get_user_model()
    users = [
        User.objects.get_or_create(username=f"bench{n}-{s}", defaults={"email": f"b{n}{s}@x.test"})[0] for s in range(2)
    ]
    game = services.game_create(owner=users[0], rules="oregon-trail-race", max_players=2, turn_hours=1000)
    services.game_join(game=game, user=users[1])
    services.game_start(game=game, by=users[0])
    game.refresh_from_db()
    engine = game.engine
    game.seed = seed
    game.seed_sha256 = Game.hash_seed(game.seed)
    game.state = engine.new_state(game.options, 2, game.seed)
    game.save()
    tokens = {s.position: api_token_create(user=s.user).key for s in Seat.objects.filter(game=game)}
    state = engine.new_state(game.options, 2, game.seed)
    rnd = random.Random(seed)
    moves = []
    while engine.result(state) is None and len(moves) < MOVES_PER_GAME:
        seat = engine.to_act(state)[0]
        action = engine.bot_action(state, seat, rnd)
        engine.apply(state, seat, action)
        moves.append((tokens[seat], action))
    return {"game": game.pk, "version": game.version, "moves": moves}


def settle_writes():
    """Analyzes and checkpoints what was just created (see settle): fresh rows with stale
    statistics get plans no running server has, and the writes' checkpoint would otherwise land
    in a timed slice. Closes the connection: the client processes are forks of this one."""
    from django.db import connection

    with connection.cursor() as c:
        settle(c, "ANALYZE")
    connection.close()


def moves_left(chain, at):
    g, m = at
    return sum(len(s["moves"]) for s in chain[g:]) - (m if g < len(chain) else 0)


def top_up(chains, at, need, counter):
    """Appends games to every chain with fewer than `need` scripted moves left; the k-th game of
    chain c has the seed bench-c-k on both API sides. Returns how many games were created."""
    created = 0
    for c, chain in enumerate(chains):
        while moves_left(chain, at[c]) < need:
            chain.append(create_game(next(counter), f"bench-{c}-{len(chain)}"))
            created += 1
    return created


def client_run(args):
    """One client process: a thread per client, each playing its chain of games until time is up.

    An API client resumes its chain where its previous slice stopped (`at`: game and move index
    per chain), so every level plays games at all stages, not only their openings. Requests in
    the first WARMUP_SECONDS are not counted; the rate is over the same window for every side.
    A client whose connection fails counts an error and stops. Returns [(latencies, errors, where
    the chain stopped, requests sent, ran out of moves, stopped before the end)] per chain.
    """
    port, chains, at, bare, seconds = args
    # This process is a fork of the bench, Django and all: its full garbage collections would
    # walk all of that in the middle of a timed request. What is timed must be the server.
    gc.freeze()
    gc.disable()
    results = [None] * len(chains)
    start = time.perf_counter()
    count_from = start + WARMUP_SECONDS
    stop_at = count_from + seconds

    def worker(i):
        chain = chains[i]
        conn = HTTPConnection("127.0.0.1", port, timeout=30)
        lat = []
        errors = sent = 0
        g, m = at[i]
        ran_dry, failed = True, False
        # The bare endpoint ignores the rules, so its clients cycle their chain and never run dry.
        while g < len(chain) or bare:
            script = chain[g % len(chain)]
            if m >= len(script["moves"]):
                g, m = g + 1, 0
                continue
            now = time.perf_counter()
            if now >= stop_at:
                ran_dry = False
                break
            token, action = script["moves"][m]
            if bare:
                path, body = f"/bench/bare/{script['game']}/", {"action": action}
            else:
                path, body = (
                    f"/api/games/{script['game']}/moves/",
                    {"action": action, "expected_version": script["version"] + m},
                )
            try:
                conn.request(
                    "POST",
                    path,
                    body=json.dumps(body),
                    headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
                )
                resp = conn.getresponse()
                resp.read()
            except (OSError, HTTPException):
                errors += 1
                ran_dry, failed = False, True
                break
            done = time.perf_counter()
            sent += 1
            if now >= count_from:
                lat.append(done - now)
            m += 1
            if resp.status != 201:
                errors += 1
                g, m = g + 1, 0  # this game's script is off: go on with the next
        conn.close()
        results[i] = (lat, errors, (g, m), sent, ran_dry, ran_dry or failed)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(len(chains))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def run_slice(port, chains, at, bare, seconds):
    """Runs one slice with a client per chain from `at`; returns the counted latencies, the error
    count, where each chain stopped, the most requests one client sent (warmup included), the
    clients that ran out of moves and the clients that stopped before the end (idle from then on:
    out of moves or a failed connection)."""
    procs = min(len(chains), 4)
    idx = [list(range(len(chains)))[i::procs] for i in range(procs)]
    with Pool(procs) as pool:
        parts = pool.map(
            client_run, [(port, [chains[j] for j in js], [at[j] for j in js], bare, seconds) for js in idx]
        )
    stopped = list(at)
    lat, errors, most, dry, idle = [], 0, 0, set(), set()
    for js, part in zip(idx, parts):
        for j, (lats, e, where, sent, ran_dry, stopped_early) in zip(js, part):
            lat += lats
            errors += e
            stopped[j] = where
            most = max(most, sent)
            if ran_dry:
                dry.add(j)
            if stopped_early:
                idle.add(j)
    return lat, errors, stopped, most, dry, idle


def summary(lat, errors, seconds):
    lat = sorted(lat)
    p = lambda q: round(lat[min(len(lat) - 1, int(q * len(lat)))] * 1000, 2) if lat else None  # noqa: E731
    return {
        "requests": len(lat),
        "per_second": round(len(lat) / seconds, 1),
        "p50_ms": p(0.50),
        "p99_ms": p(0.99),
        "errors": errors,
    }


def ratio(a, b):
    return round(a / b, 3) if a and b else None


def measure_level(ports, clients):
    """The three sides' slices in turn; each API client goes on with its chain of games, topped
    up before every round from what its side played in its previous slice."""
    truncate()
    counter = itertools.count()
    chains = {"bare": [[create_game(next(counter), f"bare-{c}")] for c in range(clients)]}
    chains.update({side: [[] for _ in range(clients)] for side in API_SIDES})
    at = {side: [(0, 0)] * clients for side in SIDES}
    slice_seconds = SECONDS / ROUNDS
    need = {side: FIRST_RATE / clients * (WARMUP_SECONDS + slice_seconds) * SAFETY for side in API_SIDES}
    lat = {side: [] for side in SIDES}
    errors = {side: 0 for side in SIDES}
    out_of_games = {side: set() for side in API_SIDES}
    created = {side: 0 for side in API_SIDES}
    flagged = []
    for r in range(ROUNDS):
        made = 0
        for side in API_SIDES:
            n = top_up(chains[side], at[side], need[side], counter)
            created[side] += n
            made += n
        if made or r == 0:
            settle_writes()
        # The order turns every round: each side goes first in turn, so whatever the machine does
        # after the setup (or at any moment) falls on every side alike.
        for side in SIDES[r % 3 :] + SIDES[: r % 3]:
            port = ports["orm"] if side == "orm" else ports["sql"]
            part, err, at[side], most, dry, idle = run_slice(
                port, chains[side], at[side], side == "bare", slice_seconds
            )
            lat[side] += part
            errors[side] += err
            if side in API_SIDES:
                # What the fastest client played (its rate over the slice), SAFETY times over; more
                # if the slice ran dry, since then it played less than it could.
                need[side] = max(most * SAFETY, need[side] * SAFETY if dry else 0)
                out_of_games[side] |= dry
            if err or dry or idle:
                flagged.append(
                    {"round": r, "side": side, "errors": err, "clients_ran_dry": len(dry), "clients_idle": len(idle)}
                )
                print(
                    f"warning: {clients} clients, round {r}, {side}: {err} error(s), {len(dry)} client(s) "
                    f"out of games, {len(idle)} stopped before the end: this level's figures are not valid",
                    file=sys.stderr,
                )
    level = {side: summary(lat[side], errors[side], SECONDS) for side in SIDES}
    for side in API_SIDES:
        level[side]["rate_ratio"] = ratio(level[side]["per_second"], level["bare"]["per_second"])
        level[side]["p99_ratio"] = ratio(level[side]["p99_ms"], level["bare"]["p99_ms"])
        level[side]["clients_out_of_games"] = len(out_of_games[side])
        level[side]["games_created"] = created[side]
    level["orm_vs_sql_rate"] = ratio(level["orm"]["per_second"], level["sql"]["per_second"])
    level["orm_vs_sql_p99"] = ratio(level["orm"]["p99_ms"], level["sql"]["p99_ms"])
    level["flagged_slices"] = flagged
    return level


def start_server(port, hotpath):
    """A gunicorn server whose tasks queue to a real Redis, as in production (no worker: the queue
    is purged at the end); `hotpath` is its TRAILPOST_SQL_HOTPATH."""
    env = dict(
        os.environ,
        DATABASE_URL=BENCH_DB,
        TRAILPOST_ENV="test",
        TRAILPOST_BENCH="1",
        CELERY_TASK_ALWAYS_EAGER="0",
        REDIS_URL=BENCH_REDIS,
        DJANGO_SETTINGS_MODULE="config.settings",
        TRAILPOST_SQL_HOTPATH=hotpath,
    )
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi",
            "-b",
            f"127.0.0.1:{port}",
            "-w",
            WORKERS,
            "--log-level",
            "warning",
        ],
        env=env,
        cwd=ROOT,
    )


def main():
    subprocess.run(
        ["psql", "-h", "127.0.0.1", "-U", "postgres", "-qc", "CREATE DATABASE trailpost_bench_api"], capture_output=True
    )
    django_setup()
    ports = {side: free_port() for side in API_SIDES}
    servers = [start_server(ports[side], HOTPATH[side]) for side in API_SIDES]
    report = {
        "gunicorn_workers": int(WORKERS),
        "seconds_per_side": SECONDS,
        "rounds": ROUNDS,
        "servers": {side: f"TRAILPOST_SQL_HOTPATH={HOTPATH[side]}" for side in API_SIDES},
        "bare_served_by": "sql",
        "levels": {},
    }
    try:
        for port in ports.values():
            for _ in range(50):
                try:
                    HTTPConnection("127.0.0.1", port, timeout=1).request("GET", "/api/engines/")
                    break
                except OSError:
                    time.sleep(0.2)
        for clients in LEVELS:
            report["levels"][clients] = measure_level(ports, clients)
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(10)
        import redis

        redis.Redis.from_url(BENCH_REDIS).flushdb()
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
