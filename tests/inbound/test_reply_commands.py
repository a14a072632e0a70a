"""Shorter moves by email (#27, part 5), through the inbound path end to end: an Ogallala card is
placed by replying with the code its email's grid shows on a free space ("B7"); a Crayon Rails
build or move is named by cities ("build Harrowgate to Kestrel Bay", "move to Kestrel Bay"), the
server finding the cheapest legal path and saying what it did and what it cost, or why not."""

import pytest

from games.models import Move
from games.rules.crayon_rails.board import CITY_INDEX, CITY_LIST, CITY_OF, edge, edge_nodes, enter_cost, node
from games.rules.crayon_rails.deckgen import cheapest_track
from inbound.route import handle_raw
from notifications import delivery
from notifications.models import Kind, Notification
from notifications.outbox import decision_context
from tests.notifications.test_hit_explanations import reply
from tests.rules.crayon_rails import helpers as cr
from tests.rules.ogallala.helpers import fresh, lay, on_top

from .conftest import seat_at

pytestmark = pytest.mark.django_db


def scenario(make_game, rules, options, state):
    game = make_game(n=2, rules=rules, options=options)
    game.state = state
    game.save(update_fields=["state"])
    Notification.objects.all().delete()
    return game


def answer(game, seat, text):
    """Replies `text` to the seat's current menu; returns (result, the answer's notice)."""
    game.refresh_from_db()
    result = handle_raw(reply(decision_context(game, seat)["reply_to"], text))
    kind = Kind.REPLY_OK if result.outcome == "played" else Kind.REPLY_ERROR
    return result, Notification.objects.filter(seat=seat, kind=kind).latest("pk")


def text_and_html(notice) -> tuple[str, str]:
    message = delivery.render_notification(notice, pictures={})
    return message.body, message.alternatives[0][0]


# -- Ogallala: a code from the grid ----------------------------------------------------------------


def ogallala_game(make_game):
    state = fresh("I")
    lay(state, 0, 1, 0, "bow", "warrior2")  # row B: spaces 1 and 2 taken
    on_top(state, "furs")
    return scenario(make_game, "ogallala", {"edition": "I"}, state)


def test_the_email_after_a_draw_shows_the_river_with_codes_and_the_code_places_the_card(make_game):
    game = ogallala_game(make_game)
    seat = seat_at(game, 0)
    result, ok = answer(game, seat, "booty")  # the stack by its name
    assert result.outcome == "played", result.detail
    grid = ok.context["decision"]["grid"]
    assert grid["columns"] == ["Row 1 (A)", "Row 2 (B)", "Row 3 (C)"] and len(grid["rows"]) == 14
    text, html = text_and_html(ok)
    # the text part: one aligned line per space, a code on each free space, the cards by name
    [line1] = [line for line in text.splitlines() if line.strip().startswith("1 ")]
    [line7] = [line for line in text.splitlines() if line.strip().startswith("7 ")]
    assert line1.split() == ["1", "[A1]", "Bow", "[C1]"] and line7.split() == ["7", "[A7]", "[B7]", "[C7]"]
    assert line1.index("[C1]") == line7.index("[C7]")  # aligned columns
    assert "<table" in html and "<strong>B7</strong>" in html
    # the placements the codes play are no longer a numbered menu of 40 lines
    assert "Place Furs at" not in text and "Place Furs at" not in html
    assert "reply with the code of a free space" in text

    result, ok = answer(game, seat, "“b7”, please")
    assert result.outcome == "played", result.detail
    game.refresh_from_db()
    placed = game.state["displays"][0][1][6]
    assert placed and placed.startswith("furs")
    move = Move.objects.get(game=game, seq=result.seq)
    assert move.action == {"type": "place", "row": 1, "col": 6} and move.channel == "email"
    assert ok.context["played"] == "Place Furs at row 2, space 7"


@pytest.mark.parametrize(
    "code, why",
    [
        ("B2", "Space B2 already holds Two warriors."),
        ("D3", "There is no space D3: your river's rows are A, B and C, and their spaces 1 to 14."),
        ("A15", "There is no space A15"),
    ],
)
def test_an_illegal_code_is_refused_with_a_sentence_and_nothing_changes(make_game, code, why):
    game = ogallala_game(make_game)
    seat = seat_at(game, 0)
    answer(game, seat, "booty")
    game.refresh_from_db()
    version, moves, state = game.version, Move.objects.filter(game=game).count(), game.state

    result, error = answer(game, seat, code)
    assert result.outcome == "refused" and why in result.detail
    assert why in error.context["error"] and error.context["decision"]["grid"]  # a fresh grid to answer
    game.refresh_from_db()
    assert (game.version, Move.objects.filter(game=game).count(), game.state) == (version, moves, state)


def test_a_code_when_no_card_waits_to_be_placed_plays_nothing(make_game):
    game = ogallala_game(make_game)
    seat = seat_at(game, 0)
    result, error = answer(game, seat, "B7")
    assert result.outcome == "refused"
    assert error.context["error"] == "You have no card to place now, so B7 plays nothing."
    assert not Move.objects.filter(game=game, channel="email").exists()


# -- Crayon Rails: builds and moves by city names ----------------------------------------------------


def crayon_game(make_game, state=None):
    return scenario(make_game, "crayon-rails", {"mode": "public"}, state or cr.blank(players=2))


def built(state, seat) -> list[int]:
    return list(state["players"][seat]["track"])


def test_build_between_two_cities_takes_the_cheapest_legal_path_and_says_what_it_cost(make_game):
    state = cr.blank(players=2)
    # the other player's track runs out of Harrowgate along the cheapest way to Kestrel Bay
    _cost, empty_path = cheapest_between("Harrowgate", "Kestrel Bay", state)
    cr.lay(state, 1, *[[n % 40, n // 40] for n in empty_path[:3]])
    game = crayon_game(make_game, state)
    seat = seat_at(game, 0)
    cash = game.state["players"][0]["cash"]

    result, ok = answer(game, seat, "Build Harrowgate to Kestrel Bay")
    assert result.outcome == "played", result.detail
    game.refresh_from_db()
    new = built(game.state, 0)
    cost = cash - game.state["players"][0]["cash"]
    # it avoids the other player's track, and nothing legal is cheaper: the least cost over the
    # map with their sections closed (an independent search over the map's terrain)
    assert not set(new) & set(game.state["players"][1]["track"])
    assert cost == cheapest_between("Harrowgate", "Kestrel Bay", game.state, closed=state["players"][1]["track"])[0]
    ends = {CITY_OF.get(n) for e in new for n in edge_nodes(e)}
    assert {CITY_INDEX["Harrowgate"], CITY_INDEX["Kestrel Bay"]} <= ends
    assert ok.context["played"] == f"Build {len(new)} sections to Kestrel Bay (costs {cost})"
    assert any(f"builds {len(new)} track sections to Kestrel Bay for {cost}." in e for e in ok.context["events"])


def cheapest_between(a: str, b: str, state, closed=()) -> tuple[int, list[int]]:
    """The least build cost from city a to city b, by a plain Dijkstra over the terrain (the
    map's own enter_cost), other sections closed; with the path to the nearest post of b."""
    import heapq

    from games.rules.crayon_rails.board import CITY_TRACK, NEIGHBOURS

    closed = set(closed)
    starts = CITY_LIST[CITY_INDEX[a]]["posts"]
    dist = {n: 0 for n in starts}
    prev = {n: None for n in starts}
    heap = [(0, n) for n in starts]
    while heap:
        d, u = heapq.heappop(heap)
        if d > dist[u]:
            continue
        for v in NEIGHBOURS[u]:
            e = edge(u, v)
            if e in closed:
                continue
            nd = d + (0 if e in CITY_TRACK else enter_cost(e, v))
            if nd < dist.get(v, 1 << 30):
                dist[v], prev[v] = nd, u
                heapq.heappush(heap, (nd, v))
    goal = min(CITY_LIST[CITY_INDEX[b]]["posts"], key=lambda n: dist.get(n, 1 << 30))
    path = [goal]
    while prev[path[-1]] is not None:
        path.append(prev[path[-1]])
    return dist[goal], path[::-1]


def test_cheapest_between_agrees_with_the_maps_own_search():
    dist = cheapest_track(CITY_LIST[CITY_INDEX["Harrowgate"]]["posts"])
    best = min(dist.get(n, 1 << 30) for n in CITY_LIST[CITY_INDEX["Kestrel Bay"]]["posts"])
    assert cheapest_between("Harrowgate", "Kestrel Bay", cr.blank(players=2))[0] == best


@pytest.mark.parametrize(
    "line, why",
    [
        (
            "build Harrowgate to Velmora",
            "The cheapest track from Harrowgate to Velmora costs 23; you may spend only 20 more on building "
            "this turn. Reply “build toward Velmora” to build as much of it as that pays.",
        ),
        ("build Harrowgate to Hobsford", "There is no city called “Hobsford”. Did you mean Hobbsford?"),
        ("move to Hobsford", "There is no city called “Hobsford”. Did you mean Hobbsford?"),
        ("build har to Kestrel Bay", "“har” could be Harnoc or Harrowgate: which one? Write the city's whole name."),
        ("build Harrowgate to Atlantis", "There is no city called “Atlantis” on the map."),
        ("move to Kestrel Bay", "Place your train on a city first."),
    ],
)
def test_a_build_or_move_that_cannot_be_played_is_answered_and_nothing_changes(make_game, line, why):
    game = crayon_game(make_game)
    seat = seat_at(game, 0)
    state, version = game.state, game.version
    result, error = answer(game, seat, line)
    assert result.outcome == "refused" and result.detail == why
    assert error.context["error"] == why
    game.refresh_from_db()
    assert (game.state, game.version) == (state, version)
    assert not Move.objects.filter(game=game, channel="email").exists()


def test_move_to_a_city_takes_the_train_there_and_toward_a_far_one_as_far_as_it_gets(make_game):
    state = cr.blank(players=2)
    harrowgate, kestrel = cr.posts("Harrowgate"), cr.posts("Kestrel Bay")
    _cost, path = cheapest_between("Harrowgate", "Kestrel Bay", state)
    cr.lay(state, 0, *[[n % 40, n // 40] for n in path])
    state["players"][0]["pos"] = harrowgate[0]
    game = crayon_game(make_game, state)
    seat = seat_at(game, 0)

    result, ok = answer(game, seat, "move to kestrel bay")
    assert result.outcome == "played", result.detail
    game.refresh_from_db()
    p = game.state["players"][0]
    assert p["pos"] in kestrel and p["cash"] == state["players"][0]["cash"]  # own track: no fees
    moved = Move.objects.get(game=game, seq=result.seq).action
    assert moved["type"] == "move" and node(*moved["path"][0]) == harrowgate[0]
    assert ok.context["played"] == f"Move {len(moved['path']) - 1} mileposts to Kestrel Bay"

    result, error = answer(game, seat, "move to Kestrel Bay")
    assert result.outcome == "refused" and result.detail == "Your train is at Kestrel Bay already."


# -- several moves in one reply ----------------------------------------------------------------------


def test_one_reply_places_the_card_and_draws_the_next(make_game):
    game = ogallala_game(make_game)
    _k, warrior = on_top(game.state, "chieftain")
    game.save(update_fields=["state"])
    seat = seat_at(game, 0)
    answer(game, seat, "booty")
    result, ok = answer(game, seat, "B7; then draw from the warriors stack")
    assert result.outcome == "played", result.detail
    game.refresh_from_db()
    assert game.state["displays"][0][1][6].startswith("furs")  # a booty card: its drawer draws again
    assert game.state["hand"] == [warrior] and game.state["pending"][0] == {
        "seat": 0,
        "kind": "place",
        "card": warrior,
        "src": "stack",
    }
    emailed = Move.objects.filter(game=game, channel="email").order_by("seq")
    assert [m.action["type"] for m in emailed] == ["draw", "place", "draw"]
    assert ok.context["played"] == "Place Furs at row 2, space 7; then Draw from the warriors stack"
    assert ok.context["decision"]["grid"]  # the next card to place, with its codes


def test_a_later_step_that_cannot_be_played_stops_there_and_the_answer_says_why(make_game):
    game = ogallala_game(make_game)
    seat = seat_at(game, 0)
    answer(game, seat, "booty")
    result, ok = answer(game, seat, "B7 then 3")
    assert result.outcome == "played"
    assert ok.context["not_played"]["step"] == "3"
    assert "no longer hold" in ok.context["not_played"]["why"]
    text, html = text_and_html(ok)
    assert "Not played: “3”." in text and "Not played: “3”." in html
    assert [m.action["type"] for m in Move.objects.filter(game=game, channel="email").order_by("seq")] == [
        "draw",
        "place",
    ]
