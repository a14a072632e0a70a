"""A fourth game is one package (issue #28): Tally (tests/tally/), served only by the TRAILPOST_GAMES
setting and its templates by TEMPLATES, is played through the lobby, the new-game page, the game
page, the API, a "your turn" email and a reply to it, the replay, the export and its verification,
and the standings, with no file outside its package knowing it. Its hands are hidden: no page, API
answer or email shows a seat another's cards."""

import html
import json
import re
from pathlib import Path

import pytest
from django.core import mail
from django.urls import reverse

from games import services
from games.models import Game, Move
from games.rules import get_engine, verify
from games.rules.base import Rng
from games.selectors import with_names
from inbound.route import handle_raw
from notifications import tasks as notice_tasks
from standings.models import GameRecord
from tests.notifications.test_hit_explanations import reply
from tests.tally.engine import ENGINE as TALLY

pytestmark = pytest.mark.django_db

PACKAGE = Path(__file__).resolve().parents[1] / "tally"


@pytest.fixture
def tally(serve_games, settings):
    """Serves Tally (its engine and its templates): the setting and the template folder are all
    that names it; nothing else of the server does."""
    serve_games({"tally": "tests.tally.engine:ENGINE"})
    templates = [dict(t) for t in settings.TEMPLATES]
    templates[0]["DIRS"] = [*templates[0]["DIRS"], PACKAGE / "templates"]
    settings.TEMPLATES = templates
    return get_engine("tally")


@pytest.fixture
def people(make_user):
    ann, bob = make_user("Ann"), make_user("Bob")
    return ann, bob


def _login(client, user):
    client.force_login(user)
    return client


def _hidden(game, seat_position) -> list[str]:
    """The card ids in every hand but this seat's: none may show to it."""
    return [c for s, hand in enumerate(game.state["hands"]) if s != seat_position for c in hand]


def _to_act(game):
    game.refresh_from_db()
    return game.seats.select_related("user").get(position=game.engine.to_act(game.state)[0])


def test_a_game_in_its_own_package_is_played_through_every_channel(tally, people, client, api_for):
    ann, bob = people

    # The lobby lists it and links its new-game page and its rules summary (its own template).
    lobby = _login(client, ann).get(reverse("games:lobby")).content.decode()
    assert reverse("games:new", args=["tally"]) in lobby and "Tally" in lobby
    rules = client.get(reverse("rules:game", args=["tally"])).content.decode()
    assert 'id="turn"' in rules and TALLY.blurb in rules and "lowest wins" in rules  # both variants' glossary
    assert 'href="/rules/tally/"' in client.get(reverse("rules:index")).content.decode()

    # The new-game page offers its options, and creates a rated game of it.
    new = client.get(reverse("games:new", args=["tally"])).content.decode()
    assert "Lowest tally wins" in new and 'name="opt_rounds"' in new
    form = {
        "title": "Tally night",
        "max_players": 2,
        "bots": 0,
        "turn_hours": 48,
        "miss_limit": 3,
        "on_missed": "bot",
        "visibility": "public",
        "is_open": "on",
        "rated": "on",
        "opt_scoring": "high",
        "opt_rounds": 3,
    }
    assert client.post(reverse("games:new", args=["tally"]), form).status_code == 302
    game = Game.objects.get(owner=ann, title="Tally night")
    assert game.rules == "tally" and game.options == {"scoring": "high", "rounds": 3} and game.rated

    # Bob joins by its invitation, Ann starts it.
    bob_client = type(client)()
    _login(bob_client, bob).post(reverse("games:join_link", args=[game.invite_code]))
    client.post(reverse("games:start", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.seats.filter(user=bob).exists()
    clients = {ann.pk: client, bob.pk: bob_client}

    # The game page: its own board, the picture, the numbered moves; a move from the list.
    seat = _to_act(game)
    page = clients[seat.user_id].get(reverse("games:detail", args=[game.pk])).content.decode()
    assert 'class="tally-board"' in page and "Tally table." in page and "1. Play your" in page
    for other in game.seats.select_related("user"):
        shown = clients[other.user_id].get(reverse("games:detail", args=[game.pk])).content.decode()
        assert not any(card in shown for card in _hidden(game, other.position)), "another's hand on the page"
    version = game.version
    clients[seat.user_id].post(reverse("games:move", args=[game.pk]), {"move": "1", "version": version, "key": "k1"})
    game.refresh_from_db()
    assert game.version == version + 1
    assert game.moves.filter(kind=Move.Kind.MOVE).latest("seq").channel == Move.Channel.WEB

    # The API: its state, its menu and a move, for the seat to act; a game of it created there too.
    seat = _to_act(game)
    api = api_for(seat.user)
    state = api.get(f"/api/games/{game.pk}/").json()
    assert state["rules"] == "tally"
    assert not any(card in json.dumps(state) for card in _hidden(game, seat.position)), "another's hand in the API"
    actions = api.get(f"/api/games/{game.pk}/actions/").json()
    assert actions["actions"] and all(a["action"]["type"] == "play" for a in actions["actions"])
    moved = api.post(
        f"/api/games/{game.pk}/moves/",
        {"action": actions["actions"][-1]["action"], "expected_version": actions["version"]},
        format="json",
    )
    assert moved.status_code in (200, 201), moved.content
    created = api.post("/api/games/", {"rules": "tally", "options": {"scoring": "low"}}, format="json")
    assert created.status_code == 201 and created.json()["rules"] == "tally"

    # Email: the seat to act is told it is their turn, with the menu, the picture and a reply-to
    # address; its reply "1" plays the first move.
    seat = _to_act(game)
    notice_tasks.send_unsent()
    [turn] = [m for m in mail.outbox if m.to == [seat.user.email] and "It is your turn in Tally night" in m.body]
    assert "1. Play your" in turn.body and "Tally" in turn.body
    [picture] = turn.inline_images  # the engine's email drawing, as PNG
    assert picture.get_content_type() == "image/png" and picture.get_payload(decode=True).startswith(b"\x89PNG")
    assert not any(card in turn.body for card in _hidden(game, seat.position)), "another's hand in the email"
    [reply_to] = turn.reply_to
    version = game.version
    assert handle_raw(reply(reply_to, "1")).outcome == "played"
    game.refresh_from_db()
    assert game.version == version + 1
    assert game.moves.filter(kind=Move.Kind.MOVE).latest("seq").channel == Move.Channel.EMAIL

    # The rest by the engine's bot, through the same pipeline, to the end.
    rnd = Rng.stream("a fourth game")
    while game.status == Game.Status.ACTIVE:
        seat = _to_act(game)
        action = TALLY.bot_action(game.state, seat.position, rnd)
        services.move_submit(game=game, seat=seat, action=action, expected_version=game.version, channel="web")
        game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.result["winners"]
    final = html.unescape(client.get(reverse("games:detail", args=[game.pk])).content.decode())
    names = {s.position: s.user.display_name for s in game.seats.select_related("user")}
    winners = " and ".join(names[w] for w in game.result["winners"])
    assert 'id="final"' in final and f"<strong>{winners} win" in final
    reason = re.sub(r"<[^>]+>", "", final.split('class="tp-final-reason">', 1)[1].split("</p>", 1)[0])
    assert with_names(game.result["reason"], names) in reason  # names, never "Player N"

    # The replay: the start, a step, every hand at the end.
    assert client.get(reverse("games:replay", args=[game.pk]) + "?step=0").status_code == 200
    replay = client.get(reverse("games:replay", args=[game.pk])).content.decode()
    assert "Every hand" in replay

    # The export, verified (the server's verifier and its page).
    exported = client.get(reverse("games:export", args=[game.pk]))
    assert exported.status_code == 200 and json.loads(exported.content)["rules"] == "tally"
    report = verify.verify_text(exported.content)
    assert report.ok, verify.render(report)
    checked = client.get(reverse("games:verify", args=[game.pk])).content.decode()
    assert "✓ Verified" in checked and "✗" not in checked

    # The standings: the finished game's record, its players' places, its leaderboard.
    record = GameRecord.objects.get(game=game)
    assert record.rules == "tally" and record.rated and 1 in record.places
    board = client.get(reverse("standings:leaderboard", args=["tally"]))
    assert board.status_code == 200
    assert ann.display_name in board.content.decode() and bob.display_name in board.content.decode()


def test_the_fourth_game_keeps_the_contract_of_every_engine(tally):
    """Seeded playouts of each variant: the menu is never empty before the end, a seat's view never
    holds another seat's cards, the state survives JSON, the result ranks every seat."""
    for options in TALLY.conformance_options:
        for seats in range(TALLY.min_seats, TALLY.max_seats + 1):
            state = TALLY.new_state(TALLY.normalize_options(options, seats), seats, f"seed-{seats}")
            rnd = Rng.stream("conformance")
            while TALLY.result(state) is None:
                [seat] = TALLY.to_act(state)
                assert TALLY.legal_actions(state, seat)
                for other in range(seats):
                    view = json.dumps(TALLY.view(state, other))
                    assert not any(c in view for c in _hidden_of(state, other))
                TALLY.apply(state, seat, TALLY.bot_action(state, seat, rnd))
                state = json.loads(json.dumps(state))
            assert sorted(TALLY.result(state)["ranking"]) == list(range(seats))


def _hidden_of(state, seat) -> list[str]:
    return [c for s, hand in enumerate(state["hands"]) if s != seat for c in hand] + list(state["deck"])


def test_nothing_outside_the_package_names_it():
    """Only tests/tally/ and this test name the game ("tally", its package): no server code, template
    or static file does (Ogallala's "tally" of boats is a word, not the game)."""
    root = Path(__file__).resolve().parents[2]
    found = []
    for folder in ("games", "templates", "static", "notifications", "chat", "standings", "accounts", "config", "core"):
        for path in (root / folder).rglob("*"):
            if path.suffix in (".py", ".html", ".js", ".css", ".txt") and re.search(
                r"[\"']tally[\"'/]|tests[./]tally", path.read_text()
            ):
                found.append(str(path.relative_to(root)))
    assert found == []
