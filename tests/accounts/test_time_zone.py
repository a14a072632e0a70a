"""A player's time zone (#15): taken from the browser at sign-up, changed on the profile page by
that player only, and used for the deadline in their "your turn" email."""

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.test import RequestFactory
from django.utils import timezone

from accounts.middleware import TimeZoneMiddleware
from games import services
from games.models import Seat
from notifications import delivery
from notifications.models import Kind, Notification
from notifications.outbox import format_when
from tests.builders import start_game

pytestmark = pytest.mark.django_db

User = get_user_model()
PASSWORD = "pw-Trailpost-1"


# -- the email ------------------------------------------------------------------------------------


def test_format_when_in_the_readers_zone():
    winter = datetime(2026, 11, 24, 18, 30, tzinfo=UTC)
    summer = datetime(2026, 7, 1, 18, 30, tzinfo=UTC)
    assert format_when(winter, "Europe/Berlin") == "Tue 24 Nov 2026, 19:30 CET (Europe/Berlin)"
    assert format_when(summer, "Europe/Berlin") == "Wed 01 Jul 2026, 20:30 CEST (Europe/Berlin)"
    assert format_when(winter, "America/New_York") == "Tue 24 Nov 2026, 13:30 EST (America/New_York)"
    assert format_when(winter, "UTC") == "Tue 24 Nov 2026, 18:30 UTC"
    for unknown in (None, "", "Mars/Olympus"):  # a bot's seat, or a row from before the check
        assert format_when(winter, unknown) == "Tue 24 Nov 2026, 18:30 UTC"
    assert format_when(None, "Europe/Berlin") == ""


def test_your_turn_email_shows_the_deadline_in_each_players_own_zone(toy_engine, make_user):
    berlin = make_user("berlin", time_zone="Europe/Berlin")
    york = make_user("york", time_zone="America/New_York")
    zones = {berlin.pk: "Europe/Berlin", york.pk: "America/New_York"}
    with time_machine.travel(datetime(2026, 11, 22, 18, 30, tzinfo=UTC), tick=False):
        game = start_game(berlin, york, rules="toy-notify", title="Zones", turn_hours=48)
        seen = []
        for _ in range(2):  # the first turn's email, then the next player's, after a move (the hot path)
            game.refresh_from_db()
            seat = Seat.objects.select_related("user").get(game=game, position=game.engine.to_act(game.state)[0])
            notice = Notification.objects.filter(kind=Kind.YOUR_TURN, seat=seat).latest("pk")
            local = seat.deadline_at.astimezone(ZoneInfo(zones[seat.user_id]))
            expected = local.strftime("%a %d %b %Y, %H:%M %Z") + f" ({zones[seat.user_id]})"
            assert notice.context["decision"]["deadline_text"] == expected
            message = delivery.render_notification(notice)
            assert expected in message.body
            assert expected in message.alternatives[0][0]
            assert "UTC" not in notice.context["decision"]["deadline_text"]
            seen.append(seat.user_id)
            services.move_submit(
                game=game, seat=seat, action={"type": "end_turn"}, expected_version=game.version, channel="timeout"
            )
    assert set(seen) == {berlin.pk, york.pk}


def test_the_deadline_is_in_utc_for_a_player_who_never_chose(toy_engine, make_user):
    a, b = make_user("a"), make_user("b")
    game = start_game(a, b, rules="toy-notify", title="Plain", turn_hours=48)
    notice = Notification.objects.get(kind=Kind.YOUR_TURN, game=game)
    assert notice.context["decision"]["deadline_text"].endswith(" UTC")


# -- sign-up --------------------------------------------------------------------------------------


def signup(client, email, **extra):
    data = {
        "display_name": email.split("@")[0].title(),
        "email": email,
        "password1": PASSWORD,
        "password2": PASSWORD,
        **extra,
    }
    return client.post("/accounts/signup/", data)


def test_the_signup_page_asks_the_browser_for_its_zone_without_inline_script(client):
    page = client.get("/accounts/signup/").content.decode()
    assert '<input type="hidden" name="time_zone" value="" data-browser-time-zone>' in page
    assert "js/trailpost.js" in page
    assert "<script>" not in page and "Intl." not in page  # the CSP refuses inline scripts


def test_signup_stores_the_browsers_zone(client):
    response = signup(client, "tz@example.com", time_zone="Europe/Berlin")
    assert response.status_code == 302
    assert User.objects.get(email="tz@example.com").time_zone == "Europe/Berlin"


@pytest.mark.parametrize("sent", ["Mars/Olympus", "", "  ", "../../etc/localtime", "x" * 300, None])
def test_a_bad_or_missing_zone_at_signup_is_utc_without_an_error(client, sent):
    extra = {} if sent is None else {"time_zone": sent}
    response = signup(client, "odd@example.com", **extra)
    assert response.status_code == 302  # signed up, no form error
    assert User.objects.get(email="odd@example.com").time_zone == "UTC"


# -- the profile page -----------------------------------------------------------------------------


def test_the_profile_page_changes_the_zone(client, make_user):
    user = make_user("ann")
    client.force_login(user)
    page = client.get("/accounts/profile/").content.decode()
    assert 'name="time_zone"' in page and '<option value="Europe/Berlin">' in page
    zones = re.findall(r'<option value="([^"]+)">', page[page.index('<datalist id="time-zone-list"') :])
    assert zones[0] == "UTC" and zones.index("Europe/London") < zones.index("Africa/Abidjan")  # common ones first
    assert not {"Factory", "localtime", "posixrules", "US/Eastern", "EST5EDT"} & set(zones)
    response = client.post("/accounts/profile/", {"display_name": "Ann", "time_zone": "Asia/Tokyo"})
    assert response.status_code == 302
    user.refresh_from_db()
    assert (user.display_name, user.time_zone) == ("Ann", "Asia/Tokyo")


def test_the_profile_page_refuses_a_bad_zone_and_changes_nothing(client, make_user):
    user = make_user("ann", time_zone="Europe/Berlin")
    client.force_login(user)
    response = client.post("/accounts/profile/", {"display_name": "Renamed", "time_zone": "Mars/Olympus"})
    assert response.status_code == 200
    assert response.context["form"].errors["time_zone"] == [
        "“Mars/Olympus” is not a time zone we know: pick one from the list, e.g. Europe/Berlin or America/New_York."
    ]
    assert "is not a time zone we know" in response.content.decode()
    user.refresh_from_db()
    assert (user.display_name, user.time_zone) == ("ann", "Europe/Berlin")


def test_only_you_change_your_zone(client, make_user):
    ann, bob = make_user("ann"), make_user("bob", time_zone="Europe/Paris")
    # Nobody signed in: to the login page, nothing changes.
    response = client.post("/accounts/profile/", {"display_name": "x", "time_zone": "Asia/Tokyo"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    # Signed in as Ann, naming Bob in every way a form might: only Ann's row changes.
    client.force_login(ann)
    client.post(
        "/accounts/profile/",
        {"display_name": "ann", "time_zone": "Asia/Tokyo", "id": bob.pk, "pk": bob.pk, "user": bob.pk},
    )
    ann.refresh_from_db()
    bob.refresh_from_db()
    assert ann.time_zone == "Asia/Tokyo"
    assert (bob.display_name, bob.time_zone) == ("bob", "Europe/Paris")


def test_the_model_refuses_an_unknown_zone(make_user):
    user = make_user("ann")
    user.time_zone = "Mars/Olympus"
    with pytest.raises(ValidationError) as caught:
        user.full_clean()
    assert caught.value.error_dict["time_zone"][0].code == "invalid_time_zone"


# -- web pages ------------------------------------------------------------------------------------


def test_the_middleware_activates_the_readers_zone(make_user):
    from django.contrib.auth.models import AnonymousUser

    seen = []
    middleware = TimeZoneMiddleware(lambda request: seen.append(timezone.get_current_timezone_name()) or HttpResponse())
    request = RequestFactory().get("/")
    request.user = make_user("ann", time_zone="Europe/Berlin")
    middleware(request)
    request.user = AnonymousUser()
    middleware(request)
    assert seen == ["Europe/Berlin", "UTC"]
    assert timezone.get_current_timezone_name() == "UTC"  # nothing left active after the request


def test_a_zone_not_offered_but_known_is_kept_and_a_typed_label_is_read(client, make_user):
    user = make_user("ann", time_zone="US/Eastern")
    client.force_login(user)
    assert client.post("/accounts/profile/", {"display_name": "ann", "time_zone": "US/Eastern"}).status_code == 302
    assert (
        client.post("/accounts/profile/", {"display_name": "ann", "time_zone": "America / New York"}).status_code == 302
    )
    user.refresh_from_db()
    assert user.time_zone == "America/New_York"
