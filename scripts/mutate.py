"""Mutation testing, one module against its own tests (`make mutate MODULE=...`; issue #31).

mutmut 3 copies the project into `mutants/` beside its configuration and runs pytest there, each
mutant against the tests that reach the mutated function. Its configuration is one
`[tool.mutmut]` table, so each module gets a folder of its own under `var/mutate/` holding a
generated `pyproject.toml` (that table: the module as `source_paths`, its tests from
`[tool.trailpost.mutate.modules]`, the rest of the project in `also_copy`) and links to the
project's files. A module's results stay there between runs: mutmut retests only what changed.

`--tests` runs a part of a module against other tests than its list (a few functions nearly every
test of the module reaches, against the tests written for them), in a folder of its own: mutmut
resets all of a folder's results when its tests change, so the module's own stay as they were.

After the run it prints the module's score: killed (timeouts count as killed) over the mutants
tried, without the equivalent ones listed with their reason in
`[tool.trailpost.mutate.equivalent]`, and names every survivor.

    python scripts/mutate.py games/rules/verify.py   # one module
    python scripts/mutate.py games/rules/ogallala --only '*default_action*'   # some of its functions
    python scripts/mutate.py notifications/outbox.py --only 'notifications.outbox.x_decision_context*' \
        --tests tests/notifications/test_outbox_decisions.py   # against other tests
    python scripts/mutate.py --list                  # the modules

`--import-time` is for code a module runs when it is imported (a map, a deck built from data):
mutmut switches a mutant on only after the tests have imported the module, so it never runs such
mutants (it reports them as survivors, or as having no tests). With `--import-time`, each survivor
of `--only` from the last run in that folder is made active from the start of a pytest process of
its own (`MUTANT_UNDER_TEST=<its name>`, in the run's `mutants/` folder) against the same tests,
and is reported killed if they fail. mutmut keeps no record of these: list those killed in
`[tool.trailpost.mutate.equivalent]` as not run by mutmut, so that its score leaves them out. Run it
with `make mutate`'s environment (the Makefile's MUTATE_ENV).

    python scripts/mutate.py games/rules/crayon_rails --only 'games.rules.crayon_rails.board.x__derive*' \
        --tests tests/rules/crayon_rails/test_map.py --import-time
"""

from __future__ import annotations

import argparse
import fnmatch
import hashlib
import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SKIP = {".git", ".venv", "var", "mutants", "node_modules", "__pycache__", ".pytest_cache", ".ruff_cache"}
KILLED = {"killed", "timeout"}
NOT_TRIED = {"skipped", "not checked"}


def settings() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["trailpost"]["mutate"]


def workdir(module: str, tests: list[str] | None = None) -> Path:
    """Returns var/mutate/<module>/, made ready: links to the project and mutmut's configuration;
    with `tests` (instead of the module's list), var/mutate/<module>--<their hash>/."""
    conf = settings()
    name = re.sub(r"[^A-Za-z0-9]+", "-", module).strip("-")
    if tests:
        name += "--" + hashlib.sha256(" ".join(tests).encode()).hexdigest()[:8]
    where = ROOT / "var" / "mutate" / name
    where.mkdir(parents=True, exist_ok=True)
    entries = sorted(p.name for p in ROOT.iterdir() if p.name not in SKIP and p.name != "pyproject.toml")
    for name in entries:
        link = where / name
        if not link.is_symlink():
            link.symlink_to(ROOT / name)
    table = {
        **conf["mutmut"],
        "source_paths": [module],
        "also_copy": [e for e in entries if (ROOT / e).is_dir() or e.endswith((".ini", ".py"))],
        "pytest_add_cli_args_test_selection": tests or conf["modules"][module],
    }
    # [tool.ruff] etc. are not needed there; mutmut reads [tool.mutmut] only.
    (where / "pyproject.toml").write_text(
        "[tool.mutmut]\n" + "".join(f"{k} = {json.dumps(v)}\n" for k, v in table.items())
    )
    return where


def results(where: Path, mutmut: str) -> dict[str, str]:
    out = subprocess.run([mutmut, "results", "--all", "true"], cwd=where, capture_output=True, text=True, check=True)
    found = {}
    for line in out.stdout.splitlines():
        name, sep, status = line.strip().rpartition(": ")
        if sep and "__mutmut_" in name:
            found[name] = status
    return found


def score(module: str, found: dict[str, str]) -> dict:
    equivalent = settings().get("equivalent", {})
    tried = {n: s for n, s in found.items() if s not in NOT_TRIED and n not in equivalent}
    killed = sum(s in KILLED for s in tried.values())
    survivors = sorted(n for n, s in tried.items() if s not in KILLED)
    return {
        "module": module,
        "mutants": len(found),
        "equivalent": sum(n in equivalent for n in found),
        "killed": killed,
        "survived": len(survivors),
        "score": round(100 * killed / len(tried), 1) if tried else None,
        "survivors": survivors,
    }


# Run inside where/mutants by --import-time's python: pytest and Django are loaded once, then each
# mutant's tests run in a process forked from that one, with the mutant on from before they import
# the module under test (which the warm-up must not have imported: that is checked).
IMPORT_TIME_RUNNER = """
import json, os, signal, sys
sys.path.insert(0, os.getcwd())
args, names, timeout, settings, module = json.loads(sys.argv[1])
from importlib.metadata import entry_points
import pytest
for plugin in entry_points(group="pytest11"):
    plugin.load()
if settings:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", settings)
    import django
    django.setup()
if module in sys.modules:
    sys.exit(f"the warm-up imported {module}: its import-time code would not run under a mutant")
for name in names:
    pid = os.fork()
    if not pid:
        os.environ["MUTANT_UNDER_TEST"] = name
        signal.alarm(int(timeout))
        try:
            code = int(pytest.main(args))
        except BaseException:
            code = 1
        os._exit(code)
    print(json.dumps([name, os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])]), flush=True)
"""


def import_time(where: Path, names: list[str], tests: list[str], python: str, timeout: float = 600) -> dict:
    """Runs the tests in where/mutants once with no mutant on (they must pass), then once for each of
    `names`, that mutant on from the start of the process (MUTANT_UNDER_TEST set before the tests
    import the mutated module). Returns {"killed": [...], "survived": [...]}: killed when the tests
    fail, cannot load, or outlast `timeout` seconds."""
    args = [*settings()["mutmut"]["pytest_add_cli_args"], *tests]
    ini = ROOT / "pytest.ini"
    django = re.search(r"^DJANGO_SETTINGS_MODULE\s*=\s*(\S+)", ini.read_text(), re.M) if ini.exists() else None
    modules = {n.rsplit(".", 1)[0] for n in names}
    outcome = {"killed": [], "survived": []}
    for module in sorted(modules):
        batch = ["", *(n for n in names if n.rsplit(".", 1)[0] == module)]
        job = json.dumps([args, batch, timeout, django and django[1], module])
        run = subprocess.Popen(
            [python, "-c", IMPORT_TIME_RUNNER, job], cwd=where / "mutants", stdout=subprocess.PIPE, text=True
        )
        for line in run.stdout:
            if not line.startswith('["'):
                continue  # pytest's own output
            name, code = json.loads(line)
            if not name:
                if code:
                    run.kill()
                    raise RuntimeError(f"the tests fail with no mutant on, in {where / 'mutants'} ({code})")
                continue
            if code in (4, 5):  # a usage error, no tests collected: nothing was tested
                run.kill()
                raise RuntimeError(f"pytest could not run the tests for {name} ({code})")
            status = "survived" if code == 0 else "killed"
            outcome[status].append(name)
            print(f"{name}: {status}", flush=True)
        if run.wait():
            raise RuntimeError(f"the runner stopped ({run.returncode})")
    return outcome


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("module", nargs="?", help="a key of [tool.trailpost.mutate.modules]")
    parser.add_argument("--list", action="store_true", help="list the modules")
    parser.add_argument("--jobs", type=int, default=int(os.environ.get("MUTATE_JOBS", "1")))
    parser.add_argument("--mutmut", default=str(Path(sys.executable).with_name("mutmut")))
    parser.add_argument("--only", default="", help="mutmut's mutant names or globs (a subset of the module)")
    parser.add_argument("--tests", default="", help="test paths to run instead of the module's list")
    parser.add_argument("--report-only", action="store_true", help="print the last run's score, run nothing")
    parser.add_argument(
        "--import-time",
        action="store_true",
        help="run each survivor of --only from the last run active from a pytest process's start (import-time code)",
    )
    args = parser.parse_args(argv)
    modules = settings()["modules"]
    if args.list or not args.module:
        print("\n".join(modules))
        return 0
    if args.module not in modules:
        parser.error(f"{args.module!r} is not one of: {', '.join(modules)}")
    tests = args.tests.split()
    if missing := [t for t in tests if not (ROOT / t.split("::")[0]).exists()]:
        parser.error(f"no such tests: {', '.join(missing)}")
    where = workdir(args.module, tests)
    if args.import_time:
        if not args.only or not (where / "mutants").is_dir():
            parser.error("--import-time needs --only and a run in that folder before (its mutants/)")
        survivors = score(
            args.module,
            {
                n: s
                for n, s in results(where, args.mutmut).items()
                if any(fnmatch.fnmatch(n, g) for g in args.only.split())
            },
        )["survivors"]
        python = str(Path(args.mutmut).with_name("python"))
        outcome = import_time(where, survivors, tests or settings()["modules"][args.module], python)
        print(json.dumps({"killed": len(outcome["killed"]), "survived": len(outcome["survived"]), **outcome}, indent=1))
        return 0
    if not args.report_only:
        names = args.only.split()
        run = subprocess.run([args.mutmut, "run", "--max-children", str(args.jobs), *names], cwd=where)
        if run.returncode:
            return run.returncode
    found = results(where, args.mutmut)
    if args.only:
        found = {n: s for n, s in found.items() if any(fnmatch.fnmatch(n, g) for g in args.only.split())}
    summary = score(args.module, found)
    print(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
