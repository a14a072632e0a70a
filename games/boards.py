"""Static board data for the game page: computed once per rules + options, kept in-process.

An engine may define an optional method `map_data(options) -> dict`: data that depends only on
the rules code and the game's options (a map's mileposts, cities, water...), never on the state.
The game page passes it to the board template as `board` = {"key", "data"}; `key` names the
rules, engine version and options, so a board template (or its template tags) can cache anything
it derives from the data, such as a pre-rendered SVG map, under that key.

Engines without `map_data` (or returning None) get `board = None`. Boards that draw paths may
also post a `path` form field instead of an action (see games.views.parse_path_action).
What a board template draws from the data alone (Engine.board_static: a pre-rendered map) is
built once per key too (`board_static`).
"""

from __future__ import annotations

import hashlib
import json
import threading

_cache: dict[str, dict | None] = {}
_static: dict[str, dict | None] = {}
_lock = threading.Lock()
_MAX = 256  # distinct rules+options combinations kept; static data, so a crude bound is enough


def board_key(engine, options: dict) -> str:
    """Returns the cache key for an engine's static data under some options."""
    blob = json.dumps(options or {}, sort_keys=True, separators=(",", ":"))
    return f"{engine.name}:{engine.version}:{hashlib.sha1(blob.encode()).hexdigest()[:16]}"


def board_data(engine, options: dict) -> dict | None:
    """Returns {"key", "data"} with the engine's map_data(options), or None if it has none."""
    fn = getattr(engine, "map_data", None)
    if not callable(fn):
        return None
    key = board_key(engine, options)

    def build():
        data = fn(dict(options or {}))
        return {"key": key, "data": data} if data is not None else None

    return _kept(_cache, key, build)


def game_board(game) -> dict | None:
    """Returns the static board data of a game (see board_data)."""
    return board_data(game.engine, game.options)


def board_static(engine, board: dict | None) -> dict | None:
    """Returns the engine's board_static of a board's data ({"key", "data"}, board_data), built once
    per board key, or None (no board, or nothing static to draw)."""
    if not board or not board.get("data"):
        return None
    return _kept(_static, board["key"], lambda: engine.board_static(board["data"]))


def _kept(table: dict, key: str, build):
    """Returns table[key], built by build() the first time (two threads may both build it: the
    result is the same, and the lock only guards the table)."""
    if key in table:
        return table[key]
    found = build()
    with _lock:
        if len(table) >= _MAX:
            table.clear()
        table[key] = found
    return found
