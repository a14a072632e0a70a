"""The registry of rules engines, by slug. Pure Python: no Django import anywhere below here."""

from __future__ import annotations

import contextlib
import importlib

from .base import BadOptions, Engine, IllegalAction  # noqa: F401

# slug -> "module:attribute"; imported lazily so one broken engine cannot break the others.
_REGISTRY = {
    "oregon-trail-race": "games.rules.oregon_trail.engine:ENGINE",
    "ogallala": "games.rules.ogallala.engine:ENGINE",
    "crayon-rails": "games.rules.crayon_rails.engine:ENGINE",
}
_loaded: dict[str, Engine] = {}


def get_engine(slug: str) -> Engine:
    """Returns the engine registered under a slug; raises KeyError for an unknown one."""
    if slug not in _loaded:
        if slug not in _REGISTRY:
            raise KeyError(slug)
        module, attr = _REGISTRY[slug].split(":")
        _loaded[slug] = getattr(importlib.import_module(module), attr)
    return _loaded[slug]


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


@contextlib.contextmanager
def registered(slug: str, engine: Engine):
    """Serves `engine` under `slug` for the duration of the block (a test's own engine, or a
    stand-in for a real one), then puts back whatever was registered under that slug before."""
    saved = _REGISTRY.get(slug), _loaded.get(slug)
    _REGISTRY[slug] = f"{type(engine).__module__}:<registered>"  # never imported: it is loaded
    _loaded[slug] = engine
    try:
        yield engine
    finally:
        for table, value in zip((_REGISTRY, _loaded), saved):
            if value is None:
                table.pop(slug, None)
            else:
                table[slug] = value
