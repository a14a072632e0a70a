"""Playing on the table (issue #24), in headless Chromium on a 375 px touch screen: a tap on the
place of a move plays it, for every game. Ogallala: one tap on a space of the river places the
drawn card; Oregon Trail Race: the fort, then its two supplies (in either order); a card whose two
moves share the tap (forged as it is or turned) opens a chooser of just those two; Crayon Rails:
a tap on a city puts the train there, and a route is built by tapping its mileposts with the
running cost shown and the other player's track refused as it is drawn. The action bar says what
is asked; without JavaScript the numbered list of forms is the way to move. Each position is
reached by the engines' bots from a fixed seed."""

import pytest
from django.test import Client

from games.models import Game, Move
from games.rules.base import Rng
from games.rules.crayon_rails import board
from games.rules.crayon_rails.engine import ENGINE as CRAYON
from games.rules.ogallala.engine import ENGINE as OGALLALA
from games.rules.oregon_trail.engine import ENGINE as OREGON
from tests.builders import start_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True), pytest.mark.xdist_group("browser")]


def _position(engine, seed, want, limit=3000):
    """Plays the bots from a seeded two-seat deal until want(state, legal actions) picks an action of
    seat 0; returns (state, action)."""
    state = engine.new_state(engine.normalize_options({}, 2), 2, seed)
    rnd = Rng.stream(f"table-test:{seed}")
    for _ in range(limit):
        seats = engine.to_act(state)
        assert seats, "the game ended before the position was reached"
        if seats[0] == 0:
            found = want(state, engine.legal_actions(state, 0))
            if found is not None:
                return state, found
        engine.apply(state, seats[0], engine.bot_action(state, seats[0], rnd))
    raise AssertionError("no such position")


def _table(browser, live_server, make_user, rules, state, *, js=True):
    """A two-player game at `state`, and the page of the player in seat 0 on a phone."""
    ann, bob = make_user("Ann"), make_user("Bob")
    game = start_game(ann, bob, rules=rules)
    game.state = state
    game.save()
    player = game.seats.get(position=0).user
    c = Client()
    c.force_login(player)
    context = browser.new_context(
        viewport={"width": 375, "height": 812}, is_mobile=True, has_touch=True, java_script_enabled=js
    )
    context.add_cookies([{"name": "sessionid", "value": c.cookies["sessionid"].value, "url": live_server.url}])
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live_server.url}/games/{game.pk}/")
    return game, page, errors


def _played(page, game):
    """Waits for the page to show the next version; returns the move played."""
    page.wait_for_function(f"() => Number(document.getElementById('live')?.dataset.version) > {game.version}")
    return Move.objects.filter(game=game).order_by("-seq").first()


def _listed(page, engine, state, button):
    """Returns the action a move's button (of the list, or of the bar or chooser naming one with
    data-move) sends: its number in the list names the action in the seat's menu."""
    move = button.get_attribute("data-move")
    number = (page.locator(f"#{move}") if move else button).get_attribute("value")
    return engine.legal_actions(state, 0)[int(number) - 1]


def _place_a_card(state, acts):
    places = [a for a in acts if a["type"] == "place" and "moves" not in a]
    return places[len(places) // 2] if len(places) >= 5 else None


def test_ogallala_one_tap_on_the_river_places_the_drawn_card(live_server, browser, make_user):
    state, action = _position(OGALLALA, "table:ogallala", _place_a_card)
    game, page, errors = _table(browser, live_server, make_user, "ogallala", state)
    card = state["pending"][0]["card"]
    bar = page.locator("#tp-bar")
    assert bar.is_visible() and "tap a space of your river" in bar.inner_text()
    assert not page.locator("#tp-move-list").is_visible()  # one toggle away
    space = page.locator(f'[data-place="river:0:{action["row"]}:{action["col"]}"]')
    assert space.get_attribute("aria-label").startswith("Place ")  # named for a screen reader by its move
    space.tap()
    move = _played(page, game)
    assert move.action == action
    assert card in Game.objects.get(pk=game.pk).state["displays"][0][action["row"]]
    assert not errors


def _fort(state, acts):
    pairs = [a for a in acts if a["type"] == "use_town" and len(a.get("take") or []) == 2 and len(set(a["take"])) == 2]
    return pairs[-1] if pairs else None


def test_oregon_fort_is_three_taps_the_supplies_in_either_order(live_server, browser, make_user):
    for i in range(40):
        try:
            state, action = _position(OREGON, f"table:oregon:{i}", _fort)
            break
        except AssertionError:
            continue
    game, page, errors = _table(browser, live_server, make_user, "oregon-trail-race", state)
    first, second = action["take"]
    page.locator(f'[data-place="town:{action["town"]}"]').tap()
    assert "Now tap a supply in the bank" in page.locator("#tp-bar-say").inner_text()
    assert page.locator("#tp-cancel").is_visible()
    page.locator(f'[data-place="bank:{second}"].tp-live').tap()  # the second supply first
    page.locator(f'[data-place="bank:{first}"].tp-live').tap()
    assert _played(page, game).action == action
    assert not errors


def _forge_either_way(state, acts):
    forge = [a for a in acts if a["type"] == "forge"]
    cards = [a["card"] for a in forge]
    twice = [c for c in cards if cards.count(c) == 2]
    return next((a for a in forge if a["card"] in twice and a["turned"]), None)


def test_oregon_a_card_with_two_moves_opens_a_chooser_of_those_two(live_server, browser, make_user):
    state, action = _position(OREGON, "table:oregon:forge", _forge_either_way)
    game, page, errors = _table(browser, live_server, make_user, "oregon-trail-race", state)
    page.locator(f'[data-place="hand:{action["card"]}"]').tap()
    choices = page.locator("#tp-chooser button")
    assert choices.count() == 2
    for b in choices.all():
        assert _listed(page, OREGON, state, b)["card"] == action["card"]
    choice = next(b for b in choices.all() if _listed(page, OREGON, state, b) == action)
    choice.tap()
    assert _played(page, game).action == action
    assert not errors


def _put_train(state, acts):
    return next((a for a in acts if a["type"] == "place_train" and " " in a["city"]), None)


def test_crayon_rails_a_tap_on_a_city_puts_the_train_there(live_server, browser, make_user):
    state, action = _position(CRAYON, "table:crayon:train", _put_train)
    game, page, errors = _table(browser, live_server, make_user, "crayon-rails", state)
    city = page.locator(f'#cr-map [data-place="{CRAYON.place(state, 0, action)}"]')
    assert city.get_attribute("role") == "button" and city.get_attribute("tabindex") == "0"
    city.focus()
    page.keyboard.press("Enter")  # a keyboard reaches it too
    assert _played(page, game).action == action
    assert not errors


def _first_build(state, acts):
    return {"type": "build"} if state["phase"] == "build" and not state["players"][0]["track"] else None


def _clear_route(data, terrain, sections):
    """Returns a route out of a major city's milepost over `sections` sections of clear ground."""

    def around(x, y):
        odd = y % 2
        return [(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (odd, 1), (odd - 1, 1), (odd, -1), (odd - 1, -1))]

    for city in (c for c in data["cities"] if c["size"] == "major"):
        for start in map(tuple, city["mileposts"]):
            route = [start]
            while len(route) <= sections:
                step = next((n for n in around(*route[-1]) if terrain.get(n) == "clear" and n not in route), None)
                if step is None or any(terrain.get(m) == "major" for m in around(*step) if len(route) > 1):
                    break
                route.append(step)
            if len(route) == sections + 1:
                return route
    raise AssertionError("no clear route")


def test_crayon_rails_a_route_shows_its_cost_and_refuses_the_other_players_track(live_server, browser, make_user):
    state, _ = _position(CRAYON, "table:crayon:build", _first_build)
    data = CRAYON.map_data({})
    terrain = {(x, y): t for x, y, t in data["mileposts"]}
    route = _clear_route(data, terrain, sections=3)
    a, b = (board.node(*p) for p in route[-2:])
    state["players"][1]["track"] = [board.edge(a, b)]  # the other player has the route's last section
    game, page, errors = _table(browser, live_server, make_user, "crayon-rails", state)
    assert page.locator("[data-cr=build]").get_attribute("aria-pressed") == "true"  # the building turn opens on Build
    for x, y in route[:-1]:
        page.locator(f'#cr-map .mp[data-x="{x}"][data-y="{y}"]').tap()
    status = page.locator("#cr-status")
    cost = sum(1 if terrain[b] == "clear" else 0 for b in route[1:-1])
    assert f"Cost {cost} of the 20" in status.inner_text()
    x, y = route[-1]
    page.locator(f'#cr-map .mp[data-x="{x}"][data-y="{y}"]').tap()
    other = game.seats.get(position=1).name  # the seats are drawn at random at the start
    assert f"{other} already has track" in status.inner_text()
    assert page.input_value("#cr-path-form input[name=path]") == " ".join(f"{x},{y}" for x, y in route[:-1])
    page.locator("#cr-submit").tap()
    move = _played(page, game)
    assert move.action["path"] == [list(p) for p in route[:-1]]
    assert not errors


def test_without_javascript_the_numbered_list_is_the_way_to_move(live_server, browser, make_user):
    state, action = _position(OGALLALA, "table:ogallala", _place_a_card)
    game, page, _ = _table(browser, live_server, make_user, "ogallala", state, js=False)
    assert not page.locator("#tp-bar").is_visible()
    button = next(
        b for b in page.locator("#my-moves button[name=move]").all() if _listed(page, OGALLALA, state, b) == action
    )
    button.click()
    page.wait_for_load_state()
    assert Move.objects.filter(game=game).order_by("-seq").first().action == action
