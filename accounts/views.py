"""The profile page: display name and API tokens."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from . import services
from .forms import ChooseNameForm, ProfileForm, TokenForm


def _next(request) -> str:
    """Where to go after the name is chosen: the page that was asked for, if it is one of ours."""
    target = request.POST.get("next") or request.GET.get("next") or "/"
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return "/"
    return target


@login_required
def choose_name(request):
    """The display name, asked once of an account that has none (accounts.middleware.ChooseNameMiddleware)."""
    if request.user.display_name:
        return redirect(_next(request))
    form = ChooseNameForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(
            request, f"Welcome, {request.user.public_name}. You can change your name on your profile page."
        )
        return redirect(_next(request))
    return render(request, "accounts/choose_name.html", {"form": form, "next": _next(request)})


@login_required
def profile(request):
    before = services.quiet_snapshot(request.user)  # the form changes the instance as it validates
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        services.profile_saved(user=request.user, before=before)
        messages.success(request, "Profile saved.")
        return redirect("accounts:profile")
    return render(
        request,
        "accounts/profile.html",
        {
            "form": form,
            "token_form": TokenForm(),
            "tokens": request.user.api_tokens.order_by("-created_at"),
            "new_token": request.session.pop("new_token", None),
            # Made by notifications.views.calendar_create: the calendar URL, shown this once.
            "new_calendar_url": request.session.pop("new_calendar_url", None),
        },
    )


@login_required
@require_POST
def token_create(request):
    form = TokenForm(request.POST)
    name = form.cleaned_data["name"] if form.is_valid() else ""
    token = services.api_token_create(user=request.user, name=name)
    request.session["new_token"] = token.key
    messages.success(request, f"Token “{token.name}” created. Copy it now: it is shown once.")
    return redirect("accounts:profile")


@login_required
@require_POST
def token_revoke(request, token_id):
    if services.api_token_revoke(user=request.user, token_id=token_id):
        messages.success(request, "Token revoked.")
    else:
        messages.error(request, "No such token.")
    return redirect("accounts:profile")
