"""Command line for the engines: `python -m games.rules simulate SLUG --games N ...`, and
`python -m games.rules verify FILE`, which checks an exported game (games.rules.verify) and exits 0
when every check passes, 1 when one fails, 2 when the file cannot be read as a game export."""

import argparse
import json
import sys

from . import engine_slugs, get_engine
from .base import BadOptions
from .simulate import simulate


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.rules")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play seeded bot games to the end")
    sim.add_argument("slug", choices=engine_slugs())
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--players", type=int, default=None)
    sim.add_argument("--seed", default="0")
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    sim.add_argument("--max-actions", type=int, default=20000)
    sub.add_parser("list", help="list the registered engines")
    ver = sub.add_parser("verify", help="check an exported game (a .json file, or - for stdin)")
    ver.add_argument("file")
    args = parser.parse_args(argv)
    if args.command == "verify":
        return verify_command(args.file)
    if args.command == "list":
        for slug in engine_slugs():
            e = get_engine(slug)
            print(f"{slug}\t{e.title}\t{e.min_seats}-{e.max_seats} players")
        return 0
    options = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep:
            parser.error(f"--option needs KEY=VALUE, got {item!r}")
        options[key] = value
    engine = get_engine(args.slug)
    players = args.players or engine.min_seats
    try:
        engine.normalize_options(options, players)
    except BadOptions as exc:
        parser.error(str(exc))
    report = simulate(
        engine, games=args.games, players=players, seed=args.seed, options=options, max_actions=args.max_actions
    )
    print(json.dumps(report, sort_keys=True))
    return 0 if report["errors"] == 0 and report["illegal_actions"] == 0 else 1


def verify_command(path: str) -> int:
    """Prints the verification report of one exported game; returns the exit status."""
    from . import verify

    try:
        if path == "-":
            data = sys.stdin.buffer.read(verify.MAX_BYTES + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(verify.MAX_BYTES + 1)
    except OSError as exc:
        print(f"Cannot read {path}: {exc.strerror or exc}.")
        return 2
    try:
        doc = verify.load(data)
        report = verify.verify(doc)
    except verify.BadFile as exc:
        print(f"✗ {exc.message}")
        print("The file cannot be verified.")
        return 2
    print(verify.render(report, doc))
    if report.bad_file:
        return 2
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
