"""games.selectors' pure reads called directly, no database: the players' names in an engine's texts,
a log entry as one seat may read it, who held a seat as of a move, the end of a game as a table,
and a game's terms in words."""

from datetime import UTC, datetime
from types import SimpleNamespace

from games import selectors
from games.models import Game, Move, Seat

NAMES = {0: "Ann", 1: "Bob"}


def test_an_engines_seat_labels_become_the_players_names():
    assert selectors.with_names("Player 1 passes to Player 2.", NAMES) == "Ann passes to Bob."
    assert selectors.with_names("Player 3 is nobody's.", NAMES) == "Player 3 is nobody's."


def test_an_events_public_and_private_texts_are_named_and_the_rest_kept():
    event = {
        "type": "hit",
        "seat": 0,
        "public": {"text": "Player 1 hits Player 2.", "victim": 1},
        "private": {"1": {"text": "Player 1 took your card.", "card": "c3"}, "0": {"card": "c4"}, "2": "raw"},
        "audience": [1],
    }
    named = selectors.named_event(event, NAMES)
    assert named == {
        "type": "hit",
        "seat": 0,
        "public": {"text": "Ann hits Bob.", "victim": 1},
        "private": {"1": {"text": "Ann took your card.", "card": "c3"}, "0": {"card": "c4"}, "2": "raw"},
        "audience": [1],
    }
    assert event["public"]["text"] == "Player 1 hits Player 2."  # the original is left as it was
    assert event["private"]["1"]["text"] == "Player 1 took your card."
    bare = {"type": "x", "public": {"victim": 1}}
    assert selectors.named_event(bare, NAMES) == bare
    assert "private" not in selectors.named_event(bare, NAMES)


def test_a_view_names_the_players_in_every_sentence_and_keeps_its_numbers():
    view = {
        "lines": ["Player 1 leads.", {"note": "Player 2 waits."}],
        "track": [1, 2, 3],
        "mixed": [1, "Player 2"],
        "flag": True,
        "count": 3,
    }
    named = selectors._named(view, NAMES)
    assert named == {
        "lines": ["Ann leads.", {"note": "Bob waits."}],
        "track": [1, 2, 3],
        "mixed": [1, "Bob"],
        "flag": True,
        "count": 3,
    }
    assert named["track"] is not view["track"]  # a copy: the engine's state stays untouched
    assert selectors._named([True, "Player 1"], NAMES) == [True, "Ann"]  # a bool is no coordinate
    assert selectors._named([], NAMES) == []
    assert selectors._named([5], NAMES) == [5]


def test_a_redacted_event_keeps_the_viewers_own_private_part_alone():
    event = {
        "type": "drew",
        "seat": 1,
        "public": {"text": "Bob drew."},
        "private": {"1": {"text": "You drew c3."}, "0": {"text": "secret"}},
        "audience": [0],
    }
    assert selectors._redact_event(event, 1) == {
        "type": "drew",
        "seat": 1,
        "public": {"text": "Bob drew."},
        "private": {"text": "You drew c3."},
    }
    for viewer in (None, 2):
        assert selectors._redact_event(event, viewer) == {"type": "drew", "seat": 1, "public": {"text": "Bob drew."}}
    assert selectors._redact_event({"type": "x"}, 0) == {"type": "x", "seat": None, "public": {}}
    assert selectors._redact_event({"type": "x", "private": {"0": {}}}, 0) == {"type": "x", "seat": None, "public": {}}


class Engine:
    """An engine's two hooks move_entry uses: a move as others may see it."""

    def public_action(self, action):
        return {"type": action["type"]}


WHEN = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)


def move(**fields):
    row = {
        "seq": 7,
        "kind": Move.Kind.MOVE,
        "position": 1,
        "channel": Move.Channel.WEB,
        "action": {"type": "play", "card": "c3"},
        "events": [
            {"type": "played", "seat": 1, "public": {"text": "Player 2 plays."}, "private": {"1": {"text": "c3"}}}
        ],
        "undone_by": None,
        "note": "",
        "created_at": WHEN,
    }
    return SimpleNamespace(**{**row, **fields})


def test_a_log_entry_shows_a_move_whole_to_its_maker_and_its_public_part_to_others():
    own = selectors.move_entry(Engine(), move(), 1, NAMES)
    assert own == {
        "seq": 7,
        "kind": Move.Kind.MOVE,
        "seat": 1,
        "player": "Bob",
        "channel": Move.Channel.WEB,
        "action": {"type": "play", "card": "c3"},
        "events": [{"type": "played", "seat": 1, "public": {"text": "Bob plays."}, "private": {"text": "c3"}}],
        "undone_by": None,
        "note": "",
        "created_at": "2026-01-02T03:04:05+00:00",
    }
    other = selectors.move_entry(Engine(), move(undone_by=9, note="n"), 0, NAMES)
    assert other["action"] == {"type": "play"}
    assert other["events"] == [{"type": "played", "seat": 1, "public": {"text": "Bob plays."}}]
    assert (other["undone_by"], other["note"], other["player"]) == (9, "n", "Bob")
    assert selectors.move_entry(Engine(), move(), None, NAMES)["action"] == {"type": "play"}


def test_a_log_entry_names_a_moderator_the_clock_or_nobody_as_its_maker():
    secret = {"type": "play", "card": "c3"}
    undo = selectors.move_entry(Engine(), move(kind=Move.Kind.UNDO, channel=Move.Channel.ADMIN), 0, NAMES)
    assert (undo["player"], undo["action"]) == (selectors.MODERATOR, secret)  # not a move: shown whole
    resign = selectors.move_entry(Engine(), move(kind=Move.Kind.RESIGN, channel=Move.Channel.ADMIN), 0, NAMES)
    assert resign["player"] == "A moderator"
    # a move a moderator makes for a seat is the seat's
    forced = selectors.move_entry(Engine(), move(channel=Move.Channel.ADMIN), 0, NAMES)
    assert (forced["player"], forced["action"]) == ("Bob", {"type": "play"})
    start = selectors.move_entry(Engine(), move(kind=Move.Kind.ADMIN, position=None), 0, NAMES)
    assert start["player"] is None
    handed = selectors.move_entry(Engine(), move(kind=Move.Kind.ADMIN, channel=Move.Channel.TIMEOUT), 0, NAMES)
    assert handed["player"] is None
    nobody = selectors.move_entry(Engine(), move(position=None), 0, NAMES)
    assert nobody["player"] is None
    mine = selectors.move_entry(Engine(), move(kind=Move.Kind.RESIGN), 1, NAMES)
    assert (mine["player"], mine["action"]) == ("Bob", secret)
    theirs = selectors.move_entry(Engine(), move(kind=Move.Kind.RESIGN), 0, NAMES)
    assert theirs["action"] == secret  # a resignation is no secret
    assert selectors.move_entry(Engine(), move(position=5), 0, NAMES)["player"] is None


def test_a_seats_holder_as_of_a_move_is_the_one_whose_tenure_covers_it():
    tenures = [(0, 1, 5, "Ann"), (0, 5, None, "Cy"), (1, 3, 4, "Bob")]
    names = selectors.Names(tenures, {0: "Cy now", 1: "Dee now", None: "nobody"})
    assert names.at(0) == {0: "Cy now", 1: "Dee now", None: "nobody"}  # before any tenure: the current names
    assert names.at(1) == {0: "Ann", 1: "Dee now", None: "nobody"}
    assert names.at(3) == {0: "Ann", 1: "Bob", None: "nobody"}
    assert names.at(4) == {0: "Ann", 1: "Dee now", None: "nobody"}  # until_seq is not its own
    assert names.at(5) == names.at(99) == {0: "Cy", 1: "Dee now", None: "nobody"}
    assert names.at(2) is names.at(1)  # the seqs named alike share one dict
    assert names.at(2) is not names.at(3)


def test_a_results_sentence_names_the_players():
    assert selectors.named_result({"winners": [1], "reason": "Player 2 wins."}, NAMES) == {
        "winners": [1],
        "reason": "Bob wins.",
    }
    for result in (None, {}, {"winners": [0]}, {"reason": 3}):
        assert selectors.named_result(result, NAMES) == result


def seat(position, status="playing", display="Playing"):
    return SimpleNamespace(position=position, status=status, get_status_display=lambda: display)


def test_the_final_table_ranks_the_seats_with_the_results_figures():
    game = SimpleNamespace(
        result={
            "winners": [1],
            "ranking": [1, 0, 2, "x"],
            "reason": "Player 2 has most.",
            "score": [3, 9, 3],
            "cash_left": [1.5, 0, 1.5],
            "short": [1, 2],
            "words": ["a", "b", "c"],
            "flag": 3,
        }
    )
    seats = [seat(0), seat(1), seat(2, "resigned", "Resigned"), seat(None)]
    table = selectors.final_table(game, seats, {0: "Ann", 1: "Bob"})
    assert table == {
        "columns": ["Score", "Cash left"],
        "rows": [
            {
                "key": (True, (9, 0)),
                "place": 1,
                "name": "Bob",
                "winner": True,
                "status": "",
                "values": [9, 0],
                "position": 1,
                "tied": False,
            },
            {
                "key": (False, (3, 1.5)),
                "place": 2,
                "name": "Ann",
                "winner": False,
                "status": "",
                "values": [3, 1.5],
                "position": 0,
                "tied": True,
            },
            {
                "key": (False, (3, 1.5)),
                "place": 2,
                "name": "Seat 3",
                "winner": False,
                "status": "Resigned",
                "values": [3, 1.5],
                "position": 2,
                "tied": True,
            },
        ],
        "reason": "Bob has most.",
        "winners": ["Bob"],
    }


def test_seats_level_only_when_both_win_or_a_figure_says_so():
    both = SimpleNamespace(result={"winners": [0, 1], "ranking": [0, 1]})
    rows = selectors.final_table(both, [seat(0), seat(1)], {})["rows"]
    assert [(r["place"], r["tied"], r["name"]) for r in rows] == [(1, True, "Seat 1"), (1, True, "Seat 2")]
    assert selectors.final_table(both, [seat(0), seat(1)], {})["winners"] == ["Seat 1", "Seat 2"]
    losers = SimpleNamespace(result={"winners": [2], "ranking": [2, 0, 1], "reason": None})
    table = selectors.final_table(losers, [seat(0), seat(1), seat(2)], {2: "Cy"})
    assert [(r["place"], r["tied"]) for r in table["rows"]] == [(1, False), (2, False), (3, False)]
    assert (table["reason"], table["winners"], table["columns"]) == ("", ["Cy"], [])
    missing = SimpleNamespace(result={"ranking": [0, 1]})
    assert selectors.final_table(missing, [seat(0), seat(1)], {})["winners"] == []
    for result in (None, [], ["not", "a", "dict"], {}, {"ranking": "0,1"}):
        assert selectors.final_table(SimpleNamespace(result=result), [seat(0)], {}) is None


class Worded:
    def options_in_words(self, options):
        return [("Cards", str(options.get("hand_size", "none")))]


def terms(**fields):
    row = {
        "engine": Worded(),
        "options": {"hand_size": 3},
        "turn_hours": 1,
        "miss_limit": 1,
        "on_missed": Game.OnMissed.BOT,
        "visibility": Game.Visibility.PUBLIC,
        "rated": True,
    }
    return selectors.game_terms(SimpleNamespace(**{**row, **fields}))


def test_a_games_terms_say_its_options_clock_misses_watchers_and_rating():
    assert terms() == [
        ("Cards", "3"),
        ("Time to move", "1 hour per move"),
        ("Missed deadlines", "after 1 missed deadline in a row, a bot takes the seat"),
        ("Who may watch", "anyone"),
        ("Rated", "yes: the result moves the players' ratings"),
    ]
    assert terms(
        options=None, turn_hours=48, miss_limit=3, on_missed=Game.OnMissed.DROP, visibility="private", rated=False
    ) == [
        ("Cards", "none"),
        ("Time to move", "48 hours per move"),
        ("Missed deadlines", "after 3 missed deadlines in a row, the player is dropped"),
        ("Who may watch", "only its players and invited people"),
        ("Rated", "no"),
    ]


class Table:
    """An engine whose view tells whom it was drawn for, and whose menu is seat 0's two moves."""

    def view(self, state, position):
        return {"for": position, "text": "Player 1 leads.", "players": [{"seat": 0}, {"seat": 2}, "x", {"bank": 1}]}

    def to_act(self, state):
        return [0]

    def legal_actions(self, state, position):
        return [{"type": "pass"}, {"type": "give", "to": 1}] if position == 0 else []

    def action_label(self, state, position, action):
        # the turn's seat read from the state, as an engine's labels do
        return (
            f"Give to Player {action['to'] + 1}" if action["type"] == "give" else f"Pass (Player {state['turn'] + 1})"
        )


def table(status=Game.Status.ACTIVE, state=None):
    return SimpleNamespace(engine=Table(), status=status, state={"turn": 0} if state is None else state)


def sat(position, status=Seat.Status.PLAYING):
    return SimpleNamespace(position=position, status=status)


def test_a_seat_sees_the_table_from_its_own_position_with_the_players_names():
    view = selectors.game_view(table(), sat(1), names=NAMES)
    assert view == {
        "for": 1,
        "text": "Ann leads.",
        "players": [{"seat": 0, "name": "Ann"}, {"seat": 2, "name": "Seat 2"}, "x", {"bank": 1}],
    }
    assert selectors.game_view(table(), sat(1, Seat.Status.RESIGNED), names=NAMES)["for"] == 1  # their hand still
    assert selectors.game_view(table(), sat(None), names=NAMES)["for"] is None
    assert selectors.game_view(table(), None, names=NAMES)["for"] is None
    assert selectors.game_view(table(state=None), sat(1), names=NAMES) == {
        "for": 1,
        "text": "Ann leads.",
        "players": [{"seat": 0, "name": "Ann"}, {"seat": 2, "name": "Seat 2"}, "x", {"bank": 1}],
    }
    nothing = SimpleNamespace(engine=Table(), status=Game.Status.LOBBY, state=None)
    assert selectors.game_view(nothing, sat(1), names=NAMES) is None


def test_only_an_active_games_seats_in_play_have_moves_numbered_from_one():
    assert selectors.to_act(table()) == [0]
    assert selectors.to_act(table(Game.Status.PAUSED)) == []
    assert selectors.to_act(SimpleNamespace(engine=Table(), status=Game.Status.ACTIVE, state=None)) == []
    assert selectors.legal_actions(table(), sat(0)) == [{"type": "pass"}, {"type": "give", "to": 1}]
    assert selectors.legal_moves(table(), sat(0), names=NAMES) == [
        {"index": 1, "label": "Pass (Ann)", "action": {"type": "pass"}},
        {"index": 2, "label": "Give to Bob", "action": {"type": "give", "to": 1}},
    ]
    for game, seat_ in (
        (table(), None),
        (table(), sat(None)),
        (table(), sat(1)),
        (table(Game.Status.PAUSED), sat(0)),
        (table(), sat(0, Seat.Status.RESIGNED)),
    ):
        assert selectors.legal_actions(game, seat_) == []
        assert selectors.legal_moves(game, seat_, names=NAMES) == []
