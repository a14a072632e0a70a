"""Rating keys: a game and the option that changes how it is played.

A game's editions (the values of its engine's `edition_option`: rule sets, editions, modes) play
differently enough that a rating earned in one says little about another, so each has its own
ratings, leaderboard and statistics. Options that only lengthen or shorten a game do not split
them. A game without such an option has one key, its slug.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse

from games.rules import engines, get_engine


@dataclass(frozen=True)
class Key:
    rules: str
    edition: str  # "" for a game with one way of playing

    @property
    def value(self) -> str:
        return f"{self.rules}:{self.edition}" if self.edition else self.rules

    @property
    def title(self) -> str:
        engine = get_engine(self.rules)
        if not self.edition:
            return engine.title
        label = engine.options_schema[engine.edition_option].get("label", "Edition")
        return f"{engine.title} ({label.lower()}: {self.edition})"

    @property
    def game_title(self) -> str:
        return get_engine(self.rules).title

    @property
    def url_edition(self) -> str:
        """The edition as URLs spell it ("-" for a game with one way of playing)."""
        return self.edition or "-"

    def leaderboard_url(self) -> str:
        if not self.edition:
            return reverse("standings:leaderboard", args=[self.rules])
        return reverse("standings:leaderboard_edition", args=[self.rules, self.edition])

    def stats_url(self) -> str:
        if not self.edition:
            return reverse("standings:stats", args=[self.rules])
        return reverse("standings:stats_edition", args=[self.rules, self.edition])

    def plot_url(self, name: str) -> str:
        return reverse("standings:stats_plot", args=[self.rules, self.url_edition, name])


def editions(rules: str) -> list[str]:
    """Returns the editions of a game, its default first ([""] when it has one way of playing)."""
    engine = get_engine(rules)
    option = engine.edition_option
    schema = engine.options_schema.get(option) if option else None
    if not schema:
        return [""]
    default = schema["default"]
    return [default] + [c for c in schema["choices"] if c != default]


def key_of(rules: str, options: dict | None) -> Key:
    """Returns the key a game with these options is rated and counted under."""
    eds = editions(rules)
    if eds == [""]:
        return Key(rules, "")
    value = str((options or {}).get(get_engine(rules).edition_option, eds[0]))
    return Key(rules, value if value in eds else eds[0])


def find(rules: str, edition: str | None = None) -> Key | None:
    """Returns the key named by a URL's game slug and edition (None: the default), or None."""
    try:
        eds = editions(rules)
    except KeyError:
        return None
    if edition is None:
        return Key(rules, eds[0])
    return Key(rules, edition) if edition in eds and edition else None


def parse(value: str) -> Key | None:
    """Returns the key a stored key string names, or None."""
    rules, _, edition = value.partition(":")
    return find(rules, edition or None) if edition else find(rules)


def all_keys() -> list[Key]:
    """Every key of every registered game, in the engines' order."""
    return [Key(e.name, ed) for e in engines() for ed in editions(e.name)]
