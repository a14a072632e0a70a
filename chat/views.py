"""The game page's table talk: its messages (polled by htmx) and posting one.

Works without JavaScript: the form posts, then redirects back to the game page's chat. With htmx
the form swaps the chat panel in place, and the message list asks every few seconds whether
anything changed (204 when not: one query after the game's)."""

from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from core.errors import GameError
from games import selectors as game_selectors

from . import services
from .models import Message
from .selectors import PAGE_SIZE, chat_page, chat_stamp, recipients


def panel_context(request, game, *, error: str = "", text: str = "", to: str = "", posted: bool = False) -> dict:
    """Returns what the chat panel shows this reader: the messages they may read (the latest
    PAGE_SIZE, newest last), and the form when they may write."""
    user = request.user
    page = chat_page(game, user)
    seat, why_not = None, ""
    try:
        seat = services.writer_seat(game, user)
    except GameError as exc:
        why_not = exc.message
    return {
        "game": game,
        "user": user,
        "request": request,
        "chat": {
            "messages": page["messages"],
            "earlier": page["earlier"] is not None,
            "page_size": PAGE_SIZE,
            "stamp": chat_stamp(game, user),
            "seat": seat,
            "can_post": seat is not None,
            "why_not": why_not,
            "recipients": recipients(game, seat),
            "error": error,
            "text": text,
            "to": str(to or ""),
            "posted": posted,
            "max_length": 2000,
        },
    }


@require_http_methods(["GET", "POST"])
def chat(request, pk):
    """GET: the message list (htmx's poll; 204 when the reader's `s` stamp is still current).
    POST: writes a message (text, to), then back to the game page (htmx: the panel, redrawn)."""
    game = game_selectors.visible_game(request.user, pk)
    if request.method == "GET":
        if request.GET.get("s") == chat_stamp(game, request.user):
            return HttpResponse(status=204)
        return render(request, "chat/_messages.html", panel_context(request, game))
    if not request.user.is_authenticated:
        login = reverse("account_login") + "?" + urlencode({"next": reverse("games:detail", args=[pk])})
        if request.htmx:
            response = HttpResponse(status=204)
            response["HX-Redirect"] = login
            return response
        return redirect(login)
    text = request.POST.get("text", "")[: 4 * 2000]
    to = request.POST.get("to", "")[:10]
    try:
        services.post_message(game=game, user=request.user, text=text, to=to or None, channel=Message.Channel.WEB)
    except GameError as exc:
        if request.htmx:
            ctx = panel_context(request, game, error=exc.message, text=text, to=to)
            return render(request, "chat/_panel_body.html", ctx)
        messages.error(request, exc.message)
        return redirect(reverse("games:detail", args=[pk]) + "#chat")
    if request.htmx:
        return render(request, "chat/_panel_body.html", panel_context(request, game, to=to, posted=True))
    return redirect(reverse("games:detail", args=[pk]) + "#chat")
