"""Web pages of the notifications app: preferences (with the clock's vacations, whose pages are
games.clock_views), game mutes, unsubscribe and "I'm back" links, the calendar feed. Views parse,
call a service, render."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from core.errors import GameError
from games.clock import away
from games.clock_views import vacations_context
from games.models import Game, Seat

from . import calendar, services
from .forms import PreferencesForm
from .models import TUNABLE_KINDS, GameMute, Kind
from .tokens import read_back_token, read_unsubscribe_token


@login_required
def preferences(request):
    prefs = services.preferences_of(request.user)
    form = PreferencesForm(
        request.POST or None, deliveries=prefs["deliveries"], initial={"webhook_url": prefs["webhook_url"]}
    )
    if request.method == "POST" and form.is_valid():
        try:  # the service checks the webhook address (once: it resolves the host)
            services.preferences_save(
                user=request.user, deliveries=form.deliveries(), webhook_url=form.cleaned_data["webhook_url"]
            )
        except GameError as exc:
            form.add_error("webhook_url" if exc.extra.get("field") == "webhook_url" else None, exc.message)
        else:
            messages.success(request, "Notification settings saved.")
            return redirect("notifications:preferences")
    return render(
        request,
        "notifications/preferences.html",
        {
            "form": form,
            **vacations_context(request.user),
            "mutes": GameMute.objects.filter(user=request.user).select_related("game"),
            "seats": Seat.objects.filter(user=request.user, game__status=Game.Status.ACTIVE).select_related("game"),
            "grace_minutes": _duration(settings.TRAILPOST["GRACE_SECONDS"]),
        },
    )


def _duration(seconds: float) -> str:
    """'2 minutes', '90 seconds', 'none'."""
    if seconds <= 0:
        return "none"
    if seconds % 60 == 0:
        minutes = int(seconds // 60)
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    return f"{int(seconds)} seconds"


@login_required
@require_POST
def game_mute(request, pk):
    game = get_object_or_404(Game.objects.visible_to(request.user), pk=pk)
    muted = request.POST.get("muted", "1") == "1"
    services.game_mute_set(user=request.user, game=game, muted=muted)
    messages.success(request, f"{game}: {'muted' if muted else 'notices back on'}.")
    return redirect(_local_or(request, request.POST.get("next"), "notifications:preferences"))


def _local_or(request, url, fallback):
    """Returns `url` if it stays on this site, else `fallback`: a posted `next` is never trusted."""
    if url and url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return url
    return fallback


def _unsubscribe_what(data: dict) -> str:
    """Returns what a valid unsubscribe token would turn off, as the end of a sentence."""
    if data.get("g"):
        game = Game.objects.filter(pk=data["g"]).first()
        return f"emails about {game}" if game else "emails about a game that no longer exists"
    kind = data.get("k")
    if kind in TUNABLE_KINDS:
        return f"emails of this kind: {Kind(kind).label.lower()}"
    return "digest emails"


@csrf_exempt  # RFC 8058: mail clients POST without a session or a CSRF token; the signed token is the authority
@require_http_methods(["GET", "HEAD", "POST"])
def unsubscribe(request, token):
    """A signed link in every email. GET only asks (link scanners fetch it); a POST, the page's button
    or a mail client's one-click `List-Unsubscribe=One-Click`, applies it."""
    data = read_unsubscribe_token(token)
    if data is None:
        return render(
            request,
            "notifications/unsubscribed.html",
            {
                "message": "This unsubscribe link is not valid: it may have been cut short or changed. "
                "Nothing was changed. You can choose which emails you get in your "
                "notification settings."
            },
            status=400,
        )
    if request.method != "POST":
        return render(
            request,
            "notifications/unsubscribe_confirm.html",
            {"what": _unsubscribe_what(data), "action": request.path, "game_mute": bool(data.get("g"))},
        )
    undo = request.POST.get("undo") == "1"
    message = services.unsubscribe_apply(data, undo=undo)
    return render(
        request,
        "notifications/unsubscribed.html",
        {"message": message, "action": request.path, "muted": bool(data.get("g")) and not undo},
    )


@csrf_exempt  # the signed link is the authority (it names the player and the day), as for unsubscribe
@require_http_methods(["GET", "HEAD", "POST"])
def back(request, token):
    """The "I'm back" link of an automatic vacation day's email. GET only asks (link scanners
    fetch it); the page's one button (a POST) applies it: games.clock.away.back."""
    data = read_back_token(token)
    if data is None:
        return render(
            request,
            "notifications/unsubscribed.html",
            {"message": "This link is not valid: it may have been cut short or changed. Nothing was changed."},
            status=400,
        )
    if request.method != "POST":
        return render(request, "notifications/back_confirm.html", {"action": request.path})
    user = get_user_model().objects.filter(pk=data["u"]).first()
    moved = away.back(user=user, vacation_id=data["v"]) if user is not None else 0
    if moved:
        message = f"Welcome back: your deadline{'s' if moved != 1 else ''} moved back in ({moved} game{'s' if moved != 1 else ''})."
    else:
        message = "Welcome back. Nothing had to change: that day is already over, or you said so before."
    return render(request, "notifications/unsubscribed.html", {"message": message})


@login_required
@require_POST
def calendar_create(request):
    """Makes a new calendar URL (the old one stops working); it is shown once, on the profile."""
    key = calendar.feed_create(user=request.user)
    request.session["new_calendar_url"] = request.build_absolute_uri(reverse("notifications:calendar_feed", args=[key]))
    messages.success(request, "Calendar URL made. Copy it now into your calendar: it is shown once.")
    return redirect("accounts:profile")


@login_required
@require_POST
def calendar_revoke(request):
    if calendar.feed_revoke(user=request.user):
        messages.success(request, "Calendar URL revoked: calendars using it get nothing more.")
    else:
        messages.error(request, "You have no calendar URL.")
    return redirect("accounts:profile")


@require_http_methods(["GET", "HEAD"])
def calendar_feed(request, key):
    """The ICS feed of a user's deadlines. Its key is the only authority (a calendar app has no
    session): a wrong or revoked key gets the site's plain 404, the same as any unknown page."""
    user = calendar.feed_user(key)
    if user is None:
        raise Http404("No such page")
    response = HttpResponse(calendar.feed_ics(user), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = 'inline; filename="trailpost-deadlines.ics"'
    response["Cache-Control"] = "private, no-cache"
    response["Referrer-Policy"] = "no-referrer"
    response["X-Robots-Tag"] = "noindex"
    return response
