"""A game stored before the engines' common state Frame (#28 item 2) keeps working: its row's
version-1 state is read as today's (Game.from_db through Engine.load_state), the game plays on
through the move pipeline and is stored at today's version. The states are the rules tests'
fixtures (tests/rules/fixtures/states_v1/), saved by the code of that time."""

import json
from pathlib import Path

import pytest

from games.models import Game
from tests.builders import play, seat_to_act, start_game

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parents[1] / "rules" / "fixtures" / "states_v1"
CASES = [
    ("ogallala", "ogallala--edition-II--pending"),
    ("crayon-rails", "crayon-rails--mode-public--pending"),
    ("oregon-trail-race", "oregon-trail-race--ruleset-revised--pending"),
]


@pytest.mark.parametrize(("rules", "fixture"), CASES, ids=[c[0] for c in CASES])
def test_a_stored_version_1_state_loads_upgraded_and_plays_on(make_user, rules, fixture):
    doc = json.loads((FIXTURES / f"{fixture}.json").read_text(encoding="utf-8"))
    users = [make_user() for _ in range(doc["seats"])]
    game = start_game(*users, rules=rules, options=doc["options"])
    Game.objects.filter(pk=game.pk).update(state=doc["state"])  # as a row stored before the change
    engine = game.engine
    upgraded = engine.load_state(json.loads(json.dumps(doc["state"])))
    assert "version" not in doc["state"] and upgraded["version"] == engine.state_version

    assert Game.objects.get(pk=game.pk).state == upgraded
    assert Game.objects.defer("state").get(pk=game.pk).state == upgraded  # a deferred state too
    game.refresh_from_db()
    assert game.state == upgraded

    seat = seat_to_act(game)
    result = play(game, seat, engine.legal_actions(game.state, seat.position)[0])
    assert result.applied
    stored = Game.objects.filter(pk=game.pk).values_list("state", flat=True).get()
    assert stored["version"] == engine.state_version


def test_the_migration_drops_the_replay_snapshots_of_version_1_states(make_user):
    """Snapshots are the replay's cache (games.replay): those of version-1 states go, the replay
    writes them again from the log; those written since stay."""
    import importlib

    from django.apps import apps

    from games.models import Snapshot

    migration = importlib.import_module("games.migrations.0016_drop_version_1_snapshots")
    game = start_game(make_user(), make_user(), rules="ogallala")
    old = json.loads((FIXTURES / "ogallala--edition-I--start.json").read_text(encoding="utf-8"))["state"]
    Snapshot.objects.create(game=game, seq=1, state=old)
    kept = Snapshot.objects.create(game=game, seq=2, state=game.state)
    migration.drop_old_snapshots(apps, None)
    assert list(Snapshot.objects.filter(game=game)) == [kept]
