"""The one email funnel: every email is a template triplet under templates/notifications/
(<kind>.subject.txt, <kind>.txt, <kind>.html) rendered with one context shape."""

from __future__ import annotations

import re
from email.mime.image import MIMEImage
from email.utils import make_msgid
from urllib.parse import urlsplit

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse

from .models import TUNABLE_KINDS, Kind
from .tokens import unsubscribe_token


def site_url(path: str) -> str:
    return settings.SITE_URL + path


def message_id_domain() -> str:
    """Returns the right-hand side of the Message-IDs Trailpost writes: the site's host."""
    return urlsplit(settings.SITE_URL).hostname or settings.TRAILPOST_REPLY_DOMAIN


def thread_root(*, game_id: int, user_id: int) -> str:
    """Returns the Message-ID that roots one player's thread about one game. No email carries it
    as its own Message-ID: every email of the thread points at it (In-Reply-To, References), which
    mail clients group by, whichever of the thread's emails arrived first or was deleted."""
    return f"<game-{game_id}-user-{user_id}@{message_id_domain()}>"


def base_context(*, user_id: int | None, kind: str, game_id: int | None) -> dict:
    """Returns the links every email carries: the site, the game, the settings page, and the
    footer's links, each named for what it does:

    - `mute_url`, "Mute this game": mutes the game for this player (any email about a game);
    - `stop_kind_url`, "Stop emails like this": turns this kind off (a kind the player can tune,
      or the digest);
    - `preferences_url`, "All email settings": the settings page.

    `unsubscribe_url` is the List-Unsubscribe target: "stop emails like this" where there is
    such a link, else (the answers to an emailed move, an invitation) "mute this game".
    `thread_root` is set for an email to a player about a game (see thread_root).
    """
    ctx = {"site_url": settings.SITE_URL, "preferences_url": site_url(reverse("notifications:preferences"))}
    if game_id:
        ctx["game_url"] = site_url(f"/games/{game_id}/")
    if user_id:
        if game_id:
            mute = unsubscribe_token(user_id=user_id, game_id=game_id)
            ctx["mute_url"] = site_url(reverse("notifications:unsubscribe", args=[mute]))
            ctx["thread_root"] = thread_root(game_id=game_id, user_id=user_id)
        if kind in TUNABLE_KINDS or kind == Kind.DIGEST:
            token = unsubscribe_token(user_id=user_id, kind=kind)
            ctx["stop_kind_url"] = site_url(reverse("notifications:unsubscribe", args=[token]))
        if ctx.get("stop_kind_url") or ctx.get("mute_url"):
            ctx["unsubscribe_url"] = ctx.get("stop_kind_url") or ctx["mute_url"]
    return ctx


# A Message-ID as another mail system wrote it, accepted only in this plain shape (no spaces,
# line breaks or nested brackets: it goes into our headers).
MESSAGE_ID_RE = re.compile(r"<[^<>@\s]{1,200}@[^<>@\s]{1,200}>")


def thread_headers(context: dict) -> dict:
    """Returns In-Reply-To and References for an email of a player's thread about a game: under
    the thread's root, or under the player's own emailed reply (`in_reply_to`, its Message-ID)
    when the email answers it. Nothing for an email outside a game's thread."""
    root = context.get("thread_root")
    if not root:
        return {}
    parent = str(context.get("in_reply_to") or "").strip()
    if not MESSAGE_ID_RE.fullmatch(parent) or parent == root:
        return {"In-Reply-To": root, "References": root}
    return {"In-Reply-To": parent, "References": f"{root} {parent}"}


# Templates of the answers to a player's emailed move ("Played", "Not played").
AUTO_REPLIED = ("reply_ok", "reply_error")


def render_email(
    *,
    template: str,
    to: str,
    context: dict,
    reply_to: str | None = None,
    connection=None,
    picture=None,
    message_id: str | None = None,
) -> EmailMultiAlternatives:
    """Renders a template triplet into a message (text with an HTML alternative); `message_id`, when
    given, is the one this email keeps however often it is sent (else a new one). A `picture`
    (notifications.pictures.Picture) goes inline: the HTML shows it as `picture_cid`, and the
    message becomes multipart/related (the alternatives, then the image), which mail clients show
    in place and do not list as an attachment."""
    if picture is not None:
        context = {**context, "picture_cid": picture.cid, "picture_alt": picture.alt}
    subject = " ".join(render_to_string(f"notifications/{template}.subject.txt", context).split())
    text = render_to_string(f"notifications/{template}.txt", context)
    html = render_to_string(f"notifications/{template}.html", context)
    # Every email here is sent automatically (RFC 3834): the answers to an emailed move are
    # auto-replied, the rest (notices, digests, invitations) auto-generated; neither should get an
    # automatic answer, and Exchange is asked not to send one (X-Auto-Response-Suppress).
    headers = {
        "Auto-Submitted": "auto-replied" if template in AUTO_REPLIED else "auto-generated",
        "X-Auto-Response-Suppress": "OOF, AutoReply",
        "Message-ID": message_id or make_msgid(idstring=template.replace("_", "-"), domain=message_id_domain()),
        **thread_headers(context),
    }
    if context.get("unsubscribe_url"):
        headers["List-Unsubscribe"] = f"<{context['unsubscribe_url']}>"
        headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    if context.get("game_url"):
        headers["X-Trailpost-Game"] = str(context.get("game", {}).get("id", ""))
    message = EmailMultiAlternatives(
        subject=subject,
        body=text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[to],
        reply_to=[reply_to] if reply_to else None,
        headers=headers,
        connection=connection,
    )
    message.attach_alternative(html, "text/html")
    if picture is not None:
        image = MIMEImage(picture.png, "png")
        image.add_header("Content-ID", f"<{picture.cid}>")
        image.add_header("Content-Disposition", "inline", filename="table.png")
        message.mixed_subtype = "related"
        message.attach(image)
    return message


def send_email(*, template: str, to: str, context: dict, reply_to: str | None = None, connection=None) -> None:
    """Renders and sends one email now (callers outside the outbox: none in play, but handy in a shell)."""
    render_email(template=template, to=to, context=context, reply_to=reply_to, connection=connection).send()
