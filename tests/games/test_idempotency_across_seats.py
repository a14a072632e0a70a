"""An Idempotency-Key belongs to the person who sent it (issues #30 and #31): another player, or
the seat's next holder, who sends the same key with the same body is never answered with the first
player's move as if it were theirs; for them it is a key of their own (their request is judged as
it is: here its version is out of date), and the first player's retry still gets its move. The same
key in another game is another move.
"""

import pytest

from games.models import Move
from tests.builders import play, seat_to_act, start_game
from tests.games.test_service_rules import HAND, _log_rows

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(make_user, toy_engine):
    return make_user("ann"), make_user("bob")


def _post(api, game, body, key):
    return api.post(f"/api/games/{game.pk}/moves/", body, format="json", HTTP_IDEMPOTENCY_KEY=key)


def test_a_key_reused_by_the_other_seat_is_theirs_not_the_first_move(people, api_for):
    game = start_game(*people, options=HAND)
    first_seat = seat_to_act(game)
    body = {"action": {"type": "draw"}, "expected_version": game.version}
    first = _post(api_for(first_seat.user), game, body, "shared-key")
    assert first.status_code == 201
    other = seat_to_act(game)
    assert other.pk != first_seat.pk
    before = _log_rows(game)

    # the same key and the very same body (the version the first player saw), from the other seat:
    # not answered as the first player's move; judged as theirs, and out of date
    resp = _post(api_for(other.user), game, body, "shared-key")
    assert resp.status_code == 409, resp.content
    assert resp.json()["code"] == "STALE_VERSION"
    assert _log_rows(game) == before
    # with the version they see, the same key plays their own move
    now = api_for(other.user).get(f"/api/games/{game.pk}/").json()["version"]
    mine = _post(api_for(other.user), game, {**body, "expected_version": now}, "shared-key")
    assert mine.status_code == 201 and mine.json()["applied"] is True, mine.content
    assert mine.json()["move"]["seq"] != first.json()["move"]["seq"]

    # its owner's retry is still answered with its move
    again = _post(api_for(first_seat.user), game, body, "shared-key")
    assert again.status_code == 200 and again.json()["applied"] is False
    assert again.json()["move"]["seq"] == first.json()["move"]["seq"]


def test_the_same_key_in_another_game_is_another_move(people, api_for):
    one, two = start_game(*people, options=HAND), start_game(*people, options=HAND)
    sender = seat_to_act(one).user
    for game in (one, two):
        seat = seat_to_act(game)
        if seat.user != sender:  # seats are drawn at random: the same sender in both games
            play(game, seat, {"type": "draw"})
            seat = seat_to_act(game)
        assert seat.user == sender
        body = {"action": {"type": "draw"}, "expected_version": game.version}
        resp = _post(api_for(seat.user), game, body, "same-key-everywhere")
        assert resp.status_code == 201 and resp.json()["applied"] is True, resp.content
    keyed = Move.objects.filter(idempotency_key="same-key-everywhere", actor=sender)
    assert sorted(keyed.values_list("game_id", flat=True)) == [one.pk, two.pk]


def test_a_key_reused_by_the_next_holder_of_the_same_seat_is_not_the_former_move(people, api_for, make_user):
    """A seat handed to someone else mid-game: its new holder's request with the former holder's
    key and body is not answered as if it had been applied: it is theirs, and out of date."""
    from games import services

    game = start_game(*people, options=HAND)
    seat = seat_to_act(game)
    body = {"action": {"type": "draw"}, "expected_version": game.version}
    assert _post(api_for(seat.user), game, body, "handed-over").status_code == 201
    dan = make_user("dan")
    services.seat_replace(game=game, seat=seat, by=make_user("mod", is_staff=True), user=dan, reason="handover")
    before = _log_rows(game)
    resp = _post(api_for(dan), game, body, "handed-over")
    assert resp.status_code == 409, resp.content
    assert resp.json()["code"] == "STALE_VERSION"
    assert _log_rows(game) == before
