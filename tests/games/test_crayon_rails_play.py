"""Crayon Rails played through the game page and through the API with the real engine.

The page draws the map (cities with their goods), every player's track in its colour and the
demand pool, and never another seat's hidden cards; a build path can be typed into the plain
form (no JavaScript) and the numbered menu buttons work. Through the API a build and a move are
sent as free paths, not menu items.
"""

import html as htmlmod
import re
from collections import deque

import pytest
from django.urls import reverse

from games import rules, services
from games.models import Game, Move
from games.rules.base import Rng
from games.rules.crayon_rails.picture import PALETTE
from tests.builders import start_game

pytestmark = pytest.mark.django_db

SLUG = "crayon-rails"


@pytest.fixture
def crayon_rails():
    """The real engine, served under its slug (the games shipped are served unless a test says)."""
    return rules.get_engine(SLUG)


def neighbours(x, y):
    """The six neighbours of milepost x,y (odd rows sit half a step right), as the board draws them."""
    d = 0 if y % 2 else -1
    return [(x - 1, y), (x + 1, y), (x + d, y - 1), (x + d + 1, y - 1), (x + d, y + 1), (x + d + 1, y + 1)]


def free_build(engine, state, avoid=(), data=None):
    """Returns a 3-milepost build path out of a major city over clear, unbuilt ground."""
    data = data or engine.map_data({})
    terrain = {(x, y): t for x, y, t in data["mileposts"]}
    taken = {frozenset(map(tuple, seg)) for p in engine.view(state, None)["players"] for seg in p["track"]}
    used = {tuple(pt) for path in avoid for pt in path}
    for city in data["cities"]:
        if city["size"] != "major":
            continue
        for m0 in map(tuple, city["mileposts"]):
            for n1 in neighbours(*m0):
                if terrain.get(n1) != "clear" or n1 in used or frozenset([m0, n1]) in taken:
                    continue
                for n2 in neighbours(*n1):
                    if (
                        terrain.get(n2) == "clear"
                        and n2 != m0
                        and n2 not in used
                        and all(terrain.get(n) != "major" for n in neighbours(*n2))
                    ):
                        return [list(m0), list(n1), list(n2)], city["name"]
    raise AssertionError("no free build found")


def _move_forms(page):
    """Returns (the post of its button: its number in the list, the version, the key; its label) of
    each numbered menu button on a game page."""
    head = re.search(
        r'id="tp-move-list"[^>]*>.*?name="version" value="(\d+)"><input type="hidden" name="key" value="([^"]+)"',
        page,
        re.S,
    )
    buttons = re.findall(r'<button name="move" value="(\d+)"[^>]*>([^<]+)</button>', page)
    return [
        ({"move": n, "version": head.group(1), "key": head.group(2)}, htmlmod.unescape(label)) for n, label in buttons
    ]


def _card_ids(page):
    return set(re.findall(r"\b[DE]\d{2,3}\b", page))


def test_play_through_the_game_page(client, make_user, crayon_rails):
    ann, bob = make_user("Ann"), make_user("Bob")
    game = start_game(ann, bob, rules=SLUG)
    users = {s.position: s.user for s in Game.objects.get(pk=game.pk).seats.all()}
    url = reverse("games:detail", args=[game.pk])

    # the setup draft, through the numbered menu buttons (keep the first card offered)
    for _ in range(10):
        g = Game.objects.get(pk=game.pk)
        if g.state["phase"] != "draft":
            break
        seat = crayon_rails.to_act(g.state)[0]
        client.force_login(users[seat])
        forms = _move_forms(client.get(url).content.decode())
        post, label = forms[0]
        assert label.startswith("1. Keep card")
        assert client.post(reverse("games:move", args=[g.pk]), post).status_code == 302
    g = Game.objects.get(pk=game.pk)
    assert g.state["phase"] == "build"
    assert Move.objects.filter(game=g, channel=Move.Channel.WEB).count() >= 2

    # a build path typed into the plain form (what a browser without JavaScript sends)
    seat = crayon_rails.to_act(g.state)[0]
    path, city = free_build(crayon_rails, g.state)
    client.force_login(users[seat])
    page = client.post(
        reverse("games:move", args=[g.pk]),
        {
            "action": "",
            "path_type": "build",
            "path": " ".join(f"{x},{y}" for x, y in path),
            "version": g.version,
            "key": "typed-build",
        },
        follow=True,
    ).content.decode()
    g = Game.objects.get(pk=game.pk)
    last = Move.objects.get(game=g, seq=g.version)
    assert last.action == {"type": "build", "path": path} and last.channel == Move.Channel.WEB
    assert users[seat].display_name in page and "Player " not in re.split(r"<main[^>]*>", page)[1].split("<h1")[0]

    track = re.search(
        rf'<path class="cr-track" data-seat="{seat}" data-name="[^"]+" stroke="([^"]+)" d="([^"]+)"', page
    )
    assert track and track.group(1) == PALETTE[seat] and track.group(2).count("L") == 2
    assert '<svg class="cr-map"' in page and page.count('class="mp ') == len(crayon_rails.map_data({})["mileposts"])
    for c in crayon_rails.map_data({})["cities"]:
        assert f">{htmlmod.escape(c['name'])}</text>" in page.replace("&#x27;", "'")
        if c["goods"]:
            assert f">{', '.join(c['goods'])}</text>" in page
    for cid in g.state["pool"]:
        assert f'data-card="{cid}"' in page
    assert 'id="cr-path-form"' in page  # still this seat's building turn

    # nobody's page shows another seat's hidden cards or the deck
    for viewer, user in users.items():
        client.force_login(user)
        seen = _card_ids(client.get(url).content.decode())
        hidden = crayon_rails.hidden_places(g.state, viewer)
        places = crayon_rails.card_places(g.state)
        leaked = {c for place in hidden for c in places.get(place, [])} & seen
        assert not leaked, f"seat {viewer} sees {sorted(leaked)}"
        for cid in places[f"hand:{viewer}"]:
            assert f'data-card="{cid}"' in client.get(url).content.decode()

    # a malformed typed path is refused with a clear message and changes nothing
    client.force_login(users[seat])
    page = client.post(
        reverse("games:move", args=[g.pk]),
        {"action": "", "path_type": "build", "path": "12,4 13", "version": g.version, "key": "bad"},
        follow=True,
    ).content.decode()
    assert "Could not read the path" in page and Game.objects.get(pk=g.pk).version == g.version

    # the engine's refusal of a path that breaks the rules reaches the page too
    page = client.post(
        reverse("games:move", args=[g.pk]),
        {
            "action": "",
            "path_type": "build",
            "path": f"{path[2][0]},{path[2][1]} {path[0][0]},{path[0][1]}",
            "version": g.version,
            "key": "far",
        },
        follow=True,
    ).content.decode()
    assert "not neighbours" in page and Game.objects.get(pk=g.pk).version == g.version

    # the menu's "end this building turn" button passes the turn on
    forms = _move_forms(client.get(url).content.decode())
    end = next(post for post, label in forms if label.endswith(". End this building turn"))
    client.post(reverse("games:move", args=[g.pk]), end)
    g = Game.objects.get(pk=game.pk)
    assert crayon_rails.to_act(g.state) == [1 - seat]


def _city_graph(data, track):
    graph = {}
    for a, b in list(data.get("city_track", [])) + list(track):
        graph.setdefault(tuple(a), set()).add(tuple(b))
        graph.setdefault(tuple(b), set()).add(tuple(a))
    return graph


def _route(graph, start, goal):
    prev, todo = {start: None}, deque([start])
    while todo:
        n = todo.popleft()
        if n == goal:
            out = []
            while n is not None:
                out.append(list(n))
                n = prev[n]
            return out[::-1]
        for m in graph.get(n, ()):
            if m not in prev:
                prev[m] = n
                todo.append(m)
    raise AssertionError(f"no route from {start} to {goal}")


def test_build_and_move_through_the_api(make_user, api_for, crayon_rails):
    ann, bob = make_user("Ann"), make_user("Bob")
    clients = {ann.pk: api_for(ann), bob.pk: api_for(bob)}
    created = clients[ann.pk].post("/api/games/", {"rules": SLUG, "max_players": 2}, format="json").json()
    gid = created["id"]
    clients[bob.pk].post("/api/games/join/", {"code": created["invite_code"]}, format="json")
    assert clients[ann.pk].post(f"/api/games/{gid}/start/").status_code == 200
    seat_client = {s.position: clients[s.user_id] for s in Game.objects.get(pk=gid).seats.all()}
    built, placed, moved = {}, set(), {}
    # The map comes through the API too: a client needs it to name mileposts.
    board = clients[ann.pk].get(f"/api/games/{gid}/board/")
    assert board.status_code == 200
    data = board.json()["board"]
    assert data == crayon_rails.map_data(Game.objects.get(pk=gid).options)
    assert data["cities"] and data["mileposts"]

    def post(c, action, version):
        resp = c.post(f"/api/games/{gid}/moves/", {"action": action, "expected_version": version}, format="json")
        assert resp.status_code == 201, resp.content
        return resp.json()

    for _ in range(40):
        g = Game.objects.get(pk=gid)
        seat = crayon_rails.to_act(g.state)[0]
        c = seat_client[seat]
        acts = c.get(f"/api/games/{gid}/actions/").json()
        by_type = {}
        for a in acts["actions"]:
            by_type.setdefault(a["action"]["type"], a["action"])
        phase = g.state["phase"]
        if phase == "draft":
            post(c, by_type["keep_done"], acts["version"])
        elif phase == "build" and seat not in built:
            path, city = free_build(crayon_rails, g.state, avoid=[p for p, _ in built.values()], data=data)
            assert {"type": "build", "path": path} not in [a["action"] for a in acts["actions"]]
            body = post(c, {"type": "build", "path": path}, acts["version"])
            assert body["move"]["action"] == {"type": "build", "path": path}
            built[seat] = (path, city)
            view = c.get(f"/api/games/{gid}/").json()["view"]
            mine = next(p for p in view["players"] if p["seat"] == seat)
            assert sorted(map(sorted, mine["track"])) == sorted(sorted([a, b]) for a, b in zip(path, path[1:]))
        elif phase == "play" and seat not in placed:
            path, city = built[seat]
            post(c, {"type": "place_train", "city": city}, acts["version"])
            placed.add(seat)
        elif phase == "play" and seat not in moved:
            path, city = built[seat]
            view = c.get(f"/api/games/{gid}/").json()["view"]
            at = next(p for p in view["players"] if p["seat"] == seat)["position"]
            route = _route(_city_graph(data, zip(path, path[1:])), tuple(at), tuple(path[-1]))
            post(c, {"type": "move", "path": route}, g.version)
            view = c.get(f"/api/games/{gid}/").json()["view"]
            assert next(p for p in view["players"] if p["seat"] == seat)["position"] == path[-1]
            moved[seat] = route
        else:
            post(c, by_type["end_turn"], acts["version"])
        if len(moved) == 2:
            break
    assert len(moved) == 2
    log = seat_client[0].get(f"/api/games/{gid}/moves/").json()
    assert [m["action"]["type"] for m in log if m["action"]["type"] in ("build", "move")].count("move") == 2


def test_a_first_build_opens_the_map_where_the_menus_first_build_starts(client, make_user):
    ann, bob = make_user("Ann"), make_user("Bob")  # the real map: its menu offers builds toward demands
    g = start_game(ann, bob, rules="crayon-rails")
    rng = Rng.stream("first-build")
    while g.state.get("phase") != "build":  # the setup draft, by the bots
        to_act = g.engine.to_act(g.state)[0]
        g.engine.apply(g.state, to_act, g.engine.bot_action(g.state, to_act, rng))
    g.save(update_fields=["state"])
    seat = g.seats.get(position=g.engine.to_act(g.state)[0])
    first = next(a for a in g.engine.legal_actions(g.state, seat.position) if a["type"] == "build")
    start = re.search(r'class="cr-board"[^>]* data-cr-start="(\d+,\d+)"', _seat_page(client, seat.user, g))
    assert start and start.group(1) == f"{first['path'][0][0]},{first['path'][0][1]}"
    services.move_submit(game=g, seat=seat, action=first, expected_version=g.version, channel="web")
    # with track of their own the map opens on it
    assert "data-cr-start" not in _seat_page(client, seat.user, Game.objects.get(pk=g.pk))


def _seat_page(client, user, game):
    client.force_login(user)
    return client.get(reverse("games:detail", args=[game.pk])).content.decode()


def test_the_header_says_mileposts_left_not_moves_while_pickups_are_offered(client, make_user, crayon_rails):
    """With the train's mileposts used up the player may still pick up at the city: the acting
    player's pill says what is left of the move ("no mileposts left to move"), not "0 moves left"."""
    ann, bob = make_user("Ann"), make_user("Bob")
    g = start_game(ann, bob, rules=SLUG)
    rng = Rng.stream("pill-words")
    for _ in range(4000):  # the bots play until a player to act has a train at a city with a pickup
        seat = crayon_rails.to_act(g.state)[0]
        acts = crayon_rails.legal_actions(g.state, seat)
        if g.state["phase"] == "play" and any(a["type"] == "pickup" for a in acts):
            break
        crayon_rails.apply(g.state, seat, crayon_rails.bot_action(g.state, seat, rng))
    else:
        pytest.fail("no position with a pickup")
    g.state["players"][seat]["moves"] = 0
    assert any(a["type"] == "pickup" for a in crayon_rails.legal_actions(g.state, seat))
    g.save(update_fields=["state"])
    user = g.seats.get(position=seat).user
    pill = re.search(
        r'<span class="cr-pill cr-acting">(.*?)</span>\s*(?:</div>|<span)', _seat_page(client, user, g), re.S
    )
    text = re.sub(r"<[^>]+>", "", pill.group(1))
    assert "no mileposts left to move" in text and "moves left" not in text
    g.state["players"][seat]["moves"] = 1
    g.save(update_fields=["state"])
    assert "1 milepost left to move" in _seat_page(client, user, g)
