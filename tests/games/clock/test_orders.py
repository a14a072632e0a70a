"""Standing orders (games.clock.orders): the API, the web form (games/clock_views.py), answered at
once, or by the sweep when the broker lost the task; the seat's flag that spares the lookup."""

import pytest

from games.models import Move, StandingOrder
from tests.builders import play

from .conftest import minute, seat_at, turn_seat

pytestmark = pytest.mark.django_db


def test_standing_orders_api_get_and_put(make_game, client):
    game = make_game()
    seat = turn_seat(game)
    client.force_login(seat.user)
    url = f"/api/games/{game.pk}/standing-orders/"
    data = client.get(url).json()
    assert data["orders"] == {} and "medicine_choice" in data["decision_kinds"]
    r = client.put(url, {"orders": {"medicine_choice": "always"}}, content_type="application/json")
    assert r.status_code == 200 and r.json()["orders"] == {"medicine_choice": "always"}
    r = client.put(url, {"orders": {"medicine_choice": "maybe"}}, content_type="application/json")
    assert r.status_code == 400 and r.json()["code"] == "VALIDATION_ERROR"
    r = client.put(url, {"orders": {"medicine_choice": ""}}, content_type="application/json")
    assert r.json()["orders"] == {}


def test_a_standing_order_answers_the_decision_at_once(make_game, eager, django_capture_on_commit_callbacks):
    game = make_game()
    seat = turn_seat(game)
    victim = seat_at(game, 1 - seat.position)
    StandingOrder.objects.create(seat=victim, kind="medicine_choice", answer="always")
    with django_capture_on_commit_callbacks(execute=True):
        play(game, seat, {"type": "calamity", "victim": victim.position})
    move = Move.objects.filter(game=game).latest("seq")
    assert (move.channel, move.action, move.position) == (
        "standing",
        {"type": "medicine", "use": True},
        victim.position,
    )


def test_a_standing_order_lost_with_the_broker_is_played_by_the_sweep(make_game):
    import time_machine
    from django.utils import timezone

    game = make_game()
    seat = turn_seat(game)
    victim = seat_at(game, 1 - seat.position)
    StandingOrder.objects.create(seat=victim, kind="medicine_choice", answer="never")
    play(game, seat, {"type": "calamity", "victim": victim.position})  # on_commit never runs here
    victim.refresh_from_db()
    assert victim.deadline_at <= timezone.now() + timezone.timedelta(minutes=3)
    with time_machine.travel(timezone.now() + timezone.timedelta(minutes=3), tick=False):
        assert minute()["standing"] == 1
    move = Move.objects.filter(game=game).latest("seq")
    assert (move.channel, move.action) == ("standing", {"type": "medicine", "use": False})


def test_standing_orders_web_form(make_game, client):
    game = make_game()
    seat = turn_seat(game)
    client.force_login(seat.user)
    url = f"/mail/games/{game.pk}/standing-orders/"
    assert "Dysentery" in client.get(url).content.decode()
    assert client.post(url, {"medicine_choice": "never"}).status_code == 302
    assert StandingOrder.objects.get(seat=seat).answer == "never"


def test_the_seat_flag_follows_its_orders_and_spares_the_lookup_without_any(make_game):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.models import Seat
    from games.timekeeper.autoplay import standing_orders_set

    game = make_game()
    seat = turn_seat(game)
    victim = seat_at(game, 1 - seat.position)
    assert not victim.has_standing_orders
    standing_orders_set(seat=victim, orders={"medicine_choice": "always"})
    assert Seat.objects.get(pk=victim.pk).has_standing_orders
    standing_orders_set(seat=victim, orders={"medicine_choice": ""})
    assert not Seat.objects.get(pk=victim.pk).has_standing_orders
    # A calamity puts a decision to the victim, who has no orders: no standing-order lookup.
    with CaptureQueriesContext(connection) as queries:
        play(game, seat, {"type": "calamity", "victim": victim.position})
    assert not [q for q in queries.captured_queries if "standingorder" in q["sql"]]
    assert Move.objects.filter(game=game).latest("seq").channel == "web"


def test_an_order_answers_only_in_a_game_in_play_for_a_person_still_playing(make_game):
    from games.clock.orders import covered_action
    from games.models import Game, Seat

    game = make_game()
    seat = turn_seat(game)
    victim = seat_at(game, 1 - seat.position)
    StandingOrder.objects.create(seat=victim, kind="medicine_choice", answer="always")
    Seat.objects.filter(pk=victim.pk).update(has_standing_orders=True)
    play(game, seat, {"type": "calamity", "victim": victim.position})
    game.refresh_from_db()
    victim.refresh_from_db()
    assert covered_action(game, victim) == {"type": "medicine", "use": True}
    StandingOrder.objects.filter(seat=victim).update(kind="another_choice")  # a kind of its own alone
    StandingOrder.objects.create(seat=seat, kind="medicine_choice", answer="never")  # another seat's
    assert covered_action(game, victim) is None
    StandingOrder.objects.filter(seat=victim).update(kind="medicine_choice")
    game.status = Game.Status.PAUSED
    assert covered_action(game, victim) is None
    game.status = Game.Status.ACTIVE
    victim.status = Seat.Status.KICKED
    assert covered_action(game, victim) is None


def test_covered_seat_reads_only_this_games_orders(make_game):
    """A seat at the same place in another game, with an order of the same kind, answers nothing
    here: the victim here has no order of its own."""
    from games.clock.orders import covered_seat, standing_orders_due
    from games.models import Game

    game, other = make_game(), make_game()
    seat = turn_seat(game)
    victim = seat_at(game, 1 - seat.position)
    StandingOrder.objects.create(seat=seat_at(other, victim.position), kind="medicine_choice", answer="always")
    play(game, seat, {"type": "calamity", "victim": victim.position})
    game.refresh_from_db()
    assert covered_seat(game) == (None, None)
    assert not standing_orders_due(game)
    StandingOrder.objects.create(seat=victim, kind="medicine_choice", answer="never")
    found, action = covered_seat(game)
    assert (found.pk, action) == (victim.pk, {"type": "medicine", "use": False})
    assert standing_orders_due(game)
    game.status = Game.Status.PAUSED  # a paused game plays nothing, orders or not
    assert not standing_orders_due(game)


def test_a_seat_given_to_a_bot_does_not_play_its_former_players_orders(make_game, users):
    from games import services
    from games.clock.orders import covered_seat

    game = make_game()
    seat = turn_seat(game)
    victim = seat_at(game, 1 - seat.position)
    StandingOrder.objects.create(seat=victim, kind="medicine_choice", answer="always")
    services.seat_replace(game=game, seat=victim, by=None, bot=True, reason="left for good")
    game.refresh_from_db()
    play(game, turn_seat(game), {"type": "calamity", "victim": victim.position})
    game.refresh_from_db()
    assert covered_seat(game) == (None, None)  # the bot decides for itself
