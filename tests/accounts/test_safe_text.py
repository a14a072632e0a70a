"""#30 item 6: names and titles are one line of plain text on every path (accounts.validators).

The attack: the profile form took "Alice\\r\\nBcc: victim@evil.test" as a display name, and the
chat email's text part carried its lines to the other players; U+2028 and the bidi override U+202E
passed the API too.
"""

import pytest
from django.contrib.admin.sites import site
from django.core.exceptions import ValidationError
from django.test import RequestFactory

from accounts.models import User
from accounts.validators import one_line, validate_display_name
from chat.models import Message
from chat.services import post_message
from games.models import Game

pytestmark = pytest.mark.django_db

HOSTILE = [
    "Alice\r\nBcc: victim@evil.test",
    "Alice\nClick https://evil.test",
    "Alice\u2028Bcc: victim@evil.test",
    "Alice\u2029x",
    "Ann\u202egnp.exe",
    "Ann\u202ax",
    "Ann\u2066x\u2069",
    "Ann\u0085x",  # C1: NEXT LINE
    "Ann\tx",
    "Ann\x00",
    "Ann\x1b[31m",
]


def _sentence(name: str) -> str:
    """The error's start (Django's own form fields refuse a NUL before our check runs)."""
    return "Null characters are not allowed" if "\x00" in name else "A display name cannot hold"


@pytest.mark.parametrize("name", HOSTILE)
def test_the_profile_form_refuses_a_name_that_is_not_one_plain_line(client, make_user, name):
    ann = make_user("Ann")
    client.force_login(ann)
    response = client.post("/accounts/profile/", {"display_name": name, "time_zone": "UTC"})
    assert response.status_code == 200  # the form again, with its error
    html = response.content.decode()
    assert _sentence(name) in html
    assert User.objects.get(pk=ann.pk).display_name == "Ann"


@pytest.mark.parametrize("name", HOSTILE)
def test_the_api_refuses_it_with_the_same_sentence(make_user, api_for, name):
    ann = make_user("Ann")
    response = api_for(ann).patch("/api/profile/", {"display_name": name}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "VALIDATION_ERROR"
    # C0 controls but tab, line feed and carriage return never reach the field: the API's JSON
    # parser refuses the whole body (games.rules.base.UNSAFE_TEXT), without echoing it
    refused_whole = any(c < " " and c not in "\t\n\r" for c in name)
    assert ("not allowed" if refused_whole else "A display name cannot hold") in body["message"]
    assert name not in str(body)
    assert User.objects.get(pk=ann.pk).display_name == "Ann"


@pytest.mark.parametrize("name", HOSTILE)
def test_the_admin_refuses_it(make_user, name):
    ann, staff = make_user("Ann"), make_user("Sam", is_staff=True, is_superuser=True)
    request = RequestFactory().post("/")
    request.user = staff
    form_class = site._registry[User].get_form(request, obj=ann, change=True)
    form = form_class(data={"display_name": name}, instance=ann)
    assert not form.is_valid()
    assert _sentence(name) in " ".join(form.errors["display_name"])


@pytest.mark.parametrize("name", ["Ann", "Zoë Ørsted", "李雷", "عائشة", "Ann-Marie O'Neil", "🎲 Dicey", "\u200dx"])
def test_plain_names_of_every_script_pass(client, make_user, name):
    ann = make_user("Ann")
    client.force_login(ann)
    assert client.post("/accounts/profile/", {"display_name": f"  {name}  ", "time_zone": "UTC"}).status_code == 302
    assert User.objects.get(pk=ann.pk).display_name == name  # trimmed


def test_a_stored_name_stays_until_it_is_saved_again(client, make_user):
    ann = make_user("Ann")
    User.objects.filter(pk=ann.pk).update(display_name="Ann\u202eold")  # a row from before the check
    client.force_login(ann)
    assert "Your profile" in client.get("/accounts/profile/").content.decode()
    response = client.post("/accounts/profile/", {"display_name": "Ann\u202eold", "time_zone": "Asia/Tokyo"})
    assert response.status_code == 200 and User.objects.get(pk=ann.pk).time_zone != "Asia/Tokyo"
    with pytest.raises(ValidationError):
        validate_display_name("  Ann")


@pytest.mark.parametrize("title", HOSTILE)
def test_a_game_title_is_checked_on_the_page_and_in_the_api(client, make_user, api_for, toy_engine, title):
    ann = make_user("Ann")
    client.force_login(ann)
    form = {"max_players": 2, "bots": 0, "turn_hours": 48, "on_missed": "bot", "miss_limit": 3}
    response = client.post("/games/new/toy-shed/", {**form, "opt_hand_size": 3, "title": title})
    assert response.status_code == 200 and "A title cannot hold" in response.content.decode()
    api = api_for(ann).post("/api/games/", {"rules": "toy-shed", "title": title}, format="json")
    assert api.status_code == 400 and api.json()["code"] == "VALIDATION_ERROR"
    assert not Game.objects.exists()


def test_the_sentence_says_what_is_wrong_and_what_is_fine():
    with pytest.raises(ValidationError) as refused:
        validate_display_name("Alice\r\nBcc: victim@evil.test")
    assert refused.value.messages == [
        "A display name cannot hold a line break (U+000D). Use letters, digits, spaces and punctuation only: "
        "no control characters, line or paragraph separators, or marks that change the direction of text."
    ]


def test_a_chat_message_keeps_its_line_breaks_and_nothing_else_of_them(make_user):
    from tests.standings.helpers import new_game

    ann, ben = make_user("Ann"), make_user("Ben")
    game = new_game([ann, ben], rated=False)
    post_message(game=game, user=ann, text="Hi Ben,\r\nBcc\u2028line\u202eevil\u2066x\u2069\x85\x07\tok")
    assert Message.objects.get().text == "Hi Ben,\nBcclineevilx ok"


def test_a_name_stored_before_the_check_can_be_shown_on_one_line():
    assert one_line("Alice\r\nBcc: victim@evil.test\u2028x\u202ey ") == "Alice  Bcc: victim@evil.test x y"
