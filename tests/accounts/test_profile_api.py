"""The profile in the API (#15): GET and PATCH /api/profile/, the signed-in player's own display
name and time zone; a refused change changes nothing and answers in the API's error shape."""

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

User = get_user_model()
URL = "/api/profile/"


def stored(user):
    return User.objects.values("display_name", "time_zone", "username", "email").get(pk=user.pk)


def test_get_shows_my_own_profile_and_nothing_more(make_user, api_for):
    ann = make_user("ann", time_zone="Europe/Berlin")
    make_user("bob", time_zone="America/New_York")
    got = api_for(ann).get(URL)
    assert got.status_code == 200
    assert got.json() == {
        "username": ann.username,
        "display_name": "ann",
        "email": ann.email,
        "time_zone": "Europe/Berlin",
        "listed": False,
        "quiet_from": None,
        "quiet_until": None,
        "quiet_days": [],
        "auto_vacation": False,  # make_user's default in tests (on for a real player)
    }


@pytest.mark.parametrize("method", ["get", "patch"])
def test_anonymous_callers_are_refused(make_user, method):
    ann = make_user("ann")
    before = stored(ann)
    got = getattr(APIClient(), method)(URL, {"time_zone": "Asia/Tokyo"}, format="json")
    assert got.status_code in (401, 403)
    assert got.json()["code"] == "NOT_AUTHENTICATED" and got.json()["message"]
    bad = APIClient()
    bad.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)
    assert getattr(bad, method)(URL, {"time_zone": "Asia/Tokyo"}, format="json").status_code == 401
    assert stored(ann) == before


def test_patch_changes_my_time_zone_and_display_name_and_nobody_elses(make_user, api_for):
    ann, bob = make_user("ann"), make_user("bob", time_zone="America/New_York")
    bob_before = stored(bob)
    got = api_for(ann).patch(URL, {"time_zone": "Asia/Tokyo", "display_name": "  Annie  "}, format="json")
    assert got.status_code == 200
    assert got.json()["time_zone"] == "Asia/Tokyo" and got.json()["display_name"] == "Annie"
    assert stored(ann)["time_zone"] == "Asia/Tokyo" and stored(ann)["display_name"] == "Annie"
    assert stored(bob) == bob_before
    # one field at a time; the other stays
    assert api_for(ann).patch(URL, {"time_zone": "UTC"}, format="json").json()["display_name"] == "Annie"
    assert stored(ann)["time_zone"] == "UTC"


def test_a_session_works_too(make_user, client):
    ann = make_user("ann")
    client.force_login(ann)
    assert client.get(URL).json()["username"] == ann.username


@pytest.mark.parametrize("zone", ["Mars/Olympus", "", "europe/berlin", "Europe/Berlin/x", 5, ["UTC"], None])
def test_a_bad_zone_is_refused_with_a_sentence_and_nothing_changes(make_user, api_for, zone):
    ann = make_user("ann", time_zone="Europe/Berlin")
    before = stored(ann)
    got = api_for(ann).patch(URL, {"display_name": "New name", "time_zone": zone}, format="json")
    assert got.status_code == 400
    body = got.json()
    assert body["code"] == "VALIDATION_ERROR" and body["message"].startswith("time_zone: ")
    assert set(body["extra"]["fields"]) == {"time_zone"}
    assert stored(ann) == before  # the display name, valid, did not change either


def test_an_unknown_zone_is_named_in_the_sentence(make_user, api_for):
    ann = make_user("ann")
    body = api_for(ann).patch(URL, {"time_zone": "Mars/Olympus"}, format="json").json()
    assert body["message"] == (
        "time_zone: “Mars/Olympus” is not a time zone we know: pick one from the list, e.g. Europe/Berlin or "
        "America/New_York."
    )


def test_long_and_hostile_input_is_bounded_and_refused(make_user, api_for):
    ann = make_user("ann", time_zone="Europe/Berlin")
    before = stored(ann)
    api = api_for(ann)
    for payload in (
        {"time_zone": "Europe/" + "x" * 10_000},
        {"time_zone": "Europe/Berlin\r\nBcc: victim@example.com"},
        {"time_zone": "Europe/Ber\x00lin"},
        {"display_name": "x" * 61},
        {"display_name": "Ann\r\nBcc: victim@example.com"},
        {"display_name": "Ann\x00"},
        {"display_name": "Ann\u2028Bcc: victim@example.com"},
        {"display_name": "Ann\u202egnp.exe"},
        {"display_name": "Ann\u2067x"},
        {"listed": "perhaps"},
        {"username": "root"},
        {"email": "other@example.com"},
        {"timezone": "Asia/Tokyo"},
        {"x" * 5_000: 1},
        ["UTC"],
    ):
        got = api.patch(URL, payload, format="json")
        assert got.status_code == 400, payload
        body = got.json()
        assert body["code"] == "VALIDATION_ERROR" and body["message"], payload
        assert len(got.content) < 1_000, payload  # a refused value is echoed short, if at all
        assert "\n" not in body["message"] and "Bcc:" not in body["message"].split("“")[0], payload
    assert stored(ann) == before


def test_the_read_only_fields_may_come_back_unchanged(make_user, api_for):
    """A client may PATCH back what GET gave it, with a field changed."""
    ann = make_user("ann")
    api = api_for(ann)
    profile = api.get(URL).json()
    got = api.patch(URL, {**profile, "time_zone": "Australia/Sydney"}, format="json")
    assert got.status_code == 200 and got.json() == {**profile, "time_zone": "Australia/Sydney"}


def test_only_get_and_patch(make_user, api_for):
    api = api_for(make_user("ann"))
    for method in ("post", "put", "delete"):
        got = getattr(api, method)(URL, {"time_zone": "UTC"}, format="json")
        assert got.status_code == 405 and got.json()["code"] == "METHOD_NOT_ALLOWED"


def test_the_endpoint_is_in_the_openapi_schema(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    assert "/api/profile/" in schema and "profile_partial_update" in schema and "profile_retrieve" in schema
