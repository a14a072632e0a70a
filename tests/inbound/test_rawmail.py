"""A raw message's bytes, read before any parser (inbound.rawmail), without a database: the top
headers kept for the addressee and robots' marks, and each limit on a message's shape at its
bound (the last one let through, the first one refused, with the sentence recorded)."""

import pytest
from django.conf import settings

from inbound.rawmail import (
    MAX_DELIMITERS,
    MAX_HEADER_BYTES,
    MAX_HEADER_LINES,
    MAX_KEPT_HEADERS,
    MAX_LINES,
    MAX_MULTIPARTS,
    refusal,
    top_headers,
)

TOP = b"From: ann@example.com\r\nTo: play+t@example.com\r\nSubject: Re\r\n"


def check(data: bytes):
    return refusal(data, len(data))


def flat(parts: int, boundary: bytes = b"b", header: bytes = b"Content-Type: text/plain\r\n") -> bytes:
    """A message of `parts` text parts (and its closing delimiter: parts + 1 delimiter lines)."""
    part = b"--" + boundary + b"\r\n" + header + b"\r\n1\r\n"
    declared = b'Content-Type: multipart/mixed; boundary="' + boundary + b'"\r\n\r\n'
    return TOP + declared + part * parts + b"--" + boundary + b"--\r\n"


def test_top_headers_keeps_the_named_ones_of_the_top_block_unfolded():
    data = (
        b"to: play+t@example.com\r\n"
        b"X-Other: play+x@example.com\r\n"
        b"CC: Ann\r\n <ann@example.com>,\r\n\tBob <b@example.com>\r\n"
        b"Subject: From: nobody\r\n"
        b"\r\n"
        b"From: body@example.com\r\n"
    )
    msg = top_headers(data, ("To", "Cc", "From"))
    assert msg.items() == [("to", "play+t@example.com"), ("cc", "Ann <ann@example.com>,\tBob <b@example.com>")]


def test_top_headers_keeps_the_values_as_written():
    msg = top_headers(b"FROM:   Ann  <Ann@Example.com>  \n\nbody", ("From",))
    assert msg["From"] == "Ann  <Ann@Example.com>"


def test_top_headers_keeps_undecodable_bytes_without_raising():
    msg = top_headers(b"From: \xffAnn <ann@example.com>\r\nTo: \xfe\r\n\r\n1", ("From", "To"))
    assert [name for name, _ in msg.items()] == ["from", "to"]


def test_top_headers_keeps_a_hundred_at_most():
    data = b"".join(b"To: a%d@example.com\r\n" % i for i in range(MAX_KEPT_HEADERS + 20)) + b"\r\n"
    values = top_headers(data, ("To",)).get_all("To")
    assert len(values) == MAX_KEPT_HEADERS and values[-1] == f"a{MAX_KEPT_HEADERS - 1}@example.com"


def test_top_headers_reads_the_first_64_kb_of_a_top_block_without_end():
    filler = b"X-Pad: " + b"a" * (MAX_HEADER_BYTES - 54) + b"\r\n"
    data = b"To: first@example.com\r\n" + filler + b"To: late@example.com\r\n" + b"To: later@example.com\r\n" * 20
    assert top_headers(data, ("To",)).get_all("To") == ["first@example.com", "late@example.com"]
    short = b"To: first@example.com\r\nTo: second@example.com"
    assert top_headers(short, ("To",)).get_all("To") == ["first@example.com", "second@example.com"]


def test_a_message_that_starts_with_its_body_has_no_top_headers():
    assert top_headers(b"\r\nTo: body@example.com\r\n", ("To",)).items() == []
    assert top_headers(b"\nTo: body@example.com\n", ("To",)).items() == []


def test_a_reply_within_every_limit_is_let_through():
    assert check(TOP + b"\r\n1\r\n") is None
    assert check(flat(MAX_DELIMITERS - 1)) is None


def test_the_size_is_the_one_given():
    limit = settings.TRAILPOST["INBOUND_MAX_BYTES"]
    assert refusal(TOP + b"\r\n1", limit) is None
    assert refusal(TOP + b"\r\n1", limit + 1) == ("too_large", f"It is {limit + 1} bytes; the limit is {limit}.")


def test_a_nul_byte_is_refused():
    assert check(TOP + b"\r\n1\x002") == ("malformed", "It contains a NUL byte.")


def declarations(count: int, spelling: bytes = b"boundary=") -> bytes:
    return TOP + b"".join(b'X-Part-%d: multipart/mixed; %s"p%d"\r\n' % (i, spelling, i) for i in range(count))


@pytest.mark.parametrize("spelling", [b"boundary=", b"BOUNDARY =", b"Boundary\t= "])
def test_more_than_50_multipart_containers_are_refused(spelling):
    assert check(declarations(MAX_MULTIPARTS, spelling) + b"\r\n1\r\n") is None
    assert check(declarations(MAX_MULTIPARTS + 1, spelling) + b"\r\n1\r\n") == (
        "malformed",
        "It has more than 50 multipart parts.",
    )


def test_more_than_200_delimiter_lines_are_refused():
    assert check(flat(MAX_DELIMITERS - 1)) is None
    assert check(flat(MAX_DELIMITERS)) == ("malformed", "It has more than 200 MIME parts.")


def test_delimiters_are_counted_for_every_boundary_as_written():
    # the boundary's own bytes: "--xy z" is not a delimiter of boundary "Xy Z"
    assert check(flat(MAX_DELIMITERS, boundary=b"Xy Z")) == ("malformed", "It has more than 200 MIME parts.")
    assert check(flat(MAX_DELIMITERS, boundary=b"Xy Z").replace(b"\n--Xy Z", b"\n--xy z")) is None
    unquoted = flat(MAX_DELIMITERS, boundary=b"Q1").replace(b'boundary="Q1"', b"boundary=Q1; charset=x")
    assert check(unquoted) == ("malformed", "It has more than 200 MIME parts.")
    two = (
        TOP
        + b"Content-Type: multipart/mixed; boundary=one\r\nX-Inner: boundary=two\r\n\r\n"
        + (b"--one\r\n\r\n1\r\n" * 100)
        + (b"--two\r\n\r\n1\r\n" * 101)
    )
    assert check(two) == ("malformed", "It has more than 200 MIME parts.")


def test_dashes_in_the_text_are_no_delimiters():
    text = TOP + b"Content-Type: multipart/mixed; boundary=c\r\n\r\n" + b"--bb is no part\r\n-- \r\n" * 150
    assert check(text + b"--c\r\n\r\n1\r\n--c--\r\n") is None
    assert check(text.replace(b"boundary=c", b'boundary="c"') + b"--c\r\n\r\n1\r\n--c--\r\n") is None


def test_a_message_without_top_headers_has_its_parts_measured():
    headers = b"X-H: v\r\n" * (MAX_HEADER_LINES + 1)
    data = b"\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n" + headers + b"\r\n1\r\n--b--\r\n"
    assert check(data) == ("malformed", "It has more than 1000 header lines.")
    first = b"\n--b\r\nContent-Type: multipart/mixed; boundary=b\r\n" + headers + b"\r\nbody\r\n"
    assert check(first) == ("malformed", "It has more than 1000 header lines.")


def test_a_part_without_headers_adds_no_header_bytes():
    def filled(pad: int, empty_parts: int) -> bytes:
        return parts(part_with_headers(1, b"a" * pad), *[b"--b\r\n\r\n1\r\n"] * empty_parts)

    pad = MAX_HEADER_BYTES - 200
    while check(filled(pad + 1, 0)) is None:
        pad += 1
    assert check(filled(pad, 0)) is None  # the header bytes are exactly at the limit
    assert check(filled(pad, 150)) is None


def test_a_top_block_over_64_kb_is_refused():
    at_limit = b"X-Big: " + b"a" * (MAX_HEADER_BYTES - 9) + b"\r\n"
    assert len(at_limit) == MAX_HEADER_BYTES
    assert check(at_limit + b"\r\n1\r\n") is None
    assert check(at_limit + b"\r\n") is None
    assert check(b"X-Big: a" + at_limit + b"\r\n1\r\n") == ("malformed", "A header block is over 65536 bytes.")
    assert check(at_limit) is None  # all header, no body, within the limit
    assert check(b"X" + at_limit) == ("malformed", "A header block is over 65536 bytes.")
    # one byte over, ended by a blank line: over as one block, not counted in all
    assert check(b"X" + at_limit + b"\r\n1\r\n") == ("malformed", "A header block is over 65536 bytes.")


def part_with_headers(lines: int, pad: bytes = b"v") -> bytes:
    return b"--b\r\n" + b"X-H: " + pad + b"\r\n" + b"X-H: v\r\n" * (lines - 1) + b"\r\n1\r\n"


def parts(*blocks: bytes) -> bytes:
    return TOP + b"Content-Type: multipart/mixed; boundary=b\r\n\r\n" + b"".join(blocks) + b"--b--\r\n"


def test_header_blocks_over_64_kb_in_all_are_refused():
    top = len(TOP + b"Content-Type: multipart/mixed; boundary=b\r\n\r\n")
    each = (MAX_HEADER_BYTES - top) // 4
    pad = b"a" * (each - len(b"X-H: \r\n") - len(b"\r\n"))
    fits = parts(*[part_with_headers(1, pad)] * 4)
    assert check(fits) is None
    over = parts(*[part_with_headers(1, pad + b"a" * 10)] * 4)
    assert check(over) == ("malformed", "Its headers are over 65536 bytes in all.")


def test_more_than_1000_header_lines_in_all_are_refused():
    top_lines = 4  # TOP's three and the Content-Type
    fits = parts(part_with_headers(500), part_with_headers(MAX_HEADER_LINES - 500 - top_lines))
    assert check(fits) is None
    over = parts(part_with_headers(500), part_with_headers(MAX_HEADER_LINES - 500 - top_lines + 1))
    assert check(over) == ("malformed", "It has more than 1000 header lines.")


def test_a_parts_body_is_not_counted_as_headers():
    body_like_headers = b"--b\r\nContent-Type: text/plain\r\n\r\n" + b"X-H: v\r\n" * (MAX_HEADER_LINES + 10)
    assert check(parts(body_like_headers)) is None


def test_an_attached_messages_headers_are_counted():
    inner = b"X-H: v\r\n" * (MAX_HEADER_LINES - 3)
    attached = b"--b\r\nContent-Type: message/rfc822\r\n\r\n" + inner + b"\r\nbody\r\n"
    assert check(parts(attached)) == ("malformed", "It has more than 1000 header lines.")
    as_text = attached.replace(b"message/rfc822", b"text/plain")
    assert check(parts(as_text)) is None
    nested = b"--b\r\nContent-Type:\r\n message/rfc822\r\n\r\nContent-Type: message/rfc822\r\n\r\n" + inner
    assert check(parts(nested + b"\r\nbody\r\n")) == ("malformed", "It has more than 1000 header lines.")


def test_an_attached_message_at_the_very_end_is_measured_without_failing():
    assert check(parts() + b"--b\r\nContent-Type: message/rfc822\r\n") is None
    assert check(parts() + b"--b\r\nContent-Type: message/rfc822\r\n\r\n") is None


def test_more_than_50000_lines_are_refused():
    body = TOP + b"\n"
    at_limit = body + b"\n" * (MAX_LINES - body.count(b"\n"))
    assert check(at_limit) is None
    assert check(at_limit + b"\n") == ("malformed", "It has more than 50000 lines.")
