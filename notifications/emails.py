"""The one email funnel: every email is a template triplet under templates/notifications/
(<kind>.subject.txt, <kind>.txt, <kind>.html) rendered with one context shape."""

from __future__ import annotations

import re
from email.mime.image import MIMEImage
from email.utils import make_msgid
from functools import cache
from urllib.parse import urlsplit

import css_inline
from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.core.mail.message import SafeMIMEMultipart
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
    - `stop_kind_url`, "Stop emails like this": turns this kind off for every game (a kind the
      player can tune, or the digest), from the settings link only;
    - `preferences_url`, "All email settings": the settings page.

    `unsubscribe_url` is the List-Unsubscribe target (a mail client's one-click "unsubscribe"):
    for an email about a game, "mute this game", never a kind of email for every game (which
    would silence the player's turns everywhere and miss their deadlines); for the digest, the
    digest.
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
            ctx["unsubscribe_url"] = ctx.get("mute_url") or ctx["stop_kind_url"]
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


# Templates of the answers to a player's emailed move ("Played", "Not played", how to play).
AUTO_REPLIED = ("reply_ok", "reply_error", "reply_help")

# Emails that keep a subject of their own: they are not in a player's thread about a game.
OWN_SUBJECT = ("invitation", "digest")


def game_subject(game: dict) -> str:
    """Returns the one subject of every email about a game to a player ("Friday trail · Trailpost"),
    so every mail client threads them as one conversation (Gmail threads by subject, the others by
    References); what each email is about is its first line (`kind_line`), as GitHub does for an
    issue's notifications."""
    title = " ".join(str(game.get("title") or "").split()) or "A game"
    return f"{title} · Trailpost"


@cache
def _inliner() -> css_inline.CSSInliner:
    """The inliner of the emails' one stylesheet (templates/notifications/_base.html): its rules go
    into style="" attributes, which every mail client keeps (Gmail drops a <style> it cannot
    parse, Outlook half-reads one); the dark-mode block (data-css-inline="keep") stays a
    <style>, for the clients that read media queries (Apple Mail, Outlook on the Mac and the web)."""
    return css_inline.CSSInliner(keep_style_tags=False, load_remote_stylesheets=False)


def inline_css(html: str) -> str:
    """Returns the HTML with its <style> rules inlined (css-inline)."""
    return _inliner().inline(html)


class TrailpostEmail(EmailMultiAlternatives):
    """An email whose HTML part may show images carried with it: the message is
    multipart/alternative (the text, then multipart/related: the HTML and its images), so a client
    that shows the text never lists the picture as an attachment, and the related part names its
    root's type (RFC 2387's `type="text/html"`, which the standard requires)."""

    kind_line = ""  # what the email is about: its text's first line, its HTML's heading

    def __init__(self, *args, inline_images=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.inline_images = list(inline_images)

    def _create_alternatives(self, msg):
        if not self.inline_images:
            return super()._create_alternatives(msg)
        encoding = self.encoding or settings.DEFAULT_CHARSET
        outer = SafeMIMEMultipart(_subtype=self.alternative_subtype, encoding=encoding)
        outer.attach(msg)
        for alternative in self.alternatives:
            part = self._create_mime_attachment(alternative.content, alternative.mimetype)
            if alternative.mimetype == "text/html":
                related = SafeMIMEMultipart(_subtype="related", encoding=encoding)
                related.set_param("type", "text/html")
                related.attach(part)
                for image in self.inline_images:
                    related.attach(image)
                part = related
            outer.attach(part)
        return outer


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
    (notifications.pictures.Picture) goes inline: the HTML shows it as `picture_cid`, in a
    multipart/related part with the HTML (TrailpostEmail), which mail clients show in place and do
    not list as an attachment."""
    if picture is not None:
        context = {**context, "picture_cid": picture.cid, "picture_alt": picture.alt}
    # What the email is about: its subject, unless it is about a game (then the game's one subject),
    # and always the first line of its text and its HTML's heading.
    kind_line = " ".join(render_to_string(f"notifications/{template}.subject.txt", context).split())
    game = context.get("game") or {}
    subject = game_subject(game) if game.get("title") and template not in OWN_SUBJECT else kind_line
    context = {**context, "kind_line": kind_line}
    text = kind_line + "\n\n" + render_to_string(f"notifications/{template}.txt", context).lstrip("\n")
    html = inline_css(render_to_string(f"notifications/{template}.html", context))
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
    inline_images = []
    if picture is not None:
        image = MIMEImage(picture.png, "png")
        image.add_header("Content-ID", f"<{picture.cid}>")
        image.add_header("Content-Disposition", "inline", filename="table.png")
        inline_images.append(image)
    message = TrailpostEmail(
        subject=subject,
        body=text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[to],
        reply_to=[reply_to] if reply_to else None,
        headers=headers,
        connection=connection,
        inline_images=inline_images,
    )
    message.kind_line = kind_line
    message.attach_alternative(html, "text/html")
    return message


def send_email(*, template: str, to: str, context: dict, reply_to: str | None = None, connection=None) -> None:
    """Renders and sends one email now (callers outside the outbox: none in play, but handy in a shell)."""
    render_email(template=template, to=to, context=context, reply_to=reply_to, connection=connection).send()
