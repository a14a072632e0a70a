"""Seat tenure (issue #17): each move is named by whoever held its seat when it was played, for
good: a seat replaced later (by a moderator, a kick or the clock) or a display name changed does
not rewrite the log on the page, in the API or in an email. A moderator's act reads as the
moderator's, about the seat; a moderator may kick a player, with a reason."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core.errors import ErrorCode, GameError
from games import selectors, services
from games.models import Game, Move, Seat, Tenure
from games.timekeeper.autoplay import bots_play
from games.timekeeper.sweep import replace_absent
from notifications import delivery
from notifications.models import Notification
from notifications.outbox import decision_notice
from tests.builders import seat_to_act, start_game

pytestmark = pytest.mark.django_db

RULES = "oregon-trail-race"  # its texts name seats "Player N", which the server turns into names


@pytest.fixture
def people(make_user):
    return {
        "alice": make_user("nc_alice"),
        "bob": make_user("nc_bob"),
        "mod": make_user("mod", is_staff=True, is_superuser=True),
    }


def _seat(game, user) -> Seat:
    return Seat.objects.select_related("user").get(game=game, user=user)


def _play(game, seat=None) -> Move:
    """Plays the first legal move of the seat to act (which must be `seat` when given)."""
    acting = seat_to_act(game)
    if seat is not None:
        assert acting.pk == seat.pk, "the engine's order is not what the test expects"
    action = game.engine.legal_actions(game.state, acting.position)[0]
    channel = Move.Channel.BOT if acting.is_bot else Move.Channel.WEB
    return services.move_submit(game=game, seat=acting, action=action, expected_version=None, channel=channel).move


@pytest.fixture
def replaced(people):
    """The issue's game: nc_alice and nc_bob each play, then a moderator gives nc_bob's seat to a
    bot, which plays on. Returns the game, bob's move, the replacement's log row and the bot's move."""
    game = start_game(people["alice"], people["bob"], rules=RULES, title="Issue 17")
    alice, bob = _seat(game, people["alice"]), _seat(game, people["bob"])
    while seat_to_act(game).pk != alice.pk:
        _play(game)
    _play(game, alice)
    bobs = _play(game, bob)
    assert seat_to_act(game).pk == alice.pk
    services.seat_replace(game=game, seat=bob, by=people["mod"], bot=True, reason="nc_bob asked to leave")
    replace = Move.objects.filter(game=game, action__type="replace_seat").get()
    _play(game, alice)
    assert bots_play(game.pk) >= 1
    bots = Move.objects.filter(game=game, seq__gt=replace.seq, position=bob.position, kind=Move.Kind.MOVE).first()
    return game, bobs, replace, bots


def _public(entry) -> str:
    return " ".join(e["public"].get("text", "") for e in entry["events"])


def test_the_issue_bobs_moves_keep_his_name_after_his_seat_goes_to_a_bot(replaced, people, client, api_for):
    game, bobs, replace, bots = replaced
    seat = Seat.objects.get(pk=bobs.seat_id)
    bot = seat.name
    assert seat.is_bot and bot.endswith("(bot)")
    entries = {e["seq"]: e for e in selectors.move_log(game, None)}
    assert entries[bobs.seq]["player"] == "nc_bob" and _public(entries[bobs.seq]).startswith("nc_bob ")
    assert entries[bots.seq]["player"] == bot and _public(entries[bots.seq]).startswith(f"{bot} ")
    # The web log: the game page and the log page.
    client.force_login(people["alice"])
    for url in (reverse("games:detail", args=[game.pk]), reverse("games:log", args=[game.pk])):
        html = client.get(url).content.decode()
        row = re.search(rf'<li value="{bobs.seq}"[^>]*>(.*?)</li>', html, re.S).group(1)
        assert "nc_bob " in row and bot not in row
        row = re.search(rf'<li value="{bots.seq}"[^>]*>(.*?)</li>', html, re.S).group(1)
        assert bot in row and "nc_bob" not in row
    # The API's log.
    api = {e["seq"]: e for e in api_for(people["alice"]).get(f"/api/games/{game.pk}/moves/").json()}
    assert api[bobs.seq]["player"] == "nc_bob" and _public(api[bobs.seq]).startswith("nc_bob ")
    assert api[bots.seq]["player"] == bot


def test_an_emails_log_names_the_player_who_made_each_move(people):
    """What a decision email lists of the moves since the reader's own last one names the holder of
    each seat at the time (the email that waited out its grace window is written when it goes)."""
    game = start_game(people["alice"], people["bob"], rules=RULES, title="Issue 17")
    alice, bob = _seat(game, people["alice"]), _seat(game, people["bob"])
    while seat_to_act(game).pk != alice.pk:
        _play(game)
    _play(game, alice)
    bobs = _play(game, bob)
    services.seat_replace(game=game, seat=bob, by=people["mod"], bot=True)
    game.refresh_from_db()
    context = decision_notice(game, _seat(game, people["alice"]))
    said = [e for e in context["events"] if e.startswith("nc_bob ")]
    assert said and said[0] == selectors.move_log(game, None, after_seq=bobs.seq - 1)[0]["events"][0]["public"]["text"]
    assert not [e for e in context["events"] if "(bot)" in e]
    note = Notification(kind="your_turn", user=people["alice"], email="a@example.com", game=game, context=context)
    assert said[0] in delivery.render_notification(note, pictures={}).body


def test_a_changed_display_name_does_not_rewrite_history(people, client):
    game = start_game(people["alice"], people["bob"], rules=RULES, title="Issue 17")
    bob = _seat(game, people["bob"])
    while seat_to_act(game).pk != bob.pk:
        _play(game)
    first = _play(game, bob)
    user = people["bob"]
    user.display_name = "Robert"
    user.save()
    while seat_to_act(game).pk != bob.pk:
        _play(game)
    second = _play(game, bob)
    entries = {e["seq"]: e for e in selectors.move_log(game, None)}
    assert entries[first.seq]["player"] == "nc_bob" and _public(entries[first.seq]).startswith("nc_bob ")
    assert entries[second.seq]["player"] == "Robert" and _public(entries[second.seq]).startswith("Robert ")
    assert "Robert" in [p["name"] for p in selectors.game_summary(game)["players"]]  # the table: the name now
    tenures = Tenure.objects.filter(game=game, position=bob.position).order_by("from_seq")
    assert list(tenures.values_list("name", "from_seq", "until_seq"))[1:] == [
        ("nc_bob", tenures[0].from_seq, first.seq + 1)
    ][1:] + [("Robert", first.seq + 1, None)]
    assert tenures[0].name == "nc_bob" and tenures[0].until_seq == first.seq + 1


def test_a_rename_before_any_move_of_the_tenure_just_renames_it(people):
    game = start_game(people["alice"], people["bob"], rules=RULES, title="Issue 17")
    user = people["bob"]
    user.display_name = "Bobby"
    user.save(update_fields=["display_name"])
    user.display_name = "Bobbie"
    user.save(update_fields=["display_name"])
    user.save(update_fields=["last_login"])  # no name in it: nothing to do
    names = list(Tenure.objects.filter(game=game, user=user).order_by("from_seq").values_list("name", flat=True))
    assert names[-1] == "Bobbie" and len(names) <= 2
    assert Tenure.objects.filter(game=game, user=user, until_seq__isnull=True).count() == 1


def test_the_replacement_closes_one_tenure_and_opens_the_next_at_its_seq(replaced):
    game, bobs, replace, bots = replaced
    tenures = list(Tenure.objects.filter(game=game, position=bobs.position).order_by("from_seq"))
    assert [(t.name, t.is_bot, t.until_seq) for t in tenures] == [
        ("nc_bob", False, replace.seq),
        (Seat.objects.get(pk=bobs.seat_id).name, True, None),
    ]
    assert tenures[1].from_seq == replace.seq


def test_a_moderators_acts_read_as_the_moderators_about_the_seat(people, client):
    game = start_game(people["alice"], people["bob"], rules=RULES, title="Issue 17")
    acting = seat_to_act(game)
    services.deadline_extend(game=game, seat=acting, by=people["mod"], hours=24)
    services.game_pause(game=game, by=people["mod"], reason="Server maintenance")
    services.game_resume(game=game, by=people["mod"])
    entries = selectors.log_page(game, None)["entries"]
    extend, pause, resume = entries[2], entries[1], entries[0]
    assert extend["note"] == f"A moderator extended {acting.name}'s deadline by 24 h"
    assert pause["note"] == "A moderator paused the game: Server maintenance"
    assert resume["note"] == "A moderator resumed the game."
    for entry in (extend, pause, resume):
        assert entry["player"] == "A moderator" and entry["names_mover"]
    client.force_login(people["alice"])
    html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "A moderator extended" in html and f"<strong>{acting.name}</strong>: " not in html
    assert "<strong>A moderator</strong>" not in html  # the sentence names the moderator once
    assert Move.objects.get(game=game, action__type="extend_deadline").actor == people["mod"]  # the audit
    start = selectors.move_log(game, None)[0]
    assert start["player"] is None and start["note"] == "Game started"  # the owner's start stays the owner's


def test_the_clocks_bot_takeover_passes_the_tenure_on_and_keeps_earlier_names(people):
    game = start_game(people["alice"], people["bob"], rules=RULES, title="Issue 17")
    bob = _seat(game, people["bob"])
    while seat_to_act(game).pk != bob.pk:
        _play(game)
    bobs = _play(game, bob)
    Seat.objects.filter(pk=bob.pk).update(missed_deadlines=3)
    game.refresh_from_db()
    assert replace_absent(game, _seat(game, people["bob"])) == "bot"
    seat = Seat.objects.get(pk=bob.pk)
    entry = selectors.move_log(game, None)[-1]
    assert entry["note"] == f"nc_bob missed 3 deadlines in a row: {seat.name} takes the seat."
    assert entry["player"] is None and entry["channel"] == Move.Channel.TIMEOUT  # not a moderator's act
    assert next(e for e in selectors.move_log(game, None) if e["seq"] == bobs.seq)["player"] == "nc_bob"
    assert Tenure.objects.get(game=game, position=bob.position, until_seq__isnull=True).name == seat.name


def test_kick_to_a_bot_with_a_reason(people):
    game = start_game(people["alice"], people["bob"], rules=RULES, title="Issue 17")
    bob = _seat(game, people["bob"])
    services.seat_kick(game=game, seat=bob, by=people["mod"], reason="  Abusive\nchat  ")
    seat = Seat.objects.get(pk=bob.pk)
    assert seat.is_bot and seat.user is None and seat.status == Seat.Status.PLAYING
    assert game.former_players.filter(pk=people["bob"].pk).exists()
    move = Move.objects.filter(game=game).latest("seq")
    assert move.note == f"A moderator kicked nc_bob and gave the seat to {seat.name}: Abusive chat"
    assert (move.kind, move.channel, move.actor) == (Move.Kind.ADMIN, Move.Channel.ADMIN, people["mod"])
    assert selectors.move_log(game, None)[-1]["player"] == "A moderator"
    assert Tenure.objects.get(game=game, position=bob.position, until_seq__isnull=True).name == seat.name
    # nc_bob may still watch, and has no seat to play
    assert Game.objects.visible_to(people["bob"]).filter(pk=game.pk).exists()


def test_kick_out_when_the_game_drops_players(people):
    game = start_game(people["alice"], people["bob"], rules=RULES, title="Issue 17", on_missed=Game.OnMissed.DROP)
    bob = _seat(game, people["bob"])
    services.seat_kick(game=game, seat=bob, by=people["mod"], reason="Cheating")
    seat = Seat.objects.get(pk=bob.pk)
    game.refresh_from_db()
    assert seat.status == Seat.Status.KICKED and not seat.is_bot and seat.deadline_at is None
    move = Move.objects.filter(game=game).latest("seq")
    assert move.note == "A moderator kicked nc_bob out of the game: Cheating"
    assert (move.kind, move.channel) == (Move.Kind.RESIGN, Move.Channel.ADMIN)  # the engine resigned the seat
    assert selectors.replay_state(game) == game.state  # and the log still replays to the state
    assert game.former_players.filter(pk=people["bob"].pk).exists()
    # Two players: the engine ends the game with nc_alice's the only wagon left.
    assert game.status == Game.Status.FINISHED
    assert game.result["winners"] == [_seat(game, people["alice"]).position]


@pytest.mark.parametrize(
    ("who", "reason", "code"),
    [
        ("alice", "Cheating", ErrorCode.PERMISSION_DENIED),  # a player, even the owner
        (None, "Cheating", ErrorCode.PERMISSION_DENIED),
        ("mod", "   ", ErrorCode.VALIDATION_ERROR),
        ("mod", "x" * (services.REASON_MAX + 1), ErrorCode.VALIDATION_ERROR),
    ],
)
def test_a_kick_needs_a_moderator_and_a_reason_and_changes_nothing_otherwise(people, who, reason, code):
    game = start_game(people["alice"], people["bob"], rules=RULES, title="Issue 17")
    bob = _seat(game, people["bob"])
    before = (game.version, Move.objects.filter(game=game).count(), Tenure.objects.filter(game=game).count())
    with pytest.raises(GameError) as exc:
        services.seat_kick(game=game, seat=bob, by=people.get(who), reason=reason)
    assert exc.value.code == code
    game.refresh_from_db()
    assert (game.version, Move.objects.filter(game=game).count(), Tenure.objects.filter(game=game).count()) == before
    assert Seat.objects.get(pk=bob.pk).user == people["bob"] and not game.former_players.exists()


def test_a_bot_or_a_player_already_out_cannot_be_kicked(people):
    game = start_game(people["alice"], people["bob"], rules=RULES, title="Issue 17")
    bob = _seat(game, people["bob"])
    services.seat_replace(game=game, seat=bob, by=people["mod"], bot=True)
    with pytest.raises(GameError, match="a bot plays that seat"):
        services.seat_kick(game=game, seat=Seat.objects.get(pk=bob.pk), by=people["mod"], reason="Spam")
    services.game_abort(game=game, by=people["mod"], reason="Done")
    with pytest.raises(GameError, match="in play"):
        services.seat_kick(game=game, seat=_seat(game, people["alice"]), by=people["mod"], reason="Spam")


def _long_log(people, moves: int) -> Game:
    """A started two-player game with `moves` log rows, nc_bob's seat handed to a bot halfway."""
    game = start_game(people["alice"], people["bob"], rules="toy-shed", title="Issue 17")
    seats = {s.position: s for s in Seat.objects.filter(game=game)}
    first = game.version + 1
    rows = [
        Move(
            game=game,
            seq=seq,
            seat=seats[seq % 2],
            position=seq % 2,
            action={"type": "draw"},
            channel=Move.Channel.WEB,
            events=[{"type": "drew", "seat": seq % 2, "public": {"text": f"Player {seq % 2 + 1} draws {seq}."}}],
        )
        for seq in range(first, first + moves)
    ]
    Move.objects.bulk_create(rows)
    Game.objects.filter(pk=game.pk).update(version=first + moves - 1)
    services.seat_replace(game=game, seat=_seat(game, people["bob"]), by=people["mod"], bot=True)
    return Game.objects.get(pk=game.pk)


@pytest.mark.usefixtures("toy_engine")
def test_the_logs_query_count_does_not_grow_with_the_log(people, client):
    counts = []
    for moves in (10, 120):
        game = _long_log(people, moves)
        bob = Seat.objects.get(game=game, is_bot=True).position
        with CaptureQueriesContext(connection) as ctx:
            entries = selectors.log_page(game, None)["entries"]
        counts.append(len(ctx.captured_queries))
        named = {e["player"] for e in entries if e["kind"] == "move" and e["seat"] == bob}
        assert named == {"nc_bob"}  # every one of these moves was played before the bot came
        client.force_login(people["alice"])
        with CaptureQueriesContext(connection) as page:
            assert client.get(reverse("games:detail", args=[game.pk])).status_code == 200
        counts.append(len(page.captured_queries))
    assert counts[0] == counts[2] and counts[1] == counts[3], counts


@pytest.mark.xdist_group("migrations")
@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_games_started_before_tenures_one_per_seat():
    """games 0011: a tenure per seated position of every started game that has none, from the first
    move, under the seat's name now; a lobby game gets none; going back leaves the rows."""
    from django.contrib.auth import get_user_model

    from accounts.names import fallback_name
    from tests.test_migrations import latest, migrate

    try:
        old = migrate([("games", "0010_game_rated")])
        Game, Seat = old.get_model("games", "Game"), old.get_model("games", "Seat")
        User = get_user_model()
        ann = User.objects.create_user(username="ann-m", email="ann@example.com", display_name="Ann")
        bob = User.objects.create_user(username="bob-m", email="bob.smith@example.com")
        made = {"rules": "toy-notify", "rules_version": "1", "owner_id": ann.pk, "max_players": 3}
        started = Game.objects.create(status="active", state={"n": 3}, invite_code="t1", **made)
        Seat.objects.create(game=started, user_id=ann.pk, position=1)
        Seat.objects.create(game=started, user_id=bob.pk, position=0)
        Seat.objects.create(game=started, is_bot=True, bot_name="Hattie (bot)", position=2)
        lobby = Game.objects.create(status="lobby", invite_code="t2", **made)
        Seat.objects.create(game=lobby, user_id=ann.pk)
        migrate(latest())
        rows = Tenure.objects.filter(game_id=started.pk).order_by("position")
        assert list(rows.values_list("position", "user_id", "is_bot", "name", "from_seq", "until_seq")) == [
            (0, bob.pk, False, fallback_name(bob.pk), 1, None),  # games 0013: never the email's local part
            (1, ann.pk, False, "Ann", 1, None),
            (2, None, True, "Hattie (bot)", 1, None),
        ]
        assert not Tenure.objects.filter(game_id=lobby.pk).exists()
        migrate([("games", "0010_game_rated")])
        assert Tenure.objects.filter(game_id=started.pk).count() == 3  # back: nothing removed
    finally:
        migrate(latest())
