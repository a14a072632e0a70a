"""What a person wrote in a reply, cut from the email it quotes (inbound.trim), without a
database: top- and bottom-posted replies, quoted lines, rules and signatures, and the bounds on the
text the reply parser is given (a reply is outside input, of any length)."""

import pytest

from inbound.trim import MAX_LINE_CHARS, MAX_REPLY_CHARS, ReplyPart, first_line, reply_part, reply_text, written_line

HEADER = "On Mon, 1 Jan 2030, Trailpost wrote:"


def test_a_top_posted_reply_is_what_stands_above_the_quote_header():
    text = f"  2  \n\n{HEADER}\n> 1. Advance\n> 2. Send"
    assert reply_part(text) == ReplyPart(["2"], bottom_posted=False)
    assert first_line(text) == "2"
    assert reply_text(text) == "2"


def test_a_bottom_posted_reply_is_what_stands_below_the_quote():
    text = f"{HEADER}\n> 1. Advance\n> 2. Send\n\nend the turn\nand good luck\n-- \nAnn\n"
    part = reply_part(text)
    assert part.bottom_posted is True
    assert part.lines[:2] == ["> 1. Advance", "> 2. Send"] and "--" in part.lines
    assert first_line(text) == "end the turn"
    assert reply_text(text) == "end the turn\nand good luck"


@pytest.mark.parametrize("text", ["", "   \n\t\n", f"{HEADER}\nThe original, unquoted (Outlook).\n1. Advance"])
def test_a_reply_that_says_nothing_has_no_part_no_line_and_no_text(text):
    assert reply_part(text) is None
    assert first_line(text) == ""
    assert reply_text(text) == ""


def test_a_reply_whose_first_line_is_quoted_has_no_answer_line():
    text = "> 1. Advance\nend the turn"
    assert first_line(text) == ""
    assert reply_text(text) == "end the turn"  # a message at the table keeps what follows the quote


def test_the_text_of_a_top_posted_reply_stops_at_the_quote_that_follows_it():
    text = "hello\n  world\n> quoted\nafter"
    assert first_line(text) == "hello"
    assert reply_text(text) == "hello\nworld"


def test_rules_are_passed_over_and_a_signature_ends_the_answer():
    assert first_line("____\n* * *\nend the turn\n") == "end the turn"
    assert first_line("____\n-- \nAnn\n") == ""
    assert first_line("-- \n3\n") == ""
    assert reply_text("____\nend\n-- \n3") == "____\nend"
    assert reply_text("hi\n   --   \nAnn") == "hi"


def test_a_line_of_two_dashes_and_more_is_no_signature():
    assert first_line("--- 3") == "--- 3"
    assert reply_text("1\n--x\n2") == "1\n--x\n2"


def test_an_indented_quote_is_a_quote():
    assert first_line("   > 1\n") == ""
    assert reply_text("hello\n  > quoted\nafter") == "hello"


def test_a_bottom_posted_reply_passes_over_its_quoted_lines_only():
    text = f"{HEADER}\n> 1. Advance\n\n____\n2\n> 3. End\nmore"
    assert first_line(text) == "2"
    assert reply_text(text) == "____\n2\nmore"


def test_a_line_is_read_400_characters_at_most():
    line = "a" * (MAX_LINE_CHARS + 50)
    assert first_line(line + "\n2") == "a" * MAX_LINE_CHARS
    assert reply_text(f"b\n{line}\nc") == f"b\n{'a' * MAX_LINE_CHARS}\nc"


def test_a_reply_is_read_40000_characters_at_most():
    lines = ["x" * 99] * (MAX_REPLY_CHARS // 100 + 10)
    text = reply_text("\n".join(lines))
    assert len(text) == MAX_REPLY_CHARS - 1  # the clipped text's last line is cut at its end
    assert text.endswith("x" * 99) and text.count("\n") == MAX_REPLY_CHARS // 100 - 1
    assert reply_text("\n".join(["y" * 99] * (MAX_REPLY_CHARS // 100)) + "\nz") == "\n".join(
        ["y" * 99] * (MAX_REPLY_CHARS // 100)
    )


@pytest.mark.parametrize(
    ("text", "line"),
    [("\n  \n---\n  end the turn  \nmore", "end the turn"), ("Hi!\n", "Hi!"), ("", ""), ("--\n**\n", "")],
)
def test_the_written_line_is_the_first_with_a_letter_or_digit(text, line):
    assert written_line(text) == line


def test_quote_headers_in_other_languages_are_cut_too():
    header = "Am Mo., 1. Jan. 2030 um 10:00 schrieb Trailpost <x@example.com>:"
    assert reply_text(f"3\n\n{header}\n> 1. Advance\n> 3. End") == "3"
    assert first_line(f"{header}\n> 1. Advance\n\n3") == "3"


def test_a_reply_of_rules_or_quotes_only_has_no_answer_line():
    assert first_line("____\n* * *\n") == ""
    assert first_line(f"{HEADER}\n> 1. Advance\n> 2. Send") == ""
