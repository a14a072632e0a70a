"""A newcomer's first run, end to end: the real `make run` on SQLite with no Redis answering (so
the filesystem broker), its state in a temporary folder. Through the web server it starts: log
in as the demo admin, create an API token, play in the demo game against the bots on the game
page and through the API, and see the bots answer through the Celery worker. Then Ctrl-C (SIGINT
to the process group, as a terminal sends it) must stop everything `make run` started.

honcho runs each Procfile.dev entry in a session of its own, so neither the process group nor
the session of `make run` holds them all: the processes are found by the TRAILPOST_VAR_DIR in
their environment, which every one of them inherits and which is this test's own temporary folder.
"""

import os
import signal
import socket
import subprocess
import time
import uuid
from html.parser import HTMLParser
from pathlib import Path

import httpx
import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
DEMO_LOGIN = ("admin@trailpost.localhost", "trailpost")  # games/management/commands/demo_setup.py
ON_SQLITE = settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.xdist_group("newcomer"),
    pytest.mark.skipif(
        not ON_SQLITE, reason="tests make run's own SQLite and no-Redis path: runs in the SQLite run of the suite only"
    ),
    pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="finds processes through /proc (Linux)"),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def answers(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def processes_with(marker: bytes) -> dict[int, str]:
    """Returns {pid: command line} of the live processes whose environment holds marker."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if marker in (entry / "environ").read_bytes().split(b"\0"):
                found[int(entry.name)] = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:  # gone meanwhile, or not ours to read
            pass
    return found


def wait_for(predicate, timeout: float, what: str):
    """Polls predicate until it returns something true; fails with `what` after timeout seconds."""
    end = time.monotonic() + timeout
    while True:
        result = predicate()
        if result:
            return result
        if time.monotonic() > end:
            pytest.fail(f"{what}: not within {timeout:.0f} s")
        time.sleep(0.5)


class Forms(HTMLParser):
    """The page's forms, each as {"action": ..., "fields": {name: value}, "buttons": [(name, value)]},
    as a browser reads them (pressing a button sends its name and value with the fields)."""

    def __init__(self, page: str):
        super().__init__()
        self.forms = []
        self.feed(page)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.forms.append({"action": a.get("action", ""), "fields": {}, "buttons": []})
        elif tag == "input" and self.forms and a.get("name"):
            self.forms[-1]["fields"][a["name"]] = a.get("value") or ""
        elif tag == "button" and self.forms and a.get("name"):
            self.forms[-1]["buttons"].append((a["name"], a.get("value") or ""))


class Browser(httpx.Client):
    """Keeps cookies, as a browser does. A request whose connection fails or drops is sent again,
    for up to 30 s: runserver's autoreloader restarts the server when a source file changes. Each
    request here may go twice: moves carry idempotency keys, logging in twice is harmless. A 429
    (the API's throttle, on as in any development server) is waited out as its Retry-After says,
    as a well-behaved client does."""

    def request(self, *args, **kwargs):
        end = time.monotonic() + 30
        while True:
            try:
                response = super().request(*args, **kwargs)
            except httpx.TransportError:
                if time.monotonic() > end:
                    raise
                time.sleep(0.5)
                continue
            if response.status_code != 429 or time.monotonic() > end:
                return response
            time.sleep(float(response.headers.get("Retry-After", "1")))

    def url(self, path: str) -> str:
        return str(self.base_url.join(path))


@pytest.fixture
def make_run(tmp_path):
    """Starts `make run` as a newcomer would, in a session of its own; yields (process, base URL,
    log path, marker). Whatever is still running afterwards (a failed test) is killed."""
    var = tmp_path / "var"
    port = free_port()
    env = {
        k: v
        for k, v in os.environ.items()
        if k
        not in (
            "DATABASE_URL",
            "CELERY_BROKER_URL",
            "CELERY_TASK_ALWAYS_EAGER",
            "TRAILPOST_ENV",
            "SITE_URL",
            "MAKEFLAGS",
            "MFLAGS",
            "MAKELEVEL",
        )
    }
    env.update(
        TRAILPOST_VAR_DIR=str(var), PORT=str(port), REDIS_URL=f"redis://127.0.0.1:{free_port()}/0"
    )  # nothing answers there
    marker = f"TRAILPOST_VAR_DIR={var}".encode()
    log = tmp_path / "make-run.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            ["make", "run"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
    try:
        yield proc, f"http://127.0.0.1:{port}", log, marker
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        for pid in processes_with(marker):  # every descendant, in whatever session
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        proc.wait(timeout=10)


def test_a_newcomer_plays_against_the_bots_and_ctrl_c_stops_everything(make_run):
    proc, base, log, marker = make_run
    port = int(base.rsplit(":", 1)[1])
    try:
        with Browser(base_url=base, timeout=30, trust_env=False) as web:
            play_the_demo_game(proc, web)
        ctrl_c_stops_everything(proc, port, marker)
    except BaseException:
        print(f"make run's output ({log}):\n{log.read_text(errors='replace')}")
        raise


def play_the_demo_game(proc, web: Browser):
    """Logs in, makes a token, plays a move on the game page and one through the API, and waits
    until the bots (played by the worker) have answered and it is the player's turn again."""

    def up():
        assert proc.poll() is None, f"make run exited with {proc.returncode}"
        try:  # once, not as Browser would: a make run that failed is seen at once
            return httpx.get(web.url("/accounts/login/"), timeout=5, trust_env=False).status_code == 200
        except httpx.TransportError:
            return False

    wait_for(up, 120, "make run serves the login page")

    # Log in through allauth's page, as a browser does.
    login = Forms(web.get("/accounts/login/").text).forms
    token = next(f["fields"]["csrfmiddlewaretoken"] for f in login if "csrfmiddlewaretoken" in f["fields"])
    r = web.post(
        "/accounts/login/",
        data={"csrfmiddlewaretoken": token, "login": DEMO_LOGIN[0], "password": DEMO_LOGIN[1]},
        headers={"Referer": web.url("/accounts/login/")},
    )
    assert r.status_code == 302 and "sessionid" in web.cookies, (r.status_code, r.text[:500])

    # An API token, made with the session (and its CSRF token) as the profile page's scripts would.
    r = web.post("/api/tokens/", json={"name": "newcomer"}, headers={"X-CSRFToken": web.cookies["csrftoken"]})
    assert r.status_code == 201, r.text
    api = {"Authorization": f"Token {r.json()['key']}"}

    games = web.get("/api/games/", headers=api).json()
    game = next(g for g in games if g["status"] == "active")
    gid = game["id"]

    def summary():
        r = web.get(f"/api/games/{gid}/", headers=api)
        assert r.status_code == 200, r.text
        return r.json()

    def my_turn():
        s = summary()
        return s["my_turn"] or s["status"] != "active"

    # The bots may move first: wait for the player's turn.
    wait_for(my_turn, 60, "the player's first turn (after any bot moves)")

    # A move on the game page: the list's first move button pressed (the form's fields and that
    # button's action), posted with the session.
    page = web.get(f"/games/{gid}/")
    moves = [f for f in Forms(page.text).forms if f["action"] == f"/games/{gid}/move/" and f["buttons"]]
    assert moves, page.text[:2000]
    before = int(moves[0]["fields"]["version"])
    pressed = dict([moves[0]["buttons"][0]])
    r = web.post(f"/games/{gid}/move/", data={**moves[0]["fields"], **pressed}, headers={"Referer": str(page.url)})
    assert r.status_code == 302 and r.headers["location"] == f"/games/{gid}/", (r.status_code, r.text[:500])
    assert summary()["version"] > before

    # Moves through the API until the bots have answered the player's last one.
    wait_for(my_turn, 60, "the player's turn after the web move")
    last = None
    end = time.monotonic() + 90
    while True:
        s = summary()
        if s["status"] != "active":
            break  # the game is over: nothing more to answer
        bots_answered = last is not None and any(
            e["channel"] == "bot"
            for e in web.get(f"/api/games/{gid}/moves/", params={"after": last}, headers=api).json()
        )
        if s["my_turn"] and not bots_answered:  # a first move, or a decision of the player's own
            acts = web.get(f"/api/games/{gid}/actions/", headers=api).json()
            r = web.post(
                f"/api/games/{gid}/moves/",
                headers={**api, "Idempotency-Key": str(uuid.uuid4())},
                json={"action": acts["actions"][0]["action"], "expected_version": acts["version"]},
            )
            # 201, or 200 with the first answer when the request went twice (see Browser)
            assert r.status_code in (200, 201) and r.json()["move"]["seat"] == s["my_seat"], r.text
            assert r.json()["version"] > acts["version"]
            last = r.json()["move"]["seq"]
            continue
        mine = next(p for p in s["players"] if p["position"] == s["my_seat"])
        if bots_answered and (s["my_turn"] or mine["status"] != "playing"):
            break
        assert time.monotonic() < end, f"the bots did not answer move {last} within 90 s: {s}"
        time.sleep(0.5)


def ctrl_c_stops_everything(proc, port: int, marker: bytes):
    """SIGINT to make run's process group; within 20 s nothing it started runs and the port is free."""
    running = processes_with(marker)
    for name in ("runserver", "celery -A config worker", "celery -A config beat"):
        assert any(name in cmd for cmd in running.values()), f"no {name} among {running}"
    os.killpg(proc.pid, signal.SIGINT)
    end = time.monotonic() + 20
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        pytest.fail(f"make run still runs 20 s after Ctrl-C: {processes_with(marker)}")
    while (processes_with(marker) or answers(port)) and time.monotonic() < end:
        time.sleep(0.2)
    assert processes_with(marker) == {}, "left running 20 s after Ctrl-C"
    assert not answers(port), f"port {port} still answers 20 s after Ctrl-C"
    with pytest.raises(ProcessLookupError):  # make run's own process group is empty too
        os.killpg(proc.pid, 0)
