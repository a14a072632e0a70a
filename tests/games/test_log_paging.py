"""The game page's log: the latest 50 moves, earlier ones 50 at a time on demand (never cut off),
redacted for the viewer as the page is; lines name the mover once."""

import re

import pytest
from django.urls import reverse

from games.models import Game, Move, Seat
from tests.builders import start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann_bob(make_user):
    return make_user("ann"), make_user("bob")


def long_game(ann, bob, *, moves=130, visibility="public") -> Game:
    """A started toy game between ann (Player 1) and bob (Player 2) with `moves` log rows after
    its start: every move's event names the mover and has a private part only the mover may read."""
    game = start_game(ann, bob, title="Long table", visibility=visibility)
    seats = {s.position: s for s in Seat.objects.filter(game=game)}
    first = (game.moves.order_by("-seq").values_list("seq", flat=True).first() or 0) + 1
    rows = []
    for seq in range(first, first + moves):
        pos = seq % 2
        rows.append(
            Move(
                game=game,
                seq=seq,
                seat=seats[pos],
                position=pos,
                action={"type": "draw"},
                channel=Move.Channel.WEB,
                events=[
                    {
                        "type": "drew",
                        "seat": pos,
                        "public": {"text": f"Player {pos + 1} draws card number {seq}."},
                        "private": {str(pos): {"text": f"You drew SECRET-{seq}."}},
                    }
                ],
            )
        )
    Move.objects.bulk_create(rows)
    Game.objects.filter(pk=game.pk).update(version=first + moves - 1)  # every log row bumps the version
    return Game.objects.get(pk=game.pk)


def seqs(html: str) -> list[int]:
    return [int(v) for v in re.findall(r'<li value="(\d+)"', html)]


def earlier_link(html: str) -> str | None:
    m = re.search(r'href="(/games/\d+/log/\?before=\d+)"', html)
    return m.group(1) if m else None


@pytest.fixture
def game(toy_engine, ann_bob):
    return long_game(*ann_bob)


def test_the_page_shows_the_latest_50_and_the_rest_loads_50_at_a_time(client, ann_bob, game):
    ann, _ = ann_bob
    client.force_login(ann)
    last = game.moves.order_by("-seq").first().seq
    total = game.moves.count()
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    shown = seqs(page)
    assert shown == list(range(last, last - 50, -1))
    assert "Show earlier moves" in page
    seen = list(shown)
    link = earlier_link(page)
    pages = 0
    while link:
        fragment = client.get(link, HTTP_HX_REQUEST="true")
        assert fragment.status_code == 200
        html = fragment.content.decode()
        assert "<html" not in html  # a fragment for htmx
        got = seqs(html)
        assert 0 < len(got) <= 50 and got == sorted(got, reverse=True) and got[0] < seen[-1]
        seen += got
        link = earlier_link(html)
        pages += 1
    assert seen == sorted({m.seq for m in game.moves.all()}, reverse=True) and len(seen) == total
    assert pages == (total - 50 + 49) // 50


def test_without_javascript_the_earlier_moves_are_a_page_of_their_own(client, ann_bob, game):
    client.force_login(ann_bob[0])
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    full = client.get(earlier_link(page)).content.decode()
    assert "<html" in full and "Log of Long table" in full and len(seqs(full)) == 50


def test_the_live_part_keeps_the_earlier_moves_the_page_has_loaded(client, ann_bob, game):
    client.force_login(ann_bob[0])
    last = game.moves.order_by("-seq").first().seq
    live = reverse("games:live", args=[game.pk])
    html = client.get(live, {"v": "0", "from": "20"}, HTTP_HX_REQUEST="true").content.decode()
    assert seqs(html) == list(range(last, 19, -1))  # down to the oldest row the page shows
    assert earlier_link(html).endswith("?before=20")
    for odd in ("", "abc", "-3", "0", str(last + 5), "١٢", "9" * 40):  # not a row of this log: one page
        html = client.get(live, {"v": "0", "from": odd}, HTTP_HX_REQUEST="true").content.decode()
        assert seqs(html) == list(range(last, last - 50, -1)), odd


def test_a_log_line_names_the_mover_once(client, ann_bob, game):
    client.force_login(ann_bob[0])
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "bob draws card number" in page and "ann draws card number" in page
    assert "<strong>bob</strong>: bob" not in page and "<strong>ann</strong>: ann" not in page


def test_each_viewer_reads_only_their_own_private_texts_in_every_page(client, ann_bob, game, make_user):
    ann, bob = ann_bob
    sam = make_user("sam")  # not playing: a spectator of a public game

    def whole_log(user):
        client.force_login(user)
        html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
        link = earlier_link(html)
        while link:
            more = client.get(link, HTTP_HX_REQUEST="true").content.decode()
            html += more
            link = earlier_link(more)
        return html

    ann_text, bob_text, sam_text = whole_log(ann), whole_log(bob), whole_log(sam)
    ann_secrets = {int(s) for s in re.findall(r"SECRET-(\d+)", ann_text)}
    bob_secrets = {int(s) for s in re.findall(r"SECRET-(\d+)", bob_text)}
    moves = {m.seq: m.position for m in game.moves.filter(action__type="draw")}
    ann_at = Seat.objects.get(game=game, user=ann).position
    assert ann_secrets == {s for s, p in moves.items() if p == ann_at} and len(ann_secrets) == 65
    assert bob_secrets == {s for s, p in moves.items() if p != ann_at} and len(bob_secrets) == 65
    assert "SECRET" not in sam_text and "You drew" not in sam_text
    assert len(seqs(sam_text)) == game.moves.count()  # the spectator still sees every move's public line


def test_a_private_games_log_is_404_for_outsiders(client, toy_engine, ann_bob, make_user):
    ann, bob = ann_bob
    game = long_game(ann, bob, moves=60, visibility="private")
    url = reverse("games:log", args=[game.pk])
    client.force_login(make_user("sam"))
    assert client.get(url).status_code == 404
    assert client.get(url + "?before=30", HTTP_HX_REQUEST="true").status_code == 404
    client.logout()
    assert client.get(url + "?before=30").status_code == 404
    client.force_login(bob)
    assert client.get(url + "?before=30", HTTP_HX_REQUEST="true").status_code == 200


def test_odd_before_values_give_the_latest_page(client, ann_bob, game):
    client.force_login(ann_bob[0])
    url = reverse("games:log", args=[game.pk])
    last = game.moves.order_by("-seq").first().seq
    for before in ("", "abc", "-5", "0", "99999999999999999999"):
        resp = client.get(url, {"before": before}, HTTP_HX_REQUEST="true")
        assert resp.status_code == 200
        got = seqs(resp.content.decode())
        assert len(got) == 50 and (got[0] == last or before == "99999999999999999999")


def test_the_api_log_still_pages_forward_with_after(ann_bob, game, api_for):
    ann, _ = ann_bob
    api = api_for(ann)
    full = api.get(f"/api/games/{game.pk}/moves/").json()
    assert len(full) == game.moves.count()
    tail = api.get(f"/api/games/{game.pk}/moves/?after={full[-10]['seq'] - 1}").json()
    assert [e["seq"] for e in tail] == [e["seq"] for e in full[-10:]]
