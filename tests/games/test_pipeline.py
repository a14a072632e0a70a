"""The move pipeline (games.services.move_submit) and the lobby services, on each database."""

import pytest

from core.errors import ErrorCode, GameError
from games import selectors, services
from games.models import Game, Move, Seat
from games.rules.base import IllegalAction, seat_label
from tests.builders import lobby_game, seat_to_act, start_game
from tests.toy_engine import SHED

pytestmark = pytest.mark.django_db


@pytest.fixture
def started(make_user, toy_engine):
    return start_game(make_user("ann"), make_user("bob"))


def _idle_seat(game):
    pos = game.engine.to_act(game.state)[0]
    return game.seats.exclude(position=pos).first()


def test_start_orders_seats_deals_and_publishes_only_the_seed_hash(started):
    assert started.status == Game.Status.ACTIVE
    assert sorted(started.seats.values_list("position", flat=True)) == [0, 1]
    assert started.seed and started.seed_sha256 == Game.hash_seed(started.seed)
    assert started.revealed_seed is None
    assert len(started.state["hands"]) == 2


def test_a_legal_move_is_logged_snapshotted_and_bumps_the_version(started):
    seat = seat_to_act(started)
    action = started.engine.legal_actions(started.state, seat.position)[0]
    result = services.move_submit(
        game=started, seat=seat, action=action, expected_version=started.version, channel=Move.Channel.API
    )
    started.refresh_from_db()
    assert result.applied and result.version == started.version == 2
    move = started.moves.get(seq=2)
    assert move.action == action and move.position == seat.position and move.channel == "api"
    assert move.kind == Move.Kind.MOVE and move.seat_id == seat.pk and move.events == result.events != []
    assert move.note == ""  # a played move's log row says it with its events, not a note
    assert seat.position not in started.engine.to_act(started.state)


def test_stale_version_is_refused_and_changes_nothing(started):
    seat = seat_to_act(started)
    action = started.engine.legal_actions(started.state, seat.position)[0]
    with pytest.raises(GameError) as exc:
        services.move_submit(
            game=started, seat=seat, action=action, expected_version=started.version - 1, channel=Move.Channel.API
        )
    assert exc.value.code == ErrorCode.STALE_VERSION
    before = started.state
    started.refresh_from_db()
    assert started.version == 1 and started.state == before and started.moves.count() == 1


def test_not_your_turn(started):
    seat = _idle_seat(started)
    with pytest.raises(GameError) as exc:
        services.move_submit(
            game=started, seat=seat, action={"type": "draw"}, expected_version=None, channel=Move.Channel.WEB
        )
    assert exc.value.code == ErrorCode.NOT_YOUR_TURN


def test_illegal_action_is_refused_with_a_sentence(started):
    seat = seat_to_act(started)
    with pytest.raises(GameError) as exc:
        services.move_submit(
            game=started,
            seat=seat,
            action={"type": "play", "card": "nope"},
            expected_version=None,
            channel=Move.Channel.WEB,
        )
    assert exc.value.code == ErrorCode.ILLEGAL_ACTION
    assert exc.value.message.endswith(".")


def test_repeated_idempotency_key_returns_the_first_answer_and_applies_nothing(started):
    seat = seat_to_act(started)
    action = started.engine.legal_actions(started.state, seat.position)[0]
    first = services.move_submit(
        game=started, seat=seat, action=action, expected_version=1, channel=Move.Channel.API, idempotency_key="k-1"
    )
    again = services.move_submit(
        game=started, seat=seat, action=action, expected_version=1, channel=Move.Channel.API, idempotency_key="k-1"
    )
    assert first.applied is True and again.applied is False
    assert again.move.pk == first.move.pk and again.version == first.version
    assert again.events == first.events != []
    assert started.moves.filter(kind=Move.Kind.MOVE).count() == 1


def test_idempotency_key_reused_for_another_move_is_refused(started):
    seat = seat_to_act(started)
    legal = started.engine.legal_actions(started.state, seat.position)
    services.move_submit(
        game=started, seat=seat, action=legal[0], expected_version=1, channel=Move.Channel.API, idempotency_key="k-2"
    )
    with pytest.raises(GameError) as exc:
        services.move_submit(
            game=started,
            seat=seat,
            action=legal[1],
            expected_version=1,
            channel=Move.Channel.API,
            idempotency_key="k-2",
        )
    assert exc.value.code == ErrorCode.IDEMPOTENCY_KEY_REUSED


def test_paused_game_takes_no_moves_and_resume_restores_deadlines(started, make_user):
    admin = make_user("mod", is_staff=True)
    services.game_pause(game=started, by=admin)
    seat = seat_to_act(started)
    assert Seat.objects.get(pk=seat.pk).deadline_at is None
    with pytest.raises(GameError) as exc:
        services.move_submit(
            game=started, seat=seat, action={"type": "draw"}, expected_version=None, channel=Move.Channel.WEB
        )
    assert exc.value.code == ErrorCode.GAME_NOT_ACTIVE
    services.game_resume(game=started, by=admin)
    assert Seat.objects.get(pk=seat.pk).deadline_at is not None


def test_only_seats_to_act_have_deadlines(started):
    acting, idle = seat_to_act(started), _idle_seat(started)
    assert acting.deadline_at is not None and idle.deadline_at is None


def test_undo_replays_the_log_without_the_last_move_and_logs_itself(started, make_user):
    admin = make_user("mod", is_staff=True)
    state0 = started.state
    seat = seat_to_act(started)
    action = started.engine.legal_actions(state0, seat.position)[0]
    services.move_submit(game=started, seat=seat, action=action, expected_version=None, channel=Move.Channel.WEB)
    undo = services.game_undo(game=started, by=admin, count=1)
    started.refresh_from_db()
    assert started.state == state0
    assert undo.kind == Move.Kind.UNDO and started.moves.get(seq=2).undone_by == undo.seq
    assert started.version == 3


def test_undo_more_moves_than_exist_is_refused(started, make_user):
    with pytest.raises(GameError) as exc:
        services.game_undo(game=started, by=make_user(), count=5)
    assert exc.value.code == ErrorCode.NOTHING_TO_UNDO


def test_finishing_reveals_the_seed_and_replay_verifies(started):
    for _ in range(200):
        started.refresh_from_db()
        if started.status != Game.Status.ACTIVE:
            break
        seat = seat_to_act(started)
        legal = started.engine.legal_actions(started.state, seat.position)
        services.move_submit(
            game=started, seat=seat, action=legal[0], expected_version=started.version, channel=Move.Channel.WEB
        )
    started.refresh_from_db()
    assert started.status == Game.Status.FINISHED and started.result["winners"]
    assert started.finished_at is not None and started.version == started.moves.order_by("-seq").first().seq
    assert started.revealed_seed == started.seed
    report = selectors.verify_game(started)
    assert report["reproduces_snapshot"] and report["seed_matches_hash"]


def test_replace_seat_with_bot_and_bot_moves_through_the_pipeline(
    started, make_user, django_capture_on_commit_callbacks
):
    admin = make_user("mod", is_staff=True)
    seat = seat_to_act(started)
    with django_capture_on_commit_callbacks(execute=True):
        services.seat_replace(game=started, seat=seat, by=admin, bot=True)
    started.refresh_from_db()
    bot_moves = started.moves.filter(channel=Move.Channel.BOT)
    assert bot_moves.exists() and bot_moves.first().position == seat.position


def test_resign_takes_the_player_out_and_can_end_the_game(started):
    seat = _idle_seat(started)
    services.game_resign(game=started, user=seat.user)
    started.refresh_from_db()
    assert Seat.objects.get(pk=seat.pk).status == Seat.Status.RESIGNED
    assert started.status == Game.Status.FINISHED
    assert seat.position not in started.result["winners"]


def test_join_rules(make_user, toy_engine):
    owner = make_user()
    game = lobby_game(owner, max_players=2, is_open=False)
    with pytest.raises(GameError) as exc:
        services.game_join(game=game, user=make_user())
    assert exc.value.code == ErrorCode.INVALID_INVITE
    with pytest.raises(GameError) as exc:
        services.game_join(game=game, user=owner, code=game.invite_code)
    assert exc.value.code == ErrorCode.ALREADY_JOINED
    services.game_join(game=game, user=make_user(), code=game.invite_code)
    with pytest.raises(GameError) as exc:
        services.game_join(game=game, user=make_user(), code=game.invite_code)
    assert exc.value.code == ErrorCode.GAME_FULL


def test_start_needs_enough_players_and_the_owner(make_user, toy_engine):
    owner = make_user()
    game = lobby_game(owner, max_players=3)
    with pytest.raises(GameError) as exc:
        services.game_start(game=game, by=owner)
    assert exc.value.code == ErrorCode.NOT_ENOUGH_PLAYERS
    other = make_user()
    services.game_join(game=game, user=other)
    with pytest.raises(GameError) as exc:
        services.game_start(game=game, by=other)
    assert exc.value.code == ErrorCode.NOT_THE_OWNER


def test_bad_options_are_refused(make_user, toy_engine):
    with pytest.raises(GameError) as exc:
        services.game_create(owner=make_user(), rules="toy-shed", options={"hand_size": 99})
    assert exc.value.code == ErrorCode.BAD_OPTIONS
    with pytest.raises(GameError) as exc:
        services.game_create(owner=make_user(), rules="no-such-game")
    assert exc.value.code == ErrorCode.UNKNOWN_RULES


def test_the_lock_query_gives_the_game_seats_and_players_as_the_orm_would(started):
    from django.db import transaction

    from games.hotpath import lock_game_with_seats

    with transaction.atomic():
        locked = lock_game_with_seats(started.pk)
        game, seats = locked.game, locked.seats
    orm = Game.objects.get(pk=started.pk)
    assert game.state == orm.state and isinstance(game.state, dict)
    assert game.options == orm.options and game.version == orm.version
    assert game.started_at == orm.started_at and game.started_at.tzinfo is not None
    assert [s.pk for s in seats] == list(orm.seats.order_by("pk").values_list("pk", flat=True))
    for seat in seats:
        assert seat.game is game
        assert seat.deadline_at == Seat.objects.get(pk=seat.pk).deadline_at
        assert seat.user.email == seat.user.__class__.objects.get(pk=seat.user_id).email
        assert seat.user.public_name
    with pytest.raises(Game.DoesNotExist):
        with transaction.atomic():
            lock_game_with_seats(started.pk + 10_000)


def test_deadlines_are_written_for_the_seat_to_act_and_cleared_for_the_rest(started):
    acting, idle = seat_to_act(started), _idle_seat(started)
    assert acting.deadline_at is not None and idle.deadline_at is None
    services.move_submit(
        game=started,
        seat=acting,
        action=started.engine.legal_actions(started.state, acting.position)[-1],
        expected_version=started.version,
        channel="web",
    )
    started.refresh_from_db()
    now_acting = seat_to_act(started)
    for seat in started.seats.all():
        assert (seat.deadline_at is not None) == (seat.pk == now_acting.pk)
        assert seat.reminder_sent_for is None


@pytest.fixture
def hand_written(settings):
    """The hand-written path, whatever TRAILPOST_SQL_HOTPATH says."""
    settings.TRAILPOST = {**settings.TRAILPOST, "SQL_HOTPATH": True}


@pytest.mark.postgresql(reason="psycopg's pipeline is the hand-written path's")
def test_held_inserts_get_their_ids_when_they_are_sent_and_a_failed_one_rolls_back(started, hand_written):
    from django.db import IntegrityError, transaction

    from games.hotpath import insert_rows, pipeline

    last = started.moves.order_by("-seq").first()

    def row(seq):
        return Move(game=started, seq=seq, kind=Move.Kind.ADMIN, channel=Move.Channel.ADMIN, action={}, note="t")

    a, b = row(last.seq + 1), row(last.seq + 2)
    with transaction.atomic():
        with pipeline():
            insert_rows([a, b])
            assert a.pk is None  # held: sent when the block ends
        assert a.pk and b.pk == a.pk + 1
    assert list(started.moves.filter(note="t").order_by("seq").values_list("pk", flat=True)) == [a.pk, b.pk]
    # A statement that fails inside the block raises by its end, and the transaction rolls back.
    c, dup = row(last.seq + 3), row(last.seq + 1)
    with pytest.raises(IntegrityError), transaction.atomic():
        with pipeline():
            insert_rows([c])
            insert_rows([dup])  # the (game, seq) of an existing row
    assert c.pk is None
    assert not started.moves.filter(seq=last.seq + 3).exists()


@pytest.mark.postgresql(reason="the hand-written form runs on PostgreSQL only")
def test_code_inside_a_pipeline_block_reads_and_counts_the_held_writes_and_a_savepoint_takes_them_back(
    started, hand_written
):
    """What pipeline() holds goes before any other statement: a read sees it, an ORM save counts
    its row as anywhere (a save that matched no row would raise), and a savepoint's rollback takes
    back what was held since the savepoint."""
    from django.db import transaction

    from games.hotpath import pipeline, update_fields

    seat = started.seats.first()
    with transaction.atomic(), pipeline():
        started.title = "held"
        update_fields(started, ["title"])
        assert Game.objects.get(pk=started.pk).title == "held"
        seat.missed_deadlines = 2
        seat.save(update_fields=["missed_deadlines"])
        with pytest.raises(RuntimeError), transaction.atomic():
            started.title = "taken back"
            update_fields(started, ["title"])
            raise RuntimeError
    assert Game.objects.get(pk=started.pk).title == "held"
    assert Seat.objects.get(pk=seat.pk).missed_deadlines == 2


@pytest.mark.postgresql(reason="psycopg's pipeline is the hand-written path's")
def test_many_rows_are_inserted_row_by_row_in_the_pipeline_each_getting_its_own_id(started, hand_written):
    """Past psycopg's 50 cached parameters (4 moves of 14 columns) the rows go as one prepared
    single-row INSERT per row; every object must still get the id of its own row, and a failing
    row must still roll the whole transaction back."""
    from django.db import IntegrityError, transaction

    from games.hotpath import insert_rows, pipeline

    last = started.moves.order_by("-seq").first().seq

    def rows(seqs, note):
        return [
            Move(game=started, seq=s, kind=Move.Kind.ADMIN, channel=Move.Channel.ADMIN, action={"n": s}, note=note)
            for s in seqs
        ]

    held = rows([last + 3, last + 1, last + 5, last + 2, last + 4, last + 6], "held")
    with transaction.atomic():
        with pipeline():
            insert_rows(held)
            assert all(m.pk is None for m in held)
    direct = rows([last + 8, last + 7, last + 9, last + 10], "direct")
    with transaction.atomic():
        insert_rows(direct)  # no pipeline around: the rows go at once
    for move in held + direct:
        assert move.pk and not move._state.adding
        assert Move.objects.get(pk=move.pk).seq == move.seq == move.action["n"]
    assert len({m.pk for m in held + direct}) == 10
    # One duplicate among many: nothing of the batch stays.
    batch = rows([last + 11, last + 12, last + 1, last + 13], "bad")
    with pytest.raises(IntegrityError), transaction.atomic():
        with pipeline():
            insert_rows(batch)
    assert not started.moves.filter(note="bad").exists()
    with pytest.raises(IntegrityError), transaction.atomic():
        insert_rows(rows([last + 14, last + 2, last + 15, last + 16], "bad"))
    assert not started.moves.filter(note="bad").exists()


@pytest.mark.postgresql(reason="the hand-written form runs on PostgreSQL only; elsewhere the ORM's is the only one")
def test_both_forms_of_the_hot_path_write_the_same_rows(make_user, toy_engine, settings):
    """games/hotpath.py's hand-written statements and the ORM's way (TRAILPOST_SQL_HOTPATH=0) are
    two forms of one thing: the same moves leave the same log, state, deadlines and notices."""
    from notifications.models import Notification

    def play(hand_written):
        settings.TRAILPOST = {**settings.TRAILPOST, "SQL_HOTPATH": hand_written}
        owner, guest = make_user(), make_user()
        game = start_game(owner, guest)
        Game.objects.filter(pk=game.pk).update(state=toy_engine.new_state(game.options, 2, "same seed"))
        for _ in range(8):
            game.refresh_from_db()
            if game.status != Game.Status.ACTIVE:
                break
            pos = game.engine.to_act(game.state)[0]
            seat = game.seats.get(position=pos)
            services.move_submit(
                game=game,
                seat=seat,
                action=game.engine.legal_actions(game.state, pos)[0],
                expected_version=game.version,
                channel=Move.Channel.API,
                idempotency_key=f"k{_}",
            )
        game.refresh_from_db()
        return (
            game.state,
            game.version,
            game.status,
            list(
                game.moves.filter(seq__gt=1)
                .order_by("seq")
                .values_list("seq", "position", "action", "events", "channel", "idempotency_key")
            ),
            [(s.position, s.deadline_at is None, s.missed_deadlines) for s in game.seats.order_by("position")],
            sorted(
                Notification.objects.filter(game=game)
                .exclude(version=1)  # the seats' order is the draw's
                .values_list("version", "kind", "seat__position", "delivery")
            ),
        )

    assert play(True) == play(False)


@pytest.mark.parametrize("sql_hotpath", [True, False], ids=["hand-written", "orm"])
def test_an_idempotency_key_is_its_senders_own(started, settings, sql_hotpath):
    """#30: Carol's move with a key Bob used is a move of its own (it was refused as the key
    reused); Bob's key still answers Bob's repeat with his first move, and refuses another move of
    his. On SQLite both ids take the ORM's way."""
    settings.TRAILPOST = {**settings.TRAILPOST, "SQL_HOTPATH": sql_hotpath}

    def acting():
        started.refresh_from_db()
        return seat_to_act(started).user

    def submit(actor, action):
        return services.move_submit(
            game=started,
            seat=None,
            action=action,
            expected_version=None,
            channel=Move.Channel.API,
            idempotency_key="same-key",
            actor=actor,
        )

    bob = acting()
    first = submit(bob, {"type": "draw"})
    carol = acting()
    assert carol != bob
    carols = submit(carol, {"type": "draw"})  # the same key and the same body, from the other player
    assert carols.applied and carols.move.pk != first.move.pk and carols.move.actor_id == carol.pk
    again = submit(bob, {"type": "draw"})
    assert not again.applied and again.move.pk == first.move.pk
    with pytest.raises(GameError) as exc:
        submit(bob, {"type": "play", "card": "c0"})
    assert exc.value.code == ErrorCode.IDEMPOTENCY_KEY_REUSED
    assert list(started.moves.filter(kind=Move.Kind.MOVE).values_list("actor_id", flat=True)) == [bob.pk, carol.pk]


def test_the_database_holds_a_key_unique_per_game_and_sender(started):
    """The constraint itself: the same key may be Bob's and Carol's, never Bob's twice."""
    from django.db import IntegrityError, transaction

    bob, carol = (s.user for s in started.seats.order_by("position"))
    last = started.moves.order_by("-seq").first().seq

    def row(seq, actor):
        return Move(
            game=started, seq=seq, channel=Move.Channel.API, actor=actor, idempotency_key="k", action={"type": "x"}
        )

    Move.objects.bulk_create([row(last + 1, bob), row(last + 2, carol)])
    with pytest.raises(IntegrityError), transaction.atomic():
        row(last + 3, bob).save()
    assert started.moves.filter(idempotency_key="k").count() == 2


def test_a_retry_with_the_same_key_is_the_same_move_whatever_the_order_of_its_fields(started):
    """A client may send the same JSON object with its fields in another order: still the same move."""
    seat = seat_to_act(started)
    card = started.state["hands"][seat.position][0]

    def submit(action):
        return services.move_submit(
            game=started, seat=seat, action=action, expected_version=1, channel=Move.Channel.API, idempotency_key="k-3"
        )

    first = submit({"type": "play", "card": card})
    again = submit({"card": card, "type": "play"})
    assert first.applied and not again.applied and again.move.pk == first.move.pk


def test_an_outsiders_move_is_refused_as_not_theirs_or_as_no_such_game_when_they_cannot_see_it(started, make_user):
    """With no seat given, the actor's own seat plays; an outsider learns only what the game's
    pages would tell them: a public game exists (they do not play in it), a private one does not."""
    outsider = make_user("eve")

    def submit():
        return services.move_submit(
            game=started, seat=None, action={"type": "draw"}, expected_version=None, channel="api", actor=outsider
        )

    with pytest.raises(GameError) as exc:
        submit()
    assert exc.value.code == ErrorCode.NOT_A_PLAYER and exc.value.message == "You are not playing in this game."
    Game.objects.filter(pk=started.pk).update(visibility=Game.Visibility.PRIVATE)
    with pytest.raises(GameError) as exc:
        submit()
    assert exc.value.code == ErrorCode.NOT_FOUND and exc.value.message == "There is no such game."
    started.former_players.add(outsider)  # a player who lost their seat may still see the game
    with pytest.raises(GameError) as exc:
        submit()
    assert exc.value.code == ErrorCode.NOT_A_PLAYER
    with pytest.raises(GameError) as exc:  # and anyone for a game that does not exist
        services.move_submit(
            game=started.pk + 10_000, seat=None, action={"type": "draw"}, expected_version=None, channel="api"
        )
    assert exc.value.code == ErrorCode.NOT_FOUND and exc.value.message == "There is no such game."
    assert started.moves.count() == 1


def test_a_move_under_the_callers_lock_updates_what_it_locked_in_place(started):
    """The sweep passes the game and seats it locked: the move updates them, so its next move of
    the same game reads the new version and state without reading the game again."""
    from django.db import transaction

    from games.hotpath import lock_game_with_seats

    seat = seat_to_act(started)
    with transaction.atomic():
        locked = lock_game_with_seats(started.pk)
        result = services.move_submit(
            game=started.pk,
            seat=seat,
            action={"type": "draw"},
            expected_version=1,
            channel=Move.Channel.TIMEOUT,
            locked=locked,
        )
    started.refresh_from_db()
    assert result.applied and locked.game.version == started.version == 2
    assert locked.game.state == started.state
    mine = next(s for s in locked.seats if s.pk == seat.pk)
    assert mine.missed_deadlines == 1 == Seat.objects.get(pk=seat.pk).missed_deadlines


def test_a_refused_move_with_a_key_under_the_callers_lock_leaves_the_callers_transaction_usable(started):
    """A move with an idempotency key takes a savepoint even under the caller's lock: its refusal
    is taken back alone, and the caller's transaction goes on."""
    from django.db import transaction

    from games.hotpath import lock_game_with_seats

    idle = _idle_seat(started)
    with transaction.atomic():
        locked = lock_game_with_seats(started.pk)
        with pytest.raises(GameError) as exc:
            services.move_submit(
                game=started.pk,
                seat=idle,
                action={"type": "draw"},
                expected_version=None,
                channel=Move.Channel.API,
                idempotency_key="k-4",
                locked=locked,
            )
        assert exc.value.code == ErrorCode.NOT_YOUR_TURN
        assert Game.objects.filter(pk=started.pk).count() == 1  # the transaction still answers


def test_a_log_note_longer_than_its_field_is_cut_to_fit(started, make_user):
    """A note names players (up to 150 characters each): the log keeps its first 200 characters."""
    seat = _idle_seat(started)
    long_note = "".join(f"{i} missed 3 deadlines in a row and a bot takes the seat. " for i in range(5))
    services.seat_replace(
        game=started,
        seat=seat,
        by=make_user("mod", is_staff=True),
        bot=True,
        channel=Move.Channel.TIMEOUT,
        note=lambda old, new: long_note,
    )
    move = started.moves.order_by("-seq").first()
    assert move.kind == Move.Kind.ADMIN and move.note == long_note[:200]


def _refusal(game, seat, action, **kw):
    with pytest.raises(GameError) as exc:
        services.move_submit(game=game, seat=seat, action=action, channel=kw.pop("channel", Move.Channel.API), **kw)
    return exc.value.code, exc.value.message, exc.value.extra


def test_each_refused_move_says_why_in_a_sentence_with_its_details(started, make_user):
    """What a refused move tells its sender, check by check in the pipeline's order; none changes the game."""
    acting, idle = seat_to_act(started), _idle_seat(started)
    other = start_game(make_user("cy"), make_user("di"))
    draw = {"type": "draw"}
    assert _refusal(started, seat_to_act(other), draw, expected_version=None) == (
        ErrorCode.NOT_A_PLAYER,
        "You are not playing in this game.",
        {},
    )
    assert _refusal(started, idle, draw, expected_version=None) == (
        ErrorCode.NOT_YOUR_TURN,
        "It is not your turn.",
        {"to_act": [acting.position]},
    )
    assert _refusal(started, acting, draw, expected_version=0) == (
        ErrorCode.STALE_VERSION,
        "The game has moved on since you looked: reload and choose again.",
        {"current_version": 1, "expected_version": 0},
    )
    for malformed in (["draw"], {"type": 7}, {"card": "c1"}):
        assert _refusal(started, acting, malformed, expected_version=1) == (
            ErrorCode.MALFORMED_ACTION,
            'A move must be an object with a \'type\', e.g. {"type": "scout"}.',
            {},
        )
    assert _refusal(started, acting, {"type": "play", "card": "nope"}, expected_version=1) == (
        ErrorCode.ILLEGAL_ACTION,
        "That move is not allowed now.",
        {},
    )
    Seat.objects.filter(pk=idle.pk).update(is_bot=True)
    assert _refusal(started, idle, draw, expected_version=None, channel=Move.Channel.WEB)[:2] == (
        ErrorCode.NOT_A_PLAYER,
        "A bot plays this seat.",
    )
    Seat.objects.filter(pk=idle.pk).update(status=Seat.Status.RESIGNED)
    assert _refusal(started, idle, draw, expected_version=None)[:2] == (
        ErrorCode.NOT_A_PLAYER,
        "You have left this game.",
    )
    Game.objects.filter(pk=started.pk).update(status=Game.Status.PAUSED)
    assert _refusal(started, acting, draw, expected_version=1) == (
        ErrorCode.GAME_NOT_ACTIVE,
        "This game is paused: no moves can be made now.",
        {"status": "paused"},
    )
    started.refresh_from_db()
    assert started.version == 1 and started.moves.count() == 1


def test_a_key_reused_for_another_move_says_so(started):
    seat = seat_to_act(started)
    legal = started.engine.legal_actions(started.state, seat.position)
    services.move_submit(
        game=started, seat=seat, action=legal[0], expected_version=1, channel=Move.Channel.API, idempotency_key="k-5"
    )
    code, message, _ = _refusal(started, seat, legal[1], expected_version=1, idempotency_key="k-5")
    assert (code, message) == (
        ErrorCode.IDEMPOTENCY_KEY_REUSED,
        "This Idempotency-Key was already used for a different move.",
    )


class _NamingShed(type(SHED)):
    """The toy cards game, whose refusals name the seats as engines do ("Player N")."""

    def accepts(self, state, seat, action):
        if action["type"] == "play" and not isinstance(action.get("card"), str):
            raise IllegalAction(f"{seat_label(seat)} must name a card to play.", code="MALFORMED_ACTION")
        return super().accepts(state, seat, action)

    def explain_illegal(self, state, seat, action):
        return f"{seat_label(seat)} holds no such card; {seat_label(1 - seat)} may not have it either."


NAMING_SHED = _NamingShed("toy-naming", "Shed that names seats", hand_size=3)


def test_an_illegal_move_is_explained_with_the_players_names(make_user, serve_games):
    serve_games({"toy-naming": "tests.games.test_pipeline:NAMING_SHED"})
    game = start_game(make_user("ann"), make_user("bob"), rules="toy-naming")
    seat = seat_to_act(game)
    other = game.seats.exclude(pk=seat.pk).select_related("user").get()
    code, message, _ = _refusal(game, seat, {"type": "play", "card": "nope"}, expected_version=None)
    assert code == ErrorCode.ILLEGAL_ACTION
    assert message == f"{seat.user.public_name} holds no such card; {other.user.public_name} may not have it either."
    # a move the engine finds malformed is refused as malformed
    code, message, _ = _refusal(game, seat, {"type": "play", "card": 7}, expected_version=None)
    assert (code, message) == (ErrorCode.MALFORMED_ACTION, f"{seat.user.public_name} must name a card to play.")


def test_a_players_own_move_ends_their_run_of_missed_deadlines_and_their_away_mark(started):
    """A run of missed deadlines counts misses in a row, and an out-of-office reply marked the
    player away: their own move ends both (a bot's move for them ends neither)."""
    from django.utils import timezone

    seat = seat_to_act(started)
    Seat.objects.filter(pk=seat.pk).update(missed_deadlines=2)
    type(seat.user).objects.filter(pk=seat.user_id).update(seems_away_since=timezone.now())
    services.move_submit(game=started, seat=seat, action={"type": "draw"}, expected_version=1, channel=Move.Channel.BOT)
    seat.refresh_from_db()
    seat.user.refresh_from_db()
    assert seat.missed_deadlines == 2 and seat.user.seems_away_since is not None
    services.move_submit(
        game=started, seat=seat_to_act(started), action={"type": "draw"}, expected_version=2, channel="web"
    )
    mine = seat_to_act(started)
    assert mine.pk == seat.pk
    # no deadline for this decision (as when a standing order answers it): only the miss count changes
    Seat.objects.filter(pk=mine.pk).update(deadline_at=None)
    mine.refresh_from_db()
    services.move_submit(
        game=started, seat=mine, action={"type": "draw"}, expected_version=3, channel=Move.Channel.EMAIL
    )
    seat.refresh_from_db()
    seat.user.refresh_from_db()
    assert seat.missed_deadlines == 0 and seat.user.seems_away_since is None
