"""Table talk on the game page: the panel, posting with and without htmx, its poll, who may write,
escaping, names and the reader's time zone."""

from datetime import UTC, datetime

import pytest
import time_machine
from django.urls import reverse

from chat.models import Message
from games import services
from games.models import Game
from tests.builders import lobby_game, start_game

from .conftest import post

pytestmark = pytest.mark.django_db

HOSTILE = '<script>alert("x")</script><b>bold</b> & <img src=x onerror=alert(1)>'


def _page(client, t):
    return client.get(reverse("games:detail", args=[t.game.pk])).content.decode()


def _chat_url(t):
    return reverse("chat:chat", args=[t.game.pk])


def test_a_player_sees_the_panel_with_a_to_select_of_names(client, table):
    client.force_login(table.ann)
    html = _page(client, table)
    assert 'id="chat"' in html and 'name="text"' in html
    assert "Everyone at the table" in html
    for name in ("Bob (privately)", "Cy (privately)", f"{table.bot.name} (privately)"):
        assert name in html
    assert "Ann (privately)" not in html  # not to oneself
    assert "Player 1" not in html and "Player 0" not in html
    assert 'src="/static/js/chat.js"' in html


def test_posting_without_javascript_redirects_back_to_the_chat(client, table):
    client.force_login(table.bob)
    response = client.post(_chat_url(table), {"text": "  Howdy, partners!  ", "to": ""})
    assert response.status_code == 302 and response["Location"] == f"/games/{table.game.pk}/#chat"
    message = Message.objects.get()
    assert (message.text, message.author, message.author_name, message.to, message.channel) == (
        "Howdy, partners!",
        table.bob,
        "Bob",
        None,
        "web",
    )
    assert message.author_position == table.pos[table.bob.pk]
    client.force_login(table.cy)
    assert "Howdy, partners!" in _page(client, table)


def test_posting_with_htmx_redraws_the_panel_with_an_empty_focused_box(client, table):
    client.force_login(table.ann)
    response = client.post(_chat_url(table), {"text": "Hello table", "to": ""}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Hello table" in html and 'id="chat-heading"' in html
    assert "autofocus" in html and "></textarea>" in html  # emptied, ready for the next one
    assert "<html" not in html  # a fragment, not a page


def test_a_refused_htmx_post_keeps_the_text_and_says_why(client, table, settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "CHAT_PER_MINUTE": 1}
    client.force_login(table.ann)
    client.post(_chat_url(table), {"text": "one"}, HTTP_HX_REQUEST="true")
    response = client.post(_chat_url(table), {"text": "two, too soon"}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200 and 'role="alert"' in html
    assert "You may write 1 messages a minute" in html and ">two, too soon</textarea>" in html
    assert Message.objects.count() == 1


def test_private_to_select_posts_privately(client, table):
    client.force_login(table.ann)
    client.post(_chat_url(table), {"text": "psst", "to": str(table.pos[table.cy.pk])})
    message = Message.objects.get()
    assert (message.to, message.recipient, message.recipient_name) == (table.pos[table.cy.pk], table.cy, "Cy")
    html = _page(client, table)
    assert "privately to Cy" in html
    client.force_login(table.cy)
    assert "privately to you" in _page(client, table)


def test_the_poll_answers_204_until_something_changes(client, table):
    client.force_login(table.cy)
    first = client.get(_chat_url(table))
    assert first.status_code == 200
    stamp = first.content.decode().split("?s=", 1)[1].split('"', 1)[0]
    assert client.get(_chat_url(table), {"s": stamp}).status_code == 204
    post(table, table.ann, "news!")
    changed = client.get(_chat_url(table), {"s": stamp})
    assert changed.status_code == 200 and "news!" in changed.content.decode()
    stamp = changed.content.decode().split("?s=", 1)[1].split('"', 1)[0]
    assert client.get(_chat_url(table), {"s": stamp}).status_code == 204
    # A message to someone else does not move Cy's stamp; one hidden does.
    post(table, table.ann, "for Bob only", to=table.pos[table.bob.pk])
    assert client.get(_chat_url(table), {"s": stamp}).status_code == 204
    from chat.services import hide_message

    hide_message(message=Message.objects.get(text="news!"), by=table.mod, reason="spoilers")
    redrawn = client.get(_chat_url(table), {"s": stamp})
    assert redrawn.status_code == 200 and "A moderator hid this message." in redrawn.content.decode()
    assert "news!" not in redrawn.content.decode()


def test_the_poll_is_cheap(client, table, django_assert_max_num_queries):
    client.force_login(table.cy)
    post(table, table.ann, "hi")
    stamp = client.get(_chat_url(table)).content.decode().split("?s=", 1)[1].split('"', 1)[0]
    with django_assert_max_num_queries(6):  # session, user, game, its seats and their players, the stamp
        assert client.get(_chat_url(table), {"s": stamp}).status_code == 204


def test_html_in_a_message_is_escaped_on_the_page_and_in_the_fragment(client, table):
    post(table, table.bob, HOSTILE + "\nsecond line")
    client.force_login(table.ann)
    for html in (_page(client, table), client.get(_chat_url(table)).content.decode()):
        assert "<script>alert" not in html and "<b>bold</b>" not in html and "<img src=x" not in html
        assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;b&gt;bold&lt;/b&gt; &amp; &lt;img" in html
        assert "<br>second line" in html


def test_times_are_in_the_readers_time_zone(client, table):
    with time_machine.travel(datetime(2030, 1, 15, 12, 0, tzinfo=UTC), tick=False):
        post(table, table.bob, "noon in London")
    table.ann.time_zone = "Asia/Tokyo"
    table.ann.save(update_fields=["time_zone"])
    client.force_login(table.ann)
    html = client.get(_chat_url(table)).content.decode()
    assert "Tue 15 Jan 21:00 JST" in html and 'datetime="2030-01-15T21:00:00+09:00"' in html


def test_who_may_write(client, table):
    url = _chat_url(table)
    # Anonymous: the page reads, the form is not there, a post goes to the login page.
    post(table, table.ann, "public words")
    html = _page(client, table)
    assert "public words" in html and 'name="text"' not in html and "Sign in" in html
    response = client.post(url, {"text": "let me in"})
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    # A spectator reads, cannot write.
    client.force_login(table.sam)
    html = _page(client, table)
    assert "public words" in html and 'name="text"' not in html
    assert "Only the players of this game can write at its table." in html
    client.post(url, {"text": "spectating loudly"})
    # Staff without a seat cannot write either (moderators hide, they do not talk at the table).
    client.force_login(table.mod)
    client.post(url, {"text": "mod here"})
    assert list(Message.objects.values_list("text", flat=True)) == ["public words"]
    # Empty and over-long messages are refused with a sentence.
    client.force_login(table.bob)
    response = client.post(url, {"text": "   "}, follow=True)
    assert "Write a message first" in response.content.decode()
    response = client.post(url, {"text": "x" * 2001}, follow=True)
    assert "at most 2000 characters" in response.content.decode()
    assert Message.objects.count() == 1


def test_a_kicked_player_reads_but_no_longer_writes(client, table):
    services.seat_kick(game=table.game, seat=table.seat[table.cy.pk], by=table.mod, reason="abuse")
    client.force_login(table.cy)
    client.post(_chat_url(table), {"text": "I am back"})
    assert not Message.objects.exists()
    assert "You no longer hold a seat in this game" in _page(client, table)


def test_an_aborted_game_closes_the_table(client, table):
    services.game_abort(game=table.game, by=table.mod, reason="test")
    client.force_login(table.ann)
    response = client.post(_chat_url(table), {"text": "anyone?"}, follow=True)
    assert "its table is closed" in response.content.decode()
    assert not Message.objects.exists()


def test_players_may_talk_in_the_lobby(client, make_user):
    ann, bob = make_user("Ann"), make_user("Bob")
    game = lobby_game(ann, bob, rules="toy-notify", title="Soon")
    client.force_login(bob)
    client.post(reverse("chat:chat", args=[game.pk]), {"text": "start it!"})
    assert Message.objects.get().author_position is None
    client.force_login(ann)
    assert "start it!" in client.get(reverse("games:detail", args=[game.pk])).content.decode()


def test_a_private_game_chat_does_not_exist_for_strangers(client, make_user):
    ann, eve = make_user("Ann"), make_user("Eve")
    game = start_game(ann, rules="toy-notify", visibility=Game.Visibility.PRIVATE, bots=1)
    client.force_login(ann)
    client.post(reverse("chat:chat", args=[game.pk]), {"text": "just us"})
    client.force_login(eve)
    assert client.get(reverse("chat:chat", args=[game.pk])).status_code == 404
    assert client.post(reverse("chat:chat", args=[game.pk]), {"text": "hi"}).status_code == 404
    client.logout()
    assert client.get(reverse("chat:chat", args=[game.pk])).status_code == 404
    assert Message.objects.count() == 1
