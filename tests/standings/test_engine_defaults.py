"""A game whose engine declares nothing for the standings (the toy game, tests/toy_engine.py) is
rated, recorded and counted all the same, from the contract's defaults: one key (its slug), places
from its result alone, no figures of its own, lengths in bars of ten moves."""

import pytest

from standings import figures, keys, plots
from standings.models import GameRecord, RatingChange, StatsAggregate
from standings.recorder import length_bin

from .helpers import new_game, resign

pytestmark = pytest.mark.django_db


def test_a_game_that_declares_nothing_has_one_key_and_no_figures(toy_engine):
    assert keys.editions("toy-shed") == [""]
    key = keys.key_of("toy-shed", {"hand_size": 5})
    assert (key.value, key.title) == ("toy-shed", toy_engine.title)
    assert key in keys.all_keys() and keys.parse("toy-shed") == key
    assert figures.figures_of("toy-shed") == []
    assert plots.plot_names("toy-shed") == ["win-share", "lengths"]
    assert [length_bin("toy-shed", n) for n in (0, 9, 10, 25)] == ["0", "0", "10", "20"]


def test_its_finished_game_is_placed_by_its_result_and_counted(make_user, toy_engine, client):
    ann, ben, cat = make_user("Ann"), make_user("Ben"), make_user("Cat")
    game = resign(new_game([ann, ben, cat], rules="toy-shed"), ben, ann)  # Cat is the last one left
    record = GameRecord.objects.get(game=game)
    position = {s.user_id: s.position for s in game.seats.all()}
    assert record.key == "toy-shed" and record.figures == {}
    assert record.winner_positions == [position[cat.pk]]
    # The toy's ranking puts the others in seat order; both left, so they follow it, one place each.
    first, second = sorted((position[ann.pk], position[ben.pk]))
    assert record.places[position[cat.pk]] == 1
    assert (record.places[first], record.places[second]) == (2, 3)
    assert {c.user_id: c.place for c in RatingChange.objects.filter(game=game)}[cat.pk] == 1
    assert StatsAggregate.objects.get(key="toy-shed").lengths == {length_bin("toy-shed", record.length): 1}

    answer = client.get("/api/stats/toy-shed/").json()
    assert answer["games"] == 1 and answer["figures"] == []
    assert answer["lengths"][0]["moves_to"] - answer["lengths"][0]["moves_from"] == 9
    assert client.get("/stats/toy-shed/").status_code == 200
