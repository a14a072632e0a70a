"""Every act is logged with the channel it came by (web, API, email, the clock, a bot, a
moderator), the start and a resignation included, and shows so in the log and the export."""

import json
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from games.timekeeper.autoplay import bots_play
from inbound.route import handle_raw
from notifications.models import Notification
from tests.builders import lobby_game
from tests.inbound.test_inbound import reply

from .conftest import T0, minute, turn_seat

pytestmark = pytest.mark.django_db


def logged_channels(game, api) -> tuple[list, list]:
    """Returns [(seq, channel)] as the API's log shows them and as the export has them."""
    log = api.get(reverse("api-game-moves", args=[game.pk])).json()
    export = json.loads(api.get(reverse("api-game-export", args=[game.pk])).content)
    return [(m["seq"], m["channel"]) for m in log], [(m["seq"], m["channel"]) for m in export["moves"]]


def lobby(users, rules, bots=0, turn_hours=48):
    return lobby_game(
        users[0], users[1], rules=rules, title="Channels", max_players=2 + bots, bots=bots, turn_hours=turn_hours
    )


def web(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def end_turn_by(channel, game, seat, api_for):
    """The seat ends its turn by `channel`."""
    game.refresh_from_db()
    if channel == "web":
        data = {"action": json.dumps({"type": "end_turn"}), "version": game.version}
        web(seat.user).post(reverse("games:move", args=[game.pk]), data)
    elif channel == "api":
        api_for(seat.user).post(
            reverse("api-game-moves", args=[game.pk]),
            {"action": {"type": "end_turn"}, "expected_version": game.version},
            format="json",
        )
    elif channel == "email":
        note = Notification.objects.filter(seat=seat, context__decision__isnull=False).latest("pk")
        assert handle_raw(reply(note.context["decision"]["reply_to"], "End the turn")).outcome == "played"
    elif channel == "timeout":
        minute()


def test_each_act_is_logged_with_the_channel_it_came_by(clock, users, api_for, make_user):
    game = lobby(users, "toy-notify", bots=1, turn_hours=24)
    api_for(users[0]).post(reverse("api-game-start", args=[game.pk]))
    pending = ["web", "email", "api", "timeout"]
    while pending:
        seat = turn_seat(game)
        if seat.is_bot:
            assert bots_play(game.pk, limit=1) == 1
            continue
        channel = pending.pop(0)
        if channel == "timeout":
            clock.move_to(T0 + timedelta(hours=24, seconds=1))
        before = game.moves.count()
        end_turn_by(channel, game, seat, api_for)
        assert game.moves.count() == before + 1, channel
    moderator = make_user("mod", is_staff=True, is_superuser=True)
    web(moderator).post(
        reverse("admin:games_game_changelist"),
        {"action": "abort", "_selected_action": [game.pk], "reason": "Channel check."},
    )
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED
    log, export = logged_channels(game, api_for(users[0]))
    assert log == export
    channels = [channel for _, channel in log]
    assert channels[0] == "api"  # the start, by the API
    assert channels[-1] == "admin"  # the abort, by a moderator in Django's admin
    assert [c for c in channels[1:-1] if c != "bot"] == ["web", "email", "api", "timeout"]
    assert "bot" in channels


@pytest.mark.parametrize("start_by, resign_by", [("web", "api"), ("api", "web")])
def test_a_start_and_a_resignation_are_logged_as_they_came(users, api_for, start_by, resign_by):
    game = lobby(users, "toy-shed")
    if start_by == "web":
        web(users[0]).post(reverse("games:start", args=[game.pk]))
    else:
        api_for(users[0]).post(reverse("api-game-start", args=[game.pk]))
    if resign_by == "web":
        web(users[1]).post(reverse("games:resign", args=[game.pk]))
    else:
        api_for(users[1]).post(reverse("api-game-resign", args=[game.pk]))
    game.refresh_from_db()
    assert game.is_over
    log, export = logged_channels(game, api_for(users[0]))
    assert log == export
    assert [channel for _, channel in log] == [start_by, resign_by]
