"""The registry of rules engines, by slug. Pure Python: no Django import anywhere below here.

The table maps each slug to the "module:attribute" of its engine (an `Engine`, games/rules/base.py),
in the order the pages list the games. `GAMES` is the games this code base ships; the server serves
the table of its TRAILPOST_GAMES setting instead when it has one (games/apps.py calls `configure`),
which is how a deployment, or a test, serves a game of its own: a game is one package, named once.
"""

from __future__ import annotations

import importlib

from .base import BadOptions, Engine, IllegalAction  # noqa: F401

GAMES = {
    "oregon-trail-race": "games.rules.oregon_trail.engine:ENGINE",
    "ogallala": "games.rules.ogallala.engine:ENGINE",
    "crayon-rails": "games.rules.crayon_rails.engine:ENGINE",
}
# slug -> "module:attribute"; imported lazily so one broken engine cannot break the others.
_REGISTRY = dict(GAMES)
_loaded: dict[str, Engine] = {}


def configure(table: dict[str, str]) -> None:
    """Serves the games of `table` (slug -> "module:attribute"), in its order, instead of those
    served so far; each engine is imported when first asked for."""
    global _REGISTRY, _loaded
    _REGISTRY, _loaded = dict(table), {}


def served() -> dict[str, str]:
    """Returns the table of the games served (slug -> "module:attribute"), a copy."""
    return dict(_REGISTRY)


def get_engine(slug: str) -> Engine:
    """Returns the engine registered under a slug; raises KeyError for an unknown one."""
    loaded, registry = _loaded, _REGISTRY  # one table throughout, whatever configure does meanwhile
    if slug not in loaded:
        if slug not in registry:
            raise KeyError(slug)
        module, attr = registry[slug].split(":")
        loaded[slug] = getattr(importlib.import_module(module), attr)
    return loaded[slug]


def engine_slugs() -> list[str]:
    """Returns the registered slugs whose package is importable, in registry order."""
    slugs = []
    for slug in _REGISTRY:
        try:
            get_engine(slug)
        except ImportError:
            continue
        slugs.append(slug)
    return slugs


def engines() -> list[Engine]:
    """Returns the registered engines."""
    return [get_engine(s) for s in engine_slugs()]
