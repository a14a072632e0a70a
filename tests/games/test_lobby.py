"""The lobby: games waiting for me first, my others in play, open games, my finished ones; a
filter by game and title; paging per list; a fixed number of queries however many games."""

import re
from datetime import timedelta
from html import unescape

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Game, Seat

pytestmark = pytest.mark.django_db

OTR = "oregon-trail-race"


def make_game(
    owner,
    title,
    *,
    status=Game.Status.ACTIVE,
    rules=OTR,
    players=(),
    bots=0,
    visibility="public",
    due=(),
    finished=None,
    max_players=4,
):
    """A game row with seats for `players` (users) and bots; `due` are the users or bot positions
    with a decision pending (a deadline), as the turn clock leaves them."""
    game = Game.objects.create(
        rules=rules,
        rules_version="1",
        title=title,
        owner=owner,
        status=status,
        max_players=max_players,
        visibility=visibility,
        finished_at=finished,
    )
    soon = timezone.now() + timedelta(hours=5)
    for i, user in enumerate(players):
        Seat.objects.create(game=game, position=i, user=user, deadline_at=soon if user in due else None)
    for j in range(bots):
        pos = len(players) + j
        Seat.objects.create(
            game=game, position=pos, is_bot=True, bot_name=f"Bot {pos}", deadline_at=soon if pos in due else None
        )
    return game


def titles(html: str) -> list[str]:
    return [unescape(t) for t in re.findall(r'<a class="game-name" href="/games/\d+/">([^<]+)</a>', html)]


def section(html: str, key: str) -> str:
    start = html.index(f'<section id="{key}"')
    return html[start : html.index("</section>", start)]


@pytest.fixture
def people(make_user):
    return make_user("ann"), make_user("bob"), make_user("cat")


def test_the_four_lists_in_order_with_whose_turn_in_words(client, people):
    ann, bob, cat = people
    make_game(ann, "Ann decides", players=[ann, bob], due=[ann])
    make_game(bob, "Bob decides", players=[bob, ann], due=[bob])
    make_game(ann, "Gathering", status=Game.Status.LOBBY, players=[ann])
    make_game(cat, "Cat's open table", status=Game.Status.LOBBY, players=[cat])
    make_game(cat, "Cat's secret table", status=Game.Status.LOBBY, players=[cat], visibility="private")
    make_game(ann, "Over and done", status=Game.Status.FINISHED, players=[ann, bob], finished=timezone.now())
    make_game(bob, "Not mine", players=[bob, cat], due=[cat])
    client.force_login(ann)
    html = client.get(reverse("games:lobby")).content.decode()

    headings = re.findall(r'<h2 id="(\w+)-heading">([^<]+)', html)
    assert [h.strip() for _, h in headings][:4] == [
        "Waiting for you",
        "Your other games in play",
        "Open games to join",
        "Finished",
    ]
    assert titles(section(html, "waiting")) == ["Ann decides"]
    assert titles(section(html, "playing")) == ["Gathering", "Bob decides"]  # newest first
    assert titles(section(html, "open")) == ["Cat's open table"]
    assert titles(section(html, "finished")) == ["Over and done"]
    assert "Not mine" not in html and "secret" not in html

    waiting = section(html, "waiting")
    assert "Your turn" in waiting and "<time datetime=" in waiting and "in 5 hours" in waiting
    assert "bob" in waiting and "ann (you)" in waiting
    playing = section(html, "playing")
    assert "bob to move" in playing and "Waiting for players (1 of 4)" in playing
    assert "Join Cat&#x27;s open table" in section(html, "open")


def test_waiting_games_come_soonest_deadline_first(client, people):
    ann, bob, _ = people
    later = make_game(ann, "Later", players=[ann, bob], due=[ann])
    sooner = make_game(ann, "Sooner", players=[ann, bob], due=[ann])
    Seat.objects.filter(game=later, user=ann).update(deadline_at=timezone.now() + timedelta(days=2))
    Seat.objects.filter(game=sooner, user=ann).update(deadline_at=timezone.now() + timedelta(hours=1))
    client.force_login(ann)
    html = client.get(reverse("games:lobby")).content.decode()
    assert titles(section(html, "waiting")) == ["Sooner", "Later"]


def test_a_resigned_seat_with_a_stale_deadline_is_not_waiting(client, people):
    ann, bob, _ = people
    game = make_game(ann, "Gave up", players=[ann, bob], due=[ann])
    Seat.objects.filter(game=game, user=ann).update(status=Seat.Status.RESIGNED)
    client.force_login(ann)
    html = client.get(reverse("games:lobby")).content.decode()
    assert titles(section(html, "waiting")) == [] and titles(section(html, "playing")) == ["Gave up"]


def test_filter_by_game_and_title(client, people):
    ann, bob, cat = people
    make_game(ann, "Race to Oregon", players=[ann, bob], due=[ann])
    make_game(ann, "River race", rules="ogallala", players=[ann, bob], due=[ann])
    make_game(cat, "Open river", rules="ogallala", status=Game.Status.LOBBY, players=[cat])
    client.force_login(ann)
    html = client.get(reverse("games:lobby"), {"game": "ogallala"}).content.decode()
    assert titles(section(html, "waiting")) == ["River race"] and titles(section(html, "open")) == ["Open river"]
    assert '<option value="ogallala" selected>' in html
    html = client.get(reverse("games:lobby"), {"q": "RACE"}).content.decode()
    assert titles(section(html, "waiting")) == ["Race to Oregon", "River race"] or set(
        titles(section(html, "waiting"))
    ) == {"Race to Oregon", "River race"}
    assert titles(section(html, "open")) == [] and "No games match the filter." in html
    html = client.get(reverse("games:lobby"), {"game": "ogallala", "q": "oregon"}).content.decode()
    assert titles(section(html, "waiting")) == []
    # an unknown game or an over-long search is ignored or cut, never an error
    assert client.get(reverse("games:lobby"), {"game": "chess", "q": "x" * 500}).status_code == 200


def test_the_filter_fields_have_labels(client, people):
    client.force_login(people[0])
    html = client.get(reverse("games:lobby")).content.decode()
    assert '<label for="filter-game">' in html and 'id="filter-game"' in html
    assert '<label for="filter-q">' in html and 'id="filter-q"' in html


def test_each_list_pages_by_twenty_and_keeps_the_filter(client, people):
    ann, bob, cat = people
    for i in range(25):
        make_game(ann, f"Mine {i:02}", players=[ann, bob], due=[ann])
    for i in range(3):
        make_game(cat, f"Open {i}", status=Game.Status.LOBBY, players=[cat])
    client.force_login(ann)
    html = client.get(reverse("games:lobby"), {"q": "e"}).content.decode()
    waiting = section(html, "waiting")
    assert len(titles(waiting)) == 20 and "Page 1 of 2" in waiting
    nxt = re.search(r'href="(\?[^"#]*)#waiting" rel="next"', waiting).group(1)
    assert "waiting_page=2" in nxt and "q=e" in nxt
    page2 = client.get(reverse("games:lobby") + nxt.replace("&amp;", "&")).content.decode()
    assert len(titles(section(page2, "waiting"))) == 5
    assert titles(section(page2, "open")) == ["Open 2", "Open 1", "Open 0"]  # the other lists stay on page 1
    everything = set(titles(section(html, "waiting"))) | set(titles(section(page2, "waiting")))
    assert everything == {f"Mine {i:02}" for i in range(25)}
    assert 'rel="prev"' in section(page2, "waiting")
    # a page past the end shows the last one
    beyond = client.get(reverse("games:lobby"), {"waiting_page": "99"}).content.decode()
    assert "Page 2 of 2" in section(beyond, "waiting")


def test_the_query_count_does_not_grow_with_the_number_of_games(client, people, django_assert_max_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    ann, bob, cat = people
    client.force_login(ann)

    def count():
        with CaptureQueriesContext(connection) as ctx:
            resp = client.get(reverse("games:lobby"))
        assert resp.status_code == 200
        return len(ctx.captured_queries)

    def one_round(n):
        for i in range(n):
            make_game(ann, f"W{n}-{i}", players=[ann, bob], bots=2, due=[ann, 2])
            make_game(bob, f"P{n}-{i}", players=[bob, ann], due=[bob])
            make_game(cat, f"O{n}-{i}", status=Game.Status.LOBBY, players=[cat], bots=1)
            make_game(ann, f"F{n}-{i}", status=Game.Status.FINISHED, players=[ann, cat], finished=timezone.now())

    one_round(1)
    few = count()
    one_round(30)
    with django_assert_max_num_queries(few):
        html = client.get(reverse("games:lobby")).content.decode()
    assert len(titles(html)) == 80  # four full pages of 20
    assert few <= 20
