"""The rules help pages: /rules/, an index of the games, and /rules/<slug>/, a readable summary of one
game's rules (written by us from the rule texts in shared/rules: templates/games/rules/<slug>.html,
else the engine's blurb), with every card, calamity or event of each of the engine's variants
explained from its glossary."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import path
from django.views.decorators.cache import cache_control

from games.rules import engine_slugs, get_engine

app_name = "rules"


def glossary_rows(slug: str) -> list[dict]:
    """Returns each term of the game's glossaries: its name, its text in the default variant, and the
    other variants' texts where they say something else (a variant without the term says so)."""
    engine = get_engine(slug)
    variants = [(name, engine.glossary(options)) for options, name in engine.variants]
    rows, seen = [], set()
    for _name, terms in variants:
        for term in terms:
            if term in seen:
                continue
            seen.add(term)
            texts = [(name, g.get(term)) for name, g in variants]
            first = next(text for _n, text in texts if text)
            rows.append(
                {
                    "term": term,
                    "text": texts[0][1],
                    "others": [
                        {"variant": name, "text": text or "Not in this variant."}
                        for name, text in texts[1:]
                        if text != texts[0][1]
                    ],
                    "only": texts[0][1] is None and first,
                }
            )
    return rows


@cache_control(max_age=3600, public=True)
def rules_index(request):
    games = [{"slug": s, "title": get_engine(s).title, "blurb": get_engine(s).blurb} for s in engine_slugs()]
    return render(request, "games/rules/index.html", {"games": games})


@cache_control(max_age=3600, public=True)
def rules_game(request, slug):
    if slug not in engine_slugs():
        raise Http404("No rules summary for that game.")
    engine = get_engine(slug)
    return render(
        request,
        [f"games/rules/{slug}.html", "games/rules/generic.html"],
        {
            "engine": engine,
            "slug": slug,
            "variants": [name for _o, name in engine.variants],
            "glossary_rows": glossary_rows(slug),
            "other_games": [{"slug": s, "title": get_engine(s).title} for s in engine_slugs() if s != slug],
        },
    )


@cache_control(max_age=86400, public=True)
def demo_table(request, slug):
    """The small picture of a game's table on the home page's card (games.demo)."""
    from games.demo import demo_table_svg

    if slug not in engine_slugs():
        raise Http404("No such game.")
    svg = demo_table_svg(slug)
    if svg is None:
        raise Http404("No picture of that game.")
    return HttpResponse(svg, content_type="image/svg+xml")


urlpatterns = [
    path("rules/", rules_index, name="index"),
    path("rules/<slug:slug>/table.svg", demo_table, name="demo_table"),
    path("rules/<slug:slug>/", rules_game, name="game"),
]
