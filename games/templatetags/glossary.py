"""Cards, calamities and events that explain themselves on the game page.

A view puts `glossary_for(game)` in the context as `glossary`; `{{ text|gloss:glossary }}` escapes a
text and wraps each term of the engine's glossary in it in a button that opens a popover
(`popovertarget`: the browser opens it on tap or click, no script; its `title` shows on hover);
`{% glossary_tips glossary %}`, after every text of the page, writes each used term's popover once.
The HTML is CSP-safe: no inline script or style.
"""

from __future__ import annotations

import functools
import json
import re

from django import template
from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.text import slugify

register = template.Library()


@functools.lru_cache(maxsize=64)
def _terms(rules: str, options_json: str) -> tuple[dict[str, str], re.Pattern | None]:
    """Returns an engine's glossary for some options, and a pattern matching any of its terms as a
    whole word (the longest term first, so "Hunting (Food)" wins over "Food")."""
    from games.rules import get_engine

    try:
        terms = get_engine(rules).glossary(json.loads(options_json))
    except KeyError:
        terms = {}
    if not terms:
        return {}, None
    alternatives = "|".join(re.escape(t) for t in sorted(terms, key=len, reverse=True))
    return terms, re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")


class Glossary:
    """One page's glossary: the engine's terms, and those the page has shown so far."""

    def __init__(self, terms: dict[str, str], pattern: re.Pattern | None, prefix: str = "g"):
        self.terms = terms
        self.pattern = pattern
        self.prefix = prefix
        self.used: dict[str, str] = {}  # term -> its popover's id, in order of first use

    def tip_id(self, term: str) -> str:
        """Returns the id of a term's popover and remembers that the page uses it."""
        if term not in self.used:
            self.used[term] = f"{self.prefix}-{slugify(term) or 'term'}"
        return self.used[term]

    def explain(self, term: str) -> str:
        return self.terms.get(term, "")


def glossary_for(game) -> Glossary:
    """Returns the glossary of a game's engine and options, for one render of its page."""
    terms, pattern = _terms(game.rules, json.dumps(game.options or {}, sort_keys=True))
    return Glossary(terms, pattern)


def term_button(glossary: Glossary, term: str, shown: str | None = None) -> str:
    """Returns the button that shows a term and opens its explanation."""
    return format_html(
        '<button type="button" class="term" popovertarget="{}" title="{}">{}</button>',
        glossary.tip_id(term),
        glossary.explain(term),
        term if shown is None else shown,
    )


@register.filter
def gloss(text, glossary):
    """Returns the text escaped, each glossary term in it a button that explains it."""
    if text is None or text == "":
        return ""
    text = str(text)
    if not isinstance(glossary, Glossary) or glossary.pattern is None:
        return escape(text)
    out, pos = [], 0
    for m in glossary.pattern.finditer(text):
        out.append(escape(text[pos : m.start()]))
        out.append(term_button(glossary, m.group(0)))
        pos = m.end()
    out.append(escape(text[pos:]))
    return mark_safe("".join(out))


@register.filter
def explain(term, glossary) -> str:
    """Returns the glossary's sentence for a term ("" for a term it does not know)."""
    if not isinstance(glossary, Glossary):
        return ""
    return glossary.explain(str(term))


@register.simple_tag
def glossary_tips(glossary):
    """Returns the popovers of every term the page has shown, once each."""
    if not isinstance(glossary, Glossary) or not glossary.used:
        return ""
    return format_html_join(
        "",
        '<div id="{}" popover class="term-tip"><strong>{}</strong> {}</div>',
        ((tip_id, term, glossary.explain(term)) for term, tip_id in glossary.used.items()),
    )


@register.filter
def move_hint(label, glossary) -> str:
    """Returns what a move's label says more about: the glossary's sentence for the first term in it
    (the card, calamity or train the move is about), or ""."""
    if not isinstance(glossary, Glossary) or glossary.pattern is None or not label:
        return ""
    m = glossary.pattern.search(str(label))
    return glossary.explain(m.group(0)) if m else ""


@register.simple_tag
def is_new(entry, seen_version, my_seat) -> bool:
    """Returns whether a log entry came after the version the viewer saw last (their own moves never
    count as news); nothing is new on a first look (seen_version None)."""
    if seen_version is None or not isinstance(entry, dict):
        return False
    if my_seat is not None and entry.get("seat") == my_seat:
        return False
    return (entry.get("seq") or 0) > seen_version
