"""The notices of a whole Oregon Trail Race game, played through move_submit: every notice renders,
calamities reach their victim, the game-over notice reveals the seed."""

import random

import pytest

from games import services
from games.models import Game
from games.rules import get_engine
from notifications import delivery
from notifications.models import Kind, Notification

from .conftest import seat_at

try:
    get_engine("oregon-trail-race")
except ImportError:  # pragma: no cover - the engine is written alongside
    pytest.skip("oregon-trail-race is not importable yet", allow_module_level=True)

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("ruleset", ["revised", "classic"])
def test_a_whole_game_of_notices(make_game, ruleset):
    options = {"ruleset": ruleset, "trail_length": 10 if ruleset == "revised" else 20}
    game = make_game(n=3, rules="oregon-trail-race", options=options)
    engine = game.engine
    # A known seed, so the game is the same on every run: one in which somebody dies (with a
    # random seed, now and then nobody does and the test would fail for nothing).
    game.seed = f"whole-game-{ruleset}"
    game.seed_sha256 = Game.hash_seed(game.seed)
    game.state = engine.new_state(game.options, 3, game.seed)
    game.save()
    rnd = random.Random(7)
    for _ in range(3000):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        position = engine.to_act(game.state)[0]
        seat = seat_at(game, position)
        action = engine.bot_action(game.state, position, rnd)
        services.move_submit(game=game, seat=seat, action=action, expected_version=game.version, channel="timeout")
    assert game.status == Game.Status.FINISHED
    notes = list(Notification.objects.filter(game=game))
    kinds = {n.kind for n in notes}
    assert {Kind.YOUR_TURN, Kind.HIT, Kind.GAME_OVER} <= kinds
    for n in notes:
        message = delivery.render_notification(n)
        assert f"/games/{game.pk}/" in message.body and message.subject
        if n.context.get("decision"):
            assert message.reply_to and "1. " in message.body
    hits = [n for n in notes if n.kind == Kind.HIT]
    for n in hits:
        assert n.context["text"] and n.seat.position is not None
    # Calamities reach their victims from the player who played them, and deaths are told.
    assert any(n.context["by"] and " sends " in n.context["text"] for n in hits)
    assert any("loses 1 wagon member" in " ".join([n.context["text"], *n.context["effects"]]) for n in hits)
    over = [n for n in notes if n.kind == Kind.GAME_OVER]
    assert len(over) == 3 and over[0].context["seed"] == game.seed
    if ruleset == "classic":  # print one of each kind when run with -s: what the players read
        for kind in sorted(kinds):
            n = next(n for n in notes if n.kind == kind)
            message = delivery.render_notification(n)
            print(f"\n===== {message.subject}\nReply-To: {message.reply_to}\n{message.body}")
