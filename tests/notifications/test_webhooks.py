"""Webhooks go only to public addresses (no server-side request forgery), checked when saved and
on the address actually connected to, and redirects are not followed."""

import contextlib
import logging
import socket
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import httpx
import pytest

from core.errors import ErrorCode, GameError
from notifications import delivery, services, tasks, webhooks
from notifications.models import Kind, Notification, NotificationSettings

from .conftest import hook_server

pytestmark = pytest.mark.django_db

NOT_PUBLIC = [
    "http://127.0.0.1:6379/",
    "http://169.254.169.254/latest/meta-data/",
    "http://10.0.0.5/hook",
    "http://172.16.0.1/",
    "http://192.168.1.1/",
    "http://100.64.0.1/",  # carrier-grade NAT
    "http://0.0.0.0:8000/",
    "http://224.0.0.1/",  # multicast
    "http://240.0.0.1/",  # reserved
    "http://localhost:8000/",
    "http://0x7f.1/",  # 127.0.0.1 spelled the old way
    "http://2130706433/",  # and as one number
    "http://[::1]/",
    "http://[::]/",
    "http://[fe80::1]/",
    "http://[fc00::1]/",
    "http://[ff02::1]/",
    "http://[::ffff:127.0.0.1]/",  # IPv4-mapped forms
    "http://[::ffff:169.254.169.254]/",
    "http://[2002:7f00:1::]/",  # 6to4 around 127.0.0.1
    "ftp://example.com/hook",
    "file:///etc/passwd",
]


@pytest.fixture
def strict(settings):
    """Local hosts not allowed (as in production)."""
    settings.TRAILPOST = {**settings.TRAILPOST, "WEBHOOK_ALLOW_PRIVATE": False}


@pytest.mark.parametrize("url", NOT_PUBLIC)
def test_webhook_urls_to_local_private_or_odd_addresses_are_refused(url, strict):
    with pytest.raises(webhooks.WebhookRefused):
        webhooks.check_url(url)


@pytest.mark.parametrize(
    "url",
    [
        "https://93.184.215.14/api/webhooks/1",
        "http://[2606:4700:4700::1111]/hook",
        "https://discord.example/api/webhooks/1",
    ],
)
def test_public_addresses_and_names_that_do_not_resolve_yet_may_be_saved(url, strict):
    webhooks.check_url(url)  # a name that does not resolve now is checked again at each post


def test_the_preferences_page_refuses_a_local_webhook_with_a_form_error(users, client, strict):
    client.force_login(users[0])
    data = {
        f"kind_{k}": "immediate" for k in ["your_turn", "decision", "reminder", "hit", "game_over", "timeout", "chat"]
    }
    data["webhook_url"] = "http://169.254.169.254/latest/meta-data/"
    page = client.post("/mail/preferences/", data)
    assert page.status_code == 200
    assert "webhooks go only to servers on the internet" in page.content.decode()
    assert not NotificationSettings.objects.filter(user=users[0]).exists()


def test_saving_a_local_webhook_through_the_service_is_a_validation_error(users, strict):
    with pytest.raises(GameError) as refused:
        services.preferences_save(user=users[0], webhook_url="http://127.0.0.1:6379/")
    assert refused.value.code == ErrorCode.VALIDATION_ERROR
    assert not NotificationSettings.objects.filter(user=users[0]).exists()


def test_with_local_hosts_not_allowed_a_loopback_webhook_gets_no_request_and_no_retry(make_game, users, strict, caplog):
    server, hits = hook_server([204])
    try:
        # Saved before addresses were checked (or written around the form): refused when posting.
        for u in users:
            NotificationSettings.objects.create(user=u, webhook_url=f"http://127.0.0.1:{server.server_port}/")
        with pytest.raises(GameError):
            services.preferences_save(user=users[0], webhook_url=f"http://127.0.0.1:{server.server_port}/")
        game = make_game()
        with caplog.at_level(logging.WARNING, logger="notifications"):
            delivery.send_unsent()
            notice = Notification.objects.get(game=game, kind=Kind.YOUR_TURN)
            assert notice.sent_at is not None
            assert tasks.post_webhook.apply((notice.pk,)).get() is True  # done: not to be tried again
    finally:
        server.shutdown()
    assert hits == []
    refusals = [r for r in caplog.records if "refused" in r.getMessage()]
    assert refusals and all(r.exc_info is None for r in refusals)


def test_with_local_hosts_allowed_the_same_webhook_is_posted(make_game, users, settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "WEBHOOK_ALLOW_PRIVATE": True}
    server, hits = hook_server([204])
    try:
        for u in users:
            services.preferences_save(user=u, webhook_url=f"http://127.0.0.1:{server.server_port}/")
        make_game()
        delivery.send_unsent()
    finally:
        server.shutdown()
    assert [status for status, _ in hits] == [204]


def _server(handler_body):
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            self.rfile.read(int(self.headers["Content-Length"]))
            handler_body(self)

        def log_message(self, *args):
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def test_a_redirect_is_not_followed_nor_tried_again(make_game, users, settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "WEBHOOK_ALLOW_PRIVATE": True}
    elsewhere = []
    target = _server(lambda h: (elsewhere.append(h.path), h.send_response(204), h.end_headers()))
    redirects = []

    def redirect(h):
        redirects.append(h.path)
        h.send_response(307)
        h.send_header("Location", f"http://127.0.0.1:{target.server_port}/internal")
        h.end_headers()

    server = _server(redirect)
    try:
        for u in users:
            NotificationSettings.objects.create(user=u, webhook_url=f"http://127.0.0.1:{server.server_port}/")
        game = make_game()
        delivery.send_unsent()
        notice = Notification.objects.get(game=game, kind=Kind.YOUR_TURN)
        assert tasks.post_webhook.apply((notice.pk,)).get() is True  # refused for good: no retry
    finally:
        server.shutdown()
        target.shutdown()
    assert redirects == ["/", "/"] and elsewhere == []


@pytest.fixture
def dns(monkeypatch):
    """Answers lookups of `hook.test` with the next address of `answers` (the last one ever
    after); every other lookup (IP literals included) goes to the real resolver."""
    real = socket.getaddrinfo
    state = {"answers": [], "asked": 0}

    def getaddrinfo(host, port, *args, **kwargs):
        if host != "hook.test":
            return real(host, port, *args, **kwargs)
        answer = state["answers"][min(state["asked"], len(state["answers"]) - 1)]
        state["asked"] += 1
        return real(answer, port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return state


def test_the_post_goes_to_the_address_looked_up_once_with_the_real_host_name(dns, settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "WEBHOOK_ALLOW_PRIVATE": True}
    hosts = []
    server = _server(lambda h: (hosts.append(h.headers["Host"]), h.send_response(204), h.end_headers()))
    dns["answers"] = ["127.0.0.1"]
    try:
        assert webhooks.post(f"http://hook.test:{server.server_port}/x", b"{}") == 204
    finally:
        server.shutdown()
    assert hosts == [f"hook.test:{server.server_port}"] and dns["asked"] == 1


def test_a_name_that_answers_public_then_loopback_cannot_rebind_the_post(dns, settings, strict):
    """DNS rebinding: the check's lookup says public, a second one would say loopback. There is
    no second lookup: the post goes to the public address checked (unreachable here) or nowhere."""
    settings.TRAILPOST = {**settings.TRAILPOST, "WEBHOOK_TIMEOUT_SECONDS": 1.0}
    server, hits = hook_server([204])
    dns["answers"] = ["93.184.215.14", "127.0.0.1"]
    try:
        # No route to the internet from the test machine (an error), or an answer from the public
        # address: either way, not the loopback server.
        with contextlib.suppress(httpx.HTTPError, OSError):
            webhooks.post(f"http://hook.test:{server.server_port}/", b"{}")
    finally:
        server.shutdown()
    assert hits == [] and dns["asked"] == 1
