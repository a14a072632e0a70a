"""{% player_standings person %}: a player's ratings, rating over time and results, for the
profile page (accounts does not import the games' apps; its template loads this tag)."""

from django import template

register = template.Library()


@register.inclusion_tag("standings/_player.html", takes_context=True)
def player_standings(context, person):
    from standings.views import player_context

    request = context.get("request")
    viewer = getattr(request, "user", None)
    return player_context(person, viewer, own=viewer is not None and viewer == person)


@register.filter
def signed(value) -> str:
    """A rating change as +1.2 / −0.4."""
    value = float(value)
    return f"+{value:.1f}" if value >= 0 else f"−{-value:.1f}"


@register.filter
def get_place(places: dict, place) -> int:
    """How many games ended at this place (3: third or lower)."""
    place = int(place)
    if place >= 3:
        return sum(n for p, n in places.items() if p >= place)
    return places.get(place, 0)


@register.simple_tag
def leaderboard_url(game) -> str:
    """The leaderboard a game's result counts on (its game and edition)."""
    from standings.keys import key_of

    return key_of(game.rules, game.options).leaderboard_url()
