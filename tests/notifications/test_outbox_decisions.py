"""What a game's change tells whom (notifications.outbox.on_game_changed) and what the emails that ask
for a decision show (decision_context, decision_notice, and what happened since the player's own last
move): positions built with the shared builders, each notice read field by field.

The mutation run of these four functions uses this file alone (issue #31; README, "Mutation testing"):
nearly every notice test reaches them, and each of their mutants would cost a minute of those.
"""

import re

import pytest
import time_machine
from django.utils import timezone

from games import events, services
from games.models import Game, Move, Seat, Tenure
from games.rules.base import seat_label
from notifications import outbox
from notifications.models import Delivery, Kind, KindPreference, Notification
from notifications.tokens import read_reply_token
from tests.builders import play, seat_at, seat_to_act, start_game
from tests.toy_engine import ToyEngine, TwiceEngine

pytestmark = pytest.mark.django_db

_SEAT = re.compile(r"\b[Ss]eat (\d)")


class TellingRace(ToyEngine):
    """The toy race whose sentences name seats as real engines do ("Player N", which emails turn
    into the players' names); a hit of a `quiet` type is no news of its own (hit_matters) to a seat
    whose wagon is still whole, and a `broken` judgement raises."""

    def __init__(self, name, *, quiet=(), broken=False):
        super().__init__(name, "Telling race", goal=3, resigns=False)
        self.quiet, self.broken = set(quiet), broken

    def do_apply(self, state, seat, action):
        found = super().do_apply(state, seat, action)
        for e in found:
            e["public"]["text"] = _SEAT.sub(lambda m: seat_label(int(m.group(1))), e["public"]["text"])
        return found

    def hit_matters(self, state, event, seat):
        if self.broken:
            raise RuntimeError("the engine's judgement failed")
        return event["type"] not in self.quiet or state["members"][seat] < 2


class Counting(TwiceEngine):
    """The toy-twice rules whose "again" says how many times the seat has thought again."""

    name = "toy-counting"

    def do_apply(self, state, seat, action):
        found = super().do_apply(state, seat, action)
        if action["type"] == "again":
            state["again"] = state.get("again", 0) + 1
            found[0]["public"]["text"] = f"Thought {state['again']}."
        return found


class Unexplained(TellingRace):
    """The telling race whose explanation of a hit fails."""

    def explain_hit(self, state, event, seat):
        raise RuntimeError("the engine's explanation failed")


class Seeing(TellingRace):
    """The telling race whose table says whose it is."""

    def table_text(self, state, seat):
        return super().table_text(state, seat) + ([f"You are {seat_label(seat)}."] if seat is not None else [])


class Gridded(Seeing):
    """The seeing race (its table says whose it is) whose dysentery names its victim as real engines do ("Player N") and whose
    reply grid codes the seat's next step: replying "S1" advances (a grid as Engine.reply_grid
    gives it, asked for the seat's own area whenever the menu asks)."""

    def action_label(self, state, seat, action):
        if action["type"] == "calamity":
            return f"Send dysentery to {seat_label(action['victim'])}"
        return super().action_label(state, seat, action)

    def reply_grid(self, state, seat):
        step = state["steps"][seat] + 1
        return {
            "title": f"The trail of {seat_label(seat)}",
            "columns": ["Step"],
            "rows": [{"label": "Next", "cells": [{"text": "", "code": f"S{step}", "action": {"type": "advance"}}]}],
            "how": "Reply with the code to advance.",
        }


class Whispering(TellingRace):
    """The telling race whose step has a private word for each other seat."""

    def do_apply(self, state, seat, action):
        found = super().do_apply(state, seat, action)
        if action["type"] == "advance":
            found[0]["private"] = {str(s): {"text": "A whisper for you."} for s in range(state["n"]) if s != seat}
        return found


TELLING = TellingRace("toy-telling")
WHISPERING = Whispering("toy-whispering")
GRIDDED = Gridded("toy-gridded")
SEEING = Seeing("toy-seeing")
UNEXPLAINED = Unexplained("toy-unexplained")
QUIET = TellingRace("toy-quiet", quiet={"calamity"})
BROKEN = TellingRace("toy-broken", broken=True)
COUNTING = Counting()


@pytest.fixture(autouse=True)
def _served(serve_games):
    here = "tests.notifications.test_outbox_decisions"
    serve_games({e.name: f"{here}:{n}" for n, e in globals().items() if isinstance(e, (TellingRace, Counting))})


@pytest.fixture
def players(django_user_model):
    return [
        django_user_model.objects.create_user(
            username=name.lower(),
            email=f"{name.lower()}@example.com",
            password="x",
            display_name=name,
            auto_vacation=False,
        )
        for name in ("Ann", "Bob", "Cyd", "Dee")
    ]


def game_of(players, n=3, rules="toy-telling", **create):
    return start_game(*players[:n], rules=rules, title="Decisions", turn_hours=48, **create)


def in_turn(game):
    """The game's seats in turn order, from the seat to act."""
    first = seat_to_act(game)
    count = game.seats.count()
    return [first, *(seat_at(game, (first.position + i) % count) for i in range(1, count))]


def struck(players, rules="toy-telling"):
    """A game of three in which the seat to act has sent a calamity to the next seat; returns the
    game, the sender and the victim."""
    game = game_of(players, rules=rules)
    a, victim, _ = in_turn(game)
    play(game, a, {"type": "calamity", "victim": victim.position})
    return game, a, victim


def notices(game, **where):
    return list(Notification.objects.filter(game=game, **where).order_by("pk"))


def drawn(note):
    """The notice's context as its email shows it (drawn when it goes)."""
    outbox.complete([note])
    return note.context


def last(game, seat, kind):
    return Notification.objects.filter(game=game, seat=seat, kind=kind).latest("pk")


def changed(game, *, move=None, events_=(), deciding=()):
    """Announces a change of the game as it is to on_game_changed alone; returns its notices."""
    game.refresh_from_db()
    seats = list(Seat.objects.filter(game=game).select_related("user"))
    return outbox.on_game_changed(
        events.GameChanged(game=game, move=move, events=list(events_), seats=seats, deciding=list(deciding))
    )


def hit(seat, *audience, text="A rockslide.", type_="rockslide"):
    return {"type": type_, "seat": seat, "public": {"text": text}, "private": {}, "audience": list(audience)}


# -- a decision's email ---------------------------------------------------------------------------


def test_the_start_asks_the_turn_player_alone_with_the_table_the_menu_and_the_start(players):
    game = game_of(players)
    first = seat_to_act(game)
    names = {p: seat_at(game, p).name for p in range(3)}
    [note] = notices(game)
    assert (note.kind, note.seat_id, note.email, note.delivery) == (
        Kind.YOUR_TURN,
        first.pk,
        first.user.email,
        Delivery.IMMEDIATE,
    )
    assert note.version == game.version
    context = drawn(note)
    assert context["game"] == {"id": game.pk, "title": "Decisions", "rules_title": "Telling race"}
    assert context["events"] == ["The game started with 3 players."]  # the start's own sentence
    decision = context["decision"]
    victims = [p for p in range(3) if p != first.position]
    assert [m["label"] for m in decision["moves"]] == [
        "Advance one step",
        *[f"Send dysentery to seat {v}" for v in victims],
        "End the turn",
    ]
    assert [m["index"] for m in decision["moves"]] == [1, 2, 3, 4]
    assert decision["menu"] == decision["moves"] and decision["grid"] is None
    assert decision["table"] == [f"{names[p]}: 0 steps, 2 members" for p in range(3)]
    assert decision["decision_label"] == ""
    assert decision["version"] == game.version
    assert decision["deadline"] == first.deadline_at.isoformat()
    assert decision["deadline_text"].endswith("UTC")
    token = read_reply_token(decision["reply_to"].split("+", 1)[1].split("@")[0])
    assert (token.seat_id, token.game_id, token.version) == (first.pk, game.pk, game.version)


def test_a_decision_context_names_the_players_as_given_or_as_seated(players):
    game = game_of(players, n=2)
    seat = seat_to_act(game)
    other = 1 - seat.position
    seated = outbox.decision_context(game, seat)
    assert seated["table"][other].startswith(seat_at(game, other).name + ":")
    given = outbox.decision_context(game, seat, names={other: "Zed", seat.position: "Me"}, version=41)
    assert given["table"] == ["Me: 0 steps, 2 members", "Zed: 0 steps, 2 members"][:: 1 if seat.position == 0 else -1]
    assert given["version"] == 41
    assert read_reply_token(given["reply_to"].split("+", 1)[1].split("@")[0]).version == 41
    assert [m["label"] for m in given["moves"]][:2] == ["Advance one step", f"Send dysentery to seat {other}"]
    waiting = outbox.decision_context(game, seat_at(game, other))
    assert (waiting["moves"], waiting["table"], waiting["reply_to"]) == ([], [], None)


def test_a_decisions_deadline_reads_in_the_players_own_time_zone(players):
    game = game_of(players, n=2)
    seat = seat_to_act(game)
    seat.user.time_zone = "Europe/Berlin"
    seat.user.save(update_fields=["time_zone"])
    seat = seat_at(game, seat.position)
    assert outbox.decision_terms(game, seat)["deadline_text"].endswith("(Europe/Berlin)")
    with_bot = game_of(players[2:], n=1, bots=1)
    [bot] = [s for s in with_bot.seats.all() if s.user_id is None]
    # no player, no zone to read: UTC
    assert outbox.decision_terms(with_bot, bot)["deadline_text"] == outbox.format_when(bot.deadline_at, None)


def test_a_decision_menu_leaves_the_moves_a_grids_codes_play_to_the_grid_and_names_the_players_as_given(players):
    game = game_of(players, n=2, rules="toy-gridded")
    seat = seat_to_act(game)
    other = 1 - seat.position
    names = {seat.position: "Me", other: "Zed"}
    decision = outbox.decision_menu(game, seat, names=names)
    assert [(m["label"], m["coded"]) for m in decision["moves"]] == [
        ("Advance one step", True),
        ("Send dysentery to Zed", False),  # the names given, not the seats' own
        ("End the turn", False),
    ]
    assert [m["label"] for m in decision["menu"]] == ["Send dysentery to Zed", "End the turn"]
    assert [m["index"] for m in decision["menu"]] == [2, 3]  # the numbers still the moves' own
    assert decision["table"][-1] == "You are Me."  # the table as the seat sees it
    grid = decision["grid"]
    assert (grid["title"], grid["how"]) == ("The trail of Me", "Reply with the code to advance.")
    assert grid["rows"] == [{"label": "Next", "cells": [{"text": "", "code": "S1"}]}]
    waiting = outbox.decision_menu(game, seat_at(game, other), names=names)
    assert (waiting["moves"], waiting["grid"], waiting["reply_to"]) == ([], None, None)  # no grid without a move


def test_a_decision_of_a_paused_game_has_no_menu_and_no_kind(players):
    game, _, victim = struck(players)
    game.refresh_from_db()
    assert outbox.decision_menu(game, victim, names={})["decision_label"] == "Dysentery: use medicine"
    game = services.game_pause(game=game, by=game.owner)
    decision = outbox.decision_menu(game, seat_at(game, victim.position), names={})
    assert (decision["moves"], decision["decision_label"], decision["reply_to"]) == ([], "", None)


def test_a_decision_notice_is_the_game_now_with_everything_since_the_seats_last_move(players):
    elsewhere = game_of(players[1:], n=2)  # another game's moves, logged first, are not this game's
    play(elsewhere, seat_to_act(elsewhere), {"type": "advance"})
    game = game_of(players)
    a = seat_to_act(game)
    play(game, a, {"type": "advance"})
    b = seat_to_act(game)
    play(game, b, {"type": "end_turn"})
    c = seat_to_act(game)
    game.refresh_from_db()
    assert outbox.decision_notice(game, a) is None  # not theirs to decide
    notice = outbox.decision_notice(game, c)
    assert notice["game"]["id"] == game.pk
    assert [m["label"] for m in notice["decision"]["moves"]][0] == "Advance one step"
    assert notice["decision"]["version"] == game.version
    assert notice["events"] == [f"{a.name} advances.", f"{b.name} ends the turn."]
    play(game, c, {"type": "advance"})
    game.refresh_from_db()
    # the seat's own move and what came before it are behind it
    assert outbox.decision_notice(game, seat_to_act(game))["events"] == [
        f"{b.name} ends the turn.",
        f"{c.name} advances.",
    ]


def test_since_the_last_move_leaves_out_undone_moves_and_counts_only_the_seats_own_moves(players):
    game = game_of(players)
    a = seat_to_act(game)
    play(game, a, {"type": "advance"})
    b = seat_to_act(game)
    play(game, b, {"type": "advance"})
    c = seat_to_act(game)
    play(game, c, {"type": "end_turn"})  # back to a
    play(game, a, {"type": "end_turn"})
    services.game_undo(game=game, by=players[0], count=1)  # a's end_turn undone: a to act again
    game.refresh_from_db()
    assert seat_to_act(game).pk == a.pk
    # b's move and c's since a's own last (the undone one does not count, nor does the undo)
    assert outbox.decision_notice(game, a)["events"] == [f"{b.name} advances.", f"{c.name} ends the turn."]
    moves = list(Move.objects.filter(game=game).order_by("seq").values_list("seq", "kind"))
    undo_seq = moves[-1][0]
    # as the log stood before the undo, a's undone move was its last
    assert [seq for seq, _ in outbox._since_last_move(game, a.position, undo_seq, undo_seq - 1)] == []
    assert [seq for seq, _ in outbox._since_last_move(game, a.position, undo_seq, undo_seq)] == [
        moves[2][0],
        moves[3][0],
    ]
    # a moderator's act on the seat is not the seat's own move
    services.seat_replace(game=game, seat=seat_at(game, a.position), by=players[0], user=players[3], reason="swap")
    game.refresh_from_db()
    assert [t for t in outbox.decision_notice(game, seat_at(game, a.position))["events"]][:2] == [
        f"{b.name} advances.",
        f"{c.name} ends the turn.",
    ]


def test_each_event_since_the_last_move_names_the_players_as_of_its_own_move(players):
    game = game_of(players)
    a, b, c = in_turn(game)
    play(game, a, {"type": "calamity", "victim": b.position})
    services.seat_replace(game=game, seat=b, by=players[0], user=players[3], reason="swap")
    play(game, b.position, {"type": "medicine", "use": True})  # Dee's seat now
    game.refresh_from_db()
    now = outbox.seat_names(game)
    rows = outbox._named_since_last_move(game, c.position, game.version + 1, game.version, now)
    # Bob held the seat when it was struck; Dee cured it
    assert [e["public"]["text"] for e in rows] == [
        f"{a.name} sends dysentery to {b.name}.",
        f"Dysentery strikes the wagon of {b.name}.",
        "Dee cures the dysentery.",
    ]
    assert outbox._named_since_last_move(game, c.position, 1, game.version, now) == []  # nothing before the start
    # a seat no tenure covers (a game older than tenures) is named as the seats were at `version`
    Tenure.objects.filter(game=game).delete()
    then = {b.position: "Bo", a.position: "Al", c.position: "Cy"}
    rows = outbox._named_since_last_move(game, c.position, game.version + 1, game.version, then)
    assert [e["public"]["text"] for e in rows][::2] == ["Al sends dysentery to Bo.", "Bo cures the dysentery."]
    # the sentences of the moves before `before` only, as logged
    assert len(outbox._named_since_last_move(game, c.position, game.version, game.version, now)) == 2


def test_what_happened_since_the_last_move_is_at_most_the_last_thirty(players):
    game = game_of(players, n=2, rules="toy-counting")
    first = seat_to_act(game)
    for _ in range(33):
        play(game, first, {"type": "again"})
    play(game, first, {"type": "pass"})
    other = seat_to_act(game)
    note = last(game, other, Kind.YOUR_TURN)
    events_ = drawn(note)["events"]
    assert events_ == [f"Thought {i}." for i in range(5, 34)] + [f"Seat {first.position} passes."]
    game.refresh_from_db()
    assert outbox.decision_notice(game, other)["events"] == events_
    rows = outbox._since_last_move(game, other.position, game.version + 1, game.version)
    assert len(rows) == outbox.SINCE_MOST and rows[0][0] < rows[-1][0]


def test_a_notice_drawn_later_tells_only_what_happened_since_the_readers_own_last_move(players):
    game = game_of(players, rules="toy-whispering")
    a, b, c = in_turn(game)
    for seat in (a, b, c, a):
        play(game, seat, {"type": "advance"})
    note = last(game, b, Kind.YOUR_TURN)
    # not b's own move, nor what came before it; each with the reader's own private word
    assert drawn(note)["events"] == [
        f"{c.name} advances. (A whisper for you.)",
        f"{a.name} advances. (A whisper for you.)",
    ]


def test_a_notice_drawn_later_names_a_seat_no_tenure_covers_as_it_was_when_the_notice_was_made(players):
    """A game older than tenures: the events drawn later name its seats by the names the change
    had, not by the names the players have taken since."""
    game = game_of(players)
    a, b, c = in_turn(game)
    play(game, a, {"type": "advance"})
    play(game, b, {"type": "advance"})
    note = last(game, c, Kind.YOUR_TURN)
    Tenure.objects.filter(game=game).delete()
    type(a.user).objects.filter(pk=a.user.pk).update(display_name="Zed")  # no signal: no new tenure
    assert outbox.seat_names(game)[a.position] == "Zed"
    assert drawn(note)["events"] == [f"{a.name} advances.", f"{b.name} advances."]


def test_a_decision_with_nothing_new_since_the_seats_last_move_tells_nothing(players):
    """The start's move logs no sentence (its own is announced), and this change tells none."""
    game = game_of(players, n=2)
    a = seat_to_act(game)
    [note] = changed(game, deciding=[a])
    assert note.kind == Kind.YOUR_TURN
    assert drawn(note)["events"] == []


def test_a_decision_on_a_time_bank_says_what_is_left_of_it(players):
    with time_machine.travel(timezone.now(), tick=False):
        game = game_of(players, n=2, clock=Game.Clock.BANK, bank_hours=48, increment_hours=12, cap_hours=96)
        a = seat_to_act(game)
        said = "You have 2 days left in your time bank; each move adds 12 hours, up to 4 days."
        assert outbox.decision_terms(game, a)["bank_text"] == said
        assert drawn(last(game, a, Kind.YOUR_TURN))["decision"]["bank_text"] == said
        per_move = game_of(players[2:], n=2)
        assert outbox.decision_terms(per_move, seat_to_act(per_move))["bank_text"] == ""


# -- who is told of a change ----------------------------------------------------------------------


def test_a_turn_passing_asks_the_next_player_with_the_move_told(players):
    game = game_of(players)
    a = seat_to_act(game)
    play(game, a, {"type": "advance"})
    b = seat_to_act(game)
    note = last(game, b, Kind.YOUR_TURN)
    assert [n.seat_id for n in notices(game)] == [a.pk, b.pk]
    later = note.context[outbox.LATER]
    move = Move.objects.get(game=game, seq=game.version)
    assert later["since_before"] == move.seq and later["version"] == game.version
    assert later["told"] == later["recent"] == [f"{a.name} advances."]
    assert note.context["decision"]["version"] == game.version
    assert drawn(note)["events"] == [f"{a.name} advances."]


def test_a_calamity_tells_its_victim_at_once_with_the_menu_and_no_second_notice(players):
    game, a, victim = struck(players)
    [note] = notices(game, seat=victim)
    assert (note.kind, note.delivery) == (Kind.HIT, Delivery.IMMEDIATE)
    context = drawn(note)
    assert context["game"] == {"id": game.pk, "title": "Decisions", "rules_title": "Telling race"}
    assert context["by"] == a.name
    assert context["text"] == f"{a.name} sends dysentery to {victim.name}."
    assert context["effects"] == [f"Dysentery strikes the wagon of {victim.name}."]
    assert [m["label"] for m in context["decision"]["moves"]] == ["Use medicine", "Keep the medicine"]
    assert context["decision"]["decision_label"] == "Dysentery: use medicine"
    assert context["explain"] == [] and "table" not in context
    assert len(notices(game)) == 2  # the start's, and this one


def test_a_hit_on_a_player_at_the_table_waits_out_the_grace_window(players, settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "GRACE_SECONDS": 60}
    game = game_of(players)
    a, victim, _ = in_turn(game)
    Seat.objects.filter(pk=victim.pk).update(seen_at=timezone.now())
    play(game, a, {"type": "calamity", "victim": victim.position})
    assert [(n.kind, n.delivery) for n in notices(game, seat=victim)] == [(Kind.HIT, Delivery.GRACE)]


def test_a_hit_turned_off_leaves_the_victim_a_decision_notice_that_tells_it(players):
    game = game_of(players)
    a, victim, _ = in_turn(game)
    KindPreference.objects.create(user=victim.user, kind=Kind.HIT, delivery=Delivery.NEVER)
    play(game, a, {"type": "calamity", "victim": victim.position})
    [note] = notices(game, seat=victim)
    assert note.kind == Kind.DECISION
    assert note.context[outbox.LATER]["told"] == [
        f"{a.name} sends dysentery to {victim.name}.",
        f"Dysentery strikes the wagon of {victim.name}.",
    ]


def test_a_hit_that_is_no_news_of_its_own_goes_into_the_next_email(players):
    game, a, victim = struck(players, rules="toy-quiet")
    [note] = notices(game, seat=victim)
    assert note.kind == Kind.DECISION  # out of turn: the engine names its kind
    assert drawn(note)["decision"]["moves"][0]["label"] == "Use medicine"


def test_a_failing_judgement_of_a_hit_still_tells_the_victim(players, caplog):
    game, a, victim = struck(players, rules="toy-broken")
    assert [n.kind for n in notices(game, seat=victim)] == [Kind.HIT]
    assert [r.getMessage() for r in caplog.records if r.name == "notifications.outbox"] == [
        f"hit_matters failed in game {game.pk} for position {victim.position}"
    ]


def test_a_players_own_move_hits_them_by_mail_only_when_they_were_not_looking(players):
    for channel, told in [("web", False), ("email", False), ("api", False), ("timeout", True), ("standing", True)]:
        game = game_of(players, n=2)
        a, b = in_turn(game)
        play(game, a, {"type": "calamity", "victim": b.position})
        play(game, b, {"type": "medicine", "use": False}, channel=channel)
        hits = notices(game, seat=b, kind=Kind.HIT)[1:]
        assert bool(hits) is told, channel
        # the turn that now is theirs is asked in that notice, not in one of its own
        assert notices(game, seat=b, kind=Kind.YOUR_TURN) == []
        if told:
            context = drawn(hits[0])
            assert context["by"] == ""  # their own move
            assert context["text"] == f"A member of {b.name}'s wagon dies."
            assert context["effects"] == []
            # their turn: the menu, not the table
            assert "decision" in context and "table" not in context


def test_a_hit_on_a_seat_that_does_not_decide_now_shows_its_table(players):
    game = game_of(players)
    a, b, c = in_turn(game)
    move = Move.objects.get(game=game, seq=game.version)
    found = changed(game, move=move, events_=[hit(a.position, c.position, text=f"{seat_label(a.position)} hits.")])
    [note] = [n for n in found if n.seat_id == c.pk]
    assert note.kind == Kind.HIT and note.context["by"] == a.name and note.context["text"] == f"{a.name} hits."
    later = note.context[outbox.LATER]
    assert (later["menu"], later["table"], later["version"]) == (False, True, game.version)
    assert later["hit"]["type"] == "rockslide" and "decision" not in note.context
    assert [n.seat_id for n in found] == [c.pk]
    assert b.pk not in {n.seat_id for n in found}


def test_a_hit_on_several_seats_tells_each_person_among_them(players):
    """Each hit seat with a person is told, whatever seats without one come before it."""
    game = game_of(players)
    Seat.objects.filter(game=game, position=0).update(user=None)  # the first seat emptied
    found = changed(game, events_=[hit(None, 0, 1, 2, text="A storm.")])
    assert sorted(n.seat.position for n in found) == [1, 2]
    assert {n.context["text"] for n in found} == {"A storm."}


def test_a_hit_that_is_no_news_to_one_seat_is_still_news_to_the_others(players):
    game = game_of(players, rules="toy-quiet")
    evs = [hit(None, 0, type_="calamity", text="Quiet."), hit(None, 1, 2, text="Loud.")]
    found = changed(game, events_=evs)
    assert sorted((n.seat.position, n.context["text"]) for n in found) == [(1, "Loud."), (2, "Loud.")]


def test_every_deciding_seat_with_a_person_not_looking_is_asked(players):
    """Several seats decide at once: each is asked, whoever comes before it (an emptied seat, the
    mover at the table)."""
    game = game_of(players, rules="toy-counting")
    Game.objects.filter(pk=game.pk).update(state={**game.state, "to_act": [0, 1, 2]})
    seats = [seat_at(game, p) for p in range(3)]
    move = Move.objects.get(game=game, seq=game.version)
    Move.objects.filter(pk=move.pk).update(position=0, channel=Move.Channel.WEB, kind=Move.Kind.MOVE)
    found = changed(game, move=Move.objects.get(pk=move.pk), deciding=seats)
    assert sorted((n.seat.position, n.kind) for n in found) == [(1, Kind.YOUR_TURN), (2, Kind.YOUR_TURN)]
    Seat.objects.filter(pk=seats[1].pk).update(user=None)
    seats[1].user_id = None
    found = changed(game, deciding=seats[1:])
    assert [n.seat.position for n in found] == [2]


def test_a_hits_effects_are_the_later_events_that_hit_or_are_made_by_that_seat(players):
    game = game_of(players)
    a, b, c = in_turn(game)
    evs = [
        hit(a.position, a.position, text="Before."),
        {**hit(a.position, c.position, text="First."), "private": {str(c.position): {"text": "Only you."}}},
        hit(b.position, text="Not theirs."),
        {**hit(c.position, text="Theirs."), "private": {str(c.position): {"text": "Yours."}}},
        hit(None, b.position, c.position, text="Both."),
        hit(c.position, text=""),
    ]
    found = changed(game, events_=evs)
    by_seat = {n.seat_id: n.context for n in found}
    assert (by_seat[c.pk]["text"], by_seat[c.pk]["effects"]) == ("First. (Only you.)", ["Theirs. (Yours.)", "Both."])
    assert (by_seat[b.pk]["text"], by_seat[b.pk]["effects"], by_seat[b.pk]["by"]) == ("Both.", [], "")
    assert by_seat[a.pk]["by"] == ""  # no move: nobody moved, so a hit on a is news to a
    assert by_seat[a.pk]["decision"]["version"] == game.version  # a decides now: the menu
    # a hit by a seat the game has no name for names nobody
    [note] = changed(game, events_=[hit(7, c.position)])
    assert note.context["by"] == ""


def test_a_hit_on_a_bot_or_an_empty_seat_tells_nobody_and_asks_the_engine_nothing(players, caplog):
    """Nobody is told of a hit on a bot's seat or an emptied one, and the engine is not asked whether
    it matters (here its judgement fails, and no failure is logged)."""
    game = game_of(players, n=2, bots=1, rules="toy-broken")
    bot = Seat.objects.get(game=game, is_bot=True)
    human = Seat.objects.get(game=game, is_bot=False, user=players[0])
    assert changed(game, events_=[hit(None, bot.position)]) == []
    Seat.objects.filter(pk=human.pk).update(user=None)
    assert changed(game, events_=[hit(None, human.position)]) == []
    assert "hit_matters failed" not in caplog.text


def test_a_change_with_nobody_to_tell_reads_nothing(players, django_assert_num_queries):
    game = game_of(players)
    game.refresh_from_db()
    seats = list(Seat.objects.filter(game=game).select_related("user"))
    change = events.GameChanged(game=game, move=None, events=[hit(0, text="News for the log.")], seats=seats)
    with django_assert_num_queries(0):
        assert outbox.on_game_changed(change) == []


def test_the_end_tells_every_player_the_result_and_the_seed(players, settings):
    game = game_of(players, n=3, bots=1, max_players=4)
    for _ in range(12):
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            break
        seat = seat_to_act(game)
        play(game, seat, {"type": "advance"}, channel="bot" if seat.is_bot else "web")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    names = {s.position: s.name for s in Seat.objects.filter(game=game).select_related("user")}
    winner = game.result["winners"][0]
    over = notices(game, kind=Kind.GAME_OVER)
    assert sorted(n.email for n in over) == ["ann@example.com", "bob@example.com", "cyd@example.com"]
    context = over[0].context
    assert context["winners"] == [names[winner]]
    assert context["ranking"] == [names[p] for p in game.result["ranking"]]
    assert context["reason"] == f"Seat {winner} reaches the goal."
    assert context["events"][-2:] == [f"{names[winner]} advances.", f"{names[winner]} reaches the goal."]
    assert (context["seed"], context["seed_sha256"]) == (game.seed, game.seed_sha256)
    assert context["verify_url"] == f"{settings.SITE_URL}/games/{game.pk}/verify/"
    assert context["api_verify_url"] == f"{settings.SITE_URL}/api/games/{game.pk}/verify/"
    assert context["game"]["id"] == game.pk
    assert not notices(game, kind=Kind.HIT, version=game.version)  # the result, not the game_over's hit


def test_the_end_reads_every_players_settings_in_one_query(players, django_assert_num_queries):
    game = game_of(players, n=3)
    for user in players[:3]:
        KindPreference.objects.create(user=user, kind=Kind.YOUR_TURN, delivery=Delivery.DIGEST)
    move = Move.objects.get(game=game, seq=game.version)
    Move.objects.filter(pk=move.pk).update(kind=Move.Kind.MOVE)
    Game.objects.filter(pk=game.pk).update(
        status=Game.Status.FINISHED, result={"winners": [0], "ranking": [0, 1, 2], "reason": "Over."}
    )
    game.refresh_from_db()
    seats = list(Seat.objects.filter(game=game).select_related("user"))
    assert all(s.user.has_notice_settings for s in seats)
    change = events.GameChanged(game=game, move=Move.objects.get(pk=move.pk), events=[], seats=seats)
    with django_assert_num_queries(1):
        assert len(outbox.on_game_changed(change)) == 3


def test_the_end_names_a_seat_it_has_no_name_for_by_number(players):
    game = game_of(players, n=2)
    move = Move.objects.get(game=game, seq=game.version)
    Move.objects.filter(pk=move.pk).update(kind=Move.Kind.MOVE)
    move.refresh_from_db()
    Game.objects.filter(pk=game.pk).update(
        status=Game.Status.FINISHED, result={"winners": [7], "ranking": [7, 0], "reason": "Over."}
    )
    found = changed(game, move=move)
    contexts = [n.context for n in found]
    assert len(contexts) == 2 and all(n.kind == Kind.GAME_OVER for n in found)
    assert contexts[0]["winners"] == ["Seat 7"] and contexts[0]["ranking"] == ["Seat 7", seat_at(game, 0).name]
    assert contexts[0]["reason"] == "Over."
    # the last eight sentences of the finishing move, those with any text
    told = [hit(None, text=f"Event {i}.") for i in range(11)] + [hit(None, text="")]
    [ctx, _] = [n.context for n in changed(game, move=move, events_=told)]
    assert ctx["events"] == [f"Event {i}." for i in range(3, 11)]
    # the reason names the players as the engine's seat labels say
    Game.objects.filter(pk=game.pk).update(result={"winners": [0], "ranking": [0, 1], "reason": "Player 1 wins."})
    assert [n.context["reason"] for n in changed(game, move=move)] == [f"{seat_at(game, 0).name} wins."] * 2
    # a result with no reason says none
    Game.objects.filter(pk=game.pk).update(result={"winners": [0], "ranking": [0, 1]})
    assert [n.context["reason"] for n in changed(game, move=move)] == ["", ""]
    # nor one with no winners or ranking, any
    Game.objects.filter(pk=game.pk).update(result={"reason": "Nobody made it."})
    assert [(n.context["winners"], n.context["ranking"]) for n in changed(game, move=move)] == [([], [])] * 2
    # an aborted or undone game does not end by a move: no result to tell
    Move.objects.filter(pk=move.pk).update(kind=Move.Kind.ADMIN)
    assert changed(game, move=Move.objects.get(pk=move.pk)) == []
    assert changed(game) == []


def test_a_resignation_that_ends_the_game_tells_the_result(players):
    game = start_game(*players[:2], rules="toy-shed", title="Decisions")
    services.game_resign(game=game, user=players[0])
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert sorted(n.email for n in notices(game, kind=Kind.GAME_OVER)) == ["ann@example.com", "bob@example.com"]


def test_the_deciding_seats_asked_are_the_people_not_looking_who_have_a_move(players):
    game = game_of(players)
    a, b, c = in_turn(game)
    move = Move.objects.get(game=game, seq=game.version)
    # a seat with nothing legal to do is not asked; the one whose turn it is, is
    found = changed(game, move=move, deciding=[b, a])
    assert [(n.seat_id, n.kind) for n in found] == [(a.pk, Kind.YOUR_TURN)]
    later = found[0].context[outbox.LATER]
    assert later == {
        "version": game.version,
        "names": {a.position: a.name, b.position: b.name, c.position: c.name},
        "menu": True,
        "since_before": move.seq,
        "told": [],
        "recent": [],
    }
    assert found[0].context["game"]["id"] == game.pk
    # with no move (a moderator's change), everything logged so far is before it
    resumed = {
        "type": "x",
        "seat": None,
        "public": {"text": "Resumed."},
        "private": {str(a.position): {"text": "Yours."}},
    }
    [note] = changed(game, events_=[resumed], deciding=[a])
    assert note.context[outbox.LATER]["since_before"] == game.version + 1
    # what the change told: the reader's own private part too; what happened: the public part
    assert note.context[outbox.LATER]["told"] == ["Resumed. (Yours.)"]
    assert note.context[outbox.LATER]["recent"] == ["Resumed."]
    # a mover looking at the game is not asked again; one not looking is
    Move.objects.filter(pk=move.pk).update(position=a.position, channel=Move.Channel.WEB)
    assert changed(game, move=Move.objects.get(pk=move.pk), deciding=[a]) == []
    Move.objects.filter(pk=move.pk).update(channel=Move.Channel.TIMEOUT)
    assert len(changed(game, move=Move.objects.get(pk=move.pk), deciding=[a])) == 1
    Move.objects.filter(pk=move.pk).update(position=b.position, channel=Move.Channel.WEB)
    assert len(changed(game, move=Move.objects.get(pk=move.pk), deciding=[a])) == 1


def test_a_deciding_bot_or_empty_seat_is_not_asked(players):
    game = game_of(players, n=2, bots=1)
    bot = Seat.objects.get(game=game, is_bot=True)
    Game.objects.filter(pk=game.pk).update(state={**game.state, "turn": bot.position})
    assert changed(game, deciding=[bot]) == []
    human = Seat.objects.get(game=game, is_bot=False, user=players[1])
    Game.objects.filter(pk=game.pk).update(state={**game.state, "turn": human.position})
    human.user_id = None
    assert changed(game, deciding=[human]) == []


def test_a_deciding_seat_is_read_as_the_change_left_it(players):
    game = game_of(players, n=2)
    a = seat_to_act(game)
    stale = Seat.objects.get(pk=a.pk)
    stale.deadline_at = None
    [note] = changed(game, deciding=[stale])
    assert note.context["decision"]["deadline"] == a.deadline_at.isoformat()


def test_a_hit_victim_asked_in_the_hit_is_not_asked_again_unless_the_hit_went_nowhere(players):
    game = game_of(players)
    a = seat_to_act(game)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ACTIVE)
    found = changed(game, events_=[hit(None, a.position)], deciding=[a])
    assert [n.kind for n in found] == [Kind.HIT]
    KindPreference.objects.create(user=a.user, kind=Kind.HIT, delivery=Delivery.NEVER)
    a.user.refresh_from_db()
    found = changed(game, events_=[hit(None, a.position)], deciding=[a])
    assert [n.kind for n in found] == [Kind.YOUR_TURN]


def test_a_hit_seat_that_left_the_game_gets_its_table_not_a_menu(players):
    game = game_of(players)
    a = seat_to_act(game)
    Seat.objects.filter(pk=a.pk).update(status=Seat.Status.RESIGNED)
    [note] = changed(game, events_=[hit(None, a.position)])
    later = note.context[outbox.LATER]
    assert (later["menu"], later["table"]) == (False, True) and "decision" not in note.context
    # in a paused game nobody decides now, and its table is not drawn either
    Seat.objects.filter(pk=a.pk).update(status=Seat.Status.PLAYING)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.PAUSED)
    [note] = changed(game, events_=[hit(None, a.position)])
    assert (note.context[outbox.LATER]["menu"], note.context[outbox.LATER]["table"]) == (False, False)
    assert "decision" not in note.context


def test_completing_notices_reads_their_own_games_and_seats_alone(players):
    """complete reads the pending notices' games and seats by their ids (two queries, whatever the
    number of notices), not every game and seat there is."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    game, other = game_of(players), game_of(players[1:])
    note, elsewhere = notices(game)[0], notices(other)[0]
    with CaptureQueriesContext(connection) as queries:
        outbox.complete([note])
    games, seats = (q["sql"] for q in queries.captured_queries[:2])
    assert '"games_game"' in games and f" IN ({game.pk})" in games
    assert '"games_seat"' in seats and f" IN ({note.seat_id})" in seats
    assert note.context["decision"]["moves"] and outbox.LATER in elsewhere.context


def test_a_notice_whose_seat_is_gone_goes_without_what_it_would_draw(players):
    game = game_of(players)
    note = notices(game)[0]
    Seat.objects.filter(pk=note.seat_id).delete()
    note.refresh_from_db()
    assert note.seat_id is None
    context = drawn(note)
    assert outbox.LATER not in context and "moves" not in context["decision"] and "events" not in context
    assert Notification.objects.get(pk=note.pk).context == context


def test_a_failing_explanation_of_a_hit_still_tells_the_victim(players, caplog):
    game = game_of(players, rules="toy-unexplained")
    a = seat_to_act(game)
    victim = seat_at(game, (a.position + 1) % 3)
    play(game, a, {"type": "calamity", "victim": victim.position})
    [note] = notices(game, seat=victim)
    context = drawn(note)
    assert note.kind == Kind.HIT and context["explain"] == [] and context["decision"]["moves"]
    assert [r.getMessage() for r in caplog.records if r.name == "notifications.outbox"] == [
        f"explain_hit failed in game {game.pk} for position {victim.position}"
    ]


def test_a_hit_on_a_seat_that_does_not_decide_now_shows_the_table_as_that_seat_sees_it(players):
    game = game_of(players, rules="toy-seeing")
    a = seat_to_act(game)
    c = seat_at(game, (a.position + 2) % 3)
    move = Move.objects.get(game=game, seq=game.version)
    found = changed(game, move=move, events_=[hit(a.position, c.position)])
    [note] = [n for n in found if n.seat_id == c.pk]
    names = {p: seat_at(game, p).name for p in range(3)}
    assert drawn(note)["table"] == [f"{names[p]}: 0 steps, 2 members" for p in range(3)] + [f"You are {c.name}."]
