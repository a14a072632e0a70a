"""Move submissions per second through the real API (gunicorn + PostgreSQL), against a bare DRF
endpoint in the same run and the same server (token auth, one select_for_update row update, one
appended log row: the least a move can cost). 1, 8 and 32 concurrent clients.

Each client plays its own Oregon Trail Race game: the games get a known seed, and the actions are
worked out beforehand by replaying the engine's bot offline, so the clients only POST moves.
Prints one JSON object; the ratios are what to read (the machine is noisy between runs).

The API and the bare endpoint take turns in short slices (ROUNDS of each per level, each side
going first in every other round), so a burst of noise from elsewhere on the machine falls on
both sides rather than on whichever ran then. The setup's writes are checkpointed before the
clients start, and the client processes do not collect garbage while they time requests.
Each API client goes on with its games from one slice to the next, so every level plays games
at every stage (the openings notify more players than the middle of a game).
"""
import gc
import json
import os
import random
import subprocess
import sys
import threading
import time
from http.client import HTTPConnection
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


def games_per_client(n_clients) -> int:
    """Games each API client gets for a level: more than it can play in all its slices at 300
    moves/s shared by the clients (a 2-player game is 100 to 150 moves)."""
    seconds = SECONDS + ROUNDS * WARMUP_SECONDS
    return int(os.environ.get("BENCH_GAMES_PER_CLIENT", 0)) or (int(-(-300 * seconds // (n_clients * 100))) + 1)


def setup(n_clients, n_games):
    """Creates users, tokens and games with precomputed move scripts; returns the scripts."""
    os.environ["DATABASE_URL"] = BENCH_DB
    os.environ.setdefault("TRAILPOST_ENV", "test")
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "1"
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.conf import settings

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"  # setup's notices stay quiet
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0)
    from accounts.services import api_token_create
    from django.contrib.auth import get_user_model

    from games import services
    from games.models import Game, Seat

    with connection.cursor() as c:
        c.execute("TRUNCATE games_move, games_seat, games_invitation, games_game, accounts_apitoken CASCADE")
    User = get_user_model()
    engine = None
    scripts = []
    for i in range(n_games):
        users = [User.objects.get_or_create(username=f"bench{i}-{s}", defaults={"email": f"b{i}{s}@x.test"})[0]
                 for s in range(2)]
        game = services.game_create(owner=users[0], rules="oregon-trail-race", max_players=2, turn_hours=1000)
        services.game_join(game=game, user=users[1])
        services.game_start(game=game, by=users[0])
        game.refresh_from_db()
        engine = game.engine
        game.seed = f"bench-{i}"
        game.seed_sha256 = Game.hash_seed(game.seed)
        game.state = engine.new_state(game.options, 2, game.seed)
        game.save()
        tokens = {s.position: api_token_create(user=s.user).key for s in Seat.objects.filter(game=game)}
        state = engine.new_state(game.options, 2, game.seed)
        rnd = random.Random(i)
        moves = []
        while engine.result(state) is None and len(moves) < MOVES_PER_GAME:
            seat = engine.to_act(state)[0]
            action = engine.bot_action(state, seat, rnd)
            engine.apply(state, seat, action)
            moves.append((tokens[seat], action))
        scripts.append({"game": game.pk, "version": game.version, "moves": moves})
    # Fresh tables with stale statistics get plans no running server has (a sequential scan of
    # the users); autovacuum would analyze them soon, so the bench does it now, for both sides,
    # and checkpoints the setup's writes (see settle).
    with connection.cursor() as c:
        settle(c, "ANALYZE")
    connection.close()
    return scripts


def client_run(args):
    """One client process: a thread per client, each playing its chain of games until time is up.

    An API client resumes its chain where its previous slice stopped (`at`: game and move index
    per chain), so every level plays games at all stages, not only their openings. Requests in
    the first WARMUP_SECONDS are not counted; the rate is over the same window for the API and
    the bare endpoint. Returns [(latencies, errors, where the chain stopped)] per chain.
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
        errors = 0
        g, m = at[i]
        # The bare endpoint ignores the rules, so its clients cycle their chain and never run dry.
        while g < len(chain) or bare:
            script = chain[g % len(chain)]
            if m >= len(script["moves"]):
                g, m = g + 1, 0
                continue
            now = time.perf_counter()
            if now >= stop_at:
                break
            token, action = script["moves"][m]
            if bare:
                path, body = f"/bench/bare/{script['game']}/", {"action": action}
            else:
                path, body = (f"/api/games/{script['game']}/moves/",
                              {"action": action, "expected_version": script["version"] + m})
            conn.request("POST", path, body=json.dumps(body),
                         headers={"Authorization": f"Token {token}", "Content-Type": "application/json"})
            resp = conn.getresponse()
            resp.read()
            done = time.perf_counter()
            if now >= count_from:
                lat.append(done - now)
            m += 1
            if resp.status != 201:
                errors += 1
                g, m = g + 1, 0  # this game's script is off: go on with the next
        conn.close()
        results[i] = (lat, errors, (g, m))

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(len(chains))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def run_slice(port, chains, at, bare, seconds):
    """Runs one slice with a client per chain from `at`; returns the counted latencies, the error
    count and where each chain stopped."""
    procs = min(len(chains), 4)
    idx = [list(range(len(chains)))[i::procs] for i in range(procs)]
    with Pool(procs) as pool:
        parts = pool.map(client_run, [(port, [chains[j] for j in js], [at[j] for j in js], bare, seconds)
                                      for js in idx])
    stopped = list(at)
    lat, errors = [], 0
    for js, part in zip(idx, parts):
        for j, (l, e, where) in zip(js, part):
            lat += l
            errors += e
            stopped[j] = where
    return lat, errors, stopped


def summary(lat, errors, seconds):
    lat = sorted(lat)
    p = lambda q: round(lat[min(len(lat) - 1, int(q * len(lat)))] * 1000, 2) if lat else None  # noqa: E731
    return {"requests": len(lat), "per_second": round(len(lat) / seconds, 1), "p50_ms": p(0.50),
            "p99_ms": p(0.99), "errors": errors}


def measure_level(port, clients):
    """API and bare slices in turn; each API client goes on with its chain of games."""
    per_client = games_per_client(clients)
    scripts = setup(clients, clients * (per_client + 1))
    bare_chains = [[s] for s in scripts[:clients]]
    api_scripts = scripts[clients:]
    api_chains = [api_scripts[c::clients] for c in range(clients)]
    api_at, bare_at = [(0, 0)] * clients, [(0, 0)] * clients
    slice_seconds = SECONDS / ROUNDS
    api_lat, bare_lat, api_err, bare_err = [], [], 0, 0
    for r in range(ROUNDS):
        # The sides take turns going first: whatever the machine does after the level's setup
        # (or at any moment) falls on both alike.
        for bare in ((False, True) if r % 2 == 0 else (True, False)):
            if bare:
                lat, err, bare_at = run_slice(port, bare_chains, bare_at, True, slice_seconds)
                bare_lat += lat
                bare_err += err
            else:
                lat, err, api_at = run_slice(port, api_chains, api_at, False, slice_seconds)
                api_lat += lat
                api_err += err
    ran_dry = sum(1 for chain, (g, _) in zip(api_chains, api_at) if g >= len(chain))
    if ran_dry:
        print(f"warning: {ran_dry} API client(s) ran out of games; raise BENCH_GAMES_PER_CLIENT", file=sys.stderr)
    api = summary(api_lat, api_err, SECONDS)
    api["clients_out_of_games"] = ran_dry
    return api, summary(bare_lat, bare_err, SECONDS)


def main():
    subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-qc", "CREATE DATABASE trailpost_bench_api"],
                   capture_output=True)
    port = free_port()
    # The server queues its tasks to a real Redis, as in production (no worker: the queue is purged).
    env = dict(os.environ, DATABASE_URL=BENCH_DB, TRAILPOST_ENV="test", TRAILPOST_BENCH="1",
               CELERY_TASK_ALWAYS_EAGER="0", REDIS_URL=BENCH_REDIS, DJANGO_SETTINGS_MODULE="config.settings")
    workers = os.environ.get("BENCH_GUNICORN_WORKERS", "4")
    server = subprocess.Popen([sys.executable, "-m", "gunicorn", "config.wsgi", "-b", f"127.0.0.1:{port}",
                               "-w", workers, "--log-level", "warning"], env=env, cwd=ROOT)
    report = {"gunicorn_workers": int(workers), "seconds_per_side": SECONDS, "rounds": ROUNDS, "levels": {}}
    try:
        for _ in range(50):
            try:
                HTTPConnection("127.0.0.1", port, timeout=1).request("GET", "/api/engines/")
                break
            except OSError:
                time.sleep(0.2)
        for clients in LEVELS:
            api, bare = measure_level(port, clients)
            report["levels"][clients] = {
                "api": api, "bare": bare,
                "rate_ratio": round(api["per_second"] / bare["per_second"], 3) if bare["per_second"] else None,
                "p99_ratio": round(api["p99_ms"] / bare["p99_ms"], 3) if bare["p99_ms"] else None,
            }
    finally:
        server.terminate()
        server.wait(10)
        import redis

        redis.Redis.from_url(BENCH_REDIS).flushdb()
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
