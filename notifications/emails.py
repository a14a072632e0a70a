"""The one email funnel: every email is a template triplet under templates/notifications/
(<kind>.subject.txt, <kind>.txt, <kind>.html) rendered with one context shape."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse

from .models import TUNABLE_KINDS, Kind
from .tokens import unsubscribe_token


def site_url(path: str) -> str:
    return settings.SITE_URL + path


def base_context(*, user_id: int | None, kind: str, game_id: int | None) -> dict:
    """Returns the links every email carries: the site, the game, preferences and unsubscribe."""
    ctx = {"site_url": settings.SITE_URL, "preferences_url": site_url(reverse("notifications:preferences"))}
    if game_id:
        ctx["game_url"] = site_url(f"/games/{game_id}/")
    if user_id:
        if game_id:
            mute = unsubscribe_token(user_id=user_id, game_id=game_id)
            ctx["mute_url"] = site_url(reverse("notifications:unsubscribe", args=[mute]))
        if kind in TUNABLE_KINDS or kind == Kind.DIGEST:
            token = unsubscribe_token(user_id=user_id, kind=kind)
            ctx["unsubscribe_url"] = site_url(reverse("notifications:unsubscribe", args=[token]))
        elif game_id:  # an answer to the player's own emailed move: "stop" means this game
            ctx["unsubscribe_url"] = ctx.pop("mute_url")
    return ctx


# Templates of the answers to a player's emailed move ("Played", "Not played").
AUTO_REPLIED = ("reply_ok", "reply_error")


def render_email(
    *, template: str, to: str, context: dict, reply_to: str | None = None, connection=None
) -> EmailMultiAlternatives:
    """Renders a template triplet into a message (text with an HTML alternative)."""
    subject = " ".join(render_to_string(f"notifications/{template}.subject.txt", context).split())
    text = render_to_string(f"notifications/{template}.txt", context)
    html = render_to_string(f"notifications/{template}.html", context)
    # Every email here is sent automatically (RFC 3834): the answers to an emailed move are
    # auto-replied, the rest (notices, digests, invitations) auto-generated; neither should get an
    # automatic answer, and Exchange is asked not to send one (X-Auto-Response-Suppress).
    headers = {
        "Auto-Submitted": "auto-replied" if template in AUTO_REPLIED else "auto-generated",
        "X-Auto-Response-Suppress": "OOF, AutoReply",
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
    return message


def send_email(*, template: str, to: str, context: dict, reply_to: str | None = None, connection=None) -> None:
    """Renders and sends one email now (callers outside the outbox: none in play, but handy in a shell)."""
    render_email(template=template, to=to, context=context, reply_to=reply_to, connection=connection).send()
