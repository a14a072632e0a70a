"""The statistics' pictures: pygal charts rendered to SVG on the server.

Pages show them as <img src="....svg"> (an image runs no script, and the strict CSP of the page is
untouched); pygal's own JavaScript (tooltips) is left out. Each picture is cached under a name that
carries what it was drawn from (the aggregate's version, the rating's game count), so a finished
game makes the next request draw afresh and nothing needs deleting. A player's pictures show
what their reader may see (standings.selectors.player): their names carry a digest of what is
drawn, so one reader's picture is never served to another who may see less.
"""

from __future__ import annotations

import hashlib
import re

import pygal
from django.core.cache import cache
from pygal.style import Style

from . import ratings
from .selectors import PlayerKey, Stats

CACHE_SECONDS = 24 * 3600

STYLE = Style(
    background="#ffffff",
    plot_background="#ffffff",
    foreground="#1f2328",
    foreground_strong="#1f2328",
    foreground_subtle="#57606a",
    opacity=".9",
    opacity_hover="1",
    colors=("#8a4b14", "#1f6f8b", "#5b7f1f", "#9a3b6b", "#6b5ca5", "#b07800"),
    font_family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    title_font_size=20,
    label_font_size=17,
    major_label_font_size=17,
    legend_font_size=17,
    value_font_size=15,
    tooltip_font_size=15,
    no_data_font_size=28,
)


def _config(**extra) -> dict:
    extra.pop("title", None)  # the page names each picture in its <figcaption>, at the page's own size
    return {
        "style": STYLE,
        "js": [],  # no script in the SVG: pygal's tooltips need its JavaScript
        "width": 800,
        "height": 420,
        "explicit_size": True,
        "disable_xml_declaration": False,
        "print_values": False,
        "show_y_guides": True,
        "truncate_label": 24,
        "truncate_legend": 30,
        "legend_at_bottom": True,
        "margin": 16,
        **extra,
    }


_SCRIPT = re.compile(rb"<script\b.*?</script>", re.S)


def cached(name: str, draw) -> bytes:
    """Returns the SVG cached under `name`, drawing (and caching) it when it is not there.

    pygal writes its config into a <script> even with no JavaScript to run: it is taken out, so
    the picture holds no script at all."""
    svg = cache.get(name)
    if svg is None:
        svg = _SCRIPT.sub(b"", draw())
        cache.set(name, svg, CACHE_SECONDS)
    return svg


def _empty(title: str) -> bytes:
    chart = pygal.Bar(**_config(title=title, no_data_text="No finished games yet"))
    return chart.render()


def stats_plot(stats: Stats, name: str) -> bytes | None:
    """Returns one of a key's pictures (`name` from plot_names), None for an unknown name."""
    if name not in plot_names(stats.key.rules):
        return None
    return cached(f"standings:svg:{stats.key.value}:{name}:{stats.version}", lambda: _draw(stats, name))


def _whole_numbers(chart, top) -> None:
    """Labels a count axis with whole numbers only (pygal would mark 0.2, 0.4, ... games)."""
    if top <= 0:
        return
    step = max(1, -(-int(top) // 8))
    chart.y_labels = list(range(0, int(top) + step, step))


def plot_names(rules: str) -> list[str]:
    from .figures import figures_of

    return ["win-share", "lengths"] + [f.name for f in figures_of(rules)]


def _draw(stats: Stats, name: str) -> bytes:
    if name == "win-share":
        chart = pygal.Bar(
            **_config(
                title="Share of games won, by seat position",
                x_title="Seat position (1 plays first)",
                y_title="Games won (%)",
                range=(0, 100),
                no_data_text="No finished games yet",
            )
        )
        most = max((s["players"] for s in stats.win_share), default=0)
        chart.x_labels = [str(i + 1) for i in range(most)]
        for s in stats.win_share:
            chart.add(
                f"{s['players']} players ({s['games']} game{'' if s['games'] == 1 else 's'})",
                s["share"] + [None] * (most - len(s["share"])),
            )
        return chart.render()
    if name == "lengths":
        chart = pygal.Bar(
            **_config(
                title="How long games last",
                x_title="Moves in the game",
                y_title="Games",
                show_legend=False,
                x_label_rotation=30,
                no_data_text="No finished games yet",
            )
        )
        chart.x_labels = [f"{b['from']}–{b['to']}" for b in stats.lengths]
        chart.add("Games", [b["games"] for b in stats.lengths])
        _whole_numbers(chart, max((b["games"] for b in stats.lengths), default=0))
        return chart.render()
    for shown in stats.figures:
        fig = shown["figure"]
        if fig.name != name:
            continue
        horizontal = fig.order == "value"
        cls = pygal.HorizontalBar if horizontal else pygal.Bar
        chart = cls(
            **_config(
                title=fig.title,
                x_title=fig.y_title if horizontal else fig.x_title,
                y_title=None if horizontal else fig.y_title,
                show_legend=False,
                no_data_text="Nothing counted yet",
            )
        )
        values = shown["values"][::-1] if horizontal else shown["values"]  # a horizontal chart draws upwards
        chart.x_labels = [label[:1].upper() + label[1:] for label, _ in values]
        chart.add(fig.y_title, [v for _, v in values])
        if fig.kind != "ratio":
            _whole_numbers(chart, max((v for _, v in values), default=0))
        return chart.render()
    return _empty(name)


def _digest(*parts) -> str:
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


def rating_plot(pk: PlayerKey) -> bytes:
    """Returns a player's rating over the games shown at one key (ordinal, and mu); nothing drawn
    for a reader who may not see all of them (standings.selectors: `PlayerKey.numbers`)."""
    r = pk.rating
    drawn = _digest(pk.numbers, [(c.pk, c.mu_before, c.sigma_before, c.mu_after, c.ordinal_after) for c in pk.history])
    name = f"standings:svg:rating:{r.user_id}:{r.key}:{drawn}"

    def draw() -> bytes:
        chart = pygal.Line(
            **_config(
                title=f"Rating over time: {pk.key.title}",
                x_title="Rated games, oldest first",
                y_title="Rating",
                show_dots=True,
                dots_size=3,
                no_data_text="No rated games yet" if pk.numbers else "Not drawn: private games count in it",
                show_minor_x_labels=False,
                x_labels_major_every=max(1, len(pk.history) // 10),
            )
        )
        if not pk.numbers:
            chart.x_labels = []
            return chart.render()
        first = pk.history[0] if pk.history else None
        start = [] if first is None else [(first.mu_before, ratings.ordinal(first.mu_before, first.sigma_before))]
        points = start + [(c.mu_after, c.ordinal_after) for c in pk.history]
        chart.x_labels = (["before"] if start else []) + [str(i + 1) for i in range(len(pk.history))]
        chart.add("Rating (cautious: mu − 3σ)", [round(o, 2) for _, o in points])
        chart.add("Skill estimate (mu)", [round(m, 2) for m, _ in points])
        return chart.render()

    return cached(name, draw)


def results_plot(user_id: int, keys_: list[PlayerKey]) -> bytes:
    """Returns a player's rated results per game: how often they placed first, second, ..."""
    name = f"standings:svg:results:{user_id}:{_digest([(pk.key.value, sorted(pk.places.items())) for pk in keys_])}"

    def draw() -> bytes:
        chart = pygal.StackedBar(
            **_config(
                title="Results of rated games, by game",
                x_title="Game",
                y_title="Games",
                no_data_text="No rated games yet",
            )
        )
        chart.x_labels = [pk.key.title for pk in keys_]
        for place, label in ((1, "Won"), (2, "Second"), (3, "Third")):
            chart.add(label, [pk.places.get(place, 0) for pk in keys_])
        chart.add("Fourth or lower", [sum(n for p, n in pk.places.items() if p >= 4) for pk in keys_])
        _whole_numbers(chart, max((sum(pk.places.values()) for pk in keys_), default=0))
        return chart.render()

    return cached(name, draw)
