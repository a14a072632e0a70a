"""`make lint`'s licence check (scripts/licenses.py): every production package's licence may be
combined with AGPL-3.0-or-later; one that may not, or whose licence is unknown, fails the check."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def check(*names, path=None):
    env = {**os.environ, "PYTHONPATH": str(path)} if path else None
    command = [sys.executable, str(ROOT / "scripts" / "licenses.py"), *names]
    return subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT)


def installed(folder: Path, name: str, licence: str | None) -> None:
    """A package's metadata as pip installs it (a .dist-info folder), licensed `licence`."""
    info = folder / f"{name}-1.0.dist-info"
    info.mkdir()
    lines = ["Metadata-Version: 2.4", f"Name: {name}", "Version: 1.0"]
    lines += [f"License-Expression: {licence}"] if licence else []
    (info / "METADATA").write_text("\n".join(lines) + "\n")


def test_every_production_package_passes_today():
    found = check()
    assert found.returncode == 0, found.stdout + found.stderr
    assert "production packages, each under a licence compatible with AGPL-3.0-or-later" in found.stdout


@pytest.mark.parametrize("licence", ["GPL-2.0-only", "LicenseRef-Proprietary", "CC-BY-NC-4.0", None])
def test_a_package_under_an_incompatible_or_unknown_licence_fails(tmp_path, licence):
    installed(tmp_path, "tp-licence-probe", licence)
    found = check("tp-licence-probe", "html2text", path=tmp_path)
    assert found.returncode == 1
    assert "tp-licence-probe" in found.stderr and "not known to be compatible" in found.stderr


def test_a_package_under_a_compatible_licence_passes(tmp_path):
    installed(tmp_path, "tp-licence-probe", "MIT")
    found = check("tp-licence-probe", path=tmp_path)
    assert found.returncode == 0, found.stdout + found.stderr
    assert found.stdout.startswith("1 production packages")
