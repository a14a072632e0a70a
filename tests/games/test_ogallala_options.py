"""Ogallala's variants reach a game from the new-game form and from the API, and the edition they
do not belong to is refused with a sentence (#25)."""

import pytest
from django.urls import reverse

from games.models import Game

pytestmark = pytest.mark.django_db

VARIANTS = {"more_raiders": True, "spoils_canoes": True, "exchange_canoes": True, "no_totems": True}


def _form(**options):
    form = {
        "title": options.pop("title", "River"),
        "max_players": 2,
        "bots": 0,
        "turn_hours": 24,
        "on_missed": "bot",
        "miss_limit": 3,
    }
    form["opt_row_length"], form["opt_crazy_axes"] = 14, 4
    for key, value in options.items():
        if value is True:
            form[f"opt_{key}"] = "on"
        elif value is not False:
            form[f"opt_{key}"] = value
    return form


def test_the_new_game_form_offers_and_takes_the_variants(client, make_user):
    client.force_login(make_user("ann"))
    page = client.get(reverse("games:new", args=["ogallala"])).content.decode()
    assert "More lasso throwers and archers (Ogallala II)" in page and "Crazy Axes in the game (Ogallala I)" in page
    resp = client.post(reverse("games:new", args=["ogallala"]), _form(edition="II", **VARIANTS))
    assert resp.status_code == 302, resp.content[:2000]
    game = Game.objects.get(title="River")
    assert game.options == {"edition": "II", "row_length": 14, "two_tribes": False, "crazy_axes": 4, **VARIANTS}
    # Under edition I the form hides the II variants (#27): one its hidden field still holds is left out.
    resp = client.post(reverse("games:new", args=["ogallala"]), _form(edition="I", no_totems=True, title="Ford"))
    assert resp.status_code == 302
    assert Game.objects.get(title="Ford").options["no_totems"] is False


def test_the_api_takes_the_variants_and_refuses_them_for_the_other_edition(make_user, api_for):
    a = api_for(make_user("ann"))
    options = {"edition": "II", "spoils_canoes": True, "no_totems": True}
    created = a.post("/api/games/", {"rules": "ogallala", "max_players": 2, "options": options}, format="json")
    assert created.status_code == 201, created.content
    assert created.json()["options"]["spoils_canoes"] is True
    refused = a.post(
        "/api/games/", {"rules": "ogallala", "options": {"edition": "II", "crazy_axes": 2}}, format="json"
    ).json()
    assert refused["code"] == "BAD_OPTIONS"
    assert refused["message"] == "Ogallala II has no Crazy Axe: only Ogallala I can leave some in the box."
    [engine] = [e for e in a.get("/api/engines/").json() if e["slug"] == "ogallala"]
    assert engine["options"]["spoils_canoes"]["label"] == "Conquered warriors leave their canoes (Ogallala II)"
