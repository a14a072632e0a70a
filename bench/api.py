"""Move submissions per second through the real API (gunicorn + PostgreSQL), against a bare DRF
endpoint in the same run and the same server (token auth, one select_for_update row update, one
appended log row: the least a move can cost). 1, 8 and 32 concurrent clients.

Each client plays its own Oregon Trail Race game: the games get a known seed, and the actions are
worked out beforehand by replaying the engine's bot offline, so the clients only POST moves.
Prints one JSON object; the ratios are what to read (the machine is noisy between runs).

The API and the bare endpoint take turns in short slices (ROUNDS of each per level), so a burst
of noise from elsewhere on the machine falls on both sides rather than on whichever ran then.
"""
import json
import os
import random
import socket
import subprocess
import sys
import threading
import time
from http.client import HTTPConnection
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
BENCH_DB = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/trailpost_bench_api")
BENCH_REDIS = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/14")
LEVELS = [1, 8, 32]
SECONDS = float(os.environ.get("BENCH_SECONDS", "6"))  # per side and level, split over ROUNDS
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
MOVES_PER_GAME = 400
WARMUP_SECONDS = 0.5  # at the start of each slice, not counted


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def games_per_client(n_clients) -> int:
    """Games each client gets per slice: more than it can play in one (a 2-player game is ~150 moves)."""
    return int(os.environ.get("BENCH_GAMES_PER_CLIENT", 0)) or (-(-6 // n_clients) + 1)


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
    connection.close()
    return scripts


def client_run(args):
    """One client process: a thread per client, each playing its chain of games until time is up.

    Requests in the first WARMUP_SECONDS are not counted; the rate is over the same window for
    the API and the bare endpoint.
    """
    port, chains, bare, seconds = args
    results = []
    lock = threading.Lock()
    start = time.perf_counter()
    count_from = start + WARMUP_SECONDS
    stop_at = count_from + seconds

    def worker(chain):
        conn = HTTPConnection("127.0.0.1", port, timeout=30)
        lat = []
        errors = 0
        # The bare endpoint ignores the rules, so its clients cycle their chain and never run dry.
        for script in (chain * 1000 if bare else chain):
            version = script["version"]
            for token, action in script["moves"]:
                now = time.perf_counter()
                if now >= stop_at:
                    break
                if bare:
                    path, body = f"/bench/bare/{script['game']}/", {"action": action}
                else:
                    path, body = (f"/api/games/{script['game']}/moves/",
                                  {"action": action, "expected_version": version})
                conn.request("POST", path, body=json.dumps(body),
                             headers={"Authorization": f"Token {token}", "Content-Type": "application/json"})
                resp = conn.getresponse()
                resp.read()
                done = time.perf_counter()
                if now >= count_from:
                    lat.append(done - now)
                if resp.status != 201:
                    errors += 1
                    break
                version += 1
        conn.close()
        with lock:
            results.append((lat, errors))

    threads = [threading.Thread(target=worker, args=(c,)) for c in chains]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def run_slice(port, chains, bare, seconds):
    """Runs one slice with a client per chain; returns the counted latencies and the error count."""
    procs = min(len(chains), 4)
    per = [chains[i::procs] for i in range(procs)]
    with Pool(procs) as pool:
        parts = pool.map(client_run, [(port, p, bare, seconds) for p in per])
    return [x for part in parts for l, _ in part for x in l], sum(e for part in parts for _, e in part)


def summary(lat, errors, seconds):
    lat = sorted(lat)
    p = lambda q: round(lat[min(len(lat) - 1, int(q * len(lat)))] * 1000, 2) if lat else None  # noqa: E731
    return {"requests": len(lat), "per_second": round(len(lat) / seconds, 1), "p50_ms": p(0.50),
            "p99_ms": p(0.99), "errors": errors}


def measure_level(port, clients):
    """API and bare slices in turn; each API slice plays fresh games from their first move."""
    per_client = games_per_client(clients)
    scripts = setup(clients, clients * (per_client * ROUNDS + 1))
    bare_chains = [[s] for s in scripts[:clients]]
    api_scripts = scripts[clients:]
    slice_seconds = SECONDS / ROUNDS
    api_lat, bare_lat, api_err, bare_err = [], [], 0, 0
    for r in range(ROUNDS):
        mine = api_scripts[r * clients * per_client:(r + 1) * clients * per_client]
        lat, err = run_slice(port, [mine[c::clients] for c in range(clients)], False, slice_seconds)
        api_lat += lat
        api_err += err
        lat, err = run_slice(port, bare_chains, True, slice_seconds)
        bare_lat += lat
        bare_err += err
    return summary(api_lat, api_err, SECONDS), summary(bare_lat, bare_err, SECONDS)


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
