"""Play on the table (#24): the game page's forms answer htmx with the live section changed in place
(and without JavaScript with post/redirect/get), what hit the player since their last move is shown
and explained, the waiting room's poll sees who joins, the header counts the games waiting for the
player and the tab title says whose turn it is, and the end of a game is a table with a rematch.
Every endpoint is checked for who may use it."""

from __future__ import annotations

import html as h
import json
import re

import pytest
from django.urls import reverse

from games import selectors, services
from games.models import Game, Invitation, Move, Seat
from tests import builders
from tests.builders import lobby_game, play, start_game
from tests.rules.oregon_trail import helpers as otr

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


def _game(make_user, *, rules="oregon-trail-race", start=True, private=False, bots=0, options=None):
    ann, bob = make_user("Ann Table"), make_user("Bob Table")
    game = (start_game if start else lobby_game)(
        ann,
        bob,
        rules=rules,
        options=options or {},
        title="On the table",
        max_players=2 + bots,
        bots=bots,
        visibility=Game.Visibility.PRIVATE if private else Game.Visibility.PUBLIC,
    )
    return game, ann, bob


def _mover(game):
    game.refresh_from_db()
    return game.seats.select_related("user").get(position=game.engine.to_act(game.state)[0])


def _post_move(client, game, action, *, version=None, hx=True):
    data = {"action": json.dumps(action), "version": game.version if version is None else version}
    return client.post(reverse("games:move", args=[game.pk]), data, **(HX if hx else {}))


# -- a move, in place ----------------------------------------------------------------------------


def test_a_move_by_htmx_answers_with_the_live_section_and_the_header_count(client, make_user):
    game, ann, bob = _game(make_user)
    seat = _mover(game)
    client.force_login(seat.user)
    action = game.engine.legal_actions(game.state, seat.position)[0]
    resp = _post_move(client, game, action)
    body = resp.content.decode()
    assert resp.status_code == 200 and body.lstrip().startswith("{% load") is False
    assert '<section id="live"' in body and "<html" not in body
    assert 'id="games-waiting" hx-swap-oob="true"' in body and 'id="game-foot" hx-swap-oob="true"' in body
    game.refresh_from_db()
    assert game.version == 2 and f'data-version="{game.version}"' in body
    # the old page's banner is in place: what the move did, as a message in the section
    assert 'id="live-messages"' in body


def _list_form(page):
    """Returns the numbered list's one form on a game page: (its version, its key, [(number, label)])."""
    form = re.search(r'<form method="post" action="[^"]+" id="tp-move-list".*?</form>', page, re.S).group(0)
    assert form.count('name="version"') == 1 and form.count('name="key"') == 1
    version = re.search(r'name="version" value="(\d+)"', form).group(1)
    key = re.search(r'name="key" value="([^"]+)"', form).group(1)
    buttons = re.findall(r'<button name="move" value="(\d+)"[^>]*>([^<]+)</button>', form)
    return version, key, [(n, h.unescape(label)) for n, label in buttons]


def test_the_move_list_is_one_form_its_moves_buttons_sending_their_number(client, make_user):
    """The list sends the version and key once; each move is a button sending its number in the
    list (not its action: a Crayon Rails route made a live update 10 KB bigger), which the server
    looks up in the menu at that version. The same tap twice is one move; another move of the same
    page after it is refused as stale."""
    game, ann, bob = _game(make_user)
    seat = _mover(game)
    client.force_login(seat.user)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    version, key, buttons = _list_form(page)
    actions = game.engine.legal_actions(game.state, seat.position)
    assert [n for n, _ in buttons] == [str(i) for i in range(1, len(actions) + 1)]
    assert "&quot;type&quot;" not in page and '"type":' not in page.split('id="tp-move-list"', 1)[1]
    url = reverse("games:move", args=[game.pk])
    second = {"move": "2", "version": version, "key": key}
    client.post(url, second)
    game.refresh_from_db()
    [move] = Move.objects.filter(game=game, kind=Move.Kind.MOVE)
    assert move.action == actions[1] and game.version == 2  # the second of the menu, as the page listed it
    body = client.post(url, second, **HX).content.decode()  # a second tap of it: answered as the first
    assert Move.objects.filter(game=game, kind=Move.Kind.MOVE).count() == 1 and 'role="alert"' not in body
    other = {"move": "1", "version": version, "key": key}
    body = client.post(url, other, follow=True).content.decode()
    assert "The game has moved on since you looked" in body and "Idempotency" not in body
    assert Move.objects.filter(game=game, kind=Move.Kind.MOVE).count() == 1


@pytest.mark.parametrize(
    "number, expected",
    [
        ("0", "That move could not be read"),
        ("-1", "That move could not be read"),
        ("two", "That move could not be read"),
        ("", "That move could not be read"),
        ("1" * 30, "That move could not be read"),
        ("\u0661", "That move could not be read"),  # an Arabic-Indic one: a digit to Python, not to the list
        ("99", "There is no move 99 on your list"),
        ("9999", "There is no move 9999 on your list"),
    ],
)
def test_a_list_number_that_is_not_on_the_list_is_refused_in_words_and_changes_nothing(
    client, make_user, number, expected
):
    game, ann, bob = _game(make_user)
    client.force_login(_mover(game).user)
    data = {"move": number, "version": game.version, "key": "k1"}
    body = client.post(reverse("games:move", args=[game.pk]), data, **HX).content.decode()
    alert = re.search(r'<li class="error"><span role="alert">([^<]+)</span>', body)
    assert alert and expected in h.unescape(alert.group(1))
    assert Game.objects.get(pk=game.pk).version == 1 and not Move.objects.filter(game=game, kind="move").exists()


def test_a_list_number_of_an_older_page_is_refused_as_stale(client, make_user):
    game, ann, bob = _game(make_user)
    seat = _mover(game)
    client.force_login(seat.user)
    for version in (0, 7):  # an older page, and a version the game never had
        data = {"move": "1", "version": version, "key": f"old-{version}"}
        body = client.post(reverse("games:move", args=[game.pk]), data, **HX).content.decode()
        assert "The game has moved on since you looked" in h.unescape(body)
    # another player's key does not answer for this player: a page of theirs is as stale
    url = reverse("games:move", args=[game.pk])
    client.post(url, {"move": "1", "version": game.version, "key": "shared"})
    other = game.seats.exclude(pk=seat.pk).get().user
    client.force_login(other)
    body = client.post(url, {"move": "1", "version": 1, "key": "shared"}, **HX).content.decode()
    assert "The game has moved on since you looked" in h.unescape(body)
    assert Move.objects.filter(game=game, kind=Move.Kind.MOVE).count() == 1


def test_a_list_number_from_a_player_not_to_act_or_an_outsider_plays_nothing(client, make_user):
    game, ann, bob = _game(make_user, private=True)
    mover = _mover(game)
    url = reverse("games:move", args=[game.pk])
    data = {"move": "1", "version": game.version, "key": "k"}
    client.force_login(game.seats.exclude(pk=mover.pk).get().user)
    assert "It is not your turn." in h.unescape(client.post(url, data, **HX).content.decode())
    client.force_login(make_user("Cy Outsider"))
    assert client.post(url, data, **HX).status_code == 404
    client.force_login(make_user("Dee Staff", is_staff=True))
    assert "You are not playing in this game." in client.post(url, data, **HX).content.decode()
    assert Game.objects.get(pk=game.pk).version == 1


def test_without_javascript_a_move_posts_and_redirects(client, make_user):
    game, ann, bob = _game(make_user)
    seat = _mover(game)
    client.force_login(seat.user)
    resp = _post_move(client, game, game.engine.legal_actions(game.state, seat.position)[0], hx=False)
    assert resp.status_code == 302 and resp.url == reverse("games:detail", args=[game.pk])


@pytest.mark.parametrize(
    "data, expected",
    [
        ({"action": "{not json", "version": "1"}, "That move could not be read"),
        ({"action": '{"type": "fly"}', "version": "1"}, None),  # the engine's refusal, in words
        ({"action": '{"type": "draw"}', "version": "zero"}, "That move could not be read"),
        ({"action": "[" * 200 + "]" * 200, "version": "1"}, "That move could not be read"),
    ],
)
def test_hostile_or_illegal_moves_show_an_error_in_place_and_change_nothing(client, make_user, data, expected):
    game, ann, bob = _game(make_user)
    seat = _mover(game)
    client.force_login(seat.user)
    resp = client.post(reverse("games:move", args=[game.pk]), data, **HX)
    body = resp.content.decode()
    assert resp.status_code == 200 and '<section id="live"' in body
    alert = re.search(r'<li class="error"><span role="alert">([^<]+)</span>', body)
    assert alert, body[:2000]
    if expected:
        assert expected in alert.group(1)
    assert Game.objects.get(pk=game.pk).version == 1


def test_a_stale_version_is_refused_in_place(client, make_user):
    game, ann, bob = _game(make_user)
    seat = _mover(game)
    client.force_login(seat.user)
    action = game.engine.legal_actions(game.state, seat.position)[0]
    body = _post_move(client, game, action, version=0).content.decode()
    assert re.search(r'<li class="error"><span role="alert">[^<]+</span>', body)
    assert Game.objects.get(pk=game.pk).version == 1


def test_who_may_move_in_place(client, make_user):
    game, ann, bob = _game(make_user, private=True)
    action = game.engine.legal_actions(game.state, _mover(game).position)[0]
    # anonymous: to the login page; an outsider: the private game does not exist for them
    assert _post_move(client, game, action).status_code == 302
    client.force_login(make_user("Cy Outsider"))
    assert _post_move(client, game, action).status_code == 404
    # staff who do not play see the game but cannot move in it
    staff = make_user("Dee Staff", is_staff=True)
    client.force_login(staff)
    body = _post_move(client, game, action).content.decode()
    assert "You are not playing in this game." in body
    # the player not to act: the engine refuses, in place
    other = game.seats.exclude(position=_mover(game).position).get().user
    client.force_login(other)
    assert 'role="alert"' in _post_move(client, game, action).content.decode()
    assert Game.objects.get(pk=game.pk).version == 1


# -- the waiting room -----------------------------------------------------------------------------


def _live(client, game, *, v=None, s=None):
    params = {"v": game.version if v is None else v}
    if s is not None:
        params["s"] = s
    return client.get(reverse("games:live", args=[game.pk]), params)


def _stamp(body):
    return re.search(r"s=([0-9a-f]{12})", body).group(1)


def test_the_waiting_room_poll_sees_a_joiner_a_bot_and_the_start(client, make_user):
    ann = make_user("Ann Wait")
    game = lobby_game(ann, rules="oregon-trail-race", max_players=3, title="Waiting room")
    client.force_login(ann)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert 'id="waiting-room"' in page and 'hx-trigger="every 4s"' in page
    stamp = _stamp(page)
    assert _live(client, game, s=stamp).status_code == 204  # nobody came: nothing to swap
    bob = make_user("Bob Joiner")
    services.game_join(game=game, user=bob)
    body = _live(client, game, s=stamp).content.decode()
    assert "Bob Joiner" in body and "2 of 3 seats taken" in body
    stamp = _stamp(body)
    services.game_leave(game=game, user=bob)
    body = _live(client, game, s=stamp).content.decode()
    assert "Bob Joiner" not in body and "1 of 3 seats taken" in body
    services.game_add_bot(game=game, by=ann)
    body = _live(client, game, s=_stamp(body)).content.decode()
    assert "(bot)" in body
    stamp = _stamp(body)
    game = builders.start(game)
    body = _live(client, game, v=0, s=stamp).content.decode()
    assert 'id="waiting-room"' not in body and 'class="panel board"' in body and 'id="log-entries"' in body


def test_starting_by_htmx_turns_the_waiting_room_into_the_table(client, make_user):
    game, ann, bob = _game(make_user, start=False)
    client.force_login(ann)
    body = client.post(reverse("games:start", args=[game.pk]), **HX).content.decode()
    assert '<section id="live"' in body and 'class="panel board"' in body and "The game has started." in body
    # bob cannot start it, nor add a bot: refused in place
    game2, ann2, bob2 = _game(make_user, start=False)
    client.force_login(bob2)
    for name in ("games:start", "games:add_bot"):
        body = client.post(reverse(name, args=[game2.pk]), **HX).content.decode()
        assert 'role="alert"' in body
    assert Game.objects.get(pk=game2.pk).status == Game.Status.LOBBY
    assert not Game.objects.get(pk=game2.pk).seats.filter(is_bot=True).exists()


def test_leaving_by_htmx_goes_to_the_lobby(client, make_user):
    game, ann, bob = _game(make_user, start=False)
    client.force_login(bob)
    resp = client.post(reverse("games:leave", args=[game.pk]), **HX)
    assert resp.status_code == 204 and resp["HX-Redirect"] == reverse("games:lobby")
    assert not game.seats.filter(user=bob).exists()


def test_the_waiting_rooms_poll_is_private(client, make_user):
    game, ann, bob = _game(make_user, start=False, private=True)
    client.force_login(make_user("Cy Outsider"))
    assert _live(client, game).status_code == 404


# -- the header and the title ----------------------------------------------------------------------


def test_the_header_counts_the_games_waiting_for_the_player_on_every_page(client, make_user, django_assert_num_queries):
    game, ann, bob = _game(make_user)
    mover = _mover(game).user
    other = ann if mover == bob else bob
    start_game(mover, rules="oregon-trail-race", title="Second", bots=1)
    expected = selectors.waiting_count(mover)
    assert expected >= 1
    client.force_login(mover)
    for url in (reverse("games:lobby"), reverse("games:detail", args=[game.pk]), reverse("accounts:profile")):
        page = client.get(url).content.decode()
        games = "game waits" if expected == 1 else "games wait"
        assert re.search(
            rf'<span id="games-waiting"> <span class="badge turn">{expected}</span>'
            rf'<span class="visually-hidden"> {games} for you</span>',
            page,
        ), url
    client.force_login(other)
    assert '<span id="games-waiting"></span>' in client.get(reverse("games:lobby")).content.decode()
    with django_assert_num_queries(1):
        selectors.waiting_count(mover)


def test_the_tab_title_says_your_turn_to_the_player_to_act_only(client, make_user):
    game, ann, bob = _game(make_user)
    mover = _mover(game).user
    other = ann if mover == bob else bob
    client.force_login(mover)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "<title>(Your turn) On the table · Trailpost</title>" in page and 'data-my-turn="1"' in page
    client.force_login(other)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "<title>On the table · Trailpost</title>" in page and "data-my-turn" not in page


# -- what hit you since your last move --------------------------------------------------------------


def _measles_dealt(make_user):
    """Seat 0 forges a trail card that deals Measles and gives it to seat 1: (game, sender, victim, result)."""
    game, ann, bob = _game(make_user, options={"ruleset": "revised"})
    game.state = otr.blank("revised", players=2)
    state = game.state
    otr.lay_length(state, 0, 2)
    card = otr.give_hand(state, 0, "trigger", "middle")
    game.save(update_fields=["state"])
    sender = game.seats.get(position=0)
    victim = game.seats.select_related("user").get(position=1)
    services.move_submit(
        game=game,
        seat=sender,
        action={"type": "forge", "card": card, "turned": False},
        expected_version=game.version,
        channel=Move.Channel.WEB,
    )
    game.refresh_from_db()
    otr.stack_calamity(game.state, "measles")
    game.save(update_fields=["state"])
    result = services.move_submit(
        game=game, seat=sender, action={"type": "victim", "seat": 1}, expected_version=game.version, channel="web"
    )
    return game, sender, victim, result


def test_a_hit_since_the_last_move_is_shown_explained_and_marked_in_the_log(client, make_user):
    game, sender, victim, result = _measles_dealt(make_user)
    client.force_login(victim.user)
    client.get(reverse("games:detail", args=[game.pk]))  # a reload is not a move: the hit stays news
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    panel = re.search(r'<div class="tp-hit-panel" id="hit".*?</div>', page, re.S)
    assert panel, "no hit panel"
    text = re.sub(r"<[^>]+>", "", panel.group(0))
    assert sender.name in text and "Measles" in text
    assert "What it does to you" in text and "What mends it" in text and "By when" in text
    assert "Mend it on your next turn" in " ".join(text.split())
    assert re.search(rf'<li value="{result.version}" class="[^"]*tp-hit"><span class="tp-hit-badge">Hit</span>', page)
    # the sender was not hit: no panel for them
    client.force_login(sender.user)
    assert 'id="hit"' not in client.get(reverse("games:detail", args=[game.pk])).content.decode()


def test_the_table_marks_the_hit_players_own_area_and_who_moved_last(client, make_user):
    game, sender, victim, _ = _measles_dealt(make_user)
    hit_mark = '<a class="tp-hit-badge tp-hit-mark" href="#hit">Hit</a>'
    last_mark = '<span class="tp-last-mark">Last move</span>'
    client.force_login(victim.user)
    board = client.get(reverse("games:detail", args=[game.pk])).content.decode().split('class="panel board"')[1]
    board = board.split('class="tp-act"')[0]
    # the victim's own area: their trail cards and their line among the players
    assert re.search(r"<h2>Your trail cards \(\d+\)\s*" + re.escape(hit_mark) + "</h2>", board)
    assert re.search(re.escape(victim.name) + r" \(you\)</span>\s*" + re.escape(hit_mark), board)
    assert re.search(re.escape(sender.name) + r"</span>\s*" + re.escape(last_mark), board)
    assert board.count(last_mark) == 1
    # the exact card that hit them: the Measles on their trail, among their calamities (Engine.hit_places)
    game.refresh_from_db()
    [measles] = [c["card"] for c in game.state["players"][1]["calamities"] if c["kind"] == "measles"]
    marked = re.findall(r'<(?:span|button)[^>]*class="[^"]*tp-hit-at[^"]*"[^>]*>([^<]*)', board)
    assert marked == ["Measles"], marked
    calamities = board.split("<h2>Your calamities</h2>")[1].split("</div></div>")[0]
    assert "tp-hit-at" in calamities and (f'data-place="cal:{measles}"' in calamities or "<span" in calamities)
    client.force_login(sender.user)  # not hit: no mark; the last move was theirs
    board = client.get(reverse("games:detail", args=[game.pk])).content.decode().split('class="panel board"')[1]
    assert "tp-hit-mark" not in board and "tp-hit-at" not in board
    assert re.search(re.escape(sender.name) + r" \(you\)</span>\s*" + re.escape(last_mark), board)


# -- the end of the game ----------------------------------------------------------------------------


def _finished(make_user, **kw):
    game, ann, bob = _game(make_user, **kw)
    services.game_resign(game=game, user=ann)
    game.refresh_from_db()
    assert game.is_over
    return game, ann, bob


def test_resigning_by_htmx_turns_the_page_into_the_finished_table(client, make_user):
    game, ann, bob = _game(make_user, bots=1)
    client.force_login(ann)
    before = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert 'id="resign-form"' in before and "only you see it until the game is over" in before
    body = client.post(reverse("games:resign", args=[game.pk]), **HX).content.decode()
    # ann resigned, bob and the bot play on; then bob resigns: the game is over
    client.force_login(bob)
    body = client.post(reverse("games:resign", args=[game.pk]), **HX).content.decode()
    game.refresh_from_db()
    assert game.is_over
    assert 'id="final-table"' in body and "Winner" in body and "Rematch" in body and "Verify this game" in body
    assert 'id="resign-form"' not in body and "Standing orders" not in body and "tp-move" not in body
    foot = re.search(r'<div id="game-foot" hx-swap-oob="true">.*?</div>', body, re.S).group(0)
    assert "only you see it" not in foot and "verify this game" in foot and game.seed in foot
    assert 'hx-trigger="every 4s"' not in body  # nothing more to poll for


def test_the_final_table_ranks_marks_the_winner_and_shares_places(make_user):
    game, ann, bob = _finished(make_user, rules="ogallala")
    seats = list(game.seats.select_related("user"))
    names = {s.position: s.name for s in seats}
    table = selectors.final_table(game, seats, names)
    assert table["columns"] == ["Scores"]
    assert table["rows"][0]["winner"] and table["rows"][0]["place"] == 1
    assert table["winners"] == [table["rows"][0]["name"]]
    resigned = next(r for r in table["rows"] if r["name"] == "Ann Table")
    assert resigned["status"] == "Resigned" and not resigned["winner"]
    # two level winners share the first place; a lone loser is third
    game.result = {"winners": [0, 1], "ranking": [1, 0], "reason": "Player 1 and Player 2 tie.", "scores": [7, 7]}
    table = selectors.final_table(game, seats, names)
    assert [(r["place"], r["tied"]) for r in table["rows"]] == [(1, True), (1, True)]
    assert names[0] in table["reason"] and "Player 1" not in table["reason"]
    # an engine that gives no figures: places by its ranking, only winners level
    game.result = {"winners": [1], "ranking": [1, 0], "reason": "done"}
    table = selectors.final_table(game, seats, names)
    assert table["columns"] == [] and [r["place"] for r in table["rows"]] == [1, 2]


def test_the_finished_page_shows_the_hands_and_no_play(client, make_user):
    game, ann, bob = _finished(make_user)
    client.force_login(bob)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert 'id="final-table"' in page and "Every hand" in page
    assert 'id="resign-form"' not in page and "only you see it" not in page
    # ann's own resignation is no hit to her (its event names her wagon in its audience)
    mine = game.seats.get(user=ann).position
    assert any(mine in (e.get("audience") or ()) for e in game.moves.latest("seq").events)
    client.force_login(ann)
    assert 'id="hit"' not in client.get(reverse("games:detail", args=[game.pk])).content.decode()


# -- rematch ------------------------------------------------------------------------------------------


def test_a_player_opens_a_rematch_with_the_same_players_and_options(client, make_user):
    game, ann, bob = _game(make_user, bots=1, options={"trail_length": 10})
    services.game_resign(game=game, user=ann)
    services.game_resign(game=game, user=bob)
    game.refresh_from_db()
    assert game.is_over
    client.force_login(bob)
    resp = client.post(reverse("games:rematch", args=[game.pk]))
    rematch = Game.objects.exclude(pk=game.pk).get()
    assert resp.status_code == 302 and resp.url == reverse("games:detail", args=[rematch.pk])
    assert rematch.owner == bob and rematch.status == Game.Status.LOBBY
    assert (rematch.rules, rematch.options, rematch.max_players, rematch.turn_hours) == (
        game.rules,
        game.options,
        game.max_players,
        game.turn_hours,
    )
    assert rematch.visibility == game.visibility and rematch.rated == game.rated
    assert rematch.seats.filter(is_bot=True).count() == 1 and rematch.seats.get(is_bot=False).user == bob
    assert list(Invitation.objects.filter(game=rematch).values_list("email", flat=True)) == [ann.email.lower()]
    # ann sees the offer on the finished page, and its link joins her
    client.force_login(ann)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    code = Invitation.objects.get(game=rematch).code
    assert f'href="{reverse("games:join_link", args=[code])}"' in page and "Join the rematch Bob Table opened" in page
    assert 'id="rematch"' not in page  # one rematch at a time: hers is to join, not to open again


def test_rematch_by_htmx_sends_the_browser_to_the_new_game(client, make_user):
    game, ann, bob = _finished(make_user)
    client.force_login(ann)
    resp = client.post(reverse("games:rematch", args=[game.pk]), **HX)
    rematch = Game.objects.exclude(pk=game.pk).get()
    assert resp.status_code == 204 and resp["HX-Redirect"] == reverse("games:detail", args=[rematch.pk])


def test_who_may_open_a_rematch(client, make_user):
    game, ann, bob = _finished(make_user, private=True)
    url = reverse("games:rematch", args=[game.pk])
    assert client.post(url).status_code == 302 and Game.objects.count() == 1  # anonymous: log in first
    client.force_login(make_user("Cy Outsider"))
    assert client.post(url).status_code == 404  # a private game does not exist for outsiders
    client.force_login(make_user("Dee Staff", is_staff=True))
    body = client.post(url, **HX).content.decode()
    assert "Only the players of this game can offer a rematch." in body
    client.force_login(ann)
    assert client.get(url).status_code == 405
    assert Game.objects.count() == 1
    # a game still in play has no rematch
    live, ann2, bob2 = _game(make_user)
    client.force_login(ann2)
    body = client.post(reverse("games:rematch", args=[live.pk]), **HX).content.decode()
    assert "once the game is over" in body and Game.objects.count() == 2


def test_a_rematch_past_the_invitation_cap_creates_nothing(client, make_user, settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "INVITATIONS_PER_DAY": 1}
    game, ann, bob = _finished(make_user)
    other = lobby_game(bob, rules="oregon-trail-race", title="Another")
    services.game_invite(game=other, by=bob, email="someone@example.com")  # bob's one invitation today
    client.force_login(bob)
    body = client.post(reverse("games:rematch", args=[game.pk]), **HX).content.decode()
    assert "invitations in the last 24 hours" in body and Game.objects.count() == 2
    assert not Seat.objects.exclude(game__in=[game, other]).exists()


# -- the poll sends what changed -------------------------------------------------------------------


def _poll(client, game, html, **extra):
    params = {"v": re.search(r'data-version="(\d+)"', html).group(1), "s": _stamp(html)}
    params["to"] = re.search(r'<li value="(\d+)"', html).group(1)
    seen = re.search(r'data-seen="(\d+)"', html)
    if seen:
        params["seen"] = seen.group(1)
    params.update(extra)
    return client.get(reverse("games:live", args=[game.pk]), params)


def _move_first(game, user):
    game.refresh_from_db()
    seat = game.seats.get(user=user)
    action = game.engine.legal_actions(game.state, seat.position)[0]
    services.move_submit(game=game, seat=seat, action=action, expected_version=game.version, channel="api")


def test_a_poll_after_a_move_sends_only_the_new_log_rows(client, make_user):
    game, ann, bob = _game(make_user)
    mover = _mover(game).user
    watcher = ann if mover == bob else bob
    client.force_login(watcher)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert _poll(client, game, page).status_code == 204 and _poll(client, game, page).content == b""
    _move_first(game, mover)
    body = _poll(client, game, page).content.decode()
    assert '<div class="panel log" id="log-panel" hx-preserve="true"></div>' in body
    rows = re.findall(r'<li value="(\d+)"', body)
    assert rows == ["2"] and 'hx-swap-oob="afterbegin:#log-entries"' in body
    # a page whose kept rows would read otherwise (New counted from before them), or that asks
    # without a good ?to=, gets the whole log
    whole = _poll(client, game, page, seen="0").content.decode()
    assert 'id="log-panel" hx-preserve' not in whole and re.findall(r'<li value="(\d+)"', whole) == ["2", "1"]
    for bad in ("x", "-1", "1" * 12, "0"):
        resp = _poll(client, game, page, to=bad)
        assert resp.status_code == 200 and 'id="log-panel" hx-preserve' not in resp.content.decode()


def test_an_undo_sends_the_whole_log_again(client, make_user):
    game, ann, bob = _game(make_user)
    mover = _mover(game).user
    watcher = ann if mover == bob else bob
    client.force_login(watcher)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    _move_first(game, mover)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    staff = make_user("Mod", is_staff=True)
    services.game_undo(game=Game.objects.get(pk=game.pk), by=staff)
    body = _poll(client, game, page).content.decode()
    assert 'id="log-panel" hx-preserve' not in body and "<s>" in body  # the undone move struck out


def test_the_answer_to_a_move_by_htmx_sends_only_the_new_log_rows_and_unmarks_the_old(client, make_user):
    """A move posted by htmx says, as the poll does, the log the page shows (static/js/table.js): the
    answer has only the new rows, and tells the page that the rows it keeps are older than the
    player's own move (no longer New or Hit). Without them, the whole log."""
    game, ann, bob = _game(make_user)
    first = _mover(game).user
    player = ann if first == bob else bob
    client.force_login(player)
    client.get(reverse("games:detail", args=[game.pk]))  # they look at version 1
    _move_first(game, first)
    assert _mover(game).user == player
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert '<li value="2" class="tp-new">' in page and 'data-seen="1"' in page
    version, key, _ = _list_form(page)
    data = {"move": "1", "version": version, "key": key, "from": "1", "to": "2", "seen": "1"}
    body = client.post(reverse("games:move", args=[game.pk]), data, **HX).content.decode()
    assert Game.objects.get(pk=game.pk).version == 3
    assert '<div class="panel log" id="log-panel" hx-preserve="true"></div>' in body
    assert re.findall(r'<li value="(\d+)"', body) == ["3"] and 'data-log-unmark="1"' in body
    assert 'data-seen="3"' in body
    # without what the page shows (an older script, say): the whole log, nothing to unmark
    data = {"move": "1", "version": "3", "key": key + "b"}
    client.force_login(_mover(game).user)
    body = client.post(reverse("games:move", args=[game.pk]), data, **HX).content.decode()
    assert re.findall(r'<li value="(\d+)"', body) == ["4", "3", "2", "1"] and "data-log-unmark" not in body


def test_a_live_update_leaves_the_table_picture_out_for_the_page_to_fetch_where_it_is_shown(client, make_user):
    """The picture (the emails' drawing, shown on a wide screen) is on the page, not in a live
    update, which keeps the page's (hx-preserve) until static/js/table.js fetches the new one."""
    game, ann, bob = _game(make_user, private=True)
    client.force_login(ann)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    picture = reverse("games:picture", args=[game.pk])
    assert f'data-picture="{picture}"' in page and f'id="tp-picture-{game.pk}" data-v="1"><svg' in page
    _move_first(game, _mover(game).user)
    body = _poll(client, game, page).content.decode()
    assert f'<div id="tp-picture-{game.pk}" hx-preserve="true" data-v=""></div>' in body and "<svg" not in body
    svg = client.get(picture, {"v": 2}).content.decode()
    assert svg.startswith("<svg") and "Ann Table" in svg
    # the picture is the viewer's own: a player's hand is in theirs only
    client.force_login(bob)
    assert client.get(picture).content.decode() != svg
    # who may: the game's players (and staff); an outsider or a visitor finds no private game
    client.force_login(make_user("Cy Outsider"))
    assert client.get(picture).status_code == 404
    client.logout()
    assert client.get(picture).status_code == 404
    # before the game has a table: nothing to draw
    waiting, ann2, _ = _game(make_user, start=False)
    client.force_login(ann2)
    assert client.get(reverse("games:picture", args=[waiting.pk])).status_code == 204


def test_crayon_rails_marks_the_load_a_delivery_freed_on_the_hit_players_table(client, make_user):
    """A delivery that cancelled the lock another player was carrying for: that player's freed load
    is marked on their table (their Loads), not only their area."""
    from games.rules.crayon_rails.cards import DEMANDS
    from tests.rules.crayon_rails.helpers import at, blank, lock, on_top, to_pool
    from tests.rules.crayon_rails.test_public_pool import GRAIN, grain_demand, others

    game, ann, bob = _game(make_user, rules="crayon-rails", options={"mode": "public"})
    s = blank("public", 2)
    cid = GRAIN[0]
    d = grain_demand(cid)
    to_pool(s, cid, *others(5))
    s["players"][1]["loads"] = ["Grain"]
    lock(s, 1, cid, d)
    s["players"][0].update(pos=at(DEMANDS[cid][d][1]), loads=["Grain"])
    lock(s, 0, cid, d)
    on_top(s, *others(1, *s["pool"]))
    game.state = s
    game.save(update_fields=["state"])
    seat0, seat1 = game.seats.get(position=0), game.seats.select_related("user").get(position=1)
    services.move_submit(
        game=game, seat=seat0, action={"type": "deliver", "card": cid, "demand": d}, expected_version=1, channel="api"
    )
    client.force_login(seat1.user)
    board = client.get(reverse("games:detail", args=[game.pk])).content.decode().split('class="panel board"')[1]
    row = re.search(r'<tr class="cr-me[^"]*" data-seat="1">.*?</tr>', board, re.S).group(0)
    assert re.search(r'<span class="cr-load tp-hit-at"[^>]*>Grain<span class="visually-hidden"> \(what hit you\)', row)
    assert board.count("tp-hit-at") == 1
    client.force_login(seat0.user)
    assert "tp-hit-at" not in client.get(reverse("games:detail", args=[game.pk])).content.decode()


def test_a_live_update_sends_a_part_the_page_has_unchanged_as_a_stand_in(client, make_user):
    """{% keep %}: the page says which parts it has (keep=name:digest, static/js/table.js); an
    unchanged one comes back empty for htmx to keep the page's (hx-preserve), a changed one whole;
    a keep that is not of the page's parts (garbage, another digest) changes nothing."""
    game, ann, bob = _game(make_user, rules="ogallala")
    mover = _mover(game).user
    watcher = ann if mover == bob else bob
    client.force_login(watcher)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    parts = dict(re.findall(r'id="keep-([a-z0-9-]+)" data-keep="([0-9a-f]{12})"', page))
    assert {"og-player-0", "og-player-1", "og-river-0", "og-river-1"} <= set(parts)
    _move_first(game, mover)  # a draw: only the mover's river changes (marked Last move)
    keep = ",".join(f"{k}:{v}" for k, v in parts.items())
    body = _poll(client, game, page, keep=keep).content.decode()
    mine = game.seats.get(user=watcher).position
    for name in (f"og-river-{mine}", "og-player-0", "og-player-1"):
        assert f'<div class="tp-keep" id="keep-{name}" data-keep="{parts[name]}" hx-preserve="true"></div>' in body
    assert (
        body.count('class="og-grid"') == 1
        and f'id="keep-og-river-{1 - mine}" data-keep="{parts[f"og-river-{1 - mine}"]}"' not in body
    )
    for bad in ("og-player-0:" + "0" * 12, "x" * 1000, "og player:zz", ""):
        body = _poll(client, game, page, keep=bad).content.decode()
        assert 'hx-preserve="true"></div>' not in body.split('id="log-panel"')[0] and "og-grid" in body
    # without JavaScript the page is whole: nothing is kept back
    assert 'class="og-grid"' in client.get(reverse("games:detail", args=[game.pk]), {"keep": keep}).content.decode()


def test_every_terms_explanation_is_on_the_page_once_and_in_no_live_update(client, make_user):
    game, ann, bob = _game(make_user)
    client.force_login(ann)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    terms = game.engine.glossary(game.options)
    tips = re.findall(r'<div id="(g-[a-z0-9-]+)" popover class="term-tip">', page)
    assert len(tips) == len(set(tips)) == len(terms)
    _move_first(game, _mover(game).user)
    assert "popover class" not in _poll(client, game, page).content.decode()


def test_a_route_is_left_to_the_boards_own_tool_and_never_marked_as_the_last_move(client, make_user):
    """A Crayon Rails build is a route of mileposts (a "route" place kind, Engine.place_kinds): its
    button says data-route, so table.js leaves it to the map's tool, and once built it is not marked
    on the table as the last move; a move with one place (a demand card) keeps its taps and no route."""
    game, ann, bob = _game(make_user, rules="crayon-rails")
    for _ in range(8):  # the setup draft: every offer passed on
        seat = _mover(game)
        if game.state["phase"] != "draft":
            break
        keep_none = next(a for a in game.engine.legal_actions(game.state, seat.position) if a["type"] == "keep_done")
        play(game, seat, keep_none)
        game.refresh_from_db()
    seat = _mover(game)
    client.force_login(seat.user)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    builds = re.findall(r'<button name="move"[^>]*data-taps="(mp:[^"]*)"([^>]*)>\d+\. Build', page)
    assert builds and all(" data-route" in rest and len(taps.split()) == 1 for taps, rest in builds)
    end = re.search(r'<button name="move"[^>]*>\d+\. End', page).group(0)
    assert "data-route" not in end and "data-taps" not in end
    build = next(a for a in game.engine.legal_actions(game.state, seat.position) if a["type"] == "build")
    play(game, seat, build)
    client.force_login(bob if seat.user == ann else ann)
    other = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "tp-last-mark" in other and ' tp-last"' not in other and " tp-last " not in other
