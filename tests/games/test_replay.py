"""The replay viewer (games/replay.py, the page /games/<pk>/replay/?step=n and the API's
/api/games/<id>/replay/<step>/): a step replayed from snapshots is the state replay_state rebuilds
from the seed, on every engine; an undo drops the snapshots it made wrong; who may see what (a
player in play only their own hand, every hand once the game is over, never the seed or a deck);
and outside input (a step that is not a number, or not one of the game's) answered clearly."""

import html as htmllib
import re

import pytest
from django.urls import reverse

from games import replay, services
from games.models import Game, Move, Seat, Snapshot
from games.rules import get_engine
from games.rules.base import Rng
from games.selectors import replay_state
from tests.builders import lobby_game, start
from tests.helpers import json_strings

pytestmark = pytest.mark.django_db

SEED = "tests:replay:fixed-seed"
# A seed whose Ogallala bot game lasts (99 moves; from SEED a bot ends it after 31, once its
# three boats are complete), for the tests that need more moves than SEED's game has.
LONG_OGALLALA = SEED + "3"
N = replay.SNAPSHOT_EVERY


def played(users, rules, *, options=None, moves=60, visibility="public", seed=SEED) -> Game:
    """A started game between `users`, dealt from a fixed seed, with `moves` moves played by the
    engine's bot through move_submit (as the web plays them), or fewer if it ends first."""
    owner, *others = users
    game = start(
        lobby_game(owner, *others, rules=rules, options=options or {}, title=f"Replay {rules}", visibility=visibility)
    )
    engine = game.engine
    game.seed = seed  # the dealt table and every draw, the same on every run
    game.seed_sha256 = Game.hash_seed(seed)
    game.state = engine.new_state(game.options, len(users), seed)
    game.save()
    seats = {s.position: s for s in Seat.objects.filter(game=game)}
    rnd = Rng.stream(f"{seed}:bots")
    for _ in range(moves):
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.ACTIVE:
            break
        position = engine.to_act(game.state)[0]
        action = engine.bot_action(game.state, position, rnd)
        services.move_submit(
            game=game, seat=seats[position], action=action, expected_version=game.version, channel=Move.Channel.WEB
        )
    return Game.objects.get(pk=game.pk)


def url(game, step=None):
    base = reverse("games:replay", args=[game.pk])
    return base if step is None else f"{base}?step={step}"


def api_url(game, step):
    return reverse("api-game-replay", args=[game.pk, step])


@pytest.fixture
def trio(make_user):
    return make_user("Ann"), make_user("Bob"), make_user("Cyd")


def hands_at(game, step) -> dict[int, list[str]]:
    """Each seat's demand cards (Crayon Rails) at a step, from a replay of the seed."""
    seqs = [seq for seq, _ in replay.steps(game)]
    state = replay_state(game, upto_seq=seqs[step - 1] if step else 0)
    return {s: list(p["hand"]) for s, p in enumerate(state["players"])}


# -- snapshots ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules, options",
    [("oregon-trail-race", {}), ("oregon-trail-race", {"ruleset": "classic"}), ("ogallala", {}), ("crayon-rails", {})],
)
def test_a_step_from_snapshots_is_the_state_replayed_from_the_seed(trio, rules, options):
    game = played(trio, rules, options=options, moves=70, seed=LONG_OGALLALA if rules == "ogallala" else SEED)
    seqs = [seq for seq, _ in replay.steps(game)]
    assert len(seqs) > 2 * N, "the game should outlast two snapshots"
    assert not Snapshot.objects.filter(game=game).exists()
    cold = replay.snapshot_state(game, seqs[-1])  # the first replay writes the snapshots it passes
    assert cold == replay_state(game, upto_seq=seqs[-1]) == game.state
    assert sorted(Snapshot.objects.filter(game=game).values_list("seq", flat=True)) == [
        seqs[k * N - 1] for k in range(1, len(seqs) // N + 1)
    ]
    for seq in [0, *seqs]:  # every step, now from the snapshots
        assert replay.snapshot_state(game, seq) == replay_state(game, upto_seq=seq), seq


def test_a_replay_stores_only_the_snapshots_up_to_its_step_and_a_later_one_adds_the_rest(trio):
    game = played(trio, "ogallala", moves=80)
    seqs = [seq for seq, _ in replay.steps(game)]
    replay.snapshot_state(game, seqs[N + 3])
    assert list(Snapshot.objects.filter(game=game).values_list("seq", flat=True)) == [seqs[N - 1]]
    replay.snapshot_state(game, seqs[-1])
    assert sorted(Snapshot.objects.filter(game=game).values_list("seq", flat=True)) == [
        seqs[k * N - 1] for k in range(1, len(seqs) // N + 1)
    ]


def test_a_step_starts_from_the_nearest_snapshot_and_trusts_it(trio):
    """The snapshot is what a step starts from: a (deliberately) altered one shows in the steps
    after it and not before, so the replay did not start from the seed."""
    game = played(trio, "oregon-trail-race", moves=40)
    seqs = [seq for seq, _ in replay.steps(game)]
    replay.snapshot_state(game, seqs[-1])
    snap = Snapshot.objects.get(game=game, seq=seqs[N - 1])
    snap.state = {**snap.state, "marker": "from-the-snapshot"}
    snap.save()
    assert replay.snapshot_state(game, seqs[N + 2]).get("marker") == "from-the-snapshot"
    assert "marker" not in replay.snapshot_state(game, seqs[N - 2])


def test_undo_deletes_the_snapshots_it_made_wrong_and_steps_follow_the_new_log(trio, make_user):
    game = played(trio, "crayon-rails", moves=2 * N + 10)
    seqs = [seq for seq, _ in replay.steps(game)]
    replay.snapshot_state(game, seqs[-1])
    assert Snapshot.objects.filter(game=game).count() == 2
    admin = make_user("Mod", is_staff=True)
    services.game_undo(game=game, by=admin, count=15)  # undoes moves 46.. : the snapshot after move 50 goes
    game = Game.objects.get(pk=game.pk)
    assert list(Snapshot.objects.filter(game=game).values_list("seq", flat=True)) == [seqs[N - 1]]
    after = [seq for seq, _ in replay.steps(game)]
    assert len(after) == len(seqs) - 15
    for seq in [0, *after]:
        assert replay.snapshot_state(game, seq) == replay_state(game, upto_seq=seq), seq
    assert replay.snapshot_state(game, after[-1]) == game.state


def test_snapshots_computed_before_an_undo_are_not_stored_after_it(trio, make_user):
    """A replay that read the log before an undo must not store what it computed after the undo
    deleted the snapshots: _store checks the log under the game's lock."""
    game = played(trio, "ogallala", moves=N + 10, seed=LONG_OGALLALA)
    seqs = [seq for seq, _ in replay.steps(game)]
    state = replay_state(game, upto_seq=seqs[N - 1])
    services.game_undo(game=game, by=make_user("Mod", is_staff=True), count=12)
    replay._store(game, 0, [Snapshot(game=game, seq=seqs[N - 1], state=state)], applied_to_last=N)
    assert not Snapshot.objects.filter(game=game).exists()
    # and with nothing undone in between the same call stores it
    game2 = played(trio, "ogallala", moves=N + 1, seed=SEED + "2")
    seqs2 = [seq for seq, _ in replay.steps(game2)]
    replay._store(
        game2,
        0,
        [Snapshot(game=game2, seq=seqs2[N - 1], state=replay_state(game2, upto_seq=seqs2[N - 1]))],
        applied_to_last=N,
    )
    assert Snapshot.objects.filter(game=game2).count() == 1


@pytest.mark.parametrize(
    "rules, options",
    [
        ("oregon-trail-race", {}),
        ("oregon-trail-race", {"ruleset": "classic"}),
        ("ogallala", {"edition": "II"}),
        ("crayon-rails", {"mode": "standard"}),
        ("crayon-rails", {}),
    ],
)
@pytest.mark.parametrize("moves", [0, 17, 60])
def test_open_view_shows_every_hand_and_no_deck_nor_the_seed(rules, options, moves):
    """Engine.open_view, on every engine: each seat's hidden cards (what only it may see) are shown,
    the cards hidden from everyone (the decks) and the seed are not."""
    engine = get_engine(rules)
    state = engine.new_state(engine.normalize_options(options, 3), 3, SEED)
    rnd = Rng.stream("open-view")
    for _ in range(moves):
        if engine.result(state) is not None:
            break
        seat = engine.to_act(state)[0]
        engine.apply(state, seat, engine.bot_action(state, seat, rnd))
    shown = json_strings(engine.open_view(state))
    places = engine.card_places(state)
    everyone = [None, 0, 1, 2]
    hidden_from_all = set.intersection(*(set(engine.hidden_places(state, s)) for s in everyone))
    secret = {cid for place in hidden_from_all for cid in places.get(place, [])}
    assert not secret & shown
    own = {
        cid
        for s in range(3)
        for place in engine.hidden_places(state, None) - hidden_from_all
        for cid in places.get(place, [])
    }
    assert own <= shown
    assert SEED not in shown and not any(SEED in text for text in shown)


# -- who sees what --------------------------------------------------------------------------------


def seat_user(game, position):
    return Seat.objects.get(game=game, position=position).user


def test_a_player_in_play_sees_only_their_own_hand_at_each_step(client, trio):
    game = played(trio, "crayon-rails", options={"mode": "standard"}, moves=40)
    assert game.status == Game.Status.ACTIVE
    me = 0
    client.force_login(seat_user(game, me))
    for step in (0, 1, 17, 40):
        hands = hands_at(game, step)
        html = client.get(url(game, step)).content.decode()
        assert f"Step {step} of 40" in html
        assert hands[me] and all(cid in html for cid in hands[me]), step
        for other in (1, 2):
            leaked = [cid for cid in hands[other] if cid not in hands[me] and cid in html]
            assert not leaked, (step, other, leaked)
        assert game.seed not in html and game.server_seed not in html
        assert "Every hand" not in html


def test_the_api_gives_a_player_in_play_their_own_view_only(api_for, trio):
    game = played(trio, "oregon-trail-race", moves=30)
    api = api_for(seat_user(game, 1))
    data = api.get(api_url(game, 12)).json()
    assert (data["step"], data["total_steps"], data["open"], data["position"]) == (12, 30, False, 1)
    assert data["hands"] == []
    state = replay_state(game, upto_seq=[seq for seq, _ in replay.steps(game)][11])
    assert [c["card"] for c in data["view"]["hand"]] == state["players"][1]["hand"]
    body = api.get(api_url(game, 12)).content.decode()
    for other in (0, 2):
        for cid in state["players"][other]["hand"] + state["players"][other]["supplies"]:
            assert f'"{cid}"' not in body
    assert game.seed not in body
    assert data["move"]["seq"] == [seq for seq, _ in replay.steps(game)][11]
    assert data["move"]["player"] in {u.display_name for u in trio}


def test_a_spectator_of_a_game_in_play_sees_the_spectators_table(client, trio, make_user):
    game = played(trio, "crayon-rails", options={"mode": "standard"}, moves=20)
    client.force_login(make_user("Watcher"))
    html = client.get(url(game, 20)).content.decode()
    assert "as a spectator" in html
    for cards in hands_at(game, 20).values():
        assert not any(cid in html for cid in cards)


def test_once_over_everyone_who_may_see_the_game_sees_every_hand(client, trio, make_user):
    game = played(trio, "crayon-rails", options={"mode": "standard"}, moves=30)
    services.game_abort(game=game, by=make_user("Mod", is_staff=True))
    html = client.get(url(game, 30)).content.decode()  # anonymous, a public game
    assert "Every hand" in html
    for position, cards in hands_at(game, 30).items():
        assert cards and all(cid in html for cid in cards)
        assert Seat.objects.get(game=game, position=position).name in html
    assert "Player 1" not in html and "Player 2" not in html  # names, never seat labels


def test_once_over_the_page_lists_each_oregon_seats_trail_cards_and_supplies(client, trio, make_user):
    game = played(trio, "oregon-trail-race", moves=24)
    services.game_abort(game=game, by=make_user("Mod", is_staff=True))
    game = Game.objects.get(pk=game.pk)
    html = client.get(url(game, 24)).content.decode()
    shown = [
        htmllib.unescape(re.sub(r"<[^>]+>", "", p)) for p in re.findall(r"<p>((?:Trail cards|Supplies):.*?)</p>", html)
    ]
    view = game.engine.open_view(game.state)
    expected = []
    for h in view["hands"]:
        cards = [c["name"] + (f" ({c['left']}→{c['right']})" if c["left"] else "") for c in h["hand"]]
        expected += [
            "Trail cards: " + (", ".join(cards) or "none"),
            "Supplies: " + (", ".join(s["name"] for s in h["supplies"]) or "none"),
        ]
    assert len(expected) == 6 and shown == expected


def test_the_api_shows_every_hand_once_over_but_never_a_deck_or_the_seed(client, trio, make_user):
    game = played(trio, "oregon-trail-race", moves=24)
    services.game_abort(game=game, by=make_user("Mod", is_staff=True))
    game = Game.objects.get(pk=game.pk)
    response = client.get(api_url(game, 24))  # anonymous: the API lets anyone read a public game's replay
    assert response.status_code == 200
    data = response.json()
    assert data["open"] is True and data["position"] is None
    assert {h["seat"]: [c["card"] for c in h["hand"]] for h in data["hands"]} == {
        s: p["hand"] for s, p in enumerate(game.state["players"])
    }
    assert {h["name"] for h in data["hands"]} == {u.display_name for u in trio}
    assert all(set(h) == {"seat", "name", "hand", "supplies"} for h in data["hands"]) and "hand" not in data["view"]
    body = response.content.decode()
    assert game.seed not in body and '"rng"' not in body
    for deck in ("trail_deck", "calamity_deck", "supply_deck"):
        if len(game.state[deck]) > 1:
            assert ", ".join(f'"{c}"' for c in game.state[deck][:2]) not in body.replace('","', '", "')


def test_a_private_game_is_a_404_to_anyone_but_its_people(client, api_for, trio, make_user):
    game = played(trio, "ogallala", moves=5, visibility="private")
    assert client.get(url(game, 2)).status_code == 404
    assert client.get(api_url(game, 2)).status_code == 404
    outsider = make_user("Eve")
    client.force_login(outsider)
    assert client.get(url(game, 2)).status_code == 404
    response = api_for(outsider).get(api_url(game, 2))
    assert response.status_code == 404 and response.json()["code"] == "NOT_FOUND"
    client.force_login(trio[2])
    assert client.get(url(game, 2)).status_code == 200
    staff = make_user("Staff", is_staff=True)
    client.force_login(staff)
    html = client.get(url(game, 2)).content.decode()
    assert "as a spectator" in html  # staff without a seat: the public table while it is in play
    assert api_for(staff).get(api_url(game, 2)).json()["position"] is None


def test_a_game_in_its_lobby_has_nothing_to_replay(client, api_for, trio):
    game = lobby_game(trio[0], rules="ogallala", options={}, title="Waiting")
    client.force_login(trio[0])
    response = client.get(url(game))
    assert response.status_code == 302 and response["Location"] == reverse("games:detail", args=[game.pk])
    assert "nothing to replay" in client.get(response["Location"]).content.decode()
    response = api_for(trio[0]).get(api_url(game, 0))
    assert response.status_code == 409 and response.json()["code"] == "GAME_NOT_ACTIVE"


# -- the page -------------------------------------------------------------------------------------


def test_the_page_links_every_step_and_describes_the_move_with_names(client, trio):
    game = played(trio, "oregon-trail-race", moves=12)
    client.force_login(trio[0])
    html = client.get(url(game)).content.decode()  # no step: the latest
    assert "Step 12 of 12" in html
    assert f'href="{url(game, 0)}"' in html and f'href="{url(game, 11)}"' in html
    assert f'href="{url(game, 13)}"' not in html  # no next after the last
    assert 'type="range"' in html and 'max="12"' in html and 'value="12"' in html
    assert "js/replay.js" in html
    html = client.get(url(game, 0)).content.decode()
    assert "The start:" in html and f'href="{url(game, 1)}"' in html and f'href="{url(game, -1)}"' not in html
    move = Move.objects.filter(game=game, kind=Move.Kind.MOVE).order_by("seq")[4]
    html = client.get(url(game, 5)).content.decode()
    mover = Seat.objects.get(game=game, position=move.position).name
    assert re.search(rf"<strong>Move 5, {re.escape(mover)}:</strong>", html)
    assert "Player 1" not in html.split('id="replay-move"')[1].split("</p>")[0]


def test_htmx_gets_the_step_alone_and_a_history_restore_the_whole_page(client, trio):
    game = played(trio, "ogallala", moves=6)
    client.force_login(trio[1])
    part = client.get(url(game, 3), headers={"HX-Request": "true"}).content.decode()
    assert part.startswith('<section id="replay"') and "<html" not in part and "Step 3 of 6" in part
    # the sentence for the page's status region, out of band, naming the mover
    status = re.search(r'<p id="replay-status" hx-swap-oob="innerHTML">(.*?)</p>', part, re.S).group(1)
    mover = Seat.objects.get(game=game, position=replay.steps(game)[2][1]).name
    assert status.startswith(f"Step 3 of 6. Move 3, {mover}: ") and "<" not in status
    assert "replay-status" not in client.get(url(game, 3)).content.decode().split("</section>")[-1]
    whole = client.get(url(game, 3), headers={"HX-Request": "true", "HX-History-Restore-Request": "true"})
    assert "<html" in whole.content.decode()


def test_the_game_page_and_the_log_link_the_replay(client, trio):
    game = played(trio, "ogallala", moves=3)
    client.force_login(trio[0])
    assert f'href="{url(game)}"' in client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert f'href="{url(game)}"' in client.get(reverse("games:log", args=[game.pk])).content.decode()


@pytest.mark.parametrize("raw", ["abc", "-1", "1.5", "", " ", "9" * 101, "١", "0x1", "%00", "1e3"])
def test_a_step_that_is_not_a_whole_number_redirects_with_a_sentence(client, trio, raw):
    game = played(trio, "ogallala", moves=4)
    client.force_login(trio[0])
    response = client.get(url(game), {"step": raw})
    if raw.strip() == "":
        assert response.status_code in (200, 302)
        return
    assert response.status_code == 302 and response["Location"] == url(game)
    page = client.get(response["Location"]).content.decode()
    assert "The step must be a whole number" in page and "Step 4 of 4" in page


def test_a_step_past_the_last_goes_to_the_last_saying_so(client, trio):
    game = played(trio, "ogallala", moves=4)
    client.force_login(trio[0])
    for step in (5, 5000, "9" * 40):
        response = client.get(url(game, step))
        assert response.status_code == 302 and response["Location"] == url(game, 4)
        assert f"There is no step {step}:" in client.get(response["Location"]).content.decode()


def test_the_api_refuses_a_step_outside_the_game_with_a_code(api_for, trio):
    game = played(trio, "ogallala", moves=4)
    api = api_for(trio[0])
    response = api.get(api_url(game, 5))
    assert response.status_code == 404
    assert response.json() == {
        "code": "NOT_FOUND",
        "message": "There is no step 5: this game's steps are 0 (the start) to 4.",
        "extra": {"total_steps": 4},
    }
    assert api.get(f"/api/games/{game.pk}/replay/abc/").status_code == 404
    assert api.get(api_url(game, 10**30)).status_code == 404
    data = api.get(api_url(game, 0)).json()
    assert data["step"] == 0 and data["move"] is None and data["seq"] == 0


def test_the_replay_is_in_the_openapi_schema(client):
    schema = client.get(reverse("schema")).content.decode()
    assert "/api/games/{id}/replay/{step}/" in schema or "/api/games/{pk}/replay/{step}/" in schema
    assert "games_replay_retrieve" in schema


def test_a_game_that_finishes_has_its_snapshots_written_after_the_commit(trio, django_capture_on_commit_callbacks):
    from games import events, tasks

    game = played(trio, "crayon-rails", options={"mode": "standard"}, moves=3 * N + 3)
    assert not Snapshot.objects.filter(game=game).exists()
    game.status = Game.Status.FINISHED  # as the move that ends it leaves it
    game.finished_at = game.started_at
    last = Move.objects.filter(game=game).order_by("-seq").first()
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        tasks.queue_automatic_turns(events.GameChanged(game=game, move=last, events=[], seats=[]))
    assert len(callbacks) == 1  # the writing of snapshots, and no bot turn for a game that is over
    effective = replay.effective_moves(game).count()
    assert sorted(Snapshot.objects.filter(game=game).values_list("seq", flat=True)) == [
        seq for i, seq in enumerate(replay.effective_moves(game).values_list("seq", flat=True), 1) if i % N == 0
    ]
    assert effective // N == 3


def test_a_change_to_a_game_in_play_writes_no_snapshots(trio, django_capture_on_commit_callbacks):
    from games import events, tasks

    game = played(trio, "crayon-rails", options={"mode": "standard"}, moves=N + 2)
    last = Move.objects.filter(game=game).order_by("-seq").first()
    with django_capture_on_commit_callbacks(execute=True):
        tasks.queue_automatic_turns(events.GameChanged(game=game, move=last, events=[], seats=[]))
    assert not Snapshot.objects.filter(game=game).exists()
