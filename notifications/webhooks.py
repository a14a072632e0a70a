"""Webhook addresses and posts: http(s) to public addresses only, so that a player's webhook URL
cannot make the server call itself, its network or a cloud metadata service.

The host is resolved once per post, every address it resolves to is checked, and the connection
goes to the checked address itself (the URL's host replaced by that IP; the Host header and, for
https, the TLS server name and certificate check keep the real name). A second lookup, which a
DNS-rebinding attacker could answer differently, never happens. No proxy from the environment
(it would connect elsewhere), no redirects.
"""

from __future__ import annotations

import ipaddress
import socket

import httpx
from django.conf import settings


class WebhookRefused(ValueError):
    """The URL is not one webhooks may go to (scheme, or a non-public address): for good."""


class WebhookUnresolved(ValueError):
    """The host name did not resolve (maybe for now)."""


def _blocked(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Whether an address is loopback, private, link-local, multicast, reserved, unspecified or
    otherwise not on the public internet (an IPv4 address inside an IPv6 one counts as itself)."""
    if ip.version == 6:
        embedded = [ip.ipv4_mapped, ip.sixtofour, ip.teredo[1] if ip.teredo else None]
        if any(e is not None and _blocked(e) for e in embedded):
            return True
    return (
        not ip.is_global
        or ip.is_private
        or ip.is_loopback
        or ip.is_link_local
        or ip.is_multicast
        or ip.is_reserved
        or ip.is_unspecified
    )


def _allow_private() -> bool:
    return bool(settings.TRAILPOST.get("WEBHOOK_ALLOW_PRIVATE"))


def parse(url: str) -> httpx.URL:
    """Returns the URL parsed; raises WebhookRefused unless it is an http(s) URL with a host."""
    try:
        parsed = httpx.URL(url)
    except (httpx.InvalidURL, TypeError):
        raise WebhookRefused("That is not a web address.") from None
    if parsed.scheme not in ("http", "https"):
        raise WebhookRefused("A webhook must be an http:// or https:// address.")
    if not parsed.raw_host:
        raise WebhookRefused("That web address has no server name.")
    return parsed


def resolve(url: str) -> tuple[httpx.URL, str]:
    """Returns the parsed URL and the address to connect to, checked.

    Raises WebhookRefused when the URL or any address its host resolves to is refused (one
    private address among public ones is refused too: we would not know which one is meant),
    WebhookUnresolved when the host does not resolve.
    """
    parsed = parse(url)
    host = parsed.raw_host.decode("ascii")
    port = parsed.port or (443 if parsed.scheme == "https" else 80)
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise WebhookUnresolved(f"The server {parsed.host} could not be found.") from None
    addresses = [ipaddress.ip_address(info[4][0].split("%", 1)[0]) for info in infos]
    if not addresses:
        raise WebhookUnresolved(f"The server {parsed.host} could not be found.")
    if not _allow_private() and any(_blocked(ip) for ip in addresses):
        raise WebhookRefused(
            f"{parsed.host} is a local or private address: webhooks go only to servers on the internet."
        )
    return parsed, str(addresses[0])


def check_url(url: str) -> None:
    """Raises WebhookRefused, with a sentence for the player, when a URL may not be saved.

    A host that does not resolve now is accepted (DNS may be down for a moment, and each post
    checks again): saving checks what can be known, posting is what is guarded.
    """
    try:
        resolve(url)
    except WebhookUnresolved:
        pass


def post(url: str, body: bytes, *, timeout: float | None = None) -> int:
    """Posts a JSON body to a webhook at its checked address; returns the HTTP status (a 3xx
    is returned as is, not followed). Raises WebhookRefused, WebhookUnresolved or httpx.HTTPError.
    """
    parsed, ip = resolve(url)
    timeout = settings.TRAILPOST["WEBHOOK_TIMEOUT_SECONDS"] if timeout is None else timeout
    headers = {"Content-Type": "application/json", "User-Agent": "Trailpost", "Host": parsed.netloc.decode("ascii")}
    extensions = {"sni_hostname": parsed.raw_host.decode("ascii")} if parsed.scheme == "https" else {}
    with httpx.Client(trust_env=False, follow_redirects=False, timeout=timeout) as client:
        # Streamed and never read: the status is all we need, and a slow or endless body costs nothing.
        with client.stream(
            "POST", parsed.copy_with(host=ip), content=body, headers=headers, extensions=extensions
        ) as response:
            return response.status_code
