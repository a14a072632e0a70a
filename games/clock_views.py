"""The turn clock's pages: vacations (planned and automatic days) and a seat's standing orders.

They live under /mail/ (their paths from when the notifications app served them) and their URL
names under `clock:` (games/clock_urls.py). The vacations are shown on the notification settings
page (notifications' `preferences`, which includes templates/games/_vacations.html with
`vacations_context`), and each vacation form returns there. Views parse, call the clock, render.
"""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from core.errors import GameError
from games.clock.away import days_this_year
from games.clock.orders import standing_orders_for
from games.clock.vacations import vacation_add as add_vacation
from games.clock.vacations import vacation_remove as remove_vacation
from games.forms import StandingOrdersForm, VacationForm
from games.models import Game, Vacation
from games.selectors import player_seat
from games.timekeeper.autoplay import standing_orders_set

# The page that shows a player's vacations (the notification settings), where each form returns.
SETTINGS_PAGE = "notifications:preferences"


def vacations_context(user) -> dict:
    """Returns what templates/games/_vacations.html shows: the planned vacations, the year's days,
    the yearly allowance and an empty form to plan one."""
    return {
        "vacation_form": VacationForm(),
        "vacations": Vacation.objects.filter(user=user, automatic=False).order_by("starts_on"),
        "days": days_this_year(user),
        "allowance": settings.TRAILPOST["VACATION_DAYS_PER_YEAR"],
    }


@login_required
@require_POST
def vacation_automatic(request):
    """Turns automatic vacation days on or off."""
    request.user.auto_vacation = request.POST.get("auto_vacation") == "1"
    request.user.save(update_fields=["auto_vacation"])
    messages.success(
        request,
        "Automatic vacation days on: a day is used when a deadline would pass."
        if request.user.auto_vacation
        else "Automatic vacation days off: a passed deadline plays your default move.",
    )
    return redirect(SETTINGS_PAGE)


@login_required
@require_POST
def vacation_add(request):
    form = VacationForm(request.POST)
    if form.is_valid():
        try:
            add_vacation(user=request.user, **form.cleaned_data)
            messages.success(request, "Vacation saved: your deadlines pause on those days.")
        except GameError as exc:
            messages.error(request, exc.message)
    else:
        messages.error(request, "Give a start and an end date.")
    return redirect(SETTINGS_PAGE)


@login_required
@require_POST
def vacation_remove(request, pk):
    if remove_vacation(user=request.user, vacation_id=pk):
        messages.success(request, "Vacation removed.")
    else:
        messages.error(request, "That vacation was not found: nothing was removed.")
    return redirect(SETTINGS_PAGE)


@login_required
def standing_orders(request, pk):
    game = get_object_or_404(Game.objects.visible_to(request.user), pk=pk)
    try:
        seat = player_seat(game, request.user)
    except GameError as exc:
        messages.error(request, exc.message)
        return redirect("games:detail", pk=pk)
    kinds = game.engine.decision_kinds
    form = StandingOrdersForm(request.POST or None, decision_kinds=kinds, current=standing_orders_for(seat))
    if request.method == "POST" and form.is_valid():
        try:
            standing_orders_set(seat=seat, orders={k: form.cleaned_data.get(k) or "" for k in kinds})
            messages.success(request, "Standing orders saved.")
            return redirect("clock:standing_orders", pk=pk)
        except GameError as exc:
            messages.error(request, exc.message)
    return render(request, "games/standing_orders.html", {"game": game, "form": form, "kinds": kinds})
