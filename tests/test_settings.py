"""Settings read from the environment."""
from config.settings import env


def test_an_empty_variable_counts_as_unset(monkeypatch):
    monkeypatch.setenv("TRAILPOST_PROBE", "")
    assert env("TRAILPOST_PROBE", "fallback") == "fallback"
    monkeypatch.setenv("TRAILPOST_PROBE", "set")
    assert env("TRAILPOST_PROBE", "fallback") == "set"
