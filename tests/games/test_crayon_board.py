"""The crayon-rails board page against a stand-in engine (tests/games/crayon_rails_stand_in.py), so the page,
the static-map cache and typed paths are tested without depending on the real rules: the map is
drawn, tracks are coloured, the pool is shown, each player sees only their own cards, and a
path typed into the plain form becomes a build or move action."""

import re

import pytest
from django.urls import reverse

from games import boards
from games.models import Game, Move
from games.rules.crayon_rails.page import track_d
from games.rules.crayon_rails.picture import PALETTE
from games.views import PathError, parse_path_action
from tests.builders import start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(make_user, fake_rails):
    ann, bob = make_user("Ann"), make_user("Bob")
    g = start_game(ann, bob, rules="crayon-rails")
    mover = g.seats.get(position=0).user
    other = g.seats.get(position=1).user
    return g, mover, other


def _page(client, user, game):
    client.force_login(user)
    return client.get(reverse("games:detail", args=[game.pk])).content.decode()


def _post_path(client, game, path_type, text, version=None):
    return client.post(
        reverse("games:move", args=[game.pk]),
        {
            "action": "",
            "path_type": path_type,
            "path": text,
            "version": version if version is not None else Game.objects.get(pk=game.pk).version,
            "key": f"k-{path_type}-{text}",
        },
        follow=True,
    )


def test_parse_path_action():
    assert parse_path_action("build", "12,4 13,4 13,5") == {"type": "build", "path": [[12, 4], [13, 4], [13, 5]]}
    assert parse_path_action("move", " (1, 2) -> [2,2]; 3,3 ")["path"] == [[1, 2], [2, 2], [3, 3]]
    for kind, text in [("build", ""), ("build", "12 4"), ("build", "1,2 x"), ("Build!", "1,2 2,2"), ("", "1,2")]:
        with pytest.raises(PathError):
            parse_path_action(kind, text)


def test_board_data_and_static_svg_are_built_once(fake_rails, monkeypatch):
    calls = []
    real = type(fake_rails).map_data
    monkeypatch.setattr(type(fake_rails), "map_data", lambda self, o: calls.append(o) or real(self, o))
    monkeypatch.setattr(boards, "_cache", {})
    monkeypatch.setattr(boards, "_static", {})
    first, second = boards.board_data(fake_rails, {}), boards.board_data(fake_rails, {})
    assert first is second and len(calls) == 1
    assert boards.board_static(fake_rails, first) is boards.board_static(fake_rails, second)
    assert boards.board_data(object(), {}) is None  # an engine without map_data has no board data


def test_page_draws_the_map_tracks_trains_and_pool(client, game):
    g, ann, bob = game  # ann holds seat 0 and moves first
    client.force_login(ann)
    resp = _post_path(client, g, "build", "4,4 5,4 6,4 6,5")
    assert resp.status_code == 200
    g.refresh_from_db()
    assert g.version == 2
    assert Move.objects.get(game=g, seq=2).action == {"type": "build", "path": [[4, 4], [5, 4], [6, 4], [6, 5]]}
    page = _page(client, ann, g)
    assert '<svg class="cr-map"' in page
    assert page.count('class="mp ') == len(g.engine.map_data({})["mileposts"])
    assert 'data-x="13" data-y="3"' in page
    for name in ("Norburg", "Easton", "Sudham", "Westmark", "Steel, Coal", "Wine, Cheese"):
        assert name in page
    assert 'class="cr-river"' in page and "cr-w-sea" in page and "cr-w-lake" in page
    track = re.search(r'<path class="cr-track" data-seat="0" data-name="[^"]+" stroke="([^"]+)" d="([^"]+)"', page)
    # the route's 3 sections, drawn as one run (crayon-rails.js reads its mileposts back from it)
    assert track and track.group(1) == PALETTE[0] and track.group(2).count("M") == 1
    assert track.group(2).count("L") == 3
    assert 'class="cr-train" data-seat="0" data-x="4" data-y="4"' in page
    assert f"{ann.display_name} (you)" in page and bob.display_name in page  # names, not "Player N"
    assert f"{bob.display_name}&#x27;s strike" in page  # events in force name players too
    assert "Player 2" not in page
    for card in ("D0", "D1", "D2"):
        assert f'data-card="{card}"' in page
    assert 'data-card="H0"' in page and 'data-card="H1"' not in page
    bob_page = _page(client, bob, g)
    assert 'data-card="H1"' in bob_page and 'data-card="H0"' not in bob_page
    assert 'id="cr-path-form"' not in bob_page  # not Bob's turn


def test_typed_move_and_the_menu(client, game):
    g, ann, bob = game
    client.force_login(ann)
    _post_path(client, g, "build", "4,4 5,4 6,4")
    resp = _post_path(client, g, "move", "4,4 5,4 6,4")
    assert Game.objects.get(pk=g.pk).state["players"][0]["position"] == [6, 4]
    page = _page(client, ann, g)
    version = re.search(r'id="tp-move-list"[^>]*>.*?name="version" value="(\d+)"', page, re.S).group(1)
    number = re.search(r'<button name="move" value="(\d+)"', page).group(1)
    resp = client.post(reverse("games:move", args=[g.pk]), {"move": number, "version": version, "key": "menu-1"})
    assert resp.status_code == 302
    assert Game.objects.get(pk=g.pk).engine.to_act(Game.objects.get(pk=g.pk).state) == [1]


def test_bad_typed_paths_get_clear_messages(client, game):
    g, ann, bob = game
    client.force_login(ann)
    page = _post_path(client, g, "build", "4,4 5;4").content.decode()
    assert "Could not read the path" in page and "12,4 13,4 13,5" in page
    page = _post_path(client, g, "build", "4,4 9,9").content.decode()
    assert "neighbouring milepost" in page  # the engine's own message
    page = _post_path(client, g, "build", "").content.decode()
    assert "The path is empty" in page
    assert Game.objects.get(pk=g.pk).version == 1


def test_the_notice_after_a_move_names_players(client, game):
    g, ann, bob = game
    client.force_login(ann)
    page = _post_path(client, g, "build", "4,4 5,4").content.decode()
    assert f"{ann.display_name} builds 1 mileposts of track." in page and "Player 1 builds" not in page


def test_a_track_is_drawn_as_runs_that_read_back_as_its_sections():
    """track_d joins the sections that meet into runs (a live update sends every track each
    time); each "L" point with the point before it is one section, as crayon-rails.js reads them."""
    from games.rules.crayon_rails.picture import xy

    track = [[[4, 4], [5, 4]], [[6, 4], [5, 4]], [[6, 4], [6, 5]], [[10, 10], [11, 10]]]
    d = track_d(track)
    assert d.count("M") == 2 and d.count("L") == 4
    points = {(round(x, 1), round(y, 1)): (mx, my) for mx in range(20) for my in range(20) for x, y in [xy(mx, my)]}
    read, prev = set(), None
    for op, x, y in re.findall(r"([ML])(-?[\d.]+) (-?[\d.]+)", d):
        here = points[(round(float(x), 1), round(float(y), 1))]
        if op == "L":
            read.add(frozenset((prev, here)))
        prev = here
    assert read == {frozenset(map(tuple, s)) for s in track}
