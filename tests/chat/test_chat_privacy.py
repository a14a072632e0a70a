"""A private message never reaches anyone but its two people: not through the game page, its live
fragment, the chat fragment, the API, or the emails to the others, and not to whoever takes a seat
over later. (tests/games/test_hidden_info.py holds the same line for the game's own secrets, hands,
deck and seed, through every game endpoint; this is its counterpart for table talk.)"""

import json

import pytest
from django.test import Client

from chat.models import Message
from games import services
from inbound.route import handle_raw
from notifications import delivery
from notifications.models import Kind, Notification

from .conftest import post
from .test_chat_email import reply

pytestmark = pytest.mark.django_db

SECRET = "the-ford-is-at-mile-7-zq"


def _everything(t, user, api_for) -> str:
    """All a reader can fetch about the game: the page, its live part, the chat fragment, the API."""
    client = Client()
    if user is not None:
        client.force_login(user)
    pk = t.game.pk
    parts = [
        client.get(f"/games/{pk}/").content.decode(),
        client.get(f"/games/{pk}/live/").content.decode(),
        client.get(f"/games/{pk}/chat/").content.decode(),
    ]
    if user is not None:
        api = api_for(user)
        parts += [
            json.dumps(api.get(f"/api/games/{pk}/chat/").json()),
            json.dumps(api.get(f"/api/games/{pk}/chat/", {"after": 0}).json()),
            json.dumps(api.get(f"/api/games/{pk}/").json()),
            json.dumps(api.get(f"/api/games/{pk}/moves/").json()),
        ]
    return "\n".join(parts)


def test_a_private_message_reaches_its_two_people_only(table, api_for, smtp_sink):
    post(table, table.ann, f"Psst Bob: {SECRET}", to=table.pos[table.bob.pk])
    post(table, table.cy, "Cy says hello to all")  # its emails list the earlier messages each reader may read
    post(table, table.bob, "Bob answers all")
    for user in (table.ann, table.bob):
        assert SECRET in _everything(table, user, api_for), user
    for user in (table.cy, table.sam, table.mod, None):
        assert SECRET not in _everything(table, user, api_for), user
    # The notices: only Bob's carry it (Ann wrote it; her notices list it as her own, to Bob).
    for n in Notification.objects.filter(kind=Kind.CHAT):
        if SECRET in json.dumps(n.context):
            assert n.user in (table.ann, table.bob), n.user
    assert not any(SECRET in json.dumps(n.context) for n in Notification.objects.filter(user=table.cy))
    # The emails themselves, sent over SMTP.
    ids = list(Notification.objects.filter(kind=Kind.CHAT).values_list("pk", flat=True))
    assert delivery.send_notifications(ids) == len(ids)
    for message in smtp_sink.wait_for(len(ids)):
        if SECRET in message.as_string():
            assert message["To"] in (table.ann.email, table.bob.email), message["To"]
    assert any(SECRET in m.as_string() and m["To"] == table.bob.email for m in smtp_sink.messages)


def test_whoever_takes_a_seat_over_does_not_inherit_its_private_messages(table, api_for, make_user):
    post(table, table.ann, f"For Bob: {SECRET}", to=table.pos[table.bob.pk])
    bob_address = Notification.objects.filter(user=table.bob, kind=Kind.CHAT).latest("pk").context["reply_to"]
    dee = make_user("Dee")
    services.seat_replace(game=table.game, seat=table.seat[table.bob.pk], by=table.mod, user=dee, reason="left")
    assert SECRET not in _everything(table, dee, api_for)
    assert SECRET in _everything(table, table.bob, api_for)  # Bob keeps what was written to him
    # Bob's old email cannot write through the seat Dee holds now.
    result = handle_raw(reply(bob_address, "still here"))
    assert result.outcome == "refused" and not Message.objects.filter(text="still here").exists()
    # A new private message to that seat is Dee's.
    post(table, table.ann, "Welcome, Dee", to=table.pos[table.bob.pk])
    assert Message.objects.get(text="Welcome, Dee").recipient == dee
    assert "Welcome, Dee" not in _everything(table, table.bob, api_for)


def test_answering_a_private_message_keeps_it_private_even_after_its_author_left(table, make_user):
    post(table, table.ann, "private offer", to=table.pos[table.bob.pk])
    address = Notification.objects.filter(user=table.bob, kind=Kind.CHAT).latest("pk").context["reply_to"]
    services.seat_replace(
        game=table.game, seat=table.seat[table.ann.pk], by=table.mod, user=make_user("Eli"), reason="left"
    )
    result = handle_raw(reply(address, "yes please"))
    assert result.outcome == "refused" and "no longer plays" in result.detail
    assert not Message.objects.filter(text="yes please").exists()
