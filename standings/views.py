"""The standings pages: leaderboards, a game's statistics with pictures, a player's ratings.

Views parse and render; the numbers come from standings.selectors and the pictures from
standings.plots, served from their own URLs as SVG images.

A player's page is addressed by the slug of their display name (/players/ann-lee/) and exists
only for the players of standings.selectors.listed_players; for anyone else, and for a name
nobody has, every reader gets the same 404. The reader's own pictures (the profile's) are under
/players/me/, which needs no page.
"""

from __future__ import annotations

from csp.constants import NONE
from csp.decorators import csp
from django.db.models import Count
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from . import keys, plots, selectors
from .figures import figures_of
from .models import Rating, StatsAggregate

NO_PLAYER = "There is no such player."


def _key(rules: str, edition: str | None) -> keys.Key:
    key = keys.find(rules, edition)
    if key is None:
        raise Http404("There is no such game or edition.")
    return key


def _editions(key: keys.Key) -> list[dict]:
    return [
        {"edition": e, "current": e == key.edition, "key": keys.Key(key.rules, e)}
        for e in keys.editions(key.rules)
        if e
    ]


def _player(request, slug: str | None):
    """The player a page or picture is about: the listed player with this slug, or (slug None,
    /players/me/...) the signed-in reader; Http404, always the same, for anyone else."""
    if slug is None:
        if request.user.is_authenticated:
            return request.user
    else:
        person = selectors.listed_player(slug)
        if person is not None:
            return person
    raise Http404(NO_PLAYER)


@require_safe
def index(request):
    """Every game and edition, with its number of finished games and rated players."""
    games = dict(StatsAggregate.objects.values_list("key", "games"))
    players = dict(Rating.objects.values_list("key").annotate(n=Count("pk")).values_list("key", "n"))
    rows = [{"key": k, "games": games.get(k.value, 0), "players": players.get(k.value, 0)} for k in keys.all_keys()]
    return render(request, "standings/index.html", {"rows": rows})


@require_safe
def leaderboard(request, rules: str, edition: str | None = None):
    key = _key(rules, edition)
    try:
        page = selectors.page_number(request.GET.get("page"))
    except selectors.BadPage as exc:
        return render(request, "standings/bad_request.html", {"message": str(exc), "key": key}, status=400)
    board = selectors.leaderboard(key, page=page, user=request.user)
    return render(
        request,
        "standings/leaderboard.html",
        {"board": board, "key": key, "editions": _editions(key)},
    )


@require_safe
def stats(request, rules: str, edition: str | None = None):
    key = _key(rules, edition)
    found = selectors.stats(key)
    plots_ = [
        {"name": "win-share", "title": "Share of games won, by seat position"},
        {"name": "lengths", "title": "How long games last"},
    ] + [{"name": f.name, "title": f.title, "figure": f} for f in figures_of(rules)]
    for p in plots_:
        p["url"] = f"{key.plot_url(p['name'])}?v={found.version}"
        p["values"] = next((f["values"] for f in found.figures if f["figure"].name == p["name"]), None)
    return render(
        request,
        "standings/stats.html",
        {"stats": found, "key": key, "plots": plots_, "editions": _editions(key)},
    )


def _svg(svg: bytes) -> HttpResponse:
    response = HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")
    response["X-Content-Type-Options"] = "nosniff"
    return response


# pygal's SVG carries its styles in a <style> element; opened on its own it may use them, nothing else.
_SVG_CSP = {"default-src": [NONE], "style-src": ["'unsafe-inline'"], "img-src": [NONE]}


@require_safe
@csp(_SVG_CSP)
@cache_control(max_age=60)
def stats_plot(request, rules: str, edition: str, name: str):
    key = _key(rules, None if edition == "-" else edition)
    svg = plots.stats_plot(selectors.stats(key), name)
    if svg is None:
        raise Http404("There is no such picture.")
    return _svg(svg)


@require_safe
def player(request, slug: str):
    person = _player(request, slug)
    return render(request, "standings/player.html", {"person": person})


def _url(name: str, slug: str | None, *args) -> str:
    return (
        reverse(f"standings:my_{name}", args=args) if slug is None else reverse(f"standings:{name}", args=[slug, *args])
    )


def player_context(person, viewer, *, own: bool) -> dict:
    """What a player's standings show (the player page, and the profile's own section, `own`,
    whose pictures are the reader's own: /players/me/...)."""
    found = selectors.player(person, viewer=viewer)
    slug = None if own else person.slug
    for pk in found:
        pk.plot_url = _url("player_rating_plot", slug, pk.key.rules, pk.key.url_edition) + f"?v={pk.rating.games}"
    results_url = _url("player_results_plot", slug) + "?v=" + "-".join(str(pk.rating.games) for pk in found)
    page_url = None
    if own and selectors.listed_players().filter(pk=person.pk).exists():
        page_url = reverse("standings:player", args=[person.slug])
    return {"person": person, "standings": found, "results_url": results_url, "own": own, "page_url": page_url}


# A player's pictures show what the reader may see: kept in the reader's browser only.
@require_safe
@csp(_SVG_CSP)
@cache_control(max_age=60, private=True)
def player_rating_plot(request, rules: str, edition: str, slug: str | None = None):
    person = _player(request, slug)
    key = _key(rules, None if edition == "-" else edition)
    found = next((pk for pk in selectors.player(person, viewer=request.user) if pk.key == key), None)
    if found is None:
        raise Http404("This player has no rating in that game.")
    return _svg(plots.rating_plot(found))


@require_safe
@csp(_SVG_CSP)
@cache_control(max_age=60, private=True)
def player_results_plot(request, slug: str | None = None):
    person = _player(request, slug)
    return _svg(plots.results_plot(person.pk, selectors.player(person, viewer=request.user)))
