"""Moderators hide a message (with a reason, in Django admin's log); players then see "A moderator
hid this message." in its place on the page, in the API and in later emails; its unsent emails
are not sent. Nobody else may hide one."""

import pytest
from django.contrib.admin.models import CHANGE, LogEntry

from chat.models import Message
from chat.services import hide_message
from core.errors import GameError
from notifications.models import Kind, Notification, Outcome

from .conftest import post

pytestmark = pytest.mark.django_db

CHANGELIST = "/admin/chat/message/"


def test_staff_hide_a_message_in_admin_with_a_reason(client, table, api_for):
    rude = post(table, table.bob, "something rude")
    post(table, table.cy, "something kind")
    client.force_login(table.mod)
    listing = client.get(CHANGELIST)
    assert listing.status_code == 200 and "something rude" in listing.content.decode()
    asked = client.post(CHANGELIST, {"action": "hide", "_selected_action": [rude.pk]})
    assert asked.status_code == 200 and 'name="reason"' in asked.content.decode()
    # Without a reason: asked again, nothing hidden.
    again = client.post(CHANGELIST, {"action": "hide", "_selected_action": [rude.pk], "apply": "1", "reason": ""})
    assert again.status_code == 200 and 'name="reason"' in again.content.decode()
    assert Message.objects.get(pk=rude.pk).hidden_at is None
    done = client.post(CHANGELIST, {"action": "hide", "_selected_action": [rude.pk], "apply": "1", "reason": "insults"})
    assert done.status_code == 302
    rude.refresh_from_db()
    assert rude.hidden_at is not None and rude.hidden_by == table.mod and rude.hidden_reason == "insults"
    entry = LogEntry.objects.get(object_id=str(rude.pk), content_type__model="message")
    assert entry.user == table.mod and entry.action_flag == CHANGE and "insults" in entry.change_message
    # The players see the note, not the text: the page, the API, the next email's context.
    client.force_login(table.ann)
    page = client.get(f"/games/{table.game.pk}/").content.decode()
    assert "A moderator hid this message." in page and "something rude" not in page and "something kind" in page
    listed = api_for(table.ann).get(f"/api/games/{table.game.pk}/chat/").json()["messages"]
    assert listed[0] == {**listed[0], "text": None, "hidden": True, "note": "A moderator hid this message."}
    post(table, table.cy, "moving on")
    earlier = Notification.objects.filter(user=table.ann, kind=Kind.CHAT).latest("pk").context["earlier"]
    assert [m["text"] for m in earlier] == ["A moderator hid this message.", "something kind"]


def test_only_staff_may_hide_and_no_one_may_add_or_delete_in_admin(client, table):
    message = post(table, table.bob, "hmm")
    with pytest.raises(GameError) as refused:
        hide_message(message=message, by=table.ann, reason="I dislike it")
    assert refused.value.code == "PERMISSION_DENIED"
    client.force_login(table.ann)  # not staff: admin is closed to players
    response = client.post(
        CHANGELIST, {"action": "hide", "_selected_action": [message.pk], "apply": "1", "reason": "x"}
    )
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    assert Message.objects.get(pk=message.pk).hidden_at is None
    client.force_login(table.mod)
    assert client.get(CHANGELIST + "add/").status_code == 403
    assert client.post(CHANGELIST + f"{message.pk}/delete/", {"post": "yes"}).status_code == 403


def test_hiding_stops_its_emails_still_to_go(table, settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "GRACE_SECONDS": 120}
    message = post(table, table.bob, "spoiler!")
    waiting = Notification.objects.filter(kind=Kind.CHAT, context__message__id=message.pk)
    assert waiting.count() == 2 and not waiting.filter(sent_at__isnull=False).exists()
    hide_message(message=message, by=table.mod, reason="spoiler")
    assert set(waiting.values_list("outcome", flat=True)) == {Outcome.STALE}
    assert not waiting.filter(sent_at__isnull=True).exists()
