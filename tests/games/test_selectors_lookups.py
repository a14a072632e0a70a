"""games.selectors' lookups called directly: a user's games, the lobby's open games, a user's seat,
a private game's visibility, and how many games wait for a user."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.http import Http404
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from core.errors import ErrorCode, GameError
from games import selectors, services
from games.models import Game, Invitation, Move, Seat, Tenure
from tests.builders import lobby_game, start_game

pytestmark = pytest.mark.django_db

HAND = {"hand_size": 3}  # the toy game's, short


@pytest.fixture
def people(make_user, toy_engine):
    return make_user("ann"), make_user("bob"), make_user("cy")


def test_a_users_games_are_theirs_newest_first(people):
    ann, bob, cy = people
    first = start_game(ann, bob, options=HAND)
    second = services.game_create(owner=bob, rules="toy-shed", options=HAND)
    third = services.game_create(owner=cy, rules="toy-shed", options=HAND)
    services.game_join(game=third, user=bob)
    assert list(selectors.games_for_user(bob)) == [third, second, first]
    assert list(selectors.games_for_user(ann)) == [first]


def test_the_open_games_are_public_lobby_games_open_to_all_and_not_the_users_own(people):
    ann, bob, cy = people
    older = services.game_create(owner=ann, rules="toy-shed", options=HAND)
    newer = services.game_create(owner=bob, rules="toy-shed", options=HAND)
    services.game_create(owner=ann, rules="toy-shed", options=HAND, visibility=Game.Visibility.PRIVATE)
    services.game_create(owner=ann, rules="toy-shed", options=HAND, is_open=False)
    start_game(ann, bob, options=HAND, max_players=3)  # started: no longer open
    assert list(selectors.open_games()) == [newer, older]
    assert list(selectors.open_games(AnonymousUser())) == [newer, older]
    assert list(selectors.open_games(ann)) == [newer]
    assert list(selectors.open_games(cy)) == [newer, older]


def test_a_users_seat_is_found_only_for_a_player(people):
    ann, bob, cy = people
    game = start_game(ann, bob, options=HAND)
    assert selectors.seat_of(game, bob) == game.seats.get(user=bob)
    assert selectors.seat_of(game, cy) is None
    assert selectors.seat_of(game, None) is None
    assert selectors.seat_of(game, AnonymousUser()) is None
    assert selectors.player_seat(game, ann) == game.seats.get(user=ann)
    lobby = services.game_create(owner=cy, rules="toy-shed", options=HAND)
    for user, where in ((cy, lobby), (cy, game)):  # no position yet; no seat at all
        with pytest.raises(GameError) as caught:
            selectors.player_seat(where, user)
        assert (caught.value.code, caught.value.message) == (
            ErrorCode.NOT_A_PLAYER,
            "You are not playing in this game.",
        )


def test_a_private_game_is_visible_to_its_players_only(people):
    ann, bob, cy = people
    game = start_game(ann, bob, options=HAND, visibility=Game.Visibility.PRIVATE)
    assert selectors.visible_game(bob, game.pk) == game
    for user in (cy, AnonymousUser()):
        with pytest.raises(Http404):
            selectors.visible_game(user, game.pk)
    with pytest.raises(Http404):
        selectors.visible_game(ann, game.pk + 100)


def test_the_games_waiting_for_a_user_are_those_with_their_deadline_running(people, make_user):
    ann, bob, cy = people
    mod = make_user("mod", is_staff=True)
    games = [start_game(ann, bob, options=HAND) for _ in range(3)]
    waiting = {p: sum(g.seats.filter(user=p, deadline_at__isnull=False).exists() for g in games) for p in (ann, bob)}
    assert selectors.waiting_count(ann) + selectors.waiting_count(bob) == 3
    assert (selectors.waiting_count(ann), selectors.waiting_count(bob)) == (waiting[ann], waiting[bob])
    services.game_pause(game=games[0], by=mod)  # no deadline while paused
    services.game_resign(game=games[1], user=ann)  # over
    assert selectors.waiting_count(ann) + selectors.waiting_count(bob) == 1
    left = games[2].seats.get(deadline_at__isnull=False)
    Game.objects.filter(pk=games[2].pk).update(status=Game.Status.PAUSED)  # a deadline left on a paused game
    assert selectors.waiting_count(left.user) == 0
    Game.objects.filter(pk=games[2].pk).update(status=Game.Status.ACTIVE)
    games[2].seats.filter(pk=left.pk).update(status=Seat.Status.RESIGNED)  # ...or on a seat out of play
    assert selectors.waiting_count(left.user) == 0
    assert selectors.waiting_count(cy) == 0
    assert selectors.waiting_count(None) == selectors.waiting_count(AnonymousUser()) == 0


def test_no_hit_reads_as_an_empty_summary(people):
    ann, bob, _ = people
    game = start_game(ann, bob, options=HAND)
    empty = {"seqs": set(), "first": None, "by": "", "explain": [], "more": 0}
    names = selectors.seat_names(game)
    assert selectors.hits_since(game, game.seats.get(user=ann), 0, names) == empty  # the toy game hits nobody
    assert selectors.hits_since(game, None, 0, names) == empty
    lobby = services.game_create(owner=ann, rules="toy-shed", options=HAND)
    assert selectors.hits_since(lobby, lobby.seats.get(), 0, {}) == empty


def hit(by, victim, text, **more):
    """An event by seat `by` that hits seat `victim` (its "audience")."""
    return {"type": "hit", "seat": by, "public": {"text": text}, "audience": [victim], **more}


def test_the_hits_since_a_move_are_others_standing_hits_on_the_seat_the_first_told_whole(
    people, toy_engine, monkeypatch
):
    ann, bob, _ = people
    game = start_game(ann, bob, options=HAND)
    mine, theirs = game.seats.get(user=ann), game.seats.get(user=bob)
    a, b = mine.position, theirs.position
    names = {a: "Ann", b: "Bob"}
    v = game.version

    def log(seq, position, events, **fields):
        Move.objects.create(game=game, seq=seq, position=position, events=events, channel="web", **fields)

    log(v + 1, b, [{"type": "x", "audience": [b]}, "junk", {"type": "news"}])  # hits nobody at a
    first = hit(b, a, f"Player {b + 1} robs Player {a + 1}.", private={str(a): {"text": "You lose c1."}})
    log(v + 2, b, [first])
    log(v + 3, b, [hit(b, a, "Undone.")], undone_by=v + 4)
    log(v + 4, a, [hit(a, a, "Ann's own.")])
    log(v + 5, None, [], kind=Move.Kind.ADMIN)
    log(v + 6, None, [hit(None, a, "The clock strikes.")], kind=Move.Kind.ADMIN)
    log(v + 7, b, [hit(a, a, "A backfire."), hit(b, a, "Again.")])
    calls = []

    def explain_hit(state, event, position):
        calls.append((state, event, position))
        return [f"Player {b + 1} took it.", "Nothing mends it.", "Now."]

    monkeypatch.setattr(toy_engine, "explain_hit", explain_hit)
    assert selectors.hits_since(game, mine, v, names) == {
        "seqs": {v + 2, v + 6, v + 7},
        "first": "Bob robs Ann. You lose c1.",
        "by": "Bob",
        "explain": [
            {"label": "What it does to you", "text": "Bob took it."},
            {"label": "What mends it", "text": "Nothing mends it."},
            {"label": "By when", "text": "Now."},
        ],
        "more": 3,
    }
    assert calls == [(game.state, first, a)]
    assert selectors.hits_since(game, mine, v, {a: "Ann"})["by"] == ""  # a dealer the names leave out
    later = selectors.hits_since(game, mine, v + 2, names)
    assert (later["seqs"], later["first"], later["by"], later["more"]) == ({v + 6, v + 7}, "The clock strikes.", "", 2)
    own = selectors.hits_since(game, mine, v + 6, names)
    assert (own["first"], own["by"], own["more"]) == ("A backfire.", "", 1)  # dealt by the seat itself
    monkeypatch.setattr(selectors, "HITS_LOOK_BACK", 2)  # the newest two moves only
    assert selectors.hits_since(game, mine, v, names)["seqs"] == {v + 6, v + 7}
    assert selectors.hits_since(game, theirs, v, names)["seqs"] == set()  # ann's own and the undone one


def test_a_hit_the_engine_cannot_explain_still_reads(people, toy_engine, monkeypatch):
    ann, bob, _ = people
    game = start_game(ann, bob, options=HAND)
    a, b = (game.seats.get(user=u).position for u in (ann, bob))
    Move.objects.create(game=game, seq=game.version + 1, position=b, events=[hit(b, a, "Hit.")], channel="web")

    def broken(state, event, position):
        raise KeyError("its state is not what it expects")

    monkeypatch.setattr(toy_engine, "explain_hit", broken)
    out = selectors.hits_since(game, game.seats.get(user=ann), 0, {b: "Bob"})
    assert (out["first"], out["by"], out["explain"]) == ("Hit.", "Bob", [])


@pytest.fixture
def logged(people, toy_engine):
    """A started toy duel with four moves logged after its start, seat a's first two of them
    under a former holder's name ("Old Ann"), seat b's with no tenure. Returns (game, a, b, v: the start's version)."""
    ann, bob, _ = people
    game = start_game(ann, bob, options=HAND)
    a, b = (game.seats.get(user=u).position for u in (ann, bob))
    v = game.version
    Tenure.objects.filter(game=game, position=b).delete()  # b is named by the seat's holder now
    Tenure.objects.filter(game=game, position=a).update(until_seq=v + 1)
    Tenure.objects.create(game=game, position=a, name="Old Ann", from_seq=v + 1, until_seq=v + 3)
    Tenure.objects.create(game=game, position=a, name="ann", from_seq=v + 3)
    secret = {str(a): {"text": "You drew c9."}}
    for seq, position, text, note in (
        (v + 1, a, f"Player {a + 1} draws.", ""),
        (v + 2, b, "A card is drawn.", ""),
        (v + 3, a, f"Player {a + 1} passes.", "ann leaves it there."),
        (v + 4, b, f"Player {b + 1} passes.", ""),
    ):
        event = {"type": "x", "seat": position, "public": {"text": text}, "private": secret}
        Move.objects.create(game=game, seq=seq, position=position, events=[event], channel="web", note=note)
    Game.objects.filter(pk=game.pk).update(version=v + 4)
    game.refresh_from_db()
    return game, a, b, v


def test_the_log_pages_forward_and_back_naming_each_move_by_its_holder_then(logged):
    game, a, b, v = logged
    everything = selectors.move_log(game, None)
    assert [e["seq"] for e in everything] == list(range(1, v + 5))
    assert [e["player"] for e in everything[v:]] == ["Old Ann", "bob", "ann", "bob"]
    assert everything[v]["events"][0] == {"type": "x", "seat": a, "public": {"text": "Old Ann draws."}}
    own = selectors.move_log(game, game.seats.get(position=a), after_seq=v)
    assert own[0]["events"][0]["private"] == {"text": "You drew c9."}
    assert [e["seq"] for e in own] == [v + 1, v + 2, v + 3, v + 4]

    def seqs(**paging):
        return [e["seq"] for e in selectors.move_log(game, None, **paging)]

    assert seqs(before_seq=v + 3) == list(range(1, v + 3))
    assert seqs(after_seq=v, before_seq=v + 3) == [v + 1, v + 2]
    assert seqs(limit=2) == [1, 2]
    assert seqs(after_seq=v, limit=2) == [v + 1, v + 2]
    assert seqs(limit=2, latest=True) == [v + 3, v + 4]
    assert seqs(limit=2, before_seq=v + 4) == [v + 2, v + 3]
    assert seqs(before_seq=v + 4, after_seq=v + 1) == [v + 2, v + 3]
    now = {a: "Ann now", b: "Bob now"}
    named = selectors.move_log(game, None, after_seq=v, names=now)  # the tenures still name the past
    assert [e["player"] for e in named] == ["Old Ann", "Bob now", "ann", "Bob now"]
    names = selectors.game_names(game)
    assert selectors.move_log(game, None, after_seq=v, names=names) == selectors.move_log(game, None, after_seq=v)
    assert names.current == selectors.seat_names(game) == {a: "ann", b: "bob"}


def test_a_log_page_is_the_newest_moves_first_saying_where_the_earlier_page_starts(logged, monkeypatch):
    game, a, b, v = logged
    monkeypatch.setattr(selectors, "LOG_PAGE_SIZE", 2)
    page = selectors.log_page(game, game.seats.get(position=a))
    assert [e["seq"] for e in page["entries"]] == [v + 4, v + 3]
    assert page["earlier"] == v + 3
    assert [e["names_mover"] for e in page["entries"]] == [True, True]  # "bob passes.", the note "ann leaves..."
    back = selectors.log_page(game, None, before_seq=v + 3)
    assert [e["seq"] for e in back["entries"]] == [v + 2, v + 1]
    assert back["earlier"] == v + 1
    assert [e["names_mover"] for e in back["entries"]] == [False, True]  # "A card is drawn." names nobody
    start = selectors.log_page(game, None, before_seq=v + 2)
    assert ([e["seq"] for e in start["entries"]], start["earlier"]) == ([v + 1, v], None)
    assert [e["names_mover"] for e in start["entries"]] == [True, False]  # the start: no player
    # a player who loaded earlier pages keeps them on a live refresh, up to LOG_LIVE_MAX moves
    assert [e["seq"] for e in selectors.log_page(game, None, since_seq=v + 1)["entries"]] == list(range(v + 4, v, -1))
    assert selectors.log_page(game, None, since_seq=v + 1)["earlier"] == v + 1
    assert len(selectors.log_page(game, None, since_seq=v + 3)["entries"]) == 2  # never less than a page
    assert len(selectors.log_page(game, None, since_seq=v + 4)["entries"]) == 2
    assert len(selectors.log_page(game, None, since_seq=game.version + 1)["entries"]) == 2  # not a seq yet
    assert len(selectors.log_page(game, None, since_seq=0)["entries"]) == 2
    assert len(selectors.log_page(game, None, since_seq=1, before_seq=v + 5)["entries"]) == 2
    monkeypatch.setattr(selectors, "LOG_LIVE_MAX", 3)
    assert [e["seq"] for e in selectors.log_page(game, None, since_seq=1)["entries"]] == [v + 4, v + 3, v + 2]
    mine = game.seats.get(position=a)
    assert selectors.log_page(game, mine, before_seq=v + 4)["entries"][0]["events"][0]["private"] == {
        "text": "You drew c9."
    }
    # a move whose events say nothing names nobody, whatever its player is called
    events = [{"type": "y"}, {"type": "z", "public": {}}]
    Move.objects.create(game=game, seq=v + 5, position=b, events=events, channel="web")
    Game.objects.filter(pk=game.pk).update(version=v + 5)
    game.refresh_from_db()
    page = selectors.log_page(game, mine, names={a: "Ann now", b: "XX"})  # the caller's current names
    assert [(e["seq"], e["player"], e["names_mover"]) for e in page["entries"]] == [
        (v + 5, "XX", False),
        (v + 4, "XX", True),
    ]


def player_row(seat, **changed):
    row = {
        "position": seat.position,
        "name": seat.name,
        "is_bot": seat.is_bot,
        "status": seat.status,
        "deadline_at": seat.deadline_at.isoformat() if seat.deadline_at else None,
        "missed_deadlines": seat.missed_deadlines,
        "bank_seconds": None,
        "seems_away": False,
    }
    return {**row, **changed}


def test_a_games_summary_says_its_public_facts_and_the_users_own_seat(people):
    ann, bob, cy = people
    game = start_game(ann, bob, bots=1, options=HAND, title="Duel", turn_hours=12, entropy={ann: "mine"})
    bob.seems_away_since = timezone.now()
    bob.save()
    mine = game.seats.get(user=ann)
    mine.missed_deadlines = 2
    mine.save()
    seats = list(game.seats.order_by("position"))
    turn = game.engine.to_act(game.state)
    summary = selectors.game_summary(game, ann)
    players = summary.pop("players")
    assert players == [player_row(s, seems_away=s.user_id == bob.pk) for s in seats]
    assert sum(p["deadline_at"] is not None for p in players) == 1
    assert summary == {
        "id": game.pk,
        "title": "Duel",
        "rules": "toy-shed",
        "rules_title": "Shed (test game)",
        "rules_version": game.rules_version,
        "options": HAND,
        "status": Game.Status.ACTIVE,
        "owner": "ann",
        "max_players": 3,
        "is_open": True,
        "visibility": Game.Visibility.PUBLIC,
        "turn_hours": 12,
        "clock": {
            "kind": Game.Clock.MOVE,
            "turn_hours": 12,
            "bank_hours": game.bank_hours,
            "increment_hours": game.increment_hours,
            "cap_hours": game.cap_hours,
            "text": "12 hours per move",
        },
        "version": game.version,
        "seed_sha256": game.seed_sha256,
        "seed": None,
        "seed_scheme": game.seed_scheme,
        "server_seed_sha256": game.server_seed_sha256,
        "server_seed": None,
        "contributions": None,
        "my_entropy": mine.entropy,
        "result": None,
        "created_at": game.created_at.isoformat(),
        "to_act": turn,
        "my_seat": mine.position,
        "my_turn": turn == [mine.position],
        "invite_code": game.invite_code,
    }
    assert game.seed_sha256 and game.server_seed_sha256 and mine.entropy
    watcher = selectors.game_summary(game, cy)
    assert (watcher["my_entropy"], watcher["my_seat"], watcher["my_turn"], watcher["invite_code"]) == (
        None,
        None,
        False,
        None,
    )
    assert selectors.game_summary(game, bob, seats=seats[:1])["players"] == [
        player_row(seats[0], seems_away=seats[0].user_id == bob.pk)
    ]


def test_a_finished_games_summary_reveals_its_seeds_and_every_contribution_in_joining_order(
    people, django_assert_num_queries
):
    ann, bob, cy = people
    game = start_game(ann, bob, cy, options=HAND, entropy={ann: "ann's words", cy: "cy's"})
    services.game_resign(game=game, user=ann)
    services.game_resign(game=game, user=cy)
    game.refresh_from_db()
    joined = [game.seats.get(user=u) for u in (ann, bob, cy)]
    summary = selectors.game_summary(game, ann)
    assert game.is_over and game.seed and game.server_seed
    assert (summary["seed"], summary["server_seed"]) == (game.seed, game.server_seed)
    assert summary["contributions"] == [
        {"join_index": i, "position": s.position, "name": s.name, "is_bot": False, "entropy": s.entropy}
        for i, s in enumerate(joined)
    ]
    assert [c["entropy"] for c in summary["contributions"]] == ["ann's words", joined[1].entropy, "cy's"]
    assert summary["result"] == {**game.result, "reason": "Hand emptied."}
    assert (summary["to_act"], summary["my_turn"]) == ([], False)
    assert selectors._contributions(game, list(reversed(joined))) == summary["contributions"]
    with django_assert_num_queries(1):  # the seats with their players, read at once
        assert selectors._contributions(game, None) == summary["contributions"]
    # the caller's seats serve the contributions too: no seat is read again
    game = Game.objects.prefetch_related("seats__user").get(pk=game.pk)
    seats = list(game.seats.all())
    with CaptureQueriesContext(connection) as queries:
        assert selectors.game_summary(game, ann, seats=seats)["contributions"] == summary["contributions"]
    assert not [q["sql"] for q in queries.captured_queries if '"games_seat"' in q["sql"]]
    first = game.seats.get(position=0).name
    Game.objects.filter(pk=game.pk).update(result={**game.result, "reason": "Player 1 leads Player 9."})
    reason = selectors.game_summary(Game.objects.get(pk=game.pk), ann)["result"]["reason"]
    assert reason == f"{first} leads Player 9."


def test_a_bank_games_players_show_what_is_left_in_their_banks(people, django_assert_num_queries):
    ann, bob, _ = people
    game = start_game(
        ann, bob, bots=1, options=HAND, clock=Game.Clock.BANK, bank_hours=48, increment_hours=2, cap_hours=72
    )
    seats = list(game.seats.order_by("position"))
    players = selectors.players(game)
    assert [p["position"] for p in players] == [s.position for s in seats]
    for seat, player in zip(seats, players, strict=True):
        if seat.is_bot:
            assert player["bank_seconds"] is None
        elif seat.deadline_at:  # its bank runs
            assert 47 * 3600 < player["bank_seconds"] <= 48 * 3600
        else:
            assert player["bank_seconds"] == 48 * 3600
    assert sum(p["bank_seconds"] is not None for p in players) == 2
    duel = start_game(ann, bob, options=HAND, clock=Game.Clock.BANK, bank_hours=48, increment_hours=2, cap_hours=72)
    with django_assert_num_queries(1):  # the seats with their players (no vacations: no pause to read)
        left = sorted(p["bank_seconds"] for p in selectors.players(duel))
    assert 47 * 3600 < left[0] < 48 * 3600 == left[1]  # the seat to act spends its bank
    assert selectors.clock(game) == {
        "kind": Game.Clock.BANK,
        "turn_hours": game.turn_hours,
        "bank_hours": 48,
        "increment_hours": 2,
        "cap_hours": 72,
        "text": "Time bank: 2 days to start, +2 hours per move, up to 3 days",
    }


def deadlines(game, **by_user):
    """Sets the seats' deadlines: {username prefix: hours from now, or None}."""
    now = timezone.now()
    for seat in game.seats.select_related("user"):
        hours = by_user.get(seat.user.display_name) if seat.user else None
        seat.deadline_at = now + timedelta(hours=hours) if hours is not None else None
        seat.save()


def test_the_lobby_lists_what_waits_for_the_user_their_other_games_the_open_ones_and_the_finished(
    people, django_assert_num_queries
):
    ann, bob, cy = people
    sooner = start_game(ann, bob, options=HAND, title="Beta")  # the older game waits first: its deadline is sooner
    later = start_game(ann, bob, options=HAND, title="Alpha")
    theirs = start_game(ann, bob, options=HAND, title="Gamma")
    paused = start_game(ann, bob, options=HAND, title="Delta")
    out = start_game(ann, bob, cy, options=HAND, title="Epsilon")
    lobby_game(ann, title="Zeta", options=HAND)
    deadlines(later, ann=2)
    deadlines(sooner, ann=1)
    deadlines(theirs, bob=1)
    deadlines(paused, ann=1)
    Game.objects.filter(pk=paused.pk).update(status=Game.Status.PAUSED)
    deadlines(out, ann=1)
    out.seats.filter(user=ann).update(status=Seat.Status.RESIGNED)
    finished = start_game(ann, bob, options=HAND, title="Eta")
    services.game_resign(game=finished, user=bob)
    aborted = start_game(ann, bob, options=HAND, title="Theta")
    Game.objects.filter(pk=aborted.pk).update(status=Game.Status.ABORTED, finished_at=None)
    first_done = start_game(ann, bob, options=HAND, title="Iota")
    services.game_resign(game=first_done, user=ann)
    Game.objects.filter(pk=first_done.pk).update(finished_at=timezone.now() - timedelta(days=1))
    open_ = lobby_game(bob, title="Kappa", options=HAND)
    lobby_game(bob, title="Lambda", options=HAND, visibility=Game.Visibility.PRIVATE)
    lobby_game(cy, bob, title="Mu", options=HAND, max_players=3, is_open=False)

    def titles(sections):
        return {name: [g.title for g in games] for name, games in sections.items()}

    assert titles(selectors.lobby_sections(ann)) == {
        "waiting": ["Beta", "Alpha"],
        "playing": ["Zeta", "Epsilon", "Delta", "Gamma"],
        "open": ["Kappa"],
        "finished": ["Eta", "Iota", "Theta"],
    }
    assert list(selectors.lobby_sections(ann)) == list(selectors.LOBBY_SECTIONS)
    assert titles(selectors.lobby_sections(cy)) == {
        "waiting": [],
        "playing": ["Mu", "Epsilon"],
        "open": ["Kappa", "Zeta"],
        "finished": [],
    }
    assert titles(selectors.lobby_sections(ann, title="ALP")) == {
        "waiting": ["Alpha"],
        "playing": [],
        "open": [],
        "finished": [],
    }
    assert titles(selectors.lobby_sections(ann, rules="toy-notify")) == dict.fromkeys(selectors.LOBBY_SECTIONS, [])
    assert titles(selectors.lobby_sections(ann, rules="toy-shed"))["open"] == ["Kappa"]
    waiting = selectors.lobby_sections(ann)["waiting"]
    assert [g.my_deadline for g in waiting] == [
        sooner.seats.get(user=ann).deadline_at,
        later.seats.get(user=ann).deadline_at,
    ]
    assert open_.is_open
    rows = [g for section in selectors.lobby_sections(ann).values() for g in section]
    with django_assert_num_queries(0):  # the owner and the seats with their players are preloaded
        for game in rows:
            selectors.lobby_row(game, ann)
    assert all({"state", "options", "seed"} <= g.get_deferred_fields() for g in rows)  # read only if asked


def test_a_lobby_row_shows_the_players_whose_turn_and_the_users_deadline(people):
    ann, bob, cy = people
    game = start_game(ann, bob, cy, bots=1, options=HAND, title="Row")
    deadlines(game, ann=1, bob=2)
    game.seats.filter(user=cy).update(deadline_at=timezone.now(), status=Seat.Status.RESIGNED)
    Seat.objects.create(game=game, position=None)  # an empty seat with no position: not shown
    game = selectors.lobby_sections(ann)["waiting"].get()
    seats = sorted((s for s in game.seats.all() if s.position is not None), key=lambda s: s.position)
    mine = next(s for s in seats if s.user_id == ann.pk)
    row = selectors.lobby_row(game, ann)
    assert row == {
        "id": game.pk,
        "title": "Row",
        "rules": "toy-shed",
        "rules_title": "Shed (test game)",
        "status": Game.Status.ACTIVE,
        "status_display": "In play",
        "owner": "ann",
        "players": [{"name": s.name, "is_bot": s.is_bot, "me": s is mine, "status": s.status} for s in seats],
        "seats_taken": 4,
        "max_players": 4,
        "acting_names": ["bob"],
        "my_turn": True,
        "my_deadline": mine.deadline_at,
        "result": None,
        "finished_at": None,
        "is_private": False,
    }
    assert [p["me"] for p in row["players"]].count(True) == 1
    both = [s.name for s in seats if s.user_id in (ann.pk, bob.pk)]  # in their seats' order
    watcher = selectors.lobby_row(game, None)
    assert (watcher["acting_names"], watcher["my_turn"], watcher["my_deadline"]) == (both, False, None)
    assert not any(p["me"] for p in watcher["players"])
    cys = selectors.lobby_row(game, cy)
    assert (cys["my_turn"], cys["my_deadline"], cys["acting_names"]) == (False, None, both)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.PAUSED)
    paused = selectors.lobby_sections(ann)["playing"].get()
    assert selectors.lobby_row(paused, ann)["acting_names"] == []
    assert selectors.lobby_row(paused, ann)["my_turn"] is False


def test_a_finished_lobby_row_names_the_players_in_its_result(people):
    ann, bob, _ = people
    game = start_game(ann, bob, options=HAND, visibility=Game.Visibility.PRIVATE)
    a = game.seats.get(user=ann).position
    Game.objects.filter(pk=game.pk).update(
        status=Game.Status.FINISHED, result={"winners": [a], "reason": f"Player {a + 1} wins."}, rules="gone"
    )
    row = selectors.lobby_row(selectors.lobby_sections(ann)["finished"].get(), ann)
    assert (row["rules"], row["rules_title"], row["result"], row["is_private"]) == ("gone", "gone", "ann wins.", True)
    assert (row["my_turn"], row["acting_names"], row["status_display"]) == (False, [], "Finished")
    Game.objects.filter(pk=game.pk).update(result={"reason": 3})
    assert selectors.lobby_row(Game.objects.get(pk=game.pk), ann)["result"] is None
    Game.objects.filter(pk=game.pk).update(result=["not", "a", "dict"])
    assert selectors.lobby_row(Game.objects.get(pk=game.pk), ann)["result"] is None


def test_a_rematch_is_offered_to_the_players_invited_until_they_join(people, make_user, django_assert_num_queries):
    ann, bob, cy = people
    game = start_game(ann, bob, options=HAND)
    assert selectors.rematch_offer(game, bob) is None  # not over yet
    services.game_resign(game=game, user=ann)
    game.refresh_from_db()
    assert selectors.rematch_offer(game, bob) is None  # none offered yet
    rematch = services.game_rematch(game=game, by=ann)
    invitation = rematch.invitations.get()
    assert selectors.rematch_offer(game, bob) == {"game": rematch, "code": invitation.code, "by": "ann"}
    game = Game.objects.prefetch_related("seats").get(pk=game.pk)  # as the game page has it
    with django_assert_num_queries(1):  # the invitation, its game and who sent it, at once
        assert selectors.rematch_offer(game, bob) == {"game": rematch, "code": invitation.code, "by": "ann"}
    assert selectors.rematch_offer(game, ann) is None  # the one who offered it
    for nobody in (None, AnonymousUser(), cy):
        assert selectors.rematch_offer(game, nobody) is None
    bob.email = bob.email.upper()
    assert selectors.rematch_offer(game, bob)["code"] == invitation.code
    bob.email = ""
    assert selectors.rematch_offer(game, bob) is None
    bob.refresh_from_db()
    # only one of this game's players' invitations, to a game of its rules still gathering players, counts
    stranger = make_user("dee")
    other = services.game_create(owner=stranger, rules="toy-shed", options=HAND)
    Invitation.objects.create(game=other, email=cy.email, invited_by=stranger)
    assert selectors.rematch_offer(game, cy) is None
    Game.objects.filter(pk=game.pk).update(created_at=game.finished_at - timedelta(days=1))
    game.refresh_from_db()
    older = Invitation.objects.create(game=rematch, email=cy.email, invited_by=ann)
    Invitation.objects.filter(pk=older.pk).update(created_at=game.finished_at - timedelta(minutes=1))
    assert selectors.rematch_offer(game, cy) is None  # sent before this game ended
    newer = Invitation.objects.create(game=rematch, email=cy.email, invited_by=bob)
    assert selectors.rematch_offer(game, cy) == {"game": rematch, "code": newer.code, "by": "bob"}
    services.game_join(game=rematch, user=bob, code=invitation.code)
    assert selectors.rematch_offer(game, bob) is None  # joined
    Game.objects.filter(pk=rematch.pk).update(rules="toy-notify")
    assert selectors.rematch_offer(game, cy) is None
    Game.objects.filter(pk=rematch.pk).update(rules="toy-shed", status=Game.Status.ACTIVE)
    assert selectors.rematch_offer(game, cy) is None


def test_a_games_lookups_preload_its_owner_and_seated_players(people, django_assert_num_queries):
    ann, bob, _ = people
    game = start_game(ann, bob, options=HAND)
    seen = selectors.visible_game(bob, game.pk)
    mine = list(selectors.games_for_user(bob))
    lobby = services.game_create(owner=ann, rules="toy-shed", options=HAND)
    listed = list(selectors.open_games(bob))
    with django_assert_num_queries(0):
        assert seen.owner.public_name == "ann"
        assert sorted(s.user.public_name for s in seen.seats.all()) == ["ann", "bob"]
        assert sorted(s.user.public_name for s in mine[0].seats.all()) == ["ann", "bob"]
        assert listed == [lobby] and [s.user.public_name for s in listed[0].seats.all()] == ["ann"]
    with django_assert_num_queries(1):
        assert sorted(selectors.seat_names(game).values()) == ["ann", "bob"]


def test_a_seats_last_own_move_is_a_seq_whatever_the_rows_ids(people):
    ann, bob, _ = people
    start_game(ann, bob, options=HAND)  # another game's rows first: ids and seqs part ways
    game = start_game(ann, bob, options=HAND)
    seat = game.seats.get(position=game.engine.to_act(game.state)[0])
    Move.objects.create(game=game, seq=game.version + 1, position=seat.position, channel="web")
    assert selectors.last_own_move(game, seat) == game.version + 1
    assert game.moves.get(seq=game.version + 1).pk != game.version + 1


def test_the_table_and_the_menu_name_the_seats_holders_when_the_caller_has_no_names(people, toy_engine, monkeypatch):
    ann, bob, _ = people
    game = start_game(ann, bob, options=HAND)
    seat = game.seats.get(position=game.engine.to_act(game.state)[0])
    monkeypatch.setattr(toy_engine, "action_label", lambda state, position, action: f"Player {position + 1}: go")
    moves = selectors.legal_moves(game, seat)
    assert moves and {m["label"] for m in moves} == {f"{seat.name}: go"}
    view = selectors.game_view(game, seat)
    assert [p["name"] for p in view["players"]] == [game.seats.get(position=p).name for p in (0, 1)]
