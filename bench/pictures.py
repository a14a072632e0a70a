"""Table picture benchmark: drawing each game's table as SVG and rendering it to PNG; prints JSON.

    .venv/bin/python bench/pictures.py [--runs 30] [--seats 4] [--drawing email|page]

For each game and variant, a seeded bot game is stopped half way through (its actions counted
in a first playout) and drawn for seat 0 as an email draws it (--drawing email, the default:
games.pictures.email_svg, then render_png at twice its 600 pixels) or as the game page's picture
(--drawing page: table_svg, then render_png at its own size). Reports the median (and fastest) time in ms of building the SVG and of rendering
the PNG over --runs, the PNG's pixel size and bytes, and how many such pictures two workers
would render a minute. Targets: Crayon Rails under 50 ms a picture; Oregon Trail Race and
Ogallala about 8 ms (10,000 emails a minute on two workers, the pictures in). A figure that
misses its target, or a drawing that fails or renders wrong, goes in "warnings".

Times are wall-clock on a machine that may be busy: the fastest run says what the code costs,
the median what a worker would see.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import struct
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.boards import board_data  # noqa: E402
from games.pictures import EMAIL_W, email_svg, render_png, table_svg  # noqa: E402
from games.rules import get_engine  # noqa: E402
from games.rules.simulate import play_one  # noqa: E402

CASES = [
    ("oregon-trail-race", "revised", {"ruleset": "revised"}, 8.0),
    ("oregon-trail-race", "classic", {"ruleset": "classic"}, 8.0),
    ("ogallala", "I", {"edition": "I"}, 8.0),
    ("ogallala", "II", {"edition": "II"}, 8.0),
    ("crayon-rails", "public", {"mode": "public"}, 50.0),
    ("crayon-rails", "standard", {"mode": "standard"}, 50.0),
]
NAMES = {0: "Ann Example", 1: "Bob Builder", 2: "Carla Montoya", 3: "Dan Dunmore", 4: "Eve", 5: "Frank"}


def _timed(fn, runs: int) -> tuple[list[float], object]:
    times, out = [], None
    for _ in range(runs):
        started = time.perf_counter()
        out = fn()
        times.append((time.perf_counter() - started) * 1000)
    return times, out


def picture_case(rules: str, options: dict, seats: int, runs: int, drawing: str = "email") -> dict:
    """Times one game's picture at a mid-game position; returns its figures."""
    engine = get_engine(rules)
    seed = f"bench-pictures:{rules}:{json.dumps(options, sort_keys=True)}"
    _state, total, _bad, _done = play_one(engine, players=seats, seed=seed, options=options)
    state, actions, _bad, _done = play_one(engine, players=seats, seed=seed, options=options, max_actions=total // 2)
    opts = engine.normalize_options(options, seats)
    board = board_data(engine, opts)
    view = engine.view(state, 0)
    names = {s: NAMES[s] for s in range(seats)}

    draw = email_svg if drawing == "email" else table_svg
    width = 2 * EMAIL_W if drawing == "email" else None

    def build():
        return draw(rules, view, names=names, board=board, me=0)

    svg = build()  # the first drawing of a board builds its static map, kept per board: not measured
    build_ms, svg = _timed(build, runs)
    render_png(svg, width=width)
    render_ms, png = _timed(lambda: render_png(svg, width=width), runs)
    width, height = struct.unpack(">II", png[16:24]) if png[12:16] == b"IHDR" else (0, 0)
    per_picture = statistics.median(build_ms) + statistics.median(render_ms)
    return {
        "seats": seats,
        "actions_played": actions,
        "svg_build_ms": round(statistics.median(build_ms), 2),
        "svg_build_min_ms": round(min(build_ms), 2),
        "png_render_ms": round(statistics.median(render_ms), 2),
        "png_render_min_ms": round(min(render_ms), 2),
        "png_bytes": len(png),
        "png_pixels": [width, height],
        "svg_chars": len(svg),
        "pictures_per_minute_two_workers": round(2 * 60_000 / per_picture) if per_picture else None,
        "_valid": png[:8] == b"\x89PNG\r\n\x1a\n" and width > 0 and height > 0 and svg.startswith("<svg"),
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--drawing", choices=["email", "page"], default="email")
    args = parser.parse_args()
    out: dict = {"python": sys.version.split()[0], "runs": args.runs, "drawing": args.drawing, "warnings": []}
    for rules, variant, options, target in CASES:
        engine = get_engine(rules)
        seats = max(engine.min_seats, min(args.seats, engine.max_seats))
        try:
            figures = picture_case(rules, options, seats, args.runs, args.drawing)
        except Exception as exc:  # a broken drawing is reported, and the other games still measured
            out["warnings"].append(f"{rules} {variant}: the picture failed: {exc!r}")
            continue
        if not figures.pop("_valid"):
            out["warnings"].append(f"{rules} {variant}: the PNG is not a valid picture")
        total = figures["svg_build_ms"] + figures["png_render_ms"]
        figures["target_ms"] = target
        if total > target:
            out["warnings"].append(
                f"{rules} {variant}: {total:.1f} ms a picture (build {figures['svg_build_ms']} + render "
                f"{figures['png_render_ms']}), over the {target:g} ms target"
            )
        out.setdefault(rules, {})[variant] = figures
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
