"""Providers' inbound webhooks (django-anymail), guarded: anymail's URL patterns served only for
the providers TRAILPOST_INBOUND_WEBHOOKS names (`only_if_served`), and the inbound ones wrapped so
that a message anymail cannot parse, or one over rawmail's limits, is recorded as refused and
answered 200, not a 500 the provider retries for days (`guard_inbound_webhook`). A message anymail
delivers goes to `inbound.route.handle_message` through its `inbound` signal (`on_anymail_inbound`,
connected in InboundConfig.ready).
"""

from __future__ import annotations

import base64
import binascii
import copy
import email.message
import functools
import hashlib
import hmac
import json
import logging
import re
import urllib.parse
import uuid

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured, PermissionDenied, RequestDataTooBig, SuspiciousOperation
from django.db import DatabaseError
from django.http import Http404, HttpResponse

from notifications.tokens import find_reply_token

from . import rawmail
from .checks import webhook_provider, webhook_served
from .route import handle_message

log = logging.getLogger(__name__)


def on_anymail_inbound(sender, event, esp_name, **kwargs):
    """anymail's `inbound` signal: the provider's webhook delivered a message."""
    message = event.message
    recipients = [message.envelope_recipient] if getattr(message, "envelope_recipient", None) else []
    result = handle_message(message, recipients=recipients, envelope_sender=getattr(message, "envelope_sender", None))
    log.info("inbound email via %s: %s", esp_name, result.outcome)


def guard_inbound_webhook(view):
    """Wraps an anymail inbound webhook view: a message anymail itself cannot parse (MIME nested
    thousands deep, say) is recorded as refused and answered 200, not a 500 the provider retries.
    Refused credentials (400) and an unreachable database (500: the provider tries again later)
    go through unchanged."""

    @functools.wraps(view)
    def guarded(request, *args, **kwargs):
        try:
            refused = _webhook_shape_refusal(request)
            if refused is not None:  # refused before anymail's parser reads it (rawmail's limits)
                _record_webhook_refusal(request.body, refused)
                return HttpResponse(status=200)
            return view(request, *args, **kwargs)
        except RequestDataTooBig:  # over DATA_UPLOAD_MAX_MEMORY_SIZE: Django's 400 would be retried for days
            size = int(request.META.get("CONTENT_LENGTH") or 0)
            handle_message(
                email.message.EmailMessage(),
                raw_hash=uuid.uuid4().hex,
                size=size,
                refusal=(
                    "too_large",
                    f"The provider's webhook posted {size} bytes, more than "
                    "Django takes (DATA_UPLOAD_MAX_MEMORY_SIZE).",
                ),
            )
            return HttpResponse(status=200)
        except (SuspiciousOperation, PermissionDenied, Http404, DatabaseError, ImproperlyConfigured):
            raise  # refused credentials, an unreachable database, a provider set up wrong: not the message
        except Exception:
            log.warning("an inbound webhook's message could not be parsed", exc_info=True)
            try:
                body = request.body
            except Exception:  # read as a stream (file uploads): only the size is known
                body = b""
            _record_webhook_refusal(
                body, ("malformed", "The provider's webhook delivered a message that could not be parsed.")
            )
            return HttpResponse(status=200)

    return guarded


def _record_webhook_refusal(body: bytes, refusal: tuple[str, str]) -> None:
    """Records a refused webhook post (under the reply token its first bytes name, if any)."""
    head = urllib.parse.unquote(body[: settings.TRAILPOST["INBOUND_MAX_BYTES"]].decode("latin-1"))
    token = find_reply_token([head])
    handle_message(
        email.message.EmailMessage(),
        recipients=[f"play+{token}@"] if token else [],
        raw_hash=hashlib.sha256(body).hexdigest(),
        size=len(body),
        refusal=refusal,
    )


def _webhook_authorized(request) -> bool:
    """Whether the post carries the webhook's basic-auth secret (as anymail checks it): only then
    is its body read here; anything else goes to anymail's view, which refuses it, storing nothing."""
    secrets = (settings.ANYMAIL or {}).get("WEBHOOK_SECRET") or []
    secrets = [secrets] if isinstance(secrets, str) else list(secrets)
    sent = request.META.get("HTTP_AUTHORIZATION", "").encode()
    return any(hmac.compare_digest(sent, b"Basic " + base64.b64encode(secret.encode())) for secret in secrets if secret)


# JSON inside a JSON string or a form field (SNS's "Message", Mandrill's "mandrill_events") is read
# this deep; deeper is not a provider's post.
_JSON_IN_STRINGS = 3


def _base64_message_field(node: dict) -> str | None:
    """The field of a provider's JSON object that holds the raw message base64-encoded, as anymail
    reads it: Amazon SES's "content" when its receipt action says BASE64, SparkPost's
    "email_rfc822" when "email_rfc822_is_base64", Postal's "message" when "base64"; None for any
    other (an attachment's base64 is not parsed as a message)."""
    receipt = node.get("receipt")
    action = receipt.get("action") if isinstance(receipt, dict) else None
    if isinstance(action, dict) and action.get("encoding") == "BASE64" and "content" in node:
        return "content"
    if node.get("email_rfc822_is_base64") is True:
        return "email_rfc822"
    if node.get("base64") is True and "message" in node:
        return "message"
    return None


# A string of base64 only (an attachment's content, posted by Postmark, Mailjet...): anymail does
# not parse it as a message, so it is not counted as text (its one long line would pass for a
# header block over the limit); a provider's raw message in base64 is decoded and counted instead.
_BASE64_ONLY = re.compile(r"[A-Za-z0-9+/=\r\n]{64,}")
# A string that holds a message of its own (its first line a header, or an mbox "From " line):
# counted as one, apart from the post's other text; a post holds one, or a few.
_LIKE_A_MESSAGE = re.compile(r"(?:From [^\n]*\n)?[!-9;-~]{1,200}[ \t]*:[^\n]*\n")
MAX_WEBHOOK_MESSAGES = 20


def _json_strings(value, depth: int = 0) -> tuple[list[str], list[bytes]]:
    """Returns the strings of a decoded JSON value (JSON held in its strings read as JSON, its line
    breaks unescaped; base64 attachments left out), and apart the messages it holds: raw ones
    base64-encoded, decoded, and strings that read as a message."""
    texts: list[str] = []
    messages: list[bytes] = []
    stack = [(value, depth)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, dict):
            encoded = _base64_message_field(node)
            for key, item in node.items():
                if key == encoded and isinstance(item, str):
                    messages.append(binascii.a2b_base64(item.encode("ascii")))
                else:
                    stack.append((item, level))
        elif isinstance(node, list):
            stack.extend((item, level) for item in node)
        elif isinstance(node, str):
            inner = _embedded_json(node, level)
            if inner is not None:
                stack.append((inner, level + 1))
            elif _BASE64_ONLY.fullmatch(node):
                continue
            else:
                texts.append(node)
                if _LIKE_A_MESSAGE.match(node):
                    messages.append(node.encode("utf-8", "surrogatepass"))
    return texts, messages


def _embedded_json(text: str, level: int):
    """The JSON value a string holds (an object or a list), or None."""
    if level >= _JSON_IN_STRINGS or text.lstrip()[:1] not in ("{", "["):
        return None
    try:
        return json.loads(text)
    except ValueError:
        return None


def _webhook_texts(request) -> list[bytes]:
    """What a provider's post carries, as rawmail can count it: its text (a form's fields decoded,
    where the raw message is one of them; a JSON body's strings, which JSON escapes the line breaks
    of; JSON held in a string or a form field read too, such as the SNS notification's "Message"
    or Mandrill's events), then apart each raw message it holds base64-encoded, decoded (Amazon
    SES, SparkPost, Postal)."""
    body = request.body
    if request.content_type == "application/json":
        texts, messages = _json_strings(json.loads(body))
        return ["\n".join(texts).encode("utf-8", "surrogatepass"), *messages]
    if request.content_type not in ("application/x-www-form-urlencoded", "multipart/form-data"):
        return [body]
    if request.content_type == "application/x-www-form-urlencoded":
        text = urllib.parse.unquote_to_bytes(body.replace(b"+", b" "))
    else:
        text = body  # multipart/form-data: the fields stand in the body as they are
    fields = {key: value for key, values in request.POST.lists() for value in values if _embedded_json(value, 0)}
    texts, messages = _json_strings(fields) if fields else ([], [])
    return [text + b"\n" + "\n".join(texts).encode("utf-8", "surrogatepass"), *messages]


def _webhook_shape_refusal(request) -> tuple[str, str] | None:
    """Returns why an authorized provider post is refused before anymail parses the message in it
    (rawmail's limits on MIME parts, header blocks and lines, counted in the post's text and in each
    message it holds base64-encoded; a body that cannot be read is malformed), or None."""
    if request.method != "POST" or not _webhook_authorized(request):
        return None
    try:
        texts = _webhook_texts(request)
    except (ValueError, RecursionError, binascii.Error):
        return "malformed", "The provider's webhook posted a body that could not be read."
    if len(texts) > 1 + MAX_WEBHOOK_MESSAGES:
        return "malformed", f"The provider's webhook posted more than {MAX_WEBHOOK_MESSAGES} messages at once."
    for text in texts:
        refused = rawmail.refusal(text, 0)
        if refused is not None:
            return refused
    return None


def guarded_anymail_urls() -> list:
    """anymail's URL patterns, with its inbound webhooks wrapped in guard_inbound_webhook."""
    from anymail import urls  # its views, loaded with the URLconf rather than when the app starts

    patterns = []
    for pattern in urls.urlpatterns:
        pattern = copy.copy(pattern)
        if "inbound" in (pattern.name or ""):
            pattern.callback = guard_inbound_webhook(pattern.callback)
        pattern.callback = only_if_served(pattern.callback, webhook_provider(pattern.name or ""))
        patterns.append(pattern)
    return patterns


def only_if_served(view, provider: str):
    """Wraps a webhook view: 404, as for an address that does not exist, unless the provider is
    named in TRAILPOST_INBOUND_WEBHOOKS (read at each call); nothing is read or stored before."""

    @functools.wraps(view)
    def served(request, *args, **kwargs):
        if not webhook_served(provider):
            raise Http404("No such webhook.")
        return view(request, *args, **kwargs)

    return served
