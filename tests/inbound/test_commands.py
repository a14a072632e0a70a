"""How a reply's line is read as a move (inbound.commands), without a database: the menu number
and its bounds, labels and their prefixes, typos ("Did you mean ...?"), several steps on one line,
and what a line that names nothing is answered. A reply is outside input: whatever it says, it is
read as a move, refused with a sentence, or nothing."""

from types import SimpleNamespace

import pytest

from games.rules.base import IllegalAction
from inbound.commands import Unplayable, choose, command_choice, resolve, steps, suggest

MOVES = [
    {"index": 1, "label": "Advance one step", "action": {"type": "advance"}},
    {"index": 2, "label": "Send dysentery to seat 1", "action": {"type": "calamity", "victim": 1}},
    {"index": 3, "label": "End the turn", "action": {"type": "end_turn"}},
]


def by_index(index):
    return next(m for m in MOVES if m["index"] == index)


@pytest.mark.parametrize(
    ("line", "index"),
    [
        ("2", 2),
        ("#3.", 3),
        ("3)", 3),
        ("3:", 3),
        ("3 please", 3),
        ("no. 2", 2),
        ("No 2", 2),
        ("no.2", 2),
        ("MOVE 1", 1),
        ("move  1", 1),
        ("End the turn", 3),
        ("END THE TURN", 3),
        ("end the turn!", 3),
        ("  end   the, turn ", 3),
        ("adv", 1),
        ("send dys", 2),
    ],
)
def test_a_line_picks_a_move_by_its_number_or_its_words(line, index):
    assert choose(line, MOVES) is by_index(index)


@pytest.mark.parametrize(
    "line",
    [
        "",
        "9",  # no such number
        "0",
        "1000",  # four digits: no menu number
        "12345",
        "3x",  # neither a number nor a label
        "ad",  # a prefix shorter than three characters picks nothing
        "e",
        "fly to the moon",
        "end the turn now",  # more than the label
    ],
)
def test_a_line_that_names_no_move_picks_nothing(line):
    assert choose(line, MOVES) is None


def test_nothing_is_picked_from_an_empty_menu():
    assert choose("1", []) is None
    assert choose("End the turn", []) is None


def test_a_number_is_the_menu_entry_of_that_index_not_a_position():
    moves = [{"index": 7, "label": "Scout"}, {"index": 9, "label": "Rest"}]
    assert choose("9", moves)["label"] == "Rest"
    assert choose("2", moves) is None
    assert choose("#999", [{"index": 999, "label": "Far"}])["label"] == "Far"


def test_labels_are_compared_lower_cased_letter_for_letter():
    moves = [{"index": 1, "label": "Visit Straße 5"}, {"index": 2, "label": "Rest"}]
    assert choose("visit straße 5", moves)["index"] == 1
    assert choose("VISIT STRASSE 5", moves) is None  # "ß" is not "ss"


def test_labels_that_two_moves_share_or_start_alike_pick_nothing():
    twins = [{"index": 1, "label": "Draw"}, {"index": 2, "label": "Draw"}]
    assert choose("draw", twins) is None
    alike = [{"index": 1, "label": "Send food"}, {"index": 2, "label": "Send water"}]
    assert choose("send", alike) is None
    assert choose("send w", alike)["index"] == 2
    # an exact label wins over a longer one that starts with it
    nested = [{"index": 1, "label": "Rest"}, {"index": 2, "label": "Rest a day"}]
    assert choose("rest", nested)["index"] == 1


@pytest.mark.parametrize(
    ("typed", "index"),
    [
        ("End teh turn", 3),
        ("Advnace", 1),  # the closest label
        ("sned dysentry", 2),  # words close to the words of one move only
        ("please sned", 2),  # one word of four letters, close to "send"
        ("go sned", 2),  # short words are passed over, not the end of the search
        ("Advance one stpe!", 1),
    ],
)
def test_a_typo_suggests_the_move_it_most_likely_meant(typed, index):
    assert suggest(typed, MOVES) is by_index(index)


@pytest.mark.parametrize(
    "typed",
    ["", "  ", "!!", "12", "fly to the moon", "sco", "the", "xyzzy plugh", "end trn"],  # "end trn": 0.74 alike
)
def test_no_suggestion_for_what_is_no_move(typed):
    assert suggest(typed, MOVES) is None


def test_no_suggestion_from_an_empty_menu():
    assert suggest("Advnace", []) is None


def test_a_word_two_moves_share_suggests_neither():
    moves = [{"index": 1, "label": "Trade oxen"}, {"index": 2, "label": "Trade food"}]
    assert suggest("trdae", moves) is None  # "trade" is in both
    assert suggest("foood please", moves)["index"] == 2
    tools = [{"index": 1, "label": "Buy axe"}, {"index": 2, "label": "Buy food"}]
    assert suggest("axee", tools) is None  # a word under four letters is no word to suggest by


def test_words_close_to_two_different_moves_suggest_neither():
    moves = [{"index": 1, "label": "Hunt buffalo"}, {"index": 2, "label": "Ford river"}]
    assert suggest("huntt", moves)["index"] == 1
    assert suggest("huntt rivver", moves) is None
    assert suggest("buffy", moves) is None  # two thirds alike is not close enough


def test_a_word_is_taken_for_its_one_closest_word():
    moves = [{"index": 1, "label": "Ford river"}, {"index": 2, "label": "Buy rivets"}]
    assert suggest("rivers", moves)["index"] == 1  # "river" is closer than "rivets"


def test_a_number_is_never_taken_for_a_typo():
    moves = [{"index": 1, "label": "300"}, {"index": 2, "label": "Rest"}]
    assert suggest("3000", moves) is None
    assert suggest("30 0", moves)["index"] == 1


def test_numbers_in_labels_are_no_words_to_suggest():
    moves = [{"index": 1, "label": "Pay 2000 dollars"}, {"index": 2, "label": "Wait"}]
    assert suggest("2001 please", moves) is None
    assert suggest("dollarz please", moves)["index"] == 1


def test_the_first_of_labels_alike_is_suggested():
    moves = [{"index": 4, "label": "Rest"}, {"index": 5, "label": "rest!"}, {"index": 6, "label": "Hunt"}]
    assert suggest("rrest", moves)["index"] == 4


@pytest.mark.parametrize(
    ("line", "parts"),
    [
        ("1; then end the turn", ["1", "end the turn"]),
        ("1;end the turn", ["1", "end the turn"]),
        ("advance; and then end the turn", ["advance", "end the turn"]),
        ("advance, then end the turn", ["advance", "end the turn"]),
        ("advance and then end the turn", ["advance", "end the turn"]),
        ("advance THEN end the turn", ["advance", "end the turn"]),
        ("1; 2; 3", ["1", "2", "3"]),
        ("1 then end the turn", ["1", "end the turn"]),  # the number names the first step only
        ("1. then 3", ["1.", "3"]),
        ("1;", ["1;"]),  # one step: the line as it is
        ("; ;3", ["; ;3"]),
        ("end the turn", ["end the turn"]),
        ("", [""]),
    ],
)
def test_a_line_names_its_steps_in_order(line, parts):
    assert steps(line, MOVES) == parts


def test_a_line_that_names_a_move_whole_is_one_step():
    moves = [{"index": 1, "label": "Hunt; then rest"}, {"index": 2, "label": "Rest"}]
    assert steps("hunt; then rest", moves) == ["hunt; then rest"]
    assert steps("rest; then rest", moves) == ["rest", "rest"]


class Engine:
    """An engine's reading of commands, as Engine.command answers: a move, None or a refusal."""

    def __init__(self, answer):
        self.answer = answer
        self.read = []

    def command(self, state, seat, line):
        self.read.append((state, seat, line))
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


def table(answer):
    engine = Engine(answer)
    return SimpleNamespace(pk=1, engine=engine, state={"turn": 0}), SimpleNamespace(position=2), engine


def test_a_line_the_engine_reads_as_no_command_is_none():
    game, seat, engine = table(None)
    assert command_choice(game, seat, "B7") is None
    assert engine.read == [({"turn": 0}, 2, "B7")]


def test_a_command_that_cannot_be_played_raises_the_engines_sentence():
    game, seat, _ = table(IllegalAction("B7 is taken."))
    with pytest.raises(IllegalAction, match="B7 is taken."):
        command_choice(game, seat, "B7")


def test_an_engine_that_fails_to_read_a_command_costs_nothing(caplog):
    game, seat, _ = table(KeyError("boom"))
    assert command_choice(game, seat, "x" * 200) is None
    [record] = caplog.records
    assert record.getMessage() == f"game 1: the engine could not read the command {'x' * 80!r}"


def test_a_step_after_the_first_may_not_be_a_number():
    game, seat, engine = table(None)
    with pytest.raises(Unplayable) as caught:
        resolve(game, seat, "2", MOVES, first=False)
    assert caught.value.outcome == "not_understood"
    assert caught.value.why == (
        "“2” comes after another move, when the email's numbers no longer hold: name the move by its words."
    )
    assert str(caught.value) == caught.value.why
    assert engine.read == []
    long = "3 " + "y" * 200
    with pytest.raises(Unplayable) as caught:
        resolve(game, seat, long, MOVES, first=False)
    assert f"“{long[:80]}” comes" in caught.value.why


def test_a_step_by_words_or_number_resolves_to_its_move():
    game, seat, engine = table(None)
    assert resolve(game, seat, "2", MOVES, first=True) is by_index(2)
    assert resolve(game, seat, "end the turn", MOVES, first=False) is by_index(3)
    assert engine.read == []  # the menu named it: no command read


def test_a_step_the_engine_refuses_is_unplayable_with_its_sentence():
    game, seat, engine = table(IllegalAction("B7 is taken."))
    with pytest.raises(Unplayable) as caught:
        resolve(game, seat, "B7", MOVES, first=True)
    assert (caught.value.outcome, caught.value.why) == ("refused", "B7 is taken.")
    assert caught.value.__cause__ is None and caught.value.__suppress_context__
    assert engine.read == [({"turn": 0}, 2, "B7")]


@pytest.mark.parametrize(
    ("text", "first", "why"),
    [
        (
            "Advnace",
            True,
            "I could not read a move in “Advnace”. Did you mean 1. Advance one step? "
            "Reply with the number of a move (or its words) on the first line.",
        ),
        ("Advnace", False, "I could not read a move in “Advnace”. Did you mean “Advance one step”?"),
        (
            "fly to the moon",
            True,
            "I could not read a move in “fly to the moon”. "
            "Reply with the number of a move (or its words) on the first line.",
        ),
        ("fly to the moon", False, "I could not read a move in “fly to the moon”."),
        ("", True, "The reply had no move in it. Reply with the number of a move (or its words) on the first line."),
        ("", False, "The reply had no move in it."),
    ],
)
def test_a_step_that_names_no_move_says_why(text, first, why):
    game, seat, engine = table(None)
    with pytest.raises(Unplayable) as caught:
        resolve(game, seat, text, MOVES, first=first)
    assert (caught.value.outcome, caught.value.why) == ("not_understood", why)
    assert engine.read == ([({"turn": 0}, 2, text)] if text else [])


@pytest.mark.parametrize("text", ["Advnace " + "z" * 200, "fly " + "z" * 200])
def test_what_a_step_says_is_quoted_back_80_characters_at_most(text):
    game, seat, _ = table(None)
    for first in (True, False):
        with pytest.raises(Unplayable) as caught:
            resolve(game, seat, text, MOVES, first=first)
        assert f"“{text[:80]}”." in caught.value.why


class Labelled(Engine):
    def action_label(self, state, seat, action):
        return f"Player {seat + 1} builds to {action['to']} ({state['money']} left)"


@pytest.mark.django_db
def test_a_command_is_a_menu_entry_labelled_with_the_players_names(make_game):
    game = make_game()
    engine = Labelled({"type": "build", "to": "Kestrel Bay"})
    seat = game.seats.get(position=0)
    table_ = SimpleNamespace(pk=game.pk, engine=engine, state={"money": 40}, seats=game.seats)
    entry = command_choice(table_, seat, "build to Kestrel Bay")
    assert entry == {
        "index": None,
        "label": f"{seat.name} builds to Kestrel Bay (40 left)",
        "action": {"type": "build", "to": "Kestrel Bay"},
    }
    assert engine.read == [({"money": 40}, 0, "build to Kestrel Bay")]
