"""`make lint`'s licence check: every production package installed (those pinned in requirements.txt)
carries a licence that Trailpost's own, AGPL-3.0-or-later, may combine with.

pip-licenses reads each package's licence from its metadata (its License-Expression, else its
licence classifiers, else its License field) and fails on the first package none of whose licences
is in the allow-list, `[tool.trailpost.licenses] allowed` in pyproject.toml. A package whose licence
is missing, unknown or worded differently fails too: check it, and add the wording with its reason.

    python scripts/licenses.py              # every production package of requirements.txt
    python scripts/licenses.py html2text    # only those named
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PINNED = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?==", re.MULTILINE)


def allowed() -> list[str]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["trailpost"]["licenses"]["allowed"]


def production_packages() -> list[str]:
    """The names pinned in requirements.txt (every production package, dependencies too)."""
    return PINNED.findall((ROOT / "requirements.txt").read_text())


def main(names: list[str]) -> int:
    names = names or production_packages()
    pip_licenses = Path(sys.executable).with_name("pip-licenses")
    # --with-system: pip (pinned in requirements.txt) is checked too.
    command = [str(pip_licenses), "--from", "mixed", "--with-system"]  # the packages of its own venv
    command += ["--allow-only", ";".join(allowed()), "--packages", *names]
    found = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if found.returncode:
        sys.stderr.write(found.stderr or found.stdout)
        print("A production package's licence is not known to be compatible with AGPL-3.0-or-later.", file=sys.stderr)
        return 1
    checked = len(found.stdout.strip().splitlines()) - 1  # less the table's header
    print(f"{checked} production packages, each under a licence compatible with AGPL-3.0-or-later.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
