"""The web pages: lobby, create, game page (board, legal moves, log), join links.

Every page works without JavaScript (plain forms, post/redirect/get); htmx only refreshes the
live part of the game page when someone else moves.
"""

import hashlib
import json
import re
import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.defaultfilters import pluralize
from django.template.loader import render_to_string, select_template
from django.urls import reverse
from django.views.decorators.http import require_POST

from core.errors import ErrorCode, GameError
from games import archive, replay, selectors, services
from games.api.parsers import MAX_JSON_DEPTH
from games.boards import game_board
from games.forms import GameCreateForm, ImportForm, InviteForm, JoinForm
from games.models import Game, Move
from games.rules import engines, get_engine
from games.rules.base import json_depth
from games.templatetags.glossary import glossary_for
from games.templatetags.pictures import table_picture
from games.templatetags.table import kept_parts

# The move form's key (its idempotency key) is bounded as the API's Idempotency-Key is: by its column.
MOVE_KEY_MAX = Move._meta.get_field("idempotency_key").max_length


def _game(request, pk) -> Game:
    return selectors.visible_game(request.user, pk)


LOBBY_SECTIONS = {
    "waiting": ("Waiting for you", "Nothing is waiting for you right now."),
    "playing": ("Your other games in play", "No other games in play."),
    "open": ("Open games to join", "No open games right now: open one below."),
    "finished": ("Finished", "No finished games yet."),
}


def _page_url(request, param: str, number: int | None) -> str | None:
    """Returns this page's query string with `param` set to `number` (None: no such page)."""
    if number is None:
        return None
    query = request.GET.copy()
    if number == 1:
        query.pop(param, None)
    else:
        query[param] = number
    return f"?{query.urlencode()}" if query else "?"


def lobby(request):
    """The signed-in player's lobby: games waiting for them first, then their other games in play,
    open games to join, their finished games; each list filtered by game and title, and paged
    (?waiting_page=2 and so on) at a fixed number of queries however many games there are."""
    if not request.user.is_authenticated:
        return render(request, "games/welcome.html", {"engines": engines()})
    all_engines = engines()
    rules = request.GET.get("game", "")
    if rules not in {e.name for e in all_engines}:
        rules = ""
    title = request.GET.get("q", "").strip()[:100]
    sections = []
    for key, queryset in selectors.lobby_sections(request.user, rules=rules, title=title).items():
        page = Paginator(queryset, selectors.LOBBY_PAGE_SIZE).get_page(request.GET.get(f"{key}_page"))
        heading, empty = LOBBY_SECTIONS[key]
        sections.append(
            {
                "key": key,
                "heading": heading,
                "empty": empty,
                "page": page,
                "prev_url": _page_url(
                    request, f"{key}_page", page.previous_page_number() if page.has_previous() else None
                ),
                "next_url": _page_url(request, f"{key}_page", page.next_page_number() if page.has_next() else None),
                "rows": [selectors.lobby_row(g, request.user) for g in page.object_list],
            }
        )
    return render(
        request,
        "games/lobby.html",
        {
            "sections": sections,
            "engines": all_engines,
            "filter_game": rules,
            "filter_q": title,
            "filtered": bool(rules or title),
        },
    )


@login_required
def game_new(request, slug):
    try:
        engine = get_engine(slug)
    except KeyError:
        raise Http404("No such game") from None
    form = GameCreateForm(request.POST or None, engine=engine)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            game = services.game_create(
                owner=request.user,
                rules=slug,
                options=form.options(),
                title=data["title"],
                max_players=data["max_players"],
                turn_hours=data["turn_hours"],
                clock=data["clock"],
                bank_hours=data["bank_hours"],
                increment_hours=data["increment_hours"],
                cap_hours=data["cap_hours"],
                is_open=data["is_open"],
                visibility=data["visibility"],
                bots=data["bots"],
                miss_limit=data["miss_limit"],
                on_missed=data["on_missed"],
                rated=data["rated"],
                entropy=data["entropy"],
            )
        except GameError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, "Game created. Share the invite link, add bots, then start it.")
            return redirect("games:detail", pk=game.pk)
    return render(request, "games/new.html", {"form": form, "engine": engine})


def _seen_version(request, game, seat) -> tuple[int | None, int, bool]:
    """Returns the game version the news are counted from, and how many moves by others came
    since: a seated player's own last move (what happened to them since they acted, however often
    they looked meanwhile); before their first move, and for anyone else, the version they saw
    last (None: never; kept in their session, and from now on they have seen this one); and
    whether it is their own last move."""
    if not request.user.is_authenticated:
        return None, 0, False
    key = f"seen:{game.pk}"
    seen = request.session.get(key)
    if seen != game.version:
        request.session[key] = game.version
    own = selectors.last_own_move(game, seat)
    if own is not None:
        seen = own
    if not isinstance(seen, int) or seen >= game.version:
        return (seen if isinstance(seen, int) else None), 0, own is not None
    since = game.moves.filter(seq__gt=seen)
    if seat is not None and seat.position is not None:
        since = since.exclude(position=seat.position)
    return seen, since.count(), own is not None


def _page_params(request):
    """What the page says of its log (from, to, seen): in the query of the live poll, in the form of
    a move (or any form of the live section) posted by htmx."""
    return request.POST if request.method == "POST" else request.GET


def _since_seq(request) -> int | None:
    """Returns the oldest log entry the page shows (?from=, sent by the live poll once earlier
    moves were loaded), or None for anything but a small whole number."""
    raw = _page_params(request).get("from", "")
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 9 else None


def _seats_stamp(seats) -> str:
    """Returns a short fingerprint of who sits where, in which state, due when: the live poll's
    second key (?s=), as joining, leaving, adding a bot or a new deadline move no version."""
    rows = sorted((s.pk, s.user_id, s.status, s.position, s.deadline_at and s.deadline_at.isoformat()) for s in seats)
    return hashlib.sha256(repr(rows).encode()).hexdigest()[:12]


def _live_context(request, game, *, delta: bool = False):
    seat = selectors.seat_of(game, request.user)
    seen_version, new_moves, since_own = _seen_version(request, game, seat)
    seats = list(game.seats.all())  # preloaded with their users by visible_game: no query
    names = {s.position: s.name for s in seats if s.position is not None}
    summary = selectors.game_summary(game, request.user, seats=seats)
    ctx = {
        "game": game,
        "summary": summary,
        "seat": seat,
        "seats_stamp": _seats_stamp(seats),
        "my_seat": seat.position if seat else None,
        "seen_version": seen_version,
        "new_moves": new_moves,
        "since_own": since_own,
        "is_owner": request.user.is_authenticated and game.owner_id == request.user.pk,
    }
    if game.state is None:  # waiting for players: no table yet
        return ctx
    view = selectors.game_view(game, seat, names=names)
    board_template = select_template([f"games/boards/{game.rules}.html", "games/boards/generic.html"])
    log = selectors.log_page(game, seat, names=names, since_seq=_since_seq(request))
    generic = board_template.template.name.endswith("/generic.html")
    # what hit the player since their own last move (before their first one: since the start)
    hits = selectors.hits_since(game, seat, seen_version if since_own else 0, names) if seat else None
    ctx.update(
        {
            "view": view,
            # only the generic board prints the view (for a long game, encoding it costs milliseconds)
            "view_json": json.dumps(view, indent=1, sort_keys=True) if view is not None and generic else "",
            "board_template": board_template.template.name,
            "board": game_board(game),
            "moves": [
                {**m, "action_json": json.dumps(m["action"])} for m in selectors.legal_moves(game, seat, names=names)
            ],
            "log": log["entries"],
            "log_earlier": log["earlier"],
            "idempotency_key": uuid.uuid4().hex,
            "hits": hits,
            "hit_seqs": hits["seqs"] if hits else set(),
            **_hit_marks(game, seat, hits),
            "last_move": _last_move(game, seat),
            "glossary": glossary_for(game),
        }
    )
    if delta:
        _log_delta(request, game, ctx)
    if game.is_over:
        ctx["final"] = selectors.final_table(game, seats, names)
        ctx["replay"] = {"hands": _open_hands(game, names)}
        ctx["rematch"] = selectors.rematch_offer(game, request.user)
    return ctx


def _hit_marks(game, seat, hits) -> dict:
    """Where on the player's own table what hit them landed (Engine.hit_places, for each hit since
    their last move): {"hit_places": the places to mark (a calamity card, a river's space, a load,
    a section of track that a board draws where it was)}."""
    out = {"hit_places": set()}
    if not hits or not hits["seqs"] or seat is None or seat.position is None:
        return out
    position = seat.position
    for action, events in game.moves.filter(seq__in=hits["seqs"]).values_list("action", "events"):
        for ev in events or []:
            if not isinstance(ev, dict) or position not in (ev.get("audience") or ()):
                continue
            try:
                found = game.engine.hit_places(game.state, position, ev, action if isinstance(action, dict) else {})
            except Exception:  # the marks are a courtesy on a table as it is now, never the page's failure
                continue
            out["hit_places"].update(found)
    return out


def _last_move(game, seat) -> dict | None:
    """The last move played (not undone), as the boards mark it: {"seat": who played it, "place":
    where on the table (Engine.place on the table as it is now, when it still names a place shown
    to this player; "" otherwise)}."""
    row = (
        game.moves.filter(kind=Move.Kind.MOVE, undone_by__isnull=True, position__isnull=False)
        .order_by("-seq")
        .values("position", "action")
        .first()
    )
    if row is None:
        return None
    try:
        place = game.engine.place(game.state, row["position"], row["action"]).split()[-1]
    except Exception:  # an old action on today's table: the mark is a courtesy, never the page's failure
        place = ""
    mine = seat is not None and seat.position == row["position"]
    # a place of a seat's own things (Engine.place_kinds' "own": a card in the hand): another
    # player's move there names their own, so it is not marked on this player's table
    kind = game.engine.place_kinds().get(place.split(":")[0]) or {}
    if kind.get("route") or (kind.get("own") and not mine):
        place = ""
    return {"seat": row["position"], "place": place}


def _log_delta(request, game, ctx) -> None:
    """Leaves in `ctx["log"]` only the entries after the newest the polling page shows (?to=), with
    `log_delta` set, when the rows it keeps read as they would now: the same of them marked New
    (?seen=, where the page counted its news from) and Hit, and none undone since (an undo strikes
    out older entries). The page keeps its log and adds these rows; the terms of the rows it keeps
    keep their popovers. After the player's own move (the answer to it, or the poll after a move
    made elsewhere), every row the page keeps is older than the news' new baseline, so none of them
    reads New or Hit any more: `log_unmark` tells static/js/table.js to take their marks off."""
    params = _page_params(request)
    raw, seen = params.get("to", ""), params.get("seen", "")
    if not _small_int(raw) or not (seen == "" or _small_int(seen)):
        return
    newest, before, now = int(raw), (int(seen) if seen else None), ctx["seen_version"]
    if ctx["since_own"] and before != now:  # they moved: their New and Hit marks moved on too
        if now is None or now < newest:
            return
        ctx["log_unmark"] = True
    elif (newest if before is None else min(before, newest)) != (newest if now is None else min(now, newest)):
        return
    kept = [e for e in ctx["log"] if e["seq"] <= newest]
    if (
        not kept
        or kept[0]["seq"] != newest
        or any(e["kind"] == Move.Kind.UNDO for e in ctx["log"] if e["seq"] > newest)
    ):
        return
    render_to_string("games/_log_rows.html", {**ctx, "log": kept})  # marks the kept rows' terms as used
    ctx["log"] = [e for e in ctx["log"] if e["seq"] > newest]
    ctx["log_delta"] = True


def _small_int(raw: str) -> bool:
    return raw.isascii() and raw.isdigit() and len(raw) <= 9


def _open_hands(game, names: dict) -> list[dict]:
    """Every seat's last hand, for a game that is over (as the replay shows its last step)."""
    hands = [replay.named_view(h, names) for h in game.engine.open_view(game.state).get("hands", [])]
    for h in hands:
        h["name"] = names.get(h.get("seat"), "")
    return hands


def _detail_context(request, game, *, delta: bool = False):
    ctx = _live_context(request, game, delta=delta)
    ctx["invite_form"] = InviteForm()
    ctx["join_form"] = JoinForm()
    ctx["invite_url"] = request.build_absolute_uri(reverse("games:join_link", args=[game.invite_code]))
    return ctx


def game_detail(request, pk):
    game = _game(request, pk)
    services.seat_seen(game, request.user)
    return render(request, "games/detail.html", _detail_context(request, game))


def _live_response(request, game, *, delta: bool = False):
    """The game page's live section as htmx swaps it in: with the messages of what was just done
    (an error in place of the old page's banner) and, out of band, the header's count and the
    page's foot (the seeds, revealed at the end); for the poll (`delta`), only the log's new rows
    when the page's log is otherwise current."""
    ctx = _detail_context(request, game, delta=delta)
    ctx["kept"] = kept_parts(_page_params(request).get("keep", ""))  # the parts the page has ({% keep %})
    response = render(request, "games/_live.html", {**ctx, "fragment": True})
    response.content = _squeeze(response.content.decode())
    return response


_KEEP_SPACES = re.compile(r"(<pre[\s>].*?</pre>|<textarea[\s>].*?</textarea>)", re.S)
_LINE_BREAKS = re.compile(r"\s*\n\s*")


def _squeeze(html: str) -> str:
    """Collapses each run of white space holding a line break (the templates' indentation) to one
    line break: a browser shows it the same (one space, or nothing between blocks), outside <pre>
    and <textarea>, which keep theirs. A map's update was ~10% indentation."""
    parts = _KEEP_SPACES.split(html)
    return "".join(part if i % 2 else _LINE_BREAKS.sub("\n", part) for i, part in enumerate(parts))


def game_live(request, pk):
    """The live part of the game page; 204 (nothing to swap) when neither the version nor the
    seats (?s=, who joined or left the waiting room) have moved."""
    game = _game(request, pk)
    services.seat_seen(game, request.user)
    stamp = request.GET.get("s")
    if request.GET.get("v") == str(game.version) and (stamp is None or stamp == _seats_stamp(game.seats.all())):
        return HttpResponse(status=204)
    return _live_response(request, game, delta=True)


def game_picture(request, pk):
    """The table picture (games.pictures: the drawing the emails show) as the viewer sees the table
    now, for whoever may see the game: the page has it; a live update leaves it out (it was most of
    some games' updates) and static/js/table.js fetches it here only where it is shown (not on a
    phone, whose table is the board's own); 204 before the game has a table."""
    game = _game(request, pk)
    if game.state is None:
        return HttpResponse(status=204)
    seat = selectors.seat_of(game, request.user)
    names = {s.position: s.name for s in game.seats.all() if s.position is not None}
    view = selectors.game_view(game, seat, names=names)
    context = {"game": game, "view": view, "board": game_board(game), "my_seat": seat.position if seat else None}
    response = HttpResponse(table_picture(context))
    response["Cache-Control"] = "private, no-cache"
    return response


def game_log(request, pk):
    """Earlier moves of the log, a page at a time (?before=<seq>), as the viewer may see them: for
    htmx the <li> rows to add to the list and the "Show earlier moves" button's next state (out of
    band), so the log stays one list; without JavaScript a page of its own."""
    game = _game(request, pk)
    try:
        before = int(request.GET.get("before", ""))
    except ValueError:
        before = None
    if before is not None and before < 1:
        before = None
    seat = selectors.seat_of(game, request.user)
    log = selectors.log_page(game, seat, before_seq=before)
    seen = request.session.get(f"seen:{game.pk}") if request.user.is_authenticated else None
    own = selectors.last_own_move(game, seat)
    if own is not None:
        seen = own
    ctx = {
        "game": game,
        "log": log["entries"],
        "log_earlier": log["earlier"],
        "my_seat": seat.position if seat else None,
        "seen_version": seen if isinstance(seen, int) else None,
        "glossary": glossary_for(game),
    }
    if request.headers.get("HX-Request"):
        return render(request, "games/_log_page.html", ctx)
    ctx["summary"] = selectors.game_summary(game, request.user)
    return render(request, "games/log.html", ctx)


_POINT = re.compile(r"\(?\s*\[?\s*(\d+)\s*,\s*(\d+)\s*\]?\s*\)?")
_PATH_GAP = re.compile(r"[\s;]*(?:->|-|>|\u2192)?[\s;]*")
_PATH_TYPE = re.compile(r"[a-z][a-z_]{0,29}")


class PathError(ValueError):
    """A typed path that cannot be read; the message is a sentence a player can read."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def parse_path_action(path_type: str, text: str) -> dict:
    """Returns {"type": path_type, "path": [[x, y], ...]} from text like "12,4 13,4 13,5".

    Boards that draw paths (tracks, routes) offer this as a plain form field so a path can be
    typed without JavaScript; the engine then judges the action like any other. Raises
    PathError for text that is not a path.
    """
    path_type = (path_type or "").strip()
    if not _PATH_TYPE.fullmatch(path_type):
        raise PathError("Choose what the path is for (for example build or move).")
    text = (text or "").strip()
    points, pos = [], 0
    while pos < len(text):
        gap = _PATH_GAP.match(text, pos)
        pos = gap.end()
        if pos >= len(text):
            break
        m = _POINT.match(text, pos)
        if not m or m.end() == pos:
            raise PathError(
                f"Could not read the path at \u201c{text[pos : pos + 12]}\u201d: write points as x,y "
                "separated by spaces, for example 12,4 13,4 13,5."
            )
        points.append([int(m.group(1)), int(m.group(2))])
        pos = m.end()
    if not points:
        raise PathError("The path is empty: write points as x,y separated by spaces, for example 12,4 13,4 13,5.")
    if len(points) > 200:
        raise PathError("That path is too long.")
    return {"type": path_type, "path": points}


@login_required
@require_POST
def game_move(request, pk):
    game = _game(request, pk)
    seat = selectors.seat_of(game, request.user)
    listed = not request.POST.get("action") and "move" in request.POST  # a button of the numbered list
    try:
        if listed:
            action = None  # looked up below, in the menu at the version the page showed
        elif not request.POST.get("action") and "path" in request.POST:
            action = parse_path_action(request.POST.get("path_type", ""), request.POST.get("path", ""))
        else:
            action = json.loads(request.POST.get("action", ""))
            if json_depth(action) > MAX_JSON_DEPTH:
                raise ValueError("nested too deeply")
        version = int(request.POST.get("version", ""))
    except PathError as exc:
        messages.error(request, exc.message)
        return _done(request, pk)
    except (ValueError, TypeError, RecursionError):
        messages.error(request, "That move could not be read; please choose again.")
        return _done(request, pk)
    key = request.POST.get("key") or None
    if key is not None and (len(key) > MOVE_KEY_MAX or not key.isprintable()):
        messages.error(
            request,
            f"That move could not be read: its form's key is at most {MOVE_KEY_MAX} characters, with no "
            "control characters. Reload the page and choose again.",
        )
        return _done(request, pk)
    if seat is None:
        messages.error(request, "You are not playing in this game.")
        return _done(request, pk)
    if listed:
        try:
            action = _listed_action(request, game, seat, version)
        except PathError as exc:
            messages.error(request, exc.message)
            return _done(request, pk)
    try:
        result = services.move_submit(
            game=game,
            seat=seat,
            action=action,
            expected_version=version,
            channel=Move.Channel.WEB,
            idempotency_key=_move_key(request.POST),  # the checked key, with the action's digest
            actor=request.user,
        )
    except GameError as exc:
        messages.error(request, exc.message)
    else:
        texts = [e["public"].get("text") for e in result.events if e.get("public", {}).get("text")]
        if texts:
            messages.info(request, selectors.with_names(" ".join(texts[:4]), selectors.seat_names(game)))
    return _done(request, pk)


# What a move of the numbered list posts: its number in the menu (1 to 9999).
_LISTED = re.compile(r"[1-9][0-9]{0,3}")


def _listed_action(request, game, seat, version: int):
    """Returns the action a button of the numbered list names: the move at its number ("move", from
    1) in the seat's menu (Engine.legal_actions, as selectors.legal_moves numbers it) at the version
    the page showed, which is the game's version now. A page of an older version is answered by
    services.move_submit: with the move this page's key already made (a second tap of the same
    button: the first answer, nothing applied again), else refused as stale; so is a game that is
    not in play or a seat not to act (the placeholder returned is never applied). Raises PathError,
    a sentence for the player, for a number that is not one of the menu's; nothing is changed."""
    raw = request.POST.get("move", "")
    if not (raw.isascii() and _LISTED.fullmatch(raw)):
        raise PathError("That move could not be read; please choose again.")
    placeholder = {"type": "listed"}  # refused before it is ever looked at
    if version != game.version:
        key = _move_key(request.POST)
        first = Move.objects.filter(game=game, actor=request.user, idempotency_key=key).first() if key else None
        return first.action if first is not None else placeholder
    if game.status != Game.Status.ACTIVE or seat.status != seat.Status.PLAYING:
        return placeholder
    if seat.position not in game.engine.to_act(game.state):
        return placeholder
    actions = game.engine.legal_actions(game.state, seat.position)
    index = int(raw)
    if index > len(actions):
        raise PathError(
            f"There is no move {index} on your list (it has {len(actions)}): reload the page and choose again."
        )
    return actions[index - 1]


def _move_key(post) -> str | None:
    """The move's idempotency key: the page's key (one for its whole list of moves) with a digest of
    the action sent (or of the list's number of the move), so a second tap of the same move is the
    same request, another move is not."""
    key = post.get("key")
    if not key:
        return None
    if not post.get("action") and "move" in post:
        sent = f"move:{post.get('move')}"
    else:
        sent = post.get("action") or f"{post.get('path_type', '')}:{post.get('path', '')}"
    return f"{key[:80]}-{hashlib.sha256(sent.encode()).hexdigest()[:12]}"


def _done(request, pk):
    """Answers a form of the game page once it is handled: for htmx the live section, changed in
    place (the messages in it); without JavaScript the page again (post/redirect/get)."""
    if request.headers.get("HX-Request"):
        return _live_response(request, _game(request, pk), delta=True)
    return redirect("games:detail", pk=pk)


def _go(request, url):
    """Sends the browser to another page: htmx follows HX-Redirect, a plain form the redirect."""
    if request.headers.get("HX-Request"):
        response = HttpResponse(status=204)
        response["HX-Redirect"] = url
        return response
    return redirect(url)


def _post_service(request, pk, fn, ok_message, **kwargs):
    game = _game(request, pk)
    try:
        fn(game=game, **kwargs)
    except GameError as exc:
        messages.error(request, exc.message)
    else:
        if ok_message:
            messages.success(request, ok_message)
    return _done(request, pk)


@login_required
@require_POST
def game_start(request, pk):
    return _post_service(
        request, pk, services.game_start, "The game has started.", by=request.user, channel=Move.Channel.WEB
    )


@login_required
@require_POST
def game_add_bot(request, pk):
    return _post_service(request, pk, services.game_add_bot, "A bot took a seat.", by=request.user)


@login_required
@require_POST
def game_join(request, pk):
    form = JoinForm(request.POST)
    if not form.is_valid():
        _game(request, pk)
        messages.error(request, " ".join(form.errors.get("entropy", ["Your entropy could not be read."])))
        return _done(request, pk)
    game = _game(request, pk)
    try:
        services.game_join(game=game, user=request.user, entropy=form.cleaned_data["entropy"])
    except GameError as exc:
        messages.error(request, exc.message)
        return _done(request, pk)
    messages.success(request, "You joined the game.")
    # the page again, whole: the table talk outside the live section now lets the player write
    return _go(request, reverse("games:detail", args=[pk]))


@login_required
@require_POST
def game_leave(request, pk):
    game = _game(request, pk)
    try:
        services.game_leave(game=game, user=request.user)
    except GameError as exc:
        messages.error(request, exc.message)
        return _done(request, pk)
    messages.success(request, "You left the game.")
    return _go(request, reverse("games:lobby"))


@login_required
@require_POST
def game_resign(request, pk):
    return _post_service(
        request, pk, services.game_resign, "You resigned.", user=request.user, channel=Move.Channel.WEB
    )


@login_required
@require_POST
def game_invite(request, pk):
    _game(request, pk)
    form = InviteForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Please give a valid email address.")
        return _done(request, pk)
    return _post_service(
        request,
        pk,
        services.game_invite,
        f"Invitation sent to {form.cleaned_data['email']}.",
        by=request.user,
        email=form.cleaned_data["email"],
    )


@login_required
@require_POST
def game_rematch(request, pk):
    """A rematch of a game that is over: a new game with the same players and options (its bots
    seated, the others invited); the player who asked for it owns it and lands on it."""
    game = _game(request, pk)
    try:
        rematch = services.game_rematch(game=game, by=request.user)
    except GameError as exc:
        messages.error(request, exc.message)
        return _done(request, pk)
    invited = rematch.invitations.count()
    messages.success(
        request,
        f"Rematch opened{f': {invited} invitation{pluralize(invited)} sent' if invited else ''}. "
        "Start it once everyone has joined.",
    )
    return _go(request, reverse("games:detail", args=[rematch.pk]))


@login_required
def try_bots(request, slug):
    """ "Try it against bots": a private game of that rules against bots, started at once (the
    smallest table: the player and one bot or more). GET asks; POST starts it, or goes back to the
    player's try-out of that game still in play."""
    try:
        engine = get_engine(slug)
    except KeyError:
        raise Http404("No such game.") from None
    title = f"Try-out: {engine.title} against bots"
    if request.method == "POST":
        existing = (
            Game.objects.filter(owner=request.user, rules=slug, title=title, status=Game.Status.ACTIVE)
            .order_by("-pk")
            .first()
        )
        if existing is not None:
            return redirect("games:detail", pk=existing.pk)
        seats = engine.min_seats
        try:
            game = services.game_create(
                owner=request.user,
                rules=slug,
                title=title,
                max_players=seats,
                bots=seats - 1,
                is_open=False,
                visibility=Game.Visibility.PRIVATE,
            )
            services.game_start(game=game, by=request.user)
        except GameError as exc:
            messages.error(request, exc.message)
            return redirect("games:lobby")
        messages.success(request, f"Your game against {seats - 1} bot{'s' if seats > 2 else ''} has begun.")
        return redirect("games:detail", pk=game.pk)
    return render(request, "games/try_bots.html", {"engine": engine, "bots": engine.min_seats - 1})


def _join_context(game, user, code, form) -> dict:
    return {
        "game": game,
        "summary": selectors.game_summary(game, user),
        "terms": selectors.game_terms(game),
        "code": code,
        "form": form,
    }


def join_link(request, code):
    """An invite link: shows the game and a join button (log in first)."""
    try:
        game = services.game_find_by_code(code)
    except GameError as exc:
        messages.error(request, exc.message)
        return redirect("games:lobby")
    form = JoinForm(request.POST if request.method == "POST" else None)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('account_login')}?next={request.path}")
        if not form.is_valid():
            return render(
                request,
                "games/join.html",
                _join_context(game, request.user, code, form),
                status=400,
            )
        try:
            services.game_join(game=game, user=request.user, code=code, entropy=form.cleaned_data["entropy"])
        except GameError as exc:
            messages.error(request, exc.message)
            if not Game.objects.visible_to(request.user).filter(pk=game.pk).exists():
                return redirect("games:join_link", code=code)  # a private game: the link's page, not a 404
        else:
            messages.success(request, "You joined the game.")
        return redirect("games:detail", pk=game.pk)
    return render(
        request,
        "games/join.html",
        _join_context(game, request.user, code, form),
    )


def game_verify(request, pk):
    game = _game(request, pk)
    if not game.is_over:
        messages.error(request, "A game can be verified once it is over and its seed revealed.")
        return redirect("games:detail", pk=pk)
    return render(request, "games/verify.html", {"game": game, "report": selectors.verify_game(game)})


def _replay_url(game, step: int) -> str:
    return f"{reverse('games:replay', args=[game.pk])}?step={step}"


def game_replay(request, pk):
    """The replay viewer: the table at one step of the game's log (?step=n: 0 is the start, the
    default the latest), first / previous / next / last links and a slider (arrow keys, Home and
    End with static/js/replay.js; htmx swaps the step in place and keeps the URL in sync). Over:
    every hand shown; in play: a seated player's own view, anyone else the spectator's. A step
    that is not a whole number, or not one of the game's, redirects to one that is, saying why."""
    game = _game(request, pk)
    seat = selectors.seat_of(game, request.user)
    raw = request.GET.get("step", "")
    try:
        step = replay.parse_step(raw) if raw != "" else None
        data = replay.replay_step(game, step=step, seat=seat)
    except GameError as exc:
        messages.error(request, exc.message)
        if exc.code == ErrorCode.GAME_NOT_ACTIVE:
            return redirect("games:detail", pk=pk)
        if exc.code == ErrorCode.NOT_FOUND:  # past the last step: the last one
            return redirect(_replay_url(game, exc.extra.get("total_steps", 0)))
        return redirect("games:replay", pk=pk)
    step, total = data["step"], data["total_steps"]
    board_template = select_template([f"games/boards/{game.rules}.html", "games/boards/generic.html"])
    view = data["view"]
    summary = selectors.game_summary(game, request.user, seats=list(game.seats.all()))
    summary["to_act"] = view.get("to_act") or []  # who was to act at this step, not now
    controls = []
    for rel, label, key, n in (
        ("first", "First", "Home", 0),
        ("prev", "Previous", "Left arrow", step - 1),
        ("next", "Next", "Right arrow", step + 1),
        ("last", "Last", "End", total),
    ):
        usable = 0 <= n <= total and n != step
        controls.append(
            {"rel": rel, "label": label, "key": key, "step": n, "url": _replay_url(game, n) if usable else ""}
        )
    ctx = {
        "game": game,
        "summary": summary,
        "replay": data,
        "view": view,
        "view_json": json.dumps(view, indent=1, sort_keys=True)
        if board_template.template.name.endswith("/generic.html")
        else "",
        "my_seat": data["position"],
        "board_template": board_template.template.name,
        "board": game_board(game),
        "moves": [],
        "glossary": glossary_for(game),
        "controls": controls,
        "replay_url": reverse("games:replay", args=[game.pk]),
    }
    if request.headers.get("HX-Request") and not request.headers.get("HX-History-Restore-Request"):
        return render(request, "games/replay_step.html", {**ctx, "oob_status": True})
    return render(request, "games/replay.html", ctx)


def game_export(request, pk):
    """The finished game as one JSON file to download (games.archive): whoever may see the game."""
    game = _game(request, pk)
    if not game.is_over:
        return render(
            request,
            "games/import.html",
            {
                "form": None,
                "game": game,
                "refused": "A game can be downloaded once it is over and its seeds are revealed.",
            },
            status=409,
        )
    response = HttpResponse(archive.export_json(game), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{archive.export_filename(game)}"'
    return response


@login_required
def game_import(request):
    """Upload a game exported from a Trailpost server: it is verified, then kept as a finished
    private game of the uploader's, for replay and analysis."""
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            game = archive.import_game(form.cleaned_data["file"].read(), owner=request.user)
        except GameError as exc:
            form.add_error("file", exc.message)
        else:
            messages.success(request, "The game was imported and verified: it is private to you.")
            return redirect("games:detail", pk=game.pk)
    return render(request, "games/import.html", {"form": form}, status=400 if form.errors else 200)
