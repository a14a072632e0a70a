"""Addresses and headers from outside are bounded and checked before anything reads them.

The attacks that found it: a NUL byte in a URL or a query (`/join/%00/`, `/?q=%00`) reached
PostgreSQL (a 500); URLs over 4 KB and headers over 8 KB got gunicorn's HTML 414/431 under /api/.
"""

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/join/%00/", "/?q=%00", "/games/1/?from=%01", "/players/%7F/"])
def test_control_characters_in_the_address_are_refused_on_pages(client, url):
    response = client.get(url)
    assert response.status_code == 400
    assert b"not allowed" in response.content


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/api/games/%00/", "/api/games/?q=%00", "/api/users/%1b/ratings/"])
def test_control_characters_in_an_api_address_get_the_api_error(client, url):
    response = client.get(url)
    assert response.status_code == 400
    assert response.json()["code"] == "VALIDATION_ERROR"
    assert "not allowed" in response.json()["message"]


@pytest.mark.django_db
def test_an_address_over_4_kb_is_refused_with_json_under_the_api(client):
    response = client.get("/api/games/", {"q": "a" * 4100})
    assert response.status_code == 414
    assert response.json()["code"] == "REQUEST_TOO_LARGE"
    assert client.get("/", {"q": "a" * 4100}).status_code == 414


@pytest.mark.django_db
def test_headers_over_8_kb_are_refused_with_json_under_the_api(client):
    response = client.get("/api/games/", HTTP_X_PADDING="b" * 8200)
    assert response.status_code == 431
    assert response.json()["code"] == "REQUEST_TOO_LARGE"


@pytest.mark.django_db
def test_ordinary_addresses_pass(client):
    assert client.get("/", {"q": "Prairie Pat — café"}).status_code == 200
    assert client.get("/api/games/").status_code in (401, 403)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _request(port: int, line: str, headers: str = "") -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(f"{line}\r\nHost: 127.0.0.1\r\n{headers}Connection: close\r\n\r\n".encode())
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    return data


@pytest.fixture(scope="module")
def gunicorn_port():
    """gunicorn as Procfile runs it (from the project folder, so it reads gunicorn.conf.py)."""
    port = _free_port()
    env = {**os.environ, "TRAILPOST_ENV": "test", "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "1"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while True:  # wait for the port to answer (a condition, not a fixed sleep)
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail("gunicorn did not start")
            time.sleep(0.05)
    # The port answers once the master listens; the worker then imports Django and the project,
    # which takes seconds on a loaded machine: wait for an ordinary request's whole answer.
    while True:
        try:
            if _request(port, "GET /api/games/ HTTP/1.1").startswith(b"HTTP/1.1 "):
                break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline + 60:
            proc.kill()
            pytest.fail("gunicorn's worker did not answer")
    yield port
    proc.terminate()
    proc.wait(timeout=10)


def test_behind_gunicorn_a_long_api_address_gets_the_json_error(gunicorn_port):
    answer = _request(gunicorn_port, f"GET /api/games/?q={'a' * 6000} HTTP/1.1")
    assert answer.startswith(b"HTTP/1.1 414")
    assert b'"code": "REQUEST_TOO_LARGE"' in answer or b'"code":"REQUEST_TOO_LARGE"' in answer


def test_behind_gunicorn_large_api_headers_get_the_json_error(gunicorn_port):
    answer = _request(gunicorn_port, "GET /api/games/ HTTP/1.1", f"X-Padding: {'b' * 9000}\r\n")
    assert answer.startswith(b"HTTP/1.1 431")
    assert b"REQUEST_TOO_LARGE" in answer
