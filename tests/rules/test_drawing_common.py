"""games.rules.drawing.common: the seats' colours and names, the tokens' labels and shapes every table
picture shares."""

import pytest

from games.rules.drawing.common import (
    EMAIL_TEXT,
    EMAIL_W,
    SEAT_COLOUR_NAMES,
    SEAT_COLOURS,
    email_tag,
    plural,
    seat_colour,
    seat_colour_name,
    seat_names,
    token,
    token_labels,
)
from games.rules.drawing.fonts import font
from games.rules.drawing.svg import Canvas


def test_the_email_column_and_its_smallest_text():
    # the template caps the column at 552 CSS pixels: the smallest text there is still over 12
    assert EMAIL_W == 600 and EMAIL_TEXT == 13.5 and EMAIL_TEXT * 552 / EMAIL_W > 12


@pytest.mark.parametrize("seat", [0, 1, 2, 3, 4, 5, "2", 6, 11])
def test_each_seat_has_a_colour_and_its_name_and_the_seventh_starts_again(seat):
    i = int(seat) % 6
    assert seat_colour(seat) == SEAT_COLOURS[i] and seat_colour_name(seat) == SEAT_COLOUR_NAMES[i]


def test_the_six_colours_and_their_names_differ():
    assert len(set(SEAT_COLOURS)) == len(set(SEAT_COLOUR_NAMES)) == 6
    assert SEAT_COLOUR_NAMES == ["red", "blue", "green", "purple", "black", "pink"]


@pytest.mark.parametrize("seat", [None, "north", 1.5j])
def test_no_seat_gets_grey_and_no_colour_name(seat):
    assert seat_colour(seat) == "#777777" and seat_colour_name(seat) == ""


def test_seat_names_takes_the_names_given_then_the_views_then_player_n():
    view = {
        "players": [
            {"seat": 0, "name": "From the view"},
            {"seat": 1, "name": "Also the view"},
            {"seat": 2},
            {"name": "no seat"},
            "not a player",
            {"seat": "3", "name": "a seat that is no number"},
        ]
    }
    assert seat_names(view, {1: "Given", 4: "Only given"}) == {
        0: "From the view",
        1: "Given",
        2: "Player 3",
        4: "Only given",
    }
    assert seat_names(view, None) == {0: "From the view", 1: "Also the view", 2: "Player 3"}
    assert seat_names({}, {0: 7}) == {0: "7"}  # a name given as a number is written as text
    assert seat_names({"players": [{"seat": 0, "name": 12}]}, {}) == {0: "12"}


def test_seat_names_reads_past_an_entry_that_is_no_seat():
    view = {"players": [{"name": "no seat"}, {"seat": 1, "name": "Bea"}]}
    assert seat_names(view, None) == {1: "Bea"}


def test_a_token_shows_the_names_initial_unless_two_seats_share_it():
    assert token_labels({0: "ann", 1: "Bob", 2: "  ~cy"}) == {0: "A", 1: "B", 2: "C"}
    # two names starting alike: each gets its seat's number as well; the others keep theirs
    assert token_labels({0: "Ann", 1: "amy", 2: "Bob"}) == {0: "A1", 1: "A2", 2: "B"}
    # a name with no letter or digit shows the seat's number
    assert token_labels({0: "~~", 3: "!"}) == {0: "1", 3: "4"}
    assert token_labels({0: "~~", 1: "1x"}) == {0: "11", 1: "12"}


def test_a_token_is_a_disc_in_the_seats_colour_on_a_white_rim_with_its_label_in_white():
    canvas = Canvas(100)
    token(canvas, 10, 20, 1, "B")
    assert canvas.parts == [
        '<circle cx="10" cy="20" r="9.5" fill="#fff"/>',
        f'<circle cx="10" cy="20" r="8" fill="{SEAT_COLOURS[1]}"/>',
    ]
    # a one-letter label at 1.3 times the radius, its baseline a third of its size below the centre
    size = 8 * 1.3
    assert canvas.labels == {(size, True, "#fff", "middle", None): [(10, 20 + size * 0.36, "B")]}


def test_a_token_with_a_ring_draws_it_outside_and_a_longer_label_smaller():
    canvas = Canvas(100)
    token(canvas, 5, 6, 2, "A2", r=10, ring="#c0392b")
    assert canvas.parts == [
        '<circle cx="5" cy="6" r="14" fill="#c0392b"/>',
        '<circle cx="5" cy="6" r="11.5" fill="#fff"/>',
        f'<circle cx="5" cy="6" r="10" fill="{SEAT_COLOURS[2]}"/>',
    ]
    assert canvas.labels == {(10, True, "#fff", "middle", None): [(5, 6 + 10 * 0.36, "A2")]}


@pytest.mark.parametrize(
    ("n", "word", "many", "text"),
    [
        (1, "card", None, "1 card"),
        (2, "card", None, "2 cards"),
        (0, "card", None, "0 cards"),
        (3, "ox", "oxen", "3 oxen"),
    ],
)
def test_plural(n, word, many, text):
    assert plural(n, word, many) == text


def test_an_email_tag_is_a_square_in_the_seats_colour_at_least_20_wide_around_its_label():
    canvas = Canvas(600)
    shapes = []
    width = email_tag(canvas, lambda colour, d: shapes.append((colour, d)), 10, 30, 0, "A")
    assert width == 20.0  # one letter is narrower than 20 - 8
    assert shapes == [(SEAT_COLOURS[0], "M10 30h20v20h-20z")]
    assert canvas.labels == {(EMAIL_TEXT, True, "#fff", "middle", None): [(20.0, 45, "A")]}
    # a long label: its width in bold at email size, 4 pixels either side
    long = "Annabelle"
    width = email_tag(canvas, lambda colour, d: shapes.append((colour, d)), 0, 0, 3, long)
    assert width == font(True).width(long, EMAIL_TEXT) + 8 > 20
    assert shapes[-1][0] == SEAT_COLOURS[3]
    assert canvas.labels[(EMAIL_TEXT, True, "#fff", "middle", None)][-1] == (width / 2, 15, long)
