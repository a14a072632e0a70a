"""The engine registry: the TRAILPOST_GAMES setting serves its table of games, in its order, and
without it the games this code base ships are served (games/apps.py, games.rules.configure)."""

import pytest
from django.test import override_settings

from games import rules
from tests.toy_engine import SHED as TOY


def test_the_setting_serves_its_games_in_its_order_and_the_shipped_ones_come_back_after():
    assert rules.engine_slugs() == list(rules.GAMES)
    with override_settings(TRAILPOST_GAMES={"toy-for-a-while": "tests.toy_engine:SHED", **rules.GAMES}):
        assert rules.get_engine("toy-for-a-while") is TOY
        assert rules.engine_slugs() == ["toy-for-a-while", *rules.GAMES]
    assert rules.engine_slugs() == list(rules.GAMES)
    with pytest.raises(KeyError):
        rules.get_engine("toy-for-a-while")


def test_a_stand_in_under_a_real_slug_gives_the_real_engine_back_even_after_an_error():
    real = rules.get_engine("ogallala")
    with (
        pytest.raises(RuntimeError),
        override_settings(TRAILPOST_GAMES={**rules.GAMES, "ogallala": "tests.toy_engine:SHED"}),
    ):
        assert rules.get_engine("ogallala") is TOY
        raise RuntimeError("the test failed inside")
    assert rules.get_engine("ogallala") is real


def test_a_game_whose_package_does_not_import_is_left_out_and_the_others_served():
    with override_settings(TRAILPOST_GAMES={"gone": "tests.no_such_game.engine:ENGINE", **rules.GAMES}):
        assert rules.engine_slugs() == list(rules.GAMES)
        with pytest.raises(ImportError):
            rules.get_engine("gone")


def test_the_served_table_is_a_copy_and_engines_follow_it():
    table = rules.served()
    assert table == rules.GAMES
    table["toy"] = "tests.toy_engine:SHED"
    assert "toy" not in rules.served()
    with override_settings(TRAILPOST_GAMES={"toy-for-a-while": "tests.toy_engine:SHED", **rules.GAMES}):
        assert rules.served() == {"toy-for-a-while": "tests.toy_engine:SHED", **rules.GAMES}
        assert rules.engines() == [TOY, *(rules.get_engine(slug) for slug in rules.GAMES)]
    assert [engine.name for engine in rules.engines()] == list(rules.GAMES)
    with pytest.raises(KeyError) as caught:
        rules.get_engine("no-such-game")
    assert caught.value.args == ("no-such-game",)
