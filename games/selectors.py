"""Reads for games: what a user may see of a game, its legal moves and its log."""

from __future__ import annotations

from django.db.models import BooleanField, Exists, ExpressionWrapper, F, OuterRef, Prefetch, Q, Subquery
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import ngettext

from core.errors import ErrorCode, GameError
from games.clock.bank import clock_text, is_bank, seat_bank_left
from games.models import Game, Invitation, Move, Seat, Tenure
from games.rules import get_engine, replaying
from games.rules.base import name_seats


def with_names(text: str, names: dict) -> str:
    """Returns an engine's text with its seat labels ("Player N") replaced by display names."""
    return name_seats(text, names)


def named_event(event: dict, names: dict) -> dict:
    """Returns a copy of an event whose public and private texts use display names."""
    out = dict(event)
    public = event.get("public") or {}
    if public.get("text"):
        out["public"] = {**public, "text": with_names(public["text"], names)}
    private = event.get("private") or {}
    if private:
        out["private"] = {
            k: ({**v, "text": with_names(v["text"], names)} if isinstance(v, dict) and v.get("text") else v)
            for k, v in private.items()
        }
    return out


def visible_game(user, pk) -> Game:
    """Returns the game with its owner and seats if `user` may see it; Http404 otherwise, exactly
    as for a missing id (a private game's existence stays private)."""
    return get_object_or_404(
        Game.objects.visible_to(user).select_related("owner").prefetch_related("seats__user"), pk=pk
    )


def games_for_user(user):
    """Returns the user's games, newest first, with seats preloaded."""
    return Game.objects.filter(seats__user=user).distinct().prefetch_related("seats__user").order_by("-created_at")


def open_games(user=None):
    """Returns the lobby's list: public games waiting for players that anyone may join (excluding
    ones the user is already in). Private games are never listed; their invitees have a link."""
    qs = Game.objects.filter(
        visibility=Game.Visibility.PUBLIC, status=Game.Status.LOBBY, is_open=True
    ).prefetch_related("seats__user")
    if user is not None and user.is_authenticated:
        qs = qs.exclude(seats__user=user)
    return qs.order_by("-created_at")


def seat_of(game: Game, user) -> Seat | None:
    """Returns the user's seat in a game, if any."""
    if user is None or not user.is_authenticated:
        return None
    for seat in game.seats.all():
        if seat.user_id == user.pk:
            return seat
    return None


def player_seat(game: Game, user) -> Seat:
    """Returns the user's seat at the table (one with a position), or raises NOT_A_PLAYER."""
    seat = game.seats.filter(user=user, position__isnull=False).first()
    if seat is None:
        raise GameError(ErrorCode.NOT_A_PLAYER, "You are not playing in this game.")
    return seat


def game_view(game: Game, seat: Seat | None, *, names: dict | None = None) -> dict | None:
    """Returns the engine's view for the seat (spectator view for None), with players' names
    (`names`: the game's seat_names, when the caller has them)."""
    if game.state is None:
        return None
    position = seat.position if seat is not None and seat.status == Seat.Status.PLAYING else None
    if seat is not None and seat.position is not None:
        position = seat.position  # a resigned player still sees their own hand
    names = seat_names(game) if names is None else names
    view = _named(game.engine.view(game.state, position), names)
    players = view.get("players")
    if isinstance(players, list):
        for p in players:
            if isinstance(p, dict) and "seat" in p:
                p["name"] = names.get(p["seat"], f"Seat {p['seat']}")
    return view


def _named(value, names: dict):
    """Returns a view with every sentence in it naming the players, not "Player N"."""
    if isinstance(value, str):
        return with_names(value, names)
    if isinstance(value, dict):
        return {k: _named(v, names) for k, v in value.items()}
    if isinstance(value, list):
        if value and type(value[0]) is int and all(type(v) is int for v in value):
            return list(value)  # coordinates and counts (a long game's tracks are thousands of them)
        return [_named(v, names) for v in value]
    return value


def to_act(game: Game) -> list[int]:
    if game.status != Game.Status.ACTIVE or game.state is None:
        return []
    return game.engine.to_act(game.state)


def legal_actions(game: Game, seat: Seat | None) -> list[dict]:
    """Returns the seat's legal actions (none for a seat out of play or a game not in play)."""
    if seat is None or seat.position is None or game.status != Game.Status.ACTIVE:
        return []
    if seat.status != Seat.Status.PLAYING:
        return []
    return game.engine.legal_actions(game.state, seat.position)


def legal_moves(game: Game, seat: Seat | None, *, names: dict | None = None) -> list[dict]:
    """Returns the seat's legal actions, each as {"index", "label", "action"}, numbered from 1.

    `names` (position -> display name) saves a query when the caller already has the seats.
    """
    actions = legal_actions(game, seat)
    if not actions:
        return []
    engine = game.engine
    names = seat_names(game) if names is None else names
    return [
        {"index": i, "label": with_names(engine.action_label(game.state, seat.position, a), names), "action": a}
        for i, a in enumerate(actions, start=1)
    ]


def _redact_event(event: dict, viewer: int | None) -> dict:
    private = event.get("private") or {}
    mine = private.get(str(viewer)) if viewer is not None else None
    out = {"type": event.get("type"), "seat": event.get("seat"), "public": event.get("public", {})}
    if mine:
        out["private"] = mine
    return out


MODERATOR = "A moderator"


def move_entry(engine, move: Move, position: int | None, names: dict) -> dict:
    """Returns one log entry as the seat at `position` may see it; `names` are the seats' names as
    of the move's seq (Names.at). Its `player` is who made it: the seat's holder then, or "A
    moderator" for a moderator's act (its note is about the seat), None for the owner's start and
    the clock's handing a seat on (the note says it all)."""
    own = move.position is not None and move.position == position
    action = move.action if (own or move.kind != Move.Kind.MOVE) else engine.public_action(move.action)
    if move.channel == Move.Channel.ADMIN and move.kind != Move.Kind.MOVE:
        player = MODERATOR
    elif move.kind == Move.Kind.ADMIN or move.position is None:
        player = None
    else:
        player = names.get(move.position)
    return {
        "seq": move.seq,
        "kind": move.kind,
        "seat": move.position,
        "player": player,
        "channel": move.channel,
        "action": action,
        "events": [_redact_event(named_event(e, names), position) for e in move.events],
        "undone_by": move.undone_by,
        "note": move.note,
        "created_at": move.created_at.isoformat(),
    }


def seat_names(game: Game) -> dict:
    """Returns {position: display name} for the game's seats as they are held now (one query): for
    what shows the game as it stands (the table, whose turn it is, a menu). Past moves: Names."""
    return {s.position: s.name for s in game.seats.select_related("user") if s.position is not None}


class Names:
    """Who held each seat when (games.models.Tenure), for the texts of moves: a move is named by
    the holders of the seats as of its seq, for good, whoever holds them now and whatever they are
    called now. `current` ({position: name} now) names a seat no tenure covers (a game older than
    tenures, or one made without a start)."""

    def __init__(self, tenures, current: dict):
        self.current = dict(current)
        self._stretches: dict[int, list[tuple[int, int | None, str]]] = {}
        for position, from_seq, until_seq, name in tenures:
            self._stretches.setdefault(position, []).append((from_seq, until_seq, name))
        self._shared: dict[tuple, dict] = {}

    def at(self, seq: int) -> dict:
        """Returns {position: name} as of the move `seq` (one dict shared by the seqs alike)."""
        names = dict(self.current)
        for position, stretches in self._stretches.items():
            for from_seq, until_seq, name in stretches:
                if from_seq <= seq and (until_seq is None or seq < until_seq):
                    names[position] = name
        key = tuple(sorted(names.items(), key=lambda kv: -1 if kv[0] is None else kv[0]))
        return self._shared.setdefault(key, names)


def game_names(game: Game, *, current: dict | None = None) -> Names:
    """Returns the game's Names: one query for its tenures, and one for its seats unless `current`
    ({position: name} now) is given."""
    tenures = Tenure.objects.filter(game_id=game.pk).values_list("position", "from_seq", "until_seq", "name")
    return Names(list(tenures), seat_names(game) if current is None else current)


def _names(game: Game, names) -> Names:
    """Returns Names for a game from what the caller has: Names, the current names, or None."""
    if isinstance(names, Names):
        return names
    return game_names(game, current=names)


def move_log(
    game: Game,
    viewer: Seat | None,
    *,
    after_seq: int = 0,
    before_seq: int | None = None,
    limit: int | None = None,
    latest: bool = False,
    names: Names | dict | None = None,
) -> list[dict]:
    """Returns the log as the viewer may see it, oldest first: others' private parts and secret
    actions removed. `after_seq` starts after a move (the API's paging forward); `before_seq` ends
    before one; with `limit`, the first `limit` moves, or the last ones when `before_seq` is given
    or `latest` is true (the page's paging back). Each move names the seats' holders as of its seq
    (`names`: the game's Names, or the current names when the caller has them; one query for the
    tenures then, however long the log)."""
    engine = game.engine
    position = viewer.position if viewer is not None else None
    names = _names(game, names)
    moves = game.moves.filter(seq__gt=after_seq) if after_seq else game.moves.all()
    if before_seq is not None:
        moves = moves.filter(seq__lt=before_seq)
    if limit and (latest or before_seq is not None):
        moves = reversed(list(moves.order_by("-seq")[:limit]))
    else:
        moves = moves.order_by("seq")
        if limit:
            moves = moves[:limit]
    return [move_entry(engine, m, position, names.at(m.seq)) for m in moves]


LOG_PAGE_SIZE = 50
# The most log entries the live part of the game page keeps showing once a player has loaded
# earlier ones (see log_page's `since_seq`).
LOG_LIVE_MAX = 1000


def log_page(
    game: Game,
    viewer: Seat | None,
    *,
    before_seq: int | None = None,
    since_seq: int | None = None,
    names: Names | dict | None = None,
) -> dict:
    """Returns one page of the game page's log, newest first: the LOG_PAGE_SIZE moves before
    `before_seq` (the latest when None) as move_log redacts them for the viewer, each saying
    whether its first sentence (its note, or else its first event) already names who made it
    (then the page does not name them again), and `earlier`: the seq to ask for the page before
    this one, None at the start of the game. `since_seq` (the oldest move the page already shows,
    when its player loaded earlier ones) makes the latest page reach back to it, up to
    LOG_LIVE_MAX moves, so a live refresh does not fold the log back to one page."""
    names = _names(game, names)
    size = LOG_PAGE_SIZE
    if since_seq is not None and before_seq is None and 0 < since_seq <= game.version:
        size = min(LOG_LIVE_MAX, max(LOG_PAGE_SIZE, game.version - since_seq + 1))
    entries = move_log(game, viewer, before_seq=before_seq, limit=size + 1, latest=True, names=names)
    earlier = None
    if len(entries) > size:
        entries = entries[1:]
        earlier = entries[0]["seq"]
    for entry in entries:
        first = entry["note"] or next(
            (e["public"].get("text") for e in entry["events"] if e.get("public", {}).get("text")), ""
        )
        entry["names_mover"] = bool(entry["player"]) and first.startswith(entry["player"])
    return {"entries": list(reversed(entries)), "earlier": earlier}


def named_result(result: dict | None, names: dict) -> dict | None:
    """Returns an engine's result with the players' names in its sentence, not "Player N"."""
    if not result or not isinstance(result.get("reason"), str):
        return result
    return {**result, "reason": with_names(result["reason"], names)}


def players(game: Game, *, seats: list[Seat] | None = None) -> list[dict]:
    """Returns the seats as public information (`seats`: the game's seats with their users, when
    the caller has them)."""
    if seats is None:
        seats = game.seats.select_related("user")
    now = timezone.now()
    banked = is_bank(game)
    return [
        {
            "position": s.position,
            "name": s.name,
            "is_bot": s.is_bot,
            "status": s.status,
            "deadline_at": s.deadline_at.isoformat() if s.deadline_at else None,
            "missed_deadlines": s.missed_deadlines,
            "bank_seconds": seat_bank_left(s, game, now) if banked else None,
            "seems_away": bool(s.user_id and not s.is_bot and s.user.seems_away_since),
        }
        for s in seats
    ]


def clock(game: Game) -> dict:
    """Returns the game's clock: its kind, its hours and a sentence."""
    return {
        "kind": game.clock,
        "turn_hours": game.turn_hours,
        "bank_hours": game.bank_hours,
        "increment_hours": game.increment_hours,
        "cap_hours": game.cap_hours,
        "text": clock_text(game),
    }


def game_summary(game: Game, user=None, *, seats: list[Seat] | None = None) -> dict:
    """Returns the public facts of a game (no state): for lists and detail headers (`seats`: the
    game's seats with their users, when the caller has them)."""
    seat = seat_of(game, user)
    acting = set(to_act(game))
    seated = players(game, seats=seats)
    return {
        "id": game.pk,
        "title": str(game),
        "rules": game.rules,
        "rules_title": game.engine.title,
        "rules_version": game.rules_version,
        "options": game.options,
        "status": game.status,
        "owner": game.owner.public_name,
        "max_players": game.max_players,
        "is_open": game.is_open,
        "visibility": game.visibility,
        "turn_hours": game.turn_hours,
        "clock": clock(game),
        "version": game.version,
        "seed_sha256": game.seed_sha256 or None,
        "seed": game.revealed_seed,
        # Dice nobody can choose (games.rules.seeding): the commitment from the creation on; the
        # server seed and every contribution once the game is over; a player's own one to them.
        "seed_scheme": game.seed_scheme,
        "server_seed_sha256": game.server_seed_sha256 or None,
        "server_seed": game.server_seed if game.is_over else None,
        "contributions": _contributions(game, seats) if game.is_over else None,
        "my_entropy": seat.entropy if seat else None,
        "result": named_result(game.result, {p["position"]: p["name"] for p in seated}),
        "created_at": game.created_at.isoformat(),
        "players": seated,
        "to_act": sorted(acting),
        "my_seat": seat.position if seat else None,
        "my_turn": bool(seat and seat.position in acting and seat.status == Seat.Status.PLAYING),
        "invite_code": game.invite_code if seat else None,
    }


def _contributions(game: Game, seats: list[Seat] | None) -> list[dict]:
    """Returns every seat's contribution to the seed, in the order they joined (what the seed is
    derived from): for a game that is over only."""
    if seats is None:
        seats = list(game.seats.select_related("user"))
    ordered = sorted(seats, key=lambda s: (s.joined_at, s.pk))
    return [
        {"join_index": i, "position": s.position, "name": s.name, "is_bot": s.is_bot, "entropy": s.entropy}
        for i, s in enumerate(ordered)
    ]


# The log entries that make a game's state (games.rules.replaying's steps); undo, admin acts and the rest do not.
REPLAYED_KINDS = (Move.Kind.MOVE, Move.Kind.RESIGN)


def replay_state(game: Game, *, upto_seq: int | None = None) -> dict | None:
    """Rebuilds the state from options, seed and the effective log (what undo and verify use)."""
    moves = game.moves.filter(undone_by__isnull=True)
    if upto_seq is not None:
        moves = moves.filter(seq__lte=upto_seq)
    return _replayed(game, moves)


def state_as_of(game: Game, version: int) -> dict | None:
    """Rebuilds the state as it was at `version`, from the log as it stood then: the moves up to
    it, those undone later included (what an email written then shows, sent after the game moved on)."""
    moves = game.moves.filter(seq__lte=version).filter(Q(undone_by__isnull=True) | Q(undone_by__gt=version))
    return _replayed(game, moves)


def replay_steps(moves) -> list[tuple[int, replaying.Step]]:
    """Returns (seq, step) for these log rows' moves and resignations, oldest first: each step
    (kind, position, action) as games.rules.replaying plays it."""
    rows = moves.filter(kind__in=REPLAYED_KINDS).order_by("seq").values_list("seq", "kind", "position", "action")
    return [(seq, (kind, position, action)) for seq, kind, position, action in rows]


def _replayed(game: Game, moves) -> dict | None:
    """Replays these log rows (their moves and resignations, in order) from the game's start."""
    if not game.seed:
        return None
    seats = game.seats.filter(position__isnull=False).count()
    return replaying.replay(game.engine, game.options, seats, game.seed, [step for _seq, step in replay_steps(moves)])


def verify_game(game: Game) -> dict:
    """Checks a game that is over as `python -m games.rules verify` checks its exported file: the
    commitment to the server seed, the seed derived from it and every contribution, the seating,
    and the log replayed from the seed (games.rules.verify); says whether it reproduces the
    snapshot and the recorded result."""
    from games.archive import export_game
    from games.rules import verify

    doc = export_game(game)
    try:
        report = verify.verify(doc)
    except verify.BadFile as exc:
        report = verify.Report(bad_file=exc.message)
    checks = {c.name: c.ok for c in report.checks}
    names = {s["join_index"]: s["name"] for s in doc["seats"]}
    by_position = {s["position"]: s["name"] for s in doc["seats"] if s["position"] is not None}
    return {
        "game": game.pk,
        "seed": game.seed,
        "seed_sha256": game.seed_sha256,
        "seed_matches_hash": Game.hash_seed(game.seed) == game.seed_sha256,
        "moves_replayed": report.moves_replayed,
        "reproduces_snapshot": report.state is not None and report.state == game.state,
        "seed_scheme": game.seed_scheme,
        "server_seed": game.server_seed,
        "server_seed_sha256": game.server_seed_sha256,
        "commitment_matches": checks.get("commitment"),
        "contributions": [
            {k: s[k] for k in ("join_index", "position", "name", "is_bot", "entropy")} for s in verify.join_order(doc)
        ],
        "seed_recomputed": report.seed_recomputed,
        "seating_recomputed": [
            {"position": p, "join_index": j, "name": names.get(j, "")}
            for p, j in enumerate(report.seating_recomputed or [])
        ],
        "seating_matches": checks.get("seating"),
        "checks": [{"name": c.name, "ok": c.ok, "detail": with_names(c.detail, by_position)} for c in report.checks],
        "ok": report.ok,
        "problem": report.bad_file,
    }


# -- the lobby ------------------------------------------------------------------------------------

LOBBY_PAGE_SIZE = 20
LOBBY_SECTIONS = ("waiting", "playing", "open", "finished")


def lobby_sections(user, *, rules: str | None = None, title: str | None = None) -> dict:
    """Returns the lobby's four lists as querysets, in the order the page shows them: "waiting"
    (active games where the user has a decision pending now: their seat has a deadline),
    "playing" (their other games not over, those still gathering players too), "open" (public
    games they may join) and "finished" (theirs). `rules` keeps one game's engine, `title` the
    games whose title contains it. Each queryset leaves the state out and preloads the owner and
    the seats with their users, so a page of rows costs the same few queries however long it is."""
    games = Game.objects.all()
    if rules:
        games = games.filter(rules=rules)
    if title:
        games = games.filter(title__icontains=title)
    games = games.defer("state", "options", "seed").select_related("owner")
    games = games.prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("position")))
    pending = Seat.objects.filter(
        game=OuterRef("pk"), user=user, status=Seat.Status.PLAYING, deadline_at__isnull=False
    ).values("deadline_at")[:1]
    mine = games.filter(seats__user=user).annotate(
        my_deadline=Subquery(pending),
        waiting=ExpressionWrapper(Q(status=Game.Status.ACTIVE) & Exists(pending), output_field=BooleanField()),
    )
    in_play = [Game.Status.LOBBY, Game.Status.ACTIVE, Game.Status.PAUSED]
    over = [Game.Status.FINISHED, Game.Status.ABORTED]
    return {
        "waiting": mine.filter(waiting=True).order_by("my_deadline", "-created_at", "-pk"),
        "playing": mine.filter(status__in=in_play, waiting=False).order_by("-created_at", "-pk"),
        "open": games.filter(pk__in=open_games(user).values("pk")).order_by("-created_at", "-pk"),
        "finished": mine.filter(status__in=over).order_by(F("finished_at").desc(nulls_last=True), "-created_at", "-pk"),
    }


def lobby_row(game: Game, user) -> dict:
    """Returns what a lobby row shows of a game from lobby_sections (no query: the seats and the
    owner are preloaded): title, game, players, whose turn by name, the user's deadline."""
    try:
        rules_title = get_engine(game.rules).title
    except KeyError:
        rules_title = game.rules
    seats = [s for s in game.seats.all() if s.position is not None or s.user_id is not None]
    acting = [
        s for s in seats if game.status == Game.Status.ACTIVE and s.status == Seat.Status.PLAYING and s.deadline_at
    ]
    me = next((s for s in seats if user is not None and s.user_id == user.pk), None)
    result = game.result if isinstance(game.result, dict) else None
    reason = None
    if result and isinstance(result.get("reason"), str):
        reason = with_names(result["reason"], {s.position: s.name for s in seats if s.position is not None})
    return {
        "id": game.pk,
        "title": str(game),
        "rules": game.rules,
        "rules_title": rules_title,
        "status": game.status,
        "status_display": game.get_status_display(),
        "owner": game.owner.public_name,
        "players": [{"name": s.name, "is_bot": s.is_bot, "me": s is me, "status": s.status} for s in seats],
        "seats_taken": len(seats),
        "max_players": game.max_players,
        "acting_names": [s.name for s in acting if s is not me],
        "my_turn": me is not None and me in acting,
        "my_deadline": me.deadline_at if me is not None and me in acting else None,
        "result": reason,
        "finished_at": game.finished_at,
        "is_private": game.is_private,
    }


# -- the game page: what happened to you, presence, the end ---------------------------------------


def waiting_count(user) -> int:
    """Returns how many games wait for the user's decision now (one query): the lobby's "Waiting
    for you" list without its filters, for the header of every page."""
    if user is None or not user.is_authenticated:
        return 0
    return Seat.objects.filter(
        user=user, status=Seat.Status.PLAYING, deadline_at__isnull=False, game__status=Game.Status.ACTIVE
    ).count()


def last_own_move(game: Game, seat: Seat | None) -> int | None:
    """Returns the seq of the seat's last move that stands (None: it has made none yet)."""
    if seat is None or seat.position is None or game.state is None:
        return None
    return (
        game.moves.filter(position=seat.position, kind=Move.Kind.MOVE, undone_by__isnull=True)
        .order_by("-seq")
        .values_list("seq", flat=True)
        .first()
    )


# The most moves since a player's last one whose hits the page looks through.
HITS_LOOK_BACK = 200


def hits_since(game: Game, seat: Seat | None, since_seq: int, names: dict) -> dict:
    """Returns what hit the seat in others' moves after `since_seq` (events whose "audience" lists it):
    {"seqs": the moves holding a hit, "first": the first hit's sentence as the seat may read it,
    "by": who dealt it, "explain": the engine's explain_hit lines, "more": how many other hits}."""
    out = {"seqs": set(), "first": None, "by": "", "explain": [], "more": 0}
    if seat is None or seat.position is None or game.state is None:
        return out
    position = seat.position
    # the seat's own moves (its resignation, say) are no news to it: it saw them as it made them
    rows = game.moves.filter(seq__gt=since_seq, undone_by__isnull=True).exclude(position=position).order_by("-seq")
    hits = []
    for seq, evs in reversed(list(rows.values_list("seq", "events")[:HITS_LOOK_BACK])):
        for ev in evs or []:
            if isinstance(ev, dict) and position in (ev.get("audience") or ()):
                hits.append((seq, ev))
    if not hits:
        return out
    seq, first = hits[0]
    out["seqs"] = {s for s, _ in hits}
    shown = _redact_event(named_event(first, names), position)
    private = (shown.get("private") or {}).get("text")
    out["first"] = " ".join(t for t in ((shown.get("public") or {}).get("text"), private) if t)
    by = first.get("seat")
    out["by"] = names.get(by, "") if by is not None and by != position else ""
    out["explain"] = _explain_hit(game, first, position, names)
    out["more"] = len(hits) - 1
    return out


def _explain_hit(game: Game, event: dict, position: int, names: dict) -> list[dict]:
    """Returns the engine's explain_hit lines for the seat, each labelled (HIT_PARTS)."""
    engine = game.engine
    try:
        lines = engine.explain_hit(game.state, event, position)
    except Exception:  # an engine's explanation must never break the page that shows the table
        return []
    return [{"label": label, "text": with_names(text, names)} for label, text in zip(engine.HIT_PARTS, lines)]


def final_table(game: Game, seats: list[Seat], names: dict) -> dict | None:
    """Returns the end of a game as a table, from the engine's result alone (no game's name is
    looked at): {"columns": the result's per-seat figures (scores, cash...), "rows": in ranking
    order, each {"place", "name", "winner", "status", "values"}, "reason", "winners"}. Seats
    that are level share a place: both winners, or neither and equal in every figure."""
    result = game.result if isinstance(game.result, dict) else None
    if not result or not isinstance(result.get("ranking"), list):
        return None
    n = len([s for s in seats if s.position is not None])
    winners = set(result.get("winners") or [])
    columns = [
        key
        for key, value in result.items()
        if key not in ("winners", "ranking", "reason")
        and isinstance(value, list)
        and len(value) == n
        and all(isinstance(v, int | float) for v in value)
    ]
    by_position = {s.position: s for s in seats if s.position is not None}
    rows, previous = [], None
    for i, position in enumerate(p for p in result["ranking"] if isinstance(p, int)):
        seat = by_position.get(position)
        key = (position in winners, tuple(result[c][position] for c in columns))
        level = previous is not None and previous["key"] == key and (key[0] or bool(columns))
        place = previous["place"] if level else i + 1
        previous = {
            "key": key,
            "place": place,
            "name": names.get(position, f"Seat {position + 1}"),
            "winner": position in winners,
            "status": seat.get_status_display() if seat is not None and seat.status != Seat.Status.PLAYING else "",
            "values": [result[c][position] for c in columns],
            "position": position,
        }
        rows.append(previous)
    for row in rows:
        row["tied"] = sum(1 for r in rows if r["place"] == row["place"]) > 1
    return {
        "columns": [c.replace("_", " ").capitalize() for c in columns],
        "rows": rows,
        "reason": with_names(result.get("reason") or "", names),
        "winners": [names.get(w, f"Seat {w + 1}") for w in result.get("winners") or []],
    }


def rematch_offer(game: Game, user) -> dict | None:
    """Returns the rematch of a finished game the user was invited to and has not joined yet (one
    query): {"game", "code", "by"}; None if there is none."""
    if not game.is_over or user is None or not user.is_authenticated or not user.email:
        return None
    players = [s.user_id for s in game.seats.all() if s.user_id]
    invitation = (
        Invitation.objects.filter(
            email=user.email.lower(),
            accepted_by__isnull=True,
            invited_by__in=players,
            game__status=Game.Status.LOBBY,
            game__rules=game.rules,
            created_at__gte=game.finished_at or game.created_at,
        )
        .select_related("game", "invited_by")
        .order_by("-created_at")
        .first()
    )
    if invitation is None:
        return None
    return {"game": invitation.game, "code": invitation.code, "by": invitation.invited_by.public_name}


def game_terms(game: Game) -> list[tuple[str, str]]:
    """What a joiner agrees to, in words: the engine's options that apply (games.rules.base.Engine.
    options_in_words: its labels, never raw values), then the table's own terms."""
    hours = game.turn_hours
    misses = game.miss_limit
    after = "a bot takes the seat" if game.on_missed == Game.OnMissed.BOT else "the player is dropped"
    return [
        *game.engine.options_in_words(game.options or {}),
        ("Time to move", ngettext("%(n)d hour per move", "%(n)d hours per move", hours) % {"n": hours}),
        (
            "Missed deadlines",
            ngettext(
                "after %(n)d missed deadline in a row, %(after)s",
                "after %(n)d missed deadlines in a row, %(after)s",
                misses,
            )
            % {"n": misses, "after": after},
        ),
        (
            "Who may watch",
            "anyone" if game.visibility == Game.Visibility.PUBLIC else "only its players and invited people",
        ),
        ("Rated", "yes: the result moves the players' ratings" if game.rated else "no"),
    ]
