"""An out-of-office reply to a move email (RFC 3834, recognised and never answered) marks the
player as probably away: the game page and the API show the table they seem away; if their
deadline passes first, an automatic vacation day is used (games.clock.away); their next move
clears the mark. Nothing is sent back to the robot."""

from datetime import timedelta

import pytest
from django.urls import reverse

from games import services
from games.models import Move, Vacation
from inbound.route import handle_raw
from notifications.models import InboundMessage, Notification

from .conftest import minute, turn_seat
from .test_inbound_robots_and_hostile_mail import reply, reply_to_address

pytestmark = pytest.mark.django_db
OUT_OF_OFFICE = {"Auto-Submitted": "auto-replied", "X-Autoreply": "yes"}


@pytest.fixture
def away_game(make_game, clock):
    game = make_game()
    seat = turn_seat(game)
    seat.user.auto_vacation = True
    seat.user.save()
    return game, seat


def test_an_out_of_office_reply_marks_the_player_away_and_gets_no_answer(away_game, client, api_for, users):
    game, seat = away_game
    notices = Notification.objects.count()
    result = handle_raw(reply(reply_to_address(seat), body="I am away until Monday.", headers=OUT_OF_OFFICE))
    assert result.outcome == "auto_reply"
    assert InboundMessage.objects.get().outcome == "auto_reply"
    assert Notification.objects.count() == notices  # nothing sent back, to the robot or anyone
    assert not Move.objects.filter(game=game, channel=Move.Channel.EMAIL).exists()
    seat.user.refresh_from_db()
    assert seat.user.seems_away_since is not None
    other = next(u for u in users[:2] if u.pk != seat.user_id)
    client.force_login(other)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "seems away: an automatic reply came back to their move email" in page
    players = api_for(other).get(f"/api/games/{game.pk}/").json()["players"]
    assert {p["name"]: p["seems_away"] for p in players} == {seat.user.public_name: True, other.public_name: False}


def test_when_the_deadline_passes_first_a_vacation_day_is_used(away_game, clock):
    game, seat = away_game
    handle_raw(reply(reply_to_address(seat), body="Away.", headers=OUT_OF_OFFICE))
    deadline = seat.deadline_at
    clock.move_to(deadline + timedelta(seconds=1))
    stats = minute()
    assert stats["vacation_days"] == 1 and stats["timeouts"] == 0
    seat.refresh_from_db()
    assert seat.deadline_at == deadline + timedelta(hours=24)
    assert Vacation.objects.get(user=seat.user).automatic


def test_the_players_next_move_clears_the_mark(away_game):
    game, seat = away_game
    handle_raw(reply(reply_to_address(seat), body="Away.", headers=OUT_OF_OFFICE))
    game.refresh_from_db()
    services.move_submit(
        game=game, seat=seat, action={"type": "end_turn"}, expected_version=game.version, channel="web"
    )
    seat.user.refresh_from_db()
    assert seat.user.seems_away_since is None


def test_bulk_mail_or_a_person_does_not_mark_anyone_away(away_game):
    game, seat = away_game
    handle_raw(reply(reply_to_address(seat), body="Sale!", headers={"Precedence": "bulk"}))
    seat.user.refresh_from_db()
    assert seat.user.seems_away_since is None
