"""`make mutate`'s score (scripts/mutate.py): killed and timed-out mutants over those tried, the
equivalent ones (listed with their reason in pyproject.toml) and those not tried left out."""

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("mutate", ROOT / "scripts" / "mutate.py")
mutate = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mutate)


def test_the_score_leaves_out_equivalents_and_untried_mutants(monkeypatch):
    monkeypatch.setattr(mutate, "settings", lambda: {"equivalent": {"m.x_f__mutmut_4": "why"}})
    found = {
        "m.x_f__mutmut_1": "killed",
        "m.x_f__mutmut_2": "timeout",
        "m.x_f__mutmut_3": "survived",
        "m.x_f__mutmut_4": "survived",
        "m.x_f__mutmut_5": "not checked",
        "m.x_f__mutmut_6": "no tests",
    }
    got = mutate.score("m", found)
    assert (got["killed"], got["survived"], got["equivalent"], got["score"]) == (2, 2, 1, 50.0)
    assert got["survivors"] == ["m.x_f__mutmut_3", "m.x_f__mutmut_6"]


def test_every_module_has_tests_that_exist_and_every_equivalent_a_reason():
    conf = mutate.settings()
    for module, tests in conf["modules"].items():
        assert (ROOT / module).exists(), module
        assert tests, module
        for test in tests:  # a path, or a pytest node id: a file's test by name
            path, _, name = test.partition("::")
            assert (ROOT / path).exists(), (module, test)
            assert not name or f"def {name.split('[')[0]}(" in (ROOT / path).read_text(), (module, test)
    assert all(isinstance(r, str) and len(r) > 20 for r in conf["equivalent"].values())


def test_a_run_against_other_tests_has_a_folder_of_its_own(monkeypatch, tmp_path):
    """mutmut resets a folder's results when its tests change: a part of a module run against other
    tests (--tests) must keep the module's own results, and each folder names the tests it runs."""
    (tmp_path / "tests").mkdir()
    (tmp_path / "pyproject.toml").write_text(
        '[tool.trailpost.mutate.mutmut]\npytest_add_cli_args = ["-x"]\n'
        '[tool.trailpost.mutate.modules]\n"m.py" = ["tests/test_m.py"]\n'
    )
    monkeypatch.setattr(mutate, "ROOT", tmp_path)
    own = mutate.workdir("m.py")
    focused = mutate.workdir("m.py", ["tests/test_m_part.py"])
    other = mutate.workdir("m.py", ["tests/test_m_other.py"])
    assert len({own, focused, other}) == 3
    assert own.name == "m-py" and focused.name.startswith("m-py--")
    assert mutate.workdir("m.py", ["tests/test_m_part.py"]) == focused  # the same tests, the same folder
    assert 'pytest_add_cli_args_test_selection = ["tests/test_m.py"]' in (own / "pyproject.toml").read_text()
    assert 'pytest_add_cli_args_test_selection = ["tests/test_m_part.py"]' in (focused / "pyproject.toml").read_text()
    assert (focused / "tests").resolve() == tmp_path / "tests"


def test_import_time_mutants_run_each_from_a_process_start(monkeypatch, tmp_path):
    """--import-time: a mutant of code run at import (a table built from data) is on from the start
    of a pytest process of its own, in the run's mutants/ folder: killed when the tests fail or
    cannot load, survived when they pass, after a run with no mutant on that passes."""
    monkeypatch.setattr(
        mutate,
        "settings",
        lambda: {"mutmut": {"pytest_add_cli_args": ["-x", "-q", "-p", "no:cacheprovider", "-p", "no:django"]}},
    )
    monkeypatch.setattr(mutate, "ROOT", tmp_path)  # no pytest.ini: no Django to set up
    (tmp_path / "mutants").mkdir()
    (tmp_path / "mutants" / "m.py").write_text(
        "import os\n"
        "ON = os.environ['MUTANT_UNDER_TEST']\n"
        "TABLE = {'m.x_build__mutmut_1': [1, 2], 'm.x_build__mutmut_3': None}.get(ON, [1, 2, 3])\n"
        "assert TABLE is not None\n"
    )
    (tmp_path / "mutants" / "test_m.py").write_text(
        "from m import TABLE\n\ndef test_table():\n    assert TABLE == [1, 2, 3]\n"
    )
    names = ["m.x_build__mutmut_1", "m.x_build__mutmut_2", "m.x_build__mutmut_3"]
    got = mutate.import_time(tmp_path, names, ["test_m.py"], sys.executable)
    assert got == {"killed": ["m.x_build__mutmut_1", "m.x_build__mutmut_3"], "survived": ["m.x_build__mutmut_2"]}

    (tmp_path / "mutants" / "test_m.py").write_text("def test_table():\n    assert False\n")
    with pytest.raises(RuntimeError, match="no mutant on"):
        mutate.import_time(tmp_path, names, ["test_m.py"], sys.executable)
