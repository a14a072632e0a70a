"""Branches of the move pipeline, undo, deadlines and log redaction that a plausible bug would
slip through unnoticed: undoing several moves, moves by seats that left, what spectators read
of the log, and the deadlines of seats still to act after a move.

Besides the toy-shed engine, the toy engine module's "toy-twice" rules (tests/toy_engine.py) let
one seat decide twice in a row, every seat decide at once, and a move be secret with private
event parts for each seat.
"""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from core.errors import ErrorCode, GameError
from games import events, services
from games.models import Move, Seat
from notifications.models import Kind, Notification
from tests.builders import play, seat_at, start_game
from tests.toy_engine import TWICE
from tests.toy_engine import TWICE_WORD as WORD

pytestmark = pytest.mark.django_db
T0 = datetime(2030, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def twice_engine(serve_games):
    serve_games({TWICE.name: "tests.toy_engine:TWICE"})
    return TWICE


@pytest.fixture
def clock():
    with time_machine.travel(T0, tick=False) as traveller:
        yield traveller


def _turn_notices(seat):
    return Notification.objects.filter(seat=seat, kind__in=[Kind.YOUR_TURN, Kind.DECISION]).count()


# -- undo ---------------------------------------------------------------------------------------


@pytest.fixture
def shed(make_user, toy_engine):
    return start_game(make_user("ann"), make_user("bob"), rules="toy-shed", turn_hours=48, options={"hand_size": 4})


def _play_first_legal(game):
    game.refresh_from_db()
    pos = game.engine.to_act(game.state)[0]
    action = game.engine.legal_actions(game.state, pos)[-1]  # a draw: the deck's order matters on replay
    services.move_submit(
        game=game, seat=seat_at(game, pos), action=action, expected_version=game.version, channel=Move.Channel.WEB
    )
    game.refresh_from_db()
    return game.state


def test_undoing_two_moves_marks_exactly_those_two_and_replays_the_rest(shed, make_user):
    admin = make_user("mod", is_staff=True)
    after_first = _play_first_legal(shed)
    _play_first_legal(shed)
    _play_first_legal(shed)  # seqs 2, 3, 4
    undo = services.game_undo(game=shed, by=admin, count=2)
    shed.refresh_from_db()
    assert undo.seq == shed.version == 5
    assert undo.action == {"type": "undo", "moves": [4, 3]}
    assert dict(shed.moves.filter(kind=Move.Kind.MOVE).values_list("seq", "undone_by")) == {2: None, 3: 5, 4: 5}
    assert shed.state == after_first == services.replay_state(shed)
    acting = shed.engine.to_act(shed.state)
    assert [s.position for s in shed.seats.filter(deadline_at__isnull=False)] == acting


def test_undoing_three_moves_returns_to_the_dealt_position(shed, make_user):
    admin = make_user("mod", is_staff=True)
    dealt = shed.state
    for _ in range(3):
        _play_first_legal(shed)
    services.game_undo(game=shed, by=admin, count=3)
    shed.refresh_from_db()
    assert shed.state == dealt
    assert not shed.moves.filter(kind=Move.Kind.MOVE, undone_by__isnull=True).exists()


def test_a_second_undo_takes_the_move_before_the_one_already_undone(shed, make_user):
    admin = make_user("mod", is_staff=True)
    dealt = shed.state
    after_first = _play_first_legal(shed)
    _play_first_legal(shed)
    first = services.game_undo(game=shed, by=admin, count=1)
    shed.refresh_from_db()
    assert shed.state == after_first
    second = services.game_undo(game=shed, by=admin, count=1)
    shed.refresh_from_db()
    assert shed.state == dealt
    assert dict(shed.moves.filter(kind=Move.Kind.MOVE).values_list("seq", "undone_by")) == {2: second.seq, 3: first.seq}
    with pytest.raises(GameError) as exc:
        services.game_undo(game=shed, by=admin, count=1)
    assert exc.value.code == ErrorCode.NOTHING_TO_UNDO


def test_undo_of_zero_moves_is_refused_and_changes_nothing(shed, make_user):
    _play_first_legal(shed)
    with pytest.raises(GameError) as exc:
        services.game_undo(game=shed, by=make_user("mod", is_staff=True), count=0)
    assert exc.value.code == ErrorCode.NOTHING_TO_UNDO
    assert shed.moves.count() == 2 and not shed.moves.filter(undone_by__isnull=False).exists()


# -- moves by seats that left -------------------------------------------------------------------


@pytest.fixture
def trio(make_user, api_for, twice_engine):
    people = [make_user("ann"), make_user("bob"), make_user("cy")]
    game = start_game(*people, rules="toy-twice", turn_hours=48)
    return game, people, [api_for(p) for p in people]


def _snapshot(game):
    game.refresh_from_db()
    return (
        game.version,
        game.state,
        game.moves.count(),
        list(game.seats.order_by("pk").values_list("deadline_at", "missed_deadlines")),
    )


def test_a_resigned_player_cannot_move_through_the_api(trio):
    game, people, apis = trio
    play(game, 0, {"type": "all"})  # every seat must decide, so the resigned one still would be asked
    game.refresh_from_db()
    quitter = seat_at(game, 1)
    services.game_resign(game=game, user=quitter.user)
    game.refresh_from_db()
    game.state["to_act"] = [0, 1, 2]  # as if the engine kept the seat's pending decision
    game.save(update_fields=["state"])
    before = _snapshot(game)
    api = apis[people.index(quitter.user)]
    resp = api.post(f"/api/games/{game.pk}/moves/", {"action": {"type": "pass"}}, format="json")
    assert resp.status_code == 403, resp.content
    assert (resp.json()["code"], resp.json()["message"]) == ("NOT_A_PLAYER", "You have left this game.")
    assert _snapshot(game) == before


def test_a_dropped_player_cannot_move_through_the_api(trio):
    game, people, apis = trio
    dropped = seat_at(game, 0)  # the seat to act
    Seat.objects.filter(pk=dropped.pk).update(status=Seat.Status.DROPPED)
    before = _snapshot(game)
    api = apis[people.index(dropped.user)]
    resp = api.post(f"/api/games/{game.pk}/moves/", {"action": {"type": "pass"}}, format="json")
    assert resp.status_code == 403, resp.content
    assert resp.json()["code"] == "NOT_A_PLAYER"
    assert _snapshot(game) == before


# -- what the log shows whom --------------------------------------------------------------------


@pytest.fixture
def hidden(make_user, api_for, twice_engine):
    """A public game where seat 0 hid a word: its event has a private part for each seat."""
    people = [make_user("ann"), make_user("bob")]
    game = start_game(*people, rules="toy-twice", turn_hours=48)
    play(game, 0, {"type": "hide", "word": WORD})
    game.refresh_from_db()
    return game


def _hide_entry(log):
    return next(e for e in log if e["kind"] == "move" and e["action"]["type"] == "hide")


def _assert_sees_no_secret(body: str):
    assert WORD not in body
    assert "secret-for-" not in body


def test_an_anonymous_spectator_of_the_page_reads_no_private_part_and_no_secret_action(hidden, client):
    page = client.get(f"/games/{hidden.pk}/")
    assert page.status_code == 200
    assert "hid something" in page.content.decode()
    _assert_sees_no_secret(page.content.decode())


def test_a_logged_in_non_player_reads_no_private_part_and_no_secret_action(hidden, client, make_user, api_for):
    stranger = make_user("eve")
    api = api_for(stranger)
    moves = api.get(f"/api/games/{hidden.pk}/moves/")
    assert moves.status_code == 200, moves.content
    entry = _hide_entry(moves.json())
    assert entry["action"] == {"type": "hide"}
    assert [set(e) for e in entry["events"]] == [{"type", "seat", "public"}]
    _assert_sees_no_secret(moves.content.decode())
    detail = api.get(f"/api/games/{hidden.pk}/")
    assert detail.status_code == 200 and detail.json()["my_seat"] is None
    _assert_sees_no_secret(detail.content.decode())
    client.force_login(stranger)
    page = client.get(f"/games/{hidden.pk}/")
    assert page.status_code == 200 and "hid something" in page.content.decode()
    _assert_sees_no_secret(page.content.decode())


def test_each_player_reads_their_own_private_part_and_no_one_elses(hidden, api_for, client):
    hider, other = seat_at(hidden, 0), seat_at(hidden, 1)
    mine = _hide_entry(api_for(hider.user).get(f"/api/games/{hidden.pk}/moves/").json())
    assert mine["action"] == {"type": "hide", "word": WORD}
    assert [e.get("private") for e in mine["events"]] == [{"text": f"You hid the {WORD}."}]
    resp = api_for(other.user).get(f"/api/games/{hidden.pk}/moves/")
    theirs = _hide_entry(resp.json())
    assert theirs["action"] == {"type": "hide"}
    assert [e.get("private") for e in theirs["events"]] == [{"text": "secret-for-1"}]
    assert WORD not in resp.content.decode() and "secret-for-0" not in resp.content.decode()
    client.force_login(other.user)
    page = client.get(f"/games/{hidden.pk}/").content.decode()
    # (its own menu offers to hide the word too: the hider's private text is what must not show)
    assert "secret-for-1" in page and f"You hid the {WORD}" not in page and "secret-for-0" not in page


# -- deadlines of seats still to act ------------------------------------------------------------


@pytest.fixture
def duo(make_user, twice_engine, clock):
    return start_game(make_user("ann"), make_user("bob"), rules="toy-twice", turn_hours=48)


def test_a_seat_still_to_act_after_another_seats_move_keeps_its_deadline_and_gets_no_new_notice(duo, clock):
    clock.move_to(T0 + timedelta(hours=1))
    play(duo, 0, {"type": "all"})  # seat 1 newly decides; seat 0 still does
    first, waiting = seat_at(duo, 0), seat_at(duo, 1)
    assert waiting.deadline_at == T0 + timedelta(hours=1 + 48)  # a fresh deadline for a new decision
    Seat.objects.filter(pk=waiting.pk).update(reminder_sent_for=duo.version)
    notices = _turn_notices(waiting)
    assert notices == 1
    clock.move_to(T0 + timedelta(hours=5))
    play(duo, 0, {"type": "pass"})  # seat 1's decision is the same one it already had
    waiting.refresh_from_db()
    first.refresh_from_db()
    assert waiting.deadline_at == T0 + timedelta(hours=1 + 48)
    assert waiting.reminder_sent_for is not None  # its reminder went; it must not go twice
    assert first.deadline_at is None
    assert _turn_notices(waiting) == notices


def test_a_seat_still_to_act_after_its_own_move_gets_a_deadline_for_its_next_decision(duo, clock):
    mover = seat_at(duo, 0)
    assert mover.deadline_at == T0 + timedelta(hours=48)
    notices = _turn_notices(mover)
    clock.move_to(T0 + timedelta(hours=5))
    play(duo, 0, {"type": "again"})
    mover.refresh_from_db()
    assert mover.deadline_at == T0 + timedelta(hours=5 + 48)
    assert mover.reminder_sent_for is None
    assert _turn_notices(mover) == notices  # it is looking at the game: no email for it
    assert seat_at(duo, 1).deadline_at is None


def test_a_seat_newly_to_act_gets_a_fresh_deadline_and_its_notice(duo, clock):
    clock.move_to(T0 + timedelta(hours=7))
    nxt = seat_at(duo, 1)
    play(duo, 0, {"type": "pass"})
    nxt.refresh_from_db()
    assert nxt.deadline_at == T0 + timedelta(hours=7 + 48)
    assert _turn_notices(nxt) == 1
    assert seat_at(duo, 0).deadline_at is None


def test_resigning_keeps_the_deadline_of_a_seat_already_deciding(make_user, twice_engine, clock):
    game = start_game(make_user("ann"), make_user("bob"), make_user("cy"), rules="toy-twice", turn_hours=48)
    clock.move_to(T0 + timedelta(hours=2))
    play(game, 0, {"type": "all"})
    clock.move_to(T0 + timedelta(hours=9))
    services.game_resign(game=game, user=seat_at(game, 1).user)
    assert seat_at(game, 0).deadline_at == T0 + timedelta(hours=2 + 48)
    assert seat_at(game, 2).deadline_at == T0 + timedelta(hours=2 + 48)
    assert seat_at(game, 1).deadline_at is None


# -- the move itself, called directly -----------------------------------------------------------


def _to_act(game):
    game.refresh_from_db()
    return seat_at(game, game.engine.to_act(game.state)[0])


def test_a_move_is_logged_as_it_came_announced_and_answered_as_applied(shed, announced):
    seat = _to_act(shed)
    action = shed.engine.legal_actions(shed.state, seat.position)[-1]
    version = shed.version
    result = services.move_submit(
        game=shed,
        seat=seat,
        action=action,
        expected_version=version,
        channel=Move.Channel.API,
        idempotency_key="k1",
        actor=seat.user,
    )
    move = Move.objects.get(game=shed, seq=version + 1)
    assert (result.move.pk, result.version, result.applied, result.events) == (move.pk, version + 1, True, move.events)
    assert move.events and (move.kind, move.channel, move.actor, move.seat, move.position, move.action) == (
        Move.Kind.MOVE,
        Move.Channel.API,
        seat.user,
        seat,
        seat.position,
        action,
    )
    assert (move.idempotency_key, move.request_hash) == ("k1", services._request_hash(seat.position, action, version))
    (change,) = [m for m in announced if isinstance(m, events.GameChanged)]
    nxt = _to_act(shed)
    assert (change.game.pk, change.move.pk, change.events) == (shed.pk, move.pk, move.events)
    assert [s.pk for s in change.deciding] == [nxt.pk]
    assert sorted(s.pk for s in change.seats) == sorted(shed.seats.values_list("pk", flat=True))
    assert nxt.deadline_at is not None
    again = services.move_submit(
        game=shed,
        seat=nxt,
        action=shed.engine.legal_actions(shed.state, nxt.position)[-1],
        expected_version=None,  # no version: taken as it is
        channel=Move.Channel.WEB,
    )
    assert (again.move.idempotency_key, again.move.request_hash, again.version) == (None, "", version + 2)


def _refused(game, seat, action, expected_version, channel=Move.Channel.WEB):
    game.refresh_from_db()
    before = (game.version, game.moves.count())
    with pytest.raises(GameError) as caught:
        services.move_submit(game=game, seat=seat, action=action, expected_version=expected_version, channel=channel)
    game.refresh_from_db()
    assert (game.version, game.moves.count()) == before
    return caught.value.code, caught.value.message, caught.value.extra


def test_each_refusal_of_a_move_says_why_with_its_details(shed):
    seat = _to_act(shed)
    other = shed.seats.exclude(pk=seat.pk).get()
    v = shed.version
    draw = {"type": "draw"}
    assert _refused(shed, seat, draw, v - 1) == (
        ErrorCode.STALE_VERSION,
        "The game has moved on since you looked: reload and choose again.",
        {"current_version": v, "expected_version": v - 1},
    )
    assert _refused(shed, other, draw, v) == (
        ErrorCode.NOT_YOUR_TURN,
        "It is not your turn.",
        {"to_act": [seat.position]},
    )
    malformed = 'A move must be an object with a \'type\', e.g. {"type": "scout"}.'
    for action in ("draw", {"type": 3}, {"card": "c1"}):
        assert _refused(shed, seat, action, v) == (ErrorCode.MALFORMED_ACTION, malformed, {})


def test_an_engines_refusal_names_the_seats_and_keeps_a_malformed_moves_code(shed, monkeypatch):
    from games.rules import IllegalAction

    seat = _to_act(shed)
    names = [seat_at(shed, p).name for p in (0, 1)]
    engine = shed.engine
    monkeypatch.setattr(engine, "explain_illegal", lambda *args: "Player 1 and Player 2 cannot do that.")
    assert _refused(shed, seat, {"type": "play", "card": "none"}, None) == (
        ErrorCode.ILLEGAL_ACTION,
        f"{names[0]} and {names[1]} cannot do that.",
        {},
    )

    def unreadable(*args):
        raise IllegalAction("Player 2 wrote a move nobody reads.", code="MALFORMED_ACTION")

    monkeypatch.setattr(engine, "accepts", unreadable)
    assert _refused(shed, seat, {"type": "draw"}, None) == (
        ErrorCode.MALFORMED_ACTION,
        f"{names[1]} wrote a move nobody reads.",
        {},
    )


def test_a_bot_seat_is_played_by_the_bots_channel_and_refused_to_a_players(make_user, toy_engine):
    game = start_game(make_user("ann"), bots=1, options={"hand_size": 4})
    bot = Seat.objects.get(game=game, is_bot=True)
    if _to_act(game).pk != bot.pk:
        _play_first_legal(game)
    action = game.engine.legal_actions(game.state, bot.position)[-1]
    for channel in (Move.Channel.WEB, Move.Channel.API, Move.Channel.EMAIL):
        assert _refused(game, bot, action, game.version, channel) == (
            ErrorCode.NOT_A_PLAYER,
            "A bot plays this seat.",
            {},
        )
    result = services.move_submit(
        game=game, seat=bot, action=action, expected_version=game.version, channel=Move.Channel.BOT
    )
    assert result.applied and result.move.channel == Move.Channel.BOT


def test_a_timeout_counts_a_missed_deadline_and_the_players_own_move_ends_the_run(shed, announced):
    from django.utils import timezone

    late = _to_act(shed)
    Seat.objects.filter(pk=late.pk).update(missed_deadlines=1)
    type(late.user).objects.filter(pk=late.user_id).update(seems_away_since=timezone.now())
    timed_out = _play_first_legal_as(shed, Move.Channel.TIMEOUT)
    assert timed_out == late.pk and Seat.objects.get(pk=late.pk).missed_deadlines == 2
    _play_first_legal_as(shed, Move.Channel.BOT)  # the other seat's, by no player: counts nothing
    announced.clear()
    assert _play_first_legal_as(shed, Move.Channel.EMAIL) == late.pk
    assert Seat.objects.get(pk=late.pk).missed_deadlines == 0
    assert type(late.user).objects.get(pk=late.user_id).seems_away_since is None
    (change,) = [m for m in announced if isinstance(m, events.GameChanged)]
    assert [s.user.seems_away_since for s in change.seats if s.pk == late.pk] == [None]


def _play_first_legal_as(game, channel):
    """The seat to act plays its last legal action through `channel`; returns the seat's pk."""
    seat = _to_act(game)
    action = game.engine.legal_actions(game.state, seat.position)[-1]
    actor = seat.user if channel in services.PLAYER_CHANNELS else None
    services.move_submit(
        game=game, seat=seat, action=action, expected_version=game.version, channel=channel, actor=actor
    )
    return seat.pk
