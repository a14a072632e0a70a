"""The rules help pages: /rules/, an index of the games, and /rules/<slug>/, a readable summary of one
game's rules (written by us from the rule texts in shared/rules), with every card, calamity or event
of each variant explained from the engine's glossary."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import path
from django.views.decorators.cache import cache_control

from games.rules import engine_slugs, get_engine

app_name = "rules"

# slug -> (the variant's option dict, its name), the first one the default; the glossary of each.
VARIANTS = {
    "oregon-trail-race": [({"ruleset": "revised"}, "Revised rules"), ({"ruleset": "classic"}, "Classic rules")],
    "ogallala": [({"edition": "I"}, "Ogallala I"), ({"edition": "II"}, "Ogallala II")],
    "crayon-rails": [({"mode": "public"}, "Public pool"), ({"mode": "standard"}, "Standard hands")],
}
# slug -> a line for the index.
BLURBS = {
    "oregon-trail-race": "Race your wagon party along your own trail to Oregon, mending calamities with supplies "
    "and sending calamities to your rivals. 2 to 6 players.",
    "ogallala": "Draw cards, build canoes in your three rows of river, raid your neighbours' boats with lassos, "
    "arrows and conquests, and score booty. 2 to 4 players.",
    "crayon-rails": "Build track across the map of Tessary, carry loads to the cities that demand them, and be the "
    "first with the cash and a network that links the major cities. 2 to 6 players.",
}


def glossary_rows(slug: str) -> list[dict]:
    """Returns each term of the game's glossaries: its name, its text in the default variant, and the
    other variants' texts where they say something else (a variant without the term says so)."""
    engine = get_engine(slug)
    variants = [(name, engine.glossary(options)) for options, name in VARIANTS.get(slug, [({}, "")])]
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
    games = [
        {"slug": slug, "title": get_engine(slug).title, "blurb": BLURBS.get(slug, "")}
        for slug in engine_slugs()
        if slug in VARIANTS
    ]
    return render(request, "games/rules/index.html", {"games": games})


@cache_control(max_age=3600, public=True)
def rules_game(request, slug):
    if slug not in VARIANTS or slug not in engine_slugs():
        raise Http404("No rules summary for that game.")
    engine = get_engine(slug)
    return render(
        request,
        f"games/rules/{slug}.html",
        {
            "engine": engine,
            "slug": slug,
            "variants": [name for _o, name in VARIANTS[slug]],
            "glossary_rows": glossary_rows(slug),
            "other_games": [
                {"slug": s, "title": get_engine(s).title} for s in engine_slugs() if s in VARIANTS and s != slug
            ],
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
