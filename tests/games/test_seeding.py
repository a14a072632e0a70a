"""Dice nobody can choose (games.rules.seeding): the formula, the commitment published when a game
is created and kept at its start, each player's entropy from the web forms and the API, kept to
its owner until the game is over, then everything revealed and rechecked on the verify page."""

import hashlib
import html

import pytest

from games import services
from games.forms import GameCreateForm
from games.models import Game, Seat
from games.rules import get_engine, seeding
from games.rules.base import Rng
from tests.builders import lobby_game, start, start_game

SERVER = "a" * 64


# -- the formula (pure) ------------------------------------------------------------------------------


def test_the_same_inputs_make_the_same_seed():
    assert seeding.derive_seed(SERVER, ["x", "", "y"]) == seeding.derive_seed(SERVER, ["x", "", "y"])
    expected = hashlib.sha256(
        b"trailpost-seed-v1\0" + SERVER.encode() + b"".join(b"\0" + hashlib.sha256(c).digest() for c in (b"x", b"y"))
    ).hexdigest()
    assert seeding.derive_seed(SERVER, ["x", "y"]) == expected  # the documented formula, byte for byte


@pytest.mark.parametrize("index", [0, 1, 2])
def test_any_one_contribution_changed_changes_the_seed(index):
    contributions = ["ann's phrase", "0f" * 16, ""]
    changed = list(contributions)
    changed[index] = changed[index] + "!"
    assert seeding.derive_seed(SERVER, changed) != seeding.derive_seed(SERVER, contributions)
    assert seeding.derive_seed("b" * 64, contributions) != seeding.derive_seed(SERVER, contributions)


def test_contributions_cannot_run_into_each_other_and_order_counts():
    assert seeding.derive_seed(SERVER, ["ab", "c"]) != seeding.derive_seed(SERVER, ["a", "bc"])
    assert seeding.derive_seed(SERVER, ["a", "b"]) != seeding.derive_seed(SERVER, ["b", "a"])


def test_the_seating_is_a_permutation_drawn_by_the_seed():
    seats = seeding.seating("some seed", 4)
    assert sorted(seats) == [0, 1, 2, 3] and seats == seeding.seating("some seed", 4)
    assert len({tuple(seeding.seating(f"seed {i}", 4)) for i in range(30)}) > 1


def test_an_empty_or_missing_contribution_is_hashed_as_empty_text():
    """A bot's contribution, or a player's who gave none, is sha256 of the empty text (step 3 of the
    formula): anyone recomputing the seed from the revealed file gets the same."""
    empty = b"\0" + hashlib.sha256(b"").digest()
    expected = hashlib.sha256(b"trailpost-seed-v1\0" + SERVER.encode() + empty + empty).hexdigest()
    assert seeding.derive_seed(SERVER, ["", None]) == expected
    assert seeding.derive_seed(SERVER, []) == hashlib.sha256(b"trailpost-seed-v1\0" + SERVER.encode()).hexdigest()
    assert seeding.commitment(SERVER) == hashlib.sha256(SERVER.encode()).hexdigest()


def test_the_seating_is_the_documented_shuffle():
    """The engines' generator seeded with "seating:" + seed, shuffling the join indices: pinned to
    known values, so a verifier written anew from the formula seats the same players."""
    assert seeding.seating("some seed", 4) == [2, 0, 3, 1]
    assert seeding.seating("some seed", 6) == [5, 2, 3, 4, 0, 1]
    order = list(range(6))
    Rng.stream("seating:some seed").shuffle(order)
    assert order == [5, 2, 3, 4, 0, 1]


@pytest.mark.parametrize(
    "value,message",
    [
        (5, "Your entropy must be text: a random value or a phrase."),
        ("x" * 201, "Your entropy can be at most 200 characters long."),
        ("bell\x07", "Your entropy cannot contain control characters."),
        ("tab\tinside", "Your entropy cannot contain control characters."),
    ],
)
def test_a_bad_contribution_is_refused_in_a_sentence(value, message):
    with pytest.raises(ValueError) as refused:
        seeding.clean_contribution(value)
    assert str(refused.value) == message
    assert seeding.clean_contribution("  a phrase  ") == "a phrase" and seeding.clean_contribution(None) == ""


def test_a_contribution_of_the_longest_length_with_spaces_is_kept():
    longest = "a b " * 49 + "c d"
    assert len(longest) == seeding.MAX_CONTRIBUTION - 1
    assert seeding.clean_contribution(f"\t {longest}!\n") == longest + "!"


# -- the server --------------------------------------------------------------------------------------

db = pytest.mark.django_db


@pytest.fixture
def people(make_user):
    return make_user("Ann Seed"), make_user("Bob Seed"), make_user("Cy Watcher")


@db
def test_the_commitment_is_published_at_creation_and_unchanged_at_the_start(people, api_for):
    ann, bob, _ = people
    created = api_for(ann).post(
        "/api/games/", {"rules": "oregon-trail-race", "max_players": 2, "entropy": "ann's phrase"}, format="json"
    )
    assert created.status_code == 201
    body = created.json()
    game = Game.objects.get(pk=body["id"])
    assert body["server_seed_sha256"] == hashlib.sha256(game.server_seed.encode()).hexdigest()
    assert body["seed_scheme"] == "commit-reveal-v1" and body["my_entropy"] == "ann's phrase"
    assert body["server_seed"] is None and body["seed"] is None and body["contributions"] is None
    assert game.seats.get(user=ann).entropy == "ann's phrase"

    joined = api_for(bob).post(f"/api/games/{game.pk}/join/", {"entropy": " 00112233 "}, format="json")
    assert joined.status_code == 200 and joined.json()["my_entropy"] == "00112233"
    started = api_for(ann).post(f"/api/games/{game.pk}/start/").json()
    assert started["server_seed_sha256"] == body["server_seed_sha256"]
    game.refresh_from_db()
    assert game.server_seed_sha256 == body["server_seed_sha256"]
    order = sorted(game.seats.all(), key=lambda s: (s.joined_at, s.pk))
    assert game.seed == seeding.derive_seed(game.server_seed, [s.entropy for s in order])
    assert game.seed_sha256 == hashlib.sha256(game.seed.encode()).hexdigest()
    assert [order[j].position for j in seeding.seating(game.seed, 2)] == [0, 1]


@db
def test_join_by_code_takes_entropy_and_bots_give_none(people, api_for):
    ann, bob, _ = people
    game = lobby_game(ann, rules="ogallala", max_players=3, bots=1, is_open=False)
    answer = api_for(bob).post("/api/games/join/", {"code": game.invite_code, "entropy": "bob's dice"}, format="json")
    assert answer.status_code == 200 and answer.json()["my_entropy"] == "bob's dice"
    game = start(game)
    order = sorted(game.seats.all(), key=lambda s: (s.joined_at, s.pk))
    assert [s.entropy for s in order] == ["", "", "bob's dice"]
    assert game.seed == seeding.derive_seed(game.server_seed, ["", "", "bob's dice"])


@db
@pytest.mark.parametrize(
    "entropy,message", [(123, "must be text"), ("x" * 201, "200"), ("tab\there", "control"), (["a"], "text")]
)
def test_bad_entropy_in_the_api_is_a_400_and_nothing_is_created(people, api_for, entropy, message):
    ann, bob, _ = people
    before = Game.objects.count()
    answer = api_for(ann).post("/api/games/", {"rules": "ogallala", "entropy": entropy}, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "VALIDATION_ERROR"
    assert message in answer.json()["message"]
    assert Game.objects.count() == before
    game = lobby_game(ann, rules="ogallala", max_players=3)
    for path, body in ((f"/api/games/{game.pk}/join/", {}), ("/api/games/join/", {"code": game.invite_code})):
        answer = api_for(bob).post(path, {**body, "entropy": entropy}, format="json")
        assert answer.status_code == 400 and answer.json()["code"] == "VALIDATION_ERROR", answer.json()
    assert not game.seats.filter(user=bob).exists()


@db
def test_anonymous_cannot_join_through_the_api(people, client):
    ann, _, _ = people
    game = lobby_game(ann, rules="ogallala", max_players=3)
    assert client.post(f"/api/games/{game.pk}/join/", {"entropy": "x"}).status_code == 401
    assert game.seats.count() == 1


def _started(ann, bob):
    """A started game of ann's and bob's, each with words of their own for the seed."""
    return start_game(ann, bob, rules="oregon-trail-race", entropy={ann: "ann's own words", bob: "bob's secret phrase"})


@db
def test_server_seed_and_contributions_stay_private_until_the_end(people, api_for, client):
    ann, bob, cy = people
    game = _started(ann, bob)
    # Before the end: the commitment for all; the server seed for none; each contribution to its owner.
    for user, own, other in (
        (ann, "ann's own words", "bob's secret phrase"),
        (bob, "bob's secret phrase", "ann's own words"),
    ):
        api = api_for(user).get(f"/api/games/{game.pk}/").json()
        assert api["server_seed_sha256"] == game.server_seed_sha256 and api["server_seed"] is None
        assert api["my_entropy"] == own and api["contributions"] is None
        assert other not in str(api) and game.server_seed not in str(api)
        client.force_login(user)
        page = html.unescape(client.get(f"/games/{game.pk}/").content.decode())
        assert own in page and other not in page and game.server_seed not in page
        assert game.server_seed_sha256 in page
    watcher = api_for(cy).get(f"/api/games/{game.pk}/").json()
    assert watcher["my_entropy"] is None and "phrase" not in str(watcher) and "words" not in str(watcher)
    assert game.server_seed not in str(watcher)
    for lists in (api_for(cy).get("/api/games/open/").json(), api_for(ann).get("/api/games/").json()):
        assert game.server_seed not in str(lists) and "bob's secret phrase" not in str(lists)
    assert api_for(cy).get(f"/api/games/{game.pk}/verify/").json()["code"] == "GAME_NOT_FINISHED"
    client.force_login(cy)
    page = html.unescape(client.get(f"/games/{game.pk}/").content.decode())
    assert "phrase" not in page and "own words" not in page and game.server_seed not in page

    # The end reveals it all, to anyone who may see the game.
    services.game_resign(game=game, user=ann)
    revealed = api_for(cy).get(f"/api/games/{game.pk}/").json()
    assert revealed["server_seed"] == game.server_seed and revealed["seed"] == game.seed
    assert [c["entropy"] for c in revealed["contributions"]] == ["ann's own words", "bob's secret phrase"]
    assert [c["name"] for c in revealed["contributions"]] == ["Ann Seed", "Bob Seed"]


@db
def test_the_new_game_form_takes_entropy(people, client):
    ann, _, _ = people
    client.force_login(ann)
    page = client.get("/games/new/ogallala/").content.decode()
    assert 'name="entropy"' in page and "data-entropy" in page and "js/entropy.js" in page
    assert "type a phrase" in page
    fields = GameCreateForm(engine=get_engine("ogallala")).fields
    form = {k: ("on" if f.initial is True else f.initial) for k, f in fields.items() if f.initial not in (None, False)}
    form.update(title="Entropy table", max_players=3, bots=0, on_missed="bot", entropy="  my lucky phrase ")
    response = client.post("/games/new/ogallala/", form)
    assert response.status_code == 302, response.context["form"].errors
    game = Game.objects.get(title="Entropy table")
    assert game.seats.get(user=ann).entropy == "my lucky phrase"
    response = client.post("/games/new/ogallala/", {**form, "title": "Bad", "entropy": "x" * 201})
    assert response.status_code == 200 and not Game.objects.filter(title="Bad").exists()
    assert "at most 200 characters" in html.unescape(response.content.decode())


@db
def test_the_join_page_and_the_game_page_take_entropy(people, client):
    ann, bob, cy = people
    game = lobby_game(ann, rules="ogallala", max_players=3, visibility="private", is_open=False)
    link = f"/join/{game.invite_code}/"
    anonymous = client.get(link)
    assert anonymous.status_code == 200 and 'name="entropy"' in anonymous.content.decode()
    assert client.post(link, {"entropy": "x"}).status_code == 302 and game.seats.count() == 1  # to log in
    client.force_login(bob)
    page = client.get(link).content.decode()
    assert "data-entropy" in page and "js/entropy.js" in page and game.server_seed_sha256 in page
    bad = client.post(link, {"entropy": "bad\x07value"})
    assert bad.status_code == 400 and "control characters" in html.unescape(bad.content.decode())
    assert not game.seats.filter(user=bob).exists()
    assert client.post(link, {"entropy": "bob's words"}).status_code == 302
    assert game.seats.get(user=bob).entropy == "bob's words"
    shown = html.unescape(client.get(f"/games/{game.pk}/").content.decode())
    assert "your entropy <code>bob's words</code>" in shown and game.server_seed_sha256 in shown

    # The game page's own join button (an open public game) carries the field too.
    open_game = lobby_game(ann, rules="ogallala", max_players=3)
    client.force_login(cy)
    assert 'name="entropy"' in client.get(f"/games/{open_game.pk}/").content.decode()
    refused = client.post(f"/games/{open_game.pk}/join/", {"entropy": "y" * 300}, follow=True)
    assert "at most 200 characters" in html.unescape(refused.content.decode())
    assert not open_game.seats.filter(user=cy).exists()
    assert client.post(f"/games/{open_game.pk}/join/", {"entropy": "cy's"}).status_code == 302
    assert open_game.seats.get(user=cy).entropy == "cy's"
    assert Seat.objects.filter(game=open_game).count() == 2


@db
def test_the_verify_page_recomputes_the_seed_and_the_seating(people, client):
    ann, bob, cy = people
    game = _started(ann, bob)
    services.game_resign(game=game, user=bob)
    game.refresh_from_db()
    client.force_login(cy)
    page = html.unescape(client.get(f"/games/{game.pk}/verify/").content.decode())
    for check in ("commitment", "seed", "seating", "replay", "events", "result"):
        assert f"✓ {check}" in page, check
    assert game.server_seed in page and game.server_seed_sha256 in page and "✓ Verified" in page
    assert "ann's own words" in page and "bob's secret phrase" in page
    assert "Player 0" not in page and "Player 1" not in page  # the result's sentence names the players
    order = sorted(game.seats.all(), key=lambda s: (s.joined_at, s.pk))
    seated = [order[j].name for j in seeding.seating(game.seed, 2)]
    block = page[page.index('id="verify-seating"') :]
    assert block.index(seated[0]) < block.index(seated[1])
    report = client.get(f"/api/games/{game.pk}/verify/").json()
    assert report["ok"] and report["commitment_matches"] and report["seating_matches"]
    assert report["seed_recomputed"] == game.seed
    assert [c["entropy"] for c in report["contributions"]] == ["ann's own words", "bob's secret phrase"]
    # a tampered contribution is caught
    Seat.objects.filter(game=game, user=bob).update(entropy="changed afterwards")
    page = html.unescape(client.get(f"/games/{game.pk}/verify/").content.decode())
    assert "✗ seed" in page and "NOT VERIFIED" in page
