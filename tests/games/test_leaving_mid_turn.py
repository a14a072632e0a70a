"""Issue #25, item 2, through the server: the victim of a calamity leaves the game while the
forger waits on the victim's decision (bullets against a thief, measles, hunting), in Oregon
Trail Race classic, where the forger's one action is spent on the calamity trigger.

Every way a seat leaves a game in play goes through services.seat_out and so Engine.resign:
resigning, being dropped by the clock (its drop step, replace_absent, and the whole sweep: the
miss is first played by the default move, then the seat is dropped) and being kicked out by a
moderator. Each way, the turn passes on from the forger, who gets no second action and no
deadline, and the log still replays to the state (what export, verify and replay rely on).
(The whole sweep was right before the fix too, its default move answering first; it stays as a
guard. The other three ways left the forger to act again.)
The engine's side, both rulesets, is in tests/rules/oregon_trail/test_leaving.py."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from games import services
from games.models import Game, Move, Seat
from games.rules.base import Rng
from games.selectors import replay_state
from games.timekeeper.sweep import handle_due, replace_absent
from tests.builders import start_game

pytestmark = pytest.mark.django_db

T0 = datetime(2030, 3, 1, 12, 0, tzinfo=UTC)
# seeds whose bots' second move (forge a trigger, then pick the victim) asks the victim this
SEEDS = {
    "thief_bullets": "tests:leaving:classic:119",
    "measles_medicine": "tests:leaving:classic:25",
    "hunting_bullets": "tests:leaving:classic:12",
}


@pytest.fixture
def clock():
    with time_machine.travel(T0, tick=False) as traveller:
        yield traveller


def waiting_on_victim(users, seed) -> Game:
    """A classic three-player game, dealt from `seed`, played by the engine's bot through
    move_submit until a victim's decision is awaited during the forger's turn."""
    owner, *others = users
    game = start_game(
        owner,
        *others,
        rules="oregon-trail-race",
        options={"ruleset": "classic"},
        on_missed=Game.OnMissed.DROP,
        miss_limit=1,
        turn_hours=48,
    )
    engine = game.engine
    game.seed, game.seed_sha256 = seed, Game.hash_seed(seed)
    game.state = engine.new_state(game.options, len(users), seed)
    game.save()
    rnd = Rng.stream(f"{seed}:bots")
    while not game.state["pending"] or game.state["pending"][0]["kind"] == "victim":
        position = engine.to_act(game.state)[0]
        services.move_submit(
            game=game,
            seat=Seat.objects.get(game=game, position=position),
            action=engine.bot_action(game.state, position, rnd),
            expected_version=game.version,
            channel=Move.Channel.WEB,
        )
        game = Game.objects.get(pk=game.pk)
    return game


def leave(game, victim: Seat, how, moderator):
    if how == "resigned":
        services.game_resign(game=game, user=victim.user)
    elif how == "dropped":  # the clock's drop step, once the misses reached the game's limit
        Seat.objects.filter(pk=victim.pk).update(missed_deadlines=game.miss_limit)
        assert replace_absent(game, Seat.objects.get(pk=victim.pk)) == "dropped"
    elif how == "kicked":
        services.seat_kick(game=game, seat=victim, by=moderator, reason="Gone for good")
    else:  # the whole sweep: the default move answers the decision, then the seat is dropped
        assert handle_due(T0 + timedelta(hours=48, seconds=1))["timeouts"] == 1


STATUS = {"resigned": "resigned", "dropped": "dropped", "kicked": "kicked", "timed out": "dropped"}


@pytest.mark.parametrize("how", list(STATUS))
@pytest.mark.parametrize("decision", list(SEEDS))
def test_a_victim_who_leaves_during_their_decision_passes_the_turn_on(make_user, clock, decision, how):
    users = [make_user("Ann"), make_user("Bob"), make_user("Cyd")]
    game = waiting_on_victim(users, SEEDS[decision])
    engine = game.engine
    forger, asked = game.state["turn"], game.state["pending"][0]["seat"]
    assert game.state["actions_left"] == 0 and engine.decision_kind(game.state, asked) == decision
    victim = Seat.objects.select_related("user").get(game=game, position=asked)
    third = ({0, 1, 2} - {forger, victim.position}).pop()
    if how == "timed out":
        clock.move_to(T0 + timedelta(hours=48, seconds=1))

    leave(game, victim, how, make_user("mod", is_staff=True, is_superuser=True))

    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and Seat.objects.get(pk=victim.pk).status == STATUS[how]
    assert engine.to_act(game.state) == [third] and game.state["pending"] == []
    assert engine.legal_actions(game.state, forger) == []  # no scouting or stepping back a second time
    seats = {s.position: s for s in Seat.objects.filter(game=game)}
    assert seats[forger].deadline_at is None and seats[third].deadline_at is not None
    assert replay_state(game) == game.state
