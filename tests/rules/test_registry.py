"""The engine registry: a test (or a stand-in) can serve an engine under a slug for a while."""

import pytest

from games import rules
from tests.toy_engine import SHED as TOY


def test_a_registered_engine_is_served_and_gone_afterwards():
    assert "toy-for-a-while" not in rules.engine_slugs()
    with rules.registered("toy-for-a-while", TOY) as engine:
        assert engine is TOY
        assert rules.get_engine("toy-for-a-while") is TOY
        assert "toy-for-a-while" in rules.engine_slugs()
    assert "toy-for-a-while" not in rules.engine_slugs()
    with pytest.raises(KeyError):
        rules.get_engine("toy-for-a-while")


def test_a_stand_in_under_a_real_slug_gives_the_real_engine_back_even_after_an_error():
    real = rules.get_engine("ogallala")
    with pytest.raises(RuntimeError), rules.registered("ogallala", TOY):
        assert rules.get_engine("ogallala") is TOY
        raise RuntimeError("the test failed inside")
    assert rules.get_engine("ogallala") is real
