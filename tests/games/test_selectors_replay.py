"""games.selectors' replays: the state as of a version (the log as it stood then, moves undone later
included), the state replayed from the effective log, and the steps a replay plays."""

import copy

import pytest

from games import selectors, services
from games.models import Move
from tests.builders import play, seat_to_act, start_game

pytestmark = pytest.mark.django_db

HAND = {"hand_size": 3}  # the toy game's, short


@pytest.fixture
def played(make_user, toy_engine):
    """A toy duel with three moves played, the state after each kept by its version; then the
    last move undone by a moderator. Returns (game, {version: state}, the undo's seq)."""
    ann, bob, mod = make_user("ann"), make_user("bob"), make_user("mod", is_staff=True)
    game = start_game(ann, bob, options=HAND)
    states = {game.version: copy.deepcopy(game.state)}
    for _ in range(3):
        seat = seat_to_act(game)
        action = game.engine.legal_actions(game.state, seat.position)[0]
        result = play(game, seat, action)
        game.refresh_from_db()
        assert result.applied and result.version == game.version
        states[game.version] = copy.deepcopy(game.state)
    undo = services.game_undo(game=game, by=mod)
    game.refresh_from_db()
    assert len(set(map(repr, states.values()))) == 4  # each move changed the state
    return game, states, undo.seq


def test_the_state_as_of_each_version_is_the_state_then_an_undone_move_included(played):
    game, states, undo_seq = played
    last = max(states)
    for version, state in states.items():
        assert selectors.state_as_of(game, version) == state, version
    # from the undo on, the undone move is out of the log: the state is the one before it
    assert selectors.state_as_of(game, undo_seq) == states[last - 1] == game.state


def test_the_replayed_state_leaves_undone_moves_out_and_stops_where_asked(played):
    game, states, undo_seq = played
    last = max(states)
    assert selectors.replay_state(game) == game.state == states[last - 1]
    for version in sorted(states)[:-1]:
        assert selectors.replay_state(game, upto_seq=version) == states[version], version
    assert selectors.replay_state(game, upto_seq=last) == states[last - 1]  # its move was undone


def test_the_steps_are_the_moves_and_resignations_in_order_and_nothing_else(played, make_user):
    game, states, undo_seq = played
    services.game_resign(game=game, user=game.owner)
    out = game.moves.get(kind=Move.Kind.RESIGN)
    rows = game.moves.filter(kind=Move.Kind.MOVE).order_by("seq")
    expected = [(m.seq, (Move.Kind.MOVE, m.position, m.action)) for m in rows]
    expected.append((out.seq, (Move.Kind.RESIGN, out.position, out.action)))
    assert selectors.replay_steps(game.moves.order_by("-seq")) == expected
    assert len(expected) == 4 and game.moves.count() > 4  # the start and the undo are left out


def test_a_game_not_started_has_no_state_to_replay(make_user, toy_engine):
    game = services.game_create(owner=make_user("ann"), rules="toy-shed", options=HAND)
    assert selectors.replay_state(game) is None
    assert selectors.state_as_of(game, 0) is None


def test_a_seats_last_own_move_is_its_last_one_that_stands(played):
    game, states, undo_seq = played
    undone = game.moves.get(undone_by=undo_seq)
    for seat in game.seats.all():
        standing = game.moves.filter(position=seat.position, kind=Move.Kind.MOVE, undone_by__isnull=True)
        expected = max(standing.values_list("seq", flat=True), default=None)
        assert selectors.last_own_move(game, seat) == expected
    seat = game.seats.get(position=undone.position)
    assert selectors.last_own_move(game, seat) < undone.seq
    services.game_resign(game=game, user=seat.user)  # a resignation is no move of its own
    assert selectors.last_own_move(game, seat) < undone.seq
    assert selectors.last_own_move(game, None) is None


def test_no_seat_has_a_last_own_move_before_the_start(make_user, toy_engine):
    game = services.game_create(owner=make_user("ann"), rules="toy-shed", options=HAND)
    assert selectors.last_own_move(game, game.seats.get()) is None


def test_a_finished_game_verifies_from_its_seeds_and_log(played):
    game, states, undo_seq = played
    services.game_resign(game=game, user=game.owner)
    game.refresh_from_db()
    seats = {s.position: s for s in game.seats.select_related("user")}
    report = selectors.verify_game(game)
    checks = report.pop("checks")
    assert report == {
        "game": game.pk,
        "seed": game.seed,
        "seed_sha256": game.seed_sha256,
        "seed_matches_hash": True,
        "moves_replayed": 3,  # two moves that stand and the resignation
        "reproduces_snapshot": True,
        "seed_scheme": game.seed_scheme,
        "server_seed": game.server_seed,
        "server_seed_sha256": game.server_seed_sha256,
        "commitment_matches": True,
        "contributions": report["contributions"],
        "seed_recomputed": game.seed,
        "seating_recomputed": [
            {"position": p, "join_index": report["seating_recomputed"][p]["join_index"], "name": seats[p].name}
            for p in sorted(seats)
        ],
        "seating_matches": True,
        "ok": True,
        "problem": None,
    }
    assert sorted(c["join_index"] for c in report["contributions"]) == [0, 1]
    assert {c["name"] for c in report["contributions"]} == {"ann", "bob"}
    assert {(c["position"], c["name"]) for c in report["contributions"]} == {(p, s.name) for p, s in seats.items()}
    assert [r["join_index"] for r in report["seating_recomputed"]] != [None, None]
    assert checks and all(c["ok"] for c in checks)
    assert set(checks[0]) == {"name", "ok", "detail"}
    assert not any("Player " in c["detail"] for c in checks)
    game.state = {**game.state, "pile": ["forged"]}
    forged = selectors.verify_game(game)
    assert (forged["reproduces_snapshot"], forged["seed_matches_hash"]) == (False, True)
    game.seed = "another seed"
    forged = selectors.verify_game(game)
    assert (forged["reproduces_snapshot"], forged["seed_matches_hash"], forged["ok"]) == (False, False, False)


def test_a_verifiers_sentences_name_the_seats_players_and_a_file_it_cannot_read_is_the_problem(played, monkeypatch):
    from games.rules import verify

    game, states, undo_seq = played
    services.game_resign(game=game, user=game.owner)
    game.refresh_from_db()
    names = [game.seats.get(position=p).name for p in (0, 1)]
    real = verify.verify

    def naming(doc):  # an engine's refusal can name seats ("Player 2 must answer first")
        report = real(doc)
        report.add("replay", False, "Player 1 waits for Player 2; Player 3 is nobody.")
        return report

    monkeypatch.setattr(verify, "verify", naming)
    report = selectors.verify_game(game)
    assert report["checks"][-1] == {
        "name": "replay",
        "ok": False,
        "detail": f"{names[0]} waits for {names[1]}; Player 3 is nobody.",
    }
    assert report["ok"] is False

    def unreadable(doc):
        raise verify.BadFile("Unknown rules 'toy-shed': this verifier plays none by that name.")

    monkeypatch.setattr(verify, "verify", unreadable)
    report = selectors.verify_game(game)
    assert report["problem"] == "Unknown rules 'toy-shed': this verifier plays none by that name."
    assert (report["ok"], report["checks"], report["moves_replayed"], report["reproduces_snapshot"]) == (
        False,
        [],
        0,
        False,
    )
    assert (report["seed_recomputed"], report["seating_recomputed"], report["commitment_matches"]) == (None, [], None)
