"""Writes for games. `move_submit` is the single path every move takes, from every channel.

Each service checks, then does (Zulip's check_/do_ split): it takes the game row lock, checks
status, seat and version, and only then changes anything. Once its writes are done, a change is
announced (games.events) inside the same transaction: the listeners' rows (notices) commit or
roll back with it, and what they do after the commit (sending, bot turns) never happens for a
rolled-back move.

A service's transaction is a `with transaction.atomic():` around its body rather than the
decorator (the same transaction): mutmut leaves decorated functions unmutated (issue #31).
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import secrets
from dataclasses import dataclass, field
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import models, transaction
from django.utils import timezone
from django.utils.timesince import timeuntil

from core.errors import ErrorCode, GameError
from games import events
from games.clock import bank
from games.clock.deadlines import deadline_for, refresh_deadlines, settle_bank
from games.hotpath import Locked, insert_rows, lock_game_with_seats, pipeline, update_fields
from games.models import Game, Invitation, Move, Seat, Tenure
from games.rules import BadOptions, IllegalAction, get_engine, seeding
from games.rules.base import name_seats
from games.selectors import player_seat, replay_state, seat_of

log = logging.getLogger(__name__)

BOT_NAMES = ["Ezra (bot)", "Nell (bot)", "Silas (bot)", "Hattie (bot)", "Amos (bot)", "Clara (bot)"]
PLAYER_CHANNELS = {Move.Channel.WEB, Move.Channel.API, Move.Channel.EMAIL}


@dataclass
class MoveResult:
    """What move_submit answers: the log entry, the new version, and whether this call applied it."""

    move: Move
    version: int
    applied: bool
    events: list = field(default_factory=list)


# -- helpers ------------------------------------------------------------------------------------


def _engine_for(rules: str):
    try:
        return get_engine(rules)
    except KeyError:
        raise GameError(ErrorCode.UNKNOWN_RULES, f"There is no game called '{rules}'.") from None


def _locked(game: Game) -> Game:
    """Returns the game re-read under a row lock (select_for_update)."""
    return Game.objects.select_for_update().get(pk=game.pk)


def _locked_seat(game: Game, seat: Seat) -> tuple[Game, Seat]:
    """Returns the game and one of its seats re-read under their row locks, the game's first."""
    game = _locked(game)
    return game, Seat.objects.select_for_update().get(pk=seat.pk, game=game)


def _check_in_play(game: Game, message: str) -> None:
    """Refuses, with `message`, an act on a game that is not in play (active or paused)."""
    if game.status not in (Game.Status.ACTIVE, Game.Status.PAUSED):
        raise GameError(ErrorCode.GAME_NOT_ACTIVE, message)


def _seats(game: Game) -> list[Seat]:
    """Returns the game's seats with their players (what a change announces)."""
    return list(game.seats.select_related("user").order_by("position", "pk"))


def _next_move(game: Game, *, kind, channel, actor=None, seat=None, action=None, events=None, note="", **extra) -> Move:
    """Returns the game's next log row, not saved yet: it bumps the game version and takes it as its seq."""
    game.version += 1
    return Move(
        game=game,
        seq=game.version,
        kind=kind,
        channel=channel,
        actor=actor,
        seat=seat,
        position=seat.position if seat else None,
        action=action or {},
        events=events or [],
        note=note[:200],
        **extra,
    )


def _log(game: Game, **fields) -> Move:
    """Appends a log row (_next_move's fields) and saves it."""
    move = _next_move(game, **fields)
    move.save(force_insert=True)
    return move


def _announce(
    game: Game,
    move: Move | None,
    events_: list,
    deciding: list[Seat],
    *,
    seats: list[Seat],
) -> None:
    """Announces a change once its writes are done; its listeners' rows are written with it."""
    events.announce(events.GameChanged(game=game, move=move, events=events_, seats=seats, deciding=deciding))


def _settle(game: Game, move: Move, events_: list, *, before: set[int]) -> None:
    """After a change made outside move_submit: deadlines for the seats now to act (kept for those
    in `before`, already to act), then the announcement."""
    seats = _seats(game)
    _announce(game, move, events_, refresh_deadlines(game, seats, before=before), seats=seats)


def _finish_if_over(game: Game) -> bool:
    result = game.engine.result(game.state)
    if result is None:
        return False
    game.status = Game.Status.FINISHED
    game.result = result
    game.finished_at = timezone.now()
    return True


def _request_hash(position: int, action, expected_version) -> str:
    payload = json.dumps([position, action, expected_version], sort_keys=True)
    return hashlib.sha256(payload.encode()).hexdigest()


def _save_game(game: Game) -> None:
    update_fields(game, ["state", "version", "status", "result", "finished_at"])


# -- lobby --------------------------------------------------------------------------------------


def game_create(
    *,
    owner,
    rules: str,
    options: dict | None = None,
    title: str = "",
    max_players: int | None = None,
    turn_hours: int | None = None,
    clock: str = Game.Clock.MOVE,
    bank_hours: int | None = None,
    increment_hours: int | None = None,
    cap_hours: int | None = None,
    is_open: bool = True,
    bots: int = 0,
    miss_limit: int = 3,
    on_missed: str = Game.OnMissed.BOT,
    visibility: str = Game.Visibility.PUBLIC,
    entropy: str | None = None,
    rated: bool = False,
) -> Game:
    """Creates a game in the lobby with its owner seated (and any bot seats), and commits to the
    server's seed: its sha256 is public from now on (games.rules.seeding). `entropy` is the
    owner's own contribution to the seed. `clock` is "move" (turn_hours per decision) or "bank" (a
    time bank: bank_hours to start, increment_hours per move, at most cap_hours; games.clock.bank)."""
    with transaction.atomic():
        engine = _engine_for(rules)
        max_players = max_players or engine.max_seats
        if not engine.min_seats <= max_players <= engine.max_seats:
            raise GameError(
                ErrorCode.BAD_OPTIONS, f"{engine.title} is for {engine.min_seats} to {engine.max_seats} players."
            )
        if bots < 0 or bots + 1 > max_players:
            raise GameError(ErrorCode.BAD_OPTIONS, f"At most {max_players - 1} bots fit in this game.")
        try:
            options = engine.normalize_options(options or {}, None)
        except BadOptions as exc:
            raise GameError(ErrorCode.BAD_OPTIONS, str(exc)) from None
        if on_missed not in Game.OnMissed.values:
            raise GameError(ErrorCode.BAD_OPTIONS, "When a player misses deadlines, choose 'bot' or 'drop'.")
        if visibility not in Game.Visibility.values:
            raise GameError(ErrorCode.BAD_OPTIONS, "A game is either 'public' or 'private'.")
        bank_hours, increment_hours, cap_hours = bank.validate_clock(
            clock=clock, bank_hours=bank_hours, increment_hours=increment_hours, cap_hours=cap_hours
        )
        entropy = _entropy(entropy)
        server_seed = _new_server_seed()
        game = Game.objects.create(
            server_seed=server_seed,
            server_seed_sha256=seeding.commitment(server_seed),
            seed_scheme=seeding.SCHEME,
            rules=rules,
            rules_version=engine.version,
            options=options,
            title=title[:100],
            owner=owner,
            max_players=max_players,
            is_open=is_open,
            visibility=visibility,
            turn_hours=turn_hours or settings.TRAILPOST["DEFAULT_TURN_HOURS"],
            clock=clock,
            bank_hours=bank_hours,
            increment_hours=increment_hours,
            cap_hours=cap_hours,
            miss_limit=miss_limit,
            on_missed=on_missed,
            rated=bool(rated),
        )
        Seat.objects.create(game=game, user=owner, entropy=entropy)
        for i in range(bots):
            Seat.objects.create(game=game, is_bot=True, bot_name=BOT_NAMES[i % len(BOT_NAMES)])
        return game


def game_rematch(*, game: Game, by) -> Game:
    """Opens a rematch of a game that is over, owned by `by` (one of its players): the same game,
    options, seat count, clock and settings, its bots seated again and every other human player
    invited by email (game_invite, so the same daily cap holds: past it nothing is created)."""
    with transaction.atomic():
        if not game.is_over:
            raise GameError(ErrorCode.GAME_NOT_ACTIVE, "A rematch can be offered once the game is over.")
        seats = list(game.seats.select_related("user"))
        if not any(s.user_id == by.pk for s in seats):
            raise GameError(ErrorCode.NOT_A_PLAYER, "Only the players of this game can offer a rematch.")
        rematch = game_create(
            owner=by,
            rules=game.rules,
            options=game.options,
            title=f"{game.title or f'Game {game.pk}'} (rematch)"[:100],
            max_players=game.max_players,
            turn_hours=game.turn_hours,
            clock=game.clock,
            bank_hours=game.bank_hours,
            increment_hours=game.increment_hours,
            cap_hours=game.cap_hours,
            is_open=game.is_open,
            bots=sum(1 for s in seats if s.is_bot),
            miss_limit=game.miss_limit,
            on_missed=game.on_missed,
            visibility=game.visibility,
            rated=game.rated,
        )
        for seat in seats:
            if seat.user_id and seat.user_id != by.pk and not seat.is_bot and seat.user.email:
                game_invite(game=rematch, by=by, email=seat.user.email)
        return rematch


def _new_server_seed() -> str:
    """Returns a fresh server seed: 32 random bytes from the operating system, as hex."""
    return secrets.token_hex(32)


def _entropy(value) -> str:
    try:
        return seeding.clean_contribution(value)
    except ValueError as exc:
        raise GameError(ErrorCode.VALIDATION_ERROR, str(exc)) from None


def game_invite(*, game: Game, by, email: str) -> Invitation:
    """Invites an email address; the invitation email carries a join link."""
    with transaction.atomic():
        game = _locked(game)
        if game.status != Game.Status.LOBBY:
            raise GameError(ErrorCode.GAME_NOT_IN_LOBBY, "Invitations can only be sent before the game starts.")
        if not game.seats.filter(user=by).exists():
            raise GameError(ErrorCode.NOT_A_PLAYER, "Only players of this game can invite others.")
        _check_invitation_cap(by)
        invitation = Invitation.objects.create(game=game, email=email.strip().lower(), invited_by=by)
        events.announce(events.InvitationSent(invitation=invitation))
        return invitation


def _check_invitation_cap(user) -> None:
    """Refuses an invitation past the sender's hourly or daily cap, whichever path it came by (the
    game page, the API, a rematch): each one emails an address the sender chose, so an unlimited
    number would make the server a spam relay. Counted from the invitations themselves, under a
    lock of the sender's row, so concurrent invitations to several games see each other."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk", flat=True).first()
    now = timezone.now()
    for window, cap, said in (
        (timedelta(hours=1), settings.TRAILPOST["INVITATIONS_PER_HOUR"], "hour"),
        (timedelta(days=1), settings.TRAILPOST["INVITATIONS_PER_DAY"], "24 hours"),
    ):
        if cap <= 0:
            raise GameError(
                ErrorCode.INVITATION_LIMIT,
                "This server sends no invitations by email: share the game's invite link instead.",
                limit=0,
            )
        sent = list(
            Invitation.objects.filter(invited_by=user, created_at__gt=now - window)
            .order_by("-created_at")
            .values_list("created_at", flat=True)[:cap]
        )
        if len(sent) >= cap:
            free_at = sent[-1] + window  # when the oldest of them leaves the window
            left = (free_at - now).total_seconds()
            retry_after = max(1, math.ceil(left))
            # Under a whole minute, Django's words would be "0 minutes".
            wait = timeuntil(free_at, now, depth=1).replace("\xa0", " ") if left >= 60 else "a minute"
            raise GameError(
                ErrorCode.INVITATION_LIMIT,
                f"You have sent {cap} invitations in the last {said}, the most allowed; try again in {wait}.",
                limit=cap,
                retry_after=retry_after,
            )


def game_join(*, game: Game, user, code: str | None = None, entropy: str | None = None) -> Seat:
    """Seats a user in a lobby game: an open game, or with its invite link or an invitation's code.
    `entropy` is the player's own contribution to the game's seed (games.rules.seeding)."""
    with transaction.atomic():
        entropy = _entropy(entropy)
        game = _locked(game)
        invitation = None
        if code:
            invitation = Invitation.objects.filter(game=game, code=code, accepted_by__isnull=True).first()
            if code != game.invite_code and invitation is None:
                raise GameError(ErrorCode.INVALID_INVITE, "That invitation is not valid for this game.")
        elif not game.is_open:
            raise GameError(ErrorCode.INVALID_INVITE, "This game is invite-only: you need an invitation to join.")
        if game.status != Game.Status.LOBBY:
            raise GameError(ErrorCode.GAME_NOT_IN_LOBBY, "This game has already started.")
        if game.seats.filter(user=user).exists():
            raise GameError(ErrorCode.ALREADY_JOINED, "You are already in this game.")
        if game.seats.count() >= game.max_players:
            raise GameError(ErrorCode.GAME_FULL, "This game is full.")
        seat = Seat.objects.create(game=game, user=user, entropy=entropy)
        if invitation:
            invitation.accepted_by = user
            invitation.accepted_at = timezone.now()
            invitation.save(update_fields=["accepted_by", "accepted_at"])
        return seat


def game_find_by_code(code: str) -> Game:
    """Returns the game an invite link or invitation code belongs to."""
    game = Game.objects.filter(invite_code=code).first()
    if game is None:
        inv = Invitation.objects.filter(code=code).select_related("game").first()
        game = inv.game if inv else None
    if game is None:
        raise GameError(ErrorCode.INVALID_INVITE, "That invitation link is not valid.")
    return game


def game_leave(*, game: Game, user) -> None:
    """Takes a user out of a game that has not started (the owner cannot leave; abort instead)."""
    with transaction.atomic():
        game = _locked(game)
        if game.status != Game.Status.LOBBY:
            raise GameError(ErrorCode.GAME_NOT_IN_LOBBY, "You can only leave before the game starts; resign instead.")
        if game.owner_id == user.pk:
            raise GameError(ErrorCode.NOT_THE_OWNER, "The owner cannot leave their own game.")
        deleted, _ = game.seats.filter(user=user).delete()
        if not deleted:
            raise GameError(ErrorCode.NOT_A_PLAYER, "You are not in this game.")


def game_add_bot(*, game: Game, by) -> Seat:
    """Adds a bot seat to a lobby game (owner only)."""
    with transaction.atomic():
        game = _locked(game)
        if game.owner_id != by.pk:
            raise GameError(ErrorCode.NOT_THE_OWNER, "Only the game's owner can add bots.")
        if game.status != Game.Status.LOBBY:
            raise GameError(ErrorCode.GAME_NOT_IN_LOBBY, "Bots can only be added before the game starts.")
        n = game.seats.count()
        if n >= game.max_players:
            raise GameError(ErrorCode.GAME_FULL, "This game is full.")
        bots = game.seats.filter(is_bot=True).count()
        return Seat.objects.create(game=game, is_bot=True, bot_name=BOT_NAMES[bots % len(BOT_NAMES)])


def game_start(*, game: Game, by, channel: str = Move.Channel.WEB) -> Game:
    """Starts a lobby game: orders the seats at random, deals, publishes sha256(seed). `channel`
    is how the start came (web, api, admin...), logged as it came."""
    with transaction.atomic():
        game = _locked(game)
        if game.owner_id != by.pk:
            raise GameError(ErrorCode.NOT_THE_OWNER, "Only the game's owner can start it.")
        if game.status != Game.Status.LOBBY:
            raise GameError(ErrorCode.GAME_NOT_IN_LOBBY, "This game has already started.")
        engine = game.engine
        seats = list(game.seats.all())
        if len(seats) < engine.min_seats:
            raise GameError(
                ErrorCode.NOT_ENOUGH_PLAYERS,
                f"{engine.title} needs at least {engine.min_seats} players; add players or bots.",
                seated=len(seats),
                needed=engine.min_seats,
            )
        try:
            game.options = engine.normalize_options(game.options, len(seats))
        except BadOptions as exc:
            raise GameError(ErrorCode.BAD_OPTIONS, str(exc)) from None
        _seed_and_seat(game, seats)
        game.state = engine.new_state(game.options, len(seats), game.seed)
        game.status = Game.Status.ACTIVE
        game.started_at = timezone.now()
        game.version = 0
        move = _log(
            game, kind=Move.Kind.ADMIN, channel=channel, actor=by, action={"type": "start"}, note="Game started"
        )
        game.save()
        Tenure.objects.bulk_create(
            Tenure(game=game, position=s.position, user=s.user, is_bot=s.is_bot, name=s.name, from_seq=move.seq)
            for s in sorted(seats, key=lambda s: s.position)
        )
        _settle(
            game,
            move,
            [
                {
                    "type": "game_started",
                    "seat": None,
                    "private": {},
                    "public": {"text": f"The game started with {len(seats)} players."},
                }
            ],
            before=set(),
        )
        return game


def _seed_and_seat(game: Game, seats: list[Seat]) -> None:
    """Derives the game's seed from the server's committed seed and the seats' contributions in
    the order they joined, and seats the players in the order that seed draws (games.rules.seeding).
    A game created before the commitment existed has no server seed: it draws one now, as before."""
    seats.sort(key=lambda s: (s.joined_at, s.pk))
    if not game.server_seed:
        game.server_seed = _new_server_seed()
        game.server_seed_sha256 = seeding.commitment(game.server_seed)
        game.seed_scheme = seeding.SCHEME
    game.seed = seeding.derive_seed(game.server_seed, [s.entropy for s in seats])
    game.seed_sha256 = Game.hash_seed(game.seed)
    for position, join_index in enumerate(seeding.seating(game.seed, len(seats))):
        seats[join_index].position = position
    for seat in seats:
        seat.save(update_fields=["position"])


# -- the move pipeline --------------------------------------------------------------------------


def move_submit(
    *,
    game: Game | int,
    seat: Seat | None,
    action,
    expected_version: int | None,
    channel: str,
    idempotency_key: str | None = None,
    actor=None,
    locked: Locked | None = None,
) -> MoveResult:
    """Applies one move for a seat: the only way a game's state changes through play.

    `game` is the game or its id: either way the move reads it again under its row lock. With
    seat=None the seat is the actor's own seat in the game (found under that lock).
    The deadline sweep, which already holds its games' locks in the current transaction and
    lets every error propagate to its own transaction, passes what it locked (`locked`, from
    games.hotpath.lock_games_with_seats, updated in place): the move then takes no savepoint of
    its own and costs a query fewer. Its writes go together (games.hotpath.pipeline), with those
    of the sweep's other moves when the sweep holds them in a block of its own.
    """
    game_id = game if isinstance(game, int) else game.pk
    savepoint = locked is None or bool(idempotency_key)
    # A repeated idempotency key needs no IntegrityError handler: every keyed move is looked up and
    # inserted under its game's row lock, so the second of two requests with one key waits for the
    # first to commit and then finds its move (tests/games/test_concurrency.py).
    with transaction.atomic(savepoint=savepoint), pipeline():
        return _move_submit(
            game_id=game_id,
            seat=seat,
            action=action,
            expected_version=expected_version,
            channel=channel,
            idempotency_key=idempotency_key,
            actor=actor,
            locked=locked,
        )


def _not_seated(game: Game, actor) -> GameError:
    """What someone with no seat in a game is told of their move: that they do not play in it or,
    when the game is private to them, that there is no such game, as every page and API call
    answers them (Game.objects.visible_to): an outsider learns nothing, not even that it exists."""
    if Game.objects.visible_to(actor).filter(pk=game.pk).exists():
        return GameError(ErrorCode.NOT_A_PLAYER, "You are not playing in this game.")
    return GameError(ErrorCode.NOT_FOUND, "There is no such game.")


def _move_with_key(game_id: int, actor, key: str) -> Move | None:
    """The move its sender already made in this game with this idempotency key: a key is its
    sender's own, so another player's move with the same key is a move of its own."""
    return Move.objects.filter(game_id=game_id, actor_id=actor.pk if actor else None, idempotency_key=key).first()


def _move_submit(*, game_id, seat, action, expected_version, channel, idempotency_key, actor, locked) -> MoveResult:
    if locked is None:
        try:
            locked = lock_game_with_seats(game_id)
        except Game.DoesNotExist:
            raise GameError(ErrorCode.NOT_FOUND, "There is no such game.") from None
    game, seats = locked.game, locked.seats
    if seat is None:
        seat = next((s for s in seats if actor is not None and s.user_id == actor.pk), None)
        if seat is None:
            raise _not_seated(game, actor)
    else:
        seat = next((s for s in seats if s.pk == seat.pk), None)
    if seat is None or seat.position is None:
        raise GameError(ErrorCode.NOT_A_PLAYER, "You are not playing in this game.")
    if idempotency_key:
        first = _move_with_key(game.pk, actor, idempotency_key)  # a key is its sender's own
        if first is not None:
            if first.request_hash != _request_hash(seat.position, action, expected_version):
                raise GameError(
                    ErrorCode.IDEMPOTENCY_KEY_REUSED, "This Idempotency-Key was already used for a different move."
                )
            return MoveResult(move=first, version=first.seq, applied=False, events=first.events)
    if game.status != Game.Status.ACTIVE:
        raise GameError(
            ErrorCode.GAME_NOT_ACTIVE,
            f"This game is {game.get_status_display().lower()}: no moves can be made now.",
            status=game.status,
        )
    if seat.status != Seat.Status.PLAYING:
        raise GameError(ErrorCode.NOT_A_PLAYER, "You have left this game.")
    if channel in PLAYER_CHANNELS and seat.is_bot:
        raise GameError(ErrorCode.NOT_A_PLAYER, "A bot plays this seat.")
    if expected_version is not None and expected_version != game.version:
        raise GameError(
            ErrorCode.STALE_VERSION,
            "The game has moved on since you looked: reload and choose again.",
            current_version=game.version,
            expected_version=expected_version,
        )
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise GameError(ErrorCode.MALFORMED_ACTION, 'A move must be an object with a \'type\', e.g. {"type": "scout"}.')
    engine = game.engine
    state = game.state
    before = set(engine.to_act(state))
    if seat.position not in before:
        raise GameError(ErrorCode.NOT_YOUR_TURN, "It is not your turn.", to_act=sorted(before))
    try:
        events = engine.apply(state, seat.position, action)
    except IllegalAction as exc:
        code = ErrorCode.MALFORMED_ACTION if exc.code == "MALFORMED_ACTION" else ErrorCode.ILLEGAL_ACTION
        # An engine names seats "Player N": the player reads the names ("Ann already has track…").
        names = {s.position: s.name for s in game.seats.select_related("user") if s.position is not None}
        raise GameError(code, name_seats(exc.message, names)) from None
    move = _next_move(
        game,
        kind=Move.Kind.MOVE,
        channel=channel,
        actor=actor,
        seat=seat,
        action=action,
        events=events,
        idempotency_key=idempotency_key,
        request_hash=_request_hash(seat.position, action, expected_version) if idempotency_key else "",
    )
    insert_rows([move])
    game.state = state
    _finish_if_over(game)
    _save_game(game)
    missed = seat.missed_deadlines
    if channel == Move.Channel.TIMEOUT:
        seat.missed_deadlines += 1  # counted with the move, so a miss and its move go together
    elif channel in PLAYER_CHANNELS:
        seat.missed_deadlines = 0  # the player is back: their run of missed deadlines ends
        if seat.user_id and seat.user.seems_away_since is not None:  # an out-of-office said otherwise
            get_user_model().objects.filter(pk=seat.user_id).update(seems_away_since=None)
            seat.user.seems_away_since = None
    to_act = set(engine.to_act(state)) if game.status == Game.Status.ACTIVE else set()
    newly = refresh_deadlines(
        game,
        seats,
        before=before - {seat.position},
        to_act=to_act,
        dirty=[seat] if seat.missed_deadlines != missed else (),
        vacations=locked.vacations,
    )
    _announce(game, move, events, newly, seats=seats)
    return MoveResult(move=move, version=game.version, applied=True, events=events)


def game_resign(*, game: Game, user, channel: str = Move.Channel.WEB) -> Move:
    """Resigns a player: they are out of the game (the engine decides what that does to it).
    `channel` is how the resignation came (web, api), logged as it came."""
    with transaction.atomic():
        game = _locked(game)
        seat = player_seat(game, user)
        return seat_out(
            game=game, seat=seat, status=Seat.Status.RESIGNED, actor=user, channel=channel, reason="resigned"
        )


def seat_out(*, game: Game, seat: Seat, status, actor, channel, reason: str, note: str = "") -> Move:
    """Takes a seat out of a game in play (resigned, dropped by the clock, kicked by a moderator);
    the caller holds the game's row lock. `reason` completes the log's note "<name> <reason>"
    (`note`, when given, is the whole note). The engine is asked first: an engine that cannot
    take a seat out (NotImplementedError) leaves everything as it was."""
    _check_in_play(game, "This game is not in play.")
    if seat.status != Seat.Status.PLAYING:
        raise GameError(ErrorCode.NOT_A_PLAYER, "That player has already left this game.")
    engine = game.engine
    before = set(engine.to_act(game.state))
    events = engine.resign(game.state, seat.position)
    seat.status = status
    seat.deadline_at = None
    seat.save(update_fields=["status", "deadline_at"])
    move = _log(
        game,
        kind=Move.Kind.RESIGN,
        channel=channel,
        actor=actor,
        seat=seat,
        action={"type": "resign"},
        events=events,
        note=note or f"{seat.name} {reason}",
    )
    _finish_if_over(game)
    _save_game(game)
    _settle(game, move, events, before=before - {seat.position})
    return move


# -- moderation ---------------------------------------------------------------------------------
#
# A moderator's act is logged with channel "admin" and its actor (the audit), and reads in the log
# as "A moderator ...", about the seat it concerns: players learn what was done, not by whom.
# Pausing, resuming, aborting, replacing and kicking are announced (games.events.Moderated), so
# the players, and whoever lost a seat, are told, with the reason.

REASON_MAX = 200  # characters: a reason is stored whole in the log's action, and emailed


def _reason(reason, *, required: bool = False) -> str:
    """Returns a moderator's reason as one clean line, or refuses it (empty when required, or too long)."""
    text = " ".join("".join(ch if ch.isprintable() else " " for ch in str(reason or "")).split())
    if required and not text:
        raise GameError(ErrorCode.VALIDATION_ERROR, "Give a reason: the players are told it.")
    if len(text) > REASON_MAX:
        raise GameError(ErrorCode.VALIDATION_ERROR, f"A reason is at most {REASON_MAX} characters.", limit=REASON_MAX)
    return text


def _note(sentence: str, reason: str = "") -> str:
    """Returns a log note, "<sentence>: <reason>" or "<sentence>.", cut to fit the note's 200 characters."""
    note = f"{sentence}: {reason}" if reason else f"{sentence}."
    return note if len(note) <= 200 else note[:199] + "…"


def _log_moderation(game: Game, *, by, act: str, sentence: str, reason: str) -> Move:
    """Logs a moderator's act on the whole game (pause, resume, abort) and saves the game with it."""
    move = _log(
        game,
        kind=Move.Kind.ADMIN,
        channel=Move.Channel.ADMIN,
        actor=by,
        action={"type": act, "reason": reason},
        note=_note(sentence, reason),
    )
    game.save()
    return move


def _moderated(game: Game, move: Move, action: str, reason: str, *, seat=None, former=None, former_name="") -> None:
    """Announces a moderator's act (games.events.Moderated) once its writes are done."""
    events.announce(
        events.Moderated(
            game=game,
            move=move,
            action=action,
            reason=reason,
            seats=_seats(game),
            seat=seat,
            former=former,
            former_name=former_name,
        )
    )


def _hand_over(game: Game, position: int, seq: int, *, user, is_bot: bool, name: str) -> None:
    """Ends the current tenure of the seat at `position` at the move `seq` and starts its new
    holder's there: moves before it keep the name of whoever played them (games.models.Tenure)."""
    Tenure.objects.filter(game=game, position=position, until_seq__isnull=True).update(until_seq=seq)
    Tenure.objects.create(game=game, position=position, user=user, is_bot=is_bot, name=name, from_seq=seq)


def tenures_follow_rename(*, user) -> int:
    """After a player changed their name: their seats in games in play are held under the new name
    from the next move on (their earlier moves keep the old one); returns how many tenures moved on."""
    with transaction.atomic():
        name = user.public_name
        moved = 0
        held = (
            Tenure.objects.filter(user=user, is_bot=False, until_seq__isnull=True)
            .filter(game__status__in=[Game.Status.ACTIVE, Game.Status.PAUSED])
            .exclude(name=name)
            .order_by("game_id", "position")
        )
        for tenure in held:
            game = Game.objects.select_for_update().only("id", "version").get(pk=tenure.game_id)
            if tenure.from_seq > game.version:  # no move in it yet: it simply takes the new name
                Tenure.objects.filter(pk=tenure.pk).update(name=name)
            else:
                _hand_over(game, tenure.position, game.version + 1, user=user, is_bot=False, name=name)
            moved += 1
        return moved


def game_pause(*, game: Game, by, reason: str = "") -> Game:
    """Pauses an active game: no moves, and deadlines stop. The players are told, with the reason."""
    with transaction.atomic():
        reason = _reason(reason)
        game = _locked(game)
        if game.status != Game.Status.ACTIVE:
            raise GameError(ErrorCode.GAME_NOT_ACTIVE, "Only a game in play can be paused.")
        game.status = Game.Status.PAUSED
        game.paused_at = timezone.now()
        move = _log_moderation(game, by=by, act="pause", sentence="A moderator paused the game", reason=reason)
        if bank.is_bank(game):  # each bank keeps what was left of it (no increment: nobody moved)
            for seat in game.seats.select_related("user").filter(bank_running=True, deadline_at__isnull=False):
                settle_bank(seat, game, game.paused_at, increment=False)
                seat.save(update_fields=["bank_seconds", "bank_running"])
        game.seats.filter(deadline_at__isnull=False).update(deadline_at=None)
        _moderated(game, move, "pause", reason)
        return game


def game_resume(*, game: Game, by, reason: str = "") -> Game:
    """Resumes a paused game; pending decisions get fresh deadlines. The players are told."""
    with transaction.atomic():
        reason = _reason(reason)
        game = _locked(game)
        if game.status != Game.Status.PAUSED:
            raise GameError(ErrorCode.GAME_NOT_ACTIVE, "Only a paused game can be resumed.")
        game.status = Game.Status.ACTIVE
        game.paused_at = None
        move = _log_moderation(game, by=by, act="resume", sentence="A moderator resumed the game", reason=reason)
        _settle(game, move, [], before=set())
        _moderated(game, move, "resume", reason)
        return game


def game_abort(*, game: Game, by, reason: str = "") -> Game:
    """Aborts a game for good; its seed is revealed like a finished game's. The players are told."""
    with transaction.atomic():
        reason = _reason(reason)
        game = _locked(game)
        if game.is_over:
            raise GameError(ErrorCode.GAME_NOT_ACTIVE, "This game is already over.")
        game.status = Game.Status.ABORTED
        game.finished_at = timezone.now()
        move = _log_moderation(game, by=by, act="abort", sentence="A moderator aborted the game", reason=reason)
        game.seats.update(deadline_at=None)
        _moderated(game, move, "abort", reason)
        return game


def game_undo(*, game: Game, by, count: int = 1) -> Move:
    """Undoes the last `count` moves by replaying the log without them; the undo is logged."""
    with transaction.atomic():
        game = _locked(game)
        _check_in_play(game, "Only a game in play can have moves undone.")
        targets = list(game.moves.filter(undone_by__isnull=True, kind=Move.Kind.MOVE).order_by("-seq")[:count])
        if len(targets) < count or count < 1:
            raise GameError(ErrorCode.NOTHING_TO_UNDO, "There are not that many moves to undo.")
        undo = _log(
            game,
            kind=Move.Kind.UNDO,
            channel=Move.Channel.ADMIN,
            actor=by,
            action={"type": "undo", "moves": [m.seq for m in targets]},
            note="A moderator undid the last move" if count == 1 else f"A moderator undid the last {count} moves",
        )
        Move.objects.filter(pk__in=[m.pk for m in targets]).update(undone_by=undo.seq)
        game.snapshots.filter(seq__gte=targets[-1].seq).delete()  # replay snapshots that hold undone moves
        game.state = replay_state(game)
        game.result = None
        game.finished_at = None
        _finish_if_over(game)
        _save_game(game)
        _settle(game, undo, [], before=set())  # a rebuilt position: each pending decision starts afresh
        return undo


def _give_seat(game: Game, seat: Seat, *, by, user, channel, note) -> Move:
    """Gives a locked seat of a locked game to `user`, or to a bot (user None): the seat's tenure
    passes on at the logged move, the player who had it may still watch, and a seat now to act
    gets a fresh deadline. The game's state is untouched. `note(old, new)` is the log's note."""
    old = seat.name
    if seat.user_id is not None and seat.user_id != getattr(user, "pk", None):
        game.former_players.add(seat.user_id)  # they may still watch the game, private or not
    if user is None:
        seat.user = None
        seat.is_bot = True
        seat.bot_name = BOT_NAMES[(seat.position or 0) % len(BOT_NAMES)]
    else:
        seat.user = user
        seat.is_bot = False
        seat.bot_name = ""
    seat.missed_deadlines = 0
    seat.save()
    move = _log(
        game,
        kind=Move.Kind.ADMIN,
        channel=channel,
        actor=by,
        seat=seat,
        action={"type": "replace_seat", "position": seat.position},
        note=note(old, seat.name),
    )
    game.save(update_fields=["version"])
    _hand_over(game, seat.position, move.seq, user=seat.user, is_bot=seat.is_bot, name=seat.name)
    if game.status == Game.Status.ACTIVE:
        newly = []
        if seat.position in set(game.engine.to_act(game.state)):
            now = timezone.now()
            settle_bank(seat, game, now, increment=False)  # the seat's bank stays with the seat
            seat.deadline_at = deadline_for(seat=seat, game=game, now=now)
            seat.reminder_sent_for = None
            seat.save(update_fields=["deadline_at", "reminder_sent_for", "bank_seconds", "bank_running"])
            newly = [seat]
        seats = [seat if s.pk == seat.pk else s for s in _seats(game)]
        _announce(game, move, [], newly, seats=seats)
    return move


def seat_replace(
    *, game: Game, seat: Seat, by, user=None, bot: bool = False, reason: str = "", channel=Move.Channel.ADMIN, note=None
) -> Seat:
    """Gives a seat to another user, or to a bot; the game's state is untouched. A moderator's
    replacement (channel "admin") is announced, with its reason, to the players and to whoever
    lost the seat; the clock's (channel "timeout", `note(old, new)` saying why) tells them itself."""
    with transaction.atomic():
        reason = _reason(reason)
        game, seat = _locked_seat(game, seat)
        _check_in_play(game, "Seats can only be replaced in a game in play.")
        if (user is None) == (not bot):
            raise GameError(ErrorCode.VALIDATION_ERROR, "Replace a seat with either a user or a bot.")
        if user is not None and game.seats.filter(user=user).exclude(pk=seat.pk).exists():
            raise GameError(ErrorCode.ALREADY_JOINED, f"{user} already has a seat in this game.")
        former = seat.user if seat.user_id is not None and seat.user_id != getattr(user, "pk", None) else None
        former_name = seat.name
        if note is None:

            def note(old, new):
                return _note(f"A moderator replaced {old} with {new}", reason)

        move = _give_seat(game, seat, by=by, user=None if bot else user, channel=channel, note=note)
        if channel == Move.Channel.ADMIN:
            _moderated(game, move, "replace", reason, seat=seat, former=former, former_name=former_name)
        return seat


def seat_kick(*, game: Game, seat: Seat, by, reason: str) -> Seat:
    """Takes a player's seat away (staff only), with a reason the players are told: a bot takes
    it, or the player is out of the game (Seat.Status.KICKED, resigned in the engine), as the
    game's on_missed option says (a bot, where the engine cannot take a seat out). The kicked
    player may still watch the game; the log and the admin's history keep who did it."""
    with transaction.atomic():
        if by is None or not getattr(by, "is_staff", False):
            raise GameError(ErrorCode.PERMISSION_DENIED, "Only a moderator can kick a player.")
        reason = _reason(reason, required=True)
        game, seat = _locked_seat(game, seat)
        _check_in_play(game, "Players can only be kicked from a game in play.")
        if seat.position is None or seat.is_bot or seat.user_id is None:
            raise GameError(ErrorCode.VALIDATION_ERROR, "Only a player can be kicked: a bot plays that seat.")
        if seat.status != Seat.Status.PLAYING:
            raise GameError(ErrorCode.NOT_A_PLAYER, "That player has already left this game.")
        user, name = seat.user, seat.name
        game.former_players.add(user)  # they may still watch the game, private or not
        move = None
        if game.on_missed == Game.OnMissed.DROP:
            try:
                with transaction.atomic():
                    move = seat_out(
                        game=game,
                        seat=seat,
                        status=Seat.Status.KICKED,
                        actor=by,
                        channel=Move.Channel.ADMIN,
                        reason="",
                        note=_note(f"A moderator kicked {name} out of the game", reason),
                    )
            except NotImplementedError:
                log.warning(
                    "engine %s cannot take a seat out; a bot takes seat %s of game %s",
                    game.rules,
                    seat.position,
                    game.pk,
                )
        if move is None:
            move = _give_seat(
                game,
                seat,
                by=by,
                user=None,
                channel=Move.Channel.ADMIN,
                note=lambda old, new: _note(f"A moderator kicked {old} and gave the seat to {new}", reason),
            )
        _moderated(game, move, "kick", reason, seat=seat, former=user, former_name=name)
        return seat


def deadline_extend(*, game: Game, seat: Seat, by, hours: int) -> Seat:
    """Pushes a seat's current deadline back by some hours (on a time bank: adds them to the
    bank, whose time left is read from the deadline)."""
    with transaction.atomic():
        game, seat = _locked_seat(game, seat)
        if seat.deadline_at is None:
            raise GameError(ErrorCode.VALIDATION_ERROR, "That seat has no pending deadline.")
        if hours < 1:
            raise GameError(ErrorCode.VALIDATION_ERROR, "Extend by at least one hour.")
        seat.deadline_at += timedelta(hours=hours)
        seat.reminder_sent_for = None
        seat.save(update_fields=["deadline_at", "reminder_sent_for"])
        _log(
            game,
            kind=Move.Kind.ADMIN,
            channel=Move.Channel.ADMIN,
            actor=by,
            seat=seat,
            action={"type": "extend_deadline", "hours": hours},
            note=f"A moderator extended {seat.name}'s deadline by {hours} h",
        )
        game.save(update_fields=["version"])
        return seat


def seat_seen(game: Game, user, *, now=None) -> None:
    """Records that a player has the game page open (notices waiting out their grace window then
    need no email). The seat comes from the game's loaded seats (visible_game preloads them), so a
    poll whose record is still fresh (PRESENCE_SECONDS) costs no query; otherwise one UPDATE, which
    writes only if no other request wrote meanwhile: about three writes a minute per open page."""
    seat = seat_of(game, user)
    if seat is None:
        return
    now = now or timezone.now()
    stale = now - timedelta(seconds=settings.TRAILPOST["PRESENCE_SECONDS"])
    if seat.seen_at is not None and seat.seen_at >= stale:
        return
    Seat.objects.filter(pk=seat.pk).filter(models.Q(seen_at__isnull=True) | models.Q(seen_at__lt=stale)).update(
        seen_at=now
    )
    seat.seen_at = now
